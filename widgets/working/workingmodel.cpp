#include "widgets/working/workingmodel.h"

#include <QFont>
#include <utility>

#include "widgets/working/workingtext.h"

namespace {

bool isCommunication(core::Term t)
{
    return core::termSection(t) == core::TermSection::Communication;
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
    std::vector<core::WorkingLine> lines = working.lines();
    if (m_topLevel.isEmpty()) {
        // The first working: nothing to keep.
        beginResetModel();
        m_lines = std::move(lines);
        m_groupLabels = groupLabels;
        m_nodes.clear();
        m_freeNodes.clear();
        const std::vector<Shape> shapes = shapeOf(m_lines, int(m_groupLabels.size()));
        for (std::size_t i = 0; i < shapes.size(); ++i)
            m_topLevel.push_back(allocate(-1, int(i), shapes[i]));
        endResetModel();
        return;
    }
    const QStringList oldLabels = m_groupLabels;
    m_kept.clear();
    if (sameStructure(m_lines, lines) && groupLabels.size() == m_groupLabels.size()) {
        // Same rows (a slider moved the numbers): line i stays line i.
        for (int node = 0; node < int(m_nodes.size()); ++node)
            if (m_nodes[node].parent != kFree)
                m_kept.push_back(Kept{node, m_nodes[node].line, m_nodes[node].line});
        const std::vector<core::WorkingLine> oldLines = std::exchange(m_lines, std::move(lines));
        m_groupLabels = groupLabels;
        for (const Kept& k : std::as_const(m_kept))
            signalChanges(k, oldLines, oldLabels);
        return;
    }
    // Rows are matched by what they show (a term of a group, a section): what no longer is goes,
    // what is new comes, in place. Removals first, against the old lines; then the kept rows
    // point into the new lines; then insertions.
    const std::vector<Shape> shapes = shapeOf(lines, int(groupLabels.size()));
    m_keptPrefix.clear();
    removeRows(-1, shapes, lines);
    const std::vector<core::WorkingLine> oldLines = std::exchange(m_lines, std::move(lines));
    m_groupLabels = groupLabels;
    for (const Kept& k : std::as_const(m_kept))
        m_nodes[k.node].line = k.newLine;
    insertRows(-1, shapes);
    for (const Kept& k : std::as_const(m_kept))
        signalChanges(k, oldLines, oldLabels);
    m_kept.clear();
}

void WorkingModel::signalChanges(const Kept& kept, const std::vector<core::WorkingLine>& oldLines, const QStringList& oldLabels)
{
    const Node& n = m_nodes[kept.node];
    if (n.line < 0) {
        if (n.section == GroupSection && oldLabels.value(n.group) != m_groupLabels.value(n.group)) {
            const QModelIndex title = indexOfNode(kept.node, QuantityColumn);
            emit dataChanged(title, title);
        }
        return;
    }
    const core::WorkingLine& before = oldLines[std::size_t(kept.oldLine)];
    const core::WorkingLine& after = m_lines[std::size_t(n.line)];
    // A formula's branch (ZeRO sharded or not) may change with the same rows.
    bool substitutionsChanged = after.substitutions.size() != before.substitutions.size();
    for (std::size_t i = 0; !substitutionsChanged && i < after.substitutions.size(); ++i)
        substitutionsChanged = after.substitutions[i].value != before.substitutions[i].value
            || after.substitutions[i].symbol != before.substitutions[i].symbol;
    for (const auto& [changed, column] : {std::pair{after.formula != before.formula, FormulaColumn},
                                          std::pair{after.value != before.value, ValueColumn},
                                          std::pair{substitutionsChanged, SubstitutionColumn}})
        if (changed) {
            const QModelIndex cell = indexOfNode(kept.node, column);
            emit dataChanged(cell, cell);
        }
}

std::vector<WorkingModel::Shape> WorkingModel::shapeOf(const std::vector<core::WorkingLine>& lines, int groups)
{
    std::vector<Shape> top;
    top.push_back(Shape{-1, -1, ModelSection, {}});
    for (int g = 0; g < groups; ++g)
        top.push_back(Shape{-1, g, GroupSection, {}});
    top.push_back(Shape{-1, -1, ServingSection, {}});
    top.push_back(Shape{-1, -1, ComputeSection, {}});
    top.push_back(Shape{-1, -1, CommunicationSection, {}});
    const std::size_t serving = std::size_t(groups) + 1;
    const std::size_t compute = serving + 1;
    const std::size_t communication = compute + 1;
    // A layer's saved tensors are listed before their total: hold them until it comes.
    std::vector<int> pendingTensors;
    for (int i = 0; i < int(lines.size()); ++i) {
        const core::WorkingLine& line = lines[std::size_t(i)];
        if (line.term == core::Term::SavedTensor) {
            pendingTensors.push_back(i);
            continue;
        }
        std::size_t parent = compute;
        if (line.group >= 0 && line.group < groups)
            parent = std::size_t(line.group) + 1;
        else if (isCommunication(line.term))
            parent = communication;
        else if (isModelSetup(line.term))
            parent = 0;
        else if (core::termSection(line.term) == core::TermSection::Serving)
            parent = serving;
        Shape shape{i, line.group, top[parent].section, {}};
        if (line.term == core::Term::LayerActivationsPerMicroBatch) {
            for (int t : pendingTensors)
                shape.children.push_back(Shape{t, lines[std::size_t(t)].group, top[parent].section, {}});
            pendingTensors.clear();
        }
        top[parent].children.push_back(std::move(shape));
    }
    for (int t : pendingTensors) {
        const int g = lines[std::size_t(t)].group;
        top[g >= 0 && g < groups ? std::size_t(g) + 1 : compute].children.push_back(Shape{t, g, GroupSection, {}});
    }
    // Empty sections (no communication lines in an old core, say) are dropped.
    top.erase(std::remove_if(top.begin(), top.end(), [](const Shape& s) { return s.children.empty(); }), top.end());
    return top;
}

bool WorkingModel::sameKey(const Node& node, const std::vector<core::WorkingLine>& oldLines, const Shape& shape,
                           const std::vector<core::WorkingLine>& newLines) const
{
    if (node.line < 0 || shape.line < 0)
        return node.line < 0 && shape.line < 0 && node.section == shape.section && node.group == shape.group;
    const core::WorkingLine& a = oldLines[std::size_t(node.line)];
    const core::WorkingLine& b = newLines[std::size_t(shape.line)];
    return a.term == b.term && a.group == b.group && a.detail == b.detail;
}

void WorkingModel::removeRows(int parent, const std::vector<Shape>& shapes, const std::vector<core::WorkingLine>& newLines)
{
    // Rows that match at the start and at the end stay; those between go (and the shapes
    // between come, in insertRows). Lines keep their order, so this finds what a slider changes.
    const QVector<int> kids = childrenOf(parent);
    const int n = int(kids.size());
    const int m = int(shapes.size());
    int prefix = 0;
    while (prefix < n && prefix < m && sameKey(m_nodes[kids[prefix]], m_lines, shapes[std::size_t(prefix)], newLines))
        ++prefix;
    int suffix = 0;
    while (suffix < n - prefix && suffix < m - prefix
           && sameKey(m_nodes[kids[n - 1 - suffix]], m_lines, shapes[std::size_t(m - 1 - suffix)], newLines))
        ++suffix;
    m_keptPrefix[parent] = prefix;
    if (n - prefix - suffix > 0) {
        beginRemoveRows(parent < 0 ? QModelIndex() : indexOfNode(parent, 0), prefix, n - suffix - 1);
        for (int i = prefix; i < n - suffix; ++i)
            release(kids[i]);
        QVector<int>& children = childrenOf(parent);
        children.erase(children.begin() + prefix, children.begin() + (n - suffix));
        renumber(parent);
        endRemoveRows();
    }
    auto keep = [&](int node, const Shape& shape) {
        m_kept.push_back(Kept{node, m_nodes[node].line, shape.line});
        removeRows(node, shape.children, newLines);
    };
    for (int i = 0; i < prefix; ++i)
        keep(kids[i], shapes[std::size_t(i)]);
    for (int j = 0; j < suffix; ++j)
        keep(kids[n - suffix + j], shapes[std::size_t(m - suffix + j)]);
}

void WorkingModel::insertRows(int parent, const std::vector<Shape>& shapes)
{
    const int prefix = m_keptPrefix.value(parent, 0);
    const int add = int(shapes.size()) - int(childrenOf(parent).size());
    if (add > 0) {
        beginInsertRows(parent < 0 ? QModelIndex() : indexOfNode(parent, 0), prefix, prefix + add - 1);
        QVector<int> fresh;
        for (int i = 0; i < add; ++i)
            fresh.push_back(allocate(parent, prefix + i, shapes[std::size_t(prefix + i)]));
        QVector<int>& children = childrenOf(parent); // allocate() may have moved the nodes
        children.insert(prefix, add, -1);
        std::copy(fresh.begin(), fresh.end(), children.begin() + prefix);
        renumber(parent);
        endInsertRows();
    }
    // Kept rows may have rows to gain further down; new ones came complete.
    const int size = int(shapes.size());
    for (int i = 0; i < size; ++i)
        if (i < prefix || i >= prefix + std::max(add, 0))
            insertRows(childrenOf(parent)[i], shapes[std::size_t(i)].children);
}

int WorkingModel::allocate(int parent, int row, const Shape& shape)
{
    int id = 0;
    if (!m_freeNodes.isEmpty()) {
        id = m_freeNodes.takeLast();
    } else {
        id = int(m_nodes.size());
        m_nodes.push_back(Node{});
    }
    m_nodes[id] = Node{parent, row, shape.line, shape.group, shape.section, {}};
    for (std::size_t i = 0; i < shape.children.size(); ++i) {
        const int child = allocate(id, int(i), shape.children[i]);
        m_nodes[id].children.push_back(child);
    }
    return id;
}

void WorkingModel::release(int node)
{
    for (int child : std::as_const(m_nodes[node].children))
        release(child);
    m_nodes[node].children.clear();
    m_nodes[node].parent = kFree;
    m_freeNodes.push_back(node);
}

void WorkingModel::renumber(int parent)
{
    const QVector<int>& children = childrenOf(parent);
    for (int i = 0; i < int(children.size()); ++i)
        m_nodes[children[i]].row = i;
}

QString WorkingModel::sectionTitle(const Node& node) const
{
    switch (Section(node.section)) {
    case ModelSection: return tr("Model and layout");
    case GroupSection:
        //: working panel section; %1 = rank group label such as "PP stage 0 · ranks 0–15"
        return tr("Memory per GPU: %1").arg(m_groupLabels.value(node.group));
    case ServingSection: return tr("Serving: batch, context and speed");
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
        if (n.parent != kFree && n.line >= 0 && isHighlighted(m_lines[std::size_t(n.line)]))
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
        // The whole quantity (the cell may be shortened in the middle), then its working.
        return WorkingText::quantity(line) + QLatin1Char('\n') + QString::fromStdString(core::render(line));
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
