// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/lab/formatcomparisonview.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "widgets/lab/numberformatstyle.h"
#include "widgets/lab/tensortext.h"

namespace {

/// Curves skip bins with fewer values than this: a handful of values is noise, not a trend.
constexpr std::uint32_t kMinimumValuesPerPoint = 32;

} // namespace

FormatComparisonView::FormatComparisonView(QWidget* parent)
    : QWidget(parent)
    , m_intro(new QLabel)
    , m_rankLabel(new QLabel)
    , m_rankBox(new QComboBox)
    , m_table(new QTableWidget(0, ColumnCount))
    , m_plot(new QCustomPlot)
    , m_plotNote(new QLabel)
    , m_useForWeights(new QPushButton)
    , m_useForKv(new QPushButton)
{
    auto* top = new QVBoxLayout(this);
    m_intro->setWordWrap(true);
    top->addWidget(m_intro);
    auto* columns = new QHBoxLayout;
    top->addLayout(columns, 1);
    auto* left = new QVBoxLayout;
    columns->addLayout(left, 0); // the table as wide as its columns, the plot the rest
    auto* rankRow = new QHBoxLayout;
    m_rankBox->addItem(QString(), int(Rank::ByError));
    m_rankBox->addItem(QString(), int(Rank::ByBytes));
    m_rankLabel->setBuddy(m_rankBox);
    rankRow->addWidget(m_rankLabel);
    rankRow->addWidget(m_rankBox);
    rankRow->addStretch(1);
    left->addLayout(rankRow);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(false); // its length is then the columns' contents
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    left->addWidget(m_table, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_useForWeights);
    buttons->addWidget(m_useForKv);
    buttons->addStretch(1);
    left->addLayout(buttons);

    auto* right = new QVBoxLayout;
    columns->addLayout(right, 1);
    m_plot->setMinimumSize(320, 240);
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(10);
        ticker->setSubTickCount(0);
        axis->setTicker(ticker);
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
    }
    // The legend under the plot, in three columns: inside, it would hide the curves.
    m_plot->legend->setVisible(true);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->legend->setWrap(3); // before the fill order, which rearranges the items already there
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    right->addWidget(m_plot, 1);
    m_plotNote->setWordWrap(true);
    right->addWidget(m_plotNote);

    connect(m_rankBox, &QComboBox::activated, this, [this] { setRank(Rank(m_rankBox->currentData().toInt())); });
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &FormatComparisonView::updateButtons);
    connect(m_useForWeights, &QPushButton::clicked, this, [this] {
        const int i = selectedRecipe();
        if (i < 0)
            return;
        if (std::optional<core::WeightQuantization> q = core::weightQuantizationFor(recipes()[std::size_t(i)]))
            emit servingWeightsChosen(*q);
    });
    connect(m_useForKv, &QPushButton::clicked, this, [this] {
        const int i = selectedRecipe();
        if (i < 0)
            return;
        if (std::optional<core::KvCacheDtype> kv = core::kvCacheDtypeFor(recipes()[std::size_t(i)].format))
            emit kvCacheChosen(*kv);
    });
    retranslateUi();
    updateColors();
    updateButtons();
}

FormatComparisonView::~FormatComparisonView() = default;

std::vector<core::QuantRecipe> FormatComparisonView::recipes()
{
    using core::TensorFormat;
    std::vector<core::QuantRecipe> r;
    for (TensorFormat f : {TensorFormat::Fp16, TensorFormat::Bf16, TensorFormat::Fp8E4M3, TensorFormat::Fp8E5M2, TensorFormat::MxFp8E4M3,
                           TensorFormat::MxFp4, TensorFormat::NvFp4, TensorFormat::Int8, TensorFormat::Int4})
        r.push_back(core::defaultRecipe(f)); // INT8 per channel, INT4 g128: the defaults
    return r;
}

void FormatComparisonView::setTensor(const core::Tensor& tensor)
{
    m_studio.setTensor(tensor);
    m_stale = true;
    if (isVisible())
        recompute();
}

void FormatComparisonView::setModel(const core::ServedModel& model)
{
    m_model = model;
    // Every estimate brings the model: while the page is hidden, the table waits for showEvent.
    if (isVisible())
        fillTable();
    else
        m_tableStale = true;
}

void FormatComparisonView::setRank(Rank rank)
{
    m_rank = rank;
    const QSignalBlocker block(m_rankBox);
    m_rankBox->setCurrentIndex(m_rankBox->findData(int(rank)));
    fillTable();
}

void FormatComparisonView::flush()
{
    if (m_stale)
        recompute();
    if (m_tableStale)
        fillTable();
}

void FormatComparisonView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    flush();
}

double FormatComparisonView::modelBytes(std::size_t recipe) const
{
    return m_model.weightBytes(core::modelBitsPerParameter(recipes()[recipe], m_model.rowLength));
}

void FormatComparisonView::recompute()
{
    if (m_studio.tensor().empty())
        return; // stays stale until a tensor comes
    m_stale = false;
    const std::vector<core::QuantRecipe> r = recipes();
    m_analyses.resize(r.size());
    for (std::size_t i = 0; i < r.size(); ++i)
        m_studio.analyse(r[i], m_analyses[i]);
    fillTable();
    fillCurves();
}

std::vector<core::QuantRecipe> FormatComparisonView::rankedRecipes() const
{
    const std::vector<core::QuantRecipe> r = recipes();
    std::vector<core::QuantRecipe> out;
    for (int i : m_order)
        out.push_back(r[std::size_t(i)]);
    return out;
}

void FormatComparisonView::fillTable()
{
    m_tableStale = false;
    const std::vector<core::QuantRecipe> r = recipes();
    const int selected = selectedRecipe();
    m_order.resize(r.size());
    std::iota(m_order.begin(), m_order.end(), 0);
    if (m_analyses.size() == r.size() && !m_studio.tensor().empty()) {
        auto snr = [&](int i) { return m_analyses[std::size_t(i)].stats.snrDb; };
        auto bits = [&](int i) { return core::modelBitsPerParameter(r[std::size_t(i)], m_model.rowLength > 0 ? m_model.rowLength : 4096); };
        // By error: highest SNR first (ties: fewer bytes); by bytes: fewest first (ties: higher SNR).
        std::stable_sort(m_order.begin(), m_order.end(), [&](int a, int b) {
            if (m_rank == Rank::ByError)
                return snr(a) != snr(b) ? snr(a) > snr(b) : bits(a) < bits(b);
            return bits(a) != bits(b) ? bits(a) < bits(b) : snr(a) > snr(b);
        });
    }
    const QSignalBlocker block(m_table);
    m_table->setRowCount(int(r.size()));
    const bool dark = NumberFormatStyle::isDark(palette());
    for (int row = 0; row < int(m_order.size()); ++row) {
        const int i = m_order[std::size_t(row)];
        const core::QuantRecipe& recipe = r[std::size_t(i)];
        const bool have = std::size_t(i) < m_analyses.size() && m_analyses[std::size_t(i)].stats.count > 0;
        const core::TensorStats& s = have ? m_analyses[std::size_t(i)].stats : core::TensorStats{};
        auto set = [&](int column, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            item->setData(Qt::UserRole, i);
            if (column != FormatColumn)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
            return item;
        };
        QTableWidgetItem* name = set(FormatColumn, TensorText::recipeName(recipe));
        name->setForeground(TensorText::formatColor(recipe.format, dark));
        name->setToolTip(TensorText::formatDescription(recipe.format) + QLatin1Char('\n') + TensorText::formatSource(recipe.format));
        set(BitsColumn, have ? QString::number(s.effectiveBits, 'f', 3) : QString());
        set(SnrColumn, !have ? QString() : std::isfinite(s.snrDb) ? QString::number(s.snrDb, 'f', 1) : s.snrDb > 0 ? tr("exact") : TensorText::overflowedSnr());
        set(MseColumn, !have ? QString() : std::isfinite(s.mse) ? NumberFormatStyle::number(s.mse, 3) : TensorText::overflowedError());
        set(FlushedColumn, have ? TensorText::share(s.underflowFraction) : QString());
        QTableWidgetItem* bytes = set(BytesColumn, m_model.parameters > 0 ? TensorText::gigabytes(modelBytes(std::size_t(i))) : QString());
        if (!core::weightQuantizationFor(recipe))
            bytes->setToolTip(tr("Not a serving weight format of the estimate: the memory bars cannot show it"));
        if (i == selected)
            m_table->selectRow(row);
    }
    // The table as wide as its columns: its last one (the bytes) is the point of it.
    m_table->resizeColumnsToContents();
    m_table->setMinimumWidth(m_table->horizontalHeader()->length() + 2 * m_table->frameWidth() + 4);
    updateButtons();
}

void FormatComparisonView::fillCurves()
{
    m_plot->clearGraphs();
    const std::vector<core::QuantRecipe> r = recipes();
    const core::TensorSummary& summary = m_studio.summary();
    const bool dark = NumberFormatStyle::isDark(palette());
    double lowest = 1, highest = 1e-12, left = 1e30, right = 0;
    for (std::size_t i = 0; i < r.size() && i < m_analyses.size(); ++i) {
        QVector<double> keys, values;
        for (int k = 0; k < core::kMagnitudeBins; ++k) {
            if (summary.countByMagnitude[std::size_t(k)] < kMinimumValuesPerPoint)
                continue;
            const double e = m_analyses[i].relativeRmsError(summary, k);
            if (!(e > 0))
                continue; // exact: no point on a log axis
            const double x = std::sqrt(core::magnitudeBinLow(k) * core::magnitudeBinLow(k + 1));
            keys.push_back(x);
            values.push_back(e);
            lowest = std::min(lowest, e);
            highest = std::max(highest, e);
            left = std::min(left, x);
            right = std::max(right, x);
        }
        QCPGraph* g = m_plot->addGraph();
        g->setData(keys, values, true);
        g->setName(TensorText::recipeName(r[i]));
        g->setPen(QPen(TensorText::formatColor(r[i].format, dark), 2));
    }
    if (right > 0) {
        m_plot->xAxis->setRange(left / 1.5, right * 1.5);
        m_plot->yAxis->setRange(lowest / 2, std::max(highest * 2, 1.5));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int FormatComparisonView::selectedRecipe() const
{
    const QList<QTableWidgetItem*> items = m_table->selectedItems();
    return items.isEmpty() ? -1 : items.first()->data(Qt::UserRole).toInt();
}

void FormatComparisonView::updateButtons()
{
    const int i = selectedRecipe();
    const std::vector<core::QuantRecipe> r = recipes();
    const bool weights = i >= 0 && core::weightQuantizationFor(r[std::size_t(i)]).has_value();
    const bool kv = i >= 0 && core::kvCacheDtypeFor(r[std::size_t(i)].format).has_value();
    m_useForWeights->setEnabled(weights);
    m_useForKv->setEnabled(kv);
    m_useForWeights->setToolTip(i < 0 ? tr("Select a row") : weights ? tr("Serve the scenario's model with its weights in the selected format")
                                                                     : tr("The estimate has no serving weight format for the selected row"));
    m_useForKv->setToolTip(i < 0 ? tr("Select a row") : kv ? tr("Keep the scenario's KV cache in the selected format")
                                                           : tr("The estimate's KV cache is FP32, BF16, FP16, FP8 or INT8"));
}

void FormatComparisonView::retranslateUi()
{
    m_intro->setText(tr("The studio's tensor in nine formats. Ranked by error, the format that keeps the most comes first; "
                        "by bytes, the smallest. The model's weights are counted as the memory bars count them."));
    m_rankLabel->setText(tr("&Rank by:"));
    m_rankBox->setItemText(0, tr("Error (SNR)"));
    m_rankBox->setItemText(1, tr("Bytes"));
    m_table->setHorizontalHeaderLabels({tr("Format"), tr("Bits"), tr("SNR dB"), tr("MSE"), tr("Flushed"), tr("Weights")});
    m_table->horizontalHeaderItem(BitsColumn)->setToolTip(tr("Bits per value, including the scales"));
    m_table->horizontalHeaderItem(FlushedColumn)->setToolTip(tr("Non-zero values stored as 0"));
    m_table->horizontalHeaderItem(BytesColumn)->setToolTip(tr("The scenario's model's weights in this format, as the memory bars count them"));
    m_plot->xAxis->setLabel(tr("|x|"));
    m_plot->yAxis->setLabel(tr("RMS relative error"));
    m_plotNote->setText(tr("Each curve: sqrt(Σ(q − x)² / Σx²) of the values in a quarter-octave of |x|. Floats keep a constant "
                           "relative error down to their subnormals; integers and small blocks lose the small values first."));
    m_useForWeights->setText(tr("Use for &weights"));
    m_useForKv->setText(tr("Use for &KV cache"));
    fillTable();
    if (!m_analyses.empty())
        fillCurves();
}

void FormatComparisonView::updateColors()
{
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::WindowText);
    const QColor base = pal.color(QPalette::Base);
    m_plot->setBackground(base);
    m_plot->axisRect()->setBackground(base);
    m_plot->legend->setBrush(base);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(pal.color(QPalette::Mid)));
        axis->setTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(pal.color(QPalette::Mid), 0, Qt::DotLine));
    }
    QPalette note = m_plotNote->palette();
    note.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
    m_plotNote->setPalette(note);
    fillTable();
    if (!m_analyses.empty())
        fillCurves();
}

void FormatComparisonView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        updateColors();
    QWidget::changeEvent(event);
}
