#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <vector>

class QTimer;

/// The one time cursor the step views share: where in the training step the class is looking,
/// and the clock that moves it while playing. A 60 Hz QTimer advances the position by the wall
/// time elapsed × speed, so a dropped frame does not slow the play down. Views observe
/// positionChanged; nothing here knows what is drawn.
class StepCursor : public QObject
{
    Q_OBJECT

public:
    explicit StepCursor(QObject* parent = nullptr);

    double position() const { return m_position; }
    double length() const { return m_length; }
    bool isPlaying() const { return m_playing; }
    double speed() const { return m_speed; }

    /// The step's length in timeline units; the position is kept inside it.
    void setLength(double length);
    /// Wall seconds one full play takes at speed 1 (default 12).
    void setPlaySeconds(double seconds);
    double playSeconds() const { return m_playSeconds; }
    /// The times step forward / back stop at (phase starts), sorted; empty: tenths of the step.
    void setStops(std::vector<double> stops);
    /// A stretch the views cut from the time axis (TimelinePicture::axisCut): playing jumps over
    /// it, and a full play takes playSeconds over the time drawn. from ≥ to: none.
    void setSkip(double from, double to);

    /// Advances as if `milliseconds` of wall time had passed while playing (the timer's tick;
    /// tests and the benchmark drive it directly).
    void advance(double milliseconds);
    /// Frame interval of the play timer, ms (16: 60 frames per second).
    static constexpr int kFrameMs = 16;

public slots:
    void setPosition(double position);
    void play();
    void pause();
    void togglePlay();
    void stepForward();
    void stepBack();
    void rewind() { setPosition(0); }
    void setSpeed(double speed);

signals:
    void positionChanged(double position);
    void playingChanged(bool playing);

private:
    void tick();

    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    std::vector<double> m_stops;
    double m_position = 0;
    double m_length = 0;
    double m_speed = 1;
    double m_playSeconds = 12;
    double m_skipFrom = 0, m_skipTo = 0;
    bool m_playing = false;
};
