#pragma once

#include <QColor>
#include <QString>

#include "core/components.h"

/// The one category → colour table every chart uses (heaptrack's ChartModel idea): components
/// of a category share a hue, lighter or darker by their order, so stacks read by category.
namespace ComponentPalette {

QColor categoryColor(core::Category category, bool dark);
QColor componentColor(core::Component component, bool dark);
/// Translated, user-visible name of a component / category.
QString componentName(core::Component component);
QString categoryName(core::Category category);

} // namespace ComponentPalette
