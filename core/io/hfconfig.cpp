#include "core/io/hfconfig.h"

#include <algorithm>
#include <cmath>

#include "core/io/jsondocument.h"

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
};

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
            i.hint = "a whole number";
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
            i.hint = "true or false";
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
        Issue i{IssueCode::WrongType, Severity::Error, ""};
        i.path = key;
        i.hint = "this key (the model's size cannot be known without it)";
        out.issues.push_back(std::move(i));
    }
};

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
    void wrongType(const char* key, const char* expected)
    {
        Issue i{IssueCode::WrongType, Severity::Error, ""};
        i.path = std::string("quantization_config.") + key;
        i.hint = expected;
        out.issues.push_back(std::move(i));
    }
    bool boolean(const char* key, bool fallback)
    {
        const Json* v = find(key);
        if (!v)
            return fallback;
        if (!v->is_boolean()) {
            wrongType(key, "true or false");
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
            wrongType(key, "a string");
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
            wrongType(key, "a whole number");
            return false;
        }
        target = int(d);
        return true;
    }
};

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
        i.hint = "a JSON object";
        out.issues.push_back(std::move(i));
        return out;
    }
    // Multimodal checkpoints (Gemma 3) keep the language model under text_config.
    const Json& j = doc.contains("text_config") && doc["text_config"].is_object() ? doc["text_config"] : doc;
    Reader r{j, out};
    out.modelType = r.string("model_type");
    if (out.modelType.empty() && &j != &doc && doc.contains("model_type") && doc["model_type"].is_string())
        out.modelType = doc["model_type"].get<std::string>();
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
    m.qkvBias = m.qkvBias || type == "qwen2" || type == "qwen2_moe";
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

    // Attention span.
    bool useWindow = !(type == "qwen2" || type == "qwen2_moe");
    r.boolean("use_sliding_window", useWindow);
    int window = 0;
    if (r.integer("sliding_window", window) && useWindow)
        m.slidingWindow = window;
    r.integer("sliding_window_pattern", m.globalLayerEvery);
    if (j.contains("layer_types") && j["layer_types"].is_array() && m.slidingWindow > 0) {
        // Newer configs list "full_attention"/"sliding_attention" per layer; ShardScope models a
        // regular pattern: take the period of the first full-attention layer.
        const Json& types = j["layer_types"];
        for (std::size_t i = 0; i < types.size(); ++i)
            if (types[i] == "full_attention") {
                m.globalLayerEvery = int(i) + 1;
                break;
            }
        out.used.emplace_back("layer_types");
    }

    // Mixture of experts.
    if (r.integerAny({"num_local_experts", "n_routed_experts", "num_experts"}, m.numExperts) && m.numExperts > 0) {
        r.integer("num_experts_per_tok", m.moeTopK);
        if (!r.integer("moe_intermediate_size", m.moeFfnHiddenSize))
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
            Issue i{IssueCode::UnknownValue, Severity::Warning, ""};
            i.path = "mlp_only_layers";
            i.hint = "a regular pattern; the listed dense layers are counted as MoE layers";
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
        if (j.contains("num_nextn_predict_layers") && j["num_nextn_predict_layers"].is_number() && j["num_nextn_predict_layers"].get<double>() > 0) {
            Issue i{IssueCode::UnknownValue, Severity::Warning, ""};
            i.path = "num_nextn_predict_layers";
            i.hint = "the main model only: the multi-token-prediction module is not counted";
            out.issues.push_back(std::move(i));
        }
    }

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

    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& key = it.key();
        if (std::find(out.used.begin(), out.used.end(), key) != out.used.end())
            continue;
        if (knownKey(key)) {
            out.ignored.push_back(key);
            continue;
        }
        Issue i{IssueCode::UnknownKey, Severity::Warning, ""};
        i.path = key;
        i.hint = {};
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
