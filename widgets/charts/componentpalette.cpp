#include "widgets/charts/componentpalette.h"

#include <QCoreApplication>
#include <QPalette>
#include <string_view>

namespace ComponentPalette {

namespace {

// Keyed by the core's stable ids, so a component the core adds later falls back to the core's
// English label instead of breaking the build or the translation.
struct Text
{
    std::string_view id;
    const char* name;
    const char* description;
};

constexpr Text kComponents[] = {
    {"weights", QT_TRANSLATE_NOOP("ComponentPalette", "Weights"),
     QT_TRANSLATE_NOOP("ComponentPalette", "The model's weights this GPU keeps: its share after tensor and pipeline parallelism, and after ZeRO-3 if enabled.")},
    {"gradients", QT_TRANSLATE_NOOP("ComponentPalette", "Gradients"),
     QT_TRANSLATE_NOOP("ComponentPalette", "One gradient per weight, accumulated over the micro-batches of a step; ZeRO-2 and 3 split them over the data-parallel ranks.")},
    {"optimizer_states", QT_TRANSLATE_NOOP("ComponentPalette", "Optimizer states"),
     QT_TRANSLATE_NOOP("ComponentPalette", "The fp32 master copy and the optimizer's moments (Adam: momentum and variance); ZeRO-1 and above split them over the data-parallel ranks.")},
    {"layer_activations", QT_TRANSLATE_NOOP("ComponentPalette", "Layer activations"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Tensors the forward pass saves for the backward pass, for every layer on this GPU and every micro-batch in flight.")},
    {"embedding_activations", QT_TRANSLATE_NOOP("ComponentPalette", "Embedding activations"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Token ids and the embedding's dropout mask, kept on the first pipeline stage.")},
    {"output_activations", QT_TRANSLATE_NOOP("ComponentPalette", "Logits and loss"),
     QT_TRANSLATE_NOOP("ComponentPalette", "The final norm's output and the fp32 logits over the whole vocabulary, kept on the last pipeline stage.")},
    {"recompute_workspace", QT_TRANSLATE_NOOP("ComponentPalette", "Recomputed layer"),
     QT_TRANSLATE_NOOP("ComponentPalette", "With recomputation, one layer's activations are rebuilt during its backward pass and need room while they exist.")},
    {"comm_buckets", QT_TRANSLATE_NOOP("ComponentPalette", "Communication buckets"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Buffers that gather gradients into large messages for the data-parallel reduction.")},
    {"zero3_gather_buffers", QT_TRANSLATE_NOOP("ComponentPalette", "Gathered 16-bit weights"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Under ZeRO-3 or FSDP the layer being computed (and the next, prefetched) is gathered in full for a moment; under autocast, 16-bit copies of the fp32 weights.")},
    {"adapter_weights", QT_TRANSLATE_NOOP("ComponentPalette", "LoRA adapters"),
     QT_TRANSLATE_NOOP("ComponentPalette", "The small low-rank matrices LoRA trains; the base model's weights stay frozen.")},
    {"reference_weights", QT_TRANSLATE_NOOP("ComponentPalette", "Reference model"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Reinforcement learning: a frozen copy of the starting policy for the KL penalty.")},
    {"reward_weights", QT_TRANSLATE_NOOP("ComponentPalette", "Reward model"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Reinforcement learning: the frozen model that scores the policy's answers.")},
    {"critic_weights", QT_TRANSLATE_NOOP("ComponentPalette", "Critic weights"),
     QT_TRANSLATE_NOOP("ComponentPalette", "PPO: the value model that estimates the reward still to come.")},
    {"rollout_weights", QT_TRANSLATE_NOOP("ComponentPalette", "Rollout engine weights"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Reinforcement learning: the generation engine's own copy of the policy.")},
    {"critic_gradients", QT_TRANSLATE_NOOP("ComponentPalette", "Critic gradients"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Gradients of the PPO value model.")},
    {"critic_optimizer_states", QT_TRANSLATE_NOOP("ComponentPalette", "Critic optimizer states"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Master weights and moments of the PPO value model.")},
    {"inference_workspace", QT_TRANSLATE_NOOP("ComponentPalette", "Forward workspace"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Serving: one forward chunk's transient tensors or the logits for sampling, whichever is larger.")},
    {"recurrent_state", QT_TRANSLATE_NOOP("ComponentPalette", "Recurrent state"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Serving a hybrid model: the state each linear-attention or state-space layer keeps per sequence (its convolution window and its SSM or delta-rule state), the same size at any context.")},
    {"kv_cache", QT_TRANSLATE_NOOP("ComponentPalette", "KV cache"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Serving: the keys and values of every cached token, so a new token need not recompute them.")},
    {"rollout_kv_cache", QT_TRANSLATE_NOOP("ComponentPalette", "Rollout KV cache"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Reinforcement learning: the KV cache the generation engine reserves.")},
    {"draft_weights", QT_TRANSLATE_NOOP("ComponentPalette", "Drafter weights"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Speculative decoding: the draft model, EAGLE head or MTP layer that proposes tokens.")},
    {"draft_kv_cache", QT_TRANSLATE_NOOP("ComponentPalette", "Drafter KV cache"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Speculative decoding: the drafter's cached keys and values, from the engine's KV pool.")},
    {"moe_dispatch_buffers", QT_TRANSLATE_NOOP("ComponentPalette", "MoE dispatch buffers"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Send and receive buffers that route tokens to experts on other GPUs.")},
    {"dequant_workspace", QT_TRANSLATE_NOOP("ComponentPalette", "Dequantized weight (QLoRA)"),
     QT_TRANSLATE_NOOP("ComponentPalette", "QLoRA turns one 4-bit weight matrix back into 16 bits at a time for its multiplication.")},
    {"cuda_context", QT_TRANSLATE_NOOP("ComponentPalette", "CUDA context"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Memory the CUDA driver takes for the context and its kernels, outside PyTorch's allocator: nvidia-smi counts it, max_memory_reserved does not.")},
    {"fragmentation", QT_TRANSLATE_NOOP("ComponentPalette", "Allocator reserve"),
     QT_TRANSLATE_NOOP("ComponentPalette", "What PyTorch's caching allocator holds beyond live tensors: freed blocks it keeps cached, split blocks and rounding. The gap between max_memory_reserved and max_memory_allocated.")},
    {"paged_optimizer_states", QT_TRANSLATE_NOOP("ComponentPalette", "Paged optimizer states"),
     QT_TRANSLATE_NOOP("ComponentPalette", "A paged optimizer (bitsandbytes, QLoRA) keeps its states in CUDA unified memory: moved to CPU memory when the GPU runs short, instead of running out.")},
    {"activation_gradients", QT_TRANSLATE_NOOP("ComponentPalette", "Activation gradients"),
     QT_TRANSLATE_NOOP("ComponentPalette", "The gradients flowing back through the layer being differentiated: alive only during its backward pass.")},
    {"loss_workspace", QT_TRANSLATE_NOOP("ComponentPalette", "Logits and loss temporaries"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Copies of the logits the cross entropy makes for a moment in its forward and backward, beyond what it keeps between them.")},
    {"kv_cache_reserve", QT_TRANSLATE_NOOP("ComponentPalette", "Reserved KV pool"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Serving: the part of the engine's up-front KV cache reservation this batch does not use (vLLM gpu_memory_utilization).")},
    {"optimizer_step_temporaries", QT_TRANSLATE_NOOP("ComponentPalette", "Optimizer-step temporaries"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Buffers the optimizer step makes for a moment: an fp32 copy of 16-bit gradients, or the foreach implementation's intermediate lists.")},
    {"library_workspaces", QT_TRANSLATE_NOOP("ComponentPalette", "cuBLAS and TE workspaces"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Scratch memory cuBLAS and Transformer Engine keep for their matrix multiplications, allocated once through PyTorch.")},
    {"cuda_graph_pool", QT_TRANSLATE_NOOP("ComponentPalette", "CUDA graph pool"),
     QT_TRANSLATE_NOOP("ComponentPalette", "Serving: the private memory of the captured CUDA graphs (vLLM, SGLang).")},
    {"nccl_buffers", QT_TRANSLATE_NOOP("ComponentPalette", "NCCL buffers"),
     QT_TRANSLATE_NOOP("ComponentPalette", "The communication library's own buffers for each parallel group this GPU talks in, outside PyTorch's allocator.")},
};

constexpr Text kCategories[] = {
    {"parameters", QT_TRANSLATE_NOOP("ComponentPalette", "Parameters"), ""},
    {"gradients", QT_TRANSLATE_NOOP("ComponentPalette", "Gradients"), ""},
    {"optimizer_states", QT_TRANSLATE_NOOP("ComponentPalette", "Optimizer states"), ""},
    {"activations", QT_TRANSLATE_NOOP("ComponentPalette", "Activations"), ""},
    {"kv_cache", QT_TRANSLATE_NOOP("ComponentPalette", "KV cache"), ""},
    {"temporary", QT_TRANSLATE_NOOP("ComponentPalette", "Temporary buffers"), ""},
    {"runtime", QT_TRANSLATE_NOOP("ComponentPalette", "Runtime overhead"), ""},
};

constexpr Text kRoles[] = {
    {"policy", QT_TRANSLATE_NOOP("ComponentPalette", "Policy (trained model)"), ""},
    {"reference", QT_TRANSLATE_NOOP("ComponentPalette", "Reference policy"), ""},
    {"reward", QT_TRANSLATE_NOOP("ComponentPalette", "Reward model"), ""},
    {"critic", QT_TRANSLATE_NOOP("ComponentPalette", "Critic"), ""},
    {"rollout", QT_TRANSLATE_NOOP("ComponentPalette", "Rollout engine"), ""},
    {"shared", QT_TRANSLATE_NOOP("ComponentPalette", "Buffers and runtime"), ""},
};

template <std::size_t N>
const Text* find(const Text (&table)[N], std::string_view id)
{
    for (const Text& t : table)
        if (t.id == id)
            return &t;
    return nullptr;
}

QString fromCore(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor categoryColor(core::Category category, bool dark)
{
    // Colour-blind-safe (Okabe–Ito based) hues, slightly brighter on dark backgrounds.
    static const QColor kColors[] = {
        QColor(0x00, 0x72, 0xB2), // parameters: blue
        QColor(0x56, 0xB4, 0xE9), // gradients: sky
        QColor(0x00, 0x9E, 0x73), // optimizer states: green
        QColor(0xE6, 0x9F, 0x00), // activations: orange
        QColor(0xCC, 0x79, 0xA7), // KV cache: purple
        QColor(0xD5, 0x5E, 0x00), // temporary: vermilion
        QColor(0x99, 0x99, 0x99), // runtime: grey
    };
    const std::size_t i = std::size_t(category);
    const QColor c = i < std::size(kColors) ? kColors[i] : QColor(0x77, 0x77, 0x77);
    return dark ? c.lighter(115) : c;
}

QColor roleColor(core::Role role, bool dark)
{
    // The same Okabe–Ito hues, one per model: the policy keeps the weights' blue.
    static const QColor kColors[] = {
        QColor(0x00, 0x72, 0xB2), // policy: blue
        QColor(0xCC, 0x79, 0xA7), // reference: purple
        QColor(0xD5, 0x5E, 0x00), // reward: vermilion
        QColor(0x00, 0x9E, 0x73), // critic: green
        QColor(0xE6, 0x9F, 0x00), // rollout engine: orange
        QColor(0x40, 0x40, 0x40), // shared buffers and runtime: dark grey (told from the reference's
                                  // pink under deuteranopia, Machado et al. 2009)
    };
    const std::size_t i = std::size_t(role);
    const QColor c = i < std::size(kColors) ? kColors[i] : QColor(0x77, 0x77, 0x77);
    return dark ? c.lighter(115) : c;
}

QColor componentColor(core::Component component, bool dark)
{
    // One colour per component, so any two that can share a chart are told apart: chosen by
    // maximising the smallest CIEDE2000 distance (Sharma et al. 2005) between components that
    // can appear together, in normal vision and in protanopia, deuteranopia and tritanopia as
    // Machado et al. 2009 simulate them (severity 1), in the light and the dark themes, and
    // from every theme's background; the weights, gradients, optimizer states, layer activations,
    // KV cache and fragmentation keep the colours they had (Okabe–Ito based). tests/widgets/
    // tst_componentpalette checks the distances (≥ 10 in normal vision, ≥ 8 simulated).
    struct Entry
    {
        std::string_view id;
        QColor color;
    };
    static const Entry kColors[] = {
        {"weights", QColor(0x00, 0x72, 0xB2)},
        {"adapter_weights", QColor(0x88, 0x66, 0x44)},
        {"reference_weights", QColor(0x88, 0x66, 0xFF)},
        {"reward_weights", QColor(0x88, 0x33, 0x11)},
        {"critic_weights", QColor(0x00, 0x00, 0x66)},
        {"rollout_weights", QColor(0x33, 0x11, 0x00)},
        {"gradients", QColor(0x56, 0xB4, 0xE9)},
        {"critic_gradients", QColor(0x55, 0x44, 0x33)},
        {"optimizer_states", QColor(0x00, 0x9E, 0x73)},
        {"critic_optimizer_states", QColor(0xAA, 0xCC, 0xDD)},
        {"layer_activations", QColor(0xE6, 0x9F, 0x00)},
        {"embedding_activations", QColor(0xCC, 0xFF, 0xBB)},
        {"output_activations", QColor(0x22, 0x44, 0x66)},
        {"recompute_workspace", QColor(0xFF, 0xCF, 0x63)},
        {"inference_workspace", QColor(0xFF, 0xDC, 0x8D)},
        {"kv_cache", QColor(0xCC, 0x79, 0xA7)},
        {"rollout_kv_cache", QColor(0x88, 0x99, 0xAA)},
        {"comm_buckets", QColor(0xD5, 0x5E, 0x00)},
        {"zero3_gather_buffers", QColor(0x77, 0x77, 0x88)},
        {"moe_dispatch_buffers", QColor(0x55, 0x55, 0x55)},
        {"dequant_workspace", QColor(0x33, 0x00, 0xCC)},
        {"cuda_context", QColor(0x55, 0x77, 0x66)},
        {"fragmentation", QColor(0xB5, 0xB5, 0xB5)},
        // The memory model's later components, chosen the same way with the colours above held.
        {"activation_gradients", QColor(0x8B, 0x9B, 0x52)},
        {"loss_workspace", QColor(0x75, 0x58, 0x86)},
        {"kv_cache_reserve", QColor(0xB5, 0x2F, 0x00)},
        {"optimizer_step_temporaries", QColor(0xFE, 0xF6, 0x02)},
        {"library_workspaces", QColor(0xD1, 0x07, 0xAC)},
        {"cuda_graph_pool", QColor(0x79, 0xAD, 0x1E)},
        {"nccl_buffers", QColor(0x6F, 0x24, 0x94)},
        {"paged_optimizer_states", QColor(0xB5, 0x9A, 0x93)},
        // Speculative decoding's drafter (serving only), chosen the same way against the serving
        // components and the backgrounds: a light cyan beside the weights' blue, a dark red.
        {"draft_weights", QColor(0x00, 0xCC, 0xEE)},
        {"draft_kv_cache", QColor(0x66, 0x00, 0x00)},
        // A hybrid's recurrent state (serving only), chosen the same way against the serving
        // components and the backgrounds (a 16-step grid of sRGB): ΔE00 ≥ 1.6 × the floor.
        {"recurrent_state", QColor(0x88, 0x88, 0x55)},
    };
    const std::string_view id = core::componentName(component);
    for (const Entry& e : kColors)
        if (e.id == id)
            return dark ? e.color.lighter(115) : e.color;
    // A component the core adds later: its category's colour until it gets its own.
    return categoryColor(core::categoryOf(component), dark);
}

QColor levelColor(Level level, bool dark)
{
    switch (level) {
    case Level::Good: return dark ? QColor(0x4C, 0xC3, 0x8A) : QColor(0x1E, 0x8E, 0x3E);
    case Level::Warning: return dark ? QColor(0xF2, 0xB3, 0x3D) : QColor(0xC7, 0x7C, 0x02);
    case Level::Bad: return dark ? QColor(0xFF, 0x6B, 0x6B) : QColor(0xD0, 0x10, 0x20);
    case Level::Neutral: break;
    }
    return dark ? QColor(0x9A, 0xA5, 0xB1) : QColor(0x6B, 0x77, 0x85);
}

QString componentName(core::Component component)
{
    if (const Text* t = find(kComponents, core::componentName(component)))
        return QCoreApplication::translate("ComponentPalette", t->name);
    return fromCore(core::componentLabel(component));
}

QString categoryName(core::Category category)
{
    if (const Text* t = find(kCategories, core::categoryName(category)))
        return QCoreApplication::translate("ComponentPalette", t->name);
    return fromCore(core::categoryLabel(category));
}

QString roleName(core::Role role)
{
    if (const Text* t = find(kRoles, core::roleName(role)))
        return QCoreApplication::translate("ComponentPalette", t->name);
    return fromCore(core::roleLabel(role));
}

QString componentDescription(core::Component component)
{
    if (const Text* t = find(kComponents, core::componentName(component)))
        return QCoreApplication::translate("ComponentPalette", t->description);
    return {};
}

} // namespace ComponentPalette
