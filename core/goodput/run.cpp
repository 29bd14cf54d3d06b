#include "core/goodput/run.h"

#include "core/fields.h"
#include "core/issues.h"
#include "core/precision.h"
#include "core/scenario.h"
#include "core/steptime.h"
#include "core/working.h"

namespace core {

RunEstimate estimateRun(const Scenario& s, const GpuStepFigures& gpu, const StateBytesPerParameter& states, double trainedParameters, double gpus,
                        double stepSeconds, double iterations)
{
    const GoodputSetup& g = s.goodput;
    RunEstimate r;
    r.gpus = gpus;
    r.nodes = nodesOf(gpus, s.parallel.gpusPerNode);
    r.rate = interruptionRate(r.gpus, r.nodes, g.gpuInterruptionsPer1000GpuDays, g.nodeInterruptionsPer1000NodeDays);
    r.trainedParameters = trainedParameters;
    r.savedBytesPerParameter = checkpointBytesPerParameter(states, g.checkpointOptimizer);
    r.restartFixedSeconds = g.restartSeconds;
    // The snapshot crosses the same host link as offloading, at the same efficiency (looked up once).
    static const double pcieEfficiency = [] {
        const StepConstant* pcie = findStepConstant("pcie_efficiency");
        return pcie ? pcie->value : 1.0;
    }();
    r.hostLinkBytesPerSecond = gpu.pcieBytesPerSecond * pcieEfficiency;

    CheckpointInputs c;
    c.bytes = trainedParameters * r.savedBytesPerParameter;
    c.gpus = gpus;
    c.nodes = r.nodes;
    c.nodeWriteBytesPerSecond = g.nodeWriteBytesPerSecond;
    c.storeWriteBytesPerSecond = g.storeWriteBytesPerSecond;
    c.hostLinkBytesPerSecond = r.hostLinkBytesPerSecond;
    c.async = g.asyncCheckpoint;
    r.checkpoint = checkpointCost(c);

    GoodputInputs in;
    in.stepSeconds = stepSeconds;
    in.workSeconds = stepSeconds * iterations;
    in.intervalSteps = double(g.checkpointIntervalSteps);
    in.stallSeconds = r.checkpoint.stallSeconds;
    in.asyncWriteSeconds = g.asyncCheckpoint ? r.checkpoint.writeSeconds : 0;
    in.restartSeconds = g.restartSeconds + r.checkpoint.loadSeconds;
    in.mtbiSeconds = r.rate.mtbiSeconds();
    r.inputs = in;
    r.goodput = estimateGoodput(in);
    return r;
}

void addRunIssues(const Scenario& s, const RunEstimate& r, std::vector<Issue>& issues)
{
    const GoodputEstimate& g = r.goodput;
    if (!(g.wallSeconds > 0) || !(g.mtbiSeconds > 0))
        return;
    // The optimum's goodput is at most 1 (Daly's wall ≥ the work: e^x − 1 ≥ x), so within one
    // threshold of 1 no interval can gain the threshold and the comparison is not computed.
    if (s.goodput.checkpointIntervalSteps > 0 && g.intervalSteps != g.optimalSteps && g.goodput <= 1 - kRunAdviceThreshold + 1e-9) {
        // The optimal interval (Young/Daly) does not depend on the interval chosen: g's.
        const double best = goodputAtInterval(r.inputs, g.optimalSteps);
        if (best - g.goodput >= kRunAdviceThreshold)
            issues.push_back(fieldIssue(IssueCode::CheckpointIntervalNotOptimal, Severity::Info, Field::GoodputCheckpointInterval,
                                        best - g.goodput, g.intervalSteps, g.optimalSteps));
    }
    if (!s.goodput.asyncCheckpoint && g.checkpointTotalSeconds >= kRunAdviceThreshold * g.wallSeconds)
        issues.push_back(fieldIssue(IssueCode::AsyncCheckpointWouldHelp, Severity::Info, Field::GoodputAsyncCheckpoint,
                                    g.checkpointTotalSeconds / g.wallSeconds));
}

void addRunWorking(Working& w, const Scenario& s, const RunEstimate& r)
{
    const GoodputSetup& g = s.goodput;
    const GoodputEstimate& e = r.goodput;
    const CheckpointCost& c = r.checkpoint;
    w.add(Term::Mtbi, kWholeJob, e.mtbiSeconds,
          {{"n", r.gpus, Unit::Count}, {"λ_gpu /1000 GPU-days", g.gpuInterruptionsPer1000GpuDays, Unit::Count},
           {"N nodes", r.nodes, Unit::Count}, {"λ_node /1000 node-days", g.nodeInterruptionsPer1000NodeDays, Unit::Count}});
    w.add(Term::CheckpointBytes, kWholeJob, c.bytes,
          {{"Ψ trained", r.trainedParameters, Unit::Count}, {"bytes per parameter", r.savedBytesPerParameter, Unit::BytesPerParameter}},
          {}, g.checkpointOptimizer ? std::string_view{} : "Ψ·w  (weights only, no optimizer states)");
    w.add(Term::CheckpointWriteSeconds, kWholeJob, c.writeSeconds,
          {{"size", c.bytes, Unit::Bytes}, {"N", r.nodes, Unit::Count}, {"per node", g.nodeWriteBytesPerSecond, Unit::BytesPerSecond},
           {"store", g.storeWriteBytesPerSecond, Unit::BytesPerSecond}});
    if (g.asyncCheckpoint)
        w.add(Term::CheckpointStall, kWholeJob, e.checkpointStallSeconds,
              {{"shard per GPU", c.bytesPerGpu, Unit::Bytes}, {"host link", r.hostLinkBytesPerSecond, Unit::BytesPerSecond},
               {"write W", c.writeSeconds, Unit::Seconds}, {"τ", e.intervalSeconds, Unit::Seconds}},
              {}, "shard / host link (+ W − τ if the previous write is still going)  (asynchronous: torch DCP async_save, Megatron --async-save)");
    else
        w.add(Term::CheckpointStall, kWholeJob, e.checkpointStallSeconds, {{"write", c.writeSeconds, Unit::Seconds}},
              {}, "= the write  (synchronous: the step waits)");
    w.add(Term::RestartSeconds, kWholeJob, e.restartSeconds, {{"fixed", r.restartFixedSeconds, Unit::Seconds}, {"load", c.loadSeconds, Unit::Seconds}});
    w.add(Term::CheckpointInterval, kWholeJob, e.intervalSeconds,
          {{"steps", e.intervalSteps, Unit::Count}, {"optimal steps", e.optimalSteps, Unit::Count}, {"Young √(2δM)", e.youngSeconds, Unit::Seconds},
           {"Daly", e.optimalSeconds, Unit::Seconds}, {"δ", e.checkpointStallSeconds, Unit::Seconds}, {"M", e.mtbiSeconds, Unit::Seconds}},
          {}, g.checkpointIntervalSteps > 0 ? std::string_view{} : "the optimal interval in whole steps (goodput.checkpoint_interval = 0)");
    w.add(Term::LostWorkPerInterruption, kWholeJob, e.lostPerInterruptionSeconds,
          {{"τ", e.intervalSeconds, Unit::Seconds}, {"δ", e.checkpointStallSeconds, Unit::Seconds}, {"W", e.asyncWriteSeconds, Unit::Seconds}});
    w.add(Term::UsefulSeconds, kWholeJob, e.workSeconds, {{"t_iter", e.stepSeconds, Unit::Seconds}, {"iterations", e.workSeconds / (e.stepSeconds > 0 ? e.stepSeconds : 1), Unit::Count}});
    w.add(Term::Goodput, kWholeJob, e.goodput,
          {{"T_s", e.workSeconds, Unit::Seconds}, {"wall", e.wallSeconds, Unit::Seconds},
           {"interruptions", e.interruptions, Unit::Count}, {"checkpoints", e.checkpoints, Unit::Count},
           {"lost work", e.lostTotalSeconds, Unit::Seconds}, {"restarts", e.restartTotalSeconds, Unit::Seconds},
           {"checkpoint stalls", e.checkpointTotalSeconds, Unit::Seconds}});
}

} // namespace core
