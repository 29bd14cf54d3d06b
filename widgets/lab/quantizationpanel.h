#pragma once

#include <QWidget>

#include "core/numerics/quantization.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;

/// Affine integer quantization worked step by step: pick INT8 / UINT8 / INT4, symmetric or
/// asymmetric, a real range and a value; see the scale, the zero point, the stored integer
/// (and its bits) and the value it dequantizes to.
class QuantizationPanel : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(double value READ value WRITE setValue NOTIFY resultChanged)

public:
    explicit QuantizationPanel(QWidget* parent = nullptr);

    double value() const;
    void setValue(double value);
    void setRange(double rangeMin, double rangeMax);
    void setFormat(core::NumberFormat format);
    void setScheme(core::QuantScheme scheme);

    const core::QuantParameters& parameters() const { return m_parameters; }
    const core::Quantized& result() const { return m_result; }

signals:
    void resultChanged();

protected:
    void changeEvent(QEvent* event) override;

private:
    void recompute();
    void retranslateUi();
    void updateColors();

    struct
    {
        QComboBox* format = nullptr;
        QComboBox* scheme = nullptr;
        QDoubleSpinBox* rangeMin = nullptr;
        QDoubleSpinBox* rangeMax = nullptr;
        QDoubleSpinBox* value = nullptr;
    } m_inputs;
    struct
    {
        QLabel* format = nullptr;
        QLabel* scheme = nullptr;
        QLabel* range = nullptr;
        QLabel* to = nullptr;
        QLabel* value = nullptr;
        QLabel* scale = nullptr;
        QLabel* zeroPoint = nullptr;
        QLabel* stored = nullptr;
        QLabel* dequantized = nullptr;
    } m_captions;
    struct
    {
        QLabel* scale = nullptr;
        QLabel* zeroPoint = nullptr;
        QLabel* stored = nullptr;
        QLabel* dequantized = nullptr;
        QLabel* message = nullptr;
    } m_results;

    core::QuantParameters m_parameters;
    core::Quantized m_result;
};
