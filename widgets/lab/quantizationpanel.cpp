#include "widgets/lab/quantizationpanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <cmath>

#include "widgets/lab/numberformatstyle.h"

namespace {

QString num(double v)
{
    return NumberFormatStyle::number(v, 5);
}

/// A number that reads as one term inside a formula: (−1) rather than −1.
QString term(double v)
{
    return v < 0 ? QStringLiteral("(") + num(v) + QStringLiteral(")") : num(v);
}

QString binary(std::uint32_t bits, int width)
{
    QString s;
    for (int b = width - 1; b >= 0; --b) {
        s += (bits >> b) & 1u ? QLatin1Char('1') : QLatin1Char('0');
        if (b % 4 == 0 && b > 0)
            s += QLatin1Char(' ');
    }
    return s;
}

QDoubleSpinBox* makeSpin(double value)
{
    auto* spin = new QDoubleSpinBox;
    spin->setRange(-1e6, 1e6);
    spin->setDecimals(4);
    spin->setSingleStep(0.1);
    spin->setValue(value);
    spin->setAccelerated(true);
    return spin;
}

} // namespace

QuantizationPanel::QuantizationPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);

    m_inputs.format = new QComboBox;
    for (core::NumberFormat f : {core::NumberFormat::Int8, core::NumberFormat::Uint8, core::NumberFormat::Int4})
        m_inputs.format->addItem(QString(), int(f));
    m_inputs.scheme = new QComboBox;
    m_inputs.scheme->addItem(QString(), int(core::QuantScheme::Symmetric));
    m_inputs.scheme->addItem(QString(), int(core::QuantScheme::Asymmetric));
    m_inputs.rangeMin = makeSpin(-1.0);
    m_inputs.rangeMax = makeSpin(1.0);
    m_inputs.value = makeSpin(0.3);

    auto caption = [] {
        auto* l = new QLabel;
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return l;
    };
    m_captions.format = caption();
    m_captions.scheme = caption();
    m_captions.range = caption();
    m_captions.to = new QLabel;
    m_captions.to->setAlignment(Qt::AlignCenter);
    m_captions.value = caption();
    m_captions.format->setBuddy(m_inputs.format);
    m_captions.scheme->setBuddy(m_inputs.scheme);
    m_captions.range->setBuddy(m_inputs.rangeMin);
    m_captions.value->setBuddy(m_inputs.value);

    // Two rows of inputs: format, scheme; range, value.
    grid->addWidget(m_captions.format, 0, 0);
    grid->addWidget(m_inputs.format, 0, 1);
    grid->addWidget(m_captions.scheme, 0, 2);
    grid->addWidget(m_inputs.scheme, 0, 3, 1, 3);
    grid->addWidget(m_captions.range, 1, 0);
    grid->addWidget(m_inputs.rangeMin, 1, 1);
    grid->addWidget(m_captions.to, 1, 2);
    grid->addWidget(m_inputs.rangeMax, 1, 3);
    grid->addWidget(m_captions.value, 1, 4);
    grid->addWidget(m_inputs.value, 1, 5);

    auto* line = new QFrame;
    line->setFrameShape(QFrame::HLine);
    line->setFrameShadow(QFrame::Sunken);
    grid->addWidget(line, 3, 0, 1, 6);

    auto result = [] {
        auto* l = new QLabel;
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    m_captions.scale = caption();
    m_captions.zeroPoint = caption();
    m_captions.stored = caption();
    m_captions.dequantized = caption();
    m_results.scale = result();
    m_results.zeroPoint = result();
    m_results.stored = result();
    m_results.dequantized = result();
    m_results.message = result();
    m_results.message->setWordWrap(true);
    int row = 4;
    for (auto [c, r] : {std::pair{m_captions.scale, m_results.scale}, std::pair{m_captions.zeroPoint, m_results.zeroPoint},
                        std::pair{m_captions.stored, m_results.stored}, std::pair{m_captions.dequantized, m_results.dequantized}}) {
        grid->addWidget(c, row, 0);
        grid->addWidget(r, row, 1, 1, 5);
        ++row;
    }
    grid->addWidget(m_results.message, row, 0, 1, 6);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    grid->setColumnStretch(5, 1);

    connect(m_inputs.format, &QComboBox::currentIndexChanged, this, &QuantizationPanel::recompute);
    connect(m_inputs.scheme, &QComboBox::currentIndexChanged, this, &QuantizationPanel::recompute);
    for (QDoubleSpinBox* spin : {m_inputs.rangeMin, m_inputs.rangeMax, m_inputs.value})
        connect(spin, &QDoubleSpinBox::valueChanged, this, &QuantizationPanel::recompute);

    retranslateUi();
    updateColors();
}

double QuantizationPanel::value() const
{
    return m_inputs.value->value();
}

void QuantizationPanel::setValue(double value)
{
    if (std::isfinite(value))
        m_inputs.value->setValue(value);
}

void QuantizationPanel::setRange(double rangeMin, double rangeMax)
{
    m_inputs.rangeMin->setValue(rangeMin);
    m_inputs.rangeMax->setValue(rangeMax);
}

void QuantizationPanel::setFormat(core::NumberFormat format)
{
    const int index = m_inputs.format->findData(int(format));
    if (index >= 0)
        m_inputs.format->setCurrentIndex(index);
}

void QuantizationPanel::setScheme(core::QuantScheme scheme)
{
    m_inputs.scheme->setCurrentIndex(m_inputs.scheme->findData(int(scheme)));
}

void QuantizationPanel::recompute()
{
    const auto format = core::NumberFormat(m_inputs.format->currentData().toInt());
    const auto scheme = core::QuantScheme(m_inputs.scheme->currentData().toInt());
    const double lo = m_inputs.rangeMin->value();
    const double hi = m_inputs.rangeMax->value();
    const double x = m_inputs.value->value();
    m_parameters = core::quantParameters(format, scheme, lo, hi);
    m_result = core::quantize(m_parameters, x);

    const core::QuantParameters& p = m_parameters;
    if (!p.valid()) {
        for (QLabel* l : {m_results.scale, m_results.zeroPoint, m_results.stored, m_results.dequantized})
            l->setText(QStringLiteral("—"));
        switch (p.error) {
        case core::QuantError::InvertedRange:
            m_results.message->setText(tr("The range's lower end is above its upper end: swap them."));
            break;
        case core::QuantError::EmptyRange:
            m_results.message->setText(tr("The range has no width, so there is nothing to spread over the integers."));
            break;
        default:
            m_results.message->setText(tr("These settings cannot be quantized."));
            break;
        }
        emit resultChanged();
        return;
    }

    if (scheme == core::QuantScheme::Symmetric) {
        //: symmetric scale; %1 = max |x|, %2 = largest integer used, %3 = scale
        m_results.scale->setText(tr("max|x| / %2 = %1 / %2 = %3").arg(num(p.rangeMax)).arg(p.qMax - p.zeroPoint).arg(num(p.scale)));
        if (p.zeroPoint == 0)
            m_results.zeroPoint->setText(tr("0 (symmetric: real 0 is integer 0)"));
        else
            //: %1 = zero point, %2–%3 = the integer range
            m_results.zeroPoint->setText(tr("%1 (the middle of %2…%3)").arg(p.zeroPoint).arg(p.qMin - 1).arg(p.qMax));
    } else {
        //: asymmetric scale; %1 = max, %2 = min, %3 = number of integer steps, %4 = scale
        m_results.scale->setText(tr("(max − min) / %3 = (%1 − %2) / %3 = %4")
                                     .arg(num(p.rangeMax), term(p.rangeMin))
                                     .arg(p.qMax - p.qMin)
                                     .arg(num(p.scale)));
        //: %1 = q_min, %2 = min / scale, %3 = zero point
        m_results.zeroPoint->setText(tr("q_min − round(min / scale) = %1 − round(%2) = %3")
                                         .arg(num(p.qMin), term(p.rangeMin / p.scale), num(p.zeroPoint)));
    }
    const core::Quantized& q = m_result;
    const int bits = core::describe(format).bits;
    //: %1 = x / scale, %2 = zero point, %3 = stored integer, %4 = its bits
    QString stored = tr("round(x / scale) + z = round(%1) + %2 = %3   →  %4")
                         .arg(term(x / p.scale), term(p.zeroPoint), num(q.stored),
                              binary(std::uint32_t(q.stored) & ((1u << bits) - 1), bits));
    m_results.stored->setText(stored);
    const double error = q.dequantized - x;
    //: %1 = stored integer, %2 = zero point, %3 = scale, %4 = dequantized value, %5 = error
    m_results.dequantized->setText(tr("(q − z) × scale = (%1 − %2) × %3 = %4   error %5")
                                       .arg(term(q.stored), term(p.zeroPoint), num(p.scale), num(q.dequantized),
                                            NumberFormatStyle::signedNumber(error, 2)));
    if (q.clipped)
        //: %1 = the value, %2 = lowest representable, %3 = highest representable real value
        m_results.message->setText(tr("%1 lies outside %2…%3 and is clipped to the nearest end.")
                                       .arg(num(x), num(core::dequantize(p, p.qMin)), num(core::dequantize(p, p.qMax))));
    else
        //: %1 = half a step, the largest rounding error inside the range
        m_results.message->setText(tr("Inside the range the error is at most half a step, ±%1.").arg(num(p.scale / 2)));
    emit resultChanged();
}

void QuantizationPanel::retranslateUi()
{
    for (int i = 0; i < m_inputs.format->count(); ++i)
        m_inputs.format->setItemText(i, NumberFormatStyle::formatName(core::NumberFormat(m_inputs.format->itemData(i).toInt())));
    m_inputs.scheme->setItemText(0, tr("Symmetric"));
    m_inputs.scheme->setItemText(1, tr("Asymmetric"));
    m_inputs.scheme->setItemData(0, tr("Zero point fixed, scale from max|x| (weights)"), Qt::ToolTipRole);
    m_inputs.scheme->setItemData(1, tr("Scale and zero point map [min, max] onto the full integer range (activations)"),
                                 Qt::ToolTipRole);
    m_captions.format->setText(tr("&Format"));
    m_captions.scheme->setText(tr("&Scheme"));
    m_captions.range->setText(tr("&Range"));
    m_captions.to->setText(tr("to"));
    m_captions.value->setText(tr("&Value x"));
    m_captions.scale->setText(tr("Scale"));
    m_captions.zeroPoint->setText(tr("Zero point z"));
    m_captions.stored->setText(tr("Stored q"));
    m_captions.dequantized->setText(tr("Dequantized"));
    recompute();
}

void QuantizationPanel::updateColors()
{
    QPalette pal = m_results.message->palette();
    pal.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
    m_results.message->setPalette(pal);
}

void QuantizationPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        updateColors();
    QWidget::changeEvent(event);
}
