#pragma once

#include <QVector>
#include <QWidget>
#include <array>
#include <cstdint>

#include "core/estimate.h"
#include "core/working.h"
#include "widgets/displayformat.h"

class Gauge;
class RooflineView;

/// The serving dials (mode = inference): memory headroom with the weights, the largest batch
/// that fits at this context, the longest context at this batch, time to first token, decode
/// speed per sequence and per replica, and a roofline of the decode step. Zones are relative
/// to the scenario's own batch and context: red when it does not fit.
class ServingGauges : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Headroom, MaxBatch, MaxContext, TimeToFirstToken, TokensPerSequence, TokensPerReplica, Roofline, Count };

    explicit ServingGauges(QWidget* parent = nullptr);

    /// The scenario's batch, prompt and context (prompt + generated): what the fit zones compare with.
    void setRequest(std::int64_t batch, std::int64_t prompt, std::int64_t context);
    void setEstimate(const core::Estimate& estimate);
    void setStale(bool stale);
    void setUnit(DisplayFormat::MemoryUnit unit);
    void setAnimated(bool animated);
    void setSelected(Kind kind);
    void clearSelection() { setSelected(Kind::Count); }

    /// A dial (nullptr for the roofline, which is roofline()).
    Gauge* gauge(Kind kind) const;
    RooflineView* roofline() const { return m_roofline; }

    /// The estimate's terms behind a dial, its own number first.
    static QVector<core::Term> terms(Kind kind);

signals:
    void activated(ServingGauges::Kind kind);

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslateUi();
    void updateTexts();
    void updateZones();

    std::array<Gauge*, std::size_t(Kind::Roofline)> m_gauges{};
    RooflineView* m_roofline = nullptr;
    core::Estimate m_estimate;
    std::int64_t m_batch = 1;
    std::int64_t m_prompt = 1024;
    std::int64_t m_context = 2048;
    std::int64_t m_zoneBatch = 0;   ///< the batch and context the zones were set for
    std::int64_t m_zoneContext = 0;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
