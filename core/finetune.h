#pragma once

#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// LoRA adapter parameters of one layer: r·(d_in + d_out) for each adapted matrix
/// (Hu et al. 2021). Attention targets apply to every layer; MLP targets to dense layers and
/// shared experts (routed experts are left frozen, as PEFT does by default for MoE).
struct AdapterCounts
{
    double perDenseLayer = 0;
    double perMoeLayer = 0;
    int adaptedMatrices = 0;  ///< per dense layer
    double total = 0;         ///< whole model
};

AdapterCounts countAdapters(const ModelArchitecture& model, int rank, unsigned targets);

/// Bytes per parameter of a frozen copy in `format` for the linear weights; everything else
/// (embeddings, norms, routers) stays 16-bit unless `quantizeEmbeddings`.
double frozenLinearBytes(const WeightQuantization& quantization, const ModelArchitecture& model);

/// Sets the method and the recipe that goes with it when it changes. QLoRA as published
/// (Dettmers et al. 2023 §3, §4): NF4 base with double quantization, bf16 adapters, paged 32-bit
/// AdamW (fp32 moments in unified memory). LoRA: a 16-bit base, fp32 adapters (PEFT's
/// autocast_adapter_dtype), no paging.
void applyFineTuneMethod(FineTuneSetup& setup, FineTuneMethod method);

} // namespace core
