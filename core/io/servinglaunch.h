#pragma once

// The serving engines' launch commands (vLLM, SGLang, TensorRT-LLM): launchFile() calls this for
// LaunchFramework::Vllm, Sglang and TensorRtLlm (core/io/launchconfig.h).

#include <string>

#include "core/io/launchconfig.h"

namespace core {

/// The scenario's serving layout (TP, PP, replicas, EP, formats, the batch cap, the token budget,
/// the context) as the engine's command line; `checkpoint` is the Hugging Face model id, or empty
/// (then MODEL and a note).
LaunchFile servingLaunch(const Scenario& scenario, LaunchFramework framework, const std::string& checkpoint);

} // namespace core
