#include "widgets/working/workingnotation.h"

#include <QCoreApplication>

namespace WorkingNotation {

namespace {

// The core's formulas that contain words (core/working.cpp and the per-line formulas).
constexpr const char* kFormulas[] = {
    QT_TRANSLATE_NOOP("WorkingNotation", "(8·s·b + s·b·h) × in flight"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(master + moments) · adapters (the frozen base has no optimizer state)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(master + moments)·P (ZeRO ≥ 1: / D_z)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(o + 4 (fp32 grads) + w if params offloaded)·P / D_z"),
    QT_TRANSLATE_NOOP("WorkingNotation", "1 / step"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2 B · largest matrix / t"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2 · 2·s·b·k·CF·h (all-to-all send + receive)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2 · g_local · d · bytes (MLA: (d_c + d_rope) · bytes)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2·N·batch·prompt (+ attention) / (n · peak · MFU)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2·h (RMSNorm) or 2·2h (LayerNorm)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "3·h·F gated, 2·h·F otherwise"),
    QT_TRANSLATE_NOOP("WorkingNotation", "A_layer × n_layers × in flight"),
    QT_TRANSLATE_NOOP("WorkingNotation", "C_hw / (n · X)  (Narayanan: achieved throughput counts recomputation)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "C_iter / (n · peak · MFU)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "FLOPs / bytes read (ridge = peak / bandwidth)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "GPU-hours × price × overhead"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Llama-3-style family shape of the same size"),
    QT_TRANSLATE_NOOP("WorkingNotation", "P = Ψ / (t·p)  (count-only model: split evenly over the stages)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "V·h (untied) + final norm"),
    QT_TRANSLATE_NOOP("WorkingNotation", "as the policy's gradients"),
    QT_TRANSLATE_NOOP("WorkingNotation", "as the policy's optimizer states"),
    QT_TRANSLATE_NOOP("WorkingNotation", "assumed constant"),
    QT_TRANSLATE_NOOP("WorkingNotation", "attention + MLP + norms"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bits(format)/8 · linear + 2 B · other"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bucket_cap × 2 in flight"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes(format)·linear + 2 B·other (÷ D_z with ZeRO-3)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "datasheet dense peak for the compute dtype"),
    QT_TRANSLATE_NOOP("WorkingNotation", "embedding + L·per layer + final norm + output"),
    QT_TRANSLATE_NOOP("WorkingNotation", "f × allocator-held bytes"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes / link bandwidth"),
    QT_TRANSLATE_NOOP("WorkingNotation", "rounds · [prefill + new tokens · max(bytes read / HBM bandwidth, FLOPs / peak)]"),
    QT_TRANSLATE_NOOP("WorkingNotation", "C_iter / (n · peak · MFU) + rollout"),
    QT_TRANSLATE_NOOP("WorkingNotation", "C_hw / (n · X) + rollout"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes / B_net  (the group spans nodes: the network)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes / (B_node / 2)  (inside one node: NVLink or PCIe)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "free memory / (batch · KV per token)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "free memory / KV per sequence"),
    QT_TRANSLATE_NOOP("WorkingNotation", "frozen copy of the policy"),
    QT_TRANSLATE_NOOP("WorkingNotation", "g · adapters (the frozen base has no gradients)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "gpu_memory_utilization · capacity − rollout weights"),
    QT_TRANSLATE_NOOP("WorkingNotation", "m · MoE layers · 4 · (EP−1)/EP · 2·s·b·k·CF·h"),
    QT_TRANSLATE_NOOP("WorkingNotation", "m · n_layers · (c−1) · 3 · K,V chunk"),
    QT_TRANSLATE_NOOP("WorkingNotation", "m · n_layers · collectives · 2(t−1)/t · 2·s·b·h"),
    QT_TRANSLATE_NOOP("WorkingNotation", "max(bytes read / HBM bandwidth, FLOPs / peak)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "model FLOPs + recomputation"),
    QT_TRANSLATE_NOOP("WorkingNotation", "modules × w × ℓ (largest module per TP rank)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "n_layers·(P_layer/t + P_replicated) + embedding/t (first stage) + output/t (last)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "one chunk's transient tensors + fp32 sampling logits"),
    QT_TRANSLATE_NOOP("WorkingNotation", "one layer's activations rebuilt during its backward"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per GPU × GPUs per node × buffer factor (DeepSpeed additional_buffer_factor)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per-token FLOPs × D  (≈ 6·N·D)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "r·(d_in + d_out) per adapted matrix × recipe bytes"),
    QT_TRANSLATE_NOOP("WorkingNotation", "t_iter × iterations"),
    QT_TRANSLATE_NOOP("WorkingNotation", "total − MoE layers × (E − k) experts"),
    QT_TRANSLATE_NOOP("WorkingNotation", "trained like the policy"),
    QT_TRANSLATE_NOOP("WorkingNotation", "w + g + master + moments"),
    QT_TRANSLATE_NOOP("WorkingNotation", "w · adapters on this GPU (÷ D_z with ZeRO-3)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Σ components"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Σ layers · per-token bytes · cached tokens · batch"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Σ saved tensors"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Ψ as given (no architecture)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Ψ_reward / (t·p) · bytes(format)"),    QT_TRANSLATE_NOOP("WorkingNotation", "(8·s·b + s·b·h / t_sp) × in flight"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(D−1)/D · (g + w)·P  (reduce-scatter grads, all-gather weights)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(D−1)/D · (m·g + w)·P  (grads reduce-scattered every micro-batch)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(D−1)/D · m·(2w + g)·P  (weights gathered in fwd and bwd, every micro-batch)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(master + moments)·P"),
    QT_TRANSLATE_NOOP("WorkingNotation", "(master + moments)·P / D_z"),
    QT_TRANSLATE_NOOP("WorkingNotation", "0 (gradients streamed to CPU)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "0 (no data parallelism: nothing to reduce)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "0 (optimizer offloaded to CPU)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "0 (the reference is the frozen base with the adapters disabled)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "0 (weights offloaded to CPU; gathered per module)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2 × 2h (LayerNorm: scale and bias)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2 × h (RMSNorm: scale only)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2·(D−1)/D · g·P  (gradient all-reduce once per step)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2·s·b·F_s (×2 gated)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "2·s·b·r × adapted matrices"),
    QT_TRANSLATE_NOOP("WorkingNotation", "3·h·F (gate, up, down)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "6·N·B·s  (Kaplan et al. 2020 §2.1)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "8·s·b × in flight (no dropout mask)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "= model FLOPs (no recomputation)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "FLOPs / bytes < ridge: memory-bound"),
    QT_TRANSLATE_NOOP("WorkingNotation", "V·h + final norm"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes(format)·P (÷ D_z with ZeRO-3)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "final norm only (output tied to the embedding)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "model + (layers + core)/3 · B·s  (one more forward)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "model + core/3 · B·s  (attention core forward again)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Σ saved tensors of an MoE layer"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Σ saved tensors of one layer without recomputation"),
};

// Substituted values named in words; letters and subscripts (h, D_z, n_layers) stay as they are.
constexpr const char* kSymbols[] = {
    QT_TRANSLATE_NOOP("WorkingNotation", "GPU-hours"),
    QT_TRANSLATE_NOOP("WorkingNotation", "GPUs per node"),
    QT_TRANSLATE_NOOP("WorkingNotation", "KV per sequence"),
    QT_TRANSLATE_NOOP("WorkingNotation", "MoE layers"),
    QT_TRANSLATE_NOOP("WorkingNotation", "TP-sharded matrices"),
    QT_TRANSLATE_NOOP("WorkingNotation", "Table 2 terms"),
    QT_TRANSLATE_NOOP("WorkingNotation", "adapters (model)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "allocated"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes"),
    QT_TRANSLATE_NOOP("WorkingNotation", "attention"),
    QT_TRANSLATE_NOOP("WorkingNotation", "attention core/token"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bandwidth"),
    QT_TRANSLATE_NOOP("WorkingNotation", "batch"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bits/param (linear)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "block"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bucket bytes"),
    QT_TRANSLATE_NOOP("WorkingNotation", "buffer factor"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes read"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes/param (linear)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "bytes/param (other)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "capacity"),
    QT_TRANSLATE_NOOP("WorkingNotation", "chunk tokens"),
    QT_TRANSLATE_NOOP("WorkingNotation", "collectives"),
    QT_TRANSLATE_NOOP("WorkingNotation", "context"),
    QT_TRANSLATE_NOOP("WorkingNotation", "dense layers"),
    QT_TRANSLATE_NOOP("WorkingNotation", "embedding"),
    QT_TRANSLATE_NOOP("WorkingNotation", "expert"),
    QT_TRANSLATE_NOOP("WorkingNotation", "extras"),
    QT_TRANSLATE_NOOP("WorkingNotation", "fraction"),
    QT_TRANSLATE_NOOP("WorkingNotation", "free"),
    QT_TRANSLATE_NOOP("WorkingNotation", "global layers"),
    QT_TRANSLATE_NOOP("WorkingNotation", "in flight"),
    QT_TRANSLATE_NOOP("WorkingNotation", "iterations"),
    QT_TRANSLATE_NOOP("WorkingNotation", "layer GEMMs/token"),
    QT_TRANSLATE_NOOP("WorkingNotation", "layers"),
    QT_TRANSLATE_NOOP("WorkingNotation", "linear"),
    QT_TRANSLATE_NOOP("WorkingNotation", "logits/token"),
    QT_TRANSLATE_NOOP("WorkingNotation", "master"),
    QT_TRANSLATE_NOOP("WorkingNotation", "model"),
    QT_TRANSLATE_NOOP("WorkingNotation", "modules"),
    QT_TRANSLATE_NOOP("WorkingNotation", "moments"),
    QT_TRANSLATE_NOOP("WorkingNotation", "norms"),
    QT_TRANSLATE_NOOP("WorkingNotation", "other"),
    QT_TRANSLATE_NOOP("WorkingNotation", "output + final norm"),
    QT_TRANSLATE_NOOP("WorkingNotation", "overhead"),
    QT_TRANSLATE_NOOP("WorkingNotation", "peak"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per GPU"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per MoE layer"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per dense layer"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per token"),
    QT_TRANSLATE_NOOP("WorkingNotation", "per token per layer"),
    QT_TRANSLATE_NOOP("WorkingNotation", "price"),
    QT_TRANSLATE_NOOP("WorkingNotation", "prompt"),
    QT_TRANSLATE_NOOP("WorkingNotation", "recompute"),
    QT_TRANSLATE_NOOP("WorkingNotation", "replicated (norms, biases, routers) + embedding/output"),
    QT_TRANSLATE_NOOP("WorkingNotation", "ridge"),
    QT_TRANSLATE_NOOP("WorkingNotation", "rollout weights"),
    QT_TRANSLATE_NOOP("WorkingNotation", "rollout"),
    QT_TRANSLATE_NOOP("WorkingNotation", "rounds"),
    QT_TRANSLATE_NOOP("WorkingNotation", "sequences"),
    QT_TRANSLATE_NOOP("WorkingNotation", "new tokens"),
    QT_TRANSLATE_NOOP("WorkingNotation", "HBM bandwidth"),
    QT_TRANSLATE_NOOP("WorkingNotation", "routed experts (÷ EP·ETP)"),
    QT_TRANSLATE_NOOP("WorkingNotation", "step"),
    QT_TRANSLATE_NOOP("WorkingNotation", "total"),
    QT_TRANSLATE_NOOP("WorkingNotation", "window"),
};

template <std::size_t N>
QString lookup(const char* const (&table)[N], std::string_view english)
{
    for (const char* entry : table)
        if (english == entry)
            return QCoreApplication::translate("WorkingNotation", entry);
    return QString::fromUtf8(english.data(), qsizetype(english.size()));
}

} // namespace

QString formula(std::string_view english)
{
    return lookup(kFormulas, english);
}

QString symbol(std::string_view english)
{
    return lookup(kSymbols, english);
}

} // namespace WorkingNotation
