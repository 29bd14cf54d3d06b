// INT8 / UINT8 / INT4 affine quantization, x_q = round(x / scale) + zero_point, against
// examples worked by hand (the arithmetic is in each row's comment).
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/numerics/quantization.h"

using core::NumberFormat;
using core::QuantScheme;

Q_DECLARE_METATYPE(core::NumberFormat)
Q_DECLARE_METATYPE(core::QuantScheme)
Q_DECLARE_METATYPE(core::QuantError)

class TestQuantization : public QObject
{
    Q_OBJECT

private slots:
    void parameters_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<QuantScheme>("scheme");
        QTest::addColumn<double>("rangeMin");
        QTest::addColumn<double>("rangeMax");
        QTest::addColumn<double>("scale");
        QTest::addColumn<int>("zeroPoint");
        QTest::addColumn<int>("qMin");
        QTest::addColumn<int>("qMax");
        // Symmetric INT8 over [−1, 1]: scale = 1/127 = 0.0078740157…, zero point 0, range ±127.
        QTest::addRow("INT8 sym [-1,1]") << NumberFormat::Int8 << QuantScheme::Symmetric << -1.0 << 1.0
                                         << 0.007874015748031496 << 0 << -127 << 127;
        // Symmetric uses max|x|: [−2, 1] → scale = 2/127 = 0.015748031…
        QTest::addRow("INT8 sym [-2,1]") << NumberFormat::Int8 << QuantScheme::Symmetric << -2.0 << 1.0
                                         << 0.015748031496062992 << 0 << -127 << 127;
        // Asymmetric INT8 over [−1, 3]: scale = 4/255 = 0.0156862745…; zero point
        // = −128 − round(−1 / (4/255)) = −128 − round(−63.75) = −128 + 64 = −64.
        QTest::addRow("INT8 asym [-1,3]") << NumberFormat::Int8 << QuantScheme::Asymmetric << -1.0 << 3.0
                                          << 0.01568627450980392 << -64 << -128 << 127;
        // Asymmetric UINT8 over [0, 6] (ReLU6): scale = 6/255 = 0.0235294…, zero point 0.
        QTest::addRow("UINT8 asym [0,6]") << NumberFormat::Uint8 << QuantScheme::Asymmetric << 0.0 << 6.0
                                          << 0.023529411764705882 << 0 << 0 << 255;
        // [2, 6] is widened to [0, 6] so that 0 stays exact: same parameters.
        QTest::addRow("UINT8 asym [2,6] widened") << NumberFormat::Uint8 << QuantScheme::Asymmetric << 2.0 << 6.0
                                                  << 0.023529411764705882 << 0 << 0 << 255;
        // Symmetric UINT8: zero point 128, scale 1/127, stored 1…255.
        QTest::addRow("UINT8 sym [-1,1]") << NumberFormat::Uint8 << QuantScheme::Symmetric << -1.0 << 1.0
                                          << 0.007874015748031496 << 128 << 1 << 255;
        // INT4 symmetric over [−1, 1]: scale = 1/7 = 0.142857…, range ±7.
        QTest::addRow("INT4 sym [-1,1]") << NumberFormat::Int4 << QuantScheme::Symmetric << -1.0 << 1.0
                                         << 0.14285714285714285 << 0 << -7 << 7;
        // INT4 asymmetric over [−1, 0.5]: scale = 1.5/15 = 0.1; zero point = −8 − round(−10) = 2.
        QTest::addRow("INT4 asym [-1,0.5]") << NumberFormat::Int4 << QuantScheme::Asymmetric << -1.0 << 0.5 << 0.1
                                            << 2 << -8 << 7;
    }
    void parameters()
    {
        QFETCH(NumberFormat, format);
        QFETCH(QuantScheme, scheme);
        QFETCH(double, rangeMin);
        QFETCH(double, rangeMax);
        QFETCH(double, scale);
        QFETCH(int, zeroPoint);
        QFETCH(int, qMin);
        QFETCH(int, qMax);
        const core::QuantParameters p = core::quantParameters(format, scheme, rangeMin, rangeMax);
        QVERIFY(p.valid());
        QVERIFY2(std::abs(p.scale - scale) <= 1e-15 * scale, qPrintable(QString::number(p.scale, 'g', 17)));
        QCOMPARE(p.zeroPoint, zeroPoint);
        QCOMPARE(p.qMin, qMin);
        QCOMPARE(p.qMax, qMax);
    }

    void quantize_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<QuantScheme>("scheme");
        QTest::addColumn<double>("rangeMin");
        QTest::addColumn<double>("rangeMax");
        QTest::addColumn<double>("x");
        QTest::addColumn<int>("stored");
        QTest::addColumn<double>("dequantized");
        QTest::addColumn<bool>("clipped");
        // 0.3 / (1/127) = 38.1 → 38; back: 38/127 = 0.29921259…
        QTest::addRow("INT8 sym 0.3") << NumberFormat::Int8 << QuantScheme::Symmetric << -1.0 << 1.0 << 0.3 << 38
                                      << 0.2992125984251969 << false;
        // −1 → −127 exactly; 2 → 254 clipped to 127 → 1.0.
        QTest::addRow("INT8 sym -1") << NumberFormat::Int8 << QuantScheme::Symmetric << -1.0 << 1.0 << -1.0 << -127
                                     << -1.0 << false;
        QTest::addRow("INT8 sym 2 clips") << NumberFormat::Int8 << QuantScheme::Symmetric << -1.0 << 1.0 << 2.0 << 127
                                          << 1.0 << true;
        // [−2, 1]: 0.5 / (2/127) = 31.75 → 32 → 32·2/127 = 0.50393700…
        QTest::addRow("INT8 sym [-2,1] 0.5") << NumberFormat::Int8 << QuantScheme::Symmetric << -2.0 << 1.0 << 0.5
                                             << 32 << 0.5039370078740157 << false;
        // [−1, 3]: 1 / (4/255) = 63.75 → 64, + (−64) = 0; back (0 + 64)·4/255 = 1.00392157…
        QTest::addRow("INT8 asym 1") << NumberFormat::Int8 << QuantScheme::Asymmetric << -1.0 << 3.0 << 1.0 << 0
                                     << 1.003921568627451 << false;
        // 0 maps to the zero point exactly and comes back as 0.
        QTest::addRow("INT8 asym 0") << NumberFormat::Int8 << QuantScheme::Asymmetric << -1.0 << 3.0 << 0.0 << -64
                                     << 0.0 << false;
        // 3 / (4/255) = 191.25 → 191, − 64 = 127: the top of the range.
        QTest::addRow("INT8 asym 3") << NumberFormat::Int8 << QuantScheme::Asymmetric << -1.0 << 3.0 << 3.0 << 127
                                     << 2.996078431372549 << false;
        // UINT8 [0, 6]: 2 / (6/255) = 85 → 85·6/255 = 2; 7 → 297.5 clipped to 255 → 6.
        QTest::addRow("UINT8 asym 2") << NumberFormat::Uint8 << QuantScheme::Asymmetric << 0.0 << 6.0 << 2.0 << 85
                                      << 2.0 << false;
        QTest::addRow("UINT8 asym 7 clips") << NumberFormat::Uint8 << QuantScheme::Asymmetric << 0.0 << 6.0 << 7.0
                                            << 255 << 6.0 << true;
        // UINT8 symmetric: −0.3·127 = −38.1 → −38, + 128 = 90; back (90 − 128)/127 = −0.29921259…
        QTest::addRow("UINT8 sym -0.3") << NumberFormat::Uint8 << QuantScheme::Symmetric << -1.0 << 1.0 << -0.3 << 90
                                        << -0.2992125984251969 << false;
        // INT4 [−1, 1]: 0.4·7 = 2.8 → 3 → 3/7 = 0.42857142…; −1.2·7 = −8.4 → clipped to −7 → −1.
        QTest::addRow("INT4 sym 0.4") << NumberFormat::Int4 << QuantScheme::Symmetric << -1.0 << 1.0 << 0.4 << 3
                                      << 0.42857142857142855 << false;
        QTest::addRow("INT4 sym -1.2 clips") << NumberFormat::Int4 << QuantScheme::Symmetric << -1.0 << 1.0 << -1.2
                                             << -7 << -1.0 << true;
        // INT4 [−1, 0.5]: 0.33 / 0.1 = 3.3 → 3, + 2 = 5; back (5 − 2)·0.1 = 0.3.
        QTest::addRow("INT4 asym 0.33") << NumberFormat::Int4 << QuantScheme::Asymmetric << -1.0 << 0.5 << 0.33 << 5
                                        << 0.3 << false;
        // Huge inputs clip without overflowing the integer conversion.
        QTest::addRow("INT8 sym 1e300 clips") << NumberFormat::Int8 << QuantScheme::Symmetric << -1.0 << 1.0 << 1e300
                                              << 127 << 1.0 << true;
        QTest::addRow("INT8 sym -inf clips") << NumberFormat::Int8 << QuantScheme::Symmetric << -1.0 << 1.0
                                             << -std::numeric_limits<double>::infinity() << -127 << -1.0 << true;
    }
    void quantize()
    {
        QFETCH(NumberFormat, format);
        QFETCH(QuantScheme, scheme);
        QFETCH(double, rangeMin);
        QFETCH(double, rangeMax);
        QFETCH(double, x);
        QFETCH(int, stored);
        QFETCH(double, dequantized);
        QFETCH(bool, clipped);
        const core::QuantParameters p = core::quantParameters(format, scheme, rangeMin, rangeMax);
        const core::Quantized q = core::quantize(p, x);
        QVERIFY(q.valid);
        QCOMPARE(q.stored, stored);
        QVERIFY2(std::abs(q.dequantized - dequantized) <= 1e-12, qPrintable(QString::number(q.dequantized, 'g', 17)));
        QCOMPARE(q.clipped, clipped);
    }

    void errors_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<QuantScheme>("scheme");
        QTest::addColumn<double>("rangeMin");
        QTest::addColumn<double>("rangeMax");
        QTest::addColumn<core::QuantError>("error");
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        QTest::addRow("FP16 is not an integer format") << NumberFormat::Fp16 << QuantScheme::Symmetric << -1.0 << 1.0
                                                       << core::QuantError::NotInteger;
        QTest::addRow("NaN range") << NumberFormat::Int8 << QuantScheme::Symmetric << nan << 1.0
                                   << core::QuantError::NonFiniteRange;
        QTest::addRow("inf range") << NumberFormat::Int8 << QuantScheme::Asymmetric << -1.0 << inf
                                   << core::QuantError::NonFiniteRange;
        QTest::addRow("inverted") << NumberFormat::Int8 << QuantScheme::Asymmetric << 1.0 << -1.0
                                  << core::QuantError::InvertedRange;
        QTest::addRow("sym all zero") << NumberFormat::Int8 << QuantScheme::Symmetric << 0.0 << 0.0
                                      << core::QuantError::EmptyRange;
        QTest::addRow("asym all zero") << NumberFormat::Int4 << QuantScheme::Asymmetric << 0.0 << 0.0
                                       << core::QuantError::EmptyRange;
    }
    void errors()
    {
        QFETCH(NumberFormat, format);
        QFETCH(QuantScheme, scheme);
        QFETCH(double, rangeMin);
        QFETCH(double, rangeMax);
        QFETCH(core::QuantError, error);
        const core::QuantParameters p = core::quantParameters(format, scheme, rangeMin, rangeMax);
        QCOMPARE(p.error, error);
        QVERIFY(!core::quantize(p, 0.5).valid);
    }

    void nanInputIsInvalid()
    {
        const core::QuantParameters p = core::quantParameters(NumberFormat::Int8, QuantScheme::Symmetric, -1, 1);
        QVERIFY(!core::quantize(p, std::numeric_limits<double>::quiet_NaN()).valid);
    }
};

QTEST_GUILESS_MAIN(TestQuantization)
#include "tst_quantization.moc"
