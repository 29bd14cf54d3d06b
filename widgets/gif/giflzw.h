#pragma once

#include <QByteArray>
#include <cstdint>

/// The variable-length-code LZW compression of GIF image data, as the GIF89a specification
/// describes it (CompuServe, "Graphics Interchange Format Version 89a", 1990, Appendix F and
/// §22 "Table Based Image Data"): codes start one bit wider than the minimum code size, grow by
/// a bit each time the table reaches the next power of two, never beyond 12 bits; the stream
/// opens with a clear code, clears again when the table is full (4096 codes), ends with the
/// end-of-information code, and is packed least significant bit first.
class GifLzw
{
public:
    /// The smallest LZW minimum code size for a colour table of `colors` entries: 2 to 8 (the
    /// specification allows no less than 2, §22 and Appendix F).
    static int minimumCodeSize(int colors);

    /// The code stream of `indices` (each below 2^minimumCodeSize), packed into bytes, without
    /// the code size byte and without the data sub-block framing (see subBlocks).
    static QByteArray encode(const std::uint8_t* indices, qsizetype count, int minimumCodeSize);
    static QByteArray encode(const QByteArray& indices, int minimumCodeSize)
    {
        return encode(reinterpret_cast<const std::uint8_t*>(indices.constData()), indices.size(), minimumCodeSize);
    }

    /// `data` as data sub-blocks (§15): a count byte and at most 255 bytes each, then the block
    /// terminator (§16), a zero count.
    static QByteArray subBlocks(const QByteArray& data);
};
