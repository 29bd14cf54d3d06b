#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <optional>

#include "app/slides/slidetheme.h"
#include "widgets/displayformat.h"

/// What an exported slide shows.
enum class SlideView { Memory, Comparison, Gauges, Bits, Dashboard, Step, Run };
/// The file formats a slide is written in. Gif: the step view played, as an animated GIF.
enum class SlideFormat { Png, Svg, Pdf, Gif };

/// How a slide is rendered: shared by the Export dialog, Copy and `shardscope export`.
struct SlideOptions
{
    SlideView view = SlideView::Memory;
    QSize size{1920, 1080};          ///< device-independent pixels (SVG and PDF: 96 dpi)
    double scale = 1.0;              ///< PNG only: pixels per device-independent pixel
    bool transparent = false;        ///< PNG only: no background behind the views
    SlideTheme::Theme theme = SlideTheme::Theme::Light;
    QString title;                   ///< empty: no title line
    bool caption = true;             ///< the scenario's key settings under the view
    DisplayFormat::MemoryUnit unit = DisplayFormat::MemoryUnit::GB;
    double bitsValue = 0.1;          ///< the value the bit viewer shows
    int frames = 60;                 ///< GIF and frame sequences: frames over one step
    double fps = 20;                 ///< GIF: frames per second (2–50: GIF delays are centiseconds)

    bool operator==(const SlideOptions&) const = default;
};

namespace SlideViews {

/// One view a slide can show, as the Export dialog, `shardscope export`, the renderer and Copy
/// ask of it: one row of the registry (kSpecs, in SlideView order). A new view is an enum value,
/// its row here and its builder's case in ViewRenderer::buildView (docs/HACKING.md "How to add a view").
struct Spec
{
    SlideView view;
    const char* id;        ///< on the command line and in the dialog's settings: "memory"
    const char* name;      ///< English; displayName() translates it in the "SlideViews" context
    bool animates;         ///< a GIF or a frame sequence plays it (the step's cursor moves)
    bool needsRun;         ///< draws a training run's wall-clock: nothing to draw for serving
    bool showsValue;       ///< shows the number given (the bit viewer), not the scenario: no caption
    double smallestText;   ///< its smallest text over the base size (a dial's caption: 0.8)
    double minimumPoints;  ///< the base size's floor in slide points; 0: the slides' own floor
};

inline constexpr Spec kSpecs[] = {
    {SlideView::Memory, "memory", QT_TRANSLATE_NOOP("SlideViews", "Memory chart"), false, false, false, 1.0, 0},
    {SlideView::Comparison, "comparison", QT_TRANSLATE_NOOP("SlideViews", "ZeRO and recomputation comparison"), false, false, false, 1.0, 0},
    {SlideView::Gauges, "gauges", QT_TRANSLATE_NOOP("SlideViews", "Gauges"), false, false, false, 0.8, 0},
    {SlideView::Bits, "bits", QT_TRANSLATE_NOOP("SlideViews", "Bit viewer"), false, false, true, 1.0, 0},
    // Nine views on one page cannot all be read from the back row: the dashboard is a handout.
    {SlideView::Dashboard, "dashboard", QT_TRANSLATE_NOOP("SlideViews", "Whole dashboard"), false, false, false, 0.8, 12},
    {SlideView::Step, "step", QT_TRANSLATE_NOOP("SlideViews", "Pipeline schedule and memory timeline"), true, false, false, 1.0, 0},
    {SlideView::Run, "run", QT_TRANSLATE_NOOP("SlideViews", "A run's wall-clock: checkpoints, interruptions, restarts"), false, true, false, 1.0, 0},
};

inline constexpr SlideView kAll[] = {SlideView::Memory, SlideView::Comparison, SlideView::Gauges, SlideView::Bits,
                                     SlideView::Dashboard, SlideView::Step, SlideView::Run};

/// The view's row of the registry.
const Spec& spec(SlideView view);
/// Command-line id: "memory", "comparison", "gauges", "bits", "dashboard", "step", "run".
QString id(SlideView view);
std::optional<SlideView> fromId(const QString& id);
/// Translated name for the dialog.
QString displayName(SlideView view);
/// The frames and rates an animation accepts: a step in 2–600 frames at 1–50 per second (GIF
/// delays are whole hundredths of a second, and browsers show delays under 2 as 10).
inline constexpr int kMinFrames = 2, kMaxFrames = 600;
inline constexpr double kMinFps = 1, kMaxFps = 50;
/// The format a file name asks for by its suffix (case-insensitive), or nothing.
std::optional<SlideFormat> formatOf(const QString& path);
/// "1920x1080" → QSize; nothing unless both sides are whole numbers in [64, 16384].
std::optional<QSize> parseSize(const QString& text);

/// Pixels of one raster image (a PNG, a GIF frame) at most: 2^27, an 8K slide at scale 2
/// (15360 × 8640 = 132.7 M). The largest --size at --scale 1.5 (604 M pixels) took 31 s and
/// 3.2 GB (issue 32.8); at this limit a PNG takes ~0.6 GB (bench_hostile, README "Hardening").
inline constexpr qint64 kMaxRasterPixels = qint64(1) << 27;
/// An animation's frames × pixels at most: 600 frames of a 1080p slide (1.24 G) fit, 600 of 4K do not.
inline constexpr qint64 kMaxAnimationPixels = qint64(1) << 31;
/// The pixels of one raster image of `o` (its size × scale, each side rounded as QImage does).
qint64 rasterPixels(const SlideOptions& o);
/// Why `o` cannot be drawn as `format` (too many pixels, in English for the command line and
/// translated for the window; the sizes and the limit in it), or nothing.
std::optional<QString> rasterProblem(const SlideOptions& o, SlideFormat format, bool frameSequence = false);

} // namespace SlideViews
