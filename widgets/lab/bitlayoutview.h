#pragma once

#include <QVector>
#include <QWidget>

#include "core/numerics/numberformat.h"
#include "widgets/lab/numberformatstyle.h"

/// One number format's bit pattern as a row of painted boxes, coloured by field (sign,
/// exponent, mantissa; the implicit leading bit ghosted), with bit indices, the stored value,
/// its class, the formula with the fields substituted and the neighbouring values.
/// Click a bit to flip it; Left/Right pick a bit, Space flips it, Up/Down step to the next value.
class BitLayoutView : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(double value READ value WRITE setValue NOTIFY valueChanged)
    Q_PROPERTY(quint32 bits READ bits WRITE setBits NOTIFY bitsChanged)

public:
    explicit BitLayoutView(core::NumberFormat format, QWidget* parent = nullptr);

    core::NumberFormat format() const { return m_format.format; }
    /// The value the pattern holds (exact).
    double value() const;
    quint32 bits() const { return m_bits; }
    /// How the last setValue() went (Exact after setBits()).
    core::Conversion conversion() const { return m_conversion; }
    /// The value last passed to setValue(), which the row measures its rounding error against.
    double requested() const { return m_requested; }

    /// Box of bit `index` (0 = least significant), in widget coordinates; empty if out of range.
    QRect bitRect(int index) const;
    /// The bit under `pos`, or −1.
    int bitAt(const QPoint& pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public slots:
    /// Stores `value` rounded to this format (ties to even; overflow per the format).
    void setValue(double value);
    void setBits(quint32 bits);
    void flipBit(int index);

signals:
    void valueChanged(double value);
    void bitsChanged(quint32 bits);
    /// The user changed the pattern (click, keyboard); not emitted by setValue()/setBits().
    void bitsEdited(quint32 bits);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    struct Slot
    {
        QRect rect;
        int bit = -1; // −1: the implicit leading bit
        NumberFormatStyle::Field field = NumberFormatStyle::Field::Mantissa;
    };
    /// A piece of painted text; superscripts are drawn smaller and raised.
    struct Run
    {
        QString text;
        bool superscript = false;
        QColor color;
        bool bold = false;
    };

    void relayout();
    void updateColors();
    void applyBits(quint32 bits, double requested, core::Conversion conversion, bool byUser);
    QVector<Run> formulaRuns() const;
    QVector<Run> statusRuns() const;
    QString neighboursText() const;
    QString bitToolTip(int index) const;
    int drawRuns(QPainter& painter, int x, int baseline, const QVector<Run>& runs, int maxRight) const;

    core::FormatDescription m_format;
    quint32 m_bits = 0;
    double m_requested = 0;
    core::Conversion m_conversion = core::Conversion::Exact;
    int m_hoverBit = -2;
    int m_focusBit = 0;

    // Geometry, recomputed from the fonts on resize and font change.
    struct
    {
        QVector<Slot> boxes;
        int labelWidth = 0;
        int boxWidth = 0;
        int boxTop = 0;
        int boxHeight = 0;
        int indexBaseline = 0;
        int line1Baseline = 0;
        int line2Baseline = 0;
        int height = 0;
        int width = 0;
    } m_geometry;

    // Palette-derived colours, cached (redone on PaletteChange, so a theme switch recolours it).
    struct
    {
        bool dark = false;
        QColor text;
        QColor muted;
        QColor alert;
        QColor good;
        QColor highlight;
    } m_colors;
};
