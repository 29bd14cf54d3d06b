#pragma once

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

/// Block size of bitsandbytes' 4-bit quantization (QLoRA) and of its second-level scales.
inline constexpr double kNf4Block = 64;
inline constexpr double kNf4DoubleQuantBlock = 256;

} // namespace core
