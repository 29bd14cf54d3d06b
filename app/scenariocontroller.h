#pragma once

#include <QObject>
#include <QString>
#include <optional>
#include <utility>
#include <vector>

#include "core/calibration/residuals.h"
#include "core/comparison.h"
#include "core/estimate.h"
#include "core/fields.h"
#include "core/scenario.h"
#include "core/working.h"

class QTimer;
class QUndoStack;

/// The single source of truth: holds the core::Scenario the window edits. Every edit names
/// its field (core::Field); set() compares and only then changes; a burst of changes (a slider
/// drag) coalesces into one estimate on the next event-loop pass. Every change is a
/// whole-scenario snapshot on the undo stack, and the changes of one drag merge into one step.
/// The controller keeps state, undo and scheduling; the rules live in core.
class ScenarioController : public QObject
{
    Q_OBJECT

public:
    explicit ScenarioController(QObject* parent = nullptr);
    ~ScenarioController() override;

    const core::Scenario& scenario() const { return m_scenario; }
    /// The latest estimate (may be invalid) and the latest valid one.
    const core::Estimate& estimate() const { return m_estimate; }
    const core::Estimate& lastValidEstimate() const { return m_lastValid; }
    QUndoStack* undoStack() const { return m_undo; }
    /// How many estimates have run (each coalesced burst counts once).
    int estimateCount() const { return m_estimateCount; }

    /// The working (formulas and values) is recorded only while someone shows it.
    void setWorkingEnabled(bool enabled);
    bool isWorkingEnabled() const { return m_workingEnabled; }
    /// The comparisons (core::compare) are computed only while someone shows them.
    void setComparisonsEnabled(bool enabled);

    /// Edits of `field` between beginDrag and endDrag are one undo step.
    void beginDrag(core::Field field);
    void endDrag();
    bool isDragging() const { return m_gesture > 0; }

    /// Re-emits everything on the next pass (after a language change, say).
    void refresh() { scheduleRecompute(); }
    /// Runs a pending estimate now (tests, benchmarks, before saving).
    void flush();

    // The scenario as a whole: a file, a preset, the default. One undo step.
    void setScenario(const core::Scenario& scenario, const QString& description = {});
    void resetToDefault();

    /// Sets a scalar field (core/fields.h), converted to its type, with what the edit brings along
    /// (core::editField: an edited architecture key makes a custom model, a stated MFU replaces a
    /// measured throughput, ZeRO 0 drops the offload it cannot have); nothing happens if nothing
    /// changes.
    void set(core::Field field, core::FieldValue value);
    /// Several fields at once as one undo step named `description` (a remedy of the advisor):
    /// each goes through set(field, value), in the order given; nothing if none would change.
    void setFields(const std::vector<std::pair<core::Field, core::FieldValue>>& values, const QString& description);

    // Edits that are not one scalar.
    void setModelPreset(const QString& id);
    void setModelSize(double parameters); ///< along core::familyShape
    void setGpuPreset(const QString& id);
    void setLoraTargets(unsigned targets); ///< core::LoraTarget bits
    /// GPUs with the global batch scaled along (core::setGpusKeepingTokensPerGpu), one undo step
    /// per drag of the GPUs: presentation mode's "global batch follows GPUs".
    void setGpusKeepingTokensPerGpu(int gpus);
    /// "Use for weights" in the number-format lab: the serving weights, in inference mode.
    void useWeightFormatForServing(core::WeightFormat format);
    /// A comparison bar clicked: its variant becomes the scenario's (core::variantValue).
    void chooseVariant(core::Variation variation, int index);

    /// What a real run measured, kept with the scenario (the file's "measurements" section):
    /// one undo step, nothing if it is already there. The estimate does not read it; the
    /// residuals against each estimate come with measurementsChanged.
    void setMeasurements(const core::MeasuredRun& run);
    /// Removes the scenario's measurements (one undo step; nothing if there are none).
    void clearMeasurements();
    /// The residuals of the scenario's measurements against the latest valid estimate.
    const std::vector<core::Residual>& residuals() const { return m_residuals; }

    /// Applies an undo/redo snapshot (called by ScenarioCommand only).
    void restore(const core::Scenario& scenario);

signals:
    /// A slider drag started or ended (views may skip animations while the hand moves).
    void draggingChanged(bool dragging);
    /// After every coalesced change, before the estimate signals.
    void scenarioChanged(const core::Scenario& scenario);
    /// A valid estimate of the current scenario.
    void estimateChanged(const core::Estimate& estimate);
    /// After every estimate: valid or not, and the errors and warnings.
    void issuesChanged(bool valid, const std::vector<core::Issue>& issues);
    /// With the working enabled: the working of the latest valid estimate.
    void workingChanged(const core::Working& working, const core::Estimate& estimate);
    /// After each valid estimate, right after estimateChanged: the scenario's measurements beside
    /// it (core::residuals; empty when the scenario has none).
    void measurementsChanged(const std::vector<core::Residual>& residuals, const core::Estimate& estimate);
    /// With comparisons enabled: the scenario's two comparisons for its mode (core::comparisonsFor).
    void comparisonsChanged(const core::Comparisons& comparisons);

private:
    template <typename Mutate>
    void edit(std::optional<core::Field> field, Mutate&& mutate);
    void scheduleRecompute();
    void recompute();

    core::Scenario m_scenario;
    core::Estimate m_estimate;
    core::Estimate m_lastValid;
    core::Working m_working;
    core::Comparisons m_comparisons;
    std::vector<core::Residual> m_residuals;
    QUndoStack* m_undo = nullptr;
    QTimer* m_timer = nullptr;
    int m_estimateCount = 0;
    int m_gesture = 0;       ///< current drag's id; 0 when no drag is on
    int m_lastGesture = 0;
    std::optional<core::Field> m_dragField;
    bool m_workingEnabled = false;
    bool m_comparisonsEnabled = true;
};
