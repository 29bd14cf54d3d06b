#pragma once

#include <QCoreApplication>
#include <QString>
#include <array>
#include <vector>

#include "core/comparison.h"
#include "core/estimate.h"
#include "core/scenario.h"

/// What a slide is drawn from: a scenario, its estimate and the two comparisons the window
/// shows for its mode (training: ZeRO stages and recomputation; serving: weight formats and
/// KV-cache types; fine-tuning: methods and ZeRO stages). A value: the dialog, Copy and the
/// command line make one from the controller's or a file's scenario, so a slide never reaches
/// into the window.
struct SlideContent
{
    Q_DECLARE_TR_FUNCTIONS(SlideContent)

public:
    core::Scenario scenario;
    core::Estimate estimate;                 ///< valid() tells whether there is anything to draw
    core::Comparisons comparisons{};          ///< left and right chart

    bool valid() const { return estimate.valid; }
    /// A training run with a length to draw (the run view): not serving, and some training tokens.
    bool hasRun() const { return valid() && scenario.mode != core::Mode::Inference && estimate.compute.run.goodput.wallSeconds > 0; }

    /// Runs the estimate and the comparisons (core::compare, as the window's controller does).
    static SlideContent fromScenario(const core::Scenario& scenario);
    /// The scenario's key settings on one line, translated: model · GPUs × type · TP/PP/DP ·
    /// ZeRO · precision · sequence and batch (serving: weights, batch and context).
    static QString caption(const core::Scenario& scenario, const core::Estimate& estimate);
};
