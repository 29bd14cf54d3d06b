#include "widgets/workingmodel.h"

#include <QFont>
#include <utility>

#include "widgets/workingtext.h"

namespace {

bool isCommunication(core::Term t)
{
    return t == core::Term::CommDataParallel || t == core::Term::CommTensorParallel || t == core::Term::CommPipelineParallel
        || t == core::Term::CommContextParallel;
}

bool isModelSetup(core::Term t)
{
    // Parameter counts and the job's layout come first in the core's term order.
    return int(t) < int(core::Term::ResidentParameters);
}

bool sameStructure(const std::vector<core::WorkingLine>& a, const std::vector<core::WorkingLine>& b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].term != b[i].term || a[i].group != b[i].group || a[i].detail != b[i].detail)
            return false;
    return true;
}

} // namespace

WorkingModel::WorkingModel(QObject* parent)
    : QAbstractItemModel(parent)
{
}

void WorkingModel::setWorking(const core::Working& working, const QStringList& groupLabels)
{
    if (sameStructure(m_lines, working.lines()) && groupLabels == m_groupLabels) {
        // Same rows: only numbers moved. Signal single cells, and only those that changed: a
        // range would make the view repaint (and re-shape the text of) every visible row.
        const std::vector<core::WorkingLine> old = std::exchange(m_lines, working.lines());
        for (int node = 0; node < m_nodes.size(); ++node) {
            const int line = m_nodes[node].line;
            if (line < 0)
                continue;
            const core::WorkingLine& before = old[std::size_t(line)];
            const core::WorkingLine& after = m_lines[std::size_t(line)];
            // A formula's branch (ZeRO sharded or not) may change with the same rows.
            bool substitutionsChanged = after.substitutions.size() != before.substitutions.size();
            for (std::size_t i = 0; !substitutionsChanged && i < after.substitutions.size(); ++i)
                substitutionsChanged = after.substitutions[i].value != before.substitutions[i].value
                    || after.substitutions[i].symbol != before.substitutions[i].symbol;
            if (after.formula != before.formula) {
                const QModelIndex formula = indexOfNode(node, FormulaColumn);
                emit dataChanged(formula, formula);
            }
            if (after.value != before.value) {
                const QModelIndex value = indexOfNode(node, ValueColumn);
                emit dataChanged(value, value);
            }
            if (substitutionsChanged) {
                const QModelIndex values = indexOfNode(node, SubstitutionColumn);
                emit dataChanged(values, values);
            }
        }
        return;
    }
    beginResetModel();
    m_lines = working.lines();
    m_groupLabels = groupLabels;
    rebuild();
    endResetModel();
}

int WorkingModel::addNode(int parent, int line, int group, int section)
{
    Node n;
    n.parent = parent;
    n.line = line;
    n.group = group;
    n.section = section;
    const int id = int(m_nodes.size());
    if (parent < 0) {
        n.row = int(m_topLevel.size());
        m_topLevel.push_back(id);
    } else {
        n.row = int(m_nodes[parent].children.size());
        m_nodes[parent].children.push_back(id);
    }
    m_nodes.push_back(n);
    return id;
}

void WorkingModel::rebuild()
{
    m_nodes.clear();
    m_topLevel.clear();
    const int model = addNode(-1, -1, -1, ModelSection);
    QVector<int> groups;
    for (int g = 0; g < m_groupLabels.size(); ++g)
        groups.push_back(addNode(-1, -1, g, GroupSection));
    const int compute = addNode(-1, -1, -1, ComputeSection);
    const int communication = addNode(-1, -1, -1, CommunicationSection);

    // A layer's saved tensors are listed before their total: hold them until it comes.
    QVector<int> pendingTensors;
    for (int i = 0; i < int(m_lines.size()); ++i) {
        const core::WorkingLine& line = m_lines[std::size_t(i)];
        if (line.term == core::Term::SavedTensor) {
            pendingTensors.push_back(i);
            continue;
        }
        int parent = compute;
        if (line.group >= 0 && line.group < groups.size())
            parent = groups[line.group];
        else if (isCommunication(line.term))
            parent = communication;
        else if (isModelSetup(line.term))
            parent = model;
        const int node = addNode(parent, i, line.group, m_nodes[parent].section);
        if (line.term == core::Term::LayerActivationsPerMicroBatch) {
            for (int t : std::as_const(pendingTensors))
                addNode(node, t, m_lines[std::size_t(t)].group, m_nodes[parent].section);
            pendingTensors.clear();
        }
    }
    for (int t : std::as_const(pendingTensors)) {
        const int g = m_lines[std::size_t(t)].group;
        addNode(g >= 0 && g < groups.size() ? groups[g] : compute, t, g, GroupSection);
    }
    // Empty sections (no communication lines in an old core, say) are dropped.
    QVector<int> kept;
    for (int top : std::as_const(m_topLevel))
        if (!m_nodes[top].children.isEmpty())
            kept.push_back(top);
    for (int i = 0; i < kept.size(); ++i)
        m_nodes[kept[i]].row = i;
    m_topLevel = kept;
}

QString WorkingModel::sectionTitle(const Node& node) const
{
    switch (Section(node.section)) {
    case ModelSection: return tr("Model and layout");
    case GroupSection:
        //: working panel section; %1 = rank group label such as "PP stage 0 · ranks 0–15"
        return tr("Memory per GPU: %1").arg(m_groupLabels.value(node.group));
    case ComputeSection: return tr("Compute, time and cost");
    case CommunicationSection: return tr("Communication per step");
    }
    return {};
}

bool WorkingModel::isHighlighted(const core::WorkingLine& line) const
{
    const bool groupMatches = m_highlightGroup < 0 || line.group < 0 || line.group == m_highlightGroup;
    if (!groupMatches)
        return false;
    if (m_highlightComponent != core::Component::Count && core::termInfo(line.term).component == m_highlightComponent
        && line.group == m_highlightGroup)
        return true;
    return m_highlightTerms.contains(line.term);
}

void WorkingModel::setHighlight(const QVector<core::Term>& terms, int group, core::Component component)
{
    m_highlightTerms = terms;
    m_highlightGroup = group;
    m_highlightComponent = component;
    if (m_nodes.isEmpty())
        return;
    for (int top : std::as_const(m_topLevel)) {
        const Node& n = m_nodes[top];
        emit dataChanged(indexOfNode(n.children.front(), 0), indexOfNode(n.children.back(), ColumnCount - 1));
        for (int child : n.children)
            if (!m_nodes[child].children.isEmpty())
                emit dataChanged(indexOfNode(m_nodes[child].children.front(), 0), indexOfNode(m_nodes[child].children.back(), ColumnCount - 1));
    }
}

void WorkingModel::setHighlightColor(const QColor& color)
{
    m_highlightColor = color;
}

QModelIndex WorkingModel::firstHighlighted() const
{
    for (int i = 0; i < m_nodes.size(); ++i) {
        const Node& n = m_nodes[i];
        if (n.line >= 0 && isHighlighted(m_lines[std::size_t(n.line)]))
            return indexOfNode(i, 0);
    }
    return {};
}

QModelIndex WorkingModel::indexOfNode(int node, int column) const
{
    return createIndex(m_nodes[node].row, column, quintptr(node));
}

QModelIndex WorkingModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= ColumnCount)
        return {};
    if (!parent.isValid())
        return row < m_topLevel.size() ? indexOfNode(m_topLevel[row], column) : QModelIndex();
    if (parent.model() != this)
        return {};
    const Node& p = m_nodes[int(parent.internalId())];
    return row < p.children.size() ? indexOfNode(p.children[row], column) : QModelIndex();
}

QModelIndex WorkingModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const int parent = m_nodes[int(child.internalId())].parent;
    return parent < 0 ? QModelIndex() : indexOfNode(parent, 0);
}

int WorkingModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid())
        return int(m_topLevel.size());
    if (parent.column() != 0)
        return 0;
    return int(m_nodes[int(parent.internalId())].children.size());
}

int WorkingModel::columnCount(const QModelIndex&) const
{
    return ColumnCount;
}

Qt::ItemFlags WorkingModel::flags(const QModelIndex& index) const
{
    return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags;
}

QVariant WorkingModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.model() != this)
        return {};
    const Node& n = m_nodes[int(index.internalId())];
    if (n.line < 0) { // a section
        if (role == Qt::DisplayRole && index.column() == QuantityColumn)
            return sectionTitle(n);
        if (role == Qt::FontRole) {
            QFont f;
            f.setBold(true);
            return f;
        }
        if (role == TermRole)
            return -1;
        if (role == GroupRole)
            return n.group;
        return {};
    }
    const core::WorkingLine& line = m_lines[std::size_t(n.line)];
    switch (role) {
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case QuantityColumn: return WorkingText::quantity(line);
        case ValueColumn: return WorkingText::value(line);
        case FormulaColumn: return WorkingText::formula(line);
        case SubstitutionColumn: return WorkingText::substitutions(line);
        case SourceColumn: return WorkingText::source(line.term);
        case ColumnCount: break;
        }
        return {};
    case Qt::ToolTipRole:
    case RenderedRole: return QString::fromStdString(core::render(line));
    case Qt::TextAlignmentRole:
        return index.column() == ValueColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::BackgroundRole:
        return isHighlighted(line) && m_highlightColor.isValid() ? QVariant(m_highlightColor) : QVariant();
    case Qt::FontRole:
        if (isHighlighted(line)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case TermRole: return int(line.term);
    case GroupRole: return line.group;
    case HighlightRole: return isHighlighted(line);
    case ExplanationRole: return WorkingText::explanation(line.term);
    default: return {};
    }
}

QVariant WorkingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case QuantityColumn: return tr("Quantity");
    case ValueColumn: return tr("Value");
    case FormulaColumn: return tr("Formula");
    case SubstitutionColumn: return tr("Values substituted");
    case SourceColumn: return tr("Source");
    case ColumnCount: break;
    }
    return {};
}

void WorkingModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (!m_nodes.isEmpty()) {
        beginResetModel();
        endResetModel();
    }
}
