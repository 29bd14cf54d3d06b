#pragma once

#include <array>
#include <atomic>
#include <climits>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/fields.h"
#include "core/issues.h"
#include "core/plan/planlayout.h"
#include "core/scenario.h"
#include "core/steptime.h"

namespace core {

/// The knobs one can pin, in the order the JSON and the table list them.
enum class PlanKnob {
    Tensor, Pipeline, VirtualPipeline, Context, Expert, ExpertTensor, SequenceParallel, ZeroStage, Recompute, MicroBatch,
    OffloadOptimizer, OffloadParameters, Count
};
inline constexpr std::size_t kPlanKnobCount = std::size_t(PlanKnob::Count);

/// The scenario field a knob is (core/fields.h): parallel.tensor, training.zero_stage, …
Field planKnobField(PlanKnob knob);
/// The scenario key a knob is pinned by: "parallel.tensor", "training.zero_stage", …
std::string_view planKnobKey(PlanKnob knob);
/// The knob a field is, if it is one.
std::optional<PlanKnob> planKnobOf(Field field);

/// How a pin bounds its knob: `=`, `<=`, `<`, `>=`, `>`.
enum class PinBound { Equal, AtMost, Below, AtLeast, Above };
/// A knob's value in a layout (booleans 0/1, recompute 0 none, 1 selective, 2 full).
int knobValue(const PlanLayout& layout, PlanKnob knob);

/// What the search may choose: an inclusive range per knob. Unpinned knobs are open; TP stays
/// inside one node unless its upper bound is pinned higher.
struct PlanPins
{
    std::array<int, kPlanKnobCount> min;
    std::array<int, kPlanKnobCount> max;
    std::array<bool, kPlanKnobCount> pinned{};
    PlanPins()
    {
        min.fill(INT_MIN);
        max.fill(INT_MAX);
    }
    bool allows(PlanKnob knob, int value) const { return value >= min[std::size_t(knob)] && value <= max[std::size_t(knob)]; }
    /// Bounds the knob that `field` is (booleans 0/1, choices by their enum value); false, and
    /// nothing pinned, if the field is no knob. The window's pins and `--pin` both come here.
    bool pin(Field field, PinBound bound, int value);
};

/// Reads one pin: `section.key=value`, or a bound with `<=`, `>=`, `<`, `>` ("parallel.tensor<=4",
/// "training.zero_stage=1", "training.offload_optimizer=false", "training.recompute=selective").
/// A bad pin adds an error naming it and returns false.
bool parsePin(std::string_view text, PlanPins& pins, std::vector<Issue>& issues);

enum class PlanObjective { Time, Cost, Headroom };

struct PlanRequest
{
    Scenario base;            ///< everything but the knobs is taken from here
    PlanPins pins;
    PlanObjective objective = PlanObjective::Time;
    /// Layouts whose step cannot come within this factor of the fastest fitting one are counted
    /// but not estimated (0: estimate all; the headroom objective never bounds).
    double bound = 2;
};

/// One evaluated layout.
struct PlanCandidate
{
    PlanLayout layout;
    int dataParallel = 0;
    bool fits = false;
    bool pruned = false;      ///< its model states alone exceed the GPU: no activations or time computed
    double peakBytes = 0;     ///< fullest GPU (for a pruned layout: its model states, a lower bound)
    double capacityBytes = 0;
    double stepSeconds = 0;
    double mfu = 0;
    double trainingSeconds = 0;
    double cost = 0;
    StepParts parts{};
    std::array<bool, 5> overNetwork{}; ///< per communicating dimension (CommDimension order)
    bool pareto = false;      ///< no fitting layout is faster, lighter and cheaper at once
    double headroomBytes() const { return capacityBytes - peakBytes; }
};

struct PlanResult
{
    long long candidates = 0; ///< combinations considered
    long long valid = 0;      ///< of them, layouts the scenario allows
    long long fitting = 0;
    long long pruned = 0;     ///< valid, known not to fit without an estimate (model states alone, or a smaller micro-batch overflows)
    long long dominated = 0;  ///< valid and fitting, not estimated: the same layout fits with less recomputation or offload
    long long bounded = 0;    ///< valid, not estimated: their step's lower bound is beyond PlanRequest::bound × the fastest
    double seconds = 0;       ///< search time
    bool cancelled = false;
    std::vector<Issue> issues;             ///< why nothing could be planned (errors), or notes
    std::vector<PlanCandidate> layouts;    ///< every valid layout, ranked: fitting first by the objective
    PlanObjective objective = PlanObjective::Time;
    int best() const { return !layouts.empty() && layouts.front().fits ? 0 : -1; }
};

/// Called with the share of the search done (0…1), at most every few thousand candidates.
using PlanProgress = std::function<void(double)>;

/// The divisors of n, ascending: the degrees a layout of n GPUs can take.
std::vector<int> planDivisors(int n);

/// Every valid layout of the request's scenario, evaluated with estimate() and ranked. `cancel`
/// (may be null) stops the search early (result.cancelled). Training and fine-tuning only.
PlanResult plan(const PlanRequest& request, const std::atomic<bool>* cancel = nullptr, const PlanProgress& progress = {});

/// Ranks `layouts` by the objective (fitting first) and marks the Pareto front.
void rankLayouts(std::vector<PlanCandidate>& layouts, PlanObjective objective);

/// Why a layout is slower than another: the step parts where it spends more, as a share of
/// the faster one's step, largest first.
struct SlowerReason
{
    StepPart part;
    double fraction;          ///< extra seconds / the faster layout's step
    bool overNetwork = false; ///< a communication part whose group spans nodes
};
std::vector<SlowerReason> slowerThan(const PlanCandidate& candidate, const PlanCandidate& faster, std::size_t maxReasons = 3);

/// A two-knob view of a result: for every pair of values the fastest fitting layout (or, if
/// none fits, the one that comes closest).
struct PlanGrid
{
    PlanKnob rowKnob = PlanKnob::Pipeline, columnKnob = PlanKnob::Tensor;
    std::vector<int> rows, columns;        ///< the values that occur, ascending
    std::vector<int> cells;                ///< rows × columns, index into PlanResult::layouts or −1
    int fastest = -1;                      ///< cell index of the fastest fitting layout
    int cell(std::size_t row, std::size_t column) const { return cells[row * columns.size() + column]; }
};
PlanGrid planGrid(const PlanResult& result, PlanKnob rowKnob, PlanKnob columnKnob);

} // namespace core
