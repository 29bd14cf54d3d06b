// The serving layout search: every TP × PP (× EP for MoE) that divides the GPUs, each weight
// format and KV cache dtype asked for, each batch cap, estimated with estimate() as the window
// and `shardscope estimate` do, and ranked by output tokens/s per GPU under the TTFT and TPOT
// limits. Patterns shared with the training planner (core/plan/planner.cpp): the pins typed by
// Field (PlanPins), TP inside a node unless pinned, the errors no layout cures reported before
// the search, the changes as (Field, value) pairs (core/rules/scenariochanges).
#include "core/plan/serving/servingplanner.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/fieldset.h"
#include "core/model.h"

namespace core {

namespace {

/// The largest batch per replica the search tries unless a concurrency says otherwise: a bound
/// on the search (past it the batch's KV cache outgrows an 80 GB GPU for all but tiny contexts),
/// not a constant of the model.
constexpr int kMaxPlannedBatch = 4096;

/// The fields a serving layout sets: an error about one of them may be cured by another layout.
bool servingLayoutField(Field f)
{
    if (fieldInfo(f).section == FieldSection::Parallel && f != Field::ParallelGpus && f != Field::ParallelGpusPerNode)
        return true;
    return f == Field::InferenceBatchSize || f == Field::InferenceMaxNumSeqs || f == Field::InferenceKvCacheDtype
        || f == Field::InferenceWeightFormat;
}

/// Errors of the scenario that no layout cures (an unknown GPU, a prompt longer than allowed, …).
void servingScenarioErrors(const Scenario& base, std::vector<Issue>& out)
{
    Scenario probe = base;
    applyServingLayout(ServingLayout{1, 1, false, base.inference.weights.format, base.inference.kvCacheDtype, 1}, probe);
    probe.parallel.gpus = std::max(1, base.parallel.gpus);
    std::vector<Issue> issues;
    validate(probe, issues);
    for (const Issue& i : issues) {
        if (i.severity != Severity::Error)
            continue;
        const std::optional<Field> field = issueField(i);
        if (field && servingLayoutField(*field))
            continue;
        out.push_back(i);
    }
}

ServingCandidate servingCandidateOf(const ServingLayout& l, const Estimate& e, const ServingPlanRequest& request)
{
    ServingCandidate c;
    c.layout = l;
    const InferenceEstimate& r = e.inference;
    c.replicas = r.replicas;
    const RankGroup& f = e.fullest();
    c.peakBytes = f.totalBytes;
    c.capacityBytes = f.capacityBytes;
    c.fits = true;
    for (const RankGroup& g : e.groups)
        c.fits = c.fits && g.fits;
    c.maxBatch = r.maxBatchAtContext;
    c.running = r.runningRequests;
    c.ttftSeconds = r.ttftSeconds;
    c.tpotSeconds = r.itlSeconds;
    c.requestSeconds = r.requestSeconds;
    c.tokensPerSecondPerGpu = r.throughputPerReplica / double(c.gpusPerReplica());
    const double osl = std::max(1.0, double(request.base.inference.generatedTokens));
    c.requestsPerSecondPerReplica = r.throughputPerReplica / osl;
    c.missesTpot = request.tpotLimitSeconds > 0 && c.tpotSeconds > request.tpotLimitSeconds;
    c.missesTtft = request.ttftLimitSeconds > 0 && c.ttftSeconds > request.ttftLimitSeconds;
    if (!c.fits)
        c.reject = l.batch <= 1 || c.maxBatch < 1 ? ServingReject::ModelDoesNotFit : ServingReject::BatchDoesNotFit;
    else if (c.missesTpot)
        c.reject = ServingReject::TpotOverLimit;
    else if (c.missesTtft)
        c.reject = ServingReject::TtftOverLimit;
    if (request.requestRate > 0 && c.reject == ServingReject::None && c.requestsPerSecondPerReplica > 0)
        c.gpusForRate = int(std::ceil(request.requestRate / c.requestsPerSecondPerReplica - 1e-9)) * c.gpusPerReplica();
    return c;
}

/// Evaluates one layout (with its formats) over its batches and returns its entry for the
/// table. ITL and TTFT grow with the batch (more rows per step, more prompt tokens beside them,
/// and a wait once the token budget binds) and memory with it: past the first batch that misses
/// a limit or does not fit, no larger one is tried; between the last that met them and that
/// one, the largest that meets them is found by bisection.
ServingCandidate evaluateLayout(ServingLayout l, const ServingPlanRequest& request, Scenario& s, Estimate& e, ServingPlanResult& out,
                                bool& valid)
{
    // Whether `batch` was estimated and met the limits (its point is the last of out.points).
    auto evaluate = [&](int batch) {
        l.batch = batch;
        applyServingLayout(l, s);
        ++out.candidates;
        estimate(s, e);
        if (!e.valid)
            return false;
        ++out.valid;
        out.points.push_back(servingCandidateOf(l, e, request));
        const ServingCandidate& c = out.points.back();
        out.fitting += c.fits ? 1 : 0;
        out.meeting += c.reject == ServingReject::None ? 1 : 0;
        return true;
    };
    auto meets = [&](int batch) { return evaluate(batch) && out.points.back().reject == ServingReject::None; };
    valid = true;
    if (request.concurrency > 0) {
        // The requests in flight spread over the replicas; the engine's cap is what each one gets.
        const int replicas = std::max(1, request.base.parallel.gpus / (l.tensor * l.pipeline));
        const int batch = int(std::ceil(request.concurrency / replicas - 1e-9));
        if (!evaluate(std::max(1, batch))) {
            valid = false;
            return {};
        }
        return out.points.back();
    }
    if (!evaluate(1)) {
        valid = false;
        return {};
    }
    ServingCandidate best = out.points.back();
    if (best.reject != ServingReject::None)
        return best; // one request does not fit, or misses a limit alone
    const int largest = int(std::min<double>(kMaxPlannedBatch, std::floor(best.maxBatch)));
    int good = 1, bad = 0; // the largest batch known to meet the limits, the smallest known not to
    for (int b = 2; b <= largest; b *= 2) {
        if (!meets(b)) {
            bad = b;
            break;
        }
        good = b;
        best = out.points.back();
    }
    if (bad == 0 && good < largest) {
        // The largest batch that fits, if no power of two below it missed a limit.
        if (meets(largest))
            return out.points.back();
        bad = largest;
    }
    while (bad - good > 1) {
        const int mid = good + (bad - good) / 2;
        if (meets(mid)) {
            good = mid;
            best = out.points.back();
        } else {
            bad = mid;
        }
    }
    return best;
}

} // namespace

ServingLayout servingLayoutOf(const Scenario& s)
{
    ServingLayout l;
    l.tensor = s.parallel.tensor;
    l.pipeline = s.parallel.pipeline;
    l.expertParallel = s.model.isMoE() && s.parallel.expert > 1;
    l.weights = s.inference.weights.format;
    l.kvCache = s.inference.kvCacheDtype;
    l.batch = int(s.inference.batchSize);
    return l;
}

void applyServingLayout(const ServingLayout& l, Scenario& s)
{
    s.parallel.tensor = l.tensor;
    s.parallel.pipeline = l.pipeline;
    // Expert parallelism over the TP group: each GPU holds whole experts (vLLM FusedMoE with
    // --enable-expert-parallel: EP size = TP × DP, expert TP 1; here within one replica).
    s.parallel.expert = l.expertParallel ? l.tensor : 1;
    s.parallel.expertTensor = l.expertParallel ? 1 : 0;
    s.inference.weights.format = l.weights;
    s.inference.kvCacheDtype = l.kvCache;
    s.inference.batchSize = l.batch;
    s.inference.maxNumSeqs = l.batch;
}

std::vector<ScenarioChange> servingLayoutChanges(const Scenario& base, const ServingLayout& l)
{
    Scenario changed = base;
    applyServingLayout(l, changed);
    return scenarioChanges(base, changed);
}

void defaultServingFormats(const Scenario& s, std::vector<WeightFormat>& weights, std::vector<KvCacheDtype>& kv)
{
    weights = {s.inference.weights.format};
    kv = {s.inference.kvCacheDtype};
    if (s.hardware.gpu.peakFp8Tflops <= 0)
        return;
    const WeightFormat w = s.inference.weights.format;
    if (w == WeightFormat::Bf16 || w == WeightFormat::Fp16)
        weights.push_back(WeightFormat::Fp8);
    const KvCacheDtype k = s.inference.kvCacheDtype;
    if (k == KvCacheDtype::Bf16 || k == KvCacheDtype::Fp16)
        kv.push_back(KvCacheDtype::Fp8);
}

std::string_view servingRejectName(ServingReject r)
{
    switch (r) {
    case ServingReject::None: return "";
    case ServingReject::ModelDoesNotFit: return "model_does_not_fit";
    case ServingReject::BatchDoesNotFit: return "batch_does_not_fit";
    case ServingReject::TpotOverLimit: return "tpot_over_limit";
    case ServingReject::TtftOverLimit: return "ttft_over_limit";
    case ServingReject::Count: break;
    }
    return "";
}

ServingPlanResult planServing(const ServingPlanRequest& request, const std::atomic<bool>* cancel, const PlanProgress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    ServingPlanResult out;
    const Scenario& base = request.base;
    if (base.mode != Mode::Inference) {
        Issue i = fieldIssue(IssueCode::UnknownValue, Severity::Error, Field::Mode);
        // The serving planner plans serving layouts only (training: core::plan).
        i.accepted = {"inference"};
        i.given = std::string(choiceName(base.mode));
        out.issues.push_back(i);
        return out;
    }
    servingScenarioErrors(base, out.issues);
    if (hasErrors(out.issues))
        return out;

    const ModelArchitecture shape = base.model.hasArchitecture ? base.model : familyShape(base.model.parameters);
    const PlanPins& pins = request.pins;
    const int gpus = std::max(1, base.parallel.gpus), node = std::max(1, base.parallel.gpusPerNode);
    const int layers = std::max(1, shape.numLayers), heads = std::max(1, shape.numAttentionHeads);
    const std::size_t tensorKnob = std::size_t(PlanKnob::Tensor);
    const int tensorMax = pins.pinned[tensorKnob] && pins.max[tensorKnob] > node ? pins.max[tensorKnob] : node;
    std::vector<WeightFormat> weightFormats = request.weightFormats;
    if (weightFormats.empty())
        weightFormats.push_back(base.inference.weights.format);
    std::vector<KvCacheDtype> kvDtypes = request.kvDtypes;
    if (kvDtypes.empty())
        kvDtypes.push_back(base.inference.kvCacheDtype);

    std::vector<ServingLayout> layouts;
    for (int t : planDivisors(gpus)) {
        if (t > tensorMax || heads % t != 0 || !pins.allows(PlanKnob::Tensor, t))
            continue;
        for (int p : planDivisors(gpus / t)) {
            if (p > layers || !pins.allows(PlanKnob::Pipeline, p))
                continue;
            std::vector<bool> eps{false};
            if (shape.isMoE() && t > 1 && shape.numExperts % t == 0)
                eps.push_back(true);
            for (bool ep : eps) {
                if (!pins.allows(PlanKnob::Expert, ep ? t : 1))
                    continue;
                for (WeightFormat w : weightFormats)
                    for (KvCacheDtype kv : kvDtypes)
                        layouts.push_back(ServingLayout{t, p, ep, w, kv, 1});
            }
        }
    }
    if (layouts.empty()) {
        out.issues.push_back(Issue{IssueCode::PinsLeaveNoLayout, Severity::Error, ""});
        return out;
    }

    Scenario s = base;
    Estimate e;
    for (std::size_t li = 0; li < layouts.size(); ++li) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            out.cancelled = true;
            break;
        }
        if (progress)
            progress(double(li) / double(layouts.size()));
        bool valid = false;
        ServingCandidate c = evaluateLayout(layouts[li], request, s, e, out, valid);
        if (valid)
            out.layouts.push_back(c);
    }
    rankServingLayouts(out.layouts);
    markServingPareto(out.points);
    if (request.requestRate > 0) {
        for (std::size_t i = 0; i < out.layouts.size(); ++i) {
            const ServingCandidate& c = out.layouts[i];
            if (c.reject != ServingReject::None || c.gpusForRate <= 0)
                continue;
            if (out.fewestGpus < 0 || c.gpusForRate < out.layouts[std::size_t(out.fewestGpus)].gpusForRate)
                out.fewestGpus = int(i); // ties: the earlier, more tokens/s per GPU
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress)
        progress(1.0);
    return out;
}

void rankServingLayouts(std::vector<ServingCandidate>& layouts)
{
    auto tier = [](const ServingCandidate& c) { return c.reject == ServingReject::None ? 0 : c.fits ? 1 : 2; };
    std::stable_sort(layouts.begin(), layouts.end(), [&](const ServingCandidate& a, const ServingCandidate& b) {
        if (tier(a) != tier(b))
            return tier(a) < tier(b);
        if (tier(a) == 2)
            return a.peakBytes / a.capacityBytes < b.peakBytes / b.capacityBytes;
        if (a.tokensPerSecondPerGpu != b.tokensPerSecondPerGpu)
            return a.tokensPerSecondPerGpu > b.tokensPerSecondPerGpu;
        if (a.tpotSeconds != b.tpotSeconds)
            return a.tpotSeconds < b.tpotSeconds;
        return a.gpusPerReplica() < b.gpusPerReplica();
    });
}

void markServingPareto(std::vector<ServingCandidate>& points)
{
    // Sorted by TPOT (then by more tokens/s per GPU), a fitting point is on the front exactly when
    // it has more tokens/s per GPU than every point before it.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < points.size(); ++i) {
        points[i].pareto = false;
        if (points[i].fits)
            order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (points[a].tpotSeconds != points[b].tpotSeconds)
            return points[a].tpotSeconds < points[b].tpotSeconds;
        return points[a].tokensPerSecondPerGpu > points[b].tokensPerSecondPerGpu;
    });
    double most = -1;
    for (std::size_t i : order)
        if (points[i].tokensPerSecondPerGpu > most) {
            points[i].pareto = true;
            most = points[i].tokensPerSecondPerGpu;
        }
}

} // namespace core
