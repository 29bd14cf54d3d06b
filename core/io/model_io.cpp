#include "core/io/model_io.h"

#include "core/io/scenario_io.h"

namespace core {

bool readModelKeys(JsonReader& r, ModelArchitecture& m)
{
    bool arch = false;
    constexpr long long kMax = 2147483647LL;
    arch |= r.integer("num_layers", m.numLayers, -kMax, kMax);
    arch |= r.integer("hidden_size", m.hiddenSize, -kMax, kMax);
    arch |= r.integer("ffn_hidden_size", m.ffnHiddenSize, -kMax, kMax);
    arch |= r.integer("num_attention_heads", m.numAttentionHeads, -kMax, kMax);
    if (r.integer("num_query_groups", m.numQueryGroups, -kMax, kMax))
        arch = true;
    else if (!r.has("num_query_groups") && arch && m.numQueryGroups == 0)
        m.numQueryGroups = m.numAttentionHeads; // MHA unless told otherwise
    r.integer("head_dim", m.headDim, -kMax, kMax);
    arch |= r.integer("vocab_size", m.vocabSize, -kMax, kMax);
    r.integer("pad_vocab_multiple", m.padVocabMultiple, -kMax, kMax);
    r.integer("max_position_embeddings", m.maxPositionEmbeddings, -kMax, kMax);
    r.boolean("tied_embeddings", m.tiedEmbeddings);
    r.boolean("gated_mlp", m.gatedMlp);
    r.choice("normalization", m.normalization, {{"rmsnorm", Normalization::RMSNorm}, {"layernorm", Normalization::LayerNorm}});
    r.choice("position_embedding", m.positionEmbedding, {{"rope", PositionEmbedding::Rotary}, {"learned", PositionEmbedding::Learned}});
    r.boolean("linear_bias", m.linearBias);
    r.boolean("qkv_bias", m.qkvBias);
    r.boolean("dropout", m.dropout);
    r.string("name", m.name);
    r.integer("norms_per_layer", m.normsPerLayer, -kMax, kMax);
    r.boolean("qk_norm", m.qkNorm);
    // Mixture of experts
    r.integer("num_experts", m.numExperts, -kMax, kMax);
    r.integer("moe_top_k", m.moeTopK, -kMax, kMax);
    r.integer("moe_ffn_hidden_size", m.moeFfnHiddenSize, -kMax, kMax);
    r.integer("num_shared_experts", m.numSharedExperts, -kMax, kMax);
    r.integer("shared_expert_ffn_hidden_size", m.sharedExpertFfnHiddenSize, -kMax, kMax);
    r.boolean("shared_expert_gate", m.sharedExpertGate);
    r.integer("moe_layer_frequency", m.moeLayerFrequency, -kMax, kMax);
    r.integer("first_dense_layers", m.firstDenseLayers, -kMax, kMax);
    // Multi-head latent attention
    r.integer("q_lora_rank", m.qLoraRank, -kMax, kMax);
    r.integer("kv_lora_rank", m.kvLoraRank, -kMax, kMax);
    r.integer("qk_nope_head_dim", m.qkNopeHeadDim, -kMax, kMax);
    r.integer("qk_rope_head_dim", m.qkRopeHeadDim, -kMax, kMax);
    r.integer("v_head_dim", m.vHeadDim, -kMax, kMax);
    // Attention span
    r.integer("sliding_window", m.slidingWindow, -kMax, kMax);
    r.integer("global_layer_every", m.globalLayerEvery, -kMax, kMax);
    return arch;
}

void writeModelKeys(Json& j, const ModelArchitecture& m)
{
    if (!m.name.empty())
        j["name"] = m.name;
    j["num_layers"] = m.numLayers;
    j["hidden_size"] = m.hiddenSize;
    j["ffn_hidden_size"] = m.ffnHiddenSize;
    j["num_attention_heads"] = m.numAttentionHeads;
    j["num_query_groups"] = m.numQueryGroups;
    j["head_dim"] = m.headDim;
    j["vocab_size"] = m.vocabSize;
    j["pad_vocab_multiple"] = m.padVocabMultiple;
    j["max_position_embeddings"] = m.maxPositionEmbeddings;
    j["tied_embeddings"] = m.tiedEmbeddings;
    j["gated_mlp"] = m.gatedMlp;
    j["normalization"] = std::string(toString(m.normalization));
    j["position_embedding"] = std::string(toString(m.positionEmbedding));
    j["linear_bias"] = m.linearBias;
    j["qkv_bias"] = m.qkvBias;
    j["dropout"] = m.dropout;
    j["norms_per_layer"] = m.normsPerLayer;
    j["qk_norm"] = m.qkNorm;
    // A dense model's expert or latent-attention keys have no effect, but a file that sets
    // them gets them back on saving (found by tests/fuzz: a saved scenario loaded differently).
    const ModelArchitecture plain;
    const bool moeKeys = m.numExperts != plain.numExperts || m.moeTopK != plain.moeTopK || m.moeFfnHiddenSize != plain.moeFfnHiddenSize
        || m.numSharedExperts != plain.numSharedExperts || m.sharedExpertFfnHiddenSize != plain.sharedExpertFfnHiddenSize
        || m.sharedExpertGate != plain.sharedExpertGate || m.moeLayerFrequency != plain.moeLayerFrequency
        || m.firstDenseLayers != plain.firstDenseLayers;
    const bool mlaKeys = m.qLoraRank != plain.qLoraRank || m.kvLoraRank != plain.kvLoraRank || m.qkNopeHeadDim != plain.qkNopeHeadDim
        || m.qkRopeHeadDim != plain.qkRopeHeadDim || m.vHeadDim != plain.vHeadDim;
    if (m.isMoE() || moeKeys) {
        j["num_experts"] = m.numExperts;
        j["moe_top_k"] = m.moeTopK;
        j["moe_ffn_hidden_size"] = m.moeFfnHiddenSize;
        j["num_shared_experts"] = m.numSharedExperts;
        j["shared_expert_ffn_hidden_size"] = m.sharedExpertFfnHiddenSize;
        j["shared_expert_gate"] = m.sharedExpertGate;
        j["moe_layer_frequency"] = m.moeLayerFrequency;
        j["first_dense_layers"] = m.firstDenseLayers;
    }
    if (m.isMla() || mlaKeys) {
        j["q_lora_rank"] = m.qLoraRank;
        j["kv_lora_rank"] = m.kvLoraRank;
        j["qk_nope_head_dim"] = m.qkNopeHeadDim;
        j["qk_rope_head_dim"] = m.qkRopeHeadDim;
        j["v_head_dim"] = m.vHeadDim;
    }
    j["sliding_window"] = m.slidingWindow;
    j["global_layer_every"] = m.globalLayerEvery;
}

void readGpuKeys(JsonReader& r, const Json& object, GpuSpec& g, std::vector<Issue>& issues)
{
    r.string("id", g.preset);
    r.string("name", g.name);
    r.number("memory_bytes", g.memoryBytes);
    r.number("memory_bandwidth_bytes_per_second", g.memoryBandwidthBytesPerSecond);
    r.number("interconnect_bytes_per_second", g.interconnectBytesPerSecond);
    r.number("network_bytes_per_second", g.networkBytesPerSecond);
    r.string("source", g.source);
    r.string("memory_label", g.memoryLabel);
    r.known("peak_tflops");
    if (object.is_object() && object.contains("peak_tflops")) {
        const Json& peaks = object.at("peak_tflops");
        if (!peaks.is_object()) {
            r.error(IssueCode::WrongType, "peak_tflops", "an object of TFLOP/s by dtype");
            return;
        }
        JsonReader p(peaks, r.path("peak_tflops."), issues);
        p.number("fp32", g.peakFp32Tflops);
        p.number("tf32", g.peakTf32Tflops);
        p.number("bf16", g.peakBf16Tflops);
        p.number("fp16", g.peakFp16Tflops);
        p.number("fp8", g.peakFp8Tflops);
        p.number("int8", g.peakInt8Tops);
        p.reportUnknown();
    }
}

void writeGpuKeys(Json& j, const GpuSpec& g)
{
    if (!g.preset.empty())
        j["preset"] = g.preset;
    j["name"] = g.name;
    if (!g.memoryLabel.empty())
        j["memory_label"] = g.memoryLabel;
    j["memory_bytes"] = g.memoryBytes;
    j["peak_tflops"] = Json{{"fp32", g.peakFp32Tflops}, {"tf32", g.peakTf32Tflops}, {"bf16", g.peakBf16Tflops},
                            {"fp16", g.peakFp16Tflops}, {"fp8", g.peakFp8Tflops}, {"int8", g.peakInt8Tops}};
    j["memory_bandwidth_bytes_per_second"] = g.memoryBandwidthBytesPerSecond;
    j["interconnect_bytes_per_second"] = g.interconnectBytesPerSecond;
    j["network_bytes_per_second"] = g.networkBytesPerSecond;
    if (!g.source.empty())
        j["source"] = g.source;
}

} // namespace core
