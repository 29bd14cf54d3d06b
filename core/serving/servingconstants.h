#pragma once

#include <span>
#include <string_view>

namespace core {

/// One constant of the serving step model, as resources/serving.json gives it.
struct ServingConstant
{
    std::string_view id;
    double value;
    bool fitted;              ///< fitted on the serving corpus (a FittedConstant), not measured
    std::string_view source;
};

/// All serving constants, in the JSON file's order.
std::span<const ServingConstant> servingConstants();
/// The constant with this id; nullptr if there is none.
const ServingConstant* findServingConstant(std::string_view id);

} // namespace core
