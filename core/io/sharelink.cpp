#include "core/io/sharelink.h"

#include <map>
#include <vector>

#include "core/io/jsondocument.h"
#include "core/io/jsonlimits.h"
#include "core/io/json_reader.h"

namespace core {

namespace {

/// The document every link applies its overrides to: the default scenario without its title.
constexpr std::string_view kLinkBase = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}})";
constexpr std::string_view kDefaultGpu = "a100-80gb";

/// A document's leaves as dotted keys in the file's order (arrays are leaves: lora_targets).
void leaves(const Json& j, const std::string& prefix, std::vector<std::pair<std::string, Json>>& out)
{
    if (!j.is_object() || j.empty()) {
        out.emplace_back(prefix, j);
        return;
    }
    for (auto it = j.begin(); it != j.end(); ++it)
        leaves(*it, prefix.empty() ? it.key() : prefix + "." + it.key(), out); // a saved scenario nests 4 deep
}

bool unreserved(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
}

std::string percentEncode(std::string_view s)
{
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (unreserved(c)) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

bool percentDecode(std::string_view s, std::string& out)
{
    out.clear();
    auto digit = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%') {
            if (i + 2 >= s.size())
                return false;
            const int hi = digit(s[i + 1]), lo = digit(s[i + 2]);
            if (hi < 0 || lo < 0)
                return false;
            out += char(hi * 16 + lo);
            i += 2;
        } else if (s[i] == '+') {
            out += ' ';
        } else {
            out += s[i];
        }
    }
    return true;
}

/// A value as --set reads it: raw text for a string that would not parse as something else.
std::string overrideValue(const Json& v)
{
    if (v.is_string()) {
        const std::string& s = v.get_ref<const std::string&>();
        Json probe;
        std::vector<Issue> ignored;
        const bool parses = !s.empty() && parseJsonDocument(s, limits::kScenario, probe, ignored);
        if (!parses)
            return s;
    }
    return dumpJson(v);
}

std::vector<std::string> overridesOf(const Json& doc, const Json& base, bool all, bool allModelKeys)
{
    std::vector<std::pair<std::string, Json>> a, b;
    leaves(doc, {}, a);
    leaves(base, {}, b);
    std::map<std::string, const Json*> before;
    for (const auto& [k, v] : b)
        before[k] = &v;
    std::vector<std::string> out;
    for (const auto& [k, v] : a) {
        if (k == "schema_version" || k.rfind("measurements", 0) == 0)
            continue;
        const auto it = before.find(k);
        if (all || (allModelKeys && k.rfind("model.", 0) == 0) || it == before.end() || *it->second != v)
            out.push_back(k + "=" + overrideValue(v));
    }
    return out;
}

std::string encode(const std::vector<std::string>& overrides)
{
    std::string link(kShareLinkPrefix);
    for (std::size_t i = 0; i < overrides.size(); ++i) {
        const std::string& o = overrides[i];
        const std::size_t eq = o.find('=');
        link += (i ? "&" : "") + percentEncode(std::string_view(o).substr(0, eq)) + "=" + percentEncode(std::string_view(o).substr(eq + 1));
    }
    return link;
}

} // namespace

std::string shareLink(const Scenario& s, std::string_view title)
{
    Scenario plain = s;
    plain.measured = {}; // not carried
    // A preset model is its id and what differs from the preset; a custom or count-only model
    // clears the base's preset and gives every model key (a key it leaves out would be 0).
    const bool custom = s.model.preset.empty();
    std::vector<std::string> presets;
    presets.push_back("model.preset=" + s.model.preset);
    if (s.hardware.gpu.preset != kDefaultGpu && !s.hardware.gpu.preset.empty())
        presets.push_back("hardware.gpu=" + s.hardware.gpu.preset);
    const ScenarioLoad base = loadScenario(kLinkBase, custom ? std::vector<std::string>(presets.begin() + 1, presets.end()) : presets);
    // What the link must give back is what the scenario's file gives back (a count-only model's
    // display name, for one, is not in its file).
    const ScenarioLoad target = loadScenario(saveScenario(plain, title));
    if (!base.ok || !target.ok)
        return {};
    Json doc, baseDoc;
    std::vector<Issue> ignored;
    if (!parseJsonDocument(saveScenario(plain, title), limits::kScenario, doc, ignored)
        || !parseJsonDocument(saveScenario(base.scenario), limits::kScenario, baseDoc, ignored))
        return {};
    for (bool all : {false, true}) {
        std::vector<std::string> overrides = presets;
        for (std::string& o : overridesOf(doc, baseDoc, all, custom))
            overrides.push_back(std::move(o));
        const ScenarioLoad back = loadScenario(kLinkBase, overrides);
        if (back.ok && back.scenario == target.scenario && back.title == target.title)
            return encode(overrides);
    }
    return {};
}

bool looksLikeShareLink(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\n' || text.front() == '\r'))
        text.remove_prefix(1);
    return text.rfind("shardscope://", 0) == 0;
}

ScenarioLoad openShareLink(std::string_view link, const std::vector<std::string>& extra)
{
    ScenarioLoad out;
    while (!link.empty() && (link.front() == ' ' || link.front() == '\t' || link.front() == '\n' || link.front() == '\r'))
        link.remove_prefix(1);
    while (!link.empty() && (link.back() == ' ' || link.back() == '\t' || link.back() == '\n' || link.back() == '\r'))
        link.remove_suffix(1);
    auto refuse = [&](IssueCode code, double a = 0) {
        Issue i{code, Severity::Error, ""};
        i.a = a;
        i.given = std::string(link.substr(0, 40));
        out.issues.push_back(std::move(i));
        return out;
    };
    // A link is short: a scenario with every key differing is ~4 KB; 256 KiB bounds the decoding.
    if (link.size() > 256 * 1024)
        return refuse(IssueCode::InputTooLarge, double(link.size()));
    constexpr std::string_view scheme = "shardscope://v";
    if (link.rfind(scheme, 0) != 0)
        return refuse(IssueCode::NotAShareLink);
    std::size_t p = scheme.size();
    long version = 0;
    while (p < link.size() && link[p] >= '0' && link[p] <= '9' && version < 1000000)
        version = version * 10 + (link[p++] - '0');
    if (version != 1)
        return refuse(IssueCode::ShareLinkVersion, double(version));
    if (p < link.size() && link[p] == '/')
        ++p;
    if (p < link.size() && link[p] != '?')
        return refuse(IssueCode::NotAShareLink);
    const std::string_view query = p < link.size() ? link.substr(p + 1) : std::string_view();
    std::vector<std::string> overrides;
    for (std::size_t start = 0; start <= query.size() && !query.empty();) {
        const std::size_t amp = std::min(query.find('&', start), query.size());
        const std::string_view pair = query.substr(start, amp - start);
        start = amp + 1;
        if (pair.empty())
            continue;
        const std::size_t eq = pair.find('=');
        std::string key, value;
        if (eq == std::string_view::npos || !percentDecode(pair.substr(0, eq), key) || !percentDecode(pair.substr(eq + 1), value)) {
            Issue i{IssueCode::MalformedOverride, Severity::Error, ""};
            i.path = "link";
            i.given = std::string(pair.substr(0, 80));
            out.issues.push_back(std::move(i));
            return out;
        }
        if (overrides.size() >= 4096)
            return refuse(IssueCode::TooManyValues, 4096);
        overrides.push_back(key + "=" + value);
        if (amp == query.size())
            break;
    }
    overrides.insert(overrides.end(), extra.begin(), extra.end());
    return loadScenario(kLinkBase, overrides);
}

} // namespace core
