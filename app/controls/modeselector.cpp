#include "app/controls/modeselector.h"

#include <QButtonGroup>
#include <QEvent>
#include <QHBoxLayout>
#include <QToolButton>

ModeSelector::ModeSelector(QWidget* parent)
    : QWidget(parent)
    , m_group(new QButtonGroup(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 4);
    layout->setSpacing(0); // touching buttons read as one segmented control
    for (std::size_t i = 0; i < m_buttons.size(); ++i) {
        auto* b = new QToolButton(this);
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        b->setAutoRaise(false);
        m_group->addButton(b, int(i));
        layout->addWidget(b);
        m_buttons[i] = b;
    }
    // A segmented control: touching buttons, the chosen one in the highlight colour. The
    // palette() references follow light and dark palettes.
    m_buttons.front()->setObjectName(QStringLiteral("first"));
    m_buttons.back()->setObjectName(QStringLiteral("last"));
    setStyleSheet(QStringLiteral("QToolButton { border: 1px solid palette(mid); border-left-width: 0; padding: 3px 8px;"
                                 " background: palette(button); color: palette(button-text); }"
                                 "QToolButton#first { border-left-width: 1px; border-top-left-radius: 4px; border-bottom-left-radius: 4px; }"
                                 "QToolButton#last { border-top-right-radius: 4px; border-bottom-right-radius: 4px; }"
                                 "QToolButton:hover:!checked { background: palette(midlight); }"
                                 "QToolButton:checked { background: palette(highlight); color: palette(highlighted-text);"
                                 " border-color: palette(highlight); font-weight: bold; }"));
    m_buttons[0]->setChecked(true);
    m_group->setExclusive(true);
    connect(m_group, &QButtonGroup::idClicked, this, [this](int id) {
        if (core::Mode(id) == m_mode)
            return;
        // The controller's scenario comes back through setMode; until then show the choice.
        m_mode = core::Mode(id);
        emit modeChosen(m_mode);
    });
    retranslateUi();
}

void ModeSelector::setMode(core::Mode mode)
{
    m_mode = mode;
    const QSignalBlocker block(m_group);
    m_buttons[std::size_t(mode)]->setChecked(true);
}

void ModeSelector::retranslateUi()
{
    button(core::Mode::Train)->setText(tr("Training"));
    button(core::Mode::Train)->setToolTip(tr("Pre-training: weights, gradients, optimizer states and activations per GPU; training time and cost."));
    button(core::Mode::Inference)->setText(tr("Inference"));
    button(core::Mode::Inference)->setToolTip(tr("Serving: weights in their storage format and the KV cache per GPU; the largest batch and\n"
                                                  "context that fit, time to first token and decode speed."));
    button(core::Mode::FineTune)->setText(tr("Fine-tuning"));
    button(core::Mode::FineTune)->setToolTip(tr("Full fine-tuning, LoRA or QLoRA, optionally with reinforcement learning (GRPO, PPO):\n"
                                                 "the policy, reference, reward model, critic and rollout engine on the GPUs."));
    setAccessibleName(tr("Mode"));
}

void ModeSelector::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
