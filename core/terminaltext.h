#pragma once

#include <string>
#include <string_view>

namespace core {

/// `text` with every control character (C0, DEL, C1) written as an escape ("\x1b", "\u0085"):
/// what the command line prints of names, titles and keys a file gave. A model named with ESC
/// sequences changed the terminal's colours and title (issue 32.11). Invalid UTF-8 bytes are
/// written as "\xHH" too; everything else is kept as it is.
std::string terminalText(std::string_view text);

} // namespace core
