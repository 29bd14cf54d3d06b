// Number formats against published constants, the seeds' π examples, the compiler's own
// conversions (_Float16, float) and bit-exact round trips of every pattern.
#include <QtTest>

#include <bit>
#include <cmath>
#include <cstring>
#include <numbers>
#include <random>
#include <vector>

#include "core/numerics/numberformat.h"

using core::NumberFormat;

Q_DECLARE_METATYPE(core::NumberFormat)
Q_DECLARE_METATYPE(core::ValueClass)
Q_DECLARE_METATYPE(core::Conversion)

// GCC 12 supports the IEEE binary16 type on x86-64 (converting through libgcc's __truncdfhf2);
// __extension__ keeps -pedantic quiet about it.
__extension__ typedef _Float16 Half;

namespace {

std::uint16_t halfBits(double value)
{
    const Half h = static_cast<Half>(value);
    std::uint16_t bits = 0;
    std::memcpy(&bits, &h, sizeof bits);
    return bits;
}

double halfValue(std::uint16_t bits)
{
    Half h;
    std::memcpy(&h, &bits, sizeof h);
    return static_cast<double>(h);
}

std::uint32_t floatBits(float value)
{
    return std::bit_cast<std::uint32_t>(value);
}

/// "0 10000 1001001000" → pattern.
std::uint32_t parseBits(const QString& text)
{
    std::uint32_t bits = 0;
    for (QChar c : text) {
        if (c == QLatin1Char('0') || c == QLatin1Char('1'))
            bits = (bits << 1) | (c == QLatin1Char('1') ? 1u : 0u);
    }
    return bits;
}

QString hex(std::uint32_t bits)
{
    return QStringLiteral("0x%1").arg(bits, 0, 16);
}

// Exact comparison: QCOMPARE on doubles is fuzzy, and these must be bit-identical.
bool same(double a, double b)
{
    return a == b && std::signbit(a) == std::signbit(b);
}

const char* name(NumberFormat f)
{
    switch (f) {
    case NumberFormat::Fp32: return "FP32";
    case NumberFormat::Tf32: return "TF32";
    case NumberFormat::Fp16: return "FP16";
    case NumberFormat::Bf16: return "BF16";
    case NumberFormat::Fp8E4M3: return "E4M3";
    case NumberFormat::Fp8E5M2: return "E5M2";
    case NumberFormat::Fp4E2M1: return "E2M1";
    case NumberFormat::Int8: return "INT8";
    case NumberFormat::Uint8: return "UINT8";
    case NumberFormat::Int4: return "INT4";
    case NumberFormat::MxFp8: return "MXFP8";
    case NumberFormat::MxFp4: return "MXFP4";
    case NumberFormat::NvFp4: return "NVFP4";
    }
    return "?";
}

double pow2(int e)
{
    return std::ldexp(1.0, e);
}

} // namespace

class TestNumberFormat : public QObject
{
    Q_OBJECT

private slots:
    void publishedProperties_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<double>("maxValue");
        QTest::addColumn<double>("minNormal");
        QTest::addColumn<double>("minSubnormal");
        QTest::addColumn<double>("epsilon");
        QTest::addColumn<double>("digits"); // the seeds' "有效十进制位", to 0.05
        // IEEE 754-2019 Table 3.5 (binary32): max (2 − 2^−23)·2^127, the seeds' ±3.4×10³⁸, ~7 digits.
        QTest::addRow("FP32") << NumberFormat::Fp32 << 3.4028234663852886e38 << 1.1754943508222875e-38
                              << 1.401298464324817e-45 << 1.1920928955078125e-07 << 7.22;
        // NVIDIA A100 white paper: TF32 = FP32's 8-bit exponent + FP16's 10-bit mantissa;
        // max (2 − 2^−10)·2^127 = 3.4011621342146535e38, subnormals step 2^−136.
        QTest::addRow("TF32") << NumberFormat::Tf32 << 3.4011621342146535e38 << 1.1754943508222875e-38
                              << 1.1479437019748901e-41 << 9.765625e-04 << 3.31;
        // binary16: max 65504, min normal 2^−14 ≈ 6.10e−5, min subnormal 2^−24 ≈ 5.96e−8, ~3.3 digits.
        QTest::addRow("FP16") << NumberFormat::Fp16 << 65504.0 << 6.103515625e-05 << 5.9604644775390625e-08
                              << 9.765625e-04 << 3.31;
        // bfloat16: max (2 − 2^−7)·2^127 = 3.3895313892515355e38, min normal as FP32, ~2.4 digits.
        QTest::addRow("BF16") << NumberFormat::Bf16 << 3.3895313892515355e38 << 1.1754943508222875e-38
                              << 9.183549615799121e-41 << 7.8125e-03 << 2.41;
        // OCP FP8 v1.0 Table 1: E4M3 max 448, min normal 2^−6, min subnormal 2^−9.
        QTest::addRow("E4M3") << NumberFormat::Fp8E4M3 << 448.0 << 0.015625 << 0.001953125 << 0.125 << 1.20;
        // E5M2 max 57344, min normal 2^−14, min subnormal 2^−16.
        QTest::addRow("E5M2") << NumberFormat::Fp8E5M2 << 57344.0 << 6.103515625e-05 << 1.52587890625e-05 << 0.25
                              << 0.90;
        // OCP MX v1.0 Table 5: E2M1 max 6, min normal 1, min subnormal 0.5.
        QTest::addRow("E2M1") << NumberFormat::Fp4E2M1 << 6.0 << 1.0 << 0.5 << 0.5 << 0.60;
        QTest::addRow("INT8") << NumberFormat::Int8 << 127.0 << 1.0 << 1.0 << 1.0 << 2.41;
        QTest::addRow("UINT8") << NumberFormat::Uint8 << 255.0 << 1.0 << 1.0 << 1.0 << 2.41;
        QTest::addRow("INT4") << NumberFormat::Int4 << 7.0 << 1.0 << 1.0 << 1.0 << 1.20;
    }
    void publishedProperties()
    {
        QFETCH(NumberFormat, format);
        QFETCH(double, maxValue);
        QFETCH(double, minNormal);
        QFETCH(double, minSubnormal);
        QFETCH(double, epsilon);
        QFETCH(double, digits);
        const core::FormatProperties p = core::properties(format);
        QVERIFY2(same(p.maxValue, maxValue), qPrintable(QString::number(p.maxValue, 'g', 17)));
        QVERIFY2(same(p.minNormal, minNormal), qPrintable(QString::number(p.minNormal, 'g', 17)));
        QVERIFY2(same(p.minSubnormal, minSubnormal), qPrintable(QString::number(p.minSubnormal, 'g', 17)));
        QVERIFY2(same(p.epsilon, epsilon), qPrintable(QString::number(p.epsilon, 'g', 17)));
        QVERIFY2(std::abs(p.decimalDigits - digits) < 0.05, qPrintable(QString::number(p.decimalDigits)));
    }

    void lowestValues_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<double>("lowest");
        QTest::addRow("FP16") << NumberFormat::Fp16 << -65504.0;
        QTest::addRow("E4M3") << NumberFormat::Fp8E4M3 << -448.0;
        QTest::addRow("INT8") << NumberFormat::Int8 << -128.0; // the seeds: -128 ~ 127
        QTest::addRow("UINT8") << NumberFormat::Uint8 << 0.0;  // the seeds: 0 ~ 255
        QTest::addRow("INT4") << NumberFormat::Int4 << -8.0;
    }
    void lowestValues()
    {
        QFETCH(NumberFormat, format);
        QFETCH(double, lowest);
        QCOMPARE(core::properties(format).lowestValue, lowest);
    }

    void bitsPerValue_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<double>("bits");
        QTest::addRow("FP32") << NumberFormat::Fp32 << 32.0;
        QTest::addRow("TF32 (stored in 32 bits)") << NumberFormat::Tf32 << 32.0;
        QTest::addRow("FP16") << NumberFormat::Fp16 << 16.0;
        QTest::addRow("BF16") << NumberFormat::Bf16 << 16.0;
        QTest::addRow("E4M3") << NumberFormat::Fp8E4M3 << 8.0;
        QTest::addRow("E5M2") << NumberFormat::Fp8E5M2 << 8.0;
        QTest::addRow("E2M1") << NumberFormat::Fp4E2M1 << 4.0;
        QTest::addRow("INT8") << NumberFormat::Int8 << 8.0;
        QTest::addRow("UINT8") << NumberFormat::Uint8 << 8.0;
        QTest::addRow("INT4") << NumberFormat::Int4 << 4.0;
        QTest::addRow("MXFP8: 8 + 8/32") << NumberFormat::MxFp8 << 8.25;
        QTest::addRow("MXFP4: 4 + 8/32") << NumberFormat::MxFp4 << 4.25;
        QTest::addRow("NVFP4: 4 + 8/16") << NumberFormat::NvFp4 << 4.5;
    }
    void bitsPerValue()
    {
        QFETCH(NumberFormat, format);
        QFETCH(double, bits);
        QCOMPARE(core::describe(format).bitsPerValue(), bits);
        QCOMPARE(core::describe(format).bytesPerValue(), bits / 8);
    }

    void layouts_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("exponentBits");
        QTest::addColumn<int>("mantissaBits");
        QTest::addColumn<int>("bias");
        // The seeds' table: FP32 [1][8][23], FP16 [1][5][10], BF16 [1][8][7]; bias = 2^(E−1) − 1.
        QTest::addRow("FP32") << NumberFormat::Fp32 << 32 << 8 << 23 << 127;
        QTest::addRow("TF32") << NumberFormat::Tf32 << 19 << 8 << 10 << 127;
        QTest::addRow("FP16") << NumberFormat::Fp16 << 16 << 5 << 10 << 15;
        QTest::addRow("BF16") << NumberFormat::Bf16 << 16 << 8 << 7 << 127;
        QTest::addRow("E4M3") << NumberFormat::Fp8E4M3 << 8 << 4 << 3 << 7;
        QTest::addRow("E5M2") << NumberFormat::Fp8E5M2 << 8 << 5 << 2 << 15;
        QTest::addRow("E2M1") << NumberFormat::Fp4E2M1 << 4 << 2 << 1 << 1;
        QTest::addRow("MXFP4 element = E2M1") << NumberFormat::MxFp4 << 4 << 2 << 1 << 1;
        QTest::addRow("NVFP4 element = E2M1") << NumberFormat::NvFp4 << 4 << 2 << 1 << 1;
        QTest::addRow("MXFP8 element = E4M3") << NumberFormat::MxFp8 << 8 << 4 << 3 << 7;
    }
    void layouts()
    {
        QFETCH(NumberFormat, format);
        QFETCH(int, bits);
        QFETCH(int, exponentBits);
        QFETCH(int, mantissaBits);
        QFETCH(int, bias);
        const core::FormatDescription f = core::describe(format);
        QCOMPARE(f.bits, bits);
        QCOMPARE(f.exponentBits, exponentBits);
        QCOMPARE(f.mantissaBits, mantissaBits);
        QCOMPARE(f.bias, bias);
    }

    void seedPi_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("exponentField");
        QTest::addColumn<double>("stored");
        // Seed 2, "数值格式详解": FP32 [0][10000000][10010010000111111011011], s=0, e=128, bias=127;
        // stored value = float(π) = 13176795·2^−22.
        QTest::addRow("FP32") << NumberFormat::Fp32 << "0 10000000 10010010000111111011011" << 128
                              << 3.1415927410125732;
        // FP16 [0][10000][1001001000], e=16, bias=15: 2 × (1 + 584/1024) = 3.140625.
        QTest::addRow("FP16") << NumberFormat::Fp16 << "0 10000 1001001000" << 16 << 3.140625;
        // BF16 [0][10000000][1001001], e=128: 2 × (1 + 73/128) = 3.140625.
        QTest::addRow("BF16") << NumberFormat::Bf16 << "0 10000000 1001001" << 128 << 3.140625;
        // TF32 keeps FP16's 10 mantissa bits under FP32's exponent.
        QTest::addRow("TF32") << NumberFormat::Tf32 << "0 10000000 1001001000" << 128 << 3.140625;
        // E4M3: π/2 = 1.5708, 0.5708·8 = 4.57 → 5: 2 × (1 + 5/8) = 3.25.
        QTest::addRow("E4M3") << NumberFormat::Fp8E4M3 << "0 1000 101" << 8 << 3.25;
        // E5M2: 0.5708·4 = 2.28 → 2: 2 × (1 + 2/4) = 3.
        QTest::addRow("E5M2") << NumberFormat::Fp8E5M2 << "0 10000 10" << 16 << 3.0;
        // E2M1: 2 × (1 + 1/2) = 3.
        QTest::addRow("E2M1") << NumberFormat::Fp4E2M1 << "0 10 1" << 2 << 3.0;
    }
    void seedPi()
    {
        QFETCH(NumberFormat, format);
        QFETCH(QString, pattern);
        QFETCH(int, exponentField);
        QFETCH(double, stored);
        const core::FormatDescription f = core::describe(format);
        const core::Encoding e = core::encode(f, std::numbers::pi);
        QCOMPARE(hex(e.bits), hex(parseBits(pattern)));
        QCOMPARE(e.conversion, core::Conversion::Rounded);
        QCOMPARE(int(core::fields(f, e.bits).exponent), exponentField);
        QCOMPARE(int(core::fields(f, e.bits).sign), 0);
        QVERIFY(same(core::decode(f, e.bits), stored));
        QCOMPARE(core::classify(f, e.bits), core::ValueClass::Normal);
    }

    // Every pattern of every format up to 19 bits decodes and re-encodes to itself, exactly;
    // NaN patterns re-encode to a NaN (the payload is not kept).
    void roundTripEveryPattern_data()
    {
        QTest::addColumn<NumberFormat>("format");
        for (NumberFormat f : core::kElementFormats) {
            if (f != NumberFormat::Fp32)
                QTest::newRow(name(f)) << f;
        }
    }
    void roundTripEveryPattern()
    {
        QFETCH(NumberFormat, format);
        const core::FormatDescription f = core::describe(format);
        const std::uint32_t count = 1u << f.bits;
        for (std::uint32_t bits = 0; bits < count; ++bits) {
            const double v = core::decode(f, bits);
            const core::Encoding e = core::encode(f, v);
            if (std::isnan(v)) {
                QCOMPARE(core::classify(f, bits), core::ValueClass::NaN);
                QCOMPARE(core::classify(f, e.bits), core::ValueClass::NaN);
                continue;
            }
            if (e.bits != bits || e.conversion != core::Conversion::Exact)
                QFAIL(qPrintable(QStringLiteral("%1 → %2 → %3").arg(hex(bits)).arg(v, 0, 'g', 17).arg(hex(e.bits))));
        }
    }

    // nextUp walks the finite values in sorted order: sort every decoded value independently
    // and check each pattern's nextUp is the next larger value.
    void neighboursFollowSortedValues_data() { roundTripEveryPattern_data(); }
    void neighboursFollowSortedValues()
    {
        QFETCH(NumberFormat, format);
        const core::FormatDescription f = core::describe(format);
        std::vector<double> values;
        for (std::uint32_t bits = 0; bits < (1u << f.bits); ++bits) {
            const double v = core::decode(f, bits);
            if (!std::isnan(v))
                values.push_back(v);
        }
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end()); // ±0 are one value
        for (std::uint32_t bits = 0; bits < (1u << f.bits); ++bits) {
            const double v = core::decode(f, bits);
            if (std::isnan(v)) {
                QVERIFY(!core::nextUp(f, bits));
                QVERIFY(!core::nextDown(f, bits));
                continue;
            }
            const auto at = std::lower_bound(values.begin(), values.end(), v);
            const auto up = core::nextUp(f, bits);
            const auto down = core::nextDown(f, bits);
            QCOMPARE(bool(up), at + 1 != values.end());
            QCOMPARE(bool(down), at != values.begin());
            if (up && core::decode(f, *up) != *(at + 1))
                QFAIL(qPrintable(QStringLiteral("nextUp(%1) = %2").arg(hex(bits), hex(*up))));
            if (down && core::decode(f, *down) != *(at - 1))
                QFAIL(qPrintable(QStringLiteral("nextDown(%1) = %2").arg(hex(bits), hex(*down))));
        }
    }

    void neighbours_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("below"); // NaN: none
        QTest::addColumn<double>("above");
        const double none = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        // FP16 around 1: steps 2^−11 below, 2^−10 above.
        QTest::addRow("FP16 1") << NumberFormat::Fp16 << 1.0 << 0.99951171875 << 1.0009765625;
        QTest::addRow("FP16 max") << NumberFormat::Fp16 << 65504.0 << 65472.0 << inf;
        QTest::addRow("FP16 0") << NumberFormat::Fp16 << 0.0 << -5.9604644775390625e-08 << 5.9604644775390625e-08;
        QTest::addRow("BF16 1") << NumberFormat::Bf16 << 1.0 << 0.99609375 << 1.0078125;
        // E4M3 has no inf: 448 is the top, 416 = 1.625·2^8 below it.
        QTest::addRow("E4M3 max") << NumberFormat::Fp8E4M3 << 448.0 << 416.0 << none;
        QTest::addRow("E2M1 max") << NumberFormat::Fp4E2M1 << 6.0 << 4.0 << none;
        QTest::addRow("E2M1 -6") << NumberFormat::Fp4E2M1 << -6.0 << none << -4.0;
        QTest::addRow("INT8 127") << NumberFormat::Int8 << 127.0 << 126.0 << none;
        QTest::addRow("INT8 -128") << NumberFormat::Int8 << -128.0 << none << -127.0;
        QTest::addRow("INT4 0") << NumberFormat::Int4 << 0.0 << -1.0 << 1.0;
    }
    void neighbours()
    {
        QFETCH(NumberFormat, format);
        QFETCH(double, value);
        QFETCH(double, below);
        QFETCH(double, above);
        const core::FormatDescription f = core::describe(format);
        const std::uint32_t bits = core::encode(f, value).bits;
        const auto down = core::nextDown(f, bits);
        const auto up = core::nextUp(f, bits);
        QCOMPARE(bool(down), !std::isnan(below));
        QCOMPARE(bool(up), !std::isnan(above));
        if (down)
            QVERIFY2(same(core::decode(f, *down), below), qPrintable(QString::number(core::decode(f, *down), 'g', 17)));
        if (up)
            QVERIFY2(same(core::decode(f, *up), above), qPrintable(QString::number(core::decode(f, *up), 'g', 17)));
    }

    void classify_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<uint>("bits");
        QTest::addColumn<core::ValueClass>("expected");
        using core::ValueClass;
        QTest::addRow("FP16 +0") << NumberFormat::Fp16 << 0x0000u << ValueClass::Zero;
        QTest::addRow("FP16 -0") << NumberFormat::Fp16 << 0x8000u << ValueClass::Zero;
        QTest::addRow("FP16 min subnormal") << NumberFormat::Fp16 << 0x0001u << ValueClass::Subnormal;
        QTest::addRow("FP16 max subnormal") << NumberFormat::Fp16 << 0x03FFu << ValueClass::Subnormal;
        QTest::addRow("FP16 min normal") << NumberFormat::Fp16 << 0x0400u << ValueClass::Normal;
        QTest::addRow("FP16 +inf") << NumberFormat::Fp16 << 0x7C00u << ValueClass::Infinity;
        QTest::addRow("FP16 -inf") << NumberFormat::Fp16 << 0xFC00u << ValueClass::Infinity;
        QTest::addRow("FP16 sNaN") << NumberFormat::Fp16 << 0x7C01u << ValueClass::NaN;
        QTest::addRow("FP16 qNaN") << NumberFormat::Fp16 << 0x7E00u << ValueClass::NaN;
        QTest::addRow("FP32 +inf") << NumberFormat::Fp32 << 0x7F800000u << ValueClass::Infinity;
        QTest::addRow("BF16 NaN") << NumberFormat::Bf16 << 0x7FC0u << ValueClass::NaN;
        // OCP E4M3: S.1111.111 is NaN, S.1111.110 = 448 is normal; no infinity.
        QTest::addRow("E4M3 0x7F") << NumberFormat::Fp8E4M3 << 0x7Fu << ValueClass::NaN;
        QTest::addRow("E4M3 0xFF") << NumberFormat::Fp8E4M3 << 0xFFu << ValueClass::NaN;
        QTest::addRow("E4M3 0x78") << NumberFormat::Fp8E4M3 << 0x78u << ValueClass::Normal;
        QTest::addRow("E4M3 0x07") << NumberFormat::Fp8E4M3 << 0x07u << ValueClass::Subnormal;
        QTest::addRow("E5M2 0x7C") << NumberFormat::Fp8E5M2 << 0x7Cu << ValueClass::Infinity;
        QTest::addRow("E5M2 0x7D") << NumberFormat::Fp8E5M2 << 0x7Du << ValueClass::NaN;
        QTest::addRow("E2M1 0x7") << NumberFormat::Fp4E2M1 << 0x7u << ValueClass::Normal;
        QTest::addRow("E2M1 0x1") << NumberFormat::Fp4E2M1 << 0x1u << ValueClass::Subnormal;
        QTest::addRow("E2M1 0x8") << NumberFormat::Fp4E2M1 << 0x8u << ValueClass::Zero;
        QTest::addRow("INT8 0") << NumberFormat::Int8 << 0x00u << ValueClass::Zero;
        QTest::addRow("INT8 -128") << NumberFormat::Int8 << 0x80u << ValueClass::Normal;
    }
    void classify()
    {
        QFETCH(NumberFormat, format);
        QFETCH(uint, bits);
        QFETCH(core::ValueClass, expected);
        QCOMPARE(core::classify(format, bits), expected);
    }

    // Hand-worked encodings, each row's arithmetic in its comment.
    void encodeTable_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<double>("value");
        QTest::addColumn<uint>("bits");
        QTest::addColumn<core::Conversion>("conversion");
        using core::Conversion;
        const double inf = std::numeric_limits<double>::infinity();
        // E4M3, bias 7. 448 = 1.75·2^8 → 0 1111 110. Halfway to the (missing) 480 is 464: a tie,
        // and 448's mantissa 110 is even, so 464 → 448. Above that the format saturates.
        QTest::addRow("E4M3 448") << NumberFormat::Fp8E4M3 << 448.0 << 0x7Eu << Conversion::Exact;
        QTest::addRow("E4M3 464 tie → 448") << NumberFormat::Fp8E4M3 << 464.0 << 0x7Eu << Conversion::Rounded;
        QTest::addRow("E4M3 465 saturates") << NumberFormat::Fp8E4M3 << 465.0 << 0x7Eu << Conversion::Overflow;
        QTest::addRow("E4M3 -1e6 saturates") << NumberFormat::Fp8E4M3 << -1e6 << 0xFEu << Conversion::Overflow;
        QTest::addRow("E4M3 inf saturates") << NumberFormat::Fp8E4M3 << inf << 0x7Eu << Conversion::Overflow;
        QTest::addRow("E4M3 NaN") << NumberFormat::Fp8E4M3 << std::nan("") << 0x7Fu << Conversion::Exact;
        // 240 = 1.875·2^7 → 0 1110 111.
        QTest::addRow("E4M3 240") << NumberFormat::Fp8E4M3 << 240.0 << 0x77u << Conversion::Exact;
        // 0.1 = 1.6·2^−4 → exponent 3, mantissa 0.6·8 = 4.8 → 5: 0 0011 101 (= 0.1015625).
        QTest::addRow("E4M3 0.1") << NumberFormat::Fp8E4M3 << 0.1 << 0x1Du << Conversion::Rounded;
        // Subnormals step 2^−9: 2^−10 is a tie between 0 and 2^−9 → 0 (even); 3·2^−10 → 2·2^−9.
        QTest::addRow("E4M3 2^-9") << NumberFormat::Fp8E4M3 << pow2(-9) << 0x01u << Conversion::Exact;
        QTest::addRow("E4M3 2^-10 flushes") << NumberFormat::Fp8E4M3 << pow2(-10) << 0x00u << Conversion::Underflow;
        QTest::addRow("E4M3 -2^-10 flushes to -0") << NumberFormat::Fp8E4M3 << -pow2(-10) << 0x80u
                                                   << Conversion::Underflow;
        QTest::addRow("E4M3 2^-10+2^-20") << NumberFormat::Fp8E4M3 << pow2(-10) + pow2(-20) << 0x01u
                                          << Conversion::Rounded;
        QTest::addRow("E4M3 3·2^-10 tie → 2·2^-9") << NumberFormat::Fp8E4M3 << 3 * pow2(-10) << 0x02u
                                                   << Conversion::Rounded;
        // 7.5·2^−9 lies between the largest subnormal 7·2^−9 and min normal 8·2^−9: tie → 8 (even).
        QTest::addRow("E4M3 just below min normal") << NumberFormat::Fp8E4M3 << 7.5 * pow2(-9) << 0x08u
                                                    << Conversion::Rounded;
        // E5M2, bias 15: 57344 = 1.75·2^15 → 0 11110 11 (mantissa 11 odd). 61440 is the tie with
        // 65536, which is even, so it rounds up into the overflow: +inf.
        QTest::addRow("E5M2 57344") << NumberFormat::Fp8E5M2 << 57344.0 << 0x7Bu << Conversion::Exact;
        QTest::addRow("E5M2 61439") << NumberFormat::Fp8E5M2 << 61439.0 << 0x7Bu << Conversion::Rounded;
        QTest::addRow("E5M2 61440 → inf") << NumberFormat::Fp8E5M2 << 61440.0 << 0x7Cu << Conversion::Overflow;
        QTest::addRow("E5M2 -inf") << NumberFormat::Fp8E5M2 << -inf << 0xFCu << Conversion::Exact;
        QTest::addRow("E5M2 2^-16") << NumberFormat::Fp8E5M2 << pow2(-16) << 0x01u << Conversion::Exact;
        QTest::addRow("E5M2 2^-17 flushes") << NumberFormat::Fp8E5M2 << pow2(-17) << 0x00u << Conversion::Underflow;
        // 0.1 = 1.6·2^−4 → exponent 11, mantissa 0.6·4 = 2.4 → 2: 0 01011 10 (= 0.09375).
        QTest::addRow("E5M2 0.1") << NumberFormat::Fp8E5M2 << 0.1 << 0x2Eu << Conversion::Rounded;
        QTest::addRow("E5M2 NaN") << NumberFormat::Fp8E5M2 << std::nan("") << 0x7Eu << Conversion::Exact;
        // E2M1 values 0, 0.5, 1, 1.5, 2, 3, 4, 6. Ties: 0.25 → 0, 0.75 → 1 (0010), 2.5 → 2 (0100),
        // 5 → 4 (0110), 7 → 8 which does not exist: saturate to 6.
        QTest::addRow("E2M1 0.25 flushes") << NumberFormat::Fp4E2M1 << 0.25 << 0x0u << Conversion::Underflow;
        QTest::addRow("E2M1 0.26") << NumberFormat::Fp4E2M1 << 0.26 << 0x1u << Conversion::Rounded;
        QTest::addRow("E2M1 0.75 tie") << NumberFormat::Fp4E2M1 << 0.75 << 0x2u << Conversion::Rounded;
        QTest::addRow("E2M1 2.5 tie") << NumberFormat::Fp4E2M1 << 2.5 << 0x4u << Conversion::Rounded;
        QTest::addRow("E2M1 5 tie") << NumberFormat::Fp4E2M1 << 5.0 << 0x6u << Conversion::Rounded;
        QTest::addRow("E2M1 5.99") << NumberFormat::Fp4E2M1 << 5.99 << 0x7u << Conversion::Rounded;
        QTest::addRow("E2M1 7 saturates") << NumberFormat::Fp4E2M1 << 7.0 << 0x7u << Conversion::Overflow;
        QTest::addRow("E2M1 -6") << NumberFormat::Fp4E2M1 << -6.0 << 0xFu << Conversion::Exact;
        QTest::addRow("E2M1 NaN invalid") << NumberFormat::Fp4E2M1 << std::nan("") << 0x0u << Conversion::Invalid;
        // Integers: nearest, ties to even, clamp.
        QTest::addRow("INT8 2.5") << NumberFormat::Int8 << 2.5 << 0x02u << Conversion::Rounded;
        QTest::addRow("INT8 3.5") << NumberFormat::Int8 << 3.5 << 0x04u << Conversion::Rounded;
        QTest::addRow("INT8 127.4") << NumberFormat::Int8 << 127.4 << 0x7Fu << Conversion::Rounded;
        QTest::addRow("INT8 127.5 → 128 clamps") << NumberFormat::Int8 << 127.5 << 0x7Fu << Conversion::Overflow;
        QTest::addRow("INT8 -128.5 tie → -128") << NumberFormat::Int8 << -128.5 << 0x80u << Conversion::Rounded;
        QTest::addRow("INT8 -3 two's complement") << NumberFormat::Int8 << -3.0 << 0xFDu << Conversion::Exact;
        QTest::addRow("INT8 -0.4 → 0") << NumberFormat::Int8 << -0.4 << 0x00u << Conversion::Underflow;
        QTest::addRow("INT8 1e300") << NumberFormat::Int8 << 1e300 << 0x7Fu << Conversion::Overflow;
        QTest::addRow("INT8 -inf") << NumberFormat::Int8 << -inf << 0x80u << Conversion::Overflow;
        QTest::addRow("INT8 NaN") << NumberFormat::Int8 << std::nan("") << 0x00u << Conversion::Invalid;
        QTest::addRow("UINT8 255.5 clamps") << NumberFormat::Uint8 << 255.5 << 0xFFu << Conversion::Overflow;
        QTest::addRow("UINT8 -1 clamps") << NumberFormat::Uint8 << -1.0 << 0x00u << Conversion::Overflow;
        QTest::addRow("INT4 -3") << NumberFormat::Int4 << -3.0 << 0xDu << Conversion::Exact;
        QTest::addRow("INT4 7.6 clamps") << NumberFormat::Int4 << 7.6 << 0x7u << Conversion::Overflow;
        QTest::addRow("INT4 -8") << NumberFormat::Int4 << -8.0 << 0x8u << Conversion::Exact;
        // FP32 and BF16 overflow to inf beyond their max + half an ulp.
        QTest::addRow("FP32 1e39") << NumberFormat::Fp32 << 1e39 << 0x7F800000u << Conversion::Overflow;
        QTest::addRow("BF16 3.39e38 (max)") << NumberFormat::Bf16 << 3.3895313892515355e38 << 0x7F7Fu
                                            << Conversion::Exact;
        QTest::addRow("BF16 3.4e38 → inf") << NumberFormat::Bf16 << 3.4e38 << 0x7F80u << Conversion::Overflow;
        // 1e−8 = 1.34217728·2^−27: BF16 exponent 100, mantissa 0.342·128 = 43.8 → 44: 0x322C.
        QTest::addRow("BF16 1e-8 survives") << NumberFormat::Bf16 << 1e-8 << 0x322Cu << Conversion::Rounded;
        QTest::addRow("FP16 1e-8 flushes") << NumberFormat::Fp16 << 1e-8 << 0x0000u << Conversion::Underflow;
    }
    void encodeTable()
    {
        QFETCH(NumberFormat, format);
        QFETCH(double, value);
        QFETCH(uint, bits);
        QFETCH(core::Conversion, conversion);
        const core::Encoding e = core::encode(format, value);
        QCOMPARE(hex(e.bits), hex(bits));
        QCOMPARE(e.conversion, conversion);
    }

    // OCP's non-saturating mode for E4M3: overflow becomes NaN, but 464 still rounds to 448.
    void e4m3NonSaturating()
    {
        core::FormatDescription f = core::describe(NumberFormat::Fp8E4M3);
        f.overflow = core::Overflow::NaN;
        QCOMPARE(hex(core::encode(f, 464.0).bits), hex(0x7E));
        QCOMPARE(hex(core::encode(f, 465.0).bits), hex(0x7F));
        QCOMPARE(hex(core::encode(f, -465.0).bits), hex(0xFF));
        QCOMPARE(core::encode(f, 465.0).conversion, core::Conversion::Overflow);
    }

    // Boundary values of binary16: each row gives the pattern worked out by hand, and the
    // compiler's _Float16 conversion must agree too.
    void fp16Boundaries_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<uint>("bits");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::addRow("max 65504") << 65504.0 << 0x7BFFu;
        QTest::addRow("65519.99 rounds down to max") << 65519.99 << 0x7BFFu;
        QTest::addRow("65520 overflow threshold → inf") << 65520.0 << 0x7C00u; // tie; 1023 is odd → up
        QTest::addRow("-65520 → -inf") << -65520.0 << 0xFC00u;
        QTest::addRow("65536") << 65536.0 << 0x7C00u;
        QTest::addRow("1e300") << 1e300 << 0x7C00u;
        QTest::addRow("+inf") << inf << 0x7C00u;
        QTest::addRow("-inf") << -inf << 0xFC00u;
        QTest::addRow("+0") << 0.0 << 0x0000u;
        QTest::addRow("-0") << -0.0 << 0x8000u;
        QTest::addRow("1") << 1.0 << 0x3C00u;
        QTest::addRow("1 + 2^-11 tie → 1") << 1 + pow2(-11) << 0x3C00u;
        QTest::addRow("1 + 3·2^-11 tie → 1 + 2^-9") << 1 + 3 * pow2(-11) << 0x3C02u;
        QTest::addRow("1 + 2^-11 + 2^-40") << 1 + pow2(-11) + pow2(-40) << 0x3C01u;
        QTest::addRow("2049 tie → 2048") << 2049.0 << 0x6800u;
        QTest::addRow("2051 tie → 2052") << 2051.0 << 0x6802u;
        QTest::addRow("min normal 2^-14") << 6.103515625e-05 << 0x0400u;
        QTest::addRow("1023.5·2^-24 tie → min normal") << 1023.5 * pow2(-24) << 0x0400u;
        QTest::addRow("max subnormal 1023·2^-24") << 1023 * pow2(-24) << 0x03FFu;
        QTest::addRow("min subnormal 2^-24") << pow2(-24) << 0x0001u;
        QTest::addRow("2^-25 tie → 0") << pow2(-25) << 0x0000u;
        QTest::addRow("-2^-25 tie → -0") << -pow2(-25) << 0x8000u;
        QTest::addRow("2^-25 + 2^-60 → min subnormal") << pow2(-25) + pow2(-60) << 0x0001u;
        QTest::addRow("3·2^-25 tie → 2·2^-24") << 3 * pow2(-25) << 0x0002u;
        QTest::addRow("1e-8 flushes") << 1e-8 << 0x0000u;
        QTest::addRow("double subnormal 5e-324") << 5e-324 << 0x0000u;
        QTest::addRow("pi") << std::numbers::pi << 0x4248u;
        QTest::addRow("-0.1") << -0.1 << 0xAE66u; // 0.1 = 1.6·2^−4: exp 11, 0.6·1024 = 614.4 → 614
    }
    void fp16Boundaries()
    {
        QFETCH(double, value);
        QFETCH(uint, bits);
        QCOMPARE(hex(core::encode(NumberFormat::Fp16, value).bits), hex(bits));
        QCOMPARE(hex(halfBits(value)), hex(bits));
    }

    // 10^6 doubles over FP16's whole exponent range and beyond it (2^−30 … 2^18), 10^5 over the
    // whole double range, and every tie point between neighbouring FP16 values ± one double ulp.
    void fp16MatchesCompiler()
    {
        const core::FormatDescription f = core::describe(NumberFormat::Fp16);
        std::mt19937_64 rng(20240605);
        std::uniform_int_distribution<int> nearExponent(-30, 18);
        std::uniform_int_distribution<int> anyExponent(-1074, 1023);
        std::uniform_int_distribution<std::uint64_t> mantissa(0, (std::uint64_t(1) << 52) - 1);
        std::vector<double> samples;
        samples.reserve(1'300'000);
        for (int i = 0; i < 1'000'000; ++i) {
            const double m = 1 + std::ldexp(double(mantissa(rng)), -52);
            samples.push_back(std::ldexp(rng() & 1 ? -m : m, nearExponent(rng)));
        }
        for (int i = 0; i < 100'000; ++i) {
            const double m = 1 + std::ldexp(double(mantissa(rng)), -52);
            samples.push_back(std::ldexp(rng() & 1 ? -m : m, anyExponent(rng)));
        }
        for (std::uint32_t bits = 0; bits < 0x7BFF; ++bits) {
            const double mid = (halfValue(std::uint16_t(bits)) + halfValue(std::uint16_t(bits + 1))) / 2;
            for (double v : {mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e9)}) {
                samples.push_back(v);
                samples.push_back(-v);
            }
        }
        int mismatches = 0;
        for (double v : samples) {
            const std::uint32_t got = core::encode(f, v).bits;
            const std::uint32_t want = halfBits(v);
            if (got != want && ++mismatches <= 5)
                qWarning("%.17g: core %s, _Float16 %s", v, qPrintable(hex(got)), qPrintable(hex(want)));
        }
        QCOMPARE(mismatches, 0);
    }

    void fp16DecodeMatchesCompiler()
    {
        for (std::uint32_t bits = 0; bits < 0x10000; ++bits) {
            const double got = core::decode(NumberFormat::Fp16, bits);
            const double want = halfValue(std::uint16_t(bits));
            if (std::isnan(want))
                QVERIFY(std::isnan(got));
            else if (!same(got, want))
                QFAIL(qPrintable(hex(bits)));
        }
    }

    // FP32 against the compiler's double → float conversion, normals and subnormals.
    void fp32MatchesFloatCast()
    {
        std::mt19937_64 rng(7);
        std::uniform_int_distribution<int> exponent(-155, 130);
        std::uniform_int_distribution<std::uint64_t> mantissa(0, (std::uint64_t(1) << 52) - 1);
        int mismatches = 0;
        for (int i = 0; i < 1'000'000; ++i) {
            const double m = 1 + std::ldexp(double(mantissa(rng)), -52);
            const double v = std::ldexp(rng() & 1 ? -m : m, exponent(rng));
            const std::uint32_t got = core::encode(NumberFormat::Fp32, v).bits;
            const std::uint32_t want = floatBits(static_cast<float>(v));
            if (got != want && ++mismatches <= 5)
                qWarning("%.17g: core %s, float %s", v, qPrintable(hex(got)), qPrintable(hex(want)));
        }
        QCOMPARE(mismatches, 0);
    }

    // BF16 is FP32 with the low 16 bits rounded off, ties to even: (u + 0x7FFF + bit16) >> 16
    // (the conversion in TensorFlow's bfloat16.h and PyTorch's c10/util/BFloat16.h).
    void bf16MatchesFloatTruncation()
    {
        std::mt19937 rng(42);
        std::vector<std::uint32_t> patterns = {0x00000000u, 0x80000000u, 0x00000001u, 0x007FFFFFu, 0x00800000u,
                                               0x3F808000u, 0x3F818000u, 0x3F80FFFFu, 0x7F7FFFFFu, 0x7F7F7FFFu,
                                               0x7F7F8000u, 0xFF7F8000u, 0x7F800000u, 0x00008000u, 0x00018000u};
        for (int i = 0; i < 1'000'000; ++i)
            patterns.push_back(rng());
        int mismatches = 0;
        for (std::uint32_t u : patterns) {
            const float x = std::bit_cast<float>(u);
            const core::Encoding e = core::encode(NumberFormat::Bf16, double(x));
            if (std::isnan(x)) {
                QCOMPARE(core::classify(NumberFormat::Bf16, e.bits), core::ValueClass::NaN);
                continue;
            }
            const std::uint32_t want = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
            if (e.bits != want && ++mismatches <= 5)
                qWarning("%s: core %s, truncation %s", qPrintable(hex(u)), qPrintable(hex(e.bits)),
                         qPrintable(hex(want)));
        }
        QCOMPARE(mismatches, 0);
    }

    // E4M3 and E5M2 values from the OCP FP8 specification's examples.
    void fp8Decode_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<uint>("bits");
        QTest::addColumn<double>("value");
        QTest::addRow("E4M3 0 1111 110 = 448") << NumberFormat::Fp8E4M3 << 0x7Eu << 448.0;
        QTest::addRow("E4M3 0 0001 000 = 2^-6") << NumberFormat::Fp8E4M3 << 0x08u << 0.015625;
        QTest::addRow("E4M3 0 0000 111 = 0.875·2^-6") << NumberFormat::Fp8E4M3 << 0x07u << 0.013671875;
        QTest::addRow("E4M3 0 0000 001 = 2^-9") << NumberFormat::Fp8E4M3 << 0x01u << 0.001953125;
        QTest::addRow("E4M3 1 1111 000 = -256") << NumberFormat::Fp8E4M3 << 0xF8u << -256.0;
        QTest::addRow("E5M2 0 11110 11 = 57344") << NumberFormat::Fp8E5M2 << 0x7Bu << 57344.0;
        QTest::addRow("E5M2 0 00001 00 = 2^-14") << NumberFormat::Fp8E5M2 << 0x04u << 6.103515625e-05;
        QTest::addRow("E5M2 0 00000 01 = 2^-16") << NumberFormat::Fp8E5M2 << 0x01u << 1.52587890625e-05;
        QTest::addRow("E2M1 0 11 1 = 6") << NumberFormat::Fp4E2M1 << 0x7u << 6.0;
        QTest::addRow("E2M1 0 01 1 = 1.5") << NumberFormat::Fp4E2M1 << 0x3u << 1.5;
        QTest::addRow("E2M1 0 00 1 = 0.5") << NumberFormat::Fp4E2M1 << 0x1u << 0.5;
        QTest::addRow("E2M1 1 10 1 = -3") << NumberFormat::Fp4E2M1 << 0xDu << -3.0;
        QTest::addRow("INT4 1000 = -8") << NumberFormat::Int4 << 0x8u << -8.0;
        QTest::addRow("INT8 1111 1111 = -1") << NumberFormat::Int8 << 0xFFu << -1.0;
        QTest::addRow("UINT8 1111 1111 = 255") << NumberFormat::Uint8 << 0xFFu << 255.0;
        QTest::addRow("TF32 0 01111111 0000000001") << NumberFormat::Tf32 << 0x1FC01u << 1.0009765625;
    }
    void fp8Decode()
    {
        QFETCH(NumberFormat, format);
        QFETCH(uint, bits);
        QFETCH(double, value);
        QVERIFY2(same(core::decode(format, bits), value), qPrintable(QString::number(core::decode(format, bits), 'g', 17)));
    }

    void fieldsAndCompose()
    {
        const core::FormatDescription f = core::describe(NumberFormat::Fp16);
        const core::FloatFields parts = core::fields(f, 0xC248u); // 1 10000 1001001000 = −3.140625
        QCOMPARE(parts.sign, 1u);
        QCOMPARE(parts.exponent, 16u);
        QCOMPARE(parts.mantissa, 584u);
        QCOMPARE(core::compose(f, parts), 0xC248u);
    }
};

QTEST_GUILESS_MAIN(TestNumberFormat)
#include "tst_numberformat.moc"
