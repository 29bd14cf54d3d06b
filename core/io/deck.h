#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/figures/figures.h"
#include "core/issues.h"
#include "core/localizedtext.h"
#include "core/scenario.h"

namespace core {

/// What a scene shows beside its figures: the memory bars (every deck before this key), the
/// training step played (the pipeline schedule above stage 0's memory, a cursor through both),
/// or the run's wall-clock played (work, checkpoints, interruptions, lost work and restarts).
enum class SceneView { Memory, Step, Run };
/// The deck file's name of a view: "memory", "step", "run".
std::string_view sceneViewName(SceneView view);

/// One step of a presentation: a scenario with a title and speaker notes. Title and notes may
/// quote live numbers as templates ("{model_states_gb} GB", core/figures/figuretemplate.h).
struct Scene
{
    LocalizedText title;
    LocalizedText notes;
    Scenario scenario;
    std::vector<Figure> figures; ///< the live strip; empty: defaultFigures(scenario.mode)
    SceneView view = SceneView::Memory; ///< "view" in the file; written only when not the bars

    /// What the live strip shows: `figures`, or the mode's defaults.
    std::vector<Figure> stripFigures() const { return figures.empty() ? defaultFigures(scenario.mode) : figures; }
};

/// A deck of saved scenarios stepped through in presentation mode.
struct Deck
{
    LocalizedText title;
    std::vector<Scene> scenes;
};

struct DeckLoad
{
    bool ok = false;
    Deck deck;
    std::vector<Issue> issues; ///< paths name the scene: "scenes[3].parallel.tensor"
};

DeckLoad loadDeck(std::string_view jsonText);
std::string saveDeck(const Deck& deck);

/// The built-in deck of the seeds' worked examples (resources/decks/seed-examples.json).
std::string_view seedDeckJson();

} // namespace core
