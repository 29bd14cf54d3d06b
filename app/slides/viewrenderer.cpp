#include "app/slides/viewrenderer.h"

#include <QApplication>
#include <QBuffer>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>

#include "app/documents/filesaver.h"
#include "app/slides/stepscene.h"
#include "core/numerics/numberformat.h"
#include "widgets/lab/bitlayoutview.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/componentlegend.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/charts/rooflineview.h"
#include "widgets/charts/memorychart.h"
#include "widgets/goodput/runview.h"
#include "widgets/gif/gifwriter.h"
#include "widgets/titletext.h"
#include "widgets/widgetrenderer.h"

namespace {

QLabel* textLabel(const QString& text, double pointSize, bool bold, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    QFont f = label->font();
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    label->setFont(f);
    return label;
}

/// `svg` with the characters XML 1.0 forbids (C0 controls but tab, newline and carriage return;
/// U+FFFE, U+FFFF) replaced by U+FFFD. QSvgGenerator writes a title's or a model name's text as
/// it is: an ESC, a BEL or a NUL made a file xmllint and rsvg-convert refuse (issue 32.11).
QByteArray wellFormedXml(const QByteArray& svg)
{
    static const QByteArray replacement = QByteArrayLiteral("\xEF\xBF\xBD");
    QByteArray out;
    out.reserve(svg.size());
    for (qsizetype i = 0; i < svg.size(); ++i) {
        const auto c = static_cast<unsigned char>(svg[i]);
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            out += replacement;
        } else if (c == 0xEF && i + 2 < svg.size() && static_cast<unsigned char>(svg[i + 1]) == 0xBF
                   && (static_cast<unsigned char>(svg[i + 2]) & 0xFE) == 0xBE) {
            out += replacement; // EF BF BE / EF BF BF: U+FFFE, U+FFFF
            i += 2;
        } else {
            out += char(c);
        }
    }
    return out;
}

/// Runs the layouts of a tree that is never shown, top down: each widget's layout places its
/// children at their final size before their own layouts run. (Showing it, even off screen,
/// would make a platform window for nothing.)
void layOut(QWidget* widget)
{
    widget->ensurePolished();
    if (QLayout* layout = widget->layout()) {
        layout->invalidate();
        layout->activate();
    }
    for (QObject* child : widget->children())
        if (auto* w = qobject_cast<QWidget*>(child); w && !w->isWindow())
            layOut(w);
}

} // namespace

ViewRenderer::ViewRenderer(const SlideContent& content, const SlideOptions& options)
    : m_options(options)
{
    build(content);
}

ViewRenderer::~ViewRenderer() = default;

double ViewRenderer::minimumSlidePoints(SlideView view)
{
    const double floor = SlideViews::spec(view).minimumPoints; // the dashboard is a handout (its row says why)
    return floor > 0 ? floor : kMinimumSlidePoints;
}

double ViewRenderer::basePointSize(const QSize& size, SlideView view)
{
    // The smallest text relative to the base: the gauges' captions are 0.85 of their font, the
    // serving roofline's notes 0.8.
    const double smallest = SlideViews::spec(view).smallestText;
    const double pixels = minimumSlidePoints(view) * pixelsPerSlidePoint(size) / smallest;
    return pixels * 72.0 / 96.0; // SVG and PDF are written at 96 dpi, as the offscreen screen is
}

QColor ViewRenderer::background() const
{
    return m_options.transparent ? QColor(Qt::transparent) : m_slide->palette().color(QPalette::Window);
}

void ViewRenderer::build(const SlideContent& content)
{
    // Palette and font are set before the views are made, so each view picks them up as it is
    // built (QCustomPlot copies its fonts into its axes at construction).
    m_slide = std::make_unique<QWidget>();
    m_slide->setAttribute(Qt::WA_DontShowOnScreen); // never a window, only a layout to paint
    m_slide->setPalette(SlideTheme::palette(m_options.theme));
    const double base = basePointSize(m_options.size, m_options.view);
    QFont font = QApplication::font();
    font.setPointSizeF(base);
    m_slide->setFont(font);

    const int margin = std::max(8, m_options.size.height() / 36);
    auto* layout = new QVBoxLayout(m_slide.get());
    layout->setContentsMargins(margin, margin * 3 / 4, margin, margin * 3 / 4);
    layout->setSpacing(margin / 2);
    if (!m_options.title.isEmpty()) {
        // Long runs break anywhere and the text is capped: a heading never widens the slide.
        QLabel* title = textLabel(m_options.title, base * 1.9, true, m_slide.get());
        // fitted a little narrower than the label: QLabel wraps its lines a few pixels short of
        // what the layout gives it, and a fourth line would open below the third
        title->setText(TitleText::fitted(m_options.title, title->font(), (m_options.size.width() - 2 * margin) * 95 / 100, 3));
        // Its width from the layout (no glyph run widens the slide), its height for that width:
        // a new policy drops the height-for-width that QLabel set for its wrapped text, and the
        // layout then gave the title the four lines of its size hint's narrower guess.
        QSizePolicy policy(QSizePolicy::Ignored, QSizePolicy::Preferred, QSizePolicy::Label);
        policy.setHeightForWidth(true);
        title->setSizePolicy(policy);
        title->setObjectName(QStringLiteral("slideTitle"));
        layout->addWidget(title);
    }
    layout->addWidget(buildView(content, m_slide.get()), 1);
    // The bit viewer shows a number, not the scenario: its settings would caption nothing.
    if (m_options.caption && !SlideViews::spec(m_options.view).showsValue) {
        // The caption at the view's smallest size: never under the 18-point floor.
        const double captionScale = SlideViews::spec(m_options.view).smallestText;
        m_caption = textLabel(SlideContent::caption(content.scenario, content.estimate), base * captionScale, false, m_slide.get());
        m_caption->setObjectName(QStringLiteral("slideCaption"));
        QPalette muted = m_caption->palette();
        muted.setColor(QPalette::WindowText, m_slide->palette().color(QPalette::PlaceholderText));
        m_caption->setPalette(muted);
        layout->addWidget(m_caption);
    }
    m_slide->resize(m_options.size);
    layOut(m_slide.get());
    if (m_step) {
        // The step views measure their title and legend rows in their slide's type as they are
        // first drawn (a row more for a legend too wide to share the title's): drawn once, laid
        // out again, so the first frame of an animation is the same as the others.
        image();
        layOut(m_slide.get());
    }
    if (m_options.view == SlideView::Bits)
        fitBitRows();
}

void ViewRenderer::fitBitRows()
{
    // Ten bit rows are taller than a 16:9 slide at its base size: shrink their type until the
    // rows fit the room between title and caption (heights grow with the font, near linearly).
    QWidget* box = m_slide->findChild<QWidget*>(QStringLiteral("bitRows"));
    if (!box)
        return;
    for (int attempt = 0; attempt < 4; ++attempt) {
        int needed = 0;
        for (QWidget* w : box->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            needed += w->sizeHint().height();
        if (needed <= box->height() || needed <= 0)
            return;
        QFont f = box->font();
        f.setPointSizeF(f.pointSizeF() * box->height() / needed * 0.98);
        box->setFont(f);
        layOut(m_slide.get());
    }
}

QWidget* ViewRenderer::buildView(const SlideContent& content, QWidget* parent)
{
    const core::Estimate& e = content.estimate;
    const DisplayFormat::MemoryUnit unit = m_options.unit;
    // A measured run kept with the scenario is drawn on the slide as in the window: its marks
    // and residuals beside the bars they measure (the calibration's whole point on a slide).
    const std::vector<core::Residual> residuals = content.scenario.measured.entries.empty() || !e.valid
        ? std::vector<core::Residual>{}
        : core::residuals(e, content.scenario.measured.entries, content.scenario.parallel.gpusPerNode);
    auto memoryChart = [&](QWidget* owner) {
        auto* chart = new MemoryChart(owner);
        chart->setUnit(unit);
        chart->setEstimate(e);
        if (!residuals.empty())
            chart->setMeasured(residuals);
        return chart;
    };
    auto comparison = [&](QWidget* owner) {
        auto* view = new ComparisonView(owner);
        view->setUnit(unit);
        view->setComparisons(content.comparisons);
        return view;
    };
    const core::InferenceSetup& serving = content.scenario.inference;
    auto gauges = [&](QWidget* owner) {
        auto* panel = new GaugePanel(owner);
        panel->setAnimated(false); // a slide shows where the dials end, not a frame of their glide
        panel->setUnit(unit);
        panel->setServingRequest(serving.batchSize, serving.promptLength, serving.context());
        panel->setEstimate(e);
        return panel;
    };

    // The components any bar of the slide shows (every rank group of the memory chart, the
    // fullest GPU of each compared variant), in the charts' stack order, top first.
    auto legend = [&](QWidget* owner, const MemoryChart* chart, bool withMemoryChart) {
        std::array<bool, core::kComponentCount> present{};
        auto add = [&](const core::RankGroup& g) {
            for (std::size_t c = 0; c < core::kComponentCount; ++c)
                present[c] = present[c] || g.bytes[c] > 0;
        };
        if (withMemoryChart && e.valid)
            for (const core::RankGroup& g : e.groups)
                add(g);
        for (const core::Comparison& c : content.comparisons)
            for (const core::Estimate& v : c.estimates)
                if (v.valid)
                    add(v.fullest());
        QVector<core::Component> shown;
        const auto& order = chart->stackOrder();
        for (auto it = order.rbegin(); it != order.rend(); ++it)
            if (present[std::size_t(*it)])
                shown.push_back(*it);
        auto* names = new ComponentLegend(owner);
        names->setComponents(shown);
        // Its rows for the slide's width: a tree that is never shown gets no height-for-width pass.
        names->setFixedHeight(names->heightForWidth(m_options.size.width() - 2 * std::max(8, m_options.size.height() / 36)));
        return names;
    };

    switch (m_options.view) {
    case SlideView::Memory: {
        MemoryChart* chart = memoryChart(parent);
        if (residuals.empty())
            return chart;
        // A measured run's notes under the chart at the slide's whole width, wrapped: in the
        // plot's row they were wider than the plot and pushed the legend off the slide.
        auto* box = new QWidget(parent);
        auto* column = new QVBoxLayout(box);
        column->setContentsMargins(0, 0, 0, 0);
        chart->setParent(box);
        chart->setMeasuredNotesInPlot(false);
        column->addWidget(chart, 1);
        QLabel* notes = textLabel(chart->measuredNotes().join(QLatin1Char('\n')), basePointSize(m_options.size, m_options.view), false, box);
        notes->setObjectName(QStringLiteral("measuredNotes"));
        notes->setWordWrap(true);
        column->addWidget(notes);
        return box;
    }
    case SlideView::Comparison: {
        // At slide type sizes two charts side by side leave each bar narrower than its words:
        // one above the other, and the colours named once, in a column beside both (a slide
        // has width to spare, not height).
        auto* box = new QWidget(parent);
        auto* row = new QHBoxLayout(box);
        row->setContentsMargins(0, 0, 0, 0);
        ComparisonView* view = comparison(box);
        view->setStacked(true);
        row->addWidget(view, 1);
        ComponentLegend* names = legend(box, view->zeroChart(), false);
        names->setSingleColumn(true);
        names->setFixedSize(names->sizeHint());
        row->addWidget(names, 0, Qt::AlignTop);
        return box;
    }
    case SlideView::Gauges: {
        // Two rows of the nine training dials (five, then four: three rows of three pushed the
        // caption below the page at 1280 × 720), or the six serving dials and the roofline in two rows of four: one row
        // would be wider than a slide at its type size (16:9), its dials tall and thin. The roofline is a chart: it takes the last two cells of the second row.
        const bool servingSet = content.scenario.mode == core::Mode::Inference;
        const int columns = servingSet ? 4 : 5;
        auto* box = new QWidget(parent);
        auto* grid = new QGridLayout(box);
        grid->setContentsMargins(0, 0, 0, 0);
        GaugePanel* panel = gauges(box);
        panel->hide(); // the panel keeps the logic; its dials go into the grid
        const QVector<QWidget*> dials = panel->widgets(servingSet);
        for (int i = 0; i < dials.size(); ++i) {
            panel->layout()->removeWidget(dials[i]);
            dials[i]->setParent(box);
            dials[i]->show();
            grid->addWidget(dials[i], i / columns, i % columns, 1, dials[i] == panel->roofline() ? 2 : 1);
        }
        return box;
    }
    case SlideView::Bits: {
        auto* box = new QWidget(parent);
        box->setObjectName(QStringLiteral("bitRows"));
        auto* column = new QVBoxLayout(box);
        column->setContentsMargins(0, 0, 0, 0);
        column->setSpacing(0);
        //: bit-viewer slide heading; %1 = the value, e.g. 0.1
        auto* heading = textLabel(tr("What each number format stores for %1").arg(QLocale().toString(m_options.bitsValue, 'g', 10)),
                                  basePointSize(m_options.size, m_options.view) * 1.1, true, box);
        column->addWidget(heading);
        for (core::NumberFormat f : core::kElementFormats) {
            auto* view = new BitLayoutView(f, box);
            view->setValue(m_options.bitsValue);
            column->addStretch(1);
            column->addWidget(view);
        }
        column->addStretch(1);
        return box;
    }
    case SlideView::Dashboard: {
        // The window's views on one 16:9 page: dials on top, the bars and the comparisons below.
        auto* box = new QWidget(parent);
        auto* column = new QVBoxLayout(box);
        column->setContentsMargins(0, 0, 0, 0);
        GaugePanel* dials = gauges(box);
        dials->setDashboardRow(true); // one row of the core dials; the gauges slide has all nine
        column->addWidget(dials, 18);
        auto* row = new QHBoxLayout;
        MemoryChart* bars = memoryChart(box);
        bars->setLegendVisible(false); // named once under the charts: the chart keeps its width
        // a measured run: its marks and residuals, not its notes (a half-page chart has no
        // width for them; the memory slide words them)
        bars->setMeasuredNotesInPlot(false);
        row->addWidget(bars, 1);
        ComparisonView* variants = comparison(box);
        variants->setStacked(true); // a bar for each variant needs the column's whole width
        row->addWidget(variants, 1);
        column->addLayout(row, 82);
        column->addWidget(legend(box, bars, true));
        // The window's charts keep a minimum size a 720p page of nine views has no room for.
        for (MemoryChart* chart : box->findChildren<MemoryChart*>())
            chart->setMinimumPlotSize(QSize(120, 90));
        return box;
    }
    case SlideView::Step: {
        // The schedule above stage 0's memory, the cursor at that stage's peak; an animation
        // moves the cursor through the step.
        m_step = new StepScene(parent);
        m_step->setUnit(unit);
        m_step->setScenario(content.scenario, e);
        m_step->showPeak();
        return m_step;
    }
    case SlideView::Run: {
        // The run's first hours as presentation mode plays them (issue 29.4), unplayed: the
        // totals over the whole window beside the legend.
        auto* run = new RunView(parent);
        run->setRun(content.hasRun() ? e.compute.run.goodput : core::GoodputEstimate{}, e.compute.run.gpus);
        return run;
    }
    }
    return new QWidget(parent);
}

QString ViewRenderer::captionText() const
{
    return m_caption ? m_caption->text() : QString();
}

QImage ViewRenderer::image() const
{
    QImage image(m_options.size * m_options.scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(m_options.scale);
    image.fill(Qt::transparent);
    WidgetRenderer::render(m_slide.get(), &image, background(), false);
    return image;
}

bool ViewRenderer::write(SlideFormat format, QIODevice* device) const
{
    const QSize size = m_options.size;
    const QString title = m_options.title.isEmpty() ? QStringLiteral("ShardScope") : m_options.title;
    switch (format) {
    case SlideFormat::Png:
        return image().save(device, "PNG");
    case SlideFormat::Svg: {
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator svg;
        svg.setOutputDevice(&buffer);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(96); // QSvgGenerator defaults to 72 dpi: text would come out 25 % small
        svg.setTitle(title);
        svg.setDescription(captionText());
        if (!WidgetRenderer::render(m_slide.get(), &svg, background(), true))
            return false;
        const QByteArray xml = wellFormedXml(bytes);
        return device->write(xml) == xml.size();
    }
    case SlideFormat::Gif:
        return writeGif(device);
    case SlideFormat::Pdf: {
        QPdfWriter pdf(device);
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("ShardScope"));
        // One page the slide's size: 96 px per inch, 72 pt per inch.
        pdf.setPageSize(QPageSize(QSizeF(size.width() * 0.75, size.height() * 0.75), QPageSize::Point));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setResolution(96);
        return WidgetRenderer::render(m_slide.get(), &pdf, background(), true);
    }
    }
    return false;
}

QByteArray ViewRenderer::svg() const
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    write(SlideFormat::Svg, &buffer);
    return bytes;
}

bool ViewRenderer::save(const QString& path, QString* error) const
{
    const std::optional<SlideFormat> format = SlideViews::formatOf(path);
    if (!format) {
        if (error)
            //: %1 = file name
            *error = tr("%1: the file name must end in .png, .svg, .pdf or .gif").arg(path);
        return false;
    }
    if (*format == SlideFormat::Gif && !isAnimated()) {
        if (error)
            //: %1 = file name
            *error = tr("%1: only the step view plays as an animated GIF, and only when it draws a step; the other views are "
                        "still (.png, .svg or .pdf)")
                         .arg(path);
        return false;
    }
    // Refused before a pixel is allocated (a failed QImage allocation printed Qt's own
    // "QPainter::begin" warning and wrote nothing, issue 32.14).
    if (const std::optional<QString> problem = SlideViews::rasterProblem(m_options, *format)) {
        if (error)
            //: %1 = file name, %2 = why (the size)
            *error = tr("%1: %2").arg(path, *problem);
        return false;
    }
    QString reason;
    switch (FileSaver::save(path, [&](QIODevice& device) { return write(*format, &device); }, &reason)) {
    case FileSaver::Result::Saved: return true;
    case FileSaver::Result::CannotRender:
        if (error)
            //: %1 = file name
            *error = tr("Cannot render the slide into %1").arg(path);
        return false;
    case FileSaver::Result::CannotOpen:
    case FileSaver::Result::CannotWrite: break;
    }
    if (error)
        //: %1 = file name, %2 = the system's reason
        *error = tr("Cannot write %1: %2").arg(path, reason);
    return false;
}

QMimeData* ViewRenderer::mimeData() const
{
    auto* data = new QMimeData;
    data->setImageData(image());
    // Slide programs that take SVG (LibreOffice Impress, PowerPoint 365, Keynote) get vectors.
    data->setData(QStringLiteral("image/svg+xml"), svg());
    return data;
}

bool ViewRenderer::isAnimated() const
{
    return m_step && m_step->hasTimeline();
}

QImage ViewRenderer::frame(int index, int count) const
{
    if (!isAnimated())
        return image();
    const double kept = m_step->position();
    m_step->setPosition(count > 1 ? m_step->length() * index / (count - 1) : 0);
    QImage shot = image();
    m_step->setPosition(kept);
    return shot;
}

bool ViewRenderer::writeGif(QIODevice* device, AnimationStats* stats) const
{
    if (!isAnimated())
        return false;
    const int count = std::clamp(m_options.frames, SlideViews::kMinFrames, SlideViews::kMaxFrames);
    const double fps = std::clamp(m_options.fps, SlideViews::kMinFps, SlideViews::kMaxFps);
    const qint64 start = device->pos();
    GifWriter gif(device);
    AnimationStats s;
    QElapsedTimer clock;
    for (int i = 0; i < count; ++i) {
        clock.start();
        const QImage shot = frame(i, count);
        s.renderMs += double(clock.nsecsElapsed()) / 1e6;
        clock.start();
        const bool ok = gif.addFrame(shot, GifWriter::delayCentiseconds(i, fps));
        s.encodeMs += double(clock.nsecsElapsed()) / 1e6;
        if (!ok)
            return false;
    }
    clock.start();
    const bool ok = gif.finish();
    s.encodeMs += double(clock.nsecsElapsed()) / 1e6;
    s.frames = gif.frameCount();
    s.quantizedFrames = gif.quantizedFrames();
    s.bytes = device->pos() - start;
    if (stats)
        *stats = s;
    return ok;
}

QString ViewRenderer::framePath(const QString& path, int index, int count)
{
    const QFileInfo info(path);
    const int digits = std::max(3, int(QString::number(count).size()));
    const QString name = QStringLiteral("%1-%2.%3").arg(info.completeBaseName()).arg(index + 1, digits, 10, QLatin1Char('0')).arg(info.suffix());
    return info.path() == QLatin1String(".") && !path.startsWith(QLatin1String("./")) ? name : QDir(info.path()).filePath(name);
}

bool ViewRenderer::saveFrameSequence(const QString& path, QStringList* written, QString* error) const
{
    if (SlideViews::formatOf(path) != SlideFormat::Png) {
        if (error)
            //: %1 = file name
            *error = tr("%1: a frame sequence is written as PNG files: the name must end in .png").arg(path);
        return false;
    }
    if (!isAnimated()) {
        if (error)
            //: %1 = file name
            *error = tr("%1: only the step view plays as a frame sequence, and only when it draws a step").arg(path);
        return false;
    }
    if (const std::optional<QString> problem = SlideViews::rasterProblem(m_options, SlideFormat::Png, true)) {
        if (error)
            *error = tr("%1: %2").arg(path, *problem);
        return false;
    }
    const int count = std::clamp(m_options.frames, SlideViews::kMinFrames, SlideViews::kMaxFrames);
    for (int i = 0; i < count; ++i) {
        const QString file = framePath(path, i, count);
        const QImage shot = frame(i, count);
        QString reason;
        const FileSaver::Result result = FileSaver::save(file, [&](QIODevice& device) { return shot.save(&device, "PNG"); }, &reason);
        if (result != FileSaver::Result::Saved) {
            if (error)
                //: %1 = file name, %2 = the system's reason
                *error = tr("Cannot write %1: %2").arg(file, reason.isEmpty() ? tr("the frame could not be rendered") : reason);
            return false;
        }
        if (written)
            written->push_back(file);
    }
    return true;
}
