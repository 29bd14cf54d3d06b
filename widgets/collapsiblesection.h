#pragma once

#include <QWidget>

class QToolButton;
class QVBoxLayout;

/// A titled group of controls that folds away under its header (the controls panel's
/// Model, Sequence & batch, … sections).
class CollapsibleSection : public QWidget
{
    Q_OBJECT

public:
    explicit CollapsibleSection(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    /// Where the section's controls go.
    QVBoxLayout* contentLayout() const { return m_contentLayout; }
    void setExpanded(bool expanded);
    bool isExpanded() const;
    QToolButton* headerButton() const { return m_header; }

signals:
    void expandedChanged(bool expanded);

private:
    QToolButton* m_header = nullptr;
    QWidget* m_content = nullptr;
    QVBoxLayout* m_contentLayout = nullptr;
};
