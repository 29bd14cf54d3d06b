#pragma once

#include <QColor>
#include <QString>

#include "core/components.h"

class QPalette;

/// The one colour table every chart and gauge uses (heaptrack's ChartModel idea): components
/// of a category share a hue, lighter or darker by their order, so stacks read by category.
/// Works for any component the core defines: it iterates core::categoryOf, never a fixed list.
namespace ComponentPalette {

/// What a colour says about a value (gauge zones, capacity line, status bar).
enum class Level { Neutral, Good, Warning, Bad };

/// True when the palette's window is dark (the colours are then lightened).
bool isDark(const QPalette& palette);

QColor categoryColor(core::Category category, bool dark);
QColor componentColor(core::Component component, bool dark);
QColor levelColor(Level level, bool dark);
/// One hue per model role (policy, reference, reward, critic, rollout engine, shared buffers),
/// for charts coloured by role instead of by component.
QColor roleColor(core::Role role, bool dark);

/// Translated, user-visible name of a component / category.
QString componentName(core::Component component);
QString categoryName(core::Category category);
QString roleName(core::Role role);
/// One sentence a student can follow: what the component holds and why it is there.
QString componentDescription(core::Component component);

} // namespace ComponentPalette
