#include "core/importer/configtext.h"

#include <cctype>
#include <map>

namespace core {

namespace {

class TomlReader
{
public:
    TomlReader(std::string_view text, const ConfigLimits& limits, ConfigRead& out)
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
        while (!m_failed) {
            blanksAndComments(true);
            if (m_p >= m_s.size())
                break;
            if (m_s[m_p] == '[')
                table();
            else
                keyValue(m_table);
            if (m_failed)
                break;
            // The rest of the line: blanks and a comment only.
            blanksAndComments(false);
            if (m_p < m_s.size() && m_s[m_p] != '\n')
                syntax();
        }
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

    void blanksAndComments(bool newlines)
    {
        while (m_p < m_s.size()) {
            const char c = m_s[m_p];
            if (c == ' ' || c == '\t' || c == '\r')
                ++m_p;
            else if (c == '#')
                while (m_p < m_s.size() && m_s[m_p] != '\n')
                    ++m_p;
            else if (c == '\n' && newlines) {
                ++m_p;
                ++m_line;
            } else
                break;
        }
    }

    /// A key: bare, "quoted" or 'literal', dotted.
    bool key(std::string& out)
    {
        out.clear();
        for (;;) {
            blanksAndComments(false);
            if (m_p >= m_s.size())
                return false;
            std::string part;
            const char c = m_s[m_p];
            if (c == '"' || c == '\'') {
                if (!quoted(part))
                    return false;
            } else {
                while (m_p < m_s.size() && (std::isalnum(static_cast<unsigned char>(m_s[m_p])) || m_s[m_p] == '_' || m_s[m_p] == '-'))
                    part += m_s[m_p++];
                if (part.empty())
                    return false;
            }
            out += (out.empty() ? "" : ".") + part;
            if (out.size() > m_limits.maxKeyBytes)
                return false;
            blanksAndComments(false);
            if (m_p < m_s.size() && m_s[m_p] == '.') {
                ++m_p;
                continue;
            }
            return true;
        }
    }

    void table()
    {
        const bool array = m_p + 1 < m_s.size() && m_s[m_p + 1] == '[';
        m_p += array ? 2 : 1;
        std::string name;
        if (!key(name)) {
            syntax();
            return;
        }
        if (m_p >= m_s.size() || m_s[m_p] != ']' || (array && (m_p + 1 >= m_s.size() || m_s[m_p + 1] != ']'))) {
            syntax();
            return;
        }
        m_p += array ? 2 : 1;
        if (array) {
            const int index = m_arrays[name]++;
            m_table = name + "[" + std::to_string(index) + "]";
        } else {
            m_table = name;
        }
    }

    void keyValue(const std::string& prefix, int depth = 0)
    {
        std::string k;
        const int line = m_line;
        if (!key(k)) {
            syntax();
            return;
        }
        blanksAndComments(false);
        if (m_p >= m_s.size() || m_s[m_p] != '=') {
            syntax();
            return;
        }
        ++m_p;
        blanksAndComments(false);
        value(prefix.empty() ? k : prefix + "." + k, line, depth);
    }

    void add(std::string key, std::string value, bool isString, int line)
    {
        if (m_out.entries.size() >= m_limits.maxEntries) {
            fail(IssueCode::TooManyValues, double(m_limits.maxEntries));
            return;
        }
        m_out.entries.push_back({std::move(key), std::move(value), isString, line});
    }

    bool quoted(std::string& out)
    {
        const char q = m_s[m_p];
        const int line = m_line;
        const bool multi = m_s.substr(m_p, 3) == std::string_view(q == '"' ? "\"\"\"" : "'''");
        m_p += multi ? 3 : 1;
        if (multi && m_p < m_s.size() && m_s[m_p] == '\n') {
            ++m_p;
            ++m_line;
        }
        while (m_p < m_s.size()) {
            const char c = m_s[m_p];
            if (multi ? m_s.substr(m_p, 3) == std::string_view(q == '"' ? "\"\"\"" : "'''") : c == q) {
                m_p += multi ? 3 : 1;
                return true;
            }
            if (c == '\n') {
                if (!multi)
                    break;
                ++m_line;
            }
            if (c == '\\' && q == '"' && m_p + 1 < m_s.size()) {
                const char e = m_s[m_p + 1];
                out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
                m_p += 2;
                continue;
            }
            out += c;
            ++m_p;
        }
        fail(IssueCode::UnterminatedQuote, line);
        return false;
    }

    void value(const std::string& key, int line, int depth)
    {
        if (depth > m_limits.maxDepth) {
            fail(IssueCode::NestingTooDeep, m_limits.maxDepth);
            return;
        }
        if (m_p >= m_s.size()) {
            syntax();
            return;
        }
        const char c = m_s[m_p];
        if (c == '"' || c == '\'') {
            std::string text;
            if (quoted(text))
                add(key, std::move(text), true, line);
            return;
        }
        if (c == '[') {
            ++m_p;
            for (int index = 0; !m_failed; ++index) {
                blanksAndComments(true);
                if (m_p < m_s.size() && m_s[m_p] == ']') {
                    ++m_p;
                    return;
                }
                value(key + "[" + std::to_string(index) + "]", m_line, depth + 1);
                blanksAndComments(true);
                if (m_p < m_s.size() && m_s[m_p] == ',') {
                    ++m_p;
                    continue;
                }
                if (m_p < m_s.size() && m_s[m_p] == ']') {
                    ++m_p;
                    return;
                }
                syntax();
                return;
            }
            return;
        }
        if (c == '{') {
            ++m_p;
            blanksAndComments(false);
            if (m_p < m_s.size() && m_s[m_p] == '}') {
                ++m_p;
                return;
            }
            while (!m_failed) {
                keyValue(key, depth + 1);
                blanksAndComments(false);
                if (m_p < m_s.size() && m_s[m_p] == ',') {
                    ++m_p;
                    continue;
                }
                if (m_p < m_s.size() && m_s[m_p] == '}') {
                    ++m_p;
                    return;
                }
                syntax();
                return;
            }
            return;
        }
        // A bare value: a number, a boolean, a date: up to a separator.
        std::string text;
        while (m_p < m_s.size() && m_s[m_p] != ',' && m_s[m_p] != ']' && m_s[m_p] != '}' && m_s[m_p] != '\n' && m_s[m_p] != '#')
            text += m_s[m_p++];
        while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
            text.pop_back();
        if (text.empty()) {
            syntax();
            return;
        }
        add(key, std::move(text), false, line);
    }

    std::string_view m_s;
    const ConfigLimits& m_limits;
    ConfigRead& m_out;
    std::size_t m_p = 0;
    int m_line = 1;
    bool m_failed = false;
    std::string m_table;
    std::map<std::string, int> m_arrays;
};

} // namespace

ConfigRead readTomlSubset(std::string_view text, const ConfigLimits& limits)
{
    ConfigRead out;
    TomlReader(text, limits, out).run();
    return out;
}

} // namespace core
