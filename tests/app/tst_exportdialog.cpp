// File ▸ Export…: the dialog writes what its options say, previews it, follows the scenario,
// and Copy puts an image and SVG on the clipboard.
#include <QtTest>

#include <QClipboard>
#include <QComboBox>
#include <QImage>
#include <QImageReader>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>

#include "../widgets/guiscenarios.h"
#include "app/slides/exportdialog.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Remembered export options go to a throw-away settings file, not the user's.
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settingsDir.path());
    }
    void init() { QSettings().remove(QStringLiteral("export")); }

    void remembersOptionsFormatAndFolder()
    {
        ScenarioController controller;
        controller.setScenario(guiscenarios::sevenBillionOnEight(1));
        controller.flush();
        SlideOptions o;
        {
            ExportDialog first(&controller);
            QCOMPARE(first.options(), SlideOptions()); // nothing remembered yet: the defaults
            o = first.options();
            o.view = SlideView::Comparison;
            o.size = QSize(1280, 720);
            o.scale = 3;
            o.transparent = true;
            o.theme = SlideTheme::Theme::HighContrastDark;
            o.caption = false;
            o.title = QStringLiteral("For this slide only");
            first.setOptions(o);
            first.setFormat(SlideFormat::Svg);
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.hide(); // closing the dialog remembers its options
        }
        ExportDialog second(&controller);
        SlideOptions expected = o;
        expected.title.clear(); // a title belongs to one slide
        QCOMPARE(second.options(), expected);
        QCOMPARE(second.format(), SlideFormat::Svg);
        // A damaged settings file falls back to the defaults, value by value.
        QSettings().setValue(QStringLiteral("export/size"), QStringLiteral("huge"));
        QSettings().setValue(QStringLiteral("export/theme"), QStringLiteral("neon"));
        QSettings().setValue(QStringLiteral("export/scale"), QStringLiteral("1e9"));
        ExportDialog third(&controller);
        QCOMPARE(third.options().size, SlideOptions().size);
        QCOMPARE(third.options().theme, SlideOptions().theme);
        QCOMPARE(third.options().scale, 8.0); // clamped to the spin box's range
        QCOMPARE(third.options().view, SlideView::Comparison);
    }

    void writesWhatTheOptionsSay_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("magic");
        QTest::addRow("png") << "slide.png" << QByteArray("\x89PNG");
        QTest::addRow("svg") << "slide.svg" << QByteArray("<?xml");
        QTest::addRow("pdf") << "slide.pdf" << QByteArray("%PDF");
    }
    void writesWhatTheOptionsSay()
    {
        QFETCH(QString, file);
        QFETCH(QByteArray, magic);
        ScenarioController controller;
        controller.setScenario(guiscenarios::sevenBillionOnEight(2));
        controller.flush();
        ExportDialog dialog(&controller);
        SlideOptions o;
        o.view = SlideView::Dashboard;
        o.size = QSize(1280, 720);
        o.scale = 2;
        o.title = QStringLiteral("ZeRO-2");
        dialog.setOptions(o);
        QCOMPARE(dialog.options(), o);
        QTemporaryDir dir;
        const QString path = dir.filePath(file);
        QString error;
        QVERIFY2(dialog.exportTo(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(8).startsWith(magic));
        if (file.endsWith(QLatin1String(".png")))
            QCOMPARE(QImage(path).size(), QSize(2560, 1440)); // 1280 × 720 at scale 2
    }

    void animatedGifOfTheStep()
    {
        // 70B, TP 8 × PP 4 × DP 2, 8 micro-batches: the step view as 6 frames at 5 per second.
        ScenarioController controller;
        core::Scenario s = guiscenarios::llama70bOn64();
        s.training.globalBatchSize = 16;
        controller.setScenario(s);
        controller.flush();
        ExportDialog dialog(&controller);
        SlideOptions o;
        o.view = SlideView::Step;
        o.size = QSize(480, 270);
        o.frames = 6;
        o.fps = 5;
        dialog.setOptions(o);
        dialog.setFormat(SlideFormat::Gif);
        QCOMPARE(dialog.options(), o);
        QPushButton* save = nullptr;
        for (QPushButton* b : dialog.findChildren<QPushButton*>())
            if (b->isDefault())
                save = b;
        QVERIFY(save);
        QVERIFY(save->isEnabled());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("step.gif"));
        QString error;
        QVERIFY2(dialog.exportTo(path, &error), qPrintable(error));
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("gif"));
        QCOMPARE(reader.imageCount(), 6);
        QCOMPARE(reader.size(), QSize(480, 270));
        QVERIFY(!reader.read().isNull());
        QCOMPARE(reader.nextImageDelay(), 200); // 5 per second: 20 cs
        // The bars do not move: no GIF of them, and the dialog says so before anyone tries.
        o.view = SlideView::Memory;
        dialog.setOptions(o);
        QVERIFY(!save->isEnabled());
        QVERIFY(!dialog.exportTo(dir.filePath(QStringLiteral("bars.gif")), &error));
        QVERIFY2(error.contains(QStringLiteral("step view")), qPrintable(error));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("bars.gif"))));
    }

    void previewFollowsOptionsAndScenario()
    {
        ScenarioController controller;
        controller.setScenario(guiscenarios::sevenBillionOnEight(0));
        controller.flush();
        ExportDialog dialog(&controller);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        SlideOptions o = dialog.options();
        o.size = QSize(1280, 720);
        dialog.setOptions(o);
        dialog.updatePreview();
        QCOMPARE(dialog.previewImage().size(), QSize(1280, 720));
        QCOMPARE(dialog.content().scenario.training.zeroStage, 0);
        controller.set(core::Field::TrainingZeroStage, 3);
        controller.flush();
        QCOMPARE(dialog.content().scenario.training.zeroStage, 3);
        // Size presets fill in the custom fields.
        auto* size = dialog.findChildren<QComboBox*>().at(2);
        size->setCurrentIndex(0);
        QCOMPARE(dialog.options().size, QSize(1920, 1080));
    }

    void copyPutsImageAndSvgOnTheClipboard()
    {
        ScenarioController controller;
        controller.flush();
        ExportDialog dialog(&controller);
        SlideOptions o;
        o.size = QSize(640, 360);
        dialog.setOptions(o);
        QVERIFY(dialog.copyToClipboard());
        const QMimeData* data = QGuiApplication::clipboard()->mimeData();
        QVERIFY(data);
        QVERIFY(data->hasImage());
        QVERIFY(data->hasFormat(QStringLiteral("image/svg+xml")));
        QVERIFY(data->data(QStringLiteral("image/svg+xml")).contains("Memory per GPU"));
        // The dialog was never shown: Copy still takes the scenario as it is now.
        controller.set(core::Field::TrainingZeroStage, 3);
        controller.flush();
        QVERIFY(dialog.copyToClipboard());
        QCOMPARE(dialog.content().scenario.training.zeroStage, 3);
        QVERIFY(QGuiApplication::clipboard()->mimeData()->data(QStringLiteral("image/svg+xml")).contains("ZeRO-3"));
    }

    void invalidScenarioHasNothingToExport()
    {
        ScenarioController controller;
        core::Scenario s = guiscenarios::sevenBillionOnEight(0);
        s.parallel.tensor = 3; // does not divide 8 GPUs
        controller.setScenario(s);
        controller.flush();
        ExportDialog dialog(&controller);
        QTemporaryDir dir;
        QString error;
        QVERIFY(!dialog.exportTo(dir.filePath(QStringLiteral("x.png")), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    }

    void mainWindowHasExportAndCopy()
    {
        MainWindow window;
        QAction* exportAction = nullptr;
        QAction* copy = nullptr;
        for (QAction* a : window.findChildren<QAction*>()) {
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E))
                exportAction = a;
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C))
                copy = a;
        }
        QVERIFY(exportAction);
        QVERIFY(copy);
        window.controller()->flush();
        QGuiApplication::clipboard()->clear();
        copy->trigger();
        QVERIFY(QGuiApplication::clipboard()->mimeData()->hasFormat(QStringLiteral("image/svg+xml")));
    }

private:
    QTemporaryDir m_settingsDir;
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
