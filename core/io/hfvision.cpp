// Hugging Face configs of vision-language models (issue 28 item 4): the vision tower's shape and
// its projector from vision_config.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/io/hfreader.h"

namespace core::hfimport {

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

} // namespace core::hfimport
