#include "core/importer/shellscript.h"

#include <cctype>
#include <cstdint>
#include <map>

namespace core {

namespace {

enum class ShellTok : std::uint8_t { Word, ArrayOpen, Newline, Semi, AndAnd, OrOr, Pipe, Amp, RParen };

struct ShellToken
{
    ShellTok kind;
    std::string text; ///< a word as written (quotes kept); ArrayOpen: the NAME= or NAME+= before "("
    int line;
};

bool shellNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool shellNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

void shellIssue(std::vector<Issue>& issues, IssueCode code, Severity severity, double a, double b = 0)
{
    Issue i{code, severity, ""};
    i.a = a;
    i.b = b;
    issues.push_back(std::move(i));
}

/// Splits the text into words and operators. Quotes, $(…), ${…} and `…` stay inside their word
/// as written; `\`-newline joins lines; comments are dropped.
class ShellLexer
{
public:
    ShellLexer(std::string_view text, const ShellLimits& limits, std::vector<Issue>& issues)
        : m_text(text)
        , m_limits(limits)
        , m_issues(issues)
    {
    }

    /// False when the text cannot be read (an unterminated quote, too many words).
    bool run(std::vector<ShellToken>& out)
    {
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\\' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '\n') {
                m_pos += 2;
                ++m_line;
                m_continued = true;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                ++m_pos;
                continue;
            }
            if (c == '#') {
                const int line = m_line;
                skipComment();
                // bash ends a `\`-continued command at a comment line (the continuation joins
                // first, then the comment runs to the end of the line). A pasted command with a
                // comment in it almost always means to go on: read on, and say so.
                if (m_continued && m_pos < m_text.size()) {
                    shellIssue(m_issues, IssueCode::CommentEndsContinuedCommand, Severity::Warning, line);
                    ++m_pos; // the newline
                    ++m_line;
                    continue;
                }
                continue;
            }
            m_continued = false;
            if (c == '\n') {
                push(out, ShellTok::Newline, {});
                ++m_pos;
                ++m_line;
                continue;
            }
            if (c == ';') {
                push(out, ShellTok::Semi, {});
                m_pos += (m_pos + 1 < m_text.size() && m_text[m_pos + 1] == ';') ? 2 : 1;
                continue;
            }
            if (c == '&') {
                const bool two = m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '&';
                push(out, two ? ShellTok::AndAnd : ShellTok::Amp, {});
                m_pos += two ? 2 : 1;
                continue;
            }
            if (c == '|') {
                const bool two = m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '|';
                push(out, two ? ShellTok::OrOr : ShellTok::Pipe, {});
                m_pos += two ? 2 : 1;
                continue;
            }
            if (c == ')') {
                push(out, ShellTok::RParen, {});
                ++m_pos;
                continue;
            }
            if (c == '(') { // a subshell or a function's "()": kept as a word the parser does not run
                push(out, ShellTok::Word, "(");
                ++m_pos;
                continue;
            }
            if (!word(out))
                return false;
            if (out.size() > m_limits.maxWords) {
                shellIssue(m_issues, IssueCode::TooManyValues, Severity::Error, double(m_limits.maxWords));
                return false;
            }
        }
        push(out, ShellTok::Newline, {});
        return true;
    }

private:
    void push(std::vector<ShellToken>& out, ShellTok kind, std::string text) { out.push_back({kind, std::move(text), m_line}); }

    void skipComment()
    {
        while (m_pos < m_text.size() && m_text[m_pos] != '\n')
            ++m_pos;
    }

    /// Reads up to the character that closes `open` (a quote, or a bracket counted with nesting).
    bool until(std::string& w, char open, char close, int startLine)
    {
        int depth = 1;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\n')
                ++m_line;
            if (c == '\\' && open != '\'' && m_pos + 1 < m_text.size()) {
                if (m_text[m_pos + 1] == '\n') {
                    ++m_line;
                    m_pos += 2; // a continuation inside quotes joins too
                    continue;
                }
                w += c;
                w += m_text[m_pos + 1];
                m_pos += 2;
                continue;
            }
            w += c;
            ++m_pos;
            if (open != close && c == open) {
                if (++depth > m_limits.maxNesting) {
                    shellIssue(m_issues, IssueCode::NestingTooDeep, Severity::Error, m_limits.maxNesting);
                    return false;
                }
            } else if (c == close && --depth == 0) {
                return true;
            } else if (open == '(' && (c == '"' || c == '\'')) {
                // A quoted ")" inside $( … ) does not close it.
                const char q = c;
                while (m_pos < m_text.size() && m_text[m_pos] != q) {
                    if (m_text[m_pos] == '\n')
                        ++m_line;
                    if (q == '"' && m_text[m_pos] == '\\' && m_pos + 1 < m_text.size())
                        w += m_text[m_pos++];
                    w += m_text[m_pos++];
                }
                if (m_pos >= m_text.size())
                    break;
                w += m_text[m_pos++];
            }
        }
        shellIssue(m_issues, IssueCode::UnterminatedQuote, Severity::Error, startLine);
        return false;
    }

    bool word(std::vector<ShellToken>& out)
    {
        std::string w;
        const int line = m_line;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ';' || c == '&' || c == '|' || c == ')')
                break;
            if (c == '(') {
                // NAME=( or NAME+=( opens an array; anything else ends the word ("f()").
                const bool array = !w.empty() && w.back() == '=' && shellNameStart(w.front());
                if (array) {
                    ++m_pos;
                    push(out, ShellTok::ArrayOpen, w);
                    return true;
                }
                break;
            }
            if (c == '\\' && m_pos + 1 < m_text.size()) {
                if (m_text[m_pos + 1] == '\n') { // a continuation in the middle of a word
                    m_pos += 2;
                    ++m_line;
                    continue;
                }
                w += c;
                w += m_text[m_pos + 1];
                m_pos += 2;
                continue;
            }
            w += c;
            ++m_pos;
            if (c == '\'' && !until(w, '\'', '\'', line))
                return false;
            if (c == '"' && !until(w, '"', '"', line))
                return false;
            if (c == '`' && !until(w, '`', '`', line))
                return false;
            if (c == '$' && m_pos < m_text.size() && (m_text[m_pos] == '(' || m_text[m_pos] == '{')) {
                const char open = m_text[m_pos];
                w += m_text[m_pos++];
                if (!until(w, open, open == '(' ? ')' : '}', line))
                    return false;
            }
        }
        if (!w.empty())
            push(out, ShellTok::Word, std::move(w));
        return true;
    }

    std::string_view m_text;
    const ShellLimits& m_limits;
    std::vector<Issue>& m_issues;
    std::size_t m_pos = 0;
    int m_line = 1;
    bool m_continued = false;
};

/// Variables and the expansion of words.
class ShellExpander
{
public:
    ShellExpander(const ShellLimits& limits, std::vector<Issue>& issues)
        : m_limits(limits)
        , m_issues(issues)
    {
    }

    bool failed() const { return m_failed; }

    void set(const std::string& name, std::vector<std::string> value, bool append)
    {
        if (m_vars.size() >= m_limits.maxVariables && !m_vars.contains(name)) {
            fail(IssueCode::TooManyValues, double(m_limits.maxVariables));
            return;
        }
        std::vector<std::string>& v = m_vars[name];
        if (!append)
            v.clear();
        for (std::string& s : value) {
            if (!charge(s.size()))
                return;
            v.push_back(std::move(s));
        }
    }
    void unset(const std::string& name) { m_vars.erase(name); }

    /// The fields a word expands to (quoted empty strings are kept as empty fields).
    std::vector<std::string> expand(std::string_view raw, bool* unevaluated = nullptr)
    {
        Fields f;
        expandInto(raw, f, 0, unevaluated);
        f.finish();
        return std::move(f.out);
    }

    /// A word expanded into one string (assignment values: no splitting).
    std::string expandOne(std::string_view raw, bool* unevaluated = nullptr)
    {
        Fields f;
        f.noSplit = true;
        expandInto(raw, f, 0, unevaluated);
        f.finish();
        std::string joined;
        for (std::size_t i = 0; i < f.out.size(); ++i)
            joined += (i ? " " : "") + f.out[i];
        return joined;
    }

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

    void fail(IssueCode code, double a)
    {
        if (!m_failed)
            shellIssue(m_issues, code, Severity::Error, a);
        m_failed = true;
    }
    bool charge(std::size_t bytes)
    {
        m_spent += bytes;
        if (m_spent > m_limits.maxExpandedBytes) {
            fail(IssueCode::ExpansionTooLarge, double(m_limits.maxExpandedBytes));
            return false;
        }
        return true;
    }

    const std::vector<std::string>* find(const std::string& name) const
    {
        auto it = m_vars.find(name);
        return it == m_vars.end() ? nullptr : &it->second;
    }

    std::string scalar(const std::string& name) const
    {
        const auto* v = find(name);
        return v && !v->empty() ? v->front() : std::string();
    }

    void expandInto(std::string_view raw, Fields& f, int depth, bool* unevaluated)
    {
        if (depth > m_limits.maxNesting) {
            fail(IssueCode::NestingTooDeep, m_limits.maxNesting);
            return;
        }
        std::size_t i = 0;
        bool inDouble = false;
        while (i < raw.size() && !m_failed) {
            const char c = raw[i];
            if (!inDouble && c == '\'') {
                const std::size_t end = raw.find('\'', i + 1);
                const std::size_t stop = end == std::string_view::npos ? raw.size() : end;
                f.text(raw.substr(i + 1, stop - i - 1));
                i = stop + 1;
                continue;
            }
            if (c == '"') {
                inDouble = !inDouble;
                f.quotedEmpty();
                ++i;
                continue;
            }
            if (c == '\\' && i + 1 < raw.size()) {
                const char n = raw[i + 1];
                if (!inDouble || n == '$' || n == '`' || n == '"' || n == '\\')
                    f.text(std::string_view(&raw[i + 1], 1));
                else
                    f.text(raw.substr(i, 2));
                i += 2;
                continue;
            }
            if (c == '`') {
                const std::size_t end = raw.find('`', i + 1);
                i = end == std::string_view::npos ? raw.size() : end + 1;
                if (unevaluated)
                    *unevaluated = true;
                if (inDouble)
                    f.quotedEmpty();
                continue;
            }
            if (c == '$' && i + 1 < raw.size()) {
                i = dollar(raw, i, f, inDouble, depth, unevaluated);
                continue;
            }
            f.text(std::string_view(&raw[i], 1));
            ++i;
        }
    }

    /// The end of a bracketed part starting at `open` (raw[open] is '(' or '{').
    static std::size_t closing(std::string_view raw, std::size_t open)
    {
        const char o = raw[open], cl = o == '(' ? ')' : '}';
        int depth = 0;
        for (std::size_t i = open; i < raw.size(); ++i) {
            if (raw[i] == '\\') {
                ++i;
                continue;
            }
            if (raw[i] == o)
                ++depth;
            else if (raw[i] == cl && --depth == 0)
                return i;
        }
        return raw.size();
    }

    void emit(const std::vector<std::string>& values, Fields& f, bool inDouble, bool each)
    {
        for (std::size_t k = 0; k < values.size(); ++k) {
            if (!charge(values[k].size()))
                return;
            if (k > 0 && each) {
                if (inDouble) {
                    f.end();
                    f.has = true;
                } else {
                    f.end();
                }
            }
            if (inDouble)
                f.text(values[k]);
            else
                f.split(values[k]);
            if (!each)
                break;
        }
    }

    std::size_t dollar(std::string_view raw, std::size_t i, Fields& f, bool inDouble, int depth, bool* unevaluated)
    {
        const char n = raw[i + 1];
        if (n == '(' && i + 2 < raw.size() && raw[i + 2] == '(') {
            const std::size_t end = closing(raw, i + 1);
            const std::string_view expr = raw.substr(i + 3, end > i + 4 ? end - i - 4 : 0);
            long long value = 0;
            if (arithmetic(expr, value, depth))
                emit({std::to_string(value)}, f, inDouble, false);
            else if (unevaluated)
                *unevaluated = true;
            return end + 1;
        }
        if (n == '(') { // command substitution: not run
            if (unevaluated)
                *unevaluated = true;
            if (inDouble)
                f.quotedEmpty();
            return closing(raw, i + 1) + 1;
        }
        if (n == '{') {
            const std::size_t end = closing(raw, i + 1);
            braced(raw.substr(i + 2, end > i + 2 ? end - i - 2 : 0), f, inDouble, depth, unevaluated);
            return end + 1;
        }
        if (std::isdigit(static_cast<unsigned char>(n)) || n == '@' || n == '*' || n == '#' || n == '?' || n == '$' || n == '!') {
            // Positional and special parameters: a script read, not run, has none.
            if (inDouble)
                f.quotedEmpty();
            return i + 2;
        }
        if (shellNameStart(n)) {
            std::size_t e = i + 1;
            while (e < raw.size() && shellNameChar(raw[e]))
                ++e;
            const std::string name(raw.substr(i + 1, e - i - 1));
            emit({scalar(name)}, f, inDouble, false);
            if (inDouble)
                f.quotedEmpty();
            return e;
        }
        f.text("$");
        return i + 1;
    }

    /// ${NAME}, ${NAME:-word}, ${NAME-word}, ${NAME:=word}, ${NAME:+word}, ${NAME[@]}, ${NAME[k]}, ${#NAME}.
    void braced(std::string_view body, Fields& f, bool inDouble, int depth, bool* unevaluated)
    {
        if (inDouble)
            f.quotedEmpty();
        const bool length = !body.empty() && body[0] == '#';
        if (length)
            body.remove_prefix(1);
        std::size_t e = 0;
        while (e < body.size() && (shellNameChar(body[e])))
            ++e;
        const std::string name(body.substr(0, e));
        if (name.empty()) {
            if (unevaluated)
                *unevaluated = true;
            return;
        }
        const std::vector<std::string>* v = find(name);
        std::vector<std::string> values = v ? *v : std::vector<std::string>{};
        std::string_view rest = body.substr(e);
        bool each = false;
        if (!rest.empty() && rest[0] == '[') {
            const std::size_t close = rest.find(']');
            const std::string_view index = rest.substr(1, close == std::string_view::npos ? 0 : close - 1);
            rest = close == std::string_view::npos ? std::string_view() : rest.substr(close + 1);
            if (index == "@" || index == "*") {
                each = true;
            } else {
                long long k = 0;
                if (!arithmetic(index, k, depth) || k < 0 || std::size_t(k) >= values.size())
                    values.clear();
                else
                    values = {values[std::size_t(k)]};
            }
        } else if (values.size() > 1) {
            values.resize(1); // $ARR is its first element
        }
        if (length) {
            emit({std::to_string(each ? values.size() : (values.empty() ? 0 : values.front().size()))}, f, inDouble, false);
            return;
        }
        const bool unsetOrEmpty = values.empty() || (values.size() == 1 && values.front().empty());
        if (rest.empty()) {
            emit(values, f, inDouble, each);
            return;
        }
        const bool colon = rest[0] == ':';
        if (colon)
            rest.remove_prefix(1);
        if (rest.empty()) {
            emit(values, f, inDouble, each);
            return;
        }
        const char op = rest[0];
        const std::string_view word = rest.substr(1);
        const bool missing = colon ? unsetOrEmpty : values.empty();
        if (op == '-' || op == '=') {
            if (!missing) {
                emit(values, f, inDouble, each);
                return;
            }
            if (op == '=')
                set(name, {expandOne(word, unevaluated)}, false);
            // The default is expanded in place (its quotes are its own).
            Fields inner;
            inner.noSplit = inDouble;
            expandInto(word, inner, depth + 1, unevaluated);
            inner.finish();
            emit(inner.out, f, inDouble, true);
            if (inner.out.empty() && inDouble)
                f.quotedEmpty();
        } else if (op == '+') {
            if (missing)
                return;
            Fields inner;
            expandInto(word, inner, depth + 1, unevaluated);
            inner.finish();
            emit(inner.out, f, inDouble, true);
        } else {
            // ${NAME%…}, ${NAME/…}, …: not run; the value as it is.
            if (unevaluated)
                *unevaluated = true;
            emit(values, f, inDouble, each);
        }
    }

    /// $(( … )): + − * / % and parentheses over integers and variables, by precedence climbing
    /// (depth bounded by maxNesting); false on anything else, division by zero or overflow.
    bool arithmetic(std::string_view expr, long long& value, int depth)
    {
        std::size_t pos = 0;
        bool ok = true;
        value = sum(expr, pos, depth, ok);
        skipBlanks(expr, pos);
        return ok && pos == expr.size();
    }
    static void skipBlanks(std::string_view s, std::size_t& p)
    {
        while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n'))
            ++p;
    }
    long long sum(std::string_view s, std::size_t& p, int depth, bool& ok)
    {
        long long v = product(s, p, depth, ok);
        for (;;) {
            skipBlanks(s, p);
            if (!ok || p >= s.size() || (s[p] != '+' && s[p] != '-'))
                return v;
            const char op = s[p++];
            const long long r = product(s, p, depth, ok);
            if (op == '+' ? __builtin_add_overflow(v, r, &v) : __builtin_sub_overflow(v, r, &v))
                ok = false;
        }
    }
    long long product(std::string_view s, std::size_t& p, int depth, bool& ok)
    {
        long long v = atom(s, p, depth, ok);
        for (;;) {
            skipBlanks(s, p);
            if (!ok || p >= s.size() || (s[p] != '*' && s[p] != '/' && s[p] != '%'))
                return v;
            const char op = s[p++];
            const long long r = atom(s, p, depth, ok);
            if (op == '*') {
                if (__builtin_mul_overflow(v, r, &v))
                    ok = false;
            } else if (r == 0 || (v == INT64_MIN && r == -1)) {
                ok = false;
            } else {
                v = op == '/' ? v / r : v % r;
            }
        }
    }
    long long atom(std::string_view s, std::size_t& p, int depth, bool& ok)
    {
        skipBlanks(s, p);
        if (p >= s.size()) {
            ok = false;
            return 0;
        }
        if (s[p] == '(') {
            if (depth >= m_limits.maxNesting) {
                ok = false;
                return 0;
            }
            ++p;
            const long long v = sum(s, p, depth + 1, ok);
            skipBlanks(s, p);
            if (p >= s.size() || s[p] != ')')
                ok = false;
            else
                ++p;
            return v;
        }
        if (s[p] == '-' || s[p] == '+') {
            const bool neg = s[p++] == '-';
            if (depth >= m_limits.maxNesting) {
                ok = false;
                return 0;
            }
            const long long v = atom(s, p, depth + 1, ok);
            if (neg && v == INT64_MIN)
                ok = false;
            return neg ? -v : v;
        }
        if (s[p] == '$')
            ++p;
        if (s[p] == '{')
            ++p;
        if (p < s.size() && shellNameStart(s[p])) {
            const std::size_t b = p;
            while (p < s.size() && shellNameChar(s[p]))
                ++p;
            if (p < s.size() && s[p] == '}')
                ++p;
            const std::string text = scalar(std::string(s.substr(b, (s[p - 1] == '}' ? p - 1 : p) - b)));
            return number(text, ok);
        }
        const std::size_t b = p;
        while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p])))
            ++p;
        if (b == p) {
            ok = false;
            return 0;
        }
        return number(s.substr(b, p - b), ok);
    }
    static long long number(std::string_view text, bool& ok)
    {
        if (text.empty())
            return 0; // an unset variable is 0 in bash arithmetic
        long long v = 0;
        for (char c : text) {
            if (!std::isdigit(static_cast<unsigned char>(c)) || __builtin_mul_overflow(v, 10LL, &v)
                || __builtin_add_overflow(v, (long long)(c - '0'), &v)) {
                ok = false;
                return 0;
            }
        }
        return v;
    }

    const ShellLimits& m_limits;
    std::vector<Issue>& m_issues;
    std::map<std::string, std::vector<std::string>> m_vars;
    std::size_t m_spent = 0;
    bool m_failed = false;
};

/// "NAME=value" or "NAME+=value": the name, whether it appends, and where the value starts.
bool shellAssignment(const std::string& raw, std::string& name, bool& append, std::size_t& valueAt)
{
    if (raw.empty() || !shellNameStart(raw[0]))
        return false;
    std::size_t e = 1;
    while (e < raw.size() && shellNameChar(raw[e]))
        ++e;
    append = e + 1 < raw.size() && raw[e] == '+' && raw[e + 1] == '=';
    if (!append && (e >= raw.size() || raw[e] != '='))
        return false;
    name = raw.substr(0, e);
    valueAt = e + (append ? 2 : 1);
    return true;
}

/// A [[ … ]] / [ … ] / test condition over expanded words: 1 true, 0 false, −1 not decided.
int shellCondition(const std::vector<std::string>& w)
{
    // a || b && c: left to right, as bash's lists.
    int result = -2;
    std::string pending;
    std::size_t i = 0;
    while (i < w.size()) {
        std::size_t j = i;
        while (j < w.size() && w[j] != "||" && w[j] != "&&")
            ++j;
        std::vector<std::string> t(w.begin() + std::ptrdiff_t(i), w.begin() + std::ptrdiff_t(j));
        bool negate = false;
        while (!t.empty() && t.front() == "!") {
            negate = !negate;
            t.erase(t.begin());
        }
        if (t.size() >= 2 && ((t.front() == "[[" && t.back() == "]]") || (t.front() == "[" && t.back() == "]"))) {
            t.erase(t.begin());
            t.pop_back();
        } else if (!t.empty() && t.front() == "test") {
            t.erase(t.begin());
        }
        while (!t.empty() && t.front() == "!") {
            negate = !negate;
            t.erase(t.begin());
        }
        int v = -1;
        if (t.size() == 1 && (t[0] == "true" || t[0] == "false"))
            v = t[0] == "true";
        else if (t.size() == 3 && (t[1] == "==" || t[1] == "=" || t[1] == "!="))
            v = (t[0] == t[2]) == (t[1] != "!=");
        else if (t.size() == 2 && (t[0] == "-z" || t[0] == "-n"))
            v = t[1].empty() == (t[0] == "-z");
        else if (t.size() == 1)
            v = !t[0].empty();
        if (negate && v >= 0)
            v = !v;
        if (result == -2)
            result = v;
        else if (pending == "||")
            result = result == 1 ? 1 : (result == 0 ? v : (v == 1 ? 1 : -1));
        else
            result = result == 0 ? 0 : (result == 1 ? v : (v == 0 ? 0 : -1));
        if (j < w.size())
            pending = w[j];
        i = j + 1;
    }
    return result == -2 ? -1 : result;
}

/// One level of if/elif/else, or a loop or function the reader does not run.
struct ShellBlock
{
    enum Kind : std::uint8_t { If, Skip } kind;
    int state = 1;            ///< If: the current branch runs (1), does not (0), or may (−1)
    bool ran = false;         ///< If: an earlier branch ran for sure
    bool mayHaveRun = false;  ///< If: an earlier branch may have run
    std::string closer;       ///< Skip: "done", "esac", "}"
    bool awaitingBrace = false; ///< Skip: a function header whose "{" comes next
};

} // namespace

ShellScript readShellScript(std::string_view text, const ShellLimits& limits)
{
    ShellScript out;
    std::vector<ShellToken> tokens;
    ShellLexer lexer(text, limits, out.issues);
    if (!lexer.run(tokens))
        return out;
    ShellExpander ex(limits, out.issues);
    std::vector<ShellBlock> blocks;
    auto open = [&](ShellBlock b) {
        if (int(blocks.size()) >= limits.maxNesting) {
            shellIssue(out.issues, IssueCode::NestingTooDeep, Severity::Error, limits.maxNesting);
            return false;
        }
        blocks.push_back(std::move(b));
        return true;
    };
    auto branch = [](ShellBlock& b, int v) { // the next branch of an if, given its condition
        b.state = b.ran ? 0 : (b.mayHaveRun ? (v == 0 ? 0 : -1) : v);
        b.ran = b.ran || b.state == 1;
        b.mayHaveRun = b.mayHaveRun || b.state == -1;
    };

    std::size_t t = 0;
    std::size_t words = 0;
    while (t < tokens.size() && !ex.failed()) {
        // One simple command: words up to an operator. A condition after if/elif/while keeps
        // its && and || (they belong to the test).
        std::vector<const ShellToken*> cmd;
        bool condition_ = false;
        while (t < tokens.size()) {
            const ShellToken& k = tokens[t];
            if (k.kind == ShellTok::Word || k.kind == ShellTok::ArrayOpen) {
                if (cmd.empty() && (k.text == "if" || k.text == "elif" || k.text == "while" || k.text == "until"))
                    condition_ = true;
                cmd.push_back(&k);
                ++t;
                if (k.kind == ShellTok::ArrayOpen) {
                    // The array's words, newlines and comments included, up to ")".
                    while (t < tokens.size() && tokens[t].kind != ShellTok::RParen) {
                        if (tokens[t].kind == ShellTok::Word)
                            cmd.push_back(&tokens[t]);
                        ++t;
                    }
                    if (t < tokens.size())
                        ++t;
                    cmd.push_back(nullptr); // end of the array
                }
                continue;
            }
            if (condition_ && (k.kind == ShellTok::AndAnd || k.kind == ShellTok::OrOr)) {
                static const ShellToken andAnd{ShellTok::Word, "&&", 0}, orOr{ShellTok::Word, "||", 0};
                cmd.push_back(k.kind == ShellTok::AndAnd ? &andAnd : &orOr);
                ++t;
                continue;
            }
            ++t; // the operator ends the command
            break;
        }
        if (cmd.empty())
            continue;
        words += cmd.size();
        if (words > limits.maxWords) {
            shellIssue(out.issues, IssueCode::TooManyValues, Severity::Error, double(limits.maxWords));
            break;
        }
        const std::string first = cmd[0] ? cmd[0]->text : std::string();

        // Control words. "then"/"else"/"do" may start a command on the same line.
        std::size_t start = 0;
        if (first == "if" || first == "elif") {
            std::vector<std::string> cond;
            for (std::size_t k = 1; k < cmd.size(); ++k)
                if (cmd[k])
                    for (std::string& w : ex.expand(cmd[k]->text))
                        cond.push_back(std::move(w));
            const int v = shellCondition(cond);
            if (first == "if") {
                if (!open({ShellBlock::If, 1, false, false, {}, false}))
                    break;
                branch(blocks.back(), v);
            } else if (!blocks.empty() && blocks.back().kind == ShellBlock::If) {
                branch(blocks.back(), v);
            }
            continue;
        }
        if (first == "else" && !blocks.empty() && blocks.back().kind == ShellBlock::If)
            branch(blocks.back(), 1);
        if (first == "then" || first == "else" || first == "do") {
            start = 1;
            if (cmd.size() == 1)
                continue;
        }
        if (first == "fi" && !blocks.empty() && blocks.back().kind == ShellBlock::If) {
            blocks.pop_back();
            continue;
        }
        if (first == "{" && !blocks.empty() && blocks.back().awaitingBrace) {
            blocks.back().awaitingBrace = false;
            continue;
        }
        if (!blocks.empty() && blocks.back().kind == ShellBlock::Skip && first == blocks.back().closer) {
            blocks.pop_back();
            continue;
        }
        if (first == "for" || first == "while" || first == "until" || first == "select") {
            if (!open({ShellBlock::Skip, -1, false, false, "done"}))
                break;
            continue;
        }
        if (first == "case") {
            if (!open({ShellBlock::Skip, -1, false, false, "esac"}))
                break;
            continue;
        }
        const bool header = first == "function" || (cmd.size() >= 2 && cmd[1] && cmd[1]->text == "(");
        if (header || first == "{") {
            const bool brace = cmd.back() && cmd.back()->text == "{";
            if (!open({ShellBlock::Skip, -1, false, false, "}", header && !brace}))
                break;
            continue;
        }
        if (first == "done" || first == "esac" || first == "}" || first == "fi")
            continue; // a closer without its opener: nothing to run

        bool skip = false, unsure = false;
        for (const ShellBlock& b : blocks) {
            skip = skip || (b.kind == ShellBlock::If && b.state == 0);
            unsure = unsure || b.kind == ShellBlock::Skip || b.state == -1;
        }
        if (skip)
            continue; // a branch that does not run
        const bool sure = !unsure;
        ShellCommand command;
        command.evaluated = sure;
        // Leading assignments (and export/declare/local/readonly NAME=…).
        std::size_t k = start;
        if (k < cmd.size() && cmd[k] && (cmd[k]->text == "export" || cmd[k]->text == "declare" || cmd[k]->text == "local"
                                         || cmd[k]->text == "readonly" || cmd[k]->text == "typeset"))
            ++k;
        bool onlyAssignments = true;
        std::size_t firstWord = cmd.size();
        for (std::size_t a = k; a < cmd.size(); ++a) {
            if (!cmd[a])
                continue;
            std::string name;
            bool append = false;
            std::size_t at = 0;
            if (cmd[a]->kind == ShellTok::ArrayOpen && shellAssignment(cmd[a]->text, name, append, at)) {
                std::vector<std::string> items;
                std::size_t b = a + 1;
                for (; b < cmd.size() && cmd[b]; ++b)
                    for (std::string& w : ex.expand(cmd[b]->text))
                        items.push_back(std::move(w));
                if (sure)
                    ex.set(name, std::move(items), append);
                a = b;
                continue;
            }
            if (cmd[a]->kind == ShellTok::Word && shellAssignment(cmd[a]->text, name, append, at)) {
                if (sure)
                    ex.set(name, {ex.expandOne(std::string_view(cmd[a]->text).substr(at))}, append);
                continue;
            }
            onlyAssignments = false;
            firstWord = a;
            break;
        }
        if (onlyAssignments)
            continue;
        if (cmd[firstWord] && cmd[firstWord]->text == "unset") {
            for (std::size_t a = firstWord + 1; a < cmd.size(); ++a)
                if (cmd[a] && sure)
                    ex.unset(cmd[a]->text);
            continue;
        }
        for (std::size_t a = firstWord; a < cmd.size(); ++a) {
            if (!cmd[a])
                continue;
            bool partial = false;
            for (std::string& w : ex.expand(cmd[a]->text, &partial)) {
                command.words.push_back(std::move(w));
                command.lines.push_back(cmd[a]->line);
            }
            if (partial)
                command.evaluated = false;
        }
        if (!command.words.empty())
            out.commands.push_back(std::move(command));
    }
    return out;
}

} // namespace core
