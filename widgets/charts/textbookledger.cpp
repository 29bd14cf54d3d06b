#include "widgets/charts/textbookledger.h"

#include <QCoreApplication>

namespace TextbookLedger {

double modelStateBytes(const core::ComponentBytes& bytes)
{
    double sum = 0;
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        const core::Category k = core::categoryOf(core::Component(c));
        if (k == core::Category::Parameters || k == core::Category::Gradients || k == core::Category::OptimizerStates)
            sum += bytes[c];
    }
    return sum;
}

core::Component segmentOf(core::Category category)
{
    switch (category) {
    case core::Category::Parameters: return core::Component::Weights;
    case core::Category::Gradients: return core::Component::Gradients;
    case core::Category::OptimizerStates: return core::Component::OptimizerStates;
    case core::Category::Activations: return core::Component::LayerActivations;
    case core::Category::KvCache: return core::Component::KvCache;
    default: return core::Component::Count;
    }
}

core::ComponentBytes reduce(const core::ComponentBytes& bytes, bool merge)
{
    core::ComponentBytes out{};
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        const core::Category k = core::categoryOf(core::Component(c));
        if (k == core::Category::Temporary || k == core::Category::Runtime)
            continue;
        out[merge ? std::size_t(segmentOf(k)) : c] += bytes[c];
    }
    return out;
}

QString categoryName(core::Category category)
{
    switch (category) {
    //: the textbook's ledgers (seed: 参数/梯度/优化器/激活)
    case core::Category::Parameters: return QCoreApplication::translate("TextbookLedger", "Parameters");
    case core::Category::Gradients: return QCoreApplication::translate("TextbookLedger", "Gradients");
    case core::Category::OptimizerStates: return QCoreApplication::translate("TextbookLedger", "Optimizer states");
    case core::Category::Activations: return QCoreApplication::translate("TextbookLedger", "Activations");
    case core::Category::KvCache: return QCoreApplication::translate("TextbookLedger", "KV cache");
    default: return {};
    }
}

} // namespace TextbookLedger
