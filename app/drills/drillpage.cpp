#include "app/drills/drillpage.h"

#include <QEvent>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>
#include <cmath>

#include "app/scenariocontroller.h"
#include "core/estimate.h"
#include "core/working.h"
#include "widgets/displayformat.h"
#include "widgets/working/workingtext.h"

namespace {

QString fromUtf8(const std::string& s)
{
    return QString::fromStdString(s);
}

QLabel* wrapped(QWidget* parent, double scale = 1.0, bool bold = false)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(bold);
    l->setFont(f);
    return l;
}

} // namespace

DrillPage::DrillPage(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_drills(core::builtinDrills())
{
    setObjectName(QStringLiteral("DrillPage"));
    auto* split = new QSplitter(Qt::Horizontal, this);
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);
    outer->addWidget(split);

    auto* left = new QWidget(split);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_ui.heading = wrapped(left, 1.0, true);
    m_ui.list = new QListWidget(left);
    m_ui.list->setWordWrap(true);
    leftLayout->addWidget(m_ui.heading);
    leftLayout->addWidget(m_ui.list, 1);

    auto* scroll = new QScrollArea(split);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* right = new QWidget(scroll);
    auto* r = new QVBoxLayout(right);
    r->setContentsMargins(12, 0, 12, 12);
    m_ui.title = wrapped(right, 1.5, true);
    m_ui.question = wrapped(right, 1.15);
    m_ui.scenario = wrapped(right, 0.95);
    m_ui.prompt = wrapped(right, 1.0, true);
    m_ui.guess = new QLineEdit(right);
    m_ui.guess->setObjectName(QStringLiteral("drillGuess"));
    m_ui.check = new QPushButton(right);
    m_ui.verdict = wrapped(right, 1.1, true);
    m_ui.hint = wrapped(right);
    m_ui.next = new QPushButton(right);
    m_ui.all = new QPushButton(right);
    m_ui.steps = new QVBoxLayout;
    m_ui.steps->setSpacing(6);
    m_ui.answer = wrapped(right, 1.15, true);
    m_ui.takeaway = wrapped(right, 1.05);
    m_ui.open = new QPushButton(right);

    r->addWidget(m_ui.title);
    r->addWidget(m_ui.question);
    r->addWidget(m_ui.scenario);
    r->addSpacing(8);
    r->addWidget(m_ui.prompt);
    auto* row = new QHBoxLayout;
    row->addWidget(m_ui.guess, 1);
    row->addWidget(m_ui.check);
    r->addLayout(row);
    r->addWidget(m_ui.verdict);
    r->addWidget(m_ui.hint);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_ui.next);
    buttons->addWidget(m_ui.all);
    buttons->addStretch(1);
    buttons->addWidget(m_ui.open);
    r->addLayout(buttons);
    r->addLayout(m_ui.steps);
    r->addWidget(m_ui.answer);
    r->addWidget(m_ui.takeaway);
    r->addStretch(1);
    scroll->setWidget(right);
    split->addWidget(left);
    split->addWidget(scroll);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);

    connect(m_ui.list, &QListWidget::currentRowChanged, this, &DrillPage::setCurrentDrill);
    connect(m_ui.check, &QPushButton::clicked, this, [this] { check(m_ui.guess->text()); });
    connect(m_ui.guess, &QLineEdit::returnPressed, this, [this] { check(m_ui.guess->text()); });
    connect(m_ui.next, &QPushButton::clicked, this, [this] { revealNext(); });
    connect(m_ui.all, &QPushButton::clicked, this, [this] {
        while (revealNext()) {
        }
    });
    connect(m_ui.open, &QPushButton::clicked, this, &DrillPage::openInExplorer);
    retranslateUi();
    if (!m_drills.empty())
        m_ui.list->setCurrentRow(0);
}

void DrillPage::openInExplorer()
{
    if (m_current < 0)
        return;
    // An unsaved scenario in the explorer was replaced without a word (issue 31).
    if (m_openGuard && !m_openGuard())
        return;
    const core::Drill& d = m_drills[std::size_t(m_current)];
    //: undo text; %1 = the drill's title
    m_controller->setScenario(d.scenario, tr("Drill: %1").arg(fromUtf8(d.title.in(languageCode().toStdString()))));
    emit openedInExplorer();
}

QString DrillPage::languageCode()
{
    // The language manager sets the default locale with the interface language.
    return QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

void DrillPage::setCurrentDrill(int index)
{
    if (index < 0 || index >= drillCount())
        return;
    if (m_ui.list->currentRow() != index)
        m_ui.list->setCurrentRow(index);
    if (m_current == index)
        return;
    m_current = index;
    m_revealed = 0;
    m_tries = 0;
    m_ui.guess->clear();
    m_ui.verdict->clear();
    m_ui.hint->clear();
    prepareSteps();
    showDrill();
}

QString DrillPage::modelName(const core::Scenario& s) const
{
    if (s.model.preset == "textbook-7b")
        return tr("7B (textbook)");
    if (s.model.preset == "textbook-70b")
        return tr("70B (textbook)");
    return fromUtf8(s.model.name);
}

void DrillPage::prepareSteps()
{
    m_stepTexts.clear();
    if (m_current < 0)
        return;
    const core::Drill& d = m_drills[std::size_t(m_current)];
    m_answer = core::drillAnswer(d.quantity, d.scenario);
    // The app's own working: the lines of each step's term, for the fullest GPU.
    core::Working working;
    const core::Estimate e = core::estimate(d.scenario, &working);
    if (!e.valid)
        return;
    for (const core::Term term : d.steps)
        for (const core::WorkingLine& line : working.lines()) {
            if (line.term != term || (line.group >= 0 && line.group != e.fullestGroup))
                continue;
            const QString subs = WorkingText::substitutions(line);
            //: one step of a drill's derivation; %1 = quantity, %2 = formula, %3 = values substituted, %4 = result
            m_stepTexts << (subs.isEmpty() ? tr("%1 = %2 = %4") : tr("%1 = %2, with %3 → %4"))
                               .arg(WorkingText::quantity(line), WorkingText::formula(line), subs, WorkingText::value(line));
            break; // one line per step (stages after the fullest repeat it)
        }
}

void DrillPage::showDrill()
{
    if (m_current < 0)
        return;
    const std::string lang = languageCode().toStdString();
    const core::Drill& d = m_drills[std::size_t(m_current)];
    m_ui.title->setText(fromUtf8(d.title.in(lang)));
    m_ui.question->setText(fromUtf8(d.question.in(lang)));
    const core::Scenario& s = d.scenario;
    //: drill scenario summary; %1 = model, %2 = GPUs, %3 = GPU model
    m_ui.scenario->setText(tr("Scenario: %1 on %2 × %3").arg(modelName(s)).arg(s.parallel.gpus).arg(fromUtf8(s.hardware.gpu.name)));
    for (std::size_t i = 0; i < m_stepLabels.size(); ++i)
        m_stepLabels[i]->setVisible(int(i) < m_revealed && int(i) < stepCount());
    for (int i = 0; i < m_revealed && i < stepCount(); ++i)
        //: %1 = step number, %2 = the working line
        m_stepLabels[std::size_t(i)]->setText(tr("%1. %2").arg(i + 1).arg(m_stepTexts[i]));
    const bool done = m_revealed >= stepCount();
    m_ui.next->setEnabled(!done);
    m_ui.all->setEnabled(!done);
    m_ui.answer->setVisible(done);
    m_ui.takeaway->setVisible(done);
    if (done)
        showAnswer();
}

void DrillPage::showAnswer()
{
    const core::Drill& d = m_drills[std::size_t(m_current)];
    //: the drill's answer from the estimate; %1 = the number with its unit
    m_ui.answer->setText(tr("The estimate: %1").arg(formatAnswer(m_answer)));
    m_ui.takeaway->setText(fromUtf8(d.takeaway.in(languageCode().toStdString())));
}

bool DrillPage::revealNext()
{
    if (m_current < 0 || m_revealed >= stepCount())
        return false;
    while (int(m_stepLabels.size()) <= m_revealed) {
        QLabel* l = wrapped(this);
        l->setTextFormat(Qt::PlainText);
        m_ui.steps->addWidget(l);
        m_stepLabels.push_back(l);
    }
    ++m_revealed;
    showDrill();
    return true;
}

QString DrillPage::formatAnswer(double value) const
{
    if (!std::isfinite(value))
        return tr("not available (the scenario is invalid)");
    const QLocale locale;
    switch (core::dimensionOf(m_drills[std::size_t(m_current)].quantity)) {
    case core::GuessDimension::Bytes: return DisplayFormat::bytesExact(value, DisplayFormat::memoryUnit());
    //: a number of days; %1 = the number
    case core::GuessDimension::Days: return tr("%1 days").arg(locale.toString(value, 'f', 1));
    //: GPU-hours; %1 = the number
    case core::GuessDimension::Hours: return tr("%1 GPU-hours").arg(locale.toString(value, 'f', 0));
    case core::GuessDimension::Money: return DisplayFormat::money(value);
    case core::GuessDimension::Flops: return DisplayFormat::scientific(value, QStringLiteral("FLOP"));
    //: a ratio; %1 = the factor
    case core::GuessDimension::Ratio: return tr("%1×").arg(locale.toString(value, 'g', 3));
    }
    return {};
}

void DrillPage::check(const QString& text)
{
    if (m_current < 0)
        return;
    if (m_ui.guess->text() != text)
        m_ui.guess->setText(text);
    const core::Drill& d = m_drills[std::size_t(m_current)];
    const core::GuessDimension dim = core::dimensionOf(d.quantity);
    const core::Guess g = core::parseGuess(text.toStdString(), dim);
    // The prompt asks for a unit: a bare "30" (read as GB, days, … by the parser) is not an
    // answer to "how much memory" (issue 31). FLOP counts and factors have none to give.
    static const QRegularExpression bare(QStringLiteral("^\\s*[-+]?[0-9][0-9.,\\s]*\\s*$"));
    const bool unitless = dim != core::GuessDimension::Flops && dim != core::GuessDimension::Ratio && bare.match(text).hasMatch();
    if (!g.ok() || unitless) {
        static const char* const units[] = {QT_TR_NOOP("a memory size such as 38.5 GB"), QT_TR_NOOP("a duration such as 61 days"),
                                            QT_TR_NOOP("a number of GPU-hours such as 93k"), QT_TR_NOOP("an amount such as $220k"),
                                            QT_TR_NOOP("a FLOP count such as 4.2e22"), QT_TR_NOOP("a factor such as 1.5x")};
        //: %1 = what kind of number is expected
        m_ui.verdict->setText(tr("Type a number with its unit: %1.").arg(tr(units[int(dim)])));
        return;
    }
    const core::Verdict v = core::judge(g.value, m_answer);
    ++m_tries;
    const QString guess = formatAnswer(g.value), answer = formatAnswer(m_answer);
    // A second try before the answer (issue 31: it was out after the first Check): a wrong first
    // guess hears how far off it is and a hint, not the number.
    if (v.band != core::Verdict::Band::Close && m_tries < 2) {
        const QString direction = v.ratio >= 1 ? tr("too high") : tr("too low");
        //: a drill's first wrong try; %1 = the guess, %2 = "too high" or "too low"
        m_ui.verdict->setText(v.band == core::Verdict::Band::Near ? tr("≈ %1 is close, but %2. One more try?").arg(guess, direction)
                                                                  : tr("✗ %1 is %2. One more try (a hint below), or reveal the steps.").arg(guess, direction));
        m_ui.hint->setText(tr("Hint: %1").arg(fromUtf8(d.hint.in(languageCode().toStdString()))));
        return;
    }
    const QString off = v.ratio >= 1 ? tr("%1 % too high").arg(QLocale().toString((v.ratio - 1) * 100, 'f', 0))
                                     : tr("%1 % too low").arg(QLocale().toString((1 - v.ratio) * 100, 'f', 0));
    switch (v.band) {
    //: drill verdicts; %1 = the guess, %2 = the estimate's answer, %3 = how far off
    case core::Verdict::Band::Close: m_ui.verdict->setText(tr("✔ %1 against %2: within 10 %. Well done.").arg(guess, answer)); break;
    case core::Verdict::Band::Near: m_ui.verdict->setText(tr("≈ %1 against %2: %3, close.").arg(guess, answer, off)); break;
    case core::Verdict::Band::Order: m_ui.verdict->setText(tr("✗ %1 against %2: %3. Reveal the steps to see where.").arg(guess, answer, off)); break;
    case core::Verdict::Band::Off:
        //: %3 = the factor between guess and answer
        m_ui.verdict->setText(tr("✗ %1 against %2: off by a factor of %3. A term missing or counted twice?")
                                  .arg(guess, answer, QLocale().toString(std::max(v.ratio, 1 / v.ratio), 'f', 1)));
        break;
    }
    m_ui.hint->setText(v.band == core::Verdict::Band::Close ? QString() : tr("Hint: %1").arg(fromUtf8(d.hint.in(languageCode().toStdString()))));
    // The answer is out now: show it with the takeaway.
    m_ui.answer->setVisible(true);
    m_ui.takeaway->setVisible(true);
    showAnswer();
}

QString DrillPage::questionText() const { return m_ui.question->text(); }
QString DrillPage::verdictText() const { return m_ui.verdict->text(); }
QString DrillPage::stepText(int index) const
{
    return index >= 0 && index < int(m_stepLabels.size()) && m_stepLabels[std::size_t(index)]->isVisibleTo(this) ? m_stepLabels[std::size_t(index)]->text() : QString();
}
QString DrillPage::answerText() const { return m_ui.answer->isVisibleTo(this) ? m_ui.answer->text() : QString(); }

void DrillPage::retranslateUi()
{
    m_ui.heading->setText(tr("Interview drills"));
    const std::string lang = languageCode().toStdString();
    const QSignalBlocker block(m_ui.list);
    m_ui.list->clear();
    for (const core::Drill& d : m_drills)
        m_ui.list->addItem(fromUtf8(d.title.in(lang)));
    if (m_current >= 0)
        m_ui.list->setCurrentRow(m_current);
    m_ui.prompt->setText(tr("Your estimate (a number with its unit):"));
    m_ui.guess->setPlaceholderText(tr("e.g. 38.5 GB, 61 days, $220k, 1.5x"));
    m_ui.check->setText(tr("&Check"));
    m_ui.next->setText(tr("Reveal the &next step"));
    m_ui.all->setText(tr("Show the whole &derivation"));
    m_ui.open->setText(tr("&Open in the explorer"));
    m_ui.open->setToolTip(tr("Load this drill's scenario into the window (one undo step) to change it and see what moves"));
    prepareSteps(); // the working's words are translated
    showDrill();
    if (!m_ui.guess->text().isEmpty() && !m_ui.verdict->text().isEmpty())
        check(m_ui.guess->text());
}

void DrillPage::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
