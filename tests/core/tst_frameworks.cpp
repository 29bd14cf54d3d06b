// Each training framework's own buffers, with the numbers worked by hand from the framework's
// source: gradient buckets, gathered weights, the loss, the optimizer step's temporaries, and
// what plain PyTorch layers save that fused kernels do not.
#include <QTest>

#include "core/activations.h"
#include "core/estimate.h"
#include "core/working.h"
#include "testscenarios.h"
#include "workinglookup.h"

using core::Component;
using core::Framework;
using core::StepMoment;

namespace {

using workinglookup::substitution;
using workinglookup::lineValue;

double bytesOf(const core::RankGroup& g, Component c) { return g.bytes[std::size_t(c)]; }
double momentOf(const core::RankGroup& g, StepMoment m) { return g.momentBytes[std::size_t(m)]; }

/// cuBLAS 32 MiB + cuBLASLt 1 MiB per handle, for the forward thread and the autograd
/// engine's (PyTorch CublasHandlePool.cpp): 2 × 34,603,008 B.
constexpr double kCublas = 2 * (33554432.0 + 1048576.0);

} // namespace

class TestFrameworks : public QObject
{
    Q_OBJECT

private slots:
    void ddpKeepsABucketCopyOfTheGradients()
    {
        // 7e9 parameters, 8 data-parallel GPUs, HF Trainer / torch DDP with bf16 autocast: the
        // parameters are fp32 (they are the master copy), gradients fp32, Adam's moments 8 B.
        // DistributedDataParallel(gradient_as_bucket_view=False): the buckets are a second copy
        // of the gradients (torch/nn/parallel/distributed.py docstring), 4 B × 7e9 = 28e9 B.
        core::Scenario s = testscenarios::countOnly(7e9, 8, 0);
        s.training.framework = Framework::Ddp;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.stateBytes.weights, 4.0);
        QCOMPARE(e.stateBytes.gradients, 4.0);
        QCOMPARE(e.stateBytes.master, 0.0);
        const core::RankGroup& g = e.groups[0];
        QCOMPARE(bytesOf(g, Component::CommBuckets), 28e9);
        // The optimizer step (torch.optim's default foreach Adam): _foreach_sqrt(exp_avg_sqs) is
        // one fp32 list the size of the parameters, 28e9 B, when the activations are freed:
        // 28e9 weights + 28e9 gradients + 56e9 moments + 28e9 buckets + 28e9 + the workspaces.
        QCOMPARE(momentOf(g, StepMoment::Optimizer), 28e9 + 28e9 + 56e9 + 28e9 + 28e9 + kCublas);
        // torch.autocast caches a bf16 copy of every fp32 weight, saved by the matmuls for the
        // backward: 2 B × 7e9 during the forward and backward.
        core::Working w;
        core::estimate(s, &w);
        QCOMPARE(lineValue(w, core::Term::Zero3GatherBuffers), 14e9);
        // gradient_as_bucket_view=True: the gradients are views into the buckets.
        s.runtime.gradientAsBucketView = true;
        QCOMPARE(core::estimate(s).groups[0].bytes[std::size_t(Component::CommBuckets)], 0.0);
        // One GPU: no DistributedDataParallel at all.
        core::Scenario one = testscenarios::countOnly(7e9, 1, 0);
        one.training.framework = Framework::Ddp;
        QCOMPARE(core::estimate(one).groups[0].bytes[std::size_t(Component::CommBuckets)], 0.0);
    }

    void deepspeedReduceBuckets()
    {
        // DeepSpeed ZeRO-2 (stage_1_and_2.py backward(): contiguous_gradients allocates an ipg
        // buffer of reduce_bucket_size elements in the model dtype, freed after the backward).
        // reduce_bucket_size 5e8 (zero/config.py) vs 1e8: the backward moments differ by
        // 4e8 × 2 B = 8e8 B; the optimizer step does not.
        core::Scenario s = testscenarios::countOnly(7e9, 8, 2);
        s.training.framework = Framework::DeepSpeed;
        const core::RankGroup big = core::estimate(s).groups[0];
        s.runtime.reduceBucketElements = 1e8;
        const core::RankGroup small = core::estimate(s).groups[0];
        QCOMPARE(momentOf(big, StepMoment::LayerBackward) - momentOf(small, StepMoment::LayerBackward), 8e8);
        QCOMPARE(momentOf(big, StepMoment::LossBackward) - momentOf(small, StepMoment::LossBackward), 8e8);
        QCOMPARE(momentOf(big, StepMoment::Optimizer), momentOf(small, StepMoment::Optimizer));
        // The step flattens the rank's gradient partition to fp32 (single_grad_partition):
        // 4 B × 7e9 / 8 = 3.5e9 B on top of 14e9 bf16 weights, 1.75e9 bf16 gradient partition
        // (2 B / 8) and 10.5e9 fp32 master + moments (12 B / 8).
        QCOMPARE(momentOf(big, StepMoment::Optimizer), 14e9 + 1.75e9 + 10.5e9 + 3.5e9 + kCublas);
        // ZeRO-3 keeps its ipg buffer (stage3.py __ipg_bucket_flat_buffer): in the step too.
        s.training.zeroStage = 3;
        const core::RankGroup z3small = core::estimate(s).groups[0];
        s.runtime.reduceBucketElements = 5e8;
        const core::RankGroup z3big = core::estimate(s).groups[0];
        QCOMPARE(momentOf(z3big, StepMoment::Optimizer) - momentOf(z3small, StepMoment::Optimizer), 8e8);
    }

    void fsdp2GathersLayersAndKeepsTheRoot()
    {
        // Llama 3 8B under FSDP2 (torchtitan: bf16 all-gather, fp32 reduce-scatter), 8 GPUs, full
        // shard. A layer ℓ = 41,943,040 attention + 176,160,768 MLP + 8,192 norm parameters =
        // 218,112,000; the root module (embedding, output, final norm) 2 × 525,336,576 + 4,096 =
        // 1,050,677,248, unsharded from the forward through the backward (reshard_after_forward
        // False for the root, _fsdp_param_group.py).
        //  forward: the layer unsharded + its all-gather output + the next layer's in flight,
        //    3 × 2ℓ, + 2 B × root = 3,410,026,496 B;
        //  backward: the layer and the prefetched one unsharded 2 × 2ℓ, its bf16 gradients 2ℓ,
        //    two reduce-scatter inputs in fp32 2 × 4ℓ, + the root unsharded and its gradients
        //    (2 + 2) B × root = 7,256,276,992 B.
        core::Scenario s = testscenarios::preset("llama-3-8b", 8);
        s.training.framework = Framework::Fsdp2;
        s.training.zeroStage = 3;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        s.training.globalBatchSize = 8;
        core::Working w;
        const core::Estimate e = core::estimate(s, &w);
        QVERIFY(e.valid);
        QCOMPARE(substitution(w, core::Term::Zero3GatherBuffers, "forward"), 3410026496.0);
        QCOMPARE(substitution(w, core::Term::Zero3GatherBuffers, "backward"), 7256276992.0);
        // The sharded parameters are fp32 and are the optimizer's master copy: 4 + 4 + 8 B.
        QCOMPARE(e.stateBytes.weights, 4.0);
        QCOMPARE(e.stateBytes.gradients, 4.0);
        QCOMPARE(e.stateBytes.master, 0.0);
        // One micro-batch per step and zero_grad(set_to_none=True): no gradient exists before
        // the backward reaches it. The step has them all, and foreach Adam's sqrt list (fp32):
        // (4 + 4 + 8 + 4) B × 8,030,261,248 / 8 + the cuBLAS workspaces.
        const core::RankGroup& g = e.groups[0];
        QVERIFY(g.peakMoment != StepMoment::Optimizer);
        QCOMPARE_LT(bytesOf(g, Component::Gradients), 4 * 8030261248.0 / 8);
        QCOMPARE(momentOf(g, StepMoment::Optimizer), 20 * 8030261248.0 / 8 + kCublas);
    }

    void lossProfiles()
    {
        // Llama 2 7B, s = 4096, b = 1, one GPU: s·b·V = 4096 × 32000 = 131,072,000 logits.
        //  Megatron (tensor_parallel/cross_entropy.py): the fp32 softmax is kept (4 B) with the
        //    bf16 logits or their bf16 gradient beside it (2 B): 262,144,000 B each way.
        //  F.cross_entropy(logits.float()) (torchtitan train.py): bf16 + fp32 copy (6 B) in the
        //    forward, nll_loss_backward's and log_softmax_backward's fp32 outputs (8 B) in the
        //    backward: 786,432,000 and 1,048,576,000 B.
        // Both keep 4 B per logit and the final norm's and output layer's inputs 2·2·s·b·h.
        const double logits = 4096.0 * 32000;
        for (Framework f : {Framework::Megatron, Framework::Fsdp2}) {
            core::Scenario s = testscenarios::preset("llama-2-7b", 1);
            s.training.framework = f;
            s.training.globalBatchSize = 1;
            core::Working w;
            const core::Estimate e = core::estimate(s, &w);
            QVERIFY(e.valid);
            const bool megatron = f == Framework::Megatron;
            QCOMPARE(substitution(w, core::Term::LossWorkspace, "forward"), (megatron ? 2 : 6) * logits);
            QCOMPARE(substitution(w, core::Term::LossWorkspace, "backward"), (megatron ? 2 : 8) * logits);
            QCOMPARE(lineValue(w, core::Term::OutputActivations), 4 * logits + 2 * 2.0 * 4096 * 4096);
        }
    }

    void eagerLayersSaveMore()
    {
        // A Llama 2 7B layer, s = 4096, b = 1, as plain PyTorch modules (transformers
        // modeling_llama.py) instead of Megatron's fused kernels:
        //  LlamaRMSNorm keeps its fp32 input (4 B) and the bf16 normalized output (2 B), not the
        //    bf16 input (2 B): 2 norms × (6 − 2) · s·b·h;
        //  LlamaMLP's act_fn(gate_proj(x)) * up_proj(x) keeps the SiLU output: 2 · s·b·F;
        //  apply_rotary_pos_emb keeps q, rotate_half(q), k, rotate_half(k): 4 · s·b·(q + k).
        // 4096 × (8 · 4096 + 2 · 11008 + 4 · 8192) = 4096 × 87,552 = 358,612,992 B more.
        core::Scenario s = testscenarios::preset("llama-2-7b", 1);
        const double fused = core::layerActivations(core::activationShape(s, s.model)).total;
        s.training.framework = Framework::Ddp;
        const double eager = core::layerActivations(core::activationShape(s, s.model)).total;
        QCOMPARE(eager - fused, 358612992.0);
        // Grouped-query attention: repeat_kv copies K and V to all 64 heads of Llama 2 70B
        // (8 KV heads): 2 · 2 · s·b·(64 − 8)·128 = 117,440,512 B at s = 4096.
        core::Scenario g = testscenarios::preset("llama-2-70b", 1);
        g.training.framework = Framework::Fsdp2;
        const core::LayerActivations a = core::layerActivations(core::activationShape(g, g.model));
        double repeated = 0;
        for (int i = 0; i < a.count; ++i)
            if (a.tensors[std::size_t(i)].kind == core::TensorKind::RepeatedKv)
                repeated = a.tensors[std::size_t(i)].bytes;
        QCOMPARE(repeated, 117440512.0);
    }

    void torchtitanSelectiveIsPerOp()
    {
        // torchtitan's selective checkpointing (selective_ac_option "op", _save_list): the block
        // input, the outputs of wq, wv, w1, w2 (every other mm) and SDPA's output and log-sum-exp.
        // Llama 3 8B, s = 8192, b = 2 (T = 16,384): T × (2·4096 ×4 + 2·1024 + 2·14336 + 4·32)
        // = T × 63,616 = 1,042,284,544 B per layer.
        core::Scenario s = testscenarios::preset("llama-3-8b", 8);
        s.training.framework = Framework::Fsdp2;
        s.training.zeroStage = 3;
        s.training.recompute = core::Recompute::Selective;
        s.training.seqLength = 8192;
        s.training.microBatchSize = 2;
        const core::LayerActivations a = core::layerActivations(core::activationShape(s, s.model));
        QCOMPARE(a.total, 16384.0 * 63616);
        // The rest of the layer is rerun in its backward.
        s.training.recompute = core::Recompute::None;
        const double all = core::layerActivations(core::activationShape(s, s.model)).total;
        QCOMPARE(a.recomputeWorkspace, all - a.total);
    }

    void fp8KeepsOnlyGemmInputsInFp8()
    {
        // Transformer Engine FP8: the QKV, output-projection and both MLP GEMM inputs are saved
        // in FP8 (1 B instead of 2); norms, attention and SwiGLU stay bf16. Llama 2 7B,
        // s = 4096: 4096 × (4096 + 4096 + 4096 + 11008) = 95,420,416 B less per layer.
        core::Scenario s = testscenarios::preset("llama-2-7b", 1);
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        const double bf16 = core::layerActivations(core::activationShape(s, s.model)).total;
        s.training.precision = core::PrecisionRecipe::Fp8Mixed;
        const double fp8 = core::layerActivations(core::activationShape(s, s.model)).total;
        QCOMPARE(bf16 - fp8, 95420416.0);
    }

    void momentPrecision()
    {
        // Adam's two moments in bf16: 4 B instead of 8 (torchao / Megatron
        // --exp-avg-dtype bf16); the 8-bit optimizer ignores the setting.
        core::Scenario s = testscenarios::countOnly(7e9, 8, 1);
        s.training.momentDtype = core::MomentDtype::Bf16;
        QCOMPARE(core::estimate(s).stateBytes.moments, 4.0);
        s.training.momentDtype = core::MomentDtype::Fp32;
        s.training.precision = core::PrecisionRecipe::Bf16;
        QCOMPARE(core::estimate(s).stateBytes.moments, 8.0);
        s.training.optimizer = core::Optimizer::Adam8bit;
        QCOMPARE(core::estimate(s).stateBytes.moments, 2 * (1 + 4 / 2048.0));
    }

    void megatronWorkspacesAndNoBuckets()
    {
        // Megatron: the buckets are views of the contiguous grad buffer (param_and_grad_buffer.py);
        // Transformer Engine adds its 32 MiB + 1 KiB cuBLAS workspace (gemm.py, sm ≥ 90) to
        // PyTorch's two.
        core::Scenario s = testscenarios::countOnly(7e9, 8, 1);
        const core::RankGroup g = core::estimate(s).groups[0];
        QCOMPARE(bytesOf(g, Component::CommBuckets), 0.0);
        QCOMPARE(bytesOf(g, Component::LibraryWorkspaces), kCublas + 33555456.0);
        // With Ampere's 8.125 MiB cuBLAS workspace TE takes 4 MiB.
        s.runtime.cublasWorkspaceBytes = 8519680;
        QCOMPARE(core::estimate(s).groups[0].bytes[std::size_t(Component::LibraryWorkspaces)], 2 * (8519680.0 + 1048576.0) + 4194304.0);
    }
};

QTEST_GUILESS_MAIN(TestFrameworks)
#include "tst_frameworks.moc"
