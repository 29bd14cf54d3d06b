// The error bands in the estimate's JSON (estimate --format json): each figure that has one gets
// "<name>_band" beside it.

#include "core/accuracy/bands.h"
#include "core/io/json_reader.h"

namespace core {

namespace {

Json bandJson(const FigureBand& b)
{
    return Json{{"low", b.low},
                {"high", b.high},
                {"runs", b.runs},
                {"regime", b.regime >= 0 ? std::string(regimeName(Regime(b.regime))) : std::string("all")},
                {"error_low", b.errorLow},
                {"error_high", b.errorHigh}};
}

void put(Json& object, const char* key, const FigureBand& b)
{
    if (b.known() && object.is_object())
        object[key] = bandJson(b);
}

} // namespace

void addBandsJson(Json& j, const EstimateBands& bands)
{
    if (auto c = j.find("compute"); c != j.end())
        put(*c, "step_seconds_band", bands.stepSeconds);
    if (auto r = j.find("inference"); r != j.end()) {
        put(*r, "decode_step_seconds_band", bands.tpot);
        put(*r, "prefill_seconds_band", bands.ttft);
        put(*r, "output_tokens_per_second_per_gpu_band", bands.outputThroughput);
        put(*r, "free_bytes_for_kv_band", bands.kvPool);
    }
    if (auto g = j.find("rank_groups"); g != j.end() && g->is_array())
        for (std::size_t i = 0; i < g->size() && i < bands.groups.size(); ++i) {
            put((*g)[i], "allocated_band", bands.groups[i][0]);
            put((*g)[i], "reserved_band", bands.groups[i][1]);
            put((*g)[i], "device_band", bands.groups[i][2]);
        }
}

} // namespace core
