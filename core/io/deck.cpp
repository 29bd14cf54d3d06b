#include "core/io/deck.h"

#include "core/figures/figuretemplate.h"
#include "core/io/jsondocument.h"
#include "core/io/json_reader.h"
#include "core/io/scenario_io.h"

namespace core {

namespace presets_data {
extern const std::string_view kSeedDeck;
} // namespace presets_data

std::string_view seedDeckJson()
{
    return presets_data::kSeedDeck;
}

std::string_view sceneViewName(SceneView view)
{
    switch (view) {
    case SceneView::Memory: return "memory";
    case SceneView::Step: return "step";
    case SceneView::Run: return "run";
    }
    return "memory";
}

namespace {

/// Every figure's name, for "expected one of" and the nearest to a typo.
std::vector<std::string> figureNames()
{
    std::vector<std::string> names;
    for (std::size_t f = 0; f < kFigureCount; ++f)
        names.emplace_back(figureName(Figure(f)));
    return names;
}

/// A value that names no figure: what was written, the figures there are, the nearest.
void unknownFigure(std::vector<Issue>& issues, Severity severity, std::string path, std::string given)
{
    addUnknownValue(issues, std::move(path), std::move(given), figureNames()).severity = severity;
}

/// A placeholder that names no figure stays as typed: say which, so a typo is found.
void checkTemplate(const LocalizedText& text, const std::string& path, std::vector<Issue>& issues)
{
    for (const std::string* t : {&text.en, &text.zhCN})
        for (const std::string& unknown : parseTemplate(*t).unknown)
            unknownFigure(issues, Severity::Warning, path, unknown);
}

std::vector<Figure> readFigures(const Json& scene, const std::string& prefix, std::vector<Issue>& issues)
{
    std::vector<Figure> out;
    if (!scene.contains("figures"))
        return out;
    const Json& list = scene["figures"];
    if (!list.is_array()) {
        addWrongType(issues, prefix + "figures", ValueKind::FigureArray);
        return out;
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::optional<Figure> figure = list[i].is_string() ? figureFromName(list[i].get<std::string>()) : std::nullopt;
        if (figure)
            out.push_back(*figure);
        else
            unknownFigure(issues, Severity::Error, prefix + "figures[" + std::to_string(i) + "]",
                          list[i].is_string() ? list[i].get<std::string>() : list[i].dump());
    }
    return out;
}

/// "view": "memory" (the default), "step" or "run"; anything else is an error naming them.
SceneView readView(const Json& scene, const std::string& prefix, std::vector<Issue>& issues)
{
    if (!scene.contains("view"))
        return SceneView::Memory;
    const Json& value = scene["view"];
    if (!value.is_string()) {
        addWrongType(issues, prefix + "view", ValueKind::String);
        return SceneView::Memory;
    }
    const std::string given = value.get<std::string>();
    constexpr SceneView kViews[] = {SceneView::Memory, SceneView::Step, SceneView::Run};
    for (SceneView v : kViews)
        if (given == sceneViewName(v))
            return v;
    Issue i{IssueCode::UnknownValue, Severity::Error, ""};
    i.path = prefix + "view";
    for (SceneView v : kViews)
        i.accepted.emplace_back(sceneViewName(v));
    i.nearest = nearestName(given, i.accepted);
    i.given = given;
    issues.push_back(std::move(i));
    return SceneView::Memory;
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
        addWrongType(out.issues, "scenes", ValueKind::SceneArray);
        return out;
    }
    out.deck.title = readLocalizedText(doc, "title", "", out.issues, limits::kMaxTitleCharacters);
    const Json& scenes = doc["scenes"];
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const std::string prefix = "scenes[" + std::to_string(i) + "].";
        const Json& s = scenes[i];
        if (!s.is_object() || !s.contains("scenario")) {
            addWrongType(out.issues, prefix + "scenario", ValueKind::ScenarioObject);
            continue;
        }
        Scene scene;
        scene.title = readLocalizedText(s, "title", prefix, out.issues, limits::kMaxTitleCharacters);
        scene.notes = readLocalizedText(s, "notes", prefix, out.issues, limits::kMaxNotesCharacters);
        checkTemplate(scene.title, prefix + "title", out.issues);
        checkTemplate(scene.notes, prefix + "notes", out.issues);
        scene.figures = readFigures(s, prefix, out.issues);
        scene.view = readView(s, prefix, out.issues);
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
    for (const Scene& s : deck.scenes) {
        Json scene{{"title", writeText(s.title)}, {"notes", writeText(s.notes)}};
        if (!s.figures.empty()) {
            Json figures = Json::array();
            for (Figure f : s.figures)
                figures.push_back(std::string(figureName(f)));
            scene["figures"] = figures;
        }
        if (s.view != SceneView::Memory) // decks of bars stay as they were written
            scene["view"] = std::string(sceneViewName(s.view));
        scene["scenario"] = Json::parse(saveScenario(s.scenario));
        scenes.push_back(std::move(scene));
    }
    j["scenes"] = scenes;
    return dumpJson(j, 2) + "\n";
}

} // namespace core
