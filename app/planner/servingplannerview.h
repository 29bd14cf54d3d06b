#pragma once

#include <QWidget>

#include "core/plan/serving/servingplanner.h"
#include "widgets/displayformat.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;
class ScenarioController;

/// The planner page for a serving scenario (issue 27 item 4): the TTFT and TPOT limits, every
/// serving layout ranked by tokens/s per GPU under them (core::planServing, the estimate's own
/// numbers), why each rejected one is out, and the chosen layout's launch command for vLLM,
/// SGLang or TensorRT-LLM. A search takes a few milliseconds (bench_plan's serving case), so it
/// runs on the GUI thread when the page is shown or the scenario or a limit changes.
class ServingPlannerView : public QWidget
{
    Q_OBJECT

public:
    explicit ServingPlannerView(ScenarioController* scenario, QWidget* parent = nullptr);

    void setUnit(DisplayFormat::MemoryUnit unit);
    /// Searches again (when shown; otherwise when next shown).
    void refresh();
    const core::ServingPlanResult& result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    QLabel* summary() const { return m_summary; }
    QPlainTextEdit* launchText() const { return m_launch; }
    QDoubleSpinBox* ttftLimit() const { return m_ttft; }
    QDoubleSpinBox* tpotLimit() const { return m_tpot; }
    /// Makes the selected layout the scenario: one undo step.
    void applySelected();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void retranslateUi();
    void search();
    void fillTable();
    void updateSummary();
    void updateLaunch();
    int selectedLayout() const;
    QString verdict(const core::ServingCandidate& c) const;

    ScenarioController* m_scenario = nullptr;
    core::ServingPlanRequest m_request;
    core::ServingPlanResult m_result;
    bool m_stale = true;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;

    QLabel* m_ttftLabel = nullptr;
    QDoubleSpinBox* m_ttft = nullptr;
    QLabel* m_tpotLabel = nullptr;
    QDoubleSpinBox* m_tpot = nullptr;
    QCheckBox* m_fp8 = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_table = nullptr;
    QPushButton* m_apply = nullptr;
    QLabel* m_engineLabel = nullptr;
    QComboBox* m_engine = nullptr;
    QPlainTextEdit* m_launch = nullptr;
    QLabel* m_notes = nullptr;
};
