#include "widgets/step/calibrationtext.h"

#include <QCoreApplication>

namespace CalibrationText {

QString quantityName(core::MeasuredQuantity q)
{
    using Q = core::MeasuredQuantity;
    switch (q) {
    case Q::Allocated: return QCoreApplication::translate("CalibrationText", "Allocated between steps (memory_allocated)");
    case Q::MaxAllocated: return QCoreApplication::translate("CalibrationText", "Peak allocated (max_memory_allocated)");
    case Q::Reserved: return QCoreApplication::translate("CalibrationText", "Reserved (memory_reserved)");
    case Q::MaxReserved: return QCoreApplication::translate("CalibrationText", "Peak reserved (max_memory_reserved)");
    case Q::DeviceUsed: return QCoreApplication::translate("CalibrationText", "Device used (nvidia-smi)");
    case Q::DeviceTotal: return QCoreApplication::translate("CalibrationText", "Device total (nvidia-smi)");
    case Q::Weights: return QCoreApplication::translate("CalibrationText", "Weights");
    case Q::KvCache: return QCoreApplication::translate("CalibrationText", "KV cache");
    case Q::ActivationPeak: return QCoreApplication::translate("CalibrationText", "Activation peak / compute buffer");
    case Q::CudaGraphs: return QCoreApplication::translate("CalibrationText", "CUDA graphs");
    case Q::NonTorch: return QCoreApplication::translate("CalibrationText", "Outside PyTorch (non-torch)");
    case Q::OutputBuffer: return QCoreApplication::translate("CalibrationText", "Output buffer (logits)");
    case Q::KvCacheTokens: return QCoreApplication::translate("CalibrationText", "KV cache tokens");
    case Q::KvCacheBlocks: return QCoreApplication::translate("CalibrationText", "KV cache blocks");
    case Q::Count: break;
    }
    return {};
}

QString formatName(core::LogFormat f)
{
    switch (f) {
    case core::LogFormat::Megatron: return QCoreApplication::translate("CalibrationText", "Megatron-LM");
    case core::LogFormat::TorchSummary: return QCoreApplication::translate("CalibrationText", "torch.cuda.memory_summary()");
    case core::LogFormat::TorchCounters: return QCoreApplication::translate("CalibrationText", "torch.cuda counters");
    case core::LogFormat::NvidiaSmi: return QCoreApplication::translate("CalibrationText", "nvidia-smi");
    case core::LogFormat::Vllm: return QCoreApplication::translate("CalibrationText", "vLLM");
    case core::LogFormat::LlamaCpp: return QCoreApplication::translate("CalibrationText", "llama.cpp");
    case core::LogFormat::Count: break;
    }
    return {};
}

QString issueMessage(const core::LogIssue& i)
{
    const QString key = QString::fromStdString(i.key);
    const QString text = QString::fromStdString(i.text);
    const QString line = QCoreApplication::translate("CalibrationText", "Line %1: ").arg(i.line);
    switch (i.code) {
    case core::LogIssueCode::Empty: return QCoreApplication::translate("CalibrationText", "Nothing pasted yet: paste a log or open a file.");
    case core::LogIssueCode::NothingRecognised:
        return QCoreApplication::translate("CalibrationText", "No line is in a format ShardScope reads (Megatron's memory line, torch.cuda.memory_summary(), "
                  "max_memory_allocated / max_memory_reserved, nvidia-smi CSV with its header, vLLM or llama.cpp start-up lines).");
    case core::LogIssueCode::BadNumber: return line + QCoreApplication::translate("CalibrationText", "“%1” is not a number for %2.").arg(text, key);
    case core::LogIssueCode::MissingField: return line + QCoreApplication::translate("CalibrationText", "the field “%1” is missing.").arg(key);
    case core::LogIssueCode::NegativeValue:
        //: %1 = the counter, %2 = its value
        return line + QCoreApplication::translate("CalibrationText", "%1 is negative (%2): a memory size never is.").arg(key, text);
    case core::LogIssueCode::NegativeKvBudget:
        //: vLLM's KV cache memory below zero; %1 = the field, %2 = its value
        return line + QCoreApplication::translate("CalibrationText", "%1 is negative (%2): the model did not fit, nothing is left for the KV cache.").arg(key, text);
    case core::LogIssueCode::TooLarge:
        //: %1 = the number with its unit, %2 = the field
        return line + QCoreApplication::translate("CalibrationText", "“%1” for %2 is beyond any memory size.").arg(text, key);
    case core::LogIssueCode::NotSupported:
        return line + QCoreApplication::translate("CalibrationText", "%1 is “%2”: the driver does not report it.").arg(key, text);
    case core::LogIssueCode::CsvWithoutHeader:
        return line + QCoreApplication::translate("CalibrationText", "nvidia-smi rows without their header line: paste the header (run without “noheader”) so the columns are known.");
    case core::LogIssueCode::CsvColumnCount:
        return line + QCoreApplication::translate("CalibrationText", "this row has another number of columns than the nvidia-smi header above it.");
    case core::LogIssueCode::UnknownUnit: return line + QCoreApplication::translate("CalibrationText", "unknown unit in “%1” for %2.").arg(text, key);
    case core::LogIssueCode::Count: break;
    }
    return {};
}

QString statusText(core::ResidualStatus s)
{
    switch (s) {
    case core::ResidualStatus::Compared: return {};
    case core::ResidualStatus::NoPrediction: return QCoreApplication::translate("CalibrationText", "no prediction of this quantity");
    case core::ResidualStatus::HostMemory: return QCoreApplication::translate("CalibrationText", "host memory, not on the GPU");
    case core::ResidualStatus::RankNotInLayout: return QCoreApplication::translate("CalibrationText", "this rank is not in the scenario's layout");
    case core::ResidualStatus::NodeUnknown:
        //: a device index of one node in a scenario of several nodes whose GPUs predict different numbers
        return QCoreApplication::translate("CalibrationText", "which node: not in the log (the nodes differ)");
    case core::ResidualStatus::Count: break;
    }
    return {};
}

} // namespace CalibrationText
