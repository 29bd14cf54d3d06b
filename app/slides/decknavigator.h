#pragma once

#include <QObject>
#include <QString>

#include "core/io/deck.h"

/// The scenes of a presentation and which one is shown: steps forward and back and adds scenes.
/// Knows nothing of widgets or files: the presentation window applies a scene by handing its
/// scenario to its controller, and DeckDocument reads and writes the deck.
class DeckNavigator : public QObject
{
    Q_OBJECT

public:
    explicit DeckNavigator(QObject* parent = nullptr);

    /// The built-in deck of the seeds' worked examples (ZeRO 0–3, 70B 3D, fine-tuning, time…).
    static core::Deck seedDeck();

    const core::Deck& deck() const { return m_deck; }
    /// Replaces the deck and shows scene `index` (clamped).
    void setDeck(const core::Deck& deck, int index = 0);

    int count() const { return int(m_deck.scenes.size()); }
    int currentIndex() const { return m_index; }
    const core::Scene* currentScene() const;

    /// "en" or "zh_CN": the language of titles and notes (English where a scene has no other).
    void setLanguage(const QString& language);
    QString language() const { return m_language; }
    QString deckTitle() const;
    QString title(int index) const;
    QString notes(int index) const;

    /// Inserts a scene after the current one and shows it; returns its index.
    int addScene(const core::Scene& scene);

public slots:
    bool next();
    bool previous();
    void first();
    void last();
    /// Shows scene `index` (clamped); re-emits even when it is already shown.
    void goTo(int index);

signals:
    /// A scene is to be shown (also after setDeck and goTo).
    void currentChanged(int index);
    /// Scenes were added or the deck was replaced.
    void deckChanged();
    /// Scenes were added (the deck's content changed, not which deck it is).
    void scenesEdited();

private:
    core::Deck m_deck;
    int m_index = -1;
    QString m_language = QStringLiteral("en");
};
