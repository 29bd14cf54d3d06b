#include "app/controls/precisioncontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "core/precision.h"
#include "core/rules/rules.h"
#include "widgets/valueslider.h"

PrecisionControls::PrecisionControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_precision(new QComboBox(this))
    , m_optimizer(new QComboBox(this))
    , m_zero(new ValueSlider(this))
    , m_offloadOptimizer(new QCheckBox(this))
    , m_offloadParameters(new QCheckBox(this))
    , m_recompute(new QComboBox(this))
    , m_flash(new QCheckBox(this))
    , m_inBackward(new QCheckBox(this))
    , m_precisionLabel(new QLabel(this))
    , m_optimizerLabel(new QLabel(this))
    , m_recomputeLabel(new QLabel(this))
{
    // Item texts come in retranslateUi; the data is the core's enum value.
    for (int i = 0; i < 5; ++i)
        m_precision->addItem(QString(), i);
    for (int i = 0; i < 7; ++i)
        m_optimizer->addItem(QString(), i);
    for (int i = 0; i < 3; ++i)
        m_recompute->addItem(QString(), i);
    m_precisionLabel->setBuddy(m_precision);
    m_optimizerLabel->setBuddy(m_optimizer);
    m_recomputeLabel->setBuddy(m_recompute);
    m_zero->setSteps({0, 1, 2, 3});
    m_zero->setSpinBox(0, 3, 0);

    bind(m_precision, core::Field::TrainingPrecision);
    bind(m_optimizer, core::Field::TrainingOptimizer);
    bind(m_recompute, core::Field::TrainingRecompute);
    bind(m_zero, core::Field::TrainingZeroStage);
    bind(m_offloadOptimizer, core::Field::TrainingOffloadOptimizer);
    bind(m_offloadParameters, core::Field::TrainingOffloadParameters);
    bind(m_flash, core::Field::TrainingFlashAttention);
    bind(m_inBackward, core::Field::TrainingOptimizerInBackward);

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->addRow(m_precisionLabel, m_precision);
    form->addRow(m_optimizerLabel, m_optimizer);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_zero);
    layout->addWidget(m_offloadOptimizer);
    layout->addWidget(m_offloadParameters);
    auto* recompute = new QFormLayout;
    recompute->setContentsMargins(0, 0, 0, 0);
    recompute->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    recompute->addRow(m_recomputeLabel, m_recompute);
    layout->addLayout(recompute);
    layout->addWidget(m_flash);
    layout->addWidget(m_inBackward);
    addIssueLine(layout);
    retranslateUi();
}

bool PrecisionControls::appliesTo(const core::Scenario& s) const
{
    return s.mode != core::Mode::Inference; // serving has its own batch and formats
}

QString PrecisionControls::title() const
{
    return tr("Precision && optimizer");
}

void PrecisionControls::setScenario(const core::Scenario& s)
{
    const core::TrainingSetup& t = s.training;
    selectData(m_precision, int(t.precision));
    selectData(m_optimizer, int(t.optimizer));
    selectData(m_recompute, int(t.recompute));
    m_zero->setValue(t.zeroStage);
    m_zeroShards = s.parallel.dataParallel() * s.parallel.context;
    const QString notes[] = {
        tr("Every data-parallel rank keeps all model states."),
        //: %1 = ranks ZeRO shards over
        tr("Each rank keeps 1/%1 of the optimizer states.").arg(m_zeroShards),
        //: %1 = ranks ZeRO shards over
        tr("Each rank keeps 1/%1 of the optimizer states and gradients.").arg(m_zeroShards),
        //: %1 = ranks ZeRO shards over
        tr("Each rank keeps 1/%1 of the weights, gradients and optimizer states.").arg(m_zeroShards),
    };
    const bool known = t.zeroStage >= 0 && t.zeroStage <= 3 && (t.zeroStage == 0 || m_zeroShards > 0);
    m_zero->setNote(known ? notes[t.zeroStage] : QString());
    for (const auto& [box, value] : {std::pair{m_offloadOptimizer, t.offloadOptimizer}, std::pair{m_offloadParameters, t.offloadParameters},
                                     std::pair{m_flash, t.flashAttention}, std::pair{m_inBackward, t.optimizerInBackward}}) {
        const QSignalBlocker block(box);
        box->setChecked(value);
    }
    // Offloading needs sharded states (core/rules): say why it is off instead of hiding it.
    m_offloadOptimizer->setEnabled(core::enabled(core::Field::TrainingOffloadOptimizer, s));
    m_offloadParameters->setEnabled(core::enabled(core::Field::TrainingOffloadParameters, s));
    m_inBackward->setEnabled(core::enabled(core::Field::TrainingOptimizerInBackward, s));
}

void PrecisionControls::retranslateUi()
{
    m_precisionLabel->setText(tr("&Precision"));
    const char* precisions[] = {QT_TR_NOOP("Mixed 16-bit (2 + 2 + 12 B)"), QT_TR_NOOP("BF16, FP32 grads (2 + 4 + 12 B)"),
                                QT_TR_NOOP("FP32 (4 + 4 + 8 B)"), QT_TR_NOOP("Pure BF16 (2 + 2 + 4 B)"),
                                QT_TR_NOOP("FP8 weights (1 + 4 + 12 B)")};
    for (int i = 0; i < 5; ++i)
        m_precision->setItemText(i, tr(precisions[i]));
    m_precision->setToolTip(tr("How weights, gradients and optimizer states are stored: bytes per parameter for weights + gradients + optimizer (with Adam)."));
    m_optimizerLabel->setText(tr("&Optimizer"));
    const char* optimizers[] = {QT_TR_NOOP("Adam"), QT_TR_NOOP("AdamW"), QT_TR_NOOP("SGD"), QT_TR_NOOP("SGD with momentum"),
                                QT_TR_NOOP("Lion"), QT_TR_NOOP("8-bit Adam"), QT_TR_NOOP("Adafactor")};
    for (int i = 0; i < 7; ++i)
        m_optimizer->setItemText(i, tr(optimizers[i]));
    m_zero->setLabel(tr("&ZeRO stage"));
    m_zero->setToolTip(tr("ZeRO shards model states over the data-parallel ranks: 1 the optimizer states, 2 also the gradients,\n"
                          "3 also the weights (Ctrl+0 … Ctrl+3)."));
    m_offloadOptimizer->setText(tr("Offload optimizer to CPU"));
    m_offloadOptimizer->setToolTip(tr("ZeRO-Offload: keep optimizer states in CPU memory (needs ZeRO 1–3)."));
    m_offloadParameters->setText(tr("Offload parameters to CPU"));
    m_offloadParameters->setToolTip(tr("ZeRO-Infinity style: keep the weights in CPU memory too (needs ZeRO-3)."));
    m_recomputeLabel->setText(tr("&Recompute"));
    const char* policies[] = {QT_TR_NOOP("None"), QT_TR_NOOP("Selective (attention core)"), QT_TR_NOOP("Full (every layer)")};
    for (int i = 0; i < 3; ++i)
        m_recompute->setItemText(i, tr(policies[i]));
    m_recompute->setToolTip(tr("Activation recomputation: save less in the forward pass and recompute it in the backward pass.\n"
                               "Selective recomputes the attention core (Korthikanti et al.); full keeps only each layer's input."));
    m_flash->setText(tr("&FlashAttention"));
    m_flash->setToolTip(tr("Fused attention that never stores the s × s score matrix."));
    m_inBackward->setText(tr("Optimizer step in backward"));
    m_inBackward->setToolTip(tr("torchtune's optimizer_in_bwd: each parameter is stepped, and its gradient freed, as soon as the\n"
                                "gradient is made, so only one gradient is held at a time. Needs one micro-batch per step\n"
                                "(no gradient accumulation)."));
}
