#include "core/io/jsondocument.h"

#include "core/io/json_reader.h"

#include <algorithm>
#include <unordered_set>

namespace core {

namespace {

/// nlohmann's code for "number overflow parsing" (a literal beyond the double range), reported
/// through the same SAX parse_error call as a syntax error.
constexpr int kNumberOverflow = 406;

/// A path in an issue stays readable: long keys and deep paths are shortened.
constexpr std::size_t kMaxPathPart = 64;
constexpr std::size_t kMaxPath = 120;
/// Duplicate keys are all listed, up to this many.
constexpr std::size_t kMaxDuplicatesReported = 20;

/// First pass over the text: no tree is built, so nothing is allocated per value except the
/// keys of the objects being read; stops at the first limit reached.
class LimitChecker final : public nlohmann::json_sax<Json>
{
public:
    LimitChecker(const InputLimits& limits, std::string_view text, std::vector<Issue>& issues)
        : m_limits(limits)
        , m_text(text)
        , m_issues(issues)
    {
    }

    bool failed() const { return m_failed; }

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }

    bool start_object(std::size_t) override { return open(true); }
    bool start_array(std::size_t) override { return open(false); }
    bool end_object() override { return close(); }
    bool end_array() override { return close(); }

    bool key(string_t& name) override
    {
        Frame& f = m_stack.back();
        f.key = name;
        if (++f.count > m_limits.maxKeys) {
            f.key.clear();
            return stop(IssueCode::TooManyKeys, double(m_limits.maxKeys));
        }
        if (!f.keys.insert(name).second) {
            m_failed = true;
            if (m_duplicates++ < kMaxDuplicatesReported)
                report(IssueCode::DuplicateKey, 0, path());
        }
        return true;
    }

    bool parse_error(std::size_t, const std::string& token, const nlohmann::detail::exception& e) override
    {
        if (e.id == kNumberOverflow) {
            Issue issue{IssueCode::NumberOutOfRange, Severity::Error, ""};
            issue.path = path(true);
            issue.given = validUtf8(token.substr(0, kMaxPathPart));
            m_issues.push_back(std::move(issue));
        } else if (const auto* syntax = dynamic_cast<const nlohmann::json::parse_error*>(&e)) {
            // Line and column of the byte the parser stopped at, so a dialog can say where.
            Issue issue = malformedJson(*syntax, m_text);
            issue.detail = validUtf8(std::string_view(issue.detail).substr(0, 400));
            m_issues.push_back(std::move(issue));
        } else {
            Issue issue{IssueCode::MalformedJson, Severity::Error, ""};
            issue.detail = validUtf8(std::string_view(e.what()).substr(0, 400));
            m_issues.push_back(std::move(issue));
        }
        m_failed = true;
        return false;
    }

private:
    struct Frame
    {
        bool object = false;
        std::size_t count = 0; // keys (object) or elements (array) so far
        std::string key;       // the key whose value is being read
        std::unordered_set<std::string> keys;
    };

    /// Counts one value (containers included) in the parent's array index.
    bool value()
    {
        if (++m_values > m_limits.maxValues)
            return stop(IssueCode::TooManyValues, double(m_limits.maxValues), true);
        if (!m_stack.empty() && !m_stack.back().object)
            ++m_stack.back().count;
        return true;
    }

    bool open(bool object)
    {
        if (!value())
            return false;
        if (int(m_stack.size()) >= m_limits.maxDepth)
            return stop(IssueCode::NestingTooDeep, double(m_limits.maxDepth));
        m_stack.push_back(Frame{object, 0, {}, {}});
        return true;
    }

    bool close()
    {
        m_stack.pop_back();
        return true;
    }

    /// "model.parameters", "scenes[3].scenario": where the parser is now. `pending`: the value
    /// being read has not been counted in its array yet (a number that failed to parse).
    std::string path(bool pending = false) const
    {
        std::string p;
        for (std::size_t i = 0; i < m_stack.size(); ++i) {
            const Frame& f = m_stack[i];
            std::string part;
            if (f.object) {
                if (f.key.empty() && i + 1 == m_stack.size())
                    break;
                if (!p.empty())
                    part.push_back('.');
                part.append(validUtf8(std::string_view(f.key).substr(0, kMaxPathPart)));
            } else {
                // Containers are counted when opened: an inner array's element is its last one.
                const bool last = i + 1 == m_stack.size();
                if ((last && pending) || f.count > 0) {
                    part.push_back('[');
                    part.append(std::to_string(last && pending ? f.count : f.count - 1));
                    part.push_back(']');
                }
            }
            if (p.size() + part.size() > kMaxPath) {
                p += "…";
                break;
            }
            p += part;
        }
        return p;
    }

    void report(IssueCode code, double a, std::string where)
    {
        Issue issue{code, Severity::Error, "", a};
        issue.path = std::move(where);
        m_issues.push_back(std::move(issue));
    }

    bool stop(IssueCode code, double a, bool pending = false)
    {
        std::string where = path(pending);
        report(code, a, where.empty() ? std::string("(document)") : where);
        m_failed = true;
        return false;
    }

    const InputLimits& m_limits;
    std::string_view m_text;
    std::vector<Issue>& m_issues;
    std::vector<Frame> m_stack;
    std::size_t m_values = 0;
    std::size_t m_duplicates = 0;
    bool m_failed = false;
};

/// Length of the UTF-8 sequence starting at s[i] if it is valid (RFC 3629: no overlongs, no
/// surrogates, nothing above U+10FFFF), else 0.
std::size_t validSequence(std::string_view s, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c == 0xE0) { n = 3; lo = 0xA0; }
    else if (c >= 0xE1 && c <= 0xEC) n = 3;
    else if (c == 0xED) { n = 3; hi = 0x9F; }
    else if (c >= 0xEE && c <= 0xEF) n = 3;
    else if (c == 0xF0) { n = 4; lo = 0x90; }
    else if (c >= 0xF1 && c <= 0xF3) n = 4;
    else if (c == 0xF4) { n = 4; hi = 0x8F; }
    else return 0;
    if (i + n > s.size())
        return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    return n;
}

} // namespace

bool isValidUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = validSequence(text, i);
        if (n == 0)
            return false;
        i += n;
    }
    return true;
}

std::string validUtf8(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = validSequence(text, i);
        if (n == 0) {
            out += "\xEF\xBF\xBD"; // U+FFFD REPLACEMENT CHARACTER
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

bool parseJsonDocument(std::string_view text, const InputLimits& limits, Json& out, std::vector<Issue>& issues)
{
    if (text.size() > limits.maxBytes) {
        Issue issue{IssueCode::InputTooLarge, Severity::Error, "", double(text.size()), double(limits.maxBytes)};
        issues.push_back(std::move(issue));
        return false;
    }
    LimitChecker checker(limits, text, issues);
    try {
        // strict: nothing may follow the document; comments are not JSON.
        if (!Json::sax_parse(text, &checker, nlohmann::json::input_format_t::json, true, false) || checker.failed())
            return false;
        // Checked: within the limits, so building the tree is bounded too.
        out = Json::parse(text);
        return true;
    } catch (const nlohmann::json::exception& e) {
        // Not expected after the first pass; a message rather than an escaped exception.
        Issue issue{IssueCode::MalformedJson, Severity::Error, ""};
        issue.detail = validUtf8(e.what());
        issues.push_back(std::move(issue));
        return false;
    }
}

bool parseOverride(const std::string& argument, std::string& path, Json& value, std::vector<Issue>& issues)
{
    const auto malformed = [&](IssueCode code, double a = 0) {
        Issue issue{code, Severity::Error, "", a};
        issue.path = "--set";
        issue.given = validUtf8(std::string_view(argument).substr(0, 200));
        issues.push_back(std::move(issue));
        return false;
    };
    // Keys become issue paths and JSON output: raw bytes from the command line stop here.
    if (!isValidUtf8(argument))
        return malformed(IssueCode::MalformedOverride);
    const auto eq = argument.find('=');
    if (eq == std::string::npos || eq == 0)
        return malformed(IssueCode::MalformedOverride);
    path = argument.substr(0, eq);
    const InputLimits& limits = limits::kScenario;
    if (std::count(path.begin(), path.end(), '.') >= limits.maxDepth)
        return malformed(IssueCode::NestingTooDeep, double(limits.maxDepth));
    const std::string_view text = std::string_view(argument).substr(eq + 1);
    std::vector<Issue> found;
    if (parseJsonDocument(text, limits, value, found))
        return true;
    for (const Issue& i : found) {
        if (i.code == IssueCode::MalformedJson)
            continue;
        // Refused rather than read as a string: "1e400" is a number the user meant.
        Issue issue = i;
        issue.path = i.path.empty() || i.path == "(document)" ? path : path + (i.path[0] == '[' ? "" : ".") + i.path;
        issues.push_back(std::move(issue));
        return false;
    }
    value = std::string(text);
    return true;
}

std::string dumpJson(const Json& json, int indent)
{
    return json.dump(indent, ' ', false, Json::error_handler_t::replace);
}

} // namespace core
