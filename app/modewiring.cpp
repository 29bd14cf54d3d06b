#include "app/modewiring.h"

#include <QAction>

#include "app/explorerpages.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "core/weightformat.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/charts/memorychart.h"
#include "widgets/lab/numberformatlab.h"
#include "widgets/working/workingpanel.h"

void wireModeViews(MainWindow* w)
{
    ScenarioController* c = w->controller();
    ComparisonView* comparison = w->comparisonView();
    GaugePanel* gauges = w->gaugePanel();

    // The serving dials' zones compare with the scenario's own batch and context.
    QObject::connect(c, &ScenarioController::scenarioChanged, gauges, [gauges](const core::Scenario& s) {
        gauges->setServingRequest(s.inference.batchSize, s.inference.promptLength, s.inference.context());
    });
    QObject::connect(gauges, &GaugePanel::servingActivated, w, [w](const QVector<core::Term>& terms, int group) {
        w->memoryChart()->setSelectedSegment(-1, core::Component::Weights);
        w->showWorking();
        w->workingPanel()->highlightTerms(terms, group);
    });

    // The lab's "Use for weights": the served weights, in inference mode (one undo step).
    QObject::connect(w->explorerPages()->lab(), &NumberFormatLab::weightFormatChosen, c, [c](core::NumberFormat format) {
        if (const std::optional<core::WeightFormat> weights = core::weightFormatFor(format))
            c->useWeightFormatForServing(*weights);
    });

    // One "colour by role" for the main chart and the comparisons.
    QObject::connect(w->memoryChart()->colorByRoleAction(), &QAction::toggled, comparison, [comparison](bool byRole) {
        comparison->chart(ComparisonView::First)->setColorByRole(byRole);
        comparison->chart(ComparisonView::Second)->setColorByRole(byRole);
    });
}
