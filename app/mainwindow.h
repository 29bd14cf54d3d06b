#pragma once

#include <QMainWindow>
#include <vector>

#include "core/estimate.h"
#include "widgets/displayformat.h"

class AccuracyDialog;
class StepDock;
class AdviceDock;
class ComparisonView;
class ExplorerPages;
class ControlsPanel;
class DocumentController;
class DrillPage;
class ExportDialog;
class GaugePanel;
class GuideDialog;
class LanguageManager;
class MemoryChart;
class PlannerController;
class PlannerView;
class PresentationWindow;
class QAction;
class QDockWidget;
class QLabel;
class QSplitter;
class QuietLabel;
class ScenarioController;
class ShortcutsDialog;
class ViewOptions;
class WorkingPanel;

/// The explorer window. It only builds the views and wires them to the controller: the
/// controller holds the scenario, the views observe it and never call each other.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Reads a scenario file into the controller; false (and `error`) if it is not valid.
    bool openScenario(const QString& path, QString* error = nullptr);

    ScenarioController* controller() const { return m_controller; }
    ControlsPanel* controlsPanel() const { return m_controls; }
    MemoryChart* memoryChart() const { return m_chart; }
    GaugePanel* gaugePanel() const { return m_gauges; }
    ComparisonView* comparisonView() const { return m_comparison; }
    WorkingPanel* workingPanel() const { return m_working; }
    QDockWidget* workingDock() const { return m_workingDock; }
    QDockWidget* controlsDock() const { return m_controlsDock; }
    StepDock* stepDock() const { return m_stepDock; }
    /// View ▸ Presentation (F5); null until it is first shown.
    PresentationWindow* presentationWindow() const { return m_presentation; }
    QAction* presentationAction() const { return m_actions.presentation; }
    /// Help ▸ Guide and Help ▸ Keyboard Shortcuts; their dialogs, null until first shown.
    QAction* guideAction() const { return m_actions.guide; }
    QAction* shortcutsAction() const { return m_actions.shortcuts; }
    GuideDialog* guideDialog() const { return m_guide; }
    ShortcutsDialog* shortcutsDialog() const { return m_shortcuts; }
    /// The central tabs: the explorer and the number-format lab (View ▸ Number-Format Lab).
    ExplorerPages* explorerPages() const { return m_pages; }
    /// The scenario's file: open, save, recent files, imports, drops, "save changes?".
    DocumentController* documentController() const { return m_document; }
    /// View ▸ Language.
    LanguageManager* languageManager() const { return m_language; }
    /// Drill mode: the interview questions, a tab of the central pages (View ▸ Drills).
    DrillPage* drillPage() const { return m_drills; }
    /// "What to try first" (View ▸ What to Try First, the status bar's button).
    AdviceDock* adviceDock() const { return m_adviceDock; }
    /// View ▸ Units and View ▸ Textbook View.
    ViewOptions* viewOptions() const { return m_viewOptions; }
    /// The layout planner page (View ▸ Layout Planner) and its search.
    PlannerView* plannerView() const { return m_plannerView; }
    PlannerController* planner() const { return m_planner; }
    /// The docks' layout came from the last session: the first show keeps it as it is.
    void keepDockLayout() { m_docksSized = true; }
    /// The window's size was chosen (--size, a test): the first show does not grow it to the screen.
    void keepSize() { m_sizeChosen = true; }
    /// Shows and raises the working panel (the controller records the working from then on).
    void showWorking();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void createActions();
    void createMenus();
    void retranslateUi();
    void wire();
    void showValidation(bool valid, const std::vector<core::Issue>& issues);
    /// The first warning in the status bar, elided to the room there is; all of them on hover.
    void updateWarningLabel();
    void updateTitle();
    void updateUndoTexts();
    void applyUnit(DisplayFormat::MemoryUnit unit);
    void exportDialog();
    void copySlide();
    void showPresentation();
    /// The working panel's width for the window's width; the side panels widened to it (and
    /// the controls to their minimum) after the window grew.
    int workingDockWidth() const;
    void widenDocks();
    /// The side docks step aside on the pages that have scenarios of their own (drills, lab).
    void updateSideDocksForPage();

    ScenarioController* m_controller = nullptr;
    DocumentController* m_document = nullptr;
    LanguageManager* m_language = nullptr;
    ViewOptions* m_viewOptions = nullptr;
    ControlsPanel* m_controls = nullptr;
    GaugePanel* m_gauges = nullptr;
    MemoryChart* m_chart = nullptr;
    ComparisonView* m_comparison = nullptr;
    WorkingPanel* m_working = nullptr;
    QSplitter* m_splitter = nullptr;
    ExplorerPages* m_pages = nullptr;
    PlannerController* m_planner = nullptr;
    PlannerView* m_plannerView = nullptr;
    QDockWidget* m_controlsDock = nullptr;
    QDockWidget* m_workingDock = nullptr;
    StepDock* m_stepDock = nullptr;
    AdviceDock* m_adviceDock = nullptr;
    DrillPage* m_drills = nullptr;
    QuietLabel* m_status = nullptr; ///< its new texts on every slider move re-lay out nothing
    QLabel* m_warnings = nullptr;
    QStringList m_warningTexts;
    QString m_invalidMessage;
    QList<QDockWidget*> m_docksAside; ///< hidden by updateSideDocksForPage, shown again on return
    bool m_docksSized = false;
    bool m_sizeChosen = false;
    ExportDialog* m_exportDialog = nullptr;     ///< made on first use; keeps its options
    PresentationWindow* m_presentation = nullptr; ///< made on first use; keeps its deck
    GuideDialog* m_guide = nullptr;               ///< Help ▸ Guide, made on first use
    ShortcutsDialog* m_shortcuts = nullptr;       ///< Help ▸ Keyboard Shortcuts, made on first use
    AccuracyDialog* m_accuracy = nullptr;         ///< Help ▸ Accuracy, made on first use

    struct
    {
        QAction* exportChart = nullptr;
        QAction* copySlide = nullptr;
        QAction* presentation = nullptr;
        QAction* quit = nullptr;
        QAction* undo = nullptr;
        QAction* redo = nullptr;
        QAction* reset = nullptr;
        QAction* compareMeasured = nullptr;
        QAction* clearMeasurements = nullptr;
        QAction* zero[4] = {};
        QAction* recompute[3] = {};
        QAction* comparisons = nullptr;
        QAction* planner = nullptr;
        QAction* fullScreen = nullptr;
        QAction* about = nullptr;
        QAction* guide = nullptr;
        QAction* shortcuts = nullptr;
        QAction* accuracy = nullptr;
        QAction* drills = nullptr;
    } m_actions;
    struct
    {
        QMenu* file = nullptr;
        QMenu* edit = nullptr;
        QMenu* scenario = nullptr;
        QMenu* view = nullptr;
        QMenu* help = nullptr;
    } m_menus;
};
