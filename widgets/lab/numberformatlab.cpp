#include "widgets/lab/numberformatlab.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QTabBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <numbers>

#include "core/weightformat.h"
#include "widgets/lab/bitlayoutview.h"
#include "widgets/lab/formatcomparisonview.h"
#include "widgets/lab/formattable.h"
#include "widgets/lab/lossscalingview.h"
#include "widgets/lab/tensorstudioview.h"
#include "widgets/lab/numberformatstyle.h"
#include "widgets/lab/numberlineplot.h"
#include "widgets/lab/quantizationpanel.h"

namespace {

using InputError = NumberFormatLab::InputError;

struct Parsed
{
    double value = 0;
    InputError error = InputError::None;
};

/// One number: a decimal in the C or the system locale, or π.
Parsed parseAtom(const QString& text)
{
    const QString t = text.toLower();
    if (t == QLatin1String("pi") || t == QStringLiteral("π") || t == QLatin1String("+pi") || t == QStringLiteral("+π"))
        return {std::numbers::pi};
    if (t == QLatin1String("-pi") || t == QStringLiteral("-π"))
        return {-std::numbers::pi};
    bool ok = false;
    double v = QLocale::c().toDouble(t, &ok);
    if (!ok)
        v = QLocale::system().toDouble(t, &ok);
    if (ok) {
        if (std::isnan(v))
            return {v, InputError::NaN};
        if (std::isinf(v))
            return {v, InputError::Infinite};
        return {v};
    }
    // A well-formed literal the double cannot hold: 1e400 or 1e-400.
    static const QRegularExpression literal(QStringLiteral(R"(^[+-]?(\d+\.?\d*|\.\d+)e([+-]?\d+)$)"));
    if (const QRegularExpressionMatch m = literal.match(t); m.hasMatch())
        return {0, m.captured(2).toInt() > 0 ? InputError::TooLarge : InputError::TooSmall};
    if (t == QLatin1String("infinity") || t == QLatin1String("+infinity") || t == QLatin1String("-infinity")
        || t.endsWith(QStringLiteral("∞")))
        return {0, InputError::Infinite};
    return {0, InputError::NotANumber};
}

Parsed checked(double v)
{
    if (std::isnan(v))
        return {v, InputError::NotANumber};
    if (std::isinf(v))
        return {v, InputError::TooLarge};
    return {v};
}

/// a, a^b (or a**b), a/b, a*b: enough for 2^-24, 1/3 and 6.1e-5*2^13.
Parsed parseValue(const QString& raw)
{
    QString t = raw.trimmed();
    t.replace(QChar(0x2212), QLatin1Char('-'));
    t.replace(QStringLiteral("×"), QStringLiteral("*"));
    t.replace(QStringLiteral("**"), QStringLiteral("^"));
    t.remove(QLatin1Char(' '));
    if (t.isEmpty())
        return {0, InputError::Empty};
    for (QChar op : {QLatin1Char('/'), QLatin1Char('*')}) {
        const qsizetype at = t.lastIndexOf(op);
        if (at > 0 && at < t.size() - 1) {
            const Parsed a = parseValue(t.left(at));
            const Parsed b = parseValue(t.mid(at + 1));
            if (a.error != InputError::None)
                return a;
            if (b.error != InputError::None)
                return b;
            if (op == QLatin1Char('/') && b.value == 0)
                return {0, InputError::NotANumber};
            return checked(op == QLatin1Char('/') ? a.value / b.value : a.value * b.value);
        }
    }
    const qsizetype caret = t.indexOf(QLatin1Char('^'));
    if (caret > 0 && caret < t.size() - 1) {
        const Parsed base = parseAtom(t.left(caret));
        const Parsed exponent = parseAtom(t.mid(caret + 1));
        if (base.error != InputError::None)
            return base;
        if (exponent.error != InputError::None)
            return exponent;
        const double v = std::pow(base.value, exponent.value);
        if (v == 0 && base.value != 0)
            return {0, InputError::TooSmall};
        return checked(v);
    }
    return parseAtom(t);
}

QString squareSpan(const QColor& color)
{
    return QStringLiteral("<span style=\"color:%1\">■</span>").arg(color.name());
}

} // namespace

NumberFormatLab::NumberFormatLab(QWidget* parent)
    : QWidget(parent)
{
    // One value bit by bit, then whole tensors: the pages of the lab. A tab bar over one page at
    // a time, not a QTabWidget: a stacked layout's height-for-width is the tallest page's, and
    // the scroll area around the lab would give every page the one-value page's height.
    m_outer = new QVBoxLayout(this);
    m_outer->setContentsMargins(0, 0, 0, 0);
    m_tabs = new QTabBar;
    m_tabs->setDocumentMode(true);
    m_tabs->setExpanding(false);
    m_outer->addWidget(m_tabs);
    auto* single = new QWidget;
    m_tensorStudio = new TensorStudioView;
    m_comparison = new FormatComparisonView;
    m_lossScaling = new LossScalingView;
    m_pageWidgets = {single, m_tensorStudio, m_comparison, m_lossScaling};
    for (QWidget* page : m_pageWidgets) {
        m_tabs->addTab(QString());
        page->setParent(this);
        page->hide();
    }
    m_outer->addWidget(single, 1);
    single->show();
    // The comparison takes the studio's tensor; both apply formats through the lab's signals.
    connect(m_tensorStudio, &TensorStudioView::tensorChanged, this, [this] { m_comparison->setTensor(m_tensorStudio->studio().tensor()); });
    connect(m_tabs, &QTabBar::currentChanged, this, [this](int index) {
        QWidget* next = m_pageWidgets.value(index);
        if (!next || next == m_current)
            return;
        m_outer->removeWidget(m_current);
        m_current->hide();
        m_outer->addWidget(next, 1);
        next->show();
        m_current = next;
        if (next == m_comparison) {
            m_tensorStudio->flush(); // its first tensor, if the studio was never shown
            m_comparison->flush();
        }
    });
    m_current = single;
    connect(m_tensorStudio, &TensorStudioView::servingWeightsChosen, this, &NumberFormatLab::servingWeightsChosen);
    connect(m_tensorStudio, &TensorStudioView::kvCacheChosen, this, &NumberFormatLab::kvCacheDtypeChosen);
    connect(m_comparison, &FormatComparisonView::servingWeightsChosen, this, &NumberFormatLab::servingWeightsChosen);
    connect(m_comparison, &FormatComparisonView::kvCacheChosen, this, &NumberFormatLab::kvCacheDtypeChosen);

    auto* top = new QVBoxLayout(single);

    // Input row: the value and a few examples worth pasting.
    auto* inputRow = new QHBoxLayout;
    m_ui.value = new QLabel;
    m_edit = new QLineEdit;
    m_edit->setObjectName(QStringLiteral("valueEdit"));
    m_edit->setClearButtonEnabled(true);
    m_ui.value->setBuddy(m_edit);
    inputRow->addWidget(m_ui.value);
    inputRow->addWidget(m_edit, 1);
    for (const char* example : {"3.14159265", "0.1", "65504", "65520", "1e-8", "448", "2^-24"}) {
        auto* button = new QToolButton;
        button->setText(QString::fromLatin1(example));
        button->setAutoRaise(false);
        connect(button, &QToolButton::clicked, this, [this, example] {
            const QString text = QString::fromLatin1(example);
            m_edit->setText(text);
            onTextEdited(text);
        });
        inputRow->addWidget(button);
        m_ui.examples.push_back(button);
    }
    top->addLayout(inputRow);
    m_message = new QLabel;
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_message);

    auto* columns = new QHBoxLayout;
    m_columns = columns;
    top->addLayout(columns, 1);

    // Left: one bit row per format.
    m_ui.bits = new QGroupBox;
    auto* bitsLayout = new QVBoxLayout(m_ui.bits);
    bitsLayout->setSpacing(0);
    m_legend = new QLabel;
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setWordWrap(true);
    bitsLayout->addWidget(m_legend);
    bitsLayout->addSpacing(4);
    for (core::NumberFormat f : core::kElementFormats) {
        auto* view = new BitLayoutView(f);
        if (!m_views.isEmpty())
            bitsLayout->addStretch(1); // spare height goes between the rows, evenly
        m_views.push_back(view);
        bitsLayout->addWidget(view);
        connect(view, &BitLayoutView::bitsEdited, this, [this, view] { onBitsEdited(view); });
    }
    columns->addWidget(m_ui.bits, 0);

    // Right: the table, the number line and the quantization panel.
    auto* right = new QVBoxLayout;
    columns->addLayout(right, 1);
    m_ui.table = new QGroupBox;
    auto* tableLayout = new QVBoxLayout(m_ui.table);
    m_table = new FormatTable;
    tableLayout->addWidget(m_table);
    auto* memoryRow = new QHBoxLayout;
    m_ui.memory = new QLabel;
    m_ui.memory->setWordWrap(true);
    m_ui.useForWeights = new QPushButton;
    memoryRow->addWidget(m_ui.memory, 1);
    memoryRow->addWidget(m_ui.useForWeights);
    tableLayout->addLayout(memoryRow);
    right->addWidget(m_ui.table);

    m_ui.plot = new QGroupBox;
    auto* plotLayout = new QVBoxLayout(m_ui.plot);
    m_plot = new NumberLinePlot;
    plotLayout->addWidget(m_plot, 1);
    m_ui.plotHint = new QLabel;
    m_ui.plotHint->setWordWrap(true);
    plotLayout->addWidget(m_ui.plotHint);
    right->addWidget(m_ui.plot, 1);

    m_ui.quantization = new QGroupBox;
    auto* quantLayout = new QVBoxLayout(m_ui.quantization);
    m_quantization = new QuantizationPanel;
    quantLayout->addWidget(m_quantization);
    right->addWidget(m_ui.quantization);

    connect(m_edit, &QLineEdit::textEdited, this, &NumberFormatLab::onTextEdited);
    // Only formats weights can be served in leave the lab (core::weightFormatFor).
    connect(m_table, &FormatTable::formatActivated, this, [this](core::NumberFormat f) {
        if (core::weightFormatFor(f))
            emit weightFormatChosen(f);
    });
    connect(m_table, &FormatTable::currentFormatChanged, this, &NumberFormatLab::updateMemoryLine);
    connect(m_ui.useForWeights, &QPushButton::clicked, this, [this] {
        if (core::weightFormatFor(m_table->currentFormat()))
            emit weightFormatChosen(m_table->currentFormat());
    });

    retranslateUi();
    updateColors();
    m_edit->setText(QStringLiteral("3.14159265"));
    onTextEdited(m_edit->text());
}

void NumberFormatLab::setStacked(bool stacked)
{
    const auto direction = stacked ? QBoxLayout::TopToBottom : QBoxLayout::LeftToRight;
    if (m_columns->direction() != direction)
        m_columns->setDirection(direction);
}

bool NumberFormatLab::isStacked() const
{
    return m_columns->direction() == QBoxLayout::TopToBottom;
}

BitLayoutView* NumberFormatLab::view(core::NumberFormat format) const
{
    for (BitLayoutView* v : m_views)
        if (v->format() == format)
            return v;
    return nullptr;
}

void NumberFormatLab::setValue(double value)
{
    if (!std::isfinite(value))
        return;
    m_edit->setText(QString::number(value, 'g', 17));
    m_inputError = InputError::None;
    showValue(value);
}

bool NumberFormatLab::setText(const QString& text)
{
    m_edit->setText(text);
    onTextEdited(text);
    return m_inputError == InputError::None;
}

void NumberFormatLab::onTextEdited(const QString& text)
{
    const Parsed parsed = parseValue(text);
    if (parsed.error != InputError::None) {
        showInputError(parsed.error, text.trimmed());
        return;
    }
    m_inputError = InputError::None;
    showValue(parsed.value);
}

void NumberFormatLab::onBitsEdited(BitLayoutView* source)
{
    const double v = source->value();
    if (std::isfinite(v)) {
        // A finite pattern becomes everyone's input, so the other rows show how they store it.
        setValue(v);
        return;
    }
    //: after flipping a bit; %1 = format, %2 = +∞, −∞ or NaN, %3 = the value the other rows keep
    m_note = tr("%1 now holds %2; the other rows keep %3.")
                 .arg(NumberFormatStyle::formatName(source->format()), NumberFormatStyle::number(v),
                      NumberFormatStyle::number(m_value));
    updateStory();
}

void NumberFormatLab::showValue(double value)
{
    m_note.clear();
    const bool changed = value != m_value || std::signbit(value) != std::signbit(m_value);
    m_value = value;
    for (BitLayoutView* v : m_views)
        v->setValue(value);
    m_plot->setMarker(value);
    updateStory();
    updateColors();
    if (changed)
        emit valueChanged(value);
}

void NumberFormatLab::showInputError(InputError error, const QString& text)
{
    m_inputError = error;
    m_badText = text;
    updateStory();
    updateColors();
}

QString NumberFormatLab::message() const
{
    return m_message->text();
}

void NumberFormatLab::updateStory()
{
    switch (m_inputError) {
    case InputError::None:
        break;
    case InputError::Empty:
        m_message->setText(tr("Type a number, e.g. 3.14159265, 65504, 1e-8, 448 or 2^-24."));
        return;
    case InputError::NotANumber:
        //: %1 = what was typed
        m_message->setText(tr("“%1” is not a number. Try 3.14159265, 1e-8, 2^-24, 1/3 or pi.").arg(m_badText));
        return;
    case InputError::NaN:
        m_message->setText(tr("NaN is not a value to store. To see how a format encodes NaN, set its exponent bits to all ones."));
        return;
    case InputError::Infinite:
        m_message->setText(tr("∞ cannot be typed here. To see a format's infinity, set its exponent bits to all ones (FP8 E4M3 and FP4 E2M1 have none)."));
        return;
    case InputError::TooLarge:
        //: %1 = what was typed
        m_message->setText(tr("“%1” is beyond even FP64's range (±1.8 × 10³⁰⁸), so no format here can hold it.").arg(m_badText));
        return;
    case InputError::TooSmall:
        //: %1 = what was typed
        m_message->setText(tr("“%1” is below FP64's smallest value (4.9 × 10⁻³²⁴): every format stores 0.").arg(m_badText));
        return;
    }

    QStringList flushed, overflowed;
    for (const BitLayoutView* v : m_views) {
        if (v->conversion() == core::Conversion::Underflow)
            flushed << NumberFormatStyle::formatName(v->format());
        else if (v->conversion() == core::Conversion::Overflow)
            overflowed << NumberFormatStyle::formatName(v->format());
    }
    const QString x = NumberFormatStyle::number(m_value, 6);
    QStringList lines;
    if (!m_note.isEmpty())
        lines << m_note;
    const core::Conversion fp16 = view(core::NumberFormat::Fp16)->conversion();
    const core::Conversion bf16 = view(core::NumberFormat::Bf16)->conversion();
    if (fp16 == core::Conversion::Underflow && bf16 != core::Conversion::Underflow) {
        const double minNormal = core::properties(core::NumberFormat::Fp16).minNormal;
        const int k = int(std::ceil(std::log2(minNormal / std::abs(m_value))));
        //: %1 = the value, %2 = loss-scale factor, %3 = its power of two
        lines << tr("A gradient of %1 vanishes in FP16 but survives in BF16, which keeps FP32's exponent range. "
                    "This is why FP16 training scales the loss: ×%2 (%3) lifts this value into FP16's normal range.")
                     .arg(x, QString::number(std::ldexp(1.0, k), 'f', 0), NumberFormatStyle::powerOfTwo(k));
    } else if (fp16 == core::Conversion::Overflow && bf16 != core::Conversion::Overflow) {
        //: %1 = the value
        lines << tr("%1 overflows FP16 (max 65504) but not BF16. Under dynamic loss scaling an overflow like this "
                    "skips the step and halves the scale.")
                     .arg(x);
    }
    QStringList summary;
    if (!flushed.isEmpty())
        //: %1 = list of formats
        summary << tr("Flushes to zero in %1.").arg(QLocale().createSeparatedList(flushed));
    if (!overflowed.isEmpty())
        //: %1 = list of formats
        summary << tr("Overflows or clamps in %1.").arg(QLocale().createSeparatedList(overflowed));
    if (summary.isEmpty())
        //: %1 = the value
        summary << tr("%1 is within range of every format; the rows show how each rounds it.").arg(x);
    lines << summary.join(QLatin1Char(' '));
    m_message->setText(lines.join(QLatin1Char('\n')));
}

void NumberFormatLab::setModel(const core::ServedModel& model, const core::WeightQuantization& servingWeights)
{
    // Every estimate sends the model; a slider drag that does not change it costs nothing here.
    if (m_haveModel && model == m_model && servingWeights == m_servingWeights)
        return;
    m_model = model;
    m_servingWeights = servingWeights;
    m_haveModel = model.parameters > 0;
    m_tensorStudio->setModel(model, servingWeights);
    m_comparison->setModel(model);
    m_lossScaling->setGradientCount(model.parameters);
    updateMemoryLine();
}

QString NumberFormatLab::memoryLine() const
{
    return m_ui.memory->text();
}

void NumberFormatLab::showPage(Page page)
{
    m_tabs->setCurrentIndex(int(page));
}

void NumberFormatLab::updateMemoryLine()
{
    const core::NumberFormat f = m_table->currentFormat();
    // The scenario's model, counted as the memory bars will count it after "Use for weights":
    // its linear weights in this format with the scenario's groups and scales, the rest 16-bit.
    const std::optional<core::WeightFormat> served = core::weightFormatFor(f);
    double bits = core::describe(f).bitsPerValue();
    if (served) {
        core::WeightQuantization q = m_servingWeights;
        q.format = *served;
        bits = core::bitsPerParameter(q, m_model.rowLength);
    }
    m_memoryBytes = m_haveModel ? m_model.weightBytes(bits) : 0;
    if (!m_haveModel) {
        //: %1 = format, %2 = bits per value
        m_ui.memory->setText(tr("%1: %2 bits per value.").arg(NumberFormatStyle::formatName(f), QString::number(bits, 'g', 6)));
    } else {
        const QString name = m_model.name.empty() ? tr("The scenario's model") : QString::fromStdString(m_model.name);
        //: %1 = model name, %2 = parameters in billions, %3 = format, %4 = bits per weight, %5 = gigabytes of weights
        m_ui.memory->setText(tr("%1 (%2 B parameters) in %3: %4 bits per weight → %5 GB of weights.")
                                 .arg(name, QString::number(m_model.parameters / 1e9, 'g', 4), NumberFormatStyle::formatName(f),
                                      QString::number(bits, 'g', 6), QString::number(m_memoryBytes / 1e9, 'g', 4)));
    }
    // Say why a format cannot be the weights' rather than hiding the button.
    const bool servable = core::weightFormatFor(f).has_value();
    m_ui.useForWeights->setEnabled(servable);
    if (servable)
        //: tooltip of "Use for weights"; %1 = format
        m_ui.useForWeights->setToolTip(tr("Serve the model with its weights in %1 (switches the explorer to inference)").arg(NumberFormatStyle::formatName(f)));
    else if (f == core::NumberFormat::Tf32)
        m_ui.useForWeights->setToolTip(tr("TF32 is how tensor cores read FP32 inputs, not a format weights are stored in"));
    else
        //: tooltip of the disabled "Use for weights"; %1 = format
        m_ui.useForWeights->setToolTip(tr("The estimate has no serving weight format for %1 (it knows FP32, BF16, FP16, FP8, INT8, INT4 and NF4)")
                                           .arg(NumberFormatStyle::formatName(f)));
}

void NumberFormatLab::retranslateUi()
{
    m_tabs->setTabText(0, tr("One value"));
    m_tabs->setTabToolTip(0, tr("What FP32 … INT4 store for one number, bit by bit"));
    m_tabs->setTabText(1, tr("Tensor studio"));
    m_tabs->setTabToolTip(1, tr("A whole tensor in a format with its scales: what is lost, and what a model would weigh"));
    m_tabs->setTabText(2, tr("Compare formats"));
    m_tabs->setTabToolTip(2, tr("The same tensor in nine formats, ranked by error and by bytes"));
    m_tabs->setTabText(3, tr("Loss scaling"));
    m_tabs->setTabToolTip(3, tr("FP16 gradients under GradScaler's dynamic loss scale, over a run"));
    m_ui.value->setText(tr("&Value:"));
    m_edit->setPlaceholderText(tr("A decimal such as 3.14159265, 1e-8 or 2^-24"));
    m_edit->setToolTip(tr("Every format below shows what it stores for this value. Accepts decimals, 1e-8, 2^-24, 1/3 and pi."));
    for (QToolButton* b : m_ui.examples)
        //: tooltip of an example button; %1 = the example value
        b->setToolTip(tr("Show %1").arg(b->text()));
    m_ui.bits->setTitle(tr("What each format stores"));
    m_ui.table->setTitle(tr("Ranges, precision and memory"));
    m_ui.plot->setTitle(tr("Where the positive values lie"));
    m_ui.quantization->setTitle(tr("Integer quantization: x_q = round(x / scale) + z"));
    m_ui.plotHint->setText(tr("Dashed: subnormals · ticks: every 8- and 4-bit value · drag or scroll to zoom"));
    m_ui.plotHint->setToolTip(tr("Log scale of |x|. Double-click the plot to see the whole range again."));
    m_ui.useForWeights->setText(tr("Use for &weights"));
    updateMemoryLine();
    updateStory();
    updateColors();
}

void NumberFormatLab::updateColors()
{
    using NumberFormatStyle::Field;
    const bool dark = NumberFormatStyle::isDark(palette());
    const QColor muted = palette().color(QPalette::PlaceholderText);
    //: legend of the bit colours
    m_legend->setText(tr("%1 sign  %2 exponent  %3 mantissa  %4 integer  <span style=\"color:%5\">· dashed: implicit bit "
                         "· click a bit to flip it, ↑/↓ to step</span>")
                          .arg(squareSpan(NumberFormatStyle::fieldFill(Field::Sign, true, dark)),
                               squareSpan(NumberFormatStyle::fieldFill(Field::Exponent, true, dark)),
                               squareSpan(NumberFormatStyle::fieldFill(Field::Mantissa, true, dark)),
                               squareSpan(NumberFormatStyle::fieldFill(Field::Integer, true, dark)), muted.name()));
    QPalette pal = m_message->palette();
    pal.setColor(QPalette::WindowText, m_inputError == InputError::None ? palette().color(QPalette::WindowText)
                                                                        : NumberFormatStyle::alertColor(dark));
    m_message->setPalette(pal);
    QPalette hint = m_ui.plotHint->palette();
    hint.setColor(QPalette::WindowText, muted);
    m_ui.plotHint->setPalette(hint);
}

void NumberFormatLab::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        updateColors();
    QWidget::changeEvent(event);
}
