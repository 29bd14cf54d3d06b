#include "app/apptheme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace {

struct Saved
{
    bool taken = false;
    QString style;
    QPalette palette;
    QString styleSheet;
    bool dark = false;
};

Saved& saved()
{
    static Saved s;
    return s;
}

} // namespace

namespace AppTheme {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2B, 0x2D, 0x31), base(0x1F, 0x21, 0x24), text(0xE8, 0xEA, 0xED);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9A, 0xA0, 0xA6));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x5F, 0x63, 0x68));
    p.setColor(QPalette::Dark, QColor(0x17, 0x18, 0x1A));
    p.setColor(QPalette::Light, QColor(0x3C, 0x40, 0x43));
    p.setColor(QPalette::Highlight, QColor(0x4C, 0x8B, 0xF5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x8A, 0xB4, 0xF8));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x86, 0x8B));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x86, 0x8B));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x86, 0x8B));
    return p;
}

void apply(bool dark)
{
    Saved& s = saved();
    if (!s.taken) {
        s.taken = true;
        s.style = QApplication::style()->name();
        s.palette = QApplication::palette();
        s.styleSheet = qApp->styleSheet();
    }
    if (dark == s.dark)
        return;
    s.dark = dark;
    if (dark) {
        QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        QApplication::setPalette(darkPalette());
        // Fusion draws a slider's groove a shade darker than the window: on #2B2D31 it was
        // nearly invisible (issue 31). The groove in the palette's Mid grey, the part up to the
        // handle in its highlight.
        qApp->setStyleSheet(s.styleSheet
                            + QStringLiteral("QSlider::groove:horizontal { height: 4px; background: #5F6368; border-radius: 2px; }"
                                             "QSlider::sub-page:horizontal { background: #4C8BF5; border-radius: 2px; }"
                                             "QSlider::handle:horizontal { background: #E8EAED; border: 1px solid #17181A;"
                                             " width: 12px; margin: -5px 0; border-radius: 6px; }"
                                             "QSlider::handle:horizontal:disabled { background: #80868B; }"
                                             "QSlider::sub-page:horizontal:disabled { background: #5F6368; }"));
    } else {
        qApp->setStyleSheet(s.styleSheet);
        QApplication::setStyle(QStyleFactory::create(s.style));
        QApplication::setPalette(s.palette);
    }
}

bool isDark()
{
    return saved().dark;
}

} // namespace AppTheme
