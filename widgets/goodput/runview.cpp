#include "widgets/goodput/runview.h"

#include <QEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <limits>

#include "widgets/charts/componentpalette.h"
#include "widgets/displayformat.h"
#include "widgets/step/stepcursor.h"

namespace {

constexpr double kHour = 3600;
constexpr double kDay = 24 * kHour;
constexpr double kRoundRows[] = {0.25 * kHour, 0.5 * kHour, kHour, 2 * kHour, 3 * kHour, 6 * kHour, 12 * kHour, kDay, 2 * kDay, 7 * kDay, 14 * kDay};
constexpr int kMostRows = 8;
constexpr core::RunActivity kActivities[] = {core::RunActivity::Work, core::RunActivity::Checkpoint, core::RunActivity::Lost,
                                             core::RunActivity::Restart};

} // namespace

RunView::RunView(QWidget* parent) : QWidget(parent), m_cursor(new StepCursor(this))
{
    setObjectName(QStringLiteral("RunView"));
    m_cursor->setPlaySeconds(15);
    connect(m_cursor, &StepCursor::positionChanged, this, qOverload<>(&QWidget::update));
}

RunView::Rows RunView::chooseRows(double mtbi, double interval)
{
    // About five interruptions (the averages show as a rhythm), or a day of work when nothing
    // interrupts; never fewer than three checkpoint intervals.
    double target = mtbi > 0 ? 5 * mtbi : kDay;
    target = std::clamp(std::max(target, 3 * interval), kHour, 112 * kDay);
    Rows r;
    r.rowSeconds = kRoundRows[std::size(kRoundRows) - 1];
    for (double round : kRoundRows)
        if (round * kMostRows >= target) {
            r.rowSeconds = round;
            break;
        }
    r.rows = std::clamp(int(std::ceil(target / r.rowSeconds - 1e-9)), 1, kMostRows);
    return r;
}

void RunView::setRun(const core::GoodputEstimate& g, double gpus)
{
    m_goodput = g;
    m_gpus = gpus;
    const Rows r = chooseRows(g.mtbiSeconds, g.intervalSteps > 0 ? g.intervalSeconds + g.checkpointStallSeconds : 0);
    m_rowSeconds = r.rowSeconds;
    m_rows = r.rows;
    m_segments = core::runTimeline(g, windowSeconds());
    m_lostAt.assign(m_segments.size(), 0);
    double next = std::numeric_limits<double>::infinity();
    for (std::size_t i = m_segments.size(); i-- > 0;) {
        if (m_segments[i].activity == core::RunActivity::Restart)
            next = m_segments[i].startSeconds;
        m_lostAt[i] = next;
    }
    const double length = m_segments.empty() ? 0 : m_segments.back().startSeconds + m_segments.back().seconds;
    m_cursor->setLength(length);
    update();
}

core::RunActivity RunView::activityAt(std::size_t i, double seconds) const
{
    const core::RunSegment& s = m_segments[i];
    return s.activity == core::RunActivity::Lost && m_lostAt[i] > seconds ? core::RunActivity::Work : s.activity;
}

core::RunTotals RunView::totalsAt(double seconds) const
{
    // Work is lost when its interruption comes: until then it counts as training. Summed in
    // place: this runs on every painted frame while the run plays.
    core::RunTotals t;
    for (std::size_t i = 0; i < m_segments.size() && m_segments[i].startSeconds < seconds; ++i)
        core::addToTotals(t, activityAt(i, seconds), std::min(m_segments[i].seconds, seconds - m_segments[i].startSeconds));
    return t;
}

QColor RunView::colour(core::RunActivity a, bool dark)
{
    switch (a) {
    case core::RunActivity::Work: return dark ? QColor(0x6c, 0xbf, 0x62) : QColor(0x54, 0xa2, 0x4b);      // the schedule's backward green
    case core::RunActivity::Checkpoint: return dark ? QColor(0x6f, 0x9f, 0xd8) : QColor(0x3f, 0x6f, 0xb5);
    case core::RunActivity::Lost: return dark ? QColor(0xe8, 0x6a, 0x5c) : QColor(0xc0, 0x39, 0x2b);
    case core::RunActivity::Restart: return dark ? QColor(0xf0, 0xa0, 0x40) : QColor(0xe0, 0x8a, 0x1e);
    }
    return Qt::gray;
}

QString RunView::name(core::RunActivity a)
{
    switch (a) {
    case core::RunActivity::Work: return tr("Training");
    case core::RunActivity::Checkpoint: return tr("Checkpoint stall");
    case core::RunActivity::Lost: return tr("Lost work (done again)");
    case core::RunActivity::Restart: return tr("Restart");
    }
    return {};
}

QString RunView::title() const
{
    if (!hasRun())
        return tr("The run's wall-clock: training runs only");
    if (m_goodput.mtbiSeconds <= 0)
        //: %1 = GPUs, %2 = checkpoint interval, %3 = stall per checkpoint
        return tr("A run's wall-clock on %1 GPUs: no interruptions expected; a checkpoint every %2 of training (%3 stall each)")
            .arg(QLocale().toString(qint64(std::llround(m_gpus))), DisplayFormat::duration(m_goodput.intervalSeconds),
                 DisplayFormat::duration(m_goodput.checkpointStallSeconds));
    //: %1 = GPUs, %2 = mean time between interruptions, %3 = checkpoint interval, %4 = stall per checkpoint
    return tr("A run's wall-clock on %1 GPUs: an interruption every %2 on average, a checkpoint every %3 of training (%4 stall each)")
        .arg(QLocale().toString(qint64(std::llround(m_gpus))), DisplayFormat::duration(m_goodput.mtbiSeconds), DisplayFormat::duration(m_goodput.intervalSeconds),
             DisplayFormat::duration(m_goodput.checkpointStallSeconds));
}

QString RunView::totalsText() const
{
    const double end = windowSeconds();
    const double at = m_cursor->position() > 0 && m_cursor->position() < m_cursor->length() ? m_cursor->position() : end;
    const core::RunTotals t = totalsAt(at);
    const double all = std::max(1e-9, t.work + t.checkpoint + t.lost + t.restart);
    //: %1 = wall-clock so far, %2 = interruptions, %3 = share training, %4 lost, %5 restarts, %6 checkpoints
    return tr("First %1: interruptions %2 · training %3, lost %4, restarts %5, checkpoint stalls %6")
        .arg(DisplayFormat::duration(at))
        .arg(t.interruptions)
        .arg(DisplayFormat::percent(t.work / all), DisplayFormat::percent(t.lost / all), DisplayFormat::percent(t.restart / all),
             DisplayFormat::percent(t.checkpoint / all));
}

QString RunView::rowLabel(int row) const
{
    const double t = row * m_rowSeconds;
    if (m_rowSeconds >= kDay)
        //: a row of the run's picture starting on day %1 (from 1)
        return tr("day %1").arg(QLocale().toString(int(std::lround(t / kDay)) + 1));
    //: a row starting %1 hours into the run
    return tr("%1 h").arg(QLocale().toString(t / kHour, 'g', 4));
}

void RunView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const bool dark = ComponentPalette::isDark(palette());
    const QFontMetrics fm(font());
    const int line = fm.height();
    const int margin = 8;
    p.setPen(palette().color(QPalette::WindowText));
    // the title, wrapped
    const QRect titleBox = fm.boundingRect(QRect(margin, margin, width() - 2 * margin, 10 * line), Qt::TextWordWrap, title());
    p.drawText(titleBox, Qt::TextWordWrap, title());
    int y = titleBox.bottom() + line / 2;
    if (!hasRun())
        return;
    // the legend: a swatch and a name per activity, wrapped to the width, then the totals so far
    int x = margin;
    for (core::RunActivity a : kActivities) {
        const QString n = name(a);
        const int w = line + 4 + fm.horizontalAdvance(n) + 14;
        if (x + w > width() - margin && x > margin) {
            x = margin;
            y += line + 2;
        }
        p.fillRect(QRect(x, y + 3, line - 6, line - 6), colour(a, dark));
        p.drawText(QPoint(x + line - 2, y + fm.ascent()), n);
        x += w;
    }
    y += line + 4;
    const QRect totals = fm.boundingRect(QRect(margin, y, width() - 2 * margin, 4 * line), Qt::TextWordWrap, totalsText());
    p.drawText(totals, Qt::TextWordWrap, totalsText());
    y = totals.bottom() + line / 2;
    // the rows
    int labelWidth = 0;
    for (int r = 0; r < m_rows; ++r)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(rowLabel(r)));
    const QString note = tr("Interruptions are drawn at their mean spacing: the averages, not one random run. "
                            "Goodput over the whole run: %1.")
                             .arg(DisplayFormat::percent(m_goodput.goodput));
    const QRect noteBox = fm.boundingRect(QRect(margin, 0, width() - 2 * margin, 4 * line), Qt::TextWordWrap, note);
    const int left = margin + labelWidth + 8, right = width() - margin;
    const int bottom = height() - margin - noteBox.height() - line / 2;
    const double pitch = std::max(8.0, double(bottom - y) / std::max(1, m_rows));
    const double barHeight = std::max(6.0, pitch * 0.62);
    const double perSecond = (right - left) / m_rowSeconds;
    const double cursor = m_cursor->position();
    const bool played = cursor > 0;
    for (int r = 0; r < m_rows; ++r) {
        const double top = y + r * pitch + (pitch - barHeight) / 2;
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(margin, top, labelWidth, barHeight), Qt::AlignRight | Qt::AlignVCenter, rowLabel(r));
        p.fillRect(QRectF(left, top, right - left, barHeight), palette().color(QPalette::AlternateBase));
    }
    // each segment, split at the rows' ends; what the cursor has not reached yet is pale
    const double seen = played ? cursor : windowSeconds();
    for (std::size_t i = 0; i < m_segments.size(); ++i) {
        const core::RunSegment& s = m_segments[i];
        const core::RunActivity shown = activityAt(i, seen);
        double from = s.startSeconds;
        const double to = s.startSeconds + s.seconds;
        while (from < to) {
            const int r = int(from / m_rowSeconds);
            if (r >= m_rows)
                break;
            const double rowEnd = (r + 1) * m_rowSeconds;
            const double until = std::min(to, rowEnd);
            const double top = y + r * pitch + (pitch - barHeight) / 2;
            auto draw = [&](double a, double b, bool pale) {
                if (b <= a)
                    return;
                QColor c = colour(shown, dark);
                if (pale)
                    c.setAlphaF(0.28);
                const QRectF box(left + (a - r * m_rowSeconds) * perSecond, top, std::max(1.0, (b - a) * perSecond), barHeight);
                p.fillRect(box, c);
                if (!pale && shown == core::RunActivity::Lost) // done again: hatched over
                    p.fillRect(box, QBrush(palette().color(QPalette::Base), Qt::BDiagPattern));
            };
            if (!played || until <= cursor) {
                draw(from, until, false);
            } else {
                draw(from, std::max(from, std::min(until, cursor)), false);
                draw(std::max(from, cursor), until, true);
            }
            from = until;
        }
        // an interruption: a mark above where the restart begins
        if (s.activity == core::RunActivity::Restart && (!played || s.startSeconds <= cursor)) {
            const int r = int(s.startSeconds / m_rowSeconds);
            if (r < m_rows) {
                const double cx = left + (s.startSeconds - r * m_rowSeconds) * perSecond;
                const double top = y + r * pitch + (pitch - barHeight) / 2;
                QPainterPath mark;
                mark.moveTo(cx - 5, top - 9);
                mark.lineTo(cx + 5, top - 9);
                mark.lineTo(cx, top - 1);
                mark.closeSubpath();
                p.setRenderHint(QPainter::Antialiasing, true);
                p.fillPath(mark, colour(core::RunActivity::Lost, dark));
                p.setRenderHint(QPainter::Antialiasing, false);
            }
        }
    }
    if (played && cursor < m_cursor->length()) {
        const int r = std::min(m_rows - 1, int(cursor / m_rowSeconds));
        const double cx = left + (cursor - r * m_rowSeconds) * perSecond;
        const double top = y + r * pitch + (pitch - barHeight) / 2;
        p.setPen(QPen(palette().color(QPalette::Highlight), 2));
        p.drawLine(QPointF(cx, top - 4), QPointF(cx, top + barHeight + 4));
    }
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRect(margin, height() - margin - noteBox.height(), width() - 2 * margin, noteBox.height()), Qt::TextWordWrap, note);
}

void RunView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        update();
    QWidget::changeEvent(event);
}
