#include "app/slides/decknavigator.h"

#include <QFile>
#include <QFileInfo>

#include "app/documents/filesaver.h"
#include "core/io/jsonlimits.h"
#include "widgets/issuetext.h"

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

void DeckNavigator::setDeck(const core::Deck& deck)
{
    m_deck = deck;
    m_index = -1;
    emit deckChanged();
    goTo(0);
}

bool DeckNavigator::loadFile(const QString& path, QString* error)
{
    // The core's reader and the deck limits: a FIFO, a device or a huge file is refused unread.
    std::string text;
    std::vector<core::Issue> issues;
    if (!core::readInputFile(QFile::encodeName(path).toStdString(), core::limits::kDeck.maxBytes, text, issues)) {
        if (error)
            //: %1 = file, %2 = the reason
            *error = tr("Cannot read %1: %2").arg(path, IssueText::reason(issues.front()));
        return false;
    }
    const core::DeckLoad load = core::loadDeck(text);
    if (!load.ok) {
        if (error) {
            QStringList reasons = IssueText::messages(load.issues, core::Severity::Error);
            if (reasons.isEmpty())
                reasons << tr("the deck has no scenes");
            //: %1 = file name, %2 = the reasons, one per line
            *error = tr("%1 is not a deck of scenes:\n%2").arg(QFileInfo(path).fileName(), reasons.join(QLatin1Char('\n')));
        }
        return false;
    }
    setDeck(load.deck);
    return true;
}

bool DeckNavigator::saveFile(const QString& path, QString* error) const
{
    const std::string json = core::saveDeck(m_deck);
    QString reason;
    if (!FileSaver::save(path, QByteArray::fromStdString(json), &reason)) {
        if (error)
            //: %1 = file, %2 = the system's reason
            *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    return true;
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
