#include "core/serving/servingconstants.h"

#include "core/serving/serving_data.h"

namespace core {

std::span<const ServingConstant> servingConstants() { return serving_data::kConstants; }

const ServingConstant* findServingConstant(std::string_view id)
{
    for (const ServingConstant& c : serving_data::kConstants)
        if (c.id == id)
            return &c;
    return nullptr;
}

} // namespace core
