#pragma once

// Internal to the core: typed, reporting access to one JSON object (scenario sections, presets).

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/fields.h"
#include "core/issues.h"
#include "core/localizedtext.h"

namespace core {

using Json = nlohmann::ordered_json;

/// Why a text is not JSON, as the core reports it: IssueCode::MalformedJson with a = line and
/// b = column (1-based, of the byte where parsing stopped), c = 1 when the text ends too early
/// (a cut-off file), 2 for any other syntax error, and detail = the parser's own English text.
Issue malformedJson(const nlohmann::json::parse_error& error, std::string_view text);

/// An error at `path` (a key path such as "scenes[2].scenario"; keys that are scenario fields
/// are named by fieldIssue() instead), appended to `issues`. The readers of scenarios, decks
/// and drills share these three instead of a copy each.
Issue& addError(std::vector<Issue>& issues, IssueCode code, std::string path);
/// WrongType at `path`: what the value should be.
void addWrongType(std::vector<Issue>& issues, std::string path, ValueKind expected);
/// UnknownValue at `path`: `given` is none of `accepted`; the nearest one is offered.
Issue& addUnknownValue(std::vector<Issue>& issues, std::string path, std::string given, std::vector<std::string> accepted);

/// `parent[key]` as decks and drills write text: a plain string (English) or
/// {"en": …, "zh_CN": …}; anything else is a wrong-type issue at `path` + key.
/// A text longer than `maxCharacters` (0: no limit) in either language is an error (TextTooLong)
/// and is read as empty.
LocalizedText readLocalizedText(const nlohmann::ordered_json& parent, const char* key, const std::string& path, std::vector<Issue>& issues,
                                std::size_t maxCharacters = 0);
/// Characters (Unicode code points) of UTF-8 text: its bytes less the continuation bytes.
std::size_t utf8Characters(std::string_view text);
/// False, with TextTooLong at `path`, if `text` has more than `maxCharacters` characters.
bool checkTextLength(std::string_view text, std::size_t maxCharacters, const std::string& path, std::vector<Issue>& issues);

/// Reads keys of one object, reporting wrong types and remembering which keys were known so
/// that the rest can be reported as unknown (with the nearest known key as `nearest`).
class JsonReader
{
public:
    JsonReader(const Json& object, std::string prefix, std::vector<Issue>& issues);

    bool has(const char* key) const;
    bool integer(const char* key, int& out, long long lo = -2147483647LL, long long hi = 2147483647LL);
    bool integer64(const char* key, long long& out);
    bool number(const char* key, double& out);
    bool boolean(const char* key, bool& out);
    bool string(const char* key, std::string& out);
    /// One of a field's choices (core/fields.h); the choice's value stored in out.
    bool choice(const char* key, int& out, std::span<const Choice> names);
    /// Marks a key as known without reading it (handled elsewhere).
    void known(const char* key);
    /// Reports every key that no read or known() call named.
    void reportUnknown();

    /// An error about this key, with a = the value where the code has one.
    Issue& error(IssueCode code, const char* key, double a = 0);
    /// WrongType: what the key's value should be, and what it is (None when not known).
    void wrongType(const char* key, ValueKind expected, ValueKind got = ValueKind::None);
    /// UnknownValue: `given` is none of `accepted`; the nearest one is offered.
    void unknownValue(const char* key, std::string given, std::vector<std::string> accepted);
    std::string path(const char* key) const { return m_prefix + key; }

private:
    const Json* find(const char* key);
    const Json& m_object;
    std::string m_prefix;
    std::vector<Issue>& m_issues;
    std::vector<std::string> m_known;
};

} // namespace core
