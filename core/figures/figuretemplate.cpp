#include "core/figures/figuretemplate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace core {

namespace {

void appendLiteral(std::vector<TemplatePart>& parts, std::string_view text)
{
    if (text.empty())
        return;
    if (!parts.empty() && !parts.back().isFigure())
        parts.back().literal.append(text);
    else
        parts.push_back(TemplatePart{std::string(text)});
}

/// "model_states_gb" or "model_states_gb:2" → figure and decimals; false if it names none.
bool parsePlaceholder(std::string_view inside, Figure& figure, int& decimals)
{
    decimals = -1;
    const std::size_t colon = inside.find(':');
    if (colon != std::string_view::npos) {
        const std::string_view spec = inside.substr(colon + 1);
        if (spec.size() != 1 || spec[0] < '0' || spec[0] > '9')
            return false;
        decimals = spec[0] - '0';
        inside = inside.substr(0, colon);
    }
    const std::optional<Figure> f = figureFromName(inside);
    if (!f)
        return false;
    figure = *f;
    return true;
}

} // namespace

ParsedTemplate parseTemplate(std::string_view text)
{
    ParsedTemplate out;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            appendLiteral(out.parts, text.substr(i, 1));
            i += 2;
            continue;
        }
        if (c == '{') {
            const std::size_t close = text.find('}', i + 1);
            if (close != std::string_view::npos) {
                const std::string_view inside = text.substr(i + 1, close - i - 1);
                TemplatePart part;
                if (parsePlaceholder(inside, part.figure, part.decimals)) {
                    out.parts.push_back(part);
                } else {
                    out.unknown.emplace_back(text.substr(i, close - i + 1));
                    appendLiteral(out.parts, text.substr(i, close - i + 1));
                }
                i = close + 1;
                continue;
            }
        }
        // Up to the next brace in one piece (UTF-8 bytes are copied as they are).
        std::size_t next = text.find_first_of("{}", i + 1);
        if (next == std::string_view::npos)
            next = text.size();
        appendLiteral(out.parts, text.substr(i, next - i));
        i = next;
    }
    return out;
}

std::vector<Figure> templateFigures(std::string_view text)
{
    std::vector<Figure> out;
    for (const TemplatePart& p : parseTemplate(text).parts)
        if (p.isFigure() && std::find(out.begin(), out.end(), p.figure) == out.end())
            out.push_back(p.figure);
    return out;
}

std::string formatFigure(double value, int decimals)
{
    if (!std::isfinite(value))
        return "\u2014"; // em dash: no value
    if (decimals < 0) {
        // Three significant digits, but never round away an integer digit (112, 38.5, 7.61).
        const double magnitude = std::fabs(value);
        decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2;
    }
    // Half away from zero, as people round (33.25 → 33.3), not printf's binary half-to-even.
    decimals = std::min(decimals, 9);
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(value * scale) / scale;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, rounded);
    std::string s = buffer;
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    if (s == "-0")
        s = "0";
    return s;
}

std::string fillTemplate(std::string_view text, const Scenario& scenario, const Estimate& estimate, const FigureFormatter& format)
{
    std::string out;
    for (const TemplatePart& p : parseTemplate(text).parts) {
        if (!p.isFigure()) {
            out += p.literal;
            continue;
        }
        const double value = figureValue(p.figure, scenario, estimate);
        out += format ? format(p.figure, value, p.decimals) : formatFigure(value, p.decimals);
    }
    return out;
}

} // namespace core
