#pragma once

#include "core/model.h"
#include "core/model/layerkind.h"
#include "core/scenario.h"

namespace core {

/// LoRA adapter parameters of one layer: r·(d_in + d_out) for each adapted matrix
/// (Hu et al. 2021). Attention targets apply to every layer; MLP targets to dense layers and
/// shared experts (routed experts are left frozen, as PEFT does by default for MoE).
struct AdapterCounts
{
    ByKind<double> perLayer{}; ///< per layer of each kind (an MoE layer: attention and shared experts)
    int adaptedMatrices = 0;  ///< per dense layer
    double total = 0;         ///< whole model
};

AdapterCounts countAdapters(const ModelArchitecture& model, int rank, unsigned targets);

/// Bytes per parameter of a frozen copy in `format` for the linear weights; everything else
/// (embeddings, norms, routers) stays 16-bit unless `quantizeEmbeddings`.
double frozenLinearBytes(const WeightQuantization& quantization, const ModelArchitecture& model);


} // namespace core
