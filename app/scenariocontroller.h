#pragma once

#include <QObject>
#include <QString>
#include <vector>

#include "core/estimate.h"
#include "core/scenario.h"
#include "core/working.h"

class QTimer;
class QUndoStack;

/// The single source of truth: holds the core::Scenario the window edits. Setters compare and
/// only then change; a burst of changes (a slider drag) coalesces into one estimate on the
/// next event-loop pass. Every change is a whole-scenario snapshot on the undo stack, and the
/// changes of one drag merge into one step.
class ScenarioController : public QObject
{
    Q_OBJECT

public:
    /// Which control made a change: the undo command id, so one drag merges into one step.
    enum class Control {
        Load, ModelPreset, ModelSize, Layers, Hidden, Heads, KvHeads, Ffn,
        SeqLength, MicroBatch, GlobalBatch, TrainTokens,
        Precision, Optimizer, ZeroStage, OffloadOptimizer, OffloadParameters, Recompute, FlashAttention,
        Gpus, Tensor, Pipeline, VirtualPipeline, Context, SequenceParallel,
        GpuPreset, GpusPerNode, Mfu, Price, Overhead,
        // modes, mixture of experts, serving, fine-tuning and RL
        Mode, Expert, ExpertTensor, CapacityFactor,
        WeightFormat, QuantGroup, ScaleFormat, KvCacheDtype, ServingBatch, PromptTokens, GeneratedTokens, KvBlock,
        FineTuneMethod, LoraRank, LoraTargets, BaseFormat,
        RlAlgorithm, RlReference, RlReferenceFormat, RlReferenceOffload, RlReward, RlRewardSize, RlRewardFormat, RlCritic,
        RlSamples, RlPromptTokens, RlNewTokens, RlMemoryFraction, RlPlacement, RlRolloutTensor, RlRolloutGpus,
        Network,
    };

    explicit ScenarioController(QObject* parent = nullptr);
    ~ScenarioController() override;

    const core::Scenario& scenario() const { return m_scenario; }
    /// The latest estimate (may be invalid) and the latest valid one.
    const core::Estimate& estimate() const { return m_estimate; }
    const core::Estimate& lastValidEstimate() const { return m_lastValid; }
    QUndoStack* undoStack() const { return m_undo; }
    /// How many estimates have run (each coalesced burst counts once).
    int estimateCount() const { return m_estimateCount; }

    /// The working (formulas and values) is recorded only while someone shows it.
    void setWorkingEnabled(bool enabled);
    bool isWorkingEnabled() const { return m_workingEnabled; }
    /// The ZeRO and recompute comparisons are computed only while someone shows them.
    void setComparisonsEnabled(bool enabled);

    /// Edits between beginDrag and endDrag by the same control are one undo step.
    void beginDrag(Control control);
    void endDrag();
    bool isDragging() const { return m_gesture > 0; }

    /// Re-emits everything on the next pass (after a language change, say).
    void refresh() { scheduleRecompute(); }
    /// Runs a pending estimate now (tests, benchmarks, before saving).
    void flush();

    // The scenario as a whole: a file, a preset, the default. One undo step.
    void setScenario(const core::Scenario& scenario, const QString& description = {});
    void resetToDefault();

    // Model
    void setModelPreset(const QString& id);
    void setModelSize(double parameters); ///< along core::familyShape
    void setLayers(int layers);
    void setHiddenSize(int hidden);
    void setAttentionHeads(int heads);
    void setKvHeads(int heads);
    void setFfnHiddenSize(int ffn);
    // Sequence & batch
    void setSeqLength(std::int64_t tokens);
    void setMicroBatch(std::int64_t sequences);
    void setGlobalBatch(std::int64_t sequences);
    void setTrainTokens(double tokens);
    // Precision & optimizer
    void setPrecision(core::PrecisionRecipe recipe);
    void setOptimizer(core::Optimizer optimizer);
    void setZeroStage(int stage);
    void setOffloadOptimizer(bool offload);
    void setOffloadParameters(bool offload);
    void setRecompute(core::Recompute recompute);
    void setFlashAttention(bool enabled);
    // Parallelism
    void setGpus(int gpus);
    /// GPUs with the global batch scaled along (core::setGpusKeepingTokensPerGpu), one undo step
    /// per drag: presentation mode's "global batch follows GPUs".
    void setGpusKeepingTokensPerGpu(int gpus);
    void setTensorParallel(int degree);
    void setPipelineParallel(int degree);
    void setVirtualPipeline(int chunks);
    void setContextParallel(int degree);
    void setSequenceParallel(bool enabled);
    // Hardware & cost
    void setGpuPreset(const QString& id);
    void setGpusPerNode(int gpus);
    void setMfu(double mfu);
    void setPricePerGpuHour(double dollars);
    void setOverheadFactor(double factor);
    /// Each GPU's share of the network to other nodes, bytes per second in one direction.
    void setNetworkBandwidth(double bytesPerSecond);
    // Mode: training, serving or fine-tuning
    void setMode(core::Mode mode);
    // Mixture of experts
    void setExpertParallel(int degree);
    void setExpertTensorParallel(int degree);
    void setCapacityFactor(double factor);
    // Serving
    void setServingWeightFormat(core::WeightFormat format);
    /// "Use for weights" in the number-format lab: the serving weights, in inference mode.
    void useWeightFormatForServing(core::WeightFormat format);
    void setQuantGroupSize(int values);
    void setQuantScaleFormat(core::ScaleFormat format);
    void setKvCacheDtype(core::KvCacheDtype dtype);
    void setServingBatch(std::int64_t sequences);
    void setPromptLength(std::int64_t tokens);
    void setGeneratedTokens(std::int64_t tokens);
    void setKvBlockSize(int tokens);
    // Fine-tuning
    void setFineTuneMethod(core::FineTuneMethod method); ///< QLoRA brings NF4 + double quantization
    void setLoraRank(int rank);
    void setLoraTargets(unsigned targets);
    void setBaseFormat(core::WeightFormat format);
    // Reinforcement learning
    void setRlAlgorithm(core::RlAlgorithm algorithm); ///< PPO brings a critic, GRPO drops it
    void setReference(bool enabled);
    void setReferenceFormat(core::WeightFormat format);
    void setReferenceOffload(bool offload);
    void setRewardModel(bool enabled);
    void setRewardParameters(double parameters);
    void setRewardFormat(core::WeightFormat format);
    void setCritic(bool enabled);
    void setSamplesPerPrompt(int samples);
    void setRlPromptLength(std::int64_t tokens);
    void setRlNewTokens(std::int64_t tokens);
    void setRolloutMemoryFraction(double fraction);
    void setRolloutPlacement(core::RolloutPlacement placement);
    void setRolloutTensor(int degree);
    void setRolloutGpus(int gpus);

    /// Applies an undo/redo snapshot (called by ScenarioCommand only).
    void restore(const core::Scenario& scenario);
    /// The translated name of a control, for undo texts ("Change ZeRO stage").
    static QString controlName(Control control);

    /// What the serving and fine-tuning comparisons vary, in their order.
    static const std::vector<core::WeightFormat>& servingWeightVariants();
    static const std::vector<core::KvCacheDtype>& kvCacheVariants();
    static const std::vector<core::FineTuneMethod>& fineTuneMethodVariants();
    /// The scenario's own bar among those variants, or −1 (FP16 shares the BF16 bar: same bytes).
    static int variantIndex(core::WeightFormat format);
    static int variantIndex(core::KvCacheDtype dtype);
    static int variantIndex(core::FineTuneMethod method);

signals:
    /// A slider drag started or ended (views may skip animations while the hand moves).
    void draggingChanged(bool dragging);
    /// After every coalesced change, before the estimate signals.
    void scenarioChanged(const core::Scenario& scenario);
    /// A valid estimate of the current scenario.
    void estimateChanged(const core::Estimate& estimate);
    /// After every estimate: valid or not, and the errors and warnings.
    void issuesChanged(bool valid, const std::vector<core::Issue>& issues);
    /// With the working enabled: the working of the latest valid estimate.
    void workingChanged(const core::Working& working, const core::Estimate& estimate);
    /// With comparisons enabled, in training mode: the fullest GPU under ZeRO 0–3 and recompute
    /// none/selective/full.
    void comparisonsChanged(const std::vector<core::Estimate>& zeroStages, const std::vector<core::Estimate>& recompute);
    /// With comparisons enabled, in inference mode: the weights as fp16, fp8, int8, int4, nf4
    /// (servingWeightVariants()) and the KV cache as fp16, fp8, int8 (kvCacheVariants()).
    void servingComparisonsChanged(const std::vector<core::Estimate>& weightFormats, const std::vector<core::Estimate>& kvDtypes);
    /// With comparisons enabled, in fine-tuning mode: Full / LoRA / QLoRA and ZeRO 0–3.
    void fineTuneComparisonsChanged(const std::vector<core::Estimate>& methods, const std::vector<core::Estimate>& zeroStages);

private:
    template <typename Mutate>
    void edit(Control control, Mutate&& mutate);
    void editModel(Control control, int core::ModelArchitecture::*field, int value);
    void scheduleRecompute();
    void recompute();
    void computeComparisons();
    void computeServingComparisons();
    void computeFineTuneComparisons();

    core::Scenario m_scenario;
    core::Estimate m_estimate;
    core::Estimate m_lastValid;
    core::Working m_working;
    std::vector<core::Estimate> m_zeroVariants;
    std::vector<core::Estimate> m_recomputeVariants;
    std::vector<core::Estimate> m_firstVariants;  ///< serving weight formats / fine-tuning methods
    std::vector<core::Estimate> m_secondVariants; ///< KV-cache dtypes
    QUndoStack* m_undo = nullptr;
    QTimer* m_timer = nullptr;
    int m_estimateCount = 0;
    int m_gesture = 0;       ///< current drag's id; 0 when no drag is on
    int m_lastGesture = 0;
    Control m_dragControl = Control::Load;
    bool m_workingEnabled = false;
    bool m_comparisonsEnabled = true;
};
