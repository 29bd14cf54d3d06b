#pragma once

#include <QImage>
#include <QSize>

class QIODevice;

/// Writes an animated GIF (GIF89a, CompuServe 1990) frame by frame to a device: the header and
/// logical screen (§17, §18), the NETSCAPE2.0 application extension that loops it (§26), and
/// for each frame a graphic control extension with its delay (§23), an image descriptor (§20),
/// a local colour table (§21) and the LZW-coded indices (§22, Appendix F); the trailer (§27)
/// at the end. Only what changed since the previous frame is stored: the changed rectangle,
/// drawn over the previous frame (disposal method 1, "do not dispose"), its unchanged pixels
/// transparent, so a cursor moving over a still chart costs little more than the cursor. Knows nothing of windows: frames are images.
class GifWriter
{
public:
    explicit GifWriter(QIODevice* device);

    /// Plays of the animation: 0 (default) loops forever; n > 0 plays it n + 1 times (the
    /// NETSCAPE2.0 count is of repetitions); −1 writes no loop block: played once.
    void setLoopCount(int count) { m_loops = count; }

    /// Appends a frame shown for `delayCentiseconds` (GIF's unit, §23; 0–65535). The first
    /// frame sets the animation's size; every later one must have it. Alpha is ignored.
    /// False if the frame is null or of another size, or the device fails.
    bool addFrame(const QImage& frame, int delayCentiseconds);
    /// Writes the trailer; false if the device failed at any point or no frame was added.
    bool finish();

    int frameCount() const { return m_frames; }
    QSize size() const { return m_size; }
    /// Frames whose colours did not fit one colour table (quantized, not exact).
    int quantizedFrames() const { return m_quantized; }

    /// The delay of frame `index` of `frames` at `fps` frames per second, in centiseconds,
    /// rounded so that the delays add up to the animation's length (30 fps: 3, 3, 4, …).
    static int delayCentiseconds(int index, double fps);

private:
    bool write(const QByteArray& bytes);
    bool writeHeader();
    QRect changedRect(const QImage& frame) const;

    QIODevice* m_device = nullptr;
    QImage m_previous; ///< the last frame, RGB32, to find what changed
    QSize m_size;
    int m_loops = 0;
    int m_frames = 0;
    int m_quantized = 0;
    bool m_failed = false;
};
