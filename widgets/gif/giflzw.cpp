#include "widgets/gif/giflzw.h"

#include <algorithm>
#include <vector>

namespace {

/// Writes codes of varying width least significant bit first (GIF89a Appendix F: "the codes
/// are formed into a stream of bits as if they were packed right to left").
class BitPacker
{
public:
    explicit BitPacker(QByteArray& out) : m_out(out) {}

    void put(int code, int width)
    {
        m_bits |= std::uint32_t(code) << m_count;
        m_count += width;
        while (m_count >= 8) {
            m_out.append(char(m_bits & 0xFF));
            m_bits >>= 8;
            m_count -= 8;
        }
    }
    void flush()
    {
        if (m_count > 0)
            m_out.append(char(m_bits & 0xFF));
        m_bits = 0;
        m_count = 0;
    }

private:
    QByteArray& m_out;
    std::uint32_t m_bits = 0;
    int m_count = 0;
};

/// The string table: (prefix code, next index) → code, open addressing. 8192 slots for at
/// most 4096 entries keeps the probes short; clearing it is a fill of 8192 ints.
class StringTable
{
public:
    StringTable() : m_keys(kSlots, -1), m_codes(kSlots, 0) {}

    void clear() { std::fill(m_keys.begin(), m_keys.end(), -1); }
    /// The code of prefix + index, or −1.
    int find(int prefix, int index) const
    {
        const int key = (prefix << 8) | index;
        for (std::size_t slot = hash(key);; slot = (slot + 1) & (kSlots - 1)) {
            if (m_keys[slot] == key)
                return m_codes[slot];
            if (m_keys[slot] < 0)
                return -1;
        }
    }
    void insert(int prefix, int index, int code)
    {
        const int key = (prefix << 8) | index;
        std::size_t slot = hash(key);
        while (m_keys[slot] >= 0)
            slot = (slot + 1) & (kSlots - 1);
        m_keys[slot] = key;
        m_codes[slot] = code;
    }

private:
    static constexpr std::size_t kSlots = 8192;
    static std::size_t hash(int key) { return (std::uint32_t(key) * 2654435761u >> 19) & (kSlots - 1); }

    std::vector<int> m_keys;
    std::vector<int> m_codes;
};

constexpr int kMaxCodes = 4096; // 12-bit codes at most (Appendix F)

} // namespace

int GifLzw::minimumCodeSize(int colors)
{
    int bits = 2;
    while ((1 << bits) < colors && bits < 8)
        ++bits;
    return bits;
}

QByteArray GifLzw::encode(const std::uint8_t* indices, qsizetype count, int minimumCodeSize)
{
    QByteArray out;
    out.reserve(count / 2 + 16);
    BitPacker bits(out);
    const int clearCode = 1 << minimumCodeSize;
    const int endCode = clearCode + 1;
    StringTable table;
    int width = minimumCodeSize + 1;
    int next = clearCode + 2;
    auto reset = [&] {
        table.clear();
        width = minimumCodeSize + 1;
        next = clearCode + 2;
    };
    // The decoder adds a table entry for every code after the first, one code behind the
    // encoder, and widens its codes when its next free code reaches 2^width. So the encoder
    // widens when the entry it has just added is 2^width: its next code is then read wide.
    auto grow = [&] {
        if (next == (1 << width) && width < 12)
            ++width;
    };

    bits.put(clearCode, width); // "encoders should output a Clear code as the first code" (Appendix F)
    if (count > 0) {
        int prefix = indices[0];
        for (qsizetype i = 1; i < count; ++i) {
            const int index = indices[i];
            if (const int code = table.find(prefix, index); code >= 0) {
                prefix = code;
                continue;
            }
            bits.put(prefix, width);
            if (next < kMaxCodes) {
                table.insert(prefix, index, next);
                grow();
                ++next;
            } else {
                // The table is full: start again, with the clear code still at 12 bits.
                bits.put(clearCode, width);
                reset();
            }
            prefix = index;
        }
        bits.put(prefix, width);
        // The decoder adds an entry for this last code too: it reads the end code that wide.
        if (next < kMaxCodes)
            grow();
    }
    bits.put(endCode, width);
    bits.flush();
    return out;
}

QByteArray GifLzw::subBlocks(const QByteArray& data)
{
    QByteArray out;
    out.reserve(data.size() + data.size() / 255 + 2);
    for (qsizetype at = 0; at < data.size(); at += 255) {
        const qsizetype n = std::min<qsizetype>(255, data.size() - at);
        out.append(char(n));
        out.append(data.constData() + at, n);
    }
    out.append('\0');
    return out;
}
