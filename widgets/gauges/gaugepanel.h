#pragma once

#include <QVector>
#include <QWidget>
#include <array>

#include "core/estimate.h"
#include "core/working.h"
#include "widgets/displayformat.h"

class Gauge;
class ServingGauges;

/// The row of dials under the controls' reach: training days, GPU-hours, cost, MFU, pipeline
/// bubble and the memory headroom of the fullest GPU, each coloured by what its value means.
/// An inference estimate swaps them for the serving dials (servingGauges()).
class GaugePanel : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { TrainingTime, GpuHours, Cost, Mfu, Bubble, Headroom, Count };

    explicit GaugePanel(QWidget* parent = nullptr);

    /// Training and fine-tuning estimates show the training dials, inference ones the serving dials.
    void setEstimate(const core::Estimate& estimate);
    /// The scenario's serving request (batch, prompt, prompt + generated), for the serving dials' zones.
    void setServingRequest(std::int64_t batch, std::int64_t prompt, std::int64_t context);
    ServingGauges* servingGauges() const { return m_serving; }
    bool isServing() const { return m_servingShown; }
    /// The scenario is invalid: the dials keep the last valid numbers, faded.
    void setStale(bool stale);
    void setUnit(DisplayFormat::MemoryUnit unit);
    void setAnimated(bool animated);
    /// Frames one dial (Kind::Count: none).
    void setSelected(Kind kind);
    /// No dial framed, training or serving.
    void clearSelection() { setSelected(Kind::Count); }
    Gauge* gauge(Kind kind) const { return m_gauges[std::size_t(kind)]; }

    /// The estimate's terms behind a dial (its number first, then what it is made of), for
    /// the working panel.
    static QVector<core::Term> terms(Kind kind);

signals:
    /// A dial was clicked; `group` is the rank group it concerns (−1: the whole job).
    void activated(GaugePanel::Kind kind, int group);
    /// A serving dial was clicked: the terms behind it, and the rank group (−1: the job).
    void servingActivated(const QVector<core::Term>& terms, int group);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateTexts();
    void showServing(bool serving);

    std::array<Gauge*, std::size_t(Kind::Count)> m_gauges{};
    ServingGauges* m_serving = nullptr;
    bool m_servingShown = false;
    core::Estimate m_estimate;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
