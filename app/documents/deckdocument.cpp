#include "app/documents/deckdocument.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include "app/slides/decknavigator.h"
#include "widgets/issuetext.h"

namespace {

constexpr qint64 kMaxDeckBytes = 32 * 1024 * 1024; // a deck is text: anything larger is not one

} // namespace

DeckDocument::DeckDocument(DeckNavigator* navigator, QObject* parent)
    : QObject(parent)
    , m_navigator(navigator)
{
    // Adding a scene changes the deck; stepping through it does not.
    connect(m_navigator, &DeckNavigator::scenesEdited, this, [this] { setModified(true); });
}

QString DeckDocument::displayName() const
{
    return m_path.isEmpty() ? m_navigator->deckTitle() : QFileInfo(m_path).fileName();
}

void DeckDocument::setModified(bool modified)
{
    if (m_modified == modified)
        return;
    m_modified = modified;
    emit changed();
}

bool DeckDocument::load(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            //: %1 = file, %2 = the system's reason
            *error = tr("Cannot read %1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.size() > kMaxDeckBytes) {
        if (error)
            //: %1 = file
            *error = tr("%1 is too large to be a deck of scenes.").arg(path);
        return false;
    }
    const core::DeckLoad load = core::loadDeck(file.readAll().toStdString());
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
    m_navigator->setDeck(load.deck);
    m_path = path;
    m_modified = false;
    emit changed();
    return true;
}

bool DeckDocument::save(const QString& path, QString* error)
{
    const std::string json = core::saveDeck(m_navigator->deck());
    QSaveFile file(path);
    auto fail = [&](const QString& reason) {
        file.cancelWriting();
        if (error)
            //: %1 = file, %2 = the system's reason
            *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    };
    if (!file.open(QIODevice::WriteOnly))
        return fail(file.errorString());
    // Every byte written and flushed before the rename: a full disk must not leave half a deck.
    if (file.write(json.data(), qint64(json.size())) != qint64(json.size()) || !file.flush())
        return fail(file.errorString());
    if (!file.commit())
        return fail(file.errorString());
    m_path = path;
    m_modified = false;
    emit changed();
    return true;
}

void DeckDocument::keepBaseline()
{
    m_baseline = m_navigator->deck();
    m_baselinePath = m_path;
    m_baselineModified = m_modified;
    m_baselineIndex = std::max(0, m_navigator->currentIndex());
}

void DeckDocument::revertToBaseline()
{
    if (m_baseline.scenes.empty())
        return;
    m_navigator->setDeck(m_baseline, m_baselineIndex);
    m_path = m_baselinePath;
    m_modified = m_baselineModified;
    emit changed();
}
