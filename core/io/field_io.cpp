#include "core/io/field_io.h"

namespace core {

bool readField(JsonReader& r, Scenario& s, const FieldInfo& f)
{
    const char* name = f.name().data(); // the key's last part: NUL-terminated with it
    switch (f.type) {
    case FieldType::Bool: {
        bool v = false;
        if (!r.boolean(name, v))
            return false;
        setFieldValue(s, f.field, v);
        return true;
    }
    case FieldType::Int: {
        int v = 0;
        if (!r.integer(name, v))
            return false;
        setFieldValue(s, f.field, v);
        return true;
    }
    case FieldType::Int64: {
        long long v = 0;
        if (!r.integer64(name, v))
            return false;
        setFieldValue(s, f.field, v);
        return true;
    }
    case FieldType::Double: {
        double v = 0;
        if (!r.number(name, v))
            return false;
        setFieldValue(s, f.field, v);
        return true;
    }
    case FieldType::Enum: {
        int v = 0;
        if (!r.choice(name, v, f.choices))
            return false;
        setFieldValue(s, f.field, v);
        return true;
    }
    case FieldType::Text:
    case FieldType::Other: break;
    }
    return false;
}

FieldSet readSection(JsonReader& r, Scenario& s, FieldSection section, const std::function<bool(const FieldInfo&)>& handle)
{
    FieldSet read;
    for (const FieldInfo& f : kFieldTable)
        if (f.section == section && !handle(f) && f.isScalar() && readField(r, s, f))
            read.insert(f.field);
    return read;
}

Json& fieldParent(Json& document, std::string_view key)
{
    Json* node = &document;
    std::size_t start = 0;
    for (std::size_t dot = key.find('.'); dot != std::string_view::npos; dot = key.find('.', start)) {
        node = &(*node)[std::string(key.substr(start, dot - start))];
        start = dot + 1;
    }
    return *node;
}

void writeField(Json& document, const Scenario& s, const FieldInfo& f)
{
    Json& parent = fieldParent(document, f.key);
    const std::string name(f.name());
    const FieldValue v = f.get(s);
    switch (f.type) {
    case FieldType::Bool: parent[name] = v.toBool(); break;
    case FieldType::Int:
    case FieldType::Int64: parent[name] = v.toInteger(); break;
    case FieldType::Double: parent[name] = v.toDouble(); break;
    case FieldType::Enum: {
        std::string text; // a value without a name (never read from a file) is written as ""
        for (const Choice& c : f.choices)
            if (c.value == v.toInteger())
                text = c.name;
        parent[name] = text;
        break;
    }
    case FieldType::Text:
    case FieldType::Other: break;
    }
}

} // namespace core
