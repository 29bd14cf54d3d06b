#include "app/controls/finetunecontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/displayformat.h"
#include "widgets/notelabel.h"
#include "widgets/valueslider.h"

namespace {

// core::LoraTarget bits in order; the labels are the matrices' usual names.
constexpr unsigned kTargetBits[] = {core::LoraQ, core::LoraK, core::LoraV, core::LoraO, core::LoraGate, core::LoraUp, core::LoraDown};

} // namespace

FineTuneControls::FineTuneControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_method(new QComboBox(this))
    , m_methodLabel(new QLabel(this))
    , m_adapters(new QWidget(this))
    , m_rank(new ValueSlider(m_adapters))
    , m_targetsLabel(new QLabel(m_adapters))
    , m_base(new QComboBox(m_adapters))
    , m_baseLabel(new QLabel(m_adapters))
    , m_trainable(new NoteLabel(this))
{
    for (int i = 0; i < 3; ++i)
        m_method->addItem(QString(), i);
    // Frozen base formats: what LoRA (16-bit, FP8, INT8) and QLoRA (NF4, INT4) load the base in.
    for (core::WeightFormat f : {core::WeightFormat::Bf16, core::WeightFormat::Fp16, core::WeightFormat::Fp8, core::WeightFormat::Int8,
                                 core::WeightFormat::Int4, core::WeightFormat::Nf4})
        m_base->addItem(QString(), int(f));
    m_methodLabel->setBuddy(m_method);
    m_baseLabel->setBuddy(m_base);
    QVector<double> ranks;
    for (int e = 0; e <= 10; ++e)
        ranks.push_back(std::ldexp(1.0, e));
    m_rank->setSteps(ranks);
    m_rank->setSpinBox(1, 65536, 0);

    bind(m_method, core::Field::FineTuneMethod);
    bind(m_base, core::Field::FineTuneBaseFormat);
    bind(m_rank, core::Field::FineTuneLoraRank);
    showErrorsOf(core::Field::FineTuneLoraTargets);
    showErrorsOf(core::Field::FineTuneBaseQuantGroupSize);

    auto* targets = new QGridLayout;
    targets->setContentsMargins(0, 0, 0, 0);
    targets->setHorizontalSpacing(8);
    targets->addWidget(m_targetsLabel, 0, 0, 1, 4);
    for (std::size_t i = 0; i < std::size(kTargetBits); ++i) {
        auto* box = new QCheckBox(m_adapters);
        m_targets.push_back(box);
        tag(box, core::Field::FineTuneLoraTargets);
        // Attention matrices on the first row, the MLP's on the second.
        targets->addWidget(box, i < 4 ? 1 : 2, int(i < 4 ? i : i - 4));
        connect(box, &QCheckBox::toggled, this, [this] {
            unsigned mask = 0;
            for (qsizetype j = 0; j < m_targets.size(); ++j)
                if (m_targets[j]->isChecked())
                    mask |= kTargetBits[j];
            m_controller->setLoraTargets(mask);
        });
    }
    auto* base = new QFormLayout;
    base->setContentsMargins(0, 0, 0, 0);
    base->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    base->addRow(m_baseLabel, m_base);
    auto* adapters = new QVBoxLayout(m_adapters);
    adapters->setContentsMargins(0, 0, 0, 0);
    adapters->addWidget(m_rank);
    adapters->addLayout(targets);
    adapters->addLayout(base);

    auto* method = new QFormLayout;
    method->setContentsMargins(0, 0, 0, 0);
    method->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    method->addRow(m_methodLabel, m_method);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(method);
    layout->addWidget(m_adapters);
    layout->addWidget(m_trainable);
    addIssueLine(layout);
    retranslateUi();
}

QString FineTuneControls::title() const
{
    return tr("Fine-tuning");
}

bool FineTuneControls::appliesTo(const core::Scenario& s) const
{
    return s.mode == core::Mode::FineTune;
}

void FineTuneControls::setScenario(const core::Scenario& s)
{
    const core::FineTuneSetup& f = s.finetune;
    selectData(m_method, int(f.method));
    // Full fine-tuning trains every weight in the recipe's precision: no adapters, no frozen base.
    m_adapters->setVisible(f.method != core::FineTuneMethod::Full);
    QVector<double> ranks = m_rank->steps();
    if (!ranks.contains(f.loraRank) && f.loraRank > 0) {
        ranks.push_back(f.loraRank);
        std::sort(ranks.begin(), ranks.end());
        m_rank->setSteps(ranks);
    }
    m_rank->setValue(f.loraRank);
    for (qsizetype i = 0; i < m_targets.size(); ++i) {
        const QSignalBlocker block(m_targets[i]);
        m_targets[i]->setChecked((f.loraTargets & kTargetBits[i]) != 0);
    }
    selectData(m_base, int(f.base.format));
    if (m_base->currentIndex() < 0) { // FP32 from a file
        const QSignalBlocker block(m_base);
        m_base->addItem(tr("FP32"), int(f.base.format));
        m_base->setCurrentIndex(m_base->count() - 1);
    }
}

void FineTuneControls::setEstimate(const core::Estimate& e)
{
    if (e.mode != core::Mode::FineTune)
        return;
    const double total = e.parameters.total;
    //: under the fine-tuning method; %1 = trainable parameters, %2 = their share of the model
    m_trainable->setText(tr("%1 trainable parameters (%2 of the model)")
                             .arg(DisplayFormat::count(e.finetune.trainableParameters),
                                  DisplayFormat::percent(total > 0 ? e.finetune.trainableParameters / total : 0, 2)));
}

void FineTuneControls::retranslateUi()
{
    m_methodLabel->setText(tr("&Method"));
    const char* methods[] = {QT_TR_NOOP("Full fine-tuning"), QT_TR_NOOP("LoRA (frozen 16-bit base)"), QT_TR_NOOP("QLoRA (frozen NF4 base)")};
    for (int i = 0; i < 3; ++i)
        m_method->setItemText(i, tr(methods[i]));
    m_method->setToolTip(tr("Full: every weight trains, with gradients and optimizer states (like training).\n"
                            "LoRA: the base is frozen; small rank-r adapters train (Hu et al. 2021).\n"
                            "QLoRA: LoRA on a base quantized to 4-bit NF4 with double quantization (Dettmers et al. 2023)."));
    m_rank->setLabel(tr("LoRA &rank"));
    m_rank->setToolTip(tr("Rank r of each adapter: r·(d_in + d_out) parameters per adapted matrix."));
    m_targetsLabel->setText(tr("Adapted matrices"));
    const char* targets[] = {QT_TR_NOOP("q"),    QT_TR_NOOP("k"),  QT_TR_NOOP("v"),   QT_TR_NOOP("o"),
                             QT_TR_NOOP("gate"), QT_TR_NOOP("up"), QT_TR_NOOP("down")};
    const char* tips[] = {QT_TR_NOOP("Query projection"), QT_TR_NOOP("Key projection"), QT_TR_NOOP("Value projection"),
                          QT_TR_NOOP("Attention output projection"), QT_TR_NOOP("MLP gate projection"), QT_TR_NOOP("MLP up projection"),
                          QT_TR_NOOP("MLP down projection")};
    for (qsizetype i = 0; i < m_targets.size(); ++i) {
        m_targets[i]->setText(tr(targets[i]));
        m_targets[i]->setToolTip(tr(tips[i]));
    }
    m_baseLabel->setText(tr("&Base format"));
    const char* formats[] = {QT_TR_NOOP("BF16"), QT_TR_NOOP("FP16"), QT_TR_NOOP("FP8"), QT_TR_NOOP("INT8"), QT_TR_NOOP("INT4"),
                             QT_TR_NOOP("NF4 (QLoRA)")};
    for (int i = 0; i < 6; ++i)
        m_base->setItemText(i, tr(formats[i]));
    m_base->setToolTip(tr("The format the frozen base weights are loaded in; the adapters train in the recipe's precision."));
}
