#include "widgets/issuetext.h"

#include <QCoreApplication>
#include <QLocale>
#include <cstring>

namespace IssueText {

namespace {

QString num(double v)
{
    return QLocale().toString(v, 'g', 6);
}

QString gb(double bytes)
{
    //: %1 = gigabytes (decimal)
    return QCoreApplication::translate("IssueText", "%1 GB").arg(QLocale().toString(bytes / 1e9, 'f', 1));
}

struct KeyLabel
{
    const char* key;
    const char* label;
};

constexpr KeyLabel kKeys[] = {
    {"model", QT_TRANSLATE_NOOP("IssueText", "Model")},
    {"model.parameters", QT_TRANSLATE_NOOP("IssueText", "Model size")},
    {"model.num_layers", QT_TRANSLATE_NOOP("IssueText", "Layers")},
    {"model.hidden_size", QT_TRANSLATE_NOOP("IssueText", "Hidden size")},
    {"model.ffn_hidden_size", QT_TRANSLATE_NOOP("IssueText", "FFN size")},
    {"model.num_attention_heads", QT_TRANSLATE_NOOP("IssueText", "Attention heads")},
    {"model.num_query_groups", QT_TRANSLATE_NOOP("IssueText", "KV heads")},
    {"model.vocab_size", QT_TRANSLATE_NOOP("IssueText", "Vocabulary")},
    {"training.seq_length", QT_TRANSLATE_NOOP("IssueText", "Sequence length")},
    {"training.micro_batch_size", QT_TRANSLATE_NOOP("IssueText", "Micro-batch")},
    {"training.global_batch_size", QT_TRANSLATE_NOOP("IssueText", "Global batch")},
    {"training.train_tokens", QT_TRANSLATE_NOOP("IssueText", "Training tokens")},
    {"training.zero_stage", QT_TRANSLATE_NOOP("IssueText", "ZeRO stage")},
    {"training.offload_optimizer", QT_TRANSLATE_NOOP("IssueText", "Offload optimizer")},
    {"training.offload_parameters", QT_TRANSLATE_NOOP("IssueText", "Offload parameters")},
    {"training.precision", QT_TRANSLATE_NOOP("IssueText", "Precision")},
    {"training.recompute", QT_TRANSLATE_NOOP("IssueText", "Recompute")},
    {"training.flash_attention", QT_TRANSLATE_NOOP("IssueText", "FlashAttention")},
    {"parallel.gpus", QT_TRANSLATE_NOOP("IssueText", "GPUs")},
    {"parallel.gpus_per_node", QT_TRANSLATE_NOOP("IssueText", "GPUs per node")},
    {"parallel.tensor", QT_TRANSLATE_NOOP("IssueText", "Tensor parallel (TP)")},
    {"parallel.pipeline", QT_TRANSLATE_NOOP("IssueText", "Pipeline parallel (PP)")},
    {"parallel.virtual_pipeline", QT_TRANSLATE_NOOP("IssueText", "Virtual stages")},
    {"parallel.context", QT_TRANSLATE_NOOP("IssueText", "Context parallel (CP)")},
    {"parallel.sequence_parallel", QT_TRANSLATE_NOOP("IssueText", "Sequence parallel")},
    {"hardware.gpu", QT_TRANSLATE_NOOP("IssueText", "GPU")},
    {"hardware.mfu", QT_TRANSLATE_NOOP("IssueText", "MFU")},
    {"hardware.price_per_gpu_hour", QT_TRANSLATE_NOOP("IssueText", "Price")},
    {"hardware.overhead_factor", QT_TRANSLATE_NOOP("IssueText", "Overhead factor")},
};

} // namespace

QString keyLabel(const char* key)
{
    if (!key || !*key)
        return {};
    for (const KeyLabel& k : kKeys)
        if (std::strcmp(k.key, key) == 0)
            return QCoreApplication::translate("IssueText", k.label);
    return QString::fromUtf8(key);
}

QString reason(const core::Issue& i)
{
    using C = core::IssueCode;
    switch (i.code) {
    //: %1 = the value given
    case C::NotPositive: return QCoreApplication::translate("IssueText", "must be at least 1, got %1").arg(num(i.a));
    //: %1 = the value given
    case C::Negative: return QCoreApplication::translate("IssueText", "must not be negative, got %1").arg(num(i.a));
    //: %1 = minimum, %2 = maximum, %3 = the value given
    case C::OutOfRange: return QCoreApplication::translate("IssueText", "must be between %1 and %2, got %3").arg(num(i.b), num(i.c), num(i.a));
    //: %1 = the value given, %2 = the largest accepted value
    case C::TooLarge: return QCoreApplication::translate("IssueText", "%1 is more than ShardScope accepts (at most %2)").arg(num(i.a), num(i.b));
    case C::ModelParallelNotDividingGpus:
        //: %1 = TP × PP × CP, %2 = number of GPUs
        return QCoreApplication::translate("IssueText", "TP × PP × CP = %1 does not divide the %2 GPUs, so no whole data-parallel degree exists").arg(num(i.a), num(i.b));
    //: %1 = TP, %2 = attention heads
    case C::TensorNotDividingHeads: return QCoreApplication::translate("IssueText", "TP = %1 does not divide the %2 attention heads").arg(num(i.a), num(i.b));
    //: %1 = TP, %2 = KV heads
    case C::TensorNotDividingKvHeads: return QCoreApplication::translate("IssueText", "TP = %1 does not divide the %2 KV heads").arg(num(i.a), num(i.b));
    //: %1 = KV heads, %2 = attention heads
    case C::KvHeadsNotDividingHeads: return QCoreApplication::translate("IssueText", "%1 KV heads do not divide the %2 attention heads").arg(num(i.a), num(i.b));
    //: %1 = hidden size, %2 = attention heads
    case C::HiddenNotDividingHeads: return QCoreApplication::translate("IssueText", "hidden size %1 is not a multiple of the %2 heads").arg(num(i.a), num(i.b));
    //: %1 = PP, %2 = layers
    case C::PipelineDeeperThanLayers: return QCoreApplication::translate("IssueText", "PP = %1 stages for only %2 layers: some stages would be empty").arg(num(i.a), num(i.b));
    case C::VirtualStagesNotDividingLayers:
        //: %1 = PP × virtual stages, %2 = layers
        return QCoreApplication::translate("IssueText", "PP × virtual stages = %1 does not divide the %2 layers").arg(num(i.a), num(i.b));
    //: %1 = virtual stages
    case C::VirtualPipelineNeedsPipeline: return QCoreApplication::translate("IssueText", "%1 virtual stages need pipeline parallelism (PP > 1)").arg(num(i.a));
    //: %1 = CP, %2 = sequence length
    case C::ContextNotDividingSequence: return QCoreApplication::translate("IssueText", "CP = %1 does not divide the sequence length %2").arg(num(i.a), num(i.b));
    //: %1 = global batch, %2 = micro-batch × DP
    case C::GlobalBatchNotDivisible: return QCoreApplication::translate("IssueText", "global batch %1 is not a multiple of micro-batch × DP = %2").arg(num(i.a), num(i.b));
    //: %1 = ZeRO stage
    case C::OffloadParametersNeedsZero3: return QCoreApplication::translate("IssueText", "offloading parameters needs ZeRO stage 3 (stage is %1)").arg(num(i.a));
    case C::OffloadNeedsZero: return QCoreApplication::translate("IssueText", "offloading the optimizer needs ZeRO stage 1, 2 or 3");
    case C::NoGpuMemory: return QCoreApplication::translate("IssueText", "the GPU has no memory size");
    case C::NoPeakThroughput: return QCoreApplication::translate("IssueText", "the GPU has no peak throughput for this precision");
    case C::UnevenPipelineSplit:
        //: %1 = layers, %2 = PP, %3 = stages with one extra layer
        return QCoreApplication::translate("IssueText", "%1 layers do not split evenly over %2 stages: the first %3 get one extra layer").arg(num(i.a), num(i.b), num(i.c));
    case C::SequenceParallelWithoutTensor: return QCoreApplication::translate("IssueText", "sequence parallelism has no effect without tensor parallelism");
    //: %1 = TP, %2 = GPUs per node
    case C::TensorAcrossNodes: return QCoreApplication::translate("IssueText", "TP = %1 spans more than one node of %2 GPUs: its all-reduces leave NVLink").arg(num(i.a), num(i.b));
    case C::FewMicroBatches:
        //: %1 = micro-batches per step, %2 = PP
        return QCoreApplication::translate("IssueText", "only %1 micro-batches per step for %2 pipeline stages: the bubble dominates").arg(num(i.a), num(i.b));
    case C::InterleavedMicroBatches:
        //: %1 = micro-batches, %2 = PP
        return QCoreApplication::translate("IssueText", "%1 micro-batches is not a multiple of PP = %2, which the interleaved schedule expects").arg(num(i.a), num(i.b));
    case C::NoBf16FallbackFp16: return QCoreApplication::translate("IssueText", "this GPU has no BF16 tensor cores: the FP16 peak is used");
    case C::NoFp8FallbackBf16: return QCoreApplication::translate("IssueText", "this GPU has no FP8 tensor cores: the BF16 peak is used");
    case C::ContextParallelWithoutFlash: return QCoreApplication::translate("IssueText", "context parallelism without FlashAttention counts the score blocks in full");
    //: %1 = sequence length, %2 = 2 × CP
    case C::ContextParallelImbalance: return QCoreApplication::translate("IssueText", "sequence %1 is not a multiple of 2 × CP = %2: causal load balancing is uneven").arg(num(i.b), num(2 * i.a));
    //: %1 = hidden size, %2 = layers of the assumed shape
    case C::ParameterCountOnly: return QCoreApplication::translate("IssueText", "only a parameter count is known: activations assume the family shape h = %1, L = %2").arg(num(i.a), num(i.b));
    //: %1 = given parameters, %2 = counted parameters
    case C::ArchitectureCountMismatch: return QCoreApplication::translate("IssueText", "the given %1 parameters differ from the %2 the architecture has").arg(num(i.a), num(i.b));
    //: %1 = rank group number, %2 = memory needed, %3 = capacity
    case C::DoesNotFit: return QCoreApplication::translate("IssueText", "rank group %1 needs %2 per GPU but has %3").arg(num(i.a), gb(i.b), gb(i.c));
    case C::ModelStatesExceedCapacity:
        //: %1 = rank group number, %2 = model-state memory, %3 = capacity
        return QCoreApplication::translate("IssueText", "rank group %1: the model states alone need %2 per GPU, more than its %3; shard further or offload").arg(num(i.a), gb(i.b), gb(i.c));
    //: %1 = MFU in percent
    case C::MfuUnrealistic: return QCoreApplication::translate("IssueText", "MFU %1 % is above what large training runs reach (35–55 %)").arg(num(i.a * 100));
    //: %1 = overhead factor
    case C::OverheadBelowOne: return QCoreApplication::translate("IssueText", "overhead factor %1 is below 1").arg(num(i.a));
    case C::TrainTokensZero: return QCoreApplication::translate("IssueText", "no training tokens: time and cost are zero");
    //: %1 = sequence length, %2 = the model's positions
    case C::SequenceLongerThanPositions: return QCoreApplication::translate("IssueText", "sequence length %1 exceeds the model's %2 positions").arg(num(i.a), num(i.b));
    default: break;
    }
    // Codes about reading files (and any the core adds later): the core's English text.
    return QString::fromStdString(core::describe(i));
}

QString message(const core::Issue& issue)
{
    const QString label = !issue.path.empty() ? QString::fromStdString(issue.path) : keyLabel(issue.key);
    const QString text = reason(issue);
    if (label.isEmpty() || text.startsWith(QString::fromStdString(issue.path.empty() ? std::string(issue.key) : issue.path)))
        return text;
    //: %1 = the setting, %2 = what is wrong with it
    return QCoreApplication::translate("IssueText", "%1: %2").arg(label, text);
}

QStringList messages(const std::vector<core::Issue>& issues, core::Severity severity)
{
    QStringList out;
    for (const core::Issue& i : issues)
        if (i.severity == severity)
            out << message(i);
    return out;
}

} // namespace IssueText
