// The command line against hostile and broken files (issue 16): each input that crashed, hung or
// was silently accepted before exits 2 with the key or the file named — never a signal, never
// a hang — and a write that fails (a full disk) exits 2 and leaves the old file.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <sys/resource.h>
#include <sys/stat.h>

#include "fullfilesystem.h"
#include "shardscoperun.h"

#if defined(__SANITIZE_ADDRESS__)
#define SHARDSCOPE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SHARDSCOPE_ASAN 1
#endif
#endif

namespace {

using Run = ShardscopeRun;

QString writeFile(QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(missing)");
}

/// Runs the binary with its address space capped at 4 GiB (not under ASan, which reserves
/// terabytes of shadow memory): a build that reads /dev/zero or a huge file whole fails on its
/// own instead of exhausting the machine. `child` runs in the child before exec.
Run runBounded(const QStringList& args, const std::function<void()>& child = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.setChildProcessModifier([child] {
#ifndef SHARDSCOPE_ASAN
        const rlimit memory{4ull << 30, 4ull << 30};
        ::setrlimit(RLIMIT_AS, &memory);
#endif
        if (child)
            child();
    });
    p.start(QStringLiteral(SHARDSCOPE_BINARY), args);
    // 60 s: the hang of a FIFO read would be for ever.
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {-1, p.readAllStandardOutput(), "(did not finish within 60 s) " + p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

QByteArray manyKeys(int n)
{
    QByteArray s = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"})";
    for (int i = 0; i < n; ++i)
        s += ",\"k" + QByteArray::number(i) + "\":0";
    return s + "}";
}

const char* kTinyLlama = R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                             "vocab_size": 100, "intermediate_size": 128)";

} // namespace

class TestHostileCli : public QObject
{
    Q_OBJECT

private slots:
    void hostileFilesExitTwoNamingTheReason_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("needle");
        // 1. out_of_range escaped: estimate and import-hf aborted (SIGABRT).
        QTest::addRow("estimate: 5e308") << "estimate" << QByteArray(R"({"schema_version": 1, "model": {"parameters": 5e308}})")
                                         << QStringList() << "model.parameters: 5e308 is beyond the range of a double";
        // The same number as the whole of a 5-byte file.
        QTest::addRow("estimate: the 5-byte file 5e308") << "estimate" << QByteArray("5e308") << QStringList() << "5e308 is beyond the range of a double";
        QTest::addRow("import-hf: the 5-byte file 5e308") << "import-hf" << QByteArray("5e308") << QStringList() << "5e308 is beyond the range of a double";
        QTest::addRow("estimate --format json: schema_version 1e400")
            << "estimate" << QByteArray(R"({"schema_version": 1e400})") << QStringList{"--format", "json"} << "schema_version: 1e400 is beyond";
        QTest::addRow("import-hf: hidden_size 1e400") << "import-hf" << QByteArray(R"({"model_type": "llama", "hidden_size": 1e400})")
                                                      << QStringList() << "hidden_size: 1e400 is beyond";
        // 2. import-hf aborted on a wrong type inside quantization_config.
        QTest::addRow("import-hf: load_in_4bit 1") << "import-hf" << QByteArray(kTinyLlama) + R"(, "quantization_config": {"load_in_4bit": 1}})"
                                                   << QStringList() << "quantization_config.load_in_4bit: expected true or false";
        // 5. 100k keys: ~10 s of parsing, then 100k warnings and exit 0.
        QTest::addRow("estimate: 100k keys") << "estimate" << manyKeys(100000) << QStringList()
                                             << "(document): more than 1024 keys in one object";
        // 7. 4·n_embd overflowed an int: exit 0 with ffn_hidden_size 0.
        QTest::addRow("import-hf: GPT-2 4·n_embd beyond an int")
            << "import-hf" << QByteArray(R"({"model_type": "gpt2", "n_layer": 1, "n_embd": 1073741824, "n_head": 1, "vocab_size": 10})")
            << QStringList() << "n_embd: 1073741824 is beyond what ShardScope accepts";
        QTest::addRow("import-hf: bits 1e300") << "import-hf" << QByteArray(kTinyLlama) + R"(, "quantization_config": {"bits": 1e300}})"
                                               << QStringList() << "quantization_config.bits: expected a whole number";
        // 8. Duplicate keys: the last "model" won, without a word.
        QTest::addRow("estimate: two model sections")
            << "estimate" << QByteArray(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "model": {"preset": "llama-2-70b"}})")
            << QStringList() << "model: this key is given twice";
        // Issue 32 item 10: import-hf wrote impossible models with exit 0.
        QTest::addRow("import-hf: -1 layers") << "import-hf" << QByteArray(kTinyLlama).replace("\"num_hidden_layers\": 2", "\"num_hidden_layers\": -1") + "}"
                                             << QStringList() << "model.num_layers: must not be negative, got -1";
        QTest::addRow("import-hf: top-k 9 of 8 experts")
            << "import-hf" << QByteArray(kTinyLlama) + R"(, "num_local_experts": 8, "num_experts_per_tok": 9})" << QStringList() << "top-k";
        // Issue 30: launch files through the same limits (a .json is read as DeepSpeed's).
        QTest::addRow("import: DeepSpeed batch 1e400") << "import" << QByteArray(R"({"train_batch_size": 1e400})") << QStringList()
                                                       << "1e400 is beyond the range of a double";
        QTest::addRow("import: DeepSpeed 100k keys") << "import" << manyKeys(100000) << QStringList() << "keys";
        QTest::addRow("import: DeepSpeed without a model") << "import" << QByteArray(R"({"train_batch_size": 64, "zero_optimization": {"stage": 3}})")
                                                           << QStringList() << "the file does not give the model";
    }

    void hostileLaunchFilesExitTwoNamingTheReason_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("needle");
        QByteArray doubling = "A=xxxxxxxxxxxxxxxx\n";
        for (int i = 0; i < 40; ++i)
            doubling += "A=\"$A$A\"\n";
        QTest::addRow("shell: a variable doubled 40 times") << "run.sh" << doubling + "torchrun pretrain_gpt.py --num-layers $A\n"
                                                            << "expand to more than 4194304 bytes";
        QTest::addRow("shell: unterminated quote") << "run.sh" << QByteArray("torchrun pretrain_gpt.py --num-layers '32\n") << "line 1: a quote";
        QTest::addRow("shell: TP 8 × PP 16 on 8 GPUs") << "run.sh"
            << QByteArray("torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py --num-layers 96 --hidden-size 12288 --num-attention-heads 96 "
                          "--vocab-size 50257 --seq-length 2048 --max-position-embeddings 2048 --tensor-model-parallel-size 8 --pipeline-model-parallel-size 16\n")
            << "does not divide the 8 GPUs";
        QTest::addRow("yaml: 200 levels") << "cfg.yaml" << [] {
            QByteArray y;
            for (int i = 0; i < 200; ++i)
                y += QByteArray(i * 2, ' ') + "k" + QByteArray::number(i) + ":\n";
            return y;
        }() << "nest";
        QTest::addRow("toml: arrays 1000 deep") << "job.toml" << ("[training]\nx = " + QByteArray(1000, '[') + QByteArray(1000, ']') + "\n") << "nest";
        QTest::addRow("not a launch file") << "notes.txt" << QByteArray("hello\n") << "not a launch file ShardScope reads";
        QTest::addRow("5 MiB") << "run.sh" << QByteArray(5 * 1024 * 1024, '#') << "bytes (4 MiB) ShardScope reads";
    }
    void hostileLaunchFilesExitTwoNamingTheReason()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const Run r = runBounded(QStringList{QStringLiteral("import"), writeFile(dir, name, content)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.left(2000).constData());
    }
    void hostileFilesExitTwoNamingTheReason()
    {
        QFETCH(QString, command);
        QFETCH(QByteArray, content);
        QFETCH(QStringList, extra);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const Run r = runBounded(QStringList{command, writeFile(dir, QStringLiteral("hostile.json"), content)} + extra);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.left(2000).constData());
    }

    // 3. --set $'model.\xff=1' --format json aborted: dump() threw on the raw byte. QProcess
    // passes arguments as UTF-8, so the byte goes through the shell's printf.
    void overrideThatIsNotUtf8ExitsTwo()
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral(R"sh(exec "$0" estimate --default --set "$(printf 'model.\377=1')" --format json)sh"),
                                            QStringLiteral(SHARDSCOPE_BINARY)});
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains("--set: expected section.key=value, got 'model.\xEF\xBF\xBD=1'"), err.constData());
    }

    // 6. A FIFO blocked for ever; /dev/zero was read until bad_alloc; a huge file was read whole.
    void onlyRegularFilesOfBoundedSizeAreRead_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("needle");
        for (const char* command : {"estimate", "import-hf", "export"}) {
            QTest::addRow("%s FIFO", command) << command << "fifo" << "not a regular file (a FIFO, a device or a socket)";
            QTest::addRow("%s /dev/zero", command) << command << "/dev/zero" << "cannot read /dev/zero: not a regular file";
            QTest::addRow("%s 17 MiB", command) << command << "big" << "17825792 bytes is more than the 16777216 bytes (16 MiB) ShardScope reads";
        }
    }
    void onlyRegularFilesOfBoundedSizeAreRead()
    {
        QFETCH(QString, command);
        QFETCH(QString, what);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        QString path = what;
        if (what == QLatin1String("fifo")) {
            path = dir.filePath(QStringLiteral("fifo.json"));
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (what == QLatin1String("big")) {
            // A JSON array of 17 MiB: read whole, it was ~300 MB as a tree.
            QByteArray array(17 * 1024 * 1024, ' ');
            array[0] = '[';
            for (int i = 1; i + 2 < array.size(); i += 2)
                array[i] = '0', array[i + 1] = ',';
            array[array.size() - 2] = '0';
            array[array.size() - 1] = ']';
            path = writeFile(dir, QStringLiteral("big.json"), array);
        }
        QStringList args{command, path};
        if (command == QLatin1String("export"))
            args << QStringLiteral("--out") << dir.filePath(QStringLiteral("chart.png"));
        const Run r = runBounded(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    // The tensor studio's reader on the command line (shardscope quantize, from main's tensor
    // studio): std::ifstream waited on a FIFO for ever and read /dev/zero until memory ran out.
    void quantizeReadsOnlyRegularTensorFilesOfBoundedSize_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("needle");
        QTest::addRow("FIFO") << "fifo" << "not a regular file (a FIFO, a device or a socket)";
        QTest::addRow("/dev/zero") << "/dev/zero" << "cannot read /dev/zero: not a regular file";
        // limits::kTensorFileBytes = 2^26 values × 8 bytes + 1 MiB = 537919488 bytes; one more is refused
        // unread (a sparse file: nothing is written to disk).
        QTest::addRow("one byte beyond the cap") << "big" << "537919489 bytes is more than the 537919488 bytes (513 MiB) ShardScope reads";
        QTest::addRow("missing file") << "missing" << "is neither normal, laplace, lognormal, outliers nor an existing file";
    }
    void quantizeReadsOnlyRegularTensorFilesOfBoundedSize()
    {
        QFETCH(QString, what);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        QString path = what;
        if (what == QLatin1String("fifo")) {
            path = dir.filePath(QStringLiteral("fifo.npy"));
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (what == QLatin1String("big")) {
            path = dir.filePath(QStringLiteral("big.npy"));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.resize(qint64(8) * (qint64(1) << 26) + 1024 * 1024 + 1));
        } else if (what == QLatin1String("missing")) {
            path = dir.filePath(QStringLiteral("missing.npy"));
        }
        const Run r = runBounded({"quantize", "--dist", path, "--to", "int8"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }
    // Hostile tensor files are refused with the reason, exit 2 (tests/fuzz/corpus/tensorfile
    // holds these and more for the fuzzer).
    void quantizeRefusesHostileTensorFiles_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("needle");
        QTest::addRow("the 5-byte file 5e308 as .npy") << "w.npy" << QByteArray("5e308") << "not a .npy file";
        QTest::addRow("5e308 as text") << "w.csv" << QByteArray("5e308") << "5e308 is not a finite FP32 number";
        // magic, version 1.0, a header length of 65535 bytes in a file of 11
        QTest::addRow("header beyond the file") << "w.npy" << QByteArray("\x93NUMPY\x01\x00\xff\xff{", 11) << "the file is truncated: the header";
        QByteArray shape("\x93NUMPY\x01\x00", 8);
        const QByteArray header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776, 1099511627776), }\n";
        shape += char(header.size() & 0xff);
        shape += char(header.size() >> 8);
        QTest::addRow("shape of 2^80 values") << "w.npy" << (shape + header) << "too many values (more than 67108864)";
    }
    void quantizeRefusesHostileTensorFiles()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const Run r = runBounded({"quantize", "--dist", writeFile(dir, name, content), "--to", "int8"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    // 8. import-hf --out wrote in place (std::ofstream, truncating first) and exited 1 when the
    // write failed; a full disk left an empty or cut scenario.
    void importHfOutOntoAFullDiskKeepsTheOldFile_data() { FULL_FILE_SYSTEM_ROWS(); }
    void importHfOutOntoAFullDiskKeepsTheOldFile()
    {
        QFETCH(int, kind);
        FullFileSystem fs{FullFileSystem::Kind(kind)};
        QVERIFY(fs.isValid());
        const QString out = fs.path(QStringLiteral("scenario.json"));
        Run r = runBounded({"import-hf", QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/llama-2-7b.json"), "--out", out});
        QCOMPARE(r.exitCode, 0);
        const QByteArray before = readAll(out);
        QVERIFY(before.contains("\"num_layers\": 32"));
        fs.fill();
        r = runBounded({"import-hf", QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/mistral-7b-v0.1.json"), "--out", out}, [&fs] { fs.applyInChild(); });
        fs.release();
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot write " + QFile::encodeName(out)), r.err.constData());
        QCOMPARE(readAll(out), before);
        QCOMPARE(QDir(fs.path(QString())).entryList({QStringLiteral("scenario.json*")}, QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("scenario.json")}); // no temporary file left behind
    }
    void importHfOutIntoAMissingFolderExitsTwo()
    {
        const Run r = runBounded({"import-hf", QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/gpt2.json"), "--out", "/nonexistent/folder/x.json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot write /nonexistent/folder/x.json"), r.err.constData());
    }
    void exportOntoAFullDiskKeepsTheOldFile_data() { FULL_FILE_SYSTEM_ROWS(); }
    void exportOntoAFullDiskKeepsTheOldFile()
    {
        QFETCH(int, kind);
        FullFileSystem fs{FullFileSystem::Kind(kind)};
        QVERIFY(fs.isValid());
        const QString out = fs.path(QStringLiteral("chart.png"));
        Run r = runBounded({"export", "--default", "--out", out, "--size", "320x200"});
        QCOMPARE(r.exitCode, 0);
        const QByteArray before = readAll(out);
        QVERIFY(before.startsWith("\x89PNG"));
        fs.fill();
        r = runBounded({"export", "--default", "--out", out, "--size", "640x400", "--theme", "dark"}, [&fs] { fs.applyInChild(); });
        fs.release();
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("Cannot write"), r.err.constData());
        QCOMPARE(readAll(out), before);
    }
};

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostilecli.moc"
