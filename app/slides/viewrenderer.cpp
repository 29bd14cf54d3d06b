#include "app/slides/viewrenderer.h"

#include <QApplication>
#include <QBuffer>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMimeData>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>

#include "core/numerics/numberformat.h"
#include "widgets/lab/bitlayoutview.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/gauges/gauge.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/charts/memorychart.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/widgetrenderer.h"
#include "core/pipeline.h"
#include "core/timeline/steptimeline.h"

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

double ViewRenderer::basePointSize(const QSize& size)
{
    // 13.5 pt on a 1080-pixel slide: the window's proportions, readable from the back row.
    return std::clamp(size.height() / 80.0, 6.0, 48.0);
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
    const double base = basePointSize(m_options.size);
    QFont font = QApplication::font();
    font.setPointSizeF(base);
    m_slide->setFont(font);

    const int margin = std::max(8, m_options.size.height() / 36);
    auto* layout = new QVBoxLayout(m_slide.get());
    layout->setContentsMargins(margin, margin * 3 / 4, margin, margin * 3 / 4);
    layout->setSpacing(margin / 2);
    if (!m_options.title.isEmpty()) {
        QLabel* title = textLabel(m_options.title, base * 1.9, true, m_slide.get());
        title->setObjectName(QStringLiteral("slideTitle"));
        layout->addWidget(title);
    }
    layout->addWidget(buildView(content, m_slide.get()), 1);
    // The bit viewer shows a number, not the scenario: its settings would caption nothing.
    if (m_options.caption && m_options.view != SlideView::Bits) {
        m_caption = textLabel(SlideContent::caption(content.scenario, content.estimate), base * 0.95, false, m_slide.get());
        m_caption->setObjectName(QStringLiteral("slideCaption"));
        QPalette muted = m_caption->palette();
        muted.setColor(QPalette::WindowText, m_slide->palette().color(QPalette::PlaceholderText));
        m_caption->setPalette(muted);
        layout->addWidget(m_caption);
    }
    m_slide->resize(m_options.size);
    layOut(m_slide.get());
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
    auto memoryChart = [&](QWidget* owner) {
        auto* chart = new MemoryChart(owner);
        chart->setUnit(unit);
        chart->setEstimate(e);
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

    switch (m_options.view) {
    case SlideView::Memory:
        return memoryChart(parent);
    case SlideView::Comparison: {
        ComparisonView* view = comparison(parent);
        view->recomputeChart()->setLegendVisible(true); // alone on the slide: name the colours once
        return view;
    }
    case SlideView::Gauges: {
        if (content.scenario.mode == core::Mode::Inference)
            return gauges(parent); // the serving dials, in the panel's own row
        // Two rows of three: dials on a 16:9 slide would otherwise be tall and thin.
        auto* box = new QWidget(parent);
        auto* grid = new QGridLayout(box);
        grid->setContentsMargins(0, 0, 0, 0);
        GaugePanel* panel = gauges(box);
        panel->hide(); // the panel keeps the logic; its dials go into the grid
        for (int i = 0; i < int(GaugePanel::Kind::Count); ++i) {
            Gauge* g = panel->gauge(GaugePanel::Kind(i));
            panel->layout()->removeWidget(g);
            grid->addWidget(g, i / 3, i % 3);
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
                                  basePointSize(m_options.size) * 1.1, true, box);
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
        // Three charts and six dials share the page: slightly smaller type than a single view,
        // set before they are made so each picks it up.
        QFont small = box->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        box->setFont(small);
        auto* column = new QVBoxLayout(box);
        column->setContentsMargins(0, 0, 0, 0);
        column->addWidget(gauges(box), 22);
        auto* row = new QHBoxLayout;
        row->addWidget(memoryChart(box), 1);
        row->addWidget(comparison(box), 1);
        column->addLayout(row, 78);
        return box;
    }
    case SlideView::Step: {
        // The schedule above stage 0's memory, the cursor at that stage's peak.
        auto* box = new QWidget(parent);
        auto* column = new QVBoxLayout(box);
        column->setContentsMargins(0, 0, 0, 0);
        auto* schedule = new ScheduleView(box);
        auto* memory = new MemoryTimelineView(box);
        memory->setUnit(unit);
        const core::StepTimeline timeline = core::stepTimeline(content.scenario);
        schedule->setTimeline(timeline);
        if (timeline.valid)
            schedule->setFormulaBubble(core::bubbleFraction(int(timeline.stages.size()), timeline.virtualStages, timeline.microBatches));
        memory->setTimeline(timeline);
        double capacity = 0;
        for (const core::RankGroup& g : e.groups)
            capacity = std::max(capacity, g.capacityBytes);
        memory->setCapacity(capacity);
        schedule->setSelectedStage(0);
        const MemoryTimelineView::PeakMark peak = memory->peakMark(0);
        if (peak.valid) {
            schedule->setCursorPosition(peak.time);
            memory->setCursorPosition(peak.time);
        }
        column->addWidget(schedule, 2);
        column->addWidget(memory, 3);
        return box;
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
        QSvgGenerator svg;
        svg.setOutputDevice(device);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setResolution(96); // QSvgGenerator defaults to 72 dpi: text would come out 25 % small
        svg.setTitle(title);
        svg.setDescription(captionText());
        return WidgetRenderer::render(m_slide.get(), &svg, background(), true);
    }
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
            *error = tr("%1: the file name must end in .png, .svg or .pdf").arg(path);
        return false;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            //: %1 = file name, %2 = the system's reason
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    if (!write(*format, &file)) {
        file.cancelWriting();
        if (error)
            //: %1 = file name
            *error = tr("Cannot render the slide into %1").arg(path);
        return false;
    }
    if (!file.commit()) {
        if (error)
            //: %1 = file name, %2 = the system's reason
            *error = tr("Cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QMimeData* ViewRenderer::mimeData() const
{
    auto* data = new QMimeData;
    data->setImageData(image());
    // Slide programs that take SVG (LibreOffice Impress, PowerPoint 365, Keynote) get vectors.
    data->setData(QStringLiteral("image/svg+xml"), svg());
    return data;
}
