#pragma once

#include <QWidget>
#include <memory>

#include "core/plan/planner.h"
#include "widgets/displayformat.h"

class FeasibilityHeatmap;
class LaunchConfigPanel;
class LayoutComparison;
class ParetoPlot;
class PlanTableModel;
class PlannerController;
class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStackedLayout;
class QTableView;
class QTabWidget;
class ScenarioController;
class ServingPlannerView;

/// The layout planner: every valid layout of the scenario ranked (sortable, filterable table),
/// a feasibility heatmap of two chosen knobs, the Pareto scatter of step time against memory,
/// a side-by-side comparison of two layouts and the chosen layout's launch settings. Follows
/// the scenario as the controls change it; Apply makes a layout the scenario (one undo step).
class PlannerView : public QWidget
{
    Q_OBJECT

public:
    PlannerView(ScenarioController* scenario, PlannerController* planner, QWidget* parent = nullptr);

    void setUnit(DisplayFormat::MemoryUnit unit);
    /// The selected layout (PlanResult::layouts index), or −1.
    int selectedLayout() const { return m_selected; }
    void selectLayout(int layoutIndex);
    /// Makes the selected layout the scenario: one undo step.
    void applySelected();
    /// Compares the two layouts selected in the table.
    void compareSelected();

    QTableView* table() const { return m_table; }
    PlanTableModel* model() const { return m_model; }
    FeasibilityHeatmap* heatmap() const { return m_heatmap; }
    ParetoPlot* pareto() const { return m_pareto; }
    LayoutComparison* comparison() const { return m_comparison; }
    LaunchConfigPanel* launchConfig() const { return m_launch; }
    QLabel* summary() const { return m_summary; }
    QPushButton* applyButton() const { return m_apply; }
    QComboBox* rowKnobBox() const { return m_rowKnob; }
    QComboBox* columnKnobBox() const { return m_columnKnob; }
    QTabWidget* details() const { return m_details; }
    /// The serving planner, shown instead of the training one for a serving scenario.
    ServingPlannerView* serving() const { return m_serving; }

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslateUi();
    void setResult(std::shared_ptr<const core::PlanResult> result);
    void updatePins();
    void updateSummary();
    /// A warning when the best layout's step depends on the network (half its bandwidth: over 10 % slower).
    QString networkNote(const core::PlanCandidate& best) const;
    void updateSelectionViews();
    void updateButtons();
    /// The width the table's columns up to the cost need.
    int tableWidthWanted() const;
    /// The charts beside the table when there is room for both, else among the tabs below.
    void arrangeCharts();
    QString layoutName(int layoutIndex) const;

    ScenarioController* m_scenario = nullptr;
    PlannerController* m_planner = nullptr;
    std::shared_ptr<const core::PlanResult> m_result;
    int m_selected = -1;
    bool m_selectionStale = false; ///< the scenario changed while hidden: the launch view is behind

    QLabel* m_objectiveLabel = nullptr;
    QComboBox* m_objective = nullptr;
    QLabel* m_zeroLabel = nullptr;
    QComboBox* m_zero = nullptr;
    QLabel* m_tensorLabel = nullptr;
    QComboBox* m_tensorMax = nullptr;
    QCheckBox* m_noOffload = nullptr;
    QCheckBox* m_fittingOnly = nullptr;
    QLabel* m_summary = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_apply = nullptr;
    QPushButton* m_compare = nullptr;
    QTableView* m_table = nullptr;
    PlanTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QLabel* m_rowLabel = nullptr;
    QComboBox* m_rowKnob = nullptr;
    QLabel* m_columnLabel = nullptr;
    QComboBox* m_columnKnob = nullptr;
    FeasibilityHeatmap* m_heatmap = nullptr;
    ParetoPlot* m_pareto = nullptr;
    QTabWidget* m_charts = nullptr;
    QWidget* m_gridPage = nullptr;  ///< the heatmap with its knobs
    bool m_chartsBeside = true;
    QTabWidget* m_details = nullptr;
    LayoutComparison* m_comparison = nullptr;
    LaunchConfigPanel* m_launch = nullptr;
    ServingPlannerView* m_serving = nullptr;
    QStackedLayout* m_pages = nullptr;   ///< the training page, or the serving one
};
