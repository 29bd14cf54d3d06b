#include "widgets/componentpalette.h"

#include <QCoreApplication>

namespace ComponentPalette {

QColor categoryColor(core::Category category, bool dark)
{
    // Colour-blind-safe (Okabe–Ito based) hues, slightly brighter on dark backgrounds.
    QColor c;
    switch (category) {
    case core::Category::Parameters: c = QColor(0x00, 0x72, 0xB2); break;      // blue
    case core::Category::Gradients: c = QColor(0x56, 0xB4, 0xE9); break;       // sky
    case core::Category::OptimizerStates: c = QColor(0x00, 0x9E, 0x73); break; // green
    case core::Category::Activations: c = QColor(0xE6, 0x9F, 0x00); break;     // orange
    case core::Category::KvCache: c = QColor(0xCC, 0x79, 0xA7); break;         // purple
    case core::Category::Temporary: c = QColor(0xD5, 0x5E, 0x00); break;       // vermilion
    case core::Category::Runtime: c = QColor(0x99, 0x99, 0x99); break;         // grey
    case core::Category::Count: break;
    }
    return dark ? c.lighter(115) : c;
}

QColor componentColor(core::Component component, bool dark)
{
    const core::Category category = core::categoryOf(component);
    // Position of the component within its category: shade successive ones.
    int index = 0;
    for (int i = 0; i < int(component); ++i)
        if (core::categoryOf(core::Component(i)) == category)
            ++index;
    QColor c = categoryColor(category, dark);
    return index == 0 ? c : c.lighter(100 + 18 * index);
}

QString componentName(core::Component component)
{
    switch (component) {
    case core::Component::Weights: return QCoreApplication::translate("ComponentPalette", "Weights");
    case core::Component::Gradients: return QCoreApplication::translate("ComponentPalette", "Gradients");
    case core::Component::OptimizerStates: return QCoreApplication::translate("ComponentPalette", "Optimizer states");
    case core::Component::LayerActivations: return QCoreApplication::translate("ComponentPalette", "Layer activations");
    case core::Component::EmbeddingActivations: return QCoreApplication::translate("ComponentPalette", "Embedding activations");
    case core::Component::OutputActivations: return QCoreApplication::translate("ComponentPalette", "Logits and loss");
    case core::Component::RecomputeWorkspace: return QCoreApplication::translate("ComponentPalette", "Recomputed layer");
    case core::Component::CommBuckets: return QCoreApplication::translate("ComponentPalette", "Communication buckets");
    case core::Component::Zero3GatherBuffers: return QCoreApplication::translate("ComponentPalette", "ZeRO-3 gathered parameters");
    case core::Component::CudaContext: return QCoreApplication::translate("ComponentPalette", "CUDA context");
    case core::Component::Fragmentation: return QCoreApplication::translate("ComponentPalette", "Fragmentation");
    case core::Component::Count: break;
    }
    return QString::fromUtf8(core::componentLabel(component).data(), qsizetype(core::componentLabel(component).size()));
}

QString categoryName(core::Category category)
{
    switch (category) {
    case core::Category::Parameters: return QCoreApplication::translate("ComponentPalette", "Parameters");
    case core::Category::Gradients: return QCoreApplication::translate("ComponentPalette", "Gradients");
    case core::Category::OptimizerStates: return QCoreApplication::translate("ComponentPalette", "Optimizer states");
    case core::Category::Activations: return QCoreApplication::translate("ComponentPalette", "Activations");
    case core::Category::KvCache: return QCoreApplication::translate("ComponentPalette", "KV cache");
    case core::Category::Temporary: return QCoreApplication::translate("ComponentPalette", "Temporary buffers");
    case core::Category::Runtime: return QCoreApplication::translate("ComponentPalette", "Runtime overhead");
    case core::Category::Count: break;
    }
    return {};
}

} // namespace ComponentPalette
