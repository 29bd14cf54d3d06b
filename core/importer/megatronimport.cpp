// Megatron-LM / NeMo launch arguments (issue 30): the flags of pretrain_gpt.py as
// NVIDIA/Megatron-LM @ d98e8a6 defines them (megatron/training/arguments.py and the config
// dataclasses it builds flags from; the same names shardscope launch writes, listed with file
// and line in tests/core/data/launch/megatron-arguments-d98e8a6.txt), and the GPUs torchrun,
// python -m torch.distributed.run or deepspeed launches.
#include "core/importer/formatimporters.h"

#include <algorithm>
#include <cmath>

#include "core/importer/commandargs.h"
#include "core/importer/importbuilder.h"
#include "core/importer/pipelinelayout.h"

namespace core {

namespace {

constexpr std::string_view kMegatronSwitches[] = {
    "--group-query-attention", "--swiglu", "--squared-relu", "--untie-embeddings-and-output-weights", "--disable-bias-linear",
    "--add-qkv-bias", "--qk-layernorm", "--multi-latent-attention", "--sequence-parallel", "--tp-comm-overlap",
    "--use-distributed-optimizer", "--use-megatron-fsdp", "--overlap-grad-reduce", "--overlap-param-gather",
    "--optimizer-cpu-offload", "--use-precision-aware-optimizer", "--bf16", "--fp16", "--use-rope-scaling",
    "--account-for-embedding-in-pipeline-split", "--account-for-loss-in-pipeline-split", "--grad-reduce-in-bf16",
    "--moe-shared-expert-gate", "--use-mcore-models", "--apply-layernorm-1p", "--mock-data", "--log-throughput", "--profile",
    "--manual-gc", "--cross-entropy-loss-fusion", "--calculate-per-token-loss", "--fp8-param-gather", "--no-mmap-bin-files",
    "--no-create-attention-mask-in-dataloader", "--recompute-activations", "--use-flash-attn", "--moe-grouped-gemm",
    "--no-gradient-accumulation-fusion", "--no-masked-softmax-fusion", "--no-bias-gelu-fusion", "--no-bias-dropout-fusion",
    "--no-rope-fusion", "--use-checkpoint-args", "--no-load-optim", "--no-load-rng", "--finetune", "--accumulate-allreduce-grads-in-fp32",
    "--moe-router-enable-expert-bias", "--exit-on-missing-checkpoint", "--no-save-optim", "--use-cpu-initialization",
    "--log-params-norm", "--log-num-zeros-in-grad", "--tensorboard-log-interval", "--no-async-tensor-model-parallel-allreduce",
    "--decoder-first-pipeline-num-layers-auto", "--transformer-impl", "--openai-gelu", "--quick-geglu",
};

/// Settings that change neither memory nor step time: optimizer hyper-parameters, data,
/// checkpoints, logging (prefixes of the flag's name).
constexpr std::string_view kNoEffectPrefixes[] = {
    "--lr", "--min-lr", "--weight-decay", "--adam-", "--sgd-", "--clip-grad", "--init-method", "--log", "--save", "--load", "--data-",
    "--split", "--eval-", "--tensorboard", "--wandb", "--seed", "--ckpt-", "--distributed-timeout", "--exit-", "--profile",
    "--use-mcore-models", "--mock-data", "--num-workers", "--no-mmap", "--tiktoken", "--vocab-file", "--merge-file",
    "--no-create-attention-mask", "--manual-gc", "--calculate-per-token-loss", "--apply-layernorm-1p", "--rotary-percent",
    "--decoupled-", "--train-samples", "--lr-", "--override-opt", "--no-load", "--finetune", "--use-checkpoint-args",
    "--loss-scale", "--initial-loss-scale", "--min-loss-scale", "--hysteresis", "--empty-unused-memory-level",
    "--moe-aux-loss-coeff", "--moe-z-loss-coeff", "--moe-router-load-balancing-type", "--moe-router-score-function",
    "--moe-router-topk-scaling-factor", "--moe-router-enable-expert-bias", "--moe-router-bias-update-rate", "--attention-softmax-in-fp32",
    "--no-masked-softmax-fusion", "--no-bias-", "--no-rope-fusion", "--no-gradient-accumulation-fusion", "--timing-log",
    "--dataloader-type", "--num-dataset-builder-threads", "--exit-on-missing-checkpoint", "--no-save-optim", "--use-cpu-initialization",
    "--tokenizer-type", "--transformer-impl", "--async-save", "--rerun-mode", "--enable-experimental",
};

/// Mechanisms the estimate does not model (memory or time they change is not counted).
constexpr std::string_view kNotModelledPrefixes[] = {
    "--fp8-amax", "--fp8-param-gather", "--fp8-margin", "--fp8-interval", "--step-batch-size-schedule", "--rampup-batch-size",
    "--moe-grouped-gemm", "--moe-token-dispatcher-type", "--moe-expert-capacity-factor", "--moe-pad-expert-input-to-capacity",
    "--cross-entropy-loss-fusion", "--defer-embedding-wgrad-compute", "--delay-wgrad-compute", "--overlap-moe-expert-parallel-comm",
    "--cpu-offloading", "--use-torch-fsdp2", "--ddp-bucket-size", "--ddp-average-in-collective", "--num-distributed-optimizer-instances",
    "--recompute-modules", "--no-rope-freq", "--yarn-", "--mrope",
};

bool startsWithAny(std::string_view name, std::span<const std::string_view> prefixes)
{
    return std::any_of(prefixes.begin(), prefixes.end(), [&](std::string_view p) { return name.rfind(p, 0) == 0; });
}

bool isLauncher(std::string_view w)
{
    return w == "torchrun" || w.ends_with("/torchrun") || w == "deepspeed" || w.ends_with("/deepspeed") || w == "srun" || w == "mpirun";
}

bool isMegatronScript(std::string_view w)
{
    // pretrain_gpt.py, pretrain_mamba.py, NeMo's megatron_gpt_pretraining.py, …/train.py of a recipe.
    return w.ends_with(".py") && (w.find("pretrain") != std::string_view::npos || w.find("megatron") != std::string_view::npos);
}

/// --moe-layer-freq: an integer N (one MoE layer in N), or a Python list expression such as
/// "[0,1,1]" or "([0]*3+[1]*58)" (arguments.py moe_freq_type). Reads the small subset that
/// ShardScope writes and the examples use; false for anything else. Bounded: at most
/// `maxLayers` entries, nesting `maxDepth`.
class LayerPattern
{
public:
    explicit LayerPattern(std::string_view text)
        : m_text(text)
    {
    }
    bool read(std::vector<int>& out)
    {
        skip();
        if (!sum(out, 0))
            return false;
        skip();
        return m_pos == m_text.size();
    }

private:
    static constexpr std::size_t maxLayers = 100000;
    static constexpr int maxDepth = 32;
    void skip()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\'' || m_text[m_pos] == '"'))
            ++m_pos;
    }
    bool integer(long long& v)
    {
        skip();
        const std::size_t b = m_pos;
        v = 0;
        while (m_pos < m_text.size() && std::isdigit(static_cast<unsigned char>(m_text[m_pos])) && m_pos - b < 12)
            v = v * 10 + (m_text[m_pos++] - '0');
        return m_pos > b;
    }
    bool sum(std::vector<int>& out, int depth)
    {
        if (!term(out, depth))
            return false;
        skip();
        while (m_pos < m_text.size() && m_text[m_pos] == '+') {
            ++m_pos;
            if (!term(out, depth))
                return false;
            skip();
        }
        return true;
    }
    bool term(std::vector<int>& out, int depth)
    {
        if (depth > maxDepth)
            return false;
        skip();
        std::vector<int> part;
        if (m_pos < m_text.size() && m_text[m_pos] == '(') {
            ++m_pos;
            if (!sum(part, depth + 1))
                return false;
            skip();
            if (m_pos >= m_text.size() || m_text[m_pos] != ')')
                return false;
            ++m_pos;
        } else if (m_pos < m_text.size() && m_text[m_pos] == '[') {
            ++m_pos;
            for (;;) {
                long long v = 0;
                if (!integer(v) || (v != 0 && v != 1) || part.size() >= maxLayers)
                    return false;
                part.push_back(int(v));
                skip();
                if (m_pos < m_text.size() && m_text[m_pos] == ',') {
                    ++m_pos;
                    continue;
                }
                break;
            }
            if (m_pos >= m_text.size() || m_text[m_pos] != ']')
                return false;
            ++m_pos;
        } else {
            return false;
        }
        skip();
        long long times = 1;
        if (m_pos < m_text.size() && m_text[m_pos] == '*') {
            ++m_pos;
            if (!integer(times) || times < 0)
                return false;
        }
        if (part.size() * std::size_t(times) + out.size() > maxLayers)
            return false;
        for (long long k = 0; k < times; ++k)
            out.insert(out.end(), part.begin(), part.end());
        return true;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

/// A pattern of MoE layers as ShardScope holds it: dense layers first, then every N-th MoE.
bool moePattern(const std::vector<int>& layers, int& firstDense, int& frequency)
{
    firstDense = 0;
    while (firstDense < int(layers.size()) && layers[std::size_t(firstDense)] == 0)
        ++firstDense;
    if (firstDense == int(layers.size()))
        return false;
    frequency = 0;
    for (std::size_t i = std::size_t(firstDense) + 1; i < layers.size() && frequency == 0; ++i)
        if (layers[i] == 1)
            frequency = int(i) - firstDense;
    if (frequency == 0)
        frequency = 1;
    for (std::size_t i = std::size_t(firstDense); i < layers.size(); ++i)
        if ((layers[i] == 1) != ((int(i) - firstDense) % frequency == 0))
            return false;
    return true;
}

/// --pipeline-model-parallel-layout (arguments.py @ d98e8a6 L941–L949: chunks / PP virtual stages;
/// megatron/core/transformer/pipeline_parallel_layer_layout.py): the uneven split it spells, set as
/// the fields that give the same chunks (core/importer/pipelinelayout.h), or why not.
void pipelineLayout(ImportBuilder& b, const std::string& text, int line)
{
    const std::string_view key = "--pipeline-model-parallel-layout";
    const std::optional<std::vector<std::string>> chunks = unrollPipelineLayout(text);
    Scenario& sc = b.scenario();
    if (!chunks || chunks->size() % std::size_t(std::max(1, sc.parallel.pipeline)) != 0) {
        b.note(key, text, line, ImportWhy::BadValue);
        return;
    }
    const PipelineLayoutFields f = pipelineLayoutFields(*chunks, std::max(1, sc.parallel.pipeline));
    if (!f.valid) {
        b.note(key, text, line, ImportWhy::BadValue);
        return;
    }
    if (!f.expressible) {
        // A layout none of the uneven splits gives: the split stays Megatron's even one, and the
        // report says so.
        b.note(key, text, line, ImportWhy::NotModelled);
        return;
    }
    // With MTP layers ("m"): the decoder layers' split is exact, the MTP layers' place is not
    // modelled (approximated).
    if (f.mtpLayers > 0) {
        setFieldValue(sc, Field::ParallelVirtualPipeline, FieldValue(f.virtualStages));
        b.note(key, text, line, ImportWhy::Approximated);
    } else {
        b.set(Field::ParallelVirtualPipeline, FieldValue(f.virtualStages), key, text, line);
    }
    setFieldValue(sc, Field::ParallelFirstStageLayers, FieldValue(f.firstStageLayers));
    setFieldValue(sc, Field::ParallelLastStageLayers, FieldValue(f.lastStageLayers));
    setFieldValue(sc, Field::ParallelEmbeddingCountsAsLayer, FieldValue(f.embeddingCountsAsLayer));
    setFieldValue(sc, Field::ParallelLossCountsAsLayer, FieldValue(f.lossCountsAsLayer));
}

} // namespace

/// The flags of pretrain_gpt.py (or a Megatron-Bridge config's fields as flags) onto the
/// scenario. `impliedGqa`: num_query_groups means GQA by itself (TransformerConfig), not only
/// with --group-query-attention (arguments.py).
void applyMegatronArgs(ImportBuilder& b, const std::vector<CommandArg>& args, bool impliedGqa)
{
    Scenario& s = b.scenario();
    ModelArchitecture defaults; // Megatron-LM's own defaults (arguments.py, transformer_config.py @ d98e8a6)
    defaults.name.clear();
    defaults.gatedMlp = false;                                 // GELU MLP unless --swiglu
    defaults.normalization = Normalization::LayerNorm;         // --normalization LayerNorm
    defaults.positionEmbedding = PositionEmbedding::Learned;   // --position-embedding-type learned_absolute
    defaults.tiedEmbeddings = true;                            // untied only with --untie-embeddings-and-output-weights
    defaults.linearBias = true;                                // add_bias_linear True
    defaults.dropout = true;                                   // attention_dropout = hidden_dropout = 0.1
    defaults.padVocabMultiple = 128;                           // --make-vocab-size-divisible-by 128
    b.setShapeDefaults(defaults);

    int heads = 0, groups = 0, layersPerVirtualStage = 0;
    std::string layout; // --pipeline-model-parallel-layout, read once PP is known
    int layoutLine = 0;
    bool gqa = false, bf16 = false, fp16 = false, fp8 = false, gradReduceBf16 = false, seenAttnDropout = false, seenHiddenDropout = false;
    double attnDropout = 0.1, hiddenDropout = 0.1;
    std::string vocabFile;
    bool vocabGiven = false;
    std::vector<std::string> seen;
    // The last of a flag given twice counts (argparse): earlier ones are listed as repeated.
    std::vector<bool> last(args.size(), true);
    for (std::size_t i = 0; i < args.size(); ++i)
        for (std::size_t j = i + 1; j < args.size() && last[i]; ++j)
            if (!args[i].name.empty() && args[j].name == args[i].name)
                last[i] = false;

    for (std::size_t i = 0; i < args.size(); ++i) {
        const CommandArg& a = args[i];
        const std::string& n = a.name;
        const std::string& v = a.value;
        if (n.empty())
            continue; // a positional word (the script takes none)
        if (!a.evaluated) {
            b.note(n, v, a.line, ImportWhy::NotEvaluated);
            continue;
        }
        if (!last[i]) {
            b.note(n, v, a.line, ImportWhy::Repeated);
            continue;
        }
        double x = 0;
        auto num = [&](Field f, bool shapeKey = false) {
            if (!b.number(v, x, n, a.line))
                return;
            if (shapeKey)
                b.shape(f, FieldValue(x), n, v, a.line);
            else
                b.set(f, FieldValue(x), n, v, a.line);
        };
        auto flagOn = [&](Field f, bool shapeKey = false) {
            if (shapeKey)
                b.shape(f, FieldValue(true), n, v, a.line);
            else
                b.set(f, FieldValue(true), n, v, a.line);
        };
        // Model shape.
        if (n == "--num-layers") num(Field::ModelNumLayers, true);
        else if (n == "--mtp-num-layers") num(Field::ModelMtpLayers);
        else if (n == "--hidden-size") num(Field::ModelHiddenSize, true);
        else if (n == "--ffn-hidden-size") num(Field::ModelFfnHiddenSize, true);
        else if (n == "--num-attention-heads") {
            num(Field::ModelNumAttentionHeads, true);
            heads = int(x);
        } else if (n == "--group-query-attention") {
            gqa = true;
            b.note(n, v, a.line, ImportWhy::Sets);
        } else if (n == "--num-query-groups") {
            if (b.number(v, x, n, a.line))
                groups = int(x), b.note(n, v, a.line, ImportWhy::Sets);
        } else if (n == "--kv-channels") num(Field::ModelHeadDim, true);
        else if (n == "--vocab-size") {
            num(Field::ModelVocabSize, true);
            vocabGiven = true;
        } else if (n == "--make-vocab-size-divisible-by") num(Field::ModelPadVocabMultiple, true);
        else if (n == "--max-position-embeddings") num(Field::ModelMaxPositionEmbeddings, true);
        else if (n == "--position-embedding-type") {
            if (v == "rope" || v == "learned_absolute")
                b.shape(Field::ModelPositionEmbedding, FieldValue(v == "rope" ? PositionEmbedding::Rotary : PositionEmbedding::Learned), n, v, a.line);
            else
                b.note(n, v, a.line, v == "yarn" || v == "mrope" ? ImportWhy::NotModelled : ImportWhy::BadValue);
        } else if (n == "--rotary-base") num(Field::ModelRopeTheta, true);
        else if (n == "--use-rope-scaling") {
            b.shape(Field::ModelRopeScaling, FieldValue(RopeScaling::Llama3), n, v, a.line);
            // --rope-scaling-factor defaults to 8 (arguments.py L2426).
            if (std::none_of(args.begin(), args.end(), [](const CommandArg& o) { return o.name == "--rope-scaling-factor"; }))
                b.shape(Field::ModelRopeScalingFactor, FieldValue(8.0), "--rope-scaling-factor (default)", "8", a.line);
        } else if (n == "--rope-scaling-factor") num(Field::ModelRopeScalingFactor, true);
        else if (n == "--normalization") {
            if (v == "RMSNorm" || v == "LayerNorm")
                b.shape(Field::ModelNormalization, FieldValue(v == "RMSNorm" ? Normalization::RMSNorm : Normalization::LayerNorm), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::BadValue);
        } else if (n == "--norm-epsilon") num(Field::ModelNormEpsilon, true);
        else if (n == "--swiglu") {
            flagOn(Field::ModelGatedMlp, true);
            b.alsoShape(Field::ModelActivation, FieldValue(Activation::Silu));
        } else if (n == "--squared-relu") b.shape(Field::ModelActivation, FieldValue(Activation::SquaredRelu), n, v, a.line);
        else if (n == "--untie-embeddings-and-output-weights") b.shape(Field::ModelTiedEmbeddings, FieldValue(false), n, v, a.line);
        else if (n == "--disable-bias-linear") b.shape(Field::ModelLinearBias, FieldValue(false), n, v, a.line);
        else if (n == "--add-qkv-bias") flagOn(Field::ModelQkvBias, true);
        else if (n == "--qk-layernorm") flagOn(Field::ModelQkNorm, true);
        else if (n == "--attention-dropout" || n == "--hidden-dropout") {
            if (b.number(v, x, n, a.line)) {
                (n == "--attention-dropout" ? attnDropout : hiddenDropout) = x;
                (n == "--attention-dropout" ? seenAttnDropout : seenHiddenDropout) = true;
                b.note(n, v, a.line, ImportWhy::Sets);
            }
        } else if (n == "--window-size") {
            // tuple_type "(left,right)" (arguments.py L377): the window is its left extent. An
            // empty value, or one of only "( ", has none (it threw std::out_of_range: the fuzzer).
            const std::size_t start = v.find_first_not_of("( ");
            const std::size_t comma = v.find(',', start == std::string::npos ? 0 : start);
            const std::string first = start == std::string::npos ? std::string() : v.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            if (parseImportNumber(first, x) && x >= 0)
                b.shape(Field::ModelSlidingWindow, FieldValue(x), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::BadValue);
        } else if (n == "--window-attn-skip-freq") {
            if (parseImportNumber(v, x))
                b.shape(Field::ModelGlobalLayerEvery, FieldValue(x), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::NotModelled); // a per-layer list
        }
        // Mixture of experts and latent attention.
        else if (n == "--num-experts") num(Field::ModelNumExperts, true);
        else if (n == "--moe-router-topk") num(Field::ModelMoeTopK, true);
        else if (n == "--moe-ffn-hidden-size") num(Field::ModelMoeFfnHiddenSize, true);
        else if (n == "--moe-shared-expert-intermediate-size") {
            if (b.number(v, x, n, a.line)) {
                b.shape(Field::ModelSharedExpertFfnHiddenSize, FieldValue(x), n, v, a.line);
                b.alsoShape(Field::ModelNumSharedExperts, FieldValue(x > 0 ? 1 : 0));
            }
        } else if (n == "--moe-shared-expert-gate") flagOn(Field::ModelSharedExpertGate, true);
        else if (n == "--moe-layer-freq") {
            std::vector<int> pattern;
            int firstDense = 0, frequency = 1;
            if (parseImportNumber(v, x) && x >= 1) {
                b.shape(Field::ModelMoeLayerFrequency, FieldValue(x), n, v, a.line);
            } else if (LayerPattern(v).read(pattern) && moePattern(pattern, firstDense, frequency)) {
                b.shape(Field::ModelFirstDenseLayers, FieldValue(firstDense), n, v, a.line);
                b.alsoShape(Field::ModelMoeLayerFrequency, FieldValue(frequency));
            } else {
                b.note(n, v, a.line, ImportWhy::NotModelled); // an irregular pattern
            }
        } else if (n == "--multi-latent-attention") b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--q-lora-rank") num(Field::ModelQLoraRank, true);
        else if (n == "--kv-lora-rank") num(Field::ModelKvLoraRank, true);
        else if (n == "--qk-head-dim") num(Field::ModelQkNopeHeadDim, true);
        else if (n == "--qk-pos-emb-head-dim") num(Field::ModelQkRopeHeadDim, true);
        else if (n == "--v-head-dim") num(Field::ModelVHeadDim, true);
        // Layout.
        else if (n == "--tensor-model-parallel-size") num(Field::ParallelTensor);
        else if (n == "--pipeline-model-parallel-size") num(Field::ParallelPipeline);
        else if (n == "--context-parallel-size") num(Field::ParallelContext);
        else if (n == "--expert-model-parallel-size") num(Field::ParallelExpert);
        else if (n == "--expert-tensor-parallel-size") num(Field::ParallelExpertTensor);
        else if (n == "--sequence-parallel") flagOn(Field::ParallelSequenceParallel);
        else if (n == "--tp-comm-overlap") flagOn(Field::TrainingTpCommOverlap);
        else if (n == "--num-layers-per-virtual-pipeline-stage") {
            if (b.number(v, x, n, a.line))
                layersPerVirtualStage = int(x), b.note(n, v, a.line, ImportWhy::Sets);
        } else if (n == "--num-virtual-stages-per-pipeline-rank") num(Field::ParallelVirtualPipeline);
        else if (n == "--pipeline-model-parallel-layout") layout = v, layoutLine = a.line;
        else if (n == "--decoder-first-pipeline-num-layers") num(Field::ParallelFirstStageLayers);
        else if (n == "--decoder-last-pipeline-num-layers") num(Field::ParallelLastStageLayers);
        else if (n == "--account-for-embedding-in-pipeline-split") flagOn(Field::ParallelEmbeddingCountsAsLayer);
        else if (n == "--account-for-loss-in-pipeline-split") flagOn(Field::ParallelLossCountsAsLayer);
        // Sharding, offload, optimizer.
        else if (n == "--use-distributed-optimizer") b.set(Field::TrainingZeroStage, FieldValue(1), n, v, a.line);
        else if (n == "--use-megatron-fsdp") b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--data-parallel-sharding-strategy") {
            // optim / optim_grads / optim_grads_params = ZeRO-1 / 2 / 3 (Megatron-FSDP).
            const int stage = v == "optim_grads_params" ? 3 : v == "optim_grads" ? 2 : v == "optim" ? 1 : v == "no_shard" ? 0 : -1;
            if (stage >= 0)
                b.set(Field::TrainingZeroStage, FieldValue(stage), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::BadValue);
        } else if (n == "--overlap-grad-reduce" || n == "--overlap-param-gather")
            b.note(n, v, a.line, ImportWhy::NotModelled); // the step-time model assumes overlap
        else if (n == "--optimizer-cpu-offload") flagOn(Field::TrainingOffloadOptimizer);
        else if (n == "--optimizer") {
            if (v == "adam" || v == "sgd" || v == "lion")
                // Megatron's "adam" is AdamW (decoupled weight decay, optimizer_config.py); the same states.
                b.set(Field::TrainingOptimizer, FieldValue(v == "adam" ? Optimizer::AdamW : v == "sgd" ? Optimizer::SgdMomentum : Optimizer::Lion), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::NotModelled);
        } else if (n == "--use-precision-aware-optimizer") b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--exp-avg-dtype" || n == "--exp-avg-sq-dtype") {
            if (v == "bf16" || v == "fp32")
                b.set(Field::TrainingMomentDtype, FieldValue(v == "bf16" ? MomentDtype::Bf16 : MomentDtype::Fp32), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::NotModelled);
        }
        // Recomputation.
        else if (n == "--recompute-granularity") {
            if (v == "full" || v == "selective")
                b.set(Field::TrainingRecompute, FieldValue(v == "full" ? Recompute::Full : Recompute::Selective), n, v, a.line);
            else
                b.note(n, v, a.line, ImportWhy::BadValue);
        } else if (n == "--recompute-activations") b.set(Field::TrainingRecompute, FieldValue(Recompute::Selective), n, v, a.line);
        else if (n == "--recompute-method") b.note(n, v, a.line, v == "uniform" ? ImportWhy::Sets : ImportWhy::Approximated);
        else if (n == "--recompute-num-layers") b.note(n, v, a.line, v == "1" ? ImportWhy::Sets : ImportWhy::Approximated);
        // Batch, precision, length of the run.
        else if (n == "--micro-batch-size") num(Field::TrainingMicroBatchSize);
        else if (n == "--global-batch-size") num(Field::TrainingGlobalBatchSize);
        else if (n == "--seq-length") num(Field::TrainingSeqLength);
        else if (n == "--train-iters") {
            b.number(v, x, n, a.line); // tokens = iterations × global batch × sequence, below
        } else if (n == "--bf16") bf16 = true, b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--fp16") fp16 = true, b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--grad-reduce-in-bf16") gradReduceBf16 = true, b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--fp8-format") fp8 = true, b.note(n, v, a.line, ImportWhy::Sets);
        else if (n == "--fp8-recipe") b.note(n, v, a.line, v == "tensorwise" || v == "delayed" ? ImportWhy::Sets : ImportWhy::Approximated);
        else if (n == "--attention-backend") {
            // flash/fused/auto use a fused (flash) kernel; unfused and local materialise the scores.
            const bool flash = v != "unfused" && v != "local";
            b.set(Field::TrainingFlashAttention, FieldValue(flash), n, v, a.line);
        } else if (n == "--use-flash-attn") flagOn(Field::TrainingFlashAttention);
        // The model named by its tokenizer: a Hugging Face model that may be a preset.
        else if (n == "--tokenizer-model") b.nameModel(v, n, a.line);
        else if (n == "--vocab-file") {
            vocabFile = v.empty() ? std::string("(given)") : v; // "--vocab-file $3" with $3 unset still names GPT-2's BPE files
            b.note(n, v, a.line, ImportWhy::NoEffect);
        } else if (startsWithAny(n, kNotModelledPrefixes)) b.note(n, v, a.line, ImportWhy::NotModelled);
        else if (startsWithAny(n, kNoEffectPrefixes)) b.note(n, v, a.line, ImportWhy::NoEffect);
        else b.note(n, v, a.line, ImportWhy::Unknown);
        seen.push_back(n);
    }

    // What one flag says only with another.
    if (heads > 0 || groups > 0) {
        // Without --group-query-attention, Megatron uses one group per head (num_query_groups = heads).
        if ((gqa || impliedGqa) && groups > 0)
            b.shape(Field::ModelNumQueryGroups, FieldValue(groups), "--num-query-groups", std::to_string(groups), 0);
        else if (heads > 0)
            b.shape(Field::ModelNumQueryGroups, FieldValue(heads), "--num-attention-heads", std::to_string(heads), 0);
    }
    if (seenAttnDropout || seenHiddenDropout)
        b.shape(Field::ModelDropout, FieldValue(attnDropout > 0 || hiddenDropout > 0), "--attention-dropout/--hidden-dropout", "", 0);
    if (!vocabGiven && !vocabFile.empty() && b.hasShape())
        // The GPT-2 BPE vocabulary (gpt2-vocab.json) has 50,257 tokens (Radford et al. 2019, §2.2).
        b.shape(Field::ModelVocabSize, FieldValue(50257), "--vocab-file", vocabFile, 0);
    // Megatron's defaults for what the flags leave out (arguments.py @ d98e8a6 L1320–L1329: FFN 4h,
    // or 4h·2/3 rounded down to 64 with --swiglu; L1650: an expert's FFN is the dense one's).
    const bool ffnGiven = std::find(seen.begin(), seen.end(), "--ffn-hidden-size") != seen.end();
    b.afterModel([ffnGiven](Scenario& sc) {
        ModelArchitecture& m = sc.model;
        if (!ffnGiven && m.ffnHiddenSize <= 0 && m.hiddenSize > 0)
            m.ffnHiddenSize = m.gatedMlp ? int((4.0 * m.hiddenSize * 2 / 3) / 64) * 64 : 4 * m.hiddenSize;
        if (m.isMoE() && m.moeFfnHiddenSize <= 0)
            m.moeFfnHiddenSize = m.ffnHiddenSize;
    });
    if (layoutLine > 0 || !layout.empty())
        pipelineLayout(b, layout, layoutLine);
    if (layersPerVirtualStage > 0)
        b.afterModel([layersPerVirtualStage](Scenario& sc) {
            // Virtual stages = layers / (layers per virtual stage × PP) (arguments.py L972–L979).
            const long long perStage = (long long)layersPerVirtualStage * sc.parallel.pipeline;
            if (perStage > 0 && sc.model.numLayers > 0 && sc.model.numLayers % perStage == 0)
                sc.parallel.virtualPipeline = int(sc.model.numLayers / perStage);
        });
    // Precision: --bf16 keeps fp32 main gradients unless --grad-reduce-in-bf16 (arguments.py L1213–L1216).
    if (fp8)
        b.set(Field::TrainingPrecision, FieldValue(PrecisionRecipe::Fp8Mixed), "--fp8-format", "", 0);
    else if (bf16)
        b.set(Field::TrainingPrecision, FieldValue(gradReduceBf16 ? PrecisionRecipe::Mixed16 : PrecisionRecipe::MixedBf16Fp32Grads), "--bf16", "", 0);
    else if (fp16)
        b.set(Field::TrainingPrecision, FieldValue(PrecisionRecipe::Mixed16), "--fp16", "", 0);
    else
        b.set(Field::TrainingPrecision, FieldValue(PrecisionRecipe::Fp32), "(no --bf16 or --fp16)", "", 0);
    if (std::find(seen.begin(), seen.end(), "--use-distributed-optimizer") == seen.end()
        && std::find(seen.begin(), seen.end(), "--data-parallel-sharding-strategy") == seen.end())
        b.set(Field::TrainingZeroStage, FieldValue(0), "(no --use-distributed-optimizer)", "", 0);
    if (std::find(seen.begin(), seen.end(), "--recompute-granularity") == seen.end()
        && std::find(seen.begin(), seen.end(), "--recompute-activations") == seen.end())
        b.set(Field::TrainingRecompute, FieldValue(Recompute::None), "(no --recompute-granularity)", "", 0);
    // Training tokens: iterations × global batch × sequence (once both are known).
    for (const CommandArg& a : args) {
        double iters = 0;
        if (a.name == "--train-iters" && a.evaluated && parseImportNumber(a.value, iters) && iters > 0)
            b.set(Field::TrainingTrainTokens, FieldValue(iters * double(s.training.globalBatchSize) * double(s.training.seqLength)),
                  "--train-iters", a.value, a.line);
    }
}

ImportResult importMegatron(const ShellScript& script, const ImportOptions& options)
{
    ImportBuilder b(ImportFormat::Megatron, options);
    for (const Issue& i : script.issues)
        b.issue(i);
    long at = 0;
    const ShellCommand* found = findProgram(script, isMegatronScript, at);
    ShellCommand merged;
    if (found && at < 0) {
        // An argument list pasted alone: every line of options together.
        for (const ShellCommand& c : script.commands) {
            if (c.words.empty() || c.words.front().rfind("-", 0) != 0)
                continue;
            merged.words.insert(merged.words.end(), c.words.begin(), c.words.end());
            merged.lines.insert(merged.lines.end(), c.lines.begin(), c.lines.end());
        }
        found = &merged;
    }
    if (!found) {
        b.error(IssueCode::ImportNoCommand, 0, "pretrain_gpt.py");
        return b.finish();
    }
    const ShellCommand& cmd = *found;
    b.scenario().training.framework = Framework::Megatron;

    // The launcher before the script: how many processes (one per GPU) on how many nodes.
    if (at > 0) {
        long long perNode = 0, nodes = 1;
        bool launcher = false;
        std::string key;
        int line = 0;
        const std::vector<CommandArg> pre = parseCommandArgs(cmd, 0, {});
        for (const CommandArg& a : pre) {
            if (a.name.empty() && (isLauncher(a.value) || a.value.find("torch.distributed") != std::string::npos))
                launcher = true;
            if (a.name.empty() && isMegatronScript(a.value))
                break;
            double v = 0;
            if ((a.name == "--nproc-per-node" || a.name == "--num-gpus" || a.name == "--gpus-per-node") && parseImportNumber(a.value, v))
                perNode = (long long)v, key = a.name, line = a.line;
            else if ((a.name == "--nnodes" || a.name == "--num-nodes" || a.name == "-N") && a.hasValue) {
                // torchrun accepts MIN:MAX nodes: the most it will run on.
                const std::string n = a.value.substr(a.value.find(':') == std::string::npos ? 0 : a.value.find(':') + 1);
                if (parseImportNumber(n, v))
                    nodes = (long long)v;
            }
        }
        if (launcher && perNode > 0 && nodes > 0)
            b.gpus(perNode * nodes, perNode, key, std::to_string(perNode) + " × " + std::to_string(nodes), line);
    }

    applyMegatronArgs(b, parseCommandArgs(cmd, std::size_t(std::max<long>(at + 1, 0)), kMegatronSwitches), false);
    return b.finish();
}

} // namespace core
