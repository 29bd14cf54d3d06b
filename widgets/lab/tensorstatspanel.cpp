#include "widgets/lab/tensorstatspanel.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <cmath>

#include "widgets/lab/numberformatstyle.h"
#include "widgets/lab/tensortext.h"

TensorStatsPanel::TensorStatsPanel(QWidget* parent)
    : QWidget(parent)
    , m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(12);
    m_grid->setVerticalSpacing(2);
    for (int row = 0; row < RowCount; ++row) {
        auto* name = new QLabel;
        auto* value = new QLabel;
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setTextFormat(Qt::PlainText);
        value->setWordWrap(false); // short figures: wrapped, a grid row would clip them
        m_grid->addWidget(name, row, 0, Qt::AlignLeft | Qt::AlignTop);
        m_grid->addWidget(value, row, 1, Qt::AlignLeft | Qt::AlignTop);
        m_names.push_back(name);
        m_values.push_back(value);
    }
    m_grid->setColumnStretch(1, 1);
    retranslateUi();
}

void TensorStatsPanel::setAnalysis(const core::TensorAnalysis& analysis, const core::QuantRecipe& recipe)
{
    m_analysis = analysis;
    m_recipe = recipe;
    m_valid = analysis.error == core::RecipeError::None && analysis.stats.count > 0;
    retranslateUi();
}

QString TensorStatsPanel::value(Row row) const
{
    return m_values[row]->text();
}

void TensorStatsPanel::retranslateUi()
{
    m_names[Bits]->setText(tr("Bits per value, with scales"));
    m_names[Mse]->setText(tr("Mean squared error"));
    m_names[Snr]->setText(tr("Signal-to-noise ratio"));
    m_names[MaxRelative]->setText(tr("Largest relative error"));
    m_names[Flushed]->setText(tr("Flushed to zero"));
    m_names[Overflowed]->setText(tr("Overflowed to ±∞"));
    m_names[Saturated]->setText(tr("Saturated (clamped)"));
    m_names[Subnormal]->setText(tr("Stored as subnormals"));
    m_names[Scales]->setText(tr("Scales"));
    m_names[Snr]->setToolTip(tr("10 · log₁₀(Σx² / Σ(q − x)²): every 6 dB is one more bit kept"));
    m_names[Flushed]->setToolTip(tr("Non-zero values stored as 0, of all values"));
    m_names[Saturated]->setToolTip(tr("Values beyond the largest representable one (or the clipping range), stored as it"));
    m_names[Overflowed]->setToolTip(tr("Values beyond the largest finite one in a format with infinities: they become ±∞ and are left out of the MSE and SNR"));
    m_names[Subnormal]->setToolTip(tr("Values below the smallest normal number keep fewer significant bits"));
    if (!m_valid) {
        for (QLabel* v : m_values)
            v->setText(QStringLiteral("—"));
        return;
    }
    const core::TensorStats& s = m_analysis.stats;
    const double element = core::elementGridOf(m_recipe.format).bits;
    if (s.scaleCount == 0) {
        m_values[Bits]->setText(QString::number(s.effectiveBits, 'g', 6));
    } else {
        //: %1 = bits per value, %2 = element bits, %3 = bits the scales add per value
        m_values[Bits]->setText(tr("%1 = %2 + %3")
                                    .arg(QString::number(s.effectiveBits, 'g', 5), QString::number(element),
                                         QString::number(s.effectiveBits - element, 'g', 3)));
    }
    m_values[Bits]->setToolTip(tr("Element bits plus the scales' (and zero points') bits shared out over the values they cover"));
    // Values that overflowed to ±inf make the error infinite (core::TensorStats), not "exact".
    m_values[Mse]->setText(std::isfinite(s.mse) ? NumberFormatStyle::number(s.mse, 3) : TensorText::overflowedError());
    m_values[Snr]->setText(std::isfinite(s.snrDb) ? tr("%1 dB").arg(QString::number(s.snrDb, 'f', 1))
                               : s.snrDb > 0                ? tr("exact")
                                                            : TensorText::overflowedSnr());
    m_values[MaxRelative]->setText(std::isfinite(s.maxRelativeError) ? TensorText::share(s.maxRelativeError) : TensorText::overflowedError());
    m_values[Flushed]->setText(TensorText::share(s.underflowFraction));
    m_values[Overflowed]->setText(TensorText::share(s.overflowFraction));
    m_values[Saturated]->setText(TensorText::share(s.saturationFraction));
    m_values[Subnormal]->setText(core::isInteger(m_recipe.format) ? tr("— (integers)") : TensorText::share(s.subnormalFraction));
    m_values[Scales]->setToolTip(QString());
    if (s.scaleCount == 0) {
        m_values[Scales]->setText(tr("none"));
    } else if (s.scaleCount == 1) {
        //: one scale; %1 = its value
        m_values[Scales]->setText(tr("one: %1").arg(NumberFormatStyle::number(s.medianScale, 4)));
    } else {
        //: %1 = how many scales, %2 = median
        m_values[Scales]->setText(tr("%1, median %2").arg(QLocale().toString(qlonglong(s.scaleCount)), NumberFormatStyle::number(s.medianScale, 3)));
        //: tooltip; %1 = smallest scale, %2 = largest
        m_values[Scales]->setToolTip(tr("From %1 to %2").arg(NumberFormatStyle::number(s.minScale, 3), NumberFormatStyle::number(s.maxScale, 3)));
    }
}

void TensorStatsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
