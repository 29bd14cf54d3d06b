#include "widgets/advice/advicepanel.h"

#include <algorithm>

#include <QCheckBox>
#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include "widgets/advice/advicetext.h"
#include "widgets/advice/remedybutton.h"

AdvicePanel::AdvicePanel(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(this))
    , m_combinationsHeading(new QLabel(this))
    , m_runHeading(new QLabel(this))
    , m_evenIfFits(new QCheckBox(this))
{
    setObjectName(QStringLiteral("AdvicePanel"));
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    outer->addWidget(m_status);
    outer->addWidget(m_evenIfFits);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the lines wrap instead
    scroll->setFrameShape(QFrame::NoFrame);
    auto* inner = new QWidget(scroll);
    auto* list = new QVBoxLayout(inner);
    list->setContentsMargins(0, 0, 0, 0);
    list->setSpacing(2);
    m_singles = new QVBoxLayout;
    m_singles->setSpacing(2);
    m_combinations = new QVBoxLayout;
    m_combinations->setSpacing(2);
    list->addLayout(m_singles);
    QFont bold = m_combinationsHeading->font();
    bold.setBold(true);
    m_combinationsHeading->setFont(bold);
    m_combinationsHeading->setWordWrap(true);
    list->addWidget(m_combinationsHeading);
    list->addLayout(m_combinations);
    m_run = new QVBoxLayout;
    m_run->setSpacing(2);
    m_runHeading->setFont(bold);
    m_runHeading->setWordWrap(true);
    list->addWidget(m_runHeading);
    list->addLayout(m_run);
    list->addStretch(1);
    scroll->setWidget(inner);
    outer->addWidget(scroll, 1);
    connect(m_evenIfFits, &QCheckBox::toggled, this, &AdvicePanel::evenIfFitsChanged);
    retranslateUi();
}

void AdvicePanel::setAdvice(const core::Advice& advice)
{
    m_advice = advice;
    rebuild();
}

void AdvicePanel::setNearestLayouts(const std::vector<core::Remedy>& layouts)
{
    m_layouts = layouts;
    rebuild();
}

void AdvicePanel::setUnit(DisplayFormat::MemoryUnit unit)
{
    if (m_unit == unit)
        return;
    m_unit = unit;
    rebuild();
}

bool AdvicePanel::evenIfFits() const
{
    return m_evenIfFits->isChecked();
}

const core::Remedy* AdvicePanel::remedy(int index) const
{
    if (index < 0)
        return nullptr;
    const auto i = std::size_t(index);
    if (i < m_advice.remedies.size())
        return &m_advice.remedies[i];
    if (i - m_advice.remedies.size() < m_advice.combinations.size())
        return &m_advice.combinations[i - m_advice.remedies.size()];
    const std::size_t memoryLines = m_advice.remedies.size() + m_advice.combinations.size();
    if (i - memoryLines < m_advice.runRemedies.size())
        return &m_advice.runRemedies[i - memoryLines];
    if (const std::size_t k = i - memoryLines - m_advice.runRemedies.size(); k < m_layouts.size())
        return &m_layouts[k];
    return nullptr;
}

int AdvicePanel::lineCount() const
{
    return int(m_advice.remedies.size() + m_advice.combinations.size() + m_advice.runRemedies.size() + m_layouts.size());
}

RemedyButton* AdvicePanel::lineButton(int index) const
{
    return index >= 0 && index < lineCount() && index < m_buttons.size() ? m_buttons[index] : nullptr;
}

QString AdvicePanel::statusText() const
{
    return m_status->text();
}

RemedyButton* AdvicePanel::button(int index)
{
    while (m_buttons.size() <= index) {
        auto* b = new RemedyButton(this);
        const int i = int(m_buttons.size());
        connect(b, &RemedyButton::clicked, this, [this, i] { emit remedyChosen(i); });
        m_buttons.push_back(b);
    }
    return m_buttons[index];
}

void AdvicePanel::rebuild()
{
    const core::Advice& a = m_advice;
    if (!a.valid && !m_layouts.empty()) {
        // Said only "fix the layout first" (issue 31): the nearest layouts that can run, a click each.
        m_status->setText(tr("This layout cannot run (the status bar says why). The nearest layouts that can, one change each "
                             "(a click applies it, Ctrl+Z undoes it):"));
    } else if (!a.valid) {
        m_status->setText(tr("The scenario is not valid: fix the layout first (the status bar says why)."));
    } else if (a.fits) {
        //: %1 = memory of the fullest GPU, %2 = capacity
        const QString fullest = DisplayFormat::bytes(a.fullestBytes, m_unit, 1), capacity = DisplayFormat::capacity(a.capacityBytes, m_unit);
        if (!a.remedies.empty())
            m_status->setText(tr("It fits (%1 of %2). What each change would save:").arg(fullest, capacity));
        else if (!a.runRemedies.empty())
            //: %1 = memory of the fullest GPU, %2 = capacity; the run's remedies follow
            m_status->setText(tr("It fits: the fullest GPU uses %1 of %2.").arg(fullest, capacity));
        else
            m_status->setText(tr("It fits: the fullest GPU uses %1 of %2. Nothing to change.").arg(fullest, capacity));
    } else {
        //: %1 = memory of the fullest GPU, %2 = capacity, %3 = how much is missing
        m_status->setText(tr("Does not fit: the fullest GPU needs %1 of %2, %3 too much. Single changes, in the order to try them "
                             "(each measured by the estimate; a click applies it, Ctrl+Z undoes it):")
                              .arg(DisplayFormat::bytes(a.fullestBytes, m_unit, 1), DisplayFormat::capacity(a.capacityBytes, m_unit),
                                   DisplayFormat::bytes(a.fullestBytes - a.capacityBytes, m_unit, 1)));
    }
    const int singles = int(a.remedies.size());
    const int memoryLines = singles + int(a.combinations.size());
    const int runLines = memoryLines + int(a.runRemedies.size());
    const int total = lineCount();
    for (int i = 0; i < total; ++i) {
        const core::Remedy& r = *remedy(i);
        RemedyButton* b = button(i);
        const bool run = i >= memoryLines && i < runLines;
        QVBoxLayout* home = run ? m_run : i < singles || r.levers.empty() ? m_singles : m_combinations;
        if (home->indexOf(b) < 0) {
            for (QVBoxLayout* l : {m_singles, m_combinations, m_run})
                l->removeWidget(b); // a pooled line may move between sections
            home->addWidget(b);
        }
        b->setTitle(AdviceText::title(r));
        const QString note = AdviceText::note(r.note);
        const bool layout = r.levers.empty();
        const QString summary = layout
            //: a layout that can run; %1 = the fullest GPU's memory under it, %2 = "fits" or "does not fit"
            ? tr("%1 per GPU · %2").arg(DisplayFormat::bytes(r.bytesAfter, m_unit, 1), r.fitsAfter ? tr("fits") : tr("does not fit yet"))
            : run ? AdviceText::runSummary(r, m_unit)
                  : AdviceText::summary(r, m_unit);
        b->setDescription(note.isEmpty() ? summary : summary + QLatin1Char('\n') + note);
        //: tooltip of a remedy; %1 = the --set overrides it applies, one per line
        b->setToolTip(tr("Applies, as one undo step:\n%1").arg(AdviceText::overrides(r)));
        b->setVisible(true);
    }
    for (int i = total; i < m_buttons.size(); ++i)
        m_buttons[i]->setVisible(false);
    const bool noneFits = a.valid && !a.fits && std::none_of(a.remedies.begin(), a.remedies.end(), [](const core::Remedy& r) { return r.fitsAfter; });
    m_combinationsHeading->setVisible(noneFits || !a.combinations.empty());
    m_combinationsHeading->setText(!a.combinations.empty() ? tr("No single change is enough. The smallest combinations that fit, fastest first:")
                                                           : tr("No combination of up to three of these changes fits: more GPUs, or a smaller model."));
    m_runHeading->setVisible(a.valid && !a.runRemedies.empty());
    m_runHeading->setText(tr("A shorter run at the same memory (checkpoints against interruptions), the largest gain first:"));
}

void AdvicePanel::retranslateUi()
{
    m_evenIfFits->setText(tr("&Also when it fits"));
    m_evenIfFits->setToolTip(tr("List what each change would save even when the scenario fits (room for a larger batch)"));
    rebuild();
}

void AdvicePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
