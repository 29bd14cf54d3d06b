#include "widgets/step/steppalette.h"

#include <QCoreApplication>

namespace StepPalette {

QColor phaseColor(core::PhaseKind kind, bool dark)
{
    QColor c;
    switch (kind) {
    case core::PhaseKind::Forward: c = QColor(0x4c, 0x78, 0xa8); break;
    case core::PhaseKind::Backward: c = QColor(0x54, 0xa2, 0x4b); break;
    case core::PhaseKind::WeightGradient: c = QColor(0x2b, 0x6b, 0x3a); break; // the backward's other half: a darker green
    case core::PhaseKind::Recompute: c = QColor(0xf5, 0x85, 0x18); break;
    case core::PhaseKind::Reduce: c = QColor(0xb2, 0x79, 0xa2); break;
    case core::PhaseKind::Optimizer: c = QColor(0x72, 0xb7, 0xb2); break;
    case core::PhaseKind::Idle:
    case core::PhaseKind::Count: c = QColor(0xbb, 0xbb, 0xbb); break;
    }
    return dark ? c.lighter(125) : c;
}

QString phaseName(core::PhaseKind kind)
{
    switch (kind) {
    case core::PhaseKind::Forward: return QCoreApplication::translate("StepPalette", "Forward");
    case core::PhaseKind::Backward: return QCoreApplication::translate("StepPalette", "Backward");
    case core::PhaseKind::Recompute: return QCoreApplication::translate("StepPalette", "Recompute");
    case core::PhaseKind::Reduce: return QCoreApplication::translate("StepPalette", "Gradient reduction");
    case core::PhaseKind::Optimizer: return QCoreApplication::translate("StepPalette", "Optimizer step");
    case core::PhaseKind::WeightGradient: return QCoreApplication::translate("StepPalette", "Weight gradient (W)");
    case core::PhaseKind::Idle:
    case core::PhaseKind::Count: break;
    }
    return QCoreApplication::translate("StepPalette", "Bubble (waiting)");
}

QString scheduleName(core::PipelineScheduleKind kind)
{
    switch (kind) {
    case core::PipelineScheduleKind::GPipe: return QCoreApplication::translate("StepPalette", "GPipe");
    case core::PipelineScheduleKind::OneFOneB: return QCoreApplication::translate("StepPalette", "1F1B");
    case core::PipelineScheduleKind::ZeroBubbleH1: return QCoreApplication::translate("StepPalette", "Zero bubble ZB-H1");
    case core::PipelineScheduleKind::Interleaved:
    case core::PipelineScheduleKind::Count: break;
    }
    return QCoreApplication::translate("StepPalette", "Interleaved 1F1B");
}

QString momentName(core::StepMoment moment)
{
    switch (moment) {
    case core::StepMoment::LayerForward: return QCoreApplication::translate("StepPalette", "forward of the last layer");
    case core::StepMoment::LossForward: return QCoreApplication::translate("StepPalette", "forward of the loss (logits)");
    case core::StepMoment::LossBackward: return QCoreApplication::translate("StepPalette", "backward of the loss");
    case core::StepMoment::LayerBackward: return QCoreApplication::translate("StepPalette", "backward of the first layer");
    case core::StepMoment::Optimizer: return QCoreApplication::translate("StepPalette", "optimizer step");
    case core::StepMoment::Rollout: return QCoreApplication::translate("StepPalette", "rollout generation");
    case core::StepMoment::Prefill: return QCoreApplication::translate("StepPalette", "forward of one chunk");
    case core::StepMoment::Sampler: return QCoreApplication::translate("StepPalette", "sampler");
    case core::StepMoment::Count: break;
    }
    return {};
}

} // namespace StepPalette
