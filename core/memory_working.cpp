// The working of one stage's ledger: every number with its formula and substituted values.
// Only runs when the caller asks for explanations (the GUI's working panel, --explain).
#include <algorithm>
#include <array>

#include "core/estimate_context.h"
#include "core/finetune.h"
#include "core/training/lossimplementation.h"
#include "core/translatable.h"
#include "core/working.h"

namespace core {

namespace {
double get(const RankGroup& g, Component c) { return g.bytes[std::size_t(c)]; }
/// The eager norms' saved tensors under a frozen base (LoRA/QLoRA): the fp32 input only.
constexpr const char* kFrozenNormLabel =
    SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "RMSNorm fp32 input (two eager norms; frozen weights: autograd keeps no normalized output, PyTorch gen_variable_type.py guard_for)");
} // namespace

namespace {

/// The in-flight count's formula where it is not the table's (working.cpp in_flight_micro_batches):
/// the two-chunk schedules' own (core/pipeline.h twoChunkInFlight), Megatron's interleaved warm-up,
/// weighed by the chunks' layers when they are uneven (ResolvedLayout::inFlight).
std::string_view inFlightFormula(const ResolvedLayout& layout)
{
    switch (layout.schedule) {
    case PpSchedule::DualPipe: return "min(p + 1, m)  (DualPipe: deepseek-ai/DualPipe README @ 3da1bbe)";
    case PpSchedule::DualPipeV: return "min(p + 1/2, m)  (DualPipeV: PP + 1 of 2p half-size stages, the same README)";
    case PpSchedule::ZeroBubbleV: return "min(p, m)  (ZB-V: 1× 1F1B's peak on every rank, sail-sg README @ 39f2c18)";
    case PpSchedule::OneFOneB: break;
    }
    if (layout.unevenChunks())
        return "Σ held chunk-micro-batches × their chunk's layers / the stage's layers  (min(2(p−i−1) + (v−1)p + 1, v·m) held, in groups of p a chunk)";
    return layout.v > 1 ? "min(2(p−i−1) + (v−1)p + 1, v·m) / v" : "min(p − i, m)";
}

} // namespace

void explainStage(const EstimateContext& ctx, const StageLedger& L, const RankGroup& out, Working* w)
{
    const int stage = L.stage;
    const double linear = L.linear, other = L.other, experts = L.experts;
    const int moeLayers = L.kinds[LayerKind::Moe], denseLayers = L.kinds[LayerKind::Dense];
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const RuntimeOverheads& rt = s.runtime;
    const double t = ctx.layout.t;
    const double dz = ctx.layout.shardGroup;
    const int z = tr.zeroStage;
    const StateBytesPerParameter& st = ctx.layout.state;
    const bool first = stage == 0, last = stage == ctx.layout.p - 1;
    const double peakInFlight = out.inFlightMicroBatches;
    const double seqShard = ctx.layout.seqShard;
    const double resident = out.residentParameters;
    const double optimizerBytes = L.persistent[std::size_t(Component::OptimizerStates)] + L.persistent[std::size_t(Component::PagedOptimizerStates)];
    if (ctx.layout.p > 1)
        w->add(Term::StageLayers, stage, double(L.layers),
               {{"L", double(ctx.shape.numLayers), Unit::Count}, {"p", double(ctx.layout.p), Unit::Count}, {"i", double(stage), Unit::Count},
                {"first stage", double(ctx.layout.split.firstCount), Unit::Count}, {"last stage", double(ctx.layout.split.lastCount), Unit::Count}},
               {}, s.parallel.firstStageLayers > 0 || s.parallel.lastStageLayers > 0 ? "first/last stage as set, the rest split evenly"
                   : s.parallel.embeddingCountsAsLayer || s.parallel.lossCountsAsLayer ? "(L + embedding + loss) / p, the embedding and loss counting as layers"
                                                                                        : "L / p, the remainder on the middle stages");

    if (ctx.layout.countOnly)
        w->add(Term::ResidentParameters, stage, resident,
               {{"Ψ", ctx.params.total, Unit::Count}, {"t", t, Unit::Count}, {"p", double(ctx.layout.p), Unit::Count}}, {},
               "P = Ψ / (t·p)  (count-only model: split evenly over the stages)");
    else
        w->add(Term::ResidentParameters, stage, resident,
               {{"dense layers", double(denseLayers), Unit::Count}, {"MoE layers", double(moeLayers), Unit::Count},
                {"TP-sharded matrices", linear, Unit::Count}, {"replicated (norms, biases, routers) + embedding/output", other, Unit::Count},
                {"routed experts (÷ EP·ETP)", experts, Unit::Count}});
    if (!ctx.layout.adapters) {
        w->add(Term::Weights, stage, get(out, Component::Weights),
               {{"w", st.weights, Unit::BytesPerParameter}, {"P", resident, Unit::Count}, {"D_z", z >= 3 ? dz : 1, Unit::Count}}, {},
               tr.offloadParameters ? "0 (weights offloaded to CPU; gathered per module)" : (z >= 3 ? "w·P / D_z" : "w·P"));
        w->add(Term::Gradients, stage, L.persistent[std::size_t(Component::Gradients)],
               {{"g", st.gradients, Unit::BytesPerParameter}, {"P", resident, Unit::Count}, {"D_z", z >= 2 ? dz : 1, Unit::Count}}, {},
               tr.offloadOptimizer        ? "0 (gradients streamed to CPU)"
               : tr.optimizerInBackward ? "g × the largest parameter tensor (step in backward: each gradient freed by its step)"
                                        : (z >= 2 ? "g·P / D_z" : "g·P"));
        w->add(Term::OptimizerStates, stage, optimizerBytes,
               {{"master", st.master, Unit::BytesPerParameter}, {"moments", st.moments, Unit::BytesPerParameter},
                {"P", resident, Unit::Count}, {"D_z", z >= 1 ? dz : 1, Unit::Count}}, {},
               tr.offloadOptimizer ? "0 (optimizer offloaded to CPU)" : (z >= 1 ? "(master + moments)·P / D_z" : "(master + moments)·P"));
        if (experts > 0)
            w->add(Term::ExpertShards, stage, double(ctx.layout.expertShards),
                   {{"n", double(s.parallel.gpus), Unit::Count}, {"p", double(ctx.layout.p), Unit::Count},
                    {"EP", double(s.parallel.expert), Unit::Count}, {"ETP", double(s.parallel.effectiveExpertTensor()), Unit::Count}});
    } else {
        // A quantized output layer beside a 16-bit embedding counts with the linear layers.
        w->add(Term::FrozenBase, stage, get(out, Component::Weights),
               {{"bytes/param (linear)", ctx.frozenLinearBytes, Unit::BytesPerParameter}, {"linear", linear + experts + L.quantizedOutput, Unit::Count},
                {"bytes/param (other)", ctx.frozenOtherBytes, Unit::BytesPerParameter}, {"other", other - L.quantizedOutput, Unit::Count}});
        w->add(Term::AdapterStates, stage, get(out, Component::AdapterWeights),
               {{"r", double(s.finetune.loraRank), Unit::Count}, {"adapters (model)", ctx.adapterParameters, Unit::Count},
                {"w", st.weights, Unit::BytesPerParameter}, {"D_z", z >= 3 ? dz : 1, Unit::Count}},
               {}, "w · adapters on this GPU (÷ D_z with ZeRO-3)");
        w->add(Term::Gradients, stage, L.persistent[std::size_t(Component::Gradients)],
               {{"g", st.gradients, Unit::BytesPerParameter}, {"D_z", z >= 2 ? dz : 1, Unit::Count}}, {},
               "g · adapters (the frozen base has no gradients)");
        w->add(Term::OptimizerStates, stage, optimizerBytes,
               {{"master", st.master, Unit::BytesPerParameter}, {"moments", st.moments, Unit::BytesPerParameter}, {"D_z", z >= 1 ? dz : 1, Unit::Count}},
               {},
               adapterMomentsInAdapterDtype(s)
                   ? "(master + moments) · adapters (the frozen base has no optimizer state; moments in the adapters' bf16: torch.optim zeros_like(p))"
                   : "(master + moments) · adapters (the frozen base has no optimizer state)");
    }
    // The textbook's sum (ZeRO §3.1: parameters + gradients + optimizer states): what the bar's bracket shows.
    const double states = out.categoryBytes(Category::Parameters) + out.categoryBytes(Category::Gradients)
        + out.categoryBytes(Category::OptimizerStates);
    static constexpr std::string_view kStateFormula[] = {"P·(w + g + o)", "P·(w + g + o/D_z)", "P·(w + (g + o)/D_z)", "P·(w + g + o)/D_z"};
    if (!ctx.layout.adapters && !ctx.layout.rl)
        w->add(Term::ModelStates, stage, states,
               {{"P", resident, Unit::Count}, {"w", st.weights, Unit::BytesPerParameter}, {"g", st.gradients, Unit::BytesPerParameter},
                {"o", st.optimizer(), Unit::BytesPerParameter}, {"D_z", dz, Unit::Count}},
               {}, tr.offloadOptimizer || tr.offloadParameters ? "what stays on the GPU of P·(w + g + o) (the rest is offloaded)" : kStateFormula[std::clamp(z, 0, 3)]);
    else
        w->add(Term::ModelStates, stage, states,
               {{"parameters", out.categoryBytes(Category::Parameters), Unit::Bytes}, {"gradients", out.categoryBytes(Category::Gradients), Unit::Bytes},
                {"optimizer", out.categoryBytes(Category::OptimizerStates), Unit::Bytes}},
               {}, "parameters (frozen and trained models) + gradients + optimizer states");
    if (out.cpuOffloadBytes > 0)
        w->add(Term::CpuOffload, stage, out.cpuOffloadBytes,
               {{"o", st.optimizer(), Unit::BytesPerParameter}, {"w", tr.offloadParameters ? st.weights : 0, Unit::BytesPerParameter},
                {"P", resident, Unit::Count}, {"D_z", dz, Unit::Count}});
    for (LayerKind kind : kModelledKinds) {
        if (L.kinds[kind] == 0)
            continue;
        const LayerActivations* layer = &ctx.kinds[std::size_t(kind)].activations;
        for (int i = 0; i < layer->count; ++i) {
            const SavedTensor& tensor = layer->tensors[std::size_t(i)];
            const TensorInfo& info = tensorInfo(tensor.kind);
            const bool tp = info.split == TensorSplit::TensorSharded;
            // A frozen base's norms keep only their fp32 input (activations.cpp: frozenNorms).
            const bool frozenNorm = tensor.kind == TensorKind::EagerNormTensors && ctx.layout.adapters;
            w->add(Term::SavedTensor, stage, tensor.bytes,
                   {{"s", double(tr.seqLength) / ctx.layout.c, Unit::Tokens}, {"b", double(tr.microBatchSize), Unit::Count},
                    {tp ? "t" : "t_sp", tp ? t : seqShard, Unit::Count}},
                   frozenNorm ? kFrozenNormLabel : info.label, frozenNorm ? "2 × 4·s·b·h" : info.formula, info.id);
        }
        w->add(Term::LayerActivationsPerMicroBatch, stage, layer->total,
               {{"Table 2 terms", layer->paperTotal, Unit::Bytes}, {"extras", layer->total - layer->paperTotal, Unit::Bytes}}, {},
               kind == LayerKind::Moe ? "Σ saved tensors of an MoE layer" : std::string_view{});
    }
    w->add(Term::InFlightMicroBatches, stage, out.inFlightMicroBatches,
           {{"p", double(ctx.layout.p), Unit::Count}, {"i", double(stage), Unit::Count}, {"m", double(ctx.layout.micro), Unit::Count},
            {"v", double(ctx.layout.v), Unit::Count}},
           {}, inFlightFormula(ctx.layout));
    const double inFlight = peakInFlight;
    w->add(Term::LayerActivations, stage, inFlight * L.activationsPerMicroBatch,
           {{"A_layer", ctx.kinds[std::size_t(LayerKind::Dense)].activations.total, Unit::Bytes}, {"n_layers", double(out.layers), Unit::Count},
            {"in flight", inFlight, Unit::Count}},
           {}, tr.activationOffload ? "min(n_layers, 2) × A_layer × in flight (activation offloading: the rest in host memory)" : std::string_view{});
    const double T = ctx.layout.tokensPerMicroBatch;
    const double h = ctx.shape.hiddenSize;
    const double V = ctx.params.paddedVocab;
    const LossImplementation loss = resolvedLossImplementation(ctx.scenario.training.lossImplementation, ctx.layout.framework);
    if (first)
        w->add(Term::EmbeddingActivations, stage, inFlight * L.embeddingPerMicroBatch,
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"in flight", inFlight, Unit::Count}}, {},
               ctx.shape.dropout ? "(8·s·b + s·b·h / t_sp) × in flight" : "8·s·b × in flight (no dropout mask)");
    if (last && L.phase != StagePhase::Rollout) {
        w->add(Term::OutputActivations, stage, L.outputHeld,
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"V", V, Unit::Count}, {"t", t, Unit::Count},
                {"held", ctx.buffers.loss.held, Unit::Count}},
               {}, "2·2·s·b·h / t_sp + held·s·b·V / t");
        w->add(Term::LossWorkspace, stage, std::max(L.lossForward, L.lossBackward),
               {{"s·b·V/t", ctx.logitElements, Unit::Count}, {"forward", L.lossForward, Unit::Bytes}, {"backward", L.lossBackward, Unit::Bytes}},
               {}, lossFormula(loss));
    }
    if (L.recompute > 0) {
        std::string_view formula;
        if (tr.recompute == Recompute::Full)
            formula = "Σ saved tensors of one layer without recomputation";
        else if (ctx.kinds[std::size_t(LayerKind::Dense)].activations.recomputeWorkspace > 0 && s.training.framework == Framework::Fsdp2)
            formula = "one layer's tensors the per-op checkpoint did not save (rerun in backward)";
        else if (ctx.shape.dropout)
            formula = "5·a·s²·b / t (softmax 2·a·s²·b, dropout mask a·s²·b, dropout output 2·a·s²·b of one layer)";
        else
            formula = "2·a·s²·b / t (the softmax of one layer; no dropout)";
        w->add(Term::RecomputeWorkspace, stage, L.recompute,
               {{"a", double(ctx.shape.numAttentionHeads), Unit::Count}, {"s", double(tr.seqLength) / ctx.layout.c, Unit::Tokens},
                {"b", double(tr.microBatchSize), Unit::Count}, {"t", t, Unit::Count}},
               {}, formula);
    }
    if (L.activationGradients > 0)
        w->add(Term::ActivationGradients, stage, L.activationGradients,
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"F", double(ctx.shape.ffnHiddenSize), Unit::Count}, {"t", t, Unit::Count}});
    const double buckets = L.persistent[std::size_t(Component::CommBuckets)] + L.commBackward;
    {
        std::string_view formula;
        if (rt.commBucketBytes > 0)
            formula = ctx.layout.shardGroup > 1 ? "as set (runtime.comm_bucket_bytes)" : "0 (no data parallelism: nothing to reduce)";
        else if (ctx.layout.framework == Framework::Megatron)
            formula = "0: buckets are views of the contiguous grad buffer, reduced in place";
        else if (ctx.layout.framework == Framework::Ddp)
            formula = ctx.layout.shardGroup <= 1 ? "0 (one replica: no DistributedDataParallel)"
                      : rt.gradientAsBucketView ? "0 (gradient_as_bucket_view: the gradients are the buckets)"
                                                : "g · trainable parameters (gradient_as_bucket_view=False keeps a bucket copy)";
        else if (ctx.layout.framework == Framework::DeepSpeed)
            formula = z == 3 ? "reduce_bucket_size × 2 B, kept (stage 3)" : z >= 1 ? "reduce_bucket_size × 2 B during the backward (ipg buffer)" : "0";
        else
            formula = "0 (FSDP2's reduce-scatter inputs are counted with the gathered weights)";
        w->add(Term::CommBuckets, stage, buckets,
               {{"reduce_bucket_size", rt.reduceBucketElements, Unit::Count}, {"D_z", dz, Unit::Count}}, {}, formula);
    }
    const double gathered = std::max({L.gatheredForward, L.gatheredBackward, L.gatheredLoss});
    if (gathered > 0)
        w->add(Term::Zero3GatherBuffers, stage, gathered,
               {{"modules", rt.zero3PrefetchModules, Unit::Count},
                {"w", ctx.layout.adapters ? (ctx.layout.framework == Framework::Fsdp2 ? frozenLinearBytes(ctx.scenario.finetune.base, ctx.shape) : 2.0) : st.weights,
                 Unit::BytesPerParameter},
                {"ℓ", ctx.largestModuleParams, Unit::Count}, {"forward", L.gatheredForward, Unit::Bytes}, {"backward", L.gatheredBackward, Unit::Bytes}},
               {}, ctx.layout.framework == Framework::Fsdp2 && ctx.layout.adapters
                   ? "FSDP, frozen base: forward 3 × w·ℓ, backward 2 × w·ℓ (w as stored, no gradients), + root unsharded (2 B each)"
                   : ctx.layout.framework == Framework::Fsdp2 && ctx.layout.p > 1 && tr.zeroStage >= 2 // core/training/fsdppipeline.cpp
                   ? "FSDP2 under PP: the stage unsharded, (2 + r) B per stage parameter (bf16 weights, gradients accumulated in the reduce dtype), + 2ℓ at a layer's backward"
                   : ctx.layout.framework == Framework::Fsdp2 ? "FSDP2: forward 3 × 2ℓ, backward (2·2 + 2 + 2r)·ℓ, + root unsharded (2 B each) and its gradients"
                   : ctx.layout.framework == Framework::Ddp ? "2 B × weights: torch.autocast's bf16 copies, saved for backward"
                                                     : "modules × w × ℓ (largest module per TP rank)");
    if (L.dispatch > 0)
        w->add(Term::MoeDispatchBuffers, stage, L.dispatch,
               {{"s·b", T, Unit::Tokens}, {"k", double(ctx.shape.moeTopK), Unit::Count}, {"CF", tr.moeCapacityFactor, Unit::Count},
                {"h", h, Unit::Count}});
    if (L.dequant > 0)
        w->add(Term::DequantWorkspace, stage, L.dequant,
               {{"h", h, Unit::Count}, {"F", double(ctx.shape.ffnHiddenSize), Unit::Count}, {"t", t, Unit::Count}});
    if (L.outputDequant > 0)
        w->add(Term::DequantWorkspace, stage, L.outputDequant,
               {{"V", double(ctx.params.paddedVocab), Unit::Count}, {"h", h, Unit::Count}, {"t", t, Unit::Count}}, {},
               "2 B · V·h / t (the quantized output layer, at the loss)");
    if (L.bnbRetained > 0)
        w->add(Term::BnbRetainedInputs, stage, L.bnbRetained,
               {{"dense layers", double(L.kinds[LayerKind::Dense]), Unit::Count}, {"s·b", T, Unit::Tokens}, {"h", h, Unit::Count},
                {"a·d", double(ctx.shape.numAttentionHeads) * ctx.shape.effectiveHeadDim(), Unit::Count},
                {"F", double(ctx.shape.ffnHiddenSize), Unit::Count}, {"t", t, Unit::Count}});
    if (L.optimizerTemporaries > 0)
        w->add(Term::OptimizerStepTemporaries, stage, L.optimizerTemporaries,
               {{"per parameter", ctx.buffers.optimizerTempPerParam, Unit::BytesPerParameter}, {"D_z", z >= 1 ? dz : 1, Unit::Count}}, {},
               ctx.layout.framework == Framework::Megatron ? "4 B × gradient shard: .float() of the 16-bit grad buffer"
                   : ctx.layout.framework == Framework::DeepSpeed ? "4 B × gradient partition (fp32 single_grad_partition)"
                   : tr.optimizerInBackward ? "moment bytes × the largest parameter tensor: one parameter's step at a time"
                                                           : "moment bytes × parameters: foreach Adam's sqrt of exp_avg_sq");
    if (get(out, Component::PagedOptimizerStates) > 0 || L.persistent[std::size_t(Component::PagedOptimizerStates)] > 0)
        w->add(Term::PagedOptimizerStates, stage, L.persistent[std::size_t(Component::PagedOptimizerStates)],
               {{"moments", st.moments, Unit::BytesPerParameter}});
    if (ctx.layout.rl) {
        const RlSetup& rl = s.finetune.rl;
        w->add(Term::ReferenceWeights, stage, get(out, Component::ReferenceWeights), {{"P", resident, Unit::Count}}, {},
               !rl.reference ? "0 (no KL reference)"
               : ctx.layout.adapters ? "0 (the reference is the frozen base with the adapters disabled)"
               : rl.referenceOffload ? "0 (offloaded to CPU)" : "bytes(format)·P (÷ D_z with ZeRO-3)");
        if (rl.rewardModel)
            w->add(Term::RewardWeights, stage, get(out, Component::RewardWeights),
                   {{"Ψ_reward", rl.rewardParameters > 0 ? rl.rewardParameters : ctx.params.total, Unit::Count}, {"t", t, Unit::Count},
                    {"p", double(ctx.layout.p), Unit::Count}});
        if (rl.critic) {
            w->add(Term::CriticStates, stage, get(out, Component::CriticWeights), {{"P", resident, Unit::Count}});
            if (get(out, Component::CriticGradients) > 0)
                w->add(Term::CriticGradients, stage, get(out, Component::CriticGradients), {{"P", resident, Unit::Count}});
            if (get(out, Component::CriticOptimizerStates) > 0)
                w->add(Term::CriticOptimizerStates, stage, get(out, Component::CriticOptimizerStates), {{"P", resident, Unit::Count}});
        }
        if (get(out, Component::RolloutWeights) > 0 || get(out, Component::RolloutKvCache) > 0) {
            w->add(Term::RolloutWeights, stage, get(out, Component::RolloutWeights),
                   {{"Ψ", ctx.params.total, Unit::Count}, {"TP_rollout", double(rl.rolloutTensor), Unit::Count}});
            w->add(Term::RolloutKvCache, stage, get(out, Component::RolloutKvCache),
                   {{"fraction", rl.rolloutMemoryFraction, Unit::Fraction}, {"capacity", s.hardware.gpu.memoryBytes, Unit::Bytes},
                    {"rollout weights", ctx.rlRoles.rolloutWeightBytes, Unit::Bytes}});
        }
    }
    w->add(Term::LibraryWorkspaces, stage, L.persistent[std::size_t(Component::LibraryWorkspaces)],
           {{"cuBLAS", rt.cublasWorkspaceBytes, Unit::Bytes}, {"handles", 2, Unit::Count}});
    w->add(Term::CudaContext, stage, rt.cudaContextBytes, {});
    if (L.persistent[std::size_t(Component::NcclBuffers)] > 0)
        w->add(Term::NcclBuffers, stage, L.persistent[std::size_t(Component::NcclBuffers)],
               {{"communicators", L.persistent[std::size_t(Component::NcclBuffers)] / rt.ncclBytesPerCommunicator, Unit::Count},
                {"per communicator", rt.ncclBytesPerCommunicator, Unit::Bytes}});
    w->add(Term::Fragmentation, stage, get(out, Component::Fragmentation),
           {{"f", rt.fragmentationFraction, Unit::Fraction}, {"allocated during the step", std::max(0.0, out.allocatedBytes - L.loadOnce), Unit::Bytes},
            {"cached loss block", L.lossCached, Unit::Bytes}},
           {}, rt.expandableSegments ? "allocated rounded up to 20 MiB pages (expandable segments)" : std::string_view{});
    // The peak: every moment of the step, the largest one's components are the bar.
    const std::array<const char*, kStepMomentCount> symbols = {"forward", "loss forward", "loss backward", "backward", "optimizer",
                                                               "rollout", "prefill", "sampler"};
    std::vector<Substitution> moments;
    for (std::size_t i = 0; i < kStepMomentCount; ++i)
        if (out.momentBytes[i] > 0)
            moments.push_back({symbols[i], out.momentBytes[i], Unit::Bytes});
    w->add(Term::PeakMoment, stage, out.allocatedBytes, {}, {}, stepMomentLabel(out.peakMoment));
    w->setSubstitutions(w->lines().size() - 1, std::move(moments));
}

} // namespace core
