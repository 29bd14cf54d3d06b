#include "app/controls/modelcontrols.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/fields.h"
#include "core/model.h"
#include "core/io/presets.h"
#include "widgets/comboheaders.h"
#include "widgets/displayformat.h"
#include "widgets/valueslider.h"

ModelControls::ModelControls(ScenarioController* controller, QWidget* parent)
    : ControlSection(controller, parent)
    , m_preset(new QComboBox(this))
    , m_size(new ValueSlider(this))
    , m_edit(new QCheckBox(this))
    , m_architecture(new QWidget(this))
    , m_form(new QFormLayout(m_architecture))
{
    // Grouped by family under headers, in the preset file's order; each entry's tooltip is its
    // source (config.json, model card, the published count it is checked against).
    for (const std::string& family : core::modelPresetFamilies()) {
        addComboHeader(m_preset, QString::fromStdString(family));
        for (const core::ModelPreset& p : core::modelPresets()) {
            if (p.family != family)
                continue;
            m_preset->addItem(QString::fromStdString(p.model.name), QString::fromStdString(p.model.preset));
            m_preset->setItemData(m_preset->count() - 1, QString::fromStdString(p.source), Qt::ToolTipRole);
        }
    }
    m_preset->setMaxVisibleItems(24); // where the style honours it: half of the 47 rows with headers
    m_preset->insertSeparator(m_preset->count());
    m_preset->addItem(QString(), QString()); // the custom entry, named in retranslateUi
    connect(m_preset, &QComboBox::activated, this, [this](int index) {
        const QString id = m_preset->itemData(index).toString();
        if (!id.isEmpty())
            m_controller->setModelPreset(id);
    });
    tag(m_preset, core::Field::ModelPreset);

    // 1B … 2T along the family of shapes; the spin box takes billions.
    m_size->setContinuous(1e9, 2e12, true);
    // Typed sizes reach the core's limit (10^16 parameters, model.parameters' range); a larger
    // one is set to it and the slider says so (ValueSlider::clampNote).
    m_size->setSpinBox(0.1, core::fieldInfo(core::Field::ModelParameters).max / 1e9, 2, 1e9);
    connect(m_size, &ValueSlider::valueEdited, m_controller, &ScenarioController::setModelSize);
    track(m_size, core::Field::ModelParameters);

    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_layers = addSpin(1, 1000, 1, core::Field::ModelNumLayers);
    m_hidden = addSpin(64, 131072, 128, core::Field::ModelHiddenSize);
    m_heads = addSpin(1, 1024, 1, core::Field::ModelNumAttentionHeads);
    m_kvHeads = addSpin(1, 1024, 1, core::Field::ModelNumQueryGroups);
    m_ffn = addSpin(64, 524288, 256, core::Field::ModelFfnHiddenSize);
    m_architecture->setVisible(false);
    connect(m_edit, &QCheckBox::toggled, m_architecture, &QWidget::setVisible);
    for (core::Field field : {core::Field::ModelNumLayers, core::Field::ModelHiddenSize, core::Field::ModelNumAttentionHeads,
                              core::Field::ModelNumQueryGroups, core::Field::ModelFfnHiddenSize, core::Field::ModelVocabSize})
        showErrorsOf(field);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_preset);
    layout->addWidget(m_size);
    layout->addWidget(m_edit);
    layout->addWidget(m_architecture);
    addIssueLine(layout);
    retranslateUi();
}

QSpinBox* ModelControls::addSpin(int minimum, int maximum, int step, core::Field field)
{
    auto* spin = new QSpinBox(m_architecture);
    spin->setRange(minimum, maximum);
    spin->setSingleStep(step);
    spin->setKeyboardTracking(false);
    spin->setGroupSeparatorShown(true);
    connect(spin, &QSpinBox::valueChanged, this, [this, field](int value) { m_controller->set(field, value); });
    tag(spin, field);
    auto* label = new QLabel(m_architecture);
    label->setBuddy(spin);
    m_form->addRow(label, spin);
    return spin;
}

QString ModelControls::title() const
{
    return tr("Model");
}

void ModelControls::setScenario(const core::Scenario& s)
{
    const core::ModelArchitecture& m = s.model;
    const core::ParameterCounts counts = core::countParameters(m);
    {
        const QSignalBlocker block(m_preset);
        const int index = m_preset->findData(QString::fromStdString(m.preset));
        m_preset->setCurrentIndex(index >= 0 ? index : m_preset->count() - 1);
        // An imported or edited model is named in the picker, not "Custom (…)" (issue 31).
        m_customName = index >= 0 && !m.preset.empty() ? QString() : QString::fromStdString(m.name);
        nameCustomEntry();
    }
    m_size->setValue(counts.total);
    const QLocale locale;
    if (m.hasArchitecture) {
        //: model shape under the size slider; %1 = parameters, %2 = layers, %3 = hidden size, %4 = heads, %5 = KV heads, %6 = FFN size
        m_size->setNote(tr("%1 parameters · %2 layers · hidden %3 · %4 heads (%5 KV) · FFN %6")
                            .arg(DisplayFormat::count(counts.total), locale.toString(m.numLayers), locale.toString(m.hiddenSize),
                                 locale.toString(m.numAttentionHeads), locale.toString(m.numQueryGroups > 0 ? m.numQueryGroups : m.numAttentionHeads),
                                 locale.toString(m.ffnHiddenSize)));
    } else {
        //: under the size slider for a model known only by its parameter count; %1 = parameters
        m_size->setNote(tr("%1 parameters (count only: activations assume the family shape)").arg(DisplayFormat::count(counts.total)));
    }
    const std::pair<QSpinBox*, int> values[] = {{m_layers, m.numLayers}, {m_hidden, m.hiddenSize}, {m_heads, m.numAttentionHeads},
                                                {m_kvHeads, m.numQueryGroups > 0 ? m.numQueryGroups : m.numAttentionHeads},
                                                {m_ffn, m.ffnHiddenSize}};
    for (const auto& [spin, value] : values) {
        const QSignalBlocker block(spin);
        spin->setValue(value);
        spin->setEnabled(m.hasArchitecture || m_edit->isChecked());
    }
}

void ModelControls::nameCustomEntry()
{
    m_preset->setItemText(m_preset->count() - 1, m_customName.isEmpty() ? tr("Custom (size slider or edited)")
                                                                          //: the model picker's entry for a model of no preset; %1 = its name
                                                                          : tr("%1 (custom)").arg(m_customName));
}

void ModelControls::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        colourComboHeaders(m_preset, palette()); // the family headers follow light/dark
    ControlSection::changeEvent(event);
}

void ModelControls::retranslateUi()
{
    // The textbook's bare counts are named in the window's language; the other presets are
    // the models' own names.
    for (int i = 0; i < m_preset->count(); ++i) {
        const QString id = m_preset->itemData(i).toString();
        if (id == QLatin1String("textbook-7b"))
            m_preset->setItemText(i, tr("7B (textbook)"));
        else if (id == QLatin1String("textbook-70b"))
            m_preset->setItemText(i, tr("70B (textbook)"));
        else if (i == 0 && isComboHeader(m_preset, 0) && core::modelPresetFamilies().front() == "Textbook")
            //: the picker's first group: bare parameter counts (7 × 10⁹, 7 × 10¹⁰) as textbooks use them
            m_preset->setItemText(i, tr("Textbook (counts only)"));
    }
    nameCustomEntry();
    m_preset->setToolTip(tr("Published model architectures, grouped by family; their parameter counts match the published ones.\n"
                            "Each entry's tooltip names its sources."));
    m_size->setLabel(tr("Model &size"));
    m_size->setSuffix(tr(" B", "billions of parameters"));
    m_size->setToolTip(tr("Moves along a Llama-3-style family of shapes from 1 B to 2 T parameters:\n"
                          "hidden size, depth and heads grow together as in Llama 3 1B…405B."));
    m_edit->setText(tr("&Edit layers, hidden size and heads"));
    const char* labels[] = {QT_TR_NOOP("Layers"), QT_TR_NOOP("Hidden size"), QT_TR_NOOP("Attention heads"), QT_TR_NOOP("KV heads"),
                            QT_TR_NOOP("FFN size")};
    for (int row = 0; row < m_form->rowCount(); ++row)
        if (auto* label = qobject_cast<QLabel*>(m_form->itemAt(row, QFormLayout::LabelRole) ? m_form->itemAt(row, QFormLayout::LabelRole)->widget() : nullptr))
            label->setText(tr(labels[row]));
    m_kvHeads->setToolTip(tr("Key/value heads (query groups): fewer than the attention heads is grouped-query attention."));
    m_ffn->setToolTip(tr("Width of the MLP's hidden layer (SwiGLU: about 3.5 × hidden)."));
}
