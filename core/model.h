#pragma once

#include <cstdint>
#include <string>

namespace core {

enum class Normalization { RMSNorm, LayerNorm };
enum class PositionEmbedding { Rotary, Learned };
/// How RoPE is stretched past the trained context (HF rope_scaling.rope_type).
enum class RopeScaling { None, Llama3, Yarn, Linear };
/// The MLP's activation; Auto: SiLU when gated (SwiGLU), GELU otherwise (Megatron-LM's defaults).
enum class Activation { Auto, Silu, Gelu, GeluTanh, Relu, SquaredRelu };
/// The token mixer of a hybrid model's non-attention layers (issue 28): none (every layer
/// attends), Gated DeltaNet (Qwen3-Next, Qwen3.5: arXiv 2412.06464) or Mamba-2 / SSD
/// (Nemotron-H: arXiv 2405.21060).
enum class LinearMixer { None, GatedDeltaNet, Mamba2 };
/// The dtype a serving engine keeps a recurrent (SSM / delta-rule) state in: Auto follows the
/// engine (SGLang float32, vLLM the model's 16-bit dtype); a checkpoint may name it
/// (HF mamba_ssm_cache_dtype, Nemotron-H: float32; mamba_ssm_dtype, Qwen3.5: float32).
enum class RecurrentStateDtype { Auto, Float32, Bfloat16 };

/// A decoder-only transformer. Either an architecture (hasArchitecture) or just a
/// parameter count; counts are doubles (see units.h).
struct ModelArchitecture
{
    std::string preset;           ///< preset id it came from, empty for a custom model
    std::string name;             ///< display name
    bool hasArchitecture = true;  ///< false: only `parameters` is known
    double parameters = 0;        ///< only used when !hasArchitecture

    int numLayers = 0;
    int hiddenSize = 0;
    int ffnHiddenSize = 0;
    int numAttentionHeads = 0;
    int numQueryGroups = 0;       ///< KV heads; == heads for MHA, 1 for MQA
    int headDim = 0;              ///< 0: hidden / heads (Megatron kv_channels)
    int vocabSize = 0;
    int padVocabMultiple = 0;     ///< 0: no padding; else Megatron make_vocab_size_divisible_by (×TP)
    int maxPositionEmbeddings = 0;
    bool tiedEmbeddings = false;
    bool gatedMlp = true;         ///< SwiGLU/GeGLU: three h×F matrices instead of two
    Normalization normalization = Normalization::RMSNorm;
    PositionEmbedding positionEmbedding = PositionEmbedding::Rotary;
    bool linearBias = false;      ///< biases on every linear layer (GPT-2/3)
    bool qkvBias = false;         ///< biases on Q, K, V only (Qwen2); implied by linearBias
    bool dropout = false;         ///< hidden and attention dropout during training (GPT: yes, Llama: no)

    int normsPerLayer = 2;        ///< norms per layer (Gemma 2/3 have 4: pre and post)
    bool qkNorm = false;          ///< per-head RMSNorm on Q and K (Gemma 3, Qwen 3): 2·head_dim each

    // Mixture of experts: zero experts means a dense model. Which layers are MoE layers follows
    // from these keys (core/model/layerpattern.h layerPattern).
    int numExperts = 0;
    int moeTopK = 0;
    int moeFfnHiddenSize = 0;     ///< per routed expert
    int numSharedExperts = 0;     ///< always-active experts (DeepSeek, Qwen MoE)
    int sharedExpertFfnHiddenSize = 0; ///< total FFN width of the shared experts; 0: numSharedExperts × moeFfnHiddenSize
    bool sharedExpertGate = false;///< sigmoid gate h×1 on the shared expert (Qwen MoE)
    int moeLayerFrequency = 1;
    int firstDenseLayers = 0;     ///< DeepSeek first_k_dense_replace

    // Multi-head latent attention (DeepSeek-V2/V3): active when kvLoraRank > 0.
    int qLoraRank = 0;            ///< 0: Q projected directly
    int kvLoraRank = 0;
    int qkNopeHeadDim = 0;
    int qkRopeHeadDim = 0;
    int vHeadDim = 0;

    // DeepSeek Sparse Attention (DeepSeek-V3.2-Exp, arXiv 2512.02556 §2.1; HF config.json
    // index_n_heads / index_head_dim / index_topk): a lightning indexer in every attention layer
    // scores all cached tokens with its own small FP8 keys, and the MLA attention then reads only
    // the top-k of them. Active when indexTopK > 0 (validation: needs MLA with a q_lora_rank).
    int indexNumHeads = 0;        ///< the indexer's query heads H_I (64)
    int indexHeadDim = 0;         ///< its head dim d_I, also its one key per token (128)
    int indexTopK = 0;            ///< tokens each query attends to (2048); 0: dense attention

    // Multi-token prediction (DeepSeek-V3, arXiv 2412.19437 §2.2; HF config num_nextn_predict_layers;
    // Megatron-LM --mtp-num-layers): modules after the decoder, each a projection 2h → h of the
    // normalised hidden state and next token's embedding (enorm, hnorm, eh_proj) and one decoder
    // block of the last layer's kind, sharing the embedding and the output head. Trained with the
    // model (pre-training); not in the published total (DeepSeek-V3 README_WEIGHTS.md: "671B" for
    // the main model, the MTP module's "11.5B unique parameters" apart) and loaded by a serving
    // engine only to draft (inference.speculative_method mtp, core/inference.cpp makeDrafter).
    int mtpLayers = 0;

    // Attention span: layers with a sliding window cache only the last `slidingWindow` tokens.
    int slidingWindow = 0;        ///< 0: every layer attends to the whole context
    int globalLayerEvery = 0;     ///< with a window: every N-th layer is global (Gemma 3: 6); 0: all layers windowed

    // Hybrid linear-attention / state-space layers (issue 28; core/model/linearmixer.h). With a
    // linear mixer, layer i attends fully (and keeps a KV cache) when i % interval equals the
    // first full-attention layer; every other layer runs the linear mixer and keeps a fixed
    // recurrent state per sequence instead. Gated DeltaNet: key heads Hk × dk (queries and keys),
    // value heads Hv × dv (HF linear_num_key_heads …); Mamba-2 maps onto the same widths:
    // groups G × state N as Hk × dk, heads H × head dim P as Hv × dv (vLLM mamba2_state_shape).
    LinearMixer linearMixer = LinearMixer::None;
    int fullAttentionInterval = 0;  ///< HF full_attention_interval (Qwen3-Next 4), attn_layer_period; 0: no attention layer
    int fullAttentionFirst = -1;    ///< the first full-attention layer (0-based); −1: the interval's last (Qwen3-Next: 3)
    bool mixerOnlyBeforeAttention = false; ///< the linear layer just before each attention layer has no MLP (Nemotron-H "M*-")
    int linearNumKeyHeads = 0;      ///< Hk (Mamba-2: n_groups)
    int linearKeyHeadDim = 0;       ///< dk (Mamba-2: ssm_state_size)
    int linearNumValueHeads = 0;    ///< Hv (Mamba-2: mamba_num_heads)
    int linearValueHeadDim = 0;     ///< dv (Mamba-2: mamba_head_dim)
    int linearConvKernel = 4;       ///< the causal convolution's width K (HF linear_conv_kernel_dim, conv_kernel)
    bool attentionOutputGate = false; ///< sigmoid output gate on attention: q_proj emits 2·a·d (Qwen3-Next attn_output_gate)
    RecurrentStateDtype recurrentStateDtype = RecurrentStateDtype::Auto;

    // A vision tower (issue 28 item 4; core/model/visiontower.h): a ViT encoder of its own widths
    // whose image tokens, after the projector, enter the decoder's context. Present when
    // visionLayers > 0. SigLIP (Gemma 3), Qwen2.5-VL's ViT and Llama 4's encoder all carry
    // biases on every linear layer and two norms per block.
    int visionLayers = 0;           ///< encoder blocks (HF vision_config num_hidden_layers / depth)
    int visionHiddenSize = 0;       ///< w (vision_config hidden_size)
    int visionFfnHiddenSize = 0;    ///< the block's MLP width (intermediate_size)
    int visionHeads = 0;            ///< attention heads (num_attention_heads / num_heads)
    int visionPatchSize = 0;        ///< pixels per patch side (patch_size)
    int visionImageSize = 0;        ///< pixels per side of one tile the encoder sees (image_size)
    int visionTemporalPatch = 1;    ///< frames per patch (Qwen2.5-VL temporal_patch_size 2: a still image is repeated)
    bool visionGatedMlp = false;    ///< gate, up, down (Qwen2.5-VL) instead of fc1, fc2 (SigLIP, Llama 4)
    Normalization visionNormalization = Normalization::LayerNorm;
    bool visionLearnedPositions = true; ///< a learned position per patch (SigLIP, Llama 4); false: 2-D RoPE (Qwen2.5-VL)
    bool visionClassToken = false;  ///< a class embedding prepended (Llama 4: 577 positions for 576 patches)
    int visionFinalNorms = 1;       ///< norms around the encoder (SigLIP post_layernorm 1, Llama 4 pre + post 2, Qwen2.5-VL 0)
    int visionMerge = 1;            ///< patches merged per side into one token's channels before the projector (Qwen2.5-VL spatial_merge_size 2; Llama 4 pixel shuffle 0.5 → 2)
    int visionTilesPerImage = 1;    ///< tiles the encoder runs per image (Llama 4: up to 16 + a global tile)
    int visionTokensPerImage = 0;   ///< decoder tokens per image; 0: tiles × (image/patch)² / merge² (Gemma 3 mm_tokens_per_image 256 after 4×4 pooling)
    int visionProjectorLayers = 1;  ///< linear layers of the projector (Gemma 3 1, Qwen2.5-VL merger 2, Llama 4 adapter 2 + projector 1)
    int visionProjectorHidden = 0;  ///< their inner width; 0: the decoder's hidden size
    bool visionProjectorBias = false;
    bool visionProjectorNorm = false; ///< an RMSNorm of width w before the projector (Gemma 3 mm_soft_emb_norm, Qwen2.5-VL ln_q)
    bool visionPatchBias = false;   ///< a bias on the patch embedding (SigLIP's Conv2d; Qwen2.5-VL's Conv3d and Llama 4's unfold have none)

    // What a framework needs to build the model but no estimate reads (launch files and the
    // importers carry them; issue 30): 0, None and Auto mean "not stated".
    double ropeTheta = 0;         ///< RoPE base (HF rope_theta, Megatron --rotary-base)
    RopeScaling ropeScaling = RopeScaling::None;
    double ropeScalingFactor = 0; ///< context extension factor (Llama 3.1: 8 from 8192)
    double normEpsilon = 0;       ///< rms_norm_eps / layer_norm_eps (Megatron --norm-epsilon)
    Activation activation = Activation::Auto;

    int effectiveHeadDim() const { return headDim > 0 ? headDim : (numAttentionHeads > 0 ? hiddenSize / numAttentionHeads : 0); }
    bool isMoE() const { return numExperts > 0; }
    bool isMla() const { return kvLoraRank > 0; }
    bool isHybrid() const { return linearMixer != LinearMixer::None; }
    bool isSparseAttention() const { return indexTopK > 0; }
    bool hasVision() const { return visionLayers > 0; }
    /// Layers among [first, last) that attend to the whole context (not windowed).
    int globalLayersIn(int first, int last) const;
    int sharedExpertWidth() const { return sharedExpertFfnHiddenSize > 0 ? sharedExpertFfnHiddenSize : numSharedExperts * moeFfnHiddenSize; }

    bool operator==(const ModelArchitecture&) const = default;
};

/// Parameter counts by part, for one model replica (no parallelism).
struct ParameterCounts
{
    double paddedVocab = 0;
    double embedding = 0;          ///< word embedding V'·h
    double positionEmbedding = 0;  ///< learned positions, max_pos·h
    double attentionPerLayer = 0;  ///< Q, K, V, O weights (+ biases, MLA down/up projections and their norms)
    double mlpPerLayer = 0;        ///< dense MLP weights (+ biases) of a dense layer
    double normsPerLayer = 0;      ///< the norms of a layer (+ Q/K norms)
    double indexerPerLayer = 0;    ///< DeepSeek Sparse Attention's lightning indexer (replicated on every TP rank)
    double mtpProjectionPerLayer = 0; ///< one MTP module's eh_proj 2h·h and its three norms (enorm, hnorm, the final norm)
    double mtpParameters = 0;      ///< all MTP modules: projections + their blocks (not in `total`)
    double perLayer = 0;           ///< attention + dense MLP + norms (a dense layer)
    // MoE layers (zero for dense models)
    double expertPerExpert = 0;    ///< one routed expert's MLP
    double routedExpertsPerLayer = 0; ///< all routed experts of one MoE layer
    double sharedExpertsPerLayer = 0;
    double routerPerLayer = 0;     ///< h·E gate
    double perMoeLayer = 0;        ///< attention + norms + router + shared + all routed experts
    double activePerMoeLayer = 0;  ///< … with only top-k routed experts
    int moeLayers = 0;             ///< layers with routed experts (a hybrid's linear layers included)
    int denseLayers = 0;           ///< attention layers with a dense MLP
    // Hybrid models (core/model/linearmixer.h): the linear mixer of one layer, and its layers.
    double linearMixerPerLayer = 0; ///< the linear mixer's weights (projections, conv, gates, its norm)
    double linearNormsPerLayer = 0; ///< a linear layer's norms (no Q/K norms)
    int attentionLayers = 0;       ///< layers that attend (and cache K and V)
    int linearLayers = 0;          ///< linear layers with an MLP
    int linearMixerOnlyLayers = 0; ///< linear layers without one (Nemotron-H)
    double finalNorm = 0;
    double outputLayer = 0;        ///< V'·h when untied, else 0
    double layers = 0;             ///< Σ over layers
    double expertParameters = 0;   ///< all routed-expert weights (sharded by EP)
    double vision = 0;             ///< a vision tower and its projector (core/model/visiontower.h), in `total`, not in `active`
    double total = 0;
    double active = 0;             ///< parameters one token uses: memory uses total, compute uses active (Mixtral, Jiang et al. 2024 §2.1)
    double largestModule = 0;      ///< largest single module (ZeRO-3 gathers one at a time)
};

/// Vocabulary after Megatron-style padding to a multiple of `padVocabMultiple × tensorParallel`.
double paddedVocabSize(const ModelArchitecture& model, int tensorParallel);

/// Parameter counts from the architecture (Megatron theoretical_memory_usage.py conventions:
/// attention 2h²(1 + g/a)·(a·d/h), MLP 2hF or 3hF gated, norms h or 2h). For a
/// parameter-count-only model, total = active = parameters.
ParameterCounts countParameters(const ModelArchitecture& model, int tensorParallel = 1);

/// The "model size" slider's family of shapes: Llama-3-style (SwiGLU F ≈ 3.5h rounded to 256,
/// RMSNorm, head dim 128, 8 KV heads, V = 128256 untied), hidden size interpolated in log space
/// between the Llama-3 1B/3B/8B/70B/405B shapes and rounded to a multiple of 1024, depth chosen
/// so the count is nearest the target.
/// Valid for 10^8 … 10^13 parameters.
ModelArchitecture familyShape(double targetParameters);

} // namespace core
