#pragma once

#include <QVector>
#include <QWidget>

#include "core/numerics/tensorstudio.h"

class QGridLayout;
class QLabel;

/// What storing the tensor cost, as a list of figures: bits per value with scales, MSE, SNR,
/// the largest relative error, what flushed, overflowed, saturated or went subnormal, the scales.
class TensorStatsPanel : public QWidget
{
    Q_OBJECT

public:
    enum Row { Bits, Mse, Snr, MaxRelative, Flushed, Overflowed, Saturated, Subnormal, Scales, RowCount };

    explicit TensorStatsPanel(QWidget* parent = nullptr);

    void setAnalysis(const core::TensorAnalysis& analysis, const core::QuantRecipe& recipe);
    /// The text of a figure (for tests and the comparison).
    QString value(Row row) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();

    QGridLayout* m_grid = nullptr;
    QVector<QLabel*> m_names;
    QVector<QLabel*> m_values;
    core::TensorAnalysis m_analysis;
    core::QuantRecipe m_recipe;
    bool m_valid = false;
};
