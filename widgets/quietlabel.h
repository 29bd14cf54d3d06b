#pragma once

#include <QWidget>

class QLabel;

/// A one-line QLabel in a box whose width hint does not follow the text: a new text repaints
/// the label and re-lays out nothing. The status bar's line changes on every slider move; as a
/// bare QLabel in the status bar's layout each new text invalidated that layout, then the status
/// bar's place in the main window's (LayoutRequest events through the whole window, about 1 ms a
/// move at 1920×1080). The box takes the label's place in a layout with a stretch: there its
/// width comes from the room left, not from its hint, so the label shows where and as it did.
/// Its height hint is the label's, measured again only when the text's characters beyond ASCII
/// change (they may come from a fallback font with taller glyphs; ASCII is the label's own font):
/// measuring lays the text out, as much work as the relayout it saves.
class QuietLabel : public QWidget
{
    Q_OBJECT

public:
    explicit QuietLabel(QWidget* parent = nullptr);

    /// The label itself (its text, format and font are the label's; the box's palette reaches it).
    QLabel* label() const { return m_label; }
    void setText(const QString& text);
    QString text() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QLabel* m_label = nullptr;
    int m_height = 0;      ///< the label's height hint, measured for a text of m_glyphs
    QString m_glyphs;      ///< its distinct characters beyond ASCII, in order
};
