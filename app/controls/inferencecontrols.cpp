#include "app/controls/inferencecontrols.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <cmath>

#include "core/model/imagetokens.h"
#include "widgets/displayformat.h"
#include "widgets/notelabel.h"
#include "widgets/valueslider.h"

InferenceControls::InferenceControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_format(new QComboBox(this))
    , m_group(new QComboBox(this))
    , m_scale(new QComboBox(this))
    , m_kv(new QComboBox(this))
    , m_block(new QComboBox(this))
    , m_batch(new ValueSlider(this))
    , m_prompt(new ValueSlider(this))
    , m_generated(new ValueSlider(this))
    , m_formatNote(new NoteLabel(this))
    , m_speculative(new QComboBox(this))
    , m_draftTokens(new ValueSlider(this))
    , m_acceptance(new ValueSlider(this))
    , m_draftParameters(new ValueSlider(this))
    , m_prefixHit(new ValueSlider(this))
{
    m_labels = {new QLabel(this), new QLabel(this), new QLabel(this), new QLabel(this), new QLabel(this), new QLabel(this)};
    // Item texts come in retranslateUi; the data is the core's enum value (or the size).
    for (int i = 0; i < 7; ++i)
        m_format->addItem(QString(), i);
    for (int i = 0; i < 5; ++i)
        m_scale->addItem(QString(), i);
    for (int i = 0; i < 5; ++i)
        m_kv->addItem(QString(), i);
    for (int size : {0, 8, 16, 32})
        m_block->addItem(QString(), size);
    for (int i = 0; i < 4; ++i)
        m_speculative->addItem(QString(), i); // core::SpeculativeMethod
    m_labels.speculative->setBuddy(m_speculative);
    m_draftTokens->setSteps({1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16});
    m_draftTokens->setSpinBox(1, 32, 0);
    m_acceptance->setContinuous(0, 0.99, false);
    m_acceptance->setSpinBox(0, 99, 0, 0.01);
    m_draftParameters->setContinuous(1e8, 1e11, true);
    m_draftParameters->setSpinBox(0, 1e6, 2, 1e9);
    m_prefixHit->setContinuous(0, 1, false);
    m_prefixHit->setSpinBox(0, 100, 0, 0.01);
    m_labels.format->setBuddy(m_format);
    m_labels.group->setBuddy(m_group);
    m_labels.scale->setBuddy(m_scale);
    m_labels.kv->setBuddy(m_kv);
    m_labels.block->setBuddy(m_block);

    m_batch->setSpinBox(1, 1e6, 0);
    m_prompt->setSpinBox(1, 4194304, 0);
    m_generated->setSpinBox(0, 4194304, 0);
    for (ValueSlider* s : {m_batch, m_prompt, m_generated})
        s->spinBox()->setGroupSeparatorShown(true);

    bind(m_format, core::Field::InferenceWeightFormat);
    bind(m_group, core::Field::InferenceQuantGroupSize);
    bind(m_scale, core::Field::InferenceQuantScaleFormat);
    bind(m_kv, core::Field::InferenceKvCacheDtype);
    bind(m_block, core::Field::InferenceKvBlockSize);
    bind(m_batch, core::Field::InferenceBatchSize);
    bind(m_prompt, core::Field::InferencePromptLength);
    bind(m_generated, core::Field::InferenceGeneratedTokens);
    bind(m_speculative, core::Field::InferenceSpeculativeMethod);
    bind(m_draftTokens, core::Field::InferenceSpeculativeTokens);
    bind(m_acceptance, core::Field::InferenceAcceptanceRate);
    bind(m_draftParameters, core::Field::InferenceDraftParameters);
    bind(m_prefixHit, core::Field::InferencePrefixCacheHitRate);
    showErrorsOf(core::Field::InferenceMaxBatchedTokens);

    auto* weights = new QFormLayout;
    weights->setContentsMargins(0, 0, 0, 0);
    weights->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    weights->addRow(m_labels.format, m_format);
    weights->addRow(m_labels.group, m_group);
    weights->addRow(m_labels.scale, m_scale);
    auto* cache = new QFormLayout;
    cache->setContentsMargins(0, 0, 0, 0);
    cache->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    cache->addRow(m_labels.kv, m_kv);
    cache->addRow(m_labels.block, m_block);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(weights);
    layout->addWidget(m_formatNote);
    layout->addLayout(cache);
    for (ValueSlider* s : {m_batch, m_prompt, m_generated})
        layout->addWidget(s);
    auto* speculation = new QFormLayout;
    speculation->setContentsMargins(0, 0, 0, 0);
    speculation->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    speculation->addRow(m_labels.speculative, m_speculative);
    layout->addLayout(speculation);
    for (ValueSlider* s : {m_draftTokens, m_acceptance, m_draftParameters, m_prefixHit})
        layout->addWidget(s);
    addIssueLine(layout);
    retranslateUi();
}

QString InferenceControls::title() const
{
    return tr("Serving");
}

bool InferenceControls::appliesTo(const core::Scenario& s) const
{
    return s.mode == core::Mode::Inference;
}

void InferenceControls::setScenario(const core::Scenario& s)
{
    const core::InferenceSetup& in = s.inference;
    const core::WeightQuantization& w = in.weights;
    selectData(m_format, int(w.format));
    selectData(m_scale, int(w.scale));
    selectData(m_kv, int(in.kvCacheDtype));
    // Groups no longer than a weight row (the core rejects larger ones); per channel always works.
    const int hidden = s.model.hasArchitecture ? s.model.hiddenSize : 1 << 30;
    if (hidden != m_hiddenSize || m_group->findData(w.groupSize) < 0) {
        m_hiddenSize = hidden;
        const QSignalBlocker block(m_group);
        m_group->clear();
        QVector<int> sizes;
        for (int g : {32, 64, 128, 256})
            if (g <= hidden)
                sizes.push_back(g);
        if (w.groupSize > 0 && !sizes.contains(w.groupSize))
            sizes.push_back(w.groupSize); // from a file: shown, and its error if any under the section
        std::sort(sizes.begin(), sizes.end());
        for (int g : std::as_const(sizes))
            m_group->addItem(QLocale().toString(g), g);
        m_group->addItem(tr("per channel (one scale per row)"), 0);
    }
    selectData(m_group, w.groupSize);
    // Group scales belong to INT8/INT4; NF4 has its fixed 64-value blocks, floats a per-tensor scale.
    m_quantized = w.format == core::WeightFormat::Int8 || w.format == core::WeightFormat::Int4;
    m_group->setEnabled(m_quantized);
    m_scale->setEnabled(m_quantized);
    const QString why = m_quantized ? QString() : tr("Only INT8 and INT4 weights keep a scale per group of values; NF4 uses blocks of 64.");
    m_group->setToolTip(why.isEmpty() ? tr("Values that share one scale: smaller groups are more accurate and cost more bits.") : why);
    m_scale->setToolTip(why.isEmpty() ? tr("The type each group's scale is stored in (fp16: 16 bits per group).") : why);
    {
        const QSignalBlocker block(m_block);
        if (m_block->findData(in.kvBlockSize) < 0)
            m_block->addItem(QLocale().toString(in.kvBlockSize), in.kvBlockSize);
        m_block->setCurrentIndex(m_block->findData(in.kvBlockSize));
    }
    m_batch->setSteps(withCurrentStep(powerOfTwoSteps(0, 12), double(in.batchSize)));
    m_batch->setValue(double(in.batchSize));
    m_prompt->setSteps(withCurrentStep(powerOfTwoSteps(4, 20), double(in.promptLength)));
    m_prompt->setValue(double(in.promptLength));
    QVector<double> generated = powerOfTwoSteps(0, 17);
    generated.prepend(0);
    m_generated->setSteps(withCurrentStep(generated, double(in.generatedTokens)));
    m_generated->setValue(double(in.generatedTokens));
    const int positions = s.model.hasArchitecture ? s.model.maxPositionEmbeddings : 0;
    const double context = double(in.context() + core::scenarioImageTokens(s)); // with a vision-language model's image tokens
    if (positions > 0)
        //: under generated tokens; %1 = prompt + generated, %2 = the model's trained positions
        m_generated->setNote(tr("context %1 tokens (the model knows %2)").arg(QLocale().toString(context, 'f', 0),
                                                                              QLocale().toString(positions)));
    else
        //: under generated tokens; %1 = prompt + generated
        m_generated->setNote(tr("context %1 tokens").arg(QLocale().toString(context, 'f', 0)));

    selectData(m_speculative, int(in.speculativeMethod));
    const bool speculating = in.speculativeMethod != core::SpeculativeMethod::None;
    m_draftTokens->setVisible(speculating);
    m_acceptance->setVisible(speculating);
    m_draftParameters->setVisible(in.speculativeMethod == core::SpeculativeMethod::DraftModel);
    m_draftTokens->setValue(double(in.speculativeTokens));
    m_acceptance->setValue(in.acceptanceRate);
    m_draftParameters->setValue(in.draftParameters);
    m_prefixHit->setValue(in.prefixCacheHitRate);
}

void InferenceControls::setEstimate(const core::Estimate& e)
{
    if (e.mode != core::Mode::Inference || e.groups.empty())
        return;
    const core::RankGroup& f = e.fullest();
    //: under the weight format; %1 = bits per weight incl. scales, %2 = weights on the fullest GPU
    m_formatNote->setText(tr("%1 bits per weight with scales · %2 of weights per GPU")
                              .arg(QLocale().toString(e.inference.linearBitsPerParameter, 'g', 4),
                                   DisplayFormat::bytes(f.bytes[std::size_t(core::Component::Weights)], DisplayFormat::memoryUnit(), 2)));
    const core::InferenceEstimate& in = e.inference;
    if (in.speculative)
        //: under the acceptance rate; %1 = tokens per target step, %2 = time per output token, %3 = the drafter's weights per GPU
        m_acceptance->setNote(tr("%1 tokens per target step · %2 per token · drafter %3 per GPU")
                                  .arg(QLocale().toString(in.speculativeTokensPerStep, 'f', 2), DisplayFormat::duration(in.decodeStepSeconds),
                                       DisplayFormat::bytes(in.draftWeightBytes, DisplayFormat::memoryUnit(), 2)));
    //: under the prefix cache hit rate; %1 = prompt tokens each request still computes
    m_prefixHit->setNote(tr("prefill computes %1 tokens per prompt").arg(QLocale().toString(in.prefillTokensPerRequest, 'f', 0)));
}

void InferenceControls::retranslateUi()
{
    m_labels.format->setText(tr("&Weights"));
    const char* formats[] = {QT_TR_NOOP("FP32 (32 bits)"), QT_TR_NOOP("BF16 (16 bits)"), QT_TR_NOOP("FP16 (16 bits)"), QT_TR_NOOP("FP8 (8 bits)"),
                             QT_TR_NOOP("INT8 + group scales"), QT_TR_NOOP("INT4 + group scales (GPTQ, AWQ)"), QT_TR_NOOP("NF4 (bitsandbytes)")};
    for (int i = 0; i < 7; ++i)
        m_format->setItemText(i, tr(formats[i]));
    m_format->setToolTip(tr("How the served weights are stored. INT8/INT4 add one scale per group of values;\n"
                            "the embedding and output layer stay 16-bit, as serving stacks keep them."));
    m_labels.group->setText(tr("&Group size"));
    m_labels.scale->setText(tr("&Scale type"));
    const char* scales[] = {QT_TR_NOOP("FP32"), QT_TR_NOOP("FP16"), QT_TR_NOOP("BF16"), QT_TR_NOOP("FP8"),
                            QT_TR_NOOP("E8M0 (power of two, MX)")};
    for (int i = 0; i < 5; ++i)
        m_scale->setItemText(i, tr(scales[i]));
    m_labels.kv->setText(tr("&KV cache"));
    const char* kv[] = {QT_TR_NOOP("FP32"), QT_TR_NOOP("BF16"), QT_TR_NOOP("FP16"), QT_TR_NOOP("FP8"), QT_TR_NOOP("INT8")};
    for (int i = 0; i < 5; ++i)
        m_kv->setItemText(i, tr(kv[i]));
    m_kv->setToolTip(tr("The type of the cached keys and values: FP8 or INT8 halve the cache of a 16-bit one."));
    m_labels.block->setText(tr("&Paged blocks"));
    for (int i = 0; i < m_block->count(); ++i) {
        const int size = m_block->itemData(i).toInt();
        //: paged KV-cache block size; %1 = tokens per block
        m_block->setItemText(i, size == 0 ? tr("contiguous (no paging)") : tr("%1 tokens per block").arg(size));
    }
    m_block->setToolTip(tr("vLLM's PagedAttention allocates the cache in blocks (16 tokens by default): a sequence's last block\n"
                           "is rounded up."));
    m_batch->setLabel(tr("&Batch"));
    m_batch->setSuffix(tr(" seq"));
    m_batch->setToolTip(tr("Sequences served at once by one model replica (TP × PP GPUs). The KV cache grows with it;\n"
                           "the weights are read once per step for all of them."));
    m_prompt->setLabel(tr("P&rompt"));
    m_prompt->setSuffix(tr(" tokens"));
    m_prompt->setToolTip(tr("Tokens of each prompt: the prefill computes them all at once (time to first token)."));
    m_generated->setLabel(tr("Ge&nerated"));
    m_generated->setSuffix(tr(" tokens"));
    m_generated->setToolTip(tr("Tokens generated per sequence, one decode step each. The cache holds prompt + generated tokens."));
    m_labels.speculative->setText(tr("Spec&ulative decoding"));
    const char* methods[] = {QT_TR_NOOP("off"), QT_TR_NOOP("draft model"), QT_TR_NOOP("EAGLE head"), QT_TR_NOOP("MTP layers of the model")};
    for (int i = 0; i < 4; ++i)
        m_speculative->setItemText(i, tr(methods[i]));
    m_speculative->setToolTip(tr("A drafter proposes k tokens, the model checks them in one step and keeps the accepted ones\n"
                                 "(Leviathan et al. 2023). EAGLE and MTP share the model's embedding and output head."));
    m_draftTokens->setLabel(tr("Draft &tokens (k)"));
    m_draftTokens->setSuffix(tr(" tokens"));
    m_draftTokens->setToolTip(tr("Tokens the drafter proposes per step (vLLM num_speculative_tokens): the model verifies k + 1 per sequence."));
    m_acceptance->setLabel(tr("&Acceptance rate (α)"));
    m_acceptance->setSuffix(tr(" %"));
    m_acceptance->setToolTip(tr("Chance that each draft token is accepted: a step yields (1 − α^(k+1)) / (1 − α) tokens.\n"
                                "75 % is T5-XXL with a T5-small draft (Leviathan et al. 2023, Table 3); measure your own\n"
                                "(vLLM's spec-decode metrics) — it depends on the drafter, the task and the temperature."));
    m_draftParameters->setLabel(tr("Draft &model"));
    m_draftParameters->setSuffix(tr(" B"));
    m_draftParameters->setToolTip(tr("The draft model's parameters, shaped as the model-size slider's family (Llama-3-style)."));
    m_prefixHit->setLabel(tr("Prefi&x cache hits"));
    m_prefixHit->setSuffix(tr(" %"));
    m_prefixHit->setToolTip(tr("Share of each prompt already in the engine's prefix cache (vLLM automatic prefix caching,\n"
                               "SGLang RadixAttention): prefill computes only the rest. The cache is the KV pool's own blocks."));
    // The per-channel entry (last); the format-dependent tooltips follow in setScenario.
    if (m_group->count() > 0)
        m_group->setItemText(m_group->count() - 1, tr("per channel (one scale per row)"));
}
