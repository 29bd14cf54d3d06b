#include "widgets/working/workingpanel.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeView>
#include <QStyle>
#include <QVBoxLayout>
#include <functional>

#include "widgets/charts/componentpalette.h"
#include "widgets/working/workingdelegate.h"
#include "widgets/working/workingmodel.h"

WorkingPanel::WorkingPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new WorkingModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_stale(new QLabel(this))
    , m_view(new QTreeView(this))
    , m_details(new QTextBrowser(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &WorkingPanel::setFilter);

    m_stale->setWordWrap(true);
    m_stale->setVisible(false);

    // The filter proxy sits between model and view only while a search is typed: it turns every
    // changed number into extra signals for the rows above it, and a drag changes most numbers.
    setViewModel(m_model);
    m_view->setItemDelegate(new WorkingDelegate(m_view));
    m_view->setUniformRowHeights(true); // cheap layout: every row is one line of text
    m_view->setAlternatingRowColors(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAllColumnsShowFocus(true);
    m_view->setTextElideMode(Qt::ElideMiddle); // "Model-state … per GPU": both ends say what it is
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->setColumnWidth(WorkingModel::QuantityColumn, 230);
    m_view->setColumnWidth(WorkingModel::ValueColumn, 125);
    m_view->setColumnWidth(WorkingModel::FormulaColumn, 220);
    m_view->setColumnWidth(WorkingModel::SubstitutionColumn, 260);
    m_view->setColumnHidden(WorkingModel::SubstitutionColumn, true);
    m_view->setColumnHidden(WorkingModel::SourceColumn, true);
    // Right-click the header to show or hide columns.
    m_view->header()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view->header(), &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        QMenu menu(this);
        for (int c = 1; c < WorkingModel::ColumnCount; ++c) {
            QAction* a = menu.addAction(m_model->headerData(c, Qt::Horizontal).toString());
            a->setCheckable(true);
            a->setChecked(!m_view->isColumnHidden(c));
            connect(a, &QAction::toggled, m_view, [this, c](bool on) { m_view->setColumnHidden(c, !on); });
        }
        menu.exec(m_view->header()->mapToGlobal(pos));
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        spanSections();
        m_view->expandToDepth(0);
        revealHighlight(); // the marked lines are new rows now
        fitColumns();
    });
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &WorkingPanel::spanSections);
    // A section that comes with a new working (a rank group, say) opens like the others did.
    for (QAbstractItemModel* model : {static_cast<QAbstractItemModel*>(m_model), static_cast<QAbstractItemModel*>(m_proxy)})
        connect(model, &QAbstractItemModel::rowsInserted, this, [this, model](const QModelIndex& parent, int first, int last) {
            if (parent.isValid() || m_view->model() != model)
                return;
            for (int row = first; row <= last; ++row) {
                m_view->setFirstColumnSpanned(row, QModelIndex(), true);
                m_view->expand(model->index(row, 0));
            }
        });
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& changed) {
        // Only the line on show needs its words redone.
        const QModelIndex current = toSource(m_view->currentIndex());
        if (current.isValid() && current.internalId() == changed.internalId())
            showDetails();
    });

    m_details->setOpenLinks(false);
    m_details->setFrameShape(QFrame::StyledPanel);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_stale);
    layout->addWidget(splitter, 1);
    retranslateUi();
    updateColors();
}

void WorkingPanel::setViewModel(QAbstractItemModel* model)
{
    if (m_view->model() == model)
        return;
    m_view->setModel(model);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &WorkingPanel::showDetails);
    spanSections();
}

void WorkingPanel::setFilter(const QString& text)
{
    m_proxy->setFilterFixedString(text);
    setViewModel(text.isEmpty() ? static_cast<QAbstractItemModel*>(m_model) : m_proxy);
    if (text.isEmpty()) {
        m_view->expandToDepth(0);
        revealHighlight();
    } else {
        m_view->expandAll();
    }
}

QModelIndex WorkingPanel::toSource(const QModelIndex& index) const
{
    return index.model() == m_proxy ? m_proxy->mapToSource(index) : index;
}

QModelIndex WorkingPanel::fromSource(const QModelIndex& index) const
{
    return m_view->model() == m_proxy ? m_proxy->mapFromSource(index) : index;
}

void WorkingPanel::setWorking(const core::Working& working, const QStringList& groupLabels)
{
    m_model->setWorking(working, groupLabels);
    m_stale->setVisible(false);
}

void WorkingPanel::setStaleMessage(const QString& message)
{
    m_stale->setText(message);
    m_stale->setVisible(!message.isEmpty());
}

void WorkingPanel::highlightComponent(int group, core::Component component)
{
    m_model->setHighlight({}, group, component);
    revealHighlight();
}

void WorkingPanel::highlightTerms(const QVector<core::Term>& terms, int group)
{
    m_model->setHighlight(terms, group);
    revealHighlight();
}

void WorkingPanel::revealHighlight()
{
    const QModelIndex first = fromSource(m_model->firstHighlighted());
    if (!first.isValid())
        return;
    for (QModelIndex p = first.parent(); p.isValid(); p = p.parent())
        m_view->expand(p);
    m_view->setCurrentIndex(first);
    m_view->scrollTo(first, QAbstractItemView::PositionAtCenter);
}

void WorkingPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

int WorkingPanel::contentWidth(int column) const
{
    // The widest text of the column over the whole tree (collapsed rows too, so opening a group
    // does not make the columns jump), indented as the view indents it.
    const QFontMetrics metrics(m_view->font());
    QFont bold = m_view->font();
    bold.setBold(true);
    const QFontMetrics boldMetrics(bold);
    int widest = 0;
    std::function<void(const QModelIndex&, int)> visit = [&](const QModelIndex& parent, int depth) {
        for (int row = 0; row < m_model->rowCount(parent); ++row) {
            const QModelIndex index = m_model->index(row, column, parent);
            const QString text = index.data().toString();
            if (!text.isEmpty() && m_model->rowCount(m_model->index(row, 0, parent)) == 0) // section titles span the row
                widest = std::max(widest, std::max(metrics.horizontalAdvance(text), boldMetrics.horizontalAdvance(text))
                                             + (column == 0 ? depth * m_view->indentation() : 0));
            visit(m_model->index(row, 0, parent), depth + 1);
        }
    };
    visit(QModelIndex(), 1);
    return widest + 2 * m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + metrics.averageCharWidth() * 2;
}

void WorkingPanel::fitColumns()
{
    // Quantity and value as wide as their longest text, while the formula keeps room to be read;
    // in a narrow dock the quantity gives way first (elided in the middle, whole on hover).
    const int em = fontMetrics().height();
    const int width = m_view->viewport()->width();
    const int value = std::clamp(contentWidth(WorkingModel::ValueColumn), em * 5, em * 10);
    const int quantity = std::clamp(contentWidth(WorkingModel::QuantityColumn), em * 8, std::max(em * 8, width - value - em * 5));
    m_view->setColumnWidth(WorkingModel::ValueColumn, value);
    m_view->setColumnWidth(WorkingModel::QuantityColumn, quantity);
}

void WorkingPanel::spanSections()
{
    // Section titles ("Memory per GPU: PP stage 0 · ranks 0–15") use the whole row.
    for (int row = 0; row < m_view->model()->rowCount(); ++row)
        m_view->setFirstColumnSpanned(row, QModelIndex(), true);
}

void WorkingPanel::showDetails()
{
    const QModelIndex index = toSource(m_view->currentIndex());
    if (!index.isValid() || index.data(WorkingModel::TermRole).toInt() < 0) {
        m_details->setHtml(QStringLiteral("<p>%1</p>").arg(tr("Select a line to read it in words. Click a bar segment or a dial to find its lines.")));
        return;
    }
    auto cell = [&](int column) { return index.siblingAtColumn(column).data().toString().toHtmlEscaped(); };
    QString html = QStringLiteral("<h3 style='margin-bottom:2px'>%1</h3>").arg(cell(WorkingModel::QuantityColumn));
    const QString explanation = index.data(WorkingModel::ExplanationRole).toString();
    if (!explanation.isEmpty())
        html += QStringLiteral("<p>%1</p>").arg(explanation.toHtmlEscaped());
    auto row = [&](const QString& label, const QString& text) {
        if (!text.isEmpty())
            html += QStringLiteral("<tr><td style='padding-right:10px'><b>%1</b></td><td>%2</td></tr>").arg(label, text);
    };
    html += QStringLiteral("<table>");
    row(tr("Formula"), cell(WorkingModel::FormulaColumn));
    row(tr("With"), cell(WorkingModel::SubstitutionColumn));
    row(tr("Result"), QStringLiteral("<b>%1</b>").arg(cell(WorkingModel::ValueColumn)));
    row(tr("Source"), cell(WorkingModel::SourceColumn));
    html += QStringLiteral("</table>");
    m_details->setHtml(html);
}

void WorkingPanel::updateColors()
{
    QColor highlight = palette().color(QPalette::Highlight);
    highlight.setAlphaF(ComponentPalette::isDark(palette()) ? 0.45f : 0.25f);
    m_model->setHighlightColor(highlight);
    QPalette warning = m_stale->palette();
    warning.setColor(QPalette::WindowText, ComponentPalette::levelColor(ComponentPalette::Level::Bad, ComponentPalette::isDark(palette())));
    m_stale->setPalette(warning);
}

void WorkingPanel::retranslateUi()
{
    m_filter->setPlaceholderText(tr("Search the working (e.g. gradients, MFU, Korthikanti)"));
    m_view->setToolTip(tr("Every number of the estimate. Right-click the header for more columns."));
    // The texts are re-read through a model reset, which would close every group: keep them as
    // the reader left them (the tree's shape does not depend on the language).
    const QSet<QString> expanded = expandedGroups();
    m_model->retranslate();
    setExpandedGroups(expanded);
    showDetails();
}

namespace {

QString pathOf(const QModelIndex& index)
{
    QString path;
    for (QModelIndex i = index; i.isValid(); i = i.parent())
        path.prepend(QString::number(i.row()) + QLatin1Char('/'));
    return path;
}

} // namespace

QSet<QString> WorkingPanel::expandedGroups() const
{
    QSet<QString> out;
    const QAbstractItemModel* model = m_view->model();
    std::function<void(const QModelIndex&)> visit = [&](const QModelIndex& parent) {
        for (int row = 0; row < model->rowCount(parent); ++row) {
            const QModelIndex index = model->index(row, 0, parent);
            if (model->rowCount(index) > 0) {
                if (m_view->isExpanded(index))
                    out.insert(pathOf(index));
                visit(index);
            }
        }
    };
    visit(QModelIndex());
    return out;
}

void WorkingPanel::setExpandedGroups(const QSet<QString>& groups)
{
    const QAbstractItemModel* model = m_view->model();
    std::function<void(const QModelIndex&)> visit = [&](const QModelIndex& parent) {
        for (int row = 0; row < model->rowCount(parent); ++row) {
            const QModelIndex index = model->index(row, 0, parent);
            if (model->rowCount(index) > 0) {
                m_view->setExpanded(index, groups.contains(pathOf(index)));
                visit(index);
            }
        }
    };
    visit(QModelIndex());
}

void WorkingPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        updateColors();
    else if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
