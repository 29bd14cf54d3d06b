#pragma once

#include <QDialog>
#include <QImage>

#include "app/slides/slidecontent.h"
#include "app/slides/slideoptions.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTimer;
class ScenarioController;

/// File ▸ Export…: one view of the scenario (memory chart, comparison, gauges, bit viewer or
/// the whole dashboard) as PNG, SVG or PDF, the step view also as an animated GIF, at a slide size, with a title and a caption, in a
/// theme, with a live preview; or copied to the clipboard as an image and SVG. It follows the
/// controller while open; the pixels come from ViewRenderer, as on the command line. Its
/// options (all but the title), format and folder are remembered between sessions.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ExportDialog(ScenarioController* controller, QWidget* parent = nullptr);
    ~ExportDialog() override;

    SlideOptions options() const;
    void setOptions(const SlideOptions& options);
    SlideFormat format() const;
    void setFormat(SlideFormat format);
    /// GB or GiB, as the window shows memory.
    void setMemoryUnit(DisplayFormat::MemoryUnit unit);
    /// The scenario the slide shows (the controller's latest valid one).
    const SlideContent& content() const { return m_content; }

    /// Writes the slide to `path` (its suffix picks the format); false with a reason if not.
    bool exportTo(const QString& path, QString* error = nullptr);
    /// Puts the slide on the clipboard as an image and as SVG (image/svg+xml).
    bool copyToClipboard();
    /// What the last Save… or Copy did ("Saved shardscope-memory.png in /home/…"), under the
    /// preview; empty until one of them is used.
    QString confirmation() const;
    /// The preview as last rendered (for tests).
    QImage previewImage() const { return m_previewImage; }
    /// Renders the preview now instead of on the next pass.
    void updatePreview();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslateUi();
    void takeScenario();
    void schedulePreview();
    void updateEnabled();
    void saveAs();
    void copyClicked();
    void confirm(const QString& text);
    void applySizePreset(int index);
    /// The options, format and folder of the last export (QSettings group "export").
    void restoreSettings();
    void saveSettings() const;

    ScenarioController* m_controller = nullptr;
    SlideContent m_content;
    QImage m_previewImage;
    QTimer* m_previewTimer = nullptr;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    QString m_directory; ///< where the last export was saved
    struct
    {
        QFormLayout* form = nullptr;
        QComboBox* view = nullptr;
        QComboBox* format = nullptr;
        QComboBox* size = nullptr;
        QSpinBox* width = nullptr;
        QSpinBox* height = nullptr;
        QDoubleSpinBox* scale = nullptr;
        QCheckBox* transparent = nullptr;
        QComboBox* theme = nullptr;
        QLineEdit* title = nullptr;
        QCheckBox* caption = nullptr;
        QLineEdit* value = nullptr;
        QSpinBox* frames = nullptr;
        QDoubleSpinBox* fps = nullptr;
        QLabel* preview = nullptr;
        QLabel* info = nullptr;
        QLabel* done = nullptr; ///< the last Save… or Copy, confirmed
        QPushButton* save = nullptr;
        QPushButton* copy = nullptr;
        QDialogButtonBox* buttons = nullptr;
    } m_ui;
};
