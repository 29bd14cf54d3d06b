#pragma once

#include <QWidget>

#include "core/numerics/tensorstudio.h"

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

/// How far each stored value is from the original: the share of values per relative error
/// |q − x| / |x| on a log axis (quarter-octave bins). Floats show a narrow hump at their
/// precision (2^−11 for FP16); integers a wide one (small values lose the most); flushed
/// values sit at 1 (100 %), marked.
class ErrorHistogramPlot : public QWidget
{
    Q_OBJECT

public:
    explicit ErrorHistogramPlot(QWidget* parent = nullptr);
    ~ErrorHistogramPlot() override;

    void setAnalysis(const core::TensorAnalysis& analysis);
    /// The bins drawn (first and last non-empty ± one).
    int binCount() const;
    QCustomPlot* plot() const { return m_plot; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateColors();

    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_counts = nullptr;
    QCPItemStraightLine* m_flushLine = nullptr;
    QCPItemText* m_note = nullptr;
    double m_exactShare = 0;
    double m_flushedShare = 0;
};
