#pragma once

// What ShardScope agrees to read: one table of limits that every parser (scenarios, decks,
// Hugging Face configs, --set, sessions, logs) applies, so that a hostile or broken file is
// refused with a message in bounded time and memory instead of hanging or crashing.

#include <cstddef>
#include <string>
#include <vector>

#include "core/issues.h"
#include "core/numerics/tensor.h"

namespace core {

/// Bounds on one JSON document.
struct InputLimits
{
    std::size_t maxBytes = 0;   ///< the whole text (and the file it comes from)
    int maxDepth = 0;           ///< nested objects and arrays
    std::size_t maxKeys = 0;    ///< keys in one object (nlohmann's ordered_json inserts in linear time)
    std::size_t maxValues = 0;  ///< values in the whole document (bounds memory: ~70 bytes each)
};

namespace limits {

inline constexpr std::size_t kMiB = 1024 * 1024;

// A scenario saved with every key is ~4 KB, a Hugging Face config.json 0.5–1 KB (the samples in
// tests/core/data/hf), the seed deck 11 KB: 16 MiB refuses only what is not one of them.
// Nesting: a saved scenario is 4 levels deep, a deck 6, a config.json 3; 64 leaves room and
// bounds every recursive walk (nlohmann's dump() and copies recurse). Keys: the largest object
// in the shipped files and samples has 42 (DeepSeek-V3's config.json); 1,024 keys parse in
// ~1 ms, 100,000 took ~10 s (linear insertion: quadratic in all). Values: a scenario has ~130;
// one million bounds the parsed tree to ~63 MB (bench/bench_hostile), whatever the text.
inline constexpr InputLimits kScenario{16 * kMiB, 64, 1024, 1000000};
inline constexpr InputLimits kHfConfig{16 * kMiB, 64, 1024, 1000000};
/// A deck holds many scenarios (the seed deck: 17 in 11 KB).
inline constexpr InputLimits kDeck{32 * kMiB, 64, 1024, 4000000};
/// Launch files (issue 30: Megatron-LM scripts, DeepSpeed JSON, torchtitan TOML, YAML recipes,
/// serving command lines): Megatron-LM's example scripts are 2–7 KB, torchtitan's llama3_405b.toml
/// 1.5 KB, DeepSpeed's largest example config ~2 KB; 4 MiB is a thousand times that. 100,000
/// values bounds what the readers list (each setting is reported: ~100 bytes each).
inline constexpr InputLimits kLaunchFile{4 * kMiB, 64, 1024, 100000};
/// Training and serving logs (calibration).
inline constexpr InputLimits kLog{16 * kMiB, 64, 1024, 1000000};
/// Measurements kept in one scenario ("measurements.entries"): a scenario keeps the last value
/// of each quantity per rank, so 1,024 GPUs × 8 quantities (Megatron prints 5 per rank,
/// nvidia-smi 2, vLLM up to 8 per worker) fit; ~120 bytes each in the file, 1 MB in all.
inline constexpr std::size_t kMaxMeasurements = 8192;
/// Tensor files of the tensor studio and `shardscope quantize` (.npy, text; not JSON): the
/// largest tensor they take (kMaxTensorValues = 2^26 values) as float64, plus 1 MiB for the
/// .npy header (NumPy pads it to 64 bytes or a little more; a text file's reader also stops at
/// kMaxTensorValues values). Bounds what a FIFO, /dev/zero or a huge file could cost.
inline constexpr std::size_t kTensorFileBytes = std::size_t(kMaxTensorValues) * 8 + kMiB;

} // namespace limits

/// What NotARegularFile's `a` says the path is.
enum class FileKind { Directory = 0, Fifo = 1, Device = 2, Socket = 3, Other = 4 };

/// Reads a whole regular file of at most `maxBytes` into `text`. Directories, FIFOs, devices
/// (/dev/zero) and sockets are refused before any byte is read, and a FIFO never blocks. On
/// failure appends one issue whose path is the file (FileNotFound, NotARegularFile,
/// FileUnreadable, InputTooLarge) and returns false.
bool readInputFile(const std::string& path, std::size_t maxBytes, std::string& text, std::vector<Issue>& issues);

} // namespace core
