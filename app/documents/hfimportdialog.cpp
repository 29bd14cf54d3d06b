#include "app/documents/hfimportdialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/model.h"
#include "core/model/visiontower.h"
#include "core/io/scenario_io.h"
#include "widgets/displayformat.h"
#include "widgets/issuetext.h"

namespace {

QString keyList(const std::vector<std::string>& keys)
{
    QStringList out;
    for (const std::string& k : keys)
        out << QStringLiteral("<code>%1</code>").arg(QString::fromStdString(k).toHtmlEscaped());
    return out.join(QStringLiteral(", "));
}

QString bulletList(const QStringList& lines)
{
    QString html = QStringLiteral("<ul style='margin-top:0'>");
    for (const QString& line : lines)
        html += QStringLiteral("<li>%1</li>").arg(line.toHtmlEscaped());
    return html + QStringLiteral("</ul>");
}

QString formatName(core::WeightFormat format)
{
    const std::string_view name = core::toString(format);
    return QString::fromUtf8(name.data(), qsizetype(name.size())).toUpper();
}

QString number(int value)
{
    return QLocale().toString(value);
}

} // namespace

HfImportDialog::HfImportDialog(const core::HfImport& imported, const QString& fileName, QWidget* parent)
    : QDialog(parent)
    , m_imported(imported)
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
    if (imported.ok)
        m_buttons->addButton(QDialogButtonBox::Apply)->setDefault(true);
    m_buttons->addButton(imported.ok ? QDialogButtonBox::Cancel : QDialogButtonBox::Close);
    connect(m_buttons, &QDialogButtonBox::clicked, this, [this](QAbstractButton* button) {
        m_buttons->buttonRole(button) == QDialogButtonBox::ApplyRole ? accept() : reject();
    });
    layout->addWidget(m_buttons);
    const int em = fontMetrics().height();
    resize(em * 36, em * 30);
    retranslateUi();
}

QString HfImportDialog::modelName(const core::HfImport& imported, const QString& path)
{
    Q_UNUSED(path)
    // What the configuration says, not where it was saved: a config.json in Downloads was
    // named "Downloads", a renamed copy after the file (issue 31). Without _name_or_path (read
    // by the importer) its architecture and counted size: "llama · 6.74 B".
    const QString type = imported.modelType.empty() ? tr("model") : QString::fromStdString(imported.modelType);
    //: name of a model imported from a config.json without a name; %1 = its model_type (llama, qwen2, …), %2 = its counted parameters
    return tr("%1 · %2").arg(type, DisplayFormat::count(core::countParameters(imported.model).total));
}

QString HfImportDialog::errorText(const core::HfImport& imported, const QString& fileName)
{
    //: %1 = file name, %2 = the errors, one per line, each naming the key
    return tr("%1 cannot be imported:\n%2\n\nThe current scenario was not changed.")
        .arg(fileName, IssueText::messages(imported.issues, core::Severity::Error).join(QLatin1Char('\n')));
}

QString HfImportDialog::reportHtml(const core::HfImport& imported)
{
    QString html;
    const QStringList errors = IssueText::messages(imported.issues, core::Severity::Error);
    // Keys the importer does not know, apart from remarks on keys it read (a pattern it simplifies).
    std::vector<std::string> unknown;
    QStringList remarks;
    for (const core::Issue& i : imported.issues) {
        if (i.severity != core::Severity::Warning)
            continue;
        if (i.code == core::IssueCode::UnknownKey)
            unknown.push_back(i.path);
        else
            remarks << IssueText::message(i);
    }
    if (!imported.ok) {
        html += QStringLiteral("<h4>%1</h4>").arg(tr("Errors: nothing can be imported").toHtmlEscaped());
        html += bulletList(errors);
    } else {
        const core::ModelArchitecture& m = imported.model;
        const double total = core::countParameters(m).total;
        //: %1 = model type (e.g. llama), %2 = exact parameter count, %3 = the same, short (6.74 B)
        html += QStringLiteral("<p>%1</p>").arg(tr("<b>%1</b> model with <b>%2</b> parameters (%3)")
                                                     .arg(QString::fromStdString(imported.modelType).toHtmlEscaped(),
                                                          QLocale().toString(qint64(total)), DisplayFormat::count(total)));
        //: architecture summary; %1 = layers, %2 = hidden size, %3 = FFN size, %4 = attention heads, %5 = KV heads, %6 = vocabulary
        html += QStringLiteral("<p>%1</p>").arg(tr("%1 layers · hidden size %2 · FFN %3 · %4 attention heads · %5 KV heads · vocabulary %6")
                                                     .arg(number(m.numLayers), number(m.hiddenSize), number(m.ffnHiddenSize),
                                                          number(m.numAttentionHeads), number(m.numQueryGroups), number(m.vocabSize)));
        if (m.isMoE())
            //: %1 = routed experts, %2 = experts per token, %3 = shared experts
            html += QStringLiteral("<p>%1</p>").arg(tr("Mixture of experts: %1 experts, %2 per token, %3 shared")
                                                         .arg(number(m.numExperts), number(m.moeTopK), number(m.numSharedExperts)));
        if (m.isMla())
            //: %1 = compressed KV dimension (kv_lora_rank)
            html += QStringLiteral("<p>%1</p>").arg(tr("Multi-head latent attention: KV compressed to %1").arg(number(m.kvLoraRank)));
        // The attention span decides the KV cache: say what was read, so a missed pattern shows.
        if (m.slidingWindow > 0 && m.globalLayerEvery > 1)
            //: %1 = window in tokens, %2 = windowed layers per period, %3 = the period, %4 = layers that see the whole context
            html += QStringLiteral("<p>%1</p>").arg(tr("Attention: a window of %1 tokens on %2 of every %3 layers; %4 layers attend to the whole context")
                                                         .arg(number(m.slidingWindow), number(m.globalLayerEvery - 1), number(m.globalLayerEvery),
                                                              number(m.globalLayersIn(0, m.numLayers))));
        else if (m.slidingWindow > 0)
            //: %1 = window in tokens
            html += QStringLiteral("<p>%1</p>").arg(tr("Attention: a window of %1 tokens on every layer").arg(number(m.slidingWindow)));
        else
            html += QStringLiteral("<p>%1</p>").arg(tr("Attention: every layer attends to the whole context"));
        if (!imported.defaulted.empty())
            //: %1 = model type, %2 = keys
            html += QStringLiteral("<p>%1</p>").arg(tr("Not in the file, taken from the %1 defaults of transformers: %2")
                                                         .arg(QString::fromStdString(imported.modelType).toHtmlEscaped(), keyList(imported.defaulted)));
        if (m.hasVision())
            //: %1 = vision layers, %2 = vision width, %3 = decoder tokens per image
            html += QStringLiteral("<p>%1</p>").arg(tr("Vision tower: %1 layers of width %2, %3 tokens per image")
                                                         .arg(number(m.visionLayers), number(m.visionHiddenSize),
                                                              number(int(core::visionTower(m).tokensPerImage))));
        if (!imported.notExpressed.empty())
            //: %1 = keys (a vision tower's window attention, …)
            html += QStringLiteral("<p>%1</p>").arg(tr("Read but not expressed, estimated without them: %1").arg(keyList(imported.notExpressed)));
        if (imported.hasQuantization)
            //: %1 = weight format such as INT4
            html += QStringLiteral("<p>%1</p>").arg(tr("Pre-quantized weights: %1 (used for serving)")
                                                         .arg(formatName(imported.quantization.format)));
    }
    if (!remarks.isEmpty()) {
        html += QStringLiteral("<h4>%1</h4>").arg(tr("Remarks").toHtmlEscaped());
        html += bulletList(remarks);
    }
    if (!unknown.empty()) {
        //: keys the importer does not know (they are left out); %n = number of keys
        html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("Not understood, left out (%n)", nullptr, int(unknown.size())).toHtmlEscaped(), keyList(unknown));
    }
    if (!imported.used.empty()) {
        //: %n = number of keys
        html += QStringLiteral("<h4>%1</h4><p>%2</p>").arg(tr("Used (%n)", nullptr, int(imported.used.size())).toHtmlEscaped(), keyList(imported.used));
    }
    if (!imported.ignored.empty()) {
        //: keys such as rope_theta or token ids; %n = number of keys
        html += QStringLiteral("<h4>%1</h4><p>%2</p>")
                    .arg(tr("Ignored: no effect on memory (%n)", nullptr, int(imported.ignored.size())).toHtmlEscaped(), keyList(imported.ignored));
    }
    if (imported.ok)
        html += QStringLiteral("<p><i>%1</i></p>").arg(tr("Applying replaces the model; the rest of the scenario stays as it is.").toHtmlEscaped());
    else
        html += QStringLiteral("<p><i>%1</i></p>").arg(tr("The current scenario was not changed.").toHtmlEscaped());
    return html;
}

QString HfImportDialog::reportText() const
{
    return m_report->toPlainText();
}

void HfImportDialog::retranslateUi()
{
    //: dialog title; %1 = file name
    setWindowTitle(tr("Import %1").arg(m_fileName));
    //: %1 = file name
    m_heading->setText(m_imported.ok ? tr("%1 describes this model. Apply it to the scenario?").arg(m_fileName)
                                     : tr("%1 cannot be imported.").arg(m_fileName));
    m_report->setHtml(reportHtml(m_imported));
    if (QPushButton* apply = m_buttons->button(QDialogButtonBox::Apply))
        apply->setText(tr("&Apply to Scenario"));
    if (QPushButton* cancel = m_buttons->button(QDialogButtonBox::Cancel))
        cancel->setText(tr("Cancel"));
    if (QPushButton* close = m_buttons->button(QDialogButtonBox::Close))
        close->setText(tr("Close"));
}

void HfImportDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}
