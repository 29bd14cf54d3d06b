// Scenario files and sessions, offscreen: save → open gives the same bytes and the same
// estimate; a corrupt, truncated or wrong scenario file and a malformed config.json say why and
// leave the scenario as it was; Llama-2-7B's config.json gives 6,738,415,616 parameters (also
// when dropped onto the window); the last session comes back in a new window.
#include <QtTest>

#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QUndoStack>

#include "../widgets/guiscenarios.h"
#include "app/documents/documentcontroller.h"
#include "app/documents/hfimportdialog.h"
#include "app/documents/importreportdialog.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/documents/recentfiles.h"
#include "app/scenariocontroller.h"
#include "app/documents/sessionstore.h"
#include "core/io/hfconfig.h"
#include "core/model.h"
#include "core/io/importfile.h"
#include "core/io/scenario_io.h"
#include "core/io/sharelink.h"

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(data), data.size());
}

std::string json(const MainWindow& w)
{
    return core::saveScenario(w.controller()->scenario());
}

QString fixture(const char* name)
{
    return QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/") + QLatin1String(name);
}

} // namespace

class TestDocuments : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Settings (recent files, the session) go to a scratch directory, never the user's.
        QVERIFY(m_dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_documents"));
    }

    void init() { QSettings().clear(); }

    void saveThenOpenRoundTripsExactly()
    {
        const QString first = m_dir.filePath(QStringLiteral("first.json"));
        const QString second = m_dir.filePath(QStringLiteral("second.json"));
        MainWindow w;
        w.controller()->setScenario(guiscenarios::llama70bOn64());
        w.controller()->flush();
        const double total = w.controller()->estimate().fullest().totalBytes;
        const double seconds = w.controller()->estimate().compute.trainingSeconds;
        QVERIFY(w.documentController()->saveToFile(first));
        QVERIFY(!w.documentController()->isModified());

        MainWindow other;
        other.documentController()->setInteractive(false);
        QVERIFY2(other.documentController()->openFile(first), qPrintable(other.documentController()->lastError()));
        other.controller()->flush();
        QCOMPARE(json(other), json(w));
        QVERIFY(other.controller()->estimate().valid);
        QCOMPARE(other.controller()->estimate().fullest().totalBytes, total);
        QCOMPARE(other.controller()->estimate().compute.trainingSeconds, seconds);
        QVERIFY(other.documentController()->saveToFile(second));
        QCOMPARE(readAll(second), readAll(first));
        QVERIFY(readAll(first).contains("\"schema_version\": 1"));
    }

    void modifiedFlagFollowsEditsAndUndo()
    {
        const QString path = m_dir.filePath(QStringLiteral("seven.json"));
        MainWindow w;
        w.controller()->setScenario(guiscenarios::sevenBillionOnEight(1));
        w.controller()->flush();
        QVERIFY(w.documentController()->saveToFile(path));
        w.controller()->flush();
        QVERIFY(!w.isWindowModified());
        QVERIFY(w.windowTitle().startsWith(QStringLiteral("seven.json[*]")));
        w.controller()->set(core::Field::TrainingZeroStage, 3);
        w.controller()->flush();
        QVERIFY(w.documentController()->isModified());
        QVERIFY(w.isWindowModified());
        w.controller()->undoStack()->undo();
        w.controller()->flush();
        QVERIFY(!w.documentController()->isModified());
        QCOMPARE(w.documentController()->recentFiles()->files().value(0), QFileInfo(path).absoluteFilePath());
    }

    void badScenarioFileLeavesTheScenarioUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason"); // a phrase of the English message
        const std::string valid = core::saveScenario(guiscenarios::llama70bOn64());
        QTest::addRow("truncated") << QByteArray::fromStdString(valid.substr(0, valid.size() / 2)) << QStringLiteral("not valid JSON");
        QTest::addRow("binary garbage") << QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11) << QStringLiteral("not valid JSON");
        QTest::addRow("empty") << QByteArray() << QStringLiteral("not valid JSON");
        QTest::addRow("not an object") << QByteArray("[1, 2, 3]") << QStringLiteral("expected a JSON object");
        QTest::addRow("future schema") << QByteArray(R"({"schema_version": 3, "model": {"preset": "llama-2-7b"}})")
                                       << QStringLiteral("schema_version 3 is not supported");
        QTest::addRow("wrong type") << QByteArray(R"({"schema_version": 1, "parallel": {"gpus": "eight"}})")
                                    << QStringLiteral("parallel.gpus");
    }
    void badScenarioFileLeavesTheScenarioUntouched()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        const QString good = m_dir.filePath(QStringLiteral("good.json"));
        const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
        writeAll(bad, content);
        MainWindow w;
        w.documentController()->setInteractive(false);
        w.controller()->setScenario(guiscenarios::llama70bOn64());
        QVERIFY(w.documentController()->saveToFile(good));
        w.controller()->set(core::Field::TrainingZeroStage, 2); // an unsaved edit, which must survive too
        w.controller()->flush();
        const std::string before = json(w);
        const int undoSteps = w.controller()->undoStack()->count();

        QVERIFY(!w.documentController()->openFile(bad));
        w.controller()->flush();
        const QString error = w.documentController()->lastError();
        QVERIFY2(error.contains(QStringLiteral("bad.json")) && error.contains(reason), qPrintable(error));
        QVERIFY(error.contains(QStringLiteral("The current scenario was not changed.")));
        QCOMPARE(json(w), before);
        QCOMPARE(w.controller()->undoStack()->count(), undoSteps);
        QCOMPARE(w.documentController()->filePath(), QFileInfo(good).absoluteFilePath());
        QVERIFY(w.documentController()->isModified());
        // Opened as "any file" (command line, drop), it is still a scenario, and still rejected.
        QVERIFY(!w.documentController()->openAny(bad));
        QCOMPARE(json(w), before);
    }

    void malformedHfConfigLeavesTheScenarioUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("reason");
        const QByteArray llama = readAll(fixture("llama-2-7b.json"));
        QVERIFY(!llama.isEmpty());
        QTest::addRow("truncated") << llama.left(llama.size() / 2) << QStringLiteral("not valid JSON");
        QByteArray text = llama;
        text.replace("\"num_hidden_layers\": 32", "\"num_hidden_layers\": \"32\"");
        QTest::addRow("layers as a string") << text << QStringLiteral("num_hidden_layers: expected a whole number");
        text = llama;
        text.replace("\"hidden_size\": 4096,", "");
        QTest::addRow("no hidden size") << text << QStringLiteral("hidden_size");
    }
    void malformedHfConfigLeavesTheScenarioUntouched()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, reason);
        const QString path = m_dir.filePath(QStringLiteral("config.json"));
        writeAll(path, content);
        MainWindow w;
        w.documentController()->setInteractive(false);
        w.controller()->setScenario(guiscenarios::sevenBillionOnEight(1));
        w.controller()->flush();
        const std::string before = json(w);
        QVERIFY(!w.documentController()->importHfConfig(path));
        w.controller()->flush();
        const QString error = w.documentController()->lastError();
        QVERIFY2(error.contains(QStringLiteral("config.json cannot be imported")) && error.contains(reason), qPrintable(error));
        QCOMPARE(json(w), before);
        // The dialog says the same and offers nothing to apply.
        const core::HfImport imported = core::importHfConfig(content.toStdString());
        HfImportDialog dialog(imported, QStringLiteral("config.json"));
        QVERIFY(dialog.reportText().contains(QStringLiteral("nothing can be imported")));
        QVERIFY(dialog.reportText().contains(reason));
    }

    void importingLlama2_7bGivesItsParameterCount()
    {
        MainWindow w;
        w.documentController()->setInteractive(false);
        w.controller()->setScenario(guiscenarios::sevenBillionOnEight(1));
        w.controller()->flush();
        QVERIFY2(w.documentController()->importHfConfig(fixture("llama-2-7b.json")), qPrintable(w.documentController()->lastError()));
        w.controller()->flush();
        const core::Scenario& s = w.controller()->scenario();
        QCOMPARE(core::countParameters(s.model).total, 6'738'415'616.0); // Llama 2 model card; README
        QCOMPARE(w.controller()->estimate().parameters.total, 6'738'415'616.0);
        // Named by what the configuration is, not by the file it was saved as (issue 31).
        QCOMPARE(QString::fromStdString(s.model.name), QStringLiteral("llama · 6.74 B"));
        // Only the model changed: the layout and the GPUs are as they were.
        QCOMPARE(s.parallel.gpus, 8);
        QCOMPARE(s.training.zeroStage, 1);
        // The report before applying: the count, the keys used and those that do not matter.
        const core::HfImport imported = core::importHfConfig(readAll(fixture("llama-2-7b.json")).toStdString());
        HfImportDialog dialog(imported, QStringLiteral("llama-2-7b.json"));
        const QString report = dialog.reportText();
        QVERIFY2(report.contains(QStringLiteral("6,738,415,616")), qPrintable(report));
        QVERIFY(report.contains(QStringLiteral("num_key_value_heads")));
        QVERIFY(report.contains(QStringLiteral("Ignored: no effect on memory")) && report.contains(QStringLiteral("rms_norm_eps")));
        // A key the importer does not know is named, not silently dropped.
        QByteArray extra = readAll(fixture("llama-2-7b.json"));
        extra.replace("\"vocab_size\"", "\"my_new_key\": 7,\n  \"vocab_size\"");
        const core::HfImport withExtra = core::importHfConfig(extra.toStdString());
        QVERIFY(withExtra.ok);
        const QString extraReport = HfImportDialog(withExtra, QStringLiteral("x.json")).reportText();
        QVERIFY2(extraReport.contains(QStringLiteral("Not understood, left out (1)")) && extraReport.contains(QStringLiteral("my_new_key")),
                 qPrintable(extraReport));
    }

    void droppingAConfigOntoTheWindowImportsIt()
    {
        MainWindow w;
        w.documentController()->setInteractive(false);
        w.controller()->flush();
        QCOMPARE(DocumentController::classify(readAll(fixture("mixtral-8x7b.json"))), DocumentController::FileKind::HfConfig);
        QCOMPARE(DocumentController::classify(QByteArray(core::saveScenario(core::defaultScenario()).c_str())),
                 DocumentController::FileKind::Scenario);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(fixture("llama-2-7b.json"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QTRY_COMPARE(core::countParameters(w.controller()->scenario().model).total, 6'738'415'616.0);
    }

    /// Issue 32 item 10: an impossible config.json is refused, and its dialog offers no Apply.
    void impossibleHfConfigOffersNoApply_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("reason");
        // The window names the field by its label (the command line by its key: tst_hostilecli).
        QTest::addRow("-1 layers") << QByteArray("\"num_hidden_layers\": 32") << QByteArray("\"num_hidden_layers\": -1") << "Layers: must not be negative";
        QTest::addRow("KV heads not dividing") << QByteArray("\"num_key_value_heads\": 32") << QByteArray("\"num_key_value_heads\": 5")
                                               << "KV heads: 5 KV heads do not divide the 32 attention heads";
        QTest::addRow("vocab 0") << QByteArray("\"vocab_size\": 32000") << QByteArray("\"vocab_size\": 0") << "Vocabulary: must be at least 1";
    }
    void impossibleHfConfigOffersNoApply()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, reason);
        QByteArray text = readAll(fixture("llama-2-7b.json"));
        QVERIFY(text.contains(from));
        text.replace(from, to);
        const core::HfImport imported = core::importHfConfig(text.toStdString());
        QVERIFY(!imported.ok);
        HfImportDialog dialog(imported, QStringLiteral("config.json"));
        QVERIFY(!dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply));
        const QString path = m_dir.filePath(QStringLiteral("config.json"));
        writeAll(path, text);
        MainWindow w;
        w.documentController()->setInteractive(false);
        w.controller()->flush();
        const std::string before = json(w);
        QVERIFY(!w.documentController()->importHfConfig(path));
        QVERIFY2(w.documentController()->lastError().contains(reason), qPrintable(w.documentController()->lastError()));
        QCOMPARE(json(w), before);
    }

    /// Issue 30: a launch file becomes the scenario in one undo step, keeping the GPU the file
    /// does not give; one the rules refuse changes nothing and its report offers no Apply.
    void importingALaunchFile()
    {
        MainWindow w;
        w.documentController()->setInteractive(false);
        core::Scenario start = guiscenarios::sevenBillionOnEight(1);
        start.hardware.gpu = *core::findGpuPreset("h100-sxm");
        w.controller()->setScenario(start);
        w.controller()->flush();
        const QString megatron = QStringLiteral(SHARDSCOPE_TEST_DATA "/import/megatron-llama3-8b-h100-fp8.sh");
        QVERIFY2(w.documentController()->importLaunchFile(megatron), qPrintable(w.documentController()->lastError()));
        w.controller()->flush();
        const core::Scenario& s = w.controller()->scenario();
        QCOMPARE(s.model.numLayers, 32);
        QCOMPARE(s.training.globalBatchSize, 128LL);
        QVERIFY(s.training.precision == core::PrecisionRecipe::Fp8Mixed);
        QCOMPARE(s.hardware.gpu.preset, std::string("h100-sxm")); // not in the file: kept
        w.controller()->undoStack()->undo();
        w.controller()->flush();
        QVERIFY(w.controller()->scenario() == start);
        // Refused: GPT-3 175B's TP 8 × PP 16 on one node of 8.
        const std::string before = json(w);
        const QString gpt3 = QStringLiteral(SHARDSCOPE_TEST_DATA "/import/megatron-gpt3-175b.sh");
        QVERIFY(!w.documentController()->importLaunchFile(gpt3));
        QVERIFY2(w.documentController()->lastError().contains(QStringLiteral("does not divide the 8 GPUs")), qPrintable(w.documentController()->lastError()));
        QCOMPARE(json(w), before);
        const QByteArray text = readAll(gpt3);
        const core::ImportResult refused = core::importLaunchFile(std::string_view(text.constData(), std::size_t(text.size())), {});
        ImportReportDialog dialog(refused, QStringLiteral("gpt3.sh"));
        QVERIFY(!dialog.offersApply());
        QVERIFY(dialog.reportText().contains(QStringLiteral("nothing can be applied")));
        // The report of an accepted file names what was used, ignored and not expressible.
        const QByteArray llama = readAll(megatron);
        const core::ImportResult accepted = core::importLaunchFile(std::string_view(llama.constData(), std::size_t(llama.size())), {});
        ImportReportDialog report(accepted, QStringLiteral("llama.sh"));
        QVERIFY(report.offersApply());
        const QString body = report.reportText();
        for (const char* part : {"Used (", "Ignored (", "Not expressible (", "--fp8-param-gather", "--lr"})
            QVERIFY2(body.contains(QLatin1String(part)), part);
    }

    /// Issue 30: a scenario copied as a link opens as the same scenario; dropped as text too.
    void copyAndOpenLink()
    {
        MainWindow w;
        w.documentController()->setInteractive(false);
        core::Scenario s = core::defaultScenario();
        s.parallel.tensor = 2;
        s.training.zeroStage = 2;
        w.controller()->setScenario(s);
        w.controller()->flush();
        const QString link = w.documentController()->shareLink();
        QVERIFY(link.startsWith(QLatin1String("shardscope://v1?")));
        w.controller()->setScenario(core::defaultScenario());
        w.controller()->flush();
        QVERIFY2(w.documentController()->openLink(link), qPrintable(w.documentController()->lastError()));
        w.controller()->flush();
        QVERIFY(w.controller()->scenario() == s);
        // A link the reader refuses changes nothing and says why (a layout the estimate refuses
        // opens, as a file with it does, and the window says what is wrong).
        QVERIFY(!w.documentController()->openLink(QStringLiteral("shardscope://v1?parallel.tensr=2")));
        QVERIFY2(w.documentController()->lastError().contains(QStringLiteral("parallel.tensor")), qPrintable(w.documentController()->lastError()));
        QVERIFY(w.controller()->scenario() == s);
        w.controller()->setScenario(core::defaultScenario());
        w.controller()->flush();
        QMimeData mime;
        mime.setText(link);
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QTRY_VERIFY((w.controller()->flush(), w.controller()->scenario() == s));
    }

    void recentFilesDropMissingOnes()
    {
        RecentFiles recent;
        const QString a = m_dir.filePath(QStringLiteral("a.json"));
        const QString b = m_dir.filePath(QStringLiteral("b.json"));
        writeAll(a, "{}");
        writeAll(b, "{}");
        recent.add(a);
        recent.add(b);
        recent.add(a);
        QCOMPARE(recent.files(), QStringList({a, b}));
        QVERIFY(QFile::remove(b));
        QCOMPARE(recent.prune(), QStringList{b});
        QCOMPARE(recent.files(), QStringList{a});
        for (int i = 0; i < RecentFiles::kMaxFiles + 3; ++i)
            recent.add(m_dir.filePath(QStringLiteral("f%1.json").arg(i)));
        QCOMPARE(recent.files().size(), RecentFiles::kMaxFiles);
    }

    void lastSessionComesBack()
    {
        const QString path = m_dir.filePath(QStringLiteral("session.json"));
        std::string edited;
        {
            MainWindow w;
            SessionStore session(&w);
            w.resize(1111, 777);
            w.controller()->setScenario(guiscenarios::llama70bOn64());
            w.controller()->flush();
            QVERIFY(w.documentController()->saveToFile(path));
            w.controller()->set(core::Field::TrainingZeroStage, 2); // edited after saving: the session keeps the edit
            w.controller()->flush();
            w.languageManager()->setLanguage(QStringLiteral("en"));
            edited = json(w);
            // Saved on its own after a quiet moment, as a crash right after would need.
            QVERIFY(session.isSavePending());
            QTRY_VERIFY(!session.isSavePending());
        }
        QSettings settings;
        QVERIFY(settings.value(QStringLiteral("session/scenario")).toString().contains(QStringLiteral("\"zero_stage\": 2")));

        MainWindow w;
        SessionStore session(&w);
        QVERIFY(session.restore());
        w.controller()->flush();
        QCOMPARE(json(w), edited);
        QCOMPARE(w.documentController()->filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(w.documentController()->isModified());
        QCOMPARE(w.documentController()->savedScenario().training.zeroStage, 1);
        QCOMPARE(w.languageManager()->language(), QStringLiteral("en"));
        QCOMPARE(w.size(), QSize(1111, 777));
        // Coming back is not an edit: nothing to undo.
        QCOMPARE(w.controller()->undoStack()->count(), 0);
        // File ▸ New starts afresh, and the session follows.
        w.documentController()->newDocument();
        session.save();
        MainWindow fresh;
        SessionStore freshSession(&fresh);
        QVERIFY(freshSession.restore());
        fresh.controller()->flush();
        QCOMPARE(json(fresh), core::saveScenario(core::defaultScenario()));
        QVERIFY(fresh.documentController()->filePath().isEmpty());
        QVERIFY(!fresh.documentController()->isModified());
    }

    void noSessionMeansTheDefault()
    {
        MainWindow w;
        SessionStore session(&w);
        QVERIFY(!session.restore());
        w.controller()->flush();
        QCOMPARE(json(w), core::saveScenario(core::defaultScenario()));
        QCOMPARE(w.documentController()->displayName(), QStringLiteral("Untitled"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestDocuments)
#include "tst_documents.moc"
