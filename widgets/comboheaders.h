#pragma once

class QComboBox;
class QPalette;
class QString;

/// Group headers in a combo box's list ("Llama", "NVIDIA Hopper"): bold rows that are neither
/// selectable nor enabled, so clicks, the arrow keys and the wheel pass over them, and that
/// carry no item data, so findData() never lands on one.
void addComboHeader(QComboBox* box, const QString& text);
bool isComboHeader(const QComboBox* box, int index);
/// Draws the headers in `palette`'s text colour rather than greyed out as disabled rows are;
/// call again on QEvent::PaletteChange (light/dark) with the new palette: the parent's, since
/// the parent hears of the change before its children's palettes follow.
void colourComboHeaders(QComboBox* box, const QPalette& palette);
