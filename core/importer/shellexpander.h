#pragma once

// The shell reader's variables and word expansion (core/importer/shellscript.cpp). Internal to
// the importer.

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/importer/shellscript.h"

namespace core {

/// Variables and the expansion of words.
class ShellExpander
{
public:
    ShellExpander(const ShellLimits& limits, std::vector<Issue>& issues);

    bool failed() const;

    void set(const std::string& name, std::vector<std::string> value, bool append);
    void unset(const std::string& name);

    /// The fields a word expands to (quoted empty strings are kept as empty fields).
    std::vector<std::string> expand(std::string_view raw, bool* unevaluated = nullptr);

    /// A word expanded into one string (assignment values: no splitting).
    std::string expandOne(std::string_view raw, bool* unevaluated = nullptr);

private:
    struct Fields
    {
        std::vector<std::string> out;
        std::string cur;
        bool has = false;
        bool noSplit = false;
        void text(std::string_view s)
        {
            cur += s;
            has = true;
        }
        void quotedEmpty() { has = true; }
        void split(std::string_view s) ///< an unquoted expansion: split at blanks
        {
            if (noSplit) {
                text(s);
                return;
            }
            std::size_t i = 0;
            while (i < s.size()) {
                if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
                    end();
                    ++i;
                    continue;
                }
                cur += s[i++];
                has = true;
            }
        }
        void end()
        {
            if (has)
                out.push_back(std::move(cur));
            cur.clear();
            has = false;
        }
        void finish() { end(); }
    };

    void fail(IssueCode code, double a);
    bool charge(std::size_t bytes);

    const std::vector<std::string>* find(const std::string& name) const;

    std::string scalar(const std::string& name) const;

    void expandInto(std::string_view raw, Fields& f, int depth, bool* unevaluated);

    /// The end of a bracketed part starting at `open` (raw[open] is '(' or '{').
    static std::size_t closing(std::string_view raw, std::size_t open);

    void emit(const std::vector<std::string>& values, Fields& f, bool inDouble, bool each);

    std::size_t dollar(std::string_view raw, std::size_t i, Fields& f, bool inDouble, int depth, bool* unevaluated);

    /// ${NAME}, ${NAME:-word}, ${NAME-word}, ${NAME:=word}, ${NAME:+word}, ${NAME[@]}, ${NAME[k]}, ${#NAME}.
    void braced(std::string_view body, Fields& f, bool inDouble, int depth, bool* unevaluated);

    /// $(( … )): + − * / % and parentheses over integers and variables, by precedence climbing
    /// (depth bounded by maxNesting); false on anything else, division by zero or overflow.
    bool arithmetic(std::string_view expr, long long& value, int depth);
    static void skipBlanks(std::string_view s, std::size_t& p);
    long long sum(std::string_view s, std::size_t& p, int depth, bool& ok);
    long long product(std::string_view s, std::size_t& p, int depth, bool& ok);
    long long atom(std::string_view s, std::size_t& p, int depth, bool& ok);
    static long long number(std::string_view text, bool& ok);

    const ShellLimits& m_limits;
    std::vector<Issue>& m_issues;
    std::map<std::string, std::vector<std::string>> m_vars;
    std::size_t m_spent = 0;
    bool m_failed = false;
};

} // namespace core
