#include "app/planner/servingplannerview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/planner/launchconfigpanel.h"
#include "app/scenariocontroller.h"
#include "core/io/launchconfig.h"

namespace {

constexpr core::LaunchFramework kEngines[] = {core::LaunchFramework::Vllm, core::LaunchFramework::Sglang, core::LaunchFramework::TensorRtLlm};

enum Column { Rank, Layout, Replicas, Weights, Kv, Batch, PerGpu, PerUser, Ttft, Tpot, Verdict, ColumnCount };

QString formatName(std::string_view name) { return QString::fromLatin1(name.data(), qsizetype(name.size())).toUpper(); }

} // namespace

ServingPlannerView::ServingPlannerView(ScenarioController* scenario, QWidget* parent)
    : QWidget(parent)
    , m_scenario(scenario)
    , m_ttftLabel(new QLabel(this))
    , m_ttft(new QDoubleSpinBox(this))
    , m_tpotLabel(new QLabel(this))
    , m_tpot(new QDoubleSpinBox(this))
    , m_fp8(new QCheckBox(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_apply(new QPushButton(this))
    , m_engineLabel(new QLabel(this))
    , m_engine(new QComboBox(this))
    , m_launch(new QPlainTextEdit(this))
    , m_notes(new QLabel(this))
{
    setObjectName(QStringLiteral("ServingPlannerView"));
    // The limits of the issue's case (TTFT ≤ 500 ms, TPOT ≤ 50 ms: an interactive chat service);
    // 0 is no limit.
    for (QDoubleSpinBox* box : {m_ttft, m_tpot}) {
        box->setRange(0, 600000);
        box->setDecimals(0);
        box->setSingleStep(10);
        box->setSpecialValueText(QStringLiteral("—"));
    }
    m_ttft->setValue(500);
    m_tpot->setValue(50);
    m_ttftLabel->setBuddy(m_ttft);
    m_tpotLabel->setBuddy(m_tpot);
    m_fp8->setChecked(true);
    m_engineLabel->setBuddy(m_engine);
    for (core::LaunchFramework f : kEngines)
        m_engine->addItem(QString(), int(f));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->hide();

    m_table->setColumnCount(ColumnCount);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    const int em = fontMetrics().height();
    const double widths[] = {2, 6.5, 4.5, 4, 4, 5.2, 5.5, 5.5, 4.5, 4.5, 8};
    for (int c = 0; c < ColumnCount; ++c)
        m_table->horizontalHeader()->resizeSection(c, int(widths[c] * em));

    m_launch->setReadOnly(true);
    m_launch->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_launch->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    // The limits and Apply on one row, the FP8 choice under them: on one row the page was the
    // widest of the window's tabs (698 px) and set the window's minimum width above 1,111 px.
    auto* top = new QHBoxLayout;
    top->addWidget(m_ttftLabel);
    top->addWidget(m_ttft);
    top->addSpacing(12);
    top->addWidget(m_tpotLabel);
    top->addWidget(m_tpot);
    top->addStretch(1);
    top->addWidget(m_apply);

    auto* launchBox = new QWidget(this);
    auto* launchLayout = new QVBoxLayout(launchBox);
    launchLayout->setContentsMargins(0, 4, 0, 0);
    auto* engineRow = new QHBoxLayout;
    engineRow->addWidget(m_engineLabel);
    engineRow->addWidget(m_engine);
    engineRow->addStretch(1);
    launchLayout->addLayout(engineRow);
    launchLayout->addWidget(m_notes);
    launchLayout->addWidget(m_launch, 1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(launchBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(m_fp8);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);

    auto limitsChanged = [this] {
        m_stale = true;
        refresh();
    };
    connect(m_ttft, &QDoubleSpinBox::editingFinished, this, limitsChanged);
    connect(m_tpot, &QDoubleSpinBox::editingFinished, this, limitsChanged);
    connect(m_fp8, &QCheckBox::toggled, this, limitsChanged);
    connect(m_engine, &QComboBox::activated, this, &ServingPlannerView::updateLaunch);
    connect(m_table, &QTableWidget::currentCellChanged, this, &ServingPlannerView::updateLaunch);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &ServingPlannerView::applySelected);
    connect(m_apply, &QPushButton::clicked, this, &ServingPlannerView::applySelected);
    connect(m_scenario, &ScenarioController::scenarioChanged, this, [this] {
        m_stale = true;
        refresh();
    });
    retranslateUi();
}

void ServingPlannerView::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    fillTable();
}

void ServingPlannerView::refresh()
{
    if (!isVisible() || !m_stale)
        return;
    search();
}

void ServingPlannerView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    refresh();
}

void ServingPlannerView::search()
{
    m_stale = false;
    const core::Scenario& s = m_scenario->scenario();
    m_request = core::ServingPlanRequest{};
    m_request.base = s;
    m_request.ttftLimitSeconds = m_ttft->value() / 1e3;
    m_request.tpotLimitSeconds = m_tpot->value() / 1e3;
    if (m_fp8->isChecked())
        core::defaultServingFormats(s, m_request.weightFormats, m_request.kvDtypes);
    m_result = s.mode == core::Mode::Inference ? core::planServing(m_request) : core::ServingPlanResult{};
    fillTable();
}

QString ServingPlannerView::verdict(const core::ServingCandidate& c) const
{
    switch (c.reject) {
    case core::ServingReject::None: return tr("meets the limits");
    case core::ServingReject::ModelDoesNotFit: return tr("model does not fit");
    case core::ServingReject::BatchDoesNotFit: return tr("batch does not fit");
    case core::ServingReject::TpotOverLimit: return tr("TPOT over the limit");
    case core::ServingReject::TtftOverLimit: return tr("TTFT over the limit");
    case core::ServingReject::Count: break;
    }
    return {};
}

void ServingPlannerView::fillTable()
{
    const QLocale locale;
    m_table->setRowCount(int(m_result.layouts.size()));
    for (int row = 0; row < int(m_result.layouts.size()); ++row) {
        const core::ServingCandidate& c = m_result.layouts[std::size_t(row)];
        const core::ServingLayout& l = c.layout;
        //: a serving layout in short form: tensor and pipeline parallel degrees, expert parallel
        QString layout = tr("TP %1 · PP %2").arg(l.tensor).arg(l.pipeline);
        if (l.expertParallel)
            layout += QStringLiteral(" · EP %1").arg(l.tensor);
        const QString cells[ColumnCount] = {
            locale.toString(row + 1),
            layout,
            locale.toString(c.replicas),
            formatName(core::choiceName(l.weights)),
            formatName(core::choiceName(l.kvCache)),
            locale.toString(l.batch),
            c.fits ? locale.toString(c.tokensPerSecondPerGpu, 'f', 0) : QStringLiteral("—"),
            c.fits ? locale.toString(c.tokensPerSecondPerUser(), 'f', 1) : QStringLiteral("—"),
            c.fits ? DisplayFormat::duration(c.ttftSeconds) : QStringLiteral("—"),
            c.fits ? DisplayFormat::duration(c.tpotSeconds) : QStringLiteral("—"),
            verdict(c),
        };
        for (int col = 0; col < ColumnCount; ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (col != Layout && col != Verdict)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (c.reject != core::ServingReject::None)
                item->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
            //: tooltip of a serving layout's row; %1 = the fullest GPU's memory, %2 = its capacity
            item->setToolTip(tr("Fullest GPU: %1 of %2").arg(DisplayFormat::bytes(c.peakBytes, m_unit, 1), DisplayFormat::bytes(c.capacityBytes, m_unit, 1)));
            m_table->setItem(row, col, item);
        }
    }
    if (!m_result.layouts.empty())
        m_table->setCurrentCell(0, 0);
    updateSummary();
    updateLaunch();
}

void ServingPlannerView::updateSummary()
{
    const QLocale locale;
    if (m_scenario->scenario().mode != core::Mode::Inference) {
        m_summary->setText(tr("The serving planner plans a serving scenario: switch the mode to serving."));
        return;
    }
    if (core::hasErrors(m_result.issues)) {
        m_summary->setText(tr("This scenario cannot be planned: fix the errors the controls show."));
        return;
    }
    //: serving planner summary; %1 = layouts and batches estimated, %2 = those that fit, %3 = within the limits, %4 = ms
    QString text = tr("%1 layouts and batch caps estimated, %2 fit, %3 within the limits; searched in %4 ms.")
                       .arg(locale.toString(qlonglong(m_result.valid)), locale.toString(qlonglong(m_result.fitting)),
                            locale.toString(qlonglong(m_result.meeting)), locale.toString(m_result.seconds * 1e3, 'f', 1));
    if (m_result.best() < 0) {
        text += QLatin1Char(' ') + tr("No layout serves within the limits: the table shows why each is out.");
    } else {
        const core::ServingCandidate& b = m_result.layouts.front();
        //: %1 = TP, %2 = PP, %3 = replicas, %4 = weight format, %5 = KV dtype, %6 = batch cap, %7 = tokens/s per GPU, %8 = TTFT, %9 = TPOT
        text += QLatin1Char('\n')
            + tr("Best: TP %1 · PP %2 × %3 replicas, %4 weights, %5 KV cache, up to %6 requests each — %7 tokens/s per GPU, TTFT %8, TPOT %9.")
                  .arg(b.layout.tensor)
                  .arg(b.layout.pipeline)
                  .arg(b.replicas)
                  .arg(formatName(core::choiceName(b.layout.weights)), formatName(core::choiceName(b.layout.kvCache)))
                  .arg(b.layout.batch)
                  .arg(locale.toString(b.tokensPerSecondPerGpu, 'f', 0), DisplayFormat::duration(b.ttftSeconds), DisplayFormat::duration(b.tpotSeconds));
    }
    text += QLatin1Char('\n')
        + tr("Ranked by output tokens/s per GPU; each layout at the largest batch that meets the limits, timed by the serving step model as the estimate times it.");
    m_summary->setText(text);
}

int ServingPlannerView::selectedLayout() const
{
    const int row = m_table->currentRow();
    return row >= 0 && row < int(m_result.layouts.size()) ? row : -1;
}

void ServingPlannerView::updateLaunch()
{
    const int i = selectedLayout();
    m_apply->setEnabled(i >= 0 && m_result.layouts[std::size_t(i)].fits);
    if (i < 0) {
        m_launch->clear();
        m_notes->hide();
        return;
    }
    core::Scenario s = m_scenario->scenario();
    core::applyServingLayout(m_result.layouts[std::size_t(i)].layout, s);
    const core::LaunchFile file = core::launchFile(s, core::LaunchFramework(m_engine->currentData().toInt()));
    m_launch->setPlainText(QString::fromStdString(file.text));
    QStringList lines;
    for (const core::LaunchNote& n : file.notes)
        lines << LaunchConfigPanel::noteLine(n);
    m_notes->setText(lines.join(QLatin1Char('\n')));
    m_notes->setVisible(!lines.isEmpty());
}

void ServingPlannerView::applySelected()
{
    const int i = selectedLayout();
    if (i < 0 || !m_result.layouts[std::size_t(i)].fits)
        return;
    const core::ServingLayout& l = m_result.layouts[std::size_t(i)].layout;
    std::vector<std::pair<core::Field, core::FieldValue>> values;
    for (const core::ScenarioChange& c : core::servingLayoutChanges(m_scenario->scenario(), l))
        values.emplace_back(c.field, c.value);
    //: undo text; %1 = TP, %2 = PP, %3 = batch cap
    m_scenario->setFields(values, tr("Apply serving layout TP %1 · PP %2, up to %3 requests").arg(l.tensor).arg(l.pipeline).arg(l.batch));
}

void ServingPlannerView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void ServingPlannerView::retranslateUi()
{
    m_ttftLabel->setText(tr("TTFT limit:"));
    m_tpotLabel->setText(tr("TPOT limit:"));
    //: unit suffix of the latency limits
    m_ttft->setSuffix(tr(" ms"));
    m_tpot->setSuffix(tr(" ms"));
    m_ttft->setToolTip(tr("Time to first token under load, the longest allowed (— none)"));
    m_tpot->setToolTip(tr("Time per output token (between tokens) under load, the longest allowed (— none)"));
    m_fp8->setText(tr("Also try FP8 weights and KV cache"));
    m_fp8->setToolTip(tr("Where the GPU has FP8 tensor cores: vLLM --quantization fp8 and --kv-cache-dtype fp8 (quality is the checkpoint's concern)"));
    m_apply->setText(tr("Apply"));
    m_apply->setToolTip(tr("Make the selected layout the scenario (one undo step)"));
    m_engineLabel->setText(tr("Launch with:"));
    m_engine->setItemText(0, QStringLiteral("vLLM"));
    m_engine->setItemText(1, QStringLiteral("SGLang"));
    m_engine->setItemText(2, QStringLiteral("TensorRT-LLM"));
    const QStringList headers = {tr("#"),         tr("Layout"),     tr("Replicas"), tr("Weights"), tr("KV"),     tr("Batch cap"),
                                 tr("tok/s/GPU"), tr("tok/s/user"), tr("TTFT"),     tr("TPOT"),    tr("Verdict")};
    m_table->setHorizontalHeaderLabels(headers);
    fillTable();
}
