#include "core/serving/speculative.h"

#include <algorithm>
#include <cmath>

namespace core {

double expectedTokensPerStep(double alpha, int k)
{
    if (k <= 0)
        return 1;
    // Leviathan et al. 2023, eq. 1: 1 + α + α² + … + α^k, the expected length of the accepted
    // prefix plus the target's own token. α = 1 is its limit, k + 1.
    if (alpha >= 1)
        return double(k) + 1;
    return (1 - std::pow(alpha, k + 1)) / (1 - alpha);
}

double uncachedPromptTokens(double prompt, double hitRate, int block)
{
    if (prompt <= 0 || hitRate <= 0)
        return prompt;
    const double b = block > 1 ? double(block) : 1.0;
    // The hit is capped at prompt − 1 first, then cut to whole blocks: a prompt found entirely
    // recomputes its last block, not only its last token.
    const double cached = std::floor(std::min(hitRate * prompt, prompt - 1) / b) * b;
    return prompt - std::max(0.0, cached);
}

} // namespace core
