// Every two components that can share a chart have colours told apart: by CIEDE2000 (Sharma,
// Wu & Dalal 2005) in normal vision and in protanopia, deuteranopia and tritanopia simulated with
// the matrices of Machado, Oliveira & Fernandes 2009 (severity 1.0, on linear sRGB), in the light
// and dark palettes, and each of them apart from every theme's background. Same for the colours
// by model role. (Before: "Gradients" and "Rollout engine weights" were 1.7 apart.)
#include <QtTest>

#include <array>
#include <cmath>
#include <set>

#include "core/components.h"
#include "widgets/charts/componentpalette.h"

namespace {

struct Lab
{
    double L, a, b;
};

enum class Vision { Normal, Protanopia, Deuteranopia, Tritanopia };

double linear(double c)
{
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); // IEC 61966-2-1
}

Lab toLab(const QColor& color, Vision vision)
{
    std::array<double, 3> rgb{linear(color.red()), linear(color.green()), linear(color.blue())};
    // Machado et al. 2009, Table 1 at severity 1.0.
    static const double kMatrices[3][3][3] = {
        {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}},
        {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}},
        {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}},
    };
    if (vision != Vision::Normal) {
        const auto& m = kMatrices[int(vision) - 1];
        const std::array<double, 3> in = rgb;
        for (int i = 0; i < 3; ++i)
            rgb[std::size_t(i)] = std::clamp(m[i][0] * in[0] + m[i][1] * in[1] + m[i][2] * in[2], 0.0, 1.0);
    }
    // sRGB (D65) → XYZ → CIELAB.
    const double X = 0.4124564 * rgb[0] + 0.3575761 * rgb[1] + 0.1804375 * rgb[2];
    const double Y = 0.2126729 * rgb[0] + 0.7151522 * rgb[1] + 0.0721750 * rgb[2];
    const double Z = 0.0193339 * rgb[0] + 0.1191920 * rgb[1] + 0.9503041 * rgb[2];
    auto f = [](double t) { return t > 216.0 / 24389 ? std::cbrt(t) : (24389.0 / 27 * t + 16) / 116; };
    const double fx = f(X / 0.95047), fy = f(Y), fz = f(Z / 1.08883);
    return {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
}

double degrees(double radians)
{
    return radians * 180 / M_PI;
}

double radians(double degrees)
{
    return degrees * M_PI / 180;
}

/// CIEDE2000, as Sharma, Wu & Dalal 2005 write it out (kL = kC = kH = 1).
double ciede2000(const Lab& x, const Lab& y)
{
    const double C1 = std::hypot(x.a, x.b), C2 = std::hypot(y.a, y.b), Cb = (C1 + C2) / 2;
    const double G = 0.5 * (1 - std::sqrt(std::pow(Cb, 7) / (std::pow(Cb, 7) + std::pow(25.0, 7))));
    const double a1 = (1 + G) * x.a, a2 = (1 + G) * y.a;
    const double C1p = std::hypot(a1, x.b), C2p = std::hypot(a2, y.b);
    auto hue = [](double b, double a) {
        if (a == 0 && b == 0)
            return 0.0;
        const double h = degrees(std::atan2(b, a));
        return h < 0 ? h + 360 : h;
    };
    const double h1 = hue(x.b, a1), h2 = hue(y.b, a2);
    const double dL = y.L - x.L, dC = C2p - C1p;
    double dh = 0;
    if (C1p * C2p != 0) {
        dh = h2 - h1;
        if (dh > 180)
            dh -= 360;
        else if (dh < -180)
            dh += 360;
    }
    const double dH = 2 * std::sqrt(C1p * C2p) * std::sin(radians(dh / 2));
    const double Lb = (x.L + y.L) / 2, Cbp = (C1p + C2p) / 2;
    double hb = h1 + h2;
    if (C1p * C2p != 0)
        hb = std::abs(h1 - h2) <= 180 ? (h1 + h2) / 2 : (h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2);
    const double T = 1 - 0.17 * std::cos(radians(hb - 30)) + 0.24 * std::cos(radians(2 * hb)) + 0.32 * std::cos(radians(3 * hb + 6))
                   - 0.20 * std::cos(radians(4 * hb - 63));
    const double dTheta = 30 * std::exp(-std::pow((hb - 275) / 25, 2));
    const double Rc = 2 * std::sqrt(std::pow(Cbp, 7) / (std::pow(Cbp, 7) + std::pow(25.0, 7)));
    const double Sl = 1 + 0.015 * std::pow(Lb - 50, 2) / std::sqrt(20 + std::pow(Lb - 50, 2));
    const double Sc = 1 + 0.045 * Cbp, Sh = 1 + 0.015 * Cbp * T;
    const double Rt = -std::sin(radians(2 * dTheta)) * Rc;
    return std::sqrt(std::pow(dL / Sl, 2) + std::pow(dC / Sc, 2) + std::pow(dH / Sh, 2) + Rt * (dC / Sc) * (dH / Sh));
}

constexpr Vision kVisions[] = {Vision::Normal, Vision::Protanopia, Vision::Deuteranopia, Vision::Tritanopia};
const char* visionName(Vision v)
{
    static const char* names[] = {"normal vision", "protanopia", "deuteranopia", "tritanopia"};
    return names[int(v)];
}

/// The smallest distance wanted: 10 in normal vision (clearly different, not just noticeably:
/// one unit is about a just-noticeable difference), 8 in a simulated dichromacy.
double floorFor(Vision v)
{
    return v == Vision::Normal ? 10 : 8;
}

/// Components that can share one chart: serving and training never do (a scenario is one mode),
/// so the pairs are those within each group.
std::vector<std::pair<core::Component, core::Component>> sharingPairs()
{
    const std::set<std::string_view> servingOnly{"inference_workspace", "kv_cache", "kv_cache_reserve", "cuda_graph_pool", "draft_weights",
                                                 "draft_kv_cache", "recurrent_state"};
    const std::set<std::string_view> serving{"weights", "inference_workspace", "kv_cache", "kv_cache_reserve", "cuda_graph_pool", "moe_dispatch_buffers",
                                             "library_workspaces", "cuda_context", "nccl_buffers", "fragmentation", "draft_weights",
                                             "draft_kv_cache", "recurrent_state"};
    std::vector<std::pair<core::Component, core::Component>> pairs;
    for (std::size_t i = 0; i < core::kComponentCount; ++i)
        for (std::size_t j = i + 1; j < core::kComponentCount; ++j) {
            const std::string_view a = core::componentName(core::Component(i)), b = core::componentName(core::Component(j));
            const bool bothServing = serving.count(a) && serving.count(b);
            const bool bothTraining = !servingOnly.count(a) && !servingOnly.count(b);
            if (bothServing || bothTraining)
                pairs.emplace_back(core::Component(i), core::Component(j));
        }
    return pairs;
}

} // namespace

class TestComponentPalette : public QObject
{
    Q_OBJECT

private slots:
    void ciede2000MatchesSharma_data()
    {
        QTest::addColumn<double>("L1");
        QTest::addColumn<double>("a1");
        QTest::addColumn<double>("b1");
        QTest::addColumn<double>("L2");
        QTest::addColumn<double>("a2");
        QTest::addColumn<double>("b2");
        QTest::addColumn<double>("expected");
        // Sharma, Wu & Dalal 2005, Table 1, pairs 1, 7 and 17.
        QTest::addRow("pair 1") << 50.0 << 2.6772 << -79.7751 << 50.0 << 0.0 << -82.7485 << 2.0425;
        QTest::addRow("pair 7") << 50.0 << 0.0 << 0.0 << 50.0 << -1.0 << 2.0 << 2.3669;
        QTest::addRow("pair 17") << 50.0 << 2.5 << 0.0 << 73.0 << 25.0 << -18.0 << 27.1492;
    }
    void ciede2000MatchesSharma()
    {
        QFETCH(double, L1);
        QFETCH(double, a1);
        QFETCH(double, b1);
        QFETCH(double, L2);
        QFETCH(double, a2);
        QFETCH(double, b2);
        QFETCH(double, expected);
        const double d = ciede2000({L1, a1, b1}, {L2, a2, b2});
        QVERIFY2(std::abs(d - expected) < 1e-4, qPrintable(QString::number(d, 'f', 5)));
    }

    void simulationKeepsGreys()
    {
        // A dichromat sees greys as greys (each matrix row sums to 1): a check on the matrices.
        for (Vision v : kVisions) {
            const Lab grey = toLab(QColor(128, 128, 128), v);
            QVERIFY2(std::abs(grey.a) < 0.5 && std::abs(grey.b) < 0.5, visionName(v));
        }
        // …and deuteranopia merges red and green, which normal vision keeps far apart.
        const double normal = ciede2000(toLab(QColor(0xD5, 0x5E, 0x00), Vision::Normal), toLab(QColor(0x00, 0x9E, 0x73), Vision::Normal));
        const double deutan = ciede2000(toLab(QColor(0xD5, 0x5E, 0x00), Vision::Deuteranopia), toLab(QColor(0x00, 0x9E, 0x73), Vision::Deuteranopia));
        QVERIFY2(deutan < normal, qPrintable(QStringLiteral("%1 vs %2").arg(deutan).arg(normal)));
    }

    void componentsThatShareAChartAreApart_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::addRow("light and high-contrast light") << false;
        QTest::addRow("dark and high-contrast dark") << true;
    }
    void componentsThatShareAChartAreApart()
    {
        QFETCH(bool, dark);
        const auto pairs = sharingPairs();
        QVERIFY(pairs.size() > 200);
        for (Vision v : kVisions) {
            double smallest = 1e9;
            QString worst;
            for (const auto& [a, b] : pairs) {
                const double d = ciede2000(toLab(ComponentPalette::componentColor(a, dark), v), toLab(ComponentPalette::componentColor(b, dark), v));
                if (d < smallest) {
                    smallest = d;
                    worst = ComponentPalette::componentName(a) + QStringLiteral(" / ") + ComponentPalette::componentName(b);
                }
            }
            qInfo("%s: smallest ΔE00 %.1f (%s)", visionName(v), smallest, qPrintable(worst));
            QVERIFY2(smallest >= floorFor(v), qPrintable(QStringLiteral("%1, %2: %3").arg(visionName(v), worst).arg(smallest)));
        }
    }

    void componentsStandOffTheBackground()
    {
        // The plot backgrounds of the themes (app/slides/slidetheme.cpp, the window's Fusion
        // palettes): white, #1F2124, black.
        const QColor light[] = {Qt::white};
        const QColor dark[] = {QColor(0x1F, 0x21, 0x24), Qt::black};
        for (std::size_t c = 0; c < core::kComponentCount; ++c)
            for (Vision v : kVisions) {
                for (const QColor& bg : light)
                    QCOMPARE_GE(ciede2000(toLab(ComponentPalette::componentColor(core::Component(c), false), v), toLab(bg, v)), 12.0);
                for (const QColor& bg : dark)
                    QCOMPARE_GE(ciede2000(toLab(ComponentPalette::componentColor(core::Component(c), true), v), toLab(bg, v)), 12.0);
            }
    }

    void rolesAreApart()
    {
        for (bool dark : {false, true})
            for (Vision v : kVisions)
                for (int a = 0; a < int(core::Role::Count); ++a)
                    for (int b = a + 1; b < int(core::Role::Count); ++b) {
                        const double d = ciede2000(toLab(ComponentPalette::roleColor(core::Role(a), dark), v), toLab(ComponentPalette::roleColor(core::Role(b), dark), v));
                        QVERIFY2(d >= floorFor(v), qPrintable(QStringLiteral("%1 / %2 in %3: %4")
                                                                     .arg(ComponentPalette::roleName(core::Role(a)), ComponentPalette::roleName(core::Role(b)))
                                                                     .arg(visionName(v)).arg(d)));
                    }
    }
};

QTEST_MAIN(TestComponentPalette)
#include "tst_componentpalette.moc"
