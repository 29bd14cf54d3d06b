#include "app/documents/deckdocument.h"

#include <QFile>
#include <QFileInfo>

#include "app/documents/filesaver.h"
#include "app/slides/decknavigator.h"
#include "core/io/deck.h"
#include "core/io/jsonlimits.h"
#include "widgets/issuetext.h"

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
    // The core's reader and the deck limits (core/io/jsonlimits.h): a FIFO, a device or a huge
    // file is refused unread, and the deck shown stays.
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
    m_navigator->setDeck(load.deck);
    m_path = path;
    m_modified = false;
    emit changed();
    return true;
}

bool DeckDocument::save(const QString& path, QString* error)
{
    // FileSaver: every byte written, flushed and synced before the rename, so a full disk
    // leaves the old deck as it was (issue 16).
    const std::string json = core::saveDeck(m_navigator->deck());
    QString reason;
    if (!FileSaver::save(path, QByteArray::fromStdString(json), &reason)) {
        if (error)
            //: %1 = file, %2 = the system's reason
            *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
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
