#pragma once

class QWidget;

/// Controls inside a scrolling panel take the mouse wheel only while they have the keyboard
/// focus (the Qt idiom: Qt::StrongFocus, and a wheel event ignored unless hasFocus()): a wheel
/// rolled over the panel scrolls it instead of editing every slider, spin box and combo box
/// that passes under the pointer. A click or Tab gives a control the focus; then it takes the
/// wheel as before.
namespace WheelGuard {

/// Guards one control (a QAbstractSpinBox, QAbstractSlider or QComboBox; anything else is left as it is).
void guard(QWidget* control);
/// Guards every such control under `root`, as they are now.
void guardChildren(QWidget* root);
/// Whether `control` is guarded (for tests).
bool isGuarded(const QWidget* control);

} // namespace WheelGuard
