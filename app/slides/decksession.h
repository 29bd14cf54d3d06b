#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/io/deck.h"
#include "core/scenario.h"

/// What a teacher changes live in presentation mode, kept apart from the window: which scene the
/// controller started from, the scenes dragged on and then left (each kept as a pending edit), and
/// what keeping them makes of the deck (each edited scenario a new scene after the one it started
/// from). Values in, values out: PresentationWindow asks it and applies the answers; tests drive it
/// alone (tst_decksession).
class DeckSession
{
public:
    struct Edit
    {
        int scene = 0;          ///< the scene the edit started from
        core::Scenario scenario; ///< as it was when the teacher stepped on
    };

    /// The scene whose scenario the controller started from (−1: none, a fresh start).
    int shownScene() const { return m_shown; }
    const std::vector<Edit>& pending() const { return m_pending; }

    /// Whether `live` differs from the shown scene's scenario in `deck`.
    bool edited(const core::Deck& deck, const core::Scenario& live) const;
    /// Scene `index` is about to be shown: what was dragged on the one shown before is kept as a
    /// pending edit (stepping on loses nothing).
    void enter(int index, const core::Deck& deck, const core::Scenario& live);
    /// Edits to offer on leaving: the pending ones and the shown scene's, if it was dragged.
    int editCount(const core::Deck& deck, const core::Scenario& live) const;

    /// The notes of a scene made from an edit (the scenario's key settings, as a caption).
    using NotesOf = std::function<std::string(const core::Scenario&)>;
    /// The deck with every edit (pending, and the shown scene's) inserted as a new scene right
    /// after the one it started from, later scenes first so earlier insertion points stay; each
    /// new scene is its source's copy (title template, view, figures) with the edited scenario
    /// and `notesOf` its notes (in Chinese too unless the deck is shown in English). `current`
    /// becomes the index of the scene that was current. The pending edits are cleared; with any
    /// edit kept, the scene shown is forgotten too (the deck is new).
    core::Deck keepEdits(const core::Deck& deck, const core::Scenario& live, int& current, const NotesOf& notesOf, bool english);
    /// A scene was added at `at`: the pending edits of the scenes after it move down, and what
    /// was dragged is kept in the new scene, not offered again.
    void sceneAdded(int at);
    /// Forget every edit and the shown scene (Discard; a deck opened).
    void clear();
    /// Forget the pending edits, keeping the scene shown (presentation mode starts again).
    void clearPending() { m_pending.clear(); }
    /// Forget which scene is shown (keeping the pending edits): the next scene entered is a fresh start.
    void forgetShown() { m_shown = -1; }
    /// Set the shown scene back (a deck that failed to open leaves the old one shown).
    void restoreShown(int scene) { m_shown = scene; }

private:
    std::vector<Edit> m_pending;
    int m_shown = -1;
};
