#pragma once

// A tensor of values for the tensor studio: FP32 values, row-major, rows × cols. A weight matrix
// W[out, in] has one output channel per row; groups and MX/NVFP4 blocks run along a row (the
// reduction dimension, as the OCP MX and NVFP4 layouts do). A 1-D tensor is one row.

#include <cstdint>
#include <vector>

namespace core {

struct Tensor
{
    std::vector<float> values;
    std::int64_t rows = 0;
    std::int64_t cols = 0;

    std::int64_t size() const { return rows * cols; }
    bool empty() const { return values.empty(); }
};

/// The largest tensor the studio reads or generates: 2^26 values (256 MiB as FP32).
inline constexpr std::int64_t kMaxTensorValues = std::int64_t(1) << 26;

} // namespace core
