// A saved file survives a full disk (issue 16). In Qt 6.4 QSaveFile::commit() returned true
// after its buffered flush failed with ENOSPC: saving a scenario onto a full file system
// replaced the old file with a 0-byte one and reported success (the modified flag cleared),
// and QSettings' own writer emptied the settings file (the session) the same way. Each writer
// of the window is tried on a full tmpfs (root) and under a file-size limit (anyone): the
// previous file is intact and an error is shown.
#include <QtTest>

#include <cerrno>
#include <cstring>

#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QSettings>

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
#include "core/io/scenario_io.h"
#include "fullfilesystem.h"
#include "widgets/charts/animatedmemorychart.h"

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(missing)");
}

/// The files in the directory of `path` that start with its name: the file, and any temporary
/// file a failed save would have left (FileSaver's are hidden: ".NAME.shardscope-XXXXXX").
QStringList siblings(const QString& path)
{
    const QFileInfo info(path);
    return info.dir().entryList({info.fileName() + QLatin1Char('*'), QLatin1Char('.') + info.fileName() + QLatin1Char('*')},
                                QDir::Files | QDir::Hidden);
}

/// The system's own words for a write that failed on `kind` (issue 32.5: a small write onto a
/// full disk said "Unknown error").
QString systemReason(int kind)
{
    return QString::fromLocal8Bit(std::strerror(FullFileSystem::Kind(kind) == FullFileSystem::Kind::Tmpfs ? ENOSPC : EFBIG));
}

} // namespace

class TestFullDisk : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_settingsDir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_fulldisk"));
        QSettings::setPath(SettingsFile::install(), QSettings::UserScope, m_settingsDir.path());
        AnimatedMemoryChart::setAnimationsEnabled(false);
    }

    void scenarioSaveKeepsTheOldFileAndSaysWhy_data() { FULL_FILE_SYSTEM_ROWS(); }
    void scenarioSaveKeepsTheOldFileAndSaysWhy()
    {
        QFETCH(int, kind);
        FullFileSystem fs{FullFileSystem::Kind(kind)};
        QVERIFY(fs.isValid());
        const QString path = fs.path(QStringLiteral("scenario.json"));
        MainWindow w;
        w.controller()->setScenario(guiscenarios::llama70bOn64());
        w.controller()->flush();
        QVERIFY2(w.documentController()->saveToFile(path), qPrintable(w.documentController()->lastError()));
        const QByteArray before = readAll(path);
        QVERIFY(before.contains("\"zero_stage\": 1"));
        w.controller()->set(core::Field::TrainingZeroStage, 3);
        w.controller()->flush();
        QVERIFY(w.documentController()->isModified());

        // File ▸ Save as the user presses it: the message box is what they see.
        fs.fill();
        w.documentController()->setInteractive(true);
        QString shown;
        QTimer::singleShot(0, this, [&shown] {
            if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
                shown = box->text();
                box->done(QMessageBox::Ok);
            }
        });
        w.documentController()->saveAction()->trigger();
        fs.release();
        QVERIFY2(shown.contains(QStringLiteral("Cannot write")) && shown.contains(QDir::toNativeSeparators(path)), qPrintable(shown));
        QVERIFY2(shown.contains(systemReason(kind)), qPrintable(shown));
        QVERIFY(w.documentController()->isModified());
        QVERIFY(w.isWindowModified());
        QCOMPARE(readAll(path), before);
        QCOMPARE(siblings(path), QStringList{QStringLiteral("scenario.json")});

        // With room again the same Save works.
        w.documentController()->setInteractive(false);
        QVERIFY2(w.documentController()->saveToFile(path), qPrintable(w.documentController()->lastError()));
        QVERIFY(readAll(path).contains("\"zero_stage\": 3"));
        QVERIFY(!w.documentController()->isModified());
    }

    void deckSaveKeepsTheOldFile_data() { FULL_FILE_SYSTEM_ROWS(); }
    void deckSaveKeepsTheOldFile()
    {
        QFETCH(int, kind);
        FullFileSystem fs{FullFileSystem::Kind(kind)};
        QVERIFY(fs.isValid());
        PresentationWindow w;
        // One scene (~4 KB, inside QSaveFile's 16 KB write buffer: the failing flush is commit's).
        core::Deck deck;
        core::Scene scene;
        scene.title.en = "one";
        scene.scenario = guiscenarios::sevenBillionOnEight(1);
        deck.scenes.push_back(scene);
        w.navigator()->setDeck(deck);
        const QString path = fs.path(QStringLiteral("deck.json"));
        QString error;
        QVERIFY2(w.saveDeck(path, &error), qPrintable(error));
        const QByteArray before = readAll(path);
        w.addCurrentScene(QStringLiteral("two"));
        fs.fill();
        const bool saved = w.saveDeck(path, &error);
        fs.release();
        QVERIFY(!saved);
        QVERIFY2(error.contains(QStringLiteral("Cannot write")), qPrintable(error));
        // A 4 KB deck: QSaveFile's buffered flush failed here and said "Unknown error".
        QVERIFY2(error.contains(systemReason(kind)), qPrintable(error));
        QCOMPARE(readAll(path), before);
        QCOMPARE(siblings(path), QStringList{QStringLiteral("deck.json")});
    }

    void exportKeepsTheOldFile_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("suffix");
        for (const char* suffix : {"png", "svg", "pdf", "gif"}) {
            if (FullFileSystem::tmpfsAvailable())
                QTest::addRow("full tmpfs, %s", suffix) << int(FullFileSystem::Kind::Tmpfs) << suffix;
            QTest::addRow("file size limit, %s", suffix) << int(FullFileSystem::Kind::FileSizeLimit) << suffix;
        }
    }
    void exportKeepsTheOldFile()
    {
        QFETCH(int, kind);
        QFETCH(QString, suffix);
        FullFileSystem fs{FullFileSystem::Kind(kind)};
        QVERIFY(fs.isValid());
        const QString path = fs.path(QStringLiteral("chart.") + suffix);
        SlideOptions options;
        options.view = suffix == QLatin1String("gif") ? SlideView::Step : SlideView::Memory; // only the step plays
        options.frames = 4;
        options.size = QSize(320, 200);
        const SlideContent content = SlideContent::fromScenario(guiscenarios::sevenBillionOnEight(1));
        QString error;
        QVERIFY2(ViewRenderer(content, options).save(path, &error), qPrintable(error));
        const QByteArray before = readAll(path);
        QVERIFY(before.size() > 100);
        options.size = QSize(480, 300);
        fs.fill();
        const bool saved = ViewRenderer(content, options).save(path, &error);
        fs.release();
        QVERIFY(!saved);
        QVERIFY2(error.contains(QStringLiteral("Cannot write")), qPrintable(error));
        QVERIFY2(error.contains(systemReason(kind)), qPrintable(error));
        QCOMPARE(readAll(path), before);
        QCOMPARE(siblings(path), QStringList{QStringLiteral("chart.") + suffix});
    }

    // The session lives in the settings file: a full disk must not empty it (Qt's INI writer did).
    void sessionSaveKeepsTheSettingsFile_data() { FULL_FILE_SYSTEM_ROWS(); }
    void sessionSaveKeepsTheSettingsFile()
    {
        QFETCH(int, kind);
        FullFileSystem fs{FullFileSystem::Kind(kind)};
        QVERIFY(fs.isValid());
        QSettings::setPath(SettingsFile::format(), QSettings::UserScope, fs.path(QString()));
        const QString file = QSettings().fileName();
        QVERIFY2(file.startsWith(fs.path(QString())), qPrintable(file));
        {
            MainWindow w;
            SessionStore session(&w);
            w.controller()->setScenario(guiscenarios::llama70bOn64());
            w.controller()->flush();
            session.save();
            QVERIFY(!session.lastSaveFailed());
            const QByteArray before = readAll(file);
            QVERIFY(before.contains("zero_stage"));
            w.controller()->set(core::Field::TrainingZeroStage, 3);
            w.controller()->flush();
            fs.fill();
            session.save();
            const bool failed = session.lastSaveFailed();
            const QByteArray after = readAll(file);
            fs.release();
            QVERIFY(failed);
            QCOMPARE(after, before);
            QCOMPARE(siblings(file), QStringList{QFileInfo(file).fileName()});
        }
        // What the next start reads from the file is the previous session.
        const QByteArray session = QJsonDocument::fromJson(readAll(file)).object().value(QStringLiteral("session/scenario")).toString().toUtf8();
        const core::ScenarioLoad load = core::loadScenario(session.toStdString());
        QVERIFY(load.ok);
        QCOMPARE(load.scenario, guiscenarios::llama70bOn64());
        QSettings::setPath(SettingsFile::format(), QSettings::UserScope, m_settingsDir.path());
    }

private:
    QTemporaryDir m_settingsDir;
};

QTEST_MAIN(TestFullDisk)
#include "tst_fulldisk.moc"
