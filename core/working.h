#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/components.h"

namespace core {

enum class Unit { Count, Bytes, BytesPerParameter, BytesPerSecond, Flops, FlopsPerSecond, Seconds, Hours, Days, Money, Fraction, Tokens };

/// Every number the estimate can explain. Each has a fixed formula and source (termInfo).
enum class Term {
    ParamsEmbedding, ParamsAttention, ParamsMlp, ParamsNorms, ParamsPerLayer, ParamsOutput, ParamsTotal,
    FamilyShape, StateBytesPerParameter, DataParallel, ZeroShards, MicroBatches,
    ResidentParameters, Weights, Gradients, OptimizerStates, ModelStates,
    SavedTensor, LayerActivationsPerMicroBatch, InFlightMicroBatches, LayerActivations,
    EmbeddingActivations, OutputActivations, RecomputeWorkspace,
    CommBuckets, Zero3GatherBuffers, CudaContext, Fragmentation, AllocatedBytes, CpuOffload,
    ModelFlopsPerIteration, HardwareFlopsPerIteration, Iterations, TotalModelFlops, PeakFlops,
    IterationSeconds, TrainingSeconds, GpuHours, Cost, BubbleFraction, RolloutSeconds,
    CommDataParallel, CommTensorParallel, CommPipelineParallel, CommContextParallel,
    CommSecondsDataParallel, CommSecondsTensorParallel, CommSecondsPipelineParallel, CommSecondsContextParallel,
    CommSecondsExpertParallel,
    // mixture of experts, fine-tuning, RL roles
    ParamsActive, ExpertShards, MoeDispatchBuffers, CommExpertParallel, FrozenBase, AdapterStates, DequantWorkspace,
    ReferenceWeights, RewardWeights, CriticStates, CriticGradients, CriticOptimizerStates, RolloutWeights, RolloutKvCache,
    // serving
    ServingWeights, KvBytesPerToken, KvCache, InferenceWorkspace, MaxBatch, MaxContext, PrefillSeconds, DecodeStepSeconds,
    DecodeTokensPerSecond, ArithmeticIntensity, ItlSeconds, TtftSeconds,
    // the step-time model (core/steptime_model.cpp)
    StepGemm, StepAttention, StepElementwise, StepOverhead, StepRecompute, StepBubble, StepExposedDataParallel,
    StepExposedTensorParallel, StepExposedPipelineParallel, StepExposedContextParallel, StepExposedExpertParallel,
    StepOffload, StepOptimizer, StepModelSeconds, StepGpuFigures, StepConstant, StepSecondsBand,
    // the step's peak and the three levels
    ReservedBytes, DeviceBytes, PeakMoment, ActivationGradients, LossWorkspace, OptimizerStepTemporaries, LibraryWorkspaces,
    NcclBuffers, KvPoolReserve, CudaGraphPool, PagedOptimizerStates, StageLayers,
    // the other figures' bands from the public runs (core/accuracy/bands.h)
    AllocatedBand, ReservedBand, DeviceBand, DecodeStepBand, PrefillBand, OutputThroughputBand, KvPoolBand,
    // a long run: interruptions, checkpoints, restarts (core/goodput/), NVMe offload (core/offload/)
    UsefulSeconds, Mtbi, CheckpointBytes, CheckpointWriteSeconds, CheckpointStall, RestartSeconds, CheckpointInterval,
    LostWorkPerInterruption, Goodput, NvmeOffload,
    // hybrid linear-attention / state-space models (issue 28)
    RecurrentState,
    // DeepSeek Sparse Attention (issue 28)
    SparseAttention,
    // multi-token prediction (issue 28)
    MtpModules,
    // speculative decoding and prefix caching (issue 27 item 3; core/serving/speculative.h)
    SpeculativeTokensPerStep, SpeculativeVerifyStep, SpeculativeDraftSeconds, SpeculativeTpot, DraftWeights, DraftKvCache,
    PrefixCacheHit,
    // a 4-bit base's layer inputs that bitsandbytes < 0.43.2 keeps (core/training/bnbretainedinputs.h)
    BnbRetainedInputs,
    // a vision-language model's vision tower (issue 28 item 4; core/model/visiontower.h)
    VisionTower, ImageTokens, VisionFlops, VisionEncoderSeconds,
    Count
};

/// Which part of the estimate a term belongs to (the working panel's sections).
enum class TermSection { Model, Layout, ModelStates, Activations, Buffers, Roles, Compute, Communication, Serving, Peak };

struct TermInfo
{
    std::string_view id;       ///< stable: "gradients"
    std::string_view title;    ///< English: "Gradients on this GPU"
    std::string_view formula;  ///< symbolic: "g·P / D_z (ZeRO ≥ 2)"
    std::string_view source;   ///< "ZeRO §5.2 (P_os+g)"
    Unit unit;
    Component component;       ///< the bar segment it explains, Component::Count if none
};

TermSection termSection(Term term);

const TermInfo& termInfo(Term term);

/// A value substituted into a formula, with its symbol.
struct Substitution
{
    std::string_view symbol;
    double value;
    Unit unit;
};

/// WorkingLine::group of a number about the whole job (a time, a cost, a FLOP count), not one
/// rank group.
inline constexpr int kWholeJob = -1;

/// One explained number: the term, the rank group it belongs to (kWholeJob: none), its value,
/// and the values substituted. `detail`/`formula` override the table for per-item lines
/// (one saved tensor, one chosen branch of a formula).
struct WorkingLine
{
    Term term;
    int group;
    double value;
    std::vector<Substitution> substitutions;
    std::string_view detail;
    std::string_view formula;
    std::string_view detailId; ///< stable id of `detail` (a saved tensor's id), for translations
};

/// Records the working of one estimate. Optional: estimate() runs without it at full speed.
class Working
{
public:
    void add(Term term, int group, double value, std::initializer_list<Substitution> subs,
             std::string_view detail = {}, std::string_view formula = {}, std::string_view detailId = {})
    {
        m_lines.push_back(WorkingLine{term, group, value, subs, detail, formula, detailId});
    }
    const std::vector<WorkingLine>& lines() const { return m_lines; }
    /// Replaces line `index`'s substitutions (a list built at run time).
    void setSubstitutions(std::size_t index, std::vector<Substitution> subs)
    {
        if (index < m_lines.size())
            m_lines[index].substitutions = std::move(subs);
    }
    void clear() { m_lines.clear(); }
    void setLines(std::vector<WorkingLine> lines) { m_lines = std::move(lines); }
    /// Drops the lines from `size` on (a folded pipeline stage's duplicate working).
    void truncate(std::size_t size) { m_lines.erase(m_lines.begin() + std::ptrdiff_t(std::min(size, m_lines.size())), m_lines.end()); }
    /// Drops the lines [from, to) (a grouped stage's working, replaced by a fuller stage's).
    void erase(std::size_t from, std::size_t to)
    {
        to = std::min(to, m_lines.size());
        if (from < to)
            m_lines.erase(m_lines.begin() + std::ptrdiff_t(from), m_lines.begin() + std::ptrdiff_t(to));
    }
    /// Tags the lines from `from` on with `group` (lines recorded per stage before grouping).
    void retag(std::size_t from, int group)
    {
        for (std::size_t i = from; i < m_lines.size(); ++i)
            if (m_lines[i].group >= 0) // not kWholeJob
                m_lines[i].group = group;
    }

private:
    std::vector<WorkingLine> m_lines;
};

/// "1.75 GB", "4.2e22 FLOP", "61.0 days" — English, decimal units.
std::string formatValue(double value, Unit unit);

/// One line of working as text: "Gradients on this GPU = g·P/D_z = 2 B × 7e9 / 8 = 1.75 GB".
std::string render(const WorkingLine& line);

} // namespace core
