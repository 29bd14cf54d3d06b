#include "widgets/valueslider.h"

#include <algorithm>

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QSlider>
#include <cmath>
#include <functional>

#include "widgets/charts/componentpalette.h"
#include "widgets/notelabel.h"

namespace {

constexpr int kContinuousSteps = 1000;

/// Arrow keys and the wheel walk through the slider's allowed values. Typing accepts any number,
/// also in scientific notation ("1e6"); one outside the range is set to the nearest bound and
/// reported (`clamped`), where QDoubleSpinBox would silently refuse the keystroke or the text.
class StepSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    std::function<double(double shown, int steps)> stepper;
    std::function<void(double typed, double used)> clamped;
    bool reportClamps = true; ///< off while ValueSlider compares texts of its own

    void stepBy(int steps) override
    {
        if (stepper)
            setValue(stepper(value(), steps));
        else
            QDoubleSpinBox::stepBy(steps);
    }

    QValidator::State validate(QString& text, int& pos) const override
    {
        const QString bare = number(text);
        if (bare.isEmpty() || bare == QLatin1String("-") || bare == QLatin1String("+"))
            return QValidator::Intermediate;
        bool ok = false;
        parse(bare, &ok);
        if (ok)
            return QValidator::Acceptable;
        // "1e", "1e-", "2." on the way to a number
        const QChar last = bare.back();
        if (last == QLatin1Char('e') || last == QLatin1Char('E') || last == QLatin1Char('-') || last == QLatin1Char('+')
            || last == locale().decimalPoint().front()) {
            bool headOk = false;
            parse(bare.chopped(last == QLatin1Char('-') || last == QLatin1Char('+') ? 2 : 1), &headOk);
            if (headOk || bare.size() == 1)
                return QValidator::Intermediate;
        }
        return QDoubleSpinBox::validate(text, pos);
    }

    double valueFromText(const QString& text) const override
    {
        bool ok = false;
        const double typed = parse(number(text), &ok);
        if (!ok)
            return QDoubleSpinBox::valueFromText(text);
        const double used = std::clamp(typed, minimum(), maximum());
        if (used != typed && clamped && reportClamps)
            clamped(typed, used);
        return used;
    }

protected:
    StepEnabled stepEnabled() const override
    {
        return stepper ? StepUpEnabled | StepDownEnabled : QDoubleSpinBox::stepEnabled();
    }

private:
    QString number(QString text) const
    {
        if (!prefix().isEmpty() && text.startsWith(prefix()))
            text.remove(0, prefix().size());
        if (!suffix().isEmpty() && text.endsWith(suffix()))
            text.chop(suffix().size());
        return text.trimmed();
    }
    double parse(const QString& text, bool* ok) const
    {
        const double v = locale().toDouble(text, ok);
        if (*ok)
            return v;
        return QLocale::c().toDouble(text, ok);
    }
};

} // namespace

ValueSlider::ValueSlider(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_spin(new StepSpinBox(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_note(new NoteLabel(this))
    , m_error(new QLabel(this))
    , m_clamp(new NoteLabel(this))
{
    static_cast<StepSpinBox*>(m_spin)->stepper = [this](double shown, int steps) {
        if (m_steps.isEmpty())
            return shown + steps * m_spin->singleStep();
        // From a value between steps, one step up lands on the next allowed value above it.
        const double value = shown * m_scale;
        int at = positionOf(value);
        if (steps > 0 && m_steps[at] > value)
            --at;
        if (steps < 0 && m_steps[at] < value)
            ++at;
        return m_steps[std::clamp(at + steps, 0, int(m_steps.size()) - 1)] / m_scale;
    };
    static_cast<StepSpinBox*>(m_spin)->clamped = [this](double typed, double used) { showClamped(typed, used); };
    m_spin->setKeyboardTracking(false); // typing "4096" is one edit, not four
    m_spin->setAlignment(Qt::AlignRight);
    m_spin->setAccelerated(true);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("0000000.00 B")));
    m_label->setBuddy(m_spin);
    m_error->setWordWrap(true);
    m_error->setVisible(false);
    m_clamp->setVisible(false);
    applySmallFont();

    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->setHorizontalSpacing(6);
    layout->setVerticalSpacing(1);
    layout->addWidget(m_label, 0, 0);
    layout->addWidget(m_spin, 0, 1, Qt::AlignRight);
    layout->addWidget(m_slider, 1, 0, 1, 2);
    layout->addWidget(m_note, 2, 0, 1, 2);
    layout->addWidget(m_error, 3, 0, 1, 2);
    layout->addWidget(m_clamp, 4, 0, 1, 2);
    layout->setColumnStretch(0, 1);

    connect(m_slider, &QSlider::valueChanged, this, &ValueSlider::onSliderMoved);
    connect(m_slider, &QSlider::sliderPressed, this, &ValueSlider::dragStarted);
    connect(m_slider, &QSlider::sliderReleased, this, &ValueSlider::dragFinished);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &ValueSlider::onSpinChanged);
    updateErrorColors();
}

ValueSlider::~ValueSlider() = default;

void ValueSlider::setLabel(const QString& label)
{
    m_label->setText(label);
    m_slider->setAccessibleName(QString(label).remove(QLatin1Char('&')));
}

void ValueSlider::setSteps(const QVector<double>& values)
{
    if (values == m_steps)
        return;
    m_steps = values;
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, std::max(0, int(values.size()) - 1));
    m_slider->setPageStep(1);
    m_slider->setTickPosition(values.size() <= 24 ? QSlider::TicksBelow : QSlider::NoTicks);
    m_slider->setTickInterval(1);
    updateSlider();
}

void ValueSlider::setContinuous(double minimum, double maximum, bool logarithmic)
{
    m_steps.clear();
    m_minimum = minimum;
    m_maximum = maximum;
    m_logarithmic = logarithmic;
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, kContinuousSteps);
    m_slider->setPageStep(kContinuousSteps / 20);
    m_slider->setTickPosition(QSlider::NoTicks);
    updateSlider();
}

void ValueSlider::setSpinBox(double minimum, double maximum, int decimals, double scale)
{
    const QSignalBlocker block(m_spin);
    m_scale = scale;
    m_spin->setDecimals(decimals);
    m_spin->setRange(minimum, maximum);
    m_spin->setSingleStep(decimals > 0 ? std::pow(10.0, -std::min(decimals, 2)) : 1.0);
    m_spin->setValue(m_value / m_scale);
}

void ValueSlider::widenSpinBox(double maximum)
{
    if (!(maximum / m_scale > m_spin->maximum()))
        return;
    const QSignalBlocker block(m_spin);
    m_spin->setMaximum(maximum / m_scale);
    m_spin->setValue(m_value / m_scale);
}

void ValueSlider::setSuffix(const QString& suffix)
{
    m_spin->setSuffix(suffix);
}

void ValueSlider::setPrefix(const QString& prefix)
{
    m_spin->setPrefix(prefix);
}

void ValueSlider::setValue(double value)
{
    // The controller echoes every scenario change to every control: an unchanged spin box
    // must not re-set (and repaint) its text.
    auto* spin = static_cast<StepSpinBox*>(m_spin);
    spin->reportClamps = false;
    const bool same = value == m_value && m_spin->value() == m_spin->valueFromText(m_spin->textFromValue(value / m_scale));
    spin->reportClamps = true;
    if (same) {
        updateSlider();
        return;
    }
    m_value = value;
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(value / m_scale);
    }
    updateSlider();
}

void ValueSlider::setNote(const QString& note)
{
    m_note->setText(note);
}

void ValueSlider::setError(const QString& message)
{
    if (m_errorText == message)
        return;
    m_errorText = message;
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    updateErrorColors();
}

bool ValueSlider::isDragging() const
{
    return m_slider->isSliderDown();
}

int ValueSlider::positionOf(double value) const
{
    if (!m_steps.isEmpty()) {
        // Nearest step; on a ratio scale when the steps are positive (powers of two).
        int best = 0;
        double bestDistance = INFINITY;
        for (int i = 0; i < m_steps.size(); ++i) {
            const double s = m_steps[i];
            const double d = (s > 0 && value > 0) ? std::fabs(std::log(s / value)) : std::fabs(s - value);
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        return best;
    }
    double f = 0;
    if (m_logarithmic)
        f = value > 0 ? std::log(value / m_minimum) / std::log(m_maximum / m_minimum) : 0;
    else
        f = (value - m_minimum) / (m_maximum - m_minimum);
    return int(std::lround(std::clamp(f, 0.0, 1.0) * kContinuousSteps));
}

double ValueSlider::valueAt(int position) const
{
    if (!m_steps.isEmpty())
        return m_steps.value(std::clamp(position, 0, int(m_steps.size()) - 1));
    const double f = double(position) / kContinuousSteps;
    return m_logarithmic ? m_minimum * std::pow(m_maximum / m_minimum, f) : m_minimum + f * (m_maximum - m_minimum);
}

void ValueSlider::updateSlider()
{
    const int position = positionOf(m_value);
    // While the user drags, the handle is where their hand is.
    if (m_slider->value() != position && !m_slider->isSliderDown()) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(position);
    }
}

void ValueSlider::onSliderMoved(int position)
{
    m_clampText.clear();
    m_clamp->setVisible(false);
    double value = valueAt(position);
    // Continuous values are rounded to what the spin box shows, so both agree.
    if (m_steps.isEmpty()) {
        const double factor = std::pow(10.0, m_spin->decimals());
        value = std::round(value / m_scale * factor) / factor * m_scale;
    }
    if (value == m_value)
        return;
    m_value = value;
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(value / m_scale);
    }
    emit valueEdited(value);
}

void ValueSlider::showClamped(double typed, double used)
{
    const QString typedText = m_spin->prefix() + QLocale().toString(typed, 'g', 6) + m_spin->suffix();
    const QString usedText = m_spin->textFromValue(used);
    m_clampText = typed > used
        //: a typed value above the field's range; %1 = the value typed, %2 = the largest value, used instead
        ? tr("%1 is more than this field accepts: set to the largest, %2").arg(typedText, m_spin->prefix() + usedText + m_spin->suffix())
        //: a typed value below the field's range; %1 = the value typed, %2 = the smallest value, used instead
        : tr("%1 is less than this field accepts: set to the smallest, %2").arg(typedText, m_spin->prefix() + usedText + m_spin->suffix());
    m_clamp->setText(m_clampText);
    m_clamp->setVisible(true);
    // The valueChanged this edit causes (if any) comes before the queued reset: that one keeps
    // the note, the next edit's clears it.
    m_clampPending = true;
    QMetaObject::invokeMethod(this, [this] { m_clampPending = false; }, Qt::QueuedConnection);
}

void ValueSlider::onSpinChanged(double shown)
{
    // The clamp note stays for the edit that caused it and goes with the next one.
    if (!m_clampPending && !m_clampText.isEmpty()) {
        m_clampText.clear();
        m_clamp->setVisible(false);
    }
    double value = shown * m_scale;
    if (value == m_value)
        return;
    m_value = value;
    updateSlider();
    emit valueEdited(value);
}

void ValueSlider::updateErrorColors()
{
    const bool dark = ComponentPalette::isDark(palette());
    const QColor bad = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
    QPalette errorPalette = m_error->palette();
    errorPalette.setColor(QPalette::WindowText, bad);
    m_error->setPalette(errorPalette);
    QPalette notePalette = m_note->palette();
    QColor muted = palette().color(QPalette::WindowText);
    muted.setAlphaF(0.7f);
    notePalette.setColor(QPalette::WindowText, muted);
    m_note->setPalette(notePalette);
    QPalette spin = palette();
    if (!m_errorText.isEmpty()) {
        QColor tint = palette().color(QPalette::Base);
        tint = QColor::fromRgbF(tint.redF() * 0.75f + bad.redF() * 0.25f, tint.greenF() * 0.75f + bad.greenF() * 0.25f,
                                tint.blueF() * 0.75f + bad.blueF() * 0.25f);
        spin.setColor(QPalette::Base, tint);
    }
    m_spin->setPalette(spin);
}

void ValueSlider::applySmallFont()
{
    // Note, error and clamp note a little smaller than the label, whatever size the label is set in
    // (points in the window, pixels in presentation mode).
    QFont small = font();
    if (small.pixelSize() > 0)
        small.setPixelSize(std::max(1, int(small.pixelSize() * 0.9 + 0.5)));
    else
        small.setPointSizeF(small.pointSizeF() * 0.9);
    m_note->setFont(small);
    m_error->setFont(small);
    m_clamp->setFont(small);
}

void ValueSlider::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        updateErrorColors();
    else if (event->type() == QEvent::FontChange)
        applySmallFont();
    QWidget::changeEvent(event);
}

QVector<double> powerOfTwoSteps(int fromExponent, int toExponent)
{
    QVector<double> v;
    for (int e = fromExponent; e <= toExponent; ++e)
        v.push_back(std::ldexp(1.0, e));
    return v;
}

QVector<double> withCurrentStep(QVector<double> steps, double current)
{
    if (!steps.contains(current) && current > 0) {
        steps.push_back(current);
        std::sort(steps.begin(), steps.end());
    }
    return steps;
}
