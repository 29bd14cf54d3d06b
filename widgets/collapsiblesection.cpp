#include "widgets/collapsiblesection.h"

#include <QToolButton>
#include <QVBoxLayout>

CollapsibleSection::CollapsibleSection(QWidget* parent)
    : QWidget(parent)
    , m_header(new QToolButton(this))
    , m_content(new QWidget(this))
    , m_contentLayout(new QVBoxLayout(m_content))
{
    m_header->setCheckable(true);
    m_header->setChecked(true);
    m_header->setAutoRaise(true);
    m_header->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_header->setArrowType(Qt::DownArrow);
    m_header->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    QFont bold = m_header->font();
    bold.setBold(true);
    m_header->setFont(bold);
    m_contentLayout->setContentsMargins(14, 0, 2, 6);
    m_contentLayout->setSpacing(4);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_header);
    layout->addWidget(m_content);
    connect(m_header, &QToolButton::toggled, this, &CollapsibleSection::setExpanded);
}

void CollapsibleSection::setTitle(const QString& title)
{
    m_header->setText(title);
}

void CollapsibleSection::setExpanded(bool expanded)
{
    if (m_header->isChecked() != expanded)
        m_header->setChecked(expanded); // re-enters through toggled
    if (m_content->isVisibleTo(this) == expanded && m_header->arrowType() == (expanded ? Qt::DownArrow : Qt::RightArrow))
        return;
    m_header->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_content->setVisible(expanded);
    emit expandedChanged(expanded);
}

bool CollapsibleSection::isExpanded() const
{
    return m_header->isChecked();
}
