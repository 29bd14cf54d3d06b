#include "app/step/calibrationdialog.h"

#include <QDate>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPainter>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "app/scenariocontroller.h"
#include "core/calibration/memorylog.h"
#include "core/io/jsonlimits.h"
#include "widgets/issuetext.h"
#include "widgets/charts/memorychart.h"
#include "widgets/step/calibrationtext.h"

namespace {
enum Column { Quantity, Rank, Source, Measured, Predicted, ResidualPercent, Bars, ColumnCount };

/// Measured (grey, above) beside predicted (the highlight colour, below), to one scale.
QPixmap barsPixmap(double measured, double predicted, const QPalette& palette)
{
    const int w = 120, h = 18;
    QPixmap pixmap(w, h);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    const double top = std::max({measured, predicted, 1.0});
    p.fillRect(QRectF(0, 2, w * measured / top, 6), palette.color(QPalette::Mid));
    p.fillRect(QRectF(0, 10, w * predicted / top, 6), palette.color(QPalette::Highlight));
    return pixmap;
}
} // namespace

CalibrationDialog::CalibrationDialog(QWidget* parent)
    : QDialog(parent)
    , m_text(new QPlainTextEdit(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_intro(new QLabel(this))
    , m_issues(new QLabel(this))
    , m_open(new QPushButton(this))
    , m_keep(new QPushButton(this))
    , m_clear(new QPushButton(this))
    , m_label(new QLineEdit(this))
    , m_labelCaption(new QLabel(this))
    , m_stored(new QLabel(this))
{
    setObjectName(QStringLiteral("CalibrationDialog"));
    m_intro->setWordWrap(true);
    m_issues->setWordWrap(true);
    m_issues->setTextFormat(Qt::PlainText);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(Quantity, QHeaderView::Stretch);
    for (int c = Rank; c < ColumnCount; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Close changes nothing; Keep stores the log's numbers in the scenario (one undo step).
    buttons->addButton(m_keep, QDialogButtonBox::ActionRole);
    buttons->addButton(m_clear, QDialogButtonBox::ResetRole);
    m_keep->setEnabled(false);
    m_clear->setEnabled(false);
    connect(m_keep, &QPushButton::clicked, this, &CalibrationDialog::keepMeasurements);
    connect(m_clear, &QPushButton::clicked, this, [this] {
        if (m_controller)
            m_controller->clearMeasurements();
    });
    m_stored->setWordWrap(true);
    m_stored->setTextFormat(Qt::PlainText);
    m_labelCaption->setBuddy(m_label);
    auto* keepRow = new QHBoxLayout;
    keepRow->addWidget(m_labelCaption);
    keepRow->addWidget(m_label, 1);
    keepRow->addWidget(m_stored, 2);
    auto* top = new QHBoxLayout;
    top->addWidget(m_intro, 1);
    top->addWidget(m_open);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_table, 4);
    layout->addWidget(m_issues);
    layout->addLayout(keepRow);
    layout->addWidget(buttons);
    connect(m_text, &QPlainTextEdit::textChanged, this, &CalibrationDialog::recompute);
    connect(m_open, &QPushButton::clicked, this, &CalibrationDialog::openFile);
    resize(980, 640);
    retranslateUi();
    recompute();
}

void CalibrationDialog::setEstimate(const core::Estimate& estimate)
{
    m_estimate = estimate;
    m_residuals = core::residuals(m_estimate, m_log, gpusPerNode());
    fill();
}

int CalibrationDialog::gpusPerNode() const
{
    return m_controller ? m_controller->scenario().parallel.gpusPerNode : 0;
}

void CalibrationDialog::setController(ScenarioController* controller)
{
    m_controller = controller;
    // An undo of Keep, a file opened, Clear: what the scenario keeps is shown as it changes.
    connect(controller, &ScenarioController::scenarioChanged, this, [this] {
        if (m_text->toPlainText().isEmpty())
            recompute();
        else
            showStored();
    });
    recompute();
}

core::MeasuredRun CalibrationDialog::measuredRun() const
{
    core::MeasuredRun run;
    if (m_text->toPlainText().isEmpty())
        return run;
    run.entries = core::latestMeasurements(m_log.measurements);
    run.label = m_label->text().trimmed().toStdString();
    run.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    run.origin = m_origin.toStdString();
    return run;
}

bool CalibrationDialog::keepMeasurements()
{
    const core::MeasuredRun run = measuredRun();
    if (!m_controller || run.entries.empty())
        return false;
    if (run.entries.size() > core::limits::kMaxMeasurements) {
        //: %1 = counters in the log, %2 = the most a scenario keeps
        m_issues->setText(tr("%1 counters is more than the %2 a scenario keeps: nothing was kept.").arg(run.entries.size()).arg(core::limits::kMaxMeasurements));
        return false;
    }
    m_controller->setMeasurements(run);
    accept();
    return true;
}

void CalibrationDialog::showStored()
{
    const bool stored = m_controller && !m_controller->scenario().measured.entries.empty();
    m_clear->setEnabled(stored);
    m_keep->setEnabled(m_controller && !m_text->toPlainText().isEmpty() && !m_log.measurements.empty());
    if (!stored) {
        m_stored->setText(tr("The scenario keeps no measurements."));
        return;
    }
    const core::MeasuredRun& run = m_controller->scenario().measured;
    QStringList what;
    for (const std::string* part : {&run.label, &run.date, &run.origin})
        if (!part->empty())
            what << QString::fromStdString(*part);
    //: %n = measurements kept in the scenario, %1 = their label, date and file
    m_stored->setText(what.isEmpty() ? tr("The scenario keeps %n measurement(s), drawn beside the bars.", nullptr, int(run.entries.size()))
                                     : tr("The scenario keeps %n measurement(s) (%1), drawn beside the bars.", nullptr, int(run.entries.size()))
                                           .arg(what.join(QStringLiteral(", "))));
}

void CalibrationDialog::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    fill();
}

void CalibrationDialog::setLogText(const QString& text) { m_text->setPlainText(text); }

void CalibrationDialog::openFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a Log"), QString(), tr("Logs (*.log *.txt *.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    openLog(path);
}

bool CalibrationDialog::openLog(const QString& path)
{
    // The core's reader and the log limits (core/io/jsonlimits.h): a FIFO, a device or a file
    // beyond 16 MiB is refused unread, and the text shown stays.
    std::string text;
    std::vector<core::Issue> issues;
    if (!core::readInputFile(QFile::encodeName(path).toStdString(), core::limits::kLog.maxBytes, text, issues)) {
        //: %1 = file, %2 = the reason
        m_issues->setText(tr("Cannot read %1: %2").arg(path, IssueText::reason(issues.front())));
        return false;
    }
    m_text->setPlainText(QString::fromUtf8(text.data(), qsizetype(text.size())));
    m_origin = QFileInfo(path).fileName();
    return true;
}

void CalibrationDialog::recompute()
{
    const QString text = m_text->toPlainText();
    if (text.isEmpty())
        m_origin.clear();
    if (text.isEmpty() && m_controller && !m_controller->scenario().measured.entries.empty()) {
        // Nothing pasted: the table shows what the scenario keeps.
        m_log = core::ParsedLog{};
        m_log.measurements = m_controller->scenario().measured.entries;
    } else {
        m_log = core::parseMemoryLog(text.toStdString());
    }
    m_residuals = core::residuals(m_estimate, m_log, gpusPerNode());
    fill();
    showStored();
}

QString CalibrationDialog::issuesText() const { return m_issues->text(); }

void CalibrationDialog::fill()
{
    const QLocale locale;
    m_table->setRowCount(int(m_residuals.size()));
    for (int row = 0; row < int(m_residuals.size()); ++row) {
        const core::Residual& r = m_residuals[std::size_t(row)];
        const bool count = core::isCount(r.quantity);
        auto value = [&](double v) { return count ? locale.toString(v, 'f', 0) : DisplayFormat::bytes(v, m_unit); };
        auto set = [&](int column, const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(align);
            m_table->setItem(row, column, item);
        };
        set(Quantity, CalibrationText::quantityName(r.quantity), Qt::AlignLeft | Qt::AlignVCenter);
        set(Rank, r.rank >= 0 ? QString::number(r.rank) : tr("any"));
        set(Source, tr("%1, line %2").arg(CalibrationText::formatName(r.format)).arg(r.line), Qt::AlignLeft | Qt::AlignVCenter);
        set(Measured, value(r.measured));
        if (r.status == core::ResidualStatus::Compared) {
            QString group = r.group >= 0 && r.group < int(m_estimate.groups.size()) ? MemoryChart::rankGroupLabel(m_estimate, r.group) : QString();
            set(Predicted, group.isEmpty() ? value(r.predicted) : tr("%1 (%2)").arg(value(r.predicted), group));
            set(ResidualPercent, tr("%1%2 %").arg(r.percent >= 0 ? QStringLiteral("+") : QString(), locale.toString(r.percent, 'f', 1)));
            auto* bars = new QTableWidgetItem;
            bars->setData(Qt::DecorationRole, barsPixmap(r.measured, r.predicted, palette()));
            bars->setToolTip(tr("Measured (grey) and predicted (blue), to one scale"));
            m_table->setItem(row, Bars, bars);
        } else {
            set(Predicted, CalibrationText::statusText(r.status), Qt::AlignLeft | Qt::AlignVCenter);
            set(ResidualPercent, QStringLiteral("—"));
            m_table->setItem(row, Bars, new QTableWidgetItem);
        }
    }
    QStringList lines;
    for (const core::LogIssue& i : m_log.issues)
        lines << CalibrationText::issueMessage(i);
    const int skipped = m_log.lines - m_log.recognisedLines;
    if (!m_log.measurements.empty() && skipped > 0)
        lines << tr("Lines in no known format, skipped: %1.").arg(skipped);
    if (!m_estimate.valid && !m_residuals.empty())
        lines << tr("The scenario has no valid estimate to compare with.");
    m_issues->setText(lines.join(QLatin1Char('\n')));
}

void CalibrationDialog::retranslateUi()
{
    setWindowTitle(tr("Compare with a Measured Run"));
    m_intro->setText(tr("Paste what a real run printed: Megatron's “memory (MB) | allocated: …” line, torch.cuda.memory_summary(), "
                        "max_memory_allocated / max_memory_reserved, nvidia-smi --query-gpu=index,memory.used --format=csv, "
                        "vLLM's or llama.cpp's start-up lines. Each number is set beside the prediction of the same counter; "
                        "the residual is (predicted − measured) / measured."));
    m_open->setText(tr("Open Log…"));
    m_keep->setText(tr("&Keep with the Scenario"));
    m_keep->setToolTip(tr("Store these measurements in the scenario (saved with its file) and draw them beside the bars; Undo takes them back"));
    m_clear->setText(tr("C&lear Measurements"));
    m_clear->setToolTip(tr("Remove the measurements the scenario keeps (Undo brings them back)"));
    m_labelCaption->setText(tr("&Label:"));
    m_label->setPlaceholderText(tr("which run: cluster, framework version, …"));
    showStored();
    m_text->setPlaceholderText(tr("[Rank 0] (after 2 iterations) memory (MB) | allocated: … | max allocated: … | reserved: … | max reserved: …"));
    m_table->setHorizontalHeaderLabels({tr("Quantity"), tr("Rank"), tr("Source"), tr("Measured"), tr("Predicted"), tr("Residual"), tr("Side by side")});
    fill();
}

void CalibrationDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}
