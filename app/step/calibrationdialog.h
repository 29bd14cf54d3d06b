#pragma once

#include <QDialog>

#include "core/calibration/measuredrun.h"
#include "core/calibration/residuals.h"
#include "core/estimate.h"
#include "widgets/displayformat.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class ScenarioController;
class QPushButton;
class QTableWidget;

/// "Compare with a measured run": paste or open what a real run printed (Megatron's memory
/// line, torch.cuda.memory_summary(), max_memory_allocated / reserved, nvidia-smi CSV, vLLM or
/// llama.cpp start-up lines) and see each measured number beside the prediction of the same
/// counter, with the residual. Lines it cannot read are explained, never guessed.
class CalibrationDialog : public QDialog
{
    Q_OBJECT

public:
    explicit CalibrationDialog(QWidget* parent = nullptr);

    /// The prediction to compare with (the controller's latest valid estimate).
    void setEstimate(const core::Estimate& estimate);
    void setUnit(DisplayFormat::MemoryUnit unit);
    void setLogText(const QString& text);
    /// Reads a log file into the text (false, and the reason shown, if it cannot be read).
    bool openLog(const QString& path);
    /// The controller the measurements are kept in ("Keep with the Scenario", "Clear"); without
    /// one the dialog only compares.
    void setController(ScenarioController* controller);
    /// "Keep with the Scenario": the log's measurements (the last of each counter) become the
    /// scenario's, one undo step, and the dialog closes. False (and why shown) when there is
    /// nothing to keep.
    bool keepMeasurements();
    /// What keepMeasurements() would store: the pasted log's last value of each counter, the
    /// label typed, today's date and the file opened.
    core::MeasuredRun measuredRun() const;
    QPushButton* keepButton() const { return m_keep; }
    QPushButton* clearButton() const { return m_clear; }
    QLineEdit* labelEdit() const { return m_label; }

    const std::vector<core::Residual>& residuals() const { return m_residuals; }
    QTableWidget* table() const { return m_table; }
    QString issuesText() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void recompute();
    void fill();
    void openFile();
    void showStored();
    int gpusPerNode() const;

    QPlainTextEdit* m_text = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_intro = nullptr;
    QLabel* m_issues = nullptr;
    QPushButton* m_open = nullptr;
    QPushButton* m_keep = nullptr;
    QPushButton* m_clear = nullptr;
    QLineEdit* m_label = nullptr;
    QLabel* m_labelCaption = nullptr;
    QLabel* m_stored = nullptr;
    ScenarioController* m_controller = nullptr;
    QString m_origin; ///< the file opened, kept as the measurements' origin
    core::Estimate m_estimate;
    core::ParsedLog m_log;
    std::vector<core::Residual> m_residuals;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
