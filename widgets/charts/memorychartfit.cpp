// The memory chart's layout pass: the bars' names, totals and legend fitted to the pixels each
// bar gets once QCustomPlot has laid the plot out (OpaquePlot's layout hook), and the "cannot
// run" message wrapped to the chart. The rest of the binding is memorychart.cpp; what is drawn,
// memorychartmodel.cpp.
// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/memorychart.h"

#include <QFontMetrics>
#include <QTextLayout>
#include <algorithm>
#include <cmath>

#include "widgets/charts/modelstatesbracket.h"

namespace {

/// `text` broken into lines no wider than `room`: first at " · ", then at spaces, greedily.
QString wrapped(const QString& text, const QFontMetricsF& metrics, double room)
{
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        if (metrics.horizontalAdvance(paragraph) <= room) {
            lines << paragraph;
            continue;
        }
        // Words, keeping " · " with the word before it so a line never starts with a dot; a
        // word with a slash ("BF16/FP16") may break after it.
        QStringList words;
        for (const QString& part : paragraph.split(QStringLiteral(" · "))) {
            QStringList pieces;
            for (const QString& word : part.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
                // A unit stays with its number: "over by 59.6 / GB" left "GB" alone on a line (issue 31).
                if (!pieces.isEmpty() && (word == DisplayFormat::unitName(DisplayFormat::MemoryUnit::GB)
                                          || word == DisplayFormat::unitName(DisplayFormat::MemoryUnit::GiB))) {
                    pieces.last() += QLatin1Char(' ') + word;
                    continue;
                }
                if (word.contains(QLatin1Char('/')) && metrics.horizontalAdvance(word) > room) {
                    const QStringList halves = word.split(QLatin1Char('/'));
                    for (qsizetype h = 0; h < halves.size(); ++h)
                        pieces << halves[h] + (h + 1 < halves.size() ? QStringLiteral("/") : QString());
                } else if (word.contains(QLatin1Char('-')) && !word.startsWith(QLatin1Char('-')) && metrics.horizontalAdvance(word) > room) {
                    // "ZeRO-1" wider than its slot: "ZeRO-" over "1" rather than into the next bar's name.
                    const QStringList halves = word.split(QLatin1Char('-'));
                    for (qsizetype h = 0; h < halves.size(); ++h)
                        pieces << halves[h] + (h + 1 < halves.size() ? QStringLiteral("-") : QString());
                } else {
                    pieces << word;
                }
            }
            words += pieces;
            if (!pieces.isEmpty())
                words.last() += QStringLiteral(" ·");
        }
        if (!words.isEmpty() && words.last().endsWith(QStringLiteral(" ·")))
            words.last().chop(2);
        QString line;
        for (const QString& word : std::as_const(words)) {
            const QString candidate = line.isEmpty() ? word : line + (line.endsWith(QLatin1Char('/')) ? QString() : QStringLiteral(" ")) + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(candidate) > room) {
                lines << line;
                line = word;
            } else {
                line = candidate;
            }
        }
        if (!line.isEmpty())
            lines << line;
    }
    for (QString& l : lines)
        if (l.endsWith(QStringLiteral(" ·")))
            l.chop(2);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString MemoryChart::wrap(const QString& text, const QFont& font, double room) const
{
    // Every estimate fits the labels again, mostly the same texts in the same room: measuring
    // them (HarfBuzz shaping each word) was ~2 M instructions a slider move over the three
    // charts (callgrind, bench_latency). Remembered by text, font and room, exactly.
    const QString key = font.key() + QChar(0x1f) + QString::number(room, 'g', 17) + QChar(0x1f) + text;
    if (const auto it = m_wrapped.constFind(key); it != m_wrapped.cend())
        return *it;
    if (m_wrapped.size() > 512)
        m_wrapped.clear();
    const QString out = wrapped(text, QFontMetricsF(font), room);
    m_wrapped.insert(key, out);
    return out;
}

double MemoryChart::textWidth(const QString& text, const QFont& font) const
{
    const QString key = font.key() + QChar(0x1f) + text;
    if (const auto it = m_widths.constFind(key); it != m_widths.cend())
        return *it;
    if (m_widths.size() > 512)
        m_widths.clear();
    const double w = QFontMetricsF(font).horizontalAdvance(text);
    m_widths.insert(key, w);
    return w;
}

bool MemoryChart::fitLabels()
{
    // What fits depends on the pixels each bar gets, known only once the layout has run.
    const double slot = std::abs(m_plot->xAxis->coordToPixel(1) - m_plot->xAxis->coordToPixel(0));
    const int width = m_plot->axisRect()->width();
    const int height = m_plot->axisRect()->height();
    if (m_fittedWidth == width && m_fittedHeight == height && m_fittedFont == font())
        return false;
    m_fittedWidth = width;
    m_fittedHeight = height;
    m_fittedFont = font();
    bool relayout = false;
    const double room = slot * 0.94;
    // A bar name with a word wider than its slot (a 720p slide's "training" under two GRPO
    // bars) would run into its neighbour: the room kept right of the last bar for the level
    // markers' note goes to the bars instead, and the note is left out (until the next rebuild).
    if (m_noteRoom > 0) {
        double widest = 0;
        for (const Bar& b : m_model.bars())
            for (const QString& word : QString(b.label).replace(QLatin1Char('\n'), QLatin1Char(' ')).split(QLatin1Char(' '), Qt::SkipEmptyParts))
                widest = std::max(widest, textWidth(word, m_plot->xAxis->tickLabelFont()));
        if (widest > room) {
            const QCPRange r = m_plot->xAxis->range();
            m_plot->xAxis->setRange(r.lower, r.upper - m_noteRoom);
            m_noteRoom = 0;
            m_noteWanted = false;
            m_markerNote->setVisible(false);
            m_fittedWidth = -1; // fit again to the wider slots
            return true;
        }
    }
    // A bar name's word wider than its slot ran into the next one at 1280 × 720 with the working
    // open ("ZeRO-1ZeRO-2ZeRO-3", issue 31): it breaks after its hyphen (wrapped()); the type
    // stays the chart's (a slide's smallest size is its minimum).
    // A bar's detail under its name where the chart is tall enough for the extra lines (a
    // dashboard's small comparisons keep their plots; the tooltip has it there). The viewport,
    // not the plot, decides: the plot's height depends on the names' lines.
    const double tickLine = QFontMetricsF(m_plot->xAxis->tickLabelFont()).height();
    const bool details = m_plot->viewport().height() >= 12 * tickLine;
    const QFont tickFont = m_plot->xAxis->tickLabelFont();
    // More bars than their names have room for (16 pipeline stages in a 400-pixel chart beside
    // the advice dock): every k-th bar is named, k the fewest slots the widest piece of a compact
    // name needs; the others' names are in their tooltips. The totals above the bars likewise,
    // the fullest bar's always (it is the one that decides whether the run fits).
    // The widest piece the wrapping keeps whole (a word; a number with its unit).
    auto widestPiece = [&](const QString& text, const QFont& font) {
        double widest = 0;
        for (const QString& line : wrap(text, font, 1.0).split(QLatin1Char('\n')))
            widest = std::max(widest, textWidth(line, font));
        return widest;
    };
    double widestName = 0;
    const QVector<Bar>& bars = m_model.bars();
    for (const Bar& b : bars)
        widestName = std::max(widestName, widestPiece(b.compactLabel.isEmpty() ? b.label : b.compactLabel, tickFont));
    // Two bars keep their names as they were (wrapped into their slots; GRPO's two phases); a
    // few bars stagger them.
    auto strideFor = [&](double widest, qsizetype fewest) {
        return bars.size() >= fewest && widest > room && room > 0 ? int(std::ceil(widest / room)) : 1;
    };
    const int nameStride = strideFor(widestName, 3);

    const int fullestBar = m_model.fullestBar();
    // The stride counts from the bar that matters: the current one ("ZeRO-1 (now)").
    const int currentBar = m_model.currentBar();
    auto onStride = [](qsizetype g, int anchor, int stride) { return (int(g) - anchor) % stride == 0; };

    // Two slots a name are enough for a few bars ("Selective" under three recomputation bars):
    // every other name one row lower instead of left out, so each bar keeps its name.
    // A comparison's few bars (four at most) keep every name on as many rows as they need
    // ("ZeRO-1 (now)" among four ZeRO bars; "（当前）" is wider than a slot in Chinese).
    const int rows = nameStride == 2 || (nameStride <= 4 && bars.size() <= 4) ? nameStride : 1;
    const bool stagger = rows > 1;
    const int shownStride = stagger ? 1 : nameStride;
    auto rowOf = [&](qsizetype g) { return stagger ? ((int(g) - currentBar) % rows + rows) % rows : 0; };
    QVector<int> rowLines(std::max(1, rows), 0);
    const double nameRoom = room * nameStride;
    QVector<QString> names(bars.size());
    for (qsizetype g = 0; g < bars.size(); ++g) {
        if (!onStride(g, currentBar, shownStride))
            continue;
        // A word wider than the slot would run into the next bar's name, and a name in more than
        // three lines (one word a line: "PP / stage / 0 / ranks / 0–63") pushes the plot up: the
        // compact name then.
        bool compact = false;
        if (!bars[g].compactLabel.isEmpty()) {
            const QString full = QString(bars[g].label).replace(QStringLiteral(" · "), QStringLiteral("\n"));
            // (judged in one slot: the compact name is the one meant for narrow bars)
            compact = widestPiece(full, tickFont) > room || wrap(full, tickFont, room).count(QLatin1Char('\n')) >= 3;
        }
        QString label = compact ? bars[g].compactLabel : bars[g].label;
        if (details && nameStride == 1 && !bars[g].detail.isEmpty())
            label += QStringLiteral(" · ") + bars[g].detail;
        if (bars.size() >= 3)
            label.replace(QStringLiteral(" · "), QStringLiteral("\n"));
        names[g] = wrap(label, m_plot->xAxis->tickLabelFont(), nameRoom);
        rowLines[rowOf(g)] = std::max(rowLines[rowOf(g)], int(names[g].count(QLatin1Char('\n'))) + 1);
    }
    for (qsizetype g = 0; g < bars.size(); ++g) {
        QString label = names[g];
        int above = 0; // the lines of the rows above this bar's
        for (int r = 0; r < rowOf(g); ++r)
            above += rowLines[r];
        if (above > 0)
            label = QString(above, QLatin1Char('\n')) + label;
        if (m_ticker->ticks().value(double(g)) != label) {
            m_ticker->addTick(double(g), label);
            relayout = true;
        }
    }
    // A bar's total above it: "58.7 GB" on two lines when the bar is narrower than the words,
    // and the value axis tall enough that the label stays inside the plot (not on the title).
    const double scale = DisplayFormat::bytesPerUnit(m_unit);
    double upper = m_axisTop;
    for (qsizetype g = 0; g < bars.size() && g < m_totalTexts.size(); ++g) {
        const QFont& font = m_totalLabels[g]->font();
        const QFontMetricsF metrics(font);
        // Side-by-side variants keep each figure on one line where they can: without its unit
        // (the axis names it) when the unit makes it too wide, wrapped only when even that is.
        auto fitted = [&](const QString& line) {
            if (!m_compactLabels || textWidth(line, font) <= room)
                return wrap(line, font, room);
            const QString unit = QLatin1Char(' ') + DisplayFormat::unitName(m_unit);
            const QString bare = line.endsWith(unit) ? line.chopped(unit.size()) : line;
            return wrap(bare, font, room);
        };
        QString text = fitted(m_totalTexts[g]);
        // The model states under the total: on every bar where the chart asks for them, and
        // wherever the bracket is too short to carry its own figure (ZeRO-2/3 in the textbook
        // view: 26.25 and 14 GB are the figures wanted there).
        const QString states = g < m_statesTexts.size() ? m_statesTexts[g] : QString();
        const bool statesInLabel = !states.isEmpty()
            && (m_labelStyle == LabelStyle::TotalAndStates || (!m_compactLabels && !m_brackets->textFits(int(g))));
        if (statesInLabel && !text.isEmpty()) {
            // Only where the plot has the height for it (a dashboard's small charts keep the
            // total; the bracket's tooltip has the states there).
            const QString withStates = text + QLatin1Char('\n') + fitted(states);
            if ((withStates.count(QLatin1Char('\n')) + 1) * metrics.height() + 4 <= 0.3 * height)
                text = withStates;
        }
        if (m_totalLabels[g]->text() != text)
            m_totalLabels[g]->setText(text);
    }
    // Totals that would overlap (16 pipeline stages a few pixels apart; "122.6" beside "83.4" in
    // a narrow ZeRO comparison) are placed greedily, the fullest bar's first, the current one's
    // next, then the taller bars': a total that meets one already placed is left out (its
    // tooltip has it). The boxes are QCustomPlot's own, from each label's anchors.
    const qsizetype totalCount = std::min(bars.size(), m_totalTexts.size());
    QVector<int> order(totalCount);
    for (qsizetype g = 0; g < totalCount; ++g)
        order[g] = int(g);
    auto rank = [&](int g) { return g == fullestBar ? 0 : bars[g].current ? 1 : 2; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return rank(a) != rank(b) ? rank(a) < rank(b) : bars[a].totalBytes > bars[b].totalBytes;
    });
    QVector<QRectF> placed;
    for (int g : std::as_const(order)) {
        QCPItemText* label = m_totalLabels[g];
        if (label->text().isEmpty())
            continue;
        const QRectF box = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
        if (std::any_of(placed.cbegin(), placed.cend(), [&](const QRectF& p) { return p.adjusted(1, 1, -1, -1).intersects(box); })) {
            label->setText(QString());
            relayout = true;
            continue;
        }
        placed.push_back(box);
    }
    for (qsizetype g = 0; g < totalCount; ++g) {
        const QString& text = m_totalLabels[g]->text();
        const double labelHeight = (text.count(QLatin1Char('\n')) + 1) * QFontMetricsF(m_totalLabels[g]->font()).height() + 4;
        // The bar's top, plus its label, below the plot's top (a short chart: up to twice the
        // range, past that the label may meet the title).
        if (!text.isEmpty())
            upper = std::max(upper, std::min(2 * m_axisTop, MemoryChartModel::roundUp(bars[g].totalBytes / scale / std::max(0.5, 1 - labelHeight / height))));
    }
    if (upper > m_axisTop) {
        m_axisTop = upper;
        m_plot->yAxis->setRange(0, upper * (1 + 1e-9));
        m_plot->yAxis2->setRange(m_plot->yAxis->range());
        m_fittedWidth = -1; // place the labels again on the taller axis (clear of the capacity line)
        relayout = true;
    }
    // The level markers' note beside the last bar: in large type (a slide) it may not fit right
    // of the bar or above the axis; clipped or over the bar's total it would say less than
    // nothing, so it is left out there (the markers' meaning is in the working and the README).
    if (m_noteWanted && !bars.isEmpty()) {
        const QFontMetricsF noteMetrics(m_markerNote->font());
        const QRectF text = noteMetrics.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignLeft, m_markerNote->text());
        const QMargins pad = m_markerNote->padding();
        const double left = m_plot->xAxis->coordToPixel(m_markerNote->position->coords().x());
        const double top = m_plot->yAxis->coordToPixel(m_markerNote->position->coords().y());
        const QRect plot = m_plot->axisRect()->rect();
        const bool fits = left + text.width() + pad.left() + pad.right() <= plot.right()
                       && top + text.height() + pad.top() + pad.bottom() <= plot.bottom();
        if (m_markerNote->visible() != fits) {
            m_markerNote->setVisible(fits);
            relayout = true;
        }
    }
    // A plot shorter than two of its tick labels (a comparison squeezed under a long legend on a
    // 720p dashboard) cannot label both ends of its axis without "0" running into "100": it
    // drops the numbers, the totals above the bars and the capacity label still say them.
    const bool roomForTicks = height >= 2.2 * QFontMetricsF(m_plot->yAxis->tickLabelFont()).height();
    if (m_plot->yAxis->tickLabels() != roomForTicks) {
        m_plot->yAxis->setTickLabels(roomForTicks);
        relayout = true;
    }
    // A legend taller than the plot goes on in a second column (GRPO has a dozen parts).
    QCPLegend* legend = m_plot->legend;
    // A wrapped grid has empty cells: item() is null there.
    int items = 0, itemHeight = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i)) {
            ++items;
            itemHeight = std::max(itemHeight, item->minimumOuterSizeHint().height());
        }
    if (m_legendVisible && items > 0) {
        const int spacing = legend->rowSpacing();
        const int available = height - legend->margins().top() - legend->margins().bottom();
        const int rows = std::max(1, (available + spacing) / std::max(1, itemHeight + spacing));
        const int wrap = items > rows ? rows : 0;
        if (legend->wrap() != wrap) {
            legend->setWrap(wrap);
            legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
            m_fittedWidth = -1; // the plot area changes: fit the bars' labels again
            relayout = true;
        }
    }
    relayout = fitMessage() || relayout;
    // The value axis' title on two lines when it is longer than the chart is tall.
    const QString axisLabel = wrap(m_axisLabel, m_plot->yAxis->labelFont(), height * 0.95);
    if (m_plot->yAxis->label() != axisLabel) {
        m_plot->yAxis->setLabel(axisLabel);
        relayout = true;
    }
    // As many value ticks as the height holds without their labels touching.
    const double tickHeight = QFontMetricsF(m_plot->yAxis->tickLabelFont()).height();
    const int tickCount = std::clamp(int(height / (tickHeight * 2.0)), 1, 6);
    if (m_plot->yAxis->ticker()->tickCount() != tickCount) {
        m_plot->yAxis->ticker()->setTickCount(tickCount);
        // Readable steps may add a tick; a short chart must get no more than it has room for.
        m_plot->yAxis->ticker()->setTickStepStrategy(tickCount < 4 ? QCPAxisTicker::tssMeetTickCount : QCPAxisTicker::tssReadability);
        relayout = true;
    }
    // The top tick's label reaches half its height above the plot: QCustomPlot drops a label the
    // widget's edge would cut (the "100" went missing at 4K), so the plot keeps that much room.
    const QMargins topRoom(0, int(tickHeight / 2) + 2, 0, 0);
    if (m_plot->axisRect()->minimumMargins() != topRoom) {
        m_plot->axisRect()->setMinimumMargins(topRoom);
        relayout = true;
    }
    // A title wider than its chart is shortened, never drawn over the axis; it keeps clear of
    // the top tick's label, which reaches half its height above the plot.
    if (m_title) {
        const int clearance = int(tickHeight / 2) + 2;
        if (m_title->margins().bottom() != clearance) {
            m_title->setMargins(QMargins(0, 0, 0, clearance));
            relayout = true;
        }
        const QFontMetricsF metrics(m_title->font());
        const QString title = metrics.horizontalAdvance(m_titleText) > m_plot->viewport().width() * 0.98
            ? metrics.elidedText(m_titleText, Qt::ElideRight, m_plot->viewport().width() * 0.98)
            : m_titleText;
        if (m_title->text() != title)
            m_title->setText(title);
    }
    return relayout;
}

bool MemoryChart::fitMessage()
{
    if (!m_invalid)
        return false;
    // Lines broken where the script allows (QTextLayout: spaces in English, between characters
    // in Chinese), to the chart's width less the box's padding; lines that do not fit its height
    // end in "…" (the status bar and the controls' error lines keep every reason).
    const QFont font = m_message->font();
    const QMargins pad = m_message->padding();
    const QRect viewport = m_plot->viewport();
    const double room = std::max(40.0, viewport.width() * 0.96 - pad.left() - pad.right());
    const QFontMetricsF metrics(font);
    const int maxLines = std::max(1, int((viewport.height() * 0.96 - pad.top() - pad.bottom()) / metrics.lineSpacing()));
    QStringList lines;
    for (const QString& paragraph : m_messageText.split(QLatin1Char('\n'))) {
        if (paragraph.isEmpty()) {
            lines << QString();
            continue;
        }
        QTextLayout layout(paragraph, font);
        layout.beginLayout();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(room);
            lines << paragraph.mid(line.textStart(), line.textLength()).trimmed();
        }
        layout.endLayout();
    }
    if (lines.size() > maxLines) {
        lines = lines.mid(0, maxLines);
        lines.last() = metrics.elidedText(lines.last() + QStringLiteral(" …"), Qt::ElideRight, room);
    }
    const QString text = lines.join(QLatin1Char('\n'));
    if (m_message->text() == text)
        return false;
    m_message->setText(text);
    return true;
}

