#include "core/io/hfconfig.h"

#include <algorithm>
#include <cmath>

#include "core/estimate.h"
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

struct Reader
{
    const Json& j;
    HfImport& out;

    const Json* find(const char* key) const
    {
        auto it = j.find(key);
        return it == j.end() || it->is_null() ? nullptr : &*it;
    }
    bool has(const char* key) const { return find(key) != nullptr; }
    /// Reads an integer key into `target`; returns false if absent. Wrong types are errors.
    bool integer(const char* key, int& target)
    {
        const Json* v = find(key);
        if (!v)
            return false;
        if (!v->is_number() || v->get<double>() != std::floor(v->get<double>()) || std::fabs(v->get<double>()) > 2147483647.0) {
            Issue i{IssueCode::WrongType, Severity::Error, ""};
            i.path = key;
            i.expected = ValueKind::WholeNumber;
            out.issues.push_back(std::move(i));
            return false;
        }
        target = int(v->get<double>());
        out.used.emplace_back(key);
        return true;
    }
    bool boolean(const char* key, bool& target)
    {
        const Json* v = find(key);
        if (!v)
            return false;
        if (!v->is_boolean()) {
            Issue i{IssueCode::WrongType, Severity::Error, ""};
            i.path = key;
            i.expected = ValueKind::TrueOrFalse;
            out.issues.push_back(std::move(i));
            return false;
        }
        target = v->get<bool>();
        out.used.emplace_back(key);
        return true;
    }
    std::string string(const char* key) const
    {
        const Json* v = find(key);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }
    /// The first of `keys` present (GPT-2 and Llama names for the same thing).
    bool integerAny(std::initializer_list<const char*> keys, int& target)
    {
        for (const char* k : keys)
            if (integer(k, target))
                return true;
        return false;
    }
    void require(bool present, const char* key)
    {
        if (present)
            return;
        Issue i{IssueCode::MissingModelKey, Severity::Error, ""};
        i.path = key;
        out.issues.push_back(std::move(i));
    }
};

/// Layers of a hybrid pattern: which attend, which have no MLP after the mixer.
struct HybridLayers
{
    std::vector<bool> attends, mlp;
    bool expressible = true;
};

/// Megatron-LM's hybrid_override_pattern (hybrid_layer_allocation.py: M Mamba-2, * attention,
/// - MLP, E MoE; each a residual block of its own), folded as the core counts layers: a mixer
/// and the MLP block after it. An MLP block with no mixer before it, or another symbol, is not
/// expressible.
HybridLayers foldHybridPattern(std::string_view pattern)
{
    HybridLayers h;
    for (char c : pattern) {
        if (c == 'M' || c == '*') {
            h.attends.push_back(c == '*');
            h.mlp.push_back(false);
        } else if ((c == '-' || c == 'E') && !h.mlp.empty() && !h.mlp.back()) {
            h.mlp.back() = true;
        } else {
            h.expressible = false;
        }
    }
    return h;
}

/// What the core counts instead of a pattern it cannot express: the folded layers, their
/// attention layers spread evenly (every round(L / attention)-th), every mixer with its MLP.
void approximateHybrid(const HybridLayers& h, ModelArchitecture& m)
{
    int attending = 0;
    for (bool a : h.attends)
        attending += a ? 1 : 0;
    m.numLayers = int(h.attends.size());
    m.fullAttentionInterval = attending > 0 ? std::max(1, int(std::lround(double(m.numLayers) / attending))) : 0;
    m.fullAttentionFirst = -1;
    m.mixerOnlyBeforeAttention = false;
}

/// The closed form core::LayerPattern counts (every n-th layer from `first` attends; optionally
/// the layer before each has no MLP) of a list of layers, if it is one.
bool hybridClosedForm(const HybridLayers& h, ModelArchitecture& m)
{
    const int layers = int(h.attends.size());
    std::vector<int> at;
    for (int i = 0; i < layers; ++i)
        if (h.attends[i])
            at.push_back(i);
    int every = 0, first = -1;
    if (at.size() == 1) {
        every = layers;
        first = at[0];
    } else if (at.size() > 1) {
        every = at[1] - at[0];
        first = at[0];
        for (std::size_t k = 1; k < at.size(); ++k)
            if (at[k] - at[k - 1] != every)
                return false;
        if (at.back() + every < layers)
            return false; // the interval would put one more attention layer in
    }
    for (int i = 0; i < layers; ++i) {
        if (h.attends[i] && !h.mlp[i])
            return false; // an attention block with no MLP after it: not a kind the core has
        const bool beforeAttention = every > 1 && i + 1 < layers && h.attends[i + 1];
        if (!h.attends[i] && !h.mlp[i] && !beforeAttention)
            return false; // a Mamba block with no MLP elsewhere than before an attention layer
    }
    // Either every layer before an attention layer lacks its MLP, or none does.
    bool before = false, beforeWithMlp = false;
    for (int i : at)
        if (i > 0 && !h.attends[i - 1]) {
            before = before || !h.mlp[i - 1];
            beforeWithMlp = beforeWithMlp || h.mlp[i - 1];
        }
    if (before && beforeWithMlp)
        return false;
    m.numLayers = layers;
    m.fullAttentionInterval = every;
    m.fullAttentionFirst = every > 0 && first != every - 1 ? first : -1;
    m.mixerOnlyBeforeAttention = before;
    return true;
}

/// Hybrid linear-attention / state-space keys (issue 28): Gated DeltaNet (Qwen3-Next, Qwen3.5:
/// transformers configuration_qwen3_next.py @008e5743) and Mamba-2 (Nemotron-H: vLLM and
/// transformers NemotronHConfig; Megatron-Bridge nemotron_h_provider.py @47f330e4).
void readHybridKeys(Reader& r, const Json& j, HfImport& out)
{
    ModelArchitecture& m = out.model;
    const std::string& type = out.modelType;
    auto issue = [&](IssueCode code, const char* key, double a = 0, double b = 0) {
        Issue i{code, Severity::Warning, "", a, b};
        i.path = key;
        out.issues.push_back(std::move(i));
    };
    auto stateDtype = [&](const char* key) {
        const std::string d = r.string(key);
        if (d.empty())
            return false;
        out.used.emplace_back(key);
        if (d == "float32")
            m.recurrentStateDtype = RecurrentStateDtype::Float32;
        else if (d == "bfloat16" || d == "float16")
            m.recurrentStateDtype = RecurrentStateDtype::Bfloat16;
        return true;
    };
    const auto* types = j.contains("layer_types") && j["layer_types"].is_array() ? &j["layer_types"] : nullptr;
    bool linearTypes = false;
    if (types)
        for (const Json& t : *types)
            linearTypes = linearTypes || t == "linear_attention";
    if (r.has("linear_num_value_heads") || r.has("full_attention_interval") || linearTypes) {
        m.linearMixer = LinearMixer::GatedDeltaNet;
        r.integer("linear_num_key_heads", m.linearNumKeyHeads);
        r.integer("linear_key_head_dim", m.linearKeyHeadDim);
        r.integer("linear_num_value_heads", m.linearNumValueHeads);
        r.integer("linear_value_head_dim", m.linearValueHeadDim);
        r.integer("linear_conv_kernel_dim", m.linearConvKernel);
        if (linearTypes) {
            HybridLayers h;
            for (const Json& t : *types) {
                h.attends.push_back(t == "full_attention");
                h.mlp.push_back(true);
            }
            if (int(h.attends.size()) != m.numLayers || !hybridClosedForm(h, m)) {
                issue(IssueCode::HybridPatternApproximated, "layer_types", double(h.attends.size()));
                approximateHybrid(h, m);
            }
        } else if (r.integer("full_attention_interval", m.fullAttentionInterval)) {
            m.fullAttentionFirst = -1; // layers (i + 1) % n == 0 (Qwen3NextConfig.__post_init__)
        }
        // Qwen3-Next's attention always gates its output (q_proj emits 2·a·d) and norms Q and K;
        // its shared expert has a sigmoid gate (modeling_qwen3_next.py @01cdc608).
        const bool qwenHybrid = type.rfind("qwen3_next", 0) == 0 || type.rfind("qwen3_5", 0) == 0;
        if (qwenHybrid) {
            m.attentionOutputGate = true;
            m.qkNorm = true;
            if (m.sharedExpertFfnHiddenSize > 0)
                m.sharedExpertGate = true;
        }
        r.boolean("attn_output_gate", m.attentionOutputGate);
        stateDtype("mamba_ssm_dtype"); // Qwen3.5: the recurrent state's dtype (vLLM reads it)
    } else if (j.contains("hybrid_override_pattern") && j["hybrid_override_pattern"].is_string()) {
        m.linearMixer = LinearMixer::Mamba2;
        const std::string pattern = j["hybrid_override_pattern"].get<std::string>();
        out.used.emplace_back("hybrid_override_pattern");
        const HybridLayers h = foldHybridPattern(pattern);
        const int blocks = m.numLayers;
        if (!h.expressible || !hybridClosedForm(h, m)) {
            issue(IssueCode::HybridPatternApproximated, "hybrid_override_pattern", double(pattern.size()));
            approximateHybrid(h, m);
        }
        if (int(pattern.size()) != blocks)
            issue(IssueCode::HybridPatternApproximated, "num_hidden_layers", double(blocks));
        r.integer("mamba_num_heads", m.linearNumValueHeads);
        r.integer("mamba_head_dim", m.linearValueHeadDim);
        r.integer("n_groups", m.linearNumKeyHeads);
        r.integer("ssm_state_size", m.linearKeyHeadDim);
        r.integer("conv_kernel", m.linearConvKernel);
        r.integer("attention_head_dim", m.headDim);
        if (type == "nemotron_h") {
            // Nemotron-H: squared-ReLU MLP of two matrices; no RoPE (the estimate has no
            // parameters for it either way); vLLM keeps its SSM state in float32 unless
            // mamba_ssm_cache_dtype says otherwise (NemotronHConfig).
            m.gatedMlp = false;
            m.activation = Activation::SquaredRelu;
            m.normalization = Normalization::RMSNorm; // its layer_norm_epsilon belongs to RMSNorms
            if (!stateDtype("mamba_ssm_cache_dtype"))
                m.recurrentStateDtype = RecurrentStateDtype::Float32;
        } else {
            stateDtype("mamba_ssm_cache_dtype");
        }
    } else {
        return;
    }
    int mtp = 0;
    if ((r.integer("mtp_num_hidden_layers", mtp) || r.integer("num_nextn_predict_layers", mtp)) && mtp > 0)
        issue(IssueCode::MtpModuleNotCounted, "mtp_num_hidden_layers");
}

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

/// A vision-language checkpoint's vision_config (issue 28 item 4; core/model/visiontower.h): the
/// ViT's shape and the projector of its family. SigLIP (Gemma 3: Gemma3ForConditionalGeneration,
/// modeling_gemma3.py Gemma3MultiModalProjector: mm_soft_emb_norm, pooling to mm_tokens_per_image,
/// one projection w → h), Qwen2.5-VL (modeling_qwen2_5_vl.py: Conv3d patches, RMSNorm, gated MLP,
/// Qwen2_5_VLPatchMerger: ln_q, Linear(w·m², w·m²), Linear(w·m², out_hidden_size)) and Llama 4
/// (modeling_llama4.py: class token, positions, pre/post LayerNorm, pixel shuffle, the adapter's
/// two linears and multi_modal_projector). Its keys are named "vision_config.<key>" in used,
/// ignored and notExpressed. An unknown family's tower is left out, and said so.
void readVisionConfig(const Json& doc, const Json& vc, ModelArchitecture& m, HfImport& out)
{
    const std::string family = vc.contains("model_type") && vc["model_type"].is_string() ? vc["model_type"].get<std::string>() : std::string();
    const std::string top = doc.contains("model_type") && doc["model_type"].is_string() ? doc["model_type"].get<std::string>() : std::string();
    const bool siglip = family == "siglip_vision_model" || (family.empty() && top == "gemma3");
    const bool qwen = top == "qwen2_5_vl" || family == "qwen2_5_vl";
    const bool llama4 = family == "llama4_vision_model" || (family.empty() && top == "llama4");
    const std::size_t usedBefore = out.used.size(), issuesBefore = out.issues.size();
    Reader r{vc, out};
    auto prefix = [&] {
        for (std::size_t i = usedBefore; i < out.used.size(); ++i)
            out.used[i] = "vision_config." + out.used[i];
        for (std::size_t i = issuesBefore; i < out.issues.size(); ++i)
            out.issues[i].path = "vision_config." + out.issues[i].path;
    };
    if (!siglip && !qwen && !llama4) {
        out.notExpressed.push_back("vision_config" + (family.empty() ? std::string() : " (" + family + ")"));
        return;
    }
    ModelArchitecture v = m; // the tower's keys on a copy: kept only when its shape is complete
    bool shape = r.integerAny({"num_hidden_layers", "depth"}, v.visionLayers);
    shape = r.integer("hidden_size", v.visionHiddenSize) && shape;
    shape = r.integer("intermediate_size", v.visionFfnHiddenSize) && shape;
    shape = r.integerAny({"num_attention_heads", "num_heads"}, v.visionHeads) && shape;
    shape = r.integer("patch_size", v.visionPatchSize) && shape;
    if (siglip) {
        // SigLIP: LayerNorms, a learned position per patch, a Conv2d with bias, post_layernorm.
        shape = r.integer("image_size", v.visionImageSize) && shape;
        v.visionNormalization = Normalization::LayerNorm;
        v.visionLearnedPositions = true;
        v.visionPatchBias = true;
        v.visionFinalNorms = 1;
        v.visionProjectorLayers = 1;
        v.visionProjectorNorm = true;
        v.visionProjectorBias = false;
        int tokens = 0; // Gemma3Config mm_tokens_per_image, default 256 (4×4 average pooling of 64² patches)
        if (doc.contains("mm_tokens_per_image") && doc["mm_tokens_per_image"].is_number_integer())
            tokens = doc["mm_tokens_per_image"].get<int>();
        v.visionTokensPerImage = tokens > 0 ? tokens : 256;
        bool head = false;
        if (r.boolean("vision_use_head", head) && head)
            out.notExpressed.push_back("vision_config.vision_use_head"); // SigLIP's attention-pooling head
    } else if (qwen) {
        // Qwen2.5-VL: no image size in the config (image_processing_qwen2_vl.py smart_resize sizes
        // each image in multiples of 28 px, 4 … 1280 tokens): 448 px, 256 tokens, stands for one.
        v.visionImageSize = 448;
        out.notExpressed.push_back("vision_config.image_size (each image its own size; 448 × 448 assumed)");
        r.integer("temporal_patch_size", v.visionTemporalPatch);
        r.integer("spatial_merge_size", v.visionMerge);
        v.visionGatedMlp = true;
        v.visionNormalization = Normalization::RMSNorm;
        v.visionLearnedPositions = false;
        v.visionFinalNorms = 0;
        v.visionProjectorLayers = 2;
        v.visionProjectorHidden = v.visionHiddenSize * v.visionMerge * v.visionMerge;
        v.visionProjectorBias = true;
        v.visionProjectorNorm = true;
        int outHidden = 0;
        if (r.integer("out_hidden_size", outHidden) && outHidden != m.hiddenSize)
            out.notExpressed.push_back("vision_config.out_hidden_size");
        for (const char* key : {"window_size", "fullatt_block_indexes"}) // windowed attention: counted as full
            if (r.has(key))
                out.notExpressed.push_back(std::string("vision_config.") + key);
    } else {
        // Llama 4: a class token, pre/post LayerNorms, pixel shuffle into the adapter's two linears,
        // then the projector to the decoder: w·m² → projector_input_dim → projector_output_dim → h.
        shape = r.integer("image_size", v.visionImageSize) && shape;
        v.visionClassToken = true;
        v.visionFinalNorms = 2;
        v.visionNormalization = Normalization::LayerNorm;
        v.visionPatchBias = false;
        const Json* ratio = r.find("pixel_shuffle_ratio");
        if (ratio && ratio->is_number() && ratio->get<double>() > 0) {
            v.visionMerge = std::max(1, int(std::lround(1 / ratio->get<double>())));
            out.used.emplace_back("pixel_shuffle_ratio");
        }
        int in = 0, mid = 0, vout = 0;
        r.integer("projector_input_dim", in);
        r.integer("projector_output_dim", mid);
        r.integer("vision_output_dim", vout);
        v.visionProjectorLayers = 3;
        v.visionProjectorHidden = in;
        if (in != mid || mid != vout)
            out.notExpressed.push_back("vision_config.projector_output_dim"); // one inner width only
        r.boolean("multi_modal_projector_bias", v.visionProjectorBias);
    }
    // Read, not shapes: kernels, initialization, numerics, which layer's features feed the projector.
    static const char* const kHarmless[] = {"model_type", "hidden_act", "initializer_range", "layer_norm_eps", "attention_dropout",
                                            "num_channels", "in_chans", "in_channels", "norm_eps", "rope_theta", "vision_feature_layer",
                                            "vision_feature_select_strategy", "projector_dropout", "tokens_per_second", "torch_dtype",
                                            "spatial_patch_size", "_attn_implementation_autoset"};
    for (auto it = vc.begin(); it != vc.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(out.used.begin() + std::ptrdiff_t(usedBefore), out.used.end(), key) != out.used.end())
            continue;
        const std::string named = "vision_config." + key;
        if (std::find(out.notExpressed.begin(), out.notExpressed.end(), named) != out.notExpressed.end())
            continue;
        if (std::find(std::begin(kHarmless), std::end(kHarmless), key) != std::end(kHarmless))
            out.ignored.push_back(named);
        else
            out.notExpressed.push_back(named);
    }
    prefix();
    if (!shape || v.visionLayers <= 0 || v.visionImageSize <= 0) {
        out.notExpressed.push_back("vision_config (its shape is incomplete: the tower is left out)");
        return;
    }
    m = v;
    out.used.emplace_back("vision_config");
}

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

    readHybridKeys(r, j, out);

    // A vision tower: vision_config beside text_config (Gemma 3, Llama 4) or beside the flat
    // language-model keys (Qwen2.5-VL).
    if (const auto vc = doc.find("vision_config"); vc != doc.end() && vc->is_object() && !vc->empty())
        readVisionConfig(doc, *vc, m, out);

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
