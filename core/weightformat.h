#pragma once

#include <optional>
#include <string>

#include "core/numerics/numberformat.h"
#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// Bits of one stored value of the format, without scales (bf16 16, int4 4, NF4 4).
double valueBits(WeightFormat format);
double scaleBits(ScaleFormat format);

/// Storage bits per parameter including per-group scales (and zero points):
/// int4, group 128, fp16 scales → 4 + 16/128 = 4.125; NF4 (block 64, fp32 absmax) → 4.5,
/// with double quantization 4 + 8/64 + 32/(64·256) = 4.127 (QLoRA §3). `rowLength` is used
/// for per-channel scales (groupSize 0).
double bitsPerParameter(const WeightQuantization& quantization, double rowLength);

/// Bytes per KV-cache element.
double kvElementBytes(KvCacheDtype dtype);

/// The serving weight format that stores each value as `format` does: FP32, BF16, FP16, FP8
/// (E4M3 and E5M2 are both WeightFormat::Fp8, one byte), INT8, INT4. Nothing for formats weights
/// are not stored in here: TF32 (a tensor-core mode in 32-bit registers), UINT8, FP4 E2M1 and
/// the block-scaled MX/NV formats (their shared scales are not modelled as a WeightFormat).
std::optional<WeightFormat> weightFormatFor(NumberFormat format);

/// The weights of one whole model (one replica) split as the serving memory bars store them
/// (core/inference.cpp, stageWeights on one GPU): the linear weights in the serving format, the
/// rest (embeddings, output layer, norms, routers, biases) in 16 bits unless quantizeEmbeddings.
struct ServedModel
{
    std::string name;
    double parameters = 0;        ///< total
    double linearParameters = 0;  ///< stored in the serving format
    double otherParameters = 0;   ///< 16-bit unless quantizeEmbeddings (or the model is count-only)
    double rowLength = 0;         ///< values per output channel: the hidden size (per-channel scales)
    bool otherFollowsLinear = false;

    /// Bytes of the model's weights with `linearBitsPerParameter` for the linear weights.
    double weightBytes(double linearBitsPerParameter) const;
    bool operator==(const ServedModel&) const = default;
};

/// The served model of a scenario from its estimate's parameter counts and architecture
/// (Estimate::parameters and Estimate::shape; a count-only model stores every weight alike).
ServedModel servedModel(const Scenario& scenario, const ParameterCounts& counts, const ModelArchitecture& shape);

/// Block size of bitsandbytes' 4-bit quantization (QLoRA) and of its second-level scales.
inline constexpr double kNf4Block = 64;
inline constexpr double kNf4DoubleQuantBlock = 256;

} // namespace core
