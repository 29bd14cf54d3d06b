// `shardscope quantize` as a script runs it: the JSON keys and their values, the model bytes
// agreeing with `estimate` (the memory bars), .npy input, and exit 2 with a reason for bad input.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <cstring>

#include "shardscoperun.h"

namespace {

QString writeFile(QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(content);
    return path;
}

/// A version 1.0 .npy: magic, version, header length, the dict padded to 64 bytes, the data.
QByteArray npy(const QByteArray& descr, const QByteArray& shape, const QByteArray& data)
{
    QByteArray header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
    while ((10 + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    QByteArray out("\x93NUMPY\x01\x00", 8);
    out += char(header.size() & 0xFF);
    out += char(header.size() >> 8);
    return out + header + data;
}

QJsonObject json(const ShardscopeRun& r)
{
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class TestQuantizeCli : public QObject
{
    Q_OBJECT

private slots:
    // The keys the issue names, with values worked out: INT4 groups of 128 with FP16 scales cost
    // 4 + 16/128 = 4.125 bits; E4M3 with one FP32 scale for 2^20 values 8 + 32/2^20.
    void jsonKeys_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<double>("bits");
        QTest::addRow("int4 g128") << QStringList{"--dist", "normal", "--to", "int4"} << 4.125;
        QTest::addRow("int4 g64 asymmetric") << QStringList{"--dist", "laplace", "--to", "int4", "--group", "64", "--scheme", "asymmetric"}
                                             << 4 + 20 / 64.0;
        QTest::addRow("e4m3 per tensor") << QStringList{"--dist", "normal", "--to", "e4m3"} << 8 + 32 / 1048576.0;
        QTest::addRow("mxfp4") << QStringList{"--dist", "outliers", "--to", "mxfp4"} << 4.25;
        QTest::addRow("nvfp4") << QStringList{"--dist", "normal", "--to", "nvfp4"} << 4.5 + 32 / 1048576.0;
        QTest::addRow("bf16") << QStringList{"--dist", "lognormal", "--to", "bf16"} << 16.0;
    }
    void jsonKeys()
    {
        QFETCH(QStringList, args);
        QFETCH(double, bits);
        const ShardscopeRun r = runShardscope(QStringList{"quantize"} + args + QStringList{"--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        for (const char* key : {"effective_bits", "mse", "snr_db", "max_relative_error", "underflow_fraction", "overflow_fraction", "bytes_for_model"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o["effective_bits"].toDouble(), bits);
        QVERIFY(o["mse"].toDouble() > 0);
        QVERIFY(o["snr_db"].toDouble() > 0);
        QCOMPARE(o["values"].toDouble(), 1048576.0);
        QVERIFY(o["underflow_fraction"].toDouble() >= 0 && o["underflow_fraction"].toDouble() < 1);
    }

    // bytes_for_model is what the memory bars show for the same weights: `estimate` of the default
    // scenario (Llama 2 7B) served with INT4 g128 reports the weights ("parameters") of its GPU.
    void bytesForModelAgreesWithEstimate_data()
    {
        QTest::addColumn<QStringList>("quantize");
        QTest::addColumn<QString>("weightFormat");
        QTest::addColumn<int>("group");
        QTest::addRow("int4 g128") << QStringList{"--to", "int4"} << "int4" << 128;
        QTest::addRow("int8 g32") << QStringList{"--to", "int8", "--group", "32"} << "int8" << 32;
        QTest::addRow("fp16") << QStringList{"--to", "fp16"} << "fp16" << 128;
        QTest::addRow("e5m2") << QStringList{"--to", "e5m2"} << "fp8" << 128;
    }
    void bytesForModelAgreesWithEstimate()
    {
        QFETCH(QStringList, quantize);
        QFETCH(QString, weightFormat);
        QFETCH(int, group);
        const ShardscopeRun q = runShardscope(QStringList{"quantize", "--dist", "normal", "--rows", "64", "--cols", "256", "--format", "json"} + quantize);
        QCOMPARE(q.exitCode, 0);
        const ShardscopeRun e = runShardscope({"estimate", "--default", "--set", "mode=\"inference\"", "--set",
                                               QStringLiteral("inference.weight_format=\"%1\"").arg(weightFormat), "--set",
                                               QStringLiteral("inference.quant_group_size=%1").arg(group), "--format", "json"});
        QCOMPARE(e.exitCode, 0);
        const double bars = json(e)["rank_groups"].toArray().first().toObject()["bytes"].toObject()["parameters"].toDouble();
        QVERIFY(bars > 1e9);
        QCOMPARE(json(q)["bytes_for_model"].toDouble(), bars);
        QVERIFY(json(q)["memory_bars_show_it"].toBool());
    }

    // A .npy of 8 float32 values [−1, 3] stored as asymmetric INT8 per tensor with FP32 scales:
    // scale 4/255, zero point −64 (Jacob et al. 2018): −1 and 3 map to −128 and 127, and 0.5 is
    // 31.875 → 32 → 0.50196, a relative error of 0.0039.
    void npyFile()
    {
        QTemporaryDir dir;
        const float values[8] = {-1, 0.5f, 3, 0, 1, 2, -0.5f, 0.25f};
        const QByteArray data(reinterpret_cast<const char*>(values), sizeof values);
        const QString path = writeFile(dir, "w.npy", npy("<f4", "(2, 4)", data));
        const ShardscopeRun r = runShardscope({"quantize", "--dist", path, "--to", "int8", "--scaling", "tensor", "--scheme", "asymmetric",
                                               "--scale-format", "fp32", "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = json(r);
        QCOMPARE(o["values"].toDouble(), 8.0);
        QCOMPARE(o["rows"].toDouble(), 2.0);
        QCOMPARE(o["median_scale"].toDouble(), double(float(4.0 / 255)));
        QCOMPARE(o["effective_bits"].toDouble(), 8 + 40 / 8.0);
        QCOMPARE(o["overflow_fraction"].toDouble(), 0.0);
        // Text output names the file and the recipe.
        const ShardscopeRun t = runShardscope({"quantize", "--dist", path, "--to", "int8", "--scaling", "tensor"});
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(t.out.contains("2 x 4 = 8 values") && t.out.contains("effective bits/value"), t.out.constData());
    }

    // Issue 32.9: values stored as ±inf were left out of the statistics: [1e5, 1, 2, 3] in FP16
    // (largest finite 65,504) said "MSE 0, SNR exact"; N(0, 10^5) in FP16, half overflowed, 74.6
    // dB; N(0, 10^6) in INT4, whose FP16 group scales overflow (10^6/7 > 65,504), "mse 0, snr_db
    // null". An overflow is an infinite error, and the output says so.
    void overflowIsAnInfiniteError_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("[1e5, 1, 2, 3] to FP16") << QStringList{"--dist", "FILE", "--to", "fp16", "--scaling", "none"};
        QTest::addRow("N(0, 1e5) to FP16") << QStringList{"--dist", "normal", "--sigma", "1e5", "--to", "fp16", "--scaling", "none", "--rows", "64", "--cols", "64"};
        QTest::addRow("N(0, 1e6) to INT4") << QStringList{"--dist", "normal", "--sigma", "1e6", "--to", "int4", "--rows", "64", "--cols", "128"};
    }
    void overflowIsAnInfiniteError()
    {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        args.replaceInStrings(QStringLiteral("FILE"), writeFile(dir, "t.csv", "100000, 1, 2, 3\n"));
        const ShardscopeRun j = runShardscope(QStringList{"quantize"} + args + QStringList{"--format", "json"});
        QCOMPARE(j.exitCode, 0);
        const QJsonObject o = json(j);
        QVERIFY2(o["overflow_fraction"].toDouble() > 0, j.out.constData());
        QVERIFY2(o["error_is_infinite"].toBool(), j.out.constData());
        QVERIFY2(o["mse"].isNull() && o["snr_db"].isNull() && o["max_relative_error"].isNull(), j.out.constData());
        const ShardscopeRun t = runShardscope(QStringList{"quantize"} + args);
        QCOMPARE(t.exitCode, 0);
        QVERIFY2(t.out.contains("inf (values overflowed to inf)") && t.out.contains("-inf dB (values overflowed to inf)"), t.out.constData());
        QVERIFY2(!t.out.contains("exact"), t.out.constData());
    }

    void badArgumentsExitTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::addRow("no --dist") << QStringList{"--to", "int8"} << "needs --dist";
        QTest::addRow("no --to") << QStringList{"--dist", "normal"} << "needs --to";
        QTest::addRow("unknown format") << QStringList{"--dist", "normal", "--to", "int3"} << "unknown --to 'int3'";
        QTest::addRow("scaling not for MX") << QStringList{"--dist", "normal", "--to", "mxfp4", "--scaling", "group"}
                                            << "--scaling group is not available for mxfp4 (it takes block)";
        QTest::addRow("group without groups") << QStringList{"--dist", "normal", "--to", "int8", "--scaling", "channel", "--group", "64"}
                                              << "--group is for --scaling group";
        QTest::addRow("group wider than a row") << QStringList{"--dist", "normal", "--to", "int4", "--cols", "64", "--group", "128"}
                                                << "--group 128 must be 2 ... 64";
        QTest::addRow("percentile per channel") << QStringList{"--dist", "normal", "--to", "int8", "--percentile", "99.9"}
                                                << "calibrated per tensor";
        QTest::addRow("asymmetric float") << QStringList{"--dist", "normal", "--to", "e4m3", "--scheme", "asymmetric"} << "for int8 and int4";
        QTest::addRow("not a number") << QStringList{"--dist", "normal", "--to", "int8", "--rows", "many"} << "--rows needs an integer";
        QTest::addRow("too many values") << QStringList{"--dist", "normal", "--to", "int8", "--rows", "100000", "--cols", "100000"}
                                         << "must be 1 ... 67108864 values";
        QTest::addRow("no such file") << QStringList{"--dist", "/nonexistent/w.npy", "--to", "int8"} << "neither normal";
        QTest::addRow("unknown option") << QStringList{"--dist", "normal", "--to", "int8", "--bits", "3"} << "unexpected argument '--bits'";
        QTest::addRow("bad scenario") << QStringList{"--dist", "normal", "--to", "int8", "--set", "parallel.gpus=0"} << "parallel.gpus";
    }
    void badArgumentsExitTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const ShardscopeRun r = runShardscope(QStringList{"quantize"} + args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // Unsupported .npy files are refused with the reason, not read as something else.
    void refusedNpyFiles_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<QString>("needle");
        const QByteArray four(16, '\0');
        QTest::addRow("int32") << npy("<i4", "(4,)", four) << "unsupported dtype '<i4'";
        QTest::addRow("big-endian") << npy(">f4", "(4,)", four) << "big-endian dtype '>f4'";
        QTest::addRow("truncated") << npy("<f4", "(8,)", four) << "truncated: 16 of 32 data bytes";
        QTest::addRow("fortran") << npy("<f4", "(2, 2)", four).replace("False", "True ") << "fortran_order is True";
    }
    void refusedNpyFiles()
    {
        QFETCH(QByteArray, file);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = writeFile(dir, "bad.npy", file);
        const ShardscopeRun r = runShardscope({"quantize", "--dist", path, "--to", "int8"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    void help()
    {
        const ShardscopeRun r = runShardscope({"quantize", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--to fp16|bf16|e4m3|e5m2|mxfp8"));
        QVERIFY(r.out.contains("bytes_for_model"));
        const ShardscopeRun top = runShardscope({"--help"});
        QVERIFY(top.out.contains("shardscope quantize"));
    }
};

QTEST_GUILESS_MAIN(TestQuantizeCli)
#include "tst_quantizecli.moc"
