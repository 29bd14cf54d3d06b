#pragma once

#include <QFrame>

class QLabel;

/// One line of "What to try first": the change in bold, what it saves and costs below, both
/// wrapped to the panel's width (a QCommandLinkButton keeps its title on one line and makes the
/// panel scroll sideways). Clicked with the mouse, Enter or Space.
class RemedyButton : public QFrame
{
    Q_OBJECT

public:
    explicit RemedyButton(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    QString title() const;
    void setDescription(const QString& text);
    QString description() const;
    /// As a user's click does.
    void click();

signals:
    void clicked();

protected:
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void enterEvent(QEnterEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void focusInEvent(QFocusEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void updateLook();

    QLabel* m_title = nullptr;
    QLabel* m_description = nullptr;
    bool m_hover = false;
    bool m_updating = false; ///< setPalette() sends a PaletteChange of its own
};
