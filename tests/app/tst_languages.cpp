// The interface language at run time, offscreen: View ▸ Language switches the menus, the chart's
// axis title and legend, and the status bar to Simplified Chinese and back without a restart;
// Chinese gets a font with Han glyphs and Chinese number formatting; the default follows the
// system locale (run twice by ctest, under an English and a Chinese locale).
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include <QtTest>

#include <QAbstractSpinBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QStatusBar>
#include <QTemporaryDir>

#include "app/controls/controlspanel.h"
#include "app/documents/documentcontroller.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "core/advice/advice.h"
#include "core/estimate.h"
#include "core/io/deck.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/issues.h"
#include "core/working.h"
#include "widgets/advice/advicetext.h"
#include "widgets/working/workingtext.h"
#include "widgets/issuetext.h"
#include "widgets/charts/memorychart.h"
#include "widgets/lab/tensorstudioview.h"

namespace {

QMenu* menuTitled(const MainWindow& w, int index)
{
    return w.menuBar()->actions().value(index) ? w.menuBar()->actions().value(index)->menu() : nullptr;
}

QCustomPlot* mainPlot(const MainWindow& w)
{
    return w.memoryChart()->findChild<QCustomPlot*>();
}

QStringList legendNames(QCustomPlot* plot)
{
    QStringList names;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

QAction* languageAction(const MainWindow& w, const QString& code)
{
    for (QAction* a : w.findChildren<QAction*>())
        if (a->isCheckable() && a->data().toString() == code && a->actionGroup())
            return a;
    return nullptr;
}

} // namespace

class TestLanguages : public QObject
{
    Q_OBJECT

private slots:
    void controlsDockFitsItsControls_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("switchedLive");
        QTest::addRow("English") << "en" << false;
        QTest::addRow("Simplified Chinese") << "zh_CN" << false;
        // Switched with the window open and the import shown: the dock must grow to the
        // Chinese labels then too, not only when the window is built in Chinese.
        QTest::addRow("Simplified Chinese, switched live") << "zh_CN" << true;
        QTest::addRow("back to English, switched live") << "en" << true;
    }
    void controlsDockFitsItsControls()
    {
        // After a DeepSeek-V3 import (MLA and MoE rows appear) every spin box, arrows included,
        // is inside the dock, in each language: the dock grows to its controls' minimum width.
        QFETCH(QString, language);
        QFETCH(bool, switchedLive);
        MainWindow w;
        w.resize(1280, 720);
        w.keepSize();
        w.languageManager()->setLanguage(switchedLive ? (language == QLatin1String("en") ? QStringLiteral("zh_CN") : QStringLiteral("en")) : language);
        w.documentController()->setInteractive(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY2(w.documentController()->importHfConfig(QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/deepseek-v3.json")),
                 qPrintable(w.documentController()->lastError()));
        w.controller()->flush();
        QCoreApplication::processEvents(); // the queued width update, then the dock's layout
        QCoreApplication::processEvents();
        if (switchedLive) {
            QVERIFY(w.languageManager()->setLanguage(language));
            QCoreApplication::processEvents();
            QCoreApplication::processEvents();
        }
        ControlsPanel* panel = w.controlsPanel();
        QWidget* viewport = panel->viewport();
        int checked = 0;
        for (QAbstractSpinBox* box : panel->widget()->findChildren<QAbstractSpinBox*>()) {
            if (!box->isVisibleTo(panel))
                continue;
            const QRect r(box->mapTo(viewport, QPoint(0, 0)), box->size());
            QVERIFY2(r.right() < viewport->width(), qPrintable(QStringLiteral("%1 ends at %2 of %3").arg(box->objectName()).arg(r.right()).arg(viewport->width())));
            ++checked;
        }
        QVERIFY(checked > 10);
        QCOMPARE_GE(panel->width(), panel->minimumWidth());
        QCOMPARE_GE(viewport->width() + panel->verticalScrollBar()->sizeHint().width(), panel->widget()->minimumSizeHint().width());
        w.languageManager()->setLanguage(QStringLiteral("en"));
    }

    void jsonErrorsAreTranslatedWithLineAndColumn()
    {
        // A scenario file cut off in its third line: the Chinese window says where, in Chinese,
        // not nlohmann's "[json.exception.parse_error.101] …".
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"schema_version\": 1,\n  \"model\": {\"preset\": \"llama-2-7b\"");
        f.close();
        MainWindow w;
        w.languageManager()->setLanguage(QStringLiteral("zh_CN"));
        w.documentController()->setInteractive(false);
        QVERIFY(!w.openScenario(path));
        const QString error = w.documentController()->lastError();
        QVERIFY2(!error.contains(QLatin1String("json.exception")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("第 3 行")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("JSON")), qPrintable(error));
        w.languageManager()->setLanguage(QStringLiteral("en"));
    }

    void tensorFileRefusalsSpeakTheLanguage()
    {
        // The tensor studio words the reader's code itself (TensorText::fileError), so a refused
        // .npy reads in Chinese; only NumPy's own names (the dtype, astype) stay as written.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.npy"));
        QByteArray header = "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }";
        while ((10 + header.size() + 1) % 64 != 0)
            header += ' ';
        header += '\n';
        QByteArray file("\x93NUMPY\x01\x00", 8);
        file += char(header.size() & 0xff);
        file += char(header.size() >> 8);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(file + header + QByteArray(24, '\0'));
        f.close();
        MainWindow w;
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        TensorStudioView v;
        QVERIFY(!v.loadFile(path));
        QVERIFY2(v.fileError().contains(QStringLiteral("不读取大端 dtype '>f4'")), qPrintable(v.fileError()));
        QVERIFY2(!v.fileError().contains(QStringLiteral("is not read")), qPrintable(v.fileError()));
        w.languageManager()->setLanguage(QStringLiteral("en"));
        QVERIFY(!v.loadFile(path));
        QVERIFY2(v.fileError().contains(QStringLiteral("big-endian dtype '>f4' is not read")), qPrintable(v.fileError()));
    }

    void fileDialogsSpeakTheLanguage()
    {
        // Qt's own file dialog (not the platform's, which follows the system's language) with
        // Qt's catalogue loaded: its buttons and labels are Chinese.
        MainWindow w;
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        QFileDialog dialog(&w, QStringLiteral("Open"));
        QVERIFY(dialog.testOption(QFileDialog::DontUseNativeDialog) || QCoreApplication::testAttribute(Qt::AA_DontUseNativeDialogs));
        dialog.setOption(QFileDialog::DontUseNativeDialog, true);
        dialog.setAcceptMode(QFileDialog::AcceptOpen);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QStringList texts;
        for (QLabel* l : dialog.findChildren<QLabel*>())
            texts << l->text();
        for (QPushButton* b : dialog.findChildren<QPushButton*>())
            texts << b->text();
        const QString all = texts.join(QLatin1Char('|'));
        QVERIFY2(all.contains(QStringLiteral("取消")), qPrintable(all));       // Cancel
        QVERIFY2(all.contains(QStringLiteral("文件名")), qPrintable(all));     // File name
        dialog.close();
        w.languageManager()->setLanguage(QStringLiteral("en"));
    }

    void switchingAtRunTimeRetranslatesTheWindow()
    {
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.languageManager()->setLanguage(QStringLiteral("en"));
        w.controller()->flush();
        QCustomPlot* plot = mainPlot(w);
        QVERIFY(plot);
        QTRY_COMPARE(menuTitled(w, 0)->title(), QStringLiteral("&File"));
        QTRY_COMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (GB)"));
        QTRY_VERIFY(legendNames(plot).contains(QStringLiteral("Optimizer states")));

        // View ▸ Language ▸ 简体中文, as a user picks it.
        QAction* chinese = languageAction(w, QStringLiteral("zh_CN"));
        QVERIFY(chinese);
        QCOMPARE(chinese->text(), QStringLiteral("简体中文"));
        chinese->trigger();
        QCOMPARE(w.languageManager()->effectiveLanguage(), QStringLiteral("zh_CN"));
        QTRY_COMPARE(menuTitled(w, 0)->title(), QStringLiteral("文件(&F)"));
        QTRY_COMPARE(plot->yAxis->label(), QStringLiteral("每卡显存（GB）"));
        QTRY_VERIFY(legendNames(plot).contains(QStringLiteral("优化器状态")));
        QTRY_VERIFY(w.statusBar()->findChild<QLabel*>(QStringLiteral("statusLine"))->text().contains(QStringLiteral("放得下")));
        QVERIFY(chinese->isChecked());
        QCOMPARE(QLocale().language(), QLocale::Chinese);

        // …and back, still without a restart.
        languageAction(w, QStringLiteral("en"))->trigger();
        QTRY_COMPARE(menuTitled(w, 0)->title(), QStringLiteral("&File"));
        QTRY_COMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (GB)"));
        QTRY_VERIFY(legendNames(plot).contains(QStringLiteral("Optimizer states")));
        QTRY_VERIFY(w.statusBar()->findChild<QLabel*>(QStringLiteral("statusLine"))->text().contains(QStringLiteral("Fits")));
        QCOMPARE(QLocale().language(), QLocale::English);
    }

    // Issue messages are the core's one table of sentences (core/issues.cpp), translated as they
    // stand: every sentence has a Chinese form, and the typed payloads (what was expected and
    // what the file has, "did you mean") are filled in without reading the core's English.
    void issueSentencesAreTranslatedFromTheCoreTable()
    {
        MainWindow w;
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        QStringList untranslated;
        for (const core::IssueMessage& m : core::issueMessages())
            if (QCoreApplication::translate("IssueText", m.text) == QString::fromUtf8(m.text))
                untranslated << QString::fromUtf8(m.text);
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1Char('\n'))));

        core::Issue type{core::IssueCode::WrongType, core::Severity::Error, "parallel.gpus"};
        type.expected = core::ValueKind::WholeNumber;
        type.got = core::ValueKind::String;
        QCOMPARE(IssueText::reason(type), QStringLiteral("应为整数，实际为字符串"));
        core::Issue typo{core::IssueCode::UnknownOverrideKey, core::Severity::Error, ""};
        typo.path = "parallel.tensr";
        typo.nearest = "parallel.tensor";
        QCOMPARE(IssueText::message(typo), QStringLiteral("parallel.tensr：没有这个键（是否想写“parallel.tensor”？）"));
        core::Issue link{core::IssueCode::LinkBandwidthUnknown, core::Severity::Warning, ""};
        QVERIFY2(IssueText::reason(link).contains(QStringLiteral("数据并行")), qPrintable(IssueText::reason(link)));
        // A file that stops being JSON: the table's sentence, without the parser's English.
        core::Issue json{core::IssueCode::MalformedJson, core::Severity::Error, "", 3, 5, 2};
        json.detail = "syntax error while parsing value";
        QCOMPARE(IssueText::reason(json), QStringLiteral("不是有效的 JSON：第 3 行第 5 列出现了意外的字符"));
        core::Issue pins{core::IssueCode::PinsLeaveNoValue, core::Severity::Error, "training.recompute"};
        pins.accepted = {"none", "selective", "full"};
        QCOMPARE(IssueText::reason(pins), QStringLiteral("--pin 的范围排除了所有取值，无可尝试（可取值：none, selective, full）"));
        // Speculative decoding's draft model as large as the target (issue 27 item 3): both sizes
        // in the sentence, in Chinese.
        core::Issue draft{core::IssueCode::SpeculativeDraftTooLarge, core::Severity::Error, "inference.draft_parameters", 13, 6.5};
        const QString draftZh = IssueText::reason(draft);
        QVERIFY2(draftZh.startsWith(QStringLiteral("草稿模型（13 B 参数）")) && draftZh.contains(QStringLiteral("6.5 B")), qPrintable(draftZh));
        w.languageManager()->setLanguage(QStringLiteral("en"));
        QCOMPARE(QStringLiteral("inference.draft_parameters: ") + IssueText::reason(draft), QString::fromStdString(core::describe(draft)));
        QVERIFY(IssueText::reason(draft).startsWith(QStringLiteral("the draft model (13 B parameters) is not smaller than the model it drafts for (6.5 B)")));
        // The window's English is the command line's sentence; the parser's words are the CLI's addition.
        QCOMPARE(IssueText::reason(json), QStringLiteral("not valid JSON: unexpected character at line 3, column 5"));
        QCOMPARE(IssueText::reason(json) + QStringLiteral(" [syntax error while parsing value]"), QString::fromStdString(core::describe(json)));
        // In English the window says what the command line says (the same row of the table).
        QCOMPARE(IssueText::reason(type), QStringLiteral("expected a whole number, got a string"));
        QCOMPARE(QStringLiteral("parallel.gpus: ") + IssueText::reason(type), QString::fromStdString(core::describe(type)));
    }

    /// No core English reaches the Chinese window untranslated: the working's titles and
    /// quantities (every term, and every line the estimate writes for each preset in each mode and
    /// for each scene of the seed deck) and the advisor's titles and notes, as the window shows
    /// them, are not the core's English. A core string marked for translation without a Chinese
    /// entry, or shown without going through the catalogue, fails this.
    void noUntranslatedCoreEnglishInChinese()
    {
        MainWindow w;
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("zh_CN")));
        QStringList untranslated;
        auto check = [&untranslated](const QString& shown, std::string_view english) {
            const QString source = QString::fromUtf8(english.data(), qsizetype(english.size()));
            if (!english.empty() && shown == source && !untranslated.contains(source))
                untranslated << source;
        };
        std::vector<core::Scenario> scenarios;
        const core::Scenario base = core::defaultScenario();
        for (const core::ModelPreset& p : core::modelPresets())
            for (core::Mode mode : {core::Mode::Train, core::Mode::Inference, core::Mode::FineTune}) {
                core::Scenario s = base;
                s.model = p.model;
                s.mode = mode;
                scenarios.push_back(s);
            }
        for (const core::Scene& scene : core::loadDeck(core::seedDeckJson()).deck.scenes)
            scenarios.push_back(scene.scenario);
        core::Scenario offload = base; // the CPU-offload line
        offload.training.zeroStage = 3;
        offload.training.offloadOptimizer = true;
        scenarios.push_back(offload);
        int lines = 0;
        for (const core::Scenario& s : scenarios) {
            core::Working working;
            core::estimate(s, &working);
            for (const core::WorkingLine& line : working.lines()) {
                ++lines;
                check(WorkingText::title(line.term), core::termInfo(line.term).title);
                // A GPU's preset id and a step-time constant's key are names, not words.
                if (line.term != core::Term::StepGpuFigures && line.term != core::Term::StepConstant)
                    check(WorkingText::quantity(line), line.detail);
            }
        }
        QVERIFY(lines > 10000);
        for (int t = 0; t < int(core::Term::Count); ++t)
            check(WorkingText::title(core::Term(t)), core::termInfo(core::Term(t)).title);
        for (int a = 0; a < int(core::RemedyAction::Count); ++a) {
            check(AdviceText::actionTitle(core::RemedyAction(a)), core::remedyActionTitle(core::RemedyAction(a)));
            check(QCoreApplication::translate("AdviceText", core::leverSettingFormat(core::RemedyAction(a)).data()),
                  core::leverSettingFormat(core::RemedyAction(a)));
        }
        for (int n = 0; n < int(core::RemedyNote::Count); ++n)
            check(AdviceText::note(core::RemedyNote(n)), core::describe(core::RemedyNote(n)));
        QVERIFY2(untranslated.isEmpty(), qPrintable(QStringLiteral("shown in English: ") + untranslated.join(QStringLiteral(" | "))));
        w.languageManager()->setLanguage(QStringLiteral("en"));
    }

    /// In English the window says what the command line says: each remedy's title (with the
    /// setting it shows) and note, and each working title, are the core's one text.
    void theWindowSaysWhatTheCommandLineSays()
    {
        MainWindow w;
        QVERIFY(w.languageManager()->setLanguage(QStringLiteral("en")));
        for (int a = 0; a < int(core::RemedyAction::Count); ++a) {
            core::Remedy r;
            r.levers = {core::Lever{core::RemedyAction(a), 2}};
            QCOMPARE(AdviceText::title(r), QString::fromStdString(core::remedyTitle(r)));
            r.levers.push_back(core::Lever{core::RemedyAction::ZeroStage, 3});
            QCOMPARE(AdviceText::title(r), QString::fromStdString(core::remedyTitle(r)));
        }
        for (int n = 1; n < int(core::RemedyNote::Count); ++n)
            QCOMPARE(AdviceText::note(core::RemedyNote(n)), QString::fromUtf8(core::describe(core::RemedyNote(n)).data()));
        for (int t = 0; t < int(core::Term::Count); ++t)
            QCOMPARE(WorkingText::title(core::Term(t)), QString::fromUtf8(core::termInfo(core::Term(t)).title.data(),
                                                                          qsizetype(core::termInfo(core::Term(t)).title.size())));
    }

    void chineseGetsAFontWithHanGlyphs()
    {
        const QStringList before = QApplication::font().families();
        MainWindow w;
        // fonts-wqy-microhei is among the packages scripts/test installs (toolchain.md).
        QVERIFY2(!LanguageManager::cjkFamilies().isEmpty(), "no font with Simplified Chinese glyphs is installed");
        w.languageManager()->setLanguage(QStringLiteral("zh_CN"));
        const QFont font = QApplication::font();
        QVERIFY(LanguageManager::cjkFamilies().contains(font.families().value(0)));
        for (const QChar c : QStringLiteral("显存张量并行"))
            QVERIFY2(QFontMetrics(font).inFont(c), qPrintable(QString(c)));
        w.languageManager()->setLanguage(QStringLiteral("en"));
        QCOMPARE(QApplication::font().families(), before);
    }

    void theDefaultFollowsTheSystemLocale()
    {
        // ctest runs this under LANGUAGE/LC_ALL of an English and of a Chinese system.
        const QString expected = qEnvironmentVariable("SHARDSCOPE_SYSTEM_LANGUAGE", QStringLiteral("en"));
        QCOMPARE(LanguageManager::resolve(QString()), expected);
        MainWindow w;
        w.languageManager()->setLanguage(QString());
        QCOMPARE(w.languageManager()->language(), QString());
        QCOMPARE(w.languageManager()->effectiveLanguage(), expected);
        QTRY_COMPARE(menuTitled(w, 0)->title(), expected == QLatin1String("zh_CN") ? QStringLiteral("文件(&F)") : QStringLiteral("&File"));
    }

    void unknownLanguageFallsBackToTheSystem()
    {
        MainWindow w;
        QVERIFY(!w.languageManager()->setLanguage(QStringLiteral("tlh")));
        QCOMPARE(w.languageManager()->language(), QString());
    }
};

QTEST_MAIN(TestLanguages)
#include "tst_languages.moc"
