#include "widgets/step/memorytimelinepicture.h"

#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <array>
#include <bitset>
#include <tuple>
#include <vector>
#include <cmath>

#include "widgets/charts/componentpalette.h"
#include "widgets/step/columnruns.h"
#include "widgets/step/pixelcanvas.h"
#include "widgets/step/steppalette.h"

void MemoryTimelinePicture::setStage(int stage)
{
    m_stage = stage;
    if (m_stage >= int(m_timeline->stages.size()))
        m_stage = m_timeline->stages.empty() ? 0 : int(m_timeline->stages.size()) - 1;
    relayout();
}

bool MemoryTimelinePicture::setCapacity(double bytes)
{
    if (bytes == m_capacity)
        return false;
    m_capacity = bytes;
    m_top = std::max(1.0, std::max(m_capacity, m_mostDevice) * 1.08);
    relayout(); // the value axis' labels
    return true;
}

void MemoryTimelinePicture::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    relayout();
}

void MemoryTimelinePicture::timelineChanged()
{
    // once per timeline, not per paint: the axis' top, and the components each stage holds
    // (its legend)
    m_mostDevice = 0;
    m_used.assign(m_timeline->stages.size(), {});
    for (std::size_t s = 0; s < m_timeline->stages.size(); ++s) {
        core::ComponentBytes most{}; // the largest of each component: a loop without branches
        for (const core::TimelinePhase& ph : m_timeline->stages[s].phases) {
            m_mostDevice = std::max(m_mostDevice, ph.deviceBytes);
            for (std::size_t k = 0; k < core::kComponentCount; ++k)
                most[k] = std::max(most[k], ph.bytes[k]);
        }
        for (std::size_t k = 0; k < core::kComponentCount; ++k)
            m_used[s].set(k, most[k] > 0);
    }
    m_top = std::max(1.0, std::max(m_capacity, m_mostDevice) * 1.08);
    if (m_stage >= int(m_timeline->stages.size()))
        m_stage = m_timeline->stages.empty() ? 0 : int(m_timeline->stages.size()) - 1;
}

int MemoryTimelinePicture::rows() const { return m_stage >= 0 ? 1 : std::max(1, int(m_timeline->stages.size())); }

QRectF MemoryTimelinePicture::chartRect(int row) const
{
    const QRect r = plotRect();
    const double h = double(r.height()) / rows();
    const double gap = rows() > 1 ? 6 : 0;
    return QRectF(r.left(), r.top() + row * h + gap / 2, r.width(), h - gap);
}

double MemoryTimelinePicture::yOf(const QRectF& area, double bytes) const { return area.bottom() - bytes / scaleTop() * area.height(); }

double MemoryTimelinePicture::scaleTop() const
{
    // Small multiples are short: scaled to the fullest stage, so each stage's shape shows; the
    // capacity line is drawn only when it is inside that scale.
    return m_stage >= 0 ? m_top : std::max(1.0, m_mostDevice * 1.15);
}

const core::TimelinePhase* MemoryTimelinePicture::phaseAt(const core::StageTimeline& st, double time) const
{
    const auto it = std::upper_bound(st.phases.begin(), st.phases.end(), time,
                                     [](double t, const core::TimelinePhase& ph) { return t < ph.start; });
    if (it == st.phases.begin())
        return st.phases.empty() ? nullptr : &st.phases.front();
    return &*std::prev(it);
}

QString MemoryTimelinePicture::phaseText(const core::TimelinePhase& ph) const
{
    const int j = ph.microBatch + 1;
    const bool chunks = m_timeline->virtualStages > 1;
    QString what;
    switch (ph.kind) {
    case core::PhaseKind::Forward:
        what = ph.moment == core::StepMoment::LossForward ? tr("loss of micro-batch %1").arg(j) : tr("forward of micro-batch %1").arg(j);
        break;
    case core::PhaseKind::Backward:
        what = ph.moment == core::StepMoment::LossBackward ? tr("loss gradient of micro-batch %1").arg(j)
            : m_timeline->schedule == core::PipelineScheduleKind::ZeroBubbleH1 ? tr("input gradient (B) of micro-batch %1").arg(j)
                                                                               : tr("backward of micro-batch %1").arg(j);
        break;
    case core::PhaseKind::WeightGradient: what = tr("weight gradient (W) of micro-batch %1").arg(j); break;
    case core::PhaseKind::Recompute: what = tr("recomputation of micro-batch %1").arg(j); break;
    case core::PhaseKind::Reduce: return tr("gradient reduction");
    case core::PhaseKind::Optimizer: return tr("optimizer step");
    case core::PhaseKind::Idle:
    case core::PhaseKind::Count: return tr("waiting (bubble)");
    }
    if (chunks)
        what += tr(" (chunk %1)").arg(ph.chunk + 1);
    return what;
}

MemoryTimelinePicture::PeakMark MemoryTimelinePicture::peakMark(int stage) const
{
    PeakMark m;
    if (!m_timeline->valid || stage < 0 || stage >= int(m_timeline->stages.size()))
        return m;
    const core::StageTimeline& st = m_timeline->stages[std::size_t(stage)];
    if (st.peakPhase >= st.phases.size())
        return m;
    const core::TimelinePhase& ph = st.phases[st.peakPhase];
    m.valid = true;
    m.time = (ph.start + ph.end) / 2;
    m.bytes = ph.allocatedBytes;
    const QLocale locale;
    const QString inFlight = tr("%1 micro-batches in flight").arg(locale.toString(ph.inFlightMicroBatches, 'g', 3));
    m.label = ph.microBatch >= 0 ? tr("Stage %1, %2: %3").arg(stage).arg(phaseText(ph), inFlight) : tr("Stage %1, %2").arg(stage).arg(phaseText(ph));
    return m;
}

QString MemoryTimelinePicture::cursorText() const
{
    if (!m_timeline->valid || m_timeline->stages.empty())
        return {};
    const int stage = std::max(0, m_stage);
    const core::TimelinePhase* ph = phaseAt(m_timeline->stages[std::size_t(stage)], m_cursor);
    if (!ph)
        return {};
    return readoutText(*ph, m_cursor, stage);
}

QString MemoryTimelinePicture::readoutText(const core::TimelinePhase& phase, double time, int stage) const
{
    const QLocale locale;
    QString t = tr("%1 · stage %2: %3 · allocated %4").arg(timeText(time)).arg(stage).arg(phaseText(phase), DisplayFormat::bytes(phase.allocatedBytes, m_unit));
    if (phase.inFlightMicroBatches > 0)
        t += tr(" · %1 in flight").arg(locale.toString(phase.inFlightMicroBatches, 'g', 3));
    return t;
}

MemoryTimelinePicture::Columns MemoryTimelinePicture::columns(const QRectF& area, const core::StageTimeline& st, qreal dpr) const
{
    // Which phase each device-pixel column shows: the one with the most allocated bytes among
    // those it covers, so a peak narrower than a pixel is never lost. The stack is then drawn
    // column by column: the cost follows the width, not the number of phases (512
    // micro-batches are thousands of phases).
    Columns out;
    const int cols = std::max(1, int(std::lround(area.width() * dpr)));
    out.phase.assign(std::size_t(cols), nullptr);
    const XMap x = xMap();
    for (const core::TimelinePhase& ph : st.phases) {
        const int c0 = std::clamp(int(std::floor((x(ph.start) - area.left()) * dpr)), 0, cols - 1);
        const int c1 = std::clamp(int(std::ceil((x(ph.end) - area.left()) * dpr)), c0 + 1, cols);
        for (int c = c0; c < c1; ++c)
            if (!out.phase[std::size_t(c)] || ph.allocatedBytes > out.phase[std::size_t(c)]->allocatedBytes)
                out.phase[std::size_t(c)] = &ph;
    }
    // The model states at the bottom that are the same in every phase (weights, gradients,
    // optimizer states): one band from the first drawn column to the last, not one per run.
    out.first = 0;
    out.last = cols;
    while (out.first < cols && !out.phase[std::size_t(out.first)])
        ++out.first;
    while (out.last > out.first && !out.phase[std::size_t(out.last - 1)])
        --out.last;
    const auto begin = out.phase.begin() + out.first, end = out.phase.begin() + out.last;
    if (out.first < out.last && std::none_of(begin, end, [](const core::TimelinePhase* ph) { return !ph; })) {
        const core::TimelinePhase* a = out.phase[std::size_t(out.first)];
        for (; out.common < core::kComponentCount; ++out.common) {
            bool same = true;
            for (int c = out.first + 1; c < out.last && same; ++c)
                same = out.phase[std::size_t(c)] == out.phase[std::size_t(c - 1)] || out.phase[std::size_t(c)]->bytes[out.common] == a->bytes[out.common];
            if (!same)
                break;
        }
    }
    return out;
}

void MemoryTimelinePicture::paintStackPixels(PixelCanvas& canvas, const QRectF& area, const Columns& columns, bool large, bool dark) const
{
    // Straight into the cached picture's pixels: a store per pixel instead of a QPainter call
    // per rectangle, and the three step lines without a stroker (README "Performance").
    const qreal dpr = canvas.ratio();
    const int x0 = int(std::lround(area.left() * dpr)), y0 = int(std::lround(area.top() * dpr));
    const int rowsPx = std::max(1, int(std::lround(area.height() * dpr)));
    const int cols = int(columns.phase.size());
    const double perByte = rowsPx / scaleTop();
    auto rowOf = [&](double bytes) { return y0 + int(std::clamp(rowsPx - bytes * perByte, 0.0, double(rowsPx)) + 0.5); };
    std::array<QRgb, core::kComponentCount> colour{};
    for (std::size_t k = 0; k < core::kComponentCount; ++k)
        colour[k] = ComponentPalette::componentColor(core::Component(k), dark).rgb();
    double base = 0;
    if (columns.first < columns.last)
        for (std::size_t k = 0; k < columns.common; ++k) {
            const double b = columns.phase[std::size_t(columns.first)]->bytes[k];
            if (b > 0) {
                canvas.fill(x0 + columns.first, rowOf(base + b), x0 + columns.last, rowOf(base), colour[k]);
                base += b;
            }
        }
    // each run of columns showing the same phase (mostly 1–2 pixels wide), its components above the band
    forEachColumnRun(columns.phase, [&](const core::TimelinePhase& ph, int c, int e) {
        double below = base;
        int bottom = rowOf(base);
        for (std::size_t k = columns.common; k < core::kComponentCount; ++k) {
            const double b = ph.bytes[k];
            if (b <= 0)
                continue;
            below += b;
            const int top = rowOf(below);
            canvas.fill(x0 + c, top, x0 + e, bottom, colour[k]);
            bottom = top;
        }
    });
    // the three levels as step lines, through the same columns
    const QRgb ink = palette().color(QPalette::WindowText).rgb();
    auto level = [&](double core::TimelinePhase::*member, double width, int on, int off) {
        PixelCanvas::Stroke line(canvas, ink, int(std::lround(width * dpr)), on, off);
        const core::TimelinePhase* last = nullptr;
        int lastRow = 0;
        for (int c = 0; c < cols; ++c) {
            const core::TimelinePhase* ph = columns.phase[std::size_t(c)];
            if (!ph || ph == last)
                continue;
            const int row = rowOf(ph->*member);
            if (!last)
                line.moveTo(x0 + c, row);
            else if (row != lastRow) { // the same level: no step (reserved and device are flat)
                line.lineTo(x0 + c, lastRow);
                line.lineTo(x0 + c, row);
            }
            last = ph;
            lastRow = row;
        }
        if (last)
            line.lineTo(x0 + cols, lastRow);
    };
    level(&core::TimelinePhase::deviceBytes, 1, 1, 2);    // Qt::DotLine
    level(&core::TimelinePhase::reservedBytes, 1, 4, 2);  // Qt::DashLine
    level(&core::TimelinePhase::allocatedBytes, large ? 2 : 1, 0, 0);
}

void MemoryTimelinePicture::paintStackShapes(QPainter& p, const QRectF& area, const Columns& columns, qreal dpr, bool large, bool dark) const
{
    // SVG and PDF: rectangles and paths a drawing program can pick apart.
    const int cols = int(columns.phase.size());
    double base = 0;
    if (columns.first < columns.last)
        for (std::size_t k = 0; k < columns.common; ++k) {
            const double b = columns.phase[std::size_t(columns.first)]->bytes[k];
            if (b > 0) {
                const double y0 = yOf(area, base), y1 = yOf(area, base + b);
                if (y0 - y1 >= 0.25)
                    p.fillRect(QRectF(area.left() + columns.first / dpr, y1, (columns.last - columns.first) / dpr, y0 - y1),
                               ComponentPalette::componentColor(core::Component(k), dark));
                base += b;
            }
        }
    forEachColumnRun(columns.phase, [&](const core::TimelinePhase& ph, int c, int e) {
        const double x0 = area.left() + c / dpr, x1 = area.left() + e / dpr;
        double below = base;
        for (std::size_t k = columns.common; k < core::kComponentCount; ++k) {
            const double b = ph.bytes[k];
            if (b <= 0)
                continue;
            const double y0 = yOf(area, below), y1 = yOf(area, below + b);
            below += b;
            if (y0 - y1 >= 0.25)
                p.fillRect(QRectF(x0, y1, x1 - x0, y0 - y1), ComponentPalette::componentColor(core::Component(k), dark));
        }
    });
    auto level = [&](double core::TimelinePhase::*member, const QPen& pen) {
        QPainterPath path;
        const core::TimelinePhase* last = nullptr;
        double lastY = 0;
        for (int c = 0; c < cols; ++c) {
            const core::TimelinePhase* ph = columns.phase[std::size_t(c)];
            if (!ph || ph == last)
                continue;
            const double x = area.left() + c / dpr, y = yOf(area, ph->*member);
            if (last && y == lastY) {
                last = ph;
                continue;
            }
            if (!last)
                path.moveTo(x, y);
            else {
                path.lineTo(x, lastY);
                path.lineTo(x, y);
            }
            last = ph;
            lastY = y;
        }
        if (last)
            path.lineTo(area.right(), lastY);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    };
    const QColor text = palette().color(QPalette::WindowText);
    level(&core::TimelinePhase::deviceBytes, QPen(text, 1, Qt::DotLine));
    level(&core::TimelinePhase::reservedBytes, QPen(text, 1, Qt::DashLine));
    level(&core::TimelinePhase::allocatedBytes, QPen(text, large ? 2 : 1.2));
}

void MemoryTimelinePicture::paintStage(QPainter& p, const QRectF& area, const core::StageTimeline& st, bool large)
{
    const bool dark = isDark();
    PixelCanvas canvas = m_vectorPaint ? PixelCanvas() : PixelCanvas::of(p);
    const qreal dpr = canvas.valid() ? canvas.ratio() : p.device() ? p.device()->devicePixelRatioF() : 1.0;
    const Columns cols = columns(area, st, dpr);
    if (canvas.valid())
        paintStackPixels(canvas, area, cols, large, dark);
    else
        paintStackShapes(p, area, cols, dpr, large, dark);
    drawAxisCut(p, area.top(), area.bottom() + 1); // before the capacity line and the peak's label
    const QColor text = palette().color(QPalette::WindowText);
    const QFontMetrics fm(font());
    // capacity
    if (m_capacity > 0 && m_capacity <= scaleTop()) {
        const QColor red = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
        const double y = yOf(area, m_capacity);
        if (canvas.valid()) { // a long dashed line through Qt's stroker cost ~0.2 M instructions
            PixelCanvas::Stroke line(canvas, red.rgb(), int(std::lround(1.5 * dpr)), 4, 2);
            line.moveTo(int(std::lround(area.left() * dpr)), int(std::lround(y * dpr)));
            line.lineTo(int(std::lround(area.right() * dpr)), int(std::lround(y * dpr)));
        } else {
            p.setPen(QPen(red, 1.5, Qt::DashLine));
            p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        }
        if (large) {
            p.setPen(red);
            // above the line, or under it when the chart's top leaves no room (a slide's type)
            drawShortText(p, QPointF(area.left() + 4, y - 3 - fm.ascent() < area.top() ? y + 3 + fm.ascent() : y - 3),
                          tr("Capacity %1").arg(DisplayFormat::bytes(m_capacity, m_unit)));
        }
    }
    // value axis
    p.setPen(text);
    const QRectF labels(0, area.top(), labelWidth() - 6, area.height());
    if (large) {
        for (const double b : valueTicks()) {
            const double y = yOf(area, b);
            const QString tick = DisplayFormat::bytes(b, m_unit, 0);
            drawShortText(p, QPointF(labels.right() - shortTextWidth(tick), y + (fm.ascent() - fm.descent()) / 2.0), tick);
        }
    } else {
        const QString name = tr("Stage %1").arg(st.stage);
        drawShortText(p, QPointF(labels.right() - shortTextWidth(name), labels.center().y() + (fm.ascent() - fm.descent()) / 2.0), name);
    }
    // the peak
    const PeakMark peak = peakMark(st.stage);
    if (peak.valid) {
        const QPointF at(xOf(peak.time), yOf(area, peak.bytes));
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setBrush(text);
        p.setPen(Qt::NoPen);
        QPolygonF tri;
        tri << at << at + QPointF(-5, -8) << at + QPointF(5, -8);
        p.drawPolygon(tri);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(text);
        QString label = large ? tr("Peak %1 — %2").arg(DisplayFormat::bytes(peak.bytes, m_unit), peak.label)
                                    : DisplayFormat::bytes(peak.bytes, m_unit);
        double w = shortTextWidth(label);
        if (w > area.width()) { // large type on a narrow chart: the end of the phase's words goes
            label = fm.elidedText(label, Qt::ElideRight, int(area.width()));
            w = shortTextWidth(label);
        }
        const double x = std::clamp(at.x() - w / 2.0, area.left(), std::max(area.left(), area.right() - w));
        const double y = std::max(area.top() + fm.ascent(), at.y() - 10);
        QRectF box(x - 3, y - fm.ascent() - 1, w + 6, fm.height() + 2);
        QColor back = palette().color(QPalette::Base);
        back.setAlphaF(0.85);
        p.fillRect(box, back);
        drawShortText(p, QPointF(x, y), label);
    }
    if (large) {
        // legend: the components this stage holds, and the three lines. Its text is the same
        // from one re-plan to the next: drawn once into a picture and copied after (SVG and PDF
        // get the shapes and text).
        const std::bitset<core::kComponentCount> used = st.stage < int(m_used.size()) ? m_used[std::size_t(st.stage)] : std::bitset<core::kComponentCount>();
        const QRectF legend(area.right() + 12, area.top(), m_legendLayout.width, area.height());
        if (m_vectorPaint) {
            paintLegend(p, legend, used);
        } else {
            const QSize size = (legend.size() * dpr).toSize();
            if (m_legend.isNull() || m_legendUsed != used || m_legend.size() != size || m_legendDark != dark) {
                m_legend = QImage(size.expandedTo(QSize(1, 1)), QImage::Format_RGB32);
                m_legend.setDevicePixelRatio(dpr);
                m_legend.fill(palette().color(QPalette::Base));
                QPainter lp(&m_legend);
                lp.setFont(font());
                paintLegend(lp, QRectF(QPointF(0, 0), legend.size()), used);
                m_legendUsed = used;
                m_legendDark = dark;
            }
            p.drawImage(legend.topLeft(), m_legend);
        }
    }
}

QString MemoryTimelinePicture::levelName(int level, bool shortName) const
{
    switch (level) {
    case 0: return shortName ? tr("Allocated") : tr("Allocated (max_memory_allocated)");
    case 1: return shortName ? tr("Reserved") : tr("Reserved (max_memory_reserved)");
    default: return shortName ? tr("Device") : tr("Device (nvidia-smi)");
    }
}

std::vector<double> MemoryTimelinePicture::valueTicks() const
{
    return DisplayFormat::memoryTicks(m_top, m_unit);
}

void MemoryTimelinePicture::relayout()
{
    // What is measured in the view's font: the value labels' column, whether the cursor's
    // readout shares the title's row, and the legend's columns. In the window's type one row
    // and one column hold them; a slide's is two to three times larger.
    const int stages = int(m_timeline->stages.size());
    double widest = shortTextWidth(tr("Stage %1").arg(std::max(0, stages - 1)));
    if (m_stage >= 0)
        for (const double b : valueTicks())
            widest = std::max(widest, shortTextWidth(DisplayFormat::bytes(b, m_unit, 0)));
    m_labelWidth = std::max(76, int(std::ceil(widest)) + 12);
    m_readoutBelow = false;
    if (m_timeline->valid && !m_timeline->stages.empty()) {
        // the widest the readout gets: the step's end, its longest phase names at the last
        // micro-batch and chunk, the fullest phase's bytes and micro-batches in flight
        const int stage = std::clamp(m_stage, 0, stages - 1);
        const core::StageTimeline& st = m_timeline->stages[std::size_t(stage)];
        core::TimelinePhase ph = st.phases.empty() ? core::TimelinePhase{} : st.phases[std::min(st.peakPhase, st.phases.size() - 1)];
        ph.microBatch = std::max(0, m_timeline->microBatches - 1);
        ph.chunk = std::max(0, m_timeline->virtualStages - 1);
        // (the longest of them in characters is measured: shaping one is a sixth of a re-plan's
        // text work)
        QString longest;
        for (const auto& [kind, moment] : {std::pair{core::PhaseKind::Backward, core::StepMoment::LossBackward},
                                           std::pair{core::PhaseKind::WeightGradient, core::StepMoment::LayerBackward},
                                           std::pair{core::PhaseKind::Recompute, core::StepMoment::LayerBackward}}) {
            ph.kind = kind;
            ph.moment = moment;
            const QString text = readoutText(ph, m_timeline->length, stage);
            if (text.size() > longest.size())
                longest = text;
        }
        const QFontMetricsF fm(font());
        m_readoutBelow = shortTextWidth(titleText()) + 32 + fm.horizontalAdvance(longest) * 1.05 > width() - 16;
    }
    const LegendLayout legend = layoutLegend();
    if (!(legend == m_legendLayout)) {
        m_legendLayout = legend;
        m_legend = QImage(); // drawn again in the new columns
    }
}

MemoryTimelinePicture::LegendLayout MemoryTimelinePicture::layoutLegend() const
{
    // Components top first, then the three levels: one column under each other when they fit
    // (half a line between the two lists), else as many columns as the chart's height needs;
    // the levels' long names (the PyTorch counters) when the columns fit in 40 % of the width,
    // else their short ones, else the names are elided.
    LegendLayout l;
    if (m_stage < 0)
        return l;
    const std::bitset<core::kComponentCount> used = m_stage < int(m_used.size()) ? m_used[std::size_t(m_stage)] : std::bitset<core::kComponentCount>();
    // the entries' text widths in slot order: components top first, the gap, the levels
    std::vector<double> components;
    for (std::size_t c = core::kComponentCount; c-- > 0;)
        if (used.test(c))
            components.push_back(shortTextWidth(ComponentPalette::componentName(core::Component(c))));
    const int n = int(components.size());
    const double line = lineHeight() + 2;
    const double height = std::max(line, double(this->height() - topMargin() - bottomMargin()));
    if ((n + 3.5) * line <= height) {
        l.columns = 1;
        l.perColumn = n + 4;
        l.levelSlot = n;
    } else {
        // a whole empty slot between the lists, and the three levels together in one column
        l.halfGap = false;
        l.perColumn = std::max(3, int(height / line));
        l.levelSlot = n + 1;
        // in the components' last column if they fit there, else at the top of the next
        if (l.levelSlot % l.perColumn + 3 > l.perColumn || (l.levelSlot / l.perColumn) * l.perColumn >= n)
            l.levelSlot = ((n + l.perColumn - 1) / l.perColumn) * l.perColumn;
        l.columns = (l.levelSlot + 3 + l.perColumn - 1) / l.perColumn;
    }
    // Each column as wide as its widest name (a column of short names leaves room to the next)
    const double cap = std::max(224.0, width() * 0.4);
    constexpr double swatch = 14, gap = 12;
    auto widths = [&](bool shortNames) {
        std::vector<double> w(std::size_t(l.columns), 0);
        for (int i = 0; i < n; ++i)
            w[std::size_t(i / l.perColumn)] = std::max(w[std::size_t(i / l.perColumn)], components[std::size_t(i)]);
        for (int i = 0; i < 3; ++i) {
            const int slot = l.levelSlot + i;
            const std::size_t column = std::size_t(std::min(l.columns - 1, slot / l.perColumn));
            w[column] = std::max(w[column], shortTextWidth(levelName(i, shortNames)));
        }
        double total = -gap;
        for (double& x : w)
            total += x = swatch + x + 4 + gap;
        return std::pair{w, total};
    };
    auto [w, total] = widths(false);
    if (total > cap) {
        l.shortLevels = true;
        std::tie(w, total) = widths(true);
    }
    if (total > cap) // the names are elided, each column in proportion
        for (double& x : w)
            x *= (cap + gap) / (total + gap);
    l.columnWidths = w;
    l.width = int(std::ceil(std::min(total, cap)));
    return l;
}

void MemoryTimelinePicture::paintLegend(QPainter& p, const QRectF& legend, const std::bitset<core::kComponentCount>& used) const
{
    const bool dark = isDark();
    const QColor text = palette().color(QPalette::WindowText);
    const QFontMetrics fm(font());
    const LegendLayout& l = m_legendLayout;
    const double line = fm.height() + 2;
    int slot = 0;
    double halfGap = 0; // one column: half a line between the components and the levels
    auto column = [&](int index) { return std::min(int(l.columnWidths.size()) - 1, index / l.perColumn); };
    auto at = [&](int index) {
        double x = legend.left();
        for (int c = 0; c < column(index); ++c)
            x += l.columnWidths[std::size_t(c)];
        return QPointF(x, legend.top() + (index % l.perColumn) * line + halfGap);
    };
    auto name = [&](int index, const QString& s) {
        const QPointF topLeft = at(index);
        const double room = l.columnWidths[std::size_t(column(index))] - 14 - 12; // the name's room in its column
        p.setPen(text);
        p.drawText(QRectF(topLeft.x() + 14, topLeft.y(), room + 12, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.horizontalAdvance(s) <= room + 1 ? s : fm.elidedText(s, Qt::ElideRight, int(room)));
    };
    for (std::size_t c = core::kComponentCount; c-- > 0;) {
        if (!used.test(c))
            continue;
        const QPointF xy = at(slot);
        p.fillRect(QRectF(xy.x(), xy.y() + 3, 10, line - 6), ComponentPalette::componentColor(core::Component(c), dark));
        name(slot++, ComponentPalette::componentName(core::Component(c)));
    }
    if (l.halfGap)
        halfGap = line / 2;
    slot = l.levelSlot;
    const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    for (int i = 0; i < 3; ++i) {
        const QPointF xy = at(slot);
        p.setPen(QPen(text, i == 0 ? 2 : 1, styles[i]));
        p.drawLine(QPointF(xy.x(), xy.y() + line / 2.0), QPointF(xy.x() + 10, xy.y() + line / 2.0));
        name(slot++, levelName(i, l.shortLevels));
    }
}

QString MemoryTimelinePicture::titleText() const
{
    return m_stage >= 0 ? tr("Memory of stage %1 through one step").arg(m_stage) : tr("Memory of every stage through one step");
}

void MemoryTimelinePicture::paintStatic(QPainter& p)
{
    p.setPen(palette().color(QPalette::WindowText));
    if (!m_timeline->valid) {
        p.drawText(rect().adjusted(12, 0, -12, 0), Qt::AlignCenter | Qt::TextWordWrap,
                   m_emptyText.isEmpty() ? tr("The memory timeline shows training steps.") : m_emptyText);
        return;
    }
    drawTitle(p, QRect(8, 2, width() - 16, rowHeight() - 4), titleText());
    for (int row = 0; row < rows(); ++row) {
        const int s = stageOfRow(row);
        if (s < int(m_timeline->stages.size()))
            paintStage(p, chartRect(row), m_timeline->stages[std::size_t(s)], m_stage >= 0);
    }
    drawTimeAxis(p);
    drawAxisBreak(p);
}

void MemoryTimelinePicture::paintCursor(QPainter& p)
{
    const QRect r = plotRect();
    const double x = xOf(m_cursor);
    p.setPen(QPen(palette().color(QPalette::Highlight), 2));
    p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
    // a dot on each drawn stage's allocated line
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setBrush(palette().color(QPalette::Highlight));
    for (int row = 0; row < rows(); ++row) {
        const int s = stageOfRow(row);
        if (s >= int(m_timeline->stages.size()))
            continue;
        const core::TimelinePhase* ph = phaseAt(m_timeline->stages[std::size_t(s)], m_cursor);
        if (ph)
            p.drawEllipse(QPointF(x, yOf(chartRect(row), ph->allocatedBytes)), 4, 4);
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    // the readout, right-aligned in the title row, or on a row of its own under the title
    const QString text = cursorText();
    const QFontMetrics fm(font());
    const int w = fm.horizontalAdvance(text);
    const QRectF box = m_readoutBelow ? QRectF(4, rowHeight(), w + 8, rowHeight() - 4) : QRectF(width() - w - 14, 2, w + 8, rowHeight() - 4);
    p.fillRect(box, palette().color(QPalette::Base));
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(box, Qt::AlignCenter, text);
}
