#include "core/io/hfconfig.h"

#include <algorithm>
#include <cmath>

#include "core/estimate.h"
#include "core/io/hfreader.h"
#include "core/io/jsondocument.h"
#include "core/io/scenario_io.h"

namespace core {

namespace {

// Keys that describe tokenization, initialization, RoPE scaling or runtime behaviour but not the
// number or shape of tensors: accepted and listed, never silently mistaken for size keys.
constexpr std::string_view kNoMemoryEffect[] = {
    "architectures", "auto_map", "bos_token_id", "eos_token_id", "pad_token_id", "initializer_range", "torch_dtype", "dtype",
    "transformers_version", "use_cache", "rope_theta", "rope_scaling", "rope_type", "pretraining_tp", "attention_dropout",
    "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "tokenizer_class", "_name_or_path", "model_type", "hidden_act",
    "activation_function", "max_window_layers", "use_sliding_window", "router_aux_loss_coef", "output_router_logits",
    "router_jitter_noise", "norm_topk_prob", "scoring_func", "topk_method", "n_group", "topk_group", "routed_scaling_factor",
    "aux_loss_alpha", "seq_aux", "ep_size", "num_nextn_predict_layers", "rope_interleave", "resid_pdrop", "embd_pdrop",
    "attn_pdrop", "summary_type", "summary_use_proj", "summary_activation", "summary_proj_to_labels", "summary_first_dropout",
    "task_specific_params", "scale_attn_weights", "reorder_and_upcast_attn", "scale_attn_by_inverse_layer_idx", "n_ctx",
    "rotary_pct", "rotary_emb_base", "use_parallel_residual", "classifier_dropout", "hidden_dropout", "attn_logit_softcapping",
    "final_logit_softcapping", "query_pre_attn_scalar", "rope_local_base_freq", "cache_implementation", "quantization_config",
    "sliding_window_pattern", "layer_types", "head_dim", "mlp_only_layers", "decoder_sparse_step", "moe_layer_freq",
    "first_k_dense_replace", "tie_word_embeddings", "mlp_bias", "attention_bias", "qkv_bias", "sliding_window",
    "text_config", "vision_config", "boi_token_index", "eoi_token_index", "image_token_index", "mm_tokens_per_image",
    "vocab_size", "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads", "intermediate_size",
    "max_position_embeddings", "n_layer", "n_embd", "n_head", "n_inner", "n_positions", "num_local_experts",
    "num_experts_per_tok", "num_experts", "moe_intermediate_size", "shared_expert_intermediate_size", "n_routed_experts",
    "n_shared_experts", "q_lora_rank", "kv_lora_rank", "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim",
    "initializer_factor", "partial_rotary_factor", "rope_parameters", "layer_norm_type", "is_decoder", "bias",
    "hidden_activation", "use_mrope", "vision_start_token_id", "vision_end_token_id", "image_token_id", "video_token_id",
    "vision_token_id", "attention_chunk_size", "no_rope_layers", "no_rope_layer_interval", "intermediate_size_mlp",
    "interleave_moe_layer_step", "moe_layers", "use_qk_norm", "attn_scale", "attn_temperature_tuning", "floor_scale",
    "for_llm_compressor", "_attn_implementation_autoset",
    // Hybrid linear-attention / state-space configs (Qwen3-Next, Qwen3.5, Nemotron-H): kernels,
    // initialization and numerics, not tensor shapes.
    "chunk_size", "mamba_chunk_size", "time_step_min", "time_step_max", "time_step_floor", "time_step_limit", "time_step_rank",
    "residual_in_fp32", "rescale_prenorm_residual", "use_mamba_kernels", "mamba_hidden_act", "num_logits_to_keep",
    "mamba_proj_bias", "mamba_conv_bias", "use_conv_bias", "use_bias", "expand", "mlp_hidden_act", "mtp_use_dedicated_embeddings",
    "mtp_num_hidden_layers", "norm_eps",
};

/// What a transformers config class assumes for a key its config.json leaves out (sub-configs
/// such as Gemma 3's text_config list only what differs from the class defaults).
struct FamilyDefault
{
    std::string_view modelType;
    std::string_view key;
    int value;
};

constexpr FamilyDefault kFamilyDefaults[] = {
    // transformers Gemma3TextConfig (models/gemma3/configuration_gemma3.py at 008f5c8c).
    {"gemma3_text", "vocab_size", 262208}, {"gemma3_text", "hidden_size", 2304}, {"gemma3_text", "intermediate_size", 9216},
    {"gemma3_text", "num_hidden_layers", 26}, {"gemma3_text", "num_attention_heads", 8}, {"gemma3_text", "num_key_value_heads", 4},
    {"gemma3_text", "head_dim", 256}, {"gemma3_text", "max_position_embeddings", 131072}, {"gemma3_text", "sliding_window", 4096},
    {"gemma3_text", "sliding_window_pattern", 6}, {"gemma3_text", "rope_theta", 1000000},
    // transformers Llama4TextConfig (models/llama4/configuration_llama4.py at 008e5743).
    {"llama4_text", "vocab_size", 202048}, {"llama4_text", "hidden_size", 5120}, {"llama4_text", "intermediate_size", 8192},
    {"llama4_text", "intermediate_size_mlp", 16384}, {"llama4_text", "num_hidden_layers", 48},
    {"llama4_text", "num_attention_heads", 40}, {"llama4_text", "num_key_value_heads", 8}, {"llama4_text", "head_dim", 128},
    {"llama4_text", "max_position_embeddings", 131072}, {"llama4_text", "num_local_experts", 16},
    {"llama4_text", "num_experts_per_tok", 1}, {"llama4_text", "interleave_moe_layer_step", 1},
    {"llama4_text", "attention_chunk_size", 8192}, {"llama4_text", "no_rope_layer_interval", 4},
};

/// Layers that attend to the whole context, as a regular pattern: every `period`-th layer
/// (layers period−1, 2·period−1, …, as core::ModelArchitecture::globalLayersIn counts them).
struct SpanPattern
{
    int period = 0;       ///< 0: no layer is global
    bool allGlobal = false;
    bool regular = true;  ///< false: `period` approximates an irregular list
    int globals = 0;
};

SpanPattern spanPattern(const std::vector<bool>& global)
{
    SpanPattern p;
    const int layers = int(global.size());
    for (bool g : global)
        p.globals += g ? 1 : 0;
    if (p.globals == layers) {
        p.allGlobal = true;
        return p;
    }
    if (p.globals == 0)
        return p;
    for (int i = 0; i < layers; ++i)
        if (global[std::size_t(i)]) {
            p.period = i + 1;
            break;
        }
    for (int i = 0; i < layers && p.regular; ++i)
        p.regular = global[std::size_t(i)] == ((i + 1) % p.period == 0);
    if (!p.regular)
        p.period = std::max(1, int(std::lround(double(layers) / p.globals)));
    return p;
}

bool knownKey(std::string_view key)
{
    return std::find(std::begin(kNoMemoryEffect), std::end(kNoMemoryEffect), key) != std::end(kNoMemoryEffect);
}

using hfimport::Reader;

/// The keys of quantization_config, each checked for its type; "quantization_config.bits" in
/// the messages.
struct QuantizationReader
{
    const Json& q;
    HfImport& out;

    const Json* find(const char* key) const
    {
        auto it = q.find(key);
        return it == q.end() || it->is_null() ? nullptr : &*it;
    }
    void wrongType(const char* key, ValueKind expected)
    {
        Issue i{IssueCode::WrongType, Severity::Error, ""};
        i.path = std::string("quantization_config.") + key;
        i.expected = expected;
        out.issues.push_back(std::move(i));
    }
    bool boolean(const char* key, bool fallback)
    {
        const Json* v = find(key);
        if (!v)
            return fallback;
        if (!v->is_boolean()) {
            wrongType(key, ValueKind::TrueOrFalse);
            return fallback;
        }
        return v->get<bool>();
    }
    std::string string(const char* key)
    {
        const Json* v = find(key);
        if (!v)
            return {};
        if (!v->is_string()) {
            wrongType(key, ValueKind::String);
            return {};
        }
        return v->get<std::string>();
    }
    bool integer(const char* key, int& target)
    {
        const Json* v = find(key);
        if (!v)
            return false;
        // Compared as a double before any conversion: only then is int(d) defined.
        const double d = v->is_number() ? v->get<double>() : 0.5;
        if (!v->is_number() || d != std::floor(d) || std::fabs(d) > 2147483647.0) {
            wrongType(key, ValueKind::WholeNumber);
            return false;
        }
        target = int(d);
        return true;
    }
};

/// A positive finite number under `key` of `object`, or 0.
double hfPositiveNumber(const Json& object, const char* key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number())
        return 0;
    const double v = it->get<double>();
    return std::isfinite(v) && v > 0 ? v : 0;
}

/// What a launch file needs and no estimate reads (issue 30): the RoPE base and scaling, the
/// norm's epsilon, the activation. Values out of the scenario's ranges are left unstated (the
/// field table's ranges: the imported scenario is validated before it is used).
void readLaunchKeys(Reader& r, const Json& j, ModelArchitecture& m, const std::string& act, bool gemma)
{
    // transformers 5 moves rope_theta into rope_parameters, beside the scaling.
    const Json* rope = r.find("rope_parameters");
    if (!rope || !rope->is_object())
        rope = r.find("rope_scaling");
    if (const double theta = hfPositiveNumber(j, "rope_theta"); theta > 0) {
        m.ropeTheta = theta;
        r.out.used.emplace_back("rope_theta");
    } else if (rope && rope->is_object() && hfPositiveNumber(*rope, "rope_theta") > 0) {
        m.ropeTheta = hfPositiveNumber(*rope, "rope_theta");
    }
    if (rope && rope->is_object()) {
        auto type = rope->find("rope_type");
        if (type == rope->end() || !type->is_string())
            type = rope->find("type");
        const std::string name = type != rope->end() && type->is_string() ? type->get<std::string>() : std::string();
        const double factor = hfPositiveNumber(*rope, "factor");
        const RopeScaling kind = name == "llama3" ? RopeScaling::Llama3
            : name == "yarn"                      ? RopeScaling::Yarn
            : name == "linear"                    ? RopeScaling::Linear
                                                  : RopeScaling::None;
        if (kind != RopeScaling::None && factor > 0) {
            m.ropeScaling = kind;
            m.ropeScalingFactor = factor;
            r.out.used.emplace_back(r.has("rope_parameters") ? "rope_parameters" : "rope_scaling");
        }
    }
    for (const char* key : {"rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon"})
        if (const double eps = hfPositiveNumber(j, key); eps > 0) {
            m.normEpsilon = eps;
            r.out.used.emplace_back(key);
            break;
        }
    // transformers ACT2FN names: gelu_new, gelu_fast and gelu_pytorch_tanh are GELU's tanh form.
    const std::string hidden = !act.empty() ? act : r.string("hidden_activation");
    const std::pair<const char*, Activation> names[] = {{"silu", Activation::Silu},          {"swish", Activation::Silu},
                                                        {"gelu", Activation::Gelu},          {"gelu_pytorch_tanh", Activation::GeluTanh},
                                                        {"gelu_new", Activation::GeluTanh},  {"gelu_fast", Activation::GeluTanh},
                                                        {"relu", Activation::Relu},          {"relu2", Activation::SquaredRelu}};
    for (const auto& [name, value] : names)
        if (hidden == name)
            m.activation = value;
    if (m.activation == Activation::Auto && hidden.empty() && gemma)
        m.activation = Activation::GeluTanh; // Gemma3TextConfig's hidden_activation default
    if (m.activation != Activation::Auto)
        for (const char* key : {"hidden_act", "activation_function", "hidden_activation"})
            if (r.has(key)) {
                r.out.used.emplace_back(key);
                break;
            }
    // Only within the scenario's ranges (fields.h): a config's 1e-30 epsilon is left unstated.
    if (m.ropeTheta > 1e12 || m.ropeTheta < 1)
        m.ropeTheta = 0;
    if (m.ropeScalingFactor > 1e4 || (m.ropeScalingFactor > 0 && m.ropeScalingFactor < 1)) {
        m.ropeScaling = RopeScaling::None;
        m.ropeScalingFactor = 0;
    }
    if (m.normEpsilon > 0.1 || (m.normEpsilon > 0 && m.normEpsilon < 1e-12))
        m.normEpsilon = 0;
}

} // namespace

HfImport importHfConfig(std::string_view text)
{
    HfImport out;
    Json doc;
    if (!parseJsonDocument(text, limits::kHfConfig, doc, out.issues))
        return out;
    if (!doc.is_object()) {
        Issue i{IssueCode::WrongType, Severity::Error, ""};
        i.path = "(config.json)";
        i.expected = ValueKind::JsonObject;
        out.issues.push_back(std::move(i));
        return out;
    }
    // Multimodal checkpoints (Gemma 3, Llama 4, newer Qwen2.5-VL) keep the language model under
    // text_config; what the top level says about the language model (tied embeddings, the
    // name) counts where text_config does not say it.
    const bool nested = doc.contains("text_config") && doc["text_config"].is_object();
    Json j = nested ? doc["text_config"] : doc;
    if (nested) {
        out.nestedTextConfig = true;
        for (const char* key : {"tie_word_embeddings", "_name_or_path"})
            if (!j.contains(key) && doc.contains(key))
                j[key] = doc[key];
        if (!j.contains("model_type") && doc.contains("model_type") && doc["model_type"].is_string())
            j["model_type"] = doc["model_type"].get<std::string>() + "_text"; // gemma3 → gemma3_text, llama4 → llama4_text
    }
    Reader r{j, out};
    out.modelType = r.string("model_type");
    for (const FamilyDefault& d : kFamilyDefaults) {
        const std::string key(d.key);
        if (d.modelType == out.modelType && (!j.contains(key) || j[key].is_null())) {
            j[key] = d.value;
            out.defaulted.push_back(key);
        }
    }
    const std::string& type = out.modelType;
    const bool gpt2 = type == "gpt2";
    const bool neox = type == "gpt_neox";
    const bool deepseek = type.rfind("deepseek", 0) == 0;
    const bool gemma = type.rfind("gemma", 0) == 0;

    ModelArchitecture& m = out.model;
    m = ModelArchitecture{};
    m.hasArchitecture = true;
    m.name = r.string("_name_or_path");
    r.require(r.integerAny({"num_hidden_layers", "n_layer"}, m.numLayers), "num_hidden_layers");
    r.require(r.integerAny({"hidden_size", "n_embd"}, m.hiddenSize), "hidden_size");
    r.require(r.integerAny({"num_attention_heads", "n_head"}, m.numAttentionHeads), "num_attention_heads");
    r.require(r.integer("vocab_size", m.vocabSize), "vocab_size");
    if (!r.integer("num_key_value_heads", m.numQueryGroups))
        m.numQueryGroups = m.numAttentionHeads; // MHA unless the config says otherwise
    r.integer("head_dim", m.headDim);
    if (!r.integerAny({"intermediate_size", "n_inner"}, m.ffnHiddenSize)) {
        if (gpt2 || neox) {
            // GPT-2: n_inner null means 4·n_embd (in 64 bits: 4·n_embd overflows an int from 2^29).
            const long long ffn = 4LL * m.hiddenSize;
            if (ffn > 2147483647LL) {
                Issue i{IssueCode::TooLarge, Severity::Error, "", double(m.hiddenSize), double(2147483647LL / 4)};
                i.path = r.has("n_embd") ? "n_embd" : "hidden_size";
                out.issues.push_back(std::move(i));
            } else {
                m.ffnHiddenSize = int(ffn);
            }
        } else
            r.require(false, "intermediate_size");
    }
    r.integerAny({"max_position_embeddings", "n_positions"}, m.maxPositionEmbeddings);

    // Family conventions the configs leave implicit.
    const std::string act = r.string("hidden_act").empty() ? r.string("activation_function") : r.string("hidden_act");
    m.gatedMlp = !(gpt2 || neox || act == "gelu_new" || act == "gelu" || act == "relu") || gemma;
    m.normalization = (gpt2 || neox || r.has("layer_norm_eps") || r.has("layer_norm_epsilon")) && !r.has("rms_norm_eps")
        ? Normalization::LayerNorm
        : Normalization::RMSNorm;
    m.positionEmbedding = gpt2 ? PositionEmbedding::Learned : PositionEmbedding::Rotary;
    m.linearBias = gpt2 || neox;
    bool attentionBias = false;
    if (r.boolean("attention_bias", attentionBias) && attentionBias)
        m.qkvBias = true; // Llama attention_bias adds o_proj's bias too: counted as QKV (+h, negligible)
    // Qwen2 attention has Q/K/V biases: Qwen2, Qwen2-MoE, Qwen2-VL and Qwen2.5-VL (not Qwen3).
    const bool qwen2Family = type.rfind("qwen2", 0) == 0;
    m.qkvBias = m.qkvBias || qwen2Family;
    bool mlpBias = false;
    if (r.boolean("mlp_bias", mlpBias) && mlpBias)
        m.linearBias = true;
    // HF's PretrainedConfig defaults tie_word_embeddings to true; Llama-style configs override it.
    m.tiedEmbeddings = true;
    r.boolean("tie_word_embeddings", m.tiedEmbeddings);
    m.dropout = false;
    if (gemma) {
        m.normsPerLayer = 4; // pre/post attention and MLP norms
        m.qkNorm = type == "gemma3" || type == "gemma3_text";
    }
    if (type == "qwen3" || type == "qwen3_moe")
        m.qkNorm = true;

    // Attention span: which layers cache the whole context. Qwen2 configs carry a
    // sliding_window that use_sliding_window (false) switches off.
    bool useWindow = !qwen2Family;
    r.boolean("use_sliding_window", useWindow);
    int window = 0;
    r.integer("sliding_window", window);
    int chunk = 0;
    r.integer("attention_chunk_size", chunk); // Llama 4: chunked attention on the RoPE layers
    auto warnSpan = [&](const char* key, double what, double b = 0, double c = 0) {
        Issue i{IssueCode::AttentionSpanAssumed, Severity::Warning, ""};
        i.path = key;
        i.a = what;
        i.b = b;
        i.c = c;
        out.issues.push_back(std::move(i));
    };
    auto applyPattern = [&](const std::vector<bool>& global, const char* key, int localSpan) {
        const SpanPattern p = spanPattern(global);
        if (int(global.size()) != m.numLayers)
            warnSpan(key, 5, double(global.size()), m.numLayers);
        if (p.allGlobal || localSpan <= 0)
            return;
        m.slidingWindow = localSpan;
        m.globalLayerEvery = p.period;
        if (!p.regular)
            warnSpan(key, 2, p.globals, p.period);
    };
    const auto* types = j.contains("layer_types") && j["layer_types"].is_array() ? &j["layer_types"] : nullptr;
    const auto* noRope = j.contains("no_rope_layers") && j["no_rope_layers"].is_array() && !j["no_rope_layers"].empty()
        ? &j["no_rope_layers"]
        : nullptr;
    int pattern = 0;
    int noRopeInterval = 0;
    if (types) {
        // Newer configs list each layer: "full_attention", "sliding_attention", "chunked_attention".
        std::vector<bool> global;
        bool chunked = false;
        for (const Json& t : *types) {
            global.push_back(t == "full_attention");
            chunked = chunked || t == "chunked_attention";
        }
        applyPattern(global, "layer_types", chunked ? chunk : (useWindow ? window : 0));
        out.used.emplace_back("layer_types");
    } else if (noRope && chunk > 0) {
        // Llama 4: layers without RoPE (0 in no_rope_layers) attend globally, the rest in chunks.
        std::vector<bool> global;
        for (const Json& v : *noRope)
            global.push_back(v.is_number() && v.get<double>() == 0);
        applyPattern(global, "no_rope_layers", chunk);
        out.used.emplace_back("no_rope_layers");
    } else if (r.integer("sliding_window_pattern", pattern) && window > 0 && useWindow) {
        // Gemma 3: layers (i + 1) % pattern == 0 are global (transformers Gemma3TextConfig).
        m.slidingWindow = window;
        m.globalLayerEvery = pattern > 1 ? pattern : 0;
    } else if (chunk > 0 && r.integer("no_rope_layer_interval", noRopeInterval)) {
        // Llama 4 default: every no_rope_layer_interval-th layer has no RoPE and attends globally.
        m.slidingWindow = chunk;
        m.globalLayerEvery = noRopeInterval;
    } else if (window > 0 && useWindow) {
        m.slidingWindow = window;
        if (type == "gemma2") {
            m.globalLayerEvery = 2; // Gemma 2 alternates local and global layers (Gemma 2 report §2.1)
        } else if (type == "mistral" || type == "mixtral" || type == "phi3" || type == "starcoder2") {
            m.globalLayerEvery = 0; // every layer windowed (Mistral 7B paper §2)
        } else {
            m.globalLayerEvery = 0;
            warnSpan("sliding_window", 3);
        }
    }
    if (qwen2Family && useWindow && window > 0 && !types) {
        int fullLayers = 0;
        if (r.integer("max_window_layers", fullLayers) && fullLayers > 0 && fullLayers < m.numLayers)
            // Qwen2: the first max_window_layers layers attend fully, the rest in the window.
            warnSpan("max_window_layers", 4, fullLayers);
    }
    if (chunk > 0 && m.slidingWindow == chunk)
        warnSpan("attention_chunk_size", 1, chunk);

    readLaunchKeys(r, j, m, act, gemma);

    // Mixture of experts.
    if (r.integerAny({"num_local_experts", "n_routed_experts", "num_experts"}, m.numExperts) && m.numExperts > 0) {
        r.integer("num_experts_per_tok", m.moeTopK);
        int denseFfn = 0;
        if (type == "llama4_text" && r.integer("intermediate_size_mlp", denseFfn)) {
            // Llama 4: experts and the shared expert use intermediate_size, dense layers
            // intermediate_size_mlp (transformers Llama4TextMoe / Llama4TextMLP).
            m.moeFfnHiddenSize = m.ffnHiddenSize;
            m.numSharedExperts = 1;
            m.sharedExpertFfnHiddenSize = m.ffnHiddenSize;
            m.ffnHiddenSize = denseFfn;
            r.integer("interleave_moe_layer_step", m.moeLayerFrequency);
        } else if (!r.integer("moe_intermediate_size", m.moeFfnHiddenSize))
            m.moeFfnHiddenSize = m.ffnHiddenSize; // Mixtral: every layer's MLP is the expert MLP
        r.integer("n_shared_experts", m.numSharedExperts);
        if (r.integer("shared_expert_intermediate_size", m.sharedExpertFfnHiddenSize) && m.sharedExpertFfnHiddenSize > 0) {
            m.numSharedExperts = std::max(1, m.numSharedExperts);
            m.sharedExpertGate = type == "qwen2_moe";
        }
        r.integer("first_k_dense_replace", m.firstDenseLayers);
        if (!r.integer("moe_layer_freq", m.moeLayerFrequency))
            r.integer("decoder_sparse_step", m.moeLayerFrequency);
        if (j.contains("mlp_only_layers") && j["mlp_only_layers"].is_array() && !j["mlp_only_layers"].empty()) {
            Issue i{IssueCode::MoeLayerPatternApproximated, Severity::Warning, ""};
            i.path = "mlp_only_layers";
            out.issues.push_back(std::move(i));
        }
    }
    // Multi-head latent attention.
    if (deepseek && r.integer("kv_lora_rank", m.kvLoraRank)) {
        r.integer("q_lora_rank", m.qLoraRank);
        r.integer("qk_nope_head_dim", m.qkNopeHeadDim);
        r.integer("qk_rope_head_dim", m.qkRopeHeadDim);
        r.integer("v_head_dim", m.vHeadDim);
        m.numQueryGroups = m.numAttentionHeads;
        // DeepSeek Sparse Attention (DeepSeek-V3.2-Exp config.json index_n_heads / index_head_dim / index_topk).
        if (r.integer("index_topk", m.indexTopK)) {
            r.integer("index_n_heads", m.indexNumHeads);
            r.integer("index_head_dim", m.indexHeadDim);
        }
        // DeepSeek-V3 README_WEIGHTS.md: "num_nextn_predict_layers: … the number of Multi-Token
        // Prediction (MTP) Modules": trained with the model, still outside its total.
        r.integer("num_nextn_predict_layers", m.mtpLayers);
        if (m.mtpLayers > 0) {
            Issue i{IssueCode::MtpModuleNotCounted, Severity::Warning, ""};
            i.path = "num_nextn_predict_layers";
            out.issues.push_back(std::move(i));
        }
    }

    hfimport::readHybridKeys(r, j, out);

    // A vision tower: vision_config beside text_config (Gemma 3, Llama 4) or beside the flat
    // language-model keys (Qwen2.5-VL).
    if (const auto vc = doc.find("vision_config"); vc != doc.end() && vc->is_object() && !vc->empty())
        hfimport::readVisionConfig(doc, *vc, m, out);

    // Pre-quantized checkpoints: GPTQ/AWQ bits and group size, bitsandbytes 4/8-bit.
    if (j.contains("quantization_config") && j["quantization_config"].is_object()) {
        // Read with types checked: value(key, default) throws on a wrong type, get<int>() of
        // 1e300 is undefined behaviour. A wrong type is an error naming the key.
        QuantizationReader q{j["quantization_config"], out};
        out.hasQuantization = true;
        int bits = 0;
        q.integer("bits", bits);
        const bool load4 = q.boolean("load_in_4bit", false), load8 = q.boolean("load_in_8bit", false);
        const std::string quantType = q.string("bnb_4bit_quant_type"), method = q.string("quant_method");
        const bool doubleQuant = q.boolean("bnb_4bit_use_double_quant", false);
        if (load4 || quantType == "nf4") {
            out.quantization.format = WeightFormat::Nf4;
            out.quantization.doubleQuantization = doubleQuant;
        } else if (load8 || bits == 8) {
            out.quantization.format = WeightFormat::Int8;
        } else if (bits == 4) {
            out.quantization.format = WeightFormat::Int4;
        } else if (method == "fp8") {
            out.quantization.format = WeightFormat::Fp8;
        } else {
            out.hasQuantization = false;
        }
        int groupSize = 0;
        if (q.integer("group_size", groupSize))
            out.quantization.groupSize = std::max(0, groupSize); // GPTQ writes -1 for "one group per row"
        out.quantization.zeroPoint = q.boolean("zero_point", false) || !q.boolean("sym", true);
    }

    // Only the defaults that set something are worth naming.
    std::erase_if(out.defaulted, [&](const std::string& key) { return std::find(out.used.begin(), out.used.end(), key) == out.used.end(); });
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(out.used.begin(), out.used.end(), key) != out.used.end())
            continue;
        if (std::find(out.defaulted.begin(), out.defaulted.end(), key) != out.defaulted.end())
            continue;
        if (knownKey(key)) {
            out.ignored.push_back(key);
            continue;
        }
        Issue i{IssueCode::UnknownKey, Severity::Warning, ""};
        i.path = key;
        out.issues.push_back(std::move(i));
    }
    // Issue 32 item 10: a config the core's own rules refuse (−1 layers, 0 heads, KV heads that do
    // not divide the heads, top-k 9 of 8 experts, a hidden size of 10^7) is not a model to apply or
    // write: the default scenario with this model goes through validate(), and its errors are the
    // import's (each names the model key: model.num_layers, …).
    if (!hasErrors(out.issues)) {
        Scenario probe = defaultScenario();
        probe.model = m;
        std::vector<Issue> rules;
        validate(probe, rules);
        for (Issue& i : rules)
            if (i.severity == Severity::Error)
                out.issues.push_back(std::move(i));
    }
    out.ok = !hasErrors(out.issues);
    return out;
}

bool looksLikeHfConfig(std::string_view text)
{
    Json doc;
    std::vector<Issue> ignored;
    if (!parseJsonDocument(text, limits::kHfConfig, doc, ignored) || !doc.is_object() || doc.contains("schema_version"))
        return false;
    // Every transformers config names its model_type; older ones at least their sizes.
    for (const char* key : {"model_type", "architectures", "num_hidden_layers", "n_layer", "text_config"})
        if (doc.contains(key))
            return true;
    return false;
}

} // namespace core
