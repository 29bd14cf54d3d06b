#pragma once

// What a change of mode brings along (settingBrings, core/rules/rules.h, applies it when the mode
// is set; the window's controls read the defaults from here).

#include "core/scenario.h"

namespace core {

/// The tokens a mode trains on unless told: pre-training 1 T (TrainingSetup's default);
/// fine-tuning (SFT, LoRA, and RL on top) 100 M: a fine-tuning set of ~50 k examples of 2 k
/// tokens once (Alpaca has 52 k examples, Taori et al. 2023), or ~600 GRPO steps of 64
/// sequences of 2.5 k tokens. Serving trains nothing: the pre-training figure stays.
double defaultTrainTokens(Mode mode);
/// What a change of mode brings: training tokens still at the other training mode's default
/// become this mode's (a fine-tune took pre-training's 1 T tokens: 249 days of LoRA, issue 31);
/// tokens the user set stay, and a file's own train_tokens, read after its mode, wins.
void applyModeTokens(Scenario& scenario);

} // namespace core
