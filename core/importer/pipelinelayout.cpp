#include "core/importer/pipelinelayout.h"

#include <algorithm>

#include "core/layout/resolvedlayout.h"
#include "core/scenario.h"

namespace core {

namespace {

constexpr std::size_t kMaxUnits = 65536;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

/// The count after a '*' at text[at], or -1; `end` is set past its digits.
long long repeatCount(std::string_view text, std::size_t at, std::size_t& end)
{
    if (at >= text.size() || text[at] != '*' || at + 1 >= text.size() || !isDigit(text[at + 1]))
        return -1;
    long long n = 0;
    end = at + 1;
    while (end < text.size() && isDigit(text[end])) {
        n = n * 10 + (text[end] - '0');
        if (n > (long long)kMaxUnits)
            return -1;
        ++end;
    }
    return n;
}

} // namespace

std::optional<std::vector<std::string>> unrollPipelineLayout(std::string_view text)
{
    std::string s;
    for (char c : text)
        if (c != ',')
            s.push_back(c);
    // "(…)*n" first, left to right, the replaced text not scanned again (re.sub with
    // r'\(([^)]+)\)\*(\d+)'), then "x*n" (r'(.)\*(\d+)').
    std::string once;
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '(') {
            const std::size_t close = s.find(')', i + 1);
            std::size_t end = 0;
            const long long n = close != std::string::npos && close > i + 1 ? repeatCount(s, close + 1, end) : -1;
            if (n >= 0) {
                const std::string_view body = std::string_view(s).substr(i + 1, close - i - 1);
                if (once.size() + body.size() * std::size_t(n) > kMaxUnits)
                    return std::nullopt;
                for (long long k = 0; k < n; ++k)
                    once.append(body);
                i = end;
                continue;
            }
        }
        once.push_back(s[i++]);
    }
    std::string flat;
    for (std::size_t i = 0; i < once.size();) {
        std::size_t end = 0;
        const long long n = i + 1 < once.size() ? repeatCount(once, i + 1, end) : -1;
        if (n >= 0) {
            if (flat.size() + std::size_t(n) > kMaxUnits)
                return std::nullopt;
            flat.append(std::size_t(n), once[i]);
            i = end;
        } else {
            flat.push_back(once[i++]);
        }
        if (flat.size() > kMaxUnits)
            return std::nullopt;
    }
    std::vector<std::string> chunks(1);
    for (char c : flat) {
        if (c == '|')
            chunks.emplace_back();
        else if (c == 'E' || c == 't' || c == 'm' || c == 'L')
            chunks.back().push_back(c);
        else
            return std::nullopt; // Megatron: "Invalid layer character"
    }
    return chunks;
}

PipelineLayoutFields pipelineLayoutFields(const std::vector<std::string>& chunks, int pipeline)
{
    PipelineLayoutFields out;
    const int p = pipeline;
    if (p < 1 || chunks.empty() || chunks.size() % std::size_t(p) != 0)
        return out;
    const int v = int(chunks.size() / std::size_t(p));
    out.virtualStages = v;
    // validate_layer_layout: one embedding, first; one loss, last.
    std::size_t embeddings = 0, losses = 0;
    for (const std::string& c : chunks) {
        embeddings += std::size_t(std::count(c.begin(), c.end(), 'E'));
        losses += std::size_t(std::count(c.begin(), c.end(), 'L'));
        out.decoderLayers += int(std::count(c.begin(), c.end(), 't'));
        out.mtpLayers += int(std::count(c.begin(), c.end(), 'm'));
    }
    if (embeddings != 1 || losses != 1 || chunks.front().empty() || chunks.front().front() != 'E' || chunks.back().empty()
        || chunks.back().back() != 'L' || out.decoderLayers <= 0)
        return out;
    out.valid = true;
    auto layersOf = [&](int stage, int chunk) {
        const std::string& c = chunks[std::size_t(chunk) * std::size_t(p) + std::size_t(stage)];
        return int(std::count(c.begin(), c.end(), 't'));
    };
    auto matches = [&](const ParallelLayout& pl) {
        for (int i = 0; i < p; ++i)
            for (int j = 0; j < v; ++j)
                if (unevenChunkSize(out.decoderLayers, p, v, pl, i, j) != layersOf(i, j))
                    return false;
        return true;
    };
    int first = 0, last = 0;
    for (int j = 0; j < v; ++j) {
        first += layersOf(0, j);
        last += layersOf(p - 1, j);
    }
    std::vector<ParallelLayout> candidates;
    for (const auto& [e, l] : {std::pair{false, false}, {true, true}, {true, false}, {false, true}}) {
        ParallelLayout pl;
        pl.embeddingCountsAsLayer = e;
        pl.lossCountsAsLayer = l;
        candidates.push_back(pl);
    }
    if (p > 1)
        for (const auto& [f, l] : {std::pair{0, last}, {first, 0}, {first, last}}) {
            ParallelLayout pl;
            pl.firstStageLayers = f;
            pl.lastStageLayers = l;
            candidates.push_back(pl);
        }
    for (const ParallelLayout& pl : candidates)
        if (matches(pl)) {
            out.expressible = true;
            out.firstStageLayers = pl.firstStageLayers;
            out.lastStageLayers = pl.lastStageLayers;
            out.embeddingCountsAsLayer = pl.embeddingCountsAsLayer;
            out.lossCountsAsLayer = pl.lossCountsAsLayer;
            return out;
        }
    return out;
}

} // namespace core
