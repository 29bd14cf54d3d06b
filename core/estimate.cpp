#include "core/estimate.h"

#include <algorithm>

#include "core/estimate_context.h"
#include "core/working.h"

namespace core {

double RankGroup::categoryBytes(Category category) const
{
    double sum = 0;
    for (std::size_t i = 0; i < kComponentCount; ++i)
        if (categoryOf(Component(i)) == category)
            sum += bytes[i];
    return sum;
}

double RankGroup::modelStateBytes() const
{
    return bytes[std::size_t(Component::Weights)] + bytes[std::size_t(Component::Gradients)]
        + bytes[std::size_t(Component::OptimizerStates)];
}

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

void fillContext(EstimateContext& ctx, Working* w)
{
    const Scenario& s = ctx.scenario;
    ctx.countOnly = !s.model.hasArchitecture;
    ctx.t = s.parallel.tensor;
    ctx.p = s.parallel.pipeline;
    ctx.v = s.parallel.virtualPipeline;
    ctx.c = s.parallel.context;
    ctx.dp = s.parallel.dataParallel();
    ctx.zeroShards = ctx.dp * ctx.c; // Megatron shards the distributed optimizer over DP × CP
    ctx.micro = int(s.training.globalBatchSize / (s.training.microBatchSize * ctx.dp));
    if (ctx.countOnly) {
        ctx.shape = familyShape(s.model.parameters);
        ctx.params = countParameters(s.model);
        // The family shape stands in for the layers only where a count cannot: activations,
        // the ZeRO-3 working module, communication volumes.
        const ParameterCounts fam = countParameters(ctx.shape, ctx.t);
        ctx.params.paddedVocab = fam.paddedVocab;
        ctx.largestModuleParams = fam.largestModule / ctx.t;
    } else {
        ctx.shape = s.model;
        ctx.params = countParameters(s.model, ctx.t);
        ctx.layerReplicatedParams = ctx.params.normsPerLayer + (s.model.linearBias ? 2.0 * s.model.hiddenSize : 0.0);
        ctx.layerShardedParams = (ctx.params.perLayer - ctx.layerReplicatedParams) / ctx.t;
        ctx.largestModuleParams = ctx.params.largestModule / ctx.t;
    }
    ctx.state = stateBytes(s.training.precision, s.training.optimizer, matrixAspect(ctx.shape));
    ctx.tokensPerMicroBatch = double(s.training.seqLength) / ctx.c * double(s.training.microBatchSize);
    layerActivations(activationShape(s, ctx.shape), ctx.layer);
    prepareStages(ctx);

    if (w) {
        const ParameterCounts& pc = ctx.params;
        if (ctx.countOnly) {
            w->add(Term::ParamsTotal, -1, pc.total, {}, {}, "Ψ as given (no architecture)");
            w->add(Term::FamilyShape, -1, pc.total,
                   {{"L", double(ctx.shape.numLayers), Unit::Count}, {"h", double(ctx.shape.hiddenSize), Unit::Count},
                    {"F", double(ctx.shape.ffnHiddenSize), Unit::Count}, {"a", double(ctx.shape.numAttentionHeads), Unit::Count},
                    {"g", double(ctx.shape.numQueryGroups), Unit::Count}});
        } else {
            const ModelArchitecture& m = s.model;
            const double h = m.hiddenSize;
            w->add(Term::ParamsEmbedding, -1, pc.embedding, {{"V", pc.paddedVocab, Unit::Count}, {"h", h, Unit::Count}});
            w->add(Term::ParamsAttention, -1, pc.attentionPerLayer,
                   {{"h", h, Unit::Count}, {"a·d", double(m.numAttentionHeads) * m.effectiveHeadDim(), Unit::Count},
                    {"g·d", double(m.numQueryGroups) * m.effectiveHeadDim(), Unit::Count}});
            w->add(Term::ParamsMlp, -1, pc.mlpPerLayer, {{"h", h, Unit::Count}, {"F", double(m.ffnHiddenSize), Unit::Count}},
                   {}, m.gatedMlp ? "3·h·F (gate, up, down)" : "2·h·F");
            w->add(Term::ParamsNorms, -1, pc.normsPerLayer, {{"h", h, Unit::Count}},
                   {}, m.normalization == Normalization::RMSNorm ? "2 × h (RMSNorm: scale only)" : "2 × 2h (LayerNorm: scale and bias)");
            w->add(Term::ParamsPerLayer, -1, pc.perLayer,
                   {{"attention", pc.attentionPerLayer, Unit::Count}, {"MLP", pc.mlpPerLayer, Unit::Count}, {"norms", pc.normsPerLayer, Unit::Count}});
            w->add(Term::ParamsOutput, -1, pc.outputLayer + pc.finalNorm, {{"V", pc.paddedVocab, Unit::Count}, {"h", h, Unit::Count}},
                   {}, m.tiedEmbeddings ? "final norm only (output tied to the embedding)" : "V·h + final norm");
            w->add(Term::ParamsTotal, -1, pc.total,
                   {{"embedding", pc.embedding + pc.positionEmbedding, Unit::Count}, {"L", double(m.numLayers), Unit::Count},
                    {"per layer", pc.perLayer, Unit::Count}, {"output + final norm", pc.outputLayer + pc.finalNorm, Unit::Count}});
        }
        w->add(Term::StateBytesPerParameter, -1, ctx.state.total(),
               {{"w", ctx.state.weights, Unit::BytesPerParameter}, {"g", ctx.state.gradients, Unit::BytesPerParameter},
                {"master", ctx.state.master, Unit::BytesPerParameter}, {"moments", ctx.state.moments, Unit::BytesPerParameter}});
        w->add(Term::DataParallel, -1, ctx.dp,
               {{"n", double(s.parallel.gpus), Unit::Count}, {"t", double(ctx.t), Unit::Count}, {"p", double(ctx.p), Unit::Count},
                {"c", double(ctx.c), Unit::Count}});
        w->add(Term::ZeroShards, -1, ctx.zeroShards, {{"D", double(ctx.dp), Unit::Count}, {"c", double(ctx.c), Unit::Count}});
        w->add(Term::MicroBatches, -1, ctx.micro,
               {{"B", double(s.training.globalBatchSize), Unit::Count}, {"b", double(s.training.microBatchSize), Unit::Count},
                {"D", double(ctx.dp), Unit::Count}});
    }
}

bool sameProfile(const RankGroup& a, const RankGroup& b)
{
    return a.layers == b.layers && a.bytes == b.bytes;
}

} // namespace

void estimate(const Scenario& s, Estimate& out, Working* w)
{
    out.issues.clear();
    out.groups.clear();
    out.valid = false;
    validate(s, out.issues);
    if (hasErrors(out.issues))
        return;

    EstimateContext ctx(s);
    fillContext(ctx, w);
    if (ctx.countOnly)
        out.issues.push_back(Issue{IssueCode::ParameterCountOnly, Severity::Info, "model.parameters",
                                   double(ctx.shape.hiddenSize), double(ctx.shape.numLayers)});
    out.parameters = ctx.params;
    out.shape = ctx.shape;
    out.stateBytes = ctx.state;
    out.dataParallel = ctx.dp;
    out.zeroShards = ctx.zeroShards;
    out.microBatchesPerStep = ctx.micro;

    // One ledger per pipeline stage; consecutive stages with the same profile share a group.
    const int ranksPerStage = s.parallel.gpus / ctx.p;
    const double capacity = s.hardware.gpu.memoryBytes;
    int maxLayers = 0;
    double maxResident = 0, maxCpu = 0;
    std::size_t workingStart = w ? w->lines().size() : 0;
    for (int i = 0; i < ctx.p; ++i) {
        // Written in place; folded into the previous group if the profile is the same.
        RankGroup& g = out.groups.emplace_back();
        stageMemory(ctx, i, g, w);
        maxLayers = std::max(maxLayers, g.layers);
        maxResident = std::max(maxResident, g.residentParameters);
        maxCpu = std::max(maxCpu, g.cpuOffloadBytes);
        const std::size_t n = out.groups.size();
        if (n > 1 && sameProfile(g, out.groups[n - 2])) {
            out.groups.pop_back();
            out.groups.back().lastStage = i;
            out.groups.back().lastRank = (i + 1) * ranksPerStage - 1;
            continue;
        }
        g.firstStage = g.lastStage = i;
        g.firstRank = i * ranksPerStage;
        g.lastRank = (i + 1) * ranksPerStage - 1;
        g.capacityBytes = capacity;
        g.fits = g.totalBytes <= capacity;
    }

    out.fullestGroup = 0;
    for (std::size_t i = 0; i < out.groups.size(); ++i) {
        const RankGroup& g = out.groups[i];
        if (g.totalBytes > out.groups[std::size_t(out.fullestGroup)].totalBytes)
            out.fullestGroup = int(i);
        if (!g.fits) {
            if (g.modelStateBytes() > capacity)
                out.issues.push_back(Issue{IssueCode::ModelStatesExceedCapacity, Severity::Warning, "hardware.gpu",
                                           double(i), g.modelStateBytes(), capacity});
            else
                out.issues.push_back(Issue{IssueCode::DoesNotFit, Severity::Warning, "hardware.gpu", double(i), g.totalBytes, capacity});
        }
    }
    const int gpusOnNode = std::min(s.parallel.gpusPerNode, s.parallel.gpus);
    out.cpuBytesPerNode = maxCpu * gpusOnNode * s.runtime.cpuBufferFactor;

    computeTime(ctx, out.compute, out.issues, w);
    communication(ctx, maxLayers, maxResident, out.communication, w);
    if (hasErrors(out.issues)) {
        out.groups.clear();
        return;
    }
    out.valid = true;

    if (w) {
        // Per-stage lines were tagged with the stage index: keep those of each group's first
        // stage, retagged with the group index, and add the totals.
        std::vector<WorkingLine> kept(w->lines().begin(), w->lines().begin() + std::ptrdiff_t(workingStart));
        for (std::size_t k = workingStart; k < w->lines().size(); ++k) {
            WorkingLine line = w->lines()[k];
            if (line.group >= 0) {
                auto it = std::find_if(out.groups.begin(), out.groups.end(), [&](const RankGroup& g) { return g.firstStage == line.group; });
                if (it == out.groups.end())
                    continue;
                line.group = int(it - out.groups.begin());
            }
            kept.push_back(std::move(line));
        }
        w->setLines(std::move(kept));
        for (std::size_t i = 0; i < out.groups.size(); ++i) {
            const RankGroup& g = out.groups[i];
            w->add(Term::TotalBytes, int(i), g.totalBytes, {{"capacity", g.capacityBytes, Unit::Bytes}});
        }
        if (out.cpuBytesPerNode > 0)
            w->add(Term::CpuOffload, -1, out.cpuBytesPerNode,
                   {{"per GPU", maxCpu, Unit::Bytes}, {"GPUs per node", double(gpusOnNode), Unit::Count},
                    {"buffer factor", s.runtime.cpuBufferFactor, Unit::Count}},
                   "CPU memory per node", "per GPU × GPUs per node × buffer factor (DeepSpeed additional_buffer_factor)");
    }
}

Estimate estimate(const Scenario& scenario, Working* working)
{
    Estimate e;
    estimate(scenario, e, working);
    return e;
}

} // namespace core
