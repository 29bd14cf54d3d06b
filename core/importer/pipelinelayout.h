#pragma once

// Megatron's explicit pipeline layout (--pipeline-model-parallel-layout; Megatron-Bridge's
// pipeline_model_parallel_layout), read into the uneven stages ShardScope models
// (core/layout/resolvedlayout.h unevenChunkSize): virtual stages, the first and last stage's layers,
// and the embedding and loss counted as layers.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

/// The layout's chunks as Megatron unrolls it (megatron/core/transformer/
/// pipeline_parallel_layer_layout.py @ d98e8a6 parse_str_to_list): commas dropped, "(…)*n" then
/// "x*n" repeated, split at '|'; each chunk a run of E (embedding), t (decoder layer), m (MTP
/// layer), L (loss). Chunk k is virtual stage k / p of pipeline rank k % p. Nothing for a character
/// Megatron would refuse, or for an unrolled layout longer than 65,536 units (a launch file's
/// layout has some hundred).
std::optional<std::vector<std::string>> unrollPipelineLayout(std::string_view text);

/// A layout as ShardScope's fields.
struct PipelineLayoutFields
{
    bool valid = false;       ///< a layout Megatron takes: chunks a multiple of p, one embedding first, one loss last
    bool expressible = false; ///< the chunks are one of the uneven splits ShardScope models
    int virtualStages = 1;    ///< chunks / p (Megatron sets --virtual-pipeline-model-parallel-size so)
    int decoderLayers = 0;    ///< the t's: Megatron requires num_layers of them
    int mtpLayers = 0;        ///< the m's (their place in the pipeline is not modelled)
    int firstStageLayers = 0, lastStageLayers = 0;
    bool embeddingCountsAsLayer = false, lossCountsAsLayer = false;
};

/// The chunks on `pipeline` ranks matched against the uneven splits ShardScope models, simplest
/// first: an even split; the embedding and/or loss counted as a layer
/// (--account-for-embedding/loss-in-pipeline-split); the last, the first, or both stages' own layer
/// counts (--decoder-last/first-pipeline-num-layers), each over its virtual stages. Not expressible when the
/// chunks are not a multiple of `pipeline`, the embedding is not the first unit or the loss not the
/// last (Megatron's validate_layer_layout), or no split gives every chunk its decoder layers.
PipelineLayoutFields pipelineLayoutFields(const std::vector<std::string>& chunks, int pipeline);

} // namespace core
