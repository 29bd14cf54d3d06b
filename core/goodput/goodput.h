#pragma once

// Goodput: the share of a long run's wall-clock that trains. Between checkpoints the job works
// an interval τ and stalls δ to save; an interruption (on average every M seconds) loses the work
// since the last checkpoint and costs a restart R. Young (1974) gives the interval that
// minimises the loss, √(2δM); Daly (2006) its higher-order refinement and the expected wall
// time of the whole run under Poisson interruptions, which this file uses.

namespace core {

/// Young's interval (CACM 17(9), 1974): √(2·δ·M). 0 when either is 0.
double youngIntervalSeconds(double checkpointSeconds, double mtbiSeconds);

/// Daly's higher-order estimate (FGCS 22, 2006, the perturbation solution) for δ < 2M: √(2δM)·[1 + ⅓·√(δ/2M) + ⅑·(δ/2M)] − δ; M for
/// δ ≥ 2M. 0 when M is 0 (nothing interrupts: no interval is better than another).
double dalyIntervalSeconds(double checkpointSeconds, double mtbiSeconds);

/// Daly's expected wall time (2006, the complete cost function) of a run of T_s seconds of work checkpointed every τ
/// seconds of work: M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ; with M = 0 (no interruptions) T_s·(τ+δ)/τ.
/// The ratio to T_s is capped at kMaxWallRatio (a job that practically never finishes).
double dalyWallSeconds(double workSeconds, double intervalSeconds, double checkpointSeconds, double restartSeconds, double mtbiSeconds);

inline constexpr double kMaxWallRatio = 1e6;

struct GoodputInputs
{
    double workSeconds = 0;        ///< T_s: the run without interruptions or checkpoints
    double stepSeconds = 0;        ///< one optimizer step
    double intervalSteps = 0;      ///< steps between checkpoints; 0: the optimal interval
    double stallSeconds = 0;       ///< δ: what each checkpoint stops the training for
    double asyncWriteSeconds = 0;  ///< W: an asynchronous checkpoint's write behind the steps (0: synchronous)
    double restartSeconds = 0;     ///< R: re-scheduling, start, NCCL init, warm-up and the checkpoint's load
    double mtbiSeconds = 0;        ///< M: mean time between interruptions; 0: none
};

struct GoodputEstimate
{
    double workSeconds = 0;             ///< T_s
    double stepSeconds = 0;
    double mtbiSeconds = 0;
    double youngSeconds = 0;            ///< √(2δM)
    double optimalSeconds = 0;          ///< Daly's interval (async: at least W)
    double optimalSteps = 0;            ///< that in whole steps (≥ 1); 0 with no interruptions
    double intervalSteps = 0;           ///< the interval used
    double intervalSeconds = 0;         ///< τ, work between checkpoints
    double checkpointStallSeconds = 0;  ///< δ used, with the wait for a previous async write still going
    double asyncWriteSeconds = 0;       ///< W: an asynchronous checkpoint is safe this long after it starts (0: sync)
    double lostPerInterruptionSeconds = 0; ///< on average (τ + δ)/2, + W when async
    double restartSeconds = 0;          ///< R per interruption
    double wallSeconds = 0;             ///< the run's expected wall-clock
    double goodput = 1;                 ///< T_s / wall
    double checkpoints = 0;             ///< T_s / τ
    double interruptions = 0;           ///< wall / M
    double checkpointTotalSeconds = 0;  ///< checkpoints × δ
    double restartTotalSeconds = 0;     ///< interruptions × R
    double lostTotalSeconds = 0;        ///< the rest of the wall-clock: work done again
};

/// The run's goodput from its work, step, interval and costs (values in, values out).
GoodputEstimate estimateGoodput(const GoodputInputs& in);

/// estimateGoodput(in with intervalSteps).goodput, without the optimal interval's working (the
/// advice's comparison with the optimum: the same arithmetic, a third of the work).
double goodputAtInterval(const GoodputInputs& in, double intervalSteps);

} // namespace core
