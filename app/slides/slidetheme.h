#pragma once

#include <QPalette>
#include <QString>
#include <optional>

/// The colour themes of exported slides and of presentation mode. A theme is a QPalette: the
/// views take every colour from palette(), so a theme is applied by setPalette() and nothing
/// else (no colour is hard-coded in a view).
namespace SlideTheme {

enum class Theme {
    Window,            ///< whatever the window uses now (the application palette)
    Light,
    Dark,
    HighContrastLight, ///< black on white, for projectors in bright rooms
    HighContrastDark,  ///< white on black, for dark rooms
};

/// The palette of `theme` (Window: the application's palette).
QPalette palette(Theme theme);
/// Stable id for the command line and settings: "light", "dark", "high-contrast-light", …
QString id(Theme theme);
/// The theme named `id` (as id() writes it), or nothing.
std::optional<Theme> fromId(const QString& id);
/// Translated name for menus and combo boxes.
QString displayName(Theme theme);
/// True for the themes with light text on a dark window.
bool isDark(Theme theme);

} // namespace SlideTheme
