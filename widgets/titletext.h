#pragma once

#include <QString>

class QFont;

/// Headings from files and the command line (a slide's title, a scene's): what a label shows of
/// them so that it wraps within its width. QLabel breaks lines only between words, so a run of
/// 80 characters without a space widened the slide past its canvas (title, legend and caption
/// cut; at 1,000 the bars left the slide), and 120,000 crashed the export (issue 32.7).
namespace TitleText {

/// A run of more characters than this without a space may break anywhere.
inline constexpr int kLongestUnbrokenRun = 30;

/// `text` at most core::limits::kMaxTitleCharacters characters (an ellipsis ends a longer one),
/// with a zero-width space (a line-break opportunity, no glyph) between the characters of every
/// run longer than kLongestUnbrokenRun. A label showing it should also take its layout's width
/// (QSizePolicy::Ignored), so that no glyph run makes its minimum wider than the slide.
QString breakable(const QString& text);

/// breakable(`text`) as `font` lays it out in `width` pixels, cut to at most `maxLines` lines
/// with an ellipsis: 200 characters of Chinese are eight lines at a slide title's size, which
/// pushed the chart off the slide.
QString fitted(const QString& text, const QFont& font, int width, int maxLines);

} // namespace TitleText
