#pragma once

// An MoE layer's token traffic: the dispatch and combine all-to-alls between the expert-parallel
// ranks (flat, or once per destination node as DeepEP does), what of them another micro-batch's
// computation hides, and the permutation of tokens into per-expert order in HBM.

namespace core {

/// One GPU's dispatch (or combine) of one micro-batch.
struct DispatchShape
{
    double bytes = 0;        ///< the tokens this GPU routes, k·CF copies each: T · k · CF · h · bytes
    double topK = 1;         ///< copies per token (k · capacity factor)
    double ep = 1;           ///< expert-parallel ranks
    double inNode = 1;       ///< of them on this GPU's NVLink island
    bool overNetwork = false;
    double nicBytesPerSecond = 0;    ///< this GPU's NIC share of the EP group's bus
    double nvlinkBytesPerSecond = 0; ///< one direction
    double busBytesPerSecond = 0;    ///< the group's bus when it stays on NVLink
    bool hierarchical = false;       ///< a token crosses the network once per destination node
};

/// Seconds of one dispatch (or combine), without latency: the copies bound for other GPUs over
/// NVLink and, for a group that spans nodes, over this GPU's NIC, whichever takes longer.
double dispatchSeconds(const DispatchShape& shape);

/// Expected number of nodes other than the sender's that a token routed to `copies` experts,
/// spread evenly over `nodes` nodes, reaches: (n − 1)·(1 − (1 − 1/n)^k).
double remoteNodesPerToken(double copies, double nodes);

/// Forward HBM traffic of permuting one token into per-expert order and back, in elements of h:
/// permute reads h and writes k·h, unpermute reads k·h and writes the weighted sum h.
inline double permuteElementsPerToken(double copies) { return 2 * (1 + copies); }

} // namespace core
