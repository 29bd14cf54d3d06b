#include "core/steptime/moedispatch.h"

#include <algorithm>
#include <cmath>

namespace core {

double remoteNodesPerToken(double copies, double nodes)
{
    if (!(nodes > 1) || !(copies > 0))
        return 0;
    return (nodes - 1) * (1 - std::pow(1 - 1 / nodes, copies));
}

double dispatchSeconds(const DispatchShape& d)
{
    if (!(d.ep > 1) || !(d.bytes > 0))
        return 0;
    if (!d.overNetwork)
        return d.busBytesPerSecond > 0 ? d.bytes * (d.ep - 1) / d.ep / d.busBytesPerSecond : 0;
    // A flat all-to-all (GShard; Megatron's alltoall dispatcher) sends each copy to its expert's
    // GPU: (ep − inNode)/ep of them leave the node through this GPU's NIC, (inNode − 1)/ep stay on
    // NVLink.
    const double intra = d.nvlinkBytesPerSecond > 0 ? d.bytes * (d.inNode - 1) / d.ep / d.nvlinkBytesPerSecond : 0;
    double network = d.bytes * (d.ep - d.inNode) / d.ep;
    if (d.hierarchical) {
        // DeepEP's normal kernels (and DeepSeek-V3's, arXiv 2412.19437 §3.2.2): a token goes over
        // InfiniBand once to each destination node, to the GPU with the same index there, which
        // forwards it over NVLink; so the NIC carries one copy per remote node, not per expert.
        const double nodes = d.ep / std::max(1.0, d.inNode);
        const double perCopy = d.bytes / std::max(1.0, d.topK);
        network = perCopy * remoteNodesPerToken(d.topK, nodes);
    }
    const double nic = d.nicBytesPerSecond > 0 ? network / d.nicBytesPerSecond : 0;
    return std::max(intra, nic);
}

} // namespace core
