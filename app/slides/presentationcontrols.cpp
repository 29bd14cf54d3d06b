#include "app/slides/presentationcontrols.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLocale>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

#include "core/fields.h"
#include "core/model.h"
#include "widgets/displayformat.h"
#include "widgets/valueslider.h"

PresentationControls::PresentationControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_size(new ValueSlider(this))
    , m_gpus(new ValueSlider(this))
    , m_zero(new ValueSlider(this))
    , m_micro(new ValueSlider(this))
    , m_seq(new ValueSlider(this))
    , m_recompute(new ValueSlider(this))
    , m_batch(new ValueSlider(this))
    , m_prompt(new ValueSlider(this))
    , m_generated(new ValueSlider(this))
    , m_weights(new ValueSlider(this))
    , m_follow(new QCheckBox(this))
{
    m_size->setContinuous(1e9, 2e12, true);
    // Typed sizes reach the core's limit (10^16 parameters, model.parameters' range); a larger
    // one is set to it and the slider says so (ValueSlider::clampNote).
    m_size->setSpinBox(0.1, core::fieldInfo(core::Field::ModelParameters).max / 1e9, 1, 1e9);
    m_gpus->setSpinBox(1, 1048576, 0);
    m_zero->setSteps({0, 1, 2, 3});
    m_zero->setSpinBox(0, 3, 0);
    m_micro->setSpinBox(1, 4096, 0);
    m_seq->setSpinBox(1, 4194304, 0);
    m_recompute->setSteps({0, 1, 2});
    m_recompute->setSpinBox(0, 2, 0);
    // Serving scenes had four of six sliders disabled (issue 31): their own four instead.
    m_batch->setSpinBox(1, 1e6, 0);
    m_prompt->setSpinBox(1, 4194304, 0);
    m_generated->setSpinBox(0, 4194304, 0);
    m_weights->setSteps(servingFormats());
    m_weights->setSpinBox(0, double(core::WeightFormat::Nf4), 0);

    connect(m_size, &ValueSlider::valueEdited, m_controller, &ScenarioController::setModelSize);
    track(m_size, core::Field::ModelParameters);
    // The GPUs drag may scale the global batch too: its edits are not one scalar.
    track(m_gpus, core::Field::ParallelGpus);
    connect(m_gpus, &ValueSlider::valueEdited, this, [this](double v) {
        if (m_follow->isChecked())
            m_controller->setGpusKeepingTokensPerGpu(int(v));
        else
            m_controller->set(core::Field::ParallelGpus, v);
    });
    m_follow->setChecked(true);
    m_follow->setFocusPolicy(Qt::NoFocus);
    bind(m_zero, core::Field::TrainingZeroStage);
    bind(m_micro, core::Field::TrainingMicroBatchSize);
    bind(m_seq, core::Field::TrainingSeqLength);
    bind(m_recompute, core::Field::TrainingRecompute);
    bind(m_batch, core::Field::InferenceBatchSize);
    bind(m_prompt, core::Field::InferencePromptLength);
    bind(m_generated, core::Field::InferenceGeneratedTokens);
    bind(m_weights, core::Field::InferenceWeightFormat);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(layout->spacing() * 2);
    for (ValueSlider* s : {m_size, m_gpus, m_zero, m_micro, m_seq, m_recompute, m_batch, m_prompt, m_generated, m_weights}) {
        // Keys belong to the scenes (arrows, PageUp/PageDown, Space): the sliders are dragged.
        s->setFocusPolicy(Qt::NoFocus);
        s->slider()->setFocusPolicy(Qt::NoFocus);
        s->spinBox()->setFocusPolicy(Qt::NoFocus);
        layout->addWidget(s);
        if (s == m_gpus)
            layout->addWidget(m_follow);
    }
    // The policy and the format are the note's word, not a number to type.
    m_recompute->spinBox()->hide();
    m_weights->spinBox()->hide();
    layout->addStretch(1);
    addIssueLine(layout);
    retranslateUi();
    setScenario(m_controller->scenario());
}

QString PresentationControls::title() const
{
    return tr("Try it");
}

void PresentationControls::setScenario(const core::Scenario& s)
{
    const core::ParameterCounts counts = core::countParameters(s.model);
    m_size->setValue(counts.total);
    m_size->setNote(QString::fromStdString(s.model.name));
    // Only GPU counts that keep the model-parallel layout whole (TP × PP × CP divides them).
    const int mp = std::max(1, s.parallel.tensor * s.parallel.pipeline * s.parallel.context);
    QVector<double> gpus;
    for (int n = mp; n <= 16384; n *= 2)
        gpus.push_back(n);
    m_gpus->setSteps(withCurrentStep(gpus, s.parallel.gpus));
    m_gpus->setValue(s.parallel.gpus);
    //: under the GPU slider; %1 = tensor, %2 = pipeline, %3 = data-parallel degree
    m_gpus->setNote(tr("TP %1 · PP %2 · DP %3").arg(s.parallel.tensor).arg(s.parallel.pipeline).arg(s.parallel.dataParallel()));
    m_zero->setValue(s.training.zeroStage);
    const QString stages[] = {tr("every rank keeps all model states"), tr("optimizer states sharded"),
                              tr("+ gradients sharded"), tr("+ weights sharded")};
    m_zero->setNote(stages[std::clamp(s.training.zeroStage, 0, 3)]);
    m_micro->setSteps(withCurrentStep(powerOfTwoSteps(0, 6), double(s.training.microBatchSize)));
    m_micro->setValue(double(s.training.microBatchSize));
    m_seq->setSteps(withCurrentStep(powerOfTwoSteps(7, 20), double(s.training.seqLength)));
    m_seq->setValue(double(s.training.seqLength));
    m_recompute->setValue(int(s.training.recompute));
    const QString policies[] = {tr("none: every activation is kept"), tr("selective: the attention core is recomputed"),
                                tr("full: only each layer's input is kept")};
    m_recompute->setNote(policies[std::clamp(int(s.training.recompute), 0, 2)]);
    // Serving has no optimizer, micro-batches or recomputation: its own sliders take their place.
    const bool training = s.mode != core::Mode::Inference;
    for (ValueSlider* v : {m_zero, m_micro, m_seq, m_recompute})
        if (v->isVisibleTo(this) != training)
            v->setVisible(training);
    for (ValueSlider* v : {m_batch, m_prompt, m_generated, m_weights})
        if (v->isVisibleTo(this) == training)
            v->setVisible(!training);
    const core::InferenceSetup& in = s.inference;
    m_batch->setSteps(withCurrentStep(powerOfTwoSteps(0, 10), double(in.batchSize)));
    m_batch->setValue(double(in.batchSize));
    m_prompt->setSteps(withCurrentStep(powerOfTwoSteps(7, 17), double(in.promptLength)));
    m_prompt->setValue(double(in.promptLength));
    m_generated->setSteps(withCurrentStep(powerOfTwoSteps(6, 15), double(in.generatedTokens)));
    m_generated->setValue(double(in.generatedTokens));
    m_weights->setSteps(withCurrentStep(servingFormats(), double(in.weights.format)));
    m_weights->setValue(double(in.weights.format));
    m_weights->setNote(formatName(in.weights.format));
    m_prompt->setNote(tr("%1 tokens in context with the generated ones").arg(QLocale().toString(qlonglong(in.context()))));
}

QVector<double> PresentationControls::servingFormats()
{
    // From 32 bits down to 4, the way a class compares them (FP16 shares BF16's bytes).
    return {double(core::WeightFormat::Fp32), double(core::WeightFormat::Bf16), double(core::WeightFormat::Fp8),
            double(core::WeightFormat::Int8), double(core::WeightFormat::Int4), double(core::WeightFormat::Nf4)};
}

QString PresentationControls::formatName(core::WeightFormat format)
{
    switch (format) {
    case core::WeightFormat::Fp32: return tr("FP32: 4 bytes per weight");
    case core::WeightFormat::Bf16: return tr("BF16: 2 bytes per weight");
    case core::WeightFormat::Fp16: return tr("FP16: 2 bytes per weight");
    case core::WeightFormat::Fp8: return tr("FP8: 1 byte per weight");
    case core::WeightFormat::Int8: return tr("INT8: 1 byte per weight, plus scales");
    case core::WeightFormat::Int4: return tr("INT4: half a byte per weight, plus scales");
    case core::WeightFormat::Nf4: return tr("NF4: half a byte per weight, plus scales");
    }
    return {};
}

void PresentationControls::setBatchFollowsGpus(bool follows)
{
    m_follow->setChecked(follows);
}

bool PresentationControls::batchFollowsGpus() const
{
    return m_follow->isChecked();
}

void PresentationControls::retranslateUi()
{
    m_follow->setText(tr("Global batch follows GPUs"));
    m_follow->setToolTip(tr("Dragging the GPUs scales the global batch too: each GPU keeps its tokens per step, so the layout stays valid."));
    m_size->setLabel(tr("Model size"));
    m_size->setSuffix(tr(" B", "billions of parameters"));
    m_gpus->setLabel(tr("GPUs"));
    m_zero->setLabel(tr("ZeRO stage"));
    m_micro->setLabel(tr("Micro-batch"));
    m_micro->setSuffix(tr(" seq"));
    m_seq->setLabel(tr("Sequence length"));
    m_seq->setSuffix(tr(" tokens"));
    m_recompute->setLabel(tr("Recomputation"));
    m_batch->setLabel(tr("Concurrent sequences"));
    m_batch->setSuffix(tr(" seq"));
    m_prompt->setLabel(tr("Prompt"));
    m_prompt->setSuffix(tr(" tokens"));
    m_generated->setLabel(tr("Generated tokens"));
    m_generated->setSuffix(tr(" tokens"));
    m_weights->setLabel(tr("Weight format"));
}
