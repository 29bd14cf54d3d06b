#include "app/controls/rlcontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/displayformat.h"
#include "widgets/valueslider.h"

namespace {

// Frozen copies (reference, reward model) in the formats serving stacks load them in.
constexpr core::WeightFormat kFrozenFormats[] = {core::WeightFormat::Bf16, core::WeightFormat::Fp8, core::WeightFormat::Int8,
                                                 core::WeightFormat::Int4, core::WeightFormat::Nf4};

} // namespace

RlControls::RlControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_algorithm(new QComboBox(this))
    , m_algorithmLabel(new QLabel(this))
    , m_roles(new QWidget(this))
{
    m_reference = new QCheckBox(m_roles);
    m_referenceFormat = addFormatBox();
    m_referenceOffload = new QCheckBox(m_roles);
    m_reward = new QCheckBox(m_roles);
    m_rewardSize = new ValueSlider(m_roles);
    m_rewardFormat = addFormatBox();
    m_critic = new QCheckBox(m_roles);
    m_samples = new ValueSlider(m_roles);
    m_prompt = new ValueSlider(m_roles);
    m_newTokens = new ValueSlider(m_roles);
    m_memory = new ValueSlider(m_roles);
    m_placement = new QComboBox(m_roles);
    m_placementLabel = new QLabel(m_roles);
    m_rolloutTensor = new ValueSlider(m_roles);
    m_rolloutGpus = new ValueSlider(m_roles);
    for (int i = 0; i < 3; ++i)
        m_algorithm->addItem(QString(), i);
    for (int i = 0; i < 2; ++i)
        m_placement->addItem(QString(), i);
    m_algorithmLabel->setBuddy(m_algorithm);
    m_placementLabel->setBuddy(m_placement);

    // 0 = "as large as the policy"; otherwise billions of parameters on a log slider.
    m_rewardSize->setContinuous(1e8, 1e12, true);
    m_rewardSize->setSpinBox(0, 10000, 1, 1e9);
    m_samples->setSpinBox(1, 4096, 0);
    m_prompt->setSpinBox(1, 4194304, 0);
    m_newTokens->setSpinBox(0, 4194304, 0);
    m_memory->setContinuous(0.05, 0.95, false);
    m_memory->setSpinBox(1, 98, 0, 0.01);
    m_rolloutTensor->setSpinBox(1, 1024, 0);
    m_rolloutGpus->setSpinBox(1, 1048576, 0);
    for (ValueSlider* s : {m_prompt, m_newTokens, m_rolloutGpus})
        s->spinBox()->setGroupSeparatorShown(true);

    bind(m_algorithm, core::Field::RlAlgorithm);
    bind(m_reference, core::Field::RlReference);
    bind(m_referenceFormat, core::Field::RlReferenceFormat);
    bind(m_referenceOffload, core::Field::RlReferenceOffload);
    bind(m_reward, core::Field::RlRewardModel);
    bind(m_rewardSize, core::Field::RlRewardParameters);
    bind(m_rewardFormat, core::Field::RlRewardFormat);
    bind(m_critic, core::Field::RlCritic);
    bind(m_samples, core::Field::RlSamplesPerPrompt);
    bind(m_prompt, core::Field::RlPromptLength);
    bind(m_newTokens, core::Field::RlMaxNewTokens);
    bind(m_memory, core::Field::RlRolloutMemoryFraction);
    bind(m_placement, core::Field::RlPlacement);
    bind(m_rolloutTensor, core::Field::RlRolloutTensor);
    bind(m_rolloutGpus, core::Field::RlRolloutGpus);
    showErrorsOf(core::Field::RlPromptsPerGpu);

    auto row = [this](QWidget* a, QWidget* b) {
        auto* h = new QHBoxLayout;
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(a);
        h->addWidget(b, 1);
        return h;
    };
    auto* roles = new QVBoxLayout(m_roles);
    roles->setContentsMargins(0, 0, 0, 0);
    roles->addLayout(row(m_reference, m_referenceFormat));
    roles->addWidget(m_referenceOffload);
    roles->addLayout(row(m_reward, m_rewardFormat));
    roles->addWidget(m_rewardSize);
    roles->addWidget(m_critic);
    for (ValueSlider* s : {m_samples, m_prompt, m_newTokens, m_memory})
        roles->addWidget(s);
    auto* placement = new QFormLayout;
    placement->setContentsMargins(0, 0, 0, 0);
    placement->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    placement->addRow(m_placementLabel, m_placement);
    roles->addLayout(placement);
    roles->addWidget(m_rolloutTensor);
    roles->addWidget(m_rolloutGpus);

    auto* algorithm = new QFormLayout;
    algorithm->setContentsMargins(0, 0, 0, 0);
    algorithm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    algorithm->addRow(m_algorithmLabel, m_algorithm);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(algorithm);
    layout->addWidget(m_roles);
    addIssueLine(layout);
    retranslateUi();
}

QComboBox* RlControls::addFormatBox()
{
    auto* box = new QComboBox(m_roles);
    for (core::WeightFormat f : kFrozenFormats)
        box->addItem(QString(), int(f));
    return box;
}

QString RlControls::title() const
{
    return tr("Reinforcement learning");
}

bool RlControls::appliesTo(const core::Scenario& s) const
{
    return s.mode == core::Mode::FineTune;
}

void RlControls::setScenario(const core::Scenario& s)
{
    const core::RlSetup& rl = s.finetune.rl;
    selectData(m_algorithm, int(rl.algorithm));
    m_roles->setVisible(rl.algorithm != core::RlAlgorithm::None);
    setCheckedQuietly(m_reference, rl.reference);
    selectData(m_referenceFormat, int(rl.referenceFormat));
    m_referenceFormat->setEnabled(rl.reference);
    setCheckedQuietly(m_referenceOffload, rl.referenceOffload);
    m_referenceOffload->setEnabled(rl.reference);
    setCheckedQuietly(m_reward, rl.rewardModel);
    selectData(m_rewardFormat, int(rl.rewardFormat));
    m_rewardFormat->setEnabled(rl.rewardModel);
    m_rewardSize->setVisible(rl.rewardModel);
    m_rewardSize->setValue(rl.rewardParameters);
    setCheckedQuietly(m_critic, rl.critic);
    // GRPO compares a group of samples instead of learning a value: a critic is PPO's.
    m_critic->setEnabled(rl.algorithm == core::RlAlgorithm::Ppo || rl.critic);
    m_shownAlgorithm = rl.algorithm;
    m_critic->setToolTip(rl.algorithm == core::RlAlgorithm::Ppo
                             ? tr("PPO's value model: trained like the policy, with its own gradients and optimizer states.")
                             : tr("GRPO needs no critic: it compares each answer with the others of its group."));
    m_samples->setSteps(withCurrentStep(powerOfTwoSteps(0, 6), rl.samplesPerPrompt));
    m_samples->setValue(rl.samplesPerPrompt);
    m_prompt->setSteps(withCurrentStep(powerOfTwoSteps(6, 17), double(rl.promptLength)));
    m_prompt->setValue(double(rl.promptLength));
    m_newTokens->setSteps(withCurrentStep(powerOfTwoSteps(6, 17), double(rl.maxNewTokens)));
    m_newTokens->setValue(double(rl.maxNewTokens));
    m_memory->setValue(rl.rolloutMemoryFraction);
    selectData(m_placement, int(rl.placement));
    // The rollout engine's TP: within a node, and dividing the model's heads.
    QVector<double> tensor;
    const int heads = s.model.hasArchitecture ? s.model.numAttentionHeads : 0;
    for (int t = 1; t <= std::max(1, s.parallel.gpusPerNode); t *= 2)
        if (heads == 0 || heads % t == 0)
            tensor.push_back(t);
    if (!tensor.contains(rl.rolloutTensor) && rl.rolloutTensor > 0) {
        tensor.push_back(rl.rolloutTensor);
        std::sort(tensor.begin(), tensor.end());
    }
    m_rolloutTensor->setSteps(tensor);
    m_rolloutTensor->setValue(rl.rolloutTensor);
    const bool separate = rl.placement == core::RolloutPlacement::Separate;
    m_rolloutGpus->setVisible(separate);
    m_rolloutGpus->setSteps(withCurrentStep(powerOfTwoSteps(0, 12), rl.rolloutGpus));
    m_rolloutGpus->setValue(rl.rolloutGpus);
}

void RlControls::setEstimate(const core::Estimate& e)
{
    if (e.mode != core::Mode::FineTune || m_shownAlgorithm == core::RlAlgorithm::None)
        return;
    const auto gb = [](double bytes) { return DisplayFormat::bytes(bytes, DisplayFormat::memoryUnit(), 1); };
    //: under the rollout memory; %1 = KV cache the rollout batch needs per GPU, %2 = what the engine reserves
    m_memory->setNote(tr("KV cache: the rollouts need %1 per GPU, the engine reserves %2")
                          .arg(gb(e.finetune.rolloutKvNeeded), gb(e.finetune.rolloutKvReserved)));
}

void RlControls::retranslateUi()
{
    m_algorithmLabel->setText(tr("&Algorithm"));
    const char* algorithms[] = {QT_TR_NOOP("None (supervised)"), QT_TR_NOOP("GRPO"), QT_TR_NOOP("PPO")};
    for (int i = 0; i < 3; ++i)
        m_algorithm->setItemText(i, tr(algorithms[i]));
    m_algorithm->setToolTip(tr("GRPO (Shao et al. 2024): several answers per prompt, rewards compared within the group.\n"
                               "PPO (Ouyang et al. 2022): a critic estimates the value of each answer."));
    const char* formats[] = {QT_TR_NOOP("BF16"), QT_TR_NOOP("FP8"), QT_TR_NOOP("INT8"), QT_TR_NOOP("INT4"), QT_TR_NOOP("NF4")};
    for (QComboBox* box : {m_referenceFormat, m_rewardFormat})
        for (int i = 0; i < 5; ++i)
            box->setItemText(i, tr(formats[i]));
    m_reference->setText(tr("KL &reference"));
    m_reference->setToolTip(tr("A frozen copy of the starting policy for the KL penalty (with LoRA it shares the frozen base)."));
    m_referenceOffload->setText(tr("Offload the reference to CPU"));
    m_reward->setText(tr("Re&ward model"));
    m_reward->setToolTip(tr("A learned, frozen model that scores the answers (GRPO often uses rule-based rewards instead)."));
    m_rewardSize->setLabel(tr("Reward model size"));
    m_rewardSize->setSuffix(tr(" B", "billions of parameters"));
    m_rewardSize->spinBox()->setSpecialValueText(tr("as the policy"));
    m_critic->setText(tr("&Critic (value model)"));
    m_samples->setLabel(tr("&Samples per prompt"));
    m_samples->setToolTip(tr("Answers generated per prompt (GRPO's group size)."));
    m_prompt->setLabel(tr("Rollout &prompt"));
    m_prompt->setSuffix(tr(" tokens"));
    m_newTokens->setLabel(tr("&New tokens"));
    m_newTokens->setSuffix(tr(" tokens"));
    m_newTokens->setToolTip(tr("The longest answer the rollout engine generates."));
    m_memory->setLabel(tr("Rollout &memory"));
    m_memory->setSuffix(tr(" %"));
    m_memory->setToolTip(tr("vLLM's gpu_memory_utilization: the share of each GPU the rollout engine reserves for its weights\n"
                            "and KV cache (verl's default 0.4 when colocated)."));
    m_placementLabel->setText(tr("P&lacement"));
    m_placement->setItemText(0, tr("Colocated (time-shared)"));
    m_placement->setItemText(1, tr("Separate rollout GPUs"));
    m_placement->setToolTip(tr("Colocated: training and generation take turns on the same GPUs (the engine sleeps while training),\n"
                               "which gives two bars, one per phase. Separate: a pool of GPUs only generates."));
    m_rolloutTensor->setLabel(tr("Rollout &TP"));
    m_rolloutTensor->setToolTip(tr("Tensor parallelism of the rollout engine: its weights and KV cache split over this many GPUs."));
    m_rolloutGpus->setLabel(tr("Rollout &GPUs"));
    m_rolloutGpus->setToolTip(tr("Size of the separate pool of GPUs that only generate."));
}
