#pragma once

// A vision-language model's images in the decoder's context (issue 28 item 4): each image adds
// its tokens (after the projector's pooling or merging, core/model/visiontower.h) to the
// sequence, so the decoder's activations, FLOPs and KV cache see text + image tokens. vLLM and
// SGLang place an image's embeddings at its placeholder tokens in the prompt
// (vllm/model_executor/models/gemma3_mm.py get_replacement: mm_tokens_per_image image tokens per
// image; Qwen2.5-VL: grid_t·grid_h·grid_w / merge² per image).

#include <cmath>
#include <cstdint>

#include "core/model/visiontower.h"
#include "core/scenario.h"

namespace core {

/// Decoder tokens `images` images add (0 without a vision tower).
inline std::int64_t imageTokens(const ModelArchitecture& m, int images)
{
    if (images <= 0 || !m.hasArchitecture || !m.hasVision())
        return 0;
    return std::int64_t(std::llround(double(images) * visionTower(m).tokensPerImage));
}

/// The image tokens of the scenario's mode: a training sample's or a serving request's.
inline std::int64_t scenarioImageTokens(const Scenario& s)
{
    return imageTokens(s.model, s.mode == Mode::Inference ? s.inference.imagesPerRequest : s.training.imagesPerSample);
}

/// The scenario as the decoder sees it: the image tokens added to training.seq_length or to
/// inference.prompt_length. False (and nothing changed) without images.
inline bool addImageTokens(Scenario& s)
{
    const std::int64_t tokens = scenarioImageTokens(s);
    if (tokens <= 0)
        return false;
    if (s.mode == Mode::Inference)
        s.inference.promptLength += tokens;
    else
        s.training.seqLength += tokens;
    return true;
}

} // namespace core
