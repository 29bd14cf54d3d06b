#pragma once

// A training run's goodput from a scenario: its interruption rate, what one checkpoint costs and
// the expected wall-clock (core/goodput/goodput.h). The estimate calls this once per estimate
// (compute.cpp finishTime); the window, the command line and the advisor read the result.

#include <vector>

#include "core/goodput/checkpoint.h"
#include "core/goodput/failures.h"
#include "core/goodput/goodput.h"

namespace core {

struct Scenario;
struct StateBytesPerParameter;
struct GpuStepFigures;
class Working;
struct Issue;

struct RunEstimate
{
    double gpus = 0;                  ///< every GPU the job holds (a separate rollout pool too)
    double nodes = 0;
    InterruptionRate rate;
    double trainedParameters = 0;     ///< what a checkpoint saves states for
    double savedBytesPerParameter = 0;
    double restartFixedSeconds = 0;   ///< re-scheduling, start, NCCL init, warm-up
    double hostLinkBytesPerSecond = 0;///< one GPU to host memory (async snapshot)
    CheckpointCost checkpoint;
    GoodputInputs inputs;             ///< what the goodput was computed from (the advice recomputes it)
    GoodputEstimate goodput;
};

/// The run of `iterations` steps of `stepSeconds` each. `states` are the trained parameters'
/// bytes as the framework keeps them; `gpu` the GPU's figures (its host link).
RunEstimate estimateRun(const Scenario& s, const GpuStepFigures& gpu, const StateBytesPerParameter& states, double trainedParameters, double gpus,
                        double stepSeconds, double iterations);

/// Suggestions that are worth at least kRunAdviceThreshold of the wall-clock: the optimal
/// checkpoint interval, asynchronous checkpoints (Info issues on the goodput's fields).
void addRunIssues(const Scenario& s, const RunEstimate& r, std::vector<Issue>& issues);

/// A suggestion is made when it changes the wall-clock by at least this share (one point of
/// goodput): a presentation threshold, not a model constant.
inline constexpr double kRunAdviceThreshold = 0.01;

/// The working's lines for the run (interruptions, checkpoint, interval, goodput).
void addRunWorking(Working& w, const Scenario& s, const RunEstimate& r);

} // namespace core
