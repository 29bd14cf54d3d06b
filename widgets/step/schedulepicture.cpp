#include "widgets/step/schedulepicture.h"

#include <QLocale>
#include <QPainter>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>
#include <vector>
#include <cmath>

#include "widgets/displayformat.h"
#include "widgets/step/pixelcanvas.h"
#include "widgets/step/steppalette.h"

namespace {

constexpr int kMaxBlocksForSends = 800;

} // namespace

QSize SchedulePicture::sizeHint() const
{
    return QSize(900, topMargin() + bottomMargin() + 10 + 34 * std::max<int>(2, int(m_timeline->stages.size())));
}
QSize SchedulePicture::minimumSizeHint() const
{
    return QSize(320, topMargin() + bottomMargin() + 10 + std::max(14, lineHeight()) * std::max<int>(2, int(m_timeline->stages.size())));
}

void SchedulePicture::setFormulaBubble(double fraction)
{
    m_formula = fraction;
    updateTitle();
}

bool SchedulePicture::setSelectedStage(int stage)
{
    if (stage == m_selected)
        return false;
    m_selected = stage;
    return true;
}

void SchedulePicture::retranslate()
{
    m_legend = QImage(); // its names
    updateTitle();
}

void SchedulePicture::relayout()
{
    const int p = std::max<int>(1, int(m_timeline->stages.size()));
    m_labelWidth = std::max(76, int(std::ceil(shortTextWidth(tr("Stage %1").arg(p - 1)))) + 10);
    splitTitle(m_titleLegendWidth);
}

void SchedulePicture::splitTitle(int legendWidth)
{
    m_titleLegendWidth = legendWidth;
    const double room = width() - 16 - legendWidth;
    m_titleRows = QStringList{m_title};
    const bool fits = !m_timeline->valid || shortTextWidth(m_title) <= room;
    // Two rows, broken after the last "; " or " · " whose first part fits (the formula, or the
    // bubble, goes to the second row); the second row has the whole width. None fits: one row,
    // elided.
    const QFontMetricsF fm(font());
    for (qsizetype at = fits ? 0 : m_title.size(); at > 0;) {
        const qsizetype semicolon = m_title.lastIndexOf(QStringLiteral("; "), at - 1);
        const qsizetype dot = m_title.lastIndexOf(QStringLiteral(" · "), at - 1);
        const qsizetype cut = std::max(semicolon, dot);
        if (cut <= 0)
            break;
        const QString first = cut == semicolon ? m_title.left(cut + 1) : m_title.left(cut);
        if (fm.horizontalAdvance(first) <= room) {
            m_titleRows = QStringList{first, m_title.mid(cut + (cut == semicolon ? 2 : 3))};
            break;
        }
        at = cut;
    }
    // A legend wider than half the view (English at 1280 px: it was left out, the Chinese one
    // fitted, issue 31) gets a row of its own under the title instead, when the view is wide enough.
    int legendTotal = 0;
    legendItems(legendTotal);
    m_legendOwnRow = m_timeline->valid && legendTotal > width() / 2 && legendTotal <= width() - 16;
    const int rows = int(m_titleRows.size()) + (m_legendOwnRow ? 1 : 0);
    if (rows != m_rowsWanted) {
        m_rowsWanted = rows;
        updateGeometry();
    }
}

void SchedulePicture::updateTitle()
{
    if (!m_timeline->valid) {
        m_title = m_emptyText.isEmpty() ? tr("Pipeline schedule: training steps only") : m_emptyText;
        m_titleRows = QStringList{m_title};
        return;
    }
    const int p = int(m_timeline->stages.size());
    QString t = tr("%1 · stages p = %2").arg(StepPalette::scheduleName(m_timeline->schedule)).arg(p);
    if (m_timeline->virtualStages > 1)
        t += tr(" · chunks per stage v = %1").arg(m_timeline->virtualStages);
    t += tr(" · micro-batches m = %1").arg(m_timeline->microBatches);
    if (const core::TimelineCut& cut = axisCut(); cut.valid)
        //: %1–%2 = the micro-batches (1-based) whose steady state the picture leaves out, %3 = its time
        t += tr(" (%1–%2 not drawn: steady state, %3)").arg(cut.firstMicroBatch + 1).arg(cut.lastMicroBatch + 1).arg(timeText(cut.length()));
    t += tr(" · bubble %1 of the compute (read off the blocks)").arg(DisplayFormat::percent(m_drawnBubble));
    // Two figures side by side said nothing of why they differ (issue 31): the formula's stages
    // and passes are all equally long; the blocks have this step's own durations (the first and
    // last stages' embedding and loss, backward ≠ 2 × forward with recomputation, the optimizer).
    if (m_formula >= 0 && m_timeline->schedule == core::PipelineScheduleKind::ZeroBubbleH1)
        //: Qi et al. 2024 (Zero Bubble Pipeline Parallelism), with equal forward, B and W passes
        t += tr("; (p − 1)/(3m + p − 1) = %1 if every pass took as long (Qi et al. 2024, T_F = T_B = T_W)").arg(DisplayFormat::percent(m_formula));
    else if (m_formula >= 0)
        //: the textbook bubble against the one read off the blocks, which have the step's own stage and pass durations
        t += tr("; (p − 1)/(v·m + p − 1) = %1 if every stage and pass took as long").arg(DisplayFormat::percent(m_formula));
    m_title = t;
    splitTitle(m_titleLegendWidth);
}

void SchedulePicture::timelineChanged()
{
    // The sends: a forward waits for the previous stage's forward of the same micro-batch and
    // chunk (the last stage's previous chunk on stage 0), a backward for the next stage's.
    m_sends.clear();
    m_drawnBubble = m_timeline->bubbleFraction(); // once per timeline: the title is rebuilt more often
    const int p = int(m_timeline->stages.size());
    std::size_t phases = 0;
    for (const core::StageTimeline& st : m_timeline->stages)
        phases += st.phases.size();
    using Key = std::tuple<int, int, int, int>; // stage, forward?, micro-batch, chunk
    std::map<Key, std::pair<double, double>> ops;   // first start, last end
    for (const core::StageTimeline& st : m_timeline->stages)
        for (const core::TimelinePhase& ph : st.phases) {
            // not drawn: not computed; a W sends nothing and waits for its own B only
            if (ph.microBatch < 0 || ph.kind == core::PhaseKind::WeightGradient || phases > std::size_t(kMaxBlocksForSends))
                continue;
            const Key k{st.stage, ph.kind == core::PhaseKind::Forward, ph.microBatch, ph.chunk};
            auto [it, fresh] = ops.try_emplace(k, ph.start, ph.end);
            if (!fresh)
                it->second.second = std::max(it->second.second, ph.end);
        }
    const int v = std::max(1, m_timeline->virtualStages);
    for (const auto& [k, span] : ops) {
        const auto [stage, forward, j, c] = k;
        int from = -1, fromChunk = c;
        if (forward) {
            if (stage > 0)
                from = stage - 1;
            else if (c > 0)
                from = p - 1, fromChunk = c - 1;
        } else {
            if (stage < p - 1)
                from = stage + 1;
            else if (c < v - 1)
                from = 0, fromChunk = c + 1;
        }
        if (from < 0)
            continue;
        const auto src = ops.find(Key{from, forward, j, fromChunk});
        if (src != ops.end())
            m_sends.push_back(Send{from, src->second.second, stage, span.first});
    }
    updateTitle();
    if (int(m_timeline->stages.size()) != m_rows) {
        m_rows = int(m_timeline->stages.size());
        updateGeometry(); // the size hint follows the number of stages
    }
}

QRectF SchedulePicture::rowRect(int stage) const
{
    const QRect r = plotRect();
    const int p = std::max<int>(1, int(m_timeline->stages.size()));
    const double h = double(r.height()) / p;
    return QRectF(r.left(), r.top() + stage * h, r.width(), h);
}

void SchedulePicture::paintStatic(QPainter& p)
{
    const bool dark = isDark();
    const QFontMetrics fm(font());
    const int legendWidth = m_timeline->valid ? paintLegend(p) : 0;
    if (legendWidth != m_titleLegendWidth) // the rows were split for another legend: once more
        splitTitle(legendWidth);
    p.setPen(palette().color(QPalette::WindowText));
    for (qsizetype i = 0; i < m_titleRows.size(); ++i)
        drawTitle(p, QRect(8, 2 + int(i) * rowHeight(), width() - 16 - (i == 0 ? legendWidth : 0), rowHeight() - 4), m_titleRows[i]);
    if (!m_timeline->valid)
        return;
    std::size_t blocks = 0;
    const XMap x = xMap();
    PixelCanvas canvas = m_vectorPaint ? PixelCanvas() : PixelCanvas::of(p); // the cached picture's pixels
    QBrush bubble(palette().color(QPalette::Mid), Qt::BDiagPattern);
    for (const core::StageTimeline& st : m_timeline->stages) {
        const QRectF row = rowRect(st.stage);
        const QRectF bar = row.adjusted(0, row.height() * 0.12, 0, -row.height() * 0.12);
        if (st.stage == m_selected)
            p.fillRect(row, palette().color(QPalette::AlternateBase));
        p.setPen(palette().color(QPalette::WindowText));
        const QString name = tr("Stage %1").arg(st.stage);
        drawShortText(p, QPointF(labelWidth() - 4 - shortTextWidth(name), row.center().y() + (fm.ascent() - fm.descent()) / 2.0), name);
        const qreal dpr = canvas.valid() ? canvas.ratio() : p.device() ? p.device()->devicePixelRatioF() : 1.0;
        const int cols = std::max(1, int(std::lround(bar.width() * dpr)));
        if (phasesDrawn(st) * 4 > std::size_t(cols) && canvas.valid()) {
            // Dense: hundreds of micro-batches are thousands of blocks narrower than a pixel.
            // Each device-pixel column takes the colour of the block at its middle, written
            // into the cached picture row by row: the cost follows the width, not the blocks.
            // Phase by phase, the columns whose middle falls inside it: [start, end) maps to the
            // columns c with start <= t(c + 0.5) < end.
            blocks += st.phases.size();
            const int h = std::max(1, int(std::lround(bar.height() * dpr)));
            std::vector<QRgb> line(std::size_t(cols), palette().color(QPalette::Base).rgb());
            std::array<std::array<QRgb, 2>, core::kPhaseKindCount> colours{}; // kind × odd chunk
            for (std::size_t k = 0; k < core::kPhaseKindCount; ++k) {
                const core::PhaseKind kind = core::PhaseKind(k);
                const QColor col = kind == core::PhaseKind::Idle ? palette().color(QPalette::Midlight) : StepPalette::phaseColor(kind, dark);
                colours[k] = {col.rgb(), kind == core::PhaseKind::Idle ? col.rgb() : col.lighter(135).rgb()};
            }
            auto columnOf = [&](double t) { return std::clamp(int(std::ceil((x(t) - bar.left()) * dpr - 0.5)), 0, cols); };
            for (std::size_t k = 0; k < st.phases.size(); ++k) {
                const core::TimelinePhase& ph = st.phases[k];
                const int c0 = k == 0 ? 0 : columnOf(ph.start);
                const int c1 = k + 1 == st.phases.size() ? cols : columnOf(ph.end);
                if (c1 > c0)
                    std::fill(line.begin() + c0, line.begin() + c1, colours[std::size_t(ph.kind)][ph.chunk % 2 == 1 ? 1 : 0]);
            }
            const int x0 = int(std::lround(bar.left() * dpr)), y0 = int(std::lround(bar.top() * dpr));
            canvas.copyRows(x0, y0, y0 + h, line.data(), cols);
            drawAxisCut(p, row.top(), row.bottom());
            continue;
        }
        // A block inside a pixel already painted is skipped: at most one fill per pixel column.
        double painted = -1;
        for (const core::TimelinePhase& ph : st.phases) {
            ++blocks;
            double x0 = x(ph.start);
            const double x1 = x(ph.end);
            if (x1 <= painted)
                continue;
            const bool narrow = x1 - x0 < 3;
            if (narrow) {
                x0 = std::max(x0, painted);
                painted = std::floor(x0) + 1;
            } else {
                painted = x1;
            }
            const QRectF box(x0, bar.top(), std::max(1.0, x1 - x0), bar.height());
            if (ph.kind == core::PhaseKind::Idle) {
                p.fillRect(box, narrow ? QBrush(palette().color(QPalette::Midlight)) : bubble);
                continue;
            }
            QColor c = StepPalette::phaseColor(ph.kind, dark);
            if (ph.chunk % 2 == 1)
                c = c.lighter(135); // the second, fourth, … model chunk of an interleaved rank
            if (ph.moment == core::StepMoment::LossForward || ph.moment == core::StepMoment::LossBackward)
                c = c.darker(125);
            p.fillRect(box, c);
            if (narrow)
                continue;
            p.setPen(palette().color(QPalette::Base));
            p.drawLine(QPointF(x0, bar.top()), QPointF(x0, bar.bottom()));
            if (ph.microBatch >= 0
                && (ph.kind == core::PhaseKind::Forward || ph.kind == core::PhaseKind::Backward || ph.kind == core::PhaseKind::WeightGradient)
                && ph.moment != core::StepMoment::LossForward && ph.moment != core::StepMoment::LossBackward) {
                const QString label = m_timeline->virtualStages > 1 ? QStringLiteral("%1.%2").arg(ph.microBatch + 1).arg(ph.chunk + 1)
                                                                   : QString::number(ph.microBatch + 1);
                const double w = shortTextWidth(label);
                if (w + 2 < box.width()) {
                    p.setPen(Qt::white);
                    drawShortText(p, QPointF(box.center().x() - w / 2, box.center().y() + (fm.ascent() - fm.descent()) / 2.0), label);
                }
            }
        }
        drawAxisCut(p, row.top(), row.bottom());
    }
    if (m_sendsVisible && blocks <= std::size_t(kMaxBlocksForSends)) {
        QColor line = palette().color(QPalette::WindowText);
        line.setAlphaF(0.6);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(QPen(line, 1));
        for (const Send& s : m_sends) {
            const QRectF a = rowRect(s.fromStage), b = rowRect(s.toStage);
            const bool down = s.toStage > s.fromStage;
            p.drawLine(QPointF(xOf(s.fromTime), down ? a.bottom() - a.height() * 0.12 : a.top() + a.height() * 0.12),
                       QPointF(xOf(s.toTime), down ? b.top() + b.height() * 0.12 : b.bottom() - b.height() * 0.12));
        }
        p.setRenderHint(QPainter::Antialiasing, false);
    }
    drawTimeAxis(p);
    drawAxisBreak(p);
}

std::vector<std::pair<core::PhaseKind, QString>> SchedulePicture::legendItems(int& total) const
{
    // The kinds of block this step has (ZB-H1's backward is two blocks, B and W), and the width
    // their swatches and names take in the view's font.
    unsigned present = 0;
    for (const core::StageTimeline& st : m_timeline->stages)
        for (const core::TimelinePhase& ph : st.phases)
            present |= 1u << unsigned(ph.kind);
    const bool split = m_timeline->schedule == core::PipelineScheduleKind::ZeroBubbleH1;
    const core::PhaseKind order[] = {core::PhaseKind::Forward, core::PhaseKind::Backward, core::PhaseKind::WeightGradient,
                                     core::PhaseKind::Recompute, core::PhaseKind::Reduce, core::PhaseKind::Optimizer,
                                     core::PhaseKind::Idle};
    const QFontMetrics fm(font());
    const int swatch = fm.height() - 6, gap = 10;
    std::vector<std::pair<core::PhaseKind, QString>> items;
    total = 0;
    for (core::PhaseKind k : order) {
        if (!(present & (1u << unsigned(k))))
            continue;
        QString name = split && k == core::PhaseKind::Backward ? tr("Input gradient (B)") : StepPalette::phaseName(k);
        total += swatch + 4 + fm.horizontalAdvance(name) + gap;
        items.emplace_back(k, std::move(name));
    }
    return items;
}

int SchedulePicture::paintLegend(QPainter& p)
{
    // What the colours mean, right-aligned in the title row (or in a row of its own under the
    // title, splitTitle()). The same from one re-plan to the next: drawn once into a picture
    // (SVG and PDF get shapes and text).
    unsigned present = 0;
    for (const core::StageTimeline& st : m_timeline->stages)
        for (const core::TimelinePhase& ph : st.phases)
            present |= 1u << unsigned(ph.kind);
    const bool split = m_timeline->schedule == core::PipelineScheduleKind::ZeroBubbleH1;
    const bool dark = isDark();
    const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    const int room = m_legendOwnRow ? width() - 16 : width() / 2;
    if (m_vectorPaint || m_legend.isNull() || m_legendKinds != present || m_legendSplit != split || m_legendDark != dark
        || m_legendRoom != room || m_legend.devicePixelRatio() != dpr) {
        const QFontMetrics fm(font());
        const int swatch = fm.height() - 6, gap = 10;
        int total = 0;
        const std::vector<std::pair<core::PhaseKind, QString>> items = legendItems(total);
        m_legendKinds = present;
        m_legendSplit = split;
        m_legendDark = dark;
        m_legendRoom = room;
        if (items.empty() || total > m_legendRoom) { // a narrow view keeps its title
            m_legend = QImage(1, 1, QImage::Format_RGB32);
            m_legendWidth = 0;
            return 0;
        }
        const int h = rowHeight() - 4;
        auto draw = [&](QPainter& lp, int x0, int y0) {
            int x = x0;
            const int y = y0 + (h - swatch) / 2;
            for (const auto& [k, name] : items) {
                const QRect box(x, y, swatch, swatch);
                if (k == core::PhaseKind::Idle) {
                    lp.fillRect(box, palette().color(QPalette::Midlight));
                    lp.fillRect(box, QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
                } else {
                    lp.fillRect(box, StepPalette::phaseColor(k, dark));
                }
                lp.setPen(palette().color(QPalette::WindowText));
                x += swatch + 4;
                lp.drawText(QRect(x, y0, fm.horizontalAdvance(name) + 2, h), Qt::AlignLeft | Qt::AlignVCenter, name);
                x += fm.horizontalAdvance(name) + gap;
            }
        };
        const int left = width() - rightMargin() - total + gap;
        m_legendWidth = total + 8;
        if (m_vectorPaint) {
            draw(p, left, legendTop());
            return m_legendOwnRow ? 0 : m_legendWidth;
        }
        m_legend = QImage((QSizeF(total, h) * dpr).toSize(), QImage::Format_RGB32);
        m_legend.setDevicePixelRatio(dpr);
        m_legend.fill(palette().color(QPalette::Base));
        QPainter lp(&m_legend);
        lp.setFont(font());
        draw(lp, 0, 0);
    }
    if (m_legendWidth > 0)
        p.drawImage(QPointF(width() - rightMargin() - m_legendWidth + 8 + 10, legendTop()), m_legend);
    return m_legendOwnRow ? 0 : m_legendWidth; // in a row of its own it leaves the title its width
}

int SchedulePicture::legendTop() const
{
    return m_legendOwnRow ? 2 + int(m_titleRows.size()) * rowHeight() : 2;
}

void SchedulePicture::paintCursor(QPainter& p)
{
    const QRect r = plotRect();
    const double x = xOf(m_cursor);
    QColor c = palette().color(QPalette::Highlight);
    p.setPen(QPen(c, 2));
    p.drawLine(QPointF(x, r.top() - 4), QPointF(x, r.bottom()));
    // outline each stage's block under the cursor
    p.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
    p.setBrush(Qt::NoBrush);
    for (const core::StageTimeline& st : m_timeline->stages) {
        const auto it = std::upper_bound(st.phases.begin(), st.phases.end(), m_cursor,
                                         [](double t, const core::TimelinePhase& ph) { return t < ph.start; });
        if (it == st.phases.begin())
            continue;
        const core::TimelinePhase& ph = *std::prev(it);
        if (ph.kind == core::PhaseKind::Idle || m_cursor > ph.end)
            continue;
        const QRectF row = rowRect(st.stage);
        p.drawRect(QRectF(xOf(ph.start), row.top() + row.height() * 0.12, std::max(1.0, xOf(ph.end) - xOf(ph.start)), row.height() * 0.76));
    }
}

int SchedulePicture::stageAt(double y) const
{
    if (!m_timeline->valid)
        return -1;
    const QRect r = plotRect();
    const int p = int(m_timeline->stages.size());
    const int stage = int(std::floor((y - r.top()) / std::max(1.0, double(r.height()) / std::max(1, p))));
    return stage >= 0 && stage < p ? stage : -1;
}
