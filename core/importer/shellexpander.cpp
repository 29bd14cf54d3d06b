#include "core/importer/shellexpander.h"

#include <cctype>

#include "core/importer/shelllexer.h"

namespace core {

ShellExpander::ShellExpander(const ShellLimits& limits, std::vector<Issue>& issues)
    : m_limits(limits)
    , m_issues(issues)
{
}

bool ShellExpander::failed() const
{
    return m_failed;
}

void ShellExpander::set(const std::string& name, std::vector<std::string> value, bool append)
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

void ShellExpander::unset(const std::string& name)
{
    m_vars.erase(name);
}

std::vector<std::string> ShellExpander::expand(std::string_view raw, bool* unevaluated)
{
    Fields f;
    expandInto(raw, f, 0, unevaluated);
    f.finish();
    return std::move(f.out);
}

std::string ShellExpander::expandOne(std::string_view raw, bool* unevaluated)
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

void ShellExpander::fail(IssueCode code, double a)
{
    if (!m_failed)
        shellIssue(m_issues, code, Severity::Error, a);
    m_failed = true;
}

bool ShellExpander::charge(std::size_t bytes)
{
    m_spent += bytes;
    if (m_spent > m_limits.maxExpandedBytes) {
        fail(IssueCode::ExpansionTooLarge, double(m_limits.maxExpandedBytes));
        return false;
    }
    return true;
}

const std::vector<std::string>* ShellExpander::find(const std::string& name) const
{
    auto it = m_vars.find(name);
    return it == m_vars.end() ? nullptr : &it->second;
}

std::string ShellExpander::scalar(const std::string& name) const
{
    const auto* v = find(name);
    return v && !v->empty() ? v->front() : std::string();
}

void ShellExpander::expandInto(std::string_view raw, Fields& f, int depth, bool* unevaluated)
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

std::size_t ShellExpander::closing(std::string_view raw, std::size_t open)
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

void ShellExpander::emit(const std::vector<std::string>& values, Fields& f, bool inDouble, bool each)
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

std::size_t ShellExpander::dollar(std::string_view raw, std::size_t i, Fields& f, bool inDouble, int depth, bool* unevaluated)
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

void ShellExpander::braced(std::string_view body, Fields& f, bool inDouble, int depth, bool* unevaluated)
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

bool ShellExpander::arithmetic(std::string_view expr, long long& value, int depth)
{
    std::size_t pos = 0;
    bool ok = true;
    value = sum(expr, pos, depth, ok);
    skipBlanks(expr, pos);
    return ok && pos == expr.size();
}

void ShellExpander::skipBlanks(std::string_view s, std::size_t& p)
{
    while (p < s.size() && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n'))
        ++p;
}

long long ShellExpander::sum(std::string_view s, std::size_t& p, int depth, bool& ok)
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

long long ShellExpander::product(std::string_view s, std::size_t& p, int depth, bool& ok)
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

long long ShellExpander::atom(std::string_view s, std::size_t& p, int depth, bool& ok)
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

long long ShellExpander::number(std::string_view text, bool& ok)
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

} // namespace core
