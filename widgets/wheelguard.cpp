#include "widgets/wheelguard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace {

/// One filter object for every guarded control (it keeps no state).
class WheelFilter : public QObject
{
public:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Wheel)
            return false;
        const auto* control = static_cast<QWidget*>(watched);
        if (control->hasFocus())
            return false;
        // Ignored and filtered: QApplication hands an ignored wheel event on to the parents,
        // up to the scroll area's viewport, which scrolls.
        event->ignore();
        return true;
    }
};

WheelFilter* filter()
{
    static WheelFilter* instance = new WheelFilter; // lives as long as the program (no parent to outlive)
    return instance;
}

bool guardable(const QWidget* w)
{
    return qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QAbstractSlider*>(w) || qobject_cast<const QComboBox*>(w);
}

} // namespace

namespace WheelGuard {

void guard(QWidget* control)
{
    if (!control || !guardable(control) || isGuarded(control))
        return;
    // WheelFocus (spin and combo boxes' default) would give the control the focus on the first
    // notch and then let it take the rest.
    control->setFocusPolicy(Qt::StrongFocus);
    control->installEventFilter(filter());
    control->setProperty("wheelGuarded", true);
}

void guardChildren(QWidget* root)
{
    if (!root)
        return;
    const QList<QWidget*> children = root->findChildren<QWidget*>();
    for (QWidget* w : children)
        guard(w);
}

bool isGuarded(const QWidget* control)
{
    return control && control->property("wheelGuarded").toBool();
}

} // namespace WheelGuard
