#pragma once

// What the Hugging Face config importer's parts share (issue 24: hfconfig.cpp was three ideas):
// the key reader, the hybrid layer patterns (hfhybrid.cpp) and a vision-language model's
// vision_config (hfvision.cpp). Internal to core/io.

#include <cmath>
#include <initializer_list>
#include <string>

#include "core/io/hfconfig.h"
#include "core/io/jsondocument.h"
#include "core/issues.h"
#include "core/model.h"

namespace core::hfimport {

/// Reads a config's keys, noting each one used and each wrong type as an issue.
struct Reader
{
    const Json& j;
    HfImport& out;

    const Json* find(const char* key) const
    {
        auto it = j.find(key);
        return it == j.end() || it->is_null() ? nullptr : &*it;
    }
    bool has(const char* key) const { return find(key) != nullptr; }
    /// Reads an integer key into `target`; returns false if absent. Wrong types are errors.
    bool integer(const char* key, int& target)
    {
        const Json* v = find(key);
        if (!v)
            return false;
        if (!v->is_number() || v->get<double>() != std::floor(v->get<double>()) || std::fabs(v->get<double>()) > 2147483647.0) {
            Issue i{IssueCode::WrongType, Severity::Error, ""};
            i.path = key;
            i.expected = ValueKind::WholeNumber;
            out.issues.push_back(std::move(i));
            return false;
        }
        target = int(v->get<double>());
        out.used.emplace_back(key);
        return true;
    }
    bool boolean(const char* key, bool& target)
    {
        const Json* v = find(key);
        if (!v)
            return false;
        if (!v->is_boolean()) {
            Issue i{IssueCode::WrongType, Severity::Error, ""};
            i.path = key;
            i.expected = ValueKind::TrueOrFalse;
            out.issues.push_back(std::move(i));
            return false;
        }
        target = v->get<bool>();
        out.used.emplace_back(key);
        return true;
    }
    std::string string(const char* key) const
    {
        const Json* v = find(key);
        return v && v->is_string() ? v->get<std::string>() : std::string();
    }
    /// The first of `keys` present (GPT-2 and Llama names for the same thing).
    bool integerAny(std::initializer_list<const char*> keys, int& target)
    {
        for (const char* k : keys)
            if (integer(k, target))
                return true;
        return false;
    }
    void require(bool present, const char* key)
    {
        if (present)
            return;
        Issue i{IssueCode::MissingModelKey, Severity::Error, ""};
        i.path = key;
        out.issues.push_back(std::move(i));
    }
};

/// A hybrid's layer pattern from whichever keys its family writes (layer_types,
/// full_attention_interval, hybrid_override_pattern, attn_layer_period/offset) and its linear
/// layers' shapes (hfhybrid.cpp).
void readHybridKeys(Reader& r, const Json& j, HfImport& out);

/// A vision-language checkpoint's vision_config: the tower's shape and its projector (hfvision.cpp).
void readVisionConfig(const Json& doc, const Json& vc, ModelArchitecture& m, HfImport& out);

} // namespace core::hfimport
