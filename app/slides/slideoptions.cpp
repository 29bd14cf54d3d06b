#include "app/slides/slideoptions.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <iterator>

namespace SlideViews {

// Each view has its row, in enum order, and kAll lists each once (a new view is added to both).
static_assert(std::size(kSpecs) == std::size(kAll));
static_assert([] {
    for (std::size_t i = 0; i < std::size(kSpecs); ++i)
        if (kSpecs[i].view != SlideView(i) || kAll[i] != SlideView(i))
            return false;
    return true;
}());

const Spec& spec(SlideView view)
{
    const auto i = std::size_t(view);
    return kSpecs[i < std::size(kSpecs) ? i : 0];
}

QString id(SlideView view)
{
    return QString::fromLatin1(spec(view).id);
}

std::optional<SlideView> fromId(const QString& text)
{
    for (const Spec& s : kSpecs)
        if (QLatin1String(s.id) == text)
            return s.view;
    return std::nullopt;
}

QString displayName(SlideView view)
{
    return QCoreApplication::translate("SlideViews", spec(view).name);
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
