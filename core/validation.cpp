#include <cmath>
#include <utility>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/rules/rules.h"

namespace core {

namespace {

struct Checker
{
    std::vector<Issue>& issues;

    // Reporting is the rare path; keeping it out of line keeps the checks cheap (this runs on
    // every slider move).
    [[gnu::cold, gnu::noinline]] void error(IssueCode code, Field field, double a = 0, double b = 0, double c = 0)
    {
        issues.push_back(fieldIssue(code, Severity::Error, field, a, b, c));
    }
    [[gnu::cold, gnu::noinline]] void warning(IssueCode code, Field field, double a = 0, double b = 0, double c = 0)
    {
        issues.push_back(fieldIssue(code, Severity::Warning, field, a, b, c));
    }
    [[gnu::cold, gnu::noinline]] void info(IssueCode code, Field field, double a = 0, double b = 0, double c = 0)
    {
        issues.push_back(fieldIssue(code, Severity::Info, field, a, b, c));
    }
    /// A value outside its field's range, reported as the field's Bound says.
    [[gnu::cold, gnu::noinline]] void outOfRange(const FieldInfo& f, double v)
    {
        const Field k = f.field;
        switch (f.bound) {
        case Bound::AtLeast:
            if (!(v >= f.min))
                error(v < 0 ? IssueCode::Negative : IssueCode::NotPositive, k, v);
            else
                error(IssueCode::TooLarge, k, v, f.max);
            break;
        case Bound::Positive:
            if (!(v > 0))
                error(IssueCode::NotPositive, k, v);
            else
                error(IssueCode::TooLarge, k, v, f.max);
            break;
        case Bound::Interval:
            if (f.zeroIsUnset && v < 0) // 0 would mean "unset": a negative value is not a typo for a small one
                error(IssueCode::Negative, k, v);
            else
                error(IssueCode::OutOfRange, k, v, f.min, f.max);
            break;
        }
    }
};

/// Field I's own range (core/fields.h), if the scenario uses the field. Unrolled over the table
/// at compile time: each check is a load and two compares, its limits constants.
template <std::size_t I>
inline void checkRange(const Scenario& s, Checker& c, const FieldUses& uses, FieldSet& failed)
{
    constexpr const FieldInfo& f = field_detail::kFields[I];
    if constexpr (f.isNumber()) {
        if (!uses[f.use])
            return;
        constexpr auto get = f.get;
        const double v = get(s).toDouble();
        if constexpr (f.zeroIsUnset)
            if (v == 0)
                return;
        bool ok = false;
        if constexpr (f.bound == Bound::Positive)
            ok = v > 0 && v <= f.max;
        else
            ok = v >= f.min && v <= f.max; // NaN fails
        if (ok) [[likely]]
            return;
        failed.insert(f.field);
        c.outOfRange(f, v);
    }
}

FieldSet checkRanges(const Scenario& s, Checker& c, const FieldUses& uses)
{
    FieldSet failed;
    [&]<std::size_t... I>(std::index_sequence<I...>) { (checkRange<I>(s, c, uses, failed), ...); }(std::make_index_sequence<kFieldCount>{});
    return failed;
}

/// The model's architecture fields: if any failed, no rule that reads the shape runs.
constexpr FieldSet architectureFields()
{
    FieldSet out;
    for (const FieldInfo& f : kFieldTable)
        if (f.section == FieldSection::Model && f.isNumber() && f.field != Field::ModelParameters)
            out.insert(f.field);
    return out;
}

/// What the rules between fields share: the scenario, the reporter, the fields that failed their
/// own range, and what the earlier sections found (a later rule reads the shape only where the
/// model passed, the layout only where the layout did).
struct Rules
{
    const Scenario& s;
    Checker& c;
    const FieldSet& failed;
    const FieldUses& uses; ///< what the scenario's mode and model use: a rule about a field the mode ignores does not run
    bool serving = false;
    bool modelOk = false;  ///< the architecture is usable (set by checkModel)
    bool layoutOk = false; ///< the layout's sizes are usable (set by checkLayout)

    bool passed(std::initializer_list<Field> fields) const { return !failed.intersects(FieldSet(fields)); }
    bool used(Field field) const { return fieldUsed(field, uses); }
};

void checkModel(Rules& r)
{
    const ModelArchitecture& m = r.s.model;
    constexpr FieldSet kArchitecture = architectureFields();
    r.modelOk = m.hasArchitecture && !r.failed.intersects(kArchitecture);
    if (!m.hasArchitecture)
        return;
    if (m.positionEmbedding == PositionEmbedding::Learned && m.maxPositionEmbeddings == 0) {
        r.c.error(IssueCode::NotPositive, Field::ModelMaxPositionEmbeddings, 0); // learned positions need a table
        r.modelOk = false;
    }
    if (!r.modelOk)
        return;
    if (m.headDim == 0 && m.hiddenSize % m.numAttentionHeads != 0)
        r.c.error(IssueCode::HiddenNotDividingHeads, Field::ModelNumAttentionHeads, m.hiddenSize, m.numAttentionHeads);
    if (m.numAttentionHeads % m.numQueryGroups != 0)
        r.c.error(IssueCode::KvHeadsNotDividingHeads, Field::ModelNumQueryGroups, m.numQueryGroups, m.numAttentionHeads);
    const double total = countParameters(m).total;
    const double limit = fieldInfo(Field::ModelParameters).max;
    if (!(total <= limit))
        r.c.error(IssueCode::TooLarge, Field::ModelParameters, total, limit);
    if (m.isHybrid()) {
        // Hybrid linear-attention / state-space layers (core/model/layerpattern.h): the pattern's
        // closed forms assume attention layers without a window and experts in every layer.
        if (m.linearNumKeyHeads <= 0 || m.linearKeyHeadDim <= 0 || m.linearNumValueHeads <= 0 || m.linearValueHeadDim <= 0)
            r.c.error(IssueCode::LinearMixerWithoutWidths, Field::ModelLinearNumValueHeads);
        if (m.slidingWindow > 0)
            r.c.error(IssueCode::LinearMixerWithWindow, Field::ModelSlidingWindow, m.slidingWindow);
        if (m.isMoE() && (m.moeLayerFrequency != 1 || m.firstDenseLayers != 0))
            r.c.error(IssueCode::LinearMixerMoePattern, Field::ModelMoeLayerFrequency, m.moeLayerFrequency, m.firstDenseLayers);
    }
    // DeepSeek Sparse Attention: the indexer's queries come from MLA's compressed query
    // (DeepSeek-V3.2-Exp inference/model.py @3b99a535 Indexer.wq_b: q_lora_rank → H_I·d_I).
    if (m.isSparseAttention() && (!m.isMla() || m.qLoraRank <= 0 || m.indexNumHeads <= 0 || m.indexHeadDim <= 0))
        r.c.error(IssueCode::SparseAttentionNeedsMla, Field::ModelIndexTopK);
    if (m.parameters > 0 && std::abs(m.parameters - total) > 0.01 * total)
        r.c.warning(IssueCode::ArchitectureCountMismatch, Field::ModelParameters, m.parameters, total);
}

void checkTraining(const Rules& r)
{
    const TrainingSetup& tr = r.s.training;
    const ModelArchitecture& m = r.s.model;
    if (r.used(Field::TrainingTrainTokens) && tr.trainTokens == 0)
        r.c.info(IssueCode::TrainTokensZero, Field::TrainingTrainTokens);
    // The rules are core/rules' (frameworkHasZeroStage, kRequirements).
    if (!r.used(Field::TrainingZeroStage))
        return; // serving: no ZeRO, no offload, no training sequence (core/fields.h FieldUse::Training)
    if (r.passed({Field::TrainingZeroStage, Field::TrainingFramework}) && !frameworkHasZeroStage(tr.framework, tr.zeroStage))
        r.c.error(IssueCode::FrameworkZeroStage, Field::TrainingFramework, tr.zeroStage);
    if (tr.offloadParameters && !allowedWith(Field::TrainingOffloadParameters, tr.zeroStage))
        r.c.error(IssueCode::OffloadParametersNeedsZero3, Field::TrainingOffloadParameters, tr.zeroStage);
    if (tr.offloadOptimizer && !allowedWith(Field::TrainingOffloadOptimizer, tr.zeroStage))
        r.c.error(IssueCode::OffloadNeedsZero, Field::TrainingOffloadOptimizer);
    if (r.modelOk && m.maxPositionEmbeddings > 0 && r.passed({Field::TrainingSeqLength}) && tr.seqLength > m.maxPositionEmbeddings)
        r.c.warning(IssueCode::SequenceLongerThanPositions, Field::TrainingSeqLength, double(tr.seqLength), m.maxPositionEmbeddings);
}

/// The layout's own arithmetic: the model-parallel group divides the GPUs, TP stays in a node.
void checkLayoutShape(Rules& r)
{
    const ParallelLayout& p = r.s.parallel;
    // Serving splits a replica over TP × PP: its CP is ignored, and so is what it would divide.
    const long long mp = (long long)p.tensor * p.pipeline * (r.used(Field::ParallelContext) ? p.context : 1);
    if (mp > p.gpus || p.gpus % mp != 0) {
        r.c.error(IssueCode::ModelParallelNotDividingGpus, Field::ParallelGpus, mp, p.gpus);
        r.layoutOk = false;
    }
    if (p.tensor > p.gpusPerNode)
        r.c.warning(IssueCode::TensorAcrossNodes, Field::ParallelTensor, p.tensor, p.gpusPerNode);
    if (r.used(Field::ParallelSequenceParallel) && p.sequenceParallel && !allowedWith(Field::ParallelSequenceParallel, p.tensor))
        r.c.warning(IssueCode::SequenceParallelWithoutTensor, Field::ParallelSequenceParallel);
    if (r.used(Field::ParallelVirtualPipeline) && p.virtualPipeline > 1 && !allowedWith(Field::ParallelVirtualPipeline, p.pipeline))
        r.c.error(IssueCode::VirtualPipelineNeedsPipeline, Field::ParallelVirtualPipeline, p.virtualPipeline);
}

/// Tensor parallelism splits the attention heads (and, in training, the KV heads).
void checkTensorAgainstHeads(const Rules& r)
{
    const ModelArchitecture& m = r.s.model;
    const ParallelLayout& p = r.s.parallel;
    const Field tensor = Field::ParallelTensor;
    if (m.numAttentionHeads % p.tensor != 0)
        r.c.error(IssueCode::TensorNotDividingHeads, tensor, p.tensor, m.numAttentionHeads);
    else if (m.isMla())
        ; // MLA: every head has its own K and V after the up-projection
    else if (!r.serving && m.numQueryGroups % p.tensor != 0)
        r.c.error(IssueCode::TensorNotDividingKvHeads, tensor, p.tensor, m.numQueryGroups);
    else if (r.serving && m.numQueryGroups < p.tensor && p.tensor % m.numQueryGroups != 0)
        r.c.error(IssueCode::KvHeadsNotDividingTensor, tensor, p.tensor, m.numQueryGroups);
    else if (r.serving && m.numQueryGroups >= p.tensor && m.numQueryGroups % p.tensor != 0)
        r.c.error(IssueCode::KvHeadsNotDividingTensor, tensor, p.tensor, m.numQueryGroups);
    else if (r.serving && m.numQueryGroups < p.tensor)
        r.c.info(IssueCode::KvHeadsReplicated, tensor, m.numQueryGroups, p.tensor);
}

/// Uneven virtual stages as Megatron allows them (TransformerConfig.__post_init__,
/// megatron/core/transformer/transformer_config.py @ d98e8a6): either explicit first/last-stage
/// layers, each end's and each middle stage's divisible by v, or the embedding/loss as pipeline
/// units, (layers + units) divisible by p·v — never both.
void checkUnevenVirtualStages(const Rules& r)
{
    const ModelArchitecture& m = r.s.model;
    const ParallelLayout& p = r.s.parallel;
    const int v = p.virtualPipeline;
    const bool ends = p.firstStageLayers > 0 || p.lastStageLayers > 0;
    if (ends && (p.embeddingCountsAsLayer || p.lossCountsAsLayer)) {
        r.c.error(IssueCode::PipelineEndsWithUnits, p.firstStageLayers > 0 ? Field::ParallelFirstStageLayers : Field::ParallelLastStageLayers);
        return;
    }
    if (!ends) {
        const long long all = (long long)m.numLayers + (p.embeddingCountsAsLayer ? 1 : 0) + (p.lossCountsAsLayer ? 1 : 0);
        const long long chunks = (long long)p.pipeline * v;
        if (all % chunks != 0)
            r.c.error(IssueCode::UnevenChunksNotDividing, Field::ParallelVirtualPipeline, double(all), double(chunks), v);
        return;
    }
    const long long endsSum = (long long)p.firstStageLayers + p.lastStageLayers;
    const int fixed = (p.firstStageLayers > 0 ? 1 : 0) + (p.lastStageLayers > 0 ? 1 : 0);
    const long long middle = m.numLayers - endsSum, middleChunks = (long long)(p.pipeline - fixed) * v;
    if (middle < 0 || (middleChunks == 0) != (middle == 0)) {
        r.c.error(IssueCode::StageLayersInvalid, p.firstStageLayers > 0 ? Field::ParallelFirstStageLayers : Field::ParallelLastStageLayers,
                  p.firstStageLayers, p.lastStageLayers, m.numLayers);
    } else if (p.firstStageLayers % v != 0) {
        r.c.error(IssueCode::UnevenChunksNotDividing, Field::ParallelFirstStageLayers, p.firstStageLayers, v, v);
    } else if (p.lastStageLayers % v != 0) {
        r.c.error(IssueCode::UnevenChunksNotDividing, Field::ParallelLastStageLayers, p.lastStageLayers, v, v);
    } else if (middleChunks > 0 && middle % middleChunks != 0) {
        r.c.error(IssueCode::UnevenChunksNotDividing, Field::ParallelVirtualPipeline, double(middle), double(middleChunks), v);
    }
}

/// The pipeline's stages share out the layers: at least one each, explicit ends that add up.
void checkPipelineAgainstLayers(const Rules& r)
{
    const ModelArchitecture& m = r.s.model;
    const ParallelLayout& p = r.s.parallel;
    const bool ends = p.firstStageLayers > 0 || p.lastStageLayers > 0;
    const bool units = p.embeddingCountsAsLayer || p.lossCountsAsLayer;
    if (p.pipeline > m.numLayers) {
        r.c.error(IssueCode::PipelineDeeperThanLayers, Field::ParallelPipeline, p.pipeline, m.numLayers);
    } else if (r.used(Field::ParallelVirtualPipeline) && p.virtualPipeline > 1 && p.pipeline > 1 && (ends || units)
               && r.passed({Field::ParallelFirstStageLayers, Field::ParallelLastStageLayers, Field::ParallelVirtualPipeline})) {
        checkUnevenVirtualStages(r);
    } else if (r.used(Field::ParallelVirtualPipeline) && p.virtualPipeline > 1 && m.numLayers % (p.pipeline * p.virtualPipeline) != 0) {
        r.c.error(IssueCode::VirtualStagesNotDividingLayers, Field::ParallelVirtualPipeline, double(p.pipeline) * p.virtualPipeline,
                  m.numLayers);
    } else if (p.pipeline > 1 && (p.firstStageLayers > 0 || p.lastStageLayers > 0)
               && r.passed({Field::ParallelFirstStageLayers, Field::ParallelLastStageLayers})) {
        // Explicit ends: the other stages need at least one layer each, and two stages with
        // both ends set must add up.
        const long long ends = (long long)p.firstStageLayers + p.lastStageLayers;
        const int fixed = (p.firstStageLayers > 0 ? 1 : 0) + (p.lastStageLayers > 0 ? 1 : 0);
        if (ends + (p.pipeline - fixed) > m.numLayers || (fixed == p.pipeline && ends != m.numLayers))
            r.c.error(IssueCode::StageLayersInvalid, p.firstStageLayers > 0 ? Field::ParallelFirstStageLayers : Field::ParallelLastStageLayers,
                      p.firstStageLayers, p.lastStageLayers, m.numLayers);
    } else if (p.pipeline > 1) {
        // The remainder goes to the middle stages (pipelineSplit): worth knowing, not wrong.
        const int units = m.numLayers + (p.embeddingCountsAsLayer ? 1 : 0) + (p.lossCountsAsLayer ? 1 : 0);
        if (units % p.pipeline != 0)
            r.c.info(IssueCode::UnevenPipelineSplit, Field::ParallelPipeline, units, p.pipeline, units % p.pipeline);
    }
}

/// Context parallelism splits the sequence (in 2 × CP chunks for load balance) and needs flash attention.
void checkContextParallel(const Rules& r)
{
    const ParallelLayout& p = r.s.parallel;
    const TrainingSetup& tr = r.s.training;
    if (!r.used(Field::ParallelContext))
        return;
    const bool seqOk = r.passed({Field::TrainingSeqLength});
    if (seqOk && tr.seqLength % p.context != 0)
        r.c.error(IssueCode::ContextNotDividingSequence, Field::ParallelContext, p.context, double(tr.seqLength));
    else if (seqOk && p.context > 1 && tr.seqLength % (2 * p.context) != 0)
        r.c.warning(IssueCode::ContextParallelImbalance, Field::ParallelContext, p.context, double(tr.seqLength));
    if (p.context > 1 && !tr.flashAttention)
        r.c.warning(IssueCode::ContextParallelWithoutFlash, Field::TrainingFlashAttention);
}

/// The global batch splits into micro-batches over the data-parallel replicas, enough to fill the pipeline.
void checkBatchSplit(const Rules& r)
{
    const ParallelLayout& p = r.s.parallel;
    const TrainingSetup& tr = r.s.training;
    if (!r.layoutOk || !r.passed({Field::TrainingMicroBatchSize}) || !r.passed({Field::TrainingGlobalBatchSize}) || r.serving)
        return;
    const long long perStep = tr.microBatchSize * (long long)p.dataParallel();
    const Field global = Field::TrainingGlobalBatchSize;
    if (tr.globalBatchSize % perStep != 0) {
        r.c.error(IssueCode::GlobalBatchNotDivisible, global, double(tr.globalBatchSize), double(perStep));
        return;
    }
    const long long micro = tr.globalBatchSize / perStep;
    // training.optimizer_in_backward steps each parameter in its post-accumulate-grad hook and
    // frees the gradient there: nothing is left to accumulate into. torchtune refuses the pair
    // (recipes/full_finetune_single_device.py @ 56bfafa, __init__: "Gradient accumulation is not
    // supported with optimizer in bwd").
    if (tr.optimizerInBackward && micro > 1 && r.used(Field::TrainingOptimizerInBackward))
        r.c.error(IssueCode::OptimizerInBackwardAccumulates, Field::TrainingOptimizerInBackward, double(micro));
    if (p.pipeline > 1 && micro < p.pipeline)
        r.c.warning(IssueCode::FewMicroBatches, global, double(micro), p.pipeline);
    if (p.virtualPipeline > 1 && micro % p.pipeline != 0)
        r.c.warning(IssueCode::InterleavedMicroBatches, Field::ParallelVirtualPipeline, double(micro), p.pipeline);
}

/// Hybrid sharding: the shard group divides the DP × CP group whose states it shards.
void checkShardGroup(const Rules& r)
{
    const ParallelLayout& p = r.s.parallel;
    if (p.shardGroup <= 0 || !r.used(Field::ParallelShardGroup) || !r.layoutOk || !r.passed({Field::ParallelShardGroup}))
        return;
    const long long group = (long long)p.dataParallel() * p.context;
    if (group > 0 && group % p.shardGroup != 0)
        r.c.error(IssueCode::ShardGroupNotDividing, Field::ParallelShardGroup, p.shardGroup, double(group));
}

/// The two-chunk schedules (ZB-V, DualPipe, DualPipeV) need a pipeline and place their own two
/// chunks on every rank; DualPipe runs an even number of ranks and DualPipe/DualPipeV at least two
/// micro-batches per rank, DualPipe an even number of them (deepseek-ai/DualPipe dualpipe.py and
/// dualpipev.py @ 3da1bbe, the asserts of step()).
void checkSchedule(const Rules& r)
{
    const ParallelLayout& p = r.s.parallel;
    const TrainingSetup& tr = r.s.training;
    const PpSchedule s = p.schedule;
    if (s == PpSchedule::OneFOneB || !r.used(Field::ParallelSchedule) || !r.layoutOk)
        return;
    const Field f = Field::ParallelSchedule;
    if (p.pipeline < 2) {
        r.c.error(IssueCode::ScheduleNeedsPipeline, f, p.pipeline);
        return;
    }
    if (p.virtualPipeline > 1) {
        r.c.error(IssueCode::ScheduleRunsItsOwnChunks, f, p.virtualPipeline);
        return;
    }
    if (s == PpSchedule::DualPipe && p.pipeline % 2 != 0) {
        r.c.error(IssueCode::ScheduleNeedsEvenPipeline, f, p.pipeline);
        return;
    }
    const long long perStep = tr.microBatchSize * (long long)p.dataParallel();
    if (s == PpSchedule::ZeroBubbleV || perStep <= 0 || !r.passed({Field::TrainingMicroBatchSize, Field::TrainingGlobalBatchSize})
        || tr.globalBatchSize % perStep != 0)
        return;
    const long long micro = tr.globalBatchSize / perStep;
    if (micro < 2LL * p.pipeline || (s == PpSchedule::DualPipe && micro % 2 != 0))
        r.c.error(IssueCode::ScheduleNeedsMicroBatches, f, double(micro), 2.0 * p.pipeline);
}

void checkLayout(Rules& r)
{
    r.layoutOk = r.passed({Field::ParallelGpus, Field::ParallelGpusPerNode, Field::ParallelTensor, Field::ParallelPipeline,
                           Field::ParallelVirtualPipeline, Field::ParallelContext});
    if (!r.layoutOk)
        return;
    checkLayoutShape(r);
    if (r.modelOk) {
        checkTensorAgainstHeads(r);
        checkPipelineAgainstLayers(r);
    }
    checkContextParallel(r);
    checkBatchSplit(r);
    checkSchedule(r);
    checkShardGroup(r);
}

void checkExperts(const Rules& r)
{
    const ModelArchitecture& m = r.s.model;
    const ParallelLayout& p = r.s.parallel;
    if (!r.layoutOk || !r.passed({Field::ParallelExpert, Field::ParallelExpertTensor}))
        return;
    if (!(r.modelOk && m.isMoE())) {
        if (p.expert > 1)
            r.c.warning(IssueCode::ExpertParallelWithoutExperts, Field::ParallelExpert, p.expert);
        return;
    }
    if (r.passed({Field::ModelMoeTopK}) && m.moeTopK > m.numExperts)
        r.c.error(IssueCode::TopKExceedsExperts, Field::ModelMoeTopK, m.moeTopK, m.numExperts);
    if (m.numExperts % p.expert != 0)
        r.c.error(IssueCode::ExpertNotDividingExperts, Field::ParallelExpert, p.expert, m.numExperts);
    const long long folded = (long long)p.pipeline * p.expert * p.effectiveExpertTensor();
    if (folded > p.gpus || p.gpus % folded != 0)
        r.c.error(IssueCode::ExpertLayoutNotDividingGpus, Field::ParallelExpert, double(folded), p.gpus);
}

void checkServing(const Rules& r)
{
    if (!r.serving)
        return;
    const InferenceSetup& in = r.s.inference;
    const ModelArchitecture& m = r.s.model;
    if (r.modelOk) {
        const WeightFormat f = in.weights.format;
        if ((f == WeightFormat::Int4 || f == WeightFormat::Int8) && in.weights.groupSize > m.hiddenSize)
            r.c.error(IssueCode::QuantGroupLargerThanRow, Field::InferenceQuantGroupSize, in.weights.groupSize, m.hiddenSize);
        if (m.maxPositionEmbeddings > 0 && in.context() > m.maxPositionEmbeddings)
            r.c.warning(IssueCode::ContextLongerThanModel, Field::InferencePromptLength, double(in.context()), m.maxPositionEmbeddings);
    }
    if (r.s.parallel.context > 1)
        r.c.warning(IssueCode::ContextParallelInServing, Field::ParallelContext);
    // A draft model must be given, and be smaller than the model it drafts for: each of its k
    // steps would otherwise cost a target step (Leviathan et al. 2023 §3.4: the speed-up needs
    // the drafter's cost c per step below 1).
    if (in.speculativeMethod == SpeculativeMethod::DraftModel && r.passed({Field::InferenceDraftParameters})) {
        if (!(in.draftParameters > 0)) {
            r.c.error(IssueCode::SpeculativeDraftNotGiven, Field::InferenceDraftParameters);
        } else if (r.modelOk) {
            const double target = m.hasArchitecture ? countParameters(m).total : m.parameters;
            if (target > 0 && in.draftParameters >= target)
                r.c.error(IssueCode::SpeculativeDraftTooLarge, Field::InferenceDraftParameters, in.draftParameters / 1e9, target / 1e9);
        }
    }
}

bool generatesRollouts(const Scenario& s)
{
    return s.mode == Mode::FineTune && s.finetune.rl.algorithm != RlAlgorithm::None;
}

void checkFineTune(const Rules& r)
{
    if (!generatesRollouts(r.s))
        return;
    const RlSetup& rl = r.s.finetune.rl;
    const TrainingSetup& tr = r.s.training;
    if (tr.seqLength < rl.promptLength + rl.maxNewTokens)
        r.c.warning(IssueCode::SequenceShorterThanRollout, Field::TrainingSeqLength, double(tr.seqLength),
                    double(rl.promptLength + rl.maxNewTokens));
}

void checkHardware(const Rules& r)
{
    const HardwareSetup& hw = r.s.hardware;
    const GpuSpec& g = hw.gpu;
    if (!(g.memoryBytes > 0))
        r.c.error(IssueCode::NoGpuMemory, Field::HardwareGpu);
    if (r.passed({Field::HardwareMfu}) && !(hw.achievedTflops > 0 && !r.serving) && hw.mfu > 0.75)
        r.c.warning(IssueCode::MfuUnrealistic, Field::HardwareMfu, hw.mfu);
    // Decoding is bandwidth-bound: serving and RL rollouts cannot be timed without it (0 is
    // "unknown" elsewhere).
    if ((r.serving || generatesRollouts(r.s)) && g.memoryBandwidthBytesPerSecond == 0) {
        const FieldInfo& bandwidth = fieldInfo(Field::GpuMemoryBandwidth);
        r.c.error(IssueCode::OutOfRange, bandwidth.field, 0, bandwidth.min, bandwidth.max);
    }
    if (r.passed({Field::HardwareOverheadFactor}) && hw.overheadFactor < 1)
        r.c.warning(IssueCode::OverheadBelowOne, Field::HardwareOverheadFactor, hw.overheadFactor);
}

} // namespace

void validate(const Scenario& s, std::vector<Issue>& issues)
{
    Checker c{issues};
    // Every field's own range first, in the table's order; then the rules between fields,
    // section by section in the file's order, each only where the fields it reads passed.
    const FieldUses uses = fieldUses(s); // core/rules: which fields the scenario's mode and model use
    const FieldSet failed = checkRanges(s, c, uses);
    Rules r{s, c, failed, uses, s.mode == Mode::Inference};
    checkModel(r);
    checkTraining(r);
    checkLayout(r);
    checkExperts(r);
    checkServing(r);
    checkFineTune(r);
    checkHardware(r);
}

bool hasErrors(const std::vector<Issue>& issues)
{
    for (const Issue& i : issues)
        if (i.severity == Severity::Error)
            return true;
    return false;
}

} // namespace core
