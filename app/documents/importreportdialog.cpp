#include "app/documents/importreportdialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <map>

#include "core/fields.h"
#include "core/model.h"
#include "widgets/displayformat.h"
#include "widgets/fieldtext.h"
#include "widgets/issuetext.h"

namespace {

QString escaped(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

/// "key value (line 12)" items, at most `limit` of them shown.
QString settingList(const std::vector<const core::ImportedSetting*>& settings, int limit = 60)
{
    QStringList out;
    for (const core::ImportedSetting* s : settings) {
        if (int(out.size()) >= limit)
            break;
        QString item = QStringLiteral("<code>%1</code>").arg(escaped(s->key));
        if (!s->value.empty())
            item += QStringLiteral(" %1").arg(escaped(s->value.size() > 60 ? s->value.substr(0, 57) + "…" : s->value));
        out << item;
    }
    if (int(settings.size()) > limit)
        //: after a list cut short; %n = how many more
        out << ImportReportDialog::tr("and %n more", nullptr, int(settings.size()) - limit);
    return out.join(QStringLiteral(", "));
}

} // namespace

ImportReportDialog::ImportReportDialog(const core::ImportResult& result, const QString& fileName, QWidget* parent)
    : QDialog(parent)
    , m_result(result)
    , m_fileName(fileName)
    , m_heading(new QLabel(this))
    , m_report(new QTextBrowser(this))
    , m_buttons(new QDialogButtonBox(this))
{
    auto* layout = new QVBoxLayout(this);
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    layout->addWidget(m_heading);
    m_report->setOpenLinks(false);
    layout->addWidget(m_report, 1);
    if (result.ok)
        m_buttons->addButton(QDialogButtonBox::Apply)->setDefault(true);
    m_buttons->addButton(result.ok ? QDialogButtonBox::Cancel : QDialogButtonBox::Close);
    connect(m_buttons, &QDialogButtonBox::clicked, this, [this](QAbstractButton* button) {
        m_buttons->buttonRole(button) == QDialogButtonBox::ApplyRole ? accept() : reject();
    });
    layout->addWidget(m_buttons);
    const int em = fontMetrics().height();
    resize(em * 40, em * 32);
    retranslateUi();
}

bool ImportReportDialog::offersApply() const { return m_buttons->button(QDialogButtonBox::Apply) != nullptr; }

QString ImportReportDialog::whyText(core::ImportWhy why)
{
    return QCoreApplication::translate("ImportText", core::importWhySentence(why).data());
}

QString ImportReportDialog::errorText(const core::ImportResult& result, const QString& fileName)
{
    //: %1 = file name, %2 = the errors, one per line
    return tr("%1 cannot be imported:\n%2\n\nThe current scenario was not changed.")
        .arg(fileName, IssueText::messages(result.issues, core::Severity::Error).join(QLatin1Char('\n')));
}

QString ImportReportDialog::reportHtml(const core::ImportResult& r)
{
    QString html;
    const QString framework = QString::fromLatin1(core::importFormatTitle(r.format).data());
    if (!r.ok) {
        html += QStringLiteral("<h4>%1</h4>").arg(tr("Errors: nothing can be applied").toHtmlEscaped());
        html += QStringLiteral("<ul style='margin-top:0'>");
        for (const QString& e : IssueText::messages(r.issues, core::Severity::Error))
            html += QStringLiteral("<li>%1</li>").arg(e.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    } else {
        const core::Scenario& s = r.scenario;
        //: %1 = framework, %2 = model name, %3 = its parameter count (8.03 B)
        html += QStringLiteral("<p>%1</p>").arg(tr("Read as <b>%1</b>: %2, %3 parameters")
                                                     .arg(framework.toHtmlEscaped(), escaped(s.model.name),
                                                          DisplayFormat::count(core::countParameters(s.model).total)));
        //: the imported layout; %1 = GPUs, %2 = TP, %3 = PP, %4 = CP, %5 = DP
        html += QStringLiteral("<p>%1</p>").arg(tr("%1 GPUs · TP %2 · PP %3 · CP %4 · DP %5")
                                                     .arg(s.parallel.gpus).arg(s.parallel.tensor).arg(s.parallel.pipeline)
                                                     .arg(s.parallel.context).arg(s.parallel.dataParallel()));
    }
    QStringList warnings;
    for (const core::Issue& i : r.issues)
        if (i.severity != core::Severity::Error)
            warnings << IssueText::message(i);
    if (!warnings.isEmpty()) {
        html += QStringLiteral("<h4>%1</h4><ul style='margin-top:0'>").arg(tr("Remarks").toHtmlEscaped());
        for (const QString& w : warnings)
            html += QStringLiteral("<li>%1</li>").arg(w.toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    // The settings by what became of them; the ignored and the inexpressible with their reasons.
    std::vector<const core::ImportedSetting*> used;
    std::map<core::ImportWhy, std::vector<const core::ImportedSetting*>> inexpressible, ignored;
    for (const core::ImportedSetting& s : r.settings) {
        if (!s.key.empty() && s.key.front() == '(')
            continue; // the framework's default, said by the reader, not a line of the file
        if (r.used(s.why))
            used.push_back(&s);
        else if (r.inexpressible(s.why))
            inexpressible[s.why].push_back(&s);
        else
            ignored[s.why].push_back(&s);
    }
    auto count = [](const auto& groups) {
        int n = 0;
        for (const auto& [why, list] : groups)
            n += int(list.size());
        return n;
    };
    if (!inexpressible.empty()) {
        //: settings the scenario cannot hold; %n = how many
        html += QStringLiteral("<h4>%1</h4>").arg(tr("Not expressible (%n)", nullptr, count(inexpressible)).toHtmlEscaped());
        for (const auto& [why, list] : inexpressible)
            html += QStringLiteral("<p><i>%1</i>: %2</p>").arg(whyText(why).toHtmlEscaped(), settingList(list));
    }
    if (!used.empty())
        //: %n = number of settings
        html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("Used (%n)", nullptr, int(used.size())).toHtmlEscaped(), settingList(used, 80));
    if (!ignored.empty()) {
        //: %n = number of settings
        html += QStringLiteral("<h4>%1</h4>").arg(tr("Ignored (%n)", nullptr, count(ignored)).toHtmlEscaped());
        for (const auto& [why, list] : ignored)
            html += QStringLiteral("<p><i>%1</i>: %2</p>").arg(whyText(why).toHtmlEscaped(), settingList(list));
    }
    if (!r.assumed.empty()) {
        QStringList labels;
        for (core::Field f : r.assumed)
            labels << FieldText::label(f);
        //: %1 = field labels such as "GPU, Training tokens"
        html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("Not in the file").toHtmlEscaped(),
                                                           tr("taken from the current scenario: %1").arg(labels.join(QStringLiteral(", "))).toHtmlEscaped());
    }
    html += QStringLiteral("<p><i>%1</i></p>").arg((r.ok ? tr("Applying replaces the scenario with the file's, keeping its GPU and runtime assumptions.")
                                                         : tr("The current scenario was not changed."))
                                                        .toHtmlEscaped());
    return html;
}

QString ImportReportDialog::reportText() const { return m_report->toPlainText(); }

void ImportReportDialog::retranslateUi()
{
    //: dialog title; %1 = file name
    setWindowTitle(tr("Import %1").arg(m_fileName));
    //: %1 = file name
    m_heading->setText(m_result.ok ? tr("%1 describes this scenario. Apply it?").arg(m_fileName) : tr("%1 cannot be imported.").arg(m_fileName));
    m_report->setHtml(reportHtml(m_result));
    if (QPushButton* apply = m_buttons->button(QDialogButtonBox::Apply))
        apply->setText(tr("&Apply to Scenario"));
    if (QPushButton* cancel = m_buttons->button(QDialogButtonBox::Cancel))
        cancel->setText(tr("Cancel"));
    if (QPushButton* close = m_buttons->button(QDialogButtonBox::Close))
        close->setText(tr("Close"));
}

void ImportReportDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}
