#pragma once

#include <QVector>
#include <QWidget>
#include <vector>

#include "core/numerics/tensorstudio.h"
#include "core/weightformat.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QPushButton;
class QTableWidget;

/// The same tensor in nine formats side by side: FP16, BF16, FP8 E4M3/E5M2, MXFP8, MXFP4, NVFP4,
/// INT8 per channel and INT4 g128 — a table ranked by error or by bytes, and their relative
/// error against |x| as overlaid curves (floats are flat down to their subnormals, integers
/// lose the small values). "Use for weights / KV cache" applies the selected row.
class FormatComparisonView : public QWidget
{
    Q_OBJECT

public:
    enum class Rank { ByError, ByBytes };
    enum Column { FormatColumn, BitsColumn, SnrColumn, MseColumn, FlushedColumn, BytesColumn, ColumnCount };

    explicit FormatComparisonView(QWidget* parent = nullptr);
    ~FormatComparisonView() override;

    /// The compared recipes, in the order.
    static std::vector<core::QuantRecipe> recipes();

    /// A copy of the tensor to compare (recomputed when the view is shown, or by flush()).
    void setTensor(const core::Tensor& tensor);
    void setModel(const core::ServedModel& model);
    void setRank(Rank rank);
    Rank rank() const { return m_rank; }
    /// Recomputes now if the tensor changed.
    void flush();

    /// The recipe of each table row, top to bottom, as ranked.
    std::vector<core::QuantRecipe> rankedRecipes() const;
    const std::vector<core::TensorAnalysis>& analyses() const { return m_analyses; }
    QTableWidget* table() const { return m_table; }
    QCustomPlot* plot() const { return m_plot; }
    QPushButton* useForWeightsButton() const { return m_useForWeights; }
    QPushButton* useForKvCacheButton() const { return m_useForKv; }
    double modelBytes(std::size_t recipe) const;

signals:
    void servingWeightsChosen(const core::WeightQuantization& weights);
    void kvCacheChosen(core::KvCacheDtype dtype);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void recompute();
    void fillTable();
    void fillCurves();
    void updateButtons();
    int selectedRecipe() const;
    void retranslateUi();
    void updateColors();

    core::TensorStudio m_studio;
    std::vector<core::TensorAnalysis> m_analyses;
    std::vector<int> m_order; ///< recipe index per table row
    core::ServedModel m_model;
    Rank m_rank = Rank::ByError;
    bool m_stale = true;
    bool m_tableStale = false;

    QLabel* m_intro = nullptr;
    QLabel* m_rankLabel = nullptr;
    QComboBox* m_rankBox = nullptr;
    QTableWidget* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_plotNote = nullptr;
    QPushButton* m_useForWeights = nullptr;
    QPushButton* m_useForKv = nullptr;
};
