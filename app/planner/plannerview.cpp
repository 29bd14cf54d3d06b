#include "app/planner/plannerview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QResizeEvent>
#include <QScrollBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedLayout>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "app/planner/launchconfigpanel.h"
#include "app/planner/plannercontroller.h"
#include "app/planner/servingplannerview.h"
#include "app/scenariocontroller.h"
#include "core/estimate.h"
#include "core/rules/rules.h"
#include "widgets/plan/feasibilityheatmap.h"
#include "widgets/plan/layoutcomparison.h"
#include "widgets/plan/paretoplot.h"
#include "widgets/plan/plantablemodel.h"
#include "widgets/plan/plantext.h"

namespace {

// The knobs the heatmap can put on its axes, in the combo boxes' order.
constexpr core::PlanKnob kGridKnobs[] = {core::PlanKnob::Tensor, core::PlanKnob::Pipeline, core::PlanKnob::VirtualPipeline,
                                         core::PlanKnob::Context, core::PlanKnob::Expert, core::PlanKnob::ZeroStage,
                                         core::PlanKnob::Recompute, core::PlanKnob::MicroBatch, core::PlanKnob::OffloadOptimizer};

constexpr core::PlanObjective kObjectives[] = {core::PlanObjective::Time, core::PlanObjective::Cost, core::PlanObjective::Headroom};

} // namespace

PlannerView::PlannerView(ScenarioController* scenario, PlannerController* planner, QWidget* parent)
    : QWidget(parent)
    , m_scenario(scenario)
    , m_planner(planner)
    , m_objectiveLabel(new QLabel(this))
    , m_objective(new QComboBox(this))
    , m_zeroLabel(new QLabel(this))
    , m_zero(new QComboBox(this))
    , m_tensorLabel(new QLabel(this))
    , m_tensorMax(new QComboBox(this))
    , m_noOffload(new QCheckBox(this))
    , m_fittingOnly(new QCheckBox(this))
    , m_summary(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(this))
    , m_apply(new QPushButton(this))
    , m_compare(new QPushButton(this))
    , m_table(new QTableView(this))
    , m_model(new PlanTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_rowLabel(new QLabel(this))
    , m_rowKnob(new QComboBox(this))
    , m_columnLabel(new QLabel(this))
    , m_columnKnob(new QComboBox(this))
    , m_heatmap(new FeasibilityHeatmap(this))
    , m_pareto(new ParetoPlot(this))
    , m_charts(new QTabWidget(this))
    , m_details(new QTabWidget(this))
    , m_comparison(new LayoutComparison(this))
    , m_launch(new LaunchConfigPanel(this))
{
    setObjectName(QStringLiteral("PlannerView"));
    for (int i = 0; i < 3; ++i)
        m_objective->addItem(QString(), int(kObjectives[i]));
    for (int z = -1; z <= 3; ++z)
        m_zero->addItem(QString(), z);
    for (int t : {-1, 1, 2, 4, 8, 16})
        m_tensorMax->addItem(QString(), t);
    for (core::PlanKnob k : kGridKnobs) {
        m_rowKnob->addItem(QString(), int(k));
        m_columnKnob->addItem(QString(), int(k));
    }
    m_rowKnob->setCurrentIndex(1);    // PP down
    m_columnKnob->setCurrentIndex(0); // TP across
    m_heatmap->setKnobs(core::PlanKnob::Pipeline, core::PlanKnob::Tensor);
    m_rowLabel->setBuddy(m_rowKnob);
    m_columnLabel->setBuddy(m_columnKnob);
    m_objectiveLabel->setBuddy(m_objective);
    m_zeroLabel->setBuddy(m_zero);
    m_tensorLabel->setBuddy(m_tensorMax);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PlanTableModel::SortRole);
    m_proxy->setFilterRole(PlanTableModel::FitsRole);
    m_proxy->setFilterKeyColumn(0);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(PlanTableModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    // Fixed widths: measuring tens of thousands of rows to fit them would stall every search.
    const int em = fontMetrics().height();
    // The layout column gives up width to the numbers (its cells elide and carry the full text
    // as a tooltip): at 1280 × 720 only "#", Layout and half of Fits were in view (issue 31).
    const double widths[] = {2.5, 16, 3, 5.5, 5.5, 5, 4, 5, 5.5, 4};
    for (int c = 0; c < int(std::size(widths)); ++c)
        m_table->horizontalHeader()->resizeSection(c, int(widths[c] * em));
    m_fittingOnly->setChecked(true);
    m_proxy->setFilterFixedString(QStringLiteral("true"));

    m_progress->setRange(0, 100);
    m_progress->setMaximumWidth(fontMetrics().height() * 10);
    m_progress->hide();
    m_cancel->hide();
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    // Its lines in full: the table and the charts below give up height first (at 1280 × 720 the
    // summary was cut at the top and the bottom, issue 31's planner).
    m_summary->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);

    // Top: what to rank by, and the pins most asked for.
    auto* top = new QHBoxLayout;
    top->addWidget(m_objectiveLabel);
    top->addWidget(m_objective);
    top->addSpacing(12);
    top->addWidget(m_zeroLabel);
    top->addWidget(m_zero);
    top->addWidget(m_tensorLabel);
    top->addWidget(m_tensorMax);
    top->addWidget(m_noOffload);
    top->addStretch(1);
    top->addWidget(m_progress);
    top->addWidget(m_cancel);

    auto* tableBox = new QWidget(this);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    auto* tableBar = new QHBoxLayout;
    tableBar->addWidget(m_fittingOnly);
    tableBar->addStretch(1);
    tableBar->addWidget(m_compare);
    tableBar->addWidget(m_apply);
    tableLayout->addLayout(tableBar);
    tableLayout->addWidget(m_table, 1);

    auto* gridBox = new QWidget(this);
    auto* gridLayout = new QVBoxLayout(gridBox);
    gridLayout->setContentsMargins(0, 4, 0, 0);
    auto* knobs = new QHBoxLayout;
    knobs->addWidget(m_rowLabel);
    knobs->addWidget(m_rowKnob);
    knobs->addWidget(m_columnLabel);
    knobs->addWidget(m_columnKnob);
    knobs->addStretch(1);
    gridLayout->addLayout(knobs);
    gridLayout->addWidget(m_heatmap, 1);
    m_gridPage = gridBox;
    m_charts->addTab(gridBox, QString());
    m_charts->addTab(m_pareto, QString());

    m_details->addTab(m_launch, QString());
    m_details->addTab(m_comparison, QString());

    auto* upper = new QSplitter(Qt::Horizontal, this);
    upper->addWidget(tableBox);
    upper->addWidget(m_charts);
    upper->setStretchFactor(0, 3);
    upper->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(upper);
    split->addWidget(m_details);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // Handles one can see and grab: the table's columns hid behind one nobody knew was there.
    for (QSplitter* s : {upper, split}) {
        s->setHandleWidth(std::max(5, em / 3));
        s->setChildrenCollapsible(false);
        s->setStyleSheet(QStringLiteral("QSplitter::handle { background: palette(mid); }"));
    }

    // The training planner's page, and the serving planner's for a serving scenario (issue 27).
    auto* trainingPage = new QWidget(this);
    auto* layout = new QVBoxLayout(trainingPage);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    m_serving = new ServingPlannerView(m_scenario, this);
    m_pages = new QStackedLayout(this);
    m_pages->setContentsMargins(0, 0, 0, 0);
    m_pages->addWidget(trainingPage);
    m_pages->addWidget(m_serving);
    auto showMode = [this] { m_pages->setCurrentIndex(m_scenario->scenario().mode == core::Mode::Inference ? 1 : 0); };
    showMode();
    connect(m_scenario, &ScenarioController::scenarioChanged, this, showMode);

    connect(m_objective, &QComboBox::activated, this,
            [this](int i) { m_planner->setObjective(core::PlanObjective(m_objective->itemData(i).toInt())); });
    connect(m_zero, &QComboBox::activated, this, &PlannerView::updatePins);
    connect(m_tensorMax, &QComboBox::activated, this, &PlannerView::updatePins);
    connect(m_noOffload, &QCheckBox::toggled, this, &PlannerView::updatePins);
    connect(m_fittingOnly, &QCheckBox::toggled, this,
            [this](bool only) { m_proxy->setFilterFixedString(only ? QStringLiteral("true") : QString()); });
    auto knobsChanged = [this] {
        m_heatmap->setKnobs(core::PlanKnob(m_rowKnob->currentData().toInt()), core::PlanKnob(m_columnKnob->currentData().toInt()));
    };
    connect(m_rowKnob, &QComboBox::activated, this, knobsChanged);
    connect(m_columnKnob, &QComboBox::activated, this, knobsChanged);
    connect(m_heatmap, &FeasibilityHeatmap::layoutActivated, this, &PlannerView::selectLayout);
    connect(m_pareto, &ParetoPlot::layoutActivated, this, &PlannerView::selectLayout);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        const int layout = current.isValid() ? m_model->layoutIndex(m_proxy->mapToSource(current).row()) : -1;
        if (layout != m_selected) {
            m_selected = layout;
            updateSelectionViews();
        }
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &PlannerView::updateButtons);
    connect(m_table, &QTableView::doubleClicked, this, &PlannerView::applySelected);
    connect(m_apply, &QPushButton::clicked, this, &PlannerView::applySelected);
    connect(m_compare, &QPushButton::clicked, this, &PlannerView::compareSelected);
    connect(m_cancel, &QPushButton::clicked, m_planner, &PlannerController::cancel);
    connect(m_planner, &PlannerController::resultChanged, this, &PlannerView::setResult);
    connect(m_planner, &PlannerController::busyChanged, this, [this](bool busy) {
        m_cancel->setVisible(busy && m_progress->isVisible());
        if (!busy) {
            m_progress->hide();
            m_cancel->hide();
        }
        updateSummary();
    });
    // Searches shorter than a frame just appear; longer ones show how far they are.
    connect(m_planner, &PlannerController::progress, this, [this](double done) {
        m_progress->setValue(int(100 * done));
        m_progress->show();
        m_cancel->show();
    });
    connect(m_scenario, &ScenarioController::scenarioChanged, this, [this] {
        updateSummary();
        // The launch configuration is written out anew for every scenario (about 1.9 M
        // instructions, 40 % of a slider move with the planner page hidden): while hidden it
        // is brought up to date when the page is shown.
        if (isVisible())
            updateSelectionViews();
        else
            m_selectionStale = true;
    });
    retranslateUi();
    updateButtons();
    if (m_planner->result())
        setResult(m_planner->result());
}

int PlannerView::tableWidthWanted() const
{
    // Every column up to the cost, a scroll bar and the frame.
    int width = 0;
    for (int c = 0; c <= PlanTableModel::Cost; ++c)
        width += m_table->horizontalHeader()->sectionSize(c);
    return width + m_table->verticalScrollBar()->sizeHint().width() + 2 * m_table->frameWidth() + 4;
}

void PlannerView::arrangeCharts()
{
    // Beside the table while both fit; narrower, the heatmap and the Pareto plot join the tabs
    // below it, and the table takes the width its step time, MFU, days and cost need.
    const int em = fontMetrics().height();
    const bool beside = width() >= tableWidthWanted() + em * 24;
    if (beside == m_chartsBeside)
        return;
    m_chartsBeside = beside;
    QWidget* pages[] = {m_gridPage, m_pareto};
    QTabWidget* from = beside ? m_details : m_charts;
    QTabWidget* to = beside ? m_charts : m_details;
    for (int i = 0; i < 2; ++i) {
        from->removeTab(from->indexOf(pages[i]));
        to->insertTab(i, pages[i], QString());
    }
    m_charts->setVisible(beside);
    if (!beside)
        m_details->setCurrentIndex(0);
    retranslateUi();
}

void PlannerView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrangeCharts();
}

void PlannerView::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_model->setUnit(unit);
    m_serving->setUnit(unit);
    m_heatmap->setUnit(unit);
    m_pareto->setUnit(unit);
    m_comparison->setUnit(unit);
}

void PlannerView::setResult(std::shared_ptr<const core::PlanResult> result)
{
    // Keep the same layout selected across searches where it still exists.
    core::PlanLayout previous;
    const bool hadSelection = m_result && m_selected >= 0 && std::size_t(m_selected) < m_result->layouts.size();
    if (hadSelection)
        previous = m_result->layouts[std::size_t(m_selected)].layout;
    m_result = std::move(result);
    m_model->setResult(m_result);
    m_heatmap->setResult(m_result);
    m_pareto->setResult(m_result);
    m_selected = -1;
    int select = m_result && m_result->best() >= 0 ? 0 : -1;
    if (hadSelection && m_result)
        for (std::size_t i = 0; i < m_result->layouts.size(); ++i)
            if (m_result->layouts[i].layout == previous && !m_result->layouts[i].pruned) {
                select = int(i);
                break;
            }
    if (select >= 0)
        selectLayout(select);
    else
        updateSelectionViews();
    updateSummary();
}

void PlannerView::selectLayout(int layoutIndex)
{
    const int row = m_model->rowOf(layoutIndex);
    if (row < 0) {
        // Not in the table (pruned, or filtered): select it for the views alone.
        m_selected = layoutIndex;
        m_table->clearSelection();
        updateSelectionViews();
        return;
    }
    QModelIndex index = m_proxy->mapFromSource(m_model->index(row, 0));
    if (!index.isValid() && m_fittingOnly->isChecked()) {
        m_fittingOnly->setChecked(false); // a layout that does not fit was clicked: show it
        index = m_proxy->mapFromSource(m_model->index(row, 0));
    }
    m_selected = layoutIndex;
    m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_table->scrollTo(index);
    updateSelectionViews();
}

QString PlannerView::layoutName(int layoutIndex) const
{
    if (!m_result || layoutIndex < 0 || std::size_t(layoutIndex) >= m_result->layouts.size())
        return {};
    return PlanText::layout(m_result->layouts[std::size_t(layoutIndex)]);
}

void PlannerView::updateSelectionViews()
{
    m_selectionStale = false;
    m_heatmap->setSelectedLayout(m_selected);
    m_pareto->setSelectedLayout(m_selected);
    core::Scenario s = m_scenario->scenario();
    if (m_result && m_selected >= 0 && std::size_t(m_selected) < m_result->layouts.size()) {
        core::applyLayout(m_result->layouts[std::size_t(m_selected)].layout, s);
        m_launch->setScenario(s, layoutName(m_selected));
    } else {
        m_launch->setScenario(s, QString());
    }
    updateButtons();
}

void PlannerView::updateButtons()
{
    const bool selected = m_result && m_selected >= 0 && std::size_t(m_selected) < m_result->layouts.size();
    m_apply->setEnabled(selected && !m_result->layouts[std::size_t(m_selected)].pruned
                        && !(core::layoutOf(m_scenario->scenario()) == m_result->layouts[std::size_t(m_selected)].layout));
    m_compare->setEnabled(m_table->selectionModel()->selectedRows().size() == 2);
}

void PlannerView::applySelected()
{
    if (!m_result || m_selected < 0 || std::size_t(m_selected) >= m_result->layouts.size())
        return;
    const core::PlanCandidate& c = m_result->layouts[std::size_t(m_selected)];
    if (c.pruned)
        return;
    core::Scenario s = m_scenario->scenario();
    core::applyLayout(c.layout, s);
    if (s == m_scenario->scenario())
        return;
    //: undo text; %1 = the layout in short form
    m_scenario->setScenario(s, tr("Apply layout %1").arg(PlanText::layout(c)));
}

void PlannerView::compareSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.size() != 2 || !m_result)
        return;
    int layouts[2];
    core::Estimate e[2];
    for (int i = 0; i < 2; ++i) {
        layouts[i] = m_model->layoutIndex(m_proxy->mapToSource(rows[i]).row());
        core::Scenario s = m_scenario->scenario();
        core::timeWithStepModel(s); // compare the model's steps, as the table ranks them
        core::applyLayout(m_result->layouts[std::size_t(layouts[i])].layout, s);
        core::estimate(s, e[i]);
    }
    if (layouts[1] < layouts[0]) { // A is the better ranked one
        std::swap(layouts[0], layouts[1]);
        std::swap(e[0], e[1]);
    }
    m_comparison->setLayouts(e[0], layoutName(layouts[0]), e[1], layoutName(layouts[1]));
    m_details->setCurrentWidget(m_comparison);
}

void PlannerView::updatePins()
{
    core::PlanPins pins;
    using B = core::PinBound;
    const int z = m_zero->currentData().toInt();
    if (z >= 0)
        pins.pin(core::Field::TrainingZeroStage, B::Equal, z);
    const int t = m_tensorMax->currentData().toInt();
    if (t > 0)
        pins.pin(core::Field::ParallelTensor, B::AtMost, t);
    if (m_noOffload->isChecked()) {
        pins.pin(core::Field::TrainingOffloadOptimizer, B::Equal, 0);
        pins.pin(core::Field::TrainingOffloadParameters, B::Equal, 0);
    }
    m_planner->setPins(pins);
}

void PlannerView::updateSummary()
{
    const QLocale locale;
    if (!m_result) {
        m_summary->setText(m_planner->isBusy() ? tr("Searching every layout…") : tr("The planner searches when this page is shown."));
        return;
    }
    const core::PlanResult& r = *m_result;
    if (hasErrors(r.issues)) {
        m_summary->setText(m_scenario->scenario().mode == core::Mode::Inference
                               ? tr("The planner searches training layouts: switch to training or fine-tuning.")
                               : tr("This scenario cannot be planned: fix the errors the controls show."));
        return;
    }
    //: planner summary; %1 = candidates, %2 = fitting, %3 = estimated, %4 = search time in ms
    QString text = tr("%1 candidates considered, %2 fit; %3 estimated, the rest pruned, dominated or bounded; searched in %4 ms.")
                       .arg(locale.toString(qlonglong(r.candidates)), locale.toString(qlonglong(r.fitting)),
                            locale.toString(qlonglong(r.valid - r.pruned - r.dominated - r.bounded)), locale.toString(r.seconds * 1e3, 'f', 1));
    if (r.best() < 0) {
        text += QLatin1Char(' ') + tr("No layout fits on these GPUs: the table shows the closest (untick “Fitting only”).");
    } else {
        const core::PlanCandidate& best = r.layouts.front();
        //: planner summary; %1 = best layout, %2 = step time, %3 = MFU
        text += QLatin1Char('\n') + tr("Best: %1 — %2 per step, MFU %3.").arg(PlanText::layout(best), DisplayFormat::duration(best.stepSeconds),
                                                                              DisplayFormat::percent(best.mfu, 1));
        // Where the scenario's own layout stands: its step from the same model, against the list
        // (it may be missing from it, e.g. when the same layout fits with less recomputation).
        core::Scenario own = m_scenario->scenario();
        core::timeWithStepModel(own);
        const core::Estimate e = core::estimate(own);
        bool fits = e.valid;
        for (const core::RankGroup& g : e.groups)
            fits = fits && g.fits;
        if (fits && m_planner->resultIsCurrent()) {
            int faster = 0;
            for (const core::PlanCandidate& c : r.layouts)
                faster += c.fits && c.stepSeconds < e.compute.modelStepSeconds * (1 - 1e-9) ? 1 : 0;
            if (faster == 0)
                text += QLatin1Char(' ') + tr("The scenario's layout is the best.");
            else
                //: planner summary; %1 = rank, %2 = share slower than the best
                text += QLatin1Char(' ') + tr("The scenario's layout ranks #%1, %2 slower.")
                                               .arg(faster + 1)
                                               .arg(DisplayFormat::percent(e.compute.modelStepSeconds / best.stepSeconds - 1, 0));
        }
        text += networkNote(best);
        if (m_scenario->scenario().hardware.mfu > 0 || m_scenario->scenario().hardware.achievedTflops > 0)
            text += QLatin1Char('\n') + tr("Times come from the step-time model: the MFU the scenario states holds for its own layout only.");
    }
    m_summary->setText(text);
}

QString PlannerView::networkNote(const core::PlanCandidate& best) const
{
    // The top layout's sensitivity to the network (issue 31: 70B with ZeRO-3 and no TP moved
    // 13 TB per 51 s step between nodes, and nothing said so): the step again with half the
    // network's bandwidth; more than 10 % longer is flagged, with what crosses the nodes.
    core::Scenario top = m_scenario->scenario();
    top.hardware.mfu = 0;
    top.hardware.achievedTflops = 0;
    core::applyLayout(best.layout, top);
    const core::Estimate e = core::estimate(top);
    if (!e.valid || !(e.compute.modelStepSeconds > 0))
        return {};
    double across = 0;
    for (std::size_t d = 0; d < core::kCommDimensionCount; ++d)
        if (e.communication.overNetwork[d])
            across += e.communication.bytes(core::CommDimension(d));
    if (across <= 0 || !(top.hardware.gpu.networkBytesPerSecond > 0))
        return {};
    core::Scenario slower = top;
    slower.hardware.gpu.networkBytesPerSecond /= 2;
    const core::Estimate half = core::estimate(slower);
    if (!half.valid)
        return {};
    const double ratio = half.compute.modelStepSeconds / e.compute.modelStepSeconds;
    if (ratio < 1.1)
        return {};
    //: planner summary; %1 = bytes each GPU sends between nodes per step, %2 = the step at half the network bandwidth, %3 = how much longer
    return QLatin1Char('\n') + tr("⚠ Sensitive to the network: the best layout sends %1 per GPU per step between nodes; "
                                  "at half the network bandwidth its step would take %2 (+%3).")
                                   .arg(DisplayFormat::bytes(across, DisplayFormat::memoryUnit(), 1), DisplayFormat::duration(half.compute.modelStepSeconds),
                                        DisplayFormat::percent(ratio - 1, 0));
}

void PlannerView::retranslateUi()
{
    m_objectiveLabel->setText(tr("&Rank by"));
    for (int i = 0; i < m_objective->count(); ++i)
        m_objective->setItemText(i, PlanText::objectiveName(core::PlanObjective(m_objective->itemData(i).toInt())));
    m_zeroLabel->setText(tr("&ZeRO"));
    m_zero->setItemText(0, tr("any"));
    for (int i = 1; i < m_zero->count(); ++i)
        //: a ZeRO stage pinned in the planner; %1 = 0–3
        m_zero->setItemText(i, tr("only %1").arg(m_zero->itemData(i).toInt()));
    m_tensorLabel->setText(tr("&TP up to"));
    m_tensorMax->setItemText(0, tr("a node"));
    for (int i = 1; i < m_tensorMax->count(); ++i)
        m_tensorMax->setItemText(i, QString::number(m_tensorMax->itemData(i).toInt()));
    m_tensorMax->setToolTip(tr("Tensor parallelism stays inside one node unless a larger maximum is chosen"));
    m_noOffload->setText(tr("No &offload"));
    m_fittingOnly->setText(tr("&Fitting only"));
    m_cancel->setText(tr("Cancel"));
    m_apply->setText(tr("&Apply Layout"));
    m_apply->setToolTip(tr("Make the selected layout the scenario (one undo step); double-click a row does the same"));
    m_compare->setText(tr("Co&mpare"));
    m_compare->setToolTip(tr("Select two rows (Ctrl+click) to compare their memory and step time"));
    m_rowLabel->setText(tr("Rows"));
    m_columnLabel->setText(tr("Columns"));
    for (int i = 0; i < m_rowKnob->count(); ++i) {
        m_rowKnob->setItemText(i, PlanText::knobName(core::PlanKnob(m_rowKnob->itemData(i).toInt())));
        m_columnKnob->setItemText(i, PlanText::knobName(core::PlanKnob(m_columnKnob->itemData(i).toInt())));
    }
    // Each page named wherever it is (arrangeCharts moves the charts between the two tab rows).
    auto name = [this](QWidget* page, const QString& text, const QString& tip) {
        for (QTabWidget* tabs : {m_charts, m_details})
            if (const int i = tabs->indexOf(page); i >= 0) {
                tabs->setTabText(i, text);
                tabs->setTabToolTip(i, tip);
            }
    };
    name(m_gridPage, tr("Feasibility"), tr("The best layout for each pair of values, coloured by the memory left on its fullest GPU; ★ the fastest"));
    name(m_pareto, tr("Pareto front"), tr("Step time against peak memory of every fitting layout; the front: none is both faster and lighter"));
    name(m_launch, tr("Launch settings"), QString());
    name(m_comparison, tr("Comparison"), QString());
    m_model->retranslate();
    updateSummary();
}

void PlannerView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void PlannerView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_selectionStale)
        updateSelectionViews();
    m_planner->setScenario(m_scenario->scenario());
    m_planner->setActive(true);
}

void PlannerView::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    m_planner->setActive(false);
}
