#include "widgets/lab/tensorstudioview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "core/io/jsonlimits.h"
#include "core/io/tensorfile.h"
#include "widgets/issuetext.h"
#include "widgets/lab/errorhistogramplot.h"
#include "widgets/lab/numberformatstyle.h"
#include "widgets/lab/tensorhistogramplot.h"
#include "widgets/lab/tensorstatspanel.h"
#include "widgets/lab/tensortext.h"
#include "widgets/valueslider.h"

namespace {

struct Shape
{
    std::int64_t rows, cols;
};
// 2^20 ≈ 10⁶ values first: the size the studio is built to recompute within a frame.
const Shape kShapes[] = {{1024, 1024}, {4096, 256}, {256, 4096}, {64, 16384}, {1, 65536}, {4096, 4096}};

const core::Distribution kDistributions[] = {core::Distribution::Normal, core::Distribution::Laplace, core::Distribution::Outliers,
                                             core::Distribution::LogNormal, core::Distribution::LogUniform};
constexpr int kFromFile = -1;

const core::ScaleFormat kScaleFormats[] = {core::ScaleFormat::Fp16, core::ScaleFormat::Bf16, core::ScaleFormat::Fp32,
                                           core::ScaleFormat::Fp8, core::ScaleFormat::E8M0};

bool isGradient(core::Distribution d)
{
    return d == core::Distribution::LogNormal || d == core::Distribution::LogUniform;
}

} // namespace

TensorStudioView::TensorStudioView(QWidget* parent)
    : QWidget(parent)
    , m_regenerate(new QTimer(this))
    , m_analyse(new QTimer(this))
{
    // A burst of edits (a slider drag) is one recomputation on the next event-loop pass.
    for (QTimer* t : {m_regenerate, m_analyse}) {
        t->setSingleShot(true);
        t->setInterval(0);
    }
    connect(m_regenerate, &QTimer::timeout, this, &TensorStudioView::regenerate);
    connect(m_analyse, &QTimer::timeout, this, &TensorStudioView::analyse);
    m_recipe = core::defaultRecipe(core::TensorFormat::Int8);
    buildUi();
    syncControls();
    retranslateUi();
    updateColors();
}

TensorStudioView::~TensorStudioView() = default;

void TensorStudioView::buildUi()
{
    auto* top = new QHBoxLayout(this);
    auto* controls = new QVBoxLayout;
    top->addLayout(controls, 0);

    m_ui.tensor = new QGroupBox;
    auto* tensorForm = new QFormLayout(m_ui.tensor);
    m_ui.source = new QComboBox;
    for (core::Distribution d : kDistributions)
        m_ui.source->addItem(QString(), int(d));
    m_ui.source->addItem(QString(), kFromFile);
    m_ui.sourceLabel = new QLabel;
    m_ui.sourceLabel->setBuddy(m_ui.source);
    tensorForm->addRow(m_ui.sourceLabel, m_ui.source);
    m_ui.shape = new QComboBox;
    for (std::size_t i = 0; i < std::size(kShapes); ++i)
        m_ui.shape->addItem(QString());
    m_ui.shapeLabel = new QLabel;
    m_ui.shapeLabel->setBuddy(m_ui.shape);
    tensorForm->addRow(m_ui.shapeLabel, m_ui.shape);
    m_ui.spread = new ValueSlider;
    m_ui.spread->setContinuous(1e-4, 1, true);
    m_ui.spread->setSpinBox(1e-5, 100, 5);
    tensorForm->addRow(m_ui.spread);
    m_ui.low = new ValueSlider;
    m_ui.low->setContinuous(-40, 0, false);
    m_ui.low->setSpinBox(-45, 38, 1);
    m_ui.high = new ValueSlider;
    m_ui.high->setContinuous(-20, 10, false);
    m_ui.high->setSpinBox(-45, 38, 1);
    tensorForm->addRow(m_ui.low);
    tensorForm->addRow(m_ui.high);
    auto* buttons = new QHBoxLayout;
    m_ui.resample = new QPushButton;
    m_ui.load = new QPushButton;
    buttons->addWidget(m_ui.resample);
    buttons->addWidget(m_ui.load);
    tensorForm->addRow(buttons);
    m_ui.file = new QLabel;
    m_ui.file->setWordWrap(true);
    tensorForm->addRow(m_ui.file);
    controls->addWidget(m_ui.tensor);

    m_ui.storage = new QGroupBox;
    auto* storageForm = new QFormLayout(m_ui.storage);
    m_ui.format = new QComboBox;
    for (core::TensorFormat f : core::kTensorFormats)
        m_ui.format->addItem(QString(), int(f));
    m_ui.formatLabel = new QLabel;
    m_ui.formatLabel->setBuddy(m_ui.format);
    storageForm->addRow(m_ui.formatLabel, m_ui.format);
    m_ui.formatNote = new QLabel;
    m_ui.formatNote->setWordWrap(true);
    storageForm->addRow(m_ui.formatNote);
    m_ui.scaling = new QComboBox;
    m_ui.scalingLabel = new QLabel;
    m_ui.scalingLabel->setBuddy(m_ui.scaling);
    storageForm->addRow(m_ui.scalingLabel, m_ui.scaling);
    m_ui.group = new ValueSlider;
    m_ui.group->setSteps({16, 32, 64, 128, 256, 512, 1024});
    m_ui.group->setSpinBox(2, 65536, 0);
    storageForm->addRow(m_ui.group);
    m_ui.scheme = new QComboBox;
    m_ui.scheme->addItem(QString(), int(core::QuantScheme::Symmetric));
    m_ui.scheme->addItem(QString(), int(core::QuantScheme::Asymmetric));
    m_ui.schemeLabel = new QLabel;
    m_ui.schemeLabel->setBuddy(m_ui.scheme);
    storageForm->addRow(m_ui.schemeLabel, m_ui.scheme);
    m_ui.scaleFormat = new QComboBox;
    for (core::ScaleFormat f : kScaleFormats)
        m_ui.scaleFormat->addItem(QString(), int(f));
    m_ui.scaleFormatLabel = new QLabel;
    m_ui.scaleFormatLabel->setBuddy(m_ui.scaleFormat);
    storageForm->addRow(m_ui.scaleFormatLabel, m_ui.scaleFormat);
    m_ui.clip = new QCheckBox;
    storageForm->addRow(m_ui.clip);
    m_ui.percentile = new ValueSlider;
    m_ui.percentile->setSteps({99, 99.5, 99.9, 99.95, 99.99, 99.999, 100});
    m_ui.percentile->setSpinBox(50.001, 100, 3);
    storageForm->addRow(m_ui.percentile);
    m_ui.recipeError = new QLabel;
    m_ui.recipeError->setWordWrap(true);
    storageForm->addRow(m_ui.recipeError);
    controls->addWidget(m_ui.storage);

    // The figures under the controls; the two plots share the right side.
    m_ui.figures = new QGroupBox;
    auto* figuresLayout = new QVBoxLayout(m_ui.figures);
    m_stats = new TensorStatsPanel;
    figuresLayout->addWidget(m_stats);
    m_ui.model = new QLabel;
    m_ui.model->setWordWrap(true);
    m_ui.model->setTextInteractionFlags(Qt::TextSelectableByMouse);
    figuresLayout->addWidget(m_ui.model);
    auto* use = new QHBoxLayout;
    m_ui.useForWeights = new QPushButton;
    m_ui.useForKv = new QPushButton;
    use->addWidget(m_ui.useForWeights);
    use->addWidget(m_ui.useForKv);
    use->addStretch(1);
    figuresLayout->addLayout(use);
    controls->addWidget(m_ui.figures);
    controls->addStretch(1);

    auto* right = new QVBoxLayout;
    top->addLayout(right, 1);
    m_ui.values = new QGroupBox;
    auto* valuesLayout = new QVBoxLayout(m_ui.values);
    m_histogram = new TensorHistogramPlot;
    m_histogram->setStudio(&m_studio);
    valuesLayout->addWidget(m_histogram, 1);
    auto* valuesRow = new QHBoxLayout;
    m_ui.logScale = new QCheckBox;
    m_ui.logCounts = new QCheckBox;
    m_ui.gridNote = new QLabel;
    m_ui.gridNote->setWordWrap(true);
    valuesRow->addWidget(m_ui.logScale);
    valuesRow->addWidget(m_ui.logCounts);
    valuesRow->addWidget(m_ui.gridNote, 1);
    valuesLayout->addLayout(valuesRow);
    right->addWidget(m_ui.values, 3);
    m_ui.errors = new QGroupBox;
    auto* errorsLayout = new QVBoxLayout(m_ui.errors);
    m_errors = new ErrorHistogramPlot;
    errorsLayout->addWidget(m_errors);
    right->addWidget(m_ui.errors, 2);

    connect(m_ui.source, &QComboBox::activated, this, [this] {
        const int d = m_ui.source->currentData().toInt();
        if (d == kFromFile) {
            const QString path = QFileDialog::getOpenFileName(this, tr("Open a tensor"), QString(),
                                                              tr("Tensors (*.npy *.csv *.txt *.tsv);;All files (*)"));
            if (path.isEmpty() || !loadFile(path))
                syncControls();
            return;
        }
        setDistribution(core::Distribution(d));
    });
    connect(m_ui.shape, &QComboBox::activated, this, [this](int i) { setShape(kShapes[i].rows, kShapes[i].cols); });
    connect(m_ui.spread, &ValueSlider::valueEdited, this, [this](double v) { setSpread(v); });
    connect(m_ui.low, &ValueSlider::valueEdited, this, [this](double v) { setLogRange(v, std::max(v + 0.5, m_spec.log10High)); });
    connect(m_ui.high, &ValueSlider::valueEdited, this, [this](double v) { setLogRange(std::min(v - 0.5, m_spec.log10Low), v); });
    connect(m_ui.resample, &QPushButton::clicked, this, [this] {
        ++m_spec.seed;
        m_fromFile = false;
        m_regenerate->start();
    });
    connect(m_ui.load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a tensor"), QString(),
                                                          tr("Tensors (*.npy *.csv *.txt *.tsv);;All files (*)"));
        if (!path.isEmpty())
            loadFile(path);
    });
    connect(m_ui.format, &QComboBox::activated, this, &TensorStudioView::onFormatChosen);
    for (QComboBox* box : {m_ui.scaling, m_ui.scheme, m_ui.scaleFormat})
        connect(box, &QComboBox::activated, this, &TensorStudioView::onRecipeEdited);
    connect(m_ui.clip, &QCheckBox::toggled, this, &TensorStudioView::onRecipeEdited);
    connect(m_ui.group, &ValueSlider::valueEdited, this, &TensorStudioView::onRecipeEdited);
    connect(m_ui.percentile, &ValueSlider::valueEdited, this, &TensorStudioView::onRecipeEdited);
    connect(m_ui.logScale, &QCheckBox::toggled, this, [this](bool on) {
        m_histogram->setLogScale(on);
        m_histogram->setGrid(m_recipe.format, m_analysis.gridScale, m_analysis.gridZeroPoint);
    });
    connect(m_ui.logCounts, &QCheckBox::toggled, m_histogram, &TensorHistogramPlot::setLogCounts);
    connect(m_ui.useForWeights, &QPushButton::clicked, this, [this] {
        if (std::optional<core::WeightQuantization> q = core::weightQuantizationFor(m_recipe))
            emit servingWeightsChosen(*q);
    });
    connect(m_ui.useForKv, &QPushButton::clicked, this, [this] {
        if (std::optional<core::KvCacheDtype> kv = core::kvCacheDtypeFor(m_recipe.format))
            emit kvCacheChosen(*kv);
    });
}

void TensorStudioView::setModel(const core::ServedModel& model, const core::WeightQuantization& servingWeights)
{
    m_model = model;
    m_servingWeights = servingWeights;
    m_haveModel = model.parameters > 0;
    updateModelLine();
}

void TensorStudioView::setDistribution(core::Distribution d)
{
    const bool wasGradient = isGradient(m_spec.kind);
    m_spec.kind = d;
    m_fromFile = false;
    m_fileError.clear();
    {
        // Outlier channels are a few thousand values among a million: visible on log counts.
        const QSignalBlocker block(m_ui.logCounts);
        m_ui.logCounts->setChecked(d == core::Distribution::Outliers);
        m_histogram->setLogCounts(d == core::Distribution::Outliers);
    }
    if (isGradient(d) != wasGradient || m_needTensor) {
        // Gradients span decades: their histogram reads on log |x|.
        const QSignalBlocker block(m_ui.logScale);
        m_ui.logScale->setChecked(isGradient(d));
        m_histogram->setLogScale(isGradient(d));
    }
    syncControls();
    m_regenerate->start();
}

void TensorStudioView::setSpread(double scale)
{
    if (!(scale > 0) || !std::isfinite(scale))
        return;
    m_spec.scale = scale;
    m_fromFile = false;
    m_regenerate->start();
}

void TensorStudioView::setLogRange(double log10Low, double log10High)
{
    m_spec.log10Low = std::clamp(log10Low, -45.0, 37.5);
    m_spec.log10High = std::clamp(log10High, m_spec.log10Low + 0.5, 38.0);
    m_fromFile = false;
    syncControls();
    m_regenerate->start();
}

void TensorStudioView::setShape(std::int64_t rows, std::int64_t cols)
{
    m_spec.rows = rows;
    m_spec.cols = cols;
    m_fromFile = false;
    syncControls();
    m_regenerate->start();
}

void TensorStudioView::setRecipe(const core::QuantRecipe& recipe)
{
    m_recipe = recipe;
    syncControls();
    m_analyse->start();
}

bool TensorStudioView::loadFile(const QString& path)
{
    // The core's reader: regular files up to the largest tensor only, so a FIFO, /dev/zero or a
    // huge file is refused before it is read (a FIFO blocked the window for ever).
    std::string bytes;
    std::vector<core::Issue> issues;
    core::TensorLoad load;
    if (!core::readInputFile(QFile::encodeName(path).toStdString(), core::limits::kTensorFileBytes, bytes, issues)) {
        m_fileError = tr("Cannot read %1: %2").arg(QFileInfo(path).fileName(), IssueText::reason(issues.front()));
    } else {
        load = core::readTensorFile(path.toStdString(), bytes);
        //: %1 = file name, %2 = the reason
        m_fileError = load.ok ? QString() : tr("%1 cannot be read: %2").arg(QFileInfo(path).fileName(), TensorText::fileError(load));
    }
    if (!m_fileError.isEmpty()) {
        retranslateUi();
        updateColors();
        return false; // the tensor shown stays as it was
    }
    m_fromFile = true;
    m_needTensor = false;
    m_fileName = QFileInfo(path).fileName();
    m_regenerate->stop();
    m_studio.setTensor(std::move(load.tensor));
    m_histogram->tensorChanged();
    syncControls();
    retranslateUi();
    updateColors();
    analyse();
    emit tensorChanged();
    return true;
}

void TensorStudioView::flush()
{
    if (m_needTensor || m_regenerate->isActive())
        regenerate();
    if (m_analyse->isActive())
        analyse();
}

void TensorStudioView::showEvent(QShowEvent* event)
{
    // The first tensor is generated when the studio is first shown, not at the window's start.
    if (m_needTensor)
        m_regenerate->start();
    QWidget::showEvent(event);
}

void TensorStudioView::regenerate()
{
    m_regenerate->stop();
    if (m_fromFile && !m_needTensor)
        return;
    core::Tensor t;
    if (core::generate(m_spec, t) != core::DistributionError::None)
        return; // the controls keep the spec valid; nothing to show otherwise
    m_needTensor = false;
    m_studio.setTensor(std::move(t));
    m_histogram->tensorChanged();
    analyse();
    emit tensorChanged();
}

void TensorStudioView::onFormatChosen()
{
    const auto f = core::TensorFormat(m_ui.format->currentData().toInt());
    // A new format brings its usual scaling; the integers keep their scheme and scale format.
    core::QuantRecipe r = core::defaultRecipe(f);
    if (core::isInteger(f)) {
        r.scheme = m_recipe.scheme;
        r.scaleFormat = m_recipe.scaleFormat;
    }
    setRecipe(r);
}

void TensorStudioView::onRecipeEdited()
{
    core::QuantRecipe r = m_recipe;
    r.scaling = core::Scaling(m_ui.scaling->currentData().toInt());
    r.groupSize = int(m_ui.group->value());
    r.scheme = core::QuantScheme(m_ui.scheme->currentData().toInt());
    r.scaleFormat = core::ScaleFormat(m_ui.scaleFormat->currentData().toInt());
    r.clipping = m_ui.clip->isChecked() ? core::Clipping::Percentile : core::Clipping::AbsMax;
    r.percentile = m_ui.percentile->value();
    setRecipe(r);
}

void TensorStudioView::syncControls()
{
    const QSignalBlocker b1(m_ui.source), b2(m_ui.format), b3(m_ui.scaling), b4(m_ui.scheme), b5(m_ui.scaleFormat), b6(m_ui.clip),
        b7(m_ui.shape);
    m_ui.source->setCurrentIndex(m_ui.source->findData(m_fromFile ? kFromFile : int(m_spec.kind)));
    for (int i = 0; i < int(std::size(kShapes)); ++i)
        if (kShapes[i].rows == m_spec.rows && kShapes[i].cols == m_spec.cols)
            m_ui.shape->setCurrentIndex(i);
    const bool gradient = isGradient(m_spec.kind);
    m_ui.spread->setVisible(!gradient && !m_fromFile);
    m_ui.low->setVisible(gradient && !m_fromFile);
    m_ui.high->setVisible(gradient && !m_fromFile);
    m_ui.shape->setEnabled(!m_fromFile);
    m_ui.spread->setValue(m_spec.scale);
    m_ui.low->setValue(m_spec.log10Low);
    m_ui.high->setValue(m_spec.log10High);

    m_ui.format->setCurrentIndex(m_ui.format->findData(int(m_recipe.format)));
    m_ui.scaling->clear();
    for (core::Scaling s : core::scalingsFor(m_recipe.format))
        m_ui.scaling->addItem(TensorText::scalingName(s), int(s));
    m_ui.scaling->setCurrentIndex(m_ui.scaling->findData(int(m_recipe.scaling)));
    m_ui.scaling->setEnabled(m_ui.scaling->count() > 1);
    const bool integer = core::isInteger(m_recipe.format);
    m_ui.group->setVisible(m_recipe.scaling == core::Scaling::Group);
    m_ui.group->setValue(m_recipe.groupSize);
    m_ui.scheme->setEnabled(integer);
    m_ui.scheme->setCurrentIndex(m_ui.scheme->findData(int(integer ? m_recipe.scheme : core::QuantScheme::Symmetric)));
    m_ui.scaleFormat->setEnabled(integer && m_recipe.scaling != core::Scaling::None);
    m_ui.scaleFormat->setCurrentIndex(m_ui.scaleFormat->findData(int(m_recipe.scaleFormat)));
    const bool perTensor = m_recipe.scaling == core::Scaling::Tensor;
    m_ui.clip->setEnabled(perTensor);
    m_ui.clip->setChecked(perTensor && m_recipe.clipping == core::Clipping::Percentile);
    m_ui.percentile->setVisible(m_ui.clip->isChecked());
    m_ui.percentile->setValue(m_recipe.percentile);
}

void TensorStudioView::analyse()
{
    m_analyse->stop();
    if (m_studio.tensor().empty())
        return;
    m_studio.analyse(m_recipe, m_analysis);
    m_stats->setAnalysis(m_analysis, m_recipe);
    m_errors->setAnalysis(m_analysis);
    m_histogram->setGrid(m_recipe.format, m_analysis.gridScale, m_analysis.gridZeroPoint);
    updateModelLine();
    retranslateUi();
    updateColors();
    emit analysisChanged();
}

QString TensorStudioView::modelLine() const
{
    return m_ui.model->text();
}

void TensorStudioView::updateModelLine()
{
    const std::optional<core::WeightQuantization> servable = core::weightQuantizationFor(m_recipe);
    const std::optional<core::KvCacheDtype> kv = core::kvCacheDtypeFor(m_recipe.format);
    const double bits = core::modelBitsPerParameter(m_recipe, m_model.rowLength);
    m_modelBytes = m_haveModel ? m_model.weightBytes(bits) : 0;
    const QString recipe = TensorText::recipeName(m_recipe);
    if (!m_haveModel) {
        m_ui.model->setText(QString());
    } else {
        const QString name = m_model.name.empty() ? tr("The scenario's model") : QString::fromStdString(m_model.name);
        //: %1 = model name, %2 = parameters in billions, %3 = recipe, %4 = bits per weight, %5 = gigabytes
        QString line = tr("%1 (%2 B parameters) in %3: %4 bits per linear weight → %5 of weights")
                           .arg(name, QString::number(m_model.parameters / 1e9, 'g', 4), recipe, QString::number(bits, 'g', 5),
                                TensorText::gigabytes(m_modelBytes));
        line += QLatin1Char(' ');
        line += servable ? tr("— the memory bars' number.")
                         : tr("(the estimate has no serving weight format for this, so the memory bars cannot show it).");
        if (!m_model.otherFollowsLinear)
            line += QLatin1Char(' ') + tr("Embeddings and norms stay 16-bit, as the bars keep them.");
        m_ui.model->setText(line);
    }
    m_ui.useForWeights->setEnabled(servable.has_value());
    m_ui.useForKv->setEnabled(kv.has_value());
    //: tooltip; %1 = the recipe
    m_ui.useForWeights->setToolTip(servable ? tr("Serve the scenario's model with its weights in %1 (switches the explorer to inference)").arg(recipe)
                                            : tr("The estimate stores weights as FP16, BF16, FP8, INT8/INT4 with per-channel or per-group scales, or NF4: not %1").arg(recipe));
    //: tooltip; %1 = format
    m_ui.useForKv->setToolTip(kv ? tr("Keep the scenario's KV cache in %1 (switches the explorer to inference)").arg(TensorText::formatName(m_recipe.format))
                                 : tr("The estimate's KV cache is FP32, BF16, FP16, FP8 or INT8"));
}

void TensorStudioView::retranslateUi()
{
    m_ui.tensor->setTitle(tr("Tensor"));
    m_ui.storage->setTitle(tr("Stored as"));
    m_ui.values->setTitle(tr("The values and what the format can store"));
    m_ui.errors->setTitle(tr("Relative error of each value"));
    m_ui.figures->setTitle(tr("What it costs"));
    m_ui.sourceLabel->setText(tr("&Values:"));
    for (int i = 0; i < m_ui.source->count(); ++i) {
        const int d = m_ui.source->itemData(i).toInt();
        m_ui.source->setItemText(i, d == kFromFile ? tr("From a file (.npy, .csv) …") : TensorText::distributionName(core::Distribution(d)));
    }
    m_ui.shapeLabel->setText(tr("S&hape:"));
    for (int i = 0; i < m_ui.shape->count(); ++i)
        //: tensor shape; %1 = rows (output channels), %2 = columns, %3 = values
        m_ui.shape->setItemText(i, tr("%1 × %2 (%3 values)").arg(kShapes[i].rows).arg(kShapes[i].cols).arg(QLocale().toString(qlonglong(kShapes[i].rows * kShapes[i].cols))));
    m_ui.shape->setToolTip(tr("Rows are output channels (one per-channel scale each); groups and blocks run along a row"));
    m_ui.spread->setLabel(m_spec.kind == core::Distribution::Laplace ? tr("Scale b") : tr("Standard deviation σ"));
    m_ui.low->setLabel(tr("Smallest magnitudes: 10^"));
    m_ui.high->setLabel(tr("Largest magnitudes: 10^"));
    m_ui.low->setToolTip(tr("log₁₀ of the magnitudes; log-normal: mean ± 3 σ spans this range"));
    m_ui.resample->setText(tr("New &sample"));
    m_ui.load->setText(tr("&Open file…"));
    if (!m_fileError.isEmpty())
        m_ui.file->setText(m_fileError);
    else if (m_fromFile)
        //: %1 = file name, %2 rows, %3 columns
        m_ui.file->setText(tr("%1: %2 × %3").arg(m_fileName).arg(m_studio.tensor().rows).arg(m_studio.tensor().cols));
    else
        m_ui.file->setText(QString());
    m_ui.file->setVisible(!m_ui.file->text().isEmpty());

    m_ui.formatLabel->setText(tr("&Format:"));
    for (int i = 0; i < m_ui.format->count(); ++i)
        m_ui.format->setItemText(i, TensorText::formatName(core::TensorFormat(m_ui.format->itemData(i).toInt())));
    m_ui.formatNote->setText(TensorText::formatDescription(m_recipe.format) + QLatin1Char(' ') + TensorText::formatSource(m_recipe.format));
    m_ui.scalingLabel->setText(tr("S&caling:"));
    for (int i = 0; i < m_ui.scaling->count(); ++i)
        m_ui.scaling->setItemText(i, TensorText::scalingName(core::Scaling(m_ui.scaling->itemData(i).toInt())));
    m_ui.group->setLabel(tr("Values per group"));
    m_ui.schemeLabel->setText(tr("Sc&heme:"));
    m_ui.scheme->setItemText(0, tr("Symmetric (zero point 0)"));
    m_ui.scheme->setItemText(1, tr("Asymmetric (a zero point per scale)"));
    m_ui.scaleFormatLabel->setText(tr("Scales stored as:"));
    for (int i = 0; i < m_ui.scaleFormat->count(); ++i)
        m_ui.scaleFormat->setItemText(i, TensorText::scaleFormatName(core::ScaleFormat(m_ui.scaleFormat->itemData(i).toInt())));
    m_ui.clip->setText(tr("Clip at a &percentile (per tensor)"));
    m_ui.clip->setToolTip(tr("The scale maps this percentile of |x| onto the format's range; what lies beyond saturates"));
    m_ui.percentile->setLabel(tr("Percentile of |x|"));
    m_ui.recipeError->setText(TensorText::recipeError(m_analysis.error));
    m_ui.recipeError->setVisible(m_analysis.error != core::RecipeError::None);
    m_ui.logScale->setText(tr("&Log |x|"));
    m_ui.logCounts->setText(tr("Log &counts"));
    m_ui.logCounts->setToolTip(tr("Counts on a log axis: outlier channels and long tails become visible"));
    QString grid;
    if (!m_histogram->isGridComplete())
        grid = tr("Lines: powers of two (too many values to draw; zoom in).");
    else if (m_histogram->gridStride() > 1)
        //: %1 = 2, 4, 8 …
        grid = tr("Lines: one in %1 of the values the format stores (zoom in to see them all).").arg(m_histogram->gridStride());
    else
        grid = tr("Lines: every value the format stores.");
    if (m_recipe.scaling != core::Scaling::None && m_recipe.scaling != core::Scaling::Tensor)
        grid += QLatin1Char(' ') + tr("Each row, group or block has its own scale: these are the values of the one with the median scale.");
    m_ui.gridNote->setText(grid);
    m_ui.gridNote->setToolTip(tr("Drag or scroll to zoom; double-click to see the whole tensor"));
    m_ui.useForWeights->setText(tr("Use for &weights"));
    m_ui.useForKv->setText(tr("Use for &KV cache"));
    updateModelLine();
}

void TensorStudioView::updateColors()
{
    const bool dark = NumberFormatStyle::isDark(palette());
    for (QLabel* alert : {m_ui.file, m_ui.recipeError}) {
        QPalette pal = alert->palette();
        const bool bad = alert == m_ui.recipeError || !m_fileError.isEmpty();
        pal.setColor(QPalette::WindowText, bad ? NumberFormatStyle::alertColor(dark) : palette().color(QPalette::WindowText));
        alert->setPalette(pal);
    }
    for (QLabel* muted : {m_ui.formatNote, m_ui.gridNote}) {
        QPalette pal = muted->palette();
        pal.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
        muted->setPalette(pal);
    }
}

void TensorStudioView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    else if (event->type() == QEvent::PaletteChange)
        updateColors();
    QWidget::changeEvent(event);
}
