#include "widgets/gauges/gaugepanel.h"

#include <QEvent>
#include <QGridLayout>
#include <QResizeEvent>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "core/units.h"
#include "widgets/charts/rooflineview.h"
#include "widgets/gauges/gauge.h"

namespace {

using Kind = GaugePanel::Kind;
using Level = ComponentPalette::Level;
using T = core::Term;

/// What a dial's texts are made from: the estimate, the unit, the scenario's serving request.
struct DialInputs
{
    const core::Estimate& estimate;
    DisplayFormat::MemoryUnit unit;
    std::int64_t batch;
    std::int64_t prompt;
    std::int64_t context;
};

/// The big text in a dial's middle and the line under it.
struct DialTexts
{
    QString value;
    QString caption;
};

/// Where the measured value is expected, in the dial's own unit (core/accuracy/bands.h: eight
/// in ten of the corpus's runs most like the scenario fell inside); runs 0: no band.
struct DialBand
{
    double low = 0, high = 0;
    int runs = 0;
};

/// Where a dial's colour zones come from: fixed in the table, or the scenario's own request
/// (red below what it asks for — it does not fit — amber up to twice that, green beyond).
enum class ZoneRule { Fixed, AtLeastBatch, AtLeastContext };

/// One row of the table: everything the panel needs to build, fill, explain and translate a dial.
/// heaptrack's Config::Entries and Hotspot's one headerData() are the model: a new dial is one
/// entry here (and its Kind), not a member, a setter line and a retranslate line each.
struct GaugeSpec
{
    Kind kind;
    bool serving;                 ///< in the serving set (inference estimates), else the training set
    const char* title;            ///< QT_TRANSLATE_NOOP("GaugePanel", …), translated in retranslateUi()
    const char* toolTip;          ///< what the number is and what its colours mean
    double minimum = 0;
    double maximum = 1;
    Gauge::Scale scale = Gauge::Scale::Linear;
    ZoneRule zoneRule = ZoneRule::Fixed;
    QVector<Gauge::Zone> zones{}; ///< for ZoneRule::Fixed
    double (*value)(const core::Estimate&) = nullptr; ///< nullptr: the roofline, a chart rather than a dial
    DialTexts (*texts)(const DialInputs&) = nullptr;
    /// Its band from the corpus's band of the figure it is made of; nullptr: none is measured.
    DialBand (*band)(const core::Estimate&, const core::EstimateBands&) = nullptr;
    QVector<core::Term> terms{};  ///< the working behind it, its own number first
    int stretch = 0;              ///< share of the row's width
    bool fullestGroup = false;    ///< it concerns the fullest GPU's rank group, else the whole job
};

double headroomShare(const core::Estimate& e)
{
    const core::RankGroup& f = e.fullest();
    return f.capacityBytes > 0 ? (f.capacityBytes - f.totalBytes) / f.capacityBytes : 0;
}

/// A dial proportional to a banded figure (days, GPU-hours and cost to the step; the largest
/// batch to the KV pool): the band scales the dial's value.
DialBand scaled(const core::FigureBand& band, double figure, double dial)
{
    if (!band.known() || !(figure > 0))
        return {};
    return {dial * band.low / figure, dial * band.high / figure, band.runs};
}

/// A dial inversely proportional to a banded figure (MFU to the step, tokens/s to the decode step).
DialBand inverted(const core::FigureBand& band, double figure, double dial)
{
    if (!band.known() || !(band.low > 0))
        return {};
    return {dial * figure / band.high, dial * figure / band.low, band.runs};
}

DialBand stepScaledBand(double dial, const core::Estimate& e, const core::EstimateBands& b)
{
    return scaled(b.stepSeconds, e.compute.iterationSeconds, dial);
}

/// Headroom: the free share of the fullest GPU from its device-memory band (more memory
/// measured, less free).
DialBand headroomBand(const core::Estimate& e, const core::EstimateBands& b)
{
    const std::size_t g = std::size_t(e.fullestGroup);
    const core::RankGroup& f = e.fullest();
    if (g >= b.groups.size() || !(f.capacityBytes > 0))
        return {};
    const core::FigureBand& device = b.groups[g][2];
    if (!device.known())
        return {};
    return {(f.capacityBytes - device.high) / f.capacityBytes, (f.capacityBytes - device.low) / f.capacityBytes, device.runs};
}

DialTexts trainingTimeTexts(const DialInputs& in)
{
    const core::ComputeEstimate& c = in.estimate.compute;
    //: caption under training time; %1 = time per optimizer step
    return {DisplayFormat::duration(c.trainingSeconds), GaugePanel::tr("%1 per step").arg(DisplayFormat::duration(c.iterationSeconds))};
}

DialTexts gpuHoursTexts(const DialInputs& in)
{
    const int gpus = in.estimate.groups.empty() ? 0 : in.estimate.groups.back().lastRank + 1;
    //: caption under GPU-hours; %1 = number of GPUs
    return {DisplayFormat::count(in.estimate.compute.gpuHours), GaugePanel::tr("on %n GPU(s)", nullptr, gpus)};
}

DialTexts costTexts(const DialInputs& in)
{
    const core::ComputeEstimate& c = in.estimate.compute;
    //: caption under cost; %1 = iterations
    return {DisplayFormat::money(c.cost), GaugePanel::tr("%1 steps").arg(DisplayFormat::count(c.iterations))};
}

DialTexts mfuTexts(const DialInputs& in)
{
    const core::ComputeEstimate& c = in.estimate.compute;
    //: caption under MFU; %1 = achieved TFLOP/s per GPU
    return {DisplayFormat::percent(c.effectiveMfu, 0), GaugePanel::tr("%1 TFLOP/s").arg(QLocale().toString(c.peakFlopsPerGpu * c.effectiveMfu / 1e12, 'f', 0))};
}

DialTexts bubbleTexts(const DialInputs& in)
{
    //: caption under the pipeline bubble; %1 = micro-batches per step
    return {DisplayFormat::percent(in.estimate.compute.bubbleFraction, 1), GaugePanel::tr("m = %1").arg(in.estimate.microBatchesPerStep)};
}

DialTexts headroomTexts(const DialInputs& in)
{
    const core::RankGroup& f = in.estimate.fullest();
    const double free = f.capacityBytes - f.totalBytes;
    const QString capacity = DisplayFormat::capacity(f.capacityBytes, in.unit);
    //: caption under the memory headroom; %1 = capacity of the fullest GPU
    QString caption = GaugePanel::tr("free of %1").arg(capacity);
    if (free < 0)
        //: caption under the memory headroom when over capacity; %1 = capacity of the fullest GPU
        caption = GaugePanel::tr("over capacity (%1)").arg(capacity);
    return {DisplayFormat::bytes(free, in.unit, 1), caption};
}

DialTexts servingHeadroomTexts(const DialInputs& in)
{
    const core::RankGroup& f = in.estimate.fullest();
    const double weights = f.bytes[std::size_t(core::Component::Weights)];
    //: caption under the serving headroom; %1 = this GPU's weights
    return {DisplayFormat::bytes(f.capacityBytes - f.totalBytes, in.unit, 1), GaugePanel::tr("weights %1").arg(DisplayFormat::bytes(weights, in.unit, 1))};
}

DialTexts maxBatchTexts(const DialInputs& in)
{
    const QLocale locale;
    const double maxBatch = std::floor(in.estimate.inference.maxBatchAtContext);
    //: largest batch that fits; %1 = sequences
    const QString value = maxBatch >= 1 ? GaugePanel::tr("%1 seq").arg(locale.toString(maxBatch, 'f', 0)) : GaugePanel::tr("none");
    //: caption under the largest batch; %1 = context in tokens
    return {value, GaugePanel::tr("at %1 tokens").arg(locale.toString(double(in.context), 'f', 0))};
}

DialTexts maxContextTexts(const DialInputs& in)
{
    // The count alone fits the dial ("57.4 k"); the unit goes to the caption.
    const double maxContext = in.estimate.inference.maxContextAtBatch;
    const QString value = maxContext >= 1 ? DisplayFormat::count(std::floor(maxContext)) : GaugePanel::tr("none");
    //: caption under the longest context; %1 = sequences in the batch
    return {value, GaugePanel::tr("tokens at batch %1").arg(QLocale().toString(double(in.batch), 'f', 0))};
}

DialTexts timeToFirstTokenTexts(const DialInputs& in)
{
    //: caption under time to first token; %1 = prompt tokens prefilled for the whole batch
    return {DisplayFormat::duration(in.estimate.inference.prefillSeconds),
            GaugePanel::tr("prefill of %1 tokens").arg(DisplayFormat::count(double(in.batch) * double(in.prompt)))};
}

DialTexts tokensPerSequenceTexts(const DialInputs& in)
{
    const double perSequence = in.estimate.inference.tokensPerSecondPerSequence;
    //: decode speed; %1 = tokens per second
    const QString value = GaugePanel::tr("%1 tok/s").arg(QLocale().toString(perSequence, 'f', perSequence < 10 ? 1 : 0));
    if (in.estimate.inference.speculative)
        //: caption under decode speed with speculative decoding; %1 = time per output token, %2 = tokens per target step
        return {value, GaugePanel::tr("%1 per token (%2 per step)")
                           .arg(DisplayFormat::duration(in.estimate.inference.decodeStepSeconds),
                                QLocale().toString(in.estimate.inference.speculativeTokensPerStep, 'f', 2))};
    //: caption under decode speed; %1 = time of one decode step
    return {value, GaugePanel::tr("%1 per step").arg(DisplayFormat::duration(in.estimate.inference.decodeStepSeconds))};
}

DialTexts tokensPerReplicaTexts(const DialInputs& in)
{
    const core::InferenceEstimate& inference = in.estimate.inference;
    //: replica throughput; %1 = tokens per second, e.g. "8.86 k"
    const QString value = GaugePanel::tr("%1 tok/s").arg(DisplayFormat::count(inference.tokensPerSecondPerReplica));
    if (inference.replicas > 1)
        //: caption under replica throughput; %1 = replicas, %2 = tokens per second of all replicas
        return {value, GaugePanel::tr("× %1 replicas = %2 tok/s").arg(inference.replicas).arg(DisplayFormat::count(inference.tokensPerSecondTotal))};
    return {value, GaugePanel::tr("a single replica")};
}

DialTexts goodputTexts(const DialInputs& in)
{
    const core::GoodputEstimate& g = in.estimate.compute.run.goodput;
    //: caption under goodput; %1 = wall-clock lost to checkpoints, interruptions and restarts
    return {DisplayFormat::percent(g.goodput, 1), GaugePanel::tr("%1 not training").arg(DisplayFormat::duration(g.wallSeconds - g.workSeconds))};
}

DialTexts interruptionsTexts(const DialInputs& in)
{
    const core::GoodputEstimate& g = in.estimate.compute.run.goodput;
    if (!(g.mtbiSeconds > 0))
        return {GaugePanel::tr("none"), QString()};
    //: caption under the mean time between interruptions; %1 = interruptions expected over the run
    return {DisplayFormat::duration(g.mtbiSeconds), GaugePanel::tr("%1 in the run").arg(DisplayFormat::count(std::round(g.interruptions)))};
}

DialTexts checkpointIntervalTexts(const DialInputs& in)
{
    const core::GoodputEstimate& g = in.estimate.compute.run.goodput;
    if (!(g.intervalSteps > 0))
        return {GaugePanel::tr("none"), QString()};
    if (!(g.optimalSteps > 0))
        //: caption under the checkpoint interval when nothing interrupts the run
        return {DisplayFormat::duration(g.intervalSeconds), GaugePanel::tr("no interruptions")};
    //: caption under the checkpoint interval; %1 = the optimal interval (Young/Daly), %2 = its steps
    return {DisplayFormat::duration(g.intervalSeconds),
            GaugePanel::tr("optimal %1 (%2 steps)").arg(DisplayFormat::duration(g.optimalSteps * g.stepSeconds), DisplayFormat::count(g.optimalSteps))};
}

/// The checkpoint interval as a multiple of the optimal one (1 when there is no optimum).
double intervalRatio(const core::Estimate& e)
{
    const core::GoodputEstimate& g = e.compute.run.goodput;
    return g.optimalSteps > 0 && g.intervalSteps > 0 ? g.intervalSteps / g.optimalSteps : 1;
}

/// The table, one entry per Kind in its order.
const std::array<GaugeSpec, std::size_t(Kind::Count)>& table()
{
    static const std::array<GaugeSpec, std::size_t(Kind::Count)> specs{{
        // The training set: what a run costs in time and money, and whether it fits.
        {.kind = Kind::TrainingTime, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Training time"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Wall-clock time to train on all tokens: total FLOPs / (GPUs × peak × MFU),\n"
                                                    "plus generating the rollouts in RL fine-tuning, divided by the goodput.\n"
                                                    "Green under a month, amber up to six months, red beyond."),
         .minimum = 0.1, .maximum = 3650, .scale = Gauge::Scale::Log,
         .zones = {{0, 30, Level::Good}, {30, 180, Level::Warning}, {180, 1e300, Level::Bad}},
         .value = [](const core::Estimate& e) { return e.compute.trainingSeconds / core::kSecondsPerDay; },
         .texts = trainingTimeTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return stepScaledBand(e.compute.trainingSeconds / core::kSecondsPerDay, e, b); },
         .terms = {T::TrainingSeconds, T::UsefulSeconds, T::Goodput, T::IterationSeconds, T::Iterations, T::TotalModelFlops}},
        {.kind = Kind::GpuHours, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "GPU-hours"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Training time × number of GPUs.\n"
                                                    "Green under 100 k (a lab's budget), amber up to 10 M, red beyond (frontier scale)."),
         .minimum = 1e2, .maximum = 1e8, .scale = Gauge::Scale::Log,
         .zones = {{0, 1e5, Level::Good}, {1e5, 1e7, Level::Warning}, {1e7, 1e300, Level::Bad}},
         .value = [](const core::Estimate& e) { return e.compute.gpuHours; },
         .texts = gpuHoursTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return stepScaledBand(e.compute.gpuHours, e, b); },
         .terms = {T::GpuHours, T::TrainingSeconds}},
        {.kind = Kind::Cost, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Cost"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "GPU-hours × price per GPU-hour × overhead for evaluation, data and tuning.\n"
                                                    "Green under $100 k, amber up to $10 M, red beyond."),
         .minimum = 1e3, .maximum = 1e9, .scale = Gauge::Scale::Log,
         .zones = {{0, 1e5, Level::Good}, {1e5, 1e7, Level::Warning}, {1e7, 1e300, Level::Bad}},
         .value = [](const core::Estimate& e) { return e.compute.cost; },
         .texts = costTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return stepScaledBand(e.compute.cost, e, b); },
         .terms = {T::Cost, T::GpuHours}},
        {.kind = Kind::Mfu, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "MFU"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Model FLOPs utilization: the share of the GPUs' peak that does useful model maths.\n"
                                                    "Large runs reach 35–55 % (green); above 55 % is unrealistic (red); below 20 % is poorly tuned (amber)."),
         .minimum = 0, .maximum = 1,
         .zones = {{0, 0.2, Level::Warning}, {0.2, 0.55, Level::Good}, {0.55, 1.01, Level::Bad}},
         .value = [](const core::Estimate& e) { return e.compute.effectiveMfu; },
         .texts = mfuTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return inverted(b.stepSeconds, e.compute.iterationSeconds, e.compute.effectiveMfu); },
         .terms = {T::IterationSeconds, T::PeakFlops, T::ModelFlopsPerIteration, T::HardwareFlopsPerIteration}},
        {.kind = Kind::Bubble, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Pipeline bubble"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Share of each step the pipeline stages wait idle: (p − 1) / (m + p − 1).\n"
                                                    "Green under 5 %, amber up to 15 %, red beyond: use more micro-batches."),
         .minimum = 0, .maximum = 0.5,
         .zones = {{0, 0.05, Level::Good}, {0.05, 0.15, Level::Warning}, {0.15, 1.01, Level::Bad}},
         .value = [](const core::Estimate& e) { return e.compute.bubbleFraction; },
         .texts = bubbleTexts,
         .terms = {T::BubbleFraction, T::MicroBatches}},
        {.kind = Kind::Headroom, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Headroom"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Memory headroom: free memory on the fullest GPU, as a share of its capacity.\n"
                                                    "Red: it does not fit. Amber: under 10 % left, fragile. Green: room to spare."),
         .minimum = -0.5, .maximum = 1,
         .zones = {{-1e300, 0, Level::Bad}, {0, 0.1, Level::Warning}, {0.1, 1.01, Level::Good}},
         .value = headroomShare,
         .texts = headroomTexts,
         .band = headroomBand,
         .terms = {T::DeviceBytes, T::AllocatedBytes, T::ReservedBytes},
         .fullestGroup = true},
        // A long run: the Llama 3 report kept "higher than 90 % effective training time" on 16k GPUs.
        {.kind = Kind::Goodput, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Goodput"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Share of the run's wall-clock that trains: the rest is checkpoint stalls, work lost to\n"
                                                    "interruptions and restarts (Daly's model). Green from 90 %, amber from 75 %, red below."),
         .minimum = 0.5, .maximum = 1,
         .zones = {{-1e300, 0.75, Level::Bad}, {0.75, 0.9, Level::Warning}, {0.9, 1.01, Level::Good}},
         .value = [](const core::Estimate& e) { return e.compute.run.goodput.goodput; },
         .texts = goodputTexts,
         .terms = {T::Goodput, T::LostWorkPerInterruption, T::RestartSeconds, T::CheckpointStall}},
        {.kind = Kind::Interruptions, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Between interruptions"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Mean time between interruptions of the whole job: every GPU and every node can stop it.\n"
                                                    "Rates from the Llama 3 report (419 in 54 days on 16,384 GPUs: one every 3 hours).\n"
                                                    "Green above a day, amber above an hour, red below."),
         .minimum = 0.1, .maximum = 1e4, .scale = Gauge::Scale::Log,
         .zones = {{-1e300, 1, Level::Bad}, {1, 24, Level::Warning}, {24, 1e300, Level::Good}},
         .value = [](const core::Estimate& e) { const double m = e.compute.run.goodput.mtbiSeconds; return m > 0 ? m / 3600 : 1e4; },
         .texts = interruptionsTexts,
         .terms = {T::Mtbi}},
        {.kind = Kind::CheckpointInterval, .serving = false,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Checkpoint interval"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "The interval between checkpoints against the optimal one, √(2·δ·M) refined by Daly.\n"
                                                    "Green within a factor of two of it, amber within four, red beyond."),
         .minimum = 0.1, .maximum = 10, .scale = Gauge::Scale::Log,
         .zones = {{-1e300, 0.25, Level::Bad}, {0.25, 0.5, Level::Warning}, {0.5, 2, Level::Good}, {2, 4, Level::Warning}, {4, 1e300, Level::Bad}},
         .value = intervalRatio,
         .texts = checkpointIntervalTexts,
         .terms = {T::CheckpointInterval, T::CheckpointStall, T::Mtbi, T::CheckpointWriteSeconds, T::CheckpointBytes}},

        // The serving set: whether the request fits, how far it could grow, how fast it answers.
        {.kind = Kind::ServingHeadroom, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Headroom"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Free memory on the fullest GPU once the weights, the KV cache of this batch and the runtime are in.\n"
                                                    "Red: it does not fit. Amber: under 10 % left. Green: room for more sequences."),
         .minimum = -0.5, .maximum = 1,
         .zones = {{-1e300, 0, Level::Bad}, {0, 0.1, Level::Warning}, {0.1, 1.01, Level::Good}},
         .value = headroomShare,
         .texts = servingHeadroomTexts,
         .band = headroomBand,
         .terms = {T::DeviceBytes, T::ServingWeights, T::KvCache},
         .stretch = 2, .fullestGroup = true},
        {.kind = Kind::MaxBatch, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Largest batch"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "The most sequences of this context whose KV cache fits in the memory the weights leave.\n"
                                                    "Red: fewer than the batch asked for. Amber: less than twice. Green: room to batch more."),
         .minimum = 1, .maximum = 4096, .scale = Gauge::Scale::Log, .zoneRule = ZoneRule::AtLeastBatch,
         .value = [](const core::Estimate& e) { return e.inference.maxBatchAtContext; },
         .texts = maxBatchTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return scaled(b.kvPool, e.inference.freeBytesForKv, e.inference.maxBatchAtContext); },
         .terms = {T::MaxBatch, T::KvBytesPerToken},
         .stretch = 2},
        {.kind = Kind::MaxContext, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Longest context"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "The longest context (prompt + generated) that fits at this batch, by memory alone\n"
                                                    "(the model's trained positions may be fewer)."),
         .minimum = 256, .maximum = 4194304, .scale = Gauge::Scale::Log, .zoneRule = ZoneRule::AtLeastContext,
         .value = [](const core::Estimate& e) { return e.inference.maxContextAtBatch; },
         .texts = maxContextTexts,
         .terms = {T::MaxContext, T::KvBytesPerToken},
         .stretch = 2},
        // Interactive use: a prompt answered within a second feels immediate, beyond 5 s it drags.
        {.kind = Kind::TimeToFirstToken, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Time to first token"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Prefill of the whole batch's prompts: compute-bound, FLOPs / (GPUs × peak × MFU).\n"
                                                    "Green under 1 s, amber up to 5 s, red beyond."),
         .minimum = 0.01, .maximum = 100, .scale = Gauge::Scale::Log,
         .zones = {{0, 1, Level::Good}, {1, 5, Level::Warning}, {5, 1e300, Level::Bad}},
         .value = [](const core::Estimate& e) { return e.inference.prefillSeconds; },
         .texts = timeToFirstTokenTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return scaled(b.ttft, e.inference.prefillSeconds, e.inference.prefillSeconds); },
         .terms = {T::PrefillSeconds},
         .stretch = 2},
        // People read about 5–10 tokens/s; chat services aim at 30 and more per stream.
        {.kind = Kind::TokensPerSequence, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Decode speed"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Tokens per second each sequence receives: one token per decode step, and a step reads\n"
                                                    "every weight and the KV cache from memory. Green from 30 tokens/s, red under 10."),
         .minimum = 1, .maximum = 1000, .scale = Gauge::Scale::Log,
         .zones = {{0, 10, Level::Bad}, {10, 30, Level::Warning}, {30, 1e300, Level::Good}},
         .value = [](const core::Estimate& e) { return e.inference.tokensPerSecondPerSequence; },
         .texts = tokensPerSequenceTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) { return inverted(b.tpot, e.inference.decodeStepSeconds, e.inference.tokensPerSecondPerSequence); },
         .terms = {T::DecodeTokensPerSecond, T::DecodeStepSeconds},
         .stretch = 2},
        {.kind = Kind::TokensPerReplica, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Replica throughput"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Tokens per second one model replica (TP × PP GPUs) generates for the whole batch."),
         .minimum = 10, .maximum = 1e6, .scale = Gauge::Scale::Log,
         .zones = {{0, 1e300, Level::Neutral}},
         .value = [](const core::Estimate& e) { return e.inference.tokensPerSecondPerReplica; },
         .texts = tokensPerReplicaTexts,
         .band = [](const core::Estimate& e, const core::EstimateBands& b) {
             // The corpus measures output tokens/s per GPU; the dial shows a replica's.
             const double perGpu = e.inference.tokensPerSecondTotal / std::max(1, e.groups.empty() ? 1 : e.groups.back().lastRank + 1);
             return scaled(b.outputThroughput, perGpu, e.inference.tokensPerSecondPerReplica);
         },
         .terms = {T::DecodeTokensPerSecond, T::DecodeStepSeconds},
         .stretch = 2},
        {.kind = Kind::Roofline, .serving = true,
         .title = QT_TRANSLATE_NOOP("GaugePanel", "Decode roofline"),
         .toolTip = QT_TRANSLATE_NOOP("GaugePanel", "Arithmetic intensity of a decode step (FLOPs per byte read) against the GPU's ridge point\n"
                                                    "(peak FLOP/s / memory bandwidth). Left of the ridge the step waits for memory: batch more."),
         .terms = {T::ArithmeticIntensity, T::DecodeStepSeconds},
         .stretch = 3},
    }};
    return specs;
}

const GaugeSpec& spec(Kind kind)
{
    return table()[std::size_t(kind)];
}

} // namespace

GaugePanel::GaugePanel(QWidget* parent)
    : QWidget(parent)
    , m_roofline(new RooflineView(this))
    , m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(4);
    // The panel's minimum is two rows' (minimumSizeHint), not that of the row it shows now:
    // the layout must not pin it to the one row's width.
    m_grid->setSizeConstraint(QLayout::SetNoConstraint);
    for (std::size_t i = 0; i < table().size(); ++i) {
        const GaugeSpec& s = table()[i];
        Q_ASSERT(s.kind == Kind(i)); // the table is in the enum's order
        QWidget* w = m_roofline;
        if (s.value) {
            auto* g = new Gauge(this);
            g->setRange(s.minimum, s.maximum, s.scale);
            if (s.zoneRule == ZoneRule::Fixed)
                g->setZones(s.zones);
            connect(g, &Gauge::activated, this, [this, kind = s.kind] {
                setSelected(kind);
                emit activated(kind, spec(kind).fullestGroup ? m_estimate.fullestGroup : core::kWholeJob);
            });
            m_dials[i] = g;
            w = g;
        } else {
            connect(m_roofline, &RooflineView::activated, this, [this, kind = s.kind] {
                setSelected(kind);
                emit activated(kind, core::kWholeJob);
            });
        }
        // Both sets share the grid; only one is shown (showServing()) and laid out (arrange()).
        w->setVisible(!s.serving);
    }
    arrange();
    updateZones();
    retranslateUi();
}

Gauge* GaugePanel::gauge(Kind kind) const
{
    return kind < Kind::Count ? m_dials[std::size_t(kind)] : nullptr;
}

QWidget* GaugePanel::widget(Kind kind) const
{
    if (Gauge* g = gauge(kind))
        return g;
    return m_roofline;
}

QVector<QWidget*> GaugePanel::widgets(bool serving) const
{
    QVector<QWidget*> out;
    for (const GaugeSpec& s : table())
        if (s.serving == serving)
            out.push_back(widget(s.kind));
    return out;
}

QVector<core::Term> GaugePanel::terms(Kind kind)
{
    return kind < Kind::Count ? spec(kind).terms : QVector<core::Term>{};
}

bool GaugePanel::shownNow(Kind kind, bool serving) const
{
    if (spec(kind).serving != serving)
        return false;
    return !m_dashboardRow || (kind != Kind::Goodput && kind != Kind::Interruptions && kind != Kind::CheckpointInterval);
}

void GaugePanel::setDashboardRow(bool dashboard)
{
    if (m_dashboardRow == dashboard)
        return;
    m_dashboardRow = dashboard;
    for (const GaugeSpec& s : table())
        widget(s.kind)->setVisible(shownNow(s.kind, m_servingShown));
    m_columns = 0; // arrange again
    arrange();
}

void GaugePanel::showServing(bool serving)
{
    if (m_servingShown == serving)
        return;
    m_servingShown = serving;
    for (const GaugeSpec& s : table())
        widget(s.kind)->setVisible(shownNow(s.kind, serving));
    arrange();
}

int GaugePanel::columnsAt(int width) const
{
    int count = 0;
    for (const GaugeSpec& s : table())
        count += shownNow(s.kind, m_servingShown) ? 1 : 0;
    if (m_dashboardRow)
        return count;
    // A dial needs about nine lines of text across for its title ("Between interruptions") and a
    // caption on at most two lines: the nine training dials beside the docks at 1920 × 1080 got
    // about six, and cut both. Narrower than that, the set takes two rows.
    const int comfortable = fontMetrics().height() * 9;
    const int spacing = m_grid->horizontalSpacing();
    return width >= count * comfortable + (count - 1) * spacing ? count : (count + 1) / 2;
}

QSize GaugePanel::minimumSizeHint() const
{
    if (m_dashboardRow)
        return QWidget::minimumSizeHint(); // one row, as its layout asks (the dials' own minimums)
    QVector<QWidget*> shown;
    for (const GaugeSpec& s : table())
        if (shownNow(s.kind, m_servingShown))
            shown.push_back(widget(s.kind));
    int cellWidth = 0, cellHeight = 0;
    for (QWidget* w : shown) {
        cellWidth = std::max(cellWidth, w->minimumSizeHint().width());
        cellHeight = std::max(cellHeight, w->minimumSizeHint().height());
    }
    const int columns = std::max<int>(1, (int(shown.size()) + 1) / 2);
    const int rows = m_columns > 0 ? (int(shown.size()) + m_columns - 1) / m_columns : 1;
    const int spacing = m_grid->spacing();
    return QSize(columns * cellWidth + (columns - 1) * spacing, rows * cellHeight + (rows - 1) * spacing);
}

void GaugePanel::arrange()
{
    QVector<QWidget*> shown;
    QVector<int> stretches;
    for (const GaugeSpec& s : table())
        if (shownNow(s.kind, m_servingShown)) {
            shown.push_back(widget(s.kind));
            stretches.push_back(std::max(1, s.stretch));
        }
    const int columns = columnsAt(width());
    if (columns == m_columns && m_arrangedServing == m_servingShown)
        return;
    for (const GaugeSpec& s : table())
        m_grid->removeWidget(widget(s.kind));
    for (int c = 0; c < m_grid->columnCount(); ++c)
        m_grid->setColumnStretch(c, 0);
    for (int r = 0; r < m_grid->rowCount(); ++r)
        m_grid->setRowStretch(r, 0);
    const bool oneRow = columns == shown.size();
    for (int i = 0; i < shown.size(); ++i)
        m_grid->addWidget(shown[i], i / columns, i % columns);
    // One row keeps the table's shares (the roofline is a chart: wider); two rows share alike.
    for (int c = 0; c < columns; ++c)
        m_grid->setColumnStretch(c, oneRow ? stretches[c] : 1);
    for (int r = 0; r * columns < shown.size(); ++r)
        m_grid->setRowStretch(r, 1);
    m_columns = columns;
    m_arrangedServing = m_servingShown;
    updateGeometry(); // one row or two: the panel's height changes
    m_grid->activate();
}

void GaugePanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (columnsAt(event->size().width()) != m_columns)
        arrange();
}

void GaugePanel::setServingRequest(std::int64_t batch, std::int64_t prompt, std::int64_t context)
{
    m_batch = std::max<std::int64_t>(1, batch);
    m_prompt = std::max<std::int64_t>(0, prompt);
    m_context = std::max<std::int64_t>(1, context);
    updateZones();
}

void GaugePanel::updateZones()
{
    auto atLeast = [](double asked) -> QVector<Gauge::Zone> {
        return {{-1e300, asked, Level::Bad}, {asked, 2 * asked, Level::Warning}, {2 * asked, 1e300, Level::Good}};
    };
    for (const GaugeSpec& s : table()) {
        if (s.zoneRule == ZoneRule::AtLeastBatch && m_zoneBatch != m_batch)
            gauge(s.kind)->setZones(atLeast(double(m_batch)));
        else if (s.zoneRule == ZoneRule::AtLeastContext && m_zoneContext != m_context)
            gauge(s.kind)->setZones(atLeast(double(m_context)));
    }
    m_zoneBatch = m_batch;
    m_zoneContext = m_context;
}

void GaugePanel::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    showServing(estimate.mode == core::Mode::Inference);
    m_estimate = estimate;
    for (const GaugeSpec& s : table()) {
        if (s.serving != m_servingShown)
            continue;
        if (s.value)
            gauge(s.kind)->animateTo(s.value(estimate));
        else
            m_roofline->setPoint(estimate.inference.arithmeticIntensity, estimate.inference.ridgePoint);
    }
    updateTexts();
    setStale(false);
}

void GaugePanel::setBands(const core::EstimateBands& bands)
{
    m_bands = bands;
    updateTexts();
}

void GaugePanel::updateTexts()
{
    if (!m_estimate.valid)
        return;
    const DialInputs in{m_estimate, m_unit, m_batch, m_prompt, m_context};
    const QLocale locale;
    // "−12 %": how far below or above the estimate the band's end lies.
    auto signedPercent = [&locale](double ratio) {
        const double percent = std::round((ratio - 1) * 100);
        return (percent < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + locale.toString(std::abs(percent), 'f', 0) + QStringLiteral(" %");
    };
    for (const GaugeSpec& s : table()) {
        if (s.serving != m_servingShown || !s.texts)
            continue;
        const DialTexts texts = s.texts(in);
        Gauge* g = gauge(s.kind);
        g->setValueText(texts.value);
        g->setCaption(texts.caption);
        if (!s.band)
            continue;
        const DialBand band = s.band(m_estimate, m_bands);
        const double value = s.value(m_estimate);
        QString toolTip = tr(s.toolTip);
        if (band.runs > 0 && band.low < band.high) {
            g->setBand(band.low, band.high);
            if (value > 0)
                //: a dial's tooltip, after what it shows; %n = public runs like this one, %1/%2 = the band's ends relative to the estimate ("−12 %", "+9 %")
                toolTip += QLatin1String("\n\n") + tr("The thin arc inside the dial: where eight in ten of %n similar public runs measured, "
                                                        "from %1 to %2 of this estimate (Help ▸ Accuracy).", nullptr, band.runs)
                                                         .arg(signedPercent(band.low / value), signedPercent(band.high / value));
        } else {
            g->clearBand();
        }
        widget(s.kind)->setToolTip(toolTip);
    }
}

void GaugePanel::setStale(bool stale)
{
    for (Gauge* g : m_dials)
        if (g)
            g->setStale(stale);
    m_roofline->setStale(stale);
}

void GaugePanel::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    updateTexts();
}

void GaugePanel::setAnimated(bool animated)
{
    for (Gauge* g : m_dials)
        if (g)
            g->setAnimated(animated);
}

void GaugePanel::setSelected(Kind kind)
{
    select(kind < Kind::Count ? int(kind) : -1);
}

void GaugePanel::clearSelection()
{
    select(-1);
}

void GaugePanel::select(int index)
{
    for (std::size_t i = 0; i < m_dials.size(); ++i)
        if (m_dials[i])
            m_dials[i]->setSelected(int(i) == index);
    m_roofline->setSelected(index == int(Kind::Roofline));
}

void GaugePanel::retranslateUi()
{
    for (const GaugeSpec& s : table()) {
        if (Gauge* g = gauge(s.kind))
            g->setTitle(tr(s.title));
        else
            m_roofline->setTitle(tr(s.title));
        widget(s.kind)->setToolTip(tr(s.toolTip));
    }
    updateTexts();
}

void GaugePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
