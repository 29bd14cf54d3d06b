#pragma once

// A vision-language model's vision tower (issue 28 item 4): a ViT encoder of its own widths and
// the projector that turns its patches into decoder tokens. Parameters, image tokens and forward
// FLOPs per image, in closed form from the model's vision keys (core/model.h).
//
// Sources, each at the code the checkpoints load with (Hugging Face transformers):
// - SigLIP (Gemma 3's tower): modeling_siglip.py SiglipVisionEmbeddings (Conv2d 3→w, kernel p, with
//   bias; a learned position per patch), SiglipEncoderLayer (layer_norm1, self_attn q/k/v/out_proj
//   with biases, layer_norm2, mlp fc1/fc2 with biases), post_layernorm; Gemma 3's projector
//   modeling_gemma3.py Gemma3MultiModalProjector (mm_soft_emb_norm RMSNorm(w), 4×4 average
//   pooling to mm_tokens_per_image 256, mm_input_projection_weight w × h).
// - Qwen2.5-VL: modeling_qwen2_5_vl.py Qwen2_5_VisionPatchEmbed (Conv3d 3→w, kernel 2×14×14, no
//   bias), Qwen2_5_VLVisionBlock (RMSNorm norm1/norm2, qkv and proj with biases, a gated MLP with
//   biases), Qwen2_5_VLPatchMerger (ln_q RMSNorm(w), Linear(4w, 4w) + GELU + Linear(4w, h), biases).
// - Llama 4: modeling_llama4.py Llama4UnfoldConvolution (Linear 3·p² → w, no bias), class_embedding,
//   positional_embedding_vlm ((336/14)² + 1 rows), layernorm_pre/post, Llama4VisionEncoderLayer
//   (LayerNorms, q/k/v/o and fc1/fc2 with biases), Llama4VisionPixelShuffleMLP (pixel shuffle 0.5,
//   fc1 4w → 4096, fc2 4096 → 4096, no biases), Llama4MultiModalProjector (4096 → h, no bias).

#include "core/model.h"

namespace core {

struct VisionTower
{
    double patchesPerTile = 0;     ///< (image / patch)²
    double sequencePerTile = 0;    ///< … + the class token: the encoder's sequence
    double encoderTokensPerImage = 0; ///< tiles × sequence per tile
    double tokensPerImage = 0;     ///< decoder tokens an image adds to the context
    double patchEmbedding = 0;     ///< 3 · frames · p² · w (+ w)
    double positions = 0;          ///< learned positions (patches + class token) · w
    double classToken = 0;
    double attentionPerLayer = 0;  ///< 4w² + 4w
    double mlpPerLayer = 0;        ///< 2wF + F + w, gated 3wF + 2F + w
    double normsPerLayer = 0;      ///< two norms: LayerNorm 2w each, RMSNorm w
    double perLayer = 0;
    double layers = 0;             ///< Σ over the blocks
    double finalNorms = 0;
    double tower = 0;              ///< the encoder: embeddings, blocks, final norms
    double projectorInput = 0;     ///< w · merge² (patches merged into one token's channels)
    double projectorMatrices = 0;  ///< the projector's weight matrices
    double projector = 0;          ///< … + biases + its norm
    double total = 0;              ///< tower + projector
    double linear = 0;             ///< of which weight matrices (split by tensor parallelism)
    double forwardFlopsPerImage = 0; ///< the encoder and the projector over one image
    double forwardGemmFlopsPerImage = 0;      ///< … of which matrix multiplications
    double forwardAttentionFlopsPerImage = 0; ///< … and attention scores and weighted values
};

inline double visionNormSize(const ModelArchitecture& m, double w)
{
    return m.visionNormalization == Normalization::RMSNorm ? w : 2 * w;
}

inline VisionTower visionTower(const ModelArchitecture& m)
{
    VisionTower v;
    if (!m.hasArchitecture || !m.hasVision() || m.visionHiddenSize <= 0 || m.visionPatchSize <= 0)
        return v;
    const double w = m.visionHiddenSize, F = m.visionFfnHiddenSize, p = m.visionPatchSize;
    const double side = double(m.visionImageSize / m.visionPatchSize);
    const double merge = m.visionMerge > 0 ? m.visionMerge : 1;
    const double tiles = m.visionTilesPerImage > 0 ? m.visionTilesPerImage : 1;
    v.patchesPerTile = side * side;
    v.sequencePerTile = v.patchesPerTile + (m.visionClassToken ? 1 : 0);
    v.encoderTokensPerImage = tiles * v.sequencePerTile;
    v.tokensPerImage = m.visionTokensPerImage > 0 ? double(m.visionTokensPerImage) : tiles * v.patchesPerTile / (merge * merge);

    const double channels = 3.0 * (m.visionTemporalPatch > 0 ? m.visionTemporalPatch : 1); // RGB × frames per patch
    const double patchMatrix = channels * p * p * w;
    v.patchEmbedding = patchMatrix + (m.visionPatchBias ? w : 0);
    v.classToken = m.visionClassToken ? w : 0;
    v.positions = m.visionLearnedPositions ? v.sequencePerTile * w : 0;
    const double mlpMatrices = (m.visionGatedMlp ? 3 : 2) * w * F;
    v.attentionPerLayer = 4 * w * w + 4 * w;
    v.mlpPerLayer = mlpMatrices + (m.visionGatedMlp ? 2 * F : F) + w;
    v.normsPerLayer = 2 * visionNormSize(m, w);
    v.perLayer = v.attentionPerLayer + v.mlpPerLayer + v.normsPerLayer;
    v.layers = v.perLayer * m.visionLayers;
    v.finalNorms = m.visionFinalNorms * visionNormSize(m, w);
    v.tower = v.patchEmbedding + v.classToken + v.positions + v.layers + v.finalNorms;

    // The projector: `visionProjectorLayers` linears from w·merge² through the inner width to
    // the decoder's hidden size.
    const double h = m.hiddenSize;
    const double inner = m.visionProjectorHidden > 0 ? m.visionProjectorHidden : h;
    const int n = m.visionProjectorLayers > 0 ? m.visionProjectorLayers : 1;
    v.projectorInput = w * merge * merge;
    double in = v.projectorInput, biases = 0;
    for (int i = 0; i < n; ++i) {
        const double out = i + 1 == n ? h : inner;
        v.projectorMatrices += in * out;
        biases += m.visionProjectorBias ? out : 0;
        in = out;
    }
    v.projector = v.projectorMatrices + biases + (m.visionProjectorNorm ? w : 0);
    v.total = v.tower + v.projector;
    v.linear = patchMatrix + m.visionLayers * (4 * w * w + mlpMatrices) + v.projectorMatrices;

    // Forward FLOPs (2 per multiply-add): every block's matrices over the tile's sequence, its
    // attention scores and weighted values 2·S²·w each (full attention over the tile: Qwen2.5-VL
    // attends within 112-pixel windows in all but four blocks, so this is its upper bound), the
    // patch embedding, and the projector over the image's decoder tokens.
    const double S = v.sequencePerTile;
    v.forwardGemmFlopsPerImage = tiles * (m.visionLayers * 2 * S * (4 * w * w + mlpMatrices) + 2 * v.patchesPerTile * patchMatrix)
        + 2 * v.tokensPerImage * v.projectorMatrices;
    v.forwardAttentionFlopsPerImage = tiles * m.visionLayers * 4 * S * S * w;
    v.forwardFlopsPerImage = v.forwardGemmFlopsPerImage + v.forwardAttentionFlopsPerImage;
    return v;
}

} // namespace core
