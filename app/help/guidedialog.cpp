#include "app/help/guidedialog.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace {

struct Entry
{
    const char* question; ///< a question of the seeds (/work/shared/seeds), as an interview asks it
    const char* where;    ///< the view that answers it, and how to get there
};

// Each entry: a seed's question and the view that answers it.
constexpr Entry kEntries[] = {
    {QT_TRANSLATE_NOOP("GuideDialog", "How much memory does full training of a 7B model need?"),
     QT_TRANSLATE_NOOP("GuideDialog", "Explorer, Training, model “7B (textbook)”: the bracket beside the bar is the 16 bytes per "
                                      "parameter of mixed-precision Adam, 112 GB; activations and buffers stack on top. Click any "
                                      "segment for its formula in the Working panel.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "ZeRO-1, 2 and 3: how much per GPU on 8 GPUs?"),
     QT_TRANSLATE_NOOP("GuideDialog", "The ZeRO comparison under the chart, one bar per stage (Ctrl+0 … Ctrl+3 switch the scenario). "
                                      "View ▸ Textbook View (Ctrl+T) keeps the four ledgers only: 112 / 38.5 / 26.25 / 14 GB.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "How would you train 70B on 8×A100?"),
     QT_TRANSLATE_NOOP("GuideDialog", "View ▸ Layout Planner (Ctrl+Shift+P) ranks every valid layout by step time and says why the "
                                      "others are slower; “What to try first” (Ctrl+Shift+A) lists the changes that make it fit.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "What does activation recomputation trade?"),
     QT_TRANSLATE_NOOP("GuideDialog", "The recomputation comparison beside the ZeRO one (memory), and the step-time dial (about a "
                                      "third more forward compute for full recomputation).")},
    {QT_TRANSLATE_NOOP("GuideDialog", "7B GRPO on 8 A100: does it fit?"),
     QT_TRANSLATE_NOOP("GuideDialog", "Fine-tuning mode, RL: GRPO. One bar per phase (training, rollout); View ▸ Colour by Model Role "
                                      "shows the policy, reference and rollout engine apart.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "How long will training take, and what will it cost (C ≈ 6ND)?"),
     QT_TRANSLATE_NOOP("GuideDialog", "The dials over the chart: step time, days and cost; click a dial for its working. The Step dock "
                                      "(Ctrl+Shift+T) draws the pipeline schedule and the memory through one step.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "FP16 or BF16, and why loss scaling?"),
     QT_TRANSLATE_NOOP("GuideDialog", "View ▸ Number-Format Lab (Ctrl+L): the bits of each format, their range and precision, and the "
                                      "Loss scaling tab.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "Serving: how many requests fit in the KV cache?"),
     QT_TRANSLATE_NOOP("GuideDialog", "Inference mode: the bar shows what the batch needs, the engine's reserved pool hatched on top; "
                                      "the comparisons try other weight formats and KV-cache types.")},
    {QT_TRANSLATE_NOOP("GuideDialog", "Practise the arithmetic"),
     QT_TRANSLATE_NOOP("GuideDialog", "View ▸ Drills (Ctrl+D): type an estimate, check it (two tries), reveal the derivation step by "
                                      "step. View ▸ Presentation (F5) plays the seed deck full screen for a class.")},
};

} // namespace

GuideDialog::GuideDialog(QWidget* parent)
    : QDialog(parent)
    , m_text(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("GuideDialog"));
    m_text->setOpenLinks(false);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_text, 1);
    layout->addWidget(buttons);
    const int em = fontMetrics().height();
    resize(em * 40, em * 38);
    retranslateUi();
}

QString GuideDialog::html() const
{
    return m_text->toHtml();
}

void GuideDialog::retranslateUi()
{
    setWindowTitle(tr("Guide"));
    QString html = QStringLiteral("<h3>%1</h3><p>%2</p>")
                       .arg(tr("What each view answers"),
                            tr("ShardScope answers three questions with its working shown: how much memory per GPU, how long, "
                               "and what to change. Start from an interview question:"));
    for (const Entry& e : kEntries)
        html += QStringLiteral("<p><b>%1</b><br>%2</p>").arg(tr(e.question).toHtmlEscaped(), tr(e.where).toHtmlEscaped());
    html += QStringLiteral("<p><i>%1</i></p>").arg(tr("Help ▸ Keyboard Shortcuts lists every key.").toHtmlEscaped());
    m_text->setHtml(html);
}

void GuideDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}
