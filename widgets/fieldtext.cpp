#include "widgets/fieldtext.h"

#include <QCoreApplication>

namespace FieldText {

QString label(core::Field field)
{
    // One line per core::Field and no default: -Wswitch names a field that has no label.
    using F = core::Field;
    switch (field) {
    case F::SchemaVersion: return QCoreApplication::translate("FieldText", "Schema version");
    case F::Title: return QCoreApplication::translate("FieldText", "Title");
    case F::Description: return QCoreApplication::translate("FieldText", "Description");
    case F::Mode: return QCoreApplication::translate("FieldText", "Mode");
    case F::ModelPreset: return QCoreApplication::translate("FieldText", "Model");
    case F::ModelName: return QCoreApplication::translate("FieldText", "Model name");
    case F::ModelNumLayers: return QCoreApplication::translate("FieldText", "Layers");
    case F::ModelHiddenSize: return QCoreApplication::translate("FieldText", "Hidden size");
    case F::ModelFfnHiddenSize: return QCoreApplication::translate("FieldText", "FFN size");
    case F::ModelNumAttentionHeads: return QCoreApplication::translate("FieldText", "Attention heads");
    case F::ModelNumQueryGroups: return QCoreApplication::translate("FieldText", "KV heads");
    case F::ModelHeadDim: return QCoreApplication::translate("FieldText", "Head size");
    case F::ModelVocabSize: return QCoreApplication::translate("FieldText", "Vocabulary");
    case F::ModelPadVocabMultiple: return QCoreApplication::translate("FieldText", "Vocabulary padding");
    case F::ModelMaxPositionEmbeddings: return QCoreApplication::translate("FieldText", "Trained positions");
    case F::ModelTiedEmbeddings: return QCoreApplication::translate("FieldText", "Tied embeddings");
    case F::ModelGatedMlp: return QCoreApplication::translate("FieldText", "Gated MLP");
    case F::ModelNormalization: return QCoreApplication::translate("FieldText", "Normalization");
    case F::ModelPositionEmbedding: return QCoreApplication::translate("FieldText", "Position embedding");
    case F::ModelLinearBias: return QCoreApplication::translate("FieldText", "Linear biases");
    case F::ModelQkvBias: return QCoreApplication::translate("FieldText", "QKV biases");
    case F::ModelDropout: return QCoreApplication::translate("FieldText", "Dropout");
    case F::ModelNormsPerLayer: return QCoreApplication::translate("FieldText", "Norms per layer");
    case F::ModelQkNorm: return QCoreApplication::translate("FieldText", "Q/K norms");
    case F::ModelNumExperts: return QCoreApplication::translate("FieldText", "Experts");
    case F::ModelMoeTopK: return QCoreApplication::translate("FieldText", "Experts per token (top-k)");
    case F::ModelMoeFfnHiddenSize: return QCoreApplication::translate("FieldText", "Expert FFN size");
    case F::ModelNumSharedExperts: return QCoreApplication::translate("FieldText", "Shared experts");
    case F::ModelSharedExpertFfnHiddenSize: return QCoreApplication::translate("FieldText", "Shared expert FFN size");
    case F::ModelSharedExpertGate: return QCoreApplication::translate("FieldText", "Shared expert gate");
    case F::ModelMoeLayerFrequency: return QCoreApplication::translate("FieldText", "MoE layer frequency");
    case F::ModelFirstDenseLayers: return QCoreApplication::translate("FieldText", "First dense layers");
    case F::ModelQLoraRank: return QCoreApplication::translate("FieldText", "Query compression rank");
    case F::ModelKvLoraRank: return QCoreApplication::translate("FieldText", "KV compression rank");
    case F::ModelQkNopeHeadDim: return QCoreApplication::translate("FieldText", "Q/K head size without RoPE");
    case F::ModelQkRopeHeadDim: return QCoreApplication::translate("FieldText", "Q/K head size with RoPE");
    case F::ModelVHeadDim: return QCoreApplication::translate("FieldText", "V head size");
    case F::ModelSlidingWindow: return QCoreApplication::translate("FieldText", "Sliding window");
    case F::ModelGlobalLayerEvery: return QCoreApplication::translate("FieldText", "Global layer every");
    case F::ModelParameters: return QCoreApplication::translate("FieldText", "Model size");
    case F::TrainingSeqLength: return QCoreApplication::translate("FieldText", "Sequence length");
    case F::TrainingMicroBatchSize: return QCoreApplication::translate("FieldText", "Micro-batch");
    case F::TrainingGlobalBatchSize: return QCoreApplication::translate("FieldText", "Global batch");
    case F::TrainingTrainTokens: return QCoreApplication::translate("FieldText", "Training tokens");
    case F::TrainingPrecision: return QCoreApplication::translate("FieldText", "Precision");
    case F::TrainingOptimizer: return QCoreApplication::translate("FieldText", "Optimizer");
    case F::TrainingZeroStage: return QCoreApplication::translate("FieldText", "ZeRO stage");
    case F::TrainingFsdp: return QCoreApplication::translate("FieldText", "FSDP sharding");
    case F::TrainingOffloadOptimizer: return QCoreApplication::translate("FieldText", "Offload optimizer");
    case F::TrainingOffloadParameters: return QCoreApplication::translate("FieldText", "Offload parameters");
    case F::TrainingRecompute: return QCoreApplication::translate("FieldText", "Recompute");
    case F::TrainingFlashAttention: return QCoreApplication::translate("FieldText", "FlashAttention");
    case F::TrainingFlopsFormula: return QCoreApplication::translate("FieldText", "FLOPs formula");
    case F::TrainingMoeCapacityFactor: return QCoreApplication::translate("FieldText", "Capacity factor");
    case F::ParallelGpus: return QCoreApplication::translate("FieldText", "GPUs");
    case F::ParallelGpusPerNode: return QCoreApplication::translate("FieldText", "GPUs per node");
    case F::ParallelTensor: return QCoreApplication::translate("FieldText", "Tensor parallel (TP)");
    case F::ParallelPipeline: return QCoreApplication::translate("FieldText", "Pipeline parallel (PP)");
    case F::ParallelVirtualPipeline: return QCoreApplication::translate("FieldText", "Virtual stages");
    case F::ParallelContext: return QCoreApplication::translate("FieldText", "Context parallel (CP)");
    case F::ParallelSequenceParallel: return QCoreApplication::translate("FieldText", "Sequence parallel");
    case F::ParallelExpert: return QCoreApplication::translate("FieldText", "Expert parallel (EP)");
    case F::ParallelExpertTensor: return QCoreApplication::translate("FieldText", "Expert TP");
    case F::HardwareGpu: return QCoreApplication::translate("FieldText", "GPU");
    case F::GpuPreset: return QCoreApplication::translate("FieldText", "GPU preset");
    case F::GpuId: return QCoreApplication::translate("FieldText", "GPU id");
    case F::GpuName: return QCoreApplication::translate("FieldText", "GPU name");
    case F::GpuMemoryLabel: return QCoreApplication::translate("FieldText", "GPU memory label");
    case F::GpuMemoryBytes: return QCoreApplication::translate("FieldText", "GPU memory");
    case F::GpuPeakFp32: return QCoreApplication::translate("FieldText", "FP32 peak");
    case F::GpuPeakTf32: return QCoreApplication::translate("FieldText", "TF32 peak");
    case F::GpuPeakBf16: return QCoreApplication::translate("FieldText", "BF16 peak");
    case F::GpuPeakFp16: return QCoreApplication::translate("FieldText", "FP16 peak");
    case F::GpuPeakFp8: return QCoreApplication::translate("FieldText", "FP8 peak");
    case F::GpuPeakInt8: return QCoreApplication::translate("FieldText", "INT8 peak");
    case F::GpuMemoryBandwidth: return QCoreApplication::translate("FieldText", "Memory bandwidth");
    case F::GpuInterconnectBandwidth: return QCoreApplication::translate("FieldText", "GPU interconnect");
    case F::GpuNetworkBandwidth: return QCoreApplication::translate("FieldText", "Network per GPU");
    case F::GpuSource: return QCoreApplication::translate("FieldText", "GPU source");
    case F::HardwareMfu: return QCoreApplication::translate("FieldText", "MFU");
    case F::HardwareAchievedTflops: return QCoreApplication::translate("FieldText", "Achieved TFLOP/s");
    case F::HardwarePricePerGpuHour: return QCoreApplication::translate("FieldText", "Price");
    case F::HardwareOverheadFactor: return QCoreApplication::translate("FieldText", "Overhead factor");
    case F::RuntimeCudaContextBytes: return QCoreApplication::translate("FieldText", "CUDA context");
    case F::RuntimeCommBucketBytes: return QCoreApplication::translate("FieldText", "Communication buckets");
    case F::RuntimeZero3PrefetchModules: return QCoreApplication::translate("FieldText", "ZeRO-3 prefetched modules");
    case F::RuntimeFragmentationFraction: return QCoreApplication::translate("FieldText", "Fragmentation");
    case F::RuntimeCpuBufferFactor: return QCoreApplication::translate("FieldText", "CPU buffer factor");
    case F::InferenceWeightFormat: return QCoreApplication::translate("FieldText", "Weights");
    case F::InferenceQuantGroupSize: return QCoreApplication::translate("FieldText", "Group size");
    case F::InferenceQuantScaleFormat: return QCoreApplication::translate("FieldText", "Scale type");
    case F::InferenceQuantZeroPoint: return QCoreApplication::translate("FieldText", "Zero points");
    case F::InferenceDoubleQuantization: return QCoreApplication::translate("FieldText", "Double quantization");
    case F::InferenceQuantizeEmbeddings: return QCoreApplication::translate("FieldText", "Quantize embeddings");
    case F::InferenceKvCacheDtype: return QCoreApplication::translate("FieldText", "KV cache");
    case F::InferenceBatchSize: return QCoreApplication::translate("FieldText", "Batch");
    case F::InferencePromptLength: return QCoreApplication::translate("FieldText", "Prompt");
    case F::InferenceGeneratedTokens: return QCoreApplication::translate("FieldText", "Generated tokens");
    case F::InferenceKvBlockSize: return QCoreApplication::translate("FieldText", "Paged blocks");
    case F::InferenceMaxBatchedTokens: return QCoreApplication::translate("FieldText", "Prefill chunk");
    case F::FineTuneMethod: return QCoreApplication::translate("FieldText", "Fine-tuning method");
    case F::FineTuneLoraRank: return QCoreApplication::translate("FieldText", "LoRA rank");
    case F::FineTuneLoraTargets: return QCoreApplication::translate("FieldText", "Adapted matrices");
    case F::FineTuneBaseFormat: return QCoreApplication::translate("FieldText", "Base format");
    case F::FineTuneBaseQuantGroupSize: return QCoreApplication::translate("FieldText", "Base group size");
    case F::FineTuneBaseQuantScaleFormat: return QCoreApplication::translate("FieldText", "Base scale type");
    case F::FineTuneBaseQuantZeroPoint: return QCoreApplication::translate("FieldText", "Base zero points");
    case F::FineTuneDoubleQuantization: return QCoreApplication::translate("FieldText", "Base double quantization");
    case F::FineTuneQuantizeEmbeddings: return QCoreApplication::translate("FieldText", "Quantize base embeddings");
    case F::RlAlgorithm: return QCoreApplication::translate("FieldText", "RL algorithm");
    case F::RlReference: return QCoreApplication::translate("FieldText", "Reference model");
    case F::RlReferenceFormat: return QCoreApplication::translate("FieldText", "Reference format");
    case F::RlReferenceOffload: return QCoreApplication::translate("FieldText", "Reference offload");
    case F::RlRewardModel: return QCoreApplication::translate("FieldText", "Reward model");
    case F::RlRewardParameters: return QCoreApplication::translate("FieldText", "Reward model size");
    case F::RlRewardFormat: return QCoreApplication::translate("FieldText", "Reward model format");
    case F::RlCritic: return QCoreApplication::translate("FieldText", "Critic");
    case F::RlSamplesPerPrompt: return QCoreApplication::translate("FieldText", "Samples per prompt");
    case F::RlPromptLength: return QCoreApplication::translate("FieldText", "Rollout prompt");
    case F::RlMaxNewTokens: return QCoreApplication::translate("FieldText", "New tokens");
    case F::RlPromptsPerGpu: return QCoreApplication::translate("FieldText", "Prompts per GPU");
    case F::RlRolloutMemoryFraction: return QCoreApplication::translate("FieldText", "Rollout memory");
    case F::RlPlacement: return QCoreApplication::translate("FieldText", "Rollout placement");
    case F::RlRolloutSleeps: return QCoreApplication::translate("FieldText", "Rollout engine sleeps");
    case F::RlRolloutTensor: return QCoreApplication::translate("FieldText", "Rollout TP");
    case F::RlRolloutGpus: return QCoreApplication::translate("FieldText", "Rollout GPUs");
    case F::Count: break;
    }
    return QString();
}

} // namespace FieldText
