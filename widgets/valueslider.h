#pragma once

#include <QVector>
#include <QWidget>

class QDoubleSpinBox;
class NoteLabel;
class QLabel;
class QSlider;

/// A labelled slider with a spin box: the label and the exact value on one line, the slider
/// under them, an optional note and an error line below. The slider steps through a list of
/// allowed values (powers of two, divisors that make a valid layout) or moves continuously on
/// a linear or logarithmic scale; the spin box accepts any value in its range.
class ValueSlider : public QWidget
{
    Q_OBJECT

public:
    explicit ValueSlider(QWidget* parent = nullptr);
    ~ValueSlider() override;

    void setLabel(const QString& label);
    /// Discrete mode: the slider stops only at these values (ascending).
    void setSteps(const QVector<double>& values);
    QVector<double> steps() const { return m_steps; }
    /// Continuous mode: the slider spans [minimum, maximum], logarithmically if asked.
    void setContinuous(double minimum, double maximum, bool logarithmic);
    /// The spin box shows value / scale (e.g. 1e9 to type billions) with these decimals.
    void setSpinBox(double minimum, double maximum, int decimals, double scale = 1.0);
    /// Raises the spin box's maximum to `maximum` (in the value's unit, before the scale) if it
    /// is lower: the box then shows every value the estimate takes instead of its own limit.
    void widenSpinBox(double maximum);
    void setSuffix(const QString& suffix);
    void setPrefix(const QString& prefix);
    /// Shows `value` without emitting valueEdited.
    void setValue(double value);
    double value() const { return m_value; }
    /// A muted line under the slider (the resulting shape, the derived DP degree).
    void setNote(const QString& note);
    /// Why the value is not valid; empty clears it. Tints the spin box and shows the text.
    void setError(const QString& message);
    QString error() const { return m_errorText; }
    /// The note shown when a typed value was outside the spin box's range and set to its
    /// nearest bound ("1e+08 B is more than this field accepts: set to the largest, …"); empty
    /// once the next edit is made.
    QString clampNote() const { return m_clampText; }
    bool isDragging() const;

    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }

signals:
    /// The user moved the slider or entered a value.
    void valueEdited(double value);
    void dragStarted();
    void dragFinished();

protected:
    void changeEvent(QEvent* event) override;

private:
    void applySmallFont();
    int positionOf(double value) const;
    double valueAt(int position) const;
    void updateSlider();
    void updateErrorColors();
    void onSliderMoved(int position);
    void onSpinChanged(double shown);
    void showClamped(double typed, double used);

    QLabel* m_label = nullptr;
    QDoubleSpinBox* m_spin = nullptr;
    QSlider* m_slider = nullptr;
    NoteLabel* m_note = nullptr;
    QLabel* m_error = nullptr;
    NoteLabel* m_clamp = nullptr;
    QVector<double> m_steps;
    QString m_errorText;
    QString m_clampText;
    bool m_clampPending = false;
    double m_minimum = 0;
    double m_maximum = 1;
    double m_scale = 1;
    double m_value = 0;
    bool m_logarithmic = false;
};

/// Slider steps 2^fromExponent … 2^toExponent (sequence lengths, batch sizes, GPU counts).
QVector<double> powerOfTwoSteps(int fromExponent, int toExponent);
/// `steps` plus `current` if it is not one of them (a value typed, loaded or from a scene), in order.
QVector<double> withCurrentStep(QVector<double> steps, double current);
