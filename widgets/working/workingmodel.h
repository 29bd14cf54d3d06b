#pragma once

#include <QAbstractItemModel>
#include <QColor>
#include <QHash>
#include <QStringList>
#include <QVector>
#include <vector>

#include "core/components.h"
#include "core/working.h"

/// The working of one estimate as a tree: sections (model, one per rank group, serving,
/// compute, communication) holding lines; a layer's saved tensors sit under its per-layer total.
/// Columns: quantity, value, formula, substituted values, source.
class WorkingModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { QuantityColumn, ValueColumn, FormulaColumn, SubstitutionColumn, SourceColumn, ColumnCount };
    enum Role {
        TermRole = Qt::UserRole + 1, ///< int(core::Term), −1 for a section
        GroupRole,                   ///< rank group, −1 for the whole job
        HighlightRole,               ///< bool
        ExplanationRole,             ///< plain-words explanation of the term
        RenderedRole,                ///< the whole line as one sentence
    };

    explicit WorkingModel(QObject* parent = nullptr);

    /// Replaces the lines. Rows that stay (the same term in the same place) stay, with
    /// dataChanged for the numbers and titles that changed; lines and sections that come or go
    /// are inserted and removed as rows. The view keeps its expansion, selection and scroll
    /// position: only the first working resets the model.
    void setWorking(const core::Working& working, const QStringList& groupLabels);
    /// Marks lines: those of `terms` (in `group`, or any when −1) and those explaining
    /// `component` in `group`. Empty terms and Component::Count clear the marks.
    void setHighlight(const QVector<core::Term>& terms, int group, core::Component component = core::Component::Count);
    void setHighlightColor(const QColor& color);
    /// The first highlighted line, for scrolling to it.
    QModelIndex firstHighlighted() const;
    int lineCount() const { return int(m_lines.size()); }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    /// Re-reads translated titles (call on QEvent::LanguageChange).
    void retranslate();

private:
    struct Node
    {
        int parent = -1;       ///< node index, −1: top level
        int row = 0;           ///< row within the parent
        int line = -1;         ///< index into m_lines, −1 for a section
        int group = -1;
        int section = 0;       ///< which kind of section (for its title)
        QVector<int> children;
    };
    /// The tree a working should have, before it becomes nodes (see shapeOf).
    struct Shape
    {
        int line = -1;
        int group = -1;
        int section = 0;
        std::vector<Shape> children;
    };
    enum Section { ModelSection, GroupSection, ComputeSection, CommunicationSection, ServingSection };

    static std::vector<Shape> shapeOf(const std::vector<core::WorkingLine>& lines, int groups);
    bool sameKey(const Node& node, const std::vector<core::WorkingLine>& oldLines, const Shape& shape,
                 const std::vector<core::WorkingLine>& newLines) const;
    void removeRows(int parent, const std::vector<Shape>& shapes, const std::vector<core::WorkingLine>& newLines);
    void insertRows(int parent, const std::vector<Shape>& shapes);
    /// A row that stays through setWorking: its line in the old and in the new working.
    struct Kept
    {
        int node = 0;
        int oldLine = -1;
        int newLine = -1;
    };
    static constexpr int kFree = -2; ///< Node::parent of a node in the free list
    void signalChanges(const Kept& kept, const std::vector<core::WorkingLine>& oldLines, const QStringList& oldLabels);
    QVector<int>& childrenOf(int parent) { return parent < 0 ? m_topLevel : m_nodes[parent].children; }
    int allocate(int parent, int row, const Shape& shape);
    void release(int node);
    void renumber(int parent);
    QString sectionTitle(const Node& node) const;
    bool isHighlighted(const core::WorkingLine& line) const;
    QModelIndex indexOfNode(int node, int column) const;

    std::vector<core::WorkingLine> m_lines;
    QStringList m_groupLabels;
    QVector<Node> m_nodes;     ///< a pool: a node keeps its index (the model index's id) while it lives
    QVector<int> m_freeNodes;
    QVector<int> m_topLevel;
    QHash<int, int> m_keptPrefix; ///< during setWorking: matched rows at the start, per parent
    QVector<Kept> m_kept;         ///< during setWorking: the rows that stay
    QVector<core::Term> m_highlightTerms;
    int m_highlightGroup = -1;
    core::Component m_highlightComponent = core::Component::Count;
    QColor m_highlightColor;
};
