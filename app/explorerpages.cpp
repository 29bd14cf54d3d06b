#include "app/explorerpages.h"

#include <QAction>
#include <QEvent>
#include <QScrollArea>

#include "widgets/lab/numberformatlab.h"
#include "widgets/wheelguard.h"

ExplorerPages::ExplorerPages(QWidget* explorer, QWidget* parent)
    : QTabWidget(parent)
    , m_lab(new NumberFormatLab)
    , m_labScroll(new QScrollArea(this))
    , m_labAction(new QAction(this))
{
    setObjectName(QStringLiteral("ExplorerPages"));
    setDocumentMode(true); // tabs without a frame: the pages keep their edges
    addTab(explorer, QString());
    // The lab needs more room than the explorer: it scrolls in a small window instead of
    // making the window's minimum size its own.
    m_labScroll->setWidget(m_lab);
    // It scrolls: its boxes and sliders take the wheel only once focused, as the Scenario panel's.
    WheelGuard::guardChildren(m_lab);
    m_labScroll->setWidgetResizable(true);
    m_labScroll->setFrameShape(QFrame::NoFrame);
    m_labScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // Side by side the lab needs this width; narrower, its columns stack and it scrolls down.
    m_wideWidth = m_lab->minimumSizeHint().width();
    m_labScroll->viewport()->installEventFilter(this);
    addTab(m_labScroll, QString());
    m_labAction->setCheckable(true);
    m_labAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_labAction, &QAction::toggled, this, &ExplorerPages::showLab);
    connect(this, &QTabWidget::currentChanged, this, [this] {
        const QSignalBlocker block(m_labAction);
        m_labAction->setChecked(isShowingLab());
    });
    retranslateUi();
}

bool ExplorerPages::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_labScroll->viewport() && event->type() == QEvent::Resize)
        m_lab->setStacked(m_labScroll->viewport()->width() < m_wideWidth);
    return QTabWidget::eventFilter(watched, event);
}

bool ExplorerPages::isShowingLab() const
{
    return currentWidget() == m_labScroll;
}

void ExplorerPages::showLab(bool lab)
{
    setCurrentIndex(lab ? 1 : 0);
}

void ExplorerPages::retranslateUi()
{
    setTabText(0, tr("Explorer"));
    setTabToolTip(0, tr("Memory per GPU, the comparisons and the dials of the scenario"));
    setTabText(1, tr("Number formats"));
    setTabToolTip(1, tr("What FP32 … INT4 store, bit by bit; pick a format for the served weights"));
    m_labAction->setText(tr("Number-Format &Lab"));
    m_labAction->setToolTip(tr("Switch between the explorer and the number-format lab (Ctrl+L)"));
}

void ExplorerPages::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QTabWidget::changeEvent(event);
}
