// The window against hostile and broken files (issue 16), offscreen: opening a scenario, a
// config.json or a deck that crashed, hung or was silently accepted before says why and leaves
// everything as it was; a session that cannot be restored never stops the start — it is
// reported once and kept as a file the user can inspect.
#include <QtTest>

#include <QDataStream>
#include <QSettings>
#include <QTemporaryDir>
#include <sys/stat.h>
#include <unistd.h>

#include "../widgets/guiscenarios.h"
#include "app/documents/documentcontroller.h"
#include "app/documents/sessionstore.h"
#include "app/documents/settingsfile.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/slides/decknavigator.h"
#include "app/slides/presentationwindow.h"
#include "app/slides/slidecontent.h"
#include "app/slides/slideoptions.h"
#include "app/slides/viewrenderer.h"
#include "app/controls/controlspanel.h"
#include "app/step/stepdock.h"
#include "core/estimate.h"
#include "widgets/valueslider.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/lab/tensorstudioview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/steppanel.h"

namespace {

void writeAll(const QString& path, const QByteArray& data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::string json(const MainWindow& w)
{
    return core::saveScenario(w.controller()->scenario());
}

QByteArray nested(int depth)
{
    return QByteArray(depth, '[') + QByteArray(depth, ']');
}

/// A QVariant holding a map nested `depth` deep, as QDataStream writes it (Qt 6): at each level
/// the type (QVariantMap), not null, one entry "k", and the next level; an int at the bottom.
QByteArray nestedMapVariant(int depth)
{
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    for (int i = 0; i < depth; ++i)
        out << quint32(QMetaType::QVariantMap) << qint8(0) << quint32(1) << QStringLiteral("k");
    out << quint32(QMetaType::Int) << qint8(0) << qint32(1);
    return bytes;
}

/// The settings file the window reads at start in this test (QSettings::setPath in initTestCase).
QString settingsFilePath()
{
    return QSettings().fileName();
}

} // namespace

class TestHostileGui : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The product's settings format, in a scratch directory.
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_hostilegui"));
        QSettings::setPath(SettingsFile::install(), QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        AnimatedMemoryChart::setAnimationsEnabled(false);
    }
    void init() { QSettings().clear(); }

    // Issue 16 items 1, 2, 5, 6, 8 through the window's File ▸ Open and drops (openAny).
    void hostileFilesLeaveTheScenarioUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        QTest::addRow("5e308 (aborted the window)") << QByteArray(R"({"schema_version": 1, "model": {"parameters": 5e308}})")
                                                   << "model.parameters: 5e308 is beyond the range of a double";
        QTest::addRow("config.json with load_in_4bit 1 (aborted)")
            << QByteArray(R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4, "vocab_size": 100,
                             "intermediate_size": 128, "quantization_config": {"load_in_4bit": 1}})")
            << "quantization_config.load_in_4bit";
        QByteArray keys = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"})";
        for (int i = 0; i < 100000; ++i)
            keys += ",\"k" + QByteArray::number(i) + "\":0";
        QTest::addRow("100k keys (~10 s)") << keys + "}" << "keys in one object";
        QTest::addRow("two model sections (last won)")
            << QByteArray(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "model": {"preset": "llama-2-70b"}})")
            << "model: this key is given twice";
        QTest::addRow("nested 100k deep") << QByteArray(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "x": )") + nested(100000) + "}"
                                          << "nested more than 64 levels deep";
    }
    void hostileFilesLeaveTheScenarioUntouched()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("hostile.json"));
        writeAll(path, content);
        MainWindow w;
        w.documentController()->setInteractive(false);
        w.controller()->setScenario(guiscenarios::llama70bOn64());
        w.controller()->flush();
        const std::string before = json(w);
        QVERIFY(!w.documentController()->openAny(path));
        QVERIFY2(w.documentController()->lastError().contains(reason), qPrintable(w.documentController()->lastError()));
        w.controller()->flush();
        QCOMPARE(json(w), before);
    }

    // Item 6: QFile::open on a FIFO blocked the window for ever; /dev/zero was read to the cap.
    void fifoAndDevicesAreRefused()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        MainWindow w;
        w.documentController()->setInteractive(false);
        for (const QString& path : {fifo, QStringLiteral("/dev/zero")}) {
            QVERIFY(!w.documentController()->openAny(path));
            QVERIFY2(w.documentController()->lastError().contains(QStringLiteral("not a regular file")),
                     qPrintable(w.documentController()->lastError()));
            QVERIFY(!w.documentController()->importHfConfig(path));
            QVERIFY(w.documentController()->lastError().contains(QStringLiteral("not a regular file")));
        }
        PresentationWindow p;
        QString error;
        QVERIFY(!p.openDeck(fifo, &error));
        QVERIFY2(error.contains(QStringLiteral("not a regular file")), qPrintable(error));
    }

    // The tensor studio's Open (from main's tensor studio) read with QFile::readAll: a FIFO
    // blocked the window for ever, /dev/zero was read until memory ran out. Refused unread, with
    // the reason, and the tensor shown stays as it was.
    void tensorStudioRefusesFifoAndDevices()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo.npy"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const QString big = dir.filePath(QStringLiteral("big.npy"));
        {
            QFile f(big);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(qint64(8) * (qint64(1) << 26) + 1024 * 1024 + 1)); // sparse: one byte beyond the cap
        }
        TensorStudioView v;
        v.setShape(4, 8);
        v.flush();
        const core::Tensor before = v.studio().tensor();
        QCOMPARE(before.size(), std::int64_t(32));
        for (const QString& path : {fifo, QStringLiteral("/dev/zero"), big}) {
            QVERIFY(!v.loadFile(path));
            const QString needle = path == big ? QStringLiteral("(513 MiB) ShardScope reads") : QStringLiteral("not a regular file");
            QVERIFY2(v.fileError().contains(needle), qPrintable(v.fileError()));
            QCOMPARE(v.studio().tensor().values, before.values);
        }
        // The 5-byte file: not a .npy, said so.
        const QString five = dir.filePath(QStringLiteral("five.npy"));
        writeAll(five, "5e308");
        QVERIFY(!v.loadFile(five));
        QVERIFY2(v.fileError().contains(QStringLiteral("not a .npy file")), qPrintable(v.fileError()));
    }

    // Item 4: a scene nested ~65k deep overflowed the stack (SIGSEGV) in the deck's dump().
    void deeplyNestedDeckLeavesTheDeck()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deck.json"));
        writeAll(path, QByteArray(R"({"scenes": [{"title": "deep", "scenario": )") + nested(65536) + "}]}");
        PresentationWindow w;
        w.navigator()->goTo(4);
        QString error;
        QVERIFY(!w.openDeck(path, &error));
        QVERIFY2(error.contains(QStringLiteral("nested more than 64 levels deep")), qPrintable(error));
        QCOMPARE(w.navigator()->count(), 19);
        QCOMPARE(w.navigator()->currentIndex(), 4);
    }

    // Item 1's worst case: a session containing 5e308 aborted the app on every start, until
    // the settings file was deleted by hand.
    void unrestorableSessionIsReportedOnceAndKept_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("reason");
        QTest::addRow("5e308 in the scenario") << "session/scenario" << QByteArray(R"({"schema_version": 1, "model": {"parameters": 5e308}})")
                                               << "model.parameters: 5e308 is beyond the range of a double";
        QTest::addRow("written by a newer version") << "session/scenario" << QByteArray(R"({"schema_version": 3, "model": {"preset": "llama-2-7b"}})")
                                                    << "schema_version 3 is not supported";
        QTest::addRow("cut short") << "session/scenario" << QByteArray("{\"schema_version\": 1, \"model\": {\"pre") << "not valid JSON";
        QTest::addRow("nested 100k deep") << "session/scenario"
                                          << QByteArray(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "x": )") + nested(100000) + "}"
                                          << "nested more than 64 levels deep";
        QTest::addRow("the saved baseline") << "session/savedScenario" << QByteArray(R"({"schema_version": 1e400})")
                                            << "schema_version: 1e400 is beyond";
    }
    void unrestorableSessionIsReportedOnceAndKept()
    {
        QFETCH(QString, key);
        QFETCH(QByteArray, text);
        QFETCH(QString, reason);
        const bool baselineOnly = key.endsWith(QLatin1String("savedScenario"));
        {
            QSettings settings;
            settings.setValue(QStringLiteral("session/scenario"), QString::fromStdString(core::saveScenario(guiscenarios::llama70bOn64())));
            settings.setValue(key, QString::fromUtf8(text));
            settings.setValue(QStringLiteral("session/file"), m_dir.filePath(QStringLiteral("gone.json")));
        }
        MainWindow w;
        SessionStore session(&w);
        QCOMPARE(session.restore(), baselineOnly); // a lost baseline still brings the scenario back
        const QString problem = session.restoreProblem();
        QVERIFY2(problem.contains(reason), qPrintable(problem));
        w.controller()->flush();
        if (baselineOnly) {
            QCOMPARE(w.controller()->scenario(), guiscenarios::llama70bOn64());
            QVERIFY(w.documentController()->isModified()); // against what, nobody knows any more
        } else {
            QCOMPARE(json(w), core::saveScenario(core::defaultScenario()));
        }

        // Kept, byte for byte, in a file the message names, beside the settings.
        const QDir folder(QFileInfo(QSettings().fileName()).absolutePath());
        const QStringList kept = folder.entryList({QStringLiteral("session-not-restored-*.json")}, QDir::Files);
        QCOMPARE(kept.size(), 1);
        QVERIFY2(problem.contains(QDir::toNativeSeparators(folder.filePath(kept.front()))), qPrintable(problem));
        QCOMPARE(readAll(folder.filePath(kept.front())), text);
        QVERIFY(QFile::remove(folder.filePath(kept.front())));

        // Reported once: the next start has nothing to complain about.
        MainWindow next;
        SessionStore again(&next);
        QCOMPARE(again.restore(), baselineOnly);
        QVERIFY2(again.restoreProblem().isEmpty(), qPrintable(again.restoreProblem()));
    }

    // The settings file itself damaged: kept aside, the settings start afresh, reported.
    void unreadableSettingsFileIsKept()
    {
        QSettings().sync();
        const QString file = QSettings().fileName();
        // A QSettings object reads the file again when its size changed on disk.
        writeAll(file, QByteArray("{\"session/scenario\": \"trunc"));
        MainWindow w;
        SessionStore session(&w);
        QVERIFY(!session.restore());
        QVERIFY2(session.restoreProblem().contains(QStringLiteral("settings file could not be read")), qPrintable(session.restoreProblem()));
        const QStringList kept = QFileInfo(file).dir().entryList({QFileInfo(file).fileName() + QStringLiteral(".unreadable-*")}, QDir::Files);
        QCOMPARE(kept.size(), 1);
        QCOMPARE(readAll(QFileInfo(file).dir().filePath(kept.front())), QByteArray("{\"session/scenario\": \"trunc"));
    }

    // Issue 32.1: a settings value that is a map nested 30,000 deep overflowed the stack in
    // QDataStream >> QVariant at every start (SIGSEGV before the window). It reads as unset.
    void deeplyNestedSettingsValueReadsAsUnset()
    {
        const QString file = settingsFilePath();
        QSettings().sync();
        const QByteArray value = nestedMapVariant(30000).toBase64();
        writeAll(file, "{\"session/language\": \"en\", \"x\": {\"@variant\": \"" + value + "\"}}");
        SettingsFile::migrateFromIni(); // the start
        QSettings settings;
        QVERIFY(!settings.value(QStringLiteral("x")).isValid());
        QCOMPARE(settings.value(QStringLiteral("session/language")).toString(), QStringLiteral("en"));
        MainWindow w;
        SessionStore session(&w);
        session.restore();
    }

    // Issue 32.2: a FIFO at the settings path (or a link to one) blocked the start for ever: the
    // settings reader opened it. It is renamed aside, reported, and the settings start afresh.
    void fifoAtTheSettingsPathIsSetAside_data()
    {
        QTest::addColumn<bool>("link");
        QTest::addRow("a FIFO") << false;
        QTest::addRow("a link to a FIFO") << true;
    }
    void fifoAtTheSettingsPathIsSetAside()
    {
        QFETCH(bool, link);
        const QString file = settingsFilePath();
        QSettings().sync();
        QFile::remove(file);
        QTemporaryDir dir;
        const QString fifo = link ? dir.filePath(QStringLiteral("fifo")) : file;
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        if (link)
            QCOMPARE(::symlink(QFile::encodeName(fifo).constData(), QFile::encodeName(file).constData()), 0);
        SettingsFile::migrateFromIni(); // the start: before any QSettings reads the file
        MainWindow w;
        SessionStore session(&w);
        session.restore();
        QVERIFY2(session.restoreProblem().contains(QStringLiteral("settings file could not be read")), qPrintable(session.restoreProblem()));
        const QStringList aside = QFileInfo(file).dir().entryList({QFileInfo(file).fileName() + QStringLiteral(".not-a-file-*")}, QDir::AllEntries | QDir::System | QDir::Hidden);
        QCOMPARE(aside.size(), 1);
        struct stat st;
        const QString kept = QFileInfo(file).dir().filePath(aside.front());
        QCOMPARE(::stat(QFile::encodeName(kept).constData(), &st), 0);
        QVERIFY(S_ISFIFO(st.st_mode)); // the FIFO (or the link to it) is kept as it was, under another name
        QCOMPARE(::lstat(QFile::encodeName(kept).constData(), &st), 0);
        QCOMPARE(S_ISLNK(st.st_mode), link);
        session.save();
        QVERIFY(!session.lastSaveFailed());
        QVERIFY(QFileInfo(file).isFile() && !QFileInfo(file).isSymLink());
        QFile::remove(QFileInfo(file).dir().filePath(aside.front()));
    }

    // Issue 32.4: Save and the settings' autosave renamed their temporary file over a FIFO or a
    // device behind the path. Refused, the node left as it was, the reason said.
    void saveReplacesOnlyRegularFiles()
    {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("fifo.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const QString link = dir.filePath(QStringLiteral("link.json"));
        QCOMPARE(::symlink("fifo.json", QFile::encodeName(link).constData()), 0);
        MainWindow w;
        w.documentController()->setInteractive(false);
        for (const QString& path : {fifo, link}) {
            QVERIFY(!w.documentController()->saveToFile(path));
            QVERIFY2(w.documentController()->lastError().contains(QStringLiteral("not a regular file; not replaced")),
                     qPrintable(w.documentController()->lastError()));
        }
        struct stat st;
        QVERIFY(::lstat(QFile::encodeName(fifo).constData(), &st) == 0 && S_ISFIFO(st.st_mode));
        QVERIFY(::lstat(QFile::encodeName(link).constData(), &st) == 0 && S_ISLNK(st.st_mode));

        // The settings file turned into a link to a device, then into a FIFO, while the window
        // runs: the autosave moves the entry aside (the device and the FIFO as they were) and
        // writes the session to a new file.
        const QString file = settingsFilePath();
        SessionStore session(&w);
        w.controller()->setScenario(guiscenarios::llama70bOn64());
        w.controller()->flush();
        for (const char* node : {"/dev/null", "fifo"}) {
            QSettings().sync();
            QFile::remove(file);
            const QString target = node == QLatin1String("fifo") ? fifo : QString::fromLatin1(node);
            QCOMPARE(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(file).constData()), 0);
            session.save();
            QVERIFY(!session.lastSaveFailed());
            QVERIFY(QFileInfo(file).isFile() && !QFileInfo(file).isSymLink());
            QVERIFY(readAll(file).contains("session/scenario"));
            const QDir folder = QFileInfo(file).dir();
            const QStringList aside = folder.entryList({QFileInfo(file).fileName() + QStringLiteral(".not-a-file-*")}, QDir::AllEntries | QDir::System | QDir::Hidden);
            QCOMPARE(aside.size(), 1);
            QVERIFY(QFileInfo(folder.filePath(aside.front())).isSymLink());
            QFile::remove(folder.filePath(aside.front()));
        }
        QVERIFY(::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
        QVERIFY(::lstat(QFile::encodeName(fifo).constData(), &st) == 0 && S_ISFIFO(st.st_mode));
        (void)SettingsFile::takeSetAside();
    }

    // Issue 32.3: a valid session of 100,000 one-layer stages and a global batch of 1e8 kept
    // the window unresponsive ~165 s at every start (3.9 GB): 100,000 rank groups to draw and
    // check. The estimate lists at most core::kMaxRankGroups groups, the step dock says why it
    // draws nothing.
    void enormousSessionRestoresBounded()
    {
        core::Scenario s = guiscenarios::llama70bOn64();
        s.model.numLayers = 100000;
        s.parallel.gpus = 100000;
        s.parallel.pipeline = 100000;
        s.parallel.tensor = 1;
        s.parallel.context = 1;
        s.parallel.virtualPipeline = 1;
        s.training.globalBatchSize = 100000000;
        s.training.microBatchSize = 1;
        QVERIFY2(core::estimate(s).valid, "the issue's scenario is valid");
        {
            QSettings settings;
            settings.setValue(QStringLiteral("session/scenario"), QString::fromStdString(core::saveScenario(s)));
        }
        MainWindow w;
        SessionStore session(&w);
        QVERIFY(session.restore());
        w.controller()->flush();
        const core::Estimate& e = w.controller()->estimate();
        QVERIFY(e.valid);
        QVERIFY2(e.groups.size() <= std::size_t(core::kMaxRankGroups), qPrintable(QString::number(e.groups.size())));
        QCOMPARE(e.groups.front().firstStage, 0);
        QCOMPARE(e.groups.back().lastStage, 99999);
        w.stepDock()->show();
        w.stepDock()->refresh();
        const QString reason = w.stepDock()->panel()->scheduleView()->picture().emptyText();
        QVERIFY2(reason.contains(QStringLiteral("100000 pipeline stages")) || reason.contains(QStringLiteral("100,000 pipeline stages")), qPrintable(reason));
    }

    // Issue 32.7: a deck scene titled "{fullest_gpu_gb}" 100,000 times took 13.4 GB to present.
    void deckWithAnEndlessTitleIsRefused()
    {
        QTemporaryDir dir;
        QByteArray title;
        for (int i = 0; i < 100000; ++i)
            title += "{fullest_gpu_gb}";
        const QString path = dir.filePath(QStringLiteral("deck.json"));
        writeAll(path, "{\"scenes\": [{\"title\": \"" + title + "\", \"scenario\": {\"schema_version\": 1, \"model\": {\"preset\": \"llama-2-7b\"}}}]}");
        PresentationWindow p;
        QString error;
        QVERIFY(!p.openDeck(path, &error));
        QVERIFY2(error.contains(QStringLiteral("scenes[0].title")) && error.contains(QStringLiteral("1,600,000")), qPrintable(error));
    }

    // Issue 32.7: an 80-character run without a space pushed a slide's title, legend and caption
    // past the canvas. A long run breaks anywhere; the title stays within the slide's width.
    void longUnbrokenTitleStaysOnTheSlide_data()
    {
        QTest::addColumn<int>("characters");
        QTest::addRow("80") << 80;
        QTest::addRow("1,000 (cut at 200)") << 1000;
        QTest::addRow("200 Chinese characters") << -200;
    }
    void longUnbrokenTitleStaysOnTheSlide()
    {
        QFETCH(int, characters);
        SlideOptions options;
        options.size = QSize(1280, 720);
        options.title = characters > 0 ? QString(characters, QLatin1Char('W')) : QString(-characters, QChar(0x4E2D));
        const ViewRenderer renderer(SlideContent::fromScenario(guiscenarios::llama70bOn64()), options);
        QWidget* slide = renderer.slide();
        auto* title = slide->findChild<QLabel*>(QStringLiteral("slideTitle"));
        auto* caption = slide->findChild<QLabel*>(QStringLiteral("slideCaption"));
        QVERIFY(title && caption);
        QCOMPARE(slide->size(), options.size);
        QVERIFY2(title->geometry().right() < options.size.width(), qPrintable(QString::number(title->geometry().right())));
        QVERIFY2(caption->geometry().bottom() < options.size.height(), qPrintable(QString::number(caption->geometry().bottom())));
        QVERIFY(title->text().size() <= 2 * 200);
        // At most three lines of it (200 characters of Chinese were eight, the chart squeezed out).
        QVERIFY2(title->height() <= 3 * QFontMetrics(title->font()).lineSpacing() + 4, qPrintable(QString::number(title->height())));
        if (characters >= 1000) // at most three lines: the rest is cut with an ellipsis
            QVERIFY(title->text().endsWith(QChar(0x2026)));
    }

    // Issue 32.12: the window showed a global batch of 1e8 as 16,777,216 and a sequence of 1e9 as
    // 4,194,304 (the spin boxes' own limits) while the estimate used the real values.
    void controlsShowEveryValueTheEstimateTakes()
    {
        core::Scenario s = guiscenarios::sevenBillionOnEight(1);
        s.training.globalBatchSize = 100000000;
        s.training.seqLength = 1000000000;
        MainWindow w;
        w.controller()->setScenario(s);
        w.controller()->flush();
        int seen = 0;
        for (ValueSlider* slider : w.controlsPanel()->findChildren<ValueSlider*>()) {
            const QString field = slider->property("field").toString();
            if (field == QLatin1String("training.global_batch_size")) {
                QCOMPARE(slider->spinBox()->value(), 1e8);
                ++seen;
            } else if (field == QLatin1String("training.seq_length")) {
                QCOMPARE(slider->spinBox()->value(), 1e9);
                ++seen;
            }
        }
        QCOMPARE(seen, 2);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestHostileGui)
#include "tst_hostilegui.moc"
