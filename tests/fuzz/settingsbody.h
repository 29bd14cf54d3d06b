#pragma once

// The settings/session reader's fuzz body (issue 32.1–3): apart from fuzzbodies.h because it
// needs Qt Core (the settings file is read with QJsonDocument and QDataStream), which the other
// targets, the core's alone, do not link. Replayed by tst_fuzzcorpus like the others.

#include <QBuffer>
#include <QSettings>

#include "app/documents/settingsfile.h"
#include "core/estimate.h"
#include "core/timeline/steptimeline.h"
#include "fuzzbodies.h"

namespace fuzz {

/// Settings file: read as the window reads it at every start (SettingsFile::read, the format
/// QSettings uses), every value read back as the window reads its settings, then the session it
/// holds loaded as SessionStore::restore() loads it and, if valid, estimated as the window does
/// then, with the step's timeline: the work stays within the bounds of the estimate's rank
/// groups and the timeline's listing, whatever the file says.
inline int settings(const std::uint8_t* data, std::size_t size)
{
    QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    QSettings::SettingsMap map;
    if (!SettingsFile::read(buffer, map))
        return 0;
    for (auto it = map.cbegin(); it != map.cend(); ++it) {
        (void)it.value().toString();
        (void)it.value().toByteArray();
        (void)it.value().toStringList();
    }
    for (const char* key : {"session/scenario", "session/savedScenario"}) {
        const QByteArray text = map.value(QString::fromLatin1(key)).toString().toUtf8();
        if (text.isEmpty())
            continue;
        const core::ScenarioLoad load = core::loadScenario(std::string_view(text.constData(), std::size_t(text.size())));
        for (const core::Issue& i : load.issues)
            check(!core::describe(i).empty(), "a session issue has no text");
        if (!load.ok)
            continue;
        const core::Estimate e = core::estimate(load.scenario);
        // Stage groups per phase: at most kMaxRankGroups each (training, RL's two phases, the rollout pool).
        check(e.groups.size() <= std::size_t(3 * core::kMaxRankGroups + 1), "an estimate lists more rank groups than its bound");
        core::StepTimeline t;
        core::stepTimeline(load.scenario, t);
        check(t.stages.size() <= std::size_t(core::kMaxTimelineStages), "a timeline lists more stages than its bound");
        for (const core::StageTimeline& st : t.stages)
            check(st.phases.size() <= std::size_t(8 * core::kMaxTimelineChunks + 8), "a timeline lists more phases than its bound");
    }
    return 0;
}

} // namespace fuzz
