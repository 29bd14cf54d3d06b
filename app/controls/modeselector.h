#pragma once

#include <QWidget>
#include <array>

#include "core/scenario.h"

class QButtonGroup;
class QToolButton;

/// The segmented control at the top of the controls: Training · Inference · Fine-tuning. It
/// shows the scenario's mode and asks for another; the controller decides.
class ModeSelector : public QWidget
{
    Q_OBJECT

public:
    explicit ModeSelector(QWidget* parent = nullptr);

    /// Shows `mode` without emitting modeChosen.
    void setMode(core::Mode mode);
    core::Mode mode() const { return m_mode; }
    QToolButton* button(core::Mode mode) const { return m_buttons[std::size_t(mode)]; }

signals:
    void modeChosen(core::Mode mode);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    std::array<QToolButton*, 3> m_buttons{};
    QButtonGroup* m_group = nullptr;
    core::Mode m_mode = core::Mode::Train;
};
