#include "widgets/plan/plantext.h"

#include <QCoreApplication>
#include <QStringList>

namespace PlanText {

QString knobName(core::PlanKnob knob)
{
    switch (knob) {
    case core::PlanKnob::Tensor: return QCoreApplication::translate("PlanText", "Tensor parallel (TP)");
    case core::PlanKnob::Pipeline: return QCoreApplication::translate("PlanText", "Pipeline parallel (PP)");
    case core::PlanKnob::VirtualPipeline: return QCoreApplication::translate("PlanText", "Virtual stages (VPP)");
    case core::PlanKnob::Context: return QCoreApplication::translate("PlanText", "Context parallel (CP)");
    case core::PlanKnob::Expert: return QCoreApplication::translate("PlanText", "Expert parallel (EP)");
    case core::PlanKnob::ExpertTensor: return QCoreApplication::translate("PlanText", "Expert tensor parallel");
    case core::PlanKnob::SequenceParallel: return QCoreApplication::translate("PlanText", "Sequence parallel");
    case core::PlanKnob::ZeroStage: return QCoreApplication::translate("PlanText", "ZeRO stage");
    case core::PlanKnob::Recompute: return QCoreApplication::translate("PlanText", "Recomputation");
    case core::PlanKnob::MicroBatch: return QCoreApplication::translate("PlanText", "Micro-batch");
    case core::PlanKnob::OffloadOptimizer: return QCoreApplication::translate("PlanText", "Optimizer offload");
    case core::PlanKnob::OffloadParameters: return QCoreApplication::translate("PlanText", "Parameter offload");
    case core::PlanKnob::Count: break;
    }
    return {};
}

QString knobValue(core::PlanKnob knob, int value)
{
    switch (knob) {
    case core::PlanKnob::SequenceParallel:
    case core::PlanKnob::OffloadOptimizer:
    case core::PlanKnob::OffloadParameters:
        return value ? QCoreApplication::translate("PlanText", "on") : QCoreApplication::translate("PlanText", "off");
    case core::PlanKnob::Recompute:
        return value == 2 ? QCoreApplication::translate("PlanText", "full") : value == 1 ? QCoreApplication::translate("PlanText", "selective") : QCoreApplication::translate("PlanText", "none");
    default: return QString::number(value);
    }
}

QString partName(core::StepPart part)
{
    switch (part) {
    case core::StepPart::Gemm: return QCoreApplication::translate("PlanText", "GEMMs");
    case core::StepPart::Attention: return QCoreApplication::translate("PlanText", "attention");
    case core::StepPart::Elementwise: return QCoreApplication::translate("PlanText", "norms and activations");
    case core::StepPart::Overhead: return QCoreApplication::translate("PlanText", "per-layer overhead");
    case core::StepPart::Recompute: return QCoreApplication::translate("PlanText", "recomputation");
    case core::StepPart::Bubble: return QCoreApplication::translate("PlanText", "pipeline bubble");
    case core::StepPart::DataParallel: return QCoreApplication::translate("PlanText", "data-parallel communication");
    case core::StepPart::TensorParallel: return QCoreApplication::translate("PlanText", "tensor-parallel communication");
    case core::StepPart::PipelineParallel: return QCoreApplication::translate("PlanText", "pipeline communication");
    case core::StepPart::ContextParallel: return QCoreApplication::translate("PlanText", "context-parallel communication");
    case core::StepPart::ExpertParallel: return QCoreApplication::translate("PlanText", "expert all-to-all");
    case core::StepPart::Offload: return QCoreApplication::translate("PlanText", "offload over PCIe");
    case core::StepPart::OptimizerStep: return QCoreApplication::translate("PlanText", "optimizer step");
    case core::StepPart::Rollout: return QCoreApplication::translate("PlanText", "rollout");
    case core::StepPart::Count: break;
    }
    return {};
}

QString slower(const std::vector<core::SlowerReason>& reasons)
{
    QStringList parts;
    for (const core::SlowerReason& r : reasons) {
        const QString share = QStringLiteral("+%1 %").arg(qRound(100 * r.fraction));
        parts << (r.overNetwork
                      //: why a layout is slower; %1 = "+6 %", %2 = what, e.g. "tensor-parallel communication"
                      ? QCoreApplication::translate("PlanText", "%1 %2 (across nodes)").arg(share, partName(r.part))
                      //: why a layout is slower; %1 = "+18 %", %2 = what, e.g. "pipeline bubble"
                      : QCoreApplication::translate("PlanText", "%1 %2").arg(share, partName(r.part)));
    }
    return parts.join(QCoreApplication::translate("PlanText", ", "));
}

QString layout(const core::PlanCandidate& c)
{
    const core::PlanLayout& l = c.layout;
    QStringList parts;
    parts << QStringLiteral("TP %1").arg(l.tensor);
    parts << (l.virtualPipeline > 1 ? QStringLiteral("PP %1×%2").arg(l.pipeline).arg(l.virtualPipeline) : QStringLiteral("PP %1").arg(l.pipeline));
    if (l.context > 1)
        parts << QStringLiteral("CP %1").arg(l.context);
    if (l.expert > 1)
        parts << QStringLiteral("EP %1").arg(l.expert);
    if (l.expertTensor > 0 && l.expertTensor != l.tensor)
        parts << QStringLiteral("ETP %1").arg(l.expertTensor);
    parts << QStringLiteral("DP %1").arg(c.dataParallel);
    if (l.sequenceParallel)
        parts << QStringLiteral("SP");
    parts << QStringLiteral("ZeRO-%1").arg(l.zeroStage);
    //: micro-batch size in a layout's short form
    parts << QCoreApplication::translate("PlanText", "b %1").arg(l.microBatch);
    if (l.recompute == core::Recompute::Selective)
        parts << QCoreApplication::translate("PlanText", "selective recompute");
    else if (l.recompute == core::Recompute::Full)
        parts << QCoreApplication::translate("PlanText", "full recompute");
    if (l.offloadOptimizer)
        parts << QCoreApplication::translate("PlanText", "optimizer offload");
    if (l.offloadParameters)
        parts << QCoreApplication::translate("PlanText", "parameter offload");
    return parts.join(QStringLiteral(" · "));
}

QString objectiveName(core::PlanObjective objective)
{
    switch (objective) {
    case core::PlanObjective::Time: return QCoreApplication::translate("PlanText", "Fastest step");
    case core::PlanObjective::Cost: return QCoreApplication::translate("PlanText", "Lowest cost");
    case core::PlanObjective::Headroom: return QCoreApplication::translate("PlanText", "Most memory headroom");
    }
    return {};
}

} // namespace PlanText
