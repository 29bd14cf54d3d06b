#pragma once

#include <QSize>
#include <QString>
#include <optional>

#include "app/slides/slidetheme.h"
#include "widgets/displayformat.h"

/// What an exported slide shows.
enum class SlideView { Memory, Comparison, Gauges, Bits, Dashboard, Step };
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

inline constexpr SlideView kAll[] = {SlideView::Memory, SlideView::Comparison, SlideView::Gauges, SlideView::Bits, SlideView::Dashboard, SlideView::Step};

/// Command-line id: "memory", "comparison", "gauges", "bits", "dashboard", "step".
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

} // namespace SlideViews
