#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace core {

enum class Field : std::uint16_t;

/// A set of fields (core/fields.h), one bit each: which fields failed their range check,
/// which were present in a file. Constexpr, no allocation.
template <std::size_t N>
class BasicFieldSet
{
public:
    constexpr BasicFieldSet() = default;
    constexpr BasicFieldSet(std::initializer_list<Field> fields)
    {
        for (Field f : fields)
            insert(f);
    }

    constexpr void insert(Field f) { m_words[index(f) / 64] |= std::uint64_t(1) << (index(f) % 64); }
    constexpr bool contains(Field f) const { return (m_words[index(f) / 64] >> (index(f) % 64)) & 1; }
    constexpr bool empty() const
    {
        for (std::uint64_t w : m_words)
            if (w)
                return false;
        return true;
    }
    /// Whether any field is in both sets.
    constexpr bool intersects(const BasicFieldSet& other) const
    {
        for (std::size_t i = 0; i < kWords; ++i)
            if (m_words[i] & other.m_words[i])
                return true;
        return false;
    }

private:
    static constexpr std::size_t kWords = (N + 63) / 64;
    static constexpr std::size_t index(Field f) { return std::size_t(f); }
    std::array<std::uint64_t, kWords> m_words{};
};

} // namespace core
