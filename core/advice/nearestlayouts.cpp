#include "core/advice/nearestlayouts.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

constexpr Field kLayoutFields[] = {Field::ParallelTensor, Field::ParallelPipeline, Field::ParallelContext, Field::ParallelExpert,
                                   Field::ParallelExpertTensor, Field::ParallelVirtualPipeline, Field::ParallelGpus};

bool isLayoutField(Field f)
{
    return std::find(std::begin(kLayoutFields), std::end(kLayoutFields), f) != std::end(kLayoutFields);
}

/// The values tried for `field`: every whole degree up to the GPUs (the degrees divide them), or
/// for the GPUs up to four times as many.
std::int64_t largestCandidate(const Scenario& s, Field field, std::int64_t current)
{
    const std::int64_t gpus = std::max(1, s.parallel.gpus);
    if (field == Field::ParallelGpus)
        return std::min<std::int64_t>(std::max<std::int64_t>(4 * gpus, 64), 4096);
    if (field == Field::ParallelVirtualPipeline)
        return std::max<std::int64_t>(2 * current, 16);
    return std::min<std::int64_t>(gpus, 1024);
}

} // namespace

std::vector<Remedy> nearestValidLayouts(const Scenario& scenario, int perField)
{
    std::vector<Remedy> out;
    Estimate e;
    estimate(scenario, e);
    if (e.valid)
        return out;
    std::vector<Field> named;
    for (const Issue& i : e.issues)
        if (i.severity == Severity::Error)
            if (const std::optional<Field> f = issueField(i); f && isLayoutField(*f) && std::find(named.begin(), named.end(), *f) == named.end())
                named.push_back(*f);
    // "TP × PP × CP does not divide the GPUs" names one of them: the others it multiplies may be
    // the ones to change, so every degree the product names is tried when one is.
    if (!named.empty())
        for (const Field f : {Field::ParallelTensor, Field::ParallelPipeline, Field::ParallelContext})
            if (std::find(named.begin(), named.end(), f) == named.end() && (f == Field::ParallelTensor || fieldValue(scenario, f).toInteger() > 1))
                named.push_back(f);
    Scenario trial = scenario;
    for (const Field field : named) {
        const std::int64_t current = std::max<std::int64_t>(1, fieldValue(scenario, field).toInteger());
        struct Candidate
        {
            std::int64_t value;
            double distance;
        };
        std::vector<Candidate> valid;
        for (std::int64_t v = 1; v <= largestCandidate(scenario, field, current); ++v) {
            if (v == current)
                continue;
            setFieldValue(trial, field, FieldValue(v));
            estimate(trial, e);
            if (e.valid)
                valid.push_back({v, std::fabs(std::log(double(v) / double(current)))});
        }
        setFieldValue(trial, field, fieldValue(scenario, field));
        std::stable_sort(valid.begin(), valid.end(), [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
        for (std::size_t k = 0; k < valid.size() && int(k) < perField; ++k) {
            Remedy r;
            r.scenario = scenario;
            setFieldValue(r.scenario, field, FieldValue(valid[k].value));
            r.changes = {ScenarioChange{field, FieldValue(valid[k].value)}};
            estimate(r.scenario, e);
            const RankGroup& g = e.fullest();
            r.bytesAfter = g.totalBytes;
            r.capacityBytes = g.capacityBytes;
            r.fitsAfter = std::all_of(e.groups.begin(), e.groups.end(), [](const RankGroup& x) { return x.fits; });
            r.gpusFactor = double(r.scenario.parallel.gpus) / std::max(1, scenario.parallel.gpus);
            out.push_back(std::move(r));
        }
    }
    // Nearest first across the fields too.
    std::stable_sort(out.begin(), out.end(), [&](const Remedy& a, const Remedy& b) {
        auto distance = [&](const Remedy& r) {
            const Field f = r.changes.front().field;
            return std::fabs(std::log(double(r.changes.front().value.toInteger()) / double(std::max<std::int64_t>(1, fieldValue(scenario, f).toInteger()))));
        };
        return distance(a) < distance(b);
    });
    return out;
}

} // namespace core
