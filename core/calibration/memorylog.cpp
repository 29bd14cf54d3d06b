#include "core/calibration/memorylog.h"

#include "core/calibration/logscan.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <optional>

namespace core {

namespace {

using sv = std::string_view;

struct Reader
{
    explicit Reader(ParsedLog& log) : out(log) {}
    ParsedLog& out;
    int line = 0;
    bool recognised = false;
    int summaryDevice = -2;           ///< device of the memory_summary being read; -2: none
    std::vector<std::string> csvColumns; ///< nvidia-smi header, trimmed
    int csvIndex = -1, csvUsed = -1, csvTotal = -1;
    double csvUnit = logscan::kMiB;
    int csvRow = 0;

    void add(LogFormat f, MeasuredQuantity q, double value, int rank, double resolution, sv device = {}, bool host = false)
    {
        Measurement m;
        m.format = f;
        m.quantity = q;
        m.value = value;
        m.rank = rank;
        m.resolution = resolution;
        m.line = line;
        m.device = std::string(device);
        m.host = host;
        out.measurements.push_back(std::move(m));
        recognised = true;
    }
    void issue(LogIssueCode code, sv key, sv text)
    {
        out.issues.push_back(LogIssue{code, line, std::string(key), logscan::clip(text)});
        recognised = true;
    }
    /// A size that must not be negative: adds it or reports it. A finite number times its unit
    /// can still be beyond a double ("1e300 PiB", a 400-digit token count): refused as a bad
    /// number, never kept as infinity.
    void size(LogFormat f, MeasuredQuantity q, double value, int rank, double resolution, sv key, sv text, sv device = {}, bool host = false)
    {
        if (!std::isfinite(value))
            issue(LogIssueCode::BadNumber, key, text);
        else if (value < 0)
            issue(LogIssueCode::NegativeValue, key, text);
        else
            add(f, q, value, rank, resolution, device, host);
    }

    bool megatron(sv l);
    bool torchSummary(sv l);
    bool torchCounters(sv l);
    bool nvidiaSmi(sv l);
    bool vllm(sv l);
    bool llamaCpp(sv l);
};

bool Reader::megatron(sv l)
{
    const std::size_t at = l.find("memory (MB)");
    if (at == sv::npos || l.find('|', at) == sv::npos)
        return false;
    const int rank = logscan::integerAfter(l, "[Rank ");
    struct Field { sv key; MeasuredQuantity q; bool required; bool seen = false; };
    std::array<Field, 5> fields{{
        {"allocated", MeasuredQuantity::Allocated, true},
        {"max allocated", MeasuredQuantity::MaxAllocated, true},
        {"reserved", MeasuredQuantity::Reserved, true},
        {"max reserved", MeasuredQuantity::MaxReserved, true},
        {"total device memory used", MeasuredQuantity::DeviceUsed, false},
    }};
    recognised = true;
    sv rest = l.substr(at);
    for (std::size_t bar = rest.find('|'); bar != sv::npos;) {
        const std::size_t nextBar = rest.find('|', bar + 1);
        const sv piece = logscan::trim(rest.substr(bar + 1, nextBar == sv::npos ? sv::npos : nextBar - bar - 1));
        bar = nextBar;
        const std::size_t colon = piece.find(':');
        if (colon == sv::npos)
            continue;
        const sv key = logscan::trim(piece.substr(0, colon));
        const sv value = logscan::trim(piece.substr(colon + 1));
        for (Field& f : fields) {
            if (key != f.key)
                continue;
            f.seen = true;
            int decimals = 0;
            const auto v = logscan::wholeNumber(value, &decimals);
            if (!v)
                issue(LogIssueCode::BadNumber, f.key, value);
            else
                size(LogFormat::Megatron, f.q, *v * logscan::kMiB, rank, std::pow(10.0, -decimals) * logscan::kMiB, f.key, value);
        }
    }
    for (const Field& f : fields)
        if (f.required && !f.seen)
            issue(LogIssueCode::MissingField, f.key, l);
    return true;
}

bool Reader::torchSummary(sv l)
{
    const sv t = logscan::trim(l);
    if (t.find("PyTorch CUDA memory summary") != sv::npos) {
        summaryDevice = std::max(-1, logscan::integerAfter(t, "device ID "));
        recognised = true;
        return true;
    }
    if (t.size() > 10 && t.substr(0, 2) == "|=" && t.find_first_not_of("|=") == sv::npos) {
        if (summaryDevice == -2)
            summaryDevice = -1; // the rule above the title: a summary starts
        recognised = true;
        return true;
    }
    if (summaryDevice == -2 || t.size() < 2 || t.front() != '|' || t.back() != '|')
        return false;
    recognised = true; // a line of the table: rules, the header and rows we do not compare
    std::array<sv, 6> cells{};
    std::size_t n = 0, from = 1;
    for (std::size_t i = 1; i < t.size() && n < cells.size(); ++i)
        if (t[i] == '|') {
            cells[n++] = logscan::trim(t.substr(from, i - from));
            from = i + 1;
        }
    if (n < 5)
        return true;
    MeasuredQuantity current, peak;
    if (cells[0] == "Allocated memory") {
        current = MeasuredQuantity::Allocated;
        peak = MeasuredQuantity::MaxAllocated;
    } else if (cells[0] == "GPU reserved memory") {
        current = MeasuredQuantity::Reserved;
        peak = MeasuredQuantity::MaxReserved;
    } else {
        return true;
    }
    auto cell = [&](sv text, MeasuredQuantity q, sv column) {
        const std::string key = std::string(cells[0]) + " / " + std::string(column);
        std::size_t used = 0;
        const auto v = logscan::leadingNumber(text, used);
        if (!v) {
            issue(LogIssueCode::BadNumber, key, text);
            return;
        }
        std::size_t wordUsed = 0;
        const sv word = logscan::leadingWord(text.substr(used), wordUsed);
        const double unit = logscan::unitBytes(word);
        if (unit <= 0 || !logscan::trim(text.substr(used + wordUsed)).empty()) {
            issue(LogIssueCode::UnknownUnit, key, text);
            return;
        }
        size(LogFormat::TorchSummary, q, *v * unit, summaryDevice, unit, key, text);
    };
    cell(cells[1], current, "Cur Usage");
    cell(cells[2], peak, "Peak Usage");
    return true;
}

bool Reader::torchCounters(sv l)
{
    static constexpr std::array<std::pair<sv, MeasuredQuantity>, 4> kKeys{{
        {"max_memory_allocated", MeasuredQuantity::MaxAllocated},
        {"max_memory_reserved", MeasuredQuantity::MaxReserved},
        {"memory_allocated", MeasuredQuantity::Allocated},
        {"memory_reserved", MeasuredQuantity::Reserved},
    }};
    bool any = false;
    int rank = logscan::integerAfter(l, "rank ");
    if (rank < 0)
        rank = logscan::integerAfter(l, "rank");
    if (rank < 0)
        rank = logscan::integerAfter(l, "Rank ");
    // Each key's next occurrence at or after `at`, found again only once `at` has passed it: the
    // line is scanned once per key, not once per counter on it (a line of 16 MiB of counters
    // took hours when every key was searched from `at` for every counter).
    std::array<std::size_t, kKeys.size()> next{};
    auto findKey = [&](std::size_t k, std::size_t from) {
        std::size_t f = l.find(kKeys[k].first, from);
        // "memory_allocated" inside "max_memory_allocated" is the other key
        while (f != sv::npos && k >= 2 && f >= 4 && l.substr(f - 4, 4) == "max_")
            f = l.find(kKeys[k].first, f + 1);
        return f;
    };
    for (std::size_t k = 0; k < kKeys.size(); ++k)
        next[k] = findKey(k, 0);
    for (std::size_t at = 0; at < l.size();) {
        std::size_t best = sv::npos;
        std::size_t which = 0;
        for (std::size_t k = 0; k < kKeys.size(); ++k) {
            if (next[k] < at)
                next[k] = findKey(k, at);
            if (next[k] < best) {
                best = next[k];
                which = k;
            }
        }
        if (best == sv::npos)
            break;
        any = true;
        const sv key = kKeys[which].first;
        std::size_t i = best + key.size();
        while (i < l.size() && (l[i] == '(' || l[i] == ')' || l[i] == ' ' || l[i] == ':' || l[i] == '=' || l[i] == '"' || l[i] == '\''))
            ++i;
        sv rest = l.substr(i);
        std::size_t used = 0;
        int decimals = 0;
        const auto v = logscan::leadingNumber(rest, used, &decimals);
        if (!v) {
            issue(LogIssueCode::BadNumber, key, rest.substr(0, 24));
            at = i;
            continue;
        }
        // A unit word may follow; bytes when none does (the counters return bytes).
        std::size_t wordUsed = 0;
        const sv word = logscan::leadingWord(rest.substr(used), wordUsed);
        const char after = used + wordUsed < rest.size() ? rest[used + wordUsed] : ' ';
        double unit = logscan::unitBytes(word);
        if (word.empty() || after == '_') {
            unit = 1; // nothing, or the next counter's name ("max_memory_reserved")
            wordUsed = 0;
        } else if (unit <= 0) {
            issue(LogIssueCode::UnknownUnit, key, rest.substr(0, 24));
            at = i + used;
            continue;
        }
        // "12.50 GB" prints to the hundredth; bytes are exact
        size(LogFormat::TorchCounters, kKeys[which].second, *v * unit, rank, std::pow(10.0, -decimals) * unit, key, rest.substr(0, 24));
        at = i + std::max<std::size_t>(used + wordUsed, 1);
    }
    return any;
}

bool Reader::nvidiaSmi(sv l)
{
    // Split on commas (nvidia-smi separates fields with ", "; NVIDIA product names hold no comma).
    std::vector<sv> cells;
    for (std::size_t from = 0;;) {
        const std::size_t comma = l.find(',', from);
        cells.push_back(logscan::trim(l.substr(from, comma == sv::npos ? sv::npos : comma - from)));
        if (comma == sv::npos)
            break;
        from = comma + 1;
    }
    if (cells.size() < 2)
        return false;
    bool header = false;
    for (const sv c : cells)
        header |= c.substr(0, 11) == "memory.used" || c.substr(0, 12) == "memory.total";
    if (header) {
        csvColumns.clear();
        csvIndex = csvUsed = csvTotal = -1;
        csvUnit = logscan::kMiB;
        csvRow = 0;
        for (std::size_t k = 0; k < cells.size(); ++k) {
            const sv c = cells[k];
            csvColumns.emplace_back(c);
            if (c == "index")
                csvIndex = int(k);
            else if (c.substr(0, 11) == "memory.used")
                csvUsed = int(k);
            else if (c.substr(0, 12) == "memory.total")
                csvTotal = int(k);
            const std::size_t open = c.find('[');
            if (open != sv::npos && c.find(']', open) != sv::npos) {
                const double u = logscan::unitBytes(c.substr(open + 1, c.find(']', open) - open - 1));
                if (u > 0)
                    csvUnit = u;
            }
        }
        recognised = true;
        return true;
    }
    // A data row: the first cell an integer (index) or a number with MiB somewhere.
    bool looksLikeRow = false;
    for (const sv c : cells)
        looksLikeRow |= c.size() > 4 && c.substr(c.size() - 4) == " MiB" && logscan::isDigit(c.front());
    if (csvColumns.empty()) {
        if (looksLikeRow) {
            issue(LogIssueCode::CsvWithoutHeader, "memory.used", l);
            return true;
        }
        return false;
    }
    if (cells.size() != csvColumns.size()) {
        if (!looksLikeRow)
            return false;
        issue(LogIssueCode::CsvColumnCount, csvColumns.front(), l);
        return true;
    }
    int index = csvRow;
    if (csvIndex < 0 && csvUsed >= 0) {
        const sv used = cells[std::size_t(csvUsed)];
        if (used.empty() || !(logscan::isDigit(used.front()) || used.front() == '['))
            return false;
    }
    if (csvIndex >= 0) {
        const auto v = logscan::wholeNumber(cells[std::size_t(csvIndex)]);
        if (!v)
            return false; // not a row of this table
        index = logscan::indexOf(*v);
    }
    recognised = true;
    ++csvRow;
    auto cell = [&](int column, MeasuredQuantity q) {
        if (column < 0)
            return;
        const sv c = cells[std::size_t(column)];
        const sv key = csvColumns[std::size_t(column)];
        if (!c.empty() && c.front() == '[') { // [N/A], [Not Supported]
            issue(LogIssueCode::NotSupported, key, c);
            return;
        }
        std::size_t used = 0;
        const auto v = logscan::leadingNumber(c, used);
        if (!v) {
            issue(LogIssueCode::BadNumber, key, c);
            return;
        }
        std::size_t wordUsed = 0;
        const sv word = logscan::leadingWord(c.substr(used), wordUsed);
        const double unit = word.empty() ? csvUnit : logscan::unitBytes(word);
        if (unit <= 0) {
            issue(LogIssueCode::UnknownUnit, key, c);
            return;
        }
        size(LogFormat::NvidiaSmi, q, *v * unit, index, unit, key, c);
    };
    cell(csvUsed, MeasuredQuantity::DeviceUsed);
    cell(csvTotal, MeasuredQuantity::DeviceTotal);
    return true;
}

bool Reader::vllm(sv l)
{
    int rank = logscan::integerAfter(l, "rank=");
    if (rank < 0)
        rank = logscan::integerAfter(l, "Worker_TP");
    bool any = false;
    // "<phrase> X GiB" or "<phrase> XGiB"
    auto gib = [&](sv phrase, MeasuredQuantity q) {
        const std::size_t at = l.find(phrase);
        if (at == sv::npos)
            return;
        any = true;
        const sv rest = l.substr(at + phrase.size());
        std::size_t used = 0;
        int decimals = 0;
        const auto v = logscan::leadingNumber(rest, used, &decimals);
        if (!v) {
            issue(LogIssueCode::BadNumber, logscan::trim(phrase), rest.substr(0, 24));
            return;
        }
        std::size_t wordUsed = 0;
        const double unit = logscan::unitBytes(logscan::leadingWord(rest.substr(used), wordUsed));
        if (unit <= 0) {
            issue(LogIssueCode::UnknownUnit, logscan::trim(phrase), rest.substr(0, 24));
            return;
        }
        size(LogFormat::Vllm, q, *v * unit, rank, std::pow(10.0, -decimals) * unit, logscan::trim(phrase), rest.substr(0, 24));
    };
    gib("Model loading took ", MeasuredQuantity::Weights);
    gib("Loading model weights took ", MeasuredQuantity::Weights);
    gib("model weights take ", MeasuredQuantity::Weights);
    gib("non_torch_memory takes ", MeasuredQuantity::NonTorch);
    gib("PyTorch activation peak memory takes ", MeasuredQuantity::ActivationPeak);
    gib("the rest of the memory reserved for KV Cache is ", MeasuredQuantity::KvCache);
    gib("Available KV cache memory: ", MeasuredQuantity::KvCache);
    if (l.find("Memory profiling results:") != sv::npos) {
        gib("kv_cache_size=", MeasuredQuantity::KvCache);
        gib(" non_torch_memory=", MeasuredQuantity::NonTorch);
    }
    if (l.find("Graph capturing finished") != sv::npos)
        gib(", took ", MeasuredQuantity::CudaGraphs);
    if (const std::size_t at = l.find("GPU KV cache size: "); at != sv::npos) {
        any = true;
        std::size_t used = 0;
        const sv rest = l.substr(at + 19);
        const auto v = logscan::groupedInteger(rest, used);
        if (!v || logscan::trim(rest.substr(used)).substr(0, 6) != "tokens")
            issue(LogIssueCode::BadNumber, "GPU KV cache size", rest.substr(0, 24));
        else
            size(LogFormat::Vllm, MeasuredQuantity::KvCacheTokens, *v, rank, 1, "GPU KV cache size", rest.substr(0, 24));
    }
    if (const std::size_t at = l.find(" blocks: "); at != sv::npos && l.find("# ") != sv::npos && l.find("# ") < at) {
        const sv device = logscan::trim(l.substr(l.find("# ") + 2, at - l.find("# ") - 2));
        if (device != "CPU" && device.find(' ') == sv::npos) {
            any = true;
            std::size_t used = 0;
            const auto v = logscan::groupedInteger(l.substr(at + 9), used);
            if (!v)
                issue(LogIssueCode::BadNumber, "GPU blocks", l.substr(at + 9, 24));
            else
                size(LogFormat::Vllm, MeasuredQuantity::KvCacheBlocks, *v, rank, 1, "GPU blocks", l.substr(at + 9, 24));
        }
    }
    return any;
}

bool Reader::llamaCpp(sv l)
{
    const std::size_t at = l.find(" buffer size = ");
    if (at == sv::npos)
        return false;
    // "...:      CUDA0 KV buffer size", "... CUDA_Host  output buffer size"
    sv before = logscan::trim(l.substr(0, at));
    const std::size_t kindAt = before.find_last_of(' ');
    if (kindAt == sv::npos)
        return false;
    const sv kind = before.substr(kindAt + 1);
    MeasuredQuantity q;
    if (kind == "model")
        q = MeasuredQuantity::Weights;
    else if (kind == "KV")
        q = MeasuredQuantity::KvCache;
    else if (kind == "compute")
        q = MeasuredQuantity::ActivationPeak;
    else if (kind == "output")
        q = MeasuredQuantity::OutputBuffer;
    else
        return false;
    before = logscan::trim(before.substr(0, kindAt));
    const std::size_t deviceAt = before.find_last_of(' ');
    const sv device = deviceAt == sv::npos ? before : before.substr(deviceAt + 1);
    const bool host = device.substr(0, 3) == "CPU" || device.find("Host") != sv::npos || device.find("Mapped") != sv::npos;
    int rank = -1;
    if (!host) {
        std::size_t d = device.size();
        while (d > 0 && logscan::isDigit(device[d - 1]))
            --d;
        if (d < device.size())
            rank = logscan::indexOf(logscan::wholeNumber(device.substr(d)).value_or(-1));
    }
    recognised = true;
    const sv rest = l.substr(at + 15);
    std::size_t used = 0;
    int decimals = 0;
    const auto v = logscan::leadingNumber(rest, used, &decimals);
    const std::string key = std::string(device) + " " + std::string(kind) + " buffer size";
    if (!v) {
        issue(LogIssueCode::BadNumber, key, rest);
        return true;
    }
    std::size_t wordUsed = 0;
    const double unit = logscan::unitBytes(logscan::leadingWord(rest.substr(used), wordUsed));
    if (unit <= 0) {
        issue(LogIssueCode::UnknownUnit, key, rest);
        return true;
    }
    size(LogFormat::LlamaCpp, q, *v * unit, rank, std::pow(10.0, -decimals) * unit, key, rest, device, host);
    return true;
}

} // namespace

ParsedLog parseMemoryLog(std::string_view text)
{
    ParsedLog out;
    Reader r(out);
    bool any = false;
    for (std::size_t from = 0; from <= text.size();) {
        std::size_t end = text.find('\n', from);
        if (end == sv::npos)
            end = text.size();
        const sv l = text.substr(from, end - from);
        from = end + 1;
        if (end == text.size() && l.empty())
            break; // after the last newline
        ++r.line;
        if (logscan::trim(l).empty()) {
            if (end == text.size())
                break;
            continue;
        }
        any = true;
        r.recognised = false;
        if (!(r.megatron(l) || r.torchSummary(l) || r.nvidiaSmi(l) || r.vllm(l) || r.llamaCpp(l) || r.torchCounters(l)))
            r.summaryDevice = -2;
        out.recognisedLines += r.recognised;
        if (end == text.size())
            break;
    }
    out.lines = r.line;
    if (!any)
        out.issues.push_back(LogIssue{LogIssueCode::Empty, 0, {}, {}});
    else if (out.measurements.empty() && out.issues.empty())
        out.issues.push_back(LogIssue{LogIssueCode::NothingRecognised, 0, {}, logscan::clip(text.substr(0, text.find('\n')))});
    return out;
}

} // namespace core
