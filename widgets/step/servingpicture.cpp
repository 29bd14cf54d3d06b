#include "widgets/step/servingpicture.h"

#include <QLocale>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QVarLengthArray>
#include <algorithm>
#include <array>
#include <bitset>
#include <cmath>
#include <functional>
#include <vector>

#include "widgets/charts/componentpalette.h"
#include "widgets/step/columnruns.h"
#include "widgets/step/pixelcanvas.h"

namespace {
constexpr int kMinLabelWidth = 76;   ///< the value labels' column in the window's type
constexpr int kMinTopMargin = 24;
constexpr int kMinRightMargin = 250; ///< the legend's column in the window's type
constexpr int kMinAxisHeight = 34;
constexpr double kMinPrefillShare = 1.0 / 6; ///< the prefill gets at least this share of the width
} // namespace

ServingPicture::ServingPicture() : m_timeline(std::make_shared<const core::ServingTimeline>()) {}

std::unique_ptr<ViewPicture> ServingPicture::clone() const
{
    auto copy = std::unique_ptr<ServingPicture>(new ServingPicture(*this));
    copy->m_gridCache = QImage(); // drawn again by the copy (prepareCursor) for its own moment
    copy->m_gridMoment = nullptr;
    return copy;
}

void ServingPicture::setTimeline(std::shared_ptr<const core::ServingTimeline> timeline)
{
    m_timeline = timeline ? std::move(timeline) : std::make_shared<const core::ServingTimeline>();
    double most = m_timeline->capacityBytes;
    for (const core::ServingMoment& m : m_timeline->moments)
        most = std::max(most, m.deviceBytes);
    m_top = std::max(1.0, most * 1.08);
    m_cursor = std::clamp(m_cursor, 0.0, std::max(0.0, m_timeline->length()));
    m_gridMoment = nullptr;
    relayout();
}

void ServingPicture::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    relayout();
}

const QImage& ServingPicture::gridImage(const core::ServingMoment& m, qreal dpr)
{
    const QRect g = gridRect().toAlignedRect();
    if (&m != m_gridMoment || m_gridCache.size() != g.size() * dpr) {
        m_gridCache = QImage(g.size() * dpr, QImage::Format_ARGB32_Premultiplied);
        m_gridCache.setDevicePixelRatio(dpr);
        m_gridCache.fill(Qt::transparent);
        QPainter gp(&m_gridCache);
        gp.setFont(font());
        paintGrid(gp, m, g.topLeft());
        m_gridMoment = &m;
    }
    return m_gridCache;
}

void ServingPicture::prepareCursor(qreal dpr)
{
    // drawn with the picture (on the step planner's thread): a new run's first frame then only
    // copies the grid under the cursor
    if (const core::ServingMoment* m = m_timeline->valid ? m_timeline->momentAt(m_cursor) : nullptr)
        gridImage(*m, dpr);
}

void ServingPicture::styleChanged()
{
    m_legendKey.clear();
    m_fits.clear();
    m_gridMoment = nullptr;
}

// The title row holds one line, the axis two (ticks, then the phases' names): both grow with
// the font, so a slide's larger type does not run the phase names into the block grid.
int ServingPicture::topMargin() const
{
    return std::max(kMinTopMargin, lineHeight() + 8);
}

int ServingPicture::axisHeight() const
{
    return std::max(kMinAxisHeight, 2 * lineHeight() + 8);
}

QRectF ServingPicture::chartRect() const
{
    const double h = std::max(40.0, height() - topMargin() - axisHeight() - 8.0);
    // the chart above, the block grid below it
    return QRectF(m_labelWidth, topMargin(), std::max(10, width() - m_labelWidth - m_rightMargin), h * 0.68);
}

QRectF ServingPicture::gridRect() const
{
    const QRectF c = chartRect();
    const double top = c.bottom() + axisHeight() + 4;
    return QRectF(c.left(), top, c.width(), std::max(12.0, height() - top - 6));
}

double ServingPicture::yOf(double bytes) const
{
    const QRectF a = chartRect();
    return a.bottom() - bytes / m_top * a.height();
}

double ServingPicture::prefillShare() const
{
    const double steps = m_timeline->length();
    if (steps <= 0 || m_timeline->prefillSteps <= 0)
        return 0;
    if (m_timeline->decodeSteps <= 0)
        return 1;
    return std::clamp(double(m_timeline->prefillSteps) / steps, kMinPrefillShare, 1 - kMinPrefillShare);
}

double ServingPicture::xOf(double step) const
{
    const QRectF a = chartRect();
    const double p = double(m_timeline->prefillSteps), d = double(m_timeline->decodeSteps), share = prefillShare();
    double f = 0;
    if (step <= p)
        f = p > 0 ? step / p * share : 0;
    else
        f = share + (d > 0 ? (step - p) / d * (1 - share) : 0);
    return a.left() + std::clamp(f, 0.0, 1.0) * a.width();
}

double ServingPicture::stepAt(double x) const
{
    const QRectF a = chartRect();
    const double f = std::clamp((x - a.left()) / std::max(1.0, a.width()), 0.0, 1.0);
    const double p = double(m_timeline->prefillSteps), d = double(m_timeline->decodeSteps), share = prefillShare();
    if (f <= share)
        return share > 0 ? f / share * p : 0;
    return p + (1 - share > 0 ? (f - share) / (1 - share) * d : 0);
}

QString ServingPicture::blocksText(std::int64_t blocks) const { return QLocale().toString(qlonglong(blocks)); }

QString ServingPicture::smallBytes(double bytes) const
{
    // a block is megabytes: in the chosen unit's family (MB with GB, MiB with GiB)
    if (m_unit == DisplayFormat::MemoryUnit::GiB)
        return tr("%1 MiB").arg(QLocale().toString(bytes / 1048576.0, 'g', 4));
    return tr("%1 MB").arg(QLocale().toString(bytes / 1e6, 'g', 4));
}

QString ServingPicture::momentText(const core::ServingMoment& m) const
{
    const QLocale locale;
    const QString step = m.phase == core::ServingPhase::Prefill ? tr("Prefill step %1").arg(locale.toString(qlonglong(m.phaseStep)))
                                                                : tr("Decode step %1").arg(locale.toString(qlonglong(m.phaseStep)));
    const QString requests = m.runningRequests == 1 ? tr("1 request") : tr("%1 requests").arg(locale.toString(qlonglong(m.runningRequests)));
    if (m_timeline->blockSize > 0 && m_timeline->reservesPool)
        return tr("%1: %2, %3 of %4 blocks").arg(step, requests, blocksText(m.usedBlocks), blocksText(m_timeline->poolBlocks));
    if (m_timeline->blockSize > 0)
        return tr("%1: %2, %3 blocks").arg(step, requests, blocksText(m.usedBlocks));
    return tr("%1: %2, %3 tokens each").arg(step, requests, locale.toString(qlonglong(m.contextTokens)));
}

QString ServingPicture::peakText() const
{
    if (!m_timeline->valid || m_timeline->peakMoment >= m_timeline->moments.size())
        return {};
    return momentText(m_timeline->moments[m_timeline->peakMoment]);
}

double ServingPicture::peakPosition() const
{
    if (!m_timeline->valid || m_timeline->peakMoment >= m_timeline->moments.size())
        return 0;
    const core::ServingMoment& m = m_timeline->moments[m_timeline->peakMoment];
    return (m.start() + m.end()) / 2;
}

QString ServingPicture::cursorText() const
{
    const core::ServingMoment* m = m_timeline->valid ? m_timeline->momentAt(m_cursor) : nullptr;
    if (!m)
        return {};
    QString t = momentText(*m);
    if (m_timeline->poolBytes > 0)
        t += tr(" · KV %1 used of %2 reserved").arg(DisplayFormat::bytes(m->usedKvBytes, m_unit), DisplayFormat::bytes(m_timeline->poolBytes, m_unit));
    else
        t += tr(" · KV %1").arg(DisplayFormat::bytes(m->usedKvBytes, m_unit));
    if (m->overPool)
        t += tr(" · over the pool: preemption");
    return t;
}

void ServingPicture::paintAxis(QPainter& p)
{
    const QRectF a = chartRect();
    const QFontMetrics fm(font());
    const QLocale locale;
    const QColor text = palette().color(QPalette::WindowText);
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(QPointF(a.left(), a.bottom() + 1), QPointF(a.right(), a.bottom() + 1));
    // ticks in each phase's own steps: 1, 2 or 5 × 10^k, about 100 px apart
    auto ticks = [&](double from, double span, double x0, double x1, double offset) {
        if (span <= 0 || x1 - x0 < 30)
            return;
        const double raw = span / std::max(1.0, (x1 - x0) / 100.0);
        const double mag = std::pow(10.0, std::floor(std::log10(std::max(1.0, raw))));
        const double step = std::max(1.0, raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag);
        p.setPen(text);
        QVarLengthArray<QLineF, 32> marks; // one call for all: each drawLine is a pass through the paint engine
        for (double v = 0; v <= span + 1e-9; v += step) {
            const double x = xOf(from + v);
            marks.append(QLineF(x, a.bottom() + 1, x, a.bottom() + 5));
            // the labels are the same few numbers from one re-plan to the next: shaped once
            const QString label = locale.toString(qlonglong(std::llround(v + offset)));
            const double w = shortTextWidth(label);
            if (x + w / 2.0 <= x1 + 2 && x - w / 2.0 >= x0 - 2)
                drawShortText(p, QPointF(x - w / 2.0, a.bottom() + 5 + fm.ascent()), label);
        }
        p.drawLines(marks.constData(), int(marks.size()));
    };
    const double p0 = double(m_timeline->prefillSteps);
    ticks(0, p0, a.left(), xOf(p0) - 20, 0);
    ticks(p0, double(m_timeline->decodeSteps), xOf(p0) + 20, a.right(), 0);
    // the phases named under their ticks
    const double y = a.bottom() + 6 + fm.height() + fm.ascent();
    p.setPen(text);
    if (m_timeline->prefillSteps > 0) {
        const QString label = m_timeline->chunkedPrefill
            ? tr("Prefill: %1 steps of %2 tokens").arg(locale.toString(qlonglong(m_timeline->prefillSteps)), locale.toString(qlonglong(m_timeline->chunkTokens)))
            : tr("Prefill: one step");
        p.drawText(QPointF(a.left(), y), fm.elidedText(label, Qt::ElideRight, int(xOf(p0) - a.left() - 4)));
    }
    if (m_timeline->decodeSteps > 0) {
        const QString label = tr("Decode steps (one token per request each)");
        p.drawText(QPointF(xOf(p0) + 6, y), fm.elidedText(label, Qt::ElideRight, int(a.right() - xOf(p0) - 6)));
    }
}

void ServingPicture::paintStatic(QPainter& p)
{
    const QFontMetrics fm(font());
    const QColor text = palette().color(QPalette::WindowText);
    const bool dark = ComponentPalette::isDark(palette());
    p.setPen(text);
    if (!m_timeline->valid) {
        const QString fallback = m_timeline->status == core::ServingTimelineStatus::InvalidScenario
            ? tr("The scenario has errors (see the issues): there is no serving run to show.")
            : tr("The serving timeline shows a serving scenario.");
        p.drawText(rect().adjusted(12, 0, -12, 0), Qt::AlignCenter | Qt::TextWordWrap, m_emptyText.isEmpty() ? fallback : m_emptyText);
        return;
    }
    const QLocale locale;
    const QString title = m_timeline->layers > 0 && m_timeline->stage > 0
        ? tr("Memory of one GPU of stage %1 as the batch fills and the context grows").arg(m_timeline->stage)
        : tr("Memory of one GPU as the batch fills and the context grows");
    p.drawText(QRect(8, 2, width() / 2, topMargin() - 4), Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(title, Qt::ElideRight, width() / 2));
    const QRectF a = chartRect();
    // prefill shaded
    if (m_timeline->prefillSteps > 0) {
        QColor shade = palette().color(QPalette::AlternateBase);
        p.fillRect(QRectF(a.left(), a.top(), xOf(double(m_timeline->prefillSteps)) - a.left(), a.height()), shade);
    }
    // The stack, one moment per run of pixel columns (the moment with the most KV among those a
    // column covers: a block narrower than a pixel is never lost).
    const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    const int cols = std::max(1, int(std::lround(a.width() * dpr)));
    std::vector<const core::ServingMoment*> column(std::size_t(cols), nullptr);
    std::bitset<core::kComponentCount> used;
    for (const core::ServingMoment& m : m_timeline->moments) {
        const int c0 = std::clamp(int(std::floor((xOf(m.start()) - a.left()) * dpr)), 0, cols - 1);
        const int c1 = std::clamp(int(std::ceil((xOf(m.end()) - a.left()) * dpr)), c0 + 1, cols);
        for (int c = c0; c < c1; ++c)
            if (!column[std::size_t(c)] || m.usedKvBytes > column[std::size_t(c)]->usedKvBytes)
                column[std::size_t(c)] = &m;
        for (std::size_t k = 0; k < core::kComponentCount; ++k)
            if (m.bytes[k] > 0)
                used.set(k);
    }
    const double pool = m_timeline->poolBytes;
    // On screen (the cached image) the runs of columns go straight into its pixels, a store per
    // pixel instead of a fillRect per component and run (PixelCanvas); SVG and PDF get shapes.
    PixelCanvas canvas = m_vectorPaint ? PixelCanvas() : PixelCanvas::of(p);
    const QRectF plot = a; // yOf's frame, read once
    auto rowOf = [&](double bytes) {
        return int(std::lround(std::clamp(plot.bottom() - bytes / m_top * plot.height(), plot.top() - 1, plot.bottom() + 1) * dpr));
    };
    std::array<QRgb, core::kComponentCount> rgb{};
    for (std::size_t k = 0; k < core::kComponentCount; ++k)
        rgb[k] = ComponentPalette::componentColor(core::Component(k), dark).rgb();
    const int x0px = int(std::lround(a.left() * dpr));
    if (canvas.valid()) {
        forEachColumnRun(column, [&](const core::ServingMoment& m, int c, int e) {
            double below = 0;
            int bottom = rowOf(0);
            for (std::size_t k = 0; k < core::kComponentCount; ++k) {
                const double b = m.bytes[k];
                if (b <= 0)
                    continue;
                below += b;
                const int top = rowOf(below);
                canvas.fill(x0px + c, top, x0px + e, bottom, rgb[k]);
                bottom = top;
            }
        });
        // what the pool cannot hold, hatched red above the pool's top (few columns: shapes)
        forEachColumnRun(column, [&](const core::ServingMoment& m, int c, int e) {
            const double kv = m.bytes[std::size_t(core::Component::KvCache)];
            if (!m.overPool || pool <= 0 || kv <= pool)
                return;
            double below = 0;
            for (std::size_t k = 0; k < std::size_t(core::Component::KvCache); ++k)
                below += m.bytes[k];
            const double x0 = a.left() + c / dpr, x1 = a.left() + e / dpr;
            const double y1 = yOf(below + kv), yp = yOf(below + pool);
            p.fillRect(QRectF(x0, y1, x1 - x0, yp - y1), QBrush(ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark), Qt::BDiagPattern));
        });
    }
    if (!canvas.valid()) // SVG and PDF: rectangles
        forEachColumnRun(column, [&](const core::ServingMoment& m, int c, int e) {
            const double x0 = a.left() + c / dpr, x1 = a.left() + e / dpr;
            double below = 0;
            for (std::size_t k = 0; k < core::kComponentCount; ++k) {
                const double b = m.bytes[k];
                if (b <= 0)
                    continue;
                const double y0 = yOf(below), y1 = yOf(below + b);
                if (y0 - y1 >= 0.25)
                    p.fillRect(QRectF(x0, y1, x1 - x0, y0 - y1), ComponentPalette::componentColor(core::Component(k), dark));
                if (core::Component(k) == core::Component::KvCache && m.overPool && pool > 0 && b > pool) {
                    // what the pool cannot hold: hatched red above the pool's top
                    const double yp = yOf(below + pool);
                    p.fillRect(QRectF(x0, y1, x1 - x0, yp - y1), QBrush(ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark), Qt::BDiagPattern));
                }
                below += b;
            }
        });
    // Block boundaries inside the used KV, where a block is tall enough to be seen.
    const double kvBase = [&] {
        double b = 0;
        for (std::size_t k = 0; k < std::size_t(core::Component::KvCache); ++k)
            b += m_timeline->moments.back().bytes[k];
        return b;
    }();
    const double blockPx = m_timeline->blockBytes / m_top * a.height();
    if (m_timeline->blockSize > 0 && blockPx >= 3) {
        QColor line = palette().color(QPalette::Base);
        line.setAlphaF(0.55);
        p.setPen(QPen(line, 1));
        for (int c = 0; c < cols; ++c) {
            const core::ServingMoment* m = column[std::size_t(c)];
            if (!m)
                continue;
            const double x = a.left() + c / dpr;
            for (std::int64_t b = 1; b < m->usedBlocks && b < 400; ++b) {
                const double y = yOf(kvBase + double(b) * m_timeline->blockBytes);
                p.drawLine(QPointF(x, y), QPointF(x + 1 / dpr, y));
            }
        }
    }
    // The peak's label (drawn last, over the lines): where it goes, so the capacity's keeps clear.
    struct Label
    {
        bool valid = false;
        QPointF at, baseline;
        QRectF box;
        QString text;
    } peak;
    if (m_timeline->peakMoment < m_timeline->moments.size()) {
        const core::ServingMoment& m = m_timeline->moments[m_timeline->peakMoment];
        peak.valid = true;
        peak.at = QPointF(xOf((m.start() + m.end()) / 2), yOf(kvBase + m.usedKvBytes));
        peak.text = tr("Peak KV %1 — %2").arg(DisplayFormat::bytes(m.usedKvBytes, m_unit), momentText(m));
        int w = fm.horizontalAdvance(peak.text);
        if (w > a.width()) { // a slide's type on a narrow chart: the end of the words goes
            peak.text = fm.elidedText(peak.text, Qt::ElideRight, int(a.width()));
            w = fm.horizontalAdvance(peak.text);
        }
        const double x = std::clamp(peak.at.x() - w, a.left(), std::max(a.left(), a.right() - w));
        const double y = std::max(a.top() + fm.ascent() + 2, peak.at.y() - 12);
        peak.baseline = QPointF(x, y);
        peak.box = QRectF(x - 3, y - fm.ascent() - 1, w + 6, fm.height() + 2);
    }
    // the pool's top: what the engine reserved at start-up, used or not; its label under the
    // line, else over it, else (the peak's label there: a pool the batch nearly fills) left to
    // the legend and the readout
    if (pool > 0) {
        const double y = yOf(kvBase + pool);
        p.setPen(QPen(text, 1.5, Qt::DashLine));
        p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
        const QString label = m_timeline->reservesPool && m_timeline->poolBlocks > 0
            ? tr("KV pool reserved: %1 (%2 blocks)").arg(DisplayFormat::bytes(pool, m_unit), blocksText(m_timeline->poolBlocks))
            : tr("KV cache allocated at start: %1").arg(DisplayFormat::bytes(pool, m_unit));
        const double lx = xOf(double(m_timeline->prefillSteps)) + 6;
        QColor back = palette().color(QPalette::Base);
        back.setAlphaF(0.85);
        for (const double top : {y + 2, y - 2 - fm.height() - 2}) {
            const QRectF box(lx - 3, top, fm.horizontalAdvance(label) + 6, fm.height() + 2);
            if (box.top() < a.top() || (peak.valid && box.intersects(peak.box)))
                continue;
            p.fillRect(box, back);
            p.setPen(text);
            p.drawText(QPointF(lx, top + 1 + fm.ascent()), label);
            break;
        }
    }
    // capacity
    const QColor red = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
    if (m_timeline->capacityBytes > 0) {
        const double y = yOf(m_timeline->capacityBytes);
        p.setPen(QPen(red, 1.5, Qt::DashLine));
        p.drawLine(QPointF(a.left(), y), QPointF(a.right(), y));
        p.setPen(red);
        // above the line, or under it when the chart's top leaves no room (a slide's type); at
        // its left end, else its right, else not at all where the peak's label stands (the
        // legend names the line, the readout gives the bytes)
        const QString label = tr("Capacity %1").arg(DisplayFormat::bytes(m_timeline->capacityBytes, m_unit));
        const double w = fm.horizontalAdvance(label);
        const double baseline = y - 3 - fm.ascent() < a.top() ? y + 3 + fm.ascent() : y - 3;
        for (const double x : {a.left() + 4, a.right() - 4 - w}) {
            const QRectF box(x, baseline - fm.ascent(), w, fm.height());
            if (!peak.valid || !box.intersects(peak.box)) {
                p.drawText(QPointF(x, baseline), label);
                break;
            }
        }
    }
    // the used KV's top as a line
    if (canvas.valid()) { // column by column into the pixels: a 2 px path through the stroker was a sixth of a repaint
        PixelCanvas::Stroke line(canvas, text.rgb(), int(std::lround(2 * dpr)));
        bool started = false;
        int last = 0;
        for (int c = 0; c < cols; ++c) {
            const core::ServingMoment* m = column[std::size_t(c)];
            if (!m)
                continue;
            const int y = rowOf(kvBase + m->usedKvBytes);
            if (!started) {
                line.moveTo(x0px + c, y);
                started = true;
            } else if (y != last) {
                line.lineTo(x0px + c, last);
                line.lineTo(x0px + c, y);
            }
            last = y;
        }
        if (started)
            line.lineTo(x0px + cols, last);
    } else {
        QPainterPath path;
        bool started = false;
        for (int c = 0; c < cols; ++c) {
            const core::ServingMoment* m = column[std::size_t(c)];
            if (!m)
                continue;
            const double x = a.left() + c / dpr, y = yOf(kvBase + m->usedKvBytes);
            if (!started) {
                path.moveTo(x, y);
                started = true;
            } else {
                path.lineTo(x, y);
            }
        }
        p.setPen(QPen(text, 2));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    }
    // value axis: 1, 2 or 5 × 10^k display units, about four ticks
    p.setPen(text);
    {
        for (const double b : valueTicks()) {
            const double y = yOf(b);
            p.drawText(QRectF(0, y - fm.height() / 2.0, m_labelWidth - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter, DisplayFormat::bytes(b, m_unit, 0));
        }
    }
    // the preemption point
    if (m_timeline->preemptionStep >= 0) {
        const double x = xOf(double(m_timeline->preemptionStep));
        p.setPen(QPen(red, 2));
        p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
        const core::ServingMoment& m = m_timeline->moments[m_timeline->preemptionMoment];
        QString label = m_timeline->blockSize > 0
            ? tr("Preemption: %1 needs %2 blocks, the pool holds %3").arg(m.phase == core::ServingPhase::Prefill ? tr("prefill step %1").arg(locale.toString(qlonglong(m.firstStep + 1)))
                                                                                                               : tr("decode step %1").arg(locale.toString(qlonglong(m.firstStep - m_timeline->prefillSteps + 1))),
                                                                           blocksText(m.usedBlocks), blocksText(m_timeline->poolBlocks))
            : tr("Preemption: the pool is full");
        int w = fm.horizontalAdvance(label);
        if (w > a.width()) { // a slide's type: elided to the chart, not run into the legend
            label = fm.elidedText(label, Qt::ElideRight, int(a.width()));
            w = fm.horizontalAdvance(label);
        }
        const double lx = std::clamp(x + 4, a.left(), std::max(a.left(), a.right() - w));
        QColor back = palette().color(QPalette::Base);
        back.setAlphaF(0.85);
        const double ly = a.bottom() - fm.height() - 6;
        p.fillRect(QRectF(lx - 2, ly, w + 4, fm.height() + 2), back);
        p.setPen(red);
        p.drawText(QPointF(lx, ly + fm.ascent()), label);
    }
    // the peak of the used KV
    if (peak.valid) {
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setBrush(text);
        p.setPen(Qt::NoPen);
        QPolygonF tri;
        tri << peak.at << peak.at + QPointF(-5, -8) << peak.at + QPointF(5, -8);
        p.drawPolygon(tri);
        p.setRenderHint(QPainter::Antialiasing, false);
        QColor back = palette().color(QPalette::Base);
        back.setAlphaF(0.85);
        p.fillRect(peak.box, back);
        p.setPen(text);
        p.drawText(peak.baseline, peak.text);
    }
    paintAxis(p);
    // legend: the components drawn, then the lines
    // beside the chart only (the grid's caption is below it); the KV cache and the weights first
    // when there is room for only a few
    const QRectF legend(a.right() + 14, a.top(), m_rightMargin - 20, a.height() + axisHeight());
    const int line = fm.height() + 2;
    const std::size_t room = std::size_t(std::max(0.0, std::floor(legend.height() / line) - 4.5));
    std::vector<std::size_t> shown;
    for (core::Component c : {core::Component::KvCache, core::Component::KvCacheReserve, core::Component::RecurrentState, core::Component::Weights,
                              core::Component::InferenceWorkspace,
                              core::Component::CudaGraphPool, core::Component::CudaContext, core::Component::NcclBuffers,
                              core::Component::Fragmentation, core::Component::LibraryWorkspaces})
        if (used.test(std::size_t(c)) && shown.size() < room)
            shown.push_back(std::size_t(c));
    std::sort(shown.begin(), shown.end(), std::greater<>()); // the stack's order, top first
    auto drawLegend = [&](QPainter& lp, const QRectF& box) {
        double y = box.top();
        for (std::size_t c : shown) {
            lp.fillRect(QRectF(box.left(), y + 3, 10, line - 6), ComponentPalette::componentColor(core::Component(c), dark));
            lp.setPen(text);
            const QString name = core::Component(c) == core::Component::KvCacheReserve ? tr("KV pool, not yet used")
                                 : core::Component(c) == core::Component::KvCache        ? tr("KV cache in use")
                                                                                          : ComponentPalette::componentName(core::Component(c));
            lp.drawText(QRectF(box.left() + 14, y, box.width() - 14, line), Qt::AlignLeft | Qt::AlignVCenter,
                        fm.elidedText(name, Qt::ElideRight, int(box.width()) - 14));
            y += line;
        }
        y += line / 2;
        const std::pair<QPen, QString> lines[] = {{QPen(text, 2), tr("KV in use")},
                                                  {QPen(text, 1.5, Qt::DashLine), tr("KV pool reserved")},
                                                  {QPen(red, 1.5, Qt::DashLine), tr("Capacity")},
                                                  {QPen(red, 2), tr("Preemption (hatched: over the pool)")}};
        for (const auto& [pen, name] : lines) {
            lp.setPen(pen);
            lp.drawLine(QPointF(box.left(), y + line / 2.0), QPointF(box.left() + 10, y + line / 2.0));
            lp.setPen(text);
            lp.drawText(QRectF(box.left() + 14, y, box.width() - 14, line), Qt::AlignLeft | Qt::AlignVCenter,
                        fm.elidedText(name, Qt::ElideRight, int(box.width()) - 14));
            y += line;
        }
    };
    if (m_vectorPaint) {
        drawLegend(p, legend);
    } else {
        // the same from one re-plan to the next: drawn once into a picture and copied after
        // (its twenty shaped and elided names were ~2 M instructions a repaint)
        QString key = QStringLiteral("%1x%2@%3:%4:").arg(legend.width()).arg(legend.height()).arg(dpr).arg(dark);
        for (std::size_t c : shown)
            key += QString::number(c) + QLatin1Char(',');
        if (key != m_legendKey) {
            m_legendCache = QImage((legend.size() * dpr).toSize().expandedTo(QSize(1, 1)), QImage::Format_RGB32);
            m_legendCache.setDevicePixelRatio(dpr);
            m_legendCache.fill(palette().color(QPalette::Base));
            QPainter lp(&m_legendCache);
            lp.setFont(font());
            drawLegend(lp, QRectF(QPointF(0, 0), legend.size()));
            m_legendKey = key;
        }
        p.drawImage(legend.topLeft(), m_legendCache);
    }
    // the grid's caption
    const QRectF g = gridRect();
    QString caption;
    if (m_timeline->blockSize > 0)
        caption = tr("KV blocks of %1 tokens, %2 each across the GPU's %3 layers. Each request's blocks in its own shade; red: what the pool cannot hold")
                      .arg(m_timeline->blockSize)
                      .arg(smallBytes(m_timeline->blockBytes))
                      .arg(m_timeline->kvLayers);
    else
        caption = tr("A contiguous KV cache (no blocks): each request's tokens");
    p.setPen(text);
    const QString side = blocksPerCell() > 1 && m_timeline->blockSize > 0
        ? tr("Blocks\n(1 cell = %1)").arg(QLocale().toString(qlonglong(blocksPerCell())))
        : m_timeline->blockSize > 0 ? tr("Blocks") : tr("Requests");
    // In a slide's type the grid is short: the caption's first sentence, or none, rather than
    // words running past the view; the side label without its cell size likewise.
    const QRectF sideBox(0, g.top(), m_labelWidth - 6, g.height());
    const QRectF captionBox(g.right() + 14, g.top(), m_rightMargin - 20, g.height());
    auto fits = [&](const QRectF& box, const QString& s) {
        // the same few texts in the same boxes on every re-plan: wrapped once (three layouts a
        // repaint were 0.6 M instructions)
        const QRect r = box.toAlignedRect();
        const QString key = QString::number(r.width()) + QLatin1Char('x') + QString::number(r.height()) + QLatin1Char('|') + s;
        auto it = m_fits.constFind(key);
        if (it == m_fits.constEnd()) {
            if (m_fits.size() > 64)
                m_fits.clear();
            it = m_fits.insert(key, fm.boundingRect(r, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, s).height() <= box.height());
        }
        return *it;
    };
    if (!fits(captionBox, caption))
        caption = m_timeline->blockSize > 0 ? tr("KV blocks of %1 tokens, %2 each").arg(m_timeline->blockSize).arg(smallBytes(m_timeline->blockBytes)) : QString();
    if (!fits(captionBox, caption))
        caption.clear();
    QString sideText = side;
    if (!fits(sideBox, sideText))
        sideText = sideText.section(QLatin1Char('\n'), 0, 0);
    p.drawText(sideBox, Qt::AlignRight | Qt::AlignTop | Qt::TextWordWrap, sideText);
    p.drawText(captionBox, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, caption);
}

std::vector<double> ServingPicture::valueTicks() const
{
    return DisplayFormat::memoryTicks(m_top, m_unit);
}

void ServingPicture::relayout()
{
    // The value labels' and the legend's columns in the view's font: the window's 76 and 250
    // px, wider in a slide's type (the legend up to 40 % of the width, then elided).
    const QFontMetricsF fm(font());
    double widest = 0;
    for (const double b : valueTicks())
        widest = std::max(widest, fm.horizontalAdvance(DisplayFormat::bytes(b, m_unit, 0)));
    for (const QString& word : {tr("Blocks"), tr("Requests")})
        widest = std::max(widest, fm.horizontalAdvance(word));
    m_labelWidth = std::max(kMinLabelWidth, int(std::ceil(widest)) + 12);
    double names = 0;
    for (const QString& name : {tr("KV pool, not yet used"), tr("KV cache in use"), tr("KV in use"), tr("KV pool reserved"), tr("Capacity"),
                                tr("Preemption (hatched: over the pool)")})
        names = std::max(names, fm.horizontalAdvance(name));
    for (core::Component c : {core::Component::Weights, core::Component::InferenceWorkspace, core::Component::CudaGraphPool, core::Component::CudaContext})
        names = std::max(names, fm.horizontalAdvance(ComponentPalette::componentName(c)));
    m_rightMargin = std::clamp(int(std::ceil(names)) + 14 + 24, kMinRightMargin, std::max(kMinRightMargin, int(width() * 0.4)));
}

std::int64_t ServingPicture::gridUnits() const
{
    const std::int64_t need = m_timeline->blockSize > 0 ? m_timeline->requests * m_timeline->blocksPerRequest : m_timeline->requests;
    return std::max<std::int64_t>(1, std::max(need, m_timeline->reservesPool ? m_timeline->poolBlocks : 0));
}

std::int64_t ServingPicture::blocksPerCell() const
{
    const QRectF g = gridRect().adjusted(0, 0, 0, -2);
    const double cellMin = 5; // px: a cell and its gap
    const std::int64_t fit = std::max<std::int64_t>(1, std::int64_t(std::floor(g.width() / cellMin)) * std::int64_t(std::floor(g.height() / cellMin)));
    return (gridUnits() + fit - 1) / fit;
}

void ServingPicture::paintGrid(QPainter& p, const core::ServingMoment& m, const QPointF& origin)
{
    // The pool's blocks in rows, filled in the order the requests took them: each request in
    // its own shade, the blocks the pool cannot hold in red. With more blocks than cells, each
    // cell stands for several (the detail the pixels allow).
    const QRectF g = gridRect().adjusted(0, 0, 0, -2);
    const bool dark = ComponentPalette::isDark(palette());
    const std::int64_t total = gridUnits();
    const std::int64_t per = blocksPerCell();
    const std::int64_t cells = (total + per - 1) / per;
    // square-ish cells filling the rectangle
    const double side = std::max(2.0, std::floor(std::sqrt(g.width() * g.height() / double(cells))));
    int across = std::max(1, int(g.width() / side));
    const double cw = g.width() / across;
    const double ch = std::min(side, g.height() / std::max<std::int64_t>(1, (cells + across - 1) / across));
    const QColor kv = ComponentPalette::componentColor(core::Component::KvCache, dark);
    const QColor kvAlt = dark ? kv.lighter(140) : kv.darker(125);
    const QColor free = ComponentPalette::componentColor(core::Component::KvCacheReserve, dark).lighter(dark ? 70 : 160);
    const QColor over = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
    const QColor empty = palette().color(QPalette::AlternateBase);
    const std::int64_t usedUnits = m_timeline->blockSize > 0 ? m.usedBlocks : 0;
    const std::int64_t pool = m_timeline->reservesPool ? m_timeline->poolBlocks : total;
    const std::int64_t perRequest = std::max<std::int64_t>(1, m.requestBlocks);
    const double gap = ch >= 4 ? 1 : 0;
    PixelCanvas canvas = m_vectorPaint ? PixelCanvas() : PixelCanvas::of(p);
    const qreal r = canvas.valid() ? canvas.ratio() : 1.0;
    const QRgb kvRgb = kv.rgb(), kvAltRgb = kvAlt.rgb(); // most cells
    for (std::int64_t i = 0; i < cells; ++i) {
        const std::int64_t b = i * per; // first block of the cell
        QColor c;
        if (m_timeline->blockSize <= 0) {
            // contiguous: a cell per request, filled to its context
            c = i < m.runningRequests ? (i % 2 ? kvAlt : kv) : empty;
        } else if (b < usedUnits) {
            c = b >= pool ? over : ((b / perRequest) % 2 ? kvAlt : kv);
        } else {
            c = b < pool ? free : empty;
        }
        const double x = g.left() - origin.x() + double(i % across) * cw, y = g.top() - origin.y() + double(i / across) * ch;
        if (canvas.valid()) // thousands of cells: stores, not fillRect calls (x, y ≥ 0: + 0.5 rounds)
            canvas.fill(int(x * r + 0.5), int(y * r + 0.5), int((x + cw - gap) * r + 0.5), int((y + ch - gap) * r + 0.5),
                        c == kv ? kvRgb : c == kvAlt ? kvAltRgb : c.rgb());
        else
            p.fillRect(QRectF(x, y, cw - gap, ch - gap), c);
    }
}

void ServingPicture::paintCursor(QPainter& p)
{
    const QRectF a = chartRect();
    const double x = xOf(m_cursor);
    const QColor highlight = palette().color(QPalette::Highlight);
    p.setPen(QPen(highlight, 2));
    p.drawLine(QPointF(x, a.top()), QPointF(x, a.bottom()));
    const core::ServingMoment* m = m_timeline->momentAt(m_cursor);
    if (!m)
        return;
    double kvBase = 0;
    for (std::size_t k = 0; k < std::size_t(core::Component::KvCache); ++k)
        kvBase += m->bytes[k];
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setBrush(highlight);
    p.drawEllipse(QPointF(x, yOf(kvBase + m->usedKvBytes)), 4, 4);
    p.setRenderHint(QPainter::Antialiasing, false);
    // The grid changes only when the cursor enters another moment: drawn once per moment into
    // its own picture, a frame of the play blits it (thousands of cells are not redrawn at 60 Hz).
    if (m_vectorPaint) {
        paintGrid(p, *m);
    } else {
        const QPaintDevice* target = p.paintEngine() ? p.paintEngine()->paintDevice() : nullptr;
        p.drawImage(gridRect().toAlignedRect().topLeft(), gridImage(*m, target ? target->devicePixelRatioF() : 1.0));
    }
    // the readout, right-aligned in the title row
    const QString text = cursorText();
    const QFontMetrics fm(font());
    const int w = std::min(fm.horizontalAdvance(text), width() / 2 - 16);
    const QRectF box(width() - w - 14, 2, w + 8, topMargin() - 4);
    p.fillRect(box, palette().color(QPalette::Base));
    p.setPen(m->overPool ? ComponentPalette::levelColor(ComponentPalette::Level::Bad, ComponentPalette::isDark(palette())) : palette().color(QPalette::WindowText));
    p.drawText(box, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, w));
}

