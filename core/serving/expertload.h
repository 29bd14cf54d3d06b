#pragma once

// Expert load across expert-parallel ranks (issue 27): routed tokens do not spread evenly over
// the experts, and the engine step waits for the rank that received the most. Each EP rank holds
// E / EP experts; the routed token-expert pairs it receives in a step vary from rank to rank
// because some experts are more popular than others (a dispersion of the per-expert load) and
// because a finite batch samples the routing. The busiest of EP ranks is taken at the expected
// maximum of EP normal draws:
//
//   busiest / mean = 1 + z(EP) · √(c² / (E/EP) + (1 − 1/EP) / pairs per rank)
//
// with c the per-expert load's coefficient of variation, z(n) the expected largest of n standard
// normals (Blom 1958: Φ⁻¹((n − 0.375) / (n + 0.25))) and the second term the binomial spread of a
// rank's share of the pairs. c is taken from a measurement: TensorRT-LLM's large-scale EP study of
// DeepSeek-R1 on 32 GB200 (EP 32, 8 experts per rank, local batch 256, 1024 pairs per rank) found
// the hottest rank receiving on average 1.564 × the mean more routed tokens than the mean without
// load balancing (NVIDIA/TensorRT-LLM docs/source/blogs/tech_blog/
// blog4_Scaling_Expert_Parallelism_in_TensorRT-LLM.md @ 956a4f2, Table 1: "No EPLB (8 per-rank
// slots and EP 32) | 1024 | 491.6 | 1.564"); c is the dispersion that reproduces that ratio.
//
// The busiest rank's routed-expert GEMMs and the EP all-to-all it receives scale with this factor
// (the blog: "the hot EP rank will delay the overall E2E execution").

namespace core {

/// Φ⁻¹(p) for 0 < p < 1 (Acklam's rational approximation, relative error < 1.2·10⁻⁹).
double inverseNormalCdf(double p);

/// The expected largest of n independent standard normal draws (Blom's approximation); 0 for n ≤ 1.
double expectedMaxStandardNormal(int n);

/// The busiest EP rank's routed pairs over the mean rank's (≥ 1): `ranks` EP ranks with
/// `localExperts` experts each, `pairsPerRank` routed token-expert pairs per rank on average,
/// `dispersion` the per-expert load's coefficient of variation c. 1 with one rank.
double busiestRankFactor(int ranks, double localExperts, double pairsPerRank, double dispersion);

/// The constant "expert_load_dispersion" (resources/serving.json): c measured without a load balancer.
double expertLoadDispersion();

} // namespace core
