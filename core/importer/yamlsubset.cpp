#include "core/importer/configtext.h"

#include <cctype>

namespace core {

namespace {

struct YamlFrame
{
    enum Kind : unsigned char { Pending, Map, List } kind;
    int indent;          ///< Map: its keys' column; List: its dashes' column; Pending: the key's column
    std::string prefix;  ///< dotted path of this container
    int items = 0;       ///< List: items so far
    int line = 0;        ///< Pending: the key's line (a key with nothing under it is null)
};

class YamlReader
{
public:
    YamlReader(std::string_view text, const ConfigLimits& limits, ConfigRead& out)
        : m_s(text)
        , m_limits(limits)
        , m_out(out)
    {
    }

    void run()
    {
        if (m_s.size() > m_limits.maxBytes) {
            fail(IssueCode::InputTooLarge, double(m_s.size()), double(m_limits.maxBytes));
            return;
        }
        m_stack.push_back({YamlFrame::Map, -1, {}, 0, 0});
        std::size_t p = 0;
        bool started = false;
        while (p <= m_s.size() && !m_failed) {
            const std::size_t e = std::min(m_s.find('\n', p), m_s.size());
            std::string_view line = m_s.substr(p, e - p);
            ++m_line;
            p = e + 1;
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            std::size_t indent = 0;
            while (indent < line.size() && line[indent] == ' ')
                ++indent;
            std::string_view body = stripComment(line.substr(indent));
            if (body.empty())
                continue;
            if (indent < line.size() && line[indent] == '\t') {
                syntax();
                return;
            }
            if (body == "---" || body.rfind("--- ", 0) == 0) {
                if (started) { // a second document: not read
                    syntax();
                    return;
                }
                continue;
            }
            if (body == "..." || body.rfind("%", 0) == 0)
                continue;
            started = true;
            lineOf(int(indent), body, p);
            if (e >= m_s.size())
                break;
        }
        // Keys left with nothing under them are null.
        while (!m_stack.empty() && !m_failed)
            closeTop();
    }

private:
    void fail(IssueCode code, double a, double b = 0)
    {
        if (m_failed)
            return;
        Issue i{code, Severity::Error, ""};
        i.a = a;
        i.b = b;
        m_out.issues.push_back(std::move(i));
        m_failed = true;
    }
    void syntax() { fail(IssueCode::ImportSyntax, m_line); }

    static std::string_view stripComment(std::string_view s)
    {
        char quote = 0;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const char c = s[i];
            if (quote) {
                if (c == quote)
                    quote = 0;
                else if (c == '\\' && quote == '"')
                    ++i;
            } else if ((c == '"' || c == '\'') && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '[' || s[i - 1] == '{' || s[i - 1] == ',' || s[i - 1] == ':')) {
                quote = c;
            } else if (c == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
                s = s.substr(0, i);
                break;
            }
        }
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
            s.remove_suffix(1);
        return s;
    }

    void add(std::string key, std::string value, bool isString, int line)
    {
        if (m_out.entries.size() >= m_limits.maxEntries) {
            fail(IssueCode::TooManyValues, double(m_limits.maxEntries));
            return;
        }
        if (key.size() > m_limits.maxKeyBytes) {
            fail(IssueCode::TooLarge, double(key.size()), double(m_limits.maxKeyBytes));
            return;
        }
        m_out.entries.push_back({std::move(key), std::move(value), isString, line});
    }

    bool push(YamlFrame f)
    {
        if (int(m_stack.size()) > m_limits.maxDepth) {
            fail(IssueCode::NestingTooDeep, m_limits.maxDepth);
            return false;
        }
        m_stack.push_back(std::move(f));
        return true;
    }

    void closeTop()
    {
        const YamlFrame& f = m_stack.back();
        if (f.kind == YamlFrame::Pending)
            add(f.prefix, "", false, f.line); // a key with nothing under it: null
        m_stack.pop_back();
    }

    static std::string join(const std::string& prefix, std::string_view key)
    {
        return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
    }

    /// A scalar as written: quotes removed (isString), or a plain one.
    bool scalar(std::string_view v, std::string& out, bool& isString)
    {
        isString = false;
        out.clear();
        if (v.empty())
            return true;
        if (v[0] == '&' || v[0] == '*' || v[0] == '!') { // anchors, aliases, tags: not read
            syntax();
            return false;
        }
        if (v[0] == '"' || v[0] == '\'') {
            const char q = v[0];
            isString = true;
            std::size_t i = 1;
            for (; i < v.size(); ++i) {
                if (v[i] == q) {
                    if (q == '\'' && i + 1 < v.size() && v[i + 1] == '\'') {
                        out += '\'';
                        ++i;
                        continue;
                    }
                    break;
                }
                if (q == '"' && v[i] == '\\' && i + 1 < v.size()) {
                    const char e = v[++i];
                    out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                    continue;
                }
                out += v[i];
            }
            if (i >= v.size()) {
                fail(IssueCode::UnterminatedQuote, m_line);
                return false;
            }
            // Anything after the closing quote is not YAML.
            std::string_view rest = v.substr(i + 1);
            while (!rest.empty() && rest.front() == ' ')
                rest.remove_prefix(1);
            if (!rest.empty()) {
                syntax();
                return false;
            }
            return true;
        }
        out = std::string(v);
        return true;
    }

    /// [a, b] or {k: v, …}: one level of scalars (a nested flow collection is kept as text).
    void flow(const std::string& key, std::string_view v)
    {
        const bool map = v[0] == '{';
        const char close = map ? '}' : ']';
        if (v.back() != close) {
            syntax();
            return;
        }
        std::string_view inner = v.substr(1, v.size() - 2);
        int index = 0, depth = 0;
        char quote = 0;
        std::size_t start = 0;
        for (std::size_t i = 0; i <= inner.size() && !m_failed; ++i) {
            const char c = i < inner.size() ? inner[i] : ',';
            if (quote) {
                if (c == quote)
                    quote = 0;
                continue;
            }
            if (c == '"' || c == '\'')
                quote = c;
            else if (c == '[' || c == '{')
                ++depth;
            else if (c == ']' || c == '}')
                --depth;
            else if (c == ',' && depth == 0) {
                std::string_view item = inner.substr(start, i - start);
                start = i + 1;
                while (!item.empty() && item.front() == ' ')
                    item.remove_prefix(1);
                while (!item.empty() && item.back() == ' ')
                    item.remove_suffix(1);
                if (item.empty())
                    continue;
                std::string k = key + "[" + std::to_string(index++) + "]", text;
                bool isString = false;
                if (map) {
                    const std::size_t colon = item.find(':');
                    if (colon == std::string_view::npos) {
                        syntax();
                        return;
                    }
                    std::string_view name = item.substr(0, colon), value = item.substr(colon + 1);
                    while (!name.empty() && name.back() == ' ')
                        name.remove_suffix(1);
                    while (!value.empty() && value.front() == ' ')
                        value.remove_prefix(1);
                    std::string bare;
                    bool q = false;
                    if (!scalar(name, bare, q))
                        return;
                    k = join(key, bare);
                    item = value;
                }
                if (!scalar(item, text, isString))
                    return;
                add(k, std::move(text), isString, m_line);
            }
        }
        if (quote || depth != 0)
            syntax();
    }

    /// A value after "key:" or "- ": a scalar, a flow collection, a block scalar, or nothing
    /// (then the lines below hold it).
    void value(const std::string& key, std::string_view v, int keyIndent, std::size_t& next)
    {
        while (!v.empty() && v.front() == ' ')
            v.remove_prefix(1);
        if (v.empty()) {
            push({YamlFrame::Pending, keyIndent, key, 0, m_line});
            return;
        }
        if (v[0] == '[' || v[0] == '{') {
            flow(key, v);
            return;
        }
        if (v[0] == '|' || v[0] == '>') {
            // A block scalar: the more indented lines below, joined.
            std::string text;
            const int line = m_line;
            while (next < m_s.size()) {
                const std::size_t e = std::min(m_s.find('\n', next), m_s.size());
                std::string_view l = m_s.substr(next, e - next);
                std::size_t ind = 0;
                while (ind < l.size() && l[ind] == ' ')
                    ++ind;
                if (ind < l.size() && int(ind) <= keyIndent)
                    break;
                text += std::string(l.substr(std::min(ind, l.size()))) + (v[0] == '|' ? "\n" : " ");
                ++m_line;
                next = e + 1;
                if (text.size() > m_limits.maxBytes)
                    break;
            }
            add(key, std::move(text), true, line);
            return;
        }
        std::string text;
        bool isString = false;
        if (scalar(v, text, isString))
            add(key, std::move(text), isString, m_line);
    }

    /// "key: value" at `column`: the key's name and the value's text; false if not a key line.
    static bool keyLine(std::string_view body, std::string_view& name, std::string_view& rest)
    {
        char quote = 0;
        for (std::size_t i = 0; i < body.size(); ++i) {
            const char c = body[i];
            if (quote) {
                if (c == quote)
                    quote = 0;
                continue;
            }
            if ((c == '"' || c == '\'') && i == 0) {
                quote = c;
                continue;
            }
            if (c == ':' && (i + 1 == body.size() || body[i + 1] == ' ')) {
                name = body.substr(0, i);
                rest = body.substr(i + 1);
                return !name.empty();
            }
            if (c == '[' || c == '{')
                return false;
        }
        return false;
    }

    void lineOf(int indent, std::string_view body, std::size_t& next)
    {
        const bool dash = body == "-" || body.rfind("- ", 0) == 0;
        // Close what this line is not inside of.
        while (m_stack.size() > 1) {
            YamlFrame& top = m_stack.back();
            if (top.kind == YamlFrame::Pending) {
                if (indent > top.indent || (dash && indent == top.indent)) {
                    // Its value is below: a list when the line is an item, else a map.
                    top.kind = dash ? YamlFrame::List : YamlFrame::Map;
                    top.indent = indent;
                    break;
                }
                closeTop();
                continue;
            }
            if (top.kind == YamlFrame::List ? (indent < top.indent || (indent == top.indent && !dash)) : indent < top.indent) {
                closeTop();
                continue;
            }
            break;
        }
        if (m_failed)
            return;
        YamlFrame& top = m_stack.back();
        if (dash) {
            if (top.kind != YamlFrame::List || top.indent != indent) {
                syntax();
                return;
            }
            const std::string key = top.prefix + "[" + std::to_string(top.items++) + "]";
            std::string_view item = body.size() > 1 ? body.substr(2) : std::string_view();
            while (!item.empty() && item.front() == ' ')
                item.remove_prefix(1);
            std::string_view name, rest;
            const int itemColumn = indent + 2 + int(body.size() > 2 ? body.substr(2).find_first_not_of(' ') : 0);
            if (!item.empty() && item[0] != '"' && item[0] != '\'' && item[0] != '[' && item[0] != '{' && keyLine(item, name, rest)) {
                // "- key: value": a map whose keys sit at the item's column.
                if (!push({YamlFrame::Map, itemColumn, key, 0, 0}))
                    return;
                keyed(itemColumn, name, rest, next);
                return;
            }
            value(key, item, indent, next);
            return;
        }
        std::string_view name, rest;
        if (!keyLine(body, name, rest) || top.kind == YamlFrame::List) {
            syntax();
            return;
        }
        if (top.kind == YamlFrame::Map && top.indent != indent && m_stack.size() > 1) {
            syntax();
            return;
        }
        if (m_stack.size() == 1 && m_rootIndent < 0)
            m_rootIndent = indent;
        if (m_stack.size() == 1 && indent != m_rootIndent) {
            syntax();
            return;
        }
        keyed(indent, name, rest, next);
    }

    void keyed(int indent, std::string_view name, std::string_view rest, std::size_t& next)
    {
        std::string bare;
        bool q = false;
        if (!scalar(name, bare, q))
            return;
        if (bare == "<<") { // a merge key needs an alias: not read
            syntax();
            return;
        }
        value(join(m_stack.back().prefix, bare), rest, indent, next);
    }

    std::string_view m_s;
    const ConfigLimits& m_limits;
    ConfigRead& m_out;
    std::vector<YamlFrame> m_stack;
    int m_line = 0;
    int m_rootIndent = -1;
    bool m_failed = false;
};

} // namespace

ConfigRead readYamlSubset(std::string_view text, const ConfigLimits& limits)
{
    ConfigRead out;
    YamlReader(text, limits, out).run();
    return out;
}

} // namespace core
