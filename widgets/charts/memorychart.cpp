// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/memorychart.h"

#include <QAction>
#include <QFontMetrics>
#include <QTextLayout>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/charts/barstack.h"
#include "widgets/charts/chartitems.h"
#include "widgets/charts/componentpalette.h"
#include "widgets/charts/measuredmarkers.h"
#include "widgets/charts/memorycharttext.h"
#include "widgets/charts/modelstatesbracket.h"
#include "widgets/charts/textbookledger.h"
#include "widgets/charts/opaqueplot.h"

namespace {

constexpr double kBarWidth = 0.6;

/// The next "round" number at or above x (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k): the axis
/// keeps its range, and its cached tick labels, while a drag moves the bars a little.
double roundUp(double x)
{
    if (!(x > 0))
        return 1;
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (const double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * decade >= x * (1 - 1e-12))
            return m * decade;
    return 10 * decade;
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(OpaquePlot::create(this))
    , m_ticker(new QCPAxisTickerText)
    , m_capacityTicker(new QCPAxisTickerText)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumSize(240, 180);
    m_plot->setNoAntialiasingOnDrag(true);
    // A replot marks the widget dirty instead of repainting at once (the default hint), so the
    // charts paint in the window's one update pass; the opaque buffer (OpaquePlot) covers
    // every pixel.
    m_plot->setPlottingHints(QCP::phCacheLabels);
    m_plot->setAttribute(Qt::WA_OpaquePaintEvent);
    m_plot->xAxis->setTicker(m_ticker);
    m_plot->xAxis->setTickLength(0, 0);
    m_plot->xAxis->setSubTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->setPadding(6);

    // The legend lives in its own column right of the bars, so it never covers them.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* side = new QCPLayoutGrid;
    m_side = side;
    m_plot->plotLayout()->addElement(0, 1, side);
    m_plot->plotLayout()->setColumnStretchFactor(1, 0.001);
    side->addElement(0, 0, m_plot->legend);
    side->addElement(1, 0, new QCPLayoutElement(m_plot)); // pushes the legend to the top
    side->setRowStretchFactor(0, 0.001);
    m_plot->legend->setMargins(QMargins(8, 6, 8, 6));
    m_plot->legend->setRowSpacing(2);

    m_stack = std::make_unique<BarStack>(m_plot->xAxis, m_plot->yAxis, kBarWidth);
    m_brackets = std::make_unique<ModelStatesBracket>(m_plot, kBarWidth);
    m_measured = std::make_unique<MeasuredMarkers>(m_plot, kBarWidth);
    m_roleAction = new QAction(this);
    m_roleAction->setCheckable(true);
    connect(m_roleAction, &QAction::toggled, this, &MemoryChart::setColorByRole);
    m_plot->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_plot->addAction(m_roleAction);
    // From the left edge of the plot area to the right one, not an infinite line clipped with
    // its pen's width to spare: SVG has no clip, so the line must end where the plot does.
    m_capacityLine = new QCPItemLine(m_plot);
    m_capacityLine->setVisible(false);
    for (QCPItemPosition* end : {m_capacityLine->start, m_capacityLine->end}) {
        end->setTypeX(QCPItemPosition::ptAxisRectRatio);
        end->setTypeY(QCPItemPosition::ptPlotCoords);
    }
    // The capacity is named on a right-hand axis, outside the bars, so no bar label covers it.
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setTicker(m_capacityTicker);
    m_plot->yAxis2->setSubTicks(false);
    m_plot->yAxis2->setTickLength(0, 4);
    m_plot->yAxis2->grid()->setVisible(false);
    m_selection = new QCPItemRect(m_plot);
    m_selection->setVisible(false);
    // "This layout cannot run": an opaque box on a layer of its own above everything (bar
    // labels, level marks and the legend were drawn through it), centred on the whole chart and
    // wrapped to its width in fitLabels (it was cut on both sides at 1280 × 720 with a side panel open).
    m_plot->addLayer(QStringLiteral("message"), m_plot->layer(QStringLiteral("overlay")), QCustomPlot::limAbove);
    m_message = ChartItems::text(m_plot);
    m_message->setLayer(QStringLiteral("message"));
    m_message->setClipToAxisRect(false);
    m_message->setPositionAlignment(Qt::AlignCenter);
    m_message->position->setType(QCPItemPosition::ptViewportRatio);
    m_message->position->setCoords(0.5, 0.45);
    m_message->setPadding(QMargins(14, 10, 14, 10));
    m_message->setTextAlignment(Qt::AlignLeft);
    m_message->setVisible(false);
    m_markerNote = ChartItems::text(m_plot);
    m_markerNote->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_markerNote->setTextAlignment(Qt::AlignLeft);
    m_markerNote->setVisible(false);

    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &MemoryChart::showToolTip);
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        if (event->button() != Qt::LeftButton)
            return; // the right button opens the context menu
        if (const int bar = m_brackets->hit(event->position()); bar >= 0) {
            emit modelStatesClicked(bar);
            return;
        }
        int group = 0;
        core::Component component{};
        if (hitTest(event->position(), group, component)) {
            setSelectedSegment(group, component);
            emit segmentClicked(group, component);
        }
    });
    OpaquePlot::setLayoutHook(m_plot, [this] { return fitLabels(); });
    m_roleAction->setEnabled(false); // until bars of several models come (applyRoleColouring)
    updateNames();
    updateColors();
}

MemoryChart::~MemoryChart() = default;

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
        for (const Bar& b : m_barData)
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
    for (qsizetype g = 0; g < m_barData.size(); ++g) {
        widestName = std::max(widestName, widestPiece(m_barData[g].compactLabel.isEmpty() ? m_barData[g].label : m_barData[g].compactLabel, tickFont));
    }
    // Two bars keep their names as they were (wrapped into their slots; GRPO's two phases); a
    // few bars stagger them.
    auto strideFor = [&](double widest, qsizetype fewest) {
        return m_barData.size() >= fewest && widest > room && room > 0 ? int(std::ceil(widest / room)) : 1;
    };
    const int nameStride = strideFor(widestName, 3);

    int fullestBar = 0;
    for (qsizetype g = 1; g < m_barData.size(); ++g)
        if (m_barData[g].totalBytes > m_barData[fullestBar].totalBytes)
            fullestBar = int(g);
    // The stride counts from the bar that matters: the current one ("ZeRO-1 (now)").
    int currentBar = 0;
    for (qsizetype g = 0; g < m_barData.size(); ++g)
        if (m_barData[g].current)
            currentBar = int(g);
    auto onStride = [](qsizetype g, int anchor, int stride) { return (int(g) - anchor) % stride == 0; };

    // Two slots a name are enough for a few bars ("Selective" under three recomputation bars):
    // every other name one row lower instead of left out, so each bar keeps its name.
    // A comparison's few bars (four at most) keep every name on as many rows as they need
    // ("ZeRO-1 (now)" among four ZeRO bars; "（当前）" is wider than a slot in Chinese).
    const int rows = nameStride == 2 || (nameStride <= 4 && m_barData.size() <= 4) ? nameStride : 1;
    const bool stagger = rows > 1;
    const int shownStride = stagger ? 1 : nameStride;
    auto rowOf = [&](qsizetype g) { return stagger ? ((int(g) - currentBar) % rows + rows) % rows : 0; };
    QVector<int> rowLines(std::max(1, rows), 0);
    const double nameRoom = room * nameStride;
    QVector<QString> names(m_barData.size());
    for (qsizetype g = 0; g < m_barData.size(); ++g) {
        if (!onStride(g, currentBar, shownStride))
            continue;
        // A word wider than the slot would run into the next bar's name, and a name in more than
        // three lines (one word a line: "PP / stage / 0 / ranks / 0–63") pushes the plot up: the
        // compact name then.
        bool compact = false;
        if (!m_barData[g].compactLabel.isEmpty()) {
            const QString full = QString(m_barData[g].label).replace(QStringLiteral(" · "), QStringLiteral("\n"));
            // (judged in one slot: the compact name is the one meant for narrow bars)
            compact = widestPiece(full, tickFont) > room || wrap(full, tickFont, room).count(QLatin1Char('\n')) >= 3;
        }
        QString label = compact ? m_barData[g].compactLabel : m_barData[g].label;
        if (details && nameStride == 1 && !m_barData[g].detail.isEmpty())
            label += QStringLiteral(" · ") + m_barData[g].detail;
        if (m_barData.size() >= 3)
            label.replace(QStringLiteral(" · "), QStringLiteral("\n"));
        names[g] = wrap(label, m_plot->xAxis->tickLabelFont(), nameRoom);
        rowLines[rowOf(g)] = std::max(rowLines[rowOf(g)], int(names[g].count(QLatin1Char('\n'))) + 1);
    }
    for (qsizetype g = 0; g < m_barData.size(); ++g) {
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
    for (qsizetype g = 0; g < m_barData.size() && g < m_totalTexts.size(); ++g) {
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
    const qsizetype totalCount = std::min(m_barData.size(), m_totalTexts.size());
    QVector<int> order(totalCount);
    for (qsizetype g = 0; g < totalCount; ++g)
        order[g] = int(g);
    auto rank = [&](int g) { return g == fullestBar ? 0 : m_barData[g].current ? 1 : 2; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return rank(a) != rank(b) ? rank(a) < rank(b) : m_barData[a].totalBytes > m_barData[b].totalBytes;
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
            upper = std::max(upper, std::min(2 * m_axisTop, roundUp(m_barData[g].totalBytes / scale / std::max(0.5, 1 - labelHeight / height))));
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
    if (m_noteWanted && !m_barData.isEmpty()) {
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
    // A legend taller than the plot goes on in a second column (GRPO has a dozen parts); one
    // under the plot fills as many columns as its width holds.
    QCPLegend* legend = m_plot->legend;
    // A wrapped grid has empty cells: item() is null there.
    int items = 0, widest = 0, itemHeight = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i)) {
            ++items;
            widest = std::max(widest, item->minimumOuterSizeHint().width());
            itemHeight = std::max(itemHeight, item->minimumOuterSizeHint().height());
        }
    if (m_legendVisible && items > 0) {
        int wrap = 0;
        if (m_legendBelow) {
            const int spacing = legend->columnSpacing();
            const int available = m_plot->viewport().width() - legend->margins().left() - legend->margins().right();
            wrap = std::max(1, (available + spacing) / std::max(1, widest + spacing));
        } else {
            const int spacing = legend->rowSpacing();
            const int available = height - legend->margins().top() - legend->margins().bottom();
            const int rows = std::max(1, (available + spacing) / std::max(1, itemHeight + spacing));
            wrap = items > rows ? rows : 0;
        }
        if (legend->wrap() != wrap) {
            legend->setWrap(wrap);
            legend->setFillOrder(m_legendBelow ? QCPLayoutGrid::foColumnsFirst : QCPLayoutGrid::foRowsFirst, true);
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

bool MemoryChart::sameBars(const QVector<Bar>& a, const QVector<Bar>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i)
        if (a[i].bytes != b[i].bytes || a[i].totalBytes != b[i].totalBytes || a[i].capacityBytes != b[i].capacityBytes
            || a[i].current != b[i].current || a[i].label != b[i].label || a[i].detail != b[i].detail || a[i].allocatedBytes != b[i].allocatedBytes
            || a[i].reservedBytes != b[i].reservedBytes || a[i].bandLow != b[i].bandLow || a[i].bandHigh != b[i].bandHigh
            || a[i].bandRuns != b[i].bandRuns || a[i].bandLevel != b[i].bandLevel)
            return false;
    return true;
}

QString MemoryChart::rankGroupCompactLabel(const core::Estimate& estimate, int group)
{
    return MemoryChartText::rankGroupCompactLabel(estimate, group);
}

QString MemoryChart::rankGroupLabel(const core::Estimate& estimate, int group)
{
    return MemoryChartText::rankGroupLabel(estimate, group);
}

void MemoryChart::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    QVector<Bar> bars;
    bars.reserve(qsizetype(estimate.groups.size()));
    m_rankCount = 0;
    for (std::size_t i = 0; i < estimate.groups.size(); ++i) {
        const core::RankGroup& g = estimate.groups[i];
        m_rankCount = std::max(m_rankCount, g.lastRank + 1);
        Bar bar{rankGroupLabel(estimate, int(i)), g.bytes, g.totalBytes, g.capacityBytes, false, g.allocatedBytes, g.reservedBytes, QString()};
        bar.compactLabel = rankGroupCompactLabel(estimate, int(i));
        if (i < m_levelBands.size() && m_levelBands[i].first.known()) {
            bar.bandLow = m_levelBands[i].first.low;
            bar.bandHigh = m_levelBands[i].first.high;
            bar.bandRuns = m_levelBands[i].first.runs;
            bar.bandLevel = m_levelBands[i].second;
        }
        bars.push_back(bar);
    }
    setBars(bars);
}

void MemoryChart::setBands(const core::EstimateBands& bands)
{
    // The bar's top is the device's figure; the corpus's training rows mostly measured
    // max_memory_allocated (no device rows for training today): then that band, at its marker.
    m_levelBands.resize(bands.groups.size());
    for (std::size_t i = 0; i < bands.groups.size(); ++i) {
        const auto& [allocated, reserved, device] = bands.groups[i];
        m_levelBands[i] = device.known() ? std::pair{device, core::MemoryLevel::Device} : std::pair{allocated, core::MemoryLevel::Allocated};
    }
}

std::pair<double, double> MemoryChart::bandBytes(int group) const
{
    if (group < 0 || group >= m_barData.size() || m_barData[group].bandRuns <= 0 || group >= m_whiskers.size() || !m_whiskers[group]->visible())
        return {0, 0};
    return {m_barData[group].bandLow, m_barData[group].bandHigh};
}

void MemoryChart::setBars(const QVector<Bar>& bars)
{
    // A slider that changes no byte (MFU, price) must not cost a replot.
    if (!m_invalid && sameBars(bars, m_inputBars))
        return;
    const bool shapeChanged = bars.size() != m_barData.size();
    m_inputBars = bars;
    applyRoleColouring();
    deriveBars();
    m_invalid = false;
    if (shapeChanged)
        m_selectedGroup = -1;
    rebuild();
}

void MemoryChart::deriveBars()
{
    m_barData = m_inputBars;
    if (!m_textbook)
        return;
    // Coloured by role, the segments keep their models (the ledgers would mix them). The
    // textbook counts tensors, not an allocator: no allocated/reserved levels.
    for (Bar& b : m_barData) {
        b.bytes = TextbookLedger::reduce(b.bytes, !m_byRoleDrawn);
        b.allocatedBytes = 0;
        b.reservedBytes = 0;
        b.bandRuns = 0; // the corpus measured devices, not the textbook's tensors
        b.totalBytes = 0;
        for (double v : b.bytes)
            b.totalBytes += v;
    }
}

void MemoryChart::setTextbook(bool textbook)
{
    if (m_textbook == textbook)
        return;
    m_textbook = textbook;
    applyRoleColouring();
    deriveBars();
    updateNames();
    m_plot->legend->clearItems(); // the ledgers' names replace the components'
    m_inLegend.reset();
    rebuild();
}

void MemoryChart::setLabelStyle(LabelStyle style)
{
    if (m_labelStyle == style)
        return;
    m_labelStyle = style;
    rebuild();
}

void MemoryChart::setModelStatesShown(bool shown)
{
    if (m_bracketsShown == shown)
        return;
    m_bracketsShown = shown;
    rebuild();
}

QString MemoryChart::barLabelText(int group) const
{
    return group >= 0 && group < m_totalLabels.size() && group < m_barData.size() ? m_totalLabels[group]->text() : QString();
}

QRectF MemoryChart::barLabelRect(int group) const
{
    if (barLabelText(group).isEmpty())
        return {};
    const QCPItemText* label = m_totalLabels[group];
    return QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition()).normalized();
}

double MemoryChart::modelStatesBytes(int group) const
{
    return group >= 0 && group < m_barData.size() ? TextbookLedger::modelStateBytes(m_barData[group].bytes) : 0;
}

QString MemoryChart::modelStatesText(int group) const
{
    return m_brackets->text(group);
}

QString MemoryChart::tickLabelText(int group) const
{
    return m_ticker->ticks().value(double(group));
}

QFont MemoryChart::tickLabelFont() const
{
    return m_plot->xAxis->tickLabelFont();
}

QBrush MemoryChart::barLabelBackground(int group) const
{
    return group >= 0 && group < m_totalLabels.size() ? m_totalLabels[group]->brush() : QBrush();
}

bool MemoryChart::modelStatesOnBracket(int group) const
{
    return m_brackets->textFits(group);
}

Qt::BrushStyle MemoryChart::segmentBrushStyle(core::Component component) const
{
    return m_stack->bars(component)->brush().style();
}

void MemoryChart::setInvalid(const QString& message)
{
    if (m_invalid && m_messageText == message)
        return;
    m_invalid = true;
    m_messageText = message;
    m_message->setText(message); // wrapped to the chart's width at the next layout
    m_fittedWidth = -1;
    updateColors();
    m_message->setVisible(true);
    replot();
}

QString MemoryChart::invalidMessage() const
{
    return m_invalid ? m_messageText : QString();
}

QRectF MemoryChart::invalidMessageRect() const
{
    if (!m_invalid || !m_message->visible())
        return {};
    return QRectF(m_message->topLeft->pixelPosition(), m_message->bottomRight->pixelPosition()).normalized();
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

void MemoryChart::setUnit(DisplayFormat::MemoryUnit unit)
{
    if (m_unit == unit)
        return;
    m_unit = unit;
    rebuild();
}

void MemoryChart::setTitle(const QString& title)
{
    if (!m_title && title.isEmpty())
        return;
    if (!m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(m_plot, title, QFont(font().family(), font().pointSize() + 1, QFont::DemiBold));
        m_plot->plotLayout()->addElement(0, 0, m_title);
    }
    m_titleText = title;
    m_title->setText(title);
    m_fittedWidth = -1;
    updateColors();
    replot();
}

void MemoryChart::setAxisFloor(double bytes)
{
    if (m_axisFloorBytes == bytes)
        return;
    m_axisFloorBytes = std::max(0.0, bytes);
    rebuild();
}

double MemoryChart::axisMaximumBytes() const
{
    return m_axisTop * DisplayFormat::bytesPerUnit(m_unit);
}

QFont MemoryChart::messageFont() const
{
    return m_message->font();
}

void MemoryChart::setLegendVisible(bool visible)
{
    if (m_legendVisible == visible)
        return;
    m_legendVisible = visible;
    // An empty legend without margins takes no width in its layout column.
    m_plot->legend->clearItems();
    m_inLegend.reset();
    m_plot->legend->setVisible(visible);
    m_plot->legend->setMargins(visible ? QMargins(8, 6, 8, 6) : QMargins());
    rebuild();
}

void MemoryChart::setMinimumPlotSize(const QSize& size)
{
    m_plot->setMinimumSize(size);
}

void MemoryChart::setLegendBelow(bool below)
{
    if (m_legendBelow == below)
        return;
    m_legendBelow = below;
    QCPLayoutGrid* layout = m_plot->plotLayout();
    if (auto* holder = qobject_cast<QCPLayoutGrid*>(m_plot->legend->layout()))
        holder->take(m_plot->legend);
    layout->simplify();
    if (below) {
        const int row = layout->rowCount();
        layout->addElement(row, 0, m_plot->legend);
        layout->setRowStretchFactor(row, 0.001);
        m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    } else {
        m_side->addElement(0, 0, m_plot->legend);
        m_plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    }
    m_plot->legend->setWrap(0);
    m_fittedWidth = -1;
    replot();
}

void MemoryChart::setColorByRole(bool byRole)
{
    if (m_colorByRole == byRole)
        return;
    m_colorByRole = byRole;
    m_roleAction->setChecked(byRole);
    applyRoleColouring();
    deriveBars();
    rebuild();
}

bool MemoryChart::severalRoles() const
{
    for (const Bar& b : m_inputBars)
        for (std::size_t c = 0; c < core::kComponentCount; ++c) {
            const core::Role role = core::roleOf(core::Component(c));
            if (b.bytes[c] > 0 && role != core::Role::Policy && role != core::Role::Shared)
                return true;
        }
    return false;
}

bool MemoryChart::applyRoleColouring()
{
    // Roles mean something only where several models share the GPUs (RL: reference, reward,
    // critic, rollout engine). Elsewhere, and in the textbook view, whose four ledgers are the
    // point, the choice waits: it made a training bar one blue block (issue 31).
    const bool several = severalRoles();
    m_roleAction->setEnabled(several && !m_textbook);
    const bool byRole = m_colorByRole && several && !m_textbook;
    if (byRole == m_byRoleDrawn)
        return false;
    m_byRoleDrawn = byRole;
    m_stack->setByRole(byRole);
    m_plot->legend->clearItems();
    m_inLegend.reset();
    return true;
}

const std::array<core::Component, core::kComponentCount>& MemoryChart::stackOrder() const
{
    return m_stack->order();
}

void MemoryChart::setSelectedSegment(int group, core::Component component)
{
    m_selectedGroup = group;
    m_selectedComponent = component;
    updateSelection();
    replot();
}

double MemoryChart::barBytes(int group, core::Component component) const
{
    if (group < 0 || group >= m_barData.size() || std::size_t(component) >= core::kComponentCount)
        return 0;
    return m_barData[group].bytes[std::size_t(component)];
}

double MemoryChart::barTotalBytes(int group) const
{
    return group >= 0 && group < m_barData.size() ? m_barData[group].totalBytes : 0;
}

QString MemoryChart::groupLabel(int group) const
{
    return group >= 0 && group < m_barData.size() ? m_barData[group].label : QString();
}

QString MemoryChart::groupDetail(int group) const
{
    return group >= 0 && group < m_barData.size() ? m_barData[group].detail : QString();
}

double MemoryChart::bracketBytes(const core::ComponentBytes& bytes) const
{
    // Coloured by role the model states are not one block at the bottom: no bracket then. A
    // serving GPU has weights but no gradients or optimizer states: nothing for ZeRO to shard,
    // no "model states" to bracket (issue 31).
    if (!m_bracketsShown || m_byRoleDrawn)
        return 0;
    bool training = false;
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        const core::Category k = core::categoryOf(core::Component(c));
        training = training || ((k == core::Category::Gradients || k == core::Category::OptimizerStates) && bytes[c] > 0);
    }
    return training ? TextbookLedger::modelStateBytes(bytes) : 0;
}

QCPItemText* MemoryChart::labelItem(int index)
{
    while (m_totalLabels.size() <= index) {
        QCPItemText* text = ChartItems::text(m_plot);
        text->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        text->setTextAlignment(Qt::AlignHCenter);
        text->setPadding(QMargins(2, 1, 2, 3));
        text->setClipToAxisRect(false);
        m_totalLabels.push_back(text);
    }
    return m_totalLabels[index];
}

QCPItemRect* MemoryChart::overItem(int index)
{
    while (m_overRects.size() <= index) {
        QCPItemRect* rect = ChartItems::hatchedRect(m_plot);
        rect->setAntialiased(false);
        m_overRects.push_back(rect);
    }
    return m_overRects[index];
}

void MemoryChart::rebuild()
{
    const double scale = DisplayFormat::bytesPerUnit(m_unit);
    const qsizetype n = m_barData.size();
    // Long labels go on two lines once several bars share the width; fitLabels() wraps them
    // further when the bars are narrower than their words (large type on a slide).
    const bool twoLines = n >= 3;
    m_ticker->clear();
    QVector<double> keys(n);
    for (qsizetype g = 0; g < n; ++g) {
        keys[g] = double(g);
        QString label = m_barData[g].label;
        if (twoLines)
            label.replace(QStringLiteral(" · "), QStringLiteral("\n"));
        m_ticker->addTick(double(g), label);
    }
    m_fittedWidth = -1; // the labels changed: fit them again at the next layout
    double maxTotal = 0, capacity = 0;
    std::bitset<64> present;
    QVector<double> values(n);
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        for (qsizetype g = 0; g < n; ++g) {
            values[g] = m_barData[g].bytes[c] / scale;
            present[c] = present[c] || m_barData[g].bytes[c] > 0;
        }
        m_stack->bars(core::Component(c))->setData(keys, values, true);
    }
    m_stack->restack(present);
    // Keep the legend to what this scenario has.
    if (m_legendVisible && present != m_inLegend) {
        m_stack->fillLegend(m_plot->legend, present);
        nameLedgers(); // the legend's entries read the names as they are drawn
        m_inLegend = present;
    }
    for (const Bar& b : m_barData) {
        maxTotal = std::max(maxTotal, (b.bandRuns > 0 ? std::max(b.totalBytes, b.bandHigh) : b.totalBytes) / scale);
        capacity = std::max(capacity, b.capacityBytes / scale);
    }
    // A lone bar must not fill the width: keep at least 2.6 slots visible.
    const double visibleSlots = std::max(double(n), 2.6);
    const double centre = (double(n) - 1) / 2;
    // Room right of the last bar for the names of its level markers.
    bool markers = false;
    for (const Bar& b : m_barData)
        markers = markers || b.allocatedBytes > 0;
    // Measured marks replace the note (their labels stand on the bars): the room goes to the bars.
    const double noteRoom = markers && !m_compactLabels && (m_residuals.empty() || m_textbook) ? 0.75 : 0;
    m_noteRoom = noteRoom;
    m_plot->xAxis->setRange(centre - visibleSlots / 2, centre + visibleSlots / 2 + noteRoom);
    m_axisLabel = m_unit == DisplayFormat::MemoryUnit::GB ? tr("Memory per GPU (GB)") : tr("Memory per GPU (GiB)");
    m_plot->yAxis->setLabel(m_axisLabel); // fitLabels wraps it again if it must
    // A hair above the round number: the ticker's top tick (100 as 5 × 20.000000000000004)
    // must not fall outside the range and vanish.
    m_axisTop = roundUp(std::max({std::max(maxTotal, capacity) * 1.12, 1.0, m_axisFloorBytes / scale}));
    m_plot->yAxis->setRange(0, m_axisTop * (1 + 1e-9));

    m_capacityLine->setVisible(capacity > 0);
    m_capacityLine->start->setCoords(0, capacity);
    m_capacityLine->end->setCoords(1, capacity);
    m_plot->yAxis2->setRange(m_plot->yAxis->range());
    m_capacityTicker->clear();
    if (capacity > 0)
        //: right-hand axis label at the capacity line; %1 = memory per GPU
        m_capacityTicker->addTick(capacity, tr("capacity\n%1").arg(DisplayFormat::capacity(capacity * scale, m_unit).replace(QStringLiteral(" ("), QStringLiteral("\n("))));

    for (qsizetype g = 0; g < n; ++g) {
        const Bar& b = m_barData[g];
        const double total = b.totalBytes / scale;
        const double cap = b.capacityBytes / scale;
        const bool over = cap > 0 && total > cap;
        QCPItemText* label = labelItem(int(g));
        label->setVisible(true);
        // Above the band's whisker where it reaches higher than the bar.
        const bool banded = b.bandRuns > 0 && b.bandLow < b.bandHigh && b.totalBytes > 0
            && (b.bandLevel != core::MemoryLevel::Allocated || b.allocatedBytes > 0);
        label->position->setCoords(double(g), banded ? std::max(total, b.bandHigh / scale) : total);
        // The band: where eight in ten similar public runs' measured level lay around this
        // estimate (a whisker with bar ends, at the bar's top or its allocated marker).
        QCPItemLine* whisker = whiskerItem(int(g));
        whisker->setVisible(banded);
        whisker->start->setCoords(double(g), b.bandLow / scale);
        whisker->end->setCoords(double(g), b.bandHigh / scale);
        // The label names the bar's height: its total, or, where a serving engine reserves its KV
        // pool up front (vLLM gpu_memory_utilization: every bar as tall as the card), what the
        // batch needs, the pool being the hatched segment on top (issue 31).
        const double pool = b.bytes[std::size_t(core::Component::KvCacheReserve)];
        QString text;
        if (b.totalBytes <= 0)
            text = QString(); // a variant that does not exist (n/a)
        else if (pool > 0 && m_compactLabels)
            //: above a serving bar whose engine reserves a KV pool (hatched): what the batch needs; %1 = memory
            text = tr("needs %1").arg(DisplayFormat::bytes(b.totalBytes - pool, m_unit, 1));
        else if (pool > 0)
            //: above a serving bar whose engine reserves a KV pool (hatched); %1 = what the batch needs, %2 = the bar's height with the pool
            text = tr("needs %1\nwith pool %2").arg(DisplayFormat::bytes(b.totalBytes - pool, m_unit, 1), DisplayFormat::bytes(b.totalBytes, m_unit, 1));
        else if (over && !m_compactLabels)
            //: above an over-full bar; %1 = total, %2 = amount above the GPU's capacity
            text = tr("%1\nover by %2").arg(DisplayFormat::bytes(b.totalBytes, m_unit, 1), DisplayFormat::bytes(b.totalBytes - b.capacityBytes, m_unit, 1));
        else
            text = DisplayFormat::bytes(b.totalBytes, m_unit, 1);
        const double states = bracketBytes(b.bytes);
        if (m_statesTexts.size() <= g)
            m_statesTexts.resize(g + 1);
        m_statesTexts[g] = states > 0 && b.totalBytes > 0
            //: under a bar's total where its bracket cannot carry the figure (and on every bar of the ZeRO and fine-tuning comparisons); %1 = model states
            ? tr("states %1").arg(DisplayFormat::bytesExact(states, m_unit))
            : QString();
        // The states line as the chart asks for it; fitLabels() wraps both and adds the states
        // where a bracket turns out too short to carry them.
        const QString statesLine = m_labelStyle == LabelStyle::TotalAndStates && m_statesTexts.value(g).size() > 0 && !text.isEmpty()
            ? QLatin1Char('\n') + m_statesTexts[g]
            : QString();
        label->setText(text + statesLine);
        if (m_totalTexts.size() <= g)
            m_totalTexts.resize(g + 1);
        m_totalTexts[g] = text;
        QCPItemRect* rect = overItem(int(g));
        rect->setVisible(over);
        rect->topLeft->setCoords(double(g) - kBarWidth / 2, total);
        rect->bottomRight->setCoords(double(g) + kBarWidth / 2, cap);
    }
    // Level markers: a tick across each bar at PyTorch's allocated and reserved peaks (the bar's
    // top is the device's used memory); the last bar's are named.
    double lastAllocated = 0, lastReserved = 0, lastTotal = 0;
    for (qsizetype g = 0; g < n; ++g) {
        const Bar& b = m_barData[g];
        const double levels[] = {b.allocatedBytes, b.reservedBytes};
        for (int k = 0; k < 2; ++k) {
            QCPItemLine* line = markerItem(int(2 * g + k));
            const bool shown = levels[k] > 0 && b.totalBytes > 0;
            line->setVisible(shown);
            const double y = levels[k] / scale;
            line->start->setCoords(double(g) - kBarWidth / 2 - 0.05, y);
            line->end->setCoords(double(g) + kBarWidth / 2 + 0.05, y);
        }
        if (b.allocatedBytes > 0) {
            lastAllocated = b.allocatedBytes / scale;
            lastReserved = b.reservedBytes / scale;
            lastTotal = b.totalBytes / scale;
        }
    }
    for (qsizetype i = 2 * n; i < m_markers.size(); ++i)
        m_markers[i]->setVisible(false);
    for (qsizetype i = n; i < m_whiskers.size(); ++i)
        m_whiskers[i]->setVisible(false);
    m_noteWanted = lastAllocated > 0 && !m_compactLabels;
    m_markerNote->setVisible(m_noteWanted);
    if (lastAllocated > 0) {
        // Hung from the bar's top, beside its markers: the total above the bar is wider than the
        // bar in large type (a slide) and must not run into the note.
        m_markerNote->position->setCoords(double(n - 1) + kBarWidth / 2 + 0.08, std::min(lastTotal, std::max(lastAllocated, lastReserved)));
        //: beside the last bar's two level markers: PyTorch's counters (not translated) and nvidia-smi
        m_markerNote->setText(tr("━ allocated\n┅ reserved\n(top: device)"));
    }
    QVector<double> states(n);
    for (qsizetype g = 0; g < n; ++g)
        states[g] = bracketBytes(m_barData[g].bytes);
    m_brackets->update(states, m_unit, m_bracketsShown && !m_byRoleDrawn, !m_compactLabels);
    updateMeasured();
    for (qsizetype i = n; i < m_totalLabels.size(); ++i)
        m_totalLabels[i]->setVisible(false);
    for (qsizetype i = n; i < m_overRects.size(); ++i)
        m_overRects[i]->setVisible(false);
    m_message->setVisible(false);
    updateSelection();
    updateColors();
    replot();
}

void MemoryChart::setMeasured(const std::vector<core::Residual>& residuals)
{
    if (residuals == m_residuals)
        return;
    m_residuals = residuals;
    rebuild(); // the level markers' note makes room for the measured marks' labels
}

void MemoryChart::setMeasuredNotesInPlot(bool inPlot)
{
    if (inPlot == m_measuredNotesInPlot)
        return;
    m_measuredNotesInPlot = inPlot;
    rebuild();
}

void MemoryChart::updateMeasured()
{
    // The textbook's ledgers have no allocator levels to measure against: the notes say so.
    QVector<MeasuredText::BarFrame> frames;
    if (!m_residuals.empty())
        for (const Bar& b : std::as_const(m_barData)) {
            MeasuredText::BarFrame f;
            f.label = b.label;
            f.total = b.totalBytes;
            double below = 0;
            for (const core::Component c : m_stack->order()) {
                f.bottom[std::size_t(c)] = below;
                below += b.bytes[std::size_t(c)];
            }
            frames.push_back(f);
        }
    const bool drawn = !m_textbook && !m_invalid;
    const QVector<MeasuredText::Mark> marks = drawn ? MeasuredText::marks(m_residuals, frames, m_unit) : QVector<MeasuredText::Mark>{};
    QStringList notes = MeasuredText::notes(m_residuals, frames, m_rankCount, m_textbook);
    bool levels = false;
    for (const Bar& b : std::as_const(m_barData))
        levels = levels || b.allocatedBytes > 0;
    if (!marks.isEmpty() && levels && !notes.isEmpty())
        notes.front() += QStringLiteral(" · ") + tr("━ allocated\n┅ reserved\n(top: device)").replace(QLatin1Char('\n'), QLatin1Char(' '));
    m_measuredNotes = notes;
    m_measured->update(marks, m_measuredNotesInPlot ? notes : QStringList{}, m_unit);
    // The marks' labels stand right of the bars, where the last bar's level note would be.
    if (!m_measured->marks().isEmpty()) {
        m_noteWanted = false;
        m_markerNote->setVisible(false);
    }
}

void MemoryChart::updateSelection()
{
    const bool visible = m_selectedGroup >= 0 && m_selectedGroup < m_barData.size()
        && m_barData[m_selectedGroup].bytes[std::size_t(m_selectedComponent)] > 0;
    m_selection->setVisible(visible);
    if (!visible)
        return;
    const double scale = DisplayFormat::bytesPerUnit(m_unit);
    const Bar& b = m_barData[m_selectedGroup];
    double bottom = 0;
    for (std::size_t i = 0; m_stack->order()[i] != m_selectedComponent; ++i)
        bottom += b.bytes[std::size_t(m_stack->order()[i])];
    const double top = bottom + b.bytes[std::size_t(m_selectedComponent)];
    m_selection->topLeft->setCoords(m_selectedGroup - kBarWidth / 2, top / scale);
    m_selection->bottomRight->setCoords(m_selectedGroup + kBarWidth / 2, bottom / scale);
}

void MemoryChart::updateNames()
{
    m_roleAction->setText(tr("Colour by Model &Role"));
    m_roleAction->setToolTip(tr("Colour the bars by the model each part belongs to (policy, reference, reward model, critic,\n"
                                "rollout engine) instead of by component — where several models share the GPUs (RL),\n"
                                "and not in the textbook view, whose ledgers are by component"));
    m_stack->updateNames();
    nameLedgers();
}

void MemoryChart::nameLedgers()
{
    if (m_textbook && !m_byRoleDrawn)
        for (const core::Category c : {core::Category::Parameters, core::Category::Gradients, core::Category::OptimizerStates,
                                       core::Category::Activations, core::Category::KvCache})
            m_stack->bars(TextbookLedger::segmentOf(c))->setName(TextbookLedger::categoryName(c));
}

void MemoryChart::updateColors()
{
    const QPalette pal = palette();
    const bool dark = ComponentPalette::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    QColor muted = text;
    muted.setAlphaF(0.7f);
    const QColor bad = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
    OpaquePlot::setBackground(m_plot, base);
    m_plot->axisRect()->setBackground(Qt::NoBrush); // the buffer is cleared to the background already
    QColor grid = pal.color(QPalette::Mid);
    grid.setAlphaF(0.5f);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(muted));
        axis->setTickPen(QPen(muted));
        axis->setSubTickPen(QPen(muted));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 0, Qt::SolidLine));
        // QCustomPlot copies the font once, when it is made: follow the widget's (slides and
        // presentation mode use large type).
        axis->setTickLabelFont(font());
        axis->setLabelFont(font());
    }
    // The bars' axis has labels but no tick marks: zero-length ticks with a pen become empty
    // outlines in a PDF ("h f" with no path: pdftoppm's "No current point in closepath").
    m_plot->xAxis->setTickPen(Qt::NoPen);
    m_plot->xAxis->setSubTickPen(Qt::NoPen);
    m_plot->legend->setBrush(base);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setFont(font());
    // Swatches, gaps and pens grow with the type, so a 4K slide is the 1080p one, sharper.
    const double em = QFontMetricsF(font()).height();
    const double pen = std::max(1.0, em / 17.0);
    m_plot->legend->setIconSize(int(em * 1.3), int(em * 0.75));
    m_plot->legend->setIconTextPadding(int(em * 0.35));
    m_plot->legend->setRowSpacing(int(em * 0.12));
    m_plot->legend->setColumnSpacing(int(em * 0.8));
    if (m_legendVisible)
        m_plot->legend->setMargins(QMargins(int(em * 0.5), int(em * 0.35), int(em * 0.5), int(em * 0.35)));
    m_plot->yAxis->setPadding(int(em * 0.35));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2})
        axis->setTickLabelPadding(int(em * 0.3));
    m_plot->yAxis->setTickLength(0, int(em * 0.3));
    m_plot->yAxis->setSubTickLength(0, int(em * 0.15));
    m_plot->yAxis2->setTickLength(0, int(em * 0.25));
    for (int i = 0; i < m_plot->legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = m_plot->legend->item(i)) // an empty cell of a wrapped legend is null
            item->setFont(font());
    if (m_title)
        m_title->setTextColor(text);
    m_stack->updateColors(dark, m_invalid);
    m_brackets->updateColors(text, font());
    m_measured->updateColors(dark, text, base, font());
    bool over = false;
    for (const Bar& b : m_barData)
        over = over || (b.capacityBytes > 0 && b.totalBytes > b.capacityBytes);
    const QColor capacityColor = over ? bad : text;
    // Flat ends: a square cap would reach half the pen's width past the plot area's edges.
    m_capacityLine->setPen(QPen(capacityColor, (over ? 2.5 : 1.5) * pen, Qt::DashLine, Qt::FlatCap));
    m_plot->yAxis2->setBasePen(Qt::NoPen);
    m_plot->yAxis2->setTickPen(QPen(capacityColor, 2));
    m_plot->yAxis2->setTickLabelColor(capacityColor);
    QFont bold = font();
    bold.setBold(over);
    m_plot->yAxis2->setTickLabelFont(bold);
    QColor hatch = bad;
    for (QCPItemRect* rect : std::as_const(m_overRects)) {
        rect->setPen(QPen(bad, 1.5 * pen));
        rect->setBrush(QBrush(hatch, Qt::BDiagPattern));
    }
    for (qsizetype g = 0; g < m_totalLabels.size(); ++g) {
        const bool barOver = g < m_barData.size() && m_barData[g].capacityBytes > 0 && m_barData[g].totalBytes > m_barData[g].capacityBytes;
        const bool current = g < m_barData.size() && m_barData[g].current;
        m_totalLabels[g]->setColor(barOver ? bad : text);
        // On the plot's background: the capacity line's dashes do not run through a label that
        // stands on it (issue 31: "78.9 GB" under the line of 85.9).
        m_totalLabels[g]->setBrush(base);
        QFont f = font();
        f.setBold(barOver || current);
        m_totalLabels[g]->setFont(f);
    }
    for (qsizetype i = 0; i < m_markers.size(); ++i)
        m_markers[i]->setPen(QPen(text, 2 * pen, i % 2 == 0 ? Qt::SolidLine : Qt::DotLine));
    m_markerNote->setColor(muted);
    m_markerNote->setFont(font());
    m_selection->setPen(QPen(pal.color(QPalette::Highlight), 3 * pen));
    m_selection->setBrush(Qt::NoBrush);
    m_message->setColor(text);
    m_message->setFont(font()); // as large as the axes: read from the back of a room in presentation mode
    m_message->setBrush(base); // opaque: nothing reads through it
    m_message->setPen(QPen(bad, 1.5));
}

void MemoryChart::replot()
{
    // Hidden charts (a collapsed comparison) render once when shown instead of on every change.
    if (!isVisible()) {
        m_dirty = true;
        return;
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty) {
        m_dirty = false;
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

bool MemoryChart::hitTest(const QPointF& pos, int& group, core::Component& component) const
{
    if (m_barData.isEmpty() || !m_plot->axisRect()->rect().contains(pos.toPoint()))
        return false;
    const double key = m_plot->xAxis->pixelToCoord(pos.x());
    const double value = m_plot->yAxis->pixelToCoord(pos.y());
    const int g = int(std::lround(key));
    if (g < 0 || g >= m_barData.size() || std::abs(key - g) > kBarWidth / 2 || value < 0)
        return false;
    const double scale = DisplayFormat::bytesPerUnit(m_unit);
    double top = 0;
    for (const core::Component c : m_stack->order()) {
        top += m_barData[g].bytes[std::size_t(c)] / scale;
        if (value <= top && m_barData[g].bytes[std::size_t(c)] > 0) {
            group = g;
            component = c;
            return true;
        }
    }
    return false;
}

void MemoryChart::showToolTip(QMouseEvent* event)
{
    if (const QString tip = m_measured->toolTipAt(event->position()); !tip.isEmpty()) {
        m_plot->setCursor(Qt::ArrowCursor);
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
        return;
    }
    if (const int bar = m_brackets->hit(event->position()); bar >= 0) {
        m_plot->setCursor(Qt::PointingHandCursor);
        const core::ComponentBytes& bytes = m_barData[bar].bytes;
        auto part = [&](std::initializer_list<core::Category> categories) {
            double sum = 0;
            for (std::size_t c = 0; c < core::kComponentCount; ++c)
                for (core::Category k : categories)
                    if (core::categoryOf(core::Component(c)) == k)
                        sum += bytes[c];
            return DisplayFormat::bytesExact(sum, m_unit);
        };
        //: tooltip of the model-states bracket; %1 = model states, %2 = parameters, %3 = gradients, %4 = optimizer states
        QToolTip::showText(event->globalPosition().toPoint(),
                           tr("<b>Model states: %1</b><br>parameters %2 + gradients %3 + optimizer states %4<br>"
                              "<i>what ZeRO shards; activations and buffers come on top</i><br>Click for the working.")
                               .arg(DisplayFormat::bytesExact(TextbookLedger::modelStateBytes(bytes), m_unit), part({core::Category::Parameters}),
                                    part({core::Category::Gradients}), part({core::Category::OptimizerStates})),
                           this);
        return;
    }
    int group = 0;
    core::Component component{};
    if (!hitTest(event->position(), group, component)) {
        QToolTip::hideText();
        m_plot->setCursor(Qt::ArrowCursor);
        return;
    }
    m_plot->setCursor(Qt::PointingHandCursor);
    const Bar& b = m_barData[group];
    const QString name = b.detail.isEmpty() ? b.label : b.label + QStringLiteral(" · ") + b.detail;
    QString text = MemoryChartText::segmentToolTip(component, name, b.bytes[std::size_t(component)], b.totalBytes, m_unit, m_clickHint);
    if (b.allocatedBytes > 0)
        text += QStringLiteral("<br>") + MemoryChartText::levelsToolTip(b.allocatedBytes, b.reservedBytes, b.totalBytes, m_unit);
    if (b.bandRuns > 0 && b.bandLow < b.bandHigh)
        text += QStringLiteral("<br>") + MemoryChartText::bandToolTip(b.bandLow, b.bandHigh, b.bandRuns, b.bandLevel, m_unit);
    QToolTip::showText(event->globalPosition().toPoint(), text, this);
}

QCPItemLine* MemoryChart::markerItem(int index)
{
    while (m_markers.size() <= index) {
        auto* line = new QCPItemLine(m_plot);
        line->setSelectable(false);
        m_markers.push_back(line);
        line->setPen(QPen(palette().color(QPalette::WindowText), 2, m_markers.size() % 2 == 1 ? Qt::SolidLine : Qt::DotLine));
    }
    return m_markers[index];
}

QCPItemLine* MemoryChart::whiskerItem(int index)
{
    while (m_whiskers.size() <= index) {
        auto* line = new QCPItemLine(m_plot);
        line->setSelectable(false);
        line->setHead(QCPLineEnding(QCPLineEnding::esBar, 10));
        line->setTail(QCPLineEnding(QCPLineEnding::esBar, 10));
        m_whiskers.push_back(line);
    }
    QColor ink = palette().color(QPalette::WindowText);
    ink.setAlphaF(0.75f);
    m_whiskers[index]->setPen(QPen(ink, 1.5));
    return m_whiskers[index];
}

double MemoryChart::markerBytes(int group, core::MemoryLevel level) const
{
    if (group < 0 || group >= m_barData.size())
        return 0;
    switch (level) {
    case core::MemoryLevel::Allocated: return m_barData[group].allocatedBytes;
    case core::MemoryLevel::Reserved: return m_barData[group].reservedBytes;
    case core::MemoryLevel::Device: return m_barData[group].totalBytes;
    }
    return 0;
}

QImage MemoryChart::renderImage(const QSize& size, double scale, bool transparent)
{
    return OpaquePlot::renderImage(m_plot, size, scale, transparent ? QColor(Qt::transparent) : palette().color(QPalette::Base));
}

bool MemoryChart::renderToPaintDevice(QPaintDevice* device, const QSize& size)
{
    return OpaquePlot::render(m_plot, device, size, palette().color(QPalette::Base));
}

void MemoryChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        updateColors();
        replot();
    } else if (event->type() == QEvent::LanguageChange) {
        updateNames();
        m_plot->legend->clearItems(); // role names are set as the legend is filled
        m_inLegend.reset();
        rebuild();
    }
    QWidget::changeEvent(event);
}
