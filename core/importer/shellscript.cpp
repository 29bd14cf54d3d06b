#include "core/importer/shellscript.h"

#include <cstdint>

#include "core/importer/shellexpander.h"
#include "core/importer/shelllexer.h"

namespace core {

namespace {

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
    if (!lexShell(text, limits, out.issues, tokens))
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
