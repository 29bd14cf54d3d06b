#pragma once

#include <string_view>

#include "core/calibration/measurement.h"

namespace core {

/// Reads the memory figures out of pasted log text, line by line, in whichever of the known
/// formats each line is (formats may be mixed):
///
/// - Megatron-LM report_memory (megatron/training/utils/common_utils.py L313–334 at
///   NVIDIA/Megatron-LM@d98e8a64): "[Rank N] NAME memory (MB) | allocated: %.2f | max allocated:
///   %.2f | reserved: %.2f | max reserved: %.2f[ | total device memory used: %.2f]", MB = 2^20
///   bytes; older releases print the floats without .2f.
/// - torch.cuda.memory_summary() (torch/cuda/memory.py at pytorch/pytorch@00b65a04): the rows
///   "Allocated memory" (Cur, Peak) and "GPU reserved memory" (Cur, Peak); _format_size floors
///   every figure to its unit (B, KiB, MiB, …, steps of 1024), so each is exact to one unit.
/// - torch counters a script prints: "max_memory_allocated", "max_memory_reserved",
///   "memory_allocated", "memory_reserved" followed by a number, in bytes unless a unit follows
///   (MB/GB read as 2^20/2^30, as PyTorch and Megatron print them).
/// - nvidia-smi --query-gpu=index,memory.used[,memory.total] --format=csv[,nounits]: the header
///   names the columns ("memory.used [MiB]"), rows are integer MiB; [N/A] is reported.
/// - vLLM: "Model loading took X GiB", "Available KV cache memory: X GiB"
///   (vllm/v1/worker/gpu_worker.py@35d5cda1), v0's "model weights take XGiB; non_torch_memory
///   takes XGiB; PyTorch activation peak memory takes XGiB; the rest of the memory reserved for
///   KV Cache is XGiB" (vllm/worker/worker.py), "Graph capturing finished in N secs, took X
///   GiB", "GPU KV cache size: N tokens" (vllm/v1/core/kv_cache_utils.py@bbf906a8), "# GPU
///   blocks: N"; GB and GiB are both 2^30.
/// - llama.cpp: "DEVICE model|KV|compute|output buffer size = %8.2f MiB"
///   (src/llama-kv-cache.cpp@3514e9f6, src/llama-context.cpp@4c7103b9); CPU, CPU_Mapped and
///   CUDA_Host buffers are host memory.
///
/// Lines in no known format are counted and skipped; a line in a known format with a bad or
/// missing value gives an issue naming the field, and so does a value whose bytes are beyond a
/// double ("1e300 PiB"). One pass over the text: a 16 MiB log takes time linear in its size.
/// Never throws.
ParsedLog parseMemoryLog(std::string_view text);

} // namespace core
