// The layout search: every combination of the knobs the scenario allows, each estimated with
// the same estimate() the window shows, pruned where the outcome is already known.
#include "core/plan/planner.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <unordered_map>

#include "core/estimate.h"
#include "core/layout/resolvedlayout.h"
#include "core/layout/sharding.h"
#include "core/model.h"
#include "core/precision.h"
#include "core/rules/rules.h"

namespace core {

namespace {

/// The shortest sequence chunk per CP rank the search tries unless CP is pinned.
constexpr long long kMinContextChunk = 512;
/// The most tokens per micro-batch the search tries unless the micro-batch is pinned: beyond
/// them the GEMMs' M dimension is long saturated (steptime: M/(M + 128) > 0.998) and only memory grows.
constexpr long long kMaxMicroBatchTokens = 65536;
/// Pipelines the search tries at most, unless the degree is pinned: kMaxRankGroups (64), the
/// deepest of the published runs (Megatron's 1T, Narayanan et al. 2021 table 1). Each estimate
/// costs time in proportion to its stages: 100,000 layers on 100,000 GPUs made 300,000
/// estimates of up to 100,000 stages, 65 s (issue 32.6).
constexpr int kMaxPlannedStages = kMaxRankGroups;

} // namespace

std::vector<int> planDivisors(int n)
{
    std::vector<int> out;
    for (int d = 1; d * d <= n; ++d)
        if (n % d == 0) {
            out.push_back(d);
            if (d * d != n)
                out.push_back(n / d);
        }
    std::sort(out.begin(), out.end());
    return out;
}

namespace {

/// Values of a boolean knob to try: false, and true where it is `possible`, within the pins.
/// A knob that `dominates` when possible (sequence parallelism with TP: the same traffic, less
/// memory and less replicated work) is only tried on, unless pinned.
std::vector<bool> booleanChoices(const PlanPins& pins, PlanKnob knob, bool possible, bool dominates = false)
{
    std::vector<bool> out;
    const bool pinned = pins.pinned[std::size_t(knob)];
    for (int v : {0, 1}) {
        if (v == 1 && !possible)
            continue;
        if (v == 0 && possible && dominates && !pinned)
            continue;
        if (pins.allows(knob, v))
            out.push_back(bool(v));
    }
    return out;
}

/// The fields a layout sets, and the batch split they imply: an error about one of them may be
/// cured by another layout.
FieldSet layoutFields()
{
    FieldSet out{Field::TrainingGlobalBatchSize};
    for (std::size_t k = 0; k < kPlanKnobCount; ++k)
        out.insert(planKnobField(PlanKnob(k)));
    for (const FieldInfo& f : kFieldTable)
        if (f.section == FieldSection::Parallel && f.field != Field::ParallelGpus && f.field != Field::ParallelGpusPerNode)
            out.insert(f.field);
    return out;
}

/// Errors of the scenario that no layout can cure (an unknown GPU, a bad batch size, …): about
/// fields outside the knobs and the batch split they imply.
void scenarioErrors(const Scenario& base, std::vector<Issue>& out)
{
    std::vector<Issue> issues;
    Scenario probe = base;
    applyLayout(PlanLayout{}, probe);
    probe.parallel.gpus = std::max(1, base.parallel.gpus);
    validate(probe, issues);
    const FieldSet curable = layoutFields();
    for (const Issue& i : issues) {
        if (i.severity != Severity::Error)
            continue;
        const std::optional<Field> field = issueField(i);
        if (field && curable.contains(*field))
            continue;
        out.push_back(i);
    }
}

/// The average model states per GPU of a layout: the fullest stage holds at least that much,
/// so a layout above the capacity cannot fit whatever its activations (zeroShares, the shares
/// the stage ledger takes; Adafactor's factored moments taken at their smallest).
struct StateBound
{
    double dense = 0, experts = 0; ///< parameters of each kind in the whole model
    StateBytesPerParameter st;
    double context = 0;            ///< CUDA context, on every GPU
    int shardGroup = 0;            ///< parallel.shard_group (hybrid sharding), as resolveLayout reads it
    bool usable = false;
    double bytes(const PlanLayout& l, int gpus, int dp) const
    {
        if (!usable)
            return 0;
        const double dz = shardGroupSize(dp * l.context, shardGroup);
        const double ez = double(gpus) / (double(l.pipeline) * l.expert * (l.expertTensor > 0 ? l.expertTensor : l.tensor));
        auto perParam = [&](double shards) {
            const ShardShares share = zeroShares(l.zeroStage, shards);
            const double w = l.offloadParameters ? 0 : st.weights * share.weights;
            const double g = l.offloadOptimizer ? 0 : st.gradients * share.gradients;
            const double o = l.offloadOptimizer ? 0 : st.optimizer() * share.optimizer;
            return w + g + o;
        };
        const double etp = l.expertTensor > 0 ? l.expertTensor : l.tensor;
        return dense / (double(l.tensor) * l.pipeline) * perParam(dz) + experts / (double(l.pipeline) * l.expert * etp) * perParam(ez) + context;
    }
};

StateBound stateBound(const Scenario& s)
{
    StateBound b;
    const bool adapters = s.mode == Mode::FineTune && s.finetune.method != FineTuneMethod::Full;
    if (adapters || s.mode == Mode::Inference)
        return b; // a frozen base has other states: no bound, every layout is estimated
    const ParameterCounts pc = countParameters(s.model);
    b.experts = s.model.hasArchitecture ? pc.routedExpertsPerLayer * pc.moeLayers : 0;
    b.dense = pc.total - b.experts;
    // The states as the framework keeps them (bf16 moments halve them), Adafactor's factored
    // moments at their smallest (aspect 0).
    b.st = frameworkStateBytes(stateBytes(s.training.precision, s.training.optimizer, 0), s.training.framework, s.training.momentDtype,
                               s.training.optimizer);
    // A paged optimizer's states can be evicted to CPU memory: they never decide whether a layout fits.
    if (s.mode == Mode::FineTune && s.finetune.pagedOptimizer)
        b.st.master = b.st.moments = 0;
    b.context = s.runtime.cudaContextBytes;
    b.shardGroup = s.parallel.shardGroup;
    b.usable = true;
    return b;
}

PlanCandidate candidateOf(const PlanLayout& l, const Estimate& e)
{
    PlanCandidate c;
    c.layout = l;
    c.dataParallel = e.dataParallel;
    const RankGroup& f = e.fullest();
    c.peakBytes = f.totalBytes;
    c.capacityBytes = f.capacityBytes;
    c.fits = true;
    for (const RankGroup& g : e.groups)
        c.fits = c.fits && g.fits;
    c.stepSeconds = e.compute.modelStepSeconds;
    c.mfu = e.compute.modelMfu;
    c.trainingSeconds = e.compute.trainingSeconds;
    c.cost = e.compute.cost;
    c.parts = e.compute.stepParts;
    c.overNetwork = e.communication.overNetwork;
    return c;
}

} // namespace

namespace {

PlanResult searchLayouts(const PlanRequest& request, const std::atomic<bool>* cancel, const PlanProgress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    PlanResult out;
    out.objective = request.objective;
    const Scenario& base = request.base;
    if (base.mode == Mode::Inference) {
        Issue i = fieldIssue(IssueCode::UnknownValue, Severity::Error, Field::Mode);
        // The planner searches training layouts only.
        i.accepted = {"train", "finetune"};
        i.given = "inference";
        out.issues.push_back(i);
        return out;
    }
    scenarioErrors(base, out.issues);
    if (hasErrors(out.issues))
        return out;

    // The scenario as the planner estimates it: the step-time model times every layout.
    Scenario s = base;
    timeWithStepModel(s);
    const ModelArchitecture shape = base.model.hasArchitecture ? base.model : familyShape(base.model.parameters);
    const PlanPins& pins = request.pins;
    const int gpus = base.parallel.gpus, node = std::max(1, base.parallel.gpusPerNode);
    const int layers = std::max(1, shape.numLayers), heads = std::max(1, shape.numAttentionHeads);
    const int kvHeads = shape.isMla() ? heads : std::max(1, shape.numQueryGroups);
    const long long seq = base.training.seqLength, batch = base.training.globalBatchSize;
    const double capacity = base.hardware.gpu.memoryBytes;
    const StateBound bound = stateBound(base);
    const std::size_t tensorKnob = std::size_t(PlanKnob::Tensor);
    const int tensorMax = pins.pinned[tensorKnob] && pins.max[tensorKnob] > node ? pins.max[tensorKnob] : node;
    auto allowed = [&](PlanKnob k, int v) { return pins.allows(k, v); };
    auto pinned = [&](PlanKnob k) { return pins.pinned[std::size_t(k)]; };

    std::vector<int> recomputes;
    for (int r = 0; r < 3; ++r)
        if (allowed(PlanKnob::Recompute, r))
            recomputes.push_back(r);
    const long long nr = (long long)recomputes.size();
    if (recomputes.empty()) {
        const Field field = planKnobField(PlanKnob::Recompute);
        Issue i = fieldIssue(IssueCode::PinsLeaveNoValue, Severity::Error, field);
        for (const Choice& c : fieldInfo(field).choices)
            i.accepted.emplace_back(c.name);
        out.issues.push_back(std::move(i));
        return out;
    }

    // Per ZeRO stage: its offload variants, cheapest first.
    std::array<std::vector<std::pair<bool, bool>>, 4> offloadsOf;
    long long variants = 0; // of one group: ZeRO 0–3 × offload × recomputation
    for (int z = 0; z <= 3; ++z) {
        // The stages the framework has, each with the offloads it allows (core/rules).
        if (!allowed(PlanKnob::ZeroStage, z) || !frameworkHasZeroStage(base.training.framework, z))
            continue;
        for (bool oo : booleanChoices(pins, PlanKnob::OffloadOptimizer, allowedWith(Field::TrainingOffloadOptimizer, z))) {
            // Parameters go to the CPU only with the optimizer (ZeRO-Infinity's pairing), unless pinned.
            const bool paramsPossible = allowedWith(Field::TrainingOffloadParameters, z) && (oo || pinned(PlanKnob::OffloadParameters));
            for (bool op : booleanChoices(pins, PlanKnob::OffloadParameters, paramsPossible))
                offloadsOf[std::size_t(z)].push_back({oo, op});
        }
        variants += nr * (long long)offloadsOf[std::size_t(z)].size();
    }
    if (variants == 0) {
        // The pins leave no ZeRO stage (with its offloads) that the framework has.
        Issue i = fieldIssue(IssueCode::PinsLeaveNoValue, Severity::Error, Field::TrainingZeroStage);
        for (int z = 0; z <= 3; ++z)
            if (frameworkHasZeroStage(base.training.framework, z))
                i.accepted.push_back(std::to_string(z));
        out.issues.push_back(std::move(i));
        return out;
    }
    // 1. Every layout and micro-batch ("group"); its ZeRO, offload and recomputation variants
    //    come later. Each group gets the step's lower bound that those variants cannot go below.
    struct Group
    {
        PlanLayout layout;  ///< ZeRO 0, no offload, the lightest-to-compute recomputation
        int dp;
        double bound;
    };
    std::vector<Group> groups, hopeless;
    // Whether any ZeRO/offload variant of a layout has model states that fit.
    auto anyStatesFit = [&](PlanLayout l, int dp) {
        for (int z = 0; z <= 3; ++z)
            for (const auto& [oo, op] : offloadsOf[std::size_t(z)]) {
                l.zeroStage = z;
                l.offloadOptimizer = oo;
                l.offloadParameters = op;
                if (bound.bytes(l, gpus, dp) <= capacity)
                    return true;
            }
        return false;
    };
    bool deeperSkipped = false; // pipelines beyond kMaxPlannedStages: said in a note
    std::vector<std::pair<int, ParameterCounts>> countsByTensor; // one per TP tried (a few)
    countsByTensor.reserve(planDivisors(gpus).size()); // the references below stay valid
    for (int t : planDivisors(gpus)) {
        if (t > tensorMax || heads % t != 0 || kvHeads % t != 0 || !allowed(PlanKnob::Tensor, t))
            continue;
        // The bounds' and the estimates' (vocabulary padded for t): counted once per TP.
        const ParameterCounts& counts = countsByTensor.emplace_back(t, countParameters(shape, t)).second;
        for (int p : planDivisors(gpus / t)) {
            if (p > layers || !allowed(PlanKnob::Pipeline, p))
                continue;
            if (p > kMaxPlannedStages && !pinned(PlanKnob::Pipeline)) {
                deeperSkipped = true;
                continue;
            }
            for (int c : planDivisors(gpus / (t * p))) {
                // Load-balanced causal CP splits the sequence into 2·CP chunks (Megatron CP docs);
                // unless CP is pinned, each rank keeps at least kMinContextChunk tokens.
                const bool chunkOk = pinned(PlanKnob::Context) || seq / c >= kMinContextChunk;
                if ((c > 1 && (seq % (2LL * c) != 0 || !chunkOk)) || !allowed(PlanKnob::Context, c))
                    continue;
                const int dp = gpus / (t * p * c);
                if (batch % dp != 0)
                    continue; // the global batch cannot be split over this many replicas
                const int perReplica = int(batch / dp);
                // Interleaving needs the layers to split evenly into p·v chunks (validate()).
                std::vector<int> virtuals{1};
                if (allowedWith(Field::ParallelVirtualPipeline, p) && layers % p == 0)
                    for (int v : planDivisors(layers / p))
                        if (v > 1)
                            virtuals.push_back(v);
                std::vector<int> experts{1};
                if (shape.isMoE()) {
                    experts.clear();
                    for (int ep : planDivisors(shape.numExperts))
                        if (gpus % (p * ep) == 0)
                            experts.push_back(ep);
                }
                for (int v : virtuals) {
                    if (!allowed(PlanKnob::VirtualPipeline, v))
                        continue;
                    for (int ep : experts) {
                        if (!allowed(PlanKnob::Expert, ep))
                            continue;
                        // Expert TP 1 or the dense TP (Megatron's MoE guidance), unless pinned.
                        std::vector<int> expertTensors{0};
                        if (shape.isMoE()) {
                            expertTensors.clear();
                            for (int etp : planDivisors(t)) {
                                const bool usual = etp == 1 || etp == t || pinned(PlanKnob::ExpertTensor);
                                if (usual && gpus % (p * ep * etp) == 0 && allowed(PlanKnob::ExpertTensor, etp))
                                    expertTensors.push_back(etp == t ? 0 : etp);
                            }
                        } else if (!allowed(PlanKnob::ExpertTensor, t)) {
                            continue;
                        }
                        for (int etp : expertTensors)
                            for (bool sp : booleanChoices(pins, PlanKnob::SequenceParallel, allowedWith(Field::ParallelSequenceParallel, t), true))
                                for (int b : planDivisors(perReplica)) {
                                    if (!allowed(PlanKnob::MicroBatch, b)
                                        || (!pinned(PlanKnob::MicroBatch) && b > 1 && b * seq > kMaxMicroBatchTokens))
                                        continue;
                                    // Megatron's interleaved schedule runs the micro-batches in groups of p.
                                    if (v > 1 && (perReplica / b) % p != 0)
                                        continue;
                                    Group g{PlanLayout{t, p, v, c, ep, etp, sp, 0, Recompute(recomputes.empty() ? 0 : recomputes.front()),
                                                       b, false, false},
                                            dp, 0};
                                    if (!anyStatesFit(g.layout, dp)) {
                                        // Not even the most sharded variant's model states fit: no
                                        // bound, no estimate (counted with the variants below).
                                        hopeless.push_back(g);
                                        continue;
                                    }
                                    applyLayout(g.layout, s);
                                    g.bound = stepLowerBound(s, &counts);
                                    groups.push_back(g);
                                }
                    }
                }
            }
        }
    }
    // 2. Best first: once a group's bound exceeds `bound` × the fastest fitting step found, so
    //    does every later one's, and none of them is estimated ("bounded").
    std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.bound < b.bound; });
    const double factor = request.objective == PlanObjective::Headroom ? 0 : request.bound;

    Estimate e;
    double fastest = 0;
    // Memory grows with the micro-batch: a variant that overflows at b overflows at every larger b.
    // Keyed by the layout without the micro-batch.
    std::unordered_map<std::uint64_t, int> overflowAt;
    EstimateOptions memoryFirst;
    memoryFirst.timeOnlyIfFits = true;
    auto countsOf = [&](int t) -> const ParameterCounts* {
        if (!base.model.hasArchitecture)
            return nullptr; // a bare parameter count: the estimate counts its own way
        for (const auto& [tensor, counts] : countsByTensor)
            if (tensor == t)
                return &counts;
        return nullptr;
    };
    std::unordered_map<std::uint64_t, char> statesReported; // one pruned entry per layout
    auto key = [](const PlanLayout& l) {
        std::uint64_t k = 0;
        for (int v : {l.tensor, l.pipeline, l.virtualPipeline, l.context, l.expert, l.expertTensor, int(l.sequenceParallel), l.zeroStage,
                      int(l.recompute), int(l.offloadOptimizer), int(l.offloadParameters)})
            k = k * 1000003u + std::uint64_t(v + 1);
        return k;
    };
    // A layout whose model states alone exceed the GPU at every ZeRO stage and offload: one
    // entry (its lightest variant's model states) for the tables, all variants counted.
    for (const Group& g : hopeless) {
        out.candidates += variants;
        out.valid += variants;
        out.pruned += variants;
        const PlanLayout& l = g.layout;
        double lightest = 0;
        PlanLayout lightestLayout = l;
        for (int z = 0; z <= 3; ++z)
            for (const auto& [oo, op] : offloadsOf[std::size_t(z)]) {
                PlanLayout v = l;
                v.zeroStage = z;
                v.offloadOptimizer = oo;
                v.offloadParameters = op;
                const double b = bound.bytes(v, gpus, g.dp);
                if (lightest == 0 || b < lightest) {
                    lightest = b;
                    lightestLayout = v;
                }
            }
        if (statesReported.emplace(key(lightestLayout), 1).second) {
            PlanCandidate c;
            c.layout = lightestLayout;
            c.dataParallel = g.dp;
            c.pruned = true;
            c.peakBytes = lightest;
            c.capacityBytes = capacity;
            out.layouts.push_back(c);
        }
    }
    std::vector<char> fits;
    for (std::size_t gi = 0; gi < groups.size(); ++gi) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            out.cancelled = true;
            break;
        }
        if (progress && gi % 64 == 0)
            progress(double(gi) / groups.size());
        const Group& g = groups[gi];
        if (factor > 0 && fastest > 0 && g.bound > factor * fastest) {
            out.candidates += variants;
            out.valid += variants;
            out.bounded += variants;
            continue;
        }
        for (int z = 0; z <= 3; ++z) {
            if (!allowed(PlanKnob::ZeroStage, z))
                continue;
            PlanLayout l = g.layout;
            l.zeroStage = z;
            // Recomputation and offload both cost time and save memory: a variant is estimated only
            // when the cheaper ones next to it (less recomputation, or less offload) do not fit.
            const std::vector<std::pair<bool, bool>>& offloads = offloadsOf[std::size_t(z)];
            fits.assign(offloads.size() * recomputes.size(), -1);
            for (std::size_t oi = 0; oi < offloads.size(); ++oi) {
                l.offloadOptimizer = offloads[oi].first;
                l.offloadParameters = offloads[oi].second;
                const double states = bound.bytes(l, gpus, g.dp);
                if (states > capacity) {
                    // Model states alone exceed the GPU: no activation pass for any variant.
                    out.candidates += nr;
                    out.valid += nr;
                    out.pruned += nr;
                    PlanLayout first = l; // the group's micro-batch and lightest-to-compute recomputation
                    first.recompute = Recompute(recomputes.front());
                    if (statesReported.emplace(key(first), 1).second) {
                        PlanCandidate c;
                        c.layout = first;
                        c.dataParallel = g.dp;
                        c.pruned = true;
                        c.peakBytes = states;
                        c.capacityBytes = capacity;
                        out.layouts.push_back(c);
                    }
                    std::fill(fits.begin() + std::ptrdiff_t(oi * recomputes.size()), fits.begin() + std::ptrdiff_t((oi + 1) * recomputes.size()), char(0));
                    continue;
                }
                for (std::size_t ri = 0; ri < recomputes.size(); ++ri) {
                    ++out.candidates;
                    char& f = fits[oi * recomputes.size() + ri];
                    l.recompute = Recompute(recomputes[ri]);
                    const auto over = overflowAt.find(key(l));
                    if (over != overflowAt.end() && over->second <= l.microBatch) {
                        ++out.valid;
                        ++out.pruned;
                        f = 0;
                        continue;
                    }
                    if ((ri > 0 && fits[oi * recomputes.size() + ri - 1] == 1) || (oi > 0 && fits[(oi - 1) * recomputes.size() + ri] == 1)) {
                        ++out.valid;
                        ++out.dominated;
                        f = 1;
                        continue;
                    }
                    applyLayout(l, s);
                    memoryFirst.counts = countsOf(l.tensor);
                    estimate(s, e, nullptr, memoryFirst);
                    if (!e.valid)
                        continue;
                    ++out.valid;
                    out.layouts.push_back(candidateOf(l, e));
                    const PlanCandidate& c = out.layouts.back();
                    f = c.fits ? 1 : 0;
                    if (c.fits) {
                        ++out.fitting;
                        if (fastest <= 0 || c.stepSeconds < fastest)
                            fastest = c.stepSeconds;
                    } else {
                        int& at = overflowAt.emplace(key(l), l.microBatch).first->second;
                        at = std::min(at, l.microBatch);
                    }
                }
            }
        }
    }
    rankLayouts(out.layouts, request.objective);
    out.fitting += out.dominated; // they fit: a cheaper variant of them does
    if (deeperSkipped)
        out.issues.push_back(Issue{IssueCode::PlanPipelinesCapped, Severity::Info, "", double(kMaxPlannedStages)});
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress)
        progress(1.0);
    return out;
}

/// A knob's value as `--pin` spells it: true/false, a choice's name, or the number.
std::string pinText(PlanKnob knob, int value)
{
    const FieldInfo& field = fieldInfo(planKnobField(knob));
    if (field.type == FieldType::Bool)
        return value ? "true" : "false";
    for (const Choice& c : field.choices)
        if (c.value == value)
            return std::string(c.name);
    return std::to_string(value);
}

/// No layout at all, and no other error: which pin rules every layout out (issue 32.13: an
/// empty table and "issues: []" said nothing). A pin is to blame when the same search without
/// it finds layouts; what the knob takes in them is what it could be pinned to.
void explainNoLayout(const PlanRequest& request, PlanResult& out)
{
    bool any = false;
    for (std::size_t k = 0; k < kPlanKnobCount; ++k) {
        if (!request.pins.pinned[k])
            continue;
        PlanRequest without = request;
        without.pins.pinned[k] = false;
        without.pins.min[k] = INT_MIN;
        without.pins.max[k] = INT_MAX;
        const PlanResult other = searchLayouts(without, nullptr, {});
        if (other.layouts.empty())
            continue;
        std::vector<int> values;
        for (const PlanCandidate& c : other.layouts)
            values.push_back(knobValue(c.layout, PlanKnob(k)));
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        Issue i = fieldIssue(IssueCode::PinsLeaveNoLayout, Severity::Error, planKnobField(PlanKnob(k)));
        for (int v : values)
            i.accepted.push_back(pinText(PlanKnob(k), v));
        out.issues.push_back(std::move(i));
        any = true;
    }
    if (!any && std::find(request.pins.pinned.begin(), request.pins.pinned.end(), true) != request.pins.pinned.end())
        out.issues.push_back(Issue{IssueCode::PinsLeaveNoLayout, Severity::Error, ""});
}

} // namespace

PlanResult plan(const PlanRequest& request, const std::atomic<bool>* cancel, const PlanProgress& progress)
{
    PlanResult out = searchLayouts(request, cancel, progress);
    if (!out.cancelled && out.layouts.empty() && !hasErrors(out.issues))
        explainNoLayout(request, out);
    return out;
}

} // namespace core
