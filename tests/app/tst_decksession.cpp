// Presentation mode's live edits, without the window: which scene the controller started from,
// the scenes dragged on and left, and the deck that keeping them makes (each edit a new scene
// right after its source, later scenes first). Every expected deck is worked out by hand below.
#include <QtTest>

#include "app/slides/decksession.h"

namespace {

core::Scenario withGpus(int gpus)
{
    core::Scenario s;
    s.parallel.gpus = gpus;
    return s;
}

core::Scene scene(const char* title, int gpus)
{
    core::Scene s;
    s.title.en = title;
    s.scenario = withGpus(gpus);
    return s;
}

/// "A" on 8 GPUs, "B" on 16, "C" on 32.
core::Deck abc()
{
    core::Deck d;
    d.scenes = {scene("A", 8), scene("B", 16), scene("C", 32)};
    return d;
}

/// The deck as "title:gpus" pairs, to compare with what was worked out.
QStringList shape(const core::Deck& d)
{
    QStringList out;
    for (const core::Scene& s : d.scenes)
        out << QStringLiteral("%1:%2").arg(QString::fromStdString(s.title.en)).arg(s.scenario.parallel.gpus);
    return out;
}

std::string notesOf(const core::Scenario& s)
{
    return "on " + std::to_string(s.parallel.gpus) + " GPUs";
}

} // namespace

class TestDeckSession : public QObject
{
    Q_OBJECT

private slots:
    void steppingOnKeepsWhatWasDragged()
    {
        const core::Deck deck = abc();
        DeckSession s;
        s.enter(0, deck, withGpus(8)); // a fresh start: nothing to keep
        QCOMPARE(s.shownScene(), 0);
        QVERIFY(s.pending().empty());
        QVERIFY(!s.edited(deck, withGpus(8)));
        QVERIFY(s.edited(deck, withGpus(9)));
        s.enter(1, deck, withGpus(9)); // A dragged to 9 GPUs, then B shown
        QCOMPARE(int(s.pending().size()), 1);
        QCOMPARE(s.pending()[0].scene, 0);
        QCOMPARE(s.pending()[0].scenario.parallel.gpus, 9);
        s.enter(2, deck, withGpus(16)); // B left as it was: nothing kept
        QCOMPARE(int(s.pending().size()), 1);
        // C dragged to 33 and still shown: two edits to offer on leaving.
        QCOMPARE(s.editCount(deck, withGpus(33)), 2);
        QCOMPARE(s.editCount(deck, withGpus(32)), 1);
        s.enter(2, deck, withGpus(33)); // the same scene again (a language change): no edit
        QCOMPARE(int(s.pending().size()), 1);
    }

    void keepingInsertsEachEditAfterItsSource()
    {
        const core::Deck deck = abc();
        DeckSession s;
        s.enter(0, deck, withGpus(8));
        s.enter(2, deck, withGpus(9)); // A → 9 GPUs, then C shown
        int current = 2;
        const core::Deck kept = s.keepEdits(deck, withGpus(33), current, notesOf, true);
        // C' (33) goes in at 3 first, then A' (9) at 1: A, A', B, C, C'. The current scene, C,
        // moved one down (A' came in before it).
        QCOMPARE(shape(kept), (QStringList{"A:8", "A:9", "B:16", "C:32", "C:33"}));
        QCOMPARE(current, 3);
        QCOMPARE(kept.scenes[1].notes.en, std::string("on 9 GPUs"));
        QCOMPARE(kept.scenes[1].notes.zhCN, std::string()); // shown in English: no Chinese notes
        QVERIFY(s.pending().empty());
        QCOMPARE(s.shownScene(), -1); // a new deck: the next scene shown is a fresh start
    }

    void keepingInChineseNotesBothLanguages()
    {
        const core::Deck deck = abc();
        DeckSession s;
        s.enter(1, deck, withGpus(16));
        int current = 1;
        const core::Deck kept = s.keepEdits(deck, withGpus(24), current, notesOf, false);
        QCOMPARE(shape(kept), (QStringList{"A:8", "B:16", "B:24", "C:32"}));
        QCOMPARE(current, 1); // the edit came in after the current scene
        QCOMPARE(kept.scenes[2].notes.zhCN, std::string("on 24 GPUs"));
    }

    void twoEditsOfOneSceneBothKept()
    {
        const core::Deck deck = abc();
        DeckSession s;
        s.enter(0, deck, withGpus(8));
        s.enter(1, deck, withGpus(9));  // A → 9
        s.enter(0, deck, withGpus(16)); // back on A
        s.enter(1, deck, withGpus(10)); // A → 10
        int current = 1;
        const core::Deck kept = s.keepEdits(deck, withGpus(16), current, notesOf, true);
        // A' (9) in at 1, then A'' (10) at 1: the later edit nearer its source.
        QCOMPARE(shape(kept), (QStringList{"A:8", "A:10", "A:9", "B:16", "C:32"}));
        QCOMPARE(current, 3);
    }

    void nothingToKeepLeavesTheDeckAndTheSceneShown()
    {
        const core::Deck deck = abc();
        DeckSession s;
        s.enter(1, deck, withGpus(16));
        int current = 1;
        const core::Deck kept = s.keepEdits(deck, withGpus(16), current, notesOf, true);
        QCOMPARE(shape(kept), shape(deck));
        QCOMPARE(current, 1);
        QCOMPARE(s.shownScene(), 1); // a drag after this is still this scene's edit
        QVERIFY(s.edited(deck, withGpus(17)));
    }

    void anAddedSceneMovesTheEditsAfterIt()
    {
        const core::Deck deck = abc();
        DeckSession s;
        s.enter(0, deck, withGpus(8));
        s.enter(2, deck, withGpus(9));  // A → 9 (scene 0)
        s.enter(1, deck, withGpus(40)); // C → 40 (scene 2)
        s.sceneAdded(1);                // a scene added after A: B and C move down
        QCOMPARE(s.pending()[0].scene, 0);
        QCOMPARE(s.pending()[1].scene, 3);
        QCOMPARE(s.shownScene(), -1); // what was dragged went into the new scene
    }

    void aSceneOutOfTheDeckIsNoEdit()
    {
        DeckSession s;
        s.restoreShown(7);
        QVERIFY(!s.edited(abc(), withGpus(1)));
        s.clear();
        QCOMPARE(s.shownScene(), -1);
        QVERIFY(s.pending().empty());
    }
};

QTEST_GUILESS_MAIN(TestDeckSession)
#include "tst_decksession.moc"
