#include "core/working.h"

#include <array>
#include <cmath>
#include <cstdio>

#include "core/translatable.h"

namespace core {

namespace {

constexpr Component kNone = Component::Count;
constexpr std::string_view kLinkSource =
    "nccl-tests PERFORMANCE.md (ring bus bandwidth); GPU datasheet (NVLink both directions) and reference system NICs";

// id, title (the window translates the same string: lupdate reads this file), formula, source, unit, bar segment. Symbols: Ψ parameters, P parameters on one GPU,
// w/g bytes per weight/gradient, D_z ZeRO group (DP × CP), s sequence, b micro-batch, h hidden,
// a heads, g KV heads, d head dim, F FFN, V vocabulary, L layers, t TP, p PP, v virtual stages,
// c CP, m micro-batches per step.
const std::array<TermInfo, std::size_t(Term::Count)> kTerms{{
    {"params_embedding", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Word embedding parameters"), "V·h", "Megatron theoretical_memory_usage.py", Unit::Count, kNone},
    {"params_attention", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Attention parameters per layer"), "h·(a·d) + 2·h·(g·d) + (a·d)·h", "Megatron theoretical_memory_usage.py: 2h²(1 + g/a)·(a·d/h)", Unit::Count, kNone},
    {"params_mlp", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "MLP parameters per layer"), "3·h·F gated, 2·h·F otherwise", "Megatron theoretical_memory_usage.py", Unit::Count, kNone},
    {"params_norms", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Norm parameters per layer"), "2·h (RMSNorm) or 2·2h (LayerNorm)", "Megatron theoretical_memory_usage.py", Unit::Count, kNone},
    {"params_per_layer", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Parameters per transformer layer"), "attention + MLP + norms", "Megatron theoretical_memory_usage.py", Unit::Count, kNone},
    {"params_output", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Output layer and final norm"), "V·h (untied) + final norm", "Megatron theoretical_memory_usage.py", Unit::Count, kNone},
    {"params_total", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Total parameters Ψ"), "embedding + L·per layer + final norm + output", "Megatron theoretical_memory_usage.py; Llama-2-7B = 6,738,415,616", Unit::Count, kNone},
    {"family_shape", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Shape assumed for a count-only model"), "Llama-3-style family shape of the same size", "ShardScope family (core/model.h): Llama 3 1B…405B anchors", Unit::Count, kNone},
    {"state_bytes_per_parameter", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Model-state bytes per parameter"), "w + g + master + moments", "ZeRO §3.1 (16 B mixed-precision Adam); Megatron (18 B with fp32 grads)", Unit::BytesPerParameter, kNone},
    {"data_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Data-parallel degree D"), "n / (t·p·c)", "Megatron parallel_state", Unit::Count, kNone},
    {"zero_shards", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "ZeRO shard group D_z"), "D·c", "Megatron distributed optimizer shards over DP × CP", Unit::Count, kNone},
    {"micro_batches", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Micro-batches per step m"), "B / (b·D)", "Narayanan §2.2", Unit::Count, kNone},
    {"resident_parameters", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Parameters on this GPU P"), "n_layers·(P_layer/t + P_replicated) + embedding/t (first stage) + output/t (last)", "Megatron theoretical_memory_usage.py (TP and PP divide the layers first)", Unit::Count, kNone},
    {"weights", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Weights on this GPU"), "w·P (ZeRO-3: / D_z)", "ZeRO §5.3 (P_os+g+p)", Unit::Bytes, Component::Weights},
    {"gradients", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Gradients on this GPU"), "g·P (ZeRO ≥ 2: / D_z)", "ZeRO §5.2 (P_os+g)", Unit::Bytes, Component::Gradients},
    {"optimizer_states", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Optimizer states on this GPU"), "(master + moments)·P (ZeRO ≥ 1: / D_z)", "ZeRO §5.1 (P_os); 7B on 8 GPUs: 2Ψ + 2Ψ + 12Ψ/8 = 38.5 GB (ZeRO-1), 26.25 (ZeRO-2), 14 (ZeRO-3)", Unit::Bytes, Component::OptimizerStates},
    {"model_states", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Model states on this GPU"), "P·(w + g + o), ZeRO-1 o/D_z, ZeRO-2 (g + o)/D_z, ZeRO-3 all /D_z", "ZeRO §5 (Rajbhandari et al. 2020, Figure 1: 7.5B on 64 GPUs = 120 / 31.4 / 16.6 / 1.9 GB)", Unit::Bytes, kNone},
    {"saved_tensor", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Saved tensor"), "", "Korthikanti et al. 2022 §4.1", Unit::Bytes, Component::LayerActivations},
    {"layer_activations_per_micro_batch", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Activations of one layer, one micro-batch"), "Σ saved tensors", "Korthikanti et al. 2022 Table 2", Unit::Bytes, Component::LayerActivations},
    {"in_flight_micro_batches", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Micro-batches in flight on this stage"), "min(p − i, m)", "Narayanan §2.2 (1F1B); Megatron interleaved schedule", Unit::Count, Component::LayerActivations},
    {"layer_activations", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Layer activations on this GPU"), "A_layer × n_layers × in flight", "Korthikanti et al. 2022 §4.2.3", Unit::Bytes, Component::LayerActivations},
    {"embedding_activations", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Embedding activations"), "(8·s·b + s·b·h) × in flight", "Megatron theoretical_memory_usage.py", Unit::Bytes, Component::EmbeddingActivations},
    {"output_activations", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Logits and loss"), "2·2·s·b·h / t_sp + held·s·b·V / t (held by training.loss_implementation)", "Megatron theoretical_memory_usage.py: 4sbh(1 + V/h); megatron/core/tensor_parallel/cross_entropy.py saves the fp32 softmax; core/training/lossimplementation.cpp (torchtune, torchtitan, LitGPT)", Unit::Bytes, Component::OutputActivations},
    {"recompute_workspace", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Recomputed layer (transient)"), "one layer's activations rebuilt during its backward", "Chen et al. 2016; Korthikanti §5", Unit::Bytes, Component::RecomputeWorkspace},
    {"comm_buckets", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Communication buckets"), "Megatron 0 (views of the grad buffer); DDP a copy of the gradients; DeepSpeed reduce_bucket_size × 2 B",
     "Megatron param_and_grad_buffer.py; PyTorch DistributedDataParallel gradient_as_bucket_view; DeepSpeed zero/config.py reduce_bucket_size = 5e8 elements", Unit::Bytes, Component::CommBuckets},
    {"zero3_gather_buffers", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Gathered 16-bit weights"), "ZeRO-3: modules × w × ℓ; FSDP2: 6ℓ forward, (6 + 2r)·ℓ backward + 2 B × root (frozen base: 3·w·ℓ, 2·w·ℓ; PP: (2 + r) × stage); DDP AMP: 2 B × weights",
     "DeepSpeed estimate_zero3_model_states_mem_needs (4·largest_layer); PyTorch fsdp/_fully_shard/_fsdp_param_group.py; torch.autocast weight cache; "
     "frozen base gathered as stored (fsdp_qlora e877dda train.py quant_storage, FSDP2 post_backward reduce-scatters only parameters with gradients); "
     "PP: torchtitan 9dec370 parallelize_llama.py reshard_after_forward=False, torch pipelining stage.py gradients accumulated unsharded", Unit::Bytes, Component::Zero3GatherBuffers},
    {"cuda_context", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "CUDA context"), "assumed constant, outside the caching allocator",
     "PyTorch PR 86509 (lazy module loading: ~270 MB), issue 109888 (~400 MB); vLLM start-up logs (0.51 GiB before the weights)", Unit::Bytes, Component::CudaContext},
    {"fragmentation", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Allocator reserve (reserved − allocated)"), "cached blocks a request cannot reuse + f × memory allocated during the step",
     "PyTorch c10/cuda/CUDACachingAllocator.cpp (best fit, blocks of different segments never merge; expandable segments: 20 MiB pages)", Unit::Bytes, Component::Fragmentation},
    {"allocated_bytes", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Peak allocated (max_memory_allocated)"), "Σ tensors alive at the step's largest moment",
     "PyTorch torch.cuda.max_memory_allocated (allocated_bytes.all.peak)", Unit::Bytes, kNone},
    {"cpu_offload", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "CPU memory for offloaded states"), "(o + 4 (fp32 grads) + w if params offloaded)·P / D_z", "DeepSpeed ZeRO-Offload; estimate_zero3_model_states_mem_needs", Unit::Bytes, kNone},
    {"model_flops_per_iteration", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Model FLOPs per iteration"), "B·s·[12·L·h·(q + k) + 6·ε·h·F·L + 6·s·q·L + 6·h·V]", "Megatron num_floating_point_operations (Narayanan appendix)", Unit::Flops, kNone},
    {"hardware_flops_per_iteration", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Hardware FLOPs per iteration"), "model FLOPs + recomputation", "Korthikanti §5; Narayanan (96 = 4 × 24 with full recompute)", Unit::Flops, kNone},
    {"iterations", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Iterations"), "D / (B·s)", "", Unit::Count, kNone},
    {"total_model_flops", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Total model FLOPs C"), "per-token FLOPs × D  (≈ 6·N·D)", "Kaplan et al. 2020 §2.1 (C ≈ 6·N·D)", Unit::Flops, kNone},
    {"peak_flops", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Peak FLOP/s per GPU"), "datasheet dense peak for the compute dtype", "GPU preset source", Unit::FlopsPerSecond, kNone},
    {"iteration_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Time per iteration"), "C_iter / (n · peak · MFU)", "Narayanan et al. 2021 §5.1; PaLM appendix B (MFU)", Unit::Seconds, kNone},
    {"training_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Training time"), "T_s / goodput  (the run's wall-clock with checkpoints, interruptions and restarts)", "Narayanan et al. 2021 §5.1 (T_s = t_iter × iterations); Daly 2006 (the wall-clock)", Unit::Seconds, kNone},
    {"gpu_hours", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "GPU-hours"), "T · n / 3600", "", Unit::Hours, kNone},
    {"cost", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Cost"), "GPU-hours × price × overhead", "GPU-hours include checkpoints, interruptions and restarts; the overhead is what is still not timed (evaluation, data stalls, tuning): an assumption", Unit::Money, kNone},
    {"bubble_fraction", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Pipeline bubble"), "(p − 1) / (m + p − 1)", "Narayanan §2.2", Unit::Fraction, kNone},
    {"rollout_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Rollout generation per step"), "rounds · [prefill + new tokens · max(bytes read / HBM bandwidth, FLOPs / peak)]",
     "roofline decode (Williams et al.; vLLM); synchronous RL as in verl and TRL", Unit::Seconds, kNone},
    {"comm_data_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Data-parallel traffic per GPU per step"), "", "ring collectives; ZeRO §7 (ZeRO-3: 1.5× the data-parallel traffic)", Unit::Bytes, kNone},
    {"comm_tensor_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Tensor-parallel traffic per GPU per step"), "m · n_layers · collectives · 2(t−1)/t · 2·s·b·h", "Korthikanti §4.2.2", Unit::Bytes, kNone},
    {"comm_pipeline_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Pipeline traffic per GPU per step"), "2 · m · v · 2·s·b·h / t_sp", "Narayanan §2.2", Unit::Bytes, kNone},
    {"comm_context_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Context-parallel traffic per GPU per step"), "m · n_layers · (c−1) · 3 · K,V chunk", "ring attention (Liu et al. 2023); Megatron CP", Unit::Bytes, kNone},
    {"comm_seconds_data_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Data-parallel communication time per step"), "bytes / link bandwidth", kLinkSource, Unit::Seconds, kNone},
    {"comm_seconds_tensor_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Tensor-parallel communication time per step"), "bytes / link bandwidth", kLinkSource, Unit::Seconds, kNone},
    {"comm_seconds_pipeline_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Pipeline communication time per step"), "bytes / link bandwidth", kLinkSource, Unit::Seconds, kNone},
    {"comm_seconds_context_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Context-parallel communication time per step"), "bytes / link bandwidth", kLinkSource, Unit::Seconds, kNone},
    {"comm_seconds_expert_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert-parallel communication time per step"), "bytes / link bandwidth", kLinkSource, Unit::Seconds, kNone},
    {"params_active", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Active parameters per token"), "total − MoE layers × (E − k) experts", "Mixtral (Jiang et al. 2024) §2.1: 47B parameters held, 13B active per token", Unit::Count, kNone},
    {"expert_shards", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert data-parallel group"), "n / (p · EP · ETP)", "Megatron MoE parallel folding", Unit::Count, kNone},
    {"moe_dispatch_buffers", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "MoE dispatch buffers"), "2 · 2·s·b·k·CF·h (all-to-all send + receive)", "Megatron token dispatcher", Unit::Bytes, Component::MoeDispatchBuffers},
    {"comm_expert_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Expert-parallel all-to-all per GPU per step"), "m · MoE layers · 4 · (EP−1)/EP · 2·s·b·k·CF·h", "GShard/Switch: dispatch and combine, forward and backward", Unit::Bytes, kNone},
    {"frozen_base", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Frozen base weights"), "bytes(format)·linear + 2 B·other (÷ D_z with ZeRO-3)", "QLoRA (Dettmers et al. 2023); PEFT", Unit::Bytes, Component::Weights},
    {"adapter_states", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "LoRA adapters with gradients and optimizer"), "r·(d_in + d_out) per adapted matrix × recipe bytes", "LoRA (Hu et al. 2021)", Unit::Bytes, Component::AdapterWeights},
    {"dequant_workspace", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Dequantized weight (QLoRA)"), "2 B · largest matrix / t", "bitsandbytes dequantizes per matrix", Unit::Bytes, Component::DequantWorkspace},
    {"reference_weights", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Reference policy"), "frozen copy of the policy", "Ouyang et al. 2022 (KL penalty); GRPO (Shao et al. 2024)", Unit::Bytes, Component::ReferenceWeights},
    {"reward_weights", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Reward model"), "Ψ_reward / (t·p) · bytes(format)", "Ouyang et al. 2022", Unit::Bytes, Component::RewardWeights},
    {"critic_states", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Critic (value model) weights"), "trained like the policy", "PPO (Schulman et al. 2017; Ouyang et al. 2022)", Unit::Bytes, Component::CriticWeights},
    {"critic_gradients", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Critic gradients"), "as the policy's gradients", "PPO (Schulman et al. 2017)", Unit::Bytes, Component::CriticGradients},
    {"critic_optimizer_states", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Critic optimizer states"), "as the policy's optimizer states", "PPO (Schulman et al. 2017)", Unit::Bytes, Component::CriticOptimizerStates},
    {"rollout_weights", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Rollout engine weights"), "2 B · Ψ / TP_rollout", "vLLM / verl colocated rollout", Unit::Bytes, Component::RolloutWeights},
    {"rollout_kv_cache", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Rollout KV cache (reserved)"), "gpu_memory_utilization · capacity − rollout weights", "vLLM gpu_memory_utilization", Unit::Bytes, Component::RolloutKvCache},
    {"serving_weights", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Weights for serving"), "bits(format)/8 · linear + 2 B · other", "GPTQ/AWQ group scales; QLoRA NF4", Unit::Bytes, Component::Weights},
    {"kv_bytes_per_token", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "KV cache per token per layer"), "2 · g_local · d · bytes (MLA: (d_c + d_rope) · bytes)", "DeepSeek-V2 §2.1 (MLA)", Unit::Bytes, Component::KvCache},
    {"kv_cache", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "KV cache"), "Σ layers · per-token bytes · cached tokens · batch", "vLLM paged blocks (Kwon et al. 2023); Llama 2 7B at 2048 tokens in fp16: 2·32·4096·2048·2 B = 1 GiB", Unit::Bytes, Component::KvCache},
    {"inference_workspace", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Prefill workspace"), "one chunk's transient tensors + fp32 sampling logits", "vLLM profile run (max_num_batched_tokens)", Unit::Bytes, Component::InferenceWorkspace},
    {"max_batch", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Largest batch at this context"), "free memory / KV per sequence", "", Unit::Count, kNone},
    {"max_context", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Longest context at this batch"), "free memory / (batch · KV per token)", "", Unit::Tokens, kNone},
    {"prefill_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Prefill time (compute-bound)"), "chunks · engine step(chunk tokens)  (a stated MFU: 2·N·batch·prompt (+ attention) / (n · peak · MFU))",
     "core/serving/stepcost.h: GEMMs at the measured efficiency (resources/steptime.json), FlashAttention forward, TP all-reduces; chunk = max_num_batched_tokens (vLLM), chunked_prefill_size (SGLang), max_num_tokens (TensorRT-LLM); NVFP4 weights (4 bits, an FP8 scale per 16) on FP4 tensor cores: activations quantized to FP4 too, peak = fp4_peak_ratio × FP8 peak (TensorRT-LLM tensorrt_llm/_torch/modules/linear.py @ ed53795, NVFP4LinearMethod.apply: fp4_quantize then nvfp4_gemm)", Unit::Seconds, kNone},
    {"decode_step_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Decode step (bandwidth-bound)"), "max(weights / (HBM · f), (FLOPs + (busiest − 1) · routed-expert FLOPs) / (peak · η)) + max(KV / (HBM · f), queries · 2·h·(d + dv)·positions / (peak₁₆ · a)) + n_layers · floor + 2 · n_layers · all-reduce + busiest · EP all-to-all (attention DP only) + engine step; busiest = 1 + z(EP) · √(c² / (E/EP) + (1 − 1/EP) / pairs per rank)",
     "roofline (Williams et al. 2009); f = 0.88 of the datasheet bandwidth (resources/serving.json); decode attention FLOPs and a = 580 / 989 TFLOP/s: deepseek-ai/FlashMLA (README, tests/test_flash_mla.py; MLA absorbed: d = 576, dv = 512); experts read: those the rows of every replica in the EP group reach; no EP dispatch inside a TP group (vllm fused_moe/layer.py @ 0014ec6); the busiest EP rank sets the step: z(n) = expected largest of n normals (Blom 1958), c = 2.14 reproduces TensorRT-LLM's measured hottest rank 1.564 × the mean above it without load balancing (DeepSeek-R1, EP 32, 1024 pairs per rank: blog4_Scaling_Expert_Parallelism_in_TensorRT-LLM.md @ 956a4f2, Table 1); one-shot all-reduce sgl-project/sglang#2904 (H100), NCCL inside a CUDA graph haohervchb/sglang-V100#2; NVFP4 on FP4 tensor cores: peak = fp4_peak_ratio × FP8 peak, no weight-only dequantization (TensorRT-LLM linear.py @ ed53795, NVFP4LinearMethod.apply); floor and engine step fitted on the serving corpus, leave-one-source-out", Unit::Seconds, kNone},
    {"decode_tokens_per_second", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Decode tokens/s per sequence"), "1 / step", "", Unit::Count, kNone},
    {"arithmetic_intensity", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Decode arithmetic intensity"), "FLOPs / bytes read (ridge = peak / bandwidth)", "roofline (Williams et al. 2009)", Unit::Count, kNone},
    {"itl_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Time between tokens under load"), "engine step(running decode rows + the others' prompt chunks ≤ token budget)",
     "continuous batching with chunked prefill: vllm-project/vllm vllm/v1/core/sched/scheduler.py @ 00024d3, Scheduler.schedule() (token_budget: running requests first, then prompt chunks); TensorRT-LLM max_num_tokens; SGLang chunked_prefill_size", Unit::Seconds, kNone},
    {"ttft_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Time to first token under load"), "queue + ⌈prompt / (budget − others' decode rows)⌉ · engine step(others' decode + own chunk)",
     "the same scheduler: a new prompt is chunked into what the budget leaves beside the running requests (vllm/v1/core/sched/scheduler.py @ 00024d3); queue = (batch − running) · request time / running for requests the budget does not admit (Little's law, L = λW)", Unit::Seconds, kNone},
    {"step_gemm", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: linear layers (GEMMs)"), "m · Σ max(2·M·N·K / (peak · η(M, N, K)), bytes / HBM)  (forward + 2 × backward)",
     "roofline (Williams et al. 2009); η: measured large-GEMM efficiency (MAMF, stas00/ml-engineering @ 744d01e) × Π d/(d + 128)", Unit::Seconds, kNone},
    {"step_attention", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: attention core"), "m · n_layers · (F_att / (peak₁₆ · η_fwd) + 2.5·F_att / (peak₁₆ · η_bwd)), η × f_d × (s/c) / (s/c + 512)",
     "FlashAttention-2 (arXiv 2307.08691), FlashAttention-3 (arXiv 2407.08608)", Unit::Seconds, kNone},
    {"step_elementwise", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: norms and activations"), "m · n_layers · bytes moved / HBM bandwidth",
     "operator list of Korthikanti et al. 2022 §4.1; each tensor read and written once forward, twice backward", Unit::Seconds, kNone},
    {"step_overhead", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: fixed per-layer overhead"), "m · n_layers · overhead", "assumption: about 90 kernels per layer at ~1 µs of launch gap (resources/steptime.json)", Unit::Seconds, kNone},
    {"step_recompute", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: recomputation"), "m · n_layers · repeated forward work", "Korthikanti et al. 2022 §5", Unit::Seconds, kNone},
    {"step_bubble", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: pipeline bubble"), "(Σ stages − slowest) / v  = (p − 1)/(v·m) of the compute",
     "Narayanan et al. 2021 §2.2 (1F1B and interleaved schedules)", Unit::Seconds, kNone},
    {"step_exposed_data_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: exposed DP communication"),
     "max(last bucket, collective − backward of the last micro-batch) (+ weight all-gather − first forward)",
     "Megatron-LM --overlap-grad-reduce / --overlap-param-gather (distributed_data_parallel_config.py @ d98e8a6); DeepSpeed overlap_comm", Unit::Seconds, kNone},
    {"step_exposed_tensor_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: exposed TP communication"), "m · n_layers · collectives",
     "Korthikanti et al. 2022 §4.2.2; Megatron-LM --tp-comm-overlap (model_parallel_config.py @ d98e8a6)", Unit::Seconds, kNone},
    {"step_exposed_pipeline_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: exposed pipeline communication"), "2·(m + p − 1)·(bytes / bus + α)",
     "Narayanan et al. 2021 §2.2; Megatron-LM overlap_p2p_comm with the interleaved schedule (arguments.py @ d98e8a6)", Unit::Seconds, kNone},
    {"step_exposed_context_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: exposed CP communication"), "m · n_layers · max(0, ring exchange − attention)",
     "Megatron-LM cp_comm_type p2p: overlapped with attention (transformer_config.py @ d98e8a6)", Unit::Seconds, kNone},
    {"step_exposed_expert_parallel", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: expert-parallel all-to-all"), "m · MoE layers · 4 all-to-alls (+2 with full recomputation)",
     "Megatron-LM MoE README @ d98e8a6: all-to-all exposed without the overlap flags", Unit::Seconds, kNone},
    {"step_offload", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: offload (PCIe, CPU optimizer)"), "(g + w)·P / PCIe + 28 B·P / CPU DRAM share (+ weights per pass with parameter offload)",
     "ZeRO-Offload (arXiv 2101.06840) §4.1; ZeRO-Infinity (arXiv 2104.07857)", Unit::Seconds, kNone},
    {"step_optimizer", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time: optimizer update on the GPU"), "P_updated · (2·optimizer + g + w) bytes / HBM", "Adam reads and writes its states once per step", Unit::Seconds, kNone},
    {"step_model_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step time from the model"), "m · slowest stage + bubble + exposed communication + optimizer + offload",
     "ShardScope step-time model (README: validated against public measured runs)", Unit::Seconds, kNone},
    {"step_gpu_figures", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Measured figures of this GPU"), "", "resources/steptime.json", Unit::Fraction, kNone},
    {"step_constant", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Step-time constant"), "", "resources/steptime.json", Unit::Count, kNone},
    {"step_seconds_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Where the measured step is expected"), "step / (1 + P90) … step / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/steptime.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Seconds, kNone},
    {"reserved_bytes", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Peak reserved (max_memory_reserved)"), "allocated + allocator reserve (+ CUDA graph pool)",
     "PyTorch torch.cuda.max_memory_reserved; docs/source/notes/cuda.rst (memory management)", Unit::Bytes, kNone},
    {"device_bytes", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Used on the device (nvidia-smi)"), "reserved + CUDA context + NCCL buffers (+ paged optimizer states)",
     "nvidia-smi memory.used; PyTorch notes: cached memory \"will still show as if used in nvidia-smi\"", Unit::Bytes, kNone},
    {"peak_moment", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Peak of the step"), "the largest of the step's moments: transients of different moments never coexist",
     "Megatron core/pipeline_parallel/schedules.py (1F1B warm-up); PyTorch autograd frees a node's buffers after it runs", Unit::Bytes, kNone},
    {"activation_gradients", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Activation gradients (one layer's backward)"), "2·s·b·h + max(MLP 3·s·b·F/t gated, attention dQ/dK/dV + fp32 dQ accumulator)",
     "PyTorch autograd (a node's input and output gradients coexist while it runs); FlashAttention-2 backward (fp32 dq_accum)", Unit::Bytes, Component::ActivationGradients},
    {"loss_workspace", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Logits and loss temporaries"), "by training.loss_implementation: Megatron 2 B·s·b·V/t (forward and backward); eager cross entropy 6 B forward, 8 B backward; compiled 2 B backward; chunked 2/n–14/n B",
     "Megatron tensor_parallel/cross_entropy.py; torchtitan train.py loss_fn (logits.float()), components/loss.py (compiled, ChunkedLossWrapper); torchtune CEWithChunkedOutputLoss; LitGPT chunked_cross_entropy; PyTorch nll_loss_backward, _log_softmax_backward_data", Unit::Bytes, Component::LossWorkspace},
    {"optimizer_step_temporaries", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Optimizer-step temporaries"), "fp32 copy of a 16-bit gradient shard, or foreach intermediates",
     "Megatron optimizer/distrib_optimizer.py (.float()); DeepSpeed stage_1_and_2.py single_grad_partition; torch/optim/adam.py _foreach_sqrt", Unit::Bytes, Component::OptimizerStepTemporaries},
    {"library_workspaces", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "cuBLAS and Transformer Engine workspaces"), "2 × (cuBLAS + 1 MiB cuBLASLt) (+ Transformer Engine 32 MiB + 1 KiB)",
     "PyTorch aten/src/ATen/cuda/CublasHandlePool.cpp (32 MiB on sm90, 8.125 MiB otherwise); Transformer Engine pytorch/cpp_extensions/gemm.py", Unit::Bytes, Component::LibraryWorkspaces},
    {"nccl_buffers", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "NCCL buffers"), "communicators × bytes per communicator",
     "NVIDIA/nccl src/init.cc (SIMPLE 4 MiB + LL + LL128 buffers per channel and peer); 544–688 MB per communicator measured (NVIDIA/nccl issue 964)", Unit::Bytes, Component::NcclBuffers},
    {"kv_pool_reserve", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Reserved KV pool beyond this batch"), "engine reservation − weights − workspace − KV this batch needs",
     "vLLM v1 gpu_worker.py (gpu_memory_utilization × total − non-KV memory); SGLang 001ccef model_runner_kv_cache_mixin.py profile_max_num_token (mem_fraction_static × memory free after the distributed init); TensorRT-LLM free_gpu_memory_fraction", Unit::Bytes, Component::KvCacheReserve},
    {"cuda_graph_pool", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "CUDA graph pool"), "assumed per GPU", "vLLM logs \"Graph capturing finished … took 0.6–1.8 GiB\" (vllm PR 10511; llm-d-planner PR 205)", Unit::Bytes, Component::CudaGraphPool},
    {"paged_optimizer_states", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Paged optimizer states"), "optimizer states in CUDA unified memory",
     "bitsandbytes paged optimizers; QLoRA (Dettmers et al. 2023) §3: evicted to CPU RAM when the GPU runs out", Unit::Bytes, Component::PagedOptimizerStates},
    {"stage_layers", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Transformer layers on this stage"), "even split, remainder on the middle stages; or the first/last stage's count as set",
     "Megatron transformer_config.py (decoder_first/last_pipeline_num_layers, account_for_embedding/loss_in_pipeline_split); Llama 3 paper §3.3.2", Unit::Count, kNone},
    {"allocated_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: max_memory_allocated"), "allocated / (1 + P90) … allocated / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/memory.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Bytes, kNone},
    {"reserved_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: max_memory_reserved"), "reserved / (1 + P90) … reserved / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/memory.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Bytes, kNone},
    {"device_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: device (nvidia-smi)"), "device / (1 + P90) … device / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/memory.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Bytes, kNone},
    {"decode_step_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: decode step (TPOT)"), "step / (1 + P90) … step / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/serving.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Seconds, kNone},
    {"prefill_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: time to first token"), "prefill / (1 + P90) … prefill / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/serving.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Seconds, kNone},
    {"output_throughput_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: output tokens/s per GPU"), "tokens/s / (1 + P90) … tokens/s / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/serving.json, each run predicted without its source (leave-one-source-out; core/accuracy/bands.h)", Unit::Count, kNone},
    {"kv_pool_band", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Band: the engine's KV pool"), "pool / (1 + P90) … pool / (1 + P10): P10–P90 of the held-out errors of similar public runs",
     "resources/corpus/serving.json (the engines' KV pool log lines), each predicted without its source (core/accuracy/bands.h)", Unit::Bytes, kNone},
    {"useful_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Training time without interruptions T_s"), "t_iter × iterations", "Narayanan et al. 2021 §5.1 (end-to-end training time)", Unit::Seconds, kNone},
    {"mtbi", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Mean time between interruptions M"), "1 / (n·λ_gpu + N·λ_node)",
     "rates derived from Llama 3 (arXiv 2407.21783) Table 5: 419 unexpected interruptions in 54 days on 16,384 H100s, 268 GPU / 151 other", Unit::Seconds, kNone},
    {"checkpoint_bytes", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Checkpoint size"), "Ψ·(w + master + moments)",
     "Megatron dist_checkpointing (model + distributed optimizer states); BLOOM 176B: 2.3 TB with optimizer, 329 GB bf16 weights (huggingface/blog)", Unit::Bytes, kNone},
    {"checkpoint_write_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Checkpoint write time"), "size / min(N × per-node bandwidth, store)",
     "every rank writes its shard (torch.distributed.checkpoint); Llama 3 §3.3.1: Tectonic sustains 2 TB/s", Unit::Seconds, kNone},
    {"checkpoint_stall", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Stall per checkpoint δ"), "the write (synchronous) or the copy to host memory (asynchronous)",
     "torchtitan checkpoint.async_mode; Megatron --async-save", Unit::Seconds, kNone},
    {"restart_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Restart after an interruption R"), "fixed (re-scheduling, start, NCCL init, warm-up) + checkpoint load",
     "fixed part: an assumption (goodput.restart_seconds); load at the write bandwidths", Unit::Seconds, kNone},
    {"checkpoint_interval", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Checkpoint interval τ"), "steps × t_iter; optimal √(2δM)·[1 + ⅓√(δ/2M) + ⅑·δ/2M] − δ",
     "Young, CACM 17(9) 1974 (√(2δM)); Daly, FGCS 22 (2006)", Unit::Seconds, kNone},
    {"lost_work", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Work lost per interruption"), "(τ + δ)/2 (+ W while an asynchronous write is still going)",
     "Young 1974; BLOOM: \"a checkpoint every 3h … on average we would lose 1.5h\" (huggingface/blog)", Unit::Seconds, kNone},
    {"goodput", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Goodput"), "T_s / wall,  wall = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ",
     "Daly, FGCS 22 (2006): expected wall time under Poisson interruptions; Llama 3 §3.3.4 reports > 90 % effective training time", Unit::Fraction, kNone},
    {"nvme_offload", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "NVMe per node (ZeRO-Infinity)"), "GPUs per node × P/D_z × ((o + 4) optimizer on NVMe + w parameters on NVMe)",
     "ZeRO-Infinity (arXiv 2104.07857); DeepSpeed swap_tensor/partitioned_optimizer_swapper.py, partitioned_param_swapper.py", Unit::Bytes, kNone},
    {"recurrent_state", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Recurrent state of the linear layers"),
     "linear layers · ((K − 1)·(2·Hk·dk + Hv·dv)·2 B + Hv·dv·dk·bytes(state)) / t · batch",
     "vLLM mamba_utils.py @02d71083 (mamba2_state_shape, gated_delta_net_state_shape: conv + SSM state, heads over TP); SGLang mamba_utils.py @02e208de (SSM state float32 by default)",
     Unit::Bytes, Component::KvCache},
    {"sparse_attention", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Tokens each query attends to (sparse attention)"),
     "min(context, k);  cache + (d_I + d_I/128·4) B per token per layer;  indexer 2·H_I·d_I FLOPs per scored token",
     "DeepSeek-V3.2-Exp (DeepSeek_V3_2.pdf §2; inference/model.py @3b99a535 class Indexer: fp8 k_cache + fp32 k_scale_cache, index_topk 2048); vLLM deepseek_v2.py @002d6073 DeepseekV32IndexerCache (head_dim + head_dim // 128 · 4 bytes)",
     Unit::Tokens, kNone},
    {"mtp_modules", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Multi-token-prediction modules (trained, not in Ψ)"),
     "mtp · (2h² + 3h + one layer of the last layer's kind); on the last stage, with one more logits GEMM",
     "DeepSeek-V3 (arXiv 2412.19437) §2.2; README_WEIGHTS.md @0b39205a (\"11.5B unique parameters\", embedding and head shared); Megatron-LM multi_token_prediction.py @d98e8a64; Megatron-Bridge flop_utils.py @067f987d",
     Unit::Count, kNone},
    {"speculative_tokens_per_step", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Tokens per target step (speculative decoding)"), "(1 − α^(k+1)) / (1 − α)",
     "Leviathan et al. 2023, Fast Inference from Transformers via Speculative Decoding (arXiv 2211.17192), eq. 1: α per draft token, i.i.d.; default α = 0.75 from its Table 3 (T5-XXL, T5-small draft, EnDe, greedy)", Unit::Count, kNone},
    {"speculative_verify_step", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Target verification step"), "engine step(batch sequences × (k + 1) rows, each sequence's KV read once)",
     "core/serving/stepcost.h with k + 1 rows per sequence (vLLM / SGLang verify the k drafts and the bonus token in one target forward)", Unit::Seconds, kNone},
    {"speculative_draft_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Drafting per target step"), "k · step of the drafter(batch rows)",
     "core/serving/stepcost.h on the drafter: a draft model's layers; an EAGLE head or MTP layer: one layer + the 2h→h projection + the target's LM head (SGLang eagle_worker.py shares the embedding and LM head)", Unit::Seconds, kNone},
    {"speculative_tpot", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Time per output token with speculation"), "(verify step + drafting) / tokens per step",
     "Leviathan et al. 2023 §3.4 (walltime improvement: (1 − α^(k+1)) / ((1 − α)(k·c + 1)), c = drafter cost / target step)", Unit::Seconds, kNone},
    {"draft_weights", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Speculative drafter weights"), "draft model: bytes · N_draft / t;  EAGLE / MTP: (one layer + 2h² projection) · bytes, sharing the target's embedding and head",
     "EAGLE (Li et al. 2024, arXiv 2401.15077) §4: one decoder layer and an FC layer; DeepSeek-V3 (arXiv 2412.19437) §2.2: an MTP module is a projection and one Transformer block, embedding and output head shared", Unit::Bytes, Component::DraftWeights},
    {"draft_kv_cache", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Drafter KV cache"), "drafter layers · per-token bytes · cached tokens · batch (from the engine's KV pool)",
     "vLLM V1 allocates the drafter's attention layers from the same KV cache pool as the target's (one KV cache spec for every layer)", Unit::Bytes, Component::DraftKvCache},
    {"prefix_cache_hit", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Prompt tokens prefill computes (prefix caching)"), "prompt − min(⌊hit · prompt / block⌋ · block, prompt − 1)",
     "vLLM automatic prefix caching: full blocks only, and at most prompt − 1 (\"we must recompute the last token to obtain logits\", vllm/v1/core/kv_cache_manager.py get_computed_blocks); SGLang RadixAttention likewise (max_prefix_len = input_len − 1). The cached blocks live in the same KV pool: no memory of their own", Unit::Tokens, kNone},
    {"bnb_retained_inputs", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "4-bit layer inputs the kept output holds (bitsandbytes < 0.43.2)"),
     "dense layers · 2·s·b·(2h/t_sp + (a·d + F)/t)",
     "bitsandbytes 0.42.0 autograd/_functions.py lines 522–523 (MatMul4Bit: ctx.tensors = (A, B), not save_for_backward; (None, B) since 9e75374, PR #1270, 0.43.2); PyTorch 6393ae1 python_function.cpp PyNode::release_variables frees saved_variables only; LitGPT 00af8b0 finetune/lora.py line 304 keeps `logits` until the next forward returns",
     Unit::Bytes, Component::LayerActivations},
    {"vision_tower", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Vision tower and projector parameters"),
     "3·f·p²·w (+ w) + positions·w + L_v·(4w² + 4w + ε·w·F_v + biases + 2 norms) + final norms + projector (w·m² → … → h)",
     "transformers modeling_siglip.py (Gemma 3), modeling_qwen2_5_vl.py (Qwen2.5-VL), modeling_llama4.py (Llama 4): patch embedding, learned positions, blocks with biases, pooling or merging, projector; core/model/visiontower.h", Unit::Count, kNone},
    {"image_tokens", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Image tokens in the decoder's sequence"), "images · tokens per image (tiles · (image/p)² / m², or as stated)",
     "vLLM gemma3_mm.py get_replacement (mm_tokens_per_image per image); transformers image_processing_qwen2_vl.py (grid / merge²); processing_llama4.py (144 per tile + separators)", Unit::Tokens, kNone},
    {"vision_flops", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Vision tower FLOPs per step"), "B · images · (2·S·(4w² + ε·w·F_v)·L_v + 4·S²·w·L_v + patches + projector) · (3 trained | 1 frozen)",
     "2 FLOPs per multiply-add over every block's matrices and its attention (Kaplan et al. 2020 §2.1: backward twice the forward); a frozen tower runs its forward only", Unit::Flops, kNone},
    {"vision_encoder_seconds", SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "Vision encoder per image (before its prefill)"), "(GEMM FLOPs / η_gemm + attention FLOPs / η_attn) / (t · 16-bit peak)",
     "vLLM gpu_model_runner.py _execute_mm_encoder: a request's images are encoded in the step that schedules their placeholder tokens, before the decoder's forward; the step-time model's GEMM and fused-attention figures (resources/steptime.json)", Unit::Seconds, kNone},
}};

std::string printf1(const char* fmt, double v, const char* unit)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v, unit);
    return buf;
}

} // namespace

const TermInfo& termInfo(Term term)
{
    return kTerms[std::size_t(term)];
}

TermSection termSection(Term term)
{
    switch (term) {
    case Term::ParamsEmbedding: case Term::ParamsAttention: case Term::ParamsMlp: case Term::ParamsNorms:
    case Term::ParamsPerLayer: case Term::ParamsOutput: case Term::ParamsTotal: case Term::ParamsActive: case Term::FamilyShape:
    case Term::MtpModules: case Term::VisionTower: case Term::ImageTokens:
        return TermSection::Model;
    case Term::StateBytesPerParameter: case Term::DataParallel: case Term::ZeroShards: case Term::MicroBatches:
    case Term::ExpertShards: case Term::ResidentParameters: case Term::StageLayers:
        return TermSection::Layout;
    case Term::Weights: case Term::Gradients: case Term::OptimizerStates: case Term::ModelStates: case Term::FrozenBase: case Term::AdapterStates:
    case Term::CpuOffload: case Term::PagedOptimizerStates: case Term::NvmeOffload:
        return TermSection::ModelStates;
    case Term::SavedTensor: case Term::LayerActivationsPerMicroBatch: case Term::InFlightMicroBatches: case Term::LayerActivations:
    case Term::EmbeddingActivations: case Term::OutputActivations: case Term::RecomputeWorkspace:
    case Term::ActivationGradients: case Term::LossWorkspace: case Term::BnbRetainedInputs:
        return TermSection::Activations;
    case Term::CommBuckets: case Term::Zero3GatherBuffers: case Term::CudaContext: case Term::Fragmentation:
    case Term::MoeDispatchBuffers: case Term::DequantWorkspace: case Term::OptimizerStepTemporaries: case Term::LibraryWorkspaces:
    case Term::NcclBuffers: case Term::CudaGraphPool:
        return TermSection::Buffers;
    case Term::AllocatedBytes: case Term::ReservedBytes: case Term::DeviceBytes: case Term::PeakMoment:
    case Term::AllocatedBand: case Term::ReservedBand: case Term::DeviceBand:
        return TermSection::Peak;
    case Term::ReferenceWeights: case Term::RewardWeights: case Term::CriticStates: case Term::CriticGradients:
    case Term::CriticOptimizerStates: case Term::RolloutWeights: case Term::RolloutKvCache:
        return TermSection::Roles;
    case Term::ModelFlopsPerIteration: case Term::HardwareFlopsPerIteration: case Term::Iterations: case Term::TotalModelFlops:
    case Term::PeakFlops: case Term::IterationSeconds: case Term::TrainingSeconds: case Term::GpuHours: case Term::Cost:
    case Term::BubbleFraction: case Term::RolloutSeconds:
    case Term::StepGemm: case Term::StepAttention: case Term::StepElementwise: case Term::StepOverhead: case Term::StepRecompute:
    case Term::StepBubble: case Term::StepOffload: case Term::StepOptimizer: case Term::StepModelSeconds: case Term::StepGpuFigures:
    case Term::StepConstant: case Term::StepSecondsBand:
    case Term::UsefulSeconds: case Term::Mtbi: case Term::CheckpointBytes: case Term::CheckpointWriteSeconds: case Term::CheckpointStall:
    case Term::RestartSeconds: case Term::CheckpointInterval: case Term::LostWorkPerInterruption: case Term::Goodput:
    case Term::VisionFlops:
        return TermSection::Compute;
    case Term::CommDataParallel: case Term::CommTensorParallel: case Term::CommPipelineParallel: case Term::CommContextParallel:
    case Term::CommExpertParallel: case Term::CommSecondsDataParallel: case Term::CommSecondsTensorParallel:
    case Term::CommSecondsPipelineParallel: case Term::CommSecondsContextParallel: case Term::CommSecondsExpertParallel:
    case Term::StepExposedDataParallel: case Term::StepExposedTensorParallel: case Term::StepExposedPipelineParallel:
    case Term::StepExposedContextParallel: case Term::StepExposedExpertParallel:
        return TermSection::Communication;
    case Term::ServingWeights: case Term::KvBytesPerToken: case Term::KvCache: case Term::InferenceWorkspace: case Term::MaxBatch:
    case Term::MaxContext: case Term::PrefillSeconds: case Term::DecodeStepSeconds: case Term::DecodeTokensPerSecond:
    case Term::ArithmeticIntensity: case Term::ItlSeconds: case Term::TtftSeconds: case Term::KvPoolReserve: case Term::RecurrentState: case Term::SparseAttention:
    case Term::DecodeStepBand: case Term::PrefillBand: case Term::OutputThroughputBand: case Term::KvPoolBand:
    case Term::SpeculativeTokensPerStep: case Term::SpeculativeVerifyStep: case Term::SpeculativeDraftSeconds:
    case Term::SpeculativeTpot: case Term::DraftWeights: case Term::DraftKvCache: case Term::PrefixCacheHit:
    case Term::VisionEncoderSeconds:
        return TermSection::Serving;
    case Term::Count: break;
    }
    return TermSection::Model;
}

std::string formatValue(double v, Unit unit)
{
    const double a = std::fabs(v);
    switch (unit) {
    case Unit::Bytes:
        if (a >= 1e12) return printf1("%.3g %s", v / 1e12, "TB");
        if (a >= 1e9) return printf1("%.3g %s", v / 1e9, "GB");
        if (a >= 1e6) return printf1("%.3g %s", v / 1e6, "MB");
        if (a >= 1e3) return printf1("%.3g %s", v / 1e3, "kB");
        return printf1("%.0f %s", v, "B");
    case Unit::BytesPerParameter: return printf1("%.4g %s", v, "B");
    case Unit::Flops: return printf1("%.3g %s", v, "FLOP");
    case Unit::FlopsPerSecond: return printf1("%.4g %s", v / 1e12, "TFLOP/s");
    case Unit::BytesPerSecond: return printf1("%.4g %s", v / 1e9, "GB/s");
    case Unit::Seconds:
        if (a >= 86400 * 2) return printf1("%.3g %s", v / 86400, "days");
        if (a >= 3600 * 2) return printf1("%.3g %s", v / 3600, "h");
        return printf1("%.3g %s", v, "s");
    case Unit::Hours: return printf1("%.4g %s", v, "GPU-h");
    case Unit::Days: return printf1("%.3g %s", v, "days");
    case Unit::Money: return printf1("$%.4g%s", v, "");
    case Unit::Fraction: return printf1("%.3g%s", v * 100, " %");
    case Unit::Tokens: return printf1("%.4g%s", v, "");
    case Unit::Count: {
        if (a != std::floor(a) || a >= 1e15)
            return printf1("%.4g%s", v, "");
        // Whole counts with thousands separators: 6,738,415,616 reads better than 6.738e+09.
        const std::string digits = printf1("%.0f%s", a, "");
        std::string out = v < 0 ? "-" : "";
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > 0 && (digits.size() - i) % 3 == 0)
                out.push_back(',');
            out.push_back(digits[i]);
        }
        return out;
    }
    }
    return printf1("%g%s", v, "");
}

std::string render(const WorkingLine& line)
{
    const TermInfo& info = termInfo(line.term);
    std::string out(line.detail.empty() ? info.title : line.detail);
    const std::string_view formula = line.formula.empty() ? info.formula : line.formula;
    if (!formula.empty()) {
        out += " = ";
        out += formula;
    }
    if (!line.substitutions.empty()) {
        out += "  with ";
        bool first = true;
        for (const Substitution& s : line.substitutions) {
            if (!first)
                out += ", ";
            first = false;
            out += s.symbol;
            out += " = ";
            out += formatValue(s.value, s.unit);
        }
    }
    out += "  → ";
    out += formatValue(line.value, info.unit);
    if (!info.source.empty()) {
        out += "  [";
        out += info.source;
        out += "]";
    }
    return out;
}

} // namespace core
