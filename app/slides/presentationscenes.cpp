// PresentationWindow's scenes: the one shown and what it plays (the step, the run), the scenes a
// teacher adds or edits live, opening and saving the deck, and what leaving asks when something
// changed. The window itself (layout, fonts, texts, keys) is in presentationwindow.cpp.
#include "app/slides/presentationwindow.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QStackedWidget>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>

#include "app/documents/deckdocument.h"
#include "app/scenariocontroller.h"
#include "app/slides/decknavigator.h"
#include "app/slides/slidecontent.h"
#include "app/slides/stepscene.h"
#include "core/io/jsonlimits.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/charts/memorychart.h"
#include "widgets/goodput/runview.h"
#include "widgets/step/stepcursor.h"

bool PresentationWindow::currentSceneEdited() const
{
    return m_session.edited(m_navigator->deck(), m_controller->scenario());
}

void PresentationWindow::applyScene(int index)
{
    const core::Scene* scene = m_navigator->currentScene();
    if (!scene)
        return;
    m_controller->flush();
    // Stepping on keeps what was dragged on the scene before, to offer it when leaving.
    m_session.enter(index, m_navigator->deck(), m_controller->scenario());
    //: undo text; %1 = scene number, %2 = scene title
    m_controller->setScenario(scene->scenario, tr("Scene %1: %2").arg(index + 1).arg(m_navigator->title(index)));
    // A scene is a starting point, not an edit: Ctrl+Z undoes what is dragged on it, no further.
    m_controller->undoStack()->clear();
    // The step scene opens on the frame its still slide shows (stage 0's peak); P plays it.
    m_step->cursor()->pause();
    m_run->cursor()->pause();
    m_stepFresh = true;
    m_views->setCurrentWidget(scene->view == core::SceneView::Step  ? static_cast<QWidget*>(m_step)
                              : scene->view == core::SceneView::Run ? static_cast<QWidget*>(m_run)
                                                                    : m_chart);
    m_controller->flush();
    updateStep();
    m_step->showPeak();
    updateSceneTexts();
    updatePlayButton();
}

void PresentationWindow::updatePlayButton()
{
    const StepCursor* cursor = playedCursor();
    m_ui.play->setText(cursor && cursor->isPlaying() ? tr("Pause (P)") : tr("Play (P)"));
}

bool PresentationWindow::showsStep() const
{
    return m_views->currentWidget() == m_step;
}

bool PresentationWindow::showsRun() const
{
    return m_views->currentWidget() == m_run;
}

StepCursor* PresentationWindow::playedCursor() const
{
    return showsStep() ? m_step->cursor() : showsRun() ? m_run->cursor() : nullptr;
}

void PresentationWindow::updateStep()
{
    m_ui.play->setVisible(showsStep() || showsRun());
    if (showsRun()) { // the run of a training scenario (its goodput); none for serving
        const core::Estimate& e = m_controller->estimate();
        const bool training = e.valid && m_controller->scenario().mode != core::Mode::Inference;
        m_run->setRun(training ? e.compute.run.goodput : core::GoodputEstimate{}, e.compute.run.gpus);
        return;
    }
    if (!showsStep())
        return;
    m_step->setUnit(m_chart->chart()->unit());
    m_step->setScenario(m_controller->scenario(), m_controller->estimate());
}

void PresentationWindow::toggleStepPlay()
{
    if (showsStep() ? !m_step->hasTimeline() : showsRun() ? !m_run->hasRun() : true)
        return;
    StepCursor* cursor = playedCursor();
    if (m_stepFresh && !cursor->isPlaying()) {
        m_stepFresh = false;
        cursor->rewind(); // the first press plays the step from its start
    }
    cursor->togglePlay();
}

bool PresentationWindow::hasChangesToKeep() const
{
    m_controller->flush();
    return m_session.editCount(m_navigator->deck(), m_controller->scenario()) > 0 || m_document->isModified();
}

void PresentationWindow::keepLiveEdits()
{
    m_controller->flush();
    if (m_session.editCount(m_navigator->deck(), m_controller->scenario()) == 0)
        return;
    int current = m_navigator->currentIndex();
    const core::Deck deck = m_session.keepEdits(
        m_navigator->deck(), m_controller->scenario(), current,
        [](const core::Scenario& s) { return SlideContent::caption(s, core::estimate(s)).toStdString(); },
        m_navigator->language() == QLatin1String("en"));
    m_navigator->setDeck(deck, current);
    m_document->setModified(true);
}

void PresentationWindow::discardChanges()
{
    m_session.clear();
    if (m_document->isModified())
        m_document->revertToBaseline();
    m_navigator->goTo(m_navigator->currentIndex()); // the scene as the deck has it
}

bool PresentationWindow::openDeck(const QString& path, QString* error)
{
    // Live edits belong to the deck they were made on: kept while the new one fails to load.
    const int shown = m_session.shownScene();
    m_session.forgetShown();
    if (!m_document->load(path, error)) {
        m_session.restoreShown(shown);
        return false;
    }
    m_session.clearPending();
    m_document->keepBaseline();
    return true;
}

bool PresentationWindow::saveDeck(const QString& path, QString* error)
{
    return m_document->save(path, error);
}

int PresentationWindow::addCurrentScene(const QString& title)
{
    m_controller->flush();
    core::Scene scene;
    scene.title.en = title.toStdString();
    const QString notes = SlideContent::caption(m_controller->scenario(), m_controller->lastValidEstimate());
    scene.notes.en = notes.toStdString();
    if (m_navigator->language() != QLatin1String("en")) {
        // Typed in the language shown: keep it for that language too.
        scene.title.zhCN = scene.title.en;
        scene.notes.zhCN = scene.notes.en;
    }
    scene.scenario = m_controller->scenario();
    scene.view = showsStep() ? core::SceneView::Step : showsRun() ? core::SceneView::Run : core::SceneView::Memory; // shown as it is now
    // What was dragged is kept now, as its own scene: not an edit to offer again on leaving.
    m_session.sceneAdded(std::clamp(m_navigator->currentIndex() + 1, 0, m_navigator->count()));
    return m_navigator->addScene(scene);
}

void PresentationWindow::openDeckDialog()
{
    if (!m_interactive)
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Deck"), {}, tr("Decks of scenes (*.json)"));
    QString error;
    if (!path.isEmpty() && !openDeck(path, &error))
        QMessageBox::warning(this, tr("Open Deck"), error);
    setFocus();
}

bool PresentationWindow::saveDeckDialog(bool askForName)
{
    QString path = m_document->filePath();
    if (!m_interactive && (askForName || path.isEmpty()))
        return false; // no dialog to ask for a name
    if (askForName || path.isEmpty()) {
        path = QFileDialog::getSaveFileName(this, tr("Save Deck"), path.isEmpty() ? QStringLiteral("deck.json") : path,
                                            tr("Decks of scenes (*.json)"));
        if (path.isEmpty())
            return false;
        if (!path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
            path += QStringLiteral(".json");
    }
    QString error;
    const bool ok = saveDeck(path, &error);
    if (!ok && m_interactive)
        QMessageBox::warning(this, tr("Save Deck"), error);
    if (ok) {
        //: presentation, for a few seconds after Save Deck; %1 = the deck's file name
        m_notice = tr("Saved the deck to %1.").arg(QFileInfo(path).fileName());
        m_noticeTimer->start();
        updateSceneTexts();
    }
    setFocus();
    return ok;
}

QString PresentationWindow::notice() const
{
    return m_notice;
}

void PresentationWindow::addSceneDialog()
{
    if (!m_interactive) {
        addCurrentScene(tr("Scene %1").arg(m_navigator->currentIndex() + 2));
        return;
    }
    bool ok = false;
    //: default title of a scene added from the current scenario; %1 = its number
    const QString proposed = tr("Scene %1").arg(m_navigator->currentIndex() + 2);
    const QString title = QInputDialog::getText(this, tr("Add Scene"), tr("Title of the new scene (the current scenario):"), QLineEdit::Normal,
                                                proposed, &ok);
    if (ok) // at most what a deck's reader takes back (core::limits::kMaxTitleCharacters)
        addCurrentScene(title.trimmed().isEmpty() ? proposed : title.trimmed().left(qsizetype(core::limits::kMaxTitleCharacters)));
    setFocus();
}

void PresentationWindow::updateWindowTitle()
{
    //: window title; %1 = deck file or title, "[*]" marks unsaved changes
    setWindowTitle(tr("%1[*] — ShardScope Presentation").arg(m_document->displayName()));
    setWindowModified(m_document->isModified());
}

bool PresentationWindow::resolveChangesBeforeLeaving()
{
    if (!hasChangesToKeep())
        return true;
    if (!m_interactive) {
        discardChanges();
        return true;
    }
    const int edited = m_session.editCount(m_navigator->deck(), m_controller->scenario());
    QMessageBox box(QMessageBox::Question, tr("Leave the Presentation"), tr("Keep what changed in the presentation?"), QMessageBox::NoButton, this);
    // In the presentation's type and colours: a dialog does not inherit them, and in the desktop's
    // small type it was the one thing the room could not read (issue 31).
    box.setObjectName(QStringLiteral("leavePresentation"));
    box.setFont(font());
    box.setPalette(palette());
    QStringList what;
    if (edited > 0)
        //: %n = scenes whose sliders were moved
        what << tr("%n scene(s) changed live: kept as new scenes after the ones they started from.", nullptr, edited);
    if (m_document->isModified() || edited > 0)
        //: %1 = deck file or title
        what << tr("The deck (%1) is then saved; the explorer's scenario is not touched either way.").arg(m_document->displayName());
    box.setInformativeText(what.join(QLatin1Char('\n')));
    QPushButton* keep = box.addButton(tr("Keep and Save Deck…"), QMessageBox::AcceptRole);
    QPushButton* discard = box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(keep);
    box.exec();
    if (box.clickedButton() == discard) {
        discardChanges();
        return true;
    }
    if (box.clickedButton() != keep)
        return false;
    keepLiveEdits();
    return saveDeckDialog(false);
}

