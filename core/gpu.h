#pragma once

#include <string>

#include "core/precision.h"

namespace core {

/// One accelerator model: capacity and dense (non-sparse) peaks, from its datasheet.
struct GpuSpec
{
    std::string preset;              ///< preset id, empty for a custom device
    std::string name;
    double memoryBytes = 0;          ///< usable HBM, exact bytes ("80 GB" A100/H100 = 80 GiB)
    double peakFp32Tflops = 0;       ///< dense, non-tensor-core FP32
    double peakTf32Tflops = 0;
    double peakBf16Tflops = 0;       ///< dense tensor-core BF16 with FP32 accumulate
    double peakFp16Tflops = 0;
    double peakFp8Tflops = 0;
    double peakInt8Tops = 0;
    double memoryBandwidthBytesPerSecond = 0;
    double interconnectBytesPerSecond = 0;  ///< datasheet GPU-to-GPU figure (NVLink/xGMI total, or PCIe)
    double networkBytesPerSecond = 0;       ///< this GPU's share of its node's network, one direction (DGX H100: 50 GB/s)
    std::string memoryLabel;         ///< marketing size, e.g. "80 GB HBM3"
    std::string source;

    /// Dense peak for a dtype in FLOP/s; 0 if the GPU has no such tensor-core path.
    double peakFlops(ComputeDType dtype) const
    {
        switch (dtype) {
        case ComputeDType::Fp32: return peakFp32Tflops * 1e12;
        case ComputeDType::Tf32: return peakTf32Tflops * 1e12;
        case ComputeDType::Bf16: return peakBf16Tflops * 1e12;
        case ComputeDType::Fp16: return peakFp16Tflops * 1e12;
        case ComputeDType::Fp8: return peakFp8Tflops * 1e12;
        }
        return 0;
    }

    bool operator==(const GpuSpec&) const = default;
};

} // namespace core
