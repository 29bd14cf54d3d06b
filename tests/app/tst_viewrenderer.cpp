// Slides for export: every view in every format has the right magic bytes and size, the SVG
// carries the chart's words as text (not a picture), themes and transparency reach the pixels,
// the caption names the scenario's settings, and the clipboard gets an image and SVG.
#include <QtTest>

#include <QBuffer>
#include <QImage>
#include <QImageReader>
#include <QLabel>
#include <QMimeData>
#include <QTemporaryDir>

#include "../widgets/guiscenarios.h"
#include "app/slides/decknavigator.h"
#include "app/slides/stepscene.h"
#include "app/slides/slidecontent.h"
#include "app/slides/viewrenderer.h"

Q_DECLARE_METATYPE(SlideView)
Q_DECLARE_METATYPE(SlideFormat)
Q_DECLARE_METATYPE(SlideTheme::Theme)

namespace {

const SlideContent& sevenB()
{
    static const SlideContent content = SlideContent::fromScenario(guiscenarios::sevenBillionOnEight(1));
    return content;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Llama 2 70B, TP 8 × PP 4 × DP 2, 8 micro-batches per step (global batch 16).
const SlideContent& pipelined()
{
    static const SlideContent content = [] {
        core::Scenario s = guiscenarios::llama70bOn64();
        s.training.globalBatchSize = 16;
        return SlideContent::fromScenario(s);
    }();
    return content;
}

/// Pixels of `a` whose colour differs from `b`'s (RGB) by more than `tolerance`, the sum of the
/// three channels' differences.
int differingPixels(const QImage& a, const QImage& b, int tolerance = 0)
{
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    int n = 0;
    for (int row = 0; row < x.height(); ++row)
        for (int col = 0; col < x.width(); ++col) {
            const QRgb p = x.pixel(col, row), q = y.pixel(col, row);
            n += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q)) > tolerance;
        }
    return n;
}

SlideOptions options(SlideView view, QSize size = QSize(1280, 720))
{
    SlideOptions o;
    o.view = view;
    o.size = size;
    return o;
}

} // namespace

class TestViewRenderer : public QObject
{
    Q_OBJECT

private slots:
    void filesHaveMagicBytes_data()
    {
        QTest::addColumn<SlideView>("view");
        QTest::addColumn<QString>("suffix");
        QTest::addColumn<QByteArray>("magic");
        for (SlideView v : SlideViews::kAll) {
            const QByteArray id = SlideViews::id(v).toUtf8();
            QTest::addRow("%s png", id.constData()) << v << "png" << QByteArray("\x89PNG\r\n\x1a\n");
            QTest::addRow("%s svg", id.constData()) << v << "svg" << QByteArray("<?xml");
            QTest::addRow("%s pdf", id.constData()) << v << "pdf" << QByteArray("%PDF-");
        }
    }
    void filesHaveMagicBytes()
    {
        QFETCH(SlideView, view);
        QFETCH(QString, suffix);
        QFETCH(QByteArray, magic);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("slide.") + suffix);
        QString error;
        QVERIFY2(ViewRenderer(sevenB(), options(view)).save(path, &error), qPrintable(error));
        const QByteArray bytes = readAll(path);
        QVERIFY(bytes.startsWith(magic));
        if (suffix == QLatin1String("svg"))
            QVERIFY(bytes.contains("<svg"));
        if (suffix == QLatin1String("pdf"))
            QVERIFY(bytes.trimmed().endsWith("%%EOF"));
    }

    void pngSizeIsSizeTimesScale_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("scale");
        QTest::addColumn<QSize>("pixels");
        QTest::addRow("1920x1080") << QSize(1920, 1080) << 1.0 << QSize(1920, 1080);
        QTest::addRow("1280x720 x2") << QSize(1280, 720) << 2.0 << QSize(2560, 1440);
        QTest::addRow("800x450 x1.5") << QSize(800, 450) << 1.5 << QSize(1200, 675);
        QTest::addRow("custom 1000x1000") << QSize(1000, 1000) << 1.0 << QSize(1000, 1000);
    }
    void pngSizeIsSizeTimesScale()
    {
        QFETCH(QSize, size);
        QFETCH(double, scale);
        QFETCH(QSize, pixels);
        QTemporaryDir dir;
        SlideOptions o = options(SlideView::Dashboard, size);
        o.scale = scale;
        const QString path = dir.filePath(QStringLiteral("slide.png"));
        QVERIFY(ViewRenderer(sevenB(), o).save(path));
        QImage image(path);
        QCOMPARE(image.size(), pixels);
    }

    void svgHasTheChartsText_data()
    {
        QTest::addColumn<SlideView>("view");
        QTest::addColumn<QStringList>("words");
        // Axis title and the bar label of a pure data-parallel scenario (MemoryChart's texts).
        QTest::addRow("memory") << SlideView::Memory << QStringList{"Memory per GPU (GB)", "all ranks 0–7", "Optimizer states"};
        // (Stacked at slide type sizes, the comparison's axis title wraps: "Memory per GPU" / "(GB)".)
        QTest::addRow("comparison") << SlideView::Comparison << QStringList{"ZeRO stage · fullest GPU", "ZeRO-3", "(GB)"};
        QTest::addRow("gauges") << SlideView::Gauges << QStringList{"Training time", "GPU-hours", "Headroom"};
        QTest::addRow("bits") << SlideView::Bits << QStringList{"BF16", "FP8 E4M3", "0x"};
        QTest::addRow("dashboard") << SlideView::Dashboard << QStringList{"Memory per GPU (GB)", "Training time", "Recomputation · fullest GPU"};
        // The step: the schedule's title and the memory timeline's peak label (pure DP: one stage).
        QTest::addRow("step") << SlideView::Step << QStringList{"1F1B · stages p = 1", "Memory of stage 0 through one step", "Peak "};
        // The run (issue 29.4): its title with the GPU count, and the totals over the window.
        QTest::addRow("run") << SlideView::Run << QStringList{"wall-clock on 8 GPUs", "First ", "interruptions"};
    }
    void svgHasTheChartsText()
    {
        QFETCH(SlideView, view);
        QFETCH(QStringList, words);
        const QString svg = QString::fromUtf8(ViewRenderer(sevenB(), options(view)).svg());
        for (const QString& w : words)
            QVERIFY2(svg.contains(w.toHtmlEscaped()), qPrintable(w));
        // Real text and shapes: no part of the slide is a bitmap.
        QVERIFY(!svg.contains(QLatin1String("<image")));
        // 96 dpi: the declared size is the slide's, in pixels.
        QVERIFY(svg.contains(QLatin1String("viewBox=\"0 0 1280 720\"")));
    }

    void viewsFollowTheMode_data()
    {
        // The seeds' deck: scene 6 is 70B LoRA fine-tuning, scene 8 serves 70B in bf16.
        QTest::addColumn<int>("scene");
        QTest::addColumn<SlideView>("view");
        QTest::addColumn<QStringList>("present");
        QTest::addColumn<QStringList>("absent");
        QTest::addRow("serving comparison") << 8 << SlideView::Comparison
                                            << QStringList{"Weight format · fullest GPU", "KV-cache type · fullest GPU", "INT4"}
                                            << QStringList{"ZeRO stage · fullest GPU"};
        QTest::addRow("serving gauges") << 8 << SlideView::Gauges << QStringList{"Largest batch", "Time to first token"}
                                        << QStringList{"Training time"};
        QTest::addRow("fine-tuning comparison") << 6 << SlideView::Comparison
                                                << QStringList{"Fine-tuning method · fullest GPU", "QLoRA", "ZeRO stage · fullest GPU"}
                                                << QStringList{"Recomputation · fullest GPU"};
        QTest::addRow("training comparison") << 1 << SlideView::Comparison
                                             << QStringList{"ZeRO stage · fullest GPU", "Recomputation · fullest GPU"}
                                             << QStringList{"Weight format · fullest GPU"};
    }
    void viewsFollowTheMode()
    {
        QFETCH(int, scene);
        QFETCH(SlideView, view);
        QFETCH(QStringList, present);
        QFETCH(QStringList, absent);
        const core::Deck deck = DeckNavigator::seedDeck();
        const SlideContent content = SlideContent::fromScenario(deck.scenes.at(std::size_t(scene)).scenario);
        QVERIFY(content.valid());
        const QString svg = QString::fromUtf8(ViewRenderer(content, options(view)).svg());
        for (const QString& w : present)
            QVERIFY2(svg.contains(w.toHtmlEscaped()), qPrintable(w));
        for (const QString& w : absent)
            QVERIFY2(!svg.contains(w.toHtmlEscaped()), qPrintable(w));
    }

    void titleAndCaption()
    {
        SlideOptions o = options(SlideView::Memory);
        o.title = QStringLiteral("ZeRO-1 for the class");
        const ViewRenderer r(sevenB(), o);
        const QString caption = r.captionText();
        // Seed 2's scenario: 8 × A100, DP 8, ZeRO-1, mixed 16-bit, sequence 2048 × micro-batch 1.
        const QStringList parts{QStringLiteral("8 × NVIDIA A100"), QStringLiteral("TP 1 · PP 1 · DP 8"), QStringLiteral("ZeRO-1"),
                                QStringLiteral("mixed 16-bit"), QStringLiteral("sequence ") + QLocale().toString(2048),
                                QStringLiteral("micro-batch 1")};
        for (const QString& part : parts)
            QVERIFY2(caption.contains(part), qPrintable(caption));
        const QString svg = QString::fromUtf8(r.svg());
        QVERIFY(svg.contains(QStringLiteral("ZeRO-1 for the class")));
        QVERIFY(svg.contains(QStringLiteral("TP 1 · PP 1 · DP 8")));

        o.caption = false;
        o.title.clear();
        const ViewRenderer bare(sevenB(), o);
        QVERIFY(bare.captionText().isEmpty());
        QVERIFY(!QString::fromUtf8(bare.svg()).contains(QStringLiteral("DP 8")));
    }

    void themesAndTransparency_data()
    {
        QTest::addColumn<SlideTheme::Theme>("theme");
        QTest::addColumn<bool>("transparent");
        QTest::addColumn<QColor>("corner");
        QTest::addRow("light") << SlideTheme::Theme::Light << false << QColor(Qt::white);
        QTest::addRow("dark") << SlideTheme::Theme::Dark << false << QColor(0x1F, 0x21, 0x24);
        QTest::addRow("high contrast dark") << SlideTheme::Theme::HighContrastDark << false << QColor(Qt::black);
        QTest::addRow("transparent") << SlideTheme::Theme::Light << true << QColor(Qt::transparent);
    }
    void themesAndTransparency()
    {
        QFETCH(SlideTheme::Theme, theme);
        QFETCH(bool, transparent);
        QFETCH(QColor, corner);
        SlideOptions o = options(SlideView::Memory);
        o.theme = theme;
        o.transparent = transparent;
        const QImage image = ViewRenderer(sevenB(), o).image();
        QCOMPARE(image.pixelColor(2, 2).rgba(), corner.rgba());
        // The text takes the theme's colour from the palette: a dark theme writes light text.
        const ViewRenderer r(sevenB(), o);
        const bool darkWindow = r.slide()->palette().color(QPalette::Window).lightness() < 128;
        const bool lightText = r.slide()->palette().color(QPalette::WindowText).lightness() > 128;
        QCOMPARE(lightText, darkWindow);
        QCOMPARE(darkWindow, theme == SlideTheme::Theme::Dark || theme == SlideTheme::Theme::HighContrastDark);
    }

    void clipboardDataHasImageAndSvg()
    {
        const ViewRenderer r(sevenB(), options(SlideView::Memory, QSize(640, 360)));
        std::unique_ptr<QMimeData> data(r.mimeData());
        QVERIFY(data->hasImage());
        QCOMPARE(qvariant_cast<QImage>(data->imageData()).size(), QSize(640, 360));
        QVERIFY(data->hasFormat(QStringLiteral("image/svg+xml")));
        QVERIFY(data->data(QStringLiteral("image/svg+xml")).contains("<svg"));
    }

    void badFileNamesAreRefused()
    {
        QString error;
        QVERIFY(!ViewRenderer(sevenB(), options(SlideView::Memory)).save(QStringLiteral("/tmp/slide.tiff"), &error));
        QVERIFY(error.contains(QStringLiteral(".png")));
        // Only the step view moves: a GIF of the bars is refused, and says what would do.
        QVERIFY(!ViewRenderer(sevenB(), options(SlideView::Memory)).save(QStringLiteral("/tmp/slide.gif"), &error));
        QVERIFY2(error.contains(QStringLiteral("step view")), qPrintable(error));
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/slide.gif")));
        QVERIFY(!ViewRenderer(sevenB(), options(SlideView::Memory)).save(QStringLiteral("/nonexistent/dir/slide.png"), &error));
        QVERIFY(error.contains(QStringLiteral("/nonexistent/dir/slide.png")));
    }

    void stepGifPlaysTheStep()
    {
        // 24 frames of the 70B step at 640 × 360, 12 per second: delays 8, 9, 8, … cs (frame i
        // ends at round(100 (i + 1) / 12) cs), 200 cs in all.
        SlideOptions o = options(SlideView::Step, QSize(640, 360));
        o.frames = 24;
        o.fps = 12;
        const ViewRenderer r(pipelined(), o);
        QVERIFY(r.isAnimated());
        QByteArray gif;
        QBuffer buffer(&gif);
        buffer.open(QIODevice::WriteOnly);
        ViewRenderer::AnimationStats stats;
        QVERIFY(r.writeGif(&buffer, &stats));
        QCOMPARE(stats.frames, 24);
        QCOMPARE(stats.bytes, gif.size());
        QVERIFY(gif.startsWith("GIF89a"));

        buffer.close();
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "gif");
        QCOMPARE(reader.imageCount(), 24);
        QCOMPARE(reader.size(), QSize(640, 360));
        int total = 0;
        QImage first, last;
        for (int i = 0; i < 24; ++i) {
            const QImage decoded = reader.read();
            QVERIFY2(!decoded.isNull(), qPrintable(reader.errorString()));
            total += reader.nextImageDelay();
            // Each frame is the slide with the cursor at i/23 of the step. It has some 1,300
            // colours (antialiased text, the hatched bubbles) for a table of 256: the flat ones
            // come back exactly, the edges as a near colour. Most pixels are exact, and hardly
            // any is off by more than 8 levels a channel (24 over the three).
            const QImage expected = r.frame(i, 24);
            const int off = differingPixels(decoded, expected);
            const int visible = differingPixels(decoded, expected, 24);
            QVERIFY2(off * 100 < 15 * 640 * 360, qPrintable(QStringLiteral("frame %1: %2 pixels not exact").arg(i).arg(off)));
            QVERIFY2(visible * 1000 < 640 * 360, qPrintable(QStringLiteral("frame %1: %2 pixels off by more than 24").arg(i).arg(visible)));
            if (i == 0)
                first = decoded;
            last = decoded;
        }
        QCOMPARE(total, 2000); // ms: 24 frames at 12 per second
        QVERIFY(differingPixels(first, last) > 0); // the cursor moved
        // The still slide keeps its cursor at stage 0's peak after the frames were drawn.
        const double peak = r.stepScene()->position();
        QVERIFY(peak > 0);
        QCOMPARE(r.stepScene()->position(), peak);
    }

    void frameSequenceIsNumbered()
    {
        QTemporaryDir dir;
        SlideOptions o = options(SlideView::Step, QSize(320, 180));
        o.frames = 12;
        const ViewRenderer r(pipelined(), o);
        QStringList written;
        QString error;
        QVERIFY2(r.saveFrameSequence(dir.filePath(QStringLiteral("step.png")), &written, &error), qPrintable(error));
        QCOMPARE(written.size(), 12);
        QCOMPARE(QFileInfo(written.front()).fileName(), QStringLiteral("step-001.png"));
        QCOMPARE(QFileInfo(written.back()).fileName(), QStringLiteral("step-012.png"));
        for (const QString& f : written)
            QVERIFY(readAll(f).startsWith("\x89PNG"));
        QCOMPARE(ViewRenderer::framePath(QStringLiteral("a/b.png"), 999, 1000), QStringLiteral("a/b-1000.png"));
        QCOMPARE(ViewRenderer::framePath(QStringLiteral("b.png"), 0, 60), QStringLiteral("b-001.png"));
        // 2048 micro-batches per step are not drawn (as in the step dock): refused, nothing written.
        core::Scenario many = guiscenarios::sevenBillionOnEight();
        many.training.globalBatchSize = 16384; // / (micro-batch 1 × DP 8)
        const ViewRenderer still(SlideContent::fromScenario(many), o);
        QVERIFY(!still.isAnimated());
        QVERIFY(!still.saveFrameSequence(dir.filePath(QStringLiteral("many.png")), nullptr, &error));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("many-001.png"))));
        // A serving scenario plays its run instead: the serving view, the cursor through its steps.
        core::Scenario serving = guiscenarios::sevenBillionOnEight();
        serving.mode = core::Mode::Inference;
        const ViewRenderer served(SlideContent::fromScenario(serving), o);
        QVERIFY(served.isAnimated());
        QVERIFY(served.stepScene()->showsServing());
        QVERIFY(served.stepScene()->length() > 0);
        QVERIFY(differingPixels(served.frame(0, 12), served.frame(11, 12)) > 0);
    }

    void parsesSizesAndIds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QSize>("size");
        QTest::addRow("full hd") << "1920x1080" << QSize(1920, 1080);
        QTest::addRow("upper X") << "1280X720" << QSize(1280, 720);
        QTest::addRow("too small") << "10x10" << QSize();
        QTest::addRow("too large") << "20000x10" << QSize();
        QTest::addRow("not a size") << "big" << QSize();
        QTest::addRow("three parts") << "1x2x3" << QSize();
    }
    void parsesSizesAndIds()
    {
        QFETCH(QString, text);
        QFETCH(QSize, size);
        QCOMPARE(SlideViews::parseSize(text).value_or(QSize()), size);
        for (SlideView v : SlideViews::kAll)
            QCOMPARE(SlideViews::fromId(SlideViews::id(v)), std::optional<SlideView>(v));
        QVERIFY(!SlideViews::fromId(QStringLiteral("pie")));
    }

    void registryRows_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("animates");
        QTest::addColumn<bool>("needsRun");
        QTest::addColumn<bool>("captioned");
        QTest::addColumn<double>("floorPoints");
        // What each view is, as README "Slides" and `shardscope export --help` describe them: only the
        // step plays (its cursor), only the run needs a training run, the bit viewer shows a
        // number (no scenario caption), the dashboard is a handout (12-point floor, not 18).
        QTest::newRow("memory") << "memory" << false << false << true << 18.0;
        QTest::newRow("comparison") << "comparison" << false << false << true << 18.0;
        QTest::newRow("gauges") << "gauges" << false << false << true << 18.0;
        QTest::newRow("bits") << "bits" << false << false << false << 18.0;
        QTest::newRow("dashboard") << "dashboard" << false << false << true << 12.0;
        QTest::newRow("step") << "step" << true << false << true << 18.0;
        QTest::newRow("run") << "run" << false << true << true << 18.0;
    }
    void registryRows()
    {
        QFETCH(QString, id);
        QFETCH(bool, animates);
        QFETCH(bool, needsRun);
        QFETCH(bool, captioned);
        QFETCH(double, floorPoints);
        const std::optional<SlideView> view = SlideViews::fromId(id);
        QVERIFY(view);
        const SlideViews::Spec& spec = SlideViews::spec(*view);
        QCOMPARE(spec.animates, animates);
        QCOMPARE(spec.needsRun, needsRun);
        QCOMPARE(!spec.showsValue, captioned);
        QCOMPARE(ViewRenderer::minimumSlidePoints(*view), floorPoints);
        // Every view has a name of its own in the dialog.
        QSet<QString> names;
        for (SlideView v : SlideViews::kAll)
            names.insert(SlideViews::displayName(v));
        QCOMPARE(names.size(), qsizetype(std::size(SlideViews::kAll)));
    }
};

QTEST_MAIN(TestViewRenderer)
#include "tst_viewrenderer.moc"
