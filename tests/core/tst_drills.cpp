// Interview drills: every built-in drill loads, is bound to a valid scenario and answers with the
// number worked by hand from the seeds' arithmetic; guesses are read with their units.
#include <QtTest>

#include <cmath>

#include "core/drills/drill.h"
#include "core/io/drill_io.h"

namespace {

const core::Drill* drill(const char* id)
{
    for (const core::Drill& d : core::builtinDrills())
        if (d.id == id)
            return &d;
    return nullptr;
}

} // namespace

class TestDrills : public QObject
{
    Q_OBJECT

private slots:
    void builtinDrillsLoadClean()
    {
        const core::DrillLoad load = core::loadDrills(core::builtinDrillsJson());
        QVERIFY2(load.issues.empty(), load.issues.empty() ? "" : core::describe(load.issues.front()).c_str());
        QCOMPARE(load.drills.size(), std::size_t(15));
        for (const core::Drill& d : load.drills) {
            QVERIFY2(!d.question.en.empty() && !d.question.zhCN.empty(), d.id.c_str()); // English and Chinese
            QVERIFY2(!d.title.zhCN.empty() && !d.takeaway.zhCN.empty() && !d.hint.zhCN.empty(), d.id.c_str());
            QVERIFY2(!d.steps.empty(), d.id.c_str());
            QVERIFY2(std::isfinite(core::drillAnswer(d.quantity, d.scenario)), d.id.c_str());
        }
    }

    void answers_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance"); // relative
        // Seed 2: 16 B/param × 7 × 10⁹; ZeRO-1 14 + 14 + 84/8; ZeRO-2 14 + 98/8; ZeRO-3 112/8.
        QTest::addRow("7B states") << "7b-full-finetune-states" << 112e9 << 0.0;
        QTest::addRow("ZeRO-1") << "zero1-8-gpus" << 38.5e9 << 0.0;
        QTest::addRow("ZeRO-2") << "zero2-8-gpus" << 26.25e9 << 0.0;
        QTest::addRow("ZeRO-3") << "zero3-8-gpus" << 14e9 << 0.0;
        // Seed 1 §6.4: 1.12 TB / 8; LoRA's BF16 base 2 × 7 × 10¹⁰ / 8; NF4 + double quantization
        // 4 + 8/64 + 32/(64·256) bits (QLoRA §3); serving BF16 over TP 8.
        QTest::addRow("70B full") << "70b-full-8-a100" << 140e9 << 0.0;
        QTest::addRow("70B LoRA base") << "70b-lora-8-a100" << 17.5e9 << 0.0;
        QTest::addRow("70B QLoRA base") << "70b-qlora-1-gpu" << 7e10 * (4 + 8.0 / 64 + 32.0 / (64 * 256)) / 8 << 1e-12;
        QTest::addRow("70B serving") << "70b-serving-8-a100" << 17.5e9 << 0.0;
        // Seed 2: 2 × 32 × 32 × 128 × 2048 × 2 B = 2³⁰ B.
        QTest::addRow("7B KV cache") << "7b-fp16-kv-cache" << 1073741824.0 << 0.0;
        // Seed 1 §2.3: 6 × 7e9 × 1e12 / (64 × 312e12 × 0.4) s = 60.86 days; cost × 24 × 64 × $1.8 × 1.3.
        const double days = 6 * 7e9 * 1e12 / (64 * 312e12 * 0.4) / 86400;
        QTest::addRow("7B 1T days") << "7b-1t-64-a100" << days << 1e-12;
        QTest::addRow("7B 1T cost") << "7b-1t-cost" << days * 24 * 64 * 1.8 * 1.3 << 1e-12;
        // Seed 1 §2.4: 6 × 7e10 × 1.5e13 / (4096 × 989.4e12 × 0.4) s ≈ 45.0 days (H100 SXM
        // datasheet: 989.4 TFLOP/s dense BF16; the seed rounds it to 989).
        QTest::addRow("70B 15T days") << "70b-15t-4096-h100" << 6 * 7e10 * 1.5e13 / (4096 * 989.4e12 * 0.4) / 86400 << 1e-12;
        // Seed 1 §6.2: 70B / (TP 8 × PP 4) × 2 B = 4.375 GB.
        QTest::addRow("TP 8 PP 4 weights") << "70b-tp8-pp4-placement" << 7e10 / 32 * 2 << 0.0;
        // Ring collectives, one micro-batch: DP 2(D−1)/D·2Ψ, ZeRO-3 3(D−1)/D·2Ψ: 1.5.
        QTest::addRow("ZeRO-3 traffic") << "zero3-communication" << 1.5 << 1e-12;
    }
    void answers()
    {
        QFETCH(QString, id);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        const core::Drill* d = drill(id.toUtf8().constData());
        QVERIFY2(d, qPrintable(id));
        const double answer = core::drillAnswer(d->quantity, d->scenario);
        if (tolerance == 0)
            QCOMPARE(answer, expected);
        else
            QVERIFY2(std::abs(answer - expected) <= tolerance * expected, qPrintable(QString("%1 vs %2").arg(answer, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }

    void grpoUnderSixtyGigabytes()
    {
        // Seed 1 §7.1: "训练侧用 LoRA + ZeRO-3 + 重计算，单卡可控制在 60GB 内".
        const core::Drill* d = drill("7b-grpo-8-a100");
        QVERIFY(d);
        const double answer = core::drillAnswer(d->quantity, d->scenario);
        QVERIFY2(answer > 20e9 && answer < 60e9, qPrintable(QString::number(answer)));
    }

    void guesses_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("dimension");
        QTest::addColumn<double>("value"); // base unit; NaN: rejected
        using D = core::GuessDimension;
        const double no = std::nan("");
        QTest::addRow("GB") << "112 GB" << int(D::Bytes) << 112e9;
        QTest::addRow("GB no space") << "38.5GB" << int(D::Bytes) << 38.5e9;
        QTest::addRow("bare number is GB") << "26.25" << int(D::Bytes) << 26.25e9;
        QTest::addRow("GiB") << "80 GiB" << int(D::Bytes) << 80.0 * 1073741824;
        QTest::addRow("TB") << "1.12 TB" << int(D::Bytes) << 1.12e12;
        QTest::addRow("MB") << "512 MB" << int(D::Bytes) << 512e6;
        QTest::addRow("bytes exponent") << "1.1e11 bytes" << int(D::Bytes) << 1.1e11;
        QTest::addRow("G") << "14 G" << int(D::Bytes) << 14e9;
        QTest::addRow("days") << "61 days" << int(D::Days) << 61.0;
        QTest::addRow("天") << "45 天" << int(D::Days) << 45.0;
        QTest::addRow("months") << "2 months" << int(D::Days) << 2 * 30.4375;
        QTest::addRow("hours as days") << "1,464 hours" << int(D::Days) << 61.0;
        QTest::addRow("dollars k") << "$220k" << int(D::Money) << 220e3;
        QTest::addRow("dollars M") << "$1.5M" << int(D::Money) << 1.5e6;
        QTest::addRow("万美元") << "22 万美元" << int(D::Money) << 22e4;
        QTest::addRow("FLOPs e") << "4.2e22" << int(D::Flops) << 4.2e22;
        QTest::addRow("FLOPs times ten") << "4.2 × 10^22 FLOPs" << int(D::Flops) << 4.2e22;
        QTest::addRow("FLOPs superscript") << "4.2×10²²" << int(D::Flops) << 4.2e22;
        QTest::addRow("ratio x") << "1.5x" << int(D::Ratio) << 1.5;
        QTest::addRow("ratio 倍") << "3 倍" << int(D::Ratio) << 3.0;
        QTest::addRow("GPU-hours k") << "93k GPU-hours" << int(D::Hours) << 93e3;
        QTest::addRow("wrong unit") << "61 days" << int(D::Bytes) << no;
        QTest::addRow("not a number") << "about a lot" << int(D::Bytes) << no;
        QTest::addRow("empty") << "  " << int(D::Bytes) << no;
        QTest::addRow("dollars for bytes") << "$5" << int(D::Bytes) << no;
        QTest::addRow("unknown unit") << "12 parsecs" << int(D::Bytes) << no;
    }
    void guesses()
    {
        QFETCH(QString, text);
        QFETCH(int, dimension);
        QFETCH(double, value);
        const core::Guess g = core::parseGuess(text.toStdString(), core::GuessDimension(dimension));
        if (std::isnan(value)) {
            QVERIFY2(!g.ok(), qPrintable(QString::number(g.value)));
            return;
        }
        QVERIFY2(g.ok(), qPrintable(text));
        QVERIFY2(std::abs(g.value - value) <= 1e-12 * value, qPrintable(QString("%1 vs %2").arg(g.value, 0, 'g', 17).arg(value, 0, 'g', 17)));
    }

    void verdicts()
    {
        using B = core::Verdict::Band;
        QCOMPARE(core::judge(112e9, 112e9).band, B::Close);
        QCOMPARE(core::judge(120e9, 112e9).band, B::Close);  // 7 % high
        QCOMPARE(core::judge(140e9, 112e9).band, B::Near);   // 25 % high
        QCOMPARE(core::judge(56e9, 112e9).band, B::Order);   // half
        QCOMPARE(core::judge(14e9, 112e9).band, B::Off);     // an eighth: forgot the optimizer?
        QCOMPARE(core::judge(168e9, 112e9).ratio, 1.5);
    }
};

QTEST_GUILESS_MAIN(TestDrills)
#include "tst_drills.moc"
