#include "app/scenariocontroller.h"

#include <QTimer>
#include <QUndoStack>

#include "app/scenariocommand.h"
#include "core/presets.h"
#include "core/scenario_io.h"

namespace {

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
    if (m_comparisonsEnabled)
        computeComparisons();
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

#undef SHARDSCOPE_SETTER

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
