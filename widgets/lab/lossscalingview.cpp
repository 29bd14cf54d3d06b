// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/lab/lossscalingview.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "widgets/lab/numberformatstyle.h"
#include "widgets/lab/tensortext.h"
#include "widgets/valueslider.h"

namespace {

constexpr int kPlaybackTicks = 300; ///< a run plays in about 300 frames (10 s at 30 ms)

} // namespace

LossScalingView::LossScalingView(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot)
    , m_timer(new QTimer(this))
{
    auto* top = new QVBoxLayout(this);
    m_ui.intro = new QLabel;
    m_ui.intro->setWordWrap(true);
    top->addWidget(m_ui.intro);
    auto* controls = new QGridLayout;
    m_ui.low = new ValueSlider;
    m_ui.low->setContinuous(-20, -3, false);
    m_ui.low->setSpinBox(-40, 0, 1);
    m_ui.high = new ValueSlider;
    m_ui.high->setContinuous(-8, 3, false);
    m_ui.high->setSpinBox(-30, 10, 1);
    m_ui.drift = new ValueSlider;
    m_ui.drift->setContinuous(-6, 3, false);
    m_ui.drift->setSpinBox(-20, 20, 1);
    m_ui.steps = new ValueSlider;
    m_ui.steps->setSteps({1000, 2000, 5000, 10000, 20000, 50000});
    m_ui.steps->setSpinBox(10, 1000000, 0);
    m_ui.interval = new ValueSlider;
    m_ui.interval->setSteps({10, 50, 100, 200, 500, 1000, 2000, 5000});
    m_ui.interval->setSpinBox(1, 100000, 0);
    m_ui.fixed = new ValueSlider;
    m_ui.fixed->setSteps(powerOfTwoSteps(0, 24));
    m_ui.fixed->setSpinBox(1, 16777216, 0);
    controls->addWidget(m_ui.low, 0, 0);
    controls->addWidget(m_ui.high, 0, 1);
    controls->addWidget(m_ui.drift, 1, 0);
    controls->addWidget(m_ui.steps, 1, 1);
    controls->addWidget(m_ui.interval, 2, 0);
    controls->addWidget(m_ui.fixed, 2, 1);
    top->addLayout(controls);
    auto* buttons = new QHBoxLayout;
    m_ui.step = new QPushButton;
    m_ui.play = new QPushButton;
    m_ui.play->setCheckable(true);
    m_ui.reset = new QPushButton;
    buttons->addWidget(m_ui.step);
    buttons->addWidget(m_ui.play);
    buttons->addWidget(m_ui.reset);
    buttons->addStretch(1);
    top->addLayout(buttons);
    m_ui.summary = new QLabel;
    m_ui.summary->setWordWrap(true);
    m_ui.summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_ui.summary);
    m_plot->setMinimumHeight(300);
    top->addWidget(m_plot, 1);
    m_ui.source = new QLabel;
    m_ui.source->setWordWrap(true);
    top->addWidget(m_ui.source);

    // Left axis: the scale (log 2); right axis: the share flushed to zero.
    m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setRange(0, 100);
    m_scale = m_plot->addGraph();
    m_scale->setLineStyle(QCPGraph::lsStepLeft);
    m_fixed = m_plot->addGraph();
    m_skipped = m_plot->addGraph();
    m_skipped->setLineStyle(QCPGraph::lsNone);
    m_none = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_fixedShare = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_dynamicShare = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_bf16 = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_cursor = new QCPItemStraightLine(m_plot);
    // The legend under the plot, in two columns: inside, it would hide the curves (more columns
    // would make the plot's minimum width the legend's).
    m_plot->legend->setVisible(true);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setWrap(2); // before the fill order, which rearranges the items already there
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);

    m_ui.low->setValue(m_drift.log10Low);
    m_ui.high->setValue(m_drift.log10High);
    m_ui.drift->setValue(m_drift.driftDecades);
    m_ui.steps->setValue(m_drift.steps);
    m_ui.interval->setValue(m_config.growthInterval);
    m_ui.fixed->setValue(m_fixedScale);
    auto edited = [this] {
        core::GradientDrift d = m_drift;
        d.log10Low = std::min(m_ui.low->value(), m_ui.high->value() - 0.5);
        d.log10High = m_ui.high->value();
        d.driftDecades = m_ui.drift->value();
        d.steps = int(m_ui.steps->value());
        setDrift(d);
    };
    for (ValueSlider* s : {m_ui.low, m_ui.high, m_ui.drift, m_ui.steps})
        connect(s, &ValueSlider::valueEdited, this, edited);
    connect(m_ui.interval, &ValueSlider::valueEdited, this, [this](double v) { setGrowthInterval(int(v)); });
    connect(m_ui.fixed, &ValueSlider::valueEdited, this, [this](double v) { setFixedScale(v); });
    connect(m_ui.step, &QPushButton::clicked, this, &LossScalingView::step);
    connect(m_ui.play, &QPushButton::toggled, this, &LossScalingView::play);
    connect(m_ui.reset, &QPushButton::clicked, this, [this] {
        play(false);
        setCurrentStep(0);
    });
    m_timer->setInterval(30);
    connect(m_timer, &QTimer::timeout, this, [this] {
        const int stride = std::max(1, m_drift.steps / kPlaybackTicks);
        if (m_step >= m_drift.steps - 1) {
            play(false);
            return;
        }
        setCurrentStep(std::min(m_drift.steps - 1, m_step + stride));
    });

    simulate();
    setCurrentStep(m_drift.steps - 1); // the whole run first; Reset and Play watch it unfold
    retranslateUi();
    updateColors();
}

LossScalingView::~LossScalingView() = default;

void LossScalingView::setDrift(const core::GradientDrift& drift)
{
    if (core::validate(drift) != core::DriftError::None)
        return;
    const bool atEnd = m_step >= m_drift.steps - 1;
    m_drift = drift;
    simulate();
    setCurrentStep(atEnd ? m_drift.steps - 1 : std::min(m_step, m_drift.steps - 1));
}

void LossScalingView::setGrowthInterval(int steps)
{
    m_config.growthInterval = std::max(1, steps);
    simulate();
    showUpTo(m_step);
}

void LossScalingView::setFixedScale(double scale)
{
    if (!(scale > 0))
        return;
    m_fixedScale = scale;
    simulate();
    showUpTo(m_step);
}

void LossScalingView::setGradientCount(double values)
{
    if (!(values >= 10))
        return;
    m_pendingGradients = values;
    // Every estimate brings the model: a hidden page runs the simulation when it is shown.
    if (isVisible())
        applyGradientCount();
}

void LossScalingView::applyGradientCount()
{
    if (m_pendingGradients <= 0 || m_pendingGradients == m_drift.valuesPerStep)
        return;
    core::GradientDrift d = m_drift;
    d.valuesPerStep = m_pendingGradients;
    m_pendingGradients = 0;
    setDrift(d);
}

void LossScalingView::showEvent(QShowEvent* event)
{
    applyGradientCount();
    QWidget::showEvent(event);
}

void LossScalingView::simulate()
{
    m_run = core::simulateLossScaling(m_drift, m_config, m_fixedScale);
    // The whole run's curves; showUpTo() trims them to the cursor.
    m_plot->xAxis->setRange(0, m_drift.steps);
    double lo = m_fixedScale, hi = m_fixedScale;
    for (const core::LossScalingStep& s : m_run.steps) {
        lo = std::min(lo, s.dynamicScale);
        hi = std::max(hi, s.dynamicScale);
    }
    m_plot->yAxis->setRange(lo / 4, hi * 4);
    // A share that stays at (about) zero all run is a line lying on the x-axis, invisible under
    // it: three legend entries named lines nobody could see (issue 31). Their names say so.
    m_flat = {true, true, true, true};
    for (const core::LossScalingStep& st : m_run.steps) {
        const double shares[] = {st.underflowFp16None, st.underflowFp16Fixed, st.underflowFp16Dynamic, st.underflowBf16None};
        for (std::size_t k = 0; k < 4; ++k)
            m_flat[k] = m_flat[k] && 100 * shares[k] < 0.05; // under half a pixel of 0–100 % on any plot
    }
    // Ticks as powers of two, 2¹⁰ … 2²⁰: the scale only ever halves and doubles.
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    const int first = int(std::floor(std::log2(lo / 4))), last = int(std::ceil(std::log2(hi * 4)));
    const int every = std::max(1, (last - first) / 8);
    for (int e = first; e <= last; ++e)
        if (e % every == 0)
            ticks->addTick(std::ldexp(1.0, e), NumberFormatStyle::powerOfTwo(e));
    m_plot->yAxis->setTicker(ticks);
}

void LossScalingView::setCurrentStep(int step)
{
    m_step = std::clamp(step, 0, std::max(0, m_drift.steps - 1));
    showUpTo(m_step);
}

void LossScalingView::step()
{
    setCurrentStep(m_step >= m_drift.steps - 1 ? 0 : m_step + 1);
}

void LossScalingView::play(bool playing)
{
    if (playing) {
        if (m_step >= m_drift.steps - 1)
            setCurrentStep(0);
        m_timer->start();
    } else {
        m_timer->stop();
    }
    const QSignalBlocker block(m_ui.play);
    m_ui.play->setChecked(playing);
    retranslateUi();
}

bool LossScalingView::isPlaying() const
{
    return m_timer->isActive();
}

void LossScalingView::showUpTo(int step)
{
    QVector<double> x, scale, fixed, skipX, skipY, none, fixedShare, dynamic, bf16;
    const int n = std::min<int>(step + 1, int(m_run.steps.size()));
    // Enough points for the plot's width: a long run is thinned, skipped steps never are.
    const int stride = std::max(1, n / 2000);
    for (int t = 0; t < n; ++t) {
        const core::LossScalingStep& s = m_run.steps[std::size_t(t)];
        if (s.dynamicSkipped) {
            skipX.push_back(t);
            skipY.push_back(s.dynamicScale);
        }
        if (t % stride != 0 && t != n - 1)
            continue;
        x.push_back(t);
        scale.push_back(s.dynamicScale);
        fixed.push_back(m_fixedScale);
        none.push_back(100 * s.underflowFp16None);
        fixedShare.push_back(100 * s.underflowFp16Fixed);
        dynamic.push_back(100 * s.underflowFp16Dynamic);
        bf16.push_back(100 * s.underflowBf16None);
    }
    m_scale->setData(x, scale, true);
    m_fixed->setData(x, fixed, true);
    m_skipped->setData(skipX, skipY, true);
    m_none->setData(x, none, true);
    m_fixedShare->setData(x, fixedShare, true);
    m_dynamicShare->setData(x, dynamic, true);
    m_bf16->setData(x, bf16, true);
    m_cursor->point1->setCoords(step, 1);
    m_cursor->point2->setCoords(step, 2);
    retranslateUi();
}

QStringList LossScalingView::shareNames() const
{
    return {m_none->name(), m_fixedShare->name(), m_dynamicShare->name(), m_bf16->name()};
}

QString LossScalingView::summary() const
{
    return m_ui.summary->text();
}

void LossScalingView::retranslateUi()
{
    m_ui.intro->setText(tr("FP16 stores nothing below 2⁻²⁴ (6 × 10⁻⁸): small gradients flush to zero. Multiplying the loss "
                           "lifts them; too large a scale overflows 65504 and the step must be skipped. GradScaler starts at "
                           "2¹⁶, halves the scale and skips the step on inf/NaN, and doubles it after N good steps. BF16 has "
                           "FP32's range and needs none of it."));
    m_ui.low->setLabel(tr("Smallest gradients: 10^"));
    m_ui.high->setLabel(tr("Largest gradient: 10^"));
    m_ui.drift->setLabel(tr("Drift over the run (decades)"));
    m_ui.steps->setLabel(tr("Steps"));
    m_ui.interval->setLabel(tr("Growth interval (good steps)"));
    m_ui.fixed->setLabel(tr("Fixed loss scale"));
    m_ui.interval->setToolTip(tr("PyTorch's default: 2000"));
    m_ui.step->setText(tr("S&tep"));
    m_ui.play->setText(isPlaying() ? tr("&Pause") : tr("&Play"));
    m_ui.reset->setText(tr("&Reset"));
    m_scale->setName(tr("dynamic scale (GradScaler)"));
    m_fixed->setName(tr("fixed scale"));
    m_skipped->setName(tr("skipped step (overflow)"));
    //: a legend entry whose line stays at 0 % and lies on the x-axis; %1 = its name
    const QString onAxis = tr("%1 (≈ 0 % all run: on the axis)");
    auto share = [&](QCPGraph* g, const QString& name, std::size_t k) { g->setName(m_flat[k] ? onAxis.arg(name) : name); };
    share(m_none, tr("FP16 flushed, unscaled"), 0);
    share(m_fixedShare, tr("FP16 flushed, fixed scale"), 1);
    share(m_dynamicShare, tr("FP16 flushed, dynamic scale"), 2);
    share(m_bf16, tr("BF16 flushed, unscaled"), 3);
    m_plot->xAxis->setLabel(tr("step"));
    m_plot->yAxis->setLabel(tr("loss scale"));
    m_plot->yAxis2->setLabel(tr("% of gradients flushed to zero"));
    m_ui.source->setText(tr("GradScaler: torch/amp/grad_scaler.py (init_scale 2¹⁶, growth ×2, backoff ×0.5, growth_interval 2000) "
                            "and _amp_update_scale_. Each step's gradients: log-normal magnitudes between the two sliders, the "
                            "largest one per step overflowing first; shares are closed-form, Φ((log₁₀ 2⁻²⁵ − log₁₀ scale − μ) / σ)."));
    if (m_run.steps.empty()) {
        m_ui.summary->setText(QString());
    } else {
        const core::LossScalingStep& s = m_run.steps[std::size_t(std::min<int>(m_step, int(m_run.steps.size()) - 1))];
        int skipped = 0;
        for (int t = 0; t <= m_step && t < int(m_run.steps.size()); ++t)
            skipped += m_run.steps[std::size_t(t)].dynamicSkipped;
        const int exponent = int(std::lround(std::log2(s.dynamicScale)));
        //: %1 = step, %2 = steps, %3 = scale as 2^n, %4 = skipped so far, %5–%8 = shares flushed
        m_ui.summary->setText(tr("Step %1 of %2: scale %3, %4 skipped so far. FP16 flushes %5 unscaled, %6 at the fixed scale, "
                                 "%7 under the dynamic one; BF16 %8.")
                                  .arg(QLocale().toString(m_step + 1), QLocale().toString(m_drift.steps), NumberFormatStyle::powerOfTwo(exponent),
                                       QLocale().toString(skipped), TensorText::share(s.underflowFp16None),
                                       TensorText::share(s.underflowFp16Fixed), TensorText::share(s.underflowFp16Dynamic),
                                       TensorText::share(s.underflowBf16None)));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LossScalingView::updateColors()
{
    const QPalette pal = palette();
    const bool dark = NumberFormatStyle::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    m_plot->setBackground(base);
    m_plot->axisRect()->setBackground(base);
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2}) {
        axis->setBasePen(QPen(pal.color(QPalette::Mid)));
        axis->setTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setSubTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    const QColor fp16 = TensorText::formatColor(core::TensorFormat::Fp16, dark);
    const QColor bf16 = TensorText::formatColor(core::TensorFormat::Bf16, dark);
    const QColor fixed = TensorText::formatColor(core::TensorFormat::Fp8E5M2, dark);
    const QColor alert = NumberFormatStyle::alertColor(dark);
    m_scale->setPen(QPen(fp16, 2));
    m_fixed->setPen(QPen(fixed, 1.5, Qt::DashLine));
    m_skipped->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, alert, 7));
    m_skipped->setPen(QPen(alert));
    m_none->setPen(QPen(fp16, 1.5, Qt::DotLine));
    m_fixedShare->setPen(QPen(fixed, 1.5));
    m_dynamicShare->setPen(QPen(fp16.darker(dark ? 80 : 130), 2.5));
    m_bf16->setPen(QPen(bf16, 2));
    m_cursor->setPen(QPen(text, 1, Qt::DashLine));
    QPalette note = m_ui.source->palette();
    note.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    m_ui.source->setPalette(note);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LossScalingView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        updateColors();
    QWidget::changeEvent(event);
}
