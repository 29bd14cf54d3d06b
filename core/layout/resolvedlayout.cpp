#include "core/layout/resolvedlayout.h"

#include <algorithm>

#include "core/layout/sharding.h"

namespace core {

namespace {

/// Mean of 1/rows + 1/cols over the weight matrices, weighted by size (Adafactor's factored
/// second moment); vectors are negligible.
double matrixAspect(const ModelArchitecture& m)
{
    const double h = m.hiddenSize, F = m.ffnHiddenSize;
    if (h <= 0 || F <= 0)
        return 0;
    const double attention = 4 * h * h, mlp = (m.gatedMlp ? 3 : 2) * h * F;
    return (attention * (2 / h) + mlp * (1 / h + 1 / F)) / (attention + mlp);
}

} // namespace

/// Model-state bytes as `framework` keeps them. FSDP2 shards the parameters in their original
/// fp32 dtype, which is the master copy (MixedPrecisionPolicy all-gathers them in bf16 and keeps
/// sharded fp32 gradients); DDP under torch.autocast likewise trains fp32 parameters. Moments
/// in `moments` precision when forced.
StateBytesPerParameter frameworkStateBytes(StateBytesPerParameter st, Framework framework, MomentDtype moments, Optimizer optimizer)
{
    if ((framework == Framework::Fsdp2 || framework == Framework::Ddp) && st.master > 0) {
        st.weights = st.master;
        st.gradients = st.master;
        st.master = 0;
    }
    const int n = optimizerMoments(optimizer);
    const bool perParameter = optimizer != Optimizer::Adam8bit && optimizer != Optimizer::Adafactor;
    if (moments != MomentDtype::Auto && perParameter && n > 0)
        st.moments = n * (moments == MomentDtype::Bf16 ? 2.0 : 4.0);
    return st;
}

bool adapterMomentsInAdapterDtype(const Scenario& s)
{
    const Optimizer o = s.training.optimizer;
    const bool perParameter = o == Optimizer::Adam || o == Optimizer::AdamW || o == Optimizer::SgdMomentum || o == Optimizer::Lion;
    return s.finetune.adapterPrecision == AdapterDtype::Bf16 && !s.finetune.pagedOptimizer && s.training.momentDtype == MomentDtype::Auto
        && perParameter;
}

StageLayers ResolvedLayout::chunk(int stage, int chunk) const
{
    if (!virtualFirst.empty()) {
        const int first = virtualFirst[std::size_t(chunk) * std::size_t(p) + std::size_t(stage)];
        const int count = unevenChunkLayers(stage, chunk);
        return {first, count, pattern.countsIn(first, first + count)};
    }
    if (chunkLayers > 0) {
        const int first = (chunk * p + stage) * chunkLayers;
        return {first, chunkLayers, pattern.countsIn(first, first + chunkLayers)};
    }
    const int stageFirst = split.firstLayerOf(stage), count = split.layersOn(stage);
    const int parts = v > 0 ? v : 1;
    const int first = stageFirst + int(long(count) * chunk / parts), last = stageFirst + int(long(count) * (chunk + 1) / parts);
    return {first, last - first, pattern.countsIn(first, last)};
}

double ResolvedLayout::inFlight(int stage) const
{
    if (virtualFirst.empty())
        return inFlightMicroBatches(p, v, micro, stage);
    // The warm-up's forwards run micro-batches in groups of p, every chunk of a group before the
    // next (Megatron get_schedule_table, microbatch_group_size_per_vp_stage = p): the k-th held
    // chunk-micro-batch is of chunk (k / p) mod v.
    const int held = int(std::min<long long>(2LL * (p - stage - 1) + (long long)(v - 1) * p + 1, (long long)v * micro));
    const int layers = layersOn(stage);
    if (layers <= 0)
        return double(held) / v;
    long long weighted = 0;
    const int groups = held / p, rest = held % p;
    for (int j = 0; j < v; ++j) {
        // Groups g < `groups` with g mod v = j, then the partial group if it is chunk j's.
        const long long whole = groups / v + (groups % v > j ? 1 : 0);
        weighted += (whole * p + (groups % v == j ? rest : 0)) * unevenChunkLayers(stage, j);
    }
    return double(weighted) / layers;
}

namespace {

/// Megatron's uneven virtual stages (get_transformer_layer_offset @ d98e8a6): transformer layers of
/// each chunk of each stage, as prefix sums in virtual-stage order. Empty when the layout is not
/// one (or its numbers do not divide: validate() reports that, the estimate never sees it).
std::vector<int> unevenVirtualStages(int layers, int p, int v, const ParallelLayout& pl)
{
    std::vector<int> first;
    const bool ends = pl.firstStageLayers > 0 || pl.lastStageLayers > 0;
    const bool units = pl.embeddingCountsAsLayer || pl.lossCountsAsLayer;
    if (v <= 1 || p <= 1 || layers <= 0 || (!ends && !units) || (ends && units))
        return first;
    auto count = [&](int stage, int chunk) { return unevenChunkSize(layers, p, v, pl, stage, chunk); };
    first.resize(std::size_t(p) * std::size_t(v) + 1);
    int at = 0;
    for (int j = 0; j < v; ++j)
        for (int i = 0; i < p; ++i) {
            const int n = count(i, j);
            if (n < 0)
                return {};
            first[std::size_t(j) * std::size_t(p) + std::size_t(i)] = at;
            at += n;
        }
    first.back() = at;
    if (at != layers)
        return {};
    return first;
}

} // namespace

int unevenChunkSize(int layers, int p, int v, const ParallelLayout& pl, int stage, int chunk)
{
    if (pl.firstStageLayers > 0 || pl.lastStageLayers > 0) {
        // --decoder-first/last-pipeline-num-layers: each set end's layers over its v chunks; the
        // other stages ("middle", an unset end among them) share the rest evenly.
        const int fixed = (pl.firstStageLayers > 0 ? 1 : 0) + (pl.lastStageLayers > 0 ? 1 : 0);
        const int middleStages = p - fixed;
        const int middle = layers - std::max(0, pl.firstStageLayers) - std::max(0, pl.lastStageLayers);
        if (stage == 0 && pl.firstStageLayers > 0)
            return pl.firstStageLayers % v == 0 ? pl.firstStageLayers / v : -1;
        if (stage == p - 1 && pl.lastStageLayers > 0)
            return pl.lastStageLayers % v == 0 ? pl.lastStageLayers / v : -1;
        if (middleStages <= 0 || middle < 0 || middle % middleStages != 0 || (middle / middleStages) % v != 0)
            return -1;
        return middle / middleStages / v;
    }
    // account_for_embedding/loss_in_pipeline_split: (L + e + l)/(p·v) units per chunk.
    const int e = pl.embeddingCountsAsLayer ? 1 : 0, l = pl.lossCountsAsLayer ? 1 : 0;
    const long long all = (long long)layers + e + l, chunks = (long long)p * v;
    if (all % chunks != 0)
        return -1;
    int n = int(all / chunks);
    if (stage == 0 && chunk == 0)
        n -= e;
    if (stage == p - 1 && chunk == v - 1)
        n -= l;
    return n;
}

StageLayers ResolvedLayout::interleavedStage(int stage) const
{
    return {stage * chunkLayers, v * chunkLayers, interleavedKinds(stage)};
}

ResolvedLayout resolveLayout(const Scenario& s, const ModelArchitecture& shape)
{
    ResolvedLayout r;
    const TrainingSetup& tr = s.training;
    const ParallelLayout& pl = s.parallel;
    r.framework = tr.framework;
    r.countOnly = !s.model.hasArchitecture;
    r.adapters = s.mode == Mode::FineTune && s.finetune.method != FineTuneMethod::Full;
    r.rl = s.mode == Mode::FineTune && s.finetune.rl.algorithm != RlAlgorithm::None;

    r.t = pl.tensor;
    r.p = pl.pipeline;
    r.v = pl.virtualPipeline;
    r.c = pl.context;
    r.dp = pl.dataParallel();
    r.usable = r.t > 0 && r.p > 0 && r.c > 0 && r.dp > 0 && tr.microBatchSize > 0;
    // Megatron shards the distributed optimizer over DP × CP (and so do ZeRO and FSDP over the
    // data-parallel ranks of every CP rank); hybrid sharding over a smaller group of them
    // (parallel.shard_group), of which there are `replicas` copies. ZeRO 0 shards nothing: its
    // all-reduce spans the whole group.
    const int dataTimesContext = r.dp * r.c;
    r.shardGroup = shardGroupSize(dataTimesContext, tr.zeroStage >= 1 ? pl.shardGroup : 0);
    r.replicas = r.shardGroup > 0 ? dataTimesContext / r.shardGroup : 1;
    r.expertShards = std::max(1, pl.expertDataParallel());
    r.micro = r.usable ? int(tr.globalBatchSize / (tr.microBatchSize * r.dp)) : 1;
    r.tokensPerMicroBatch = r.usable ? double(tr.seqLength) / r.c * double(tr.microBatchSize) : 0;
    r.seqShard = (pl.sequenceParallel && r.t > 1) ? double(r.t) : 1.0;

    r.split = pipelineSplit(shape.numLayers, r.p, pl.firstStageLayers, pl.lastStageLayers, pl.embeddingCountsAsLayer, pl.lossCountsAsLayer);
    r.pattern = modelTowers(shape).decoder.pattern;
    // Multi-token prediction trains with the model (Megatron-LM --mtp-num-layers: the MTP blocks
    // after the decoder on the last stage). Fine-tuning stacks built on transformers do not build
    // them (its DeepseekV3 model has no MTP layer), and serving loads them only to draft.
    if (s.mode == Mode::Train)
        r.pattern.mtp = shape.mtpLayers;
    // (Training only: serving runs no virtual pipeline.)
    if (r.v > 1 && r.p > 1 && s.mode != Mode::Inference && pl.firstStageLayers <= 0 && pl.lastStageLayers <= 0 && !pl.embeddingCountsAsLayer
        && !pl.lossCountsAsLayer && shape.numLayers > 0 && shape.numLayers % (r.p * r.v) == 0)
        r.chunkLayers = shape.numLayers / (r.p * r.v);
    if (r.v > 1 && r.p > 1 && s.mode != Mode::Inference && r.chunkLayers == 0) {
        r.virtualFirst = unevenVirtualStages(shape.numLayers, r.p, r.v, pl);
        if (r.unevenChunks()) {
            // The per-stage split the stage loops and the working read: every middle stage holds
            // the same in Megatron's uneven layouts.
            r.split.firstCount = r.layersOn(0);
            r.split.lastCount = r.layersOn(r.p - 1);
            r.split.middleBase = r.p > 2 ? r.layersOn(1) : 0;
            r.split.middleFrom = r.split.middleTo = 1;
        }
    }

    if (r.p > 1 && s.mode != Mode::Inference) {
        r.schedule = pl.schedule;
        r.parameterCopies = r.schedule == PpSchedule::DualPipe ? 2 : 1;
    }

    // The GEMMs' format: the recipe's, falling back to BF16 on a GPU without FP8 and to FP16
    // without BF16 (the peak each estimate and the planner's bound time the step at).
    const GpuSpec& gpu = s.hardware.gpu;
    r.computeDType = computeDType(tr.precision);
    if (r.computeDType == ComputeDType::Fp8 && gpu.peakFlops(r.computeDType) <= 0) {
        r.noFp8Peak = true;
        r.computeDType = ComputeDType::Bf16;
    }
    if (r.computeDType == ComputeDType::Bf16 && gpu.peakFlops(r.computeDType) <= 0) {
        r.noBf16Peak = true;
        r.computeDType = ComputeDType::Fp16;
    }
    r.elementBytes = activationBytes(tr.precision);

    const double aspect = matrixAspect(shape);
    const StateBytesPerParameter recipe = stateBytes(tr.precision, tr.optimizer, aspect);
    r.reduceBytes = recipe.gradients > 0 ? recipe.gradients : 2; // FSDP2 reduce dtype: the recipe's gradients
    r.ampWeights = r.framework == Framework::Ddp && recipe.master > 0;
    r.state = frameworkStateBytes(recipe, r.framework, tr.momentDtype, tr.optimizer);
    if (r.adapters) {
        // LoRA adapters train in their own precision with no separate master copy: fp32 (PEFT
        // autocast_adapter_dtype) or bf16 (QLoRA, torchtune's dtype bf16, LitGPT's bf16-true).
        // PyTorch's optimizers keep each state in its parameter's dtype (torch/optim/adam.py
        // @ dc80ccd, Adam._init_group: state["exp_avg"] = torch.zeros_like(p, ...); AdamW is
        // Adam with decoupled decay), so bf16 adapters
        // carry bf16 moments; bitsandbytes' paged 32-bit optimizers keep fp32 ones
        // (bitsandbytes/optim/optimizer.py @ 95f9af3, Optimizer2State.init_state: dtype=torch.float32
        // for 32-bit states). training.moment_dtype still forces either.
        const double a = s.finetune.adapterPrecision == AdapterDtype::Fp32 ? 4 : 2;
        r.state.weights = r.state.gradients = a;
        r.state.master = 0;
        r.state.moments = frameworkStateBytes(stateBytes(adapterMomentsInAdapterDtype(s) ? PrecisionRecipe::Bf16 : PrecisionRecipe::Mixed16, tr.optimizer, aspect),
                                              Framework::Megatron, tr.momentDtype, tr.optimizer)
                              .moments;
    }
    return r;
}

} // namespace core
