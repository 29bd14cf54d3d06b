#include "core/io/accuracy_io.h"

#include <cmath>
#include <cstdio>

#include "core/io/corpus_io.h"
#include "core/io/jsondocument.h"

namespace core {

namespace {

std::string format(const char* fmt, auto... args)
{
    char buf[512];
    std::snprintf(buf, sizeof buf, fmt, args...);
    return buf;
}

std::string_view quantityTitle(CorpusKind kind)
{
    switch (kind) {
    case CorpusKind::StepTime: return "Step time";
    case CorpusKind::Memory: return "Memory";
    case CorpusKind::Serving: return "Serving speed";
    case CorpusKind::Count: break;
    }
    return "";
}

std::string unitOf(AccuracyFigure f, double v)
{
    switch (corpusOf(f)) {
    case CorpusKind::Memory: return format("%.2f GiB", v / 1073741824.0);
    case CorpusKind::StepTime: return format("%.4g s", v);
    default: return f == AccuracyFigure::OutputThroughput ? format("%.4g tok/s", v) : format("%.4g s", v);
    }
}

std::string table(const CorpusReport& r, bool rows, bool markdown)
{
    const Corpus& c = *r.corpus;
    std::string out;
    const ErrorSummary& all = r.all;
    const int unusable = r.unjudged;
    out += format("%s: %d public measurements from %d independent sources, each predicted with the constants fitted "
                  "without its source (leave-one-source-out); error = predicted / measured - 1.\n",
                  std::string(quantityTitle(c.kind)).c_str(), all.rows, r.sources);
    if (unusable > 0)
        out += format("%d more %s listed but not judged (%s).\n", unusable, unusable == 1 ? "row is" : "rows are",
                      rows ? "the reason is beside each" : "--rows lists them with the reason");
    out += "\n";
    const int tol = int(std::lround(c.defaultTolerance * 100));
    if (markdown) {
        out += format("| regime | rows | within ±%d %% | median \\|error\\| | P10 | P90 |\n|---|---:|---:|---:|---:|---:|\n", tol);
    } else {
        out += format("%-18s %5s %12s %9s %8s %8s\n", "regime", "rows", "within", "median", "P10", "P90");
    }
    auto line = [&](std::string_view name, const ErrorSummary& s) {
        const double share = s.rows > 0 ? 100.0 * s.within / s.rows : 0;
        if (markdown)
            out += format("| %s | %d | %d (%.0f %%) | %.1f %% | %+.1f %% | %+.1f %% |\n", std::string(name).c_str(), s.rows, s.within, share,
                          100 * s.medianAbs, 100 * s.low, 100 * s.high);
        else
            out += format("%-18s %5d %5d (%3.0f%%) %8.1f%% %+7.1f%% %+7.1f%%\n", std::string(name).c_str(), s.rows, s.within, share,
                          100 * s.medianAbs, 100 * s.low, 100 * s.high);
    };
    line("all", all);
    for (const auto& [regime, summary] : r.byRegime)
        line(regimeName(regime), summary);
    if (!rows)
        return out;
    out += "\n";
    if (markdown)
        out += "| row | source | measured | predicted | error | held out |\n|---|---|---:|---:|---:|---:|\n";
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const CorpusRow& row = c.rows[i];
        const RowResult& res = r.results[i];
        const std::string source = row.source >= 0 ? c.sources[std::size_t(row.source)].id : std::string("?");
        if (!res.usable) {
            out += markdown ? format("| %s | %s | not judged: %s | | | |\n", row.id.c_str(), source.c_str(), res.why.c_str())
                            : format("  %-44s not judged: %s\n", row.id.c_str(), res.why.c_str());
            continue;
        }
        const bool ok = std::fabs(res.heldOutError()) <= rowTolerance(c, row);
        if (markdown)
            out += format("| %s | %s | %s | %s | %+.1f %% | %+.1f %%%s |\n", row.id.c_str(), source.c_str(), unitOf(row.figure, res.measured).c_str(),
                          unitOf(row.figure, res.predicted).c_str(), 100 * res.error(), 100 * res.heldOutError(), ok ? "" : " ✗");
        else
            out += format("  %-44s %12s %12s %+7.1f%% %+7.1f%% %s\n", row.id.c_str(), unitOf(row.figure, res.measured).c_str(),
                          unitOf(row.figure, res.predicted).c_str(), 100 * res.error(), 100 * res.heldOutError(), ok ? "" : "outside");
    }
    return out;
}

Json summaryJson(const ErrorSummary& s)
{
    return Json{{"rows", s.rows}, {"within", s.within}, {"tolerance", s.tolerance}, {"median_abs_error", s.medianAbs},
                {"error_p10", s.low}, {"error_p90", s.high}};
}

std::string json(const CorpusReport& r, bool rows)
{
    const Corpus& c = *r.corpus;
    Json j;
    j["corpus"] = std::string(corpusKindName(c.kind));
    j["sources"] = r.sources;
    j["all"] = summaryJson(r.all);
    Json by = Json::object();
    for (const auto& [regime, summary] : r.byRegime)
        by[std::string(regimeName(regime))] = summaryJson(summary);
    j["by_regime"] = by;
    if (rows) {
        Json list = Json::array();
        for (std::size_t i = 0; i < c.rows.size(); ++i) {
            const CorpusRow& row = c.rows[i];
            const RowResult& res = r.results[i];
            Json o{{"id", row.id},
                   {"source", row.source >= 0 ? c.sources[std::size_t(row.source)].id : std::string()},
                   {"figure", std::string(accuracyFigureName(row.figure))},
                   {"judged", res.usable}};
            if (res.usable) {
                o["measured"] = res.measured;
                o["predicted"] = res.predicted;
                o["error"] = res.error();
                o["held_out_error"] = res.heldOutError();
                o["tolerance"] = rowTolerance(c, row);
            } else {
                o["why"] = res.why;
            }
            Json regimes = Json::array();
            for (std::size_t k = 0; k < kRegimeCount; ++k)
                if (hasRegime(row.regimes, Regime(k)))
                    regimes.push_back(std::string(regimeName(Regime(k))));
            o["regimes"] = regimes;
            list.push_back(std::move(o));
        }
        j["rows"] = list;
    }
    return dumpJson(j, 2) + "\n";
}

} // namespace

std::string reportText(const CorpusReport& report, ReportFormat f, bool rows)
{
    switch (f) {
    case ReportFormat::Table: return table(report, rows, false);
    case ReportFormat::Markdown: return table(report, rows, true);
    case ReportFormat::Json: return json(report, rows);
    }
    return {};
}

} // namespace core
