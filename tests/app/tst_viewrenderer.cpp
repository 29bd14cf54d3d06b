// Slides for export: every view in every format has the right magic bytes and size, the SVG
// carries the chart's words as text (not a picture), themes and transparency reach the pixels,
// the caption names the scenario's settings, and the clipboard gets an image and SVG.
#include <QtTest>

#include <QBuffer>
#include <QImage>
#include <QLabel>
#include <QMimeData>
#include <QTemporaryDir>

#include "../widgets/guiscenarios.h"
#include "app/slides/decknavigator.h"
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
        QVERIFY(!ViewRenderer(sevenB(), options(SlideView::Memory)).save(QStringLiteral("/tmp/slide.gif"), &error));
        QVERIFY(error.contains(QStringLiteral(".png")));
        QVERIFY(!ViewRenderer(sevenB(), options(SlideView::Memory)).save(QStringLiteral("/nonexistent/dir/slide.png"), &error));
        QVERIFY(error.contains(QStringLiteral("/nonexistent/dir/slide.png")));
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
};

QTEST_MAIN(TestViewRenderer)
#include "tst_viewrenderer.moc"
