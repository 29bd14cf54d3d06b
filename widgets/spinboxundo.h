#pragma once

class QWidget;

/// Ctrl+Z (and Ctrl+Y, Ctrl+Shift+Z) in a spin box whose typed value has been entered undoes
/// the scenario's last edit, as Edit ▸ Undo does. QLineEdit claims the undo keys for its own
/// text history (a ShortcutOverride it always accepts), which after Enter holds nothing worth
/// undoing: the key did nothing there (issue 31). While a value is being typed the keys still
/// undo the typing.
namespace SpinBoxUndo {

/// Lets the window's undo and redo shortcuts through every QAbstractSpinBox under `root`
/// whenever it has no typing pending.
void passThroughUnder(QWidget* root);

} // namespace SpinBoxUndo
