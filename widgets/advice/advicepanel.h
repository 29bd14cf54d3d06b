#pragma once

#include <QVector>
#include <QWidget>

#include "core/advice/advice.h"
#include "widgets/displayformat.h"

class QCheckBox;
class RemedyButton;
class QLabel;
class QVBoxLayout;

/// "What to try first": the advisor's single changes in the seeds' order, then (when none is
/// enough) the smallest combinations that fit, then (training) what shortens the run at the same
/// memory, each a button whose title is the change and whose text is what it saves and costs. A click asks for the change (remedyChosen); the
/// window applies it as one undo step. Shows what it is given: the window runs the advisor.
class AdvicePanel : public QWidget
{
    Q_OBJECT

public:
    explicit AdvicePanel(QWidget* parent = nullptr);

    void setAdvice(const core::Advice& advice);
    /// For an invalid scenario: the nearest layouts that can run (core::nearestValidLayouts),
    /// one line each after the remedies; empty otherwise.
    void setNearestLayouts(const std::vector<core::Remedy>& layouts);
    const core::Advice& advice() const { return m_advice; }
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// "Also when it fits": list what would save memory for a scenario that fits.
    bool evenIfFits() const;

    /// The remedy behind line `index`: remedies first, then combinations, then the run's
    /// remedies (checkpoints), then the nearest valid layouts; null past the end.
    const core::Remedy* remedy(int index) const;
    int lineCount() const;
    RemedyButton* lineButton(int index) const;
    QString statusText() const;

signals:
    /// Line `index` was clicked (see remedy()).
    void remedyChosen(int index);
    void evenIfFitsChanged(bool on);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void rebuild();
    RemedyButton* button(int index);

    core::Advice m_advice;
    std::vector<core::Remedy> m_layouts;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    QLabel* m_status = nullptr;
    QLabel* m_combinationsHeading = nullptr;
    QLabel* m_runHeading = nullptr;
    QCheckBox* m_evenIfFits = nullptr;
    QVBoxLayout* m_singles = nullptr;
    QVBoxLayout* m_combinations = nullptr;
    QVBoxLayout* m_run = nullptr;
    QVector<RemedyButton*> m_buttons; // pooled: remedies, combinations, the run's, layouts
};
