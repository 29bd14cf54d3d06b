#include "core/importer/importresult.h"

#include "core/translatable.h"

namespace core {

namespace {

struct ImportFormatRow
{
    ImportFormat format;
    std::string_view name, title;
};

constexpr ImportFormatRow kImportFormats[] = {
    {ImportFormat::Megatron, "megatron", "Megatron-LM"},
    {ImportFormat::MegatronBridge, "megatron-bridge", "Megatron-Bridge"},
    {ImportFormat::DeepSpeed, "deepspeed", "DeepSpeed"},
    {ImportFormat::Torchtitan, "torchtitan", "torchtitan"},
    {ImportFormat::Axolotl, "axolotl", "axolotl"},
    {ImportFormat::LlamaFactory, "llama-factory", "LLaMA-Factory"},
    {ImportFormat::Trl, "trl", "TRL"},
    {ImportFormat::Verl, "verl", "verl"},
    {ImportFormat::OpenRlhf, "openrlhf", "OpenRLHF"},
    {ImportFormat::Vllm, "vllm", "vLLM"},
    {ImportFormat::Sglang, "sglang", "SGLang"},
    {ImportFormat::TensorRtLlm, "tensorrt-llm", "TensorRT-LLM"},
};

// One sentence per reason, written once: the command line's report and (translated) the window's.
constexpr const char* kImportWhy[] = {
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "sets the scenario's value"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "names the model"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "sets the number of GPUs"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "changes neither memory nor step time (learning rate, data, paths, logging)"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "not a setting ShardScope knows in this format"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "given again later: the last one counts"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "in shell the reader does not run (a loop, a function, a branch it cannot decide, $(…))"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "not a value this setting takes"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "a mechanism the estimate does not model"),
    SHARDSCOPE_TRANSLATE_NOOP("ImportText", "no exact equivalent: the nearest setting is used"),
};
static_assert(std::size(kImportWhy) == std::size_t(ImportWhy::Count));

} // namespace

std::string_view importFormatName(ImportFormat format)
{
    for (const ImportFormatRow& f : kImportFormats)
        if (f.format == format)
            return f.name;
    return "auto";
}

std::string_view importFormatTitle(ImportFormat format)
{
    for (const ImportFormatRow& f : kImportFormats)
        if (f.format == format)
            return f.title;
    return "";
}

ImportFormat importFormatOf(std::string_view name)
{
    if (name == "auto")
        return ImportFormat::Auto;
    for (const ImportFormatRow& f : kImportFormats)
        if (f.name == name)
            return f.format;
    return ImportFormat::Count;
}

std::string_view importWhySentence(ImportWhy why)
{
    return std::size_t(why) < std::size(kImportWhy) ? kImportWhy[std::size_t(why)] : "";
}

} // namespace core
