#include "widgets/titletext.h"

#include <QFontMetricsF>
#include <QTextLayout>
#include <QTextOption>

#include "core/io/jsonlimits.h"

namespace TitleText {

QString breakable(const QString& text)
{
    QString t = text;
    const qsizetype most = qsizetype(core::limits::kMaxTitleCharacters);
    if (t.size() > most) // UTF-16 units: a little short of the characters for text beyond the BMP
        t = t.left(most - 1) + QChar(0x2026);
    QString out;
    out.reserve(t.size() * 2);
    for (qsizetype i = 0; i < t.size();) {
        qsizetype end = i;
        while (end < t.size() && !t[end].isSpace())
            ++end;
        const bool longRun = end - i > kLongestUnbrokenRun;
        for (qsizetype k = i; k < end; ++k) {
            // a break opportunity before every character of a long run (never inside a surrogate
            // pair or before a combining mark)
            if (longRun && k > i && !t[k].isLowSurrogate() && !t[k].isMark())
                out += QChar(0x200B);
            out += t[k];
        }
        while (end < t.size() && t[end].isSpace())
            out += t[end++];
        i = end;
    }
    return out;
}

QString fitted(const QString& text, const QFont& font, int width, int maxLines)
{
    const QString t = breakable(text);
    if (width <= 0 || maxLines <= 0)
        return t;
    QTextLayout layout(t, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    qsizetype kept = t.size(), lastStart = 0;
    for (int lines = 0;; ++lines) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(width);
        if (lines == maxLines) { // a line more than there is room for: cut before it
            kept = line.textStart();
            break;
        }
        lastStart = line.textStart();
    }
    layout.endLayout();
    if (kept >= t.size())
        return t;
    // The last kept line ends in an ellipsis: what of it fits beside one (a little room to spare,
    // for the label's own wrapping).
    const QFontMetricsF metrics(font);
    QString head = t.left(kept);
    while (head.size() > lastStart && metrics.horizontalAdvance(head.mid(lastStart) + QChar(0x2026)) > 0.97 * width)
        head.chop(1);
    while (!head.isEmpty() && (head.back().isSpace() || head.back() == QChar(0x200B) || head.back().isHighSurrogate()))
        head.chop(1);
    return head + QChar(0x2026);
}

} // namespace TitleText
