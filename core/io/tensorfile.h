#pragma once

// Tensors from files for the tensor studio: NumPy .npy (format versions 1.0–3.0, little-endian
// float16/float32/float64, C order) and text (numbers separated by commas, semicolons, tabs or
// spaces; one row per line; '#' starts a comment line). Anything else is refused with a code,
// never read as something it is not.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/numerics/tensor.h"

namespace core {

enum class TensorFileError {
    None,
    Empty,            ///< no values (an empty file, a shape with a 0)
    NotNpy,           ///< does not start with \x93NUMPY
    UnsupportedVersion,
    BadHeader,        ///< the header dictionary cannot be read (detail: what is wrong)
    UnsupportedDtype, ///< detail: the descr, e.g. "<i4" or "|V2" (bfloat16 has no NumPy dtype)
    BigEndian,        ///< detail: the descr, e.g. ">f4"
    FortranOrder,     ///< column-major 2-D data (re-save with np.ascontiguousarray)
    TooLarge,         ///< more than kMaxTensorValues values (detail: the count)
    Truncated,        ///< fewer data bytes than the shape needs (detail: have / need)
    TrailingData,     ///< more data bytes than the shape holds
    NotANumber,       ///< text: a token that is not a number (detail: the token; line, column)
    NonFinite,        ///< NaN or ±inf, or beyond FP32's range (detail: the value; index or line)
    RaggedRows,       ///< text: rows of different lengths (detail: the two lengths; line)
};

struct TensorLoad
{
    bool ok = false;
    Tensor tensor;
    TensorFileError error = TensorFileError::None;
    std::string detail;       ///< the offending descr, token or counts
    std::int64_t line = 0;    ///< text: 1-based line of the error
    std::int64_t column = 0;  ///< text: 1-based value index on that line
    std::int64_t index = -1;  ///< .npy: flat index of a non-finite value
    int dimensions = 0;       ///< as stored (a 3-D array is read as rows = all but the last dimension)
};

TensorLoad readNpy(std::string_view bytes);
TensorLoad readTensorText(std::string_view text);
/// .npy by its name (case-insensitive), anything else as text.
TensorLoad readTensorFile(std::string_view fileName, std::string_view bytes);

/// The error in English for the command line ("unsupported dtype '<i4' (only float16, float32,
/// float64 little-endian)").
std::string describe(const TensorLoad& load);

} // namespace core
