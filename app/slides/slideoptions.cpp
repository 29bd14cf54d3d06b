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
    case SlideView::Run: return QStringLiteral("run");
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
    case SlideView::Run: return QCoreApplication::translate("SlideViews", "A run's wall-clock: checkpoints, interruptions, restarts");
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

qint64 rasterPixels(const SlideOptions& o)
{
    const QSize pixels = o.size * o.scale; // as ViewRenderer::image() makes it
    return qint64(pixels.width()) * qint64(pixels.height());
}

std::optional<QString> rasterProblem(const SlideOptions& o, SlideFormat format, bool frameSequence)
{
    if (format == SlideFormat::Svg || format == SlideFormat::Pdf)
        return std::nullopt; // vectors: the size is a number in the file
    const qint64 pixels = rasterPixels(o);
    const bool animated = format == SlideFormat::Gif || frameSequence;
    if (pixels > kMaxRasterPixels)
        //: %1 = width x height, %2 = scale, %3 = millions of pixels, %4 = the limit in millions
        return QCoreApplication::translate("SlideViews", "%1 at scale %2 is %3 million pixels; an image holds at most %4 million "
                                                         "(8K at scale 2): a smaller size or scale")
            .arg(QStringLiteral("%1x%2").arg(o.size.width()).arg(o.size.height()))
            .arg(o.scale)
            .arg(double(pixels) / 1e6, 0, 'f', 1)
            .arg(double(kMaxRasterPixels) / 1e6, 0, 'f', 1);
    if (animated && pixels * o.frames > kMaxAnimationPixels)
        //: %1 = frames, %2 = millions of pixels per frame, %3 = the limit in millions
        return QCoreApplication::translate("SlideViews", "%1 frames of %2 million pixels are more than the %3 million an animation holds: "
                                                         "fewer frames, or a smaller size")
            .arg(o.frames)
            .arg(double(pixels) / 1e6, 0, 'f', 1)
            .arg(double(kMaxAnimationPixels) / 1e6, 0, 'f', 0);
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
