#include "core/io/measurement_io.h"

#include "core/io/jsonlimits.h"

namespace core {

namespace {

constexpr const char* kSection = "measurements";

template <typename Enum>
std::vector<std::string> namesOf(std::size_t count, std::string_view (*name)(Enum))
{
    std::vector<std::string> out;
    for (std::size_t i = 0; i < count; ++i)
        out.emplace_back(name(Enum(i)));
    return out;
}

void missingKey(const std::string& entry, const char* key, std::vector<Issue>& issues)
{
    Issue issue{IssueCode::MissingMeasurementKey, Severity::Error, ""};
    issue.path = entry;
    issue.given = key;
    issues.push_back(std::move(issue));
}

template <typename Enum>
bool readName(JsonReader& r, const char* key, Enum& out, const std::vector<std::string>& names, const std::string& entry,
              std::vector<Issue>& issues)
{
    std::string text;
    if (!r.has(key)) {
        r.known(key);
        missingKey(entry, key, issues);
        return false;
    }
    if (!r.string(key, text))
        return false;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == text) {
            out = Enum(i);
            return true;
        }
    r.unknownValue(key, text, names);
    return false;
}

std::size_t errorCount(const std::vector<Issue>& issues)
{
    std::size_t n = 0;
    for (const Issue& i : issues)
        n += i.severity == Severity::Error;
    return n;
}

/// One entry; false (and reported) when it cannot be kept.
bool readEntry(const Json& j, const std::string& path, Measurement& m, std::vector<Issue>& issues)
{
    if (!j.is_object()) {
        Issue issue{IssueCode::WrongType, Severity::Error, ""};
        issue.path = path;
        issue.expected = ValueKind::Object;
        issues.push_back(std::move(issue));
        return false;
    }
    static const std::vector<std::string> formats = namesOf<LogFormat>(kLogFormatCount, logFormatName);
    static const std::vector<std::string> quantities = namesOf<MeasuredQuantity>(kMeasuredQuantityCount, measuredQuantityName);
    const std::size_t errorsBefore = errorCount(issues);
    JsonReader r(j, path + ".", issues);
    readName(r, "format", m.format, formats, path, issues);
    if (readName(r, "quantity", m.quantity, quantities, path, issues)) {
        // Bytes for sizes, a count for the two counts: the key says which, so that a token
        // count is never read as bytes (nor the other way round).
        const char* key = isCount(m.quantity) ? "count" : "bytes";
        const char* other = isCount(m.quantity) ? "bytes" : "count";
        if (!r.has(key))
            missingKey(path, key, issues);
        else if (r.number(key, m.value) && m.value < 0)
            r.error(IssueCode::Negative, key, m.value);
        if (r.has(other)) {
            r.known(other);
            Issue issue{IssueCode::UnknownKey, Severity::Warning, ""};
            issue.path = r.path(other);
            issue.nearest = r.path(key);
            issues.push_back(std::move(issue));
        }
    } else {
        r.known("bytes");
        r.known("count");
    }
    m.rank = -1;
    if (r.has("rank"))
        r.integer("rank", m.rank, 0, static_cast<long long>(field_detail::kMaxGpus) - 1);
    if (r.number("resolution", m.resolution) && m.resolution < 0)
        r.error(IssueCode::Negative, "resolution", m.resolution);
    r.integer("line", m.line, 0);
    r.string("device", m.device);
    r.boolean("host", m.host);
    r.reportUnknown();
    return errorCount(issues) == errorsBefore;
}

} // namespace

void readMeasurements(const Json& section, MeasuredRun& run, std::vector<Issue>& issues)
{
    run = MeasuredRun{};
    if (!section.is_object()) {
        Issue issue{IssueCode::WrongType, Severity::Error, ""};
        issue.path = kSection;
        issue.expected = ValueKind::Object;
        issues.push_back(std::move(issue));
        return;
    }
    JsonReader r(section, std::string(kSection) + ".", issues);
    r.string("label", run.label);
    r.string("date", run.date);
    r.string("origin", run.origin);
    r.known("entries");
    r.reportUnknown();
    if (!section.contains("entries"))
        return;
    const Json& entries = section.at("entries");
    const std::string path = std::string(kSection) + ".entries";
    if (!entries.is_array()) {
        r.wrongType("entries", ValueKind::Array);
        return;
    }
    std::size_t count = entries.size();
    if (count > limits::kMaxMeasurements) {
        Issue issue{IssueCode::TooManyMeasurements, Severity::Error, "", double(count), double(limits::kMaxMeasurements)};
        issue.path = path;
        issues.push_back(std::move(issue));
        count = limits::kMaxMeasurements;
    }
    run.entries.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        Measurement m;
        if (readEntry(entries[i], path + "[" + std::to_string(i) + "]", m, issues))
            run.entries.push_back(std::move(m));
    }
}

Json measurementsJson(const MeasuredRun& run)
{
    Json j = Json::object();
    if (!run.label.empty())
        j["label"] = run.label;
    if (!run.date.empty())
        j["date"] = run.date;
    if (!run.origin.empty())
        j["origin"] = run.origin;
    Json entries = Json::array();
    for (const Measurement& m : run.entries) {
        Json e = Json::object();
        e["format"] = std::string(logFormatName(m.format));
        e["quantity"] = std::string(measuredQuantityName(m.quantity));
        if (m.rank >= 0)
            e["rank"] = m.rank;
        if (!m.device.empty())
            e["device"] = m.device;
        if (m.host)
            e["host"] = true;
        e[isCount(m.quantity) ? "count" : "bytes"] = m.value;
        if (m.resolution > 0)
            e["resolution"] = m.resolution;
        if (m.line > 0)
            e["line"] = m.line;
        entries.push_back(std::move(e));
    }
    j["entries"] = std::move(entries);
    return j;
}

} // namespace core
