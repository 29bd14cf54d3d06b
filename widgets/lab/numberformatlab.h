#pragma once

#include <QVector>
#include <QWidget>

#include "core/numerics/numberformat.h"
#include "core/weightformat.h"

class BitLayoutView;
class FormatComparisonView;
class FormatTable;
class LossScalingView;
class NumberLinePlot;
class QuantizationPanel;
class QTabBar;
class QVBoxLayout;
class TensorStudioView;
class QBoxLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;

/// The number-format lab: type a value and see what FP32 … INT4 store, bit by bit, with the
/// rounding error and where it overflows or flushes to zero; flip bits; compare ranges,
/// precision and bytes per parameter; quantize to INT8 by hand. Its other pages take whole
/// tensors: the tensor studio, the formats side by side, and loss scaling over a run. Knows
/// nothing of the main window: the scenario's model comes in through setModel(), and choosing a
/// format for the weights or the KV cache is a signal.
class NumberFormatLab : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(double value READ value WRITE setValue NOTIFY valueChanged)

public:
    /// Why typed text is not a value to show.
    enum class InputError { None, Empty, NotANumber, NaN, Infinite, TooLarge, TooSmall };

    explicit NumberFormatLab(QWidget* parent = nullptr);

    double value() const { return m_value; }
    /// Parses `text` as if typed (decimal, 1e-8, 2^-24, 1/3, pi); false, with a message, if bad.
    bool setText(const QString& text);
    InputError inputError() const { return m_inputError; }
    /// The message under the input: the error, or the overflow / flush-to-zero story.
    QString message() const;

    /// The bit rows above the table and plots instead of beside them (a narrow window).
    void setStacked(bool stacked);
    bool isStacked() const;

    BitLayoutView* view(core::NumberFormat format) const;
    QLineEdit* valueEdit() const { return m_edit; }
    FormatTable* formatTable() const { return m_table; }
    NumberLinePlot* numberLine() const { return m_plot; }
    QuantizationPanel* quantizationPanel() const { return m_quantization; }
    /// "Use for weights": enabled for formats core::weightFormatFor maps, with a tooltip saying why not.
    QPushButton* useForWeightsButton() const { return m_ui.useForWeights; }
    /// The memory line under the table: the scenario's model in the selected format.
    QString memoryLine() const;
    /// Bytes of the model's weights in the table's format, as that line says (0 without a model).
    double memoryLineBytes() const { return m_memoryBytes; }

    enum class Page { OneValue, TensorStudio, Comparison, LossScaling };
    void showPage(Page page);
    QTabBar* pageTabs() const { return m_tabs; }
    Page currentPage() const { return Page(m_pageWidgets.indexOf(m_current)); }
    TensorStudioView* tensorStudio() const { return m_tensorStudio; }
    FormatComparisonView* comparison() const { return m_comparison; }
    LossScalingView* lossScaling() const { return m_lossScaling; }

    /// The scenario's model (its weights as the serving memory bars split them) and its serving
    /// weights: every byte count in the lab is for this model.
    void setModel(const core::ServedModel& model, const core::WeightQuantization& servingWeights);

public slots:
    void setValue(double value);

signals:
    void valueChanged(double value);
    /// The user picked `format` for the model's weights (table double-click or the button);
    /// only formats core::weightFormatFor maps to a serving weight format.
    void weightFormatChosen(core::NumberFormat format);
    /// The tensor studio or the comparison chose the served weights (format, groups, scales).
    void servingWeightsChosen(const core::WeightQuantization& weights);
    /// … or the KV cache's dtype.
    void kvCacheDtypeChosen(core::KvCacheDtype dtype);

protected:
    void changeEvent(QEvent* event) override;

private:
    void onTextEdited(const QString& text);
    void onBitsEdited(BitLayoutView* source);
    void showValue(double value);
    void showInputError(InputError error, const QString& text);
    void updateStory();
    void updateMemoryLine();
    void retranslateUi();
    void updateColors();

    QVBoxLayout* m_outer = nullptr;
    QTabBar* m_tabs = nullptr;
    QVector<QWidget*> m_pageWidgets;
    QWidget* m_current = nullptr; ///< the one page in the layout
    TensorStudioView* m_tensorStudio = nullptr;
    FormatComparisonView* m_comparison = nullptr;
    LossScalingView* m_lossScaling = nullptr;
    core::ServedModel m_model;
    core::WeightQuantization m_servingWeights;
    bool m_haveModel = false;
    double m_memoryBytes = 0;
    QBoxLayout* m_columns = nullptr;
    QLineEdit* m_edit = nullptr;
    QLabel* m_message = nullptr;
    QLabel* m_legend = nullptr;
    QVector<BitLayoutView*> m_views;
    FormatTable* m_table = nullptr;
    NumberLinePlot* m_plot = nullptr;
    QuantizationPanel* m_quantization = nullptr;
    struct
    {
        QLabel* value = nullptr;
        QLabel* plotHint = nullptr;
        QLabel* memory = nullptr;
        QGroupBox* bits = nullptr;
        QGroupBox* table = nullptr;
        QGroupBox* plot = nullptr;
        QGroupBox* quantization = nullptr;
        QPushButton* useForWeights = nullptr;
        QVector<QToolButton*> examples;
    } m_ui;

    double m_value = 0;
    InputError m_inputError = InputError::None;
    QString m_badText;
    QString m_note; // one-off note after a bit flip to ±inf / NaN
};
