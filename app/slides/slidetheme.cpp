#include "app/slides/slidetheme.h"

#include <QApplication>

#include "widgets/charts/componentpalette.h"

namespace SlideTheme {

namespace {

struct Colors
{
    QColor window, base, text, placeholder, mid, dark, light, highlight, highlightedText, link, disabled;
};

QPalette make(const Colors& c)
{
    QPalette p;
    p.setColor(QPalette::Window, c.window);
    p.setColor(QPalette::WindowText, c.text);
    p.setColor(QPalette::Base, c.base);
    p.setColor(QPalette::AlternateBase, c.window);
    p.setColor(QPalette::ToolTipBase, c.base);
    p.setColor(QPalette::ToolTipText, c.text);
    p.setColor(QPalette::PlaceholderText, c.placeholder);
    p.setColor(QPalette::Text, c.text);
    p.setColor(QPalette::Button, c.window);
    p.setColor(QPalette::ButtonText, c.text);
    p.setColor(QPalette::BrightText, c.base);
    p.setColor(QPalette::Mid, c.mid);
    p.setColor(QPalette::Dark, c.dark);
    p.setColor(QPalette::Light, c.light);
    p.setColor(QPalette::Midlight, c.light);
    p.setColor(QPalette::Shadow, c.dark);
    p.setColor(QPalette::Highlight, c.highlight);
    p.setColor(QPalette::HighlightedText, c.highlightedText);
    p.setColor(QPalette::Link, c.link);
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, c.disabled);
    return p;
}

} // namespace

QPalette palette(Theme theme)
{
    // Slides are read from across a room: the themes keep the window and the charts' base the
    // same colour, so a chart sits on the slide without a visible box.
    switch (theme) {
    case Theme::Window:
        return QApplication::palette();
    case Theme::Light:
        return make({QColor(0xFF, 0xFF, 0xFF), QColor(0xFF, 0xFF, 0xFF), QColor(0x20, 0x21, 0x24), QColor(0x6B, 0x70, 0x75),
                     QColor(0xB8, 0xBC, 0xC2), QColor(0x80, 0x86, 0x8B), QColor(0xF1, 0xF3, 0xF4), QColor(0x1A, 0x73, 0xE8), Qt::white,
                     QColor(0x1A, 0x5F, 0xC8), QColor(0x9A, 0xA0, 0xA6)});
    case Theme::Dark:
        return make({QColor(0x1F, 0x21, 0x24), QColor(0x1F, 0x21, 0x24), QColor(0xE8, 0xEA, 0xED), QColor(0x9A, 0xA0, 0xA6),
                     QColor(0x5F, 0x63, 0x68), QColor(0x17, 0x18, 0x1A), QColor(0x3C, 0x40, 0x43), QColor(0x4C, 0x8B, 0xF5), Qt::white,
                     QColor(0x8A, 0xB4, 0xF8), QColor(0x80, 0x86, 0x8B)});
    case Theme::HighContrastLight:
        return make({Qt::white, Qt::white, Qt::black, QColor(0x30, 0x30, 0x30), QColor(0x50, 0x50, 0x50), Qt::black,
                     QColor(0xE6, 0xE6, 0xE6), QColor(0x00, 0x3F, 0xC0), Qt::white, QColor(0x00, 0x3F, 0xC0), QColor(0x60, 0x60, 0x60)});
    case Theme::HighContrastDark: {
        QPalette p = make({Qt::black, Qt::black, Qt::white, QColor(0xD0, 0xD0, 0xD0), QColor(0xB0, 0xB0, 0xB0), QColor(0x10, 0x10, 0x10),
                           QColor(0x30, 0x30, 0x30), QColor(0xFF, 0xD4, 0x00), Qt::black, QColor(0xFF, 0xD4, 0x00), QColor(0x90, 0x90, 0x90)});
        // Slider handles and spin-box arrows are drawn in the button colour: grey, not black on black.
        p.setColor(QPalette::Button, QColor(0x58, 0x58, 0x58));
        return p;
    }
    }
    return QApplication::palette();
}

QString id(Theme theme)
{
    switch (theme) {
    case Theme::Window: return QStringLiteral("window");
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::HighContrastLight: return QStringLiteral("high-contrast-light");
    case Theme::HighContrastDark: return QStringLiteral("high-contrast-dark");
    }
    return {};
}

std::optional<Theme> fromId(const QString& text)
{
    for (Theme t : {Theme::Window, Theme::Light, Theme::Dark, Theme::HighContrastLight, Theme::HighContrastDark})
        if (id(t) == text)
            return t;
    return std::nullopt;
}

QString displayName(Theme theme)
{
    switch (theme) {
    case Theme::Window: return QCoreApplication::translate("SlideTheme", "As the window");
    case Theme::Light: return QCoreApplication::translate("SlideTheme", "Light");
    case Theme::Dark: return QCoreApplication::translate("SlideTheme", "Dark");
    case Theme::HighContrastLight: return QCoreApplication::translate("SlideTheme", "High contrast, light");
    case Theme::HighContrastDark: return QCoreApplication::translate("SlideTheme", "High contrast, dark");
    }
    return {};
}

bool isDark(Theme theme)
{
    return ComponentPalette::isDark(palette(theme));
}

} // namespace SlideTheme
