#include "core/timeline/steptimeline.h"

#include <algorithm>
#include <array>

#include "core/estimate.h"
#include "core/estimate_context.h"
#include "core/model/imagetokens.h"
#include "core/timeline/pipelineschedule.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

/// 1 for the components PyTorch's allocated counter holds, 0 for the others.
constexpr std::array<double, kComponentCount> kAllocatedMask = [] {
    std::array<double, kComponentCount> m{};
    for (std::size_t i = 0; i < kComponentCount; ++i)
        m[i] = levelOf(Component(i)) == MemoryLevel::Allocated ? 1 : 0;
    return m;
}();

/// Fills the phase's levels from its components and the group's steady-state reserve.
void finish(TimelinePhase& phase, const RankGroup& group)
{
    // the same sum in the same order as testing each component's level (x·1 = x, x·0 = 0),
    // without a branch per component: thousands of phases per re-plan
    double allocated = 0;
    for (std::size_t i = 0; i < kComponentCount; ++i)
        allocated += phase.bytes[i] * kAllocatedMask[i];
    phase.allocatedBytes = allocated;
    // In steady state the caching allocator keeps the segments of the step's peak: reserved
    // and device memory stay at the group's figures while allocated memory rises and falls.
    at(phase.bytes, Component::Fragmentation) = std::max(0.0, group.reservedBytes - group.bytes[std::size_t(Component::CudaGraphPool)]
                                                                  - phase.allocatedBytes);
    phase.reservedBytes = group.reservedBytes;
    phase.deviceBytes = group.deviceBytes;
}

struct Builder
{
    const EstimateContext& ctx;
    const Estimate& estimate;
    std::vector<StageLedger> ledgers;
    std::vector<std::vector<ScheduleOp>> ops;
    std::vector<double> clock;
    std::vector<int> inFlight;                   ///< chunk-micro-batches saved per stage
    std::vector<int> groupOf;
    int p, v, m;
    bool split = false;                          ///< ZB-H1: the backward runs as B, and W later
    bool record = true;                          ///< false: times only, no phases (the reference schedule's length)
    double meanChunkLayers = 1;
    double outputShare = 0;                      ///< the output layer's parameters relative to one layer's

    Builder(const EstimateContext& c, const Estimate& e) : ctx(c), estimate(e), p(c.layout.p), v(c.layout.v), m(c.layout.micro) {}

    double forwardDuration(int stage) const
    {
        const double layers = double(ledgers[std::size_t(stage)].layers) / v;
        return std::max(0.05, layers / meanChunkLayers);
    }
    /// A stage's memory at one moment with so many chunk-micro-batches in flight, as last
    /// computed: in 1F1B's steady state a stage alternates a forward and a backward at the
    /// same count, so the components and levels are mostly the previous phase's of the same
    /// moment (a copy instead of the moment's sum and the levels' sum per phase; the re-plan of
    /// a slider move is thousands of phases).
    struct Memo
    {
        int inFlight = -1;
        ComponentBytes bytes{};
        double allocated = 0, reserved = 0, device = 0;
    };
    std::vector<std::array<std::array<Memo, 2>, kStepMomentCount>> memo; ///< stage × moment × transients
    /// What a phase is, before its memory: the builder's phases are made from these (a
    /// TimelinePhase is 320 bytes to clear; thousands per re-plan).
    struct PhaseHead
    {
        double start = 0, end = 0;
        int stage = 0, microBatch = -1, chunk = 0;
        PhaseKind kind = PhaseKind::Idle;
    };

    /// Appends a phase with the components of `moment` at `inFlightCount` chunk-micro-batches
    /// in flight (whole-stage units: ÷ v).
    void push(StageTimeline& st, const PhaseHead& from, StepMoment moment, int inFlightCount, bool transients = true)
    {
        if (!record)
            return;
        // built in place: a phase is a few hundred bytes, thousands of them per re-plan
        TimelinePhase& phase = st.phases.emplace_back();
        phase.start = from.start;
        phase.end = from.end;
        phase.stage = from.stage;
        phase.microBatch = from.microBatch;
        phase.chunk = from.chunk;
        phase.kind = from.kind;
        phase.moment = moment;
        const double units = double(inFlightCount) / v;
        phase.inFlightMicroBatches = units;
        Memo& m = memo[std::size_t(phase.stage)][std::size_t(moment)][transients ? 1 : 0];
        if (m.inFlight == inFlightCount) {
            phase.bytes = m.bytes;
            phase.allocatedBytes = m.allocated;
            phase.reservedBytes = m.reserved;
            phase.deviceBytes = m.device;
            return;
        }
        momentComponents(ledgers[std::size_t(phase.stage)], moment, units, phase.bytes);
        if (!transients) { // waiting: the saved activations and the persistent state only
            at(phase.bytes, Component::Zero3GatherBuffers) = 0;
            at(phase.bytes, Component::MoeDispatchBuffers) = 0;
            at(phase.bytes, Component::DequantWorkspace) = 0;
            at(phase.bytes, Component::OptimizerStepTemporaries) = 0;
        }
        finish(phase, estimate.groups[std::size_t(groupOf[std::size_t(phase.stage)])]);
        m.inFlight = inFlightCount;
        m.bytes = phase.bytes;
        m.allocated = phase.allocatedBytes;
        m.reserved = phase.reservedBytes;
        m.device = phase.deviceBytes;
    }
    void idle(StageTimeline& st, int stage, double from, double to)
    {
        if (to <= from + 1e-12)
            return;
        PhaseHead phase;
        phase.start = from;
        phase.end = to;
        phase.stage = stage;
        phase.kind = PhaseKind::Idle;
        const bool training = !ops[std::size_t(stage)].empty() && inFlight[std::size_t(stage)] > 0;
        push(st, phase, training ? StepMoment::LayerForward : StepMoment::Optimizer, inFlight[std::size_t(stage)], false);
    }
    /// Runs one operation of `stage` from `start` (runPipeline found its input done); returns its end.
    double run(StageTimeline& st, int stage, const ScheduleOp& op, double start)
    {
        const std::size_t s = std::size_t(stage);
        const int j = op.op.microBatch, c = op.op.chunk;
        idle(st, stage, clock[s], start);
        const bool lossChunk = stage == p - 1 && c == v - 1;
        const double fwd = forwardDuration(stage);
        // The output layer's share of the chunk's work, by parameters (2 FLOPs each per token).
        const double chunkLayers = std::max(1e-9, double(ledgers[s].layers) / v);
        const double lossShare = fwd * outputShare / chunkLayers;
        PhaseHead phase;
        phase.stage = stage;
        phase.microBatch = j;
        phase.chunk = c;
        double t = start;
        if (op.kind == PhaseKind::WeightGradient) {
            // W: the weight gradients of the layers, one GEMM per forward GEMM (T_W ≈ T_F, Qi et
            // al. 2024 §2). It still reads the micro-batch's saved inputs: they are freed after it.
            phase.kind = PhaseKind::WeightGradient;
            phase.start = t;
            phase.end = t += fwd;
            push(st, phase, StepMoment::LayerBackward, inFlight[s]);
            --inFlight[s];
        } else if (op.kind == PhaseKind::Forward) {
            ++inFlight[s];
            const int units = inFlight[s];
            phase.kind = PhaseKind::Forward;
            phase.start = t;
            phase.end = t += fwd;
            push(st, phase, StepMoment::LayerForward, units);
            if (lossChunk) {
                phase.start = t;
                phase.end = t += lossShare;
                push(st, phase, StepMoment::LossForward, units);
            }
        } else {
            const int units = inFlight[s];
            phase.kind = PhaseKind::Backward;
            if (lossChunk) {
                phase.start = t;
                phase.end = t += 2 * lossShare;
                push(st, phase, StepMoment::LossBackward, units);
            }
            const Recompute r = ctx.scenario.training.recompute;
            const bool rerun = r == Recompute::Full || (r == Recompute::Selective && ctx.kinds[std::size_t(LayerKind::Dense)].activations.recomputeWorkspace > 0);
            if (rerun) {
                phase.kind = PhaseKind::Recompute;
                phase.start = t;
                phase.end = t += r == Recompute::Full ? fwd : 0.25 * fwd;
                push(st, phase, StepMoment::LayerBackward, units);
                phase.kind = PhaseKind::Backward;
            }
            // the whole backward is ≈ 2 forwards (Narayanan et al. 2021 §3.1); split, B is one and W the other
            phase.start = t;
            phase.end = t += split ? fwd : 2 * fwd;
            push(st, phase, StepMoment::LayerBackward, units);
            if (!split)
                --inFlight[s];
        }
        clock[s] = t;
        return t;
    }
};

} // namespace

void stepTimeline(const Scenario& s, StepTimeline& out)
{
    stepTimeline(s, megatronSchedule(s.parallel.virtualPipeline), out);
}

void stepTimeline(const Scenario& s, PipelineScheduleKind kind, StepTimeline& out)
{
    // Keep the stages' storage: re-planned on every slider move, a step of hundreds of
    // micro-batches is thousands of phases that need not be allocated again.
    std::vector<StageTimeline> stages = std::move(out.stages);
    out = StepTimeline{};
    out.schedule = kind;
    if (s.mode == Mode::Inference)
        return;
    const Estimate e = estimate(s);
    if (!e.valid)
        return;
    // The sequence as the estimate read it: a vision-language model's image tokens added
    // (core/model/imagetokens.h).
    Scenario withImages;
    const bool images = scenarioImageTokens(s) > 0;
    if (images) {
        withImages = s;
        addImageTokens(withImages);
    }
    EstimateContext ctx(images ? withImages : s);
    fillContext(ctx, nullptr);
    const bool colocated = ctx.layout.rl && s.finetune.rl.placement == RolloutPlacement::Colocated && s.finetune.rl.rolloutSleeps;
    const StagePhase phase = colocated ? StagePhase::Training : StagePhase::Only;
    Builder b(ctx, e);
    if (kind != PipelineScheduleKind::Interleaved)
        b.v = 1; // GPipe, 1F1B and ZB-H1 run each rank's layers as one chunk
    b.split = kind == PipelineScheduleKind::ZeroBubbleH1;
    out.virtualStages = b.v;
    out.microBatches = b.m;
    const int p = b.p;
    if (p > kMaxTimelineStages) {
        out.limit = TimelineLimit::TooManyStages;
        return;
    }
    // Beyond kMaxTimelineChunks per stage, the steady state's middle micro-batches are left out
    // (see StepTimeline): `listed` keeps the step's count modulo the interleaved schedule's
    // groups of p, and room for the warm-up, a steady state and the cool-down.
    const int group = kind == PipelineScheduleKind::Interleaved ? p : 1;
    const int realMicroBatches = b.m;
    if (std::int64_t(realMicroBatches) * b.v > kMaxTimelineChunks) {
        const int most = kMaxTimelineChunks / b.v;
        const int listed = realMicroBatches - (realMicroBatches - most + group - 1) / group * group;
        if (kind == PipelineScheduleKind::GPipe || listed < 2 * p + 2 * group) {
            out.limit = TimelineLimit::TooManyMicroBatches;
            return;
        }
        b.m = listed;
    }
    const int omitted = realMicroBatches - b.m;
    b.ledgers.resize(std::size_t(p));
    b.memo.assign(std::size_t(p), {});
    b.ops.resize(std::size_t(p));
    b.groupOf.assign(std::size_t(p), 0);
    for (int i = 0; i < p; ++i) {
        stageLedger(ctx, i, phase, b.ledgers[std::size_t(i)]);
        rankSchedule(kind, p, b.v, b.m, i, b.ops[std::size_t(i)]);
        for (std::size_t g = 0; g < e.groups.size(); ++g) {
            const RankGroup& group = e.groups[g];
            const bool training = group.phase == GroupPhase::Training || group.phase == GroupPhase::RlTrainingPhase;
            if (training && group.firstStage <= i && i <= group.lastStage) {
                b.groupOf[std::size_t(i)] = int(g);
                break;
            }
        }
    }
    b.meanChunkLayers = std::max(1e-9, double(std::max(1, ctx.shape.numLayers)) / (double(p) * b.v));
    const KindOnGpu& dense = ctx.kinds[std::size_t(LayerKind::Dense)];
    const double layerParams = dense.linear + dense.other;
    b.outputShare = layerParams > 0 ? ctx.params.paddedVocab * ctx.shape.hiddenSize / ctx.layout.t / layerParams : 0.1;
    b.clock.assign(std::size_t(p), 0);
    b.inFlight.assign(std::size_t(p), 0);
    for (StageTimeline& st : stages) { // stage and group are set below
        st.phases.clear();
        st.peakPhase = 0;
        st.omittedBusy = 0;
    }
    out.stages = std::move(stages);
    out.stages.resize(std::size_t(p));
    for (int i = 0; i < p; ++i) {
        out.stages[std::size_t(i)].stage = i;
        out.stages[std::size_t(i)].group = b.groupOf[std::size_t(i)];
    }
    // Run every rank's schedule; each operation starts when its rank is free and its input
    // (the previous stage's forward, the next stage's backward) is done.
    std::vector<double> ends;
    runPipeline(
        p, b.v, b.m, b.ops, ends,
        [&](int stage, const ScheduleOp& op, double start) { return b.run(out.stages[std::size_t(stage)], stage, op, start); },
        [](int, const ScheduleOp&) {});
    double computeEnd = 0;
    for (int i = 0; i < p; ++i)
        computeEnd = std::max(computeEnd, b.clock[std::size_t(i)]);
    // The compute end of the same step under `k` with `microBatches`, times only (no phases).
    auto endOf = [&](PipelineScheduleKind k, int microBatches) {
        Builder ref(ctx, e);
        ref.p = b.p;
        ref.v = k == PipelineScheduleKind::Interleaved ? b.v : 1;
        ref.m = microBatches;
        ref.split = k == PipelineScheduleKind::ZeroBubbleH1;
        ref.record = false;
        ref.ledgers = b.ledgers;
        ref.groupOf = b.groupOf;
        ref.meanChunkLayers = b.meanChunkLayers;
        ref.outputShare = b.outputShare;
        ref.ops.resize(std::size_t(p));
        for (int i = 0; i < p; ++i)
            rankSchedule(k, p, ref.v, microBatches, i, ref.ops[std::size_t(i)]);
        ref.clock.assign(std::size_t(p), 0);
        ref.inFlight.assign(std::size_t(p), 0);
        StageTimeline scratch;
        std::vector<double> refEnds;
        runPipeline(
            p, ref.v, microBatches, ref.ops, refEnds, [&](int stage, const ScheduleOp& op, double start) { return ref.run(scratch, stage, op, start); },
            [](int, const ScheduleOp&) {});
        double end = 0;
        for (int i = 0; i < p; ++i)
            end = std::max(end, ref.clock[std::size_t(i)]);
        return end;
    };
    // The steady state's cycle per micro-batch, measured over p of them (each adds the same
    // phases to every stage once the pipeline is full): the omitted ones' time.
    auto cycle = [&](PipelineScheduleKind k, double endListed) { return (endListed - endOf(k, b.m - p)) / p; };
    if (omitted > 0) {
        const double gap = omitted * cycle(kind, computeEnd);
        // Cut where stage 0 forwards the middle listed micro-batch: every stage is in its steady
        // state then. What starts after the cut moves by the gap and is numbered as in the step.
        const int middle = b.m / 2 / group * group;
        double cut = computeEnd;
        for (const TimelinePhase& ph : out.stages[0].phases)
            if (ph.kind == PhaseKind::Forward && ph.microBatch == middle && ph.chunk == 0) {
                cut = ph.start;
                break;
            }
        for (StageTimeline& st : out.stages) {
            double busy = 0;
            for (TimelinePhase& ph : st.phases) {
                if (ph.kind == PhaseKind::Forward || ph.kind == PhaseKind::Backward || ph.kind == PhaseKind::Recompute
                    || ph.kind == PhaseKind::WeightGradient)
                    busy += ph.end - ph.start;
                if (ph.start >= cut) {
                    ph.start += gap;
                    ph.end += gap;
                    if (ph.microBatch >= 0)
                        ph.microBatch += omitted;
                }
            }
            st.omittedBusy = busy / b.m * omitted; // every micro-batch does the same work on a stage
        }
        for (double& c : b.clock)
            c += gap;
        computeEnd += gap;
        out.omittedMicroBatches = omitted;
        out.omittedFrom = cut;
        out.omittedLength = gap;
    }
    // The estimate's step time is Megatron's schedule's: its compute is that schedule's length.
    // ZB-H1 is drawn in the same seconds per unit, so it ends earlier by the bubble it fills
    // (GPipe's length equals 1F1B's for equal stages).
    double referenceEnd = computeEnd;
    if (kind == PipelineScheduleKind::ZeroBubbleH1) {
        referenceEnd = endOf(PipelineScheduleKind::OneFOneB, b.m);
        if (omitted > 0)
            referenceEnd += omitted * cycle(PipelineScheduleKind::OneFOneB, referenceEnd);
    }
    const double computeSeconds = e.compute.iterationSeconds - e.compute.rolloutSeconds;
    out.unitSeconds = referenceEnd > 0 && computeSeconds > 0 ? computeSeconds / referenceEnd : 0;

    // Gradient reduction, then the optimizer step once every stage has its gradients (the
    // gradient norm is reduced over the whole model before clipping).
    const double reduce = out.unitSeconds > 0 ? e.communication.seconds[std::size_t(CommDimension::DataParallel)] / out.unitSeconds : 0;
    double optimizerStart = 0;
    for (int i = 0; i < p; ++i)
        optimizerStart = std::max(optimizerStart, b.clock[std::size_t(i)] + reduce);
    const double bandwidth = s.hardware.gpu.memoryBandwidthBytesPerSecond;
    for (int i = 0; i < p; ++i) {
        StageTimeline& st = out.stages[std::size_t(i)];
        const StageLedger& L = b.ledgers[std::size_t(i)];
        double t = b.clock[std::size_t(i)];
        if (reduce > 0) {
            Builder::PhaseHead phase;
            phase.stage = i;
            phase.kind = PhaseKind::Reduce;
            phase.start = t;
            phase.end = t += reduce;
            b.push(st, phase, StepMoment::Optimizer, 0, false);
            at(st.phases.back().bytes, Component::CommBuckets) += L.commBackward;
            finish(st.phases.back(), e.groups[std::size_t(b.groupOf[std::size_t(i)])]);
        }
        b.idle(st, i, t, optimizerStart);
        // The step reads and writes every state once: bounded by HBM bandwidth.
        const double stateBytes = L.persistent[std::size_t(Component::Weights)] + L.persistent[std::size_t(Component::Gradients)]
            + L.persistent[std::size_t(Component::OptimizerStates)] + L.persistent[std::size_t(Component::AdapterWeights)];
        const double seconds = bandwidth > 0 ? 2 * stateBytes / bandwidth : 0;
        Builder::PhaseHead phase;
        phase.stage = i;
        phase.kind = PhaseKind::Optimizer;
        phase.start = optimizerStart;
        phase.end = optimizerStart + std::max(0.05, out.unitSeconds > 0 ? seconds / out.unitSeconds : 0.5);
        b.push(st, phase, StepMoment::Optimizer, 0);
        out.length = std::max(out.length, phase.end);
        std::size_t peak = 0;
        for (std::size_t k = 0; k < st.phases.size(); ++k)
            if (st.phases[k].allocatedBytes > st.phases[peak].allocatedBytes)
                peak = k;
        st.peakPhase = peak;
    }
    out.valid = true;
}

double StepTimeline::computeEnd() const
{
    double end = 0;
    for (const StageTimeline& st : stages)
        for (const TimelinePhase& ph : st.phases)
            if (ph.kind == PhaseKind::Forward || ph.kind == PhaseKind::Backward || ph.kind == PhaseKind::Recompute
                || ph.kind == PhaseKind::WeightGradient)
                end = std::max(end, ph.end);
    return end;
}

double StepTimeline::bubbleFraction() const
{
    const double end = computeEnd();
    if (!valid || stages.empty() || end <= 0)
        return 0;
    double idle = 0;
    for (const StageTimeline& st : stages) {
        double busy = st.omittedBusy; // the micro-batches left out of the listing worked too
        for (const TimelinePhase& ph : st.phases)
            if (ph.kind == PhaseKind::Forward || ph.kind == PhaseKind::Backward || ph.kind == PhaseKind::Recompute
                || ph.kind == PhaseKind::WeightGradient)
                busy += ph.end - ph.start;
        idle += end - busy;
    }
    return idle / (double(stages.size()) * end);
}

StepTimeline stepTimeline(const Scenario& scenario)
{
    StepTimeline t;
    stepTimeline(scenario, t);
    return t;
}

} // namespace core
