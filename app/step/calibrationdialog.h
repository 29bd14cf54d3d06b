#pragma once

#include <QDialog>

#include "core/calibration/residuals.h"
#include "core/estimate.h"
#include "widgets/displayformat.h"

class QLabel;
class QPlainTextEdit;
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

    QPlainTextEdit* m_text = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_intro = nullptr;
    QLabel* m_issues = nullptr;
    QPushButton* m_open = nullptr;
    core::Estimate m_estimate;
    core::ParsedLog m_log;
    std::vector<core::Residual> m_residuals;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
