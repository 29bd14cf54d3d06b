#include "widgets/accuracy/regimetext.h"

#include <QCoreApplication>
#include <cmath>

#include "widgets/displayformat.h"

namespace RegimeText {

QString name(core::Regime r)
{
    using R = core::Regime;
    switch (r) {
    case R::A100: return QCoreApplication::translate("RegimeText", "A100");
    case R::Hopper: return QCoreApplication::translate("RegimeText", "Hopper");
    case R::Blackwell: return QCoreApplication::translate("RegimeText", "Blackwell");
    case R::Amd: return QCoreApplication::translate("RegimeText", "AMD");
    case R::Consumer: return QCoreApplication::translate("RegimeText", "workstation GPU");
    case R::OtherGpu: return QCoreApplication::translate("RegimeText", "other GPU");
    case R::Dense: return QCoreApplication::translate("RegimeText", "dense");
    case R::Moe: return QCoreApplication::translate("RegimeText", "MoE");
    case R::Small: return QCoreApplication::translate("RegimeText", "small (≤ 3B)");
    case R::Large: return QCoreApplication::translate("RegimeText", "large (≥ 100B)");
    case R::Fp8: return QCoreApplication::translate("RegimeText", "FP8");
    case R::Sixteen: return QCoreApplication::translate("RegimeText", "16-bit");
    case R::Training: return QCoreApplication::translate("RegimeText", "training");
    case R::FineTune: return QCoreApplication::translate("RegimeText", "fine-tuning");
    case R::Lora: return QCoreApplication::translate("RegimeText", "LoRA");
    case R::Qlora: return QCoreApplication::translate("RegimeText", "QLoRA");
    case R::Serving: return QCoreApplication::translate("RegimeText", "serving");
    case R::Megatron: return QCoreApplication::translate("RegimeText", "Megatron");
    case R::Fsdp: return QCoreApplication::translate("RegimeText", "FSDP");
    case R::DeepSpeed: return QCoreApplication::translate("RegimeText", "DeepSpeed");
    case R::Ddp: return QCoreApplication::translate("RegimeText", "DDP");
    case R::LongContext: return QCoreApplication::translate("RegimeText", "long context");
    case R::Pipeline: return QCoreApplication::translate("RegimeText", "pipeline");
    case R::TensorParallel: return QCoreApplication::translate("RegimeText", "tensor parallel");
    case R::ContextParallel: return QCoreApplication::translate("RegimeText", "context parallel");
    case R::ExpertParallel: return QCoreApplication::translate("RegimeText", "expert parallel");
    case R::Offload: return QCoreApplication::translate("RegimeText", "offload");
    case R::Vllm: return QCoreApplication::translate("RegimeText", "vLLM");
    case R::Sglang: return QCoreApplication::translate("RegimeText", "SGLang");
    case R::TensorRtLlm: return QCoreApplication::translate("RegimeText", "TensorRT-LLM");
    case R::LlamaCpp: return QCoreApplication::translate("RegimeText", "llama.cpp");
    case R::HfTransformers: return QCoreApplication::translate("RegimeText", "HF transformers");
    case R::Batch1: return QCoreApplication::translate("RegimeText", "batch 1");
    case R::HighConcurrency: return QCoreApplication::translate("RegimeText", "high concurrency");
    case R::QuantizedWeights: return QCoreApplication::translate("RegimeText", "quantized weights");
    case R::Compiled: return QCoreApplication::translate("RegimeText", "torch.compile");
    case R::Count: break;
    }
    return {};
}

QString signedPercent(double fraction)
{
    const QString p = DisplayFormat::percent(std::fabs(fraction), 1);
    return (fraction < 0 ? QStringLiteral("−") : QStringLiteral("+")) + p;
}

} // namespace RegimeText
