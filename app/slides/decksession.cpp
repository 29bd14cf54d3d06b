#include "app/slides/decksession.h"

#include <algorithm>

bool DeckSession::edited(const core::Deck& deck, const core::Scenario& live) const
{
    return m_shown >= 0 && std::size_t(m_shown) < deck.scenes.size() && !(live == deck.scenes[std::size_t(m_shown)].scenario);
}

void DeckSession::enter(int index, const core::Deck& deck, const core::Scenario& live)
{
    if (m_shown != index && edited(deck, live))
        m_pending.push_back(Edit{m_shown, live});
    m_shown = index;
}

int DeckSession::editCount(const core::Deck& deck, const core::Scenario& live) const
{
    return int(m_pending.size()) + (edited(deck, live) ? 1 : 0);
}

core::Deck DeckSession::keepEdits(const core::Deck& deck, const core::Scenario& live, int& current, const NotesOf& notesOf, bool english)
{
    std::vector<Edit> edits = m_pending;
    if (edited(deck, live))
        edits.push_back(Edit{m_shown, live});
    m_pending.clear();
    if (edits.empty())
        return deck; // the scene shown stays the one the controller started from
    m_shown = -1; // the deck is new: the scene shown now is a fresh start
    // Later scenes first, so the earlier insertion points stay where they were. Two edits of one
    // scene are inserted in the order they were made, each right after the source: the later
    // one ends up nearer to it.
    std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.scene > b.scene; });
    core::Deck out = deck;
    int shift = 0;
    for (const Edit& edit : edits) {
        if (edit.scene < 0 || std::size_t(edit.scene) >= deck.scenes.size())
            continue; // its scene is gone (cannot happen while the deck is the one edited)
        core::Scene scene = deck.scenes[std::size_t(edit.scene)]; // the title's template fills in the edited numbers
        scene.scenario = edit.scenario;
        const std::string notes = notesOf ? notesOf(edit.scenario) : std::string();
        scene.notes.en = notes;
        scene.notes.zhCN = english ? std::string() : notes;
        out.scenes.insert(out.scenes.begin() + edit.scene + 1, scene);
        if (edit.scene < current)
            ++shift;
    }
    current += shift;
    return out;
}

void DeckSession::sceneAdded(int at)
{
    m_shown = -1;
    for (Edit& edit : m_pending)
        if (edit.scene >= at)
            ++edit.scene; // the scenes after the new one moved down
}

void DeckSession::clear()
{
    m_pending.clear();
    m_shown = -1;
}
