// Units as people talk about them: a card's capacity as its name counts it and in bytes, the
// textbook's figures without rounding, and the one GB/GiB setting the working and warnings
// follow.
#include <QtTest>
#include <cmath>
#include <limits>

#include "core/issues.h"
#include "core/working.h"
#include "widgets/displayformat.h"
#include "widgets/issuetext.h"
#include "widgets/working/workingtext.h"

using DisplayFormat::MemoryUnit;

class TestUnits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void cleanup() { DisplayFormat::setMemoryUnit(MemoryUnit::GB); }

    void capacity_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<int>("unit");
        QTest::addColumn<QString>("expected");
        // A100/H100 "80GB": 80 × 2³⁰ = 85,899,345,920 B (nvidia-smi: 81920 MiB).
        QTest::addRow("A100 80GB, GB") << 85899345920.0 << int(MemoryUnit::GB) << "80 GiB (85.9 GB)";
        QTest::addRow("A100 80GB, GiB") << 85899345920.0 << int(MemoryUnit::GiB) << "80 GiB";
        // H20: nvidia-smi 97871 MiB = 95.58 GiB = 102.63 GB.
        QTest::addRow("H20 97871 MiB") << 97871.0 * 1048576 << int(MemoryUnit::GB) << "95.6 GiB (102.6 GB)";
        // RTX 4090 "24GB": 24 GiB = 25.77 GB.
        QTest::addRow("RTX 4090 24 GiB") << 24.0 * 1073741824 << int(MemoryUnit::GB) << "24 GiB (25.8 GB)";
    }
    void capacity()
    {
        QFETCH(double, bytes);
        QFETCH(int, unit);
        QFETCH(QString, expected);
        QCOMPARE(DisplayFormat::capacity(bytes, MemoryUnit(unit)), expected);
    }

    void memoryTicks_data()
    {
        // The step views' value axes: 1, 2 or 5 × 10^k units apart, about four steps to the top.
        QTest::addColumn<double>("top");
        QTest::addColumn<MemoryUnit>("unit");
        QTest::addColumn<QList<double>>("ticks"); // in the unit
        // an 80 GiB GPU's axis (85.9 GB × 1.08): 92.8 / 4 = 23.2 → 20 GB apart
        QTest::newRow("92.8 GB") << 92.77e9 << MemoryUnit::GB << QList<double>{0, 20, 40, 60, 80};
        // the same bytes in GiB: 86.4 GiB / 4 = 21.6 → 20 GiB
        QTest::newRow("86.4 GiB") << 92.77e9 << MemoryUnit::GiB << QList<double>{0, 20, 40, 60, 80};
        // 0.5 GB / 4 = 0.125 → 1 × 0.1
        QTest::newRow("0.5 GB") << 0.5e9 << MemoryUnit::GB << QList<double>{0, 0.1, 0.2, 0.3, 0.4, 0.5};
        // 700 GB / 4 = 175 → 2 × 100 (1.75 rounds to 2)
        QTest::newRow("700 GB") << 700e9 << MemoryUnit::GB << QList<double>{0, 200, 400, 600};
        QTest::newRow("zero") << 0.0 << MemoryUnit::GB << QList<double>{};
        QTest::newRow("not a number") << std::nan("") << MemoryUnit::GB << QList<double>{};
        QTest::newRow("infinite") << std::numeric_limits<double>::infinity() << MemoryUnit::GB << QList<double>{};
    }

    void memoryTicks()
    {
        QFETCH(double, top);
        QFETCH(MemoryUnit, unit);
        QFETCH(QList<double>, ticks);
        const std::vector<double> got = DisplayFormat::memoryTicks(top, unit);
        QCOMPARE(qsizetype(got.size()), ticks.size());
        for (qsizetype i = 0; i < ticks.size(); ++i)
            QVERIFY2(std::abs(got[std::size_t(i)] / DisplayFormat::bytesPerUnit(unit) - ticks[i]) < 1e-9 * std::max(1.0, ticks[i]),
                     qPrintable(QStringLiteral("tick %1: %2").arg(i).arg(got[std::size_t(i)])));
    }

    void textbookFigures_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("expected");
        // Seed 2: 7B, mixed-precision Adam, 8 GPUs: 112 / 38.5 / 26.25 / 14 GB per GPU.
        QTest::addRow("no ZeRO") << 7e9 * 16 << "112 GB";
        QTest::addRow("ZeRO-1") << 7e9 * 4 + 7e9 * 12 / 8 << "38.5 GB";
        QTest::addRow("ZeRO-2") << 7e9 * 2 + 7e9 * 14 / 8 << "26.25 GB";
        QTest::addRow("ZeRO-3") << 7e9 * 16 / 8 << "14 GB";
        QTest::addRow("70B states") << 70e9 * 16 << "1.12 TB";
    }
    void textbookFigures()
    {
        QFETCH(double, bytes);
        QFETCH(QString, expected);
        QCOMPARE(DisplayFormat::bytesExact(bytes, MemoryUnit::GB), expected);
    }

    /// The working and the warnings have no unit of their own: they follow View ▸ Units.
    void oneSettingForEveryText()
    {
        const double bytes = 85899345920.0;
        QCOMPARE(WorkingText::formatValue(bytes, core::Unit::Bytes), QStringLiteral("85.9 GB"));
        core::Issue issue{core::IssueCode::DoesNotFit, core::Severity::Warning, "hardware.gpu", 0, 2 * bytes, bytes};
        QVERIFY(IssueText::message(issue).contains(QStringLiteral("171.8 GB")));
        DisplayFormat::setMemoryUnit(MemoryUnit::GiB);
        QCOMPARE(WorkingText::formatValue(bytes, core::Unit::Bytes), QStringLiteral("80.0 GiB"));
        QCOMPARE(WorkingText::formatValue(2048.0 * 1048576, core::Unit::Bytes), QStringLiteral("2.00 GiB"));
        QVERIFY2(IssueText::message(issue).contains(QStringLiteral("160.0 GiB")), qPrintable(IssueText::message(issue)));
    }
};

QTEST_MAIN(TestUnits)
#include "tst_units.moc"
