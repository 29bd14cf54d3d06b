#include "app/controls/controlsection.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QSignalBlocker>
#include <QLabel>
#include <QVBoxLayout>

#include "widgets/charts/componentpalette.h"
#include "widgets/issuetext.h"
#include "widgets/valueslider.h"

ControlSection::ControlSection(ScenarioController* controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
{
}

bool ControlSection::appliesTo(const core::Scenario&) const
{
    return true;
}

void ControlSection::setEstimate(const core::Estimate&)
{
}

void ControlSection::tag(QWidget* control, core::Field field)
{
    const std::string_view key = core::fieldKey(field);
    control->setProperty("field", QString::fromLatin1(key.data(), qsizetype(key.size())));
}

void ControlSection::track(ValueSlider* slider, core::Field field)
{
    tag(slider, field);
    connect(slider, &ValueSlider::dragStarted, m_controller, [this, field] { m_controller->beginDrag(field); });
    connect(slider, &ValueSlider::dragFinished, m_controller, &ScenarioController::endDrag);
    m_sliders.push_back(SliderField{field, slider});
}

void ControlSection::bind(ValueSlider* slider, core::Field field)
{
    // The box takes every value the field's range allows: a global batch of 1e8 showed as the
    // box's 16,777,216 while the estimate used 1e8 (issue 32.12).
    slider->widenSpinBox(core::fieldInfo(field).max);
    connect(slider, &ValueSlider::valueEdited, this, [this, field](double v) { m_controller->set(field, v); });
    track(slider, field);
}

void ControlSection::bind(QCheckBox* box, core::Field field)
{
    connect(box, &QCheckBox::toggled, this, [this, field](bool on) { m_controller->set(field, on); });
    tag(box, field);
    showErrorsOf(field);
}

void ControlSection::bind(QComboBox* box, core::Field field)
{
    connect(box, &QComboBox::activated, this, [this, box, field](int i) { m_controller->set(field, box->itemData(i).toInt()); });
    tag(box, field);
    showErrorsOf(field);
}

void ControlSection::showErrorsOf(core::Field field)
{
    m_fields.push_back(field);
}

void ControlSection::addIssueLine(QVBoxLayout* layout)
{
    m_issueLine = new QLabel(this);
    m_issueLine->setWordWrap(true);
    m_issueLine->setVisible(false);
    QPalette p = m_issueLine->palette();
    p.setColor(QPalette::WindowText, ComponentPalette::levelColor(ComponentPalette::Level::Bad, ComponentPalette::isDark(palette())));
    m_issueLine->setPalette(p);
    layout->addWidget(m_issueLine);
}

void ControlSection::setIssues(const std::vector<core::Issue>& issues)
{
    for (const SliderField& s : std::as_const(m_sliders)) {
        QStringList errors;
        for (const core::Issue& i : issues)
            if (i.severity == core::Severity::Error && core::issueField(i) == s.field)
                errors << IssueText::reason(i);
        s.slider->setError(errors.join(QLatin1Char('\n')));
    }
    if (!m_issueLine)
        return;
    QStringList errors;
    for (const core::Issue& i : issues) {
        if (i.severity != core::Severity::Error)
            continue;
        const std::optional<core::Field> field = core::issueField(i);
        if (field && m_fields.contains(*field))
            errors << IssueText::message(i);
    }
    const QString text = errors.join(QLatin1Char('\n'));
    if (m_issueLine->text() != text)
        m_issueLine->setText(text);
    m_issueLine->setVisible(!text.isEmpty());
}

void ControlSection::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        setScenario(m_controller->scenario());
    } else if (event->type() == QEvent::PaletteChange && m_issueLine) {
        QPalette p = m_issueLine->palette();
        p.setColor(QPalette::WindowText, ComponentPalette::levelColor(ComponentPalette::Level::Bad, ComponentPalette::isDark(palette())));
        m_issueLine->setPalette(p);
    }
    QWidget::changeEvent(event);
}

void ControlSection::selectData(QComboBox* box, int value)
{
    const QSignalBlocker block(box);
    box->setCurrentIndex(box->findData(value));
}

void ControlSection::setCheckedQuietly(QCheckBox* box, bool on)
{
    const QSignalBlocker block(box);
    box->setChecked(on);
}
