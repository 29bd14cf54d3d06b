#include "app/slides/exportdialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <algorithm>
#include <cmath>

#include "app/scenariocontroller.h"
#include "app/slides/viewrenderer.h"
#include "core/io/jsonlimits.h"

namespace {

const QSize kPresets[] = {QSize(1920, 1080), QSize(1280, 720)};
constexpr int kCustom = 2; // index of "Custom" in the size combo
const SlideTheme::Theme kThemes[] = {SlideTheme::Theme::Window, SlideTheme::Theme::Light, SlideTheme::Theme::Dark,
                                     SlideTheme::Theme::HighContrastLight, SlideTheme::Theme::HighContrastDark};
const SlideFormat kFormats[] = {SlideFormat::Png, SlideFormat::Svg, SlideFormat::Pdf, SlideFormat::Gif};

// QSettings group of the options the dialog remembers between sessions (not the title: it
// belongs to one slide).
const QString kSettingsGroup = QStringLiteral("export");

QString suffix(SlideFormat format)
{
    switch (format) {
    case SlideFormat::Png: return QStringLiteral("png");
    case SlideFormat::Svg: return QStringLiteral("svg");
    case SlideFormat::Pdf: return QStringLiteral("pdf");
    case SlideFormat::Gif: return QStringLiteral("gif");
    }
    return {};
}

/// Grey squares behind a transparent preview, as image editors show transparency.
QPixmap checkerboard(const QSize& size, const QPalette& palette)
{
    QPixmap p(size);
    p.fill(palette.color(QPalette::Base));
    QPainter painter(&p);
    QColor square = palette.color(QPalette::Mid);
    square.setAlphaF(0.35f);
    const int s = 10;
    for (int y = 0; y < size.height(); y += s)
        for (int x = (y / s) % 2 * s; x < size.width(); x += 2 * s)
            painter.fillRect(x, y, s, s, square);
    return p;
}

} // namespace

ExportDialog::ExportDialog(ScenarioController* controller, QWidget* parent)
    : QDialog(parent)
    , m_controller(controller)
    , m_previewTimer(new QTimer(this))
{
    setObjectName(QStringLiteral("ExportDialog"));
    m_ui.view = new QComboBox(this);
    for (SlideView v : SlideViews::kAll)
        m_ui.view->addItem(QString(), int(v));
    m_ui.format = new QComboBox(this);
    for (SlideFormat f : kFormats)
        m_ui.format->addItem(QString(), int(f));
    m_ui.size = new QComboBox(this);
    for (int i = 0; i <= kCustom; ++i)
        m_ui.size->addItem(QString());
    m_ui.width = new QSpinBox(this);
    m_ui.height = new QSpinBox(this);
    for (QSpinBox* s : {m_ui.width, m_ui.height}) {
        s->setRange(64, 16384);
        s->setKeyboardTracking(false);
    }
    m_ui.width->setValue(1920);
    m_ui.height->setValue(1080);
    m_ui.scale = new QDoubleSpinBox(this);
    m_ui.scale->setRange(0.25, 8);
    m_ui.scale->setSingleStep(0.5);
    m_ui.scale->setDecimals(2);
    m_ui.scale->setValue(1);
    m_ui.transparent = new QCheckBox(this);
    m_ui.theme = new QComboBox(this);
    for (SlideTheme::Theme t : kThemes)
        m_ui.theme->addItem(QString(), int(t));
    m_ui.theme->setCurrentIndex(1); // light: what most slide templates are
    m_ui.title = new QLineEdit(this);
    m_ui.title->setClearButtonEnabled(true);
    m_ui.title->setMaxLength(int(core::limits::kMaxTitleCharacters)); // as `export --title` takes
    m_ui.caption = new QCheckBox(this);
    m_ui.caption->setChecked(true);
    m_ui.value = new QLineEdit(QStringLiteral("0.1"), this);
    m_ui.frames = new QSpinBox(this);
    m_ui.frames->setRange(SlideViews::kMinFrames, SlideViews::kMaxFrames);
    m_ui.frames->setValue(SlideOptions{}.frames);
    m_ui.fps = new QDoubleSpinBox(this);
    m_ui.fps->setRange(SlideViews::kMinFps, SlideViews::kMaxFps);
    m_ui.fps->setDecimals(0);
    m_ui.fps->setValue(SlideOptions{}.fps);

    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_ui.size, 1);
    sizeRow->addWidget(m_ui.width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_ui.height);
    m_ui.form = new QFormLayout;
    // Labels are made here and named in retranslateUi (addRow with an empty text makes none).
    auto row = [this](QWidget* buddy, QLayout* field) {
        auto* label = new QLabel(this);
        label->setBuddy(buddy);
        if (field)
            m_ui.form->addRow(label, field);
        else
            m_ui.form->addRow(label, buddy);
    };
    row(m_ui.view, nullptr);
    row(m_ui.format, nullptr);
    row(m_ui.size, sizeRow);
    row(m_ui.scale, nullptr);
    m_ui.form->addRow(QString(), m_ui.transparent);
    row(m_ui.theme, nullptr);
    row(m_ui.title, nullptr);
    m_ui.form->addRow(QString(), m_ui.caption);
    row(m_ui.value, nullptr);
    row(m_ui.frames, nullptr);
    row(m_ui.fps, nullptr);

    m_ui.preview = new QLabel(this);
    m_ui.preview->setObjectName(QStringLiteral("preview"));
    m_ui.preview->setMinimumSize(480, 270);
    m_ui.preview->setAlignment(Qt::AlignCenter);
    m_ui.preview->setFrameShape(QFrame::StyledPanel);
    m_ui.info = new QLabel(this);
    m_ui.info->setWordWrap(true);
    // Save… and Copy said nothing when they had worked (issue 31): a line says what was done.
    m_ui.done = new QLabel(this);
    m_ui.done->setObjectName(QStringLiteral("confirmation"));
    m_ui.done->setWordWrap(true);
    m_ui.done->setTextFormat(Qt::PlainText);
    m_ui.done->setVisible(false);

    m_ui.buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_ui.save = m_ui.buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_ui.copy = m_ui.buttons->addButton(QString(), QDialogButtonBox::ActionRole);
    m_ui.save->setDefault(true);

    auto* columns = new QHBoxLayout;
    columns->addLayout(m_ui.form);
    auto* right = new QVBoxLayout;
    right->addWidget(m_ui.preview, 1);
    right->addWidget(m_ui.info);
    right->addWidget(m_ui.done);
    columns->addLayout(right, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(m_ui.buttons);

    // Any change re-renders the preview once, on the next quiet moment.
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(120);
    connect(m_previewTimer, &QTimer::timeout, this, &ExportDialog::updatePreview);
    for (QComboBox* box : {m_ui.view, m_ui.format, m_ui.theme})
        connect(box, &QComboBox::currentIndexChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui.size, &QComboBox::currentIndexChanged, this, &ExportDialog::applySizePreset);
    for (QSpinBox* s : {m_ui.width, m_ui.height})
        connect(s, &QSpinBox::valueChanged, this, [this] {
            const QSize size(m_ui.width->value(), m_ui.height->value());
            int preset = kCustom;
            for (int i = 0; i < kCustom; ++i)
                if (kPresets[i] == size)
                    preset = i;
            const QSignalBlocker block(m_ui.size);
            m_ui.size->setCurrentIndex(preset);
            schedulePreview();
        });
    connect(m_ui.scale, &QDoubleSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui.frames, &QSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui.fps, &QDoubleSpinBox::valueChanged, this, &ExportDialog::schedulePreview);
    for (QCheckBox* c : {m_ui.transparent, m_ui.caption})
        connect(c, &QCheckBox::toggled, this, &ExportDialog::schedulePreview);
    for (QLineEdit* e : {m_ui.title, m_ui.value})
        connect(e, &QLineEdit::textChanged, this, &ExportDialog::schedulePreview);
    connect(m_ui.save, &QPushButton::clicked, this, &ExportDialog::saveAs);
    connect(m_ui.copy, &QPushButton::clicked, this, &ExportDialog::copyClicked);
    connect(m_ui.buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The slide follows the scenario while the dialog is open (an invalid one keeps the last).
    connect(m_controller, &ScenarioController::estimateChanged, this, [this] {
        if (isVisible())
            takeScenario();
    });

    restoreSettings();
    takeScenario();
    retranslateUi();
    updateEnabled();
}

ExportDialog::~ExportDialog() = default;

void ExportDialog::restoreSettings()
{
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    SlideOptions o = options();
    o.view = SlideViews::fromId(settings.value(QStringLiteral("view")).toString()).value_or(o.view);
    const std::optional<QSize> size = SlideViews::parseSize(settings.value(QStringLiteral("size")).toString());
    o.size = size.value_or(o.size);
    const double scale = settings.value(QStringLiteral("scale"), o.scale).toDouble();
    o.scale = std::isfinite(scale) ? std::clamp(scale, m_ui.scale->minimum(), m_ui.scale->maximum()) : o.scale;
    o.transparent = settings.value(QStringLiteral("transparent"), o.transparent).toBool();
    o.theme = SlideTheme::fromId(settings.value(QStringLiteral("theme")).toString()).value_or(o.theme);
    o.caption = settings.value(QStringLiteral("caption"), o.caption).toBool();
    o.frames = std::clamp(settings.value(QStringLiteral("frames"), o.frames).toInt(), SlideViews::kMinFrames, SlideViews::kMaxFrames);
    const double fps = settings.value(QStringLiteral("fps"), o.fps).toDouble();
    o.fps = std::isfinite(fps) ? std::clamp(fps, SlideViews::kMinFps, SlideViews::kMaxFps) : o.fps;
    setOptions(o);
    // A file name with the remembered suffix gives the format ("x.svg" → SVG).
    if (const auto f = SlideViews::formatOf(QStringLiteral("x.") + settings.value(QStringLiteral("format")).toString()))
        setFormat(*f);
    m_directory = settings.value(QStringLiteral("directory")).toString();
}

void ExportDialog::saveSettings() const
{
    const SlideOptions o = options();
    QSettings settings;
    settings.beginGroup(kSettingsGroup);
    settings.setValue(QStringLiteral("view"), SlideViews::id(o.view));
    settings.setValue(QStringLiteral("format"), suffix(format()));
    settings.setValue(QStringLiteral("size"), QStringLiteral("%1x%2").arg(o.size.width()).arg(o.size.height()));
    settings.setValue(QStringLiteral("scale"), o.scale);
    settings.setValue(QStringLiteral("transparent"), o.transparent);
    settings.setValue(QStringLiteral("theme"), SlideTheme::id(o.theme));
    settings.setValue(QStringLiteral("caption"), o.caption);
    settings.setValue(QStringLiteral("frames"), o.frames);
    settings.setValue(QStringLiteral("fps"), o.fps);
    if (!m_directory.isEmpty())
        settings.setValue(QStringLiteral("directory"), m_directory);
}

SlideOptions ExportDialog::options() const
{
    SlideOptions o;
    o.view = SlideView(m_ui.view->currentData().toInt());
    o.size = QSize(m_ui.width->value(), m_ui.height->value());
    o.scale = m_ui.scale->value();
    o.transparent = m_ui.transparent->isChecked();
    o.theme = SlideTheme::Theme(m_ui.theme->currentData().toInt());
    o.title = m_ui.title->text().trimmed();
    o.caption = m_ui.caption->isChecked();
    o.unit = m_unit;
    bool ok = false;
    const double value = QLocale().toDouble(m_ui.value->text(), &ok);
    const double c = ok ? value : QLocale::c().toDouble(m_ui.value->text(), &ok);
    o.bitsValue = ok && std::isfinite(c) ? c : 0.1;
    o.frames = m_ui.frames->value();
    o.fps = m_ui.fps->value();
    return o;
}

void ExportDialog::setOptions(const SlideOptions& o)
{
    m_ui.view->setCurrentIndex(m_ui.view->findData(int(o.view)));
    m_ui.width->setValue(o.size.width());
    m_ui.height->setValue(o.size.height());
    m_ui.scale->setValue(o.scale);
    m_ui.transparent->setChecked(o.transparent);
    m_ui.theme->setCurrentIndex(m_ui.theme->findData(int(o.theme)));
    m_ui.title->setText(o.title);
    m_ui.caption->setChecked(o.caption);
    m_ui.value->setText(QLocale().toString(o.bitsValue, 'g', 10));
    m_ui.frames->setValue(o.frames);
    m_ui.fps->setValue(o.fps);
    m_unit = o.unit;
    updateEnabled();
    schedulePreview();
}

SlideFormat ExportDialog::format() const
{
    return SlideFormat(m_ui.format->currentData().toInt());
}

void ExportDialog::setFormat(SlideFormat format)
{
    m_ui.format->setCurrentIndex(m_ui.format->findData(int(format)));
    updateEnabled();
}

void ExportDialog::setMemoryUnit(DisplayFormat::MemoryUnit unit)
{
    if (m_unit == unit)
        return;
    m_unit = unit;
    schedulePreview();
}

void ExportDialog::takeScenario()
{
    const core::Estimate& e = m_controller->estimate();
    if (e.valid)
        m_content = SlideContent::fromScenario(m_controller->scenario());
    schedulePreview();
}

void ExportDialog::applySizePreset(int index)
{
    if (index >= 0 && index < kCustom) {
        const QSignalBlocker w(m_ui.width), h(m_ui.height);
        m_ui.width->setValue(kPresets[index].width());
        m_ui.height->setValue(kPresets[index].height());
    }
    schedulePreview();
}

void ExportDialog::schedulePreview()
{
    updateEnabled();
    if (isVisible())
        m_previewTimer->start();
}

void ExportDialog::updateEnabled()
{
    const bool png = format() == SlideFormat::Png;
    m_ui.scale->setEnabled(png);
    m_ui.transparent->setEnabled(png);
    const SlideView view = SlideView(m_ui.view->currentData().toInt());
    m_ui.value->setEnabled(SlideViews::spec(view).showsValue);
    // Only the step view moves: the GIF is offered with it, its frames and rate with the GIF.
    const bool gif = format() == SlideFormat::Gif;
    m_ui.frames->setEnabled(gif);
    m_ui.fps->setEnabled(gif);
    const bool drawable = m_content.valid() && (!SlideViews::spec(view).needsRun || m_content.hasRun());
    m_ui.save->setEnabled(drawable && (!gif || SlideViews::spec(view).animates));
    m_ui.copy->setEnabled(drawable);
}

void ExportDialog::updatePreview()
{
    m_previewTimer->stop();
    if (!m_content.valid()) {
        m_previewImage = QImage();
        m_ui.preview->setPixmap(QPixmap());
        m_ui.preview->setText(tr("The scenario is not valid: there is nothing to export yet."));
        m_ui.info->clear();
        return;
    }
    SlideOptions o = options();
    const bool transparent = o.transparent && format() == SlideFormat::Png;
    o.transparent = transparent;
    o.scale = 1; // the preview shows the layout; the scale only multiplies the pixels
    const ViewRenderer renderer(m_content, o);
    m_previewImage = renderer.image();
    const QSize box = m_ui.preview->contentsRect().size().boundedTo(QSize(4096, 4096)).expandedTo(QSize(160, 90));
    QImage scaled = m_previewImage.scaled(box * devicePixelRatioF(), Qt::KeepAspectRatio, Qt::SmoothTransformation);
    scaled.setDevicePixelRatio(devicePixelRatioF());
    QPixmap shown = transparent ? checkerboard(scaled.size(), palette()) : QPixmap(scaled.size());
    if (!transparent)
        shown.fill(Qt::transparent);
    {
        QPainter p(&shown);
        p.drawImage(0, 0, scaled);
    }
    shown.setDevicePixelRatio(devicePixelRatioF());
    m_ui.preview->setPixmap(shown);
    const QSize pixels = format() == SlideFormat::Png ? o.size * options().scale : o.size;
    if (SlideViews::spec(o.view).needsRun && !m_content.hasRun())
        m_ui.info->setText(tr("A run's wall-clock needs a training run with its tokens: serving has none."));
    else if (format() == SlideFormat::Gif && !SlideViews::spec(o.view).animates)
        m_ui.info->setText(tr("Only the step view moves: choose it to export an animated GIF."));
    else if (format() == SlideFormat::Gif && !renderer.isAnimated())
        m_ui.info->setText(tr("This scenario's step is not drawn (too many micro-batches): there is nothing to play."));
    else if (format() == SlideFormat::Gif)
        //: under the export preview; %1 × %2 = pixels, %3 = frames, %4 = frames per second, %5 = seconds
        m_ui.info->setText(tr("%1 × %2 px, GIF, %3 frames at %4 per second (%5 s), looping")
                               .arg(pixels.width())
                               .arg(pixels.height())
                               .arg(o.frames)
                               .arg(QLocale().toString(o.fps, 'g', 3))
                               .arg(QLocale().toString(o.frames / o.fps, 'f', 1)));
    else
        //: under the export preview; %1 × %2 = pixels of the file, %3 = the format
        m_ui.info->setText(tr("%1 × %2 px, %3").arg(pixels.width()).arg(pixels.height()).arg(suffix(format()).toUpper()));
}

bool ExportDialog::exportTo(const QString& path, QString* error)
{
    takeScenario(); // a hidden dialog does not follow the controller: catch up
    if (!m_content.valid()) {
        if (error)
            *error = tr("The scenario is not valid: there is nothing to export yet.");
        return false;
    }
    SlideOptions o = options();
    if (SlideViews::formatOf(path) != SlideFormat::Png) {
        o.scale = 1;
        o.transparent = false;
    }
    return ViewRenderer(m_content, o).save(path, error);
}

bool ExportDialog::copyToClipboard()
{
    takeScenario();
    if (!m_content.valid())
        return false;
    const ViewRenderer renderer(m_content, options());
    QApplication::clipboard()->setMimeData(renderer.mimeData());
    return true;
}

void ExportDialog::saveAs()
{
    const SlideFormat f = format();
    const QString filters[] = {tr("PNG image (*.png)"), tr("SVG drawing (*.svg)"), tr("PDF document (*.pdf)"), tr("Animated GIF (*.gif)")};
    const QString name = QStringLiteral("shardscope-%1.%2").arg(SlideViews::id(options().view), suffix(f));
    // Slides for one deck usually go to one folder: start where the last export went.
    const QString start = m_directory.isEmpty() ? name : QDir(m_directory).filePath(name);
    QString path = QFileDialog::getSaveFileName(this, tr("Export"), start, filters[int(f)]);
    if (path.isEmpty())
        return;
    if (!SlideViews::formatOf(path))
        path += QLatin1Char('.') + suffix(f);
    QString error;
    if (!exportTo(path, &error)) {
        QMessageBox::warning(this, tr("Export"), error);
        return;
    }
    m_directory = QFileInfo(path).absolutePath();
    saveSettings();
    //: after File ▸ Export ▸ Save…; %1 = file name, %2 = its folder
    confirm(tr("Saved %1 in %2.").arg(QFileInfo(path).fileName(), QDir::toNativeSeparators(m_directory)));
}

void ExportDialog::copyClicked()
{
    if (copyToClipboard())
        //: after File ▸ Export ▸ Copy; %1 = the view copied
        confirm(tr("Copied the %1 to the clipboard, as an image and as SVG.").arg(SlideViews::displayName(options().view)));
    else
        confirm(tr("Nothing to copy: the scenario is not valid."));
}

void ExportDialog::confirm(const QString& text)
{
    m_ui.done->setText(text);
    m_ui.done->setVisible(!text.isEmpty());
}

QString ExportDialog::confirmation() const
{
    return m_ui.done->text();
}

void ExportDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    takeScenario();
}

void ExportDialog::hideEvent(QHideEvent* event)
{
    saveSettings();
    QDialog::hideEvent(event);
}

void ExportDialog::resizeEvent(QResizeEvent* event)
{
    QDialog::resizeEvent(event);
    schedulePreview(); // the preview fills the room it has
}

void ExportDialog::retranslateUi()
{
    setWindowTitle(tr("Export"));
    // Each label knows its field as its buddy (the size row's field is a layout).
    const QPair<QWidget*, QString> rows[] = {
        {m_ui.view, tr("&View:")},   {m_ui.format, tr("&Format:")}, {m_ui.size, tr("&Size:")},   {m_ui.scale, tr("S&cale:")},
        {m_ui.theme, tr("&Theme:")}, {m_ui.title, tr("T&itle:")},   {m_ui.value, tr("Bit viewer &value:")},
        {m_ui.frames, tr("GIF fra&mes:")}, {m_ui.fps, tr("Frames per seco&nd:")},
    };
    for (QLabel* label : findChildren<QLabel*>())
        for (const auto& [field, text] : rows)
            if (label->buddy() == field)
                label->setText(text);
    for (int i = 0; i < m_ui.view->count(); ++i)
        m_ui.view->setItemText(i, SlideViews::displayName(SlideView(m_ui.view->itemData(i).toInt())));
    m_ui.format->setItemText(0, tr("PNG image"));
    m_ui.format->setItemText(1, tr("SVG drawing (real text)"));
    m_ui.format->setItemText(2, tr("PDF document (vector)"));
    m_ui.format->setItemText(3, tr("Animated GIF (step view)"));
    m_ui.frames->setToolTip(tr("Frames over one training step: the first at its start, the last at its end."));
    m_ui.fps->setToolTip(tr("A GIF's delays are hundredths of a second: up to 50 frames per second."));
    m_ui.size->setItemText(0, tr("1920 × 1080 (16:9 slide)"));
    m_ui.size->setItemText(1, tr("1280 × 720 (16:9 slide)"));
    m_ui.size->setItemText(kCustom, tr("Custom"));
    m_ui.width->setSuffix(tr(" px"));
    m_ui.height->setSuffix(tr(" px"));
    m_ui.scale->setPrefix(QStringLiteral("× "));
    m_ui.scale->setToolTip(tr("Pixels per point of the slide: 2 gives sharp text on a projector or a high-resolution screen."));
    m_ui.transparent->setText(tr("Transparent &background"));
    for (int i = 0; i < m_ui.theme->count(); ++i)
        m_ui.theme->setItemText(i, SlideTheme::displayName(SlideTheme::Theme(m_ui.theme->itemData(i).toInt())));
    m_ui.title->setPlaceholderText(tr("No title"));
    m_ui.caption->setText(tr("&Caption with the scenario's settings"));
    m_ui.value->setToolTip(tr("The number the bit viewer shows in every format, e.g. 0.1 or 1e-8."));
    m_ui.save->setText(tr("&Save…"));
    m_ui.copy->setText(tr("C&opy to Clipboard"));
    m_ui.copy->setToolTip(tr("Copies the slide as an image and as SVG, to paste into a presentation."));
    schedulePreview();
}

void ExportDialog::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}
