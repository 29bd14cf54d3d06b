#include "core/io/deck.h"

#include "core/io/jsondocument.h"
#include "core/io/scenario_io.h"

namespace core {

namespace presets_data {
extern const std::string_view kSeedDeck;
} // namespace presets_data

std::string_view seedDeckJson()
{
    return presets_data::kSeedDeck;
}

namespace {

void addError(std::vector<Issue>& issues, IssueCode code, std::string path, std::string hint)
{
    Issue i{code, Severity::Error, ""};
    i.path = std::move(path);
    i.hint = std::move(hint);
    issues.push_back(std::move(i));
}

/// A plain string (English) or {"en": …, "zh_CN": …}.
LocalizedText readText(const Json& parent, const char* key, const std::string& path, std::vector<Issue>& issues)
{
    LocalizedText text;
    if (!parent.contains(key))
        return text;
    const Json& v = parent.at(key);
    if (v.is_string()) {
        text.en = v.get<std::string>();
    } else if (v.is_object()) {
        if (v.contains("en") && v["en"].is_string())
            text.en = v["en"].get<std::string>();
        if (v.contains("zh_CN") && v["zh_CN"].is_string())
            text.zhCN = v["zh_CN"].get<std::string>();
    } else {
        addError(issues, IssueCode::WrongType, path + key, "a string or {\"en\": …, \"zh_CN\": …}");
    }
    return text;
}

Json writeText(const LocalizedText& text)
{
    Json j{{"en", text.en}};
    if (!text.zhCN.empty())
        j["zh_CN"] = text.zhCN;
    return j;
}

} // namespace

DeckLoad loadDeck(std::string_view text)
{
    DeckLoad out;
    Json doc;
    if (!parseJsonDocument(text, limits::kDeck, doc, out.issues))
        return out;
    if (!doc.is_object() || !doc.contains("scenes") || !doc["scenes"].is_array()) {
        addError(out.issues, IssueCode::WrongType, "scenes", "an array of scenes");
        return out;
    }
    out.deck.title = readText(doc, "title", "", out.issues);
    const Json& scenes = doc["scenes"];
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const std::string prefix = "scenes[" + std::to_string(i) + "].";
        const Json& s = scenes[i];
        if (!s.is_object() || !s.contains("scenario")) {
            addError(out.issues, IssueCode::WrongType, prefix + "scenario", "a scenario object");
            continue;
        }
        Scene scene;
        scene.title = readText(s, "title", prefix, out.issues);
        scene.notes = readText(s, "notes", prefix, out.issues);
        // The scene as text for the scenario reader: its depth is bounded by the deck's limits,
        // so dump() (recursive) is too.
        const ScenarioLoad load = loadScenario(dumpJson(s["scenario"]));
        for (Issue issue : load.issues) {
            issue.path = prefix + (issue.path.empty() ? std::string(issue.key) : issue.path);
            out.issues.push_back(std::move(issue));
        }
        if (load.ok) {
            scene.scenario = load.scenario;
            out.deck.scenes.push_back(std::move(scene));
        }
    }
    out.ok = !hasErrors(out.issues) && !out.deck.scenes.empty();
    return out;
}

std::string saveDeck(const Deck& deck)
{
    Json j;
    j["schema_version"] = 1;
    j["title"] = writeText(deck.title);
    Json scenes = Json::array();
    for (const Scene& s : deck.scenes)
        scenes.push_back(Json{{"title", writeText(s.title)}, {"notes", writeText(s.notes)}, {"scenario", Json::parse(saveScenario(s.scenario))}});
    j["scenes"] = scenes;
    return dumpJson(j, 2) + "\n";
}

} // namespace core
