#include "core/training/lossimplementation.h"

#include "core/layout/frameworkbuffers.h"

namespace core {

LossImplementation resolvedLossImplementation(LossImplementation chosen, Framework framework)
{
    if (chosen != LossImplementation::Auto)
        return chosen;
    return framework == Framework::Megatron ? LossImplementation::VocabParallel : LossImplementation::Torch;
}

void lossProfile(LossImplementation resolved, LossProfile& out)
{
    const double n = kLossChunks;
    switch (resolved) {
    case LossImplementation::Auto: // resolved by the caller; the eager loss if not
    case LossImplementation::Torch:
        // F.cross_entropy(logits.float()) (torchtitan 9dec370 train.py lines 131–134, HF
        // ForCausalLMLoss): the bf16 logits and their fp32 copy beside the saved log-softmax (4 B)
        // in the forward; nll_loss_backward's dense fp32 gradient and log_softmax_backward's
        // output (4 + 4 B) in the backward, whose 4 B blocks cannot reuse the freed 2 B block.
        out = {4, 6, 8, 2};
        return;
    case LossImplementation::TorchCompiled:
        // The same function under torch.compile with the upcast inside the graph (torchtitan
        // e7c0cae torchtitan/components/loss.py lines 18–29: build_cross_entropy_loss compiles
        // cross_entropy_loss, which calls .float()): Inductor's partitioner saves the graph's
        // bf16 input and the per-row log-sum-exp rather than an fp32 log-softmax (2 B), the fused
        // forward writes no s·b·V tensor, and the fused backward writes the gradient in the
        // input's dtype (2 B).
        out = {2, 0, 2, 0};
        return;
    case LossImplementation::ChunkedOutput:
        // torchtune CEWithChunkedOutputLoss (1814feb torchtune/modules/transformer.py lines
        // 501–504: the output layer applied to 8 chunks of the sequence, in bf16;
        // modules/loss/ce_chunked_output_loss.py compute_cross_entropy upcasts one chunk;
        // training/_compile.py lines 74–77 compiles compute_cross_entropy alone): each chunk's
        // compiled loss saves its bf16 chunk (2 B over all chunks) and its backward writes one
        // chunk's bf16 gradient at a time (2/n B).
        out = {2, 0, 2 / n, 0};
        return;
    case LossImplementation::ChunkedOutputEager:
        // Eager chunks in the weights' dtype (LitGPT 00af8b0 litgpt/utils.py lines 293–328:
        // chunked_cross_entropy calls F.cross_entropy on each bf16-true chunk, no upcast;
        // finetune/lora.py lines 304–307 keep the list `logits` until the next forward returns):
        // the chunks (2 B) and every chunk's saved log-softmax (2 B) through the loss; at its
        // backward one chunk's nll and log-softmax gradients (4/n), the chunks' gradients taking
        // the place of the freed log-softmax; the chunks kept at every other moment (2 B).
        out = {4, 0, 4 / n, 0, 2};
        return;
    case LossImplementation::ChunkedLoss:
        // The output layer and the loss run chunk by chunk inside the loss's forward, each chunk's
        // backward at once (torchtitan b5bcd76 torchtitan/components/loss.py lines 501–544,
        // 676–698 ChunkedLossWrapper, num_chunks 8; Liger's fused linear cross entropy the same
        // way): no logits are kept; one chunk's eager peak (its bf16 logits 2, the saved fp32
        // log-softmax 4 and the two fp32 gradients 8, over n) exists at the forward.
        out = {0, 14 / n, 0, 0};
        return;
    case LossImplementation::VocabParallel:
        // VocabParallelCrossEntropy (Megatron-LM d98e8a6 megatron/core/tensor_parallel/
        // cross_entropy.py line 25 and lines 61–62): an fp32 copy of the bf16 logits,
        // exponentiated in place and saved (4 B); its backward turns that softmax into the
        // gradient in place and autograd casts it to bf16 (2 B).
        out = {4, 2, 2, 0};
        return;
    case LossImplementation::HfModelLoss:
        // The loss inside a transformers model before 4.46, labels passed to forward (Llama:
        // logits = lm_head(h).float(); shift_logits = logits[..., :-1, :].contiguous();
        // CrossEntropyLoss), with the loop keeping the returned output, fp32 logits included,
        // until the next forward returns (fsdp_qlora e877dda train.py lines 841–846 and 863:
        // output = model(…, labels=…); loss = output.loss; loss.backward()). Kept through the
        // loss: the output's fp32 logits and the saved log-softmax (4 + 4 B); at the forward the
        // shifted fp32 copy (4 B); at the backward the nll and log-softmax gradients (4 + 4 B);
        // the bf16 block freed by the upcast stays cached (2 B); and the fp32 logits are kept at
        // every other moment of the step (4 B).
        out = {8, 4, 8, 2, 4};
        return;
    }
    out = {4, 6, 8, 2};
}

const char* lossFormula(LossImplementation resolved)
{
    switch (resolved) {
    case LossImplementation::Auto:
    case LossImplementation::Torch: return "F.cross_entropy(logits.float()): held 4, forward 6, backward 8 B·s·b·V/t (+2 cached)";
    case LossImplementation::TorchCompiled: return "compiled cross entropy: held 2 (bf16 logits), backward 2 B·s·b·V/t";
    case LossImplementation::ChunkedOutput: return "chunked output, compiled per chunk (n = 8): held 2, backward 2/n B·s·b·V/t";
    case LossImplementation::ChunkedOutputEager: return "chunked output, eager bf16 (n = 8): held 4, backward 4/n B·s·b·V/t (2 kept all step)";
    case LossImplementation::ChunkedLoss: return "output layer + loss per chunk (n = 8): forward 14/n B·s·b·V/t, none held";
    case LossImplementation::VocabParallel: return "vocab-parallel cross entropy: held 4 (fp32 softmax), forward 2, backward 2 B·s·b·V/t";
    case LossImplementation::HfModelLoss: return "loss in a transformers < 4.46 model, output kept: held 8, forward 4, backward 8 B·s·b·V/t (+2 cached; 4 kept all step)";
    }
    return "";
}

} // namespace core
