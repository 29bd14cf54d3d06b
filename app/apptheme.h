#pragma once

class QPalette;

/// The window's light or dark theme (View ▸ Dark Theme, `--theme dark`): Qt's Fusion style with
/// a dark palette, where the platform offers none, and slider grooves that show on it.
namespace AppTheme {

/// A dark palette for Fusion.
QPalette darkPalette();
/// Dark (Fusion, darkPalette(), visible slider grooves) or the platform's own style and palette
/// as they were before the first call.
void apply(bool dark);
bool isDark();

} // namespace AppTheme
