#include "widgets/accuracy/accuracytablemodel.h"

#include <QColor>
#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "widgets/accuracy/regimetext.h"
#include "widgets/displayformat.h"

namespace {

QString figureValue(core::AccuracyFigure f, double v)
{
    switch (core::corpusOf(f)) {
    case core::CorpusKind::Memory: return DisplayFormat::bytes(v, DisplayFormat::memoryUnit());
    case core::CorpusKind::StepTime: return DisplayFormat::duration(v);
    default: break;
    }
    if (f == core::AccuracyFigure::OutputThroughput)
        //: serving throughput; %1 = tokens per second
        return QCoreApplication::translate("AccuracyTableModel", "%1 tok/s").arg(QLocale().toString(v, 'f', 0));
    //: a serving latency in milliseconds; %1 = the number
    return QCoreApplication::translate("AccuracyTableModel", "%1 ms").arg(QLocale().toString(v * 1000, 'f', v < 0.1 ? 1 : 0));
}

} // namespace

AccuracyTableModel::AccuracyTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void AccuracyTableModel::setReport(std::shared_ptr<const core::CorpusReport> report)
{
    beginResetModel();
    m_report = std::move(report);
    m_regime = -1;
    refilterRows();
    endResetModel();
}

void AccuracyTableModel::setRegime(int regime)
{
    if (regime == m_regime)
        return;
    beginResetModel();
    m_regime = regime;
    refilterRows();
    endResetModel();
}

void AccuracyTableModel::setOutsideOnly(bool outsideOnly)
{
    if (outsideOnly == m_outsideOnly)
        return;
    beginResetModel();
    m_outsideOnly = outsideOnly;
    refilterRows();
    endResetModel();
}

bool AccuracyTableModel::outside(std::size_t i) const
{
    const core::RowResult& r = m_report->results[i];
    return r.usable && std::fabs(r.heldOutError()) > core::rowTolerance(*m_report->corpus, m_report->corpus->rows[i]);
}

void AccuracyTableModel::refilterRows()
{
    m_rows.clear();
    if (!m_report || !m_report->corpus)
        return;
    const core::Corpus& c = *m_report->corpus;
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        if (m_regime >= 0 && !core::hasRegime(c.rows[i].regimes, core::Regime(m_regime)))
            continue;
        if (m_outsideOnly && !outside(i))
            continue;
        m_rows.push_back(int(i));
    }
}

int AccuracyTableModel::corpusRow(int row) const { return row >= 0 && row < int(m_rows.size()) ? m_rows[std::size_t(row)] : -1; }

int AccuracyTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int AccuracyTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AccuracyTableModel::data(const QModelIndex& index, int role) const
{
    const int i = corpusRow(index.row());
    if (!index.isValid() || i < 0)
        return {};
    const core::Corpus& c = *m_report->corpus;
    const core::CorpusRow& row = c.rows[std::size_t(i)];
    const core::RowResult& r = m_report->results[std::size_t(i)];
    const QString source = row.source >= 0 ? QString::fromStdString(c.sources[std::size_t(row.source)].title) : QString();
    if (role == CorpusRowRole)
        return i;
    if (role == OutsideRole)
        return outside(std::size_t(i));
    if (role == Qt::ToolTipRole) {
        if (!r.usable)
            return tr("Not judged: %1").arg(QString::fromStdString(r.why));
        //: tooltip of a corpus row; %1 = the text the source printed, %2 = where it was printed
        return tr("“%1”\n%2").arg(QString::fromStdString(row.quote), row.source >= 0 ? QString::fromStdString(c.sources[std::size_t(row.source)].where) : QString());
    }
    if (role == Qt::TextAlignmentRole)
        return index.column() >= Measured && index.column() <= HeldOut ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    if (role == Qt::ForegroundRole && index.column() == HeldOut && outside(std::size_t(i)))
        return QColor(0xc0, 0x39, 0x2b);
    if (role == SortRole) {
        switch (Column(index.column())) {
        case Measured: return r.measured;
        case Predicted: return r.predicted;
        case Error: return r.usable ? std::fabs(r.error()) : 1e300;
        case HeldOut: return r.usable ? std::fabs(r.heldOutError()) : 1e300;
        default: break;
        }
        return data(index, Qt::DisplayRole);
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Row: return QString::fromStdString(row.id);
    case Source: return source;
    case Measured: return r.usable ? figureValue(row.figure, r.measured) : QVariant();
    case Predicted: return r.usable ? figureValue(row.figure, r.predicted) : QVariant();
    case Error: return r.usable ? RegimeText::signedPercent(r.error()) : tr("not judged");
    case HeldOut: return r.usable ? RegimeText::signedPercent(r.heldOutError()) : QVariant();
    case Regimes: {
        QStringList names;
        for (std::size_t k = 0; k < core::kRegimeCount; ++k)
            if (core::hasRegime(row.regimes, core::Regime(k)))
                names << RegimeText::name(core::Regime(k));
        return names.join(QStringLiteral(", "));
    }
    case ColumnCount: break;
    }
    return {};
}

QVariant AccuracyTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Row: return tr("Run");
    case Source: return tr("Source");
    case Measured: return tr("Measured");
    case Predicted: return tr("ShardScope");
    case Error: return tr("Error");
    //: the error of a prediction made with constants fitted without this row's source
    case HeldOut: return tr("Held out");
    case Regimes: return tr("Regimes");
    case ColumnCount: break;
    }
    return {};
}

void AccuracyTableModel::retranslate()
{
    if (!m_rows.empty())
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}
