#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace core {

/// The value of one scalar scenario field (core/fields.h): a boolean, a whole number (ints,
/// 64-bit counts and enums by their value) or a real number. Small and copied by value; a
/// value is converted to the field's own type when it is stored (FieldValue::as).
class FieldValue
{
public:
    enum class Kind : std::uint8_t { Boolean, Integer, Real };

    constexpr FieldValue() = default;
    constexpr FieldValue(bool value) : m_kind(Kind::Boolean), m_integer(value ? 1 : 0) {}
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    constexpr FieldValue(T value) : m_kind(Kind::Integer), m_integer(static_cast<std::int64_t>(value))
    {
    }
    constexpr FieldValue(double value) : m_kind(Kind::Real), m_real(value) {}
    template <typename E>
        requires std::is_enum_v<E>
    constexpr FieldValue(E value) : m_kind(Kind::Integer), m_integer(static_cast<std::int64_t>(value))
    {
    }

    constexpr Kind kind() const { return m_kind; }
    constexpr bool toBool() const { return m_kind == Kind::Real ? m_real != 0 : m_integer != 0; }
    constexpr double toDouble() const { return m_kind == Kind::Real ? m_real : double(m_integer); }
    /// Reals are truncated towards zero (as a slider's int(v) does) and kept within int64; NaN is 0.
    constexpr std::int64_t toInteger() const
    {
        if (m_kind != Kind::Real)
            return m_integer;
        if (!(m_real == m_real))
            return 0;
        constexpr double limit = 9.2e18;
        return static_cast<std::int64_t>(std::clamp(m_real, -limit, limit));
    }

    /// The value as a member of type T stores it (int: clamped to its range).
    template <typename T>
    constexpr T as() const
    {
        if constexpr (std::is_same_v<T, bool>)
            return toBool();
        else if constexpr (std::is_floating_point_v<T>)
            return static_cast<T>(toDouble());
        else if constexpr (std::is_enum_v<T>)
            return static_cast<T>(toInteger());
        else
            return static_cast<T>(std::clamp<std::int64_t>(toInteger(), std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
    }

    /// Equal as numbers: 2 == 2.0, true == 1.
    friend constexpr bool operator==(const FieldValue& a, const FieldValue& b)
    {
        if (a.m_kind == Kind::Real || b.m_kind == Kind::Real)
            return a.toDouble() == b.toDouble();
        return a.m_integer == b.m_integer;
    }

private:
    Kind m_kind = Kind::Integer;
    std::int64_t m_integer = 0;
    double m_real = 0;
};

} // namespace core
