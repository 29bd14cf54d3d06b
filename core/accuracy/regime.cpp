#include "core/accuracy/regime.h"

#include <array>

namespace core {

namespace {

struct RegimeName
{
    Regime regime;
    std::string_view name;
};

// The stable ids first (regimeName returns them), then the spellings corpus files use.
constexpr RegimeName kNames[] = {
    {Regime::A100, "a100"}, {Regime::Hopper, "hopper"}, {Regime::Blackwell, "blackwell"}, {Regime::Amd, "amd"},
    {Regime::Consumer, "consumer"}, {Regime::OtherGpu, "other_gpu"}, {Regime::Dense, "dense"}, {Regime::Moe, "moe"},
    {Regime::Small, "small"}, {Regime::Large, "large"}, {Regime::Fp8, "fp8"}, {Regime::Sixteen, "bf16"},
    {Regime::Training, "training"}, {Regime::FineTune, "finetune"}, {Regime::Lora, "lora"}, {Regime::Qlora, "qlora"},
    {Regime::Serving, "serving"}, {Regime::Megatron, "megatron"}, {Regime::Fsdp, "fsdp"}, {Regime::DeepSpeed, "deepspeed"},
    {Regime::Ddp, "ddp"}, {Regime::LongContext, "long_context"}, {Regime::Pipeline, "pp"}, {Regime::TensorParallel, "tp"},
    {Regime::ContextParallel, "cp"}, {Regime::ExpertParallel, "ep"}, {Regime::Offload, "offload"}, {Regime::Vllm, "vllm"},
    {Regime::Sglang, "sglang"}, {Regime::TensorRtLlm, "trtllm"}, {Regime::LlamaCpp, "llamacpp"},
    {Regime::HfTransformers, "hf"}, {Regime::Batch1, "batch1"}, {Regime::HighConcurrency, "high_concurrency"},
    {Regime::QuantizedWeights, "quantized_weights"}, {Regime::Compiled, "compiled"},
    // other spellings
    {Regime::Hopper, "h100"}, {Regime::Hopper, "h200"}, {Regime::Hopper, "h800"}, {Regime::Hopper, "h20"},
    {Regime::Blackwell, "b200"}, {Regime::Blackwell, "gb200"}, {Regime::Blackwell, "b300"}, {Regime::Blackwell, "gb300"},
    {Regime::Amd, "mi300x"}, {Regime::Amd, "mi325x"}, {Regime::Amd, "mi355x"}, {Regime::Consumer, "rtx4090"},
    {Regime::Consumer, "rtx3090"}, {Regime::Consumer, "rtx5090"}, {Regime::Consumer, "l40s"}, {Regime::Consumer, "l4"},
    {Regime::Consumer, "a10"}, {Regime::Consumer, "t4"}, {Regime::OtherGpu, "v100"}, {Regime::Sixteen, "fp16"},
    {Regime::Sixteen, "sixteen"}, {Regime::Fp8, "mxfp8"}, {Regime::Fsdp, "fsdp1"}, {Regime::Fsdp, "fsdp2"},
    {Regime::Fsdp, "torchtitan"}, {Regime::Megatron, "nemo"}, {Regime::Megatron, "megatron_bridge"},
    {Regime::LongContext, "long-context"}, {Regime::HighConcurrency, "high-concurrency"},
    {Regime::QuantizedWeights, "quantized-weights"}, {Regime::QuantizedWeights, "int8"}, {Regime::QuantizedWeights, "int4"},
    {Regime::TensorRtLlm, "tensorrt_llm"}, {Regime::LlamaCpp, "llama_cpp"}, {Regime::HfTransformers, "hf_transformers"},
    {Regime::Serving, "inference"}, {Regime::Training, "train"}, {Regime::Batch1, "batch-1"},
};

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

Regime gpuRegime(const GpuSpec& gpu)
{
    const std::string_view id = gpu.preset;
    if (startsWith(id, "a100"))
        return Regime::A100;
    if (startsWith(id, "h100") || startsWith(id, "h200") || startsWith(id, "h800") || id == "h20")
        return Regime::Hopper;
    if (startsWith(id, "b200") || startsWith(id, "gb200") || startsWith(id, "b300") || startsWith(id, "gb300"))
        return Regime::Blackwell;
    if (startsWith(id, "mi"))
        return Regime::Amd;
    if (startsWith(id, "rtx") || startsWith(id, "l40") || id == "l4" || id == "a10" || id == "t4")
        return Regime::Consumer;
    return Regime::OtherGpu;
}

bool quantized(WeightFormat f) { return f == WeightFormat::Int8 || f == WeightFormat::Int4 || f == WeightFormat::Nf4; } // FP8 is its own regime

// Band priorities: the regimes whose mechanisms the model handles worst come first, so a
// scenario in several (an FP8 MoE on Blackwell) takes the band of the hardest one with rows.
constexpr Regime kStepPriority[] = {Regime::Moe, Regime::LongContext, Regime::Blackwell, Regime::Fp8, Regime::Small,
                                    Regime::Amd, Regime::Fsdp, Regime::DeepSpeed, Regime::A100, Regime::Megatron,
                                    Regime::Hopper, Regime::Dense};
constexpr Regime kMemoryPriority[] = {Regime::Vllm, Regime::Sglang, Regime::LlamaCpp, Regime::HfTransformers,
                                      Regime::TensorRtLlm, Regime::Qlora, Regime::Lora, Regime::Moe, Regime::Fsdp,
                                      Regime::DeepSpeed, Regime::Ddp, Regime::Megatron, Regime::Training, Regime::Serving};
constexpr Regime kServingPriority[] = {Regime::Moe, Regime::QuantizedWeights, Regime::LlamaCpp, Regime::Batch1,
                                       Regime::HighConcurrency, Regime::TensorParallel, Regime::Vllm, Regime::Sglang,
                                       Regime::TensorRtLlm, Regime::Consumer, Regime::A100, Regime::Hopper};

} // namespace

std::string_view regimeName(Regime r)
{
    for (const RegimeName& n : kNames)
        if (n.regime == r)
            return n.name;
    return "";
}

std::optional<Regime> regimeFromName(std::string_view name)
{
    for (const RegimeName& n : kNames)
        if (n.name == name)
            return n.regime;
    return std::nullopt;
}

std::uint64_t regimesOf(const Scenario& s, double parameters)
{
    std::uint64_t m = regimeBit(gpuRegime(s.hardware.gpu));
    m |= regimeBit(s.model.isMoE() ? Regime::Moe : Regime::Dense);
    if (parameters > 0 && parameters <= 3.5e9) // "≤ 3B" as the regimes: Llama 3.2 3B (3.2e9) is small
        m |= regimeBit(Regime::Small);
    if (parameters >= 1e11)
        m |= regimeBit(Regime::Large);
    const ParallelLayout& p = s.parallel;
    if (s.mode == Mode::Inference) {
        m |= regimeBit(Regime::Serving);
        const InferenceSetup& in = s.inference;
        switch (in.engine) {
        case ServingEngine::Vllm: m |= regimeBit(Regime::Vllm); break;
        case ServingEngine::Sglang: m |= regimeBit(Regime::Sglang); break;
        case ServingEngine::HfTransformers: m |= regimeBit(Regime::HfTransformers); break;
        case ServingEngine::LlamaCpp: m |= regimeBit(Regime::LlamaCpp); break;
        case ServingEngine::TensorRtLlm: m |= regimeBit(Regime::TensorRtLlm); break;
        }
        if (in.batchSize == 1)
            m |= regimeBit(Regime::Batch1);
        if (in.batchSize >= 32)
            m |= regimeBit(Regime::HighConcurrency);
        if (quantized(in.weights.format))
            m |= regimeBit(Regime::QuantizedWeights);
        m |= regimeBit(in.weights.format == WeightFormat::Fp8 ? Regime::Fp8 : Regime::Sixteen);
        if (in.context() >= 16384)
            m |= regimeBit(Regime::LongContext);
    } else {
        m |= regimeBit(s.mode == Mode::Train ? Regime::Training : Regime::FineTune);
        if (s.mode == Mode::FineTune && s.finetune.method == FineTuneMethod::LoRA)
            m |= regimeBit(Regime::Lora);
        if (s.mode == Mode::FineTune && s.finetune.method == FineTuneMethod::QLoRA)
            m |= regimeBit(Regime::Qlora);
        const TrainingSetup& t = s.training;
        switch (t.framework) {
        case Framework::Megatron: m |= regimeBit(Regime::Megatron); break;
        case Framework::DeepSpeed: m |= regimeBit(Regime::DeepSpeed); break;
        case Framework::Fsdp2: m |= regimeBit(Regime::Fsdp); break;
        case Framework::Ddp: m |= regimeBit(Regime::Ddp); break;
        }
        m |= regimeBit(t.precision == PrecisionRecipe::Fp8Mixed ? Regime::Fp8 : Regime::Sixteen);
        if (t.seqLength >= 16384 || p.context > 1)
            m |= regimeBit(Regime::LongContext);
        if (p.context > 1)
            m |= regimeBit(Regime::ContextParallel);
        if (p.pipeline > 1)
            m |= regimeBit(Regime::Pipeline);
        if (s.model.isMoE() && p.expert > 1)
            m |= regimeBit(Regime::ExpertParallel);
        if (t.offloadOptimizer || t.offloadParameters)
            m |= regimeBit(Regime::Offload);
    }
    if (p.tensor > 1)
        m |= regimeBit(Regime::TensorParallel);
    return m;
}

std::span<const Regime> bandPriority(CorpusKind kind)
{
    switch (kind) {
    case CorpusKind::StepTime: return kStepPriority;
    case CorpusKind::Memory: return kMemoryPriority;
    case CorpusKind::Serving: return kServingPriority;
    case CorpusKind::Count: break;
    }
    return {};
}

} // namespace core
