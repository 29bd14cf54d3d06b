#pragma once

#include <QVector>
#include <QWidget>

class QGridLayout;
class QLabel;

/// A row of large numbers with a caption above each ("Model states per GPU" / "38.5 GB"): the
/// figures a presentation scene is about, live while sliders move. Sizes follow the widget's
/// font (the caption at 0.8 of it, the value at 1.7, bold), so one font sets the whole strip.
class FigureStrip : public QWidget
{
    Q_OBJECT

public:
    struct Item
    {
        QString caption;
        QString value;
        QString toolTip;
        bool operator==(const Item&) const = default;
    };

    explicit FigureStrip(QWidget* parent = nullptr);

    void setItems(const QVector<Item>& items);
    const QVector<Item>& items() const { return m_items; }
    QLabel* captionLabel(int index) const { return index >= 0 && index < m_captions.size() ? m_captions[index] : nullptr; }
    QLabel* valueLabel(int index) const { return index >= 0 && index < m_values.size() ? m_values[index] : nullptr; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyFonts();
    void applyColors();

    QGridLayout* m_grid = nullptr;
    QVector<Item> m_items;
    QVector<QLabel*> m_captions; // pooled: reused as the items change, hidden when unused
    QVector<QLabel*> m_values;
};
