// The window against hostile and broken files (issue 16), offscreen: opening a scenario, a
// config.json or a deck that crashed, hung or was silently accepted before says why and leaves
// everything as it was; a session that cannot be restored never stops the start — it is
// reported once and kept as a file the user can inspect.
#include <QtTest>

#include <QSettings>
#include <QTemporaryDir>
#include <sys/stat.h>

#include "../widgets/guiscenarios.h"
#include "app/documents/documentcontroller.h"
#include "app/documents/sessionstore.h"
#include "app/documents/settingsfile.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/slides/decknavigator.h"
#include "app/slides/presentationwindow.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/lab/tensorstudioview.h"

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
        QCOMPARE(w.navigator()->count(), 18);
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

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestHostileGui)
#include "tst_hostilegui.moc"
