#include "app/scenariocontroller.h"

#include <QTimer>
#include <QUndoStack>
#include <algorithm>

#include "app/scenariocommand.h"
#include "core/io/presets.h"
#include "core/layoutchoices.h"
#include "core/io/scenario_io.h"

namespace {

/// The method and the base format that goes with it (scenario_io does the same when loading):
/// QLoRA quantizes the frozen base to NF4 with double quantization, LoRA keeps it 16-bit.
void applyMethod(core::FineTuneSetup& f, core::FineTuneMethod method)
{
    const core::FineTuneMethod before = f.method;
    f.method = method;
    if (method == core::FineTuneMethod::QLoRA && before != method) {
        f.base.format = core::WeightFormat::Nf4;
        f.base.doubleQuantization = true;
    } else if (method != core::FineTuneMethod::QLoRA && before == core::FineTuneMethod::QLoRA) {
        f.base.format = core::WeightFormat::Bf16;
        f.base.doubleQuantization = false;
    }
}

bool sameShape(const core::ModelArchitecture& a, const core::ModelArchitecture& b)
{
    return a.hasArchitecture == b.hasArchitecture && a.numLayers == b.numLayers && a.hiddenSize == b.hiddenSize
        && a.ffnHiddenSize == b.ffnHiddenSize && a.numAttentionHeads == b.numAttentionHeads && a.numQueryGroups == b.numQueryGroups
        && a.headDim == b.headDim && a.vocabSize == b.vocabSize && a.tiedEmbeddings == b.tiedEmbeddings && a.preset == b.preset;
}

} // namespace

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent)
    , m_scenario(core::defaultScenario())
    , m_undo(new QUndoStack(this))
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(0);
    connect(m_timer, &QTimer::timeout, this, &ScenarioController::recompute);
    m_zeroVariants.resize(4);
    m_recomputeVariants.resize(3);
    m_firstVariants.resize(servingWeightVariants().size());
    m_secondVariants.resize(kvCacheVariants().size());
    scheduleRecompute();
}

ScenarioController::~ScenarioController() = default;

QString ScenarioController::controlName(Control control)
{
    switch (control) {
    case Control::Load: return tr("scenario");
    case Control::ModelPreset: return tr("model");
    case Control::ModelSize: return tr("model size");
    case Control::Layers: return tr("layers");
    case Control::Hidden: return tr("hidden size");
    case Control::Heads: return tr("attention heads");
    case Control::KvHeads: return tr("KV heads");
    case Control::Ffn: return tr("FFN size");
    case Control::SeqLength: return tr("sequence length");
    case Control::MicroBatch: return tr("micro-batch");
    case Control::GlobalBatch: return tr("global batch");
    case Control::TrainTokens: return tr("training tokens");
    case Control::Precision: return tr("precision");
    case Control::Optimizer: return tr("optimizer");
    case Control::ZeroStage: return tr("ZeRO stage");
    case Control::OffloadOptimizer: return tr("optimizer offload");
    case Control::OffloadParameters: return tr("parameter offload");
    case Control::Recompute: return tr("recomputation");
    case Control::FlashAttention: return tr("FlashAttention");
    case Control::Gpus: return tr("GPUs");
    case Control::Tensor: return tr("tensor parallelism");
    case Control::Pipeline: return tr("pipeline parallelism");
    case Control::VirtualPipeline: return tr("virtual stages");
    case Control::Context: return tr("context parallelism");
    case Control::SequenceParallel: return tr("sequence parallelism");
    case Control::GpuPreset: return tr("GPU");
    case Control::GpusPerNode: return tr("GPUs per node");
    case Control::Mfu: return tr("MFU");
    case Control::Price: return tr("price");
    case Control::Overhead: return tr("overhead");
    case Control::Network: return tr("network bandwidth");
    case Control::Mode: return tr("mode");
    case Control::Expert: return tr("expert parallelism");
    case Control::ExpertTensor: return tr("expert tensor parallelism");
    case Control::CapacityFactor: return tr("capacity factor");
    case Control::WeightFormat: return tr("weight format");
    case Control::QuantGroup: return tr("quantization group");
    case Control::ScaleFormat: return tr("scale format");
    case Control::KvCacheDtype: return tr("KV-cache type");
    case Control::ServingBatch: return tr("batch size");
    case Control::PromptTokens: return tr("prompt length");
    case Control::GeneratedTokens: return tr("generated tokens");
    case Control::KvBlock: return tr("KV block size");
    case Control::FineTuneMethod: return tr("fine-tuning method");
    case Control::LoraRank: return tr("LoRA rank");
    case Control::LoraTargets: return tr("LoRA matrices");
    case Control::BaseFormat: return tr("base format");
    case Control::RlAlgorithm: return tr("RL algorithm");
    case Control::RlReference: return tr("reference model");
    case Control::RlReferenceFormat: return tr("reference format");
    case Control::RlReferenceOffload: return tr("reference offload");
    case Control::RlReward: return tr("reward model");
    case Control::RlRewardSize: return tr("reward model size");
    case Control::RlRewardFormat: return tr("reward model format");
    case Control::RlCritic: return tr("critic");
    case Control::RlSamples: return tr("samples per prompt");
    case Control::RlPromptTokens: return tr("rollout prompt length");
    case Control::RlNewTokens: return tr("new tokens");
    case Control::RlMemoryFraction: return tr("rollout memory");
    case Control::RlPlacement: return tr("rollout placement");
    case Control::RlRolloutTensor: return tr("rollout TP");
    case Control::RlRolloutGpus: return tr("rollout GPUs");
    }
    return {};
}

void ScenarioController::setWorkingEnabled(bool enabled)
{
    if (m_workingEnabled == enabled)
        return;
    m_workingEnabled = enabled;
    if (enabled)
        scheduleRecompute();
}

void ScenarioController::setComparisonsEnabled(bool enabled)
{
    if (m_comparisonsEnabled == enabled)
        return;
    m_comparisonsEnabled = enabled;
    if (enabled)
        scheduleRecompute();
}

void ScenarioController::beginDrag(Control control)
{
    m_gesture = ++m_lastGesture;
    m_dragControl = control;
    emit draggingChanged(true);
}

void ScenarioController::endDrag()
{
    if (m_gesture == 0)
        return;
    m_gesture = 0;
    emit draggingChanged(false);
}

template <typename Mutate>
void ScenarioController::edit(Control control, Mutate&& mutate)
{
    core::Scenario after = m_scenario;
    mutate(after);
    const int gesture = (m_gesture > 0 && m_dragControl == control) ? m_gesture : 0;
    // push() runs redo(), which restores `after` and schedules the estimate.
    m_undo->push(new ScenarioCommand(this, control, gesture, m_scenario, after));
}

void ScenarioController::restore(const core::Scenario& scenario)
{
    m_scenario = scenario;
    scheduleRecompute();
}

void ScenarioController::setScenario(const core::Scenario& scenario, const QString& description)
{
    auto* command = new ScenarioCommand(this, Control::Load, 0, m_scenario, scenario);
    if (!description.isEmpty())
        command->setText(description);
    m_undo->push(command);
}

void ScenarioController::resetToDefault()
{
    setScenario(core::defaultScenario(), tr("Reset to the default scenario"));
}

void ScenarioController::scheduleRecompute()
{
    if (!m_timer->isActive())
        m_timer->start();
}

void ScenarioController::flush()
{
    if (m_timer->isActive()) {
        m_timer->stop();
        recompute();
    }
}

void ScenarioController::recompute()
{
    emit scenarioChanged(m_scenario);
    m_working.clear();
    // The working allocates a line per number: only record it while it is shown.
    core::estimate(m_scenario, m_estimate, m_workingEnabled ? &m_working : nullptr);
    ++m_estimateCount;
    emit issuesChanged(m_estimate.valid, m_estimate.issues);
    if (m_estimate.valid) {
        m_lastValid = m_estimate;
        emit estimateChanged(m_estimate);
        if (m_workingEnabled)
            emit workingChanged(m_working, m_estimate);
    }
    if (!m_comparisonsEnabled)
        return;
    switch (m_scenario.mode) {
    case core::Mode::Train: computeComparisons(); break;
    case core::Mode::Inference: computeServingComparisons(); break;
    case core::Mode::FineTune: computeFineTuneComparisons(); break;
    }
}

const std::vector<core::WeightFormat>& ScenarioController::servingWeightVariants()
{
    // 16-bit stands for BF16 and FP16 alike: the same bytes.
    static const std::vector<core::WeightFormat> formats = {core::WeightFormat::Bf16, core::WeightFormat::Fp8, core::WeightFormat::Int8,
                                                            core::WeightFormat::Int4, core::WeightFormat::Nf4};
    return formats;
}

const std::vector<core::KvCacheDtype>& ScenarioController::kvCacheVariants()
{
    static const std::vector<core::KvCacheDtype> dtypes = {core::KvCacheDtype::Bf16, core::KvCacheDtype::Fp8, core::KvCacheDtype::Int8};
    return dtypes;
}

const std::vector<core::FineTuneMethod>& ScenarioController::fineTuneMethodVariants()
{
    static const std::vector<core::FineTuneMethod> methods = {core::FineTuneMethod::Full, core::FineTuneMethod::LoRA,
                                                              core::FineTuneMethod::QLoRA};
    return methods;
}

namespace {

template <typename T>
int indexIn(const std::vector<T>& list, T value)
{
    const auto it = std::find(list.begin(), list.end(), value);
    return it == list.end() ? -1 : int(it - list.begin());
}

} // namespace

int ScenarioController::variantIndex(core::WeightFormat format)
{
    return indexIn(servingWeightVariants(), format == core::WeightFormat::Fp16 ? core::WeightFormat::Bf16 : format);
}

int ScenarioController::variantIndex(core::KvCacheDtype dtype)
{
    return indexIn(kvCacheVariants(), dtype == core::KvCacheDtype::Fp16 ? core::KvCacheDtype::Bf16 : dtype);
}

int ScenarioController::variantIndex(core::FineTuneMethod method)
{
    return indexIn(fineTuneMethodVariants(), method);
}

void ScenarioController::computeServingComparisons()
{
    core::Scenario variant = m_scenario;
    const std::vector<core::WeightFormat>& formats = servingWeightVariants();
    m_firstVariants.resize(formats.size());
    for (std::size_t i = 0; i < formats.size(); ++i) {
        variant.inference.weights.format = formats[i];
        core::estimate(variant, m_firstVariants[i]);
    }
    variant.inference.weights = m_scenario.inference.weights;
    const std::vector<core::KvCacheDtype>& dtypes = kvCacheVariants();
    m_secondVariants.resize(dtypes.size());
    for (std::size_t i = 0; i < dtypes.size(); ++i) {
        variant.inference.kvCacheDtype = dtypes[i];
        core::estimate(variant, m_secondVariants[i]);
    }
    emit servingComparisonsChanged(m_firstVariants, m_secondVariants);
}

void ScenarioController::computeFineTuneComparisons()
{
    core::Scenario variant = m_scenario;
    const std::vector<core::FineTuneMethod>& methods = fineTuneMethodVariants();
    m_firstVariants.resize(methods.size());
    for (std::size_t i = 0; i < methods.size(); ++i) {
        variant.finetune = m_scenario.finetune;
        applyMethod(variant.finetune, methods[i]);
        core::estimate(variant, m_firstVariants[i]);
    }
    variant.finetune = m_scenario.finetune;
    for (int stage = 0; stage < 4; ++stage) {
        variant.training = m_scenario.training;
        variant.training.zeroStage = stage;
        variant.training.offloadParameters = m_scenario.training.offloadParameters && stage == 3;
        variant.training.offloadOptimizer = m_scenario.training.offloadOptimizer && stage >= 1;
        core::estimate(variant, m_zeroVariants[std::size_t(stage)]);
    }
    emit fineTuneComparisonsChanged(m_firstVariants, m_zeroVariants);
}

void ScenarioController::computeComparisons()
{
    // The same scenario with one setting changed: copies, estimated into reused storage.
    core::Scenario variant = m_scenario;
    for (int stage = 0; stage < 4; ++stage) {
        variant.training = m_scenario.training;
        variant.training.zeroStage = stage;
        variant.training.offloadParameters = m_scenario.training.offloadParameters && stage == 3;
        variant.training.offloadOptimizer = m_scenario.training.offloadOptimizer && stage >= 1;
        core::estimate(variant, m_zeroVariants[std::size_t(stage)]);
    }
    variant.training = m_scenario.training;
    const core::Recompute policies[] = {core::Recompute::None, core::Recompute::Selective, core::Recompute::Full};
    for (std::size_t i = 0; i < 3; ++i) {
        variant.training.recompute = policies[i];
        core::estimate(variant, m_recomputeVariants[i]);
    }
    emit comparisonsChanged(m_zeroVariants, m_recomputeVariants);
}

// ---- setters: compare, then record one undo snapshot -------------------------------------

void ScenarioController::setModelPreset(const QString& id)
{
    const core::ModelPreset* preset = core::findModelPreset(id.toStdString());
    if (!preset || m_scenario.model.preset == preset->model.preset)
        return;
    edit(Control::ModelPreset, [&](core::Scenario& s) { s.model = preset->model; });
}

void ScenarioController::setModelSize(double parameters)
{
    const core::ModelArchitecture shape = core::familyShape(parameters);
    // Neighbouring slider positions often round to the same shape: no change, no estimate.
    if (sameShape(shape, m_scenario.model))
        return;
    edit(Control::ModelSize, [&](core::Scenario& s) { s.model = shape; });
}

void ScenarioController::editModel(Control control, int core::ModelArchitecture::*field, int value)
{
    if (m_scenario.model.hasArchitecture && m_scenario.model.*field == value)
        return;
    edit(control, [&](core::Scenario& s) {
        if (!s.model.hasArchitecture)
            s.model = core::familyShape(s.model.parameters);
        s.model.preset.clear();
        s.model.name = tr("Custom model").toStdString();
        s.model.*field = value;
    });
}

void ScenarioController::setLayers(int layers) { editModel(Control::Layers, &core::ModelArchitecture::numLayers, layers); }
void ScenarioController::setHiddenSize(int hidden) { editModel(Control::Hidden, &core::ModelArchitecture::hiddenSize, hidden); }
void ScenarioController::setAttentionHeads(int heads) { editModel(Control::Heads, &core::ModelArchitecture::numAttentionHeads, heads); }
void ScenarioController::setKvHeads(int heads) { editModel(Control::KvHeads, &core::ModelArchitecture::numQueryGroups, heads); }
void ScenarioController::setFfnHiddenSize(int ffn) { editModel(Control::Ffn, &core::ModelArchitecture::ffnHiddenSize, ffn); }

#define SHARDSCOPE_SETTER(Name, Type, Control, field)                          \
    void ScenarioController::Name(Type value)                                  \
    {                                                                          \
        if (m_scenario.field == value)                                         \
            return;                                                            \
        edit(Control, [&](core::Scenario& s) { s.field = value; });            \
    }

SHARDSCOPE_SETTER(setSeqLength, std::int64_t, Control::SeqLength, training.seqLength)
SHARDSCOPE_SETTER(setMicroBatch, std::int64_t, Control::MicroBatch, training.microBatchSize)
SHARDSCOPE_SETTER(setGlobalBatch, std::int64_t, Control::GlobalBatch, training.globalBatchSize)
SHARDSCOPE_SETTER(setTrainTokens, double, Control::TrainTokens, training.trainTokens)
SHARDSCOPE_SETTER(setPrecision, core::PrecisionRecipe, Control::Precision, training.precision)
SHARDSCOPE_SETTER(setOptimizer, core::Optimizer, Control::Optimizer, training.optimizer)
SHARDSCOPE_SETTER(setZeroStage, int, Control::ZeroStage, training.zeroStage)
SHARDSCOPE_SETTER(setOffloadOptimizer, bool, Control::OffloadOptimizer, training.offloadOptimizer)
SHARDSCOPE_SETTER(setOffloadParameters, bool, Control::OffloadParameters, training.offloadParameters)
SHARDSCOPE_SETTER(setRecompute, core::Recompute, Control::Recompute, training.recompute)
SHARDSCOPE_SETTER(setFlashAttention, bool, Control::FlashAttention, training.flashAttention)
SHARDSCOPE_SETTER(setGpus, int, Control::Gpus, parallel.gpus)
SHARDSCOPE_SETTER(setTensorParallel, int, Control::Tensor, parallel.tensor)
SHARDSCOPE_SETTER(setPipelineParallel, int, Control::Pipeline, parallel.pipeline)
SHARDSCOPE_SETTER(setVirtualPipeline, int, Control::VirtualPipeline, parallel.virtualPipeline)
SHARDSCOPE_SETTER(setContextParallel, int, Control::Context, parallel.context)
SHARDSCOPE_SETTER(setSequenceParallel, bool, Control::SequenceParallel, parallel.sequenceParallel)
SHARDSCOPE_SETTER(setGpusPerNode, int, Control::GpusPerNode, parallel.gpusPerNode)
SHARDSCOPE_SETTER(setPricePerGpuHour, double, Control::Price, hardware.pricePerGpuHour)
SHARDSCOPE_SETTER(setOverheadFactor, double, Control::Overhead, hardware.overheadFactor)
SHARDSCOPE_SETTER(setNetworkBandwidth, double, Control::Network, hardware.gpu.networkBytesPerSecond)
SHARDSCOPE_SETTER(setMode, core::Mode, Control::Mode, mode)
SHARDSCOPE_SETTER(setExpertParallel, int, Control::Expert, parallel.expert)
SHARDSCOPE_SETTER(setExpertTensorParallel, int, Control::ExpertTensor, parallel.expertTensor)
SHARDSCOPE_SETTER(setCapacityFactor, double, Control::CapacityFactor, training.moeCapacityFactor)
SHARDSCOPE_SETTER(setServingWeightFormat, core::WeightFormat, Control::WeightFormat, inference.weights.format)
SHARDSCOPE_SETTER(setQuantGroupSize, int, Control::QuantGroup, inference.weights.groupSize)
SHARDSCOPE_SETTER(setQuantScaleFormat, core::ScaleFormat, Control::ScaleFormat, inference.weights.scale)
SHARDSCOPE_SETTER(setKvCacheDtype, core::KvCacheDtype, Control::KvCacheDtype, inference.kvCacheDtype)
SHARDSCOPE_SETTER(setServingBatch, std::int64_t, Control::ServingBatch, inference.batchSize)
SHARDSCOPE_SETTER(setPromptLength, std::int64_t, Control::PromptTokens, inference.promptLength)
SHARDSCOPE_SETTER(setGeneratedTokens, std::int64_t, Control::GeneratedTokens, inference.generatedTokens)
SHARDSCOPE_SETTER(setKvBlockSize, int, Control::KvBlock, inference.kvBlockSize)
SHARDSCOPE_SETTER(setLoraRank, int, Control::LoraRank, finetune.loraRank)
SHARDSCOPE_SETTER(setLoraTargets, unsigned, Control::LoraTargets, finetune.loraTargets)
SHARDSCOPE_SETTER(setBaseFormat, core::WeightFormat, Control::BaseFormat, finetune.base.format)
SHARDSCOPE_SETTER(setReference, bool, Control::RlReference, finetune.rl.reference)
SHARDSCOPE_SETTER(setReferenceFormat, core::WeightFormat, Control::RlReferenceFormat, finetune.rl.referenceFormat)
SHARDSCOPE_SETTER(setReferenceOffload, bool, Control::RlReferenceOffload, finetune.rl.referenceOffload)
SHARDSCOPE_SETTER(setRewardModel, bool, Control::RlReward, finetune.rl.rewardModel)
SHARDSCOPE_SETTER(setRewardParameters, double, Control::RlRewardSize, finetune.rl.rewardParameters)
SHARDSCOPE_SETTER(setRewardFormat, core::WeightFormat, Control::RlRewardFormat, finetune.rl.rewardFormat)
SHARDSCOPE_SETTER(setCritic, bool, Control::RlCritic, finetune.rl.critic)
SHARDSCOPE_SETTER(setSamplesPerPrompt, int, Control::RlSamples, finetune.rl.samplesPerPrompt)
SHARDSCOPE_SETTER(setRlPromptLength, std::int64_t, Control::RlPromptTokens, finetune.rl.promptLength)
SHARDSCOPE_SETTER(setRlNewTokens, std::int64_t, Control::RlNewTokens, finetune.rl.maxNewTokens)
SHARDSCOPE_SETTER(setRolloutMemoryFraction, double, Control::RlMemoryFraction, finetune.rl.rolloutMemoryFraction)
SHARDSCOPE_SETTER(setRolloutPlacement, core::RolloutPlacement, Control::RlPlacement, finetune.rl.placement)
SHARDSCOPE_SETTER(setRolloutTensor, int, Control::RlRolloutTensor, finetune.rl.rolloutTensor)
SHARDSCOPE_SETTER(setRolloutGpus, int, Control::RlRolloutGpus, finetune.rl.rolloutGpus)

#undef SHARDSCOPE_SETTER

void ScenarioController::setGpusKeepingTokensPerGpu(int gpus)
{
    if (m_scenario.parallel.gpus == gpus)
        return;
    edit(Control::Gpus, [&](core::Scenario& s) { core::setGpusKeepingTokensPerGpu(s, gpus); });
}

void ScenarioController::setGpuPreset(const QString& id)
{
    const core::GpuSpec* gpu = core::findGpuPreset(id.toStdString());
    if (!gpu || m_scenario.hardware.gpu.preset == gpu->preset)
        return;
    edit(Control::GpuPreset, [&](core::Scenario& s) { s.hardware.gpu = *gpu; });
}

void ScenarioController::setMfu(double mfu)
{
    if (m_scenario.hardware.mfu == mfu && m_scenario.hardware.achievedTflops <= 0)
        return;
    // A measured throughput from a file would override the MFU; the slider replaces it.
    edit(Control::Mfu, [&](core::Scenario& s) {
        s.hardware.mfu = mfu;
        s.hardware.achievedTflops = 0;
    });
}

void ScenarioController::useWeightFormatForServing(core::WeightFormat format)
{
    if (m_scenario.mode == core::Mode::Inference && m_scenario.inference.weights.format == format)
        return;
    // The lab's format means nothing to a training bar: show it where it applies, in one step.
    edit(Control::WeightFormat, [&](core::Scenario& s) {
        s.mode = core::Mode::Inference;
        s.inference.weights.format = format;
    });
}

void ScenarioController::setFineTuneMethod(core::FineTuneMethod method)
{
    if (m_scenario.finetune.method == method)
        return;
    edit(Control::FineTuneMethod, [&](core::Scenario& s) { applyMethod(s.finetune, method); });
}

void ScenarioController::setRlAlgorithm(core::RlAlgorithm algorithm)
{
    if (m_scenario.finetune.rl.algorithm == algorithm)
        return;
    // PPO trains a value model; GRPO (group-relative advantages) does without (scenario_io too).
    edit(Control::RlAlgorithm, [&](core::Scenario& s) {
        s.finetune.rl.algorithm = algorithm;
        s.finetune.rl.critic = algorithm == core::RlAlgorithm::Ppo;
    });
}
