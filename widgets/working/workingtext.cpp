#include "widgets/working/workingtext.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "widgets/displayformat.h"
#include "widgets/working/workingnotation.h"

namespace WorkingText {

namespace {

/// What the window adds to a core term: the explanation a student reads beside it. The term's
/// title is the core's (core/working.cpp), translated.
struct Text
{
    std::string_view id;
    const char* explanation;
};

constexpr Text kTexts[] = {
    {"params_embedding",
     QT_TRANSLATE_NOOP("WorkingText", "Every token id looks up a row of h numbers, so the table has V rows of h.")},
    {"params_attention",
     QT_TRANSLATE_NOOP("WorkingText", "Four projections per layer: queries, keys, values and the output. With grouped-query attention the keys and values are smaller.")},
    {"params_mlp",
     QT_TRANSLATE_NOOP("WorkingText", "The feed-forward block widens each token from h to F and back; a gated MLP (SwiGLU) has three such matrices instead of two.")},
    {"params_norms",
     QT_TRANSLATE_NOOP("WorkingText", "Each layer normalizes twice; an RMSNorm has h scales, a LayerNorm also h biases.")},
    {"params_per_layer",
     QT_TRANSLATE_NOOP("WorkingText", "One layer: attention, MLP and its two norms.")},
    {"params_output",
     QT_TRANSLATE_NOOP("WorkingText", "The last layer turns h numbers back into V scores, one per vocabulary word. Tied models reuse the embedding instead.")},
    {"params_total",
     QT_TRANSLATE_NOOP("WorkingText", "All parameters of one copy of the model: the number every later line builds on.")},
    {"family_shape",
     QT_TRANSLATE_NOOP("WorkingText", "Only a parameter count is known, so a Llama-3-like shape of that size stands in for activations and FLOPs.")},
    {"state_bytes_per_parameter",
     QT_TRANSLATE_NOOP("WorkingText", "What each parameter costs in training: the weight, its gradient and the optimizer's state. Mixed precision with Adam: 2 + 2 + 12 = 16 bytes.")},
    {"data_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "The GPUs left after tensor, pipeline and context parallelism: each group holds a replica and trains on different data.")},
    {"zero_shards",
     QT_TRANSLATE_NOOP("WorkingText", "ZeRO splits the model states over this many GPUs; each keeps 1/D_z of what is sharded.")},
    {"micro_batches",
     QT_TRANSLATE_NOOP("WorkingText", "Each replica works through its part of the global batch in m micro-batches and adds up their gradients.")},
    {"resident_parameters",
     QT_TRANSLATE_NOOP("WorkingText", "Pipeline parallelism gives this GPU only its stage's layers, and tensor parallelism a 1/t slice of each matrix.")},
    {"weights",
     QT_TRANSLATE_NOOP("WorkingText", "w bytes for each parameter this GPU holds; ZeRO-3 divides them over the shard group.")},
    {"gradients",
     QT_TRANSLATE_NOOP("WorkingText", "One gradient per weight; ZeRO-2 and ZeRO-3 keep only this GPU's 1/D_z share.")},
    {"optimizer_states",
     QT_TRANSLATE_NOOP("WorkingText", "The fp32 master weights and the optimizer's moments; from ZeRO-1 on, each GPU keeps only its 1/D_z share.")},
    {"model_states",
     QT_TRANSLATE_NOOP("WorkingText", "Parameters + gradients + optimizer states, the textbook's 16 bytes per parameter: what ZeRO shards. Activations and buffers come on top.")},
    {"saved_tensor",
     QT_TRANSLATE_NOOP("WorkingText", "A tensor the forward pass keeps because the backward pass needs it.")},
    {"layer_activations_per_micro_batch",
     QT_TRANSLATE_NOOP("WorkingText", "The tensors one layer saves for one micro-batch, added up (Korthikanti et al. list them one by one).")},
    {"in_flight_micro_batches",
     QT_TRANSLATE_NOOP("WorkingText", "Under the 1F1B schedule stage i starts p − i micro-batches forward before the first backward frees one, so early stages hold more.")},
    {"layer_activations",
     QT_TRANSLATE_NOOP("WorkingText", "One layer's activations × the layers on this GPU × the micro-batches in flight.")},
    {"embedding_activations",
     QT_TRANSLATE_NOOP("WorkingText", "The token ids (and a dropout mask, if used), kept on the first stage.")},
    {"output_activations",
     QT_TRANSLATE_NOOP("WorkingText", "The scores over the whole vocabulary for every token, as the loss keeps them (fp32 in eager PyTorch and Megatron, bf16 when compiled, none with a chunked fused loss): large when V is large. Kept on the last stage.")},
    {"recompute_workspace",
     QT_TRANSLATE_NOOP("WorkingText", "Recomputation rebuilds one layer's activations during its backward pass; they need room while they exist.")},
    {"comm_buckets",
     QT_TRANSLATE_NOOP("WorkingText", "Buffers for the data-parallel reduction of the gradients: none in Megatron (views of its gradient buffer), a copy of the gradients in PyTorch DDP, DeepSpeed's reduce bucket.")},
    {"zero3_gather_buffers",
     QT_TRANSLATE_NOOP("WorkingText", "ZeRO-3 and FSDP gather the full weights of the layer being computed (and the next one) for a moment; autocast keeps 16-bit copies of fp32 weights.")},
    {"cuda_context",
     QT_TRANSLATE_NOOP("WorkingText", "The CUDA driver's context and loaded kernels: outside PyTorch's allocator, so nvidia-smi shows it but max_memory_reserved does not. An assumption you can edit.")},
    {"fragmentation",
     QT_TRANSLATE_NOOP("WorkingText", "PyTorch's caching allocator keeps freed blocks for reuse; those a later request cannot use, and a share of what the step allocates for split blocks and rounding, make reserved memory exceed allocated memory.")},
    {"allocated_bytes",
     QT_TRANSLATE_NOOP("WorkingText", "The tensors alive at the step's fullest moment: what torch.cuda.max_memory_allocated reports.")},
    {"cpu_offload",
     QT_TRANSLATE_NOOP("WorkingText", "States moved to the host's memory: they no longer count on the GPU.")},
    {"model_flops_per_iteration",
     QT_TRANSLATE_NOOP("WorkingText", "The arithmetic of one step: about 6 FLOPs per parameter per token (2 forward, 4 backward), plus attention and the logits.")},
    {"hardware_flops_per_iteration",
     QT_TRANSLATE_NOOP("WorkingText", "What the GPUs really execute: the model FLOPs plus the forward work recomputation repeats.")},
    {"iterations",
     QT_TRANSLATE_NOOP("WorkingText", "Training tokens divided by the tokens one step processes.")},
    {"total_model_flops",
     QT_TRANSLATE_NOOP("WorkingText", "The whole run: roughly 6 × parameters × tokens.")},
    {"peak_flops",
     QT_TRANSLATE_NOOP("WorkingText", "The datasheet's dense peak for the number format the matrix multiplications use.")},
    {"iteration_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "A step's FLOPs divided by what all GPUs achieve per second: their peak × MFU, the share they really reach.")},
    {"training_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "Time per step × number of steps.")},
    {"gpu_hours",
     QT_TRANSLATE_NOOP("WorkingText", "Training time × number of GPUs: what a cloud bills.")},
    {"cost",
     QT_TRANSLATE_NOOP("WorkingText", "GPU-hours × price, × an overhead for failures, restarts and tuning.")},
    {"bubble_fraction",
     QT_TRANSLATE_NOOP("WorkingText", "The share of a step that pipeline stages wait for each other; more micro-batches shrink it.")},
    {"rollout_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "Before each step the policy writes its answers. Every new token reads all the weights and the cached keys and values from memory, so generation is limited by memory bandwidth, not FLOPs: often most of an RL step.")},
    {"comm_data_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Bytes each GPU sends to reduce gradients (and, with ZeRO, to gather weights).")},
    {"comm_tensor_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Tensor parallelism all-reduces activations four times per layer per micro-batch.")},
    {"comm_pipeline_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Each stage sends its output forward and the gradient backward for every micro-batch.")},
    {"comm_context_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Context parallelism passes key and value chunks around a ring.")},
    {"comm_seconds_data_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "The data-parallel bytes at the speed of the slowest link in the group. Replicas usually sit in different nodes, so this is the network: the reason gradient reduction is overlapped with the backward pass.")},
    {"comm_seconds_tensor_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Tensor parallelism waits for its all-reduces inside every layer, so it needs the fastest link: NVLink inside one node. Across nodes it slows to the network's speed.")},
    {"comm_seconds_pipeline_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Pipeline stages only pass activations and their gradients to the next stage: little data, so stages can sit in different nodes.")},
    {"comm_seconds_context_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "The key and value chunks passed around the ring, at the speed of the ring's slowest link.")},
    {"comm_seconds_expert_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "The all-to-all that sends tokens to their experts, at the speed of the slowest link between the expert GPUs.")},
    // Mixture of experts, fine-tuning and RL roles
    {"params_active",
     QT_TRANSLATE_NOOP("WorkingText", "A token passes through only k of the E routed experts: compute follows these, memory all of them.")},
    {"expert_shards",
     QT_TRANSLATE_NOOP("WorkingText", "The GPUs that hold the same experts: the experts' states are replicated, or sharded by ZeRO, over them.")},
    {"moe_dispatch_buffers",
     QT_TRANSLATE_NOOP("WorkingText", "Room to send tokens to the GPUs of their experts and receive the results (all-to-all).")},
    {"comm_expert_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Every MoE layer sends the tokens to their experts and back, forward and backward.")},
    {"frozen_base",
     QT_TRANSLATE_NOOP("WorkingText", "LoRA and QLoRA leave the base model untouched: only its weights, in their storage format, no gradients or optimizer states.")},
    {"adapter_states",
     QT_TRANSLATE_NOOP("WorkingText", "The small trained matrices, each with a gradient and the optimizer's states: little memory.")},
    {"dequant_workspace",
     QT_TRANSLATE_NOOP("WorkingText", "QLoRA turns one 4-bit matrix back into 16 bits for its multiplication, one matrix at a time.")},
    {"reference_weights",
     QT_TRANSLATE_NOOP("WorkingText", "A frozen copy of the starting model, for the KL penalty that keeps the policy close to it.")},
    {"reward_weights",
     QT_TRANSLATE_NOOP("WorkingText", "A frozen model that scores the answers; only its weights are kept.")},
    {"critic_states",
     QT_TRANSLATE_NOOP("WorkingText", "PPO trains a value model next to the policy, in the same way.")},
    {"critic_gradients",
     QT_TRANSLATE_NOOP("WorkingText", "The value model's gradients, as the policy's.")},
    {"critic_optimizer_states",
     QT_TRANSLATE_NOOP("WorkingText", "The value model's master weights and moments, as the policy's.")},
    {"rollout_weights",
     QT_TRANSLATE_NOOP("WorkingText", "The generation engine keeps its own 16-bit copy of the policy, split over its tensor-parallel GPUs.")},
    {"rollout_kv_cache",
     QT_TRANSLATE_NOOP("WorkingText", "The engine reserves a share of the GPU up front; what its weights leave of it holds the KV cache.")},
    // Serving
    {"serving_weights",
     QT_TRANSLATE_NOOP("WorkingText", "Each parameter in the serving format, group scales included; embeddings usually stay 16-bit.")},
    {"kv_bytes_per_token",
     QT_TRANSLATE_NOOP("WorkingText", "Every token keeps a key and a value for each KV head of every layer, so later tokens need not recompute them.")},
    {"kv_cache",
     QT_TRANSLATE_NOOP("WorkingText", "Per-token bytes × layers × cached tokens × sequences in the batch.")},
    {"inference_workspace",
     QT_TRANSLATE_NOOP("WorkingText", "Transient tensors of one prefill chunk and the logits for sampling.")},
    {"max_batch",
     QT_TRANSLATE_NOOP("WorkingText", "How many sequences of this length fit in the memory the weights and the runtime leave.")},
    {"max_context",
     QT_TRANSLATE_NOOP("WorkingText", "How many tokens each sequence of the batch can cache in the memory that is left.")},
    {"prefill_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "Reading the prompts: about 2 FLOPs per parameter per prompt token, limited by compute.")},
    {"decode_step_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "Each new token reads every weight and the whole KV cache from memory: bandwidth, not compute, sets the pace.")},
    {"decode_tokens_per_second",
     QT_TRANSLATE_NOOP("WorkingText", "One token per decode step for each sequence.")},
    {"arithmetic_intensity",
     QT_TRANSLATE_NOOP("WorkingText", "FLOPs per byte read. Below the GPU's ridge point (peak / bandwidth) the step waits for memory.")},
    {"itl_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "One engine step while the batch keeps running: every running request decodes a token and the new requests' prompts are prefilled in chunks beside them, within the step's token budget.")},
    {"ttft_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "A new request's prompt in chunks of what the token budget leaves beside the running requests' decode tokens, one engine step per chunk.")},
    // The step-time model
    {"step_gemm",
     QT_TRANSLATE_NOOP("WorkingText", "Every matrix multiplication of the slowest stage's layers, forward and twice backward, at the efficiency its shape reaches: small matrices (a high TP, a small micro-batch) use the GPU less well.")},
    {"step_attention",
     QT_TRANSLATE_NOOP("WorkingText", "QKᵀ and ·V in a fused kernel at FlashAttention's measured efficiency, lower for short sequences; without a fused kernel the scores go through memory.")},
    {"step_elementwise",
     QT_TRANSLATE_NOOP("WorkingText", "Norms, activations, residual adds and the loss read and write whole tensors and do little arithmetic: memory bandwidth sets their time. Sequence parallelism splits them over the TP ranks.")},
    {"step_overhead",
     QT_TRANSLATE_NOOP("WorkingText", "Each layer launches dozens of kernels per micro-batch; the gaps between them add up for small layers.")},
    {"step_recompute",
     QT_TRANSLATE_NOOP("WorkingText", "Recomputation runs forward work again during the backward pass: full recomputation a whole forward, selective only the attention core.")},
    {"step_bubble",
     QT_TRANSLATE_NOOP("WorkingText", "While the pipeline fills and drains, stages wait: (p − 1)/(v·m) of the work. More micro-batches or virtual stages shrink it.")},
    {"step_exposed_data_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Gradients are reduced while the last micro-batch's backward still runs; what outlasts it, and always the last bucket, adds to the step. The distributed optimizer's weight gather hides behind the next forward.")},
    {"step_exposed_tensor_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Tensor parallelism waits for its collectives inside every layer unless TP communication is overlapped with the GEMMs.")},
    {"step_exposed_pipeline_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Each micro-batch's activations and gradients pass between stages; the interleaved schedule overlaps them with compute.")},
    {"step_exposed_context_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Ring attention passes key and value chunks while the chunk already there is computed; only what takes longer than that shows.")},
    {"step_exposed_expert_parallel",
     QT_TRANSLATE_NOOP("WorkingText", "Tokens travel to their experts and back in every MoE layer; without special overlap the layer waits for it.")},
    {"step_offload",
     QT_TRANSLATE_NOOP("WorkingText", "Offloaded states cross PCIe, and the CPU runs the optimizer's update from its own memory: slow compared with the GPU.")},
    {"step_optimizer",
     QT_TRANSLATE_NOOP("WorkingText", "The optimizer reads and writes each state it keeps once per step: a bandwidth-bound pass over this GPU's share.")},
    {"step_model_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "The parts above added up: the slowest pipeline stage's micro-batches, the bubble, the communication nothing hides, the optimizer and offload.")},
    {"step_gpu_figures",
     QT_TRANSLATE_NOOP("WorkingText", "What the model assumes this GPU reaches: GEMM and attention efficiency from public benchmarks, and its host link.")},
    {"step_constant",
     QT_TRANSLATE_NOOP("WorkingText", "One constant of the step-time model with its source (resources/steptime.json).")},
    {"reserved_bytes",
     QT_TRANSLATE_NOOP("WorkingText", "Allocated memory plus what PyTorch's caching allocator holds besides: what torch.cuda.max_memory_reserved reports.")},
    {"device_bytes",
     QT_TRANSLATE_NOOP("WorkingText", "Reserved memory plus the CUDA context, NCCL's buffers and paged memory: what nvidia-smi shows. It must stay below the GPU's capacity.")},
    {"peak_moment",
     QT_TRANSLATE_NOOP("WorkingText", "A step passes through moments with different short-lived buffers: the loss, the first layer's backward, the optimizer step. The fullest moment is the GPU's memory; the others are listed with it.")},
    {"activation_gradients",
     QT_TRANSLATE_NOOP("WorkingText", "While a layer's backward runs, the gradient arriving at it, the one it passes on and its largest block's intermediate gradients exist together.")},
    {"loss_workspace",
     QT_TRANSLATE_NOOP("WorkingText", "The cross entropy makes short-lived copies of the logits over the whole vocabulary in its forward and backward: how many depends on how the loss is computed (eager, compiled, chunked, Megatron's fused kernel).")},
    {"optimizer_step_temporaries",
     QT_TRANSLATE_NOOP("WorkingText", "During the optimizer step, an fp32 copy of 16-bit gradients or the foreach implementation's intermediate lists; the activations are freed by then.")},
    {"library_workspaces",
     QT_TRANSLATE_NOOP("WorkingText", "Scratch memory the matrix-multiplication libraries keep, one per handle and stream, allocated once through PyTorch.")},
    {"nccl_buffers",
     QT_TRANSLATE_NOOP("WorkingText", "Each parallel group this GPU communicates in has an NCCL communicator with its own buffers, outside PyTorch's allocator.")},
    {"kv_pool_reserve",
     QT_TRANSLATE_NOOP("WorkingText", "vLLM, SGLang and TensorRT-LLM reserve a share of the GPU for the KV cache up front; what this batch does not use is still taken.")},
    {"cuda_graph_pool",
     QT_TRANSLATE_NOOP("WorkingText", "Captured CUDA graphs keep their intermediate tensors in a private pool: an assumption you can edit.")},
    {"paged_optimizer_states",
     QT_TRANSLATE_NOOP("WorkingText", "A paged optimizer keeps its states in unified memory, moved to CPU memory when the GPU runs short: they do not cause an out-of-memory error.")},
    {"stage_layers",
     QT_TRANSLATE_NOOP("WorkingText", "The layers split evenly over the pipeline stages; a remainder goes to the middle stages, which hold neither the most micro-batches (the first) nor the logits (the last).")},
    {"recurrent_state",
     QT_TRANSLATE_NOOP("WorkingText", "A linear-attention or state-space layer keeps a fixed state per sequence (its convolution window and its recurrent matrix) instead of a KV cache that grows with the context.")},
    {"sparse_attention",
     QT_TRANSLATE_NOOP("WorkingText", "A small indexer scores every cached token with its own 8-bit keys; the attention then reads only the top k of them, so its cost stops growing with the context, while the indexer's keys still grow with it.")},
    {"mtp_modules",
     QT_TRANSLATE_NOOP("WorkingText", "Each module predicts one more token ahead from the last hidden state and the next token's embedding, through one more layer; it trains with the model and can draft tokens when serving.")},
    {"speculative_tokens_per_step",
     QT_TRANSLATE_NOOP("WorkingText", "Each draft token is accepted with probability α; the target keeps the accepted prefix and adds one token of its own, so a step yields 1 + α + … + α^k tokens on average.")},
    {"speculative_verify_step",
     QT_TRANSLATE_NOOP("WorkingText", "The target checks the k draft tokens and its own next token in one step: k + 1 rows per sequence, but the weights and each sequence's KV cache are still read once.")},
    {"speculative_draft_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "The drafter proposes its k tokens one after another, each a small decode step of its own.")},
    {"speculative_tpot",
     QT_TRANSLATE_NOOP("WorkingText", "A verify step and its drafting produce several tokens at once: their time shared by those tokens is the time per output token.")},
    {"draft_weights",
     QT_TRANSLATE_NOOP("WorkingText", "The drafter lives on the GPU beside the model: a small model of its own, or one extra layer that reuses the model's embedding and output head.")},
    {"draft_kv_cache",
     QT_TRANSLATE_NOOP("WorkingText", "The drafter attends to the context too, so its layers keep keys and values; they take blocks from the same pool as the model's.")},
    {"prefix_cache_hit",
     QT_TRANSLATE_NOOP("WorkingText", "Prompts that start alike (a system prompt, a shared document) find those tokens' keys and values already in the pool: prefill computes only the rest.")},
    {"bnb_retained_inputs",
     QT_TRANSLATE_NOOP("WorkingText", "Older bitsandbytes (before 0.43.2) hangs each 4-bit layer's input on the autograd graph where the backward does not free it. While the training loop still holds the previous output, the next forward runs beside all of those inputs.")},
    {"vision_tower",
     QT_TRANSLATE_NOOP("WorkingText", "A vision-language model has a second tower: a ViT that cuts each image into patches, runs its own transformer blocks over them and hands the result through a small projector to the decoder.")},
    {"image_tokens",
     QT_TRANSLATE_NOOP("WorkingText", "Each image becomes a fixed number of tokens in the decoder's sequence, after pooling or merging its patches: they take activations, FLOPs and KV cache as text tokens do.")},
    {"vision_flops",
     QT_TRANSLATE_NOOP("WorkingText", "The vision tower runs once per image, not once per token: a trained tower also runs its backward, a frozen one only its forward.")},
    {"vision_encoder_seconds",
     QT_TRANSLATE_NOOP("WorkingText", "A request's images pass through the vision encoder before its prompt is prefilled, so the encoder's time adds to the time to the first token.")},
};

/// Three significant digits in the locale's format, never as an exponent: 1.23, 12.3, 123.
QString threeDigits(double v)
{
    const double a = std::fabs(v);
    return QLocale().toString(v, 'f', a >= 100 ? 0 : a >= 10 ? 1 : 2);
}


const Text* find(core::Term term)
{
    const std::string_view id = core::termInfo(term).id;
    for (const Text& t : kTexts)
        if (t.id == id)
            return &t;
    return nullptr;
}

QString fromCore(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

/// A text the core wrote in English and marked for translation (SHARDSCOPE_TRANSLATE_NOOP with
/// the context "WorkingText"), in the window's language.
QString translated(std::string_view english)
{
    const QByteArray source(english.data(), qsizetype(english.size()));
    return QCoreApplication::translate("WorkingText", source.constData());
}

} // namespace

QString title(core::Term term)
{
    return translated(core::termInfo(term).title);
}

QString explanation(core::Term term)
{
    if (const Text* t = find(term))
        return QCoreApplication::translate("WorkingText", t->explanation);
    return {};
}

QString quantity(const core::WorkingLine& line)
{
    if (line.detail.empty())
        return title(line.term);
    return translated(line.detail); // a saved tensor's label, a GPU's name: the core's text
}

QString formatValue(double value, core::Unit unit)
{
    switch (unit) {
    case core::Unit::Count:
    case core::Unit::Tokens:
        // Exact counts with digit grouping (6,738,415,616): students check them against papers.
        if (value == std::floor(value) && std::fabs(value) < 1e13)
            return QLocale().toString(qint64(value));
        return DisplayFormat::scientific(value);
    case core::Unit::Flops: return DisplayFormat::scientific(value, QStringLiteral("FLOP"));
    // The rest in the locale's digits and the language's words (the core's text is English).
    case core::Unit::Bytes: {
        // In the unit View ▸ Units chose: decimal (the seeds' arithmetic) or binary prefixes.
        const double a = std::fabs(value);
        const bool binary = DisplayFormat::memoryUnit() == DisplayFormat::MemoryUnit::GiB;
        const char* decimalUnits[] = {"TB", "GB", "MB", "kB"};
        const char* binaryUnits[] = {"TiB", "GiB", "MiB", "KiB"};
        const double decimalScales[] = {1e12, 1e9, 1e6, 1e3};
        const double binaryScales[] = {1099511627776.0, 1073741824.0, 1048576.0, 1024.0};
        const char* const* units = binary ? binaryUnits : decimalUnits;
        const double* scales = binary ? binaryScales : decimalScales;
        for (int i = 0; i < 4; ++i)
            if (a >= scales[i])
                return threeDigits(value / scales[i]) + QLatin1Char(' ') + QLatin1String(units[i]);
        return QLocale().toString(value, 'f', 0) + QStringLiteral(" B");
    }
    case core::Unit::BytesPerParameter: return QLocale().toString(value, 'g', 4) + QStringLiteral(" B");
    case core::Unit::FlopsPerSecond: return QLocale().toString(value / 1e12, 'g', 4) + QStringLiteral(" TFLOP/s");
    case core::Unit::BytesPerSecond: return QLocale().toString(value / 1e9, 'g', 4) + QStringLiteral(" GB/s");
    case core::Unit::Seconds: return DisplayFormat::duration(value);
    case core::Unit::Days: return DisplayFormat::days(value);
    case core::Unit::Hours:
        //: a number of GPU-hours; %1 = the number
        return QCoreApplication::translate("WorkingText", "%1 GPU-h").arg(std::fabs(value) >= 100 ? QLocale().toString(value, 'f', 0) : threeDigits(value));
    case core::Unit::Money:
        return QCoreApplication::translate("DisplayFormat", "$%1").arg(std::fabs(value) >= 100 ? QLocale().toString(value, 'f', 0) : QLocale().toString(value, 'f', 2));
    case core::Unit::Fraction: return DisplayFormat::percent(value, 1);
    }
    return QString::fromStdString(core::formatValue(value, unit));
}

QString substitutions(const core::WorkingLine& line)
{
    QStringList parts;
    for (const core::Substitution& s : line.substitutions)
        parts << WorkingNotation::symbol(s.symbol) + QStringLiteral(" = ") + WorkingText::formatValue(s.value, s.unit);
    return parts.join(QStringLiteral(", "));
}

QString formula(const core::WorkingLine& line)
{
    return WorkingNotation::formula(line.formula.empty() ? core::termInfo(line.term).formula : line.formula);
}

QString value(const core::WorkingLine& line)
{
    return WorkingText::formatValue(line.value, core::termInfo(line.term).unit);
}

QString source(core::Term term)
{
    return fromCore(core::termInfo(term).source);
}

} // namespace WorkingText
