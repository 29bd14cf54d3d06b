#pragma once

#include <QString>
#include <QWidget>

#include "core/numerics/distributions.h"
#include "core/numerics/tensorstudio.h"
#include "core/weightformat.h"

class ErrorHistogramPlot;
class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QTimer;
class TensorHistogramPlot;
class TensorStatsPanel;
class ValueSlider;

/// The tensor studio: pick or generate a tensor, choose a format and its scaling, and see what is
/// lost — the values with the format's grid over them, the errors, the statistics — and what a
/// model of the scenario's size would weigh in it. Every control recomputes all 10⁶ values on the
/// next event-loop pass (a drag's moves coalesce). Knows nothing of the main window: applying a
/// format to the scenario is a signal, and the model comes in through setModel().
class TensorStudioView : public QWidget
{
    Q_OBJECT

public:
    explicit TensorStudioView(QWidget* parent = nullptr);
    ~TensorStudioView() override;

    /// The scenario's model (its weights as the memory bars count them) and its serving weights
    /// (group size and scale format the bars use, so the bytes shown are the bars' bytes).
    void setModel(const core::ServedModel& model, const core::WeightQuantization& servingWeights);

    void setDistribution(core::Distribution distribution);
    core::Distribution distribution() const { return m_spec.kind; }
    /// σ (normal, outliers), b (Laplace), or the log10 range of the magnitudes (log-normal).
    void setSpread(double scale);
    void setLogRange(double log10Low, double log10High);
    void setShape(std::int64_t rows, std::int64_t cols);
    void setRecipe(const core::QuantRecipe& recipe);
    core::QuantRecipe recipe() const { return m_recipe; }
    /// Reads a .npy or text file as the tensor; false (with the reason shown) if it cannot.
    bool loadFile(const QString& path);
    QString fileError() const { return m_fileError; }

    /// Runs a pending regeneration and analysis now (tests, before a screenshot).
    void flush();
    const core::TensorStudio& studio() const { return m_studio; }
    const core::TensorAnalysis& analysis() const { return m_analysis; }
    /// Bytes of the model's weights in the current recipe (the memory bars' rule); 0 without a model.
    double modelBytes() const { return m_modelBytes; }
    QString modelLine() const;

    TensorHistogramPlot* histogram() const { return m_histogram; }
    ErrorHistogramPlot* errorPlot() const { return m_errors; }
    TensorStatsPanel* statsPanel() const { return m_stats; }
    QComboBox* formatBox() const { return m_ui.format; }
    QComboBox* scalingBox() const { return m_ui.scaling; }
    ValueSlider* groupSlider() const { return m_ui.group; }
    QPushButton* useForWeightsButton() const { return m_ui.useForWeights; }
    QPushButton* useForKvCacheButton() const { return m_ui.useForKv; }

signals:
    /// A new tensor (generated or read): the comparison recomputes.
    void tensorChanged();
    void analysisChanged();
    void servingWeightsChosen(const core::WeightQuantization& weights);
    void kvCacheChosen(core::KvCacheDtype dtype);

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void buildUi();
    void syncControls();
    void onFormatChosen();
    void onRecipeEdited();
    void regenerate();
    void analyse();
    void updateModelLine();
    void retranslateUi();
    void updateColors();

    core::TensorStudio m_studio;
    core::TensorAnalysis m_analysis;
    core::DistributionSpec m_spec;
    core::QuantRecipe m_recipe;
    core::ServedModel m_model;
    core::WeightQuantization m_servingWeights;
    double m_modelBytes = 0;
    bool m_haveModel = false;
    bool m_fromFile = false;
    bool m_needTensor = true;
    QString m_fileName;
    QString m_fileError;

    QTimer* m_regenerate = nullptr;
    QTimer* m_analyse = nullptr;
    TensorHistogramPlot* m_histogram = nullptr;
    ErrorHistogramPlot* m_errors = nullptr;
    TensorStatsPanel* m_stats = nullptr;
    struct
    {
        QGroupBox* tensor = nullptr;
        QGroupBox* storage = nullptr;
        QGroupBox* values = nullptr;
        QGroupBox* errors = nullptr;
        QGroupBox* figures = nullptr;
        QLabel* sourceLabel = nullptr;
        QComboBox* source = nullptr;
        QLabel* shapeLabel = nullptr;
        QComboBox* shape = nullptr;
        ValueSlider* spread = nullptr;
        ValueSlider* low = nullptr;
        ValueSlider* high = nullptr;
        QPushButton* load = nullptr;
        QPushButton* resample = nullptr;
        QLabel* file = nullptr;
        QLabel* formatLabel = nullptr;
        QComboBox* format = nullptr;
        QLabel* formatNote = nullptr;
        QLabel* scalingLabel = nullptr;
        QComboBox* scaling = nullptr;
        ValueSlider* group = nullptr;
        QLabel* schemeLabel = nullptr;
        QComboBox* scheme = nullptr;
        QLabel* scaleFormatLabel = nullptr;
        QComboBox* scaleFormat = nullptr;
        QCheckBox* clip = nullptr;
        ValueSlider* percentile = nullptr;
        QLabel* recipeError = nullptr;
        QCheckBox* logScale = nullptr;
        QCheckBox* logCounts = nullptr;
        QLabel* gridNote = nullptr;
        QLabel* model = nullptr;
        QPushButton* useForWeights = nullptr;
        QPushButton* useForKv = nullptr;
    } m_ui;
};
