#include "core/estimate_context.h"
#include "core/pipeline.h"
#include "core/working.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

double sequenceShard(const EstimateContext& ctx)
{
    return (ctx.scenario.parallel.sequenceParallel && ctx.t > 1) ? double(ctx.t) : 1.0;
}

} // namespace

void prepareStages(EstimateContext& ctx)
{
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const double t = ctx.t;

    // Parameters this GPU owns before ZeRO: TP divides the matrices, PP the layers.
    if (ctx.countOnly) {
        ctx.stageParams = ctx.params.total / (t * ctx.p); // Ψ/(t·p) on every stage (seed 1 §6.2)
    } else {
        ctx.layerParams = ctx.layerShardedParams + ctx.layerReplicatedParams;
        ctx.firstStageParams = ctx.params.embedding / t + ctx.params.positionEmbedding;
        // Tied embeddings with PP > 1: the last stage keeps its own copy of the word embedding
        // for the output layer, synchronised by an all-reduce (Megatron).
        const double outputLayer = ctx.shape.tiedEmbeddings ? (ctx.p > 1 ? ctx.params.embedding : 0) : ctx.params.outputLayer;
        ctx.lastStageParams = ctx.params.finalNorm + outputLayer / t;
    }

    // Model states: ZeRO shards optimizer (≥1), gradients (≥2), weights (3) over D_z ranks.
    const double dz = ctx.zeroShards;
    const int z = tr.zeroStage;
    const StateBytesPerParameter& st = ctx.state;
    ctx.weightBytesPerParam = tr.offloadParameters ? 0 : st.weights * (z >= 3 ? 1 / dz : 1.0);
    ctx.gradientBytesPerParam = tr.offloadOptimizer ? 0 : st.gradients * (z >= 2 ? 1 / dz : 1.0);
    ctx.optimizerBytesPerParam = tr.offloadOptimizer ? 0 : st.optimizer() * (z >= 1 ? 1 / dz : 1.0);
    // ZeRO-Offload: optimizer states and an fp32 gradient copy live in CPU memory and the
    // optimizer step runs there (DeepSpeed estimate_zero2/3_model_states_mem_needs: 16 or 18 B).
    ctx.cpuBytesPerParam = ((tr.offloadOptimizer ? st.optimizer() + 4 : 0) + (tr.offloadParameters ? st.weights : 0)) / dz;

    // Megatron theoretical_memory_usage.py: input ids 8sb and the embedding dropout mask sbh
    // per micro-batch on the first stage; final norm and output-layer inputs (2sbh each, ÷t
    // with SP) and the fp32 logits of the vocab-parallel cross entropy (4sbV/t) on the last.
    ctx.baseLayersPerStage = ctx.shape.numLayers / ctx.p;
    ctx.stagesWithExtraLayer = ctx.shape.numLayers % ctx.p;
    const double T = ctx.tokensPerMicroBatch;
    const double h = ctx.shape.hiddenSize;
    const double seqShard = sequenceShard(ctx);
    ctx.embeddingActivationsPerMicroBatch = 8 * T + (ctx.shape.dropout ? T * h / seqShard : 0);
    ctx.outputActivations = 2 * activationBytes(tr.precision) * T * h / seqShard + 4 * T * ctx.params.paddedVocab / t;

    ctx.commBucketBytes = ctx.zeroShards > 1 ? s.runtime.commBucketBytes : 0;
    ctx.zero3GatherBytes = z == 3 ? s.runtime.zero3PrefetchModules * st.weights * ctx.largestModuleParams : 0;
}

void stageMemory(const EstimateContext& ctx, int stage, RankGroup& out, Working* w)
{
    const RuntimeOverheads& rt = ctx.scenario.runtime;
    const bool first = stage == 0;
    const bool last = stage == ctx.p - 1;
    ComponentBytes& b = out.bytes;

    out.layers = ctx.baseLayersPerStage + (stage < ctx.stagesWithExtraLayer ? 1 : 0); // layersOnStage() without a division
    out.inFlightMicroBatches = inFlightMicroBatches(ctx.p, ctx.v, ctx.micro, stage);
    const double resident = ctx.stageParams + out.layers * ctx.layerParams + (first ? ctx.firstStageParams : 0) + (last ? ctx.lastStageParams : 0);
    out.residentParameters = resident;
    out.cpuOffloadBytes = ctx.cpuBytesPerParam * resident;

    at(b, Component::Weights) = ctx.weightBytesPerParam * resident;
    at(b, Component::Gradients) = ctx.gradientBytesPerParam * resident;
    at(b, Component::OptimizerStates) = ctx.optimizerBytesPerParam * resident;
    // Activations: saved tensors × layers × micro-batches in flight (1F1B / interleaved).
    at(b, Component::LayerActivations) = ctx.layer.total * out.layers * out.inFlightMicroBatches;
    at(b, Component::EmbeddingActivations) = first ? ctx.embeddingActivationsPerMicroBatch * out.inFlightMicroBatches : 0;
    at(b, Component::OutputActivations) = last ? ctx.outputActivations : 0; // one micro-batch on the last stage
    at(b, Component::RecomputeWorkspace) = out.layers > 0 ? ctx.layer.recomputeWorkspace : 0;
    at(b, Component::CommBuckets) = ctx.commBucketBytes;
    at(b, Component::Zero3GatherBuffers) = ctx.zero3GatherBytes;
    // Fragmentation is a share of what the caching allocator holds; the CUDA context is not in it.
    const double allocated = at(b, Component::Weights) + at(b, Component::Gradients) + at(b, Component::OptimizerStates)
        + at(b, Component::LayerActivations) + at(b, Component::EmbeddingActivations) + at(b, Component::OutputActivations)
        + at(b, Component::RecomputeWorkspace) + at(b, Component::CommBuckets) + at(b, Component::Zero3GatherBuffers);
    at(b, Component::Fragmentation) = rt.fragmentationFraction * allocated;
    at(b, Component::CudaContext) = rt.cudaContextBytes;
    out.totalBytes = allocated + at(b, Component::Fragmentation) + rt.cudaContextBytes;

    if (!w)
        return;

    // --- the working, for the GUI's explanation panel and `estimate --explain`
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const double t = ctx.t;
    const double dz = ctx.zeroShards;
    const int z = tr.zeroStage;
    const StateBytesPerParameter& st = ctx.state;
    const double seqShard = sequenceShard(ctx);
    if (ctx.countOnly)
        w->add(Term::ResidentParameters, stage, resident,
               {{"Ψ", ctx.params.total, Unit::Count}, {"t", t, Unit::Count}, {"p", double(ctx.p), Unit::Count}}, {},
               "P = Ψ / (t·p)  (count-only model: split evenly, seed 1 §6.2)");
    else
        w->add(Term::ResidentParameters, stage, resident,
               {{"n_layers", double(out.layers), Unit::Count}, {"P_layer/t", ctx.layerShardedParams, Unit::Count},
                {"P_replicated", ctx.layerReplicatedParams, Unit::Count},
                {"P_embedding", first ? ctx.firstStageParams : 0, Unit::Count}, {"P_output", last ? ctx.lastStageParams : 0, Unit::Count}});
    w->add(Term::Weights, stage, at(b, Component::Weights),
           {{"w", st.weights, Unit::BytesPerParameter}, {"P", resident, Unit::Count}, {"D_z", z >= 3 ? dz : 1, Unit::Count}}, {},
           tr.offloadParameters ? "0 (weights offloaded to CPU; gathered per module)" : (z >= 3 ? "w·P / D_z" : "w·P"));
    w->add(Term::Gradients, stage, at(b, Component::Gradients),
           {{"g", st.gradients, Unit::BytesPerParameter}, {"P", resident, Unit::Count}, {"D_z", z >= 2 ? dz : 1, Unit::Count}}, {},
           tr.offloadOptimizer ? "0 (gradients streamed to CPU)" : (z >= 2 ? "g·P / D_z" : "g·P"));
    w->add(Term::OptimizerStates, stage, at(b, Component::OptimizerStates),
           {{"master", st.master, Unit::BytesPerParameter}, {"moments", st.moments, Unit::BytesPerParameter},
            {"P", resident, Unit::Count}, {"D_z", z >= 1 ? dz : 1, Unit::Count}}, {},
           tr.offloadOptimizer ? "0 (optimizer offloaded to CPU)" : (z >= 1 ? "(master + moments)·P / D_z" : "(master + moments)·P"));
    if (out.cpuOffloadBytes > 0)
        w->add(Term::CpuOffload, stage, out.cpuOffloadBytes,
               {{"o", st.optimizer(), Unit::BytesPerParameter}, {"w", tr.offloadParameters ? st.weights : 0, Unit::BytesPerParameter},
                {"P", resident, Unit::Count}, {"D_z", dz, Unit::Count}});
    for (int i = 0; i < ctx.layer.count; ++i) {
        const SavedTensor& tensor = ctx.layer.tensors[std::size_t(i)];
        const TensorInfo& info = tensorInfo(tensor.kind);
        const bool tp = info.split == TensorSplit::TensorSharded;
        w->add(Term::SavedTensor, stage, tensor.bytes,
               {{"s", double(tr.seqLength) / ctx.c, Unit::Tokens}, {"b", double(tr.microBatchSize), Unit::Count},
                {tp ? "t" : "t_sp", tp ? t : seqShard, Unit::Count}},
               info.label, info.formula);
    }
    w->add(Term::LayerActivationsPerMicroBatch, stage, ctx.layer.total,
           {{"Table 2 terms", ctx.layer.paperTotal, Unit::Bytes}, {"extras", ctx.layer.total - ctx.layer.paperTotal, Unit::Bytes}});
    w->add(Term::InFlightMicroBatches, stage, out.inFlightMicroBatches,
           {{"p", double(ctx.p), Unit::Count}, {"i", double(stage), Unit::Count}, {"m", double(ctx.micro), Unit::Count},
            {"v", double(ctx.v), Unit::Count}},
           {}, ctx.v > 1 ? "min(2(p−i−1) + (v−1)p + 1, v·m) / v" : "min(p − i, m)");
    w->add(Term::LayerActivations, stage, at(b, Component::LayerActivations),
           {{"A_layer", ctx.layer.total, Unit::Bytes}, {"n_layers", double(out.layers), Unit::Count}, {"in flight", out.inFlightMicroBatches, Unit::Count}});
    const double T = ctx.tokensPerMicroBatch;
    const double h = ctx.shape.hiddenSize;
    if (first)
        w->add(Term::EmbeddingActivations, stage, at(b, Component::EmbeddingActivations),
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"in flight", out.inFlightMicroBatches, Unit::Count}}, {},
               ctx.shape.dropout ? "(8·s·b + s·b·h / t_sp) × in flight" : "8·s·b × in flight (no dropout mask)");
    if (last)
        w->add(Term::OutputActivations, stage, at(b, Component::OutputActivations),
               {{"s·b", T, Unit::Tokens}, {"h", h, Unit::Count}, {"V", ctx.params.paddedVocab, Unit::Count}, {"t", t, Unit::Count}});
    if (at(b, Component::RecomputeWorkspace) > 0)
        w->add(Term::RecomputeWorkspace, stage, at(b, Component::RecomputeWorkspace), {},
               {}, tr.recompute == Recompute::Full ? "Σ saved tensors of one layer without recomputation" : "5·a·s²·b / t (attention core of one layer)");
    w->add(Term::CommBuckets, stage, at(b, Component::CommBuckets), {{"bucket bytes", rt.commBucketBytes, Unit::Bytes}, {"D_z", dz, Unit::Count}},
           {}, ctx.zeroShards > 1 ? "bucket_cap × 2 in flight" : "0 (no data parallelism: nothing to reduce)");
    if (z == 3)
        w->add(Term::Zero3GatherBuffers, stage, at(b, Component::Zero3GatherBuffers),
               {{"modules", rt.zero3PrefetchModules, Unit::Count}, {"w", st.weights, Unit::BytesPerParameter},
                {"ℓ", ctx.largestModuleParams, Unit::Count}});
    w->add(Term::CudaContext, stage, rt.cudaContextBytes, {});
    w->add(Term::Fragmentation, stage, at(b, Component::Fragmentation),
           {{"f", rt.fragmentationFraction, Unit::Fraction}, {"allocated", allocated, Unit::Bytes}});
}

} // namespace core
