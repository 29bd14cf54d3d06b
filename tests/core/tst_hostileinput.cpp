// Hostile and broken input (issue 16): each defect a fuzzing pass found, as a test that failed
// before the fix — numbers beyond the double range, wrong types in quantization_config, bytes
// that are not UTF-8, nesting deep enough to overflow a recursive dump(), objects with enough
// keys to make parsing quadratic, FIFOs and devices, undefined conversions, duplicate keys.
// Every parser shares one reader (core/io/jsonlimits.h): the limits are tested through each.
#include <QtTest>

#include <QTemporaryDir>
#include <sys/stat.h>

#include "core/estimate.h"
#include "core/io/deck.h"
#include "core/io/estimate_io.h"
#include "core/io/hfconfig.h"
#include "core/io/jsonlimits.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"

namespace {

using core::IssueCode;

const core::Issue* findIssue(const std::vector<core::Issue>& issues, IssueCode code)
{
    for (const core::Issue& i : issues)
        if (i.code == code)
            return &i;
    return nullptr;
}

QByteArray describeAll(const std::vector<core::Issue>& issues)
{
    QByteArray out;
    for (const core::Issue& i : issues)
        out += QByteArray::fromStdString(core::describe(i)) + "\n";
    return out;
}

/// The issues one of the four parsers reports for `text` (for "override": the default scenario
/// with `text` as its one --set argument).
std::vector<core::Issue> parse(const QString& parser, const std::string& text, bool* ok = nullptr)
{
    bool loaded = false;
    std::vector<core::Issue> issues;
    if (parser == QLatin1String("scenario")) {
        core::ScenarioLoad l = core::loadScenario(text);
        loaded = l.ok;
        issues = l.issues;
    } else if (parser == QLatin1String("hf")) {
        core::HfImport l = core::importHfConfig(text);
        loaded = l.ok;
        issues = l.issues;
    } else if (parser == QLatin1String("deck")) {
        core::DeckLoad l = core::loadDeck(text);
        loaded = l.ok;
        issues = l.issues;
    } else {
        core::ScenarioLoad l = core::loadScenario(core::defaultScenarioJson(), {text});
        loaded = l.ok;
        issues = l.issues;
    }
    if (ok)
        *ok = loaded;
    return issues;
}

std::string nested(int depth, const std::string& open = "[", const std::string& close = "]")
{
    std::string s;
    s.reserve(std::size_t(depth) * (open.size() + close.size()));
    for (int i = 0; i < depth; ++i)
        s += open;
    for (int i = 0; i < depth; ++i)
        s += close;
    return s;
}

/// {"k0": 0, "k1": 0, …}
std::string manyKeys(int n)
{
    std::string s = "{";
    for (int i = 0; i < n; ++i)
        s += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":0";
    return s + "}";
}

const char* kScenarioHead = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, )";

} // namespace

class TestHostileInput : public QObject
{
    Q_OBJECT

private slots:
    // 1. A number too large for a double escaped as nlohmann::json::out_of_range (only
    // parse_error was caught): estimate, import-hf, the window and session restore aborted.
    void numberBeyondTheDoubleRangeIsRefusedNamingTheKey_data()
    {
        QTest::addColumn<QString>("parser");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("key");
        QTest::addRow("scenario schema_version 1e400") << "scenario" << QByteArray(R"({"schema_version": 1e400})") << "schema_version";
        QTest::addRow("scenario model.parameters 5e308")
            << "scenario" << QByteArray(R"({"schema_version": 1, "model": {"parameters": 5e308}})") << "model.parameters";
        QTest::addRow("scenario negative, in an array")
            << "scenario" << QByteArray(R"({"schema_version": 1, "finetune": {"lora_targets": ["q", -2e308]}})") << "finetune.lora_targets[1]";
        QTest::addRow("config.json hidden_size") << "hf" << QByteArray(R"({"model_type": "llama", "hidden_size": 1e400})") << "hidden_size";
        QTest::addRow("config.json quantization_config.bits")
            << "hf" << QByteArray(R"({"quantization_config": {"bits": 9e999}})") << "quantization_config.bits";
        QTest::addRow("deck scene")
            << "deck" << QByteArray(R"({"scenes": [{"title": "a", "scenario": {"schema_version": 1}}, {"scenario": {"parallel": {"gpus": 1e309}}}]})")
            << "scenes[1].scenario.parallel.gpus";
        QTest::addRow("--set") << "override" << QByteArray("model.parameters=1e400") << "model.parameters";
    }
    void numberBeyondTheDoubleRangeIsRefusedNamingTheKey()
    {
        QFETCH(QString, parser);
        QFETCH(QByteArray, text);
        QFETCH(QString, key);
        bool ok = true;
        const std::vector<core::Issue> issues = parse(parser, text.toStdString(), &ok);
        QVERIFY(!ok);
        const core::Issue* i = findIssue(issues, IssueCode::NumberOutOfRange);
        QVERIFY2(i, describeAll(issues).constData());
        QCOMPARE(QString::fromStdString(i->path), key);
        QVERIFY2(core::describe(*i).find("beyond the range of a double") != std::string::npos, core::describe(*i).c_str());
    }

    // 2. A wrong type inside quantization_config: value(key, default) threw type_error.
    void wrongTypeInQuantizationConfigIsAnError_data()
    {
        QTest::addColumn<QByteArray>("quantization");
        QTest::addColumn<QString>("key");
        QTest::addRow("load_in_4bit: 1") << QByteArray(R"({"load_in_4bit": 1})") << "quantization_config.load_in_4bit";
        QTest::addRow("load_in_8bit: \"yes\"") << QByteArray(R"({"load_in_8bit": "yes"})") << "quantization_config.load_in_8bit";
        QTest::addRow("bnb_4bit_quant_type: 4") << QByteArray(R"({"bnb_4bit_quant_type": 4})") << "quantization_config.bnb_4bit_quant_type";
        QTest::addRow("bnb_4bit_use_double_quant: []")
            << QByteArray(R"({"load_in_4bit": true, "bnb_4bit_use_double_quant": []})") << "quantization_config.bnb_4bit_use_double_quant";
        QTest::addRow("quant_method: {}") << QByteArray(R"({"quant_method": {}})") << "quantization_config.quant_method";
        QTest::addRow("zero_point: \"true\"") << QByteArray(R"({"bits": 4, "zero_point": "true"})") << "quantization_config.zero_point";
        QTest::addRow("sym: 0") << QByteArray(R"({"bits": 4, "sym": 0})") << "quantization_config.sym";
        QTest::addRow("bits: \"4\"") << QByteArray(R"({"bits": "4"})") << "quantization_config.bits";
    }
    void wrongTypeInQuantizationConfigIsAnError()
    {
        QFETCH(QByteArray, quantization);
        QFETCH(QString, key);
        const std::string text = R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                                     "vocab_size": 100, "intermediate_size": 128, "quantization_config": )"
                                 + quantization.toStdString() + "}";
        const core::HfImport i = core::importHfConfig(text);
        QVERIFY(!i.ok);
        const core::Issue* wrong = findIssue(i.issues, IssueCode::WrongType);
        QVERIFY2(wrong, describeAll(i.issues).constData());
        QCOMPARE(QString::fromStdString(wrong->path), key);
    }

    // 3. --set $'model.\xff=1': the unknown-key warning carried the raw byte and dump() threw
    // on invalid UTF-8 (estimate --format json aborted).
    void invalidUtf8InAnOverrideIsRefused()
    {
        const core::ScenarioLoad l = core::loadScenario(core::defaultScenarioJson(), {"model.\xff=1"});
        QVERIFY(!l.ok);
        const core::Issue* i = findIssue(l.issues, IssueCode::MalformedOverride);
        QVERIFY2(i, describeAll(l.issues).constData());
        QCOMPARE(QString::fromStdString(i->path), QStringLiteral("--set"));
        QCOMPARE(QByteArray::fromStdString(i->given), QByteArray("model.\xEF\xBF\xBD=1")); // U+FFFD for the byte
    }
    void jsonOutputNeverThrowsOnBytesThatAreNotUtf8()
    {
        const core::Scenario s = core::defaultScenario();
        const core::Estimate e = core::estimate(s);
        core::Issue raw{IssueCode::UnknownKey, core::Severity::Warning, ""};
        raw.path = "model.\xff\xfe";
        std::string json;
        try {
            json = core::estimateToJson(s, e, {raw});
        } catch (...) {
            QFAIL("estimateToJson threw on a key that is not UTF-8");
        }
        QVERIFY(QByteArray::fromStdString(json).contains("model.\xEF\xBF\xBD\xEF\xBF\xBD"));
        // And a scenario title (free text) that is not UTF-8 is saved, not thrown on.
        const std::string saved = core::saveScenario(s, "title \xc3");
        QVERIFY(core::loadScenario(saved).ok);
    }

    // 4. loadDeck re-serialized each scene with a recursive dump(): a scene nested ~65k deep
    // overflowed the stack (SIGSEGV) when the window opened the deck.
    void deeplyNestedInputIsRefused_data()
    {
        QTest::addColumn<QString>("parser");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        const std::string deep = nested(100000);
        QTest::addRow("deck scene 100k deep") << "deck" << QByteArray::fromStdString(R"({"scenes": [{"scenario": )" + deep + "}]}")
                                              << "scenes[0].scenario";
        QTest::addRow("deck scene 100k objects deep")
            << "deck" << QByteArray::fromStdString(R"({"scenes": [{"scenario": {"schema_version": 1, "model": )" + nested(100000, R"({"a":)", "}") + "}}]}")
            << "scenes[0].scenario.model.a.a.a";
        QTest::addRow("scenario") << "scenario" << QByteArray::fromStdString(kScenarioHead + std::string(R"("x": )") + deep + "}") << "x";
        QTest::addRow("config.json") << "hf" << QByteArray::fromStdString(R"({"rope_scaling": )" + deep + "}") << "rope_scaling";
        QTest::addRow("--set value") << "override" << QByteArray::fromStdString("model.x=" + deep) << "model.x";
        std::string dots = "model";
        for (int i = 0; i < 200; ++i)
            dots += ".a";
        QTest::addRow("--set key path") << "override" << QByteArray::fromStdString(dots + "=1") << "--set";
    }
    void deeplyNestedInputIsRefused()
    {
        QFETCH(QString, parser);
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        bool ok = true;
        const std::vector<core::Issue> issues = parse(parser, text.toStdString(), &ok);
        QVERIFY(!ok);
        const core::Issue* i = findIssue(issues, IssueCode::NestingTooDeep);
        QVERIFY2(i, describeAll(issues).constData());
        QVERIFY2(QString::fromStdString(i->path).startsWith(where), i->path.c_str());
        QCOMPARE(i->a, double(core::limits::kScenario.maxDepth));
    }
    void nestingUpToTheLimitIsRead()
    {
        // The root object is level 1: 63 arrays inside it reach the limit of 64, one more is refused.
        const int arrays = core::limits::kScenario.maxDepth - 1;
        core::ScenarioLoad l = core::loadScenario(kScenarioHead + std::string(R"("x": )") + nested(arrays) + "}");
        QVERIFY2(l.ok, describeAll(l.issues).constData());
        QVERIFY(findIssue(l.issues, IssueCode::UnknownKey)); // read, and reported as not understood
        l = core::loadScenario(kScenarioHead + std::string(R"("x": )") + nested(arrays + 1) + "}");
        QVERIFY(findIssue(l.issues, IssueCode::NestingTooDeep));
    }

    // 5. Parsing was quadratic in the keys of one object (ordered_json inserts linearly):
    // 100k keys took 7–11 s. Now refused after the first 1,024 (bench/bench_hostile times it).
    void objectsWithTooManyKeysAreRefused_data()
    {
        QTest::addColumn<QString>("parser");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        const std::string keys = manyKeys(100000);
        QTest::addRow("scenario root") << "scenario" << QByteArray::fromStdString(keys) << "(document)";
        QTest::addRow("scenario model") << "scenario" << QByteArray::fromStdString(R"({"schema_version": 1, "model": )" + keys + "}")
                                        << "model";
        QTest::addRow("config.json") << "hf" << QByteArray::fromStdString(R"({"text_config": )" + keys + "}") << "text_config";
        QTest::addRow("deck") << "deck" << QByteArray::fromStdString(R"({"scenes": [{"scenario": )" + keys + "}]}") << "scenes[0].scenario";
        QTest::addRow("--set value") << "override" << QByteArray::fromStdString("runtime=" + keys) << "runtime";
    }
    void objectsWithTooManyKeysAreRefused()
    {
        QFETCH(QString, parser);
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        bool ok = true;
        const std::vector<core::Issue> issues = parse(parser, text.toStdString(), &ok);
        QVERIFY(!ok);
        const core::Issue* i = findIssue(issues, IssueCode::TooManyKeys);
        QVERIFY2(i, describeAll(issues).constData());
        QCOMPARE(QString::fromStdString(i->path), where);
        QCOMPARE(i->a, double(core::limits::kScenario.maxKeys));
    }
    void keysUpToTheLimitAreRead()
    {
        // schema_version, model and 1,022 keys not understood: 1,024 in the root object.
        std::string text = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"})";
        for (std::size_t k = 2; k < core::limits::kScenario.maxKeys; ++k)
            text += ",\"unknown" + std::to_string(k) + "\": 0";
        core::ScenarioLoad l = core::loadScenario(text + "}");
        QVERIFY2(l.ok, describeAll(l.issues).left(400).constData());
        QCOMPARE(l.issues.size(), core::limits::kScenario.maxKeys - 2); // one warning per unknown key
        l = core::loadScenario(text + ",\"one_more\": 0}");
        QVERIFY(findIssue(l.issues, IssueCode::TooManyKeys));
    }
    void documentsWithTooManyValuesAreRefused()
    {
        // 1.5 million zeros in 3 MB: within the size limit, but ~100 MB as a tree.
        std::string text = std::string(kScenarioHead) + R"("x": [0)";
        for (int k = 0; k < 1500000; ++k)
            text += ",0";
        text += "]}";
        QVERIFY(text.size() < core::limits::kScenario.maxBytes);
        const core::ScenarioLoad l = core::loadScenario(text);
        QVERIFY(!l.ok);
        const core::Issue* i = findIssue(l.issues, IssueCode::TooManyValues);
        QVERIFY2(i, describeAll(l.issues).constData());
        QCOMPARE(i->a, double(core::limits::kScenario.maxValues));
    }

    // 6. A FIFO blocked for ever, /dev/zero was read until bad_alloc, a 200 MB array was read
    // whole: files are checked before a byte is read.
    void onlyRegularFilesOfBoundedSizeAreRead()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::vector<core::Issue> issues;
        std::string text;
        const std::string fifo = dir.filePath(QStringLiteral("fifo.json")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QVERIFY(!core::readInputFile(fifo, core::limits::kScenario.maxBytes, text, issues)); // must not block
        QVERIFY(issues.back().code == IssueCode::NotARegularFile);
        QCOMPARE(issues.back().a, double(int(core::FileKind::Fifo)));
        QCOMPARE(QString::fromStdString(issues.back().path), QString::fromStdString(fifo));

        QVERIFY(!core::readInputFile("/dev/zero", core::limits::kScenario.maxBytes, text, issues));
        QVERIFY(issues.back().code == IssueCode::NotARegularFile);
        QCOMPARE(issues.back().a, double(int(core::FileKind::Device)));

        QVERIFY(!core::readInputFile(dir.path().toStdString(), core::limits::kScenario.maxBytes, text, issues));
        QVERIFY(issues.back().code == IssueCode::NotARegularFile);
        QCOMPARE(core::describe(issues.back()), dir.path().toStdString() + ": it is a directory");

        QVERIFY(!core::readInputFile(dir.filePath(QStringLiteral("missing.json")).toStdString(), 100, text, issues));
        QVERIFY(issues.back().code == IssueCode::FileNotFound);

        // 17 MiB (sparse: no disk used): refused from its size, before reading.
        const QString big = dir.filePath(QStringLiteral("big.json"));
        QFile f(big);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(qint64(core::limits::kScenario.maxBytes) + core::limits::kMiB));
        f.close();
        QVERIFY(!core::readInputFile(big.toStdString(), core::limits::kScenario.maxBytes, text, issues));
        QVERIFY(issues.back().code == IssueCode::InputTooLarge);
        QCOMPARE(issues.back().a, 17.0 * 1024 * 1024);
        QCOMPARE(issues.back().b, 16.0 * 1024 * 1024);
        QVERIFY2(core::describe(issues.back()).find("(16 MiB)") != std::string::npos, core::describe(issues.back()).c_str());

        // A file within the limit is read exactly.
        const QString small = dir.filePath(QStringLiteral("small.json"));
        QFile s(small);
        QVERIFY(s.open(QIODevice::WriteOnly));
        s.write(core::defaultScenarioJson().data(), qint64(core::defaultScenarioJson().size()));
        s.close();
        issues.clear();
        QVERIFY(core::readInputFile(small.toStdString(), core::limits::kScenario.maxBytes, text, issues));
        QVERIFY(issues.empty());
        QCOMPARE(text, std::string(core::defaultScenarioJson()));
        // …and a limit of one byte less refuses it.
        QVERIFY(!core::readInputFile(small.toStdString(), text.size() - 1, text, issues));
        QVERIFY(issues.back().code == IssueCode::InputTooLarge);
    }
    void textBeyondTheSizeLimitIsRefused()
    {
        // Text that reaches a parser without a file (a session kept in the settings).
        const std::string text = std::string(core::limits::kScenario.maxBytes + 1, ' ');
        const core::ScenarioLoad l = core::loadScenario(text);
        QVERIFY(!l.ok);
        QVERIFY(findIssue(l.issues, IssueCode::InputTooLarge));
    }

    // 7. Undefined behaviour under UBSan: num() cast a double to long long before its range
    // check; 4·n_embd overflowed an int in the GPT-2 branch (and exited 0 with an FFN of 0);
    // bits and group_size were read with get<int>() from any double.
    void messagesAboutHugeNumbersAreDefined_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        // printf's %.4g of each value.
        QTest::addRow("1e308") << 1e308 << "1e+308 is beyond what ShardScope accepts (at most 9e+18)";
        QTest::addRow("-1e300") << -1e300 << "-1e+300 is beyond what ShardScope accepts (at most 9e+18)";
        QTest::addRow("9.3e18 (above long long)") << 9.3e18 << "9.3e+18 is beyond what ShardScope accepts (at most 9e+18)";
        QTest::addRow("12 (whole)") << 12.0 << "12 is beyond what ShardScope accepts (at most 9e+18)";
    }
    void messagesAboutHugeNumbersAreDefined()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        const core::Issue i{IssueCode::TooLarge, core::Severity::Error, "", value, 9e18};
        QCOMPARE(QString::fromStdString(core::describe(i)), text);
    }
    void gpt2FfnBeyondAnIntIsAnError()
    {
        // n_inner null means 4·n_embd (GPT-2's modeling code): 4 · 2^30 = 2^32 > 2^31 − 1.
        const core::HfImport i = core::importHfConfig(R"({"model_type": "gpt2", "n_layer": 1, "n_embd": 1073741824, "n_head": 1,
                                                          "vocab_size": 10, "n_inner": null})");
        QVERIFY(!i.ok);
        const core::Issue* big = findIssue(i.issues, IssueCode::TooLarge);
        QVERIFY2(big, describeAll(i.issues).constData());
        QCOMPARE(QString::fromStdString(big->path), QStringLiteral("n_embd"));
        // 2^29 − 1 still works: 4·n_embd = 2,147,483,644 fits.
        const core::HfImport fits = core::importHfConfig(R"({"model_type": "gpt2", "n_layer": 1, "n_embd": 536870911, "n_head": 1,
                                                             "vocab_size": 10})");
        QCOMPARE(fits.model.ffnHiddenSize, 2147483644);
    }
    void quantizationNumbersBeyondAnIntAreErrors_data()
    {
        QTest::addColumn<QByteArray>("quantization");
        QTest::addColumn<QString>("key");
        QTest::addRow("bits 1e300") << QByteArray(R"({"bits": 1e300})") << "quantization_config.bits";
        QTest::addRow("bits -3e9") << QByteArray(R"({"bits": -3e9})") << "quantization_config.bits";
        QTest::addRow("bits 4.5") << QByteArray(R"({"bits": 4.5})") << "quantization_config.bits";
        QTest::addRow("group_size 1e300") << QByteArray(R"({"bits": 4, "group_size": 1e300})") << "quantization_config.group_size";
        QTest::addRow("group_size 2^31") << QByteArray(R"({"bits": 4, "group_size": 2147483648})") << "quantization_config.group_size";
    }
    void quantizationNumbersBeyondAnIntAreErrors()
    {
        QFETCH(QByteArray, quantization);
        QFETCH(QString, key);
        const std::string text = R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                                     "vocab_size": 100, "intermediate_size": 128, "quantization_config": )"
                                 + quantization.toStdString() + "}";
        const core::HfImport i = core::importHfConfig(text);
        QVERIFY(!i.ok);
        const core::Issue* wrong = findIssue(i.issues, IssueCode::WrongType);
        QVERIFY2(wrong, describeAll(i.issues).constData());
        QCOMPARE(QString::fromStdString(wrong->path), key);
    }
    void gptqGroupSizeStillReads()
    {
        // GPTQ's quantize_config: bits 4, group_size 128, sym true; -1 means one group per row.
        const std::string base = R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                                     "vocab_size": 100, "intermediate_size": 128, "quantization_config": )";
        core::HfImport i = core::importHfConfig(base + R"({"bits": 4, "group_size": 128, "sym": true}})");
        QVERIFY(i.ok);
        QVERIFY(i.quantization.format == core::WeightFormat::Int4);
        QCOMPARE(i.quantization.groupSize, 128);
        QVERIFY(!i.quantization.zeroPoint);
        i = core::importHfConfig(base + R"({"bits": 4, "group_size": -1, "sym": false}})");
        QVERIFY(i.ok);
        QCOMPARE(i.quantization.groupSize, 0);
        QVERIFY(i.quantization.zeroPoint);
    }

    // 8. Duplicate keys kept the last value without a word (a whole second "model" section).
    void duplicateKeysAreReported_data()
    {
        QTest::addColumn<QString>("parser");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("key");
        QTest::addRow("second model section")
            << "scenario"
            << QByteArray(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "model": {"preset": "llama-2-70b"}})") << "model";
        QTest::addRow("parallel.tensor twice")
            << "scenario" << QByteArray(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"tensor": 2, "tensor": 4}})")
            << "parallel.tensor";
        QTest::addRow("config.json hidden_size twice")
            << "hf" << QByteArray(R"({"model_type": "llama", "hidden_size": 4096, "hidden_size": 8192})") << "hidden_size";
        QTest::addRow("deck scene title twice")
            << "deck" << QByteArray(R"({"scenes": [{"title": "a", "title": "b", "scenario": {"schema_version": 1}}]})") << "scenes[0].title";
        QTest::addRow("--set value") << "override" << QByteArray(R"(hardware.gpu={"preset": "h100-sxm", "preset": "a100-80gb"})")
                                     << "hardware.gpu.preset";
    }
    void duplicateKeysAreReported()
    {
        QFETCH(QString, parser);
        QFETCH(QByteArray, text);
        QFETCH(QString, key);
        bool ok = true;
        const std::vector<core::Issue> issues = parse(parser, text.toStdString(), &ok);
        QVERIFY(!ok);
        const core::Issue* i = findIssue(issues, IssueCode::DuplicateKey);
        QVERIFY2(i, describeAll(issues).constData());
        QCOMPARE(QString::fromStdString(i->path), key);
        QVERIFY(i->severity == core::Severity::Error);
    }
    void sameKeyInDifferentObjectsIsNoDuplicate()
    {
        // "preset" in model and in hardware.gpu, "prompt_length" in inference and finetune.rl.
        const core::ScenarioLoad l = core::loadScenario(core::saveScenario(core::defaultScenario()));
        QVERIFY2(l.ok, describeAll(l.issues).constData());
        QVERIFY(l.issues.empty());
    }
};

QTEST_GUILESS_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
