#include "app/slides/slideoptions.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace SlideViews {

QString id(SlideView view)
{
    switch (view) {
    case SlideView::Memory: return QStringLiteral("memory");
    case SlideView::Comparison: return QStringLiteral("comparison");
    case SlideView::Gauges: return QStringLiteral("gauges");
    case SlideView::Bits: return QStringLiteral("bits");
    case SlideView::Dashboard: return QStringLiteral("dashboard");
    case SlideView::Step: return QStringLiteral("step");
    }
    return {};
}

std::optional<SlideView> fromId(const QString& text)
{
    for (SlideView v : kAll)
        if (id(v) == text)
            return v;
    return std::nullopt;
}

QString displayName(SlideView view)
{
    switch (view) {
    case SlideView::Memory: return QCoreApplication::translate("SlideViews", "Memory chart");
    case SlideView::Comparison: return QCoreApplication::translate("SlideViews", "ZeRO and recomputation comparison");
    case SlideView::Gauges: return QCoreApplication::translate("SlideViews", "Gauges");
    case SlideView::Bits: return QCoreApplication::translate("SlideViews", "Bit viewer");
    case SlideView::Dashboard: return QCoreApplication::translate("SlideViews", "Whole dashboard");
    case SlideView::Step: return QCoreApplication::translate("SlideViews", "Pipeline schedule and memory timeline");
    }
    return {};
}

std::optional<SlideFormat> formatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return SlideFormat::Png;
    if (suffix == QLatin1String("svg"))
        return SlideFormat::Svg;
    if (suffix == QLatin1String("pdf"))
        return SlideFormat::Pdf;
    if (suffix == QLatin1String("gif"))
        return SlideFormat::Gif;
    return std::nullopt;
}

std::optional<QSize> parseSize(const QString& text)
{
    const QStringList parts = text.trimmed().split(QLatin1Char('x'), Qt::KeepEmptyParts, Qt::CaseInsensitive);
    if (parts.size() != 2)
        return std::nullopt;
    bool okW = false, okH = false;
    const int w = parts[0].toInt(&okW);
    const int h = parts[1].toInt(&okH);
    if (!okW || !okH || w < 64 || h < 64 || w > 16384 || h > 16384)
        return std::nullopt;
    return QSize(w, h);
}

} // namespace SlideViews
