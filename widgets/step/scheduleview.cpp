#include "widgets/step/scheduleview.h"

#include <QImage>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <map>
#include <tuple>
#include <vector>
#include <cmath>

#include "widgets/displayformat.h"
#include "widgets/step/steppalette.h"

namespace {

constexpr int kMaxBlocksForSends = 800;

} // namespace

ScheduleView::ScheduleView(QWidget* parent) : StepTimelineWidget(parent)
{
    setObjectName(QStringLiteral("ScheduleView"));
}

QSize ScheduleView::sizeHint() const { return QSize(900, 60 + 34 * std::max<int>(2, int(m_timeline.stages.size()))); }
QSize ScheduleView::minimumSizeHint() const { return QSize(320, 60 + 14 * std::max<int>(2, int(m_timeline.stages.size()))); }

void ScheduleView::setFormulaBubble(double fraction)
{
    m_formula = fraction;
    updateTitle();
    invalidate();
}

void ScheduleView::setSelectedStage(int stage)
{
    if (stage == m_selected)
        return;
    m_selected = stage;
    invalidate();
}

void ScheduleView::setSendsVisible(bool visible)
{
    m_sendsVisible = visible;
    invalidate();
}

void ScheduleView::retranslateUi() { updateTitle(); }

void ScheduleView::updateTitle()
{
    if (!m_timeline.valid) {
        m_title = m_emptyText.isEmpty() ? tr("Pipeline schedule: training steps only") : m_emptyText;
        return;
    }
    const int p = int(m_timeline.stages.size());
    QString t = tr("%1 · stages p = %2").arg(StepPalette::scheduleName(m_timeline.schedule)).arg(p);
    if (m_timeline.virtualStages > 1)
        t += tr(" · chunks per stage v = %1").arg(m_timeline.virtualStages);
    t += tr(" · micro-batches m = %1").arg(m_timeline.microBatches);
    t += tr(" · bubble %1 of the compute (read off the blocks)").arg(DisplayFormat::percent(m_timeline.bubbleFraction()));
    if (m_formula >= 0)
        t += tr("; (p − 1)/(v·m + p − 1) = %1").arg(DisplayFormat::percent(m_formula));
    m_title = t;
}

void ScheduleView::timelineChanged()
{
    // The sends: a forward waits for the previous stage's forward of the same micro-batch and
    // chunk (the last stage's previous chunk on stage 0), a backward for the next stage's.
    m_sends.clear();
    const int p = int(m_timeline.stages.size());
    std::size_t phases = 0;
    for (const core::StageTimeline& st : m_timeline.stages)
        phases += st.phases.size();
    using Key = std::tuple<int, int, int, int>; // stage, forward?, micro-batch, chunk
    std::map<Key, std::pair<double, double>> ops;   // first start, last end
    for (const core::StageTimeline& st : m_timeline.stages)
        for (const core::TimelinePhase& ph : st.phases) {
            if (ph.microBatch < 0 || phases > std::size_t(kMaxBlocksForSends)) // not drawn: not computed
                continue;
            const Key k{st.stage, ph.kind == core::PhaseKind::Forward, ph.microBatch, ph.chunk};
            auto [it, fresh] = ops.try_emplace(k, ph.start, ph.end);
            if (!fresh)
                it->second.second = std::max(it->second.second, ph.end);
        }
    const int v = std::max(1, m_timeline.virtualStages);
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
    if (int(m_timeline.stages.size()) != m_rows) {
        m_rows = int(m_timeline.stages.size());
        updateGeometry(); // the size hint follows the number of stages
    }
}

QRectF ScheduleView::rowRect(int stage) const
{
    const QRect r = plotRect();
    const int p = std::max<int>(1, int(m_timeline.stages.size()));
    const double h = double(r.height()) / p;
    return QRectF(r.left(), r.top() + stage * h, r.width(), h);
}

void ScheduleView::paintStatic(QPainter& p)
{
    const bool dark = isDark();
    const QFontMetrics fm(font());
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRect(8, 2, width() - 16, topMargin() - 4), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(m_title, Qt::ElideRight, width() - 16));
    if (!m_timeline.valid)
        return;
    std::size_t blocks = 0;
    QBrush bubble(palette().color(QPalette::Mid), Qt::BDiagPattern);
    for (const core::StageTimeline& st : m_timeline.stages) {
        const QRectF row = rowRect(st.stage);
        const QRectF bar = row.adjusted(0, row.height() * 0.12, 0, -row.height() * 0.12);
        if (st.stage == m_selected)
            p.fillRect(row, palette().color(QPalette::AlternateBase));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(4, row.top(), labelWidth() - 8, row.height()), Qt::AlignRight | Qt::AlignVCenter, tr("Stage %1").arg(st.stage));
        const qreal dpr = p.device() ? p.device()->devicePixelRatioF() : 1.0;
        const int cols = std::max(1, int(std::lround(bar.width() * dpr)));
        if (st.phases.size() * 4 > std::size_t(cols) && !m_vectorPaint) {
            // Dense: hundreds of micro-batches are thousands of blocks narrower than a pixel.
            // Each device-pixel column takes the colour of the block at its middle, written
            // into an image row by row: the cost follows the width, not the blocks.
            blocks += st.phases.size();
            const int h = std::max(1, int(std::lround(bar.height() * dpr)));
            std::vector<QRgb> line(std::size_t(cols), palette().color(QPalette::Base).rgb());
            std::size_t k = 0;
            for (int c = 0; c < cols; ++c) {
                const double t = timeAt(bar.left() + (c + 0.5) / dpr);
                while (k + 1 < st.phases.size() && st.phases[k].end <= t)
                    ++k;
                const core::TimelinePhase& ph = st.phases[k];
                QColor col = ph.kind == core::PhaseKind::Idle ? palette().color(QPalette::Midlight) : StepPalette::phaseColor(ph.kind, dark);
                if (ph.kind != core::PhaseKind::Idle && ph.chunk % 2 == 1)
                    col = col.lighter(135);
                line[std::size_t(c)] = col.rgb();
            }
            QImage image(cols, h, QImage::Format_RGB32);
            for (int y = 0; y < h; ++y)
                std::copy(line.begin(), line.end(), reinterpret_cast<QRgb*>(image.scanLine(y)));
            image.setDevicePixelRatio(dpr);
            p.drawImage(bar.topLeft(), image);
            continue;
        }
        // A block inside a pixel already painted is skipped: at most one fill per pixel column.
        double painted = -1;
        for (const core::TimelinePhase& ph : st.phases) {
            ++blocks;
            double x0 = xOf(ph.start);
            const double x1 = xOf(ph.end);
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
            if (ph.microBatch >= 0 && (ph.kind == core::PhaseKind::Forward || ph.kind == core::PhaseKind::Backward)
                && ph.moment != core::StepMoment::LossForward && ph.moment != core::StepMoment::LossBackward) {
                const QString label = m_timeline.virtualStages > 1 ? QStringLiteral("%1.%2").arg(ph.microBatch + 1).arg(ph.chunk + 1)
                                                                   : QString::number(ph.microBatch + 1);
                if (fm.horizontalAdvance(label) + 2 < box.width()) {
                    p.setPen(Qt::white);
                    p.drawText(box, Qt::AlignCenter, label);
                }
            }
        }
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
}

void ScheduleView::paintCursor(QPainter& p)
{
    const QRect r = plotRect();
    const double x = xOf(m_cursor);
    QColor c = palette().color(QPalette::Highlight);
    p.setPen(QPen(c, 2));
    p.drawLine(QPointF(x, r.top() - 4), QPointF(x, r.bottom()));
    // outline each stage's block under the cursor
    p.setPen(QPen(palette().color(QPalette::WindowText), 1.5));
    p.setBrush(Qt::NoBrush);
    for (const core::StageTimeline& st : m_timeline.stages) {
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

void ScheduleView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_timeline.valid) {
        const QRect r = plotRect();
        const int p = int(m_timeline.stages.size());
        const int stage = int((event->position().y() - r.top()) / std::max(1.0, double(r.height()) / std::max(1, p)));
        if (stage >= 0 && stage < p)
            emit stageClicked(stage);
    }
    StepTimelineWidget::mousePressEvent(event);
}
