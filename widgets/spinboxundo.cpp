#include "widgets/spinboxundo.h"

#include <QAbstractSpinBox>
#include <QKeyEvent>
#include <QLineEdit>

namespace {

constexpr const char* kPending = "spinBoxUndoPending";

/// One filter object for every spin box (the state is a property of each).
class UndoFilter : public QObject
{
public:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::ShortcutOverride || watched->property(kPending).toBool())
            return false;
        const auto* key = static_cast<QKeyEvent*>(event);
        if (!key->matches(QKeySequence::Undo) && !key->matches(QKeySequence::Redo))
            return false;
        // Not taken: the shortcut (Edit ▸ Undo / Redo) gets the key.
        event->ignore();
        return true;
    }
};

UndoFilter* undoFilter()
{
    static UndoFilter* instance = new UndoFilter; // lives as long as the program
    return instance;
}

} // namespace

namespace SpinBoxUndo {

void passThroughUnder(QWidget* root)
{
    if (!root)
        return;
    const QList<QAbstractSpinBox*> spins = root->findChildren<QAbstractSpinBox*>();
    for (QAbstractSpinBox* spin : spins) {
        if (spin->property(kPending).isValid())
            continue; // already
        spin->setProperty(kPending, false);
        if (auto* edit = spin->findChild<QLineEdit*>())
            QObject::connect(edit, &QLineEdit::textEdited, spin, [spin] { spin->setProperty(kPending, true); });
        // Enter or leaving the box enters the typed value: from then on the keys are the window's.
        QObject::connect(spin, &QAbstractSpinBox::editingFinished, spin, [spin] { spin->setProperty(kPending, false); });
        spin->installEventFilter(undoFilter());
    }
}

} // namespace SpinBoxUndo
