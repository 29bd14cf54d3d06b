// A serving scenario's layout as an engine's launch command (issue 27 item 4), each flag named
// as the engine's source defines it at a stated commit:
//  - vLLM: vllm-project/vllm @ 99d7eb5d6a512cfcc5a2b104f24ebf2d6cda772b, vllm/engine/arg_utils.py,
//    EngineArgs.add_cli_args: --tensor-parallel-size, --pipeline-parallel-size,
//    --data-parallel-size, --enable-expert-parallel (ParallelConfig group), --max-model-len,
//    --quantization, --dtype (ModelConfig), --kv-cache-dtype, --gpu-memory-utilization,
//    --block-size (CacheConfig), --max-num-seqs, --max-num-batched-tokens (SchedulerConfig),
//    --enforce-eager; --speculative-config, a JSON SpeculativeConfig whose method (draft_model,
//    eagle, mtp), model and num_speculative_tokens are vllm/config/speculative.py's
//    (@ 002e77c1f0ef9b19cff8b9e21cfbd6feb3d6b443);
//  - SGLang: sgl-project/sglang @ b36e8e198b71553316b55bce53de6ecf9b3a9a47,
//    docs/advanced_features/server_arguments.md (the table of python/sglang/srt/server_args.py):
//    --model-path, --tp-size, --pp-size, --ep-size, --quantization, --kv-cache-dtype
//    (auto, fp8_e5m2, fp8_e4m3), --context-length, --max-running-requests,
//    --chunked-prefill-size, --mem-fraction-static, --page-size, --disable-cuda-graph; and from
//    its speculative decoding guide (docs/advanced_features/speculative_decoding, 2026-02 build):
//    --speculative-algorithm STANDALONE (a draft model) | EAGLE | NEXTN (a model's MTP layers),
//    --speculative-draft-model-path, --speculative-num-steps, --speculative-eagle-topk,
//    --speculative-num-draft-tokens;
//  - TensorRT-LLM: NVIDIA/TensorRT-LLM @ 00209af149e7774406881a37283dce303571eb11,
//    tensorrt_llm/commands/serve.py (click options of `trtllm-serve MODEL`): --tp_size,
//    --pp_size, --ep_size, --max_batch_size, --max_num_tokens, --max_seq_len,
//    --kv_cache_free_gpu_memory_fraction.
#include "core/io/servinglaunch.h"

#include <algorithm>
#include <cstdio>

#include "core/fields.h"
#include "core/io/launchparts.h"

namespace core {

namespace {

// Numbers as every launch file writes them (core/io/launchparts).
std::string servingWhole(double v) { return launchparts::integer(v); }
std::string servingFraction(double v) { return launchparts::number(v); }

struct ServingCommand
{
    std::vector<std::string> lines;
    void flag(std::string_view name, const std::string& value = {})
    {
        lines.push_back(value.empty() ? std::string(name) : std::string(name) + " " + value);
    }
};

} // namespace

LaunchFile servingLaunch(const Scenario& s, LaunchFramework f, const std::string& checkpoint)
{
    LaunchFile out;
    auto note = [&](LaunchNoteCode code, double a = 0, double b = 0) { out.notes.push_back({code, a, b}); };
    const ParallelLayout& p = s.parallel;
    const InferenceSetup& in = s.inference;
    const int t = std::max(1, p.tensor), pp = std::max(1, p.pipeline);
    const int replicas = std::max(1, p.gpus / (t * pp));
    const bool ep = s.model.isMoE() && p.expert > 1;
    std::string model = checkpoint;
    if (model.empty()) {
        model = "MODEL";
        note(LaunchNoteCode::ServingModelPath);
    }
    const WeightFormat w = in.weights.format;
    const KvCacheDtype kv = in.kvCacheDtype;
    ServingCommand c;
    std::string program, source;
    // Speculative decoding as modelled (core/serving/speculative.h): a chain of k draft tokens per
    // step, no tree. The drafter's checkpoint is not part of the scenario: DRAFT stands for it.
    const SpeculativeMethod spec = in.speculativeMethod;
    const std::string k = servingWhole(std::max(1, in.speculativeTokens));
    const bool needsDraftPath = spec == SpeculativeMethod::DraftModel || spec == SpeculativeMethod::Eagle;
    // vLLM's and SGLang's --quantization, --dtype and --kv-cache-dtype (the same names in both;
    // FP8 KV as each spells it): AWQ stands for int4 (what the vLLM importer reads back).
    auto formats = [&](ServingCommand& cmd, const char* fp8Kv) {
        if (w == WeightFormat::Fp8) cmd.flag("--quantization", "fp8");
        else if (w == WeightFormat::Int4) cmd.flag("--quantization", "awq");
        else if (w == WeightFormat::Nf4) cmd.flag("--quantization", "bitsandbytes");
        else if (w == WeightFormat::Fp16) cmd.flag("--dtype", "float16");
        else if (w == WeightFormat::Fp32) cmd.flag("--dtype", "float32");
        else if (w == WeightFormat::Int8) note(LaunchNoteCode::ServingWeightsFromCheckpoint, 8);
        if (kv == KvCacheDtype::Fp8) cmd.flag("--kv-cache-dtype", fp8Kv);
        else if (kv == KvCacheDtype::Bf16 || kv == KvCacheDtype::Fp16) cmd.flag("--kv-cache-dtype", "auto");
        else note(LaunchNoteCode::ServingKvDtypeNotExpressible);
    };
    // One server for all replicas where the engine has a data-parallel flag whose replicas keep
    // the planned layout; otherwise a server per replica.
    bool oneServer = false;
    switch (f) {
    case LaunchFramework::Vllm: {
        source = "# vllm-project/vllm @ 99d7eb5, vllm/engine/arg_utils.py";
        program = "vllm serve " + model;
        c.flag("--tensor-parallel-size", servingWhole(t));
        c.flag("--pipeline-parallel-size", servingWhole(pp));
        // With --enable-expert-parallel vLLM spreads the experts over TP × DP: the plan keeps them
        // within each replica's TP group, so replicas of an EP layout are separate servers.
        oneServer = !ep;
        if (oneServer && replicas > 1)
            c.flag("--data-parallel-size", servingWhole(replicas));
        if (ep)
            c.flag("--enable-expert-parallel");
        formats(c, "fp8");
        c.flag("--max-model-len", servingWhole(double(in.context())));
        c.flag("--max-num-seqs", servingWhole(double(in.maxNumSeqs)));
        c.flag("--max-num-batched-tokens", servingWhole(double(in.maxBatchedTokens)));
        c.flag("--gpu-memory-utilization", servingFraction(in.gpuMemoryUtilization));
        if (in.kvBlockSize > 0)
            c.flag("--block-size", servingWhole(in.kvBlockSize));
        if (!in.cudaGraphs)
            c.flag("--enforce-eager");
        if (spec != SpeculativeMethod::None) {
            const char* method = spec == SpeculativeMethod::DraftModel ? "draft_model" : spec == SpeculativeMethod::Eagle ? "eagle" : "mtp";
            std::string json = std::string("'{\"method\": \"") + method + "\"";
            if (needsDraftPath)
                json += ", \"model\": \"DRAFT\"";
            json += ", \"num_speculative_tokens\": " + k + "}'";
            c.flag("--speculative-config", json);
        }
        break;
    }
    case LaunchFramework::Sglang: {
        source = "# sgl-project/sglang @ b36e8e1, docs/advanced_features/server_arguments.md (python/sglang/srt/server_args.py)";
        program = "python -m sglang.launch_server";
        c.flag("--model-path", model);
        c.flag("--tp-size", servingWhole(t));
        if (pp > 1)
            c.flag("--pp-size", servingWhole(pp));
        if (ep)
            c.flag("--ep-size", servingWhole(p.expert));
        formats(c, "fp8_e4m3");
        c.flag("--context-length", servingWhole(double(in.context())));
        c.flag("--max-running-requests", servingWhole(double(in.maxNumSeqs)));
        c.flag("--chunked-prefill-size", servingWhole(double(in.maxBatchedTokens)));
        c.flag("--mem-fraction-static", servingFraction(in.gpuMemoryUtilization));
        if (in.kvBlockSize > 0)
            c.flag("--page-size", servingWhole(in.kvBlockSize));
        if (!in.cudaGraphs)
            c.flag("--disable-cuda-graph");
        if (spec != SpeculativeMethod::None) {
            // A chain of k drafts: k steps, top-1, k + 1 tokens verified (the guide's MTP example).
            c.flag("--speculative-algorithm", spec == SpeculativeMethod::DraftModel ? "STANDALONE" : spec == SpeculativeMethod::Eagle ? "EAGLE" : "NEXTN");
            if (needsDraftPath)
                c.flag("--speculative-draft-model-path", "DRAFT");
            c.flag("--speculative-num-steps", k);
            c.flag("--speculative-eagle-topk", "1");
            c.flag("--speculative-num-draft-tokens", servingWhole(std::max(1, in.speculativeTokens) + 1));
        }
        break;
    }
    case LaunchFramework::TensorRtLlm: {
        source = "# NVIDIA/TensorRT-LLM @ 00209af, tensorrt_llm/commands/serve.py";
        program = "trtllm-serve " + model;
        c.flag("--tp_size", servingWhole(t));
        c.flag("--pp_size", servingWhole(pp));
        if (ep)
            c.flag("--ep_size", servingWhole(p.expert));
        c.flag("--max_batch_size", servingWhole(double(in.maxNumSeqs)));
        c.flag("--max_num_tokens", servingWhole(double(in.maxBatchedTokens)));
        c.flag("--max_seq_len", servingWhole(double(in.context())));
        c.flag("--kv_cache_free_gpu_memory_fraction", servingFraction(in.gpuMemoryUtilization));
        if (w != WeightFormat::Bf16 && w != WeightFormat::Fp16)
            note(LaunchNoteCode::ServingWeightsFromCheckpoint, w == WeightFormat::Fp8 ? 8 : w == WeightFormat::Int8 ? 8 : 4);
        if (kv != KvCacheDtype::Bf16 && kv != KvCacheDtype::Fp16)
            note(LaunchNoteCode::ServingKvDtypeNotExpressible);
        if (spec != SpeculativeMethod::None)
            note(LaunchNoteCode::ServingSpeculationNotWritten);
        break;
    }
    default: return out;
    }
    if (!oneServer && replicas > 1)
        note(LaunchNoteCode::ServingReplicasSeparate, replicas, t * pp);
    if (needsDraftPath && f != LaunchFramework::TensorRtLlm)
        note(LaunchNoteCode::ServingDraftPath);
    std::string text = source + "\n";
    for (const LaunchNote& n : out.notes)
        text += "# " + describe(n) + "\n";
    text += program;
    for (const std::string& l : c.lines)
        text += " \\\n    " + l;
    text += "\n";
    out.text = std::move(text);
    return out;
}

} // namespace core
