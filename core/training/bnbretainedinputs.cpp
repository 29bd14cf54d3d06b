#include "core/training/bnbretainedinputs.h"

namespace core {

double bnbRetainedLayerInputs(double tokens, double elementBytes, double hidden, double attentionWidth, double ffnHidden,
                              double tensorParallel, double seqShard)
{
    // Column-parallel inputs (QKV, gate/up) are the norms' outputs, one per norm; row-parallel
    // inputs (output projection, down projection) are sharded over TP.
    return elementBytes * tokens * (2 * hidden / seqShard + (attentionWidth + ffnHidden) / tensorParallel);
}

} // namespace core
