#pragma once

#include <QCoreApplication>
#include <QImage>
#include <memory>

#include "app/slides/slidecontent.h"
#include "app/slides/slideoptions.h"

class QIODevice;
class QLabel;
class QMimeData;
class QWidget;
class StepScene;

/// Renders one view of a scenario as a slide: the memory chart, the comparison, the gauges,
/// the bit viewer or the whole dashboard, with an optional title and a caption of the
/// scenario's key settings, in a theme, at a size. The one place slides are made: the Export
/// dialog's preview and files, Copy, and `shardscope export` all come through here.
///
/// The slide is a real widget tree laid out at the slide's size but never shown on screen, so
/// it looks as the window does; WidgetRenderer paints it with real text and shapes.
class ViewRenderer
{
    Q_DECLARE_TR_FUNCTIONS(ViewRenderer)

public:
    ViewRenderer(const SlideContent& content, const SlideOptions& options);
    ~ViewRenderer();
    ViewRenderer(const ViewRenderer&) = delete;
    ViewRenderer& operator=(const ViewRenderer&) = delete;

    const SlideOptions& options() const { return m_options; }
    /// The composed slide (for tests: its labels and charts).
    QWidget* slide() const { return m_slide.get(); }
    QString captionText() const;

    /// PNG pixels: size × scale, device pixel ratio = scale; transparent if asked.
    QImage image() const;
    /// Writes the slide in `format` (SVG at 96 dpi with real text, PDF as vectors).
    bool write(SlideFormat format, QIODevice* device) const;
    QByteArray svg() const;
    /// Writes by the file's suffix (.png, .svg, .pdf; .gif for the step view), atomically;
    /// false with a reason if not.
    bool save(const QString& path, QString* error = nullptr) const;
    /// For the clipboard: the image and the SVG (image/svg+xml). The caller owns it.
    QMimeData* mimeData() const;

    /// The step view of a training scenario: it can be played (a GIF, a frame sequence).
    bool isAnimated() const;
    /// The animated scene (the step view's), or null.
    StepScene* stepScene() const { return m_step; }
    /// Frame `index` of `count` over the step (the first at its start, the last at its end),
    /// as image() gives it. The slide's cursor is put back where it was.
    QImage frame(int index, int count) const;
    /// What writing an animation took (for the benchmark and the README's figures).
    struct AnimationStats
    {
        int frames = 0;
        int quantizedFrames = 0; ///< frames with more than 256 colours (median cut)
        qint64 bytes = 0;
        double renderMs = 0;     ///< painting the frames
        double encodeMs = 0;     ///< choosing colours, LZW, writing
    };
    /// Writes options().frames frames at options().fps as an animated GIF that loops.
    bool writeGif(QIODevice* device, AnimationStats* stats = nullptr) const;
    /// Writes options().frames PNG frames: "name.png" → "name-001.png" … (numbered from 1, as
    /// many digits as the count has); `written` gets the paths. False with a reason if not.
    bool saveFrameSequence(const QString& path, QStringList* written = nullptr, QString* error = nullptr) const;
    /// The file name of frame `index` (from 0) of `count` for saveFrameSequence.
    static QString framePath(const QString& path, int index, int count);

    /// A slide is 7.5 in = 540 pt high (PowerPoint's and Impress's 16:9 and 4:3 alike): shown
    /// full screen, an export has height/540 pixels per point of the slide.
    static double pixelsPerSlidePoint(const QSize& size) { return size.height() / 540.0; }
    /// The smallest text on a slide (tick labels, legends, captions), in points of the slide:
    /// 18 pt, the usual floor for text read across a room.
    static constexpr double kMinimumSlidePoints = 18;
    /// The floor for `view`: 18 pt, or 12 pt for the whole dashboard (a handout page: six dials
    /// and three charts cannot all be read from the back row).
    static double minimumSlidePoints(SlideView view);
    /// The slide's base font, in Qt points at 96 dpi, for `view`: large enough that the view's
    /// smallest text (gauge captions are 0.85 of the base, the roofline's notes 0.8) is kMinimumSlidePoints.
    static double basePointSize(const QSize& size, SlideView view);

private:
    void build(const SlideContent& content);
    QWidget* buildView(const SlideContent& content, QWidget* parent);
    void fitBitRows();
    QColor background() const;

    SlideOptions m_options;
    std::unique_ptr<QWidget> m_slide;
    QLabel* m_caption = nullptr;
    StepScene* m_step = nullptr;
};
