#include <QAction>
#include <QFile>
#include <QApplication>
#include <QIcon>
#include <QCommandLineParser>
#include <QScreen>
#include <QStyleFactory>
#include <QTimer>
#include <cstdio>

#include "app/apptheme.h"
#include "app/cli/cli.h"
#include "app/cli/runtimedir.h"
#include "app/documents/documentcontroller.h"
#include "app/explorerpages.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/slides/decknavigator.h"
#include "app/slides/presentationwindow.h"
#include "app/step/calibrationdialog.h"
#include "app/step/stepdock.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/servingtimelineview.h"
#include "widgets/step/stepcursor.h"
#include "widgets/step/steppanel.h"
#include "app/viewoptions.h"
#include "app/advice/advicedock.h"
#include "app/drills/drillpage.h"
#include "app/planner/plannerview.h"
#include "widgets/lab/numberformatlab.h"
#include "app/scenariocontroller.h"
#include "app/documents/sessionstore.h"
#include "app/documents/settingsfile.h"
#include "widgets/charts/memorychart.h"

int main(int argc, char** argv)
{
    ensureRuntimeDir(); // before any Qt application: no XDG_RUNTIME_DIR warning on headless runs
    // Commands (estimate, export, presets) run without a window and, for estimate, without Qt.
    std::vector<std::string> args(argv + 1, argv + argc);
    if (const int code = runCommandLine(args); code >= 0)
        return code;

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ShardScope"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/shardscope.svg")));
    QApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    // Settings in a file a full disk cannot empty (SettingsFile says why Qt's INI writer can).
    SettingsFile::migrateFromIni();

    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"), QStringLiteral("Scenario file to open (JSON)."), QStringLiteral("[FILE.json]"));
    // Hidden: for screenshots and visual checks (docs/screenshot-explorer.png).
    QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Grab the window to FILE and quit."), QStringLiteral("FILE"));
    QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size WxH."), QStringLiteral("WxH"));
    QCommandLineOption theme(QStringLiteral("theme"), QStringLiteral("light or dark (Fusion style)."), QStringLiteral("THEME"));
    QCommandLineOption segment(QStringLiteral("select-segment"), QStringLiteral("Click a bar segment: GROUP,component_id."), QStringLiteral("G,ID"));
    QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Interface language: en or zh_CN."), QStringLiteral("LANG"));
    QCommandLineOption page(QStringLiteral("page"), QStringLiteral("Central page: explorer, lab, studio, compare, loss-scaling or planner; step shows the step dock."),
                            QStringLiteral("PAGE"));
    QCommandLineOption byRole(QStringLiteral("color-by-role"), QStringLiteral("Colour the bars by model role."));
    QCommandLineOption present(QStringLiteral("present"), QStringLiteral("Start presentation mode at scene N (1-based)."), QStringLiteral("N"));
    QCommandLineOption measured(QStringLiteral("measured"), QStringLiteral("Open the calibration dialog with LOG (a screenshot grabs the dialog)."),
                                QStringLiteral("LOG"));
    QCommandLineOption textbook(QStringLiteral("textbook"), QStringLiteral("View ▸ Textbook View on."));
    QCommandLineOption unit(QStringLiteral("unit"), QStringLiteral("View ▸ Units: GB or GiB."), QStringLiteral("UNIT"));
    QCommandLineOption advice(QStringLiteral("advice"), QStringLiteral("Show the What to Try First dock."));
    QCommandLineOption stepSchedule(QStringLiteral("step-schedule"), QStringLiteral("--page step: the schedule shown, gpipe or zb_h1 (default: as configured)."),
                                    QStringLiteral("NAME"));
    QCommandLineOption drill(QStringLiteral("drill"), QStringLiteral("Drills page: drill N, GUESS typed, STEPS revealed."), QStringLiteral("N,GUESS,STEPS"));
    for (QCommandLineOption* o : {&screenshot, &size, &theme, &segment, &lang, &page, &byRole, &textbook, &unit, &advice, &drill, &present, &measured, &stepSchedule}) {
        o->setFlags(QCommandLineOption::HiddenFromHelp);
        parser.addOption(*o);
    }
    parser.process(app);
    if (parser.isSet(stepSchedule) && parser.value(stepSchedule) != QLatin1String("gpipe") && parser.value(stepSchedule) != QLatin1String("zb_h1")) {
        std::fprintf(stderr, "shardscope: --step-schedule: unknown schedule \"%s\" (gpipe or zb_h1)\n", qPrintable(parser.value(stepSchedule)));
        return 2;
    }

    if (parser.isSet(theme)) {
        if (parser.value(theme) == QLatin1String("dark"))
            AppTheme::apply(true);
        else
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    }

    MainWindow window;
    // A screenshot shows exactly what its arguments say: no session is read or written.
    const bool screenshotRun = parser.isSet(screenshot);
    SessionStore* session = screenshotRun ? nullptr : new SessionStore(&window);
    if (session)
        session->restore();
    window.documentController()->setInteractive(!screenshotRun);
    if (parser.isSet(lang) || screenshotRun)
        window.languageManager()->setLanguage(parser.value(lang));
    if (!parser.positionalArguments().isEmpty()) {
        QString error;
        if (!window.openScenario(parser.positionalArguments().front(), &error))
            std::fprintf(stderr, "shardscope: %s\n", qPrintable(error));
    }
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() == 2) {
            window.resize(wh[0].toInt(), wh[1].toInt());
            window.keepSize();
        }
    }
    window.show();
    if (session)
        session->showRestoreProblem();
    const QString pageName = parser.value(page);
    if (pageName == QLatin1String("lab") || pageName == QLatin1String("studio") || pageName == QLatin1String("compare")
        || pageName == QLatin1String("loss-scaling")) {
        window.explorerPages()->showLab(true);
        NumberFormatLab* lab = window.explorerPages()->lab();
        lab->showPage(pageName == QLatin1String("studio")    ? NumberFormatLab::Page::TensorStudio
                      : pageName == QLatin1String("compare") ? NumberFormatLab::Page::Comparison
                      : pageName == QLatin1String("loss-scaling") ? NumberFormatLab::Page::LossScaling
                                                                  : NumberFormatLab::Page::OneValue);
    } else if (pageName == QLatin1String("planner")) {
        window.explorerPages()->setCurrentWidget(window.plannerView());
    }
    if (pageName == QLatin1String("step")) {
        // the step's views large, the cursor at the first stage's peak
        window.stepDock()->show();
        const QString schedule = parser.value(stepSchedule);
        if (schedule == QLatin1String("gpipe"))
            window.stepDock()->panel()->showSchedule(core::PipelineScheduleKind::GPipe);
        else if (schedule == QLatin1String("zb_h1"))
            window.stepDock()->panel()->showSchedule(core::PipelineScheduleKind::ZeroBubbleH1);
        window.stepDock()->refresh();
        window.resizeDocks({window.stepDock()}, {window.height() * 62 / 100}, Qt::Vertical);
        StepPanel* panel = window.stepDock()->panel();
        const MemoryTimelineView::PeakMark peak = panel->memoryView()->peakMark(0);
        if (panel->showsServing())
            panel->stepCursor()->setPosition(panel->servingView()->peakPosition());
        else if (peak.valid)
            panel->stepCursor()->setPosition(peak.time);
    }
    CalibrationDialog* calibration = nullptr;
    if (parser.isSet(measured)) {
        calibration = window.stepDock()->calibrationDialog();
        calibration->openLog(parser.value(measured));
        calibration->show();
    }
    if (parser.isSet(byRole))
        window.memoryChart()->colorByRoleAction()->setChecked(true);
    if (parser.isSet(textbook))
        window.viewOptions()->setTextbook(true);
    if (parser.value(unit).compare(QLatin1String("GiB"), Qt::CaseInsensitive) == 0)
        window.viewOptions()->setUnit(DisplayFormat::MemoryUnit::GiB);
    if (parser.isSet(drill)) {
        const QStringList parts = parser.value(drill).split(QLatin1Char(','));
        window.explorerPages()->setCurrentWidget(window.drillPage());
        window.drillPage()->setCurrentDrill(parts.value(0).toInt());
        if (!parts.value(1).isEmpty())
            window.drillPage()->check(parts.value(1));
        for (int i = 0; i < parts.value(2).toInt(); ++i)
            window.drillPage()->revealNext();
    }
    if (parser.isSet(advice))
        QTimer::singleShot(0, &window, [&window] {
            window.adviceDock()->show();
            window.adviceDock()->raise();
        });
    if (parser.isSet(segment)) {
        const QStringList parts = parser.value(segment).split(QLatin1Char(','));
        const int group = parts.value(0).toInt();
        const std::string id = parts.value(1).toStdString();
        for (std::size_t c = 0; c < core::kComponentCount; ++c)
            if (core::componentName(core::Component(c)) == id)
                QTimer::singleShot(400, &window, [&window, group, c] {
                    window.memoryChart()->setSelectedSegment(group, core::Component(c));
                    emit window.memoryChart()->segmentClicked(group, core::Component(c));
                });
    }
    if (parser.isSet(present)) {
        window.presentationAction()->trigger();
        window.presentationWindow()->navigator()->goTo(parser.value(present).toInt() - 1);
    }
    if (parser.isSet(screenshot)) {
        // After the gauges' animation has settled.
        QTimer::singleShot(900, &window, [&window, calibration, file = parser.value(screenshot)] {
            QWidget* shown = calibration ? static_cast<QWidget*>(calibration)
                : window.presentationWindow() && window.presentationWindow()->isVisible() ? static_cast<QWidget*>(window.presentationWindow())
                                                                                           : static_cast<QWidget*>(&window);
            const bool ok = shown->grab().save(file);
            std::fprintf(stderr, "shardscope: %s %s\n", ok ? "wrote" : "could not write", qPrintable(file));
            QApplication::exit(ok ? 0 : 1);
        });
    }
    return app.exec();
}
