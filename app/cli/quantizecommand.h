#pragma once

#include <string>
#include <vector>

/// `shardscope quantize`: a tensor (generated or read from a file) stored in a format with its
/// scaling, and what is lost — the tensor studio's statistics without the window:
///   shardscope quantize --dist normal|laplace|lognormal|outliers|FILE.npy|FILE.csv
///       --to fp16|bf16|e4m3|e5m2|mxfp8|mxfp8-e5m2|mxfp6-e2m3|mxfp6-e3m2|mxfp4|nvfp4|int8|int4
///       [--scaling none|tensor|channel|group|block] [--group N] [--scheme symmetric|asymmetric]
///       [--clip absmax|percentile:P] [--scale-format fp16|bf16|fp32|fp8|e8m0]
///       [--rows R] [--cols C] [--seed S] [--sigma X] [--range LOW:HIGH]
///       [--scenario FILE.json|--default] [--set section.key=value ...] [--format table|json]
/// Returns 0 on success, 2 on invalid arguments, an unreadable file or an invalid scenario.
int quantizeCommand(const std::vector<std::string>& args);
