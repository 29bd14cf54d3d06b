#include "core/importer/shelllexer.h"

namespace core {

void shellIssue(std::vector<Issue>& issues, IssueCode code, Severity severity, double a, double b)
{
    Issue i{code, severity, ""};
    i.a = a;
    i.b = b;
    issues.push_back(std::move(i));
}

namespace {

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
    /// A backslash at m_pos with a character after it: a line continuation is dropped (the line
    /// count goes on), any other pair kept as written. False: no escape here.
    bool escape(std::string& w)
    {
        if (m_text[m_pos] != '\\' || m_pos + 1 >= m_text.size())
            return false;
        if (m_text[m_pos + 1] == '\n') {
            ++m_line;
        } else {
            w += '\\';
            w += m_text[m_pos + 1];
        }
        m_pos += 2;
        return true;
    }

    bool until(std::string& w, char open, char close, int startLine)
    {
        int depth = 1;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (c == '\n')
                ++m_line;
            if (open != '\'' && escape(w)) // a continuation inside quotes joins too
                continue;
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
            if (escape(w)) // a continuation in the middle of a word joins it
                continue;
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

} // namespace

bool lexShell(std::string_view text, const ShellLimits& limits, std::vector<Issue>& issues, std::vector<ShellToken>& out)
{
    ShellLexer lexer(text, limits, issues);
    return lexer.run(out);
}

} // namespace core
