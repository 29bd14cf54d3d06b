#pragma once

// What the training launch files (megatronlaunch.cpp, deepspeedlaunch.cpp, torchtitanlaunch.cpp)
// share: the scenario's numbers as the frameworks' flags spell them.
// Internal to core/io.

#include <string>
#include <vector>

#include "core/io/launchconfig.h"
#include "core/model.h"
#include "core/scenario.h"

namespace core::launchparts {

using Notes = std::vector<LaunchNote>;

int dataParallel(const Scenario& s);
/// Micro-batches per step: B / (b · DP).
int microBatches(const Scenario& s);
/// BF16 where the GPU has it (V100 has only FP16 tensor cores).
bool sixteenBitIsBf16(const Scenario& s);
/// "%g".
std::string number(double v);
/// A whole number in digits ("%g" writes 1e+06, which Megatron's type=int flags refuse).
std::string integer(double v);
/// The scenario's shape, or its family's when it gives only a parameter count.
const ModelArchitecture& shapeOf(const Scenario& s, ModelArchitecture& family);
/// Steps between checkpoints as the goodput used them: the scenario's, or the optimal interval
/// (goodput.checkpoint_interval = 0), which takes an estimate; 0 when there is none to write.
long long checkpointIntervalSteps(const Scenario& s);
void note(Notes& notes, LaunchNoteCode code, double a = 0, double b = 0);
/// The Hugging Face model behind the scenario's preset ("meta-llama/Llama-3.1-70B"), if any.
std::string hfIdOf(const Scenario& s);
/// The activation a gated or plain MLP has when the scenario does not say (Megatron's defaults).
Activation activationOf(const ModelArchitecture& m);

/// Megatron-LM's pretrain_gpt.py command (megatronlaunch.cpp).
LaunchFile megatron(const Scenario& s);
/// DeepSpeed's ds_config.json (deepspeedlaunch.cpp).
LaunchFile deepSpeed(const Scenario& s);
/// torchtitan's TOML job file (torchtitanlaunch.cpp).
LaunchFile torchtitan(const Scenario& s);

} // namespace core::launchparts
