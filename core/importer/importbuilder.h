#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/fields.h"
#include "core/importer/importer.h"

namespace core {

/// What every importer shares: the scenario it builds (from the default one), the account of
/// each setting, the model (its shape keys over a named preset, a config.json beside the file,
/// or the format's defaults), and the last step: the core's rules.
class ImportBuilder
{
public:
    ImportBuilder(ImportFormat format, const ImportOptions& options);

    Scenario& scenario() { return m_result.scenario; }
    const ImportOptions& options() const { return m_options; }

    /// A setting that sets `field` to `value`.
    void set(Field field, FieldValue value, std::string_view key, std::string_view text, int line);
    /// A setting of the model's shape: applied over the model the file ends up naming.
    void shape(Field field, FieldValue value, std::string_view key, std::string_view text, int line);
    /// A second field the same setting sets (recorded once, with the first).
    void alsoShape(Field field, FieldValue value) { m_shapeEdits.emplace_back(field, value); }
    /// A setting recorded with its reason (ignored, not expressible, or used some other way).
    void note(std::string_view key, std::string_view text, int line, ImportWhy why);
    /// The model the file names (a Hugging Face name or a local path ending in one).
    void nameModel(std::string_view name, std::string_view key, int line);
    /// The number of GPUs (and per node) the file launches.
    void gpus(long long gpus, long long perNode, std::string_view key, std::string_view text, int line);
    /// Parses a number; records BadValue and returns false if it is not one (or not finite).
    bool number(std::string_view text, double& value, std::string_view key, int line);
    /// The format's own defaults for a model given only by shape keys (Megatron: GELU, LayerNorm,
    /// learned positions, tied embeddings, biases, dropout 0.1; arguments.py defaults).
    void setShapeDefaults(const ModelArchitecture& defaults) { m_shapeDefaults = defaults; }
    bool hasShape() const { return !m_shapeEdits.empty(); }
    bool namedModel() const { return !m_modelName.empty(); }
    void error(IssueCode code, double a = 0, std::string given = {});
    void issue(Issue issue) { m_result.issues.push_back(std::move(issue)); }
    void warning(IssueCode code, double a = 0);

    /// Runs in finish() once the model is known (a setting that needs its layers), before the
    /// rules; steps run in the order they were added.
    void afterModel(std::function<void(Scenario&)> step) { m_afterModel.push_back(std::move(step)); }

    /// The model resolved, the GPUs checked, the scenario validated.
    ImportResult finish();

private:
    ImportFormat m_format;
    ImportOptions m_options;
    ImportResult m_result;
    std::vector<std::pair<Field, FieldValue>> m_shapeEdits;
    std::optional<ModelArchitecture> m_shapeDefaults;
    std::string m_modelName;
    bool m_gpusGiven = false;
    std::vector<std::function<void(Scenario&)>> m_afterModel;
};

/// Whole numbers and reals as a file writes them ("8", "1e-5", "5e8", "0.0"); false otherwise.
bool parseImportNumber(std::string_view text, double& value);
/// true/false/yes/no/on/off/1/0 (YAML, TOML, shell); false if none.
bool parseImportBool(std::string_view text, bool& value);

} // namespace core
