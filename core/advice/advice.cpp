#include "core/advice/advice.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/fields.h"
#include "core/goodput/run.h"
#include "core/rules/rules.h"
#include "core/weightformat.h"

namespace core {

namespace {

/// What the advisor reads off one estimate.
struct Measure
{
    bool valid = false;
    bool fits = false;
    double fullest = 0;
    double capacity = 0;
    double hardwareFlops = 0;   ///< training: per step; serving: per generated token
    double stepSeconds = 0;     ///< training: see stepSeconds(); serving: seconds per generated token of all replicas
    double communication = 0;   ///< per GPU per step
    double cpu = 0;
    double gpus = 0;
};

/// What a GPU needs: its device bytes less a serving engine's idle KV pool. vLLM, SGLang and
/// TensorRT-LLM reserve the pool up front (gpu_memory_utilization), so the bar is as tall with
/// any batch; the batch needs only its own KV cache, which is what a change can save.
double neededBytes(const RankGroup& g)
{
    return g.totalBytes - g.bytes[std::size_t(Component::KvCacheReserve)];
}

double fullestBytes(const Estimate& e)
{
    double most = 0;
    for (const RankGroup& g : e.groups)
        most = std::max(most, neededBytes(g));
    return most;
}

/// What the fullest GPU may hold. A reserving engine fits a batch whose KV cache fits its pool
/// (core/inference.cpp): its room is what it needs less the KV cache the pool lacks.
double roomBytes(const Scenario& s, const Estimate& e)
{
    const double capacity = s.hardware.gpu.memoryBytes;
    if (s.mode != Mode::Inference)
        return capacity;
    double room = capacity;
    for (const RankGroup& g : e.groups) {
        // The pool holds a hybrid's recurrent states beside the KV (core/inference.cpp).
        const double kv = g.bytes[std::size_t(Component::KvCache)] + g.bytes[std::size_t(Component::RecurrentState)];
        const double pool = e.inference.freeBytesForKv; // the tightest stage's pool
        const bool reserving = s.inference.engine == ServingEngine::Vllm || s.inference.engine == ServingEngine::Sglang
            || s.inference.engine == ServingEngine::TensorRtLlm;
        if (reserving && kv > pool)
            room = std::min(room, neededBytes(g) - (kv - pool));
    }
    return room;
}

bool allFit(const Estimate& e)
{
    return std::all_of(e.groups.begin(), e.groups.end(), [](const RankGroup& g) { return g.fits; });
}

/// Bytes an offloading GPU copies over PCIe per step. ZeRO-Offload (Ren et al. 2021, §4.1):
/// 16-bit gradients to the CPU and updated 16-bit weights back, 4 bytes per parameter of the
/// GPU's shard; with the weights offloaded too (ZeRO-Infinity) each layer's weights come over
/// again for the forward and the backward pass.
double pcieBytesPerStep(const Scenario& s, const Estimate& e)
{
    const TrainingSetup& t = s.training;
    if (!t.offloadOptimizer && !t.offloadParameters)
        return 0;
    const RankGroup& g = e.fullest();
    const double shards = std::max(1, e.zeroShards);
    const bool adapters = s.mode == Mode::FineTune && s.finetune.method != FineTuneMethod::Full;
    const double trainable = adapters ? e.finetune.adapterParameters / (double(s.parallel.tensor) * s.parallel.pipeline) : g.residentParameters;
    double bytes = 0;
    if (t.offloadOptimizer)
        bytes += (e.stateBytes.gradients + e.stateBytes.weights) * trainable / shards;
    if (t.offloadParameters) {
        const double weightBytes = adapters ? bitsPerParameter(s.finetune.base, e.shape.hiddenSize) / 8 : e.stateBytes.weights;
        bytes += 2 * weightBytes * g.residentParameters / shards;
    }
    return bytes;
}

double communicationBytes(const CommunicationEstimate& c)
{
    double sum = 0;
    for (std::size_t d = 0; d < kCommDimensionCount; ++d)
        sum += c.bytes(CommDimension(d));
    return sum;
}

/// Training step time at a fixed hardware throughput per GPU: the estimate's own time keeps the
/// MFU fixed, so extra recomputed FLOPs would be free; here the GPUs execute the hardware FLOPs at
/// the rate the scenario as it is implies. Communication that outlasts the computation cannot be
/// hidden behind it (the estimate warns about it), and PCIe copies of offloaded states are added.
double stepSeconds(const Scenario& s, const Estimate& e, double throughputPerGpu, double pcieBytes)
{
    const ComputeEstimate& c = e.compute;
    const double compute = throughputPerGpu > 0 ? c.hardwareFlopsPerIteration / (double(s.parallel.gpus) * throughputPerGpu)
                                                : c.iterationSeconds - c.rolloutSeconds;
    double longestCommunication = 0;
    for (double seconds : e.communication.seconds)
        longestCommunication = std::max(longestCommunication, seconds);
    return std::max(compute, longestCommunication) + c.rolloutSeconds + pcieBytes / kHostLinkBytesPerSecond;
}

Measure measure(const Scenario& s, const Estimate& e, double throughputPerGpu)
{
    Measure m;
    m.valid = e.valid;
    if (!e.valid)
        return m;
    m.fits = allFit(e);
    m.fullest = fullestBytes(e);
    m.capacity = roomBytes(s, e);
    m.cpu = e.cpuBytesPerNode;
    m.gpus = s.parallel.gpus;
    if (s.mode == Mode::Inference) {
        const InferenceEstimate& r = e.inference;
        const double batch = double(std::max<std::int64_t>(1, s.inference.batchSize));
        m.hardwareFlops = r.decodeFlopsPerStep / batch;
        m.stepSeconds = r.tokensPerSecondTotal > 0 ? 1 / r.tokensPerSecondTotal : 0;
        return m;
    }
    const double pcie = pcieBytesPerStep(s, e);
    m.hardwareFlops = e.compute.hardwareFlopsPerIteration;
    m.communication = communicationBytes(e.communication) + pcie;
    m.stepSeconds = stepSeconds(s, e, throughputPerGpu, pcie);
    return m;
}

bool isAdapterMethod(FineTuneMethod m) { return m != FineTuneMethod::Full; }

double weightBits(WeightFormat f)
{
    return valueBits(f);
}

// "训练显存爆了" (memory exploded: what first?): batch + accumulation, checkpointing, ZeRO 2 → 3,
// offload, FlashAttention; its companion list puts FlashAttention first as free and always on
// ("无代价（推荐必开）"), LoRA/QLoRA for fine-tuning, TP + PP last. FlashAttention leads here
// when it is off, as both lists say it costs nothing.
constexpr std::array kTrainingOrder = {
    RemedyAction::FlashAttention, RemedyAction::MicroBatch,       RemedyAction::SelectiveRecompute, RemedyAction::FullRecompute,
    RemedyAction::ZeroStage,      RemedyAction::OffloadOptimizer, RemedyAction::OffloadParameters,  RemedyAction::Lora,
    RemedyAction::Qlora,          RemedyAction::TensorParallel,   RemedyAction::PipelineParallel,   RemedyAction::MoreGpus,
};
constexpr std::array kServingOrder = {
    RemedyAction::WeightsFp8,     RemedyAction::WeightsInt8,    RemedyAction::WeightsInt4, RemedyAction::KvCacheFp8,
    RemedyAction::PagedKv,        RemedyAction::FlashAttention, RemedyAction::ShorterContext, RemedyAction::FewerSequences,
    RemedyAction::ServingTensorParallel,
};

RemedyNote noteFor(RemedyAction a, const Scenario& base, const Scenario& after)
{
    switch (a) {
    case RemedyAction::MicroBatch: return RemedyNote::SmallerKernels;
    case RemedyAction::OffloadOptimizer:
    case RemedyAction::OffloadParameters: return RemedyNote::OffloadTransfers;
    case RemedyAction::FlashAttention: return RemedyNote::FreeInPractice;
    case RemedyAction::Lora: return RemedyNote::AdaptersQuality;
    case RemedyAction::Qlora: return RemedyNote::QloraQuality;
    case RemedyAction::MoreGpus: return RemedyNote::MoreGpusCost;
    case RemedyAction::WeightsFp8: return RemedyNote::QualityFp8;
    case RemedyAction::WeightsInt8: return RemedyNote::QualityInt8;
    case RemedyAction::WeightsInt4: return RemedyNote::QualityInt4;
    case RemedyAction::KvCacheFp8: return RemedyNote::QualityKvCache;
    case RemedyAction::ShorterContext: return RemedyNote::ShorterRequests;
    case RemedyAction::FewerSequences: return RemedyNote::FewerConcurrent;
    case RemedyAction::ServingTensorParallel: return after.parallel.gpus > base.parallel.gpus ? RemedyNote::MoreGpusCost : RemedyNote::None;
    case RemedyAction::CheckpointInterval: return RemedyNote::IntervalTradeoff;
    case RemedyAction::AsyncCheckpoint: return RemedyNote::AsyncHostMemory;
    default: return RemedyNote::None;
    }
}

/// Levers that set the same thing cannot be combined.
int family(RemedyAction a)
{
    switch (a) {
    case RemedyAction::SelectiveRecompute:
    case RemedyAction::FullRecompute: return 1;
    case RemedyAction::ZeroStage:
    case RemedyAction::OffloadParameters: return 2; // parameter offload brings ZeRO-3 with it
    case RemedyAction::Lora:
    case RemedyAction::Qlora: return 3;
    case RemedyAction::WeightsFp8:
    case RemedyAction::WeightsInt8:
    case RemedyAction::WeightsInt4: return 4;
    case RemedyAction::ShorterContext:
    case RemedyAction::FewerSequences: return 5; // both are read off one estimate: together they overshoot
    default: return 100 + int(a);
    }
}

class Advisor
{
public:
    Advisor(const Scenario& base, Advice& out, const AdviceOptions& options)
        : m_base(base), m_out(out), m_options(options)
    {
    }

    void run()
    {
        m_out.remedies.clear();
        m_out.combinations.clear();
        m_out.runRemedies.clear();
        estimate(m_base, m_baseEstimate);
        m_out.valid = m_baseEstimate.valid;
        if (!m_out.valid)
            return;
        const ComputeEstimate& c = m_baseEstimate.compute;
        const double trainingSeconds = c.iterationSeconds - c.rolloutSeconds;
        m_throughput = m_base.mode != Mode::Inference && trainingSeconds > 0
            ? c.hardwareFlopsPerIteration / (double(m_base.parallel.gpus) * trainingSeconds)
            : 0;
        m_before = measure(m_base, m_baseEstimate, m_throughput);
        m_out.fits = m_before.fits;
        m_out.fullestBytes = m_before.fullest;
        m_out.capacityBytes = m_before.capacity;
        if (m_base.mode != Mode::Inference)
            runRemedies();
        if (m_before.fits && !m_options.evenIfFits)
            return;
        if (m_base.mode == Mode::Inference)
            for (RemedyAction a : kServingOrder)
                single(a);
        else
            for (RemedyAction a : kTrainingOrder)
                single(a);
        if (m_before.fits)
            return;
        for (const Remedy& r : m_out.remedies)
            if (r.fitsAfter)
                return; // one change is enough: the smallest set has one element
        combinations();
    }

private:
    /// Evaluates `trial` (already changed) into m_trial; true if valid.
    bool evaluate(const Scenario& trial)
    {
        estimate(trial, m_trialEstimate);
        ++m_estimates;
        return m_trialEstimate.valid;
    }

    bool fitsWith(const Lever& lever)
    {
        m_trial = m_base;
        applyLever(lever, m_trial);
        return evaluate(m_trial) && allFit(m_trialEstimate);
    }

    /// The lever's setting for this scenario, or false when it is applied already or impossible.
    bool choose(RemedyAction a, Lever& lever)
    {
        const Scenario& s = m_base;
        const TrainingSetup& t = s.training;
        const bool adapters = s.mode == Mode::FineTune && isAdapterMethod(s.finetune.method);
        lever = Lever{a, 0};
        switch (a) {
        case RemedyAction::MicroBatch: {
            if (t.microBatchSize <= 1)
                return false;
            // Divisors of b keep B = b·D·m whole. Memory grows with b: the largest that fits, by
            // bisection over the divisors; 1 when none does.
            std::vector<std::int64_t> divisors;
            for (std::int64_t d = 1; d < t.microBatchSize; ++d)
                if (t.microBatchSize % d == 0)
                    divisors.push_back(d);
            std::size_t lo = 0, hi = divisors.size(); // answer in [lo, hi): largest index that fits
            std::int64_t best = 1;
            while (lo < hi) {
                const std::size_t mid = (lo + hi) / 2;
                if (fitsWith(Lever{a, double(divisors[mid])})) {
                    best = divisors[mid];
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lever.value = double(best);
            return true;
        }
        case RemedyAction::SelectiveRecompute: return t.recompute == Recompute::None;
        case RemedyAction::FullRecompute: return t.recompute != Recompute::Full;
        case RemedyAction::ZeroStage: {
            if (t.zeroStage >= 3 || m_baseEstimate.zeroShards <= 1)
                return false; // all sharded already, or one rank to shard over
            lever.value = 3;
            for (int stage = t.zeroStage + 1; stage < 3; ++stage)
                if (fitsWith(Lever{a, double(stage)})) {
                    lever.value = stage;
                    break;
                }
            return true;
        }
        case RemedyAction::OffloadOptimizer: return !t.offloadOptimizer;
        case RemedyAction::OffloadParameters: return !t.offloadParameters;
        case RemedyAction::FlashAttention: return !t.flashAttention;
        // Adapters answer fine-tuning questions; pre-training has no trained base to freeze.
        case RemedyAction::Lora: return s.mode == Mode::FineTune && !adapters;
        case RemedyAction::Qlora: return s.mode == Mode::FineTune && s.finetune.method != FineTuneMethod::QLoRA;
        case RemedyAction::TensorParallel:
            lever.value = 2.0 * s.parallel.tensor;
            return lever.value <= s.parallel.gpusPerNode; // TP stays inside a node (NVLink)
        case RemedyAction::PipelineParallel: lever.value = 2.0 * s.parallel.pipeline; return true;
        case RemedyAction::MoreGpus: lever.value = 2.0 * s.parallel.gpus; return true;
        case RemedyAction::WeightsFp8:
        case RemedyAction::WeightsInt8: return weightBits(s.inference.weights.format) > 8;
        case RemedyAction::WeightsInt4: return weightBits(s.inference.weights.format) > 4;
        case RemedyAction::KvCacheFp8: return kvElementBytes(s.inference.kvCacheDtype) > 1;
        case RemedyAction::PagedKv: return s.inference.kvBlockSize != 16;
        case RemedyAction::ShorterContext: {
            const double most = std::floor(m_baseEstimate.inference.maxContextAtBatch);
            lever.value = most;
            return most >= 2 && most < double(s.inference.context());
        }
        case RemedyAction::FewerSequences: {
            const double most = m_baseEstimate.inference.maxBatchAtContext;
            lever.value = most;
            return most >= 1 && most < double(s.inference.batchSize);
        }
        case RemedyAction::ServingTensorParallel: lever.value = 2.0 * s.parallel.tensor; return true;
        case RemedyAction::CheckpointInterval:
        case RemedyAction::AsyncCheckpoint: return false; // the run's levers: runRemedies()
        case RemedyAction::Count: break;
        }
        return false;
    }

    /// Fills `r` from the trial estimate of `changed`; false if the change does not help.
    bool describeChange(const Scenario& changed, Remedy& r)
    {
        const Measure after = measure(changed, m_trialEstimate, m_throughput);
        r.scenario = changed;
        r.changes = scenarioChanges(m_base, changed);
        r.bytesBefore = m_before.fullest;
        r.bytesAfter = after.fullest;
        r.bytesSaved = m_before.fullest - after.fullest;
        r.capacityBytes = after.capacity;
        r.fitsAfter = after.fits;
        r.extraFlopsFraction = m_before.hardwareFlops > 0 ? after.hardwareFlops / m_before.hardwareFlops - 1 : 0;
        r.timeFactor = m_before.stepSeconds > 0 ? after.stepSeconds / m_before.stepSeconds : 1;
        r.extraCommunicationBytes = after.communication - m_before.communication;
        r.cpuBytes = after.cpu;
        r.gpusFactor = m_before.gpus > 0 ? after.gpus / m_before.gpus : 1;
        return r.bytesSaved > 0;
    }

    void single(RemedyAction a)
    {
        Lever lever;
        if (!choose(a, lever))
            return;
        m_trial = m_base;
        applyLever(lever, m_trial);
        if (m_trial == m_base || !evaluate(m_trial))
            return; // applied already, or impossible in this layout
        Remedy r;
        r.levers = {lever};
        if (!describeChange(m_trial, r))
            return; // saves nothing here (ZeRO with one data-parallel rank, say)
        r.note = noteFor(a, m_base, m_trial);
        m_out.remedies.push_back(std::move(r));
    }

    /// The run's wall-clock at the same memory (issue 29): the checkpoint interval Young and Daly
    /// give for this checkpoint and interruption rate, asynchronous checkpoints, and both (the
    /// interval then re-chosen for the asynchronous stall). Each measured by the estimate of the
    /// changed scenario; kept when it gains a point of goodput (the same threshold as the Info
    /// issues in core/goodput/run.cpp) and, for the pair, a point over the better single.
    void runRemedies()
    {
        const RunEstimate& base = m_baseEstimate.compute.run;
        if (!(base.goodput.wallSeconds > 0) || !(base.goodput.mtbiSeconds > 0))
            return; // no run length, or nothing interrupts it: no interval is better than another
        const GoodputSetup& g = m_base.goodput;
        double bestSingle = base.goodput.goodput;
        auto add = [&](const std::vector<Lever>& levers, double over) {
            m_trial = m_base;
            for (const Lever& l : levers)
                applyLever(l, m_trial);
            if (m_trial == m_base || !evaluate(m_trial))
                return;
            const RunEstimate& after = m_trialEstimate.compute.run;
            if (after.goodput.goodput - over < kRunAdviceThreshold)
                return;
            Remedy r;
            r.levers = levers;
            describeChange(m_trial, r); // the same memory: bytesSaved 0
            r.wallSecondsBefore = base.goodput.wallSeconds;
            r.wallSecondsAfter = after.goodput.wallSeconds;
            r.goodputBefore = base.goodput.goodput;
            r.goodputAfter = after.goodput.goodput;
            r.timeFactor = r.wallSecondsAfter / r.wallSecondsBefore;
            r.note = noteFor(levers.back().action, m_base, m_trial);
            if (m_trial.goodput.asyncCheckpoint && !g.asyncCheckpoint) {
                // torch DCP's async_save and Megatron's --async-save first copy every rank's shard
                // to host memory (pinned in torchtitan's async_with_pinned_mem) and write from there.
                const double gpusOnNode = std::min(double(m_trial.parallel.gpusPerNode), double(m_trial.parallel.gpus));
                r.cpuBytes += after.checkpoint.bytesPerGpu * std::max(1.0, gpusOnNode);
                r.note = RemedyNote::AsyncHostMemory;
            }
            bestSingle = std::max(bestSingle, r.goodputAfter);
            m_out.runRemedies.push_back(std::move(r));
        };
        if (g.checkpointIntervalSteps > 0 && base.goodput.optimalSteps >= 1 && base.goodput.optimalSteps != double(g.checkpointIntervalSteps))
            add({Lever{RemedyAction::CheckpointInterval, base.goodput.optimalSteps}}, base.goodput.goodput);
        if (!g.asyncCheckpoint) {
            add({Lever{RemedyAction::AsyncCheckpoint, 1}}, base.goodput.goodput);
            // The pair: the optimal interval under the asynchronous stall, read off the run add()
            // just estimated (the asynchronous scenario: never the base, so always evaluated).
            if (g.checkpointIntervalSteps > 0 && m_trialEstimate.valid) {
                const double steps = m_trialEstimate.compute.run.goodput.optimalSteps;
                if (steps >= 1 && steps != double(g.checkpointIntervalSteps))
                    add({Lever{RemedyAction::AsyncCheckpoint, 1}, Lever{RemedyAction::CheckpointInterval, steps}}, bestSingle);
            }
        }
        std::stable_sort(m_out.runRemedies.begin(), m_out.runRemedies.end(),
                         [](const Remedy& a, const Remedy& b) { return a.goodputAfter > b.goodputAfter; });
    }

    /// The smallest sets of two, then three, single changes that make it fit, fastest first.
    /// Savings roughly add up, so candidate sets are tried in the order of how likely they are
    /// to fit (their single savings summed reach the shortfall) and how little time they cost;
    /// each is then estimated exactly. A fixed budget keeps the advisor within its time.
    void combinations()
    {
        const std::vector<Remedy>& singles = m_out.remedies;
        const double shortfall = m_before.fullest - m_before.capacity;
        struct Candidate
        {
            std::array<int, 3> parts{};
            int size = 0;
            bool enough = false;
            double cost = 0;
        };
        auto costOf = [](const Remedy& r) { return r.timeFactor * r.gpusFactor; };
        for (int size = 2; size <= 3 && m_out.combinations.empty(); ++size) {
            std::vector<Candidate> candidates;
            const int n = int(singles.size());
            for (int i = 0; i < n; ++i)
                for (int j = i + 1; j < n; ++j)
                    for (int k = size == 3 ? j + 1 : n; k < (size == 3 ? n : n + 1); ++k) {
                        Candidate c;
                        c.size = size;
                        c.parts = {i, j, size == 3 ? k : -1};
                        double saved = 0;
                        c.cost = 1;
                        bool clash = false;
                        for (int p = 0; p < size; ++p) {
                            const Remedy& r = singles[std::size_t(c.parts[std::size_t(p)])];
                            saved += r.bytesSaved;
                            c.cost *= costOf(r);
                            for (int q = 0; q < p; ++q)
                                clash |= family(r.action()) == family(singles[std::size_t(c.parts[std::size_t(q)])].action());
                        }
                        if (clash)
                            continue;
                        c.enough = saved >= shortfall;
                        candidates.push_back(c);
                    }
            std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
                if (a.enough != b.enough)
                    return a.enough;
                return a.cost < b.cost;
            });
            constexpr std::size_t kBudget = 14;
            for (std::size_t i = 0; i < candidates.size() && i < kBudget; ++i) {
                const Candidate& c = candidates[i];
                m_trial = m_base;
                Remedy r;
                for (int p = 0; p < c.size; ++p) {
                    const Lever& lever = singles[std::size_t(c.parts[std::size_t(p)])].levers.front();
                    r.levers.push_back(lever);
                    applyLever(lever, m_trial);
                }
                if (!evaluate(m_trial) || !allFit(m_trialEstimate) || !describeChange(m_trial, r))
                    continue;
                for (int p = 0; p < c.size && r.note == RemedyNote::None; ++p)
                    r.note = singles[std::size_t(c.parts[std::size_t(p)])].note;
                m_out.combinations.push_back(std::move(r));
            }
        }
        std::stable_sort(m_out.combinations.begin(), m_out.combinations.end(),
                         [&](const Remedy& a, const Remedy& b) { return costOf(a) < costOf(b); });
        if (m_out.combinations.size() > std::size_t(std::max(0, m_options.maxCombinations)))
            m_out.combinations.resize(std::size_t(std::max(0, m_options.maxCombinations)));
    }

    const Scenario& m_base;
    Advice& m_out;
    AdviceOptions m_options;
    Estimate m_baseEstimate;
    Estimate m_trialEstimate;
    Scenario m_trial;
    Measure m_before;
    double m_throughput = 0;
    int m_estimates = 0;
};

} // namespace

void applyLever(const Lever& lever, Scenario& s)
{
    TrainingSetup& t = s.training;
    InferenceSetup& in = s.inference;
    switch (lever.action) {
    case RemedyAction::MicroBatch: t.microBatchSize = std::int64_t(lever.value); break;
    case RemedyAction::SelectiveRecompute: t.recompute = Recompute::Selective; break;
    case RemedyAction::FullRecompute: t.recompute = Recompute::Full; break;
    case RemedyAction::ZeroStage: t.zeroStage = std::max(t.zeroStage, int(lever.value)); break;
    case RemedyAction::OffloadOptimizer:
        // With the ZeRO stage the offload needs (core/rules).
        t.zeroStage = std::max(t.zeroStage, leastFor(Field::TrainingOffloadOptimizer));
        t.offloadOptimizer = true;
        break;
    case RemedyAction::OffloadParameters:
        // … and the parameters with the optimizer, as ZeRO-Infinity offloads them.
        t.zeroStage = std::max(t.zeroStage, leastFor(Field::TrainingOffloadParameters));
        t.offloadParameters = true;
        t.offloadOptimizer = true;
        break;
    case RemedyAction::FlashAttention: t.flashAttention = true; break;
    case RemedyAction::Lora: setFieldValue(s, Field::FineTuneMethod, FineTuneMethod::LoRA); break;
    case RemedyAction::Qlora: setFieldValue(s, Field::FineTuneMethod, FineTuneMethod::QLoRA); break;
    case RemedyAction::TensorParallel: s.parallel.tensor = int(lever.value); break;
    case RemedyAction::PipelineParallel: s.parallel.pipeline = int(lever.value); break;
    case RemedyAction::MoreGpus: s.parallel.gpus = int(lever.value); break;
    case RemedyAction::WeightsFp8: in.weights.format = WeightFormat::Fp8; break;
    case RemedyAction::WeightsInt8: in.weights.format = WeightFormat::Int8; break;
    case RemedyAction::WeightsInt4: in.weights.format = WeightFormat::Int4; break;
    case RemedyAction::KvCacheFp8: in.kvCacheDtype = KvCacheDtype::Fp8; break;
    case RemedyAction::PagedKv: in.kvBlockSize = 16; break;
    case RemedyAction::ShorterContext: {
        // Keep the prompt and generate fewer tokens; if even the prompt is too long, shorten both
        // in proportion.
        const std::int64_t most = std::int64_t(lever.value);
        if (most > in.promptLength) {
            in.generatedTokens = most - in.promptLength;
        } else {
            const double share = double(in.promptLength) / double(std::max<std::int64_t>(1, in.context()));
            in.promptLength = std::max<std::int64_t>(1, std::int64_t(std::floor(double(most) * share)));
            in.generatedTokens = std::max<std::int64_t>(0, most - in.promptLength);
        }
        break;
    }
    case RemedyAction::FewerSequences: in.batchSize = std::max<std::int64_t>(1, std::int64_t(lever.value)); break;
    case RemedyAction::ServingTensorParallel:
        s.parallel.tensor = int(lever.value);
        s.parallel.gpus = std::max(s.parallel.gpus, s.parallel.tensor * s.parallel.pipeline);
        break;
    case RemedyAction::CheckpointInterval: s.goodput.checkpointIntervalSteps = std::max<std::int64_t>(1, std::int64_t(std::llround(lever.value))); break;
    case RemedyAction::AsyncCheckpoint: s.goodput.asyncCheckpoint = true; break;
    case RemedyAction::Count: break;
    }
}

void advise(const Scenario& scenario, Advice& out, const AdviceOptions& options)
{
    Advisor(scenario, out, options).run();
}

Advice advise(const Scenario& scenario, const AdviceOptions& options)
{
    Advice out;
    advise(scenario, out, options);
    return out;
}

} // namespace core
