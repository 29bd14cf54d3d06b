#pragma once

// The shared scales of the block-scaled formats, one rule each, as their specifications give them.
//
// OCP Microscaling Formats (MX) Specification v1.0 (2023), §6.3: a block of 32 elements shares
// X = 2^(floor(log2(max|V_i|)) − emax_elem), stored as E8M0 (a biased power of two, 2^−127 …
// 2^127, §5.4.1); each element is V_i / X rounded to the element format, normal values clamped
// to ±max of the element format.
//
// NVFP4 (NVIDIA, "Introducing NVFP4 for Efficient and Accurate Low-Precision Inference", 2025):
// blocks of 16 FP4 E2M1 elements share an FP8 E4M3 scale, and an FP32 per-tensor scale brings
// the block scales into E4M3's range. The recipe, as torchao implements it
// (torchao/prototype/mx_formats/nvfp4_tensor.py at 02a1bc44, per_tensor_amax_to_scale and
// _nvfp4_quantize): tensor scale = amax / (448 · 6); block scale = e4m3(block amax / 6 / tensor
// scale), clamped to [2^−6, 448]; elements = clamp(x / (tensor scale · block scale), ±6) in E2M1.

namespace core {

inline constexpr int kMxBlock = 32;
inline constexpr int kNvFp4Block = 16;
inline constexpr int kE8M0Bias = 127;

/// The MX shared exponent of a block whose largest magnitude is `blockAbsMax`, for an element
/// format with emax `elementMaxExponent`: floor(log2(amax)) − emax, clamped to E8M0's
/// [−127, 127]; an all-zero block gets −127 (torchao's FLOOR mode does the same).
int mxSharedExponent(double blockAbsMax, int elementMaxExponent);

/// NVFP4's FP32 per-tensor scale: amax / (448 · 6), so the largest block's scale lands on E4M3's max.
double nvfp4TensorScale(double tensorAbsMax);

/// The E4M3 value stored as the block's scale (before the tensor scale): round-to-nearest of
/// blockAbsMax / 6 / tensorScale, clamped to [2^−6, 448]. The block's values are divided by
/// tensorScale × this.
double nvfp4BlockScale(double blockAbsMax, double tensorScale);

} // namespace core
