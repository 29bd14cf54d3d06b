#include "widgets/issuetext.h"

#include <QCoreApplication>
#include <QLocale>

#include "core/fields.h"
#include "widgets/displayformat.h"
#include "widgets/fieldtext.h"

namespace IssueText {

namespace {

QString num(double v)
{
    return QLocale().toString(v, 'g', 6);
}

QString gb(double bytes)
{
    return DisplayFormat::bytes(bytes, DisplayFormat::memoryUnit(), 1); // in View ▸ Units' unit
}

QString seconds(double s)
{
    return DisplayFormat::duration(s); // "90.0 s", "32.3 min"
}

/// core::CommDimension by index, as the sentences name it.
QString dimension(double index)
{
    static const char* const names[] = {QT_TRANSLATE_NOOP("IssueText", "data-parallel"), QT_TRANSLATE_NOOP("IssueText", "tensor-parallel"),
                                        QT_TRANSLATE_NOOP("IssueText", "pipeline"), QT_TRANSLATE_NOOP("IssueText", "context-parallel"),
                                        QT_TRANSLATE_NOOP("IssueText", "expert-parallel")};
    const int i = int(index);
    return i >= 0 && i < 5 ? QCoreApplication::translate("IssueText", names[i]) : QString();
}

// What a file's value should have been (core hints, English): "a whole number, got a string".
constexpr const char* kExpected[] = {
    QT_TRANSLATE_NOOP("IssueText", "a number"),
    QT_TRANSLATE_NOOP("IssueText", "a whole number"),
    QT_TRANSLATE_NOOP("IssueText", "a finite number"),
    QT_TRANSLATE_NOOP("IssueText", "true or false"),
    QT_TRANSLATE_NOOP("IssueText", "a string"),
    QT_TRANSLATE_NOOP("IssueText", "a boolean"),
    QT_TRANSLATE_NOOP("IssueText", "an array"),
    QT_TRANSLATE_NOOP("IssueText", "an object"),
    QT_TRANSLATE_NOOP("IssueText", "null"),
    QT_TRANSLATE_NOOP("IssueText", "a JSON object"),
    QT_TRANSLATE_NOOP("IssueText", "a model section with a preset, an architecture or a parameter count"),
    QT_TRANSLATE_NOOP("IssueText", "a preset, an architecture (num_layers, hidden_size, …) or parameters"),
    QT_TRANSLATE_NOOP("IssueText", "an array such as [\"q\", \"k\", \"v\", \"o\"]"),
    QT_TRANSLATE_NOOP("IssueText", "a GPU preset id or an object"),
    QT_TRANSLATE_NOOP("IssueText", "an object of TFLOP/s by dtype"),
};

QString expectedText(std::string_view hint)
{
    for (const char* e : kExpected)
        if (hint == e)
            return QCoreApplication::translate("IssueText", e);
    return QString::fromUtf8(hint.data(), qsizetype(hint.size()));
}

/// The reasons a file could not be read (core hints are English; their known forms are translated).
QString fileReason(const core::Issue& i)
{
    using C = core::IssueCode;
    const std::string& hint = i.hint;
    switch (i.code) {
    //: %1 = the JSON parser's own message (English)
    case C::MalformedJson: return QCoreApplication::translate("IssueText", "not valid JSON: %1").arg(QString::fromStdString(hint));
    case C::WrongType: {
        if (hint.rfind("this key", 0) == 0)
            return QCoreApplication::translate("IssueText", "missing: the model's size cannot be known without it");
        if (hint == "\"schema_version\": 1")
            return QCoreApplication::translate("IssueText", "missing: a scenario file starts with \"schema_version\": 1");
        const std::size_t got = hint.find(", got ");
        if (got != std::string::npos)
            //: %1 = what was expected, %2 = what the file has (e.g. "a whole number", "a string")
            return QCoreApplication::translate("IssueText", "expected %1, got %2")
                .arg(expectedText(std::string_view(hint).substr(0, got)), expectedText(std::string_view(hint).substr(got + 6)));
        //: %1 = what was expected, e.g. "an object"
        return QCoreApplication::translate("IssueText", "expected %1").arg(expectedText(hint));
    }
    //: %1 = the value given
    case C::NotAnInteger: return QCoreApplication::translate("IssueText", "expected a whole number, got %1").arg(num(i.a));
    //: %1 = the preset id given
    case C::UnknownPreset: return QCoreApplication::translate("IssueText", "no preset named “%1”").arg(QString::fromStdString(hint));
    case C::UnknownValue:
        if (hint.rfind("a regular pattern", 0) == 0)
            return QCoreApplication::translate("IssueText", "only a regular pattern is modelled: the listed dense layers are counted as MoE layers");
        if (hint.rfind("the main model only", 0) == 0)
            return QCoreApplication::translate("IssueText", "only the main model is counted, not its multi-token-prediction module");
        //: %1 = the accepted values
        return QCoreApplication::translate("IssueText", "expected one of %1").arg(QString::fromStdString(hint));
    //: %1 = the version in the file
    case C::UnsupportedSchemaVersion: return QCoreApplication::translate("IssueText", "schema_version %1 is not supported (this version reads 1)").arg(num(i.a));
    //: %1 = the --set argument
    case C::MalformedOverride: return QCoreApplication::translate("IssueText", "expected section.key=value, got “%1”").arg(QString::fromStdString(hint));
    case C::UnknownKey:
        if (hint.empty())
            return QCoreApplication::translate("IssueText", "unknown key, ignored");
        //: %1 = the known key that was probably meant
        return QCoreApplication::translate("IssueText", "unknown key, ignored (did you mean “%1”?)").arg(QString::fromStdString(hint));
    default: break;
    }
    return {};
}

} // namespace

QString keyLabel(const char* key)
{
    if (!key || !*key)
        return {};
    if (const std::optional<core::Field> field = core::findField(key))
        return FieldText::label(*field);
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
        return QCoreApplication::translate("IssueText", "%1 layers do not split evenly over %2 stages: %3 middle stages get one extra layer").arg(num(i.a), num(i.b), num(i.c));
    //: %1 = ZeRO stage
    case C::FrameworkZeroStage:
        return QCoreApplication::translate("IssueText", "this framework has no ZeRO stage %1 (FSDP2: 0, 2 or 3; DDP: 0 or 1)").arg(num(i.a));
    //: %1 = layers on the first stage, %2 = on the last, %3 = layers of the model
    case C::StageLayersInvalid:
        return QCoreApplication::translate("IssueText", "first stage %1 + last stage %2 layers leave no whole split of the %3 layers over the other stages").arg(num(i.a), num(i.b), num(i.c));
    //: %1 = pipeline stage, %2 = KV cache the batch needs, %3 = the engine's KV pool
    case C::KvPoolTooSmall:
        return QCoreApplication::translate("IssueText", "stage %1: the batch needs %2 of KV cache per GPU, the engine's pool holds %3: it runs fewer sequences at once").arg(num(i.a), gb(i.b), gb(i.c));
    //: %1 = rank group, %2 = bytes over capacity, %3 = paged optimizer states
    case C::PagedOptimizerEvicts:
        return QCoreApplication::translate("IssueText", "rank group %1 is %2 over capacity: the paged optimizer moves up to %3 of its states to CPU memory").arg(num(i.a), gb(i.b), gb(i.c));
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
        return QCoreApplication::translate("IssueText", "rank group %1: the model states alone need %2 per GPU, more than its %3").arg(num(i.a), gb(i.b), gb(i.c));
    case C::WeightsExceedCapacity:
        //: serving; %1 = rank group number, %2 = weight memory, %3 = capacity
        return QCoreApplication::translate("IssueText", "rank group %1: the weights alone need %2 per GPU, more than its %3").arg(num(i.a), gb(i.b), gb(i.c));
    //: %1 = MFU in percent
    case C::MfuUnrealistic: return QCoreApplication::translate("IssueText", "MFU %1 % is above what large training runs reach (35–55 %)").arg(num(i.a * 100));
    //: %1 = overhead factor
    case C::OverheadBelowOne: return QCoreApplication::translate("IssueText", "overhead factor %1 is below 1").arg(num(i.a));
    case C::TrainTokensZero: return QCoreApplication::translate("IssueText", "no training tokens: time and cost are zero");
    //: %1 = sequence length, %2 = the model's positions
    case C::SequenceLongerThanPositions: return QCoreApplication::translate("IssueText", "sequence length %1 exceeds the model's %2 positions").arg(num(i.a), num(i.b));
    //: %1 = experts per token, %2 = experts
    case C::TopKExceedsExperts: return QCoreApplication::translate("IssueText", "top-k = %1 routes each token to more experts than the %2 there are").arg(num(i.a), num(i.b));
    //: %1 = EP, %2 = experts
    case C::ExpertNotDividingExperts: return QCoreApplication::translate("IssueText", "EP = %1 does not divide the %2 experts").arg(num(i.a), num(i.b));
    case C::ExpertLayoutNotDividingGpus:
        //: %1 = PP × EP × expert TP, %2 = GPUs
        return QCoreApplication::translate("IssueText", "PP × EP × expert TP = %1 does not divide the %2 GPUs, so no whole expert-data-parallel degree exists").arg(num(i.a), num(i.b));
    case C::QuantGroupLargerThanRow:
        //: %1 = group size, %2 = row length
        return QCoreApplication::translate("IssueText", "a quantization group of %1 values is larger than a weight row (%2 values)").arg(num(i.a), num(i.b));
    case C::KvHeadsNotDividingTensor:
        //: %1 = TP, %2 = KV heads
        return QCoreApplication::translate("IssueText", "TP = %1 neither divides the %2 KV heads nor is a multiple of them").arg(num(i.a), num(i.b));
    case C::ContextLongerThanModel:
        //: %1 = context length, %2 = the model's positions
        return QCoreApplication::translate("IssueText", "a context of %1 tokens is longer than the model's %2 positions: quality is not guaranteed").arg(num(i.a), num(i.b));
    case C::KvHeadsReplicated:
        //: %1 = KV heads, %2 = TP
        return QCoreApplication::translate("IssueText", "%1 KV heads over TP = %2: each rank keeps a copy of one KV head (the cache does not shrink with TP)").arg(num(i.a), num(i.b));
    //: %1 = EP
    case C::ExpertParallelWithoutExperts: return QCoreApplication::translate("IssueText", "EP = %1 has no effect on a dense model").arg(num(i.a));
    case C::ContextParallelInServing: return QCoreApplication::translate("IssueText", "context parallelism is not modelled for serving; CP is ignored");
    case C::RolloutReservationTooSmall:
        //: %1 = memory the rollout engine reserves, %2 = its weights
        return QCoreApplication::translate("IssueText", "the rollout engine reserves %1 per GPU, less than its own weights (%2): no room for a KV cache").arg(gb(i.a), gb(i.b));
    case C::RolloutKvInsufficient:
        //: %1 = KV cache needed, %2 = KV cache reserved
        return QCoreApplication::translate("IssueText", "the rollout batch needs %1 of KV cache per GPU but the engine reserves %2: it runs fewer sequences at once").arg(gb(i.a), gb(i.b));
    case C::SequenceShorterThanRollout:
        //: %1 = training sequence length, %2 = prompt + new tokens
        return QCoreApplication::translate("IssueText", "training sequence %1 is shorter than prompt + new tokens = %2: responses would be truncated").arg(num(i.a), num(i.b));
    case C::CommunicationExceedsCompute:
        //: %1 = a parallel dimension ("data-parallel"), %2 = its communication seconds per step, %3 = computation seconds per step
        return QCoreApplication::translate("IssueText", "the %1 communication takes %2 per step, longer than the %3 of computation: overlap cannot hide it, so training is slower than the MFU says (faster links, or keep this group inside a node)")
            .arg(dimension(i.a), seconds(i.b), seconds(i.c));
    case C::LinkBandwidthUnknown:
        //: %1 = a parallel dimension ("data-parallel")
        return QCoreApplication::translate("IssueText", "the GPU has no bandwidth for the link the %1 group uses: its communication time is not estimated").arg(dimension(i.a));
    default: break;
    }
    if (const QString text = fileReason(i); !text.isEmpty())
        return text;
    // Codes the core adds later: its English text until they are given a translation here.
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
