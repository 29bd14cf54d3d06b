#include "app/viewoptions.h"

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QWidget>

#include "app/apptheme.h"

ViewOptions::ViewOptions(QWidget* parent)
    : QObject(parent)
    , m_unitsMenu(new QMenu(parent))
    , m_unitGroup(new QActionGroup(this))
    , m_gb(new QAction(this))
    , m_gib(new QAction(this))
    , m_toggleUnit(new QAction(this))
    , m_textbookAction(new QAction(this))
    , m_darkAction(new QAction(this))
{
    for (QAction* a : {m_gb, m_gib}) {
        a->setCheckable(true);
        m_unitGroup->addAction(a);
        m_unitsMenu->addAction(a);
    }
    m_gb->setChecked(true);
    // Ctrl+G switches between the two, as "Memory in GiB" did.
    m_toggleUnit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));
    parent->addAction(m_toggleUnit);
    connect(m_toggleUnit, &QAction::triggered, this, [this] {
        setUnit(m_unit == DisplayFormat::MemoryUnit::GB ? DisplayFormat::MemoryUnit::GiB : DisplayFormat::MemoryUnit::GB);
    });
    connect(m_gb, &QAction::triggered, this, [this] { setUnit(DisplayFormat::MemoryUnit::GB); });
    connect(m_gib, &QAction::triggered, this, [this] { setUnit(DisplayFormat::MemoryUnit::GiB); });
    m_textbookAction->setCheckable(true);
    m_textbookAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(m_textbookAction, &QAction::toggled, this, &ViewOptions::setTextbook);
    // The dark theme was only a hidden --theme dark (issue 31): a menu entry for everyone.
    m_darkAction->setCheckable(true);
    m_darkAction->setChecked(AppTheme::isDark());
    m_darkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_darkAction, &QAction::toggled, this, [](bool dark) { AppTheme::apply(dark); });
    retranslateUi();
}

void ViewOptions::setUnit(DisplayFormat::MemoryUnit unit)
{
    (unit == DisplayFormat::MemoryUnit::GB ? m_gb : m_gib)->setChecked(true);
    if (m_unit == unit)
        return;
    m_unit = unit;
    DisplayFormat::setMemoryUnit(unit);
    emit unitChanged(unit);
}

void ViewOptions::setTextbook(bool on)
{
    m_textbookAction->setChecked(on);
    if (m_textbook == on)
        return;
    m_textbook = on;
    emit textbookChanged(on);
}

void ViewOptions::retranslateUi()
{
    m_unitsMenu->setTitle(tr("&Units"));
    m_gb->setText(tr("&GB (10⁹ bytes)"));
    m_gb->setToolTip(tr("Decimal gigabytes, as textbooks count model states: 7B × 16 B = 112 GB"));
    m_gib->setText(tr("G&iB (2³⁰ bytes)"));
    m_gib->setToolTip(tr("Binary gibibytes, as nvidia-smi and PyTorch count: an \"80GB\" A100 has 80 GiB"));
    m_toggleUnit->setText(tr("Switch GB / GiB"));
    m_darkAction->setText(tr("&Dark Theme"));
    m_darkAction->setToolTip(tr("Light text on a dark background for the whole window (Ctrl+Shift+D)"));
    m_textbookAction->setText(tr("&Textbook View"));
    m_textbookAction->setToolTip(tr("Only the four ledgers of the textbook: parameters, gradients, optimizer states and activations;\n"
                                    "no runtime, fragmentation or temporary buffers"));
}
