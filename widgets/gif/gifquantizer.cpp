#include "widgets/gif/gifquantizer.h"

#include <QHash>
#include <QImage>
#include <algorithm>
#include <array>
#include <limits>
#include <vector>

namespace {

constexpr int kMaxColors = 256;
/// At most this many entries go to frequent colours as they are; the rest to median cut.
constexpr int kMaxKept = 160;

struct ColorCount
{
    QRgb rgb = 0;
    qint64 count = 0;
};

int channel(QRgb c, int which)
{
    return which == 0 ? qRed(c) : which == 1 ? qGreen(c) : qBlue(c);
}

int distance(QRgb a, QRgb b)
{
    const int dr = qRed(a) - qRed(b), dg = qGreen(a) - qGreen(b), db = qBlue(a) - qBlue(b);
    // Weighted as the eye weighs the channels (ITU-R BT.601 luma: 0.299, 0.587, 0.114, ×~10).
    return 3 * dr * dr + 6 * dg * dg + db * db;
}

/// Median cut over `colors` into at most `boxes` colours: the box with the widest channel is
/// split at its pixel-weighted median until there are enough boxes or none can be split.
QVector<QRgb> medianCut(std::vector<ColorCount> colors, int boxes)
{
    struct Box
    {
        std::size_t begin = 0, end = 0;
        int widest = 0;  ///< channel with the largest range
        int range = 0;
    };
    auto measure = [&](Box& b) {
        std::array<int, 3> lo{255, 255, 255}, hi{0, 0, 0};
        for (std::size_t i = b.begin; i < b.end; ++i)
            for (int c = 0; c < 3; ++c) {
                lo[c] = std::min(lo[c], channel(colors[i].rgb, c));
                hi[c] = std::max(hi[c], channel(colors[i].rgb, c));
            }
        b.range = -1;
        for (int c = 0; c < 3; ++c)
            if (hi[c] - lo[c] > b.range) {
                b.range = hi[c] - lo[c];
                b.widest = c;
            }
    };
    std::vector<Box> list;
    if (colors.empty() || boxes <= 0)
        return {};
    list.push_back(Box{0, colors.size()});
    measure(list.back());
    while (int(list.size()) < boxes) {
        auto it = std::max_element(list.begin(), list.end(), [](const Box& a, const Box& b) { return a.range < b.range; });
        if (it->range <= 0 || it->end - it->begin < 2)
            break;
        Box box = *it;
        const int c = box.widest;
        std::sort(colors.begin() + std::ptrdiff_t(box.begin), colors.begin() + std::ptrdiff_t(box.end),
                  [c](const ColorCount& a, const ColorCount& b) { return channel(a.rgb, c) < channel(b.rgb, c); });
        qint64 total = 0;
        for (std::size_t i = box.begin; i < box.end; ++i)
            total += colors[i].count;
        qint64 running = 0;
        std::size_t split = box.begin + 1;
        for (std::size_t i = box.begin; i + 1 < box.end; ++i) {
            running += colors[i].count;
            split = i + 1;
            if (2 * running >= total)
                break;
        }
        Box low{box.begin, split}, high{split, box.end};
        measure(low);
        measure(high);
        *it = low;
        list.push_back(high);
    }
    QVector<QRgb> out;
    for (const Box& b : list) {
        double r = 0, g = 0, bl = 0, n = 0;
        for (std::size_t i = b.begin; i < b.end; ++i) {
            const double w = double(colors[i].count);
            r += w * qRed(colors[i].rgb);
            g += w * qGreen(colors[i].rgb);
            bl += w * qBlue(colors[i].rgb);
            n += w;
        }
        out.push_back(qRgb(int(r / n + 0.5), int(g / n + 0.5), int(bl / n + 0.5)));
    }
    return out;
}

} // namespace

GifIndexedImage GifQuantizer::quantize(const QImage& source, const QRect& rect, const QImage* previousFrame)
{
    GifIndexedImage out;
    auto rgb32 = [](const QImage& i) {
        return i.format() == QImage::Format_RGB32 || i.format() == QImage::Format_ARGB32 ? i : i.convertToFormat(QImage::Format_RGB32);
    };
    const QImage image = rgb32(source);
    const QRect r = rect & image.rect();
    if (r.isEmpty())
        return out;
    const QImage previous = previousFrame && previousFrame->size() == image.size() ? rgb32(*previousFrame) : QImage();
    // A pixel the previous frame already shows: left out, drawn as transparent.
    auto previousLine = [&](int y) { return previous.isNull() ? nullptr : reinterpret_cast<const QRgb*>(previous.constScanLine(y)); };
    auto kept = [](int x, const QRgb* line, const QRgb* before) { return before && ((before[x] ^ line[x]) & 0xFFFFFF) == 0; };
    const int maxColors = previous.isNull() ? kMaxColors : kMaxColors - 1; // one entry for "unchanged"

    // Histogram. Flat areas are long runs of one colour: count a run once per lookup.
    QHash<QRgb, qint64> histogram;
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        const QRgb* before = previousLine(y);
        int x = r.left();
        while (x <= r.right()) {
            if (kept(x, line, before)) {
                ++x;
                continue;
            }
            const QRgb c = line[x] | 0xFF000000u;
            int end = x + 1;
            while (end <= r.right() && (line[end] | 0xFF000000u) == c && !kept(end, line, before))
                ++end;
            histogram[c] += end - x;
            x = end;
        }
    }
    std::vector<ColorCount> colors;
    colors.reserve(std::size_t(histogram.size()));
    for (auto it = histogram.cbegin(); it != histogram.cend(); ++it)
        colors.push_back({it.key(), it.value()});
    // The same frame gives the same file: order by count, then colour (QHash's order is seeded).
    std::sort(colors.begin(), colors.end(), [](const ColorCount& a, const ColorCount& b) {
        return a.count != b.count ? a.count > b.count : a.rgb < b.rgb;
    });

    QHash<QRgb, int> lookup; // colour → palette index
    lookup.reserve(qsizetype(colors.size()));
    if (colors.size() <= std::size_t(maxColors)) {
        out.exact = true;
        for (const ColorCount& c : colors) {
            lookup.insert(c.rgb, int(out.palette.size()));
            out.palette.push_back(c.rgb);
        }
    } else {
        qint64 pixels = 0;
        for (const ColorCount& c : colors)
            pixels += c.count;
        std::size_t frequent = 0;
        while (frequent < colors.size() && int(frequent) < kMaxKept && colors[frequent].count * 1000 >= pixels)
            ++frequent;
        for (std::size_t i = 0; i < frequent; ++i)
            out.palette.push_back(colors[i].rgb);
        out.palette += medianCut(std::vector<ColorCount>(colors.begin() + std::ptrdiff_t(frequent), colors.end()), maxColors - int(frequent));
        for (const ColorCount& c : colors) {
            int best = 0, bestDistance = std::numeric_limits<int>::max();
            for (int i = 0; i < out.palette.size() && bestDistance > 0; ++i)
                if (const int d = distance(c.rgb, out.palette[i]); d < bestDistance) {
                    bestDistance = d;
                    best = i;
                }
            lookup.insert(c.rgb, best);
        }
    }

    if (!previous.isNull()) {
        out.transparent = int(out.palette.size());
        out.palette.push_back(qRgb(0, 0, 0)); // never shown: the previous frame's pixel is
    }
    out.indices.resize(qsizetype(r.width()) * r.height());
    char* dst = out.indices.data();
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        const QRgb* before = previousLine(y);
        QRgb last = 0;
        char lastIndex = 0;
        bool have = false;
        for (int x = r.left(); x <= r.right(); ++x) {
            if (kept(x, line, before)) {
                *dst++ = char(out.transparent);
                continue;
            }
            const QRgb c = line[x] | 0xFF000000u;
            if (!have || c != last) {
                last = c;
                lastIndex = char(lookup.value(c));
                have = true;
            }
            *dst++ = lastIndex;
        }
    }
    return out;
}
