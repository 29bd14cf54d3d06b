#pragma once

#include <QPixmap>
#include <QStaticText>
#include <QVector>
#include <QWidget>

#include "widgets/charts/componentpalette.h"

class QPropertyAnimation;

/// A painted dial: an arc with coloured zones, the value as a filled arc in its zone's colour,
/// the value as text in the middle and a title above. The needle glides to new values.
class Gauge : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(double value READ value WRITE setValue NOTIFY valueChanged)

public:
    enum class Scale { Linear, Log };
    /// [from, to) of the range, with what a value there means.
    struct Zone
    {
        double from = 0;
        double to = 0;
        ComponentPalette::Level level = ComponentPalette::Level::Neutral;
    };

    explicit Gauge(QWidget* parent = nullptr);
    ~Gauge() override;

    void setRange(double minimum, double maximum, Scale scale = Scale::Linear);
    double minimum() const { return m_minimum; }
    double maximum() const { return m_maximum; }
    void setZones(const QVector<Zone>& zones);
    void setTitle(const QString& title);
    QString title() const { return m_title; }
    /// The big text in the middle ("61.0 days"); the owner formats the target value.
    void setValueText(const QString& text);
    QString valueText() const { return m_valueText; }
    /// A smaller line under the value ("of 85.9 GB").
    void setCaption(const QString& caption);

    /// Where the measured value is expected (the corpus's band for this figure, core/accuracy/
    /// bands.h): a thin arc inside the track from `low` to `high`, with end ticks. It belongs to
    /// the target, not to the animated value. clearBand() (or low ≥ high) removes it.
    void setBand(double low, double high);
    void clearBand() { setBand(0, 0); }
    bool hasBand() const { return m_bandLow < m_bandHigh; }
    double bandLow() const { return m_bandLow; }
    double bandHigh() const { return m_bandHigh; }

    /// The value the arc shows now (animated towards target()).
    double value() const { return m_value; }
    void setValue(double value);
    /// Glides to `target` (immediately when animation is off or the gauge is hidden).
    void animateTo(double target);
    double target() const { return m_target; }
    void setAnimated(bool animated) { m_animated = animated; }
    /// Drawn faded: the numbers belong to the last valid scenario.
    void setStale(bool stale);
    bool isStale() const { return m_stale; }
    void setSelected(bool selected);
    ComponentPalette::Level levelAt(double value) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// The caption as drawn at the widget's size (two lines joined by U+2028 when it is wider).
    QString shownCaption() const;
    /// The value as drawn (a long one on two lines: the number over its unit, U+2028 between).
    QString shownValue() const { return m_valueStatic.text(); }
    /// Where the value's text was last drawn, and the radius the needle's inner end keeps from
    /// the centre (for tests: the text stays inside it).
    QRectF valueRect() const;
    double needleInnerRadius() const;

signals:
    void valueChanged(double value);
    /// Clicked, or Space/Enter with focus.
    void activated();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    /// Where things go at the widget's current size.
    struct Geometry
    {
        QRectF area;
        QRectF circle;       ///< the arc's centre line
        QPointF centre;
        QFont titleFont;
        QFont captionFont;
        double titleHeight = 0;
        double captionHeight = 0;
        int captionLines = 0;
        double outer = 0;    ///< outer radius
        double thickness = 0;
    };
    Geometry geometry() const;
    double fraction(double value) const; ///< position of a value along the arc, 0…1
    void invalidateCache();
    void renderCache(const Geometry& g);
    void drawStatic(QPainter& p, const Geometry& g) const; ///< track, zones and title
    void drawTexts(QPainter& p, const Geometry& g);
    /// The caption as drawn: one line, or two when it is wider than the dial (kept from the last
    /// paint while the caption, its font and the room are the same).
    QString captionText(const Geometry& g) const;
    QString layOutCaption(const Geometry& g) const;
    static void drawArc(QPainter& p, const QRectF& circle, double from, double to, const QColor& color, double width);

    QPropertyAnimation* m_animation = nullptr;
    double m_bandLow = 0, m_bandHigh = 0;
    QPixmap m_cache; ///< track, zones and texts; redrawn when they change, not per frame
    bool m_cacheValid = false;
    QStaticText m_valueStatic;
    QStaticText m_captionStatic;
    QFont m_valueFont;
    QFont m_captionFont;
    /// captionText()'s last answer and what it was made from: every paint asks, and a
    /// two-line caption is a regular expression and a QTextLayout (0.6 M instructions a slider
    /// move over the nine dials, callgrind).
    struct CaptionLayout
    {
        QString caption;
        QFont font;
        double width = -1;
        int lines = -1;
        QString text;
    };
    mutable CaptionLayout m_captionLayout;
    QVector<Zone> m_zones;
    QString m_title;
    QString m_valueText;
    QString m_caption;
    double m_minimum = 0;
    double m_maximum = 1;
    double m_value = 0;
    double m_target = 0;
    Scale m_scale = Scale::Linear;
    bool m_animated = true;
    bool m_stale = false;
    bool m_selected = false;
};
