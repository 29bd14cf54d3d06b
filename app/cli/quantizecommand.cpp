#include "app/cli/quantizecommand.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

#include "app/cli/cli.h"
#include "core/estimate.h"
#include "core/io/jsonlimits.h"
#include "core/io/scenario_io.h"
#include "core/io/tensorfile.h"
#include "core/numerics/distributions.h"
#include "core/numerics/tensorstudio.h"
#include "core/weightformat.h"

namespace {

const char* kQuantizeUsage =
    "usage: shardscope quantize --dist normal|laplace|lognormal|outliers|FILE.npy|FILE.csv --to FORMAT [options]\n"
    "  Stores a tensor in FORMAT and prints what is lost, as the number-format lab's tensor studio does.\n"
    "  --to fp16|bf16|e4m3|e5m2|mxfp8|mxfp8-e5m2|mxfp6-e2m3|mxfp6-e3m2|mxfp4|nvfp4|int8|int4\n"
    "  --scaling none|tensor|channel|group|block   how values share scales (default: the format's usual one:\n"
    "                   fp16/bf16 none, e4m3/e5m2 tensor, MX and NVFP4 block, int8 channel, int4 group)\n"
    "  --group N        values per scale with --scaling group (default 128; implies --scaling group)\n"
    "  --scheme symmetric|asymmetric   integers: zero point 0, or a zero point per scale (default symmetric)\n"
    "  --percentile P   clip at the P-th percentile of |x| (per-tensor scaling only; default: the absolute max)\n"
    "  --scale-format fp16|bf16|fp32|fp8|e8m0   how integer scales are stored (default fp16)\n"
    "  --rows R --cols C   generated tensor shape (default 1024 x 1024); rows are output channels\n"
    "  --sigma X        normal/outliers standard deviation, laplace scale b (default 0.02)\n"
    "  --range LOW:HIGH lognormal: log10 of the magnitudes, mean +/- 3 sigma (default -10:-1)\n"
    "  --seed S         generator seed (default 1)\n"
    "  --scenario FILE.json|--default  the model whose weights bytes_for_model counts (default: --default)\n"
    "  --set section.key=value         overrides for that scenario\n"
    "  --format table|json\n"
    "JSON keys: effective_bits, mse, snr_db (null when exact), max_relative_error, underflow_fraction,\n"
    "  overflow_fraction, saturation_fraction, subnormal_fraction, bytes_for_model, and the inputs.\n"
    "  A value that overflows to inf is an infinite error: error_is_infinite is true, and mse, snr_db and\n"
    "  max_relative_error are null (the table prints inf and -inf dB). Saturated values count with their error.\n"
    "Exit status: 0 success, 2 invalid arguments, an unreadable file or an invalid scenario.\n";

struct FormatName
{
    const char* key;
    const char* display;
    core::TensorFormat format;
};

const FormatName kFormats[] = {
    {"fp16", "FP16", core::TensorFormat::Fp16},
    {"bf16", "BF16", core::TensorFormat::Bf16},
    {"e4m3", "FP8 E4M3", core::TensorFormat::Fp8E4M3},
    {"e5m2", "FP8 E5M2", core::TensorFormat::Fp8E5M2},
    {"mxfp8", "MXFP8 (E4M3)", core::TensorFormat::MxFp8E4M3},
    {"mxfp8-e5m2", "MXFP8 (E5M2)", core::TensorFormat::MxFp8E5M2},
    {"mxfp6-e2m3", "MXFP6 (E2M3)", core::TensorFormat::MxFp6E2M3},
    {"mxfp6-e3m2", "MXFP6 (E3M2)", core::TensorFormat::MxFp6E3M2},
    {"mxfp4", "MXFP4", core::TensorFormat::MxFp4},
    {"nvfp4", "NVFP4", core::TensorFormat::NvFp4},
    {"int8", "INT8", core::TensorFormat::Int8},
    {"int4", "INT4", core::TensorFormat::Int4},
};

const char* scalingKey(core::Scaling s)
{
    switch (s) {
    case core::Scaling::None: return "none";
    case core::Scaling::Tensor: return "tensor";
    case core::Scaling::Channel: return "channel";
    case core::Scaling::Group: return "group";
    case core::Scaling::Block: return "block";
    }
    return "none";
}

const char* scaleFormatKey(core::ScaleFormat f)
{
    switch (f) {
    case core::ScaleFormat::Fp32: return "fp32";
    case core::ScaleFormat::Fp16: return "fp16";
    case core::ScaleFormat::Bf16: return "bf16";
    case core::ScaleFormat::Fp8: return "fp8";
    case core::ScaleFormat::E8M0: return "e8m0";
    }
    return "fp16";
}

std::string formatKey(core::TensorFormat f)
{
    for (const FormatName& n : kFormats)
        if (n.format == f)
            return n.key;
    return "?";
}

std::string formatDisplay(core::TensorFormat f)
{
    for (const FormatName& n : kFormats)
        if (n.format == f)
            return n.display;
    return "?";
}

int fail(const std::string& message)
{
    std::cerr << "shardscope: " << message << "\n";
    return kExitInvalid;
}

int usage(const std::string& message)
{
    std::cerr << "shardscope: " << message << "\n" << kQuantizeUsage;
    return kExitInvalid;
}

bool parseNumber(const std::string& text, double& out)
{
    const char* first = text.data() + (!text.empty() && text[0] == '+' ? 1 : 0);
    const auto [end, ec] = std::from_chars(first, text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && std::isfinite(out);
}

bool parseInteger(const std::string& text, std::int64_t& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

std::string describeDistribution(const core::DistributionSpec& s)
{
    char b[160];
    switch (s.kind) {
    case core::Distribution::Normal: std::snprintf(b, sizeof b, "normal N(0, %g^2)", s.scale); break;
    case core::Distribution::Laplace: std::snprintf(b, sizeof b, "Laplace(0, b = %g)", s.scale); break;
    case core::Distribution::LogNormal: std::snprintf(b, sizeof b, "log-normal |x|, 10^%g ... 10^%g (mean +/- 3 sigma)", s.log10Low, s.log10High); break;
    case core::Distribution::LogUniform: std::snprintf(b, sizeof b, "log-uniform |x|, 10^%g ... 10^%g", s.log10Low, s.log10High); break;
    case core::Distribution::Outliers:
        std::snprintf(b, sizeof b, "normal N(0, %g^2), %d input channels x %g", s.scale, s.outlierColumns, s.outlierFactor);
        break;
    }
    return b;
}

std::string recipeText(const core::QuantRecipe& r)
{
    std::string t = formatDisplay(r.format);
    switch (r.scaling) {
    case core::Scaling::None: t += ", no scale"; break;
    case core::Scaling::Tensor: t += ", one scale per tensor"; break;
    case core::Scaling::Channel: t += ", one scale per output channel (row)"; break;
    case core::Scaling::Group: t += ", one scale per " + std::to_string(r.groupSize) + " values of a row"; break;
    case core::Scaling::Block:
        t += r.format == core::TensorFormat::NvFp4 ? ", 16-value blocks with an E4M3 scale + one FP32 per tensor"
                                                    : ", 32-value blocks with an E8M0 scale";
        break;
    }
    if (core::isInteger(r.format)) {
        t += r.scheme == core::QuantScheme::Symmetric ? ", symmetric" : ", asymmetric (zero points)";
        t += std::string(", ") + scaleFormatKey(r.scaleFormat) + " scales";
    }
    if (r.clipping == core::Clipping::Percentile)
        t += ", clipped at the " + QString::number(r.percentile).toStdString() + "th percentile";
    return t;
}

/// Where the format's rule is written down.
std::string formatSource(core::TensorFormat f)
{
    switch (f) {
    case core::TensorFormat::Fp16: return "IEEE 754-2019 binary16";
    case core::TensorFormat::Bf16: return "bfloat16 (Kalamkar et al. 2019)";
    case core::TensorFormat::Fp8E4M3:
    case core::TensorFormat::Fp8E5M2: return "OCP 8-bit Floating Point v1.0; per-tensor scale amax / max (Transformer Engine current scaling)";
    case core::TensorFormat::NvFp4:
        return "NVIDIA, \"Introducing NVFP4 for Efficient and Accurate Low-Precision Inference\" (2025); scales as torchao nvfp4_tensor.py";
    case core::TensorFormat::Int8:
    case core::TensorFormat::Int4: return "Jacob et al. 2018 eq. 1 (scale, zero point); GPTQ/AWQ groups";
    default: return "OCP Microscaling Formats (MX) v1.0, sections 5.3 and 6.3";
    }
}

std::string recipeError(core::RecipeError e, const core::QuantRecipe& r, const core::Tensor& t)
{
    switch (e) {
    case core::RecipeError::None: return {};
    case core::RecipeError::EmptyTensor: return "the tensor has no values";
    case core::RecipeError::ScalingNotAvailable: {
        std::string allowed;
        for (core::Scaling s : core::scalingsFor(r.format))
            allowed += std::string(allowed.empty() ? "" : ", ") + scalingKey(s);
        return std::string("--scaling ") + scalingKey(r.scaling) + " is not available for " + formatKey(r.format) + " (it takes " + allowed + ")";
    }
    case core::RecipeError::BadGroupSize:
        return "--group " + std::to_string(r.groupSize) + " must be 2 ... " + std::to_string(t.cols) + " (the row length)";
    case core::RecipeError::BadPercentile: return "--percentile must be above 50 and at most 100";
    case core::RecipeError::PercentileNeedsTensorScale: return "--percentile clipping is calibrated per tensor: use --scaling tensor";
    case core::RecipeError::SchemeNeedsInteger: return "--scheme asymmetric is for int8 and int4 (a zero point per scale)";
    }
    return "invalid recipe";
}

QJsonValue finiteOrNull(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

std::string gigabytes(double bytes)
{
    char b[64];
    std::snprintf(b, sizeof b, "%.3f GB", bytes / 1e9);
    return b;
}

std::string percent(double fraction)
{
    char b[64];
    if (fraction == 0)
        return "0 %";
    std::snprintf(b, sizeof b, fraction < 1e-4 ? "%.2e %%" : "%.4g %%", fraction * 100);
    return b;
}

} // namespace

int quantizeCommand(const std::vector<std::string>& args)
{
    std::string dist, to, scaling, scheme, scaleFormat, format = "table", scenarioFile = "--default";
    std::optional<std::int64_t> group, rows, cols, seed;
    std::optional<double> percentile, sigma;
    std::optional<std::pair<double, double>> range;
    std::vector<std::string> sets;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string a = args[i], value;
        bool inlineValue = false;
        if (const auto eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos && a != "--set") {
            value = a.substr(eq + 1);
            a = a.substr(0, eq);
            inlineValue = true;
        }
        if (a == "--help" || a == "-h") {
            std::cout << kQuantizeUsage;
            return 0;
        }
        static const char* valued[] = {"--dist", "--to", "--scaling", "--group", "--scheme", "--percentile", "--scale-format", "--rows",
                                       "--cols", "--seed", "--sigma", "--range", "--scenario", "--set", "--format"};
        bool known = false;
        for (const char* v : valued)
            known = known || a == v;
        if (!known)
            return usage("quantize: unexpected argument '" + args[i] + "'");
        if (!inlineValue) {
            if (i + 1 >= args.size())
                return usage("quantize: " + a + " needs a value");
            value = args[++i];
        }
        std::int64_t n = 0;
        double x = 0;
        if (a == "--dist") {
            dist = value;
        } else if (a == "--to") {
            to = value;
        } else if (a == "--scaling") {
            scaling = value;
        } else if (a == "--scheme") {
            scheme = value;
        } else if (a == "--scale-format") {
            scaleFormat = value;
        } else if (a == "--format") {
            format = value;
        } else if (a == "--scenario") {
            scenarioFile = value;
        } else if (a == "--set") {
            sets.push_back(value);
        } else if (a == "--range") {
            const auto colon = value.find(':');
            double lo = 0, hi = 0;
            if (colon == std::string::npos || !parseNumber(value.substr(0, colon), lo) || !parseNumber(value.substr(colon + 1), hi))
                return usage("quantize: --range needs LOW:HIGH in decades, e.g. -10:-1");
            range = std::make_pair(lo, hi);
        } else if (a == "--percentile" || a == "--sigma") {
            if (!parseNumber(value, x))
                return usage("quantize: " + a + " needs a number, not '" + value + "'");
            (a == "--percentile" ? percentile : sigma) = x;
        } else {
            if (!parseInteger(value, n))
                return usage("quantize: " + a + " needs an integer, not '" + value + "'");
            (a == "--group" ? group : a == "--rows" ? rows : a == "--cols" ? cols : seed) = n;
        }
    }
    if (dist.empty())
        return usage("quantize needs --dist normal|laplace|lognormal|outliers or a tensor file (.npy, .csv, .txt)");
    if (to.empty())
        return usage("quantize needs --to FORMAT");
    if (format != "table" && format != "json")
        return usage("quantize: --format must be table or json");

    core::QuantRecipe recipe;
    bool formatFound = false;
    for (const FormatName& f : kFormats)
        if (to == f.key) {
            recipe = core::defaultRecipe(f.format);
            formatFound = true;
        }
    if (!formatFound)
        return usage("quantize: unknown --to '" + to + "' (fp16, bf16, e4m3, e5m2, mxfp8, mxfp8-e5m2, mxfp6-e2m3, mxfp6-e3m2, mxfp4, nvfp4, int8, int4)");
    if (!scaling.empty()) {
        const core::Scaling all[] = {core::Scaling::None, core::Scaling::Tensor, core::Scaling::Channel, core::Scaling::Group, core::Scaling::Block};
        bool found = false;
        for (core::Scaling s : all)
            if (scaling == scalingKey(s)) {
                recipe.scaling = s;
                found = true;
            }
        if (!found)
            return usage("quantize: --scaling must be none, tensor, channel, group or block, not '" + scaling + "'");
    } else if (group) {
        recipe.scaling = core::Scaling::Group;
    }
    if (group) {
        if (recipe.scaling != core::Scaling::Group)
            return usage("quantize: --group is for --scaling group");
        if (*group < 2 || *group > (std::int64_t(1) << 30))
            return usage("quantize: --group must be from 2 to 1073741824 (2^30) values, not " + std::to_string(*group));
        recipe.groupSize = int(*group);
    }
    if (!scheme.empty()) {
        if (scheme != "symmetric" && scheme != "asymmetric")
            return usage("quantize: --scheme must be symmetric or asymmetric");
        recipe.scheme = scheme == "symmetric" ? core::QuantScheme::Symmetric : core::QuantScheme::Asymmetric;
    }
    if (!scaleFormat.empty()) {
        const core::ScaleFormat all[] = {core::ScaleFormat::Fp32, core::ScaleFormat::Fp16, core::ScaleFormat::Bf16, core::ScaleFormat::Fp8,
                                         core::ScaleFormat::E8M0};
        bool found = false;
        for (core::ScaleFormat s : all)
            if (scaleFormat == scaleFormatKey(s)) {
                recipe.scaleFormat = s;
                found = true;
            }
        if (!found)
            return usage("quantize: --scale-format must be fp16, bf16, fp32, fp8 or e8m0");
        if (!core::isInteger(recipe.format))
            return usage("quantize: --scale-format is for int8 and int4 (float formats keep FP32 scales, MX E8M0, NVFP4 E4M3)");
    }
    if (percentile) {
        recipe.clipping = core::Clipping::Percentile;
        recipe.percentile = *percentile;
    }

    // The tensor: generated, or read from a file.
    core::Tensor tensor;
    std::string tensorText;
    const struct { const char* key; core::Distribution kind; } dists[] = {
        {"normal", core::Distribution::Normal}, {"laplace", core::Distribution::Laplace}, {"lognormal", core::Distribution::LogNormal},
        {"loguniform", core::Distribution::LogUniform}, {"outliers", core::Distribution::Outliers}};
    std::optional<core::Distribution> kind;
    for (const auto& d : dists)
        if (dist == d.key)
            kind = d.kind;
    if (kind) {
        core::DistributionSpec spec;
        spec.kind = *kind;
        spec.rows = rows.value_or(spec.rows);
        spec.cols = cols.value_or(spec.cols);
        spec.seed = std::uint64_t(seed.value_or(1));
        spec.scale = sigma.value_or(spec.scale);
        if (range) {
            spec.log10Low = range->first;
            spec.log10High = range->second;
        }
        switch (core::generate(spec, tensor)) {
        case core::DistributionError::None: break;
        case core::DistributionError::BadShape:
            return usage("quantize: --rows x --cols must be 1 ... " + std::to_string(core::kMaxTensorValues) + " values");
        case core::DistributionError::BadScale: return usage("quantize: --sigma must be positive");
        case core::DistributionError::BadRange: return usage("quantize: --range LOW:HIGH needs LOW < HIGH within FP32's -45:38");
        case core::DistributionError::BadOutliers: return usage("quantize: the outlier columns do not fit in --cols");
        }
        char shape[96];
        std::snprintf(shape, sizeof shape, ", %lld x %lld = %lld values (seed %llu)", static_cast<long long>(tensor.rows),
                      static_cast<long long>(tensor.cols), static_cast<long long>(tensor.size()), static_cast<unsigned long long>(spec.seed));
        tensorText = describeDistribution(spec) + shape;
    } else {
        if (rows || cols || seed || sigma || range)
            return usage("quantize: --rows, --cols, --seed, --sigma and --range are for generated tensors, not " + dist);
        // The core's reader: a FIFO, /dev/zero or a file beyond the largest tensor is refused
        // before it is read (it read /dev/zero until memory ran out, and waited on a FIFO).
        std::string bytes;
        std::vector<core::Issue> issues;
        if (!core::readInputFile(dist, core::limits::kTensorFileBytes, bytes, issues)) {
            if (issues.front().code == core::IssueCode::FileNotFound)
                return usage("quantize: --dist '" + dist + "' is neither normal, laplace, lognormal, outliers nor an existing file");
            core::Issue reason = issues.front();
            reason.path.clear(); // named once, before the reason
            return fail("cannot read " + dist + ": " + core::describe(reason));
        }
        core::TensorLoad load = core::readTensorFile(dist, bytes);
        if (!load.ok)
            return fail(dist + ": " + core::describe(load));
        tensor = std::move(load.tensor);
        char shape[96];
        std::snprintf(shape, sizeof shape, ": %lld x %lld = %lld values", static_cast<long long>(tensor.rows), static_cast<long long>(tensor.cols),
                      static_cast<long long>(tensor.size()));
        tensorText = dist + shape;
    }

    core::TensorStudio studio;
    studio.setTensor(std::move(tensor));
    core::TensorAnalysis analysis;
    studio.analyse(recipe, analysis);
    if (analysis.error != core::RecipeError::None)
        return usage("quantize: " + recipeError(analysis.error, recipe, studio.tensor()));

    // The model whose weights it would be: the memory bars' number.
    core::ScenarioLoad load;
    if (!loadScenarioArgument(scenarioFile, sets, load))
        return kExitInvalid;
    const core::Estimate estimate = core::estimate(load.scenario);
    if (!estimate.valid) {
        for (const core::Issue& i : estimate.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: invalid scenario: " << core::describe(i) << "\n";
        return kExitInvalid;
    }
    const core::ServedModel model = core::servedModel(load.scenario, estimate.parameters, estimate.shape);
    const double modelBits = core::modelBitsPerParameter(recipe, model.rowLength);
    const double modelBytes = model.weightBytes(modelBits);
    const std::optional<core::WeightQuantization> servable = core::weightQuantizationFor(recipe);
    const core::TensorStats& s = analysis.stats;

    if (format == "json") {
        QJsonObject o;
        o[QStringLiteral("tensor")] = QString::fromStdString(tensorText);
        o[QStringLiteral("values")] = double(s.count);
        o[QStringLiteral("rows")] = double(studio.tensor().rows);
        o[QStringLiteral("cols")] = double(studio.tensor().cols);
        o[QStringLiteral("format")] = QString::fromStdString(formatKey(recipe.format));
        o[QStringLiteral("scaling")] = QString::fromLatin1(scalingKey(recipe.scaling));
        o[QStringLiteral("group_size")] = recipe.scaling == core::Scaling::Group ? QJsonValue(recipe.groupSize)
                                          : recipe.scaling == core::Scaling::Block ? QJsonValue(core::blockSizeOf(recipe.format))
                                                                                    : QJsonValue(QJsonValue::Null);
        if (core::isInteger(recipe.format)) {
            o[QStringLiteral("scheme")] = recipe.scheme == core::QuantScheme::Symmetric ? QStringLiteral("symmetric") : QStringLiteral("asymmetric");
            o[QStringLiteral("scale_format")] = QString::fromLatin1(scaleFormatKey(recipe.scaleFormat));
        }
        o[QStringLiteral("source")] = QString::fromStdString(formatSource(recipe.format));
        o[QStringLiteral("percentile")] = recipe.clipping == core::Clipping::Percentile ? QJsonValue(recipe.percentile) : QJsonValue(QJsonValue::Null);
        o[QStringLiteral("effective_bits")] = s.effectiveBits;
        // Overflow to inf is an infinite error (core::TensorStats): null, and said in so many words.
        o[QStringLiteral("error_is_infinite")] = s.overflowFraction > 0;
        o[QStringLiteral("mse")] = finiteOrNull(s.mse);
        o[QStringLiteral("snr_db")] = finiteOrNull(s.snrDb);
        o[QStringLiteral("max_relative_error")] = finiteOrNull(s.maxRelativeError);
        o[QStringLiteral("underflow_fraction")] = s.underflowFraction;
        o[QStringLiteral("overflow_fraction")] = s.overflowFraction;
        o[QStringLiteral("saturation_fraction")] = s.saturationFraction;
        o[QStringLiteral("subnormal_fraction")] = s.subnormalFraction;
        o[QStringLiteral("scale_count")] = double(s.scaleCount);
        o[QStringLiteral("median_scale")] = s.medianScale;
        o[QStringLiteral("bytes_for_model")] = modelBytes;
        o[QStringLiteral("model")] = QString::fromStdString(model.name);
        o[QStringLiteral("model_parameters")] = model.parameters;
        o[QStringLiteral("model_bits_per_linear_weight")] = modelBits;
        o[QStringLiteral("memory_bars_show_it")] = servable.has_value();
        std::cout << QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
        return 0;
    }

    auto line = [](const char* label, const std::string& value) { std::printf("%-22s %s\n", label, value.c_str()); };
    char b[256];
    line("tensor", tensorText);
    line("stored as", recipeText(recipe));
    line("rule from", formatSource(recipe.format));
    std::snprintf(b, sizeof b, "%.6g (%lld scales%s)", s.effectiveBits, static_cast<long long>(s.scaleCount),
                  recipe.format == core::TensorFormat::NvFp4 ? " + the FP32 tensor scale" : "");
    line("effective bits/value", b);
    const char* overflowed = " (values overflowed to inf)";
    std::snprintf(b, sizeof b, "%.6g%s", s.mse, std::isfinite(s.mse) ? "" : overflowed);
    line("MSE", b);
    if (std::isfinite(s.snrDb))
        std::snprintf(b, sizeof b, "%.2f dB", s.snrDb);
    else if (s.snrDb < 0)
        std::snprintf(b, sizeof b, "-inf dB%s", overflowed);
    else
        std::snprintf(b, sizeof b, "exact (no error)");
    line("SNR", b);
    std::snprintf(b, sizeof b, "%.6g%s", s.maxRelativeError, std::isfinite(s.maxRelativeError) ? "" : overflowed);
    line("max relative error", b);
    line("flushed to zero", percent(s.underflowFraction));
    line("overflowed to inf", percent(s.overflowFraction));
    line("saturated", percent(s.saturationFraction));
    if (!core::isInteger(recipe.format))
        line("subnormal", percent(s.subnormalFraction));
    if (s.scaleCount > 0) {
        std::snprintf(b, sizeof b, "min %.6g, median %.6g, max %.6g", s.minScale, s.medianScale, s.maxScale);
        line("scales", b);
    }
    std::snprintf(b, sizeof b, "%s, %.4g B parameters (%s)", model.name.c_str(), model.parameters / 1e9,
                  scenarioFile == "--default" ? "default scenario" : scenarioFile.c_str());
    line("model", b);
    std::snprintf(b, sizeof b, "%s (%.6g bits per linear weight; embeddings and norms %s)%s", gigabytes(modelBytes).c_str(), modelBits,
                  model.otherFollowsLinear ? "too" : "in 16 bits",
                  servable ? ", as the memory bars show it" : "; the memory bars have no such weight format");
    line("weights of the model", b);
    return 0;
}
