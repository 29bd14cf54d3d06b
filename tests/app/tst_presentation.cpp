// Presentation mode: the seeds' deck steps with the clicker keys and the bars end at each
// scene's numbers (ZeRO 112 / 38.5 / 26.25 / 14 GB), the glide passes through the numbers in
// between, Esc leaves, decks load and save, a scene can be added, themes reach the chart.
#include <QtTest>

#include <QEasingCurve>
#include <QSlider>
#include <QTemporaryDir>

#include "../widgets/guiscenarios.h"
#include "app/slides/decknavigator.h"
#include "app/mainwindow.h"
#include "app/slides/presentationcontrols.h"
#include "app/slides/presentationwindow.h"
#include "app/scenariocontroller.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/valueslider.h"

namespace {

/// Weights + gradients + optimizer states of the first bar: the "model states" of ZeRO §3.
double modelStateGB(const AnimatedMemoryChart* chart)
{
    const MemoryChart* c = chart->chart();
    return (c->barBytes(0, core::Component::Weights) + c->barBytes(0, core::Component::Gradients)
            + c->barBytes(0, core::Component::OptimizerStates)) / 1e9;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        AnimatedMemoryChart::setAnimationsEnabled(false);
    }

    void shipsTheSeedsDeck()
    {
        ScenarioController controller;
        PresentationWindow w(&controller);
        QCOMPARE(w.navigator()->count(), 17);
        w.navigator()->goTo(0);
        QVERIFY(w.sceneTitle().contains(QStringLiteral("112 GB")));
        QVERIFY(!w.sceneNotes().isEmpty());
    }

    void keysStepScenes_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addRow("Right") << int(Qt::Key_Right) << 0 << 1;
        QTest::addRow("PageDown (clicker)") << int(Qt::Key_PageDown) << 1 << 2;
        QTest::addRow("Space") << int(Qt::Key_Space) << 2 << 3;
        QTest::addRow("Left") << int(Qt::Key_Left) << 3 << 2;
        QTest::addRow("PageUp (clicker)") << int(Qt::Key_PageUp) << 1 << 0;
        QTest::addRow("Left at the start stays") << int(Qt::Key_Left) << 0 << 0;
        QTest::addRow("End") << int(Qt::Key_End) << 0 << 16;
        QTest::addRow("Right at the end stays") << int(Qt::Key_Right) << 16 << 16;
        QTest::addRow("Home") << int(Qt::Key_Home) << 9 << 0;
    }
    void keysStepScenes()
    {
        QFETCH(int, key);
        QFETCH(int, from);
        QFETCH(int, to);
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.navigator()->goTo(from);
        QTest::keyClick(&w, Qt::Key(key));
        QCOMPARE(w.navigator()->currentIndex(), to);
        controller.flush();
        QCOMPARE(controller.scenario(), w.navigator()->deck().scenes[std::size_t(to)].scenario);
        QCOMPARE(w.sceneTitle(), w.navigator()->title(to));
    }

    void barsEndAtEachScenesNumbers_data()
    {
        QTest::addColumn<bool>("animated");
        QTest::addRow("immediate") << false;
        QTest::addRow("animated") << true;
    }
    void barsEndAtEachScenesNumbers()
    {
        QFETCH(bool, animated);
        AnimatedMemoryChart::setAnimationsEnabled(animated);
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        QVERIFY(near(modelStateGB(w.chart()), 112.0)); // ZeRO §3.1: 16 B × 7e9 on every GPU
        const double expected[] = {38.5, 26.25, 14.0}; // ZeRO-1, 2, 3 over 8 ranks: (4 + 12/8)·7, (2 + 14/8)·7, 16/8·7 GB
        for (double gb : expected) {
            QTest::keyClick(&w, Qt::Key_Right);
            controller.flush();
            if (animated)
                QVERIFY(w.chart()->isAnimating());
            QTRY_VERIFY(!w.chart()->isAnimating());
            QVERIFY2(near(modelStateGB(w.chart()), gb), qPrintable(QString::number(modelStateGB(w.chart()))));
        }
    }

    void glidePassesThroughTheNumbersBetween()
    {
        AnimatedMemoryChart::setAnimationsEnabled(true);
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        QTest::keyClick(&w, Qt::Key_Right); // ZeRO-0 → ZeRO-1: 112 → 38.5 GB
        controller.flush();
        QVERIFY(w.chart()->isAnimating());
        w.chart()->setProgress(0.0);
        QVERIFY(near(modelStateGB(w.chart()), 112.0));
        w.chart()->setProgress(0.5);
        const double t = QEasingCurve(QEasingCurve::OutCubic).valueForProgress(0.5);
        QVERIFY(near(modelStateGB(w.chart()), 112.0 + (38.5 - 112.0) * t));
        w.chart()->setProgress(1.0);
        QVERIFY(near(modelStateGB(w.chart()), 38.5));
    }

    void glideBetweenDifferentBarCounts()
    {
        // One bar (7B, DP) to four pipeline stages (70B, PP 4): the chart ends with four.
        AnimatedMemoryChart::setAnimationsEnabled(true);
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(3);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        QCOMPARE(w.chart()->chart()->groupCount(), 1);
        QTest::keyClick(&w, Qt::Key_Right);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        const core::Estimate e = controller.estimate();
        QCOMPARE(w.chart()->chart()->groupCount(), int(e.groups.size()));
        for (int g = 0; g < int(e.groups.size()); ++g)
            QCOMPARE(w.chart()->chart()->barTotalBytes(g), e.groups[std::size_t(g)].totalBytes);
    }

    void escapeLeaves()
    {
        ScenarioController controller;
        PresentationWindow w(&controller);
        QSignalSpy left(&w, &PresentationWindow::left);
        w.start();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.isVisible());
        QVERIFY(w.isFullScreen());
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.isVisible());
        QCOMPARE(left.count(), 1);
    }

    void mainWindowF5()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::keyClick(&window, Qt::Key_F5);
        PresentationWindow* p = window.presentationWindow();
        QVERIFY(p);
        QTRY_VERIFY(p->isVisible());
        window.controller()->flush();
        QCOMPARE(window.controller()->scenario(), p->navigator()->deck().scenes[0].scenario);
        QTest::keyClick(p, Qt::Key_Right);
        window.controller()->flush();
        // The window follows: it shows the scene's scenario after leaving.
        QTest::keyClick(p, Qt::Key_Escape);
        QVERIFY(!p->isVisible());
        QCOMPARE(window.controller()->scenario().training.zeroStage, 1);
    }

    void controlsDriveTheController()
    {
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.navigator()->goTo(0);
        controller.flush();
        w.controls()->zeroSlider()->slider()->setValue(3); // as a drag would
        controller.flush();
        QCOMPARE(controller.scenario().training.zeroStage, 3);
        QVERIFY(near(modelStateGB(w.chart()), 14.0));
        // The sliders never take the keyboard from the scenes.
        QCOMPARE(w.controls()->zeroSlider()->slider()->focusPolicy(), Qt::NoFocus);
    }

    void decksLoadAddAndSave()
    {
        QTemporaryDir dir;
        ScenarioController controller;
        PresentationWindow w(&controller);
        controller.setScenario(guiscenarios::llama70bOn64());
        controller.flush();
        w.navigator()->goTo(2);
        controller.setScenario(guiscenarios::llama70bOn64()); // the teacher changed things
        controller.flush();
        const int at = w.addCurrentScene(QStringLiteral("My 70B layout"));
        QCOMPARE(at, 3);
        QCOMPARE(w.navigator()->count(), 18);
        QCOMPARE(w.sceneTitle(), QStringLiteral("My 70B layout"));
        const QString path = dir.filePath(QStringLiteral("deck.json"));
        QString error;
        QVERIFY2(w.saveDeck(path, &error), qPrintable(error));

        PresentationWindow other(&controller);
        QVERIFY2(other.openDeck(path, &error), qPrintable(error));
        QCOMPARE(other.navigator()->count(), 18);
        QCOMPARE(other.navigator()->title(3), QStringLiteral("My 70B layout"));
        QCOMPARE(other.navigator()->deck().scenes[3].scenario, guiscenarios::llama70bOn64());
        QCOMPARE(other.navigator()->currentIndex(), 0);
    }

    void badDeckLeavesTheDeck_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("needle");
        QTest::addRow("truncated") << QByteArray("{\"scenes\": [{\"title\": \"x\", \"scenario\": {\"schema_ver") << "deck.json";
        QTest::addRow("no scenes") << QByteArray("{\"title\": \"empty\", \"scenes\": []}") << "no scenes";
        QTest::addRow("not a deck") << QByteArray("[1, 2, 3]") << "deck.json";
        QTest::addRow("invalid scenario") << QByteArray("{\"scenes\": [{\"scenario\": {\"schema_version\": 1, \"parallel\": {\"gpus\": \"many\"}}}]}")
                                          << "deck.json";
    }
    void badDeckLeavesTheDeck()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deck.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.navigator()->goTo(5);
        QString error;
        QVERIFY(!w.openDeck(path, &error));
        QVERIFY2(error.contains(needle), qPrintable(error));
        QCOMPARE(w.navigator()->count(), 17);
        QCOMPARE(w.navigator()->currentIndex(), 5);
        QString missing;
        QVERIFY(!w.openDeck(dir.filePath(QStringLiteral("none.json")), &missing));
        QVERIFY(missing.contains(QStringLiteral("none.json")));
    }

    void highContrastThemes()
    {
        ScenarioController controller;
        PresentationWindow w(&controller);
        w.setTheme(SlideTheme::Theme::HighContrastDark);
        QCOMPARE(w.palette().color(QPalette::Window), QColor(Qt::black));
        QCOMPARE(w.chart()->chart()->palette().color(QPalette::Base), QColor(Qt::black));
        QTest::keyClick(&w, Qt::Key_T);
        QCOMPARE(w.theme(), SlideTheme::Theme::HighContrastLight);
        QCOMPARE(w.chart()->chart()->palette().color(QPalette::Base), QColor(Qt::white));
        QCOMPARE(w.chart()->chart()->palette().color(QPalette::WindowText), QColor(Qt::black));
    }

    void chineseTitlesFollowTheLanguage()
    {
        ScenarioController controller;
        DeckNavigator deck;
        deck.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(deck.title(0), QString::fromStdString(deck.deck().scenes[0].title.zhCN));
        deck.setLanguage(QStringLiteral("en"));
        QCOMPARE(deck.title(0), QString::fromStdString(deck.deck().scenes[0].title.en));
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
