// Bad input never gives a crash or a silent non-number: every scenario of the seed deck (all
// three modes) is mutated thousands of times, a number at a time, with zeros, negatives,
// fractions and absurd sizes. Each must either be rejected with an error or give an estimate
// whose every number (JSON output included) is finite. Deterministic (fixed seed); the CI also
// runs it under AddressSanitizer and UndefinedBehaviorSanitizer.
#include <QtTest>

#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "core/io/deck.h"
#include "core/estimate.h"
#include "core/io/estimate_io.h"
#include "core/io/scenario_io.h"

namespace {

using Json = nlohmann::ordered_json;

// The numeric keys a file can set, by section ("gpu" = hardware.gpu, "rl" = finetune.rl).
const std::vector<std::pair<const char*, const char*>> kKeys = {
    {"model", "num_layers"}, {"model", "hidden_size"}, {"model", "ffn_hidden_size"}, {"model", "num_attention_heads"},
    {"model", "num_query_groups"}, {"model", "vocab_size"}, {"model", "parameters"}, {"model", "head_dim"},
    {"model", "num_experts"}, {"model", "moe_top_k"}, {"model", "moe_ffn_hidden_size"}, {"model", "sliding_window"},
    {"model", "global_layer_every"}, {"model", "kv_lora_rank"}, {"model", "pad_vocab_multiple"},
    {"training", "seq_length"}, {"training", "micro_batch_size"}, {"training", "global_batch_size"},
    {"training", "train_tokens"}, {"training", "zero_stage"}, {"training", "moe_capacity_factor"},
    {"parallel", "gpus"}, {"parallel", "gpus_per_node"}, {"parallel", "tensor"}, {"parallel", "pipeline"},
    {"parallel", "virtual_pipeline"}, {"parallel", "context"}, {"parallel", "expert"}, {"parallel", "expert_tensor"},
    {"hardware", "mfu"}, {"hardware", "achieved_tflops"}, {"hardware", "price_per_gpu_hour"}, {"hardware", "overhead_factor"},
    {"gpu", "memory_bytes"}, {"gpu", "memory_bandwidth_bytes_per_second"}, {"gpu", "interconnect_bytes_per_second"},
    {"gpu", "network_bytes_per_second"},
    {"inference", "batch_size"}, {"inference", "prompt_length"}, {"inference", "generated_tokens"},
    {"inference", "quant_group_size"}, {"inference", "kv_block_size"}, {"inference", "max_batched_tokens"},
    {"finetune", "lora_rank"}, {"runtime", "cuda_context_bytes"}, {"runtime", "fragmentation_fraction"},
    {"runtime", "zero3_prefetch_modules"}, {"runtime", "cpu_buffer_factor"},
    {"rl", "samples_per_prompt"}, {"rl", "prompt_length"}, {"rl", "max_new_tokens"}, {"rl", "prompts_per_gpu"},
    {"rl", "rollout_memory_fraction"}, {"rl", "rollout_tensor"}, {"rl", "rollout_gpus"}, {"rl", "reward_parameters"},
};

const double kValues[] = {0, -1, 1, 2, 3, 7, 0.5, 1e-300, 1e15, 1e300, -1e300, 9.3e18, 65536, 4097, 1e9};

/// The first non-finite number in `j`, as its path; empty if there is none.
std::string nonFinite(const Json& j, const std::string& path = {})
{
    if (j.is_null())
        return path; // nlohmann writes NaN and infinity as null
    if (j.is_number_float() && !std::isfinite(j.get<double>()))
        return path;
    if (j.is_object())
        for (auto it = j.begin(); it != j.end(); ++it)
            if (std::string p = nonFinite(it.value(), path + "." + it.key()); !p.empty())
                return p;
    if (j.is_array())
        for (std::size_t i = 0; i < j.size(); ++i)
            if (std::string p = nonFinite(j[i], path + "[" + std::to_string(i) + "]"); !p.empty())
                return p;
    return {};
}

} // namespace

class TestMutations : public QObject
{
    Q_OBJECT

private slots:
    void mutatedScenariosAreRejectedOrFinite()
    {
        const core::DeckLoad deck = core::loadDeck(core::seedDeckJson());
        QVERIFY(deck.ok);
        std::vector<Json> bases;
        for (const core::Scene& scene : deck.deck.scenes)
            bases.push_back(Json::parse(core::saveScenario(scene.scenario)));
        // Fixed, so that CI is repeatable; SHARDSCOPE_MUTATION_SEED explores other sequences.
        const QByteArray seed = qgetenv("SHARDSCOPE_MUTATION_SEED");
        std::mt19937 random(seed.isEmpty() ? 20261129u : seed.toUInt());
        int rejected = 0, estimated = 0;
        core::Estimate e;
        for (int run = 0; run < 3000; ++run) {
            Json j = bases[random() % bases.size()];
            const int changes = 1 + int(random() % 3);
            for (int c = 0; c < changes; ++c) {
                const auto& [section, key] = kKeys[random() % kKeys.size()];
                const double value = kValues[random() % std::size(kValues)];
                const std::string name = section;
                Json& target = name == "gpu" ? j["hardware"]["gpu"] : name == "rl" ? j["finetune"]["rl"] : j[section];
                if (target.is_object() || target.is_null())
                    target[key] = value;
            }
            const std::string text = j.dump();
            const core::ScenarioLoad load = core::loadScenario(text);
            if (!load.ok) {
                ++rejected;
                continue;
            }
            core::estimate(load.scenario, e);
            if (!e.valid) {
                ++rejected;
                QVERIFY2(core::hasErrors(e.issues), text.c_str()); // rejected, and it says why
                continue;
            }
            ++estimated;
            for (const core::RankGroup& g : e.groups)
                QVERIFY2(std::isfinite(g.totalBytes) && g.totalBytes >= 0, text.c_str());
            const std::string bad = nonFinite(Json::parse(core::estimateToJson(load.scenario, e, load.issues)));
            QVERIFY2(bad.empty(), (bad + " is not a number in the estimate of " + text).c_str());
        }
        // Both outcomes are exercised: the mutations are neither all harmless nor all fatal.
        QVERIFY2(rejected > 300 && estimated > 300, qPrintable(QStringLiteral("%1 rejected, %2 estimated").arg(rejected).arg(estimated)));
    }
};

QTEST_GUILESS_MAIN(TestMutations)
#include "tst_mutations.moc"
