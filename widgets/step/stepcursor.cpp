#include "widgets/step/stepcursor.h"

#include <QTimer>
#include <algorithm>

StepCursor::StepCursor(QObject* parent) : QObject(parent), m_timer(new QTimer(this))
{
    m_timer->setInterval(kFrameMs);
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &StepCursor::tick);
}

void StepCursor::setLength(double length)
{
    m_length = std::max(0.0, length);
    if (m_position > m_length)
        setPosition(m_length);
}

void StepCursor::setPlaySeconds(double seconds) { m_playSeconds = std::max(0.1, seconds); }

void StepCursor::setStops(std::vector<double> stops)
{
    std::sort(stops.begin(), stops.end());
    stops.erase(std::unique(stops.begin(), stops.end()), stops.end());
    m_stops = std::move(stops);
}

void StepCursor::setPosition(double position)
{
    position = std::clamp(position, 0.0, m_length);
    if (position == m_position)
        return;
    m_position = position;
    emit positionChanged(m_position);
}

void StepCursor::play()
{
    if (m_playing || m_length <= 0)
        return;
    if (m_position >= m_length)
        setPosition(0); // play again from the start
    m_playing = true;
    m_clock.start();
    m_timer->start();
    emit playingChanged(true);
}

void StepCursor::pause()
{
    if (!m_playing)
        return;
    m_playing = false;
    m_timer->stop();
    emit playingChanged(false);
}

void StepCursor::togglePlay() { m_playing ? pause() : play(); }

void StepCursor::setSpeed(double speed) { m_speed = std::clamp(speed, 0.05, 64.0); }

void StepCursor::setSkip(double from, double to)
{
    m_skipFrom = from;
    m_skipTo = std::max(from, to);
}

void StepCursor::advance(double milliseconds)
{
    const double skipped = std::clamp(m_skipTo - m_skipFrom, 0.0, m_length);
    const double units = (m_length - skipped) / m_playSeconds * m_speed * milliseconds / 1000;
    double next = m_position + units;
    if (skipped > 0 && m_position < m_skipTo && next > m_skipFrom) // across the cut: what is left after it
        next = m_skipTo + (next - std::max(m_position, m_skipFrom));
    setPosition(next);
    if (m_position >= m_length)
        pause();
}

void StepCursor::tick() { advance(double(m_clock.restart())); }

void StepCursor::stepForward()
{
    pause();
    const auto next = std::upper_bound(m_stops.begin(), m_stops.end(), m_position + 1e-9);
    setPosition(next != m_stops.end() ? *next : m_stops.empty() ? m_position + m_length / 10 : m_length);
}

void StepCursor::stepBack()
{
    pause();
    auto prev = std::lower_bound(m_stops.begin(), m_stops.end(), m_position - 1e-9);
    setPosition(prev != m_stops.begin() ? *std::prev(prev) : m_stops.empty() ? m_position - m_length / 10 : 0);
}
