#include "widgets/accuracy/accuracyview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <cmath>

#include "widgets/accuracy/accuracytablemodel.h"
#include "widgets/accuracy/regimetext.h"
#include "widgets/displayformat.h"

AccuracyView::AccuracyView(QWidget* parent)
    : QWidget(parent), m_corpus(new QComboBox(this)), m_regime(new QComboBox(this)), m_outside(new QCheckBox(this)),
      m_headline(new QLabel(this)), m_summary(new QTableWidget(this)), m_table(new QTableView(this)), m_detail(new QTextBrowser(this)),
      m_model(new AccuracyTableModel(this)), m_proxy(new QSortFilterProxyModel(this))
{
    m_corpus->addItems({QString(), QString(), QString()});
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_summary->setColumnCount(6);
    m_summary->verticalHeader()->hide();
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_summary->setSelectionMode(QAbstractItemView::SingleSelection);
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->horizontalHeader()->setStretchLastSection(false);
    m_summary->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(AccuracyTableModel::SortRole);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_detail->setOpenExternalLinks(false);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_corpus);
    controls->addWidget(m_regime);
    controls->addWidget(m_outside);
    controls->addStretch(1);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_summary);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    // The summary by regime first (about ten regimes in view), the runs, then one run's quote.
    const int line = fontMetrics().height() + 6;
    split->setSizes({11 * line, 14 * line, 6 * line});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_headline);
    layout->addWidget(split, 1);

    connect(m_corpus, &QComboBox::currentIndexChanged, this, &AccuracyView::corpusChosen);
    connect(m_regime, &QComboBox::currentIndexChanged, this, &AccuracyView::regimeChosen);
    connect(m_outside, &QCheckBox::toggled, m_model, &AccuracyTableModel::setOutsideOnly);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AccuracyView::rowChosen);
    connect(m_summary, &QTableWidget::cellClicked, this, [this](int row) {
        // A row of the summary picks its regime below (the first row is every regime).
        m_regime->setCurrentIndex(row);
    });
    retranslateUi();
}

void AccuracyView::setReports(std::array<std::shared_ptr<const core::CorpusReport>, core::kCorpusKindCount> reports)
{
    m_reports = std::move(reports);
    corpusChosen();
}

void AccuracyView::showCorpus(core::CorpusKind kind) { m_corpus->setCurrentIndex(int(kind)); }

core::CorpusKind AccuracyView::corpus() const { return core::CorpusKind(std::max(0, m_corpus->currentIndex())); }

void AccuracyView::corpusChosen()
{
    const auto& report = m_reports[std::size_t(corpus())];
    m_model->setReport(report);
    const QSignalBlocker block(m_regime);
    m_regime->clear();
    m_regime->addItem(tr("Every regime"), -1);
    if (report)
        for (const auto& [regime, summary] : report->byRegime)
            m_regime->addItem(tr("%1 (%n runs)", nullptr, summary.rows).arg(RegimeText::name(regime)), int(regime));
    fillSummary();
    m_table->resizeColumnsToContents();
    // Run ids and source titles can be long: keep the numbers in view, the rest in the tooltip
    // and the detail below.
    const int wide = fontMetrics().averageCharWidth() * 48;
    for (int c : {int(AccuracyTableModel::Row), int(AccuracyTableModel::Source)})
        m_table->setColumnWidth(c, std::min(m_table->columnWidth(c), wide));
    m_detail->clear();
    if (m_proxy->rowCount() > 0) // one run's quote and source in view from the start
        m_table->setCurrentIndex(m_proxy->index(0, 0));
}

void AccuracyView::regimeChosen()
{
    m_model->setRegime(m_regime->currentData().toInt());
    m_summary->selectRow(m_regime->currentIndex());
}

void AccuracyView::fillSummary()
{
    const auto& report = m_reports[std::size_t(corpus())];
    m_summary->setRowCount(0);
    if (!report || !report->corpus) {
        m_headline->setText(tr("No public measurements of this kind are in this build."));
        return;
    }
    const core::ErrorSummary& all = report->all;
    const QString tolerance = DisplayFormat::percent(report->corpus->defaultTolerance, 0);
    //: %1 = runs judged, %2 = independent sources, %3 = runs within the tolerance, %4 = the tolerance
    //: ("15 %"), %5 = median |error|, %6 and %7 = the 10th and 90th percentile of the error
    QString text = tr("%1 public measurements from %2 independent sources, each predicted with the constants fitted without "
                      "its own source: %3 within ±%4, median error %5; eight in ten between %6 and %7 (error = ShardScope / "
                      "measured − 1).")
                       .arg(all.rows)
                       .arg(report->sources)
                       .arg(all.within)
                       .arg(tolerance, DisplayFormat::percent(all.medianAbs), RegimeText::signedPercent(all.low), RegimeText::signedPercent(all.high));
    if (report->unjudged > 0)
        text += QLatin1Char(' ') + tr("Not judged: %n (ShardScope cannot express their settings yet; each says why).", nullptr, report->unjudged);
    m_headline->setText(text);
    auto add = [this](const QString& name, const core::ErrorSummary& s) {
        const int r = m_summary->rowCount();
        m_summary->insertRow(r);
        const QString cells[] = {name,
                                 QString::number(s.rows),
                                 tr("%1 (%2)").arg(s.within).arg(DisplayFormat::percent(s.rows > 0 ? double(s.within) / s.rows : 0, 0)),
                                 DisplayFormat::percent(s.medianAbs),
                                 RegimeText::signedPercent(s.low),
                                 RegimeText::signedPercent(s.high)};
        for (int c = 0; c < 6; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_summary->setItem(r, c, item);
        }
    };
    add(tr("every regime"), all);
    for (const auto& [regime, summary] : report->byRegime)
        add(RegimeText::name(regime), summary);
    m_summary->setHorizontalHeaderLabels({tr("Regime"), tr("Runs"), tr("Within ±%1").arg(tolerance), tr("Median |error|"),
                                          //: 10th percentile of the error
                                          tr("P10"),
                                          //: 90th percentile of the error
                                          tr("P90")});
}

void AccuracyView::rowChosen()
{
    const QModelIndex current = m_proxy->mapToSource(m_table->currentIndex());
    const int i = m_model->corpusRow(current.row());
    const auto& report = m_reports[std::size_t(corpus())];
    if (i < 0 || !report) {
        m_detail->clear();
        return;
    }
    const core::Corpus& c = *report->corpus;
    const core::CorpusRow& row = c.rows[std::size_t(i)];
    const core::RowResult& r = report->results[std::size_t(i)];
    QString html = QStringLiteral("<p><b>%1</b></p>").arg(QString::fromStdString(row.id).toHtmlEscaped());
    if (row.source >= 0) {
        const core::CorpusSource& src = c.sources[std::size_t(row.source)];
        html += QStringLiteral("<p>%1<br><tt>%2</tt> %3</p>")
                    .arg(QString::fromStdString(src.title).toHtmlEscaped(), QString::fromStdString(src.where).toHtmlEscaped(),
                         QString::fromStdString(row.locator).toHtmlEscaped());
    }
    if (!row.quote.empty())
        html += QStringLiteral("<blockquote>“%1”</blockquote>").arg(QString::fromStdString(row.quote).toHtmlEscaped());
    if (!r.usable)
        html += QStringLiteral("<p>%1</p>").arg(tr("Not judged: %1").arg(QString::fromStdString(r.why)).toHtmlEscaped());
    if (!row.assumed.empty()) {
        html += QStringLiteral("<p>%1</p><ul>").arg(tr("Not stated by the source, assumed:").toHtmlEscaped());
        for (const std::string& a : row.assumed)
            html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(a).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    m_detail->setHtml(html);
}

void AccuracyView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void AccuracyView::retranslateUi()
{
    m_corpus->setItemText(int(core::CorpusKind::StepTime), tr("Step time"));
    m_corpus->setItemText(int(core::CorpusKind::Memory), tr("Memory"));
    m_corpus->setItemText(int(core::CorpusKind::Serving), tr("Serving speed"));
    m_outside->setText(tr("Only runs outside the tolerance"));
    m_model->retranslate();
    const int regime = m_regime->currentIndex();
    corpusChosen();
    m_regime->setCurrentIndex(std::max(0, regime));
}
