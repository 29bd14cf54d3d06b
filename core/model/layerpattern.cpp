#include "core/model/layerpattern.h"

namespace core {

ModelTowers modelTowers(const ModelArchitecture& model)
{
    return {Tower{TowerRole::Decoder, layerPattern(model)}};
}

} // namespace core
