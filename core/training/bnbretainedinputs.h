#pragma once

// bitsandbytes before 0.43.2 keeps the input of every 4-bit layer beyond the backward.
//
// MatMul4Bit.forward (bitsandbytes 0.42.0 and 0.43.1 bitsandbytes/autograd/_functions.py,
// lines 522-523 at 0.42.0) stores `ctx.tensors = (A, B)`: the layer's input A as a plain ctx
// attribute, not through save_for_backward. Its backward never reads A (the frozen weight has no
// gradient), and autograd releases only what save_for_backward saved once a node has run
// (PyTorch 6393ae1 torch/csrc/autograd/python_function.cpp, PyNode::release_variables clears
// `saved_variables` only): A lives as long as the node, i.e. as long as anything references the
// graph. A loop that keeps the model's output until the next forward returns (LitGPT 00af8b0
// finetune/lora.py line 304, `logits = model(...)`) therefore still holds the previous
// micro-batch's 4-bit inputs during the next forward. bitsandbytes 9e75374 (PR #1270, "fix QLoRA
// mem bug", first released in 0.43.2) stores `(None, B)` instead.

namespace core {

/// Bytes of one transformer layer's distinct 4-bit layer inputs for `tokens` tokens of one
/// micro-batch in `elementBytes`: the attention norm's output (the QKV projection's input, h
/// wide, ÷ `seqShard` under sequence parallelism), the output projection's (a·d ÷ t), the MLP
/// norm's output (gate and up share it, h) and the down projection's (F ÷ t).
double bnbRetainedLayerInputs(double tokens, double elementBytes, double hidden, double attentionWidth, double ffnHidden,
                              double tensorParallel, double seqShard);

} // namespace core
