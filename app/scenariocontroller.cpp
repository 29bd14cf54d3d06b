#include "app/scenariocontroller.h"

#include <QTimer>
#include <QUndoStack>
#include <algorithm>

#include "app/scenariocommand.h"
#include "core/accuracy/bands.h"
#include "core/accuracy/builtin.h"
#include "core/io/presets.h"
#include "core/layoutchoices.h"
#include "core/io/scenario_io.h"
#include "core/rules/rules.h"

namespace {

bool sameShape(const core::ModelArchitecture& a, const core::ModelArchitecture& b)
{
    return a.hasArchitecture == b.hasArchitecture && a.numLayers == b.numLayers && a.hiddenSize == b.hiddenSize
        && a.ffnHiddenSize == b.ffnHiddenSize && a.numAttentionHeads == b.numAttentionHeads && a.numQueryGroups == b.numQueryGroups
        && a.headDim == b.headDim && a.vocabSize == b.vocabSize && a.tiedEmbeddings == b.tiedEmbeddings && a.preset == b.preset;
}

} // namespace

ScenarioController::ScenarioController(QObject* parent)
    : QObject(parent)
    , m_scenario(core::defaultScenario())
    , m_undo(new QUndoStack(this))
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    m_timer->setInterval(0);
    connect(m_timer, &QTimer::timeout, this, &ScenarioController::recompute);
    scheduleRecompute();
}

ScenarioController::~ScenarioController() = default;

void ScenarioController::setWorkingEnabled(bool enabled)
{
    if (m_workingEnabled == enabled)
        return;
    m_workingEnabled = enabled;
    if (enabled)
        scheduleRecompute();
}

void ScenarioController::setComparisonsEnabled(bool enabled)
{
    if (m_comparisonsEnabled == enabled)
        return;
    m_comparisonsEnabled = enabled;
    if (enabled)
        scheduleRecompute();
}

void ScenarioController::beginDrag(core::Field field)
{
    m_gesture = ++m_lastGesture;
    m_dragField = field;
    emit draggingChanged(true);
}

void ScenarioController::endDrag()
{
    if (m_gesture == 0)
        return;
    m_gesture = 0;
    emit draggingChanged(false);
}

template <typename Mutate>
void ScenarioController::edit(std::optional<core::Field> field, Mutate&& mutate)
{
    core::Scenario after = m_scenario;
    mutate(after);
    const int gesture = (m_gesture > 0 && m_dragField == field) ? m_gesture : 0;
    // push() runs redo(), which restores `after` and schedules the estimate.
    m_undo->push(new ScenarioCommand(this, field, gesture, m_scenario, after));
}

void ScenarioController::restore(const core::Scenario& scenario)
{
    m_scenario = scenario;
    scheduleRecompute();
}

void ScenarioController::setScenario(const core::Scenario& scenario, const QString& description)
{
    m_undo->push(new ScenarioCommand(this, std::nullopt, 0, m_scenario, scenario, description));
}

void ScenarioController::resetToDefault()
{
    setScenario(core::defaultScenario(), tr("Reset to the default scenario"));
}

void ScenarioController::scheduleRecompute()
{
    if (!m_timer->isActive())
        m_timer->start();
}

void ScenarioController::flush()
{
    if (m_timer->isActive()) {
        m_timer->stop();
        recompute();
    }
}

void ScenarioController::recompute()
{
    emit scenarioChanged(m_scenario);
    m_working.clear();
    // The working allocates a line per number: only record it while it is shown.
    core::estimate(m_scenario, m_estimate, m_workingEnabled ? &m_working : nullptr);
    if (m_workingEnabled && m_estimate.valid) {
        // The step's band from the public runs (resources/corpus/steptime.json) closes its working.
        core::EstimateBands bands;
        core::attachBands(m_scenario, m_estimate, core::builtInBands(), bands);
        core::addBandWorking(bands, m_working);
    }
    ++m_estimateCount;
    emit issuesChanged(m_estimate.valid, m_estimate.issues);
    if (m_estimate.valid) {
        m_lastValid = m_estimate;
        emit estimateChanged(m_estimate);
        // Cheap when there are none (most scenarios): an empty list clears the chart's markers.
        std::vector<core::Residual> residuals = m_scenario.measured.entries.empty()
            ? std::vector<core::Residual>{}
            : core::residuals(m_estimate, m_scenario.measured.entries, m_scenario.parallel.gpusPerNode);
        if (residuals != m_residuals || !residuals.empty()) {
            m_residuals = std::move(residuals);
            emit measurementsChanged(m_residuals, m_estimate);
        }
        if (m_workingEnabled)
            emit workingChanged(m_working, m_estimate);
    }
    if (!m_comparisonsEnabled)
        return;
    core::compare(m_scenario, m_comparisons);
    emit comparisonsChanged(m_comparisons);
}

// ---- edits: compare, then record one undo snapshot -------------------------------------

void ScenarioController::set(core::Field field, core::FieldValue value)
{
    // The edit with what it brings along (core/rules: editField); nothing if nothing changes.
    core::Scenario after = m_scenario;
    core::editField(after, field, value, tr("Custom model").toStdString());
    if (after == m_scenario)
        return;
    edit(field, [&](core::Scenario& s) { s = std::move(after); });
}

void ScenarioController::setFields(const std::vector<std::pair<core::Field, core::FieldValue>>& values, const QString& description)
{
    core::Scenario after = m_scenario;
    for (const auto& [field, value] : values)
        core::editField(after, field, value, tr("Custom model").toStdString());
    if (after == m_scenario)
        return;
    // One step in the undo history: the fields' own steps inside a macro named for the whole.
    m_undo->beginMacro(description);
    for (const auto& [field, value] : values)
        set(field, value);
    m_undo->endMacro();
}

void ScenarioController::setModelPreset(const QString& id)
{
    const core::ModelPreset* preset = core::findModelPreset(id.toStdString());
    if (!preset || m_scenario.model.preset == preset->model.preset)
        return;
    edit(core::Field::ModelPreset, [&](core::Scenario& s) { s.model = preset->model; });
}

void ScenarioController::setModelSize(double parameters)
{
    const core::ModelArchitecture shape = core::familyShape(parameters);
    // Neighbouring slider positions often round to the same shape: no change, no estimate.
    if (sameShape(shape, m_scenario.model))
        return;
    edit(core::Field::ModelParameters, [&](core::Scenario& s) { s.model = shape; });
}

void ScenarioController::setGpuPreset(const QString& id)
{
    const core::GpuSpec* gpu = core::findGpuPreset(id.toStdString());
    if (!gpu || m_scenario.hardware.gpu.preset == gpu->preset)
        return;
    edit(core::Field::HardwareGpu, [&](core::Scenario& s) { s.hardware.gpu = *gpu; });
}

void ScenarioController::setLoraTargets(unsigned targets)
{
    if (m_scenario.finetune.loraTargets == targets)
        return;
    edit(core::Field::FineTuneLoraTargets, [&](core::Scenario& s) { s.finetune.loraTargets = targets; });
}

void ScenarioController::useWeightFormatForServing(core::WeightFormat format)
{
    if (m_scenario.mode == core::Mode::Inference && m_scenario.inference.weights.format == format)
        return;
    // The lab's format means nothing to a training bar: show it where it applies, in one step.
    edit(core::Field::InferenceWeightFormat, [&](core::Scenario& s) {
        s.mode = core::Mode::Inference;
        s.inference.weights.format = format;
    });
}

void ScenarioController::chooseVariant(core::Variation variation, int index)
{
    // The scenario's own bar changes nothing (a click on the 16-bit bar keeps FP16).
    if (index < 0 || index >= core::variantCount(variation) || core::currentVariant(m_scenario, variation) == index)
        return;
    set(core::variedField(variation), core::variantValue(variation, index));
}

void ScenarioController::setGpusKeepingTokensPerGpu(int gpus)
{
    if (m_scenario.parallel.gpus == gpus)
        return;
    edit(core::Field::ParallelGpus, [&](core::Scenario& s) { core::setGpusKeepingTokensPerGpu(s, gpus); });
}

void ScenarioController::setMeasurements(const core::MeasuredRun& run)
{
    if (m_scenario.measured == run)
        return;
    core::Scenario after = m_scenario;
    after.measured = run;
    m_undo->push(new ScenarioCommand(this, std::nullopt, 0, m_scenario, after, tr("Keep the measured run")));
}

void ScenarioController::clearMeasurements()
{
    if (m_scenario.measured.empty())
        return;
    core::Scenario after = m_scenario;
    after.measured = {};
    m_undo->push(new ScenarioCommand(this, std::nullopt, 0, m_scenario, after, tr("Clear the measurements")));
}
