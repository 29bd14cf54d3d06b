#include "core/importer/importer.h"

#include <algorithm>

#include "core/importer/commandargs.h"
#include "core/importer/configtext.h"
#include "core/importer/formatimporters.h"
#include "core/importer/importbuilder.h"

namespace core {

namespace {

bool importEndsWith(std::string_view s, std::string_view suffix)
{
    if (s.size() < suffix.size())
        return false;
    for (std::size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i])
            return false;
    return true;
}

bool textContains(std::string_view s, std::string_view what) { return s.find(what) != std::string_view::npos; }

bool hasEntryKey(const std::vector<ConfigEntry>& entries, std::string_view prefix)
{
    return std::any_of(entries.begin(), entries.end(), [&](const ConfigEntry& e) { return e.key.rfind(prefix, 0) == 0; });
}

/// The YAML format from its keys.
ImportFormat yamlFormat(const std::vector<ConfigEntry>& e)
{
    if (hasEntryKey(e, "actor_rollout_ref.") || hasEntryKey(e, "trainer.n_gpus_per_node"))
        return ImportFormat::Verl;
    if (hasEntryKey(e, "model.tensor_model_parallel_size") || hasEntryKey(e, "model.num_layers") || hasEntryKey(e, "train.global_batch_size")
        || hasEntryKey(e, "train.micro_batch_size"))
        return ImportFormat::MegatronBridge;
    if (hasEntryKey(e, "finetuning_type") || hasEntryKey(e, "cutoff_len") || (hasEntryKey(e, "stage") && hasEntryKey(e, "template")))
        return ImportFormat::LlamaFactory;
    if (hasEntryKey(e, "base_model") || hasEntryKey(e, "adapter") || hasEntryKey(e, "sequence_len") || hasEntryKey(e, "micro_batch_size"))
        return ImportFormat::Axolotl;
    if (hasEntryKey(e, "model_name_or_path") || hasEntryKey(e, "per_device_train_batch_size") || hasEntryKey(e, "num_generations"))
        return ImportFormat::Trl;
    return ImportFormat::Count;
}

/// key=value words (Hydra overrides of verl, or TRL's --key value options) as entries.
std::vector<ConfigEntry> commandEntries(const ShellScript& script, std::string_view program)
{
    std::vector<ConfigEntry> out;
    long at = 0;
    const ShellCommand* cmd = findProgram(script, [&](std::string_view w) { return textContains(w, program); }, at);
    if (!cmd)
        return out;
    for (const CommandArg& a : parseCommandArgs(*cmd, std::size_t(std::max<long>(at + 1, 0)), {})) {
        if (a.name.empty()) {
            const std::size_t eq = a.value.find('=');
            if (eq != std::string::npos && eq > 0) {
                std::string key = a.value.substr(0, eq);
                if (!key.empty() && key[0] == '+')
                    key.erase(0, 1); // Hydra's "+key=value" adds a key
                out.push_back({key, a.value.substr(eq + 1), false, a.line});
            }
            continue;
        }
        const std::size_t start = a.name.find_first_not_of('-');
        if (start == std::string::npos) // "--", the end of the options: no setting (it threw std::out_of_range: the fuzzer)
            continue;
        std::string key = a.name.substr(start);
        std::replace(key.begin(), key.end(), '-', '_');
        out.push_back({key, a.hasValue ? a.value : "true", false, a.line});
    }
    return out;
}

ImportResult failedImport(ImportFormat format, const ImportOptions& options, std::vector<Issue> issues)
{
    ImportBuilder b(format, options);
    for (Issue& i : issues)
        b.issue(std::move(i));
    ImportResult r = b.finish();
    r.ok = false;
    return r;
}

} // namespace

ImportFormat detectFormat(std::string_view text, const ImportOptions& options)
{
    if (options.format != ImportFormat::Auto)
        return options.format;
    const std::string_view name = options.fileName;
    std::size_t first = text.find_first_not_of(" \t\r\n");
    if (importEndsWith(name, ".json") || (first != std::string_view::npos && text[first] == '{'))
        return ImportFormat::DeepSpeed;
    if (importEndsWith(name, ".toml"))
        return ImportFormat::Torchtitan;
    if (importEndsWith(name, ".yaml") || importEndsWith(name, ".yml")) {
        const ConfigRead read = readYamlSubset(text);
        return read.ok() ? yamlFormat(read.entries) : ImportFormat::Axolotl; // the reader will say which line it stopped at
    }
    // A command line or script: by the program it runs.
    if (textContains(text, "pretrain_gpt") || textContains(text, "pretrain_mamba") || textContains(text, "--tensor-model-parallel-size")
        || textContains(text, "--num-layers"))
        return ImportFormat::Megatron;
    if (textContains(text, "sglang.launch_server"))
        return ImportFormat::Sglang;
    if (textContains(text, "trtllm-serve"))
        return ImportFormat::TensorRtLlm;
    if (textContains(text, "openrlhf.cli.train_"))
        return ImportFormat::OpenRlhf;
    if (textContains(text, "verl.trainer.main_ppo"))
        return ImportFormat::Verl;
    if (textContains(text, "vllm serve") || textContains(text, "vllm.entrypoints"))
        return ImportFormat::Vllm;
    if (textContains(text, "trl sft") || textContains(text, "trl grpo") || textContains(text, "trl dpo"))
        return ImportFormat::Trl;
    // A structured file without a telling name.
    if (const ConfigRead toml = readTomlSubset(text); toml.ok() && hasEntryKey(toml.entries, "parallelism.") && hasEntryKey(toml.entries, "training."))
        return ImportFormat::Torchtitan;
    if (const ConfigRead yaml = readYamlSubset(text); yaml.ok() && !yaml.entries.empty())
        return yamlFormat(yaml.entries);
    return ImportFormat::Count;
}

ImportResult importLaunchText(std::string_view text, const ImportOptions& options)
{
    const ImportFormat format = detectFormat(text, options);
    auto structured = [&](const ConfigRead& read, ImportFormat f) {
        if (!read.ok())
            return failedImport(f, options, read.issues);
        return importEntries(read.entries, f, options);
    };
    switch (format) {
    case ImportFormat::Megatron: return importMegatron(readShellScript(text), options);
    case ImportFormat::Vllm:
    case ImportFormat::Sglang:
    case ImportFormat::TensorRtLlm:
    case ImportFormat::OpenRlhf: return importCommandLine(readShellScript(text), format, options);
    case ImportFormat::Torchtitan: return structured(readTomlSubset(text), format);
    case ImportFormat::Verl:
    case ImportFormat::Trl: {
        if (textContains(text, "verl.trainer.main_ppo") || textContains(text, "trl sft") || textContains(text, "trl grpo") || textContains(text, "trl dpo")) {
            const ShellScript script = readShellScript(text);
            if (hasErrors(script.issues))
                return failedImport(format, options, script.issues);
            return importEntries(commandEntries(script, format == ImportFormat::Verl ? "verl.trainer.main_ppo" : "trl"), format, options);
        }
        return structured(readYamlSubset(text), format);
    }
    case ImportFormat::MegatronBridge:
    case ImportFormat::Axolotl:
    case ImportFormat::LlamaFactory: return structured(readYamlSubset(text), format);
    case ImportFormat::DeepSpeed: // JSON: core/io reads it (importLaunchFile)
    case ImportFormat::Auto:
    case ImportFormat::Count: break;
    }
    Issue unknown{IssueCode::ImportFormatUnknown, Severity::Error, ""};
    return failedImport(format == ImportFormat::DeepSpeed ? ImportFormat::DeepSpeed : ImportFormat::Auto, options, {unknown});
}

ImportResult importEntries(const std::vector<ConfigEntry>& entries, ImportFormat format, const ImportOptions& options)
{
    switch (format) {
    case ImportFormat::DeepSpeed: return importDeepSpeed(entries, options);
    case ImportFormat::Torchtitan: return importTorchtitan(entries, options);
    case ImportFormat::MegatronBridge:
    case ImportFormat::Axolotl:
    case ImportFormat::LlamaFactory:
    case ImportFormat::Trl:
    case ImportFormat::Verl: return importYaml(entries, format, options);
    default: break;
    }
    Issue unknown{IssueCode::ImportFormatUnknown, Severity::Error, ""};
    return failedImport(format, options, {unknown});
}

} // namespace core
