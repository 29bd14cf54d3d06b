// The working of one stage's ledger: every number with its formula and substituted values.
// Only runs when the caller asks for explanations (the GUI's working panel, --explain).
#include <algorithm>

#include "core/estimate_context.h"
#include "core/working.h"

namespace core {

namespace {
double get(const RankGroup& g, Component c) { return g.bytes[std::size_t(c)]; }
} // namespace

void explainStage(const EstimateContext& ctx, int stage, const RankGroup& out, double linear, double other, double experts,
                  int denseLayers, int moeLayers, Working* w)
{
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const RuntimeOverheads& rt = s.runtime;
    const double t = ctx.t;
    const double dz = ctx.zeroShards;
    const int z = tr.zeroStage;
    const StateBytesPerParameter& st = ctx.state;
    const bool first = stage == 0, last = stage == ctx.p - 1;
    const double seqShard = (s.parallel.sequenceParallel && ctx.t > 1) ? t : 1.0;
    const double resident = out.residentParameters;

    if (ctx.countOnly)
        w->add(Term::ResidentParameters, stage, resident,
               {{"Ψ", ctx.params.total, Unit::Count}, {"t", t, Unit::Count}, {"p", double(ctx.p), Unit::Count}}, {},
               "P = Ψ / (t·p)  (count-only model: split evenly, seed 1 §6.2)");
    else
        w->add(Term::ResidentParameters, stage, resident,
               {{"dense layers", double(denseLayers), Unit::Count}, {"MoE layers", double(moeLayers), Unit::Count},
                {"TP-sharded matrices", linear, Unit::Count}, {"replicated (norms, biases, routers) + embedding/output", other, Unit::Count},
                {"routed experts (÷ EP·ETP)", experts, Unit::Count}});
    if (!ctx.adapters) {
        w->add(Term::Weights, stage, get(out, Component::Weights),
               {{"w", st.weights, Unit::BytesPerParameter}, {"P", resident, Unit::Count}, {"D_z", z >= 3 ? dz : 1, Unit::Count}}, {},
               tr.offloadParameters ? "0 (weights offloaded to CPU; gathered per module)" : (z >= 3 ? "w·P / D_z" : "w·P"));
        w->add(Term::Gradients, stage, get(out, Component::Gradients),
               {{"g", st.gradients, Unit::BytesPerParameter}, {"P", resident, Unit::Count}, {"D_z", z >= 2 ? dz : 1, Unit::Count}}, {},
               tr.offloadOptimizer ? "0 (gradients streamed to CPU)" : (z >= 2 ? "g·P / D_z" : "g·P"));
        w->add(Term::OptimizerStates, stage, get(out, Component::OptimizerStates),
               {{"master", st.master, Unit::BytesPerParameter}, {"moments", st.moments, Unit::BytesPerParameter},
                {"P", resident, Unit::Count}, {"D_z", z >= 1 ? dz : 1, Unit::Count}}, {},
               tr.offloadOptimizer ? "0 (optimizer offloaded to CPU)" : (z >= 1 ? "(master + moments)·P / D_z" : "(master + moments)·P"));
        if (experts > 0)
            w->add(Term::ExpertShards, stage, double(ctx.expertShards),
                   {{"n", double(s.parallel.gpus), Unit::Count}, {"p", double(ctx.p), Unit::Count},
                    {"EP", double(s.parallel.expert), Unit::Count}, {"ETP", double(s.parallel.effectiveExpertTensor()), Unit::Count}});
    } else {
        w->add(Term::FrozenBase, stage, get(out, Component::Weights),
               {{"bytes/param (linear)", ctx.frozenLinearBytes, Unit::BytesPerParameter}, {"linear", linear + experts, Unit::Count},
                {"bytes/param (other)", ctx.frozenOtherBytes, Unit::BytesPerParameter}, {"other", other, Unit::Count}});
        w->add(Term::AdapterStates, stage, get(out, Component::AdapterWeights),
               {{"r", double(s.finetune.loraRank), Unit::Count}, {"adapters (model)", ctx.adapterParameters, Unit::Count},
                {"w", st.weights, Unit::BytesPerParameter}, {"D_z", z >= 3 ? dz : 1, Unit::Count}},
               {}, "w · adapters on this GPU (÷ D_z with ZeRO-3)");
        w->add(Term::Gradients, stage, get(out, Component::Gradients),
               {{"g", st.gradients, Unit::BytesPerParameter}, {"D_z", z >= 2 ? dz : 1, Unit::Count}}, {},
               "g · adapters (the frozen base has no gradients)");
        w->add(Term::OptimizerStates, stage, get(out, Component::OptimizerStates),
               {{"master", st.master, Unit::BytesPerParameter}, {"moments", st.moments, Unit::BytesPerParameter}, {"D_z", z >= 1 ? dz : 1, Unit::Count}},
               {}, "(master + moments) · adapters (the frozen base has no optimizer state)");
    }
    // The textbook's sum (seed 1 §1.1: 参数 + 梯度 + 优化器): what the bar's bracket shows.
    const double states = out.categoryBytes(Category::Parameters) + out.categoryBytes(Category::Gradients)
        + out.categoryBytes(Category::OptimizerStates);
    static constexpr std::string_view kStateFormula[] = {"P·(w + g + o)", "P·(w + g + o/D_z)", "P·(w + (g + o)/D_z)", "P·(w + g + o)/D_z"};
    if (!ctx.adapters && !ctx.rl)
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
    for (const LayerActivations* layer : {&ctx.layer, &ctx.moeLayer}) {
        if ((layer == &ctx.layer && denseLayers == 0) || (layer == &ctx.moeLayer && moeLayers == 0))
            continue;
        for (int i = 0; i < layer->count; ++i) {
            const SavedTensor& tensor = layer->tensors[std::size_t(i)];
            const TensorInfo& info = tensorInfo(tensor.kind);
            const bool tp = info.split == TensorSplit::TensorSharded;
            w->add(Term::SavedTensor, stage, tensor.bytes,
                   {{"s", double(tr.seqLength) / ctx.c, Unit::Tokens}, {"b", double(tr.microBatchSize), Unit::Count},
                    {tp ? "t" : "t_sp", tp ? t : seqShard, Unit::Count}},
                   info.label, info.formula, info.id);
        }
        w->add(Term::LayerActivationsPerMicroBatch, stage, layer->total,
               {{"Table 2 terms", layer->paperTotal, Unit::Bytes}, {"extras", layer->total - layer->paperTotal, Unit::Bytes}}, {},
               layer == &ctx.moeLayer ? "Σ saved tensors of an MoE layer" : std::string_view{});
    }
    w->add(Term::InFlightMicroBatches, stage, out.inFlightMicroBatches,
           {{"p", double(ctx.p), Unit::Count}, {"i", double(stage), Unit::Count}, {"m", double(ctx.micro), Unit::Count},
            {"v", double(ctx.v), Unit::Count}},
           {}, ctx.v > 1 ? "min(2(p−i−1) + (v−1)p + 1, v·m) / v" : "min(p − i, m)");
    w->add(Term::LayerActivations, stage, get(out, Component::LayerActivations),
           {{"A_layer", ctx.layer.total, Unit::Bytes}, {"n_layers", double(out.layers), Unit::Count},
            {"in flight", out.inFlightMicroBatches, Unit::Count}});
    const double T = ctx.tokensPerMicroBatch;
    const double h = ctx.shape.hiddenSize;
    if (first)
        w->add(Term::EmbeddingActivations, stage, get(out, Component::EmbeddingActivations),
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"in flight", out.inFlightMicroBatches, Unit::Count}}, {},
               ctx.shape.dropout ? "(8·s·b + s·b·h / t_sp) × in flight" : "8·s·b × in flight (no dropout mask)");
    if (last)
        w->add(Term::OutputActivations, stage, get(out, Component::OutputActivations),
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"V", ctx.params.paddedVocab, Unit::Count}, {"t", t, Unit::Count}});
    if (get(out, Component::RecomputeWorkspace) > 0)
        w->add(Term::RecomputeWorkspace, stage, get(out, Component::RecomputeWorkspace), {}, {},
               tr.recompute == Recompute::Full ? "Σ saved tensors of one layer without recomputation" : "5·a·s²·b / t (attention core of one layer)");
    w->add(Term::CommBuckets, stage, get(out, Component::CommBuckets), {{"bucket bytes", rt.commBucketBytes, Unit::Bytes}, {"D_z", dz, Unit::Count}},
           {}, ctx.zeroShards > 1 ? "bucket_cap × 2 in flight" : "0 (no data parallelism: nothing to reduce)");
    if (z == 3)
        w->add(Term::Zero3GatherBuffers, stage, get(out, Component::Zero3GatherBuffers),
               {{"modules", rt.zero3PrefetchModules, Unit::Count}, {"w", ctx.adapters ? 2.0 : st.weights, Unit::BytesPerParameter},
                {"ℓ", ctx.largestModuleParams, Unit::Count}});
    if (get(out, Component::MoeDispatchBuffers) > 0)
        w->add(Term::MoeDispatchBuffers, stage, get(out, Component::MoeDispatchBuffers),
               {{"s·b", T, Unit::Tokens}, {"k", double(ctx.shape.moeTopK), Unit::Count}, {"CF", tr.moeCapacityFactor, Unit::Count},
                {"h", h, Unit::Count}});
    if (get(out, Component::DequantWorkspace) > 0)
        w->add(Term::DequantWorkspace, stage, get(out, Component::DequantWorkspace),
               {{"h", h, Unit::Count}, {"F", double(ctx.shape.ffnHiddenSize), Unit::Count}, {"t", t, Unit::Count}});
    if (ctx.rl) {
        const RlSetup& rl = s.finetune.rl;
        w->add(Term::ReferenceWeights, stage, get(out, Component::ReferenceWeights), {{"P", resident, Unit::Count}}, {},
               !rl.reference ? "0 (no KL reference)"
               : ctx.adapters ? "0 (the reference is the frozen base with the adapters disabled)"
               : rl.referenceOffload ? "0 (offloaded to CPU)" : "bytes(format)·P (÷ D_z with ZeRO-3)");
        if (rl.rewardModel)
            w->add(Term::RewardWeights, stage, get(out, Component::RewardWeights),
                   {{"Ψ_reward", rl.rewardParameters > 0 ? rl.rewardParameters : ctx.params.total, Unit::Count}, {"t", t, Unit::Count},
                    {"p", double(ctx.p), Unit::Count}});
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
                    {"rollout weights", ctx.rolloutWeightBytes, Unit::Bytes}});
        }
    }
    w->add(Term::CudaContext, stage, rt.cudaContextBytes, {});
    w->add(Term::Fragmentation, stage, get(out, Component::Fragmentation),
           {{"f", rt.fragmentationFraction, Unit::Fraction}, {"allocated", out.totalBytes - rt.cudaContextBytes - get(out, Component::Fragmentation), Unit::Bytes}});
}

} // namespace core
