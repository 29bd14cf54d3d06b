// The command line against hostile and broken files (issue 16): each input that crashed, hung or
// was silently accepted before exits 2 with the key or the file named — never a signal, never
// a hang — and a write that fails (a full disk) exits 2 and leaves the old file.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

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

/// As runBounded, with the address space capped at `gib` GiB (not under ASan) and without a
/// display unless `display`: what a script on a server sees.
Run runLimited(const QStringList& args, double gib, bool display = true)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    if (display)
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    else
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    p.setProcessEnvironment(env);
    p.setChildProcessModifier([gib] {
#ifndef SHARDSCOPE_ASAN
        const rlim_t bytes = rlim_t(gib * double(1ull << 30));
        const rlimit memory{bytes, bytes};
        ::setrlimit(RLIMIT_AS, &memory);
#else
        (void)gib;
#endif
    });
    p.start(QStringLiteral(SHARDSCOPE_BINARY), args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished();
        return {-1, p.readAllStandardOutput(), "(did not finish within 60 s) " + p.readAllStandardError()};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

/// What is at `path` without following a link: "fifo", "character device", "link", "file", "none".
QString kindAt(const QString& path)
{
    struct stat st;
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return QStringLiteral("none");
    return S_ISFIFO(st.st_mode) ? QStringLiteral("fifo")
        : S_ISCHR(st.st_mode)   ? QStringLiteral("character device")
        : S_ISLNK(st.st_mode)   ? QStringLiteral("link")
        : S_ISREG(st.st_mode)   ? QStringLiteral("file")
                                : QStringLiteral("other");
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

    // Issue 32.4: export --out, import-hf --out (and Save, the settings) renamed their temporary
    // file over whatever the path named: a FIFO, a device node, or one behind a symbolic link (as
    // root, a link to /dev/full had its device node replaced by a PNG). Nodes made in a temporary
    // directory (a device node needs root, CI's user; anyone else gets a link to /dev/null,
    // which they cannot replace either way).
    void writersReplaceOnlyRegularFiles_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("target");
        const bool root = ::geteuid() == 0;
        for (const char* command : {"export", "import-hf"}) {
            QTest::addRow("%s --out a FIFO", command) << command << "fifo";
            QTest::addRow("%s --out a link to a FIFO", command) << command << "link to fifo";
            if (root)
                QTest::addRow("%s --out a character device", command) << command << "character device";
            QTest::addRow("%s --out a link to a character device", command) << command << "link to character device";
        }
    }
    void writersReplaceOnlyRegularFiles()
    {
        QFETCH(QString, command);
        QFETCH(QString, target);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.png"));
        QString node = out; // what must still be there afterwards, as it was
        if (target.startsWith(QLatin1String("link")))
            node = dir.filePath(QStringLiteral("node"));
        const bool device = target.endsWith(QLatin1String("character device"));
        if (device && ::geteuid() != 0) {
            node = QStringLiteral("/dev/null");
        } else if (device) {
            QCOMPARE(::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0600, makedev(1, 3)), 0); // /dev/null's numbers
        } else {
            QCOMPARE(::mkfifo(QFile::encodeName(node).constData(), 0600), 0);
        }
        if (node != out)
            QCOMPARE(::symlink(QFile::encodeName(node).constData(), QFile::encodeName(out).constData()), 0);
        const QString kindBefore = kindAt(node), outBefore = kindAt(out);
        const QStringList args = command == QLatin1String("export")
            ? QStringList{"export", "--default", "--out", out, "--size", "320x200"}
            : QStringList{"import-hf", QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/gpt2.json"), "--out", out};
        const Run r = runBounded(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not a regular file; not replaced"), r.err.constData());
        QCOMPARE(kindAt(node), kindBefore);
        QCOMPARE(kindAt(out), outBefore);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).filter(QStringLiteral("shardscope-")), QStringList());
    }

    // Issue 32.5: `import-hf c.json --out c.json` replaced the config with the scenario.
    void importHfDoesNotWriteOverItsOwnConfig()
    {
        QTemporaryDir dir;
        QFile::copy(QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/gpt2.json"), dir.filePath(QStringLiteral("config.json")));
        const QString config = dir.filePath(QStringLiteral("config.json"));
        const QByteArray before = readAll(config);
        QVERIFY(::symlink("config.json", QFile::encodeName(dir.filePath(QStringLiteral("same.json"))).constData()) == 0);
        for (const QString& out : {config, dir.filePath(QStringLiteral("same.json")), dir.filePath(QStringLiteral("./config.json"))}) {
            const Run r = runBounded({"import-hf", config, "--out", out});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("is the config.json being read"), r.err.constData());
            QCOMPARE(readAll(config), before);
        }
    }

    // Issue 32.5: a save killed before its rename left its temporary file beside the target for
    // good. The next save of that file removes those of ours that are stale, and nothing else.
    void staleTemporaryFilesOfOursAreRemoved()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("out.png"));
        auto make = [&](const QString& name, qint64 ageSeconds) {
            const QString path = writeFile(dir, name, "left by a killed save");
            const QDateTime when = QDateTime::currentDateTime().addSecs(-ageSeconds);
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.setFileTime(when, QFileDevice::FileModificationTime));
        };
        make(QStringLiteral(".out.png.shardscope-Ab12Cd"), 3600); // ours, an hour old: gone
        make(QStringLiteral(".out.png.shardscope-Xy98Zz"), 0);    // ours, just written: another save in progress
        make(QStringLiteral("out.png.backup"), 3600);             // the user's: never touched
        make(QStringLiteral(".other.png.shardscope-Ab12Cd"), 3600); // another file's
        const Run r = runBounded({"export", "--default", "--out", out, "--size", "320x200"});
        QCOMPARE(r.exitCode, 0);
        QStringList left = QDir(dir.path()).entryList(QDir::Files | QDir::Hidden);
        left.sort();
        QCOMPARE(left, (QStringList{".other.png.shardscope-Ab12Cd", ".out.png.shardscope-Xy98Zz", "out.png", "out.png.backup"}));
    }

    // Issue 32.6–8: work that grew with a number the input states (micro-batches, stages, a
    // title's length, an export's pixels) is bounded: each run ends within 60 s under an address
    // space of 2 GiB (1e7 micro-batches took over a minute and died of std::bad_alloc under 3
    // GB; a 120,000-character title, 44 s and 21.7 GB; the largest export, 31 s and 3.2 GB).
    void sizeDrivenWorkIsBounded_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("needle");
        const QStringList hugePipeline{"--set", "model.num_layers=100000", "--set", "parallel.gpus=100000", "--set", "parallel.pipeline=100000",
                                       "--set", "training.global_batch_size=100000000"};
        QTest::addRow("estimate --timeline, global batch 1e7") << QStringList{"estimate", "--default", "--set", "training.global_batch_size=10000000", "--timeline"}
                                                              << 0 << "micro-batches listed: the";
        QTest::addRow("estimate --timeline --format json, global batch 1e7")
            << QStringList{"estimate", "--default", "--set", "training.global_batch_size=10000000", "--timeline", "--format", "json"} << 0 << "\"omitted\"";
        QTest::addRow("estimate --timeline, 100,000 stages") << QStringList{"estimate", "--default", "--timeline"} + hugePipeline << 0
                                                            << "Step timeline: not listed: more than 64 pipeline stages";
        QTest::addRow("plan, 100,000 stages") << QStringList{"plan", "--default", "--top", "3"} + hugePipeline << 0 << "note: pipelines of more than 64 stages were not searched";
        QTest::addRow("export --title of 120,000 characters") << QStringList{"export", "--default", "--out", "x.png", "--title", QString(120000, QLatin1Char('W'))}
                                                             << 2 << "--title is 120000 characters; a slide's title holds at most 200";
        QTest::addRow("export 16384x16384 at scale 1.5") << QStringList{"export", "--default", "--out", "x.png", "--size", "16384x16384", "--scale", "1.5"} << 2
                                                        << "16384x16384 at scale 1.5 is 604.0 million pixels";
        QTest::addRow("export a GIF of 600 4K frames") << QStringList{"export", "--default", "--view", "step", "--out", "x.gif", "--size", "3840x2160", "--frames", "600"}
                                                      << 2 << "600 frames of 8.3 million pixels are more than";
    }
    void sizeDrivenWorkIsBounded()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        for (QString& a : args)
            if (a.endsWith(QLatin1String(".png")) || a.endsWith(QLatin1String(".gif")))
                a = dir.filePath(a);
        const Run r = runLimited(args, 2);
        QVERIFY2(r.exitCode == exitCode, (QByteArray::number(r.exitCode) + " " + r.err.left(2000)).constData());
        QVERIFY2(QString::fromUtf8(r.out + r.err).contains(needle), (r.out.left(1000) + r.err.left(2000)).constData());
        QVERIFY2(!r.err.contains("QPainter"), r.err.left(2000).constData()); // issue 32.14: Qt's own warning
        QVERIFY2(r.out.size() < 64 * 1024 * 1024, QByteArray::number(r.out.size()).constData());
    }

    // Issue 32.11: a model named with ESC, BEL, NUL and U+FFFF wrote an SVG no XML reader takes,
    // and `estimate` printed the escape sequences to the terminal.
    void controlCharactersNeverReachTheTerminalOrTheSvg()
    {
        QTemporaryDir dir;
        const QString scenario = writeFile(dir, QStringLiteral("s.json"),
                                           "{\"schema_version\": 1, \"title\": \"t\\u001b]0;pwned\\u0007\", \"model\": {\"preset\": \"llama-2-7b\", "
                                           "\"name\": \"Llama\\u001b[31m\\u0000\\u0007\\uffff\"}}");
        const Run table = runBounded({"estimate", scenario});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(!table.out.contains('\x1b') && !table.out.contains('\x07') && !table.out.contains('\0'), table.out.left(200).constData());
        QVERIFY2(table.out.contains("Llama\\x1b[31m\\x00\\x07"), table.out.left(200).constData());
        const QString svg = dir.filePath(QStringLiteral("x.svg"));
        const Run exported = runBounded({"export", scenario, "--out", svg, "--title", QStringLiteral("T\x1b\x07") + QChar(0xFFFF)});
        QCOMPARE(exported.exitCode, 0);
        QXmlStreamReader xml(readAll(svg));
        while (!xml.atEnd())
            xml.readNext();
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    }

    // Issues 32.13–15 and 31: what is wrong said in so many words, exit 2.
    void messagesSayWhatIsWrong_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("display");
        QTest::addColumn<QString>("needle");
        QTest::addRow("plan --pin TP 3 of 8 GPUs") << QStringList{"plan", "--default", "--pin", "parallel.tensor=3"} << true
                                                  << "parallel.tensor: no layout of this scenario has the pinned value (with the other pins it can be 1, 2, 4, 8)";
        QTest::addRow("plan --pin TP 2 and 4") << QStringList{"plan", "--default", "--pin", "parallel.tensor=2", "--pin", "parallel.tensor=4"} << true
                                              << "parallel.tensor: no layout of this scenario has the pinned value";
        QTest::addRow("quantize --group 2^32") << QStringList{"quantize", "--dist", "normal", "--to", "int4", "--group", "4294967296"} << true
                                              << "--group must be from 2 to 1073741824 (2^30) values, not 4294967296";
        QTest::addRow("estimat (no display)") << QStringList{"estimat", "--default"} << false
                                             << "no such command or file: 'estimat' (did you mean 'estimate'?)";
        // main's import and link (issue 30) are commands: they run without a display, and a
        // misspelling of one is named.
        QTest::addRow("import x.sh (no display)") << QStringList{"import", "x.sh"} << false << "x.sh: no such file";
        QTest::addRow("imprt x.sh (no display)") << QStringList{"imprt", "x.sh"} << false
                                                << "no such command or file: 'imprt' (did you mean 'import'?)";
        QTest::addRow("lnk (no display)") << QStringList{"lnk", "--default"} << false << "no such command or file: 'lnk' (did you mean 'link'?)";
        QTest::addRow("nosuchcommand (no display)") << QStringList{"nosuchcommand"} << false << "no such command or file: 'nosuchcommand'";
        QTest::addRow("--default (no display)") << QStringList{"--default"} << false
                                               << "'--default' is an option of a command, not of the window";
        QTest::addRow("--nosuchoption") << QStringList{"--nosuchoption"} << false << "unknown option '--nosuchoption'";
        QTest::addRow("the window without a display") << QStringList{} << false << "no display to open the window on";
    }
    void messagesSayWhatIsWrong()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, display);
        QFETCH(QString, needle);
        const Run r = runLimited(args, 4, display);
        QVERIFY2(r.exitCode == 2, (QByteArray::number(r.exitCode) + " " + r.err.left(2000)).constData());
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.left(2000).constData());
    }

    // Issue 32.14: a measured log's impossible numbers named for what they are.
    void measuredLogNumbersAreNamedForWhatTheyAre_data()
    {
        QTest::addColumn<QByteArray>("log");
        QTest::addColumn<QString>("needle");
        QTest::addRow("a negative counter") << QByteArray("max_memory_allocated = -5 GiB\n")
                                           << "max_memory_allocated is negative (-5 GiB): a memory size never is";
        QTest::addRow("1e308 GiB") << QByteArray("max_memory_allocated = 1e308 GiB\n") << "'1e308 GiB' is beyond any memory size";
    }
    void measuredLogNumbersAreNamedForWhatTheyAre()
    {
        QFETCH(QByteArray, log);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const Run r = runBounded({"estimate", "--default", "--measured", writeFile(dir, QStringLiteral("log.txt"), log)});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
        QVERIFY2(!r.err.contains("did not fit") && !r.err.contains("is not a number"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostilecli.moc"
