#pragma once

// The shell reader's first pass (core/importer/shellscript.cpp): the words and operators of a
// script, with the helpers the later passes share. Internal to the importer.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/importer/shellscript.h"

namespace core {

enum class ShellTok : std::uint8_t { Word, ArrayOpen, Newline, Semi, AndAnd, OrOr, Pipe, Amp, RParen };

struct ShellToken
{
    ShellTok kind;
    std::string text; ///< a word as written (quotes kept); ArrayOpen: the NAME= or NAME+= before "("
    int line;
};

inline bool shellNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
inline bool shellNameChar(char c) { return shellNameStart(c) || (c >= '0' && c <= '9'); }

/// An issue of the reader: its code, severity and figures.
void shellIssue(std::vector<Issue>& issues, IssueCode code, Severity severity, double a, double b = 0);

/// Splits `text` into words and operators (ShellToken): quotes, $(…), ${…} and `…` stay inside
/// their word as written; `\`-newline joins lines; comments are dropped. False (with an issue)
/// when the text cannot be read: an unterminated quote, too many words.
bool lexShell(std::string_view text, const ShellLimits& limits, std::vector<Issue>& issues, std::vector<ShellToken>& out);

} // namespace core
