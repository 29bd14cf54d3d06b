#include "core/io/advice_io.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/io/json_reader.h"
#include "core/io/scenario_io.h"
#include "core/terminaltext.h"

namespace core {

namespace {

Json remedyJson(const Remedy& r)
{
    Json changes = Json::array();
    for (const ScenarioChange& c : r.changes)
        changes.push_back(changeText(c));
    Json j;
    if (r.isCombination()) {
        Json actions = Json::array();
        for (const Lever& l : r.levers)
            actions.push_back(std::string(remedyActionName(l.action)));
        j["actions"] = actions;
    } else {
        j["action"] = std::string(remedyActionName(r.action()));
    }
    j["changes"] = changes;
    j["bytes_before"] = r.bytesBefore;
    j["bytes_after"] = r.bytesAfter;
    j["bytes_saved"] = r.bytesSaved;
    j["fits_after"] = r.fitsAfter;
    j["extra_flops_fraction"] = r.extraFlopsFraction;
    j["time_factor"] = r.timeFactor;
    j["extra_communication_bytes"] = r.extraCommunicationBytes;
    j["cpu_bytes"] = r.cpuBytes;
    j["gpus_factor"] = r.gpusFactor;
    if (r.wallSecondsBefore > 0) {
        j["wall_seconds_before"] = r.wallSecondsBefore;
        j["wall_seconds_after"] = r.wallSecondsAfter;
        j["goodput_before"] = r.goodputBefore;
        j["goodput_after"] = r.goodputAfter;
    }
    j["note"] = std::string(remedyNoteName(r.note));
    return j;
}

std::string memory(double bytes, PrintUnit unit)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.2f %s", bytes / bytesPerPrintUnit(unit), printUnitName(unit));
    return buf;
}

std::string signedPercent(double fraction)
{
    char buf[32];
    if (std::fabs(fraction) < 0.0005)
        return "0 %";
    std::snprintf(buf, sizeof buf, "%+.1f %%", fraction * 100);
    return buf;
}

} // namespace

std::string adviceToJson(const Scenario& s, const Advice& a)
{
    Json j;
    j["valid"] = a.valid;
    j["mode"] = std::string(toString(s.mode));
    if (a.valid) {
        j["fits"] = a.fits;
        j["fullest_bytes"] = a.fullestBytes;
        j["capacity_bytes"] = a.capacityBytes;
        Json remedies = Json::array(), combinations = Json::array(), run = Json::array();
        for (const Remedy& r : a.remedies)
            remedies.push_back(remedyJson(r));
        for (const Remedy& r : a.combinations)
            combinations.push_back(remedyJson(r));
        for (const Remedy& r : a.runRemedies)
            run.push_back(remedyJson(r));
        j["remedies"] = remedies;
        j["combinations"] = combinations;
        j["run_remedies"] = run;
    }
    return j.dump(2) + "\n";
}

std::string adviceToTable(const Scenario& s, const Advice& a, PrintUnit unit)
{
    std::string out;
    const std::string model = terminalText(!s.model.name.empty() ? s.model.name : (s.model.preset.empty() ? "custom model" : s.model.preset));
    out += "ShardScope advice: " + model + " on " + std::to_string(s.parallel.gpus) + " x " + terminalText(s.hardware.gpu.name) + " ("
        + std::string(toString(s.mode)) + ")\n";
    if (!a.valid)
        return out + "The scenario is not valid: nothing to advise (see shardscope estimate).\n";
    out += "Fullest GPU: " + memory(a.fullestBytes, unit) + " of " + memory(a.capacityBytes, unit);
    out += a.fits ? ": fits.\n" : ": does not fit, " + memory(a.fullestBytes - a.capacityBytes, unit) + " short.\n";
    auto list = [&](const std::vector<Remedy>& remedies) {
        int n = 0;
        for (const Remedy& r : remedies) {
            const std::string title = remedyTitle(r);
            char head[512];
            std::snprintf(head, sizeof head, "%2d. %s\n", ++n, title.c_str());
            out += head;
            std::string sets;
            for (const ScenarioChange& c : r.changes)
                sets += " --set " + changeText(c);
            out += "    " + sets.substr(1) + "\n";
            char line[512];
            std::snprintf(line, sizeof line, "    saves %s -> %s per GPU, %s; FLOPs %s, step time x%.2f", memory(r.bytesSaved, unit).c_str(),
                          memory(r.bytesAfter, unit).c_str(), r.fitsAfter ? "fits" : "still does not fit",
                          signedPercent(r.extraFlopsFraction).c_str(), r.timeFactor);
            out += line;
            if (std::fabs(r.extraCommunicationBytes) >= 1e6)
                out += ", communication " + std::string(r.extraCommunicationBytes > 0 ? "+" : "-")
                    + memory(std::fabs(r.extraCommunicationBytes), unit) + " per GPU per step";
            if (r.cpuBytes > 0)
                out += ", CPU memory " + memory(r.cpuBytes, unit) + " per node";
            if (r.gpusFactor != 1) {
                std::snprintf(line, sizeof line, ", GPUs x%.3g", r.gpusFactor);
                out += line;
            }
            out += "\n";
            if (r.note != RemedyNote::None)
                out += "    note: " + std::string(describe(r.note)) + "\n";
        }
    };
    if (a.remedies.empty()) {
        out += "\nNo single change from the list helps here.\n";
    } else {
        out += "\nWhat to try first (single changes, in order of priority):\n";
        list(a.remedies);
    }
    if (!a.combinations.empty()) {
        out += "\nNo single change is enough. Smallest combinations that fit, fastest first:\n";
        list(a.combinations);
    } else if (!a.fits && std::none_of(a.remedies.begin(), a.remedies.end(), [](const Remedy& r) { return r.fitsAfter; })) {
        out += "\nNo combination of up to three of these changes fits.\n";
    }
    if (!a.runRemedies.empty()) {
        out += "\nA shorter run at the same memory (checkpoints against interruptions), the largest gain first:\n";
        int n = 0;
        for (const Remedy& r : a.runRemedies) {
            char line[640];
            std::snprintf(line, sizeof line, "%2d. %s\n", ++n, remedyTitle(r).c_str());
            out += line;
            std::string sets;
            for (const ScenarioChange& c : r.changes)
                sets += " --set " + changeText(c);
            out += "    " + sets.substr(1) + "\n";
            std::snprintf(line, sizeof line, "    run %.2f -> %.2f days (%s), goodput %.1f %% -> %.1f %%", r.wallSecondsBefore / 86400,
                          r.wallSecondsAfter / 86400, signedPercent(r.timeFactor - 1).c_str(), r.goodputBefore * 100, r.goodputAfter * 100);
            out += line;
            if (r.cpuBytes > 0)
                out += ", CPU memory " + memory(r.cpuBytes, unit) + " per node";
            out += "\n";
            if (r.note != RemedyNote::None)
                out += "    note: " + std::string(describe(r.note)) + "\n";
        }
    }
    return out;
}

} // namespace core
