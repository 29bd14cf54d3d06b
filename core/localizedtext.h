#pragma once

#include <string>
#include <string_view>

namespace core {

/// Text in the languages ShardScope ships ("en", "zh_CN"); English when a language is missing.
struct LocalizedText
{
    std::string en;
    std::string zhCN;
    const std::string& in(std::string_view language) const { return (language.rfind("zh", 0) == 0 && !zhCN.empty()) ? zhCN : en; }
};

} // namespace core
