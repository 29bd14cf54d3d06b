#include "app/slides/decknavigator.h"

#include <algorithm>

DeckNavigator::DeckNavigator(QObject* parent)
    : QObject(parent)
    , m_deck(seedDeck())
    , m_index(m_deck.scenes.empty() ? -1 : 0)
{
}

core::Deck DeckNavigator::seedDeck()
{
    // The core ships it and its tests check every scene loads; an empty deck would still be safe.
    return core::loadDeck(core::seedDeckJson()).deck;
}

void DeckNavigator::setDeck(const core::Deck& deck, int index)
{
    m_deck = deck;
    m_index = -1;
    emit deckChanged();
    goTo(index);
}

const core::Scene* DeckNavigator::currentScene() const
{
    return m_index >= 0 && m_index < count() ? &m_deck.scenes[std::size_t(m_index)] : nullptr;
}

void DeckNavigator::setLanguage(const QString& language)
{
    m_language = language;
}

QString DeckNavigator::deckTitle() const
{
    return QString::fromStdString(m_deck.title.in(m_language.toStdString()));
}

QString DeckNavigator::title(int index) const
{
    if (index < 0 || index >= count())
        return {};
    return QString::fromStdString(m_deck.scenes[std::size_t(index)].title.in(m_language.toStdString()));
}

QString DeckNavigator::notes(int index) const
{
    if (index < 0 || index >= count())
        return {};
    return QString::fromStdString(m_deck.scenes[std::size_t(index)].notes.in(m_language.toStdString()));
}

int DeckNavigator::addScene(const core::Scene& scene)
{
    const int at = std::clamp(m_index + 1, 0, count());
    m_deck.scenes.insert(m_deck.scenes.begin() + at, scene);
    emit deckChanged();
    emit scenesEdited();
    goTo(at);
    return at;
}

bool DeckNavigator::next()
{
    if (m_index + 1 >= count())
        return false;
    goTo(m_index + 1);
    return true;
}

bool DeckNavigator::previous()
{
    if (m_index <= 0)
        return false;
    goTo(m_index - 1);
    return true;
}

void DeckNavigator::first()
{
    goTo(0);
}

void DeckNavigator::last()
{
    goTo(count() - 1);
}

void DeckNavigator::goTo(int index)
{
    if (count() == 0) {
        m_index = -1;
        return;
    }
    m_index = std::clamp(index, 0, count() - 1);
    emit currentChanged(m_index);
}
