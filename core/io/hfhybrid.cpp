// Hugging Face configs of hybrid models (issue 28): which layers attend and which keep a recurrent
// state, from the keys each family writes, folded into the architecture's pattern keys.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/io/hfreader.h"

namespace core::hfimport {

namespace {

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

} // namespace

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

} // namespace core::hfimport
