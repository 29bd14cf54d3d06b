#include "app/controls/controlsection.h"

#include <QSignalBlocker>

#include <QComboBox>

#include <QCheckBox>

#include <QEvent>
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

void ControlSection::bind(ValueSlider* slider, ScenarioController::Control control, const char* key)
{
    connect(slider, &ValueSlider::dragStarted, m_controller, [this, control] { m_controller->beginDrag(control); });
    connect(slider, &ValueSlider::dragFinished, m_controller, &ScenarioController::endDrag);
    m_sliders.push_back(SliderKey{QByteArray(key), slider});
}

void ControlSection::addKey(const char* key)
{
    m_keys.push_back(QByteArray(key));
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
    for (const SliderKey& s : std::as_const(m_sliders)) {
        QStringList errors;
        for (const core::Issue& i : issues)
            if (i.severity == core::Severity::Error && s.key == i.key)
                errors << IssueText::reason(i);
        s.slider->setError(errors.join(QLatin1Char('\n')));
    }
    if (!m_issueLine)
        return;
    QStringList errors;
    for (const core::Issue& i : issues)
        if (i.severity == core::Severity::Error && m_keys.contains(QByteArray(i.key)))
            errors << IssueText::message(i);
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
