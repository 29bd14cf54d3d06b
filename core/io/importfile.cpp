#include "core/io/importfile.h"

#include <filesystem>
#include <utility>

#include "core/io/hfconfig.h"
#include "core/io/jsondocument.h"
#include "core/io/jsonlimits.h"

namespace core {

namespace {

/// A JSON document's leaves as dotted keys, depth-first in the file's order, without recursion
/// (the document's depth is already bounded by parseJsonDocument).
std::vector<ConfigEntry> flattenJson(const Json& doc)
{
    std::vector<ConfigEntry> out;
    struct Item
    {
        const Json* node;
        std::string key;
    };
    std::vector<Item> stack{{&doc, {}}};
    while (!stack.empty()) {
        Item item = std::move(stack.back());
        stack.pop_back();
        const Json& j = *item.node;
        if (j.is_object()) {
            // Pushed in reverse so that the first key comes out first.
            std::vector<Item> children;
            for (auto it = j.begin(); it != j.end(); ++it)
                children.push_back({&*it, item.key.empty() ? it.key() : item.key + "." + it.key()});
            for (auto it = children.rbegin(); it != children.rend(); ++it)
                stack.push_back(std::move(*it));
        } else if (j.is_array()) {
            for (std::size_t i = j.size(); i-- > 0;)
                stack.push_back({&j[i], item.key + "[" + std::to_string(i) + "]"});
        } else if (j.is_string()) {
            out.push_back({item.key, j.get<std::string>(), true, 0});
        } else {
            out.push_back({item.key, j.is_null() ? std::string("null") : dumpJson(j), false, 0});
        }
    }
    return out;
}

} // namespace

ImportResult importLaunchFile(std::string_view text, ImportOptions options, std::string_view besideConfigJson)
{
    if (!besideConfigJson.empty() && !options.besideModel) {
        const HfImport model = importHfConfig(besideConfigJson);
        if (model.ok)
            options.besideModel = model.model;
    }
    const ImportFormat format = detectFormat(text, options);
    if (format != ImportFormat::DeepSpeed)
        return importLaunchText(text, options);
    std::vector<Issue> issues;
    Json doc;
    if (!parseJsonDocument(text, limits::kLaunchFile, doc, issues) || !doc.is_object()) {
        if (issues.empty()) {
            Issue i{IssueCode::ImportFormatUnknown, Severity::Error, ""};
            issues.push_back(i);
        }
        ImportResult r;
        r.format = ImportFormat::DeepSpeed;
        r.issues = std::move(issues);
        return r;
    }
    return importEntries(flattenJson(doc), ImportFormat::DeepSpeed, options);
}

ImportResult importLaunchPath(const std::string& path, ImportOptions options)
{
    ImportResult r;
    std::string text;
    if (!readInputFile(path, limits::kLaunchFile.maxBytes, text, r.issues))
        return r;
    if (options.fileName.empty())
        options.fileName = std::filesystem::path(path).filename().string();
    // The model of a config.json in the same folder (a checkpoint's folder, or the run's).
    std::string beside;
    std::error_code ec;
    const std::filesystem::path config = std::filesystem::path(path).parent_path() / "config.json";
    if (std::filesystem::path(path).filename() != "config.json" && std::filesystem::is_regular_file(config, ec)) {
        std::vector<Issue> ignored;
        if (!readInputFile(config.string(), limits::kHfConfig.maxBytes, beside, ignored))
            beside.clear();
    }
    return importLaunchFile(text, std::move(options), beside);
}

} // namespace core
