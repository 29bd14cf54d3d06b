#include "app/modewiring.h"

#include <QAction>
#include <QCoreApplication>

#include "app/explorerpages.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "core/model/imagetokens.h"
#include "core/weightformat.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/charts/memorychart.h"
#include "widgets/lab/numberformatlab.h"

void wireModeViews(MainWindow* w)
{
    ScenarioController* c = w->controller();
    ComparisonView* comparison = w->comparisonView();
    GaugePanel* gauges = w->gaugePanel();

    // The serving dials' zones compare with the scenario's own batch and context.
    QObject::connect(c, &ScenarioController::scenarioChanged, gauges, [gauges](const core::Scenario& s) {
        // A vision-language model's image tokens are prompt tokens (core/model/imagetokens.h).
        const std::int64_t images = core::scenarioImageTokens(s);
        gauges->setServingRequest(s.inference.batchSize, s.inference.promptLength + images, s.inference.context() + images);
    });

    // The lab's "Use for weights": the served weights, in inference mode (one undo step).
    NumberFormatLab* lab = w->explorerPages()->lab();
    QObject::connect(lab, &NumberFormatLab::weightFormatChosen, c, [c](core::NumberFormat format) {
        if (const std::optional<core::WeightFormat> weights = core::weightFormatFor(format))
            c->useWeightFormatForServing(*weights);
    });
    // The tensor studio's and the comparison's choices carry groups and scales too: the scenario
    // with those weights (or that KV cache), in inference mode, as one undo step.
    QObject::connect(lab, &NumberFormatLab::servingWeightsChosen, c, [c](const core::WeightQuantization& weights) {
        core::Scenario s = c->scenario();
        s.mode = core::Mode::Inference;
        s.inference.weights.format = weights.format;
        s.inference.weights.groupSize = weights.groupSize;
        s.inference.weights.scale = weights.scale;
        s.inference.weights.zeroPoint = weights.zeroPoint;
        s.inference.weights.doubleQuantization = false;
        if (!(s == c->scenario()))
            c->setScenario(s, QCoreApplication::translate("ModeWiring", "Use the tensor studio's format for the weights"));
    });
    QObject::connect(lab, &NumberFormatLab::kvCacheDtypeChosen, c, [c](core::KvCacheDtype dtype) {
        core::Scenario s = c->scenario();
        s.mode = core::Mode::Inference;
        s.inference.kvCacheDtype = dtype;
        if (!(s == c->scenario()))
            c->setScenario(s, QCoreApplication::translate("ModeWiring", "Use the lab's format for the KV cache"));
    });
    // Every byte count in the lab is for the scenario's model (not a fixed 7 B).
    QObject::connect(c, &ScenarioController::estimateChanged, lab, [c, lab](const core::Estimate& e) {
        lab->setModel(core::servedModel(c->scenario(), e.parameters, e.shape), c->scenario().inference.weights);
    });

    // One "colour by role" for the main chart and the comparisons.
    QObject::connect(w->memoryChart()->colorByRoleAction(), &QAction::toggled, comparison, [comparison](bool byRole) {
        comparison->chart(ComparisonView::First)->setColorByRole(byRole);
        comparison->chart(ComparisonView::Second)->setColorByRole(byRole);
    });
}
