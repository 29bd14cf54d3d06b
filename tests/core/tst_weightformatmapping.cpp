// From the number-format lab to the scenario: which lab format is a serving weight format, and
// that the mapped format stores as many bits per value as the lab format's pattern.
#include <QtTest>

#include <optional>

#include "core/numerics/numberformat.h"
#include "core/weightformat.h"

Q_DECLARE_METATYPE(core::NumberFormat)
Q_DECLARE_METATYPE(core::WeightFormat)

class TestWeightFormatMapping : public QObject
{
    Q_OBJECT

private slots:
    void mapping_data()
    {
        QTest::addColumn<core::NumberFormat>("format");
        QTest::addColumn<bool>("mapped");
        QTest::addColumn<core::WeightFormat>("expected");
        QTest::addColumn<double>("bits");
        using N = core::NumberFormat;
        using W = core::WeightFormat;
        // IEEE 754 binary32 / binary16, Google bfloat16: 32, 16, 16 bits.
        QTest::addRow("FP32") << N::Fp32 << true << W::Fp32 << 32.0;
        QTest::addRow("BF16") << N::Bf16 << true << W::Bf16 << 16.0;
        QTest::addRow("FP16") << N::Fp16 << true << W::Fp16 << 16.0;
        // OCP FP8 v1.0: both encodings are one byte; serving stacks store either as "fp8".
        QTest::addRow("FP8 E4M3") << N::Fp8E4M3 << true << W::Fp8 << 8.0;
        QTest::addRow("FP8 E5M2") << N::Fp8E5M2 << true << W::Fp8 << 8.0;
        QTest::addRow("INT8") << N::Int8 << true << W::Int8 << 8.0;
        QTest::addRow("INT4") << N::Int4 << true << W::Int4 << 4.0;
        // TF32 is a tensor-core input mode, not a storage format; UINT8 and FP4 E2M1 weights and
        // the block-scaled formats have no WeightFormat in the core.
        QTest::addRow("TF32") << N::Tf32 << false << W::Fp32 << 0.0;
        QTest::addRow("UINT8") << N::Uint8 << false << W::Fp32 << 0.0;
        QTest::addRow("FP4 E2M1") << N::Fp4E2M1 << false << W::Fp32 << 0.0;
        QTest::addRow("MXFP8") << N::MxFp8 << false << W::Fp32 << 0.0;
        QTest::addRow("MXFP4") << N::MxFp4 << false << W::Fp32 << 0.0;
        QTest::addRow("NVFP4") << N::NvFp4 << false << W::Fp32 << 0.0;
    }
    void mapping()
    {
        QFETCH(core::NumberFormat, format);
        QFETCH(bool, mapped);
        QFETCH(core::WeightFormat, expected);
        QFETCH(double, bits);
        const std::optional<core::WeightFormat> w = core::weightFormatFor(format);
        QCOMPARE(w.has_value(), mapped);
        if (!mapped)
            return;
        QCOMPARE(*w, expected);
        QCOMPARE(core::valueBits(*w), bits);
        // The lab's own description agrees: the stored pattern has as many bits.
        QCOMPARE(double(core::describe(format).storageBits), bits);
    }

    void everyFormatIsAnswered()
    {
        // No format falls through: each is either mapped or deliberately not.
        int mapped = 0;
        for (core::NumberFormat f : core::kAllNumberFormats)
            mapped += core::weightFormatFor(f).has_value() ? 1 : 0;
        QCOMPARE(mapped, 7);
    }
};

QTEST_GUILESS_MAIN(TestWeightFormatMapping)
#include "tst_weightformatmapping.moc"
