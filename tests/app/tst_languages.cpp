// The interface language at run time, offscreen: View ▸ Language switches the menus, the chart's
// axis title and legend, and the status bar to Simplified Chinese and back without a restart;
// Chinese gets a font with Han glyphs and Chinese number formatting; the default follows the
// system locale (run twice by ctest, under an English and a Chinese locale).
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include <QtTest>

#include <QMenuBar>
#include <QStatusBar>

#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "core/issues.h"
#include "widgets/issuetext.h"
#include "widgets/charts/memorychart.h"

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
        QTRY_VERIFY(w.statusBar()->findChild<QLabel*>()->text().contains(QStringLiteral("放得下")));
        QVERIFY(chinese->isChecked());
        QCOMPARE(QLocale().language(), QLocale::Chinese);

        // …and back, still without a restart.
        languageAction(w, QStringLiteral("en"))->trigger();
        QTRY_COMPARE(menuTitled(w, 0)->title(), QStringLiteral("&File"));
        QTRY_COMPARE(plot->yAxis->label(), QStringLiteral("Memory per GPU (GB)"));
        QTRY_VERIFY(legendNames(plot).contains(QStringLiteral("Optimizer states")));
        QTRY_VERIFY(w.statusBar()->findChild<QLabel*>()->text().contains(QStringLiteral("Fits")));
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
        w.languageManager()->setLanguage(QStringLiteral("en"));
        // In English the window says what the command line says (the same row of the table).
        QCOMPARE(IssueText::reason(type), QStringLiteral("expected a whole number, got a string"));
        QCOMPARE(QStringLiteral("parallel.gpus: ") + IssueText::reason(type), QString::fromStdString(core::describe(type)));
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
