#include "widgets/gif/gifwriter.h"

#include <QIODevice>
#include <cmath>

#include "widgets/gif/giflzw.h"
#include "widgets/gif/gifquantizer.h"

namespace {

void putShort(QByteArray& out, int value)
{
    // "Unsigned: 16-bit, little-endian" (GIF89a §4, Conventions).
    out.append(char(value & 0xFF));
    out.append(char((value >> 8) & 0xFF));
}

/// The colour table's size field: the table has 2^(field + 1) entries (§18, §20).
int tableSizeField(int colors)
{
    int field = 0;
    while ((2 << field) < colors)
        ++field;
    return field;
}

} // namespace

GifWriter::GifWriter(QIODevice* device)
    : m_device(device)
{
}

int GifWriter::delayCentiseconds(int index, double fps)
{
    // Frame i ends at round(100 (i + 1) / fps) cs: the delays add up to the play's length.
    const auto end = [fps](int i) { return std::llround(100.0 * i / fps); };
    return int(end(index + 1) - end(index));
}

bool GifWriter::write(const QByteArray& bytes)
{
    if (m_failed || !m_device)
        return false;
    if (m_device->write(bytes) != bytes.size())
        m_failed = true;
    return !m_failed;
}

bool GifWriter::writeHeader()
{
    QByteArray out("GIF89a"); // §17: signature and version
    // §18 Logical Screen Descriptor: size, no global colour table (each frame brings its own),
    // colour resolution 8 bits (field 7), background index 0, no aspect ratio.
    putShort(out, m_size.width());
    putShort(out, m_size.height());
    out.append(char(0x70));
    out.append('\0');
    out.append('\0');
    if (m_loops >= 0) {
        // §26 Application Extension: introducer 0x21, label 0xFF, an 11-byte block of the
        // identifier "NETSCAPE" and the authentication code "2.0", then Netscape's data
        // sub-block: id 1 and the 16-bit repetition count (0: forever).
        out.append(char(0x21));
        out.append(char(0xFF));
        out.append(char(11));
        out.append("NETSCAPE2.0", 11);
        out.append(char(3));
        out.append(char(1));
        putShort(out, std::min(m_loops, 0xFFFF));
        out.append('\0');
    }
    return write(out);
}

QRect GifWriter::changedRect(const QImage& frame) const
{
    int top = -1, bottom = -1, left = frame.width(), right = -1;
    for (int y = 0; y < frame.height(); ++y) {
        const QRgb* a = reinterpret_cast<const QRgb*>(frame.constScanLine(y));
        const QRgb* b = reinterpret_cast<const QRgb*>(m_previous.constScanLine(y));
        int x0 = 0;
        while (x0 < frame.width() && ((a[x0] ^ b[x0]) & 0xFFFFFF) == 0)
            ++x0;
        if (x0 == frame.width())
            continue;
        int x1 = frame.width() - 1;
        while (x1 > x0 && ((a[x1] ^ b[x1]) & 0xFFFFFF) == 0)
            --x1;
        if (top < 0)
            top = y;
        bottom = y;
        left = std::min(left, x0);
        right = std::max(right, x1);
    }
    if (top < 0)
        return QRect(0, 0, 1, 1); // nothing changed: one pixel as it was, for the delay
    return QRect(QPoint(left, top), QPoint(right, bottom));
}

bool GifWriter::addFrame(const QImage& source, int delay)
{
    if (m_failed || source.isNull() || delay < 0 || delay > 0xFFFF)
        return false;
    QImage frame = source.convertToFormat(QImage::Format_RGB32);
    if (m_frames == 0) {
        if (frame.width() > 0xFFFF || frame.height() > 0xFFFF)
            return false;
        m_size = frame.size();
        if (!writeHeader())
            return false;
    } else if (frame.size() != m_size) {
        return false;
    }
    const QRect rect = m_frames == 0 ? frame.rect() : changedRect(frame);
    const GifIndexedImage indexed = GifQuantizer::quantize(frame, rect, m_frames == 0 ? nullptr : &m_previous);
    if (!indexed.exact)
        ++m_quantized;

    QByteArray out;
    // §23 Graphic Control Extension: disposal 1 (leave the frame for the next to draw over),
    // no user input; the delay in hundredths of a second; in later frames a transparent index
    // for the pixels that did not change, so the previous frame shows through.
    out.append(char(0x21));
    out.append(char(0xF9));
    out.append(char(4));
    out.append(char(1 << 2 | (indexed.transparent >= 0 ? 1 : 0)));
    putShort(out, delay);
    out.append(char(std::max(0, indexed.transparent)));
    out.append('\0');
    // §20 Image Descriptor: where the changed rectangle goes, a local colour table follows,
    // not interlaced.
    const int field = tableSizeField(int(indexed.palette.size()));
    out.append(char(0x2C));
    putShort(out, rect.x());
    putShort(out, rect.y());
    putShort(out, rect.width());
    putShort(out, rect.height());
    out.append(char(0x80 | field));
    // §21 Local Color Table: 2^(field + 1) RGB triplets, the unused ones black.
    for (int i = 0; i < (2 << field); ++i) {
        const QRgb c = i < indexed.palette.size() ? indexed.palette[i] : 0;
        out.append(char(qRed(c)));
        out.append(char(qGreen(c)));
        out.append(char(qBlue(c)));
    }
    // §22 Table Based Image Data: the LZW minimum code size, then the codes in sub-blocks.
    const int codeSize = GifLzw::minimumCodeSize(2 << field);
    out.append(char(codeSize));
    out += GifLzw::subBlocks(GifLzw::encode(indexed.indices, codeSize));
    if (!write(out))
        return false;
    m_previous = std::move(frame);
    ++m_frames;
    return true;
}

bool GifWriter::finish()
{
    if (m_frames == 0)
        return false;
    return write(QByteArray(1, char(0x3B))); // §27 Trailer
}
