#include "app/modewiring.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>

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
    using V = ComparisonView::Variant;

    QObject::connect(c, &ScenarioController::servingComparisonsChanged, comparison,
                     [c, comparison](const std::vector<core::Estimate>& formats, const std::vector<core::Estimate>& kv) {
                         const core::InferenceSetup& in = c->scenario().inference;
                         comparison->setVariants(ComparisonView::First, V::WeightFormat, formats,
                                                 ScenarioController::variantIndex(in.weights.format));
                         comparison->setVariants(ComparisonView::Second, V::KvCacheDtype, kv,
                                                 ScenarioController::variantIndex(in.kvCacheDtype));
                     });
    QObject::connect(c, &ScenarioController::fineTuneComparisonsChanged, comparison,
                     [c, comparison](const std::vector<core::Estimate>& methods, const std::vector<core::Estimate>& zero) {
                         const core::Scenario& s = c->scenario();
                         comparison->setVariants(ComparisonView::First, V::FineTuneMethod, methods,
                                                 ScenarioController::variantIndex(s.finetune.method));
                         comparison->setVariants(ComparisonView::Second, V::ZeroStage, zero, s.training.zeroStage);
                     });
    // ZeRO and recomputation clicks reach the controller through MainWindow::wire.
    QObject::connect(comparison, &ComparisonView::variantChosen, c, [c](ComparisonView::Variant variant, int index) {
        const auto i = std::size_t(index);
        switch (variant) {
        case V::WeightFormat:
            // A click on the 16-bit bar keeps FP16 if that is what the scenario has.
            if (i < ScenarioController::servingWeightVariants().size()
                && ScenarioController::variantIndex(c->scenario().inference.weights.format) != index)
                c->setServingWeightFormat(ScenarioController::servingWeightVariants()[i]);
            break;
        case V::KvCacheDtype:
            if (i < ScenarioController::kvCacheVariants().size()
                && ScenarioController::variantIndex(c->scenario().inference.kvCacheDtype) != index)
                c->setKvCacheDtype(ScenarioController::kvCacheVariants()[i]);
            break;
        case V::FineTuneMethod:
            if (i < ScenarioController::fineTuneMethodVariants().size())
                c->setFineTuneMethod(ScenarioController::fineTuneMethodVariants()[i]);
            break;
        case V::ZeroStage:
        case V::Recompute: break;
        }
    });

    // The serving dials' zones compare with the scenario's own batch and context.
    QObject::connect(c, &ScenarioController::scenarioChanged, gauges, [gauges](const core::Scenario& s) {
        gauges->setServingRequest(s.inference.batchSize, s.inference.promptLength, s.inference.context());
    });
    QObject::connect(gauges, &GaugePanel::servingActivated, w, [w, c](const QVector<core::Term>& terms, int group) {
        w->memoryChart()->setSelectedSegment(-1, core::Component::Weights);
        if (!w->workingDock()->isVisible()) {
            w->workingDock()->show();
            c->setWorkingEnabled(true);
        }
        w->workingDock()->raise();
        w->workingPanel()->highlightTerms(terms, group);
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
