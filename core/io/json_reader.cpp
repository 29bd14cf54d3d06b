#include "core/io/json_reader.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

ValueKind kindOf(const Json& j)
{
    if (j.is_null()) return ValueKind::Null;
    if (j.is_boolean()) return ValueKind::Boolean;
    if (j.is_number()) return ValueKind::Number;
    if (j.is_string()) return ValueKind::String;
    if (j.is_array()) return ValueKind::Array;
    return ValueKind::Object;
}

} // namespace

Issue malformedJson(const nlohmann::json::parse_error& error, std::string_view text)
{
    Issue issue{IssueCode::MalformedJson, Severity::Error, ""};
    // parse_error::byte is 1-based: the byte the parser stopped at (one past the end at EOF).
    const std::size_t stop = std::min<std::size_t>(error.byte > 0 ? error.byte - 1 : 0, text.size());
    double line = 1, column = 1;
    for (std::size_t i = 0; i < stop; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column; // count characters, not the continuation bytes of UTF-8
        }
    }
    issue.a = line;
    issue.b = column;
    std::string detail = error.what();
    issue.c = detail.find("unexpected end of input") != std::string::npos ? 1 : 2;
    // "[json.exception.parse_error.101] parse error at line 3, column 5: syntax error …": the
    // position is in a and b already; keep what follows.
    if (const std::size_t colon = detail.find(": "); colon != std::string::npos && detail.rfind("[json.exception", 0) == 0)
        detail = detail.substr(colon + 2);
    issue.detail = detail;
    return issue;
}

Issue& addError(std::vector<Issue>& issues, IssueCode code, std::string path)
{
    Issue issue{code, Severity::Error, ""};
    issue.path = std::move(path);
    issues.push_back(std::move(issue));
    return issues.back();
}

void addWrongType(std::vector<Issue>& issues, std::string path, ValueKind expected)
{
    addError(issues, IssueCode::WrongType, std::move(path)).expected = expected;
}

Issue& addUnknownValue(std::vector<Issue>& issues, std::string path, std::string given, std::vector<std::string> accepted)
{
    Issue& issue = addError(issues, IssueCode::UnknownValue, std::move(path));
    issue.nearest = nearestName(given, accepted);
    issue.given = std::move(given);
    issue.accepted = std::move(accepted);
    return issue;
}

std::size_t utf8Characters(std::string_view text)
{
    return std::size_t(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

bool checkTextLength(std::string_view text, std::size_t maxCharacters, const std::string& path, std::vector<Issue>& issues)
{
    const std::size_t n = utf8Characters(text);
    if (maxCharacters == 0 || n <= maxCharacters)
        return true;
    Issue i{IssueCode::TextTooLong, Severity::Error, "", double(n), double(maxCharacters)};
    i.path = path;
    issues.push_back(std::move(i));
    return false;
}

LocalizedText readLocalizedText(const nlohmann::ordered_json& parent, const char* key, const std::string& path, std::vector<Issue>& issues,
                                std::size_t maxCharacters)
{
    LocalizedText text;
    if (!parent.contains(key))
        return text;
    const auto& v = parent.at(key);
    if (v.is_string()) {
        text.en = v.get<std::string>();
    } else if (v.is_object()) {
        if (v.contains("en") && v["en"].is_string())
            text.en = v["en"].get<std::string>();
        if (v.contains("zh_CN") && v["zh_CN"].is_string())
            text.zhCN = v["zh_CN"].get<std::string>();
    } else {
        Issue i{IssueCode::WrongType, Severity::Error, ""};
        i.path = path + key;
        i.expected = ValueKind::LocalizedText;
        issues.push_back(std::move(i));
    }
    if (!checkTextLength(text.en, maxCharacters, path + key, issues) || !checkTextLength(text.zhCN, maxCharacters, path + key, issues))
        return {};
    return text;
}

JsonReader::JsonReader(const Json& object, std::string prefix, std::vector<Issue>& issues)
    : m_object(object)
    , m_prefix(std::move(prefix))
    , m_issues(issues)
{
}

bool JsonReader::has(const char* key) const
{
    return m_object.is_object() && m_object.contains(key);
}

void JsonReader::known(const char* key)
{
    m_known.emplace_back(key);
}

const Json* JsonReader::find(const char* key)
{
    known(key);
    if (!m_object.is_object())
        return nullptr;
    auto it = m_object.find(key);
    return it == m_object.end() ? nullptr : &*it;
}

Issue& JsonReader::error(IssueCode code, const char* key, double a)
{
    Issue& issue = addError(m_issues, code, path(key));
    issue.a = a;
    return issue;
}

void JsonReader::wrongType(const char* key, ValueKind expected, ValueKind got)
{
    Issue& issue = error(IssueCode::WrongType, key);
    issue.expected = expected;
    issue.got = got;
}

void JsonReader::unknownValue(const char* key, std::string given, std::vector<std::string> accepted)
{
    addUnknownValue(m_issues, path(key), std::move(given), std::move(accepted));
}

bool JsonReader::number(const char* key, double& out)
{
    const Json* j = find(key);
    if (!j)
        return false;
    if (!j->is_number()) {
        wrongType(key, ValueKind::Number, kindOf(*j));
        return false;
    }
    const double v = j->get<double>();
    if (!std::isfinite(v)) {
        wrongType(key, ValueKind::FiniteNumber);
        return false;
    }
    out = v;
    return true;
}

bool JsonReader::integer64(const char* key, long long& out)
{
    double v = 0;
    const Json* j = find(key);
    if (!j)
        return false;
    if (!j->is_number()) {
        wrongType(key, ValueKind::WholeNumber, kindOf(*j));
        return false;
    }
    v = j->get<double>();
    if (j->is_number_integer()) {
        out = j->is_number_unsigned() ? (j->get<unsigned long long>() > 9223372036854775807ULL ? 9223372036854775807LL
                                                                                                : (long long)j->get<unsigned long long>())
                                      : j->get<long long>();
        return true;
    }
    if (!std::isfinite(v) || v != std::floor(v)) {
        error(IssueCode::NotAnInteger, key, v);
        return false;
    }
    if (std::fabs(v) > 9.0e18) {
        Issue issue{IssueCode::TooLarge, Severity::Error, "", v, 9.0e18};
        issue.path = path(key);
        m_issues.push_back(std::move(issue));
        return false;
    }
    out = (long long)v;
    return true;
}

bool JsonReader::integer(const char* key, int& out, long long lo, long long hi)
{
    long long v = 0;
    if (!integer64(key, v))
        return false;
    if (v < lo || v > hi) {
        Issue issue{v > hi ? IssueCode::TooLarge : IssueCode::OutOfRange, Severity::Error, "", double(v),
                    double(v > hi ? hi : lo), double(hi)};
        if (v < lo)
            issue.b = double(lo);
        issue.path = path(key);
        m_issues.push_back(std::move(issue));
        return false;
    }
    out = int(v);
    return true;
}

bool JsonReader::boolean(const char* key, bool& out)
{
    const Json* j = find(key);
    if (!j)
        return false;
    if (!j->is_boolean()) {
        wrongType(key, ValueKind::TrueOrFalse, kindOf(*j));
        return false;
    }
    out = j->get<bool>();
    return true;
}

bool JsonReader::string(const char* key, std::string& out)
{
    const Json* j = find(key);
    if (!j)
        return false;
    if (!j->is_string()) {
        wrongType(key, ValueKind::String, kindOf(*j));
        return false;
    }
    out = j->get<std::string>();
    return true;
}

bool JsonReader::choice(const char* key, int& out, std::span<const Choice> names)
{
    std::string text;
    if (!string(key, text))
        return false;
    for (const Choice& c : names)
        if (c.name == text) {
            out = c.value;
            return true;
        }
    std::vector<std::string> accepted;
    for (const Choice& c : names)
        accepted.emplace_back(c.name);
    unknownValue(key, text, std::move(accepted));
    return false;
}

void JsonReader::reportUnknown()
{
    if (!m_object.is_object())
        return;
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(m_known.begin(), m_known.end(), key) != m_known.end())
            continue;
        Issue issue{IssueCode::UnknownKey, Severity::Warning, ""};
        issue.path = m_prefix + key;
        std::size_t best = 4;
        for (const std::string& k : m_known) {
            // The distance is at least the difference in length: a long key is not compared
            // (a megabyte-long key would otherwise cost a megabyte times each known key).
            if (key.size() >= k.size() + best || k.size() >= key.size() + best)
                continue;
            const std::size_t d = keyDistance(key, k);
            if (d < best) {
                best = d;
                issue.nearest = m_prefix + k;
            }
        }
        m_issues.push_back(std::move(issue));
    }
}

} // namespace core
