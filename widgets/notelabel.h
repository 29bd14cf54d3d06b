#pragma once

#include <QWidget>

/// A word-wrapped line of small text (a slider's note, the derived DP degree). Unlike QLabel,
/// a new text asks for a new layout only when its height changes: notes change on every slider
/// move, and a QLabel would re-lay out the whole controls panel each time.
class NoteLabel : public QWidget
{
    Q_OBJECT

public:
    explicit NoteLabel(QWidget* parent = nullptr);

    void setText(const QString& text);
    QString text() const { return m_text; }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QString m_text;
    /// heightForWidth(m_heightWidth) of the current text and font (−1: none kept): the next
    /// setText compares with it instead of measuring the old text again.
    int m_heightWidth = -1;
    int m_height = 0;
};
