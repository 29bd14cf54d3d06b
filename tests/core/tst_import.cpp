// Launch files read into scenarios (issue 30): real public files (tests/core/data/import, each
// at a commit, SOURCES.md) imported to the scenario a person checks by hand; hostile files
// refused with the reason; and the round trip `launch` → `import` for every golden scenario.
#include <QtTest>

#include <QDir>
#include <QFile>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/importer/configtext.h"
#include "core/importer/importer.h"
#include "core/importer/pipelinelayout.h"
#include "core/importer/shellscript.h"
#include "core/io/deck.h"
#include "core/io/importfile.h"
#include "core/io/launchconfig.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/io/sharelink.h"

namespace {

QByteArray data(const QString& name)
{
    QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA "/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(name));
    return f.readAll();
}

core::ImportResult importData(const QString& file, int gpus = 0, const QString& besideConfig = {})
{
    core::ImportOptions options;
    options.fileName = file.section(QLatin1Char('/'), -1).toStdString();
    options.gpus = gpus;
    const QByteArray text = data(file);
    const QByteArray beside = besideConfig.isEmpty() ? QByteArray() : data(besideConfig);
    return core::importLaunchFile(std::string_view(text.constData(), std::size_t(text.size())), options,
                                  std::string_view(beside.constData(), std::size_t(beside.size())));
}

QString value(const core::Scenario& s, const QString& key)
{
    const std::optional<core::Field> f = core::findField(key.toStdString());
    if (!f)
        qFatal("no field %s", qPrintable(key));
    if (*f == core::Field::ModelPreset)
        return QString::fromStdString(s.model.preset);
    const core::FieldInfo& info = core::fieldInfo(*f);
    if (!info.isScalar())
        qFatal("%s is not a scalar field", qPrintable(key));
    const core::FieldValue v = core::fieldValue(s, *f);
    if (!info.choices.empty() && info.type == core::FieldType::Enum)
        for (const core::Choice& c : info.choices)
            if (c.value == v.toInteger())
                return QString::fromLatin1(c.name.data(), qsizetype(c.name.size()));
    if (v.kind() == core::FieldValue::Kind::Boolean)
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return QString::number(v.toDouble(), 'g', 12);
}

QString errors(const core::ImportResult& r)
{
    QStringList out;
    for (const core::Issue& i : r.issues)
        if (i.severity == core::Severity::Error)
            out << QString::fromStdString(core::describe(i));
    return out.join(QLatin1String("; "));
}

using Expect = QList<QPair<QString, QString>>;

/// Every shipped scenario, as tst_golden gathers them: the default, docs/*.json, the seed
/// deck's scenes, every model preset (training).
std::vector<std::pair<std::string, core::Scenario>> goldenScenarios()
{
    std::vector<std::pair<std::string, core::Scenario>> out;
    out.emplace_back("default", core::defaultScenario());
    QDir docs(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/docs"));
    for (const QString& name : docs.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        QFile f(docs.filePath(name));
        if (f.open(QIODevice::ReadOnly))
            if (const core::ScenarioLoad l = core::loadScenario(f.readAll().toStdString()); l.ok)
                out.emplace_back("docs/" + name.toStdString(), l.scenario);
    }
    const core::DeckLoad deck = core::loadDeck(core::seedDeckJson());
    for (std::size_t i = 0; i < deck.deck.scenes.size(); ++i)
        out.emplace_back("deck scene " + std::to_string(i), deck.deck.scenes[i].scenario);
    for (const core::ModelPreset& p : core::modelPresets()) {
        core::Scenario s = core::defaultScenario();
        s.model = p.model;
        out.emplace_back("preset " + p.model.preset, s);
    }
    return out;
}

/// The scenario's fields a launch file of that framework states (the rest is the default
/// scenario's, or the model beside it), with what two equal layouts may write differently:
/// SP means nothing without TP, expert TP 0 is TP, Adam and AdamW keep the same states, MoE
/// keys mean nothing for a dense model, a shared expert's width is what counts.
std::vector<core::Field> statedFields(core::LaunchFramework f, const core::Scenario& s)
{
    using F = core::Field;
    std::vector<F> out;
    if (f == core::LaunchFramework::Megatron) {
        for (const core::FieldInfo& info : core::kFieldTable)
            if (info.isScalar() && (info.section == core::FieldSection::Model || info.section == core::FieldSection::Parallel)
                && info.field != F::ModelParameters && info.field != F::ParallelGpusPerNode)
                out.push_back(info.field);
        for (F t : {F::TrainingSeqLength, F::TrainingMicroBatchSize, F::TrainingGlobalBatchSize, F::TrainingPrecision, F::TrainingOptimizer,
                    F::TrainingZeroStage, F::TrainingOffloadOptimizer, F::TrainingRecompute, F::TrainingFlashAttention, F::TrainingTpCommOverlap})
            out.push_back(t);
    } else if (f == core::LaunchFramework::DeepSpeed) {
        out = {F::TrainingMicroBatchSize, F::TrainingGlobalBatchSize, F::TrainingPrecision, F::TrainingZeroStage, F::TrainingOffloadOptimizer,
               F::TrainingOffloadParameters, F::TrainingRecompute, F::ParallelTensor, F::ParallelContext, F::ParallelGpus};
    } else {
        out = {F::TrainingMicroBatchSize, F::TrainingGlobalBatchSize, F::TrainingSeqLength, F::TrainingPrecision, F::TrainingZeroStage,
               F::TrainingOffloadOptimizer, F::TrainingOffloadParameters, F::TrainingRecompute, F::TrainingTpCommOverlap, F::ParallelTensor,
               F::ParallelPipeline, F::ParallelVirtualPipeline, F::ParallelContext, F::ParallelSequenceParallel, F::ParallelGpus};
        if (s.model.isMoE())
            out.insert(out.end(), {F::ParallelExpert, F::ParallelExpertTensor});
    }
    return out;
}

/// The fields a launch note says the file could not state as the scenario does.
std::vector<core::Field> fieldsOf(core::LaunchNoteCode code)
{
    using F = core::Field;
    using N = core::LaunchNoteCode;
    switch (code) {
    case N::ParameterOffloadNoMegatronFlag: return {F::TrainingOffloadParameters};
    case N::PureBf16IsMixed: return {F::TrainingPrecision};
    case N::RopeScalingNotWritten: return {F::ModelRopeScaling, F::ModelRopeScalingFactor};
    case N::RopeBaseNotInteger: return {F::ModelRopeTheta};
    case N::GegluAsSwiglu:
    case N::ActivationNotExpressible: return {F::ModelActivation};
    case N::DeepSpeedPipelineInCode: return {F::ParallelPipeline, F::ParallelGpus, F::TrainingGlobalBatchSize};
    case N::DeepSpeedExpertsInCode: return {F::ParallelExpert};
    case N::DeepSpeedRecomputeInModel: return {F::TrainingRecompute};
    case N::TorchtitanZeroOne: return {F::TrainingZeroStage};
    case N::TorchtitanOffloadTogether: return {F::TrainingOffloadParameters, F::TrainingOffloadOptimizer};
    case N::TorchtitanFp8Converter:
    case N::TorchtitanFp32Reduce: return {F::TrainingPrecision};
    case N::TorchtitanSequenceParallel: return {F::ParallelSequenceParallel};
    case N::TorchtitanUnevenPipeline: return {F::ParallelFirstStageLayers, F::ParallelLastStageLayers};
    case N::NormsPerLayerNotWritten: return {F::ModelNormsPerLayer};
    case N::MaxPositionsRaised: return {F::ModelMaxPositionEmbeddings};
    case N::OptimizerNotExpressible: return {F::TrainingOptimizer};
    case N::NvmeOffloadNoMegatronFlag: return {F::TrainingOffloadDevice};
    case N::DeepSpeedCheckpointInCode: return {F::GoodputCheckpointInterval};
    case N::HybridLayersNotWritten:
        return {F::ModelLinearMixer, F::ModelFullAttentionInterval, F::ModelFullAttentionFirst, F::ModelMixerOnlyBeforeAttention,
                F::ModelLinearNumKeyHeads, F::ModelLinearKeyHeadDim, F::ModelLinearNumValueHeads, F::ModelLinearValueHeadDim,
                F::ModelLinearConvKernel, F::ModelAttentionOutputGate, F::ModelRecurrentStateDtype};
    case N::SparseAttentionNotWritten: return {F::ModelIndexNumHeads, F::ModelIndexHeadDim, F::ModelIndexTopK};
    case N::VisionTowerNotWritten: {
        std::vector<core::Field> out;
        for (std::size_t i = std::size_t(F::ModelVisionLayers); i <= std::size_t(F::ModelVisionPatchBias); ++i)
            out.push_back(core::Field(i));
        return out;
    }
    default: return {};
    }
}

core::FieldValue normalised(const core::Scenario& s, core::Field f)
{
    using F = core::Field;
    const core::ModelArchitecture& m = s.model;
    switch (f) {
    case F::ParallelSequenceParallel: return s.parallel.sequenceParallel && s.parallel.tensor > 1;
    case F::TrainingTpCommOverlap: return s.training.tpCommOverlap && s.parallel.sequenceParallel && s.parallel.tensor > 1;
    case F::ParallelExpertTensor: return m.isMoE() ? s.parallel.effectiveExpertTensor() : 0;
    case F::ParallelExpert: return m.isMoE() ? s.parallel.expert : 1;
    case F::ParallelVirtualPipeline: return s.parallel.pipeline > 1 ? s.parallel.virtualPipeline : 1;
    case F::ParallelFirstStageLayers: return s.parallel.pipeline > 1 ? s.parallel.firstStageLayers : 0;
    case F::ParallelLastStageLayers: return s.parallel.pipeline > 1 ? s.parallel.lastStageLayers : 0;
    case F::ParallelEmbeddingCountsAsLayer: return s.parallel.pipeline > 1 && s.parallel.embeddingCountsAsLayer;
    case F::ParallelLossCountsAsLayer: return s.parallel.pipeline > 1 && s.parallel.lossCountsAsLayer;
    case F::TrainingOptimizer: return s.training.optimizer == core::Optimizer::Adam ? core::Optimizer::AdamW : s.training.optimizer;
    case F::ModelActivation:
        return m.activation != core::Activation::Auto ? m.activation : (m.gatedMlp ? core::Activation::Silu : core::Activation::Gelu);
    case F::ModelNumSharedExperts: return m.isMoE() && m.sharedExpertWidth() > 0 ? 1 : 0;
    case F::ModelSharedExpertFfnHiddenSize: return m.isMoE() ? m.sharedExpertWidth() : 0;
    case F::ModelQkvBias: return m.qkvBias && !m.linearBias;
    case F::ModelPadVocabMultiple: return m.padVocabMultiple > 1 ? m.padVocabMultiple : 1;
    case F::ModelNumQueryGroups: return m.isMla() ? m.numAttentionHeads : m.numQueryGroups;
    case F::ModelGlobalLayerEvery: return m.slidingWindow > 0 ? m.globalLayerEvery : 0;
    default: break;
    }
    if (core::fieldInfo(f).use == core::FieldUse::MoE && !m.isMoE())
        return 0;
    if (f == F::ModelFirstDenseLayers || f == F::ModelNumExperts || f == F::ModelSharedExpertGate)
        if (!m.isMoE())
            return 0;
    if ((f == F::ModelQLoraRank || f == F::ModelKvLoraRank || f == F::ModelQkNopeHeadDim || f == F::ModelQkRopeHeadDim || f == F::ModelVHeadDim)
        && !m.isMla())
        return 0;
    return core::fieldValue(s, f);
}

} // namespace

class TestImport : public QObject
{
    Q_OBJECT

private slots:
    void realFiles_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("beside");
        QTest::addColumn<QString>("format");
        QTest::addColumn<Expect>("expect");
        // Megatron-LM's Llama 3 8B FP8 example, read by hand: torchrun --nproc_per_node 8
        // --nnodes 1 (GPUS_PER_NODE=8, NUM_NODES=1); MODEL_ARGS: 32 layers (NUM_LAYERS), hidden
        // 4096, FFN 14336, 32 heads, --group-query-attention with 8 groups, --kv-channels 128,
        // --seq-length 8192 (SEQ_LENGTH), --max-position-embeddings 8192, rope with
        // --rotary-base 1000000, both dropouts 0.0, --swiglu, RMSNorm, untied, no biases;
        // TRAINING_ARGS: micro-batch 1, global 128, --bf16 with --grad-reduce-in-bf16; DTYPE="fp8"
        // so DTYPE_ARGS holds --fp8-format hybrid; TP 1, CP 1, --pipeline-model-parallel-size
        // commented out (1); --sequence-parallel; DDP_ARGS --use-distributed-optimizer (ZeRO-1);
        // TOKENIZER_ARG defaults to MOCK, so DATA_ARGS_LIST takes the first branch: NullTokenizer,
        // --vocab-size 128256; no --recompute-granularity; --attention-backend fused (flash).
        QTest::addRow("Megatron-LM examples/llama/train_llama3_8b_h100_fp8.sh @ d98e8a6")
            << "import/megatron-llama3-8b-h100-fp8.sh" << 0 << QString() << "megatron"
            << Expect{{"parallel.gpus", "8"},         {"parallel.gpus_per_node", "8"},      {"parallel.tensor", "1"},
                      {"parallel.pipeline", "1"},     {"parallel.context", "1"},            {"parallel.sequence_parallel", "true"},
                      {"model.num_layers", "32"},      {"model.hidden_size", "4096"},        {"model.ffn_hidden_size", "14336"},
                      {"model.num_attention_heads", "32"}, {"model.num_query_groups", "8"},  {"model.head_dim", "128"},
                      {"model.vocab_size", "128256"}, {"model.max_position_embeddings", "8192"}, {"model.position_embedding", "rope"},
                      {"model.rope_theta", "1000000"}, {"model.gated_mlp", "true"},         {"model.activation", "silu"},
                      {"model.normalization", "rmsnorm"}, {"model.tied_embeddings", "false"}, {"model.linear_bias", "false"},
                      {"model.dropout", "false"},     {"training.seq_length", "8192"},      {"training.micro_batch_size", "1"},
                      {"training.global_batch_size", "128"}, {"training.precision", "fp8_mixed"}, {"training.zero_stage", "1"},
                      {"training.recompute", "none"}, {"training.flash_attention", "true"}, {"training.framework", "megatron"}};
        // torchtitan's Llama 3 70B config, a preset "for 64 A100 GPUs" (its first line): the
        // model from hf_assets_path ./assets/hf/Llama-3.1-70B; TP 8, the shard degree −1 takes
        // the rest: 64 / 8 = 8; local batch 8 per data-parallel rank without a pipeline, global
        // −1 (the default) = 8 × 8 = 64 sequences of seq_len 8192; 1000 steps = 1000 × 64 × 8192
        // = 524,288,000 tokens; activation_checkpoint full; FSDP2 resharding after forward
        // (the default) = ZeRO-3; bf16 parameters, float32 reduction = fp32 gradients.
        QTest::addRow("torchtitan llama3_70b.toml @ 238fa99 on 64 GPUs")
            << "import/torchtitan-llama3-70b.toml" << 64 << QString() << "torchtitan"
            << Expect{{"model.preset", "llama-3.1-70b"}, {"parallel.gpus", "64"}, {"parallel.tensor", "8"}, {"parallel.pipeline", "1"},
                      {"parallel.context", "1"}, {"training.micro_batch_size", "8"}, {"training.global_batch_size", "64"},
                      {"training.seq_length", "8192"}, {"training.train_tokens", "524288000"}, {"training.recompute", "full"},
                      {"training.zero_stage", "3"}, {"training.precision", "mixed_bf16_fp32_grads"}, {"training.framework", "fsdp2"}};
        // DeepSpeed's AutoTP example with the Hugging Face Trainer: every batch size "auto" (the
        // Trainer fills them), ZeRO-2, tensor_parallel.autotp_size 4, AdamW; the model from the
        // config.json beside it (here Llama 2 7B's); the GPUs are not in the file: 8 assumed.
        QTest::addRow("DeepSpeedExamples tensor_parallel/hf_integration ds_config.json @ ff01ee0")
            << "import/deepspeed-autotp-hf.json" << 0 << "hf/llama-2-7b.json" << "deepspeed"
            << Expect{{"model.num_layers", "32"}, {"model.hidden_size", "4096"}, {"parallel.gpus", "8"}, {"parallel.tensor", "4"},
                      {"training.zero_stage", "2"}, {"training.optimizer", "adamw"}, {"training.precision", "mixed_16"},
                      {"training.framework", "deepspeed"}, {"training.offload_optimizer", "false"}};
        // axolotl's Llama 3 QLoRA example: base_model NousResearch/Meta-Llama-3-8B (Meta's
        // Meta-Llama-3-8B, the preset llama-3-8b), adapter qlora with load_in_4bit, lora_r 32 on
        // every linear layer, sequence_len 4096, micro_batch_size 2 × gradient_accumulation_steps
        // 4 × 8 data-parallel GPUs (assumed) = 64, paged_adamw_32bit (AdamW, paged), bf16 auto,
        // gradient checkpointing (full), flash attention.
        QTest::addRow("axolotl examples/llama-3/qlora.yml @ ba1be71")
            << "import/axolotl-llama3-qlora.yml" << 0 << QString() << "axolotl"
            << Expect{{"mode", "finetune"},  {"model.preset", "llama-3-8b"}, {"finetune.method", "qlora"}, {"finetune.lora_rank", "32"},
                      {"finetune.base_format", "nf4"}, {"training.seq_length", "4096"}, {"training.micro_batch_size", "2"},
                      {"training.global_batch_size", "64"}, {"training.optimizer", "adamw"}, {"finetune.paged_optimizer", "true"},
                      {"training.precision", "mixed_16"}, {"training.recompute", "full"}, {"training.flash_attention", "true"}};
        // vLLM's pipeline-parallel example ("# Eight GPUs total"): gpt2 with TP 4 × PP 2 = 8
        // GPUs; the model from GPT-2's config.json beside the command (12 layers, 768, 12 heads).
        QTest::addRow("vLLM docs/serving/distributed_serving.md @ 06824165")
            << "import/vllm-distributed-serving.sh" << 0 << "hf/gpt2.json" << "vllm"
            << Expect{{"mode", "inference"}, {"inference.engine", "vllm"}, {"parallel.tensor", "4"}, {"parallel.pipeline", "2"},
                      {"parallel.gpus", "8"}, {"model.num_layers", "12"}, {"model.hidden_size", "768"}, {"model.num_attention_heads", "12"}};
    }
    void realFiles()
    {
        QFETCH(QString, file);
        QFETCH(int, gpus);
        QFETCH(QString, beside);
        QFETCH(QString, format);
        QFETCH(Expect, expect);
        const core::ImportResult r = importData(file, gpus, beside);
        QVERIFY2(r.ok, qPrintable(errors(r)));
        QCOMPARE(QString::fromLatin1(core::importFormatName(r.format).data()), format);
        for (const auto& [key, expected] : expect)
            QVERIFY2(value(r.scenario, key) == expected, qPrintable(QStringLiteral("%1 = %2, expected %3").arg(key, value(r.scenario, key), expected)));
        // Every setting is accounted for, and the estimate takes the scenario.
        QVERIFY(!r.settings.empty());
        QVERIFY(core::estimate(r.scenario).valid);
    }

    void megatronReportSaysWhatItIgnored()
    {
        const core::ImportResult r = importData(QStringLiteral("import/megatron-llama3-8b-h100-fp8.sh"));
        QVERIFY(r.ok);
        auto why = [&](std::string_view key) {
            for (const core::ImportedSetting& s : r.settings)
                if (s.key == key)
                    return s.why;
            return core::ImportWhy::Count;
        };
        QCOMPARE(why("--lr"), core::ImportWhy::NoEffect);               // optimizer hyper-parameter
        QCOMPARE(why("--fp8-param-gather"), core::ImportWhy::NotModelled); // FP8 parameters: not modelled
        QCOMPARE(why("--step-batch-size-schedule"), core::ImportWhy::Count); // not in this script
        QCOMPARE(why("--tensorboard-dir"), core::ImportWhy::NoEffect);
        // The branch not taken (real data) is not read: its --tokenizer-type HuggingFaceTokenizer is absent.
        QVERIFY(std::none_of(r.settings.begin(), r.settings.end(), [](const core::ImportedSetting& s) { return s.value == "HuggingFaceTokenizer"; }));
        // The device is the default scenario's, and said to be.
        QVERIFY(std::find(r.assumed.begin(), r.assumed.end(), core::Field::GpuPreset) != r.assumed.end());
    }

    void refusedWithTheReason_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("beside");
        QTest::addColumn<int>("code");
        // GPT-3 175B: TP 8 × PP 16 = 128 model-parallel ranks, launched on 8 GPUs (GPUS_PER_NODE=8,
        // NUM_NODES=1 "Change for multinode config"): no data-parallel degree exists.
        QTest::addRow("Megatron-LM gpt3 175B on one node") << "import/megatron-gpt3-175b.sh" << QString()
                                                           << int(core::IssueCode::ModelParallelNotDividingGpus);
        // facebook/opt-13b is no preset and nothing beside says its shape.
        QTest::addRow("vLLM opt-13b without its config.json") << "import/vllm-opt-13b.sh" << QString() << int(core::IssueCode::ImportNoModel);
        // A DeepSpeed config names no model.
        QTest::addRow("DeepSpeed without config.json") << "import/deepspeed-autotp-hf.json" << QString() << int(core::IssueCode::ImportNoModel);
    }
    void refusedWithTheReason()
    {
        QFETCH(QString, file);
        QFETCH(QString, beside);
        QFETCH(int, code);
        const core::ImportResult r = importData(file, 0, beside);
        QVERIFY(!r.ok);
        QVERIFY2(std::any_of(r.issues.begin(), r.issues.end(), [&](const core::Issue& i) { return int(i.code) == code && i.severity == core::Severity::Error; }),
                 qPrintable(errors(r)));
    }

    void megatronWindowSize_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("sets");
        QTest::addColumn<double>("window");
        // Megatron's tuple_type "(left,right)" (arguments.py L377): the left extent is the window.
        QTest::addRow("(4096,0)") << "\"(4096,0)\"" << true << 4096.0;
        QTest::addRow("( 128 , 0 )") << "\"( 128 , 0 )\"" << true << 128.0;
        QTest::addRow("bare 512") << "512" << true << 512.0;
        // No left extent: a bad value, said so (an empty one threw std::out_of_range: fuzz_launchshell).
        QTest::addRow("empty") << "\"\"" << false << 0.0;
        QTest::addRow("only ( and spaces") << "\"( \"" << false << 0.0;
        QTest::addRow("comma first") << "\",5\"" << false << 0.0;
        QTest::addRow("negative") << "\"(-3,0)\"" << false << 0.0;
    }
    void megatronWindowSize()
    {
        QFETCH(QString, value);
        QFETCH(bool, sets);
        QFETCH(double, window);
        const QByteArray text = "torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --vocab-size 32000 --max-position-embeddings 4096 --seq-length 4096 --window-size " + value.toUtf8() + "\n";
        core::ImportOptions options;
        options.format = core::ImportFormat::Megatron;
        const core::ImportResult r = core::importLaunchFile(std::string_view(text.constData(), std::size_t(text.size())), options);
        QVERIFY2(r.ok, qPrintable(errors(r)));
        const auto it = std::find_if(r.settings.begin(), r.settings.end(), [](const core::ImportedSetting& s) { return s.key == "--window-size"; });
        QVERIFY(it != r.settings.end());
        QCOMPARE(it->why == core::ImportWhy::Sets, sets);
        if (sets)
            QCOMPARE(double(r.scenario.model.slidingWindow), window);
        else
            QCOMPARE(it->why, core::ImportWhy::BadValue);
    }

    void pipelineLayoutUnrolls()
    {
        // Megatron's own example (pipeline_parallel_layer_layout.py @ d98e8a6 parse_str_to_list):
        // "Ettt|(tt|)*29,m|L" is [E t t t] + [t t] * 29 + [m] + [L].
        const auto chunks = core::unrollPipelineLayout("Ettt|(tt|)*29,m|L");
        QVERIFY(chunks.has_value());
        QCOMPARE(chunks->size(), std::size_t(32));
        QCOMPARE(chunks->front(), std::string("Ettt"));
        QCOMPARE((*chunks)[29], std::string("tt"));
        QCOMPARE((*chunks)[30], std::string("m"));
        QCOMPARE(chunks->back(), std::string("L"));
        // Its comment's forms: "(ab)*3" repeats, "(|ab)*2,cd" puts the bars where they are.
        QCOMPARE(*core::unrollPipelineLayout("E(t)*3|tL"), (std::vector<std::string>{"Ettt", "tL"}));
        QCOMPARE(*core::unrollPipelineLayout("E(|t)*2,tL"), (std::vector<std::string>{"E", "t", "ttL"}));
        QVERIFY(!core::unrollPipelineLayout("Ex|L")); // not a layer character
        QVERIFY(!core::unrollPipelineLayout("E(t)*99999999|L")); // unrolls past any launch file
    }

    void megatronPipelineLayout_data()
    {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("pipeline");
        QTest::addColumn<int>("why");
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<bool>("embeddingUnit");
        QTest::addColumn<bool>("lossUnit");
        using W = core::ImportWhy;
        // Llama 3 (arXiv 2407.21783 §3.3.2): 126 layers on 16 stages, the embedding alone in the
        // first chunk and the loss alone in the last: 128 one-unit chunks, 128 / 16 = 8 virtual
        // stages, (126 + 1 + 1) / 128 = 1 layer a chunk but for the two ends.
        QTest::addRow("Llama 3 405B: E|(t|)*126L on PP 16") << "E|(t|)*126L" << 126 << 16 << int(W::Sets) << 8 << 0 << 0 << true << true;
        // Even: 32 layers, 4 chunks of 8 on PP 2 (v = 2).
        QTest::addRow("even: Et*8|t*8|t*8|t*8L on PP 2") << "Et*8|t*8|t*8|t*8L" << 32 << 2 << int(W::Sets) << 2 << 0 << 0 << false << false;
        // Megatron-Bridge DeepSeek-V3 on PP 8 (recipes/deepseek/h100/deepseek_v3.py @ 067f987
        // _get_deepseek_v3_pipeline_layout (8, 1)): E + 8, six of 8, 5 + MTP + loss; 61 = 8·7 + 5:
        // the last stage's 5 layers, the rest even (56 / 7 = 8); the MTP layer is not placed.
        QTest::addRow("DeepSeek-V3 on PP 8 (Bridge)") << "Et*8|(t*8|)*6t*5mL" << 61 << 8 << int(W::Approximated) << 1 << 0 << 5 << false << false;
        // Uneven ends with virtual stages: PP 2, v = 2, stage 0 holds 3 + 3, stage 1 holds 2 + 2:
        // the last stage's 4 layers (2 a chunk), the first's 10 − 4 = 6 (3 a chunk).
        QTest::addRow("ends with VPP: Ettt|tt|ttt|ttL") << "Ettt|tt|ttt|ttL" << 10 << 2 << int(W::Sets) << 2 << 0 << 4 << false << false;
        // Megatron-Bridge DeepSeek-V3 (4, 4): E + 4, fourteen of 4, 1 + MTP + loss: the last stage's
        // chunks hold 4, 4, 4 and 1 layers, which no split over its 4 virtual stages gives.
        QTest::addRow("DeepSeek-V3 on PP 4 VPP 4 (Bridge): not expressible") << "Etttt|(tttt|)*14tmL" << 61 << 4 << int(W::NotModelled) << 1 << 0 << 0 << false << false;
        // 5 chunks on PP 2: Megatron refuses it (arguments.py L945).
        QTest::addRow("chunks not a multiple of PP") << "Et|t|t|t|tL" << 5 << 2 << int(W::BadValue) << 1 << 0 << 0 << false << false;
        QTest::addRow("loss not last") << "Ett|Ltt" << 4 << 2 << int(W::BadValue) << 1 << 0 << 0 << false << false;
    }
    void megatronPipelineLayout()
    {
        QFETCH(QString, layout);
        QFETCH(int, layers);
        QFETCH(int, pipeline);
        QFETCH(int, why);
        QFETCH(int, virtualStages);
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(bool, embeddingUnit);
        QFETCH(bool, lossUnit);
        const QByteArray text = "torchrun --nproc_per_node 8 --nnodes 4 pretrain_gpt.py --num-layers " + QByteArray::number(layers)
            + " --hidden-size 4096 --num-attention-heads 32 --vocab-size 32000 --max-position-embeddings 4096 --seq-length 4096"
              " --micro-batch-size 1 --global-batch-size 256 --pipeline-model-parallel-layout \"" + layout.toUtf8()
            + "\" --pipeline-model-parallel-size " + QByteArray::number(pipeline) + "\n";
        core::ImportOptions options;
        options.format = core::ImportFormat::Megatron;
        const core::ImportResult r = core::importLaunchFile(std::string_view(text.constData(), std::size_t(text.size())), options);
        const auto it = std::find_if(r.settings.begin(), r.settings.end(),
                                     [](const core::ImportedSetting& s) { return s.key == "--pipeline-model-parallel-layout"; });
        QVERIFY(it != r.settings.end());
        QCOMPARE(int(it->why), why);
        QCOMPARE(std::count_if(r.settings.begin(), r.settings.end(),
                               [](const core::ImportedSetting& s) { return s.key == "--pipeline-model-parallel-layout"; }),
                 1);
        const core::ParallelLayout& p = r.scenario.parallel;
        QCOMPARE(p.virtualPipeline, virtualStages);
        QCOMPARE(p.firstStageLayers, first);
        QCOMPARE(p.lastStageLayers, last);
        QCOMPARE(p.embeddingCountsAsLayer, embeddingUnit);
        QCOMPARE(p.lossCountsAsLayer, lossUnit);
        if (why == int(core::ImportWhy::Sets) || why == int(core::ImportWhy::Approximated))
            QVERIFY2(r.ok, qPrintable(errors(r)));
    }

    void bridgeYamlPipelineLayout()
    {
        // Megatron-Bridge's ConfigContainer YAML names the same setting model.pipeline_model_parallel_layout
        // (a string here): it goes through the Megatron flag, recorded under the flag's name. Llama 3's split on PP 16 as in
        // megatronPipelineLayout: VP 8, the embedding and the loss each one unit.
        core::ImportOptions options;
        options.format = core::ImportFormat::MegatronBridge;
        const core::ImportResult r = core::importLaunchFile("model:\n  num_layers: 126\n  hidden_size: 4096\n  num_attention_heads: 32\n"
                                                            "  pipeline_model_parallel_size: 16\n"
                                                            "  pipeline_model_parallel_layout: \"E|(t|)*126L\"\n",
                                                            options);
        const auto it = std::find_if(r.settings.begin(), r.settings.end(),
                                     [](const core::ImportedSetting& s) { return s.key == "--pipeline-model-parallel-layout"; });
        QVERIFY(it != r.settings.end());
        QCOMPARE(int(it->why), int(core::ImportWhy::Sets));
        QCOMPARE(r.scenario.parallel.virtualPipeline, 8);
        QVERIFY(r.scenario.parallel.embeddingCountsAsLayer);
        QVERIFY(r.scenario.parallel.lossCountsAsLayer);
    }

    void hostileText_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("code");
        QByteArray doubling = "A=xxxxxxxxxxxxxxxx\n";
        for (int i = 0; i < 40; ++i)
            doubling += "A=\"$A$A\"\n"; // 16 × 2^40 bytes if it were expanded
        doubling += "pretrain_gpt.py --num-layers $A\n";
        QTest::addRow("shell: doubling variables") << doubling << "megatron" << int(core::IssueCode::ExpansionTooLarge);
        QTest::addRow("shell: unterminated quote") << QByteArray("torchrun pretrain_gpt.py --num-layers \"32\n") << "megatron"
                                                   << int(core::IssueCode::UnterminatedQuote);
        QByteArray ifs;
        for (int i = 0; i < 100; ++i)
            ifs += "if true; then\n";
        QTest::addRow("shell: 100 nested ifs") << ifs << "megatron" << int(core::IssueCode::NestingTooDeep);
        QByteArray parens = "pretrain_gpt.py --num-layers $((" + QByteArray(5000, '(') + "1" + QByteArray(5000, ')') + "))\n";
        QTest::addRow("shell: arithmetic nested 5000 deep") << parens << "megatron" << int(core::IssueCode::NestingTooDeep);
        QByteArray yaml;
        for (int i = 0; i < 200; ++i)
            yaml += QByteArray(i * 2, ' ') + "k" + QByteArray::number(i) + ":\n";
        QTest::addRow("yaml: 200 levels") << yaml << "axolotl" << int(core::IssueCode::NestingTooDeep);
        QTest::addRow("yaml: an alias") << QByteArray("base_model: &m meta-llama/Llama-3.1-8B\nother: *m\n") << "axolotl" << int(core::IssueCode::ImportSyntax);
        QTest::addRow("yaml: tab indentation") << QByteArray("a:\n\tb: 1\n") << "axolotl" << int(core::IssueCode::ImportSyntax);
        QByteArray toml = "[training]\nx = " + QByteArray(1000, '[') + QByteArray(1000, ']') + "\n";
        QTest::addRow("toml: arrays 1000 deep") << toml << "torchtitan" << int(core::IssueCode::NestingTooDeep);
        QByteArray many = "[training]\n";
        for (int i = 0; i < 120000; ++i)
            many += "k" + QByteArray::number(i) + " = 1\n";
        QTest::addRow("toml: 120,000 keys") << many << "torchtitan" << int(core::IssueCode::TooManyValues);
        QTest::addRow("toml: unterminated string") << QByteArray("[training]\nseq_len = \"8192\n") << "torchtitan" << int(core::IssueCode::UnterminatedQuote);
        QTest::addRow("not a launch file") << QByteArray("hello world\n") << "auto" << int(core::IssueCode::ImportFormatUnknown);
        QTest::addRow("json: not an object") << QByteArray("[1, 2, 3]") << "deepspeed" << int(core::IssueCode::ImportFormatUnknown);
    }
    void hostileText()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, format);
        QFETCH(int, code);
        core::ImportOptions options;
        options.format = core::importFormatOf(format.toStdString());
        const core::ImportResult r = core::importLaunchFile(std::string_view(text.constData(), std::size_t(text.size())), options);
        QVERIFY(!r.ok);
        QVERIFY2(std::any_of(r.issues.begin(), r.issues.end(), [&](const core::Issue& i) { return int(i.code) == code; }), qPrintable(errors(r)));
    }

    /// Issue 32 item 10 for every importer: a model the core's rules refuse is an error.
    void impossibleModelsAreRefused_data()
    {
        QTest::addColumn<QString>("flags");
        QTest::addColumn<int>("code");
        QTest::addRow("-1 layers") << "--num-layers -1" << int(core::IssueCode::Negative);
        QTest::addRow("0 layers") << "--num-layers 0" << int(core::IssueCode::NotPositive);
        QTest::addRow("1e9 layers") << "--num-layers 1000000000" << int(core::IssueCode::TooLarge);
        QTest::addRow("0 heads") << "--num-attention-heads 0" << int(core::IssueCode::NotPositive);
        QTest::addRow("-32 heads") << "--num-attention-heads -32" << int(core::IssueCode::Negative);
        QTest::addRow("KV heads not dividing") << "--group-query-attention --num-query-groups 5" << int(core::IssueCode::KvHeadsNotDividingHeads);
        QTest::addRow("vocab 0") << "--vocab-size 0" << int(core::IssueCode::NotPositive);
        QTest::addRow("FFN 0") << "--ffn-hidden-size 0" << int(core::IssueCode::NotPositive);
        QTest::addRow("top-k 9 of 8") << "--num-experts 8 --moe-router-topk 9 --moe-ffn-hidden-size 1024" << int(core::IssueCode::TopKExceedsExperts);
        QTest::addRow("hidden 1e7") << "--hidden-size 10000000" << int(core::IssueCode::TooLarge);
    }
    void impossibleModelsAreRefused()
    {
        QFETCH(QString, flags);
        QFETCH(int, code);
        const QString text = QStringLiteral("torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py --num-layers 32 --hidden-size 4096 "
                                            "--ffn-hidden-size 11008 --num-attention-heads 32 --vocab-size 32000 --seq-length 4096 "
                                            "--max-position-embeddings 4096 %1\n").arg(flags);
        const QByteArray utf8 = text.toUtf8();
        const core::ImportResult r = core::importLaunchFile(std::string_view(utf8.constData(), std::size_t(utf8.size())), {});
        QVERIFY(!r.ok);
        QVERIFY2(std::any_of(r.issues.begin(), r.issues.end(), [&](const core::Issue& i) { return int(i.code) == code; }), qPrintable(errors(r)));
    }

    /// Issue 30: `launch` then `import` gives back the scenario, for every shipped scenario and
    /// each framework — every field the file states, and where it cannot state one as the
    /// scenario has it, a note in the file says so (never a silent difference).
    void roundTrip()
    {
        int compared = 0;
        for (const auto& [name, s] : goldenScenarios()) {
            if (!s.model.hasArchitecture || !core::estimate(s).valid)
                continue; // launch refuses what estimate refuses; a bare count has no shape to write
            for (core::LaunchFramework f : {core::LaunchFramework::Megatron, core::LaunchFramework::DeepSpeed, core::LaunchFramework::Torchtitan}) {
                const core::LaunchFile file = core::launchFile(s, f);
                core::ImportOptions options;
                options.format = f == core::LaunchFramework::Megatron ? core::ImportFormat::Megatron
                    : f == core::LaunchFramework::DeepSpeed           ? core::ImportFormat::DeepSpeed
                                                                      : core::ImportFormat::Torchtitan;
                // DeepSpeed never names the model, torchtitan only a flavor: the config.json beside.
                if (f != core::LaunchFramework::Megatron)
                    options.besideModel = s.model;
                const core::ImportResult r = core::importLaunchFile(file.text, options);
                const QString where = QString::fromStdString(name + " via " + std::string(core::launchFrameworkName(f)));
                QVERIFY2(r.ok, qPrintable(where + ": " + errors(r) + "\n" + QString::fromStdString(file.text)));
                std::vector<core::Field> noted;
                for (const core::LaunchNote& n : file.notes)
                    for (core::Field x : fieldsOf(n.code))
                        noted.push_back(x);
                for (core::Field field : statedFields(f, s)) {
                    if (std::find(noted.begin(), noted.end(), field) != noted.end())
                        continue;
                    const core::FieldValue a = normalised(s, field), b = normalised(r.scenario, field);
                    QVERIFY2(a == b, qPrintable(where + QStringLiteral(": %1 was %2, came back %3\n").arg(QString::fromLatin1(core::fieldKey(field).data()))
                                                           .arg(a.toDouble()).arg(b.toDouble()) + QString::fromStdString(file.text)));
                    ++compared;
                }
                // Training tokens: whole iterations (steps) of the global batch.
                if (f != core::LaunchFramework::DeepSpeed && s.training.trainTokens > 0) {
                    const double step = double(s.training.globalBatchSize) * double(s.training.seqLength);
                    QVERIFY2(std::fabs(r.scenario.training.trainTokens - s.training.trainTokens) < step, qPrintable(where));
                }
            }
        }
        QVERIFY(compared > 1000);
    }

    /// Issue 30: a link gives back the scenario and its title, for every shipped scenario; a
    /// preset scenario's link stays short.
    void shareLinkRoundTrip()
    {
        for (const auto& [name, s] : goldenScenarios()) {
            const std::string title = "Shared: " + name + " — 70B, ½ & 100%";
            const std::string link = core::shareLink(s, title);
            QVERIFY2(link.rfind(core::kShareLinkPrefix, 0) == 0, name.c_str());
            for (char c : link)
                QVERIFY2(std::isalnum(static_cast<unsigned char>(c)) || std::string_view("-._~%&=:/?").find(c) != std::string_view::npos, name.c_str());
            const core::ScenarioLoad back = core::openShareLink(link);
            core::Scenario carried = s;
            carried.measured = {}; // a link does not carry a measured run
            QVERIFY2(back.ok && back.scenario == carried && back.title == title, qPrintable(QString::fromStdString(name + ": " + link)));
        }
        // The default scenario under a preset and a layout: a short, readable link.
        core::Scenario s = core::defaultScenario();
        s.model = core::findModelPreset("llama-3.1-70b")->model;
        s.parallel.gpus = 64;
        s.parallel.tensor = 8;
        const std::string link = core::shareLink(s);
        QCOMPARE(QString::fromStdString(link),
                 QStringLiteral("shardscope://v1?model.preset=llama-3.1-70b&parallel.gpus=64&parallel.tensor=8"));
    }

    void hostileLinks_data()
    {
        QTest::addColumn<QByteArray>("link");
        QTest::addColumn<int>("code");
        QTest::addRow("not a link") << QByteArray("https://example.com/?parallel.tensor=2") << int(core::IssueCode::NotAShareLink);
        QTest::addRow("a newer version") << QByteArray("shardscope://v2?parallel.tensor=2") << int(core::IssueCode::ShareLinkVersion);
        QTest::addRow("a bad escape") << QByteArray("shardscope://v1?parallel.tensor=%ZZ") << int(core::IssueCode::MalformedOverride);
        QTest::addRow("no value") << QByteArray("shardscope://v1?parallel.tensor") << int(core::IssueCode::MalformedOverride);
        QTest::addRow("a number beyond a double") << QByteArray("shardscope://v1?parallel.tensor=1e400") << int(core::IssueCode::NumberOutOfRange);
        QTest::addRow("an unknown key") << QByteArray("shardscope://v1?parallel.tensr=2") << int(core::IssueCode::UnknownOverrideKey);
        // Read as a file with these keys would be: the estimate's rules refuse them, naming the key.
        QTest::addRow("an impossible layout") << QByteArray("shardscope://v1?parallel.tensor=3") << -int(core::IssueCode::ModelParallelNotDividingGpus);
        QTest::addRow("-1 layers") << QByteArray("shardscope://v1?model.num_layers=-1") << -int(core::IssueCode::Negative);
        QByteArray many = "shardscope://v1?";
        for (int i = 0; i < 5000; ++i)
            many += "parallel.tensor=1&";
        QTest::addRow("5,000 pairs") << many << int(core::IssueCode::TooManyValues);
        QTest::addRow("300 KiB") << ("shardscope://v1?title=" + QByteArray(300 * 1024, 'a')) << int(core::IssueCode::InputTooLarge);
    }
    void hostileLinks()
    {
        QFETCH(QByteArray, link);
        QFETCH(int, code);
        const core::ScenarioLoad load = core::openShareLink(std::string_view(link.constData(), std::size_t(link.size())));
        if (code < 0) {
            QVERIFY(load.ok);
            const core::Estimate e = core::estimate(load.scenario);
            QVERIFY(!e.valid);
            QVERIFY(std::any_of(e.issues.begin(), e.issues.end(), [&](const core::Issue& i) { return int(i.code) == -code; }));
            return;
        }
        QVERIFY(!load.ok);
        QVERIFY2(std::any_of(load.issues.begin(), load.issues.end(), [&](const core::Issue& i) { return int(i.code) == code; }),
                 qPrintable(QString::fromStdString(load.issues.empty() ? std::string("no issue") : core::describe(load.issues.front()))));
    }

    /// Found by fuzz_launchshell and fuzz_launchyaml: an accepted import must save and read back
    /// as the same scenario — a model name with bytes that are not UTF-8 (saved as U+FFFD, read
    /// back different), and a preset beside the file whose shape the file changed (saved as the
    /// preset with a key at its "not stated" value, read back as the preset's).
    void importedScenariosSaveAndReadBack()
    {
        const std::string script = "torchrun --nproc-per-node 8 --nnodes 1 pretrain_gpt.py --tokenizer-model 'meta-llama/Llama-\xff\x1b[2J2-70b-hf' "
                                   "--num-layers 4 --hidden-size 256 --num-attention-heads 4 --vocab-size 1000 --seq-length 512 --max-position-embeddings 512\n";
        core::ImportResult r = core::importLaunchFile(script, {});
        QVERIFY2(r.ok, qPrintable(errors(r)));
        QCOMPARE(r.scenario.model.name, std::string("meta-llama/Llama-??[2J2-70b-hf"));
        core::ScenarioLoad back = core::loadScenario(core::saveScenario(r.scenario));
        QVERIFY(back.ok && back.scenario == r.scenario);
        core::ImportOptions options;
        options.format = core::ImportFormat::MegatronBridge;
        options.besideModel = core::findModelPreset("llama-2-7b")->model;
        r = core::importLaunchFile("model:\n  layernorm_epsilon: 0\n", options);
        QVERIFY2(r.ok, qPrintable(errors(r)));
        QVERIFY(r.scenario.model.preset.empty()); // no longer the preset
        back = core::loadScenario(core::saveScenario(r.scenario));
        QVERIFY(back.ok && back.scenario == r.scenario);
    }

    void shellSubset()
    {
        // Continuations, comments inside arrays and after words, quotes, defaults, arrays,
        // arithmetic, and a comment line inside a continued command (read on, with a warning).
        const char* script = "N=${NODES:-2}\nPER=4\nARGS=(\n  --a 1 # one\n  \"--b two words\"\n)\nARGS+=(--c)\n"
                             "run $((N*PER)) \\\n  ${ARGS[@]} \\\n# a note\n  --d 'x y' \"$PER\"\n";
        const core::ShellScript s = core::readShellScript(script);
        QCOMPARE(s.commands.size(), std::size_t(1));
        const std::vector<std::string> expected{"run", "8", "--a", "1", "--b", "two", "words", "--c", "--d", "x y", "4"};
        QCOMPARE(s.commands[0].words, expected);
        QVERIFY(std::any_of(s.issues.begin(), s.issues.end(), [](const core::Issue& i) { return i.code == core::IssueCode::CommentEndsContinuedCommand && i.a == 10; }));
    }

    void yamlAndTomlSubsets()
    {
        const core::ConfigRead y = core::readYamlSubset("a:\n  b: 1 # c\n  list:\n    - x\n    - k: 2\n      j: 'q'\n  flow: [1, 2]\nd: \"e\"\n");
        QVERIFY(y.ok());
        QStringList got;
        for (const core::ConfigEntry& e : y.entries)
            got << QString::fromStdString(e.key + "=" + e.value);
        QCOMPARE(got, (QStringList{"a.b=1", "a.list[0]=x", "a.list[1].k=2", "a.list[1].j=q", "a.flow[0]=1", "a.flow[1]=2", "d=e"}));
        const core::ConfigRead t = core::readTomlSubset("[model]\nname = \"llama3\" # c\n[a.b]\nx = [1, 2,\n 3]\ny = {z = 1_000}\n[[t]]\nq = true\n");
        QVERIFY(t.ok());
        got.clear();
        for (const core::ConfigEntry& e : t.entries)
            got << QString::fromStdString(e.key + "=" + e.value);
        QCOMPARE(got, (QStringList{"model.name=llama3", "a.b.x[0]=1", "a.b.x[1]=2", "a.b.x[2]=3", "a.b.y.z=1_000", "t[0].q=true"}));
    }
};

QTEST_GUILESS_MAIN(TestImport)
#include "tst_import.moc"
