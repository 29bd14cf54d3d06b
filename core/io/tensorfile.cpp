#include "core/io/tensorfile.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "core/numerics/numberformat.h"

namespace core {

namespace {

TensorLoad failure(TensorFileError error, std::string detail = {})
{
    TensorLoad l;
    l.error = error;
    l.detail = std::move(detail);
    return l;
}

std::uint64_t littleEndian(const unsigned char* p, int bytes)
{
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | p[i];
    return v;
}

// The header is a Python dict literal written by numpy.lib.format (NEP 1):
//   {'descr': '<f4', 'fortran_order': False, 'shape': (1024, 1024), }
// This reads exactly that: quoted keys, a quoted string, True/False, a tuple of integers.
struct HeaderParser
{
    std::string_view s;
    std::size_t at = 0;
    std::string error;

    void skipSpace()
    {
        while (at < s.size() && (s[at] == ' ' || s[at] == '\t' || s[at] == '\n' || s[at] == '\r'))
            ++at;
    }
    bool expect(char c)
    {
        skipSpace();
        if (at < s.size() && s[at] == c) {
            ++at;
            return true;
        }
        error = std::string("expected '") + c + "' at header offset " + std::to_string(at);
        return false;
    }
    bool peek(char c)
    {
        skipSpace();
        return at < s.size() && s[at] == c;
    }
    bool string(std::string& out)
    {
        skipSpace();
        if (at >= s.size() || (s[at] != '\'' && s[at] != '"')) {
            error = "expected a quoted string at header offset " + std::to_string(at);
            return false;
        }
        const char quote = s[at++];
        const std::size_t end = s.find(quote, at);
        if (end == std::string_view::npos) {
            error = "unterminated string in the header";
            return false;
        }
        out = std::string(s.substr(at, end - at));
        at = end + 1;
        return true;
    }
    bool boolean(bool& out)
    {
        skipSpace();
        if (s.substr(at, 4) == "True") {
            out = true;
            at += 4;
            return true;
        }
        if (s.substr(at, 5) == "False") {
            out = false;
            at += 5;
            return true;
        }
        error = "fortran_order is neither True nor False";
        return false;
    }
    bool shape(std::vector<std::int64_t>& out)
    {
        if (!expect('('))
            return false;
        while (!peek(')')) {
            skipSpace();
            std::int64_t v = 0;
            const auto [end, ec] = std::from_chars(s.data() + at, s.data() + s.size(), v);
            if (ec != std::errc() || v < 0) {
                error = "shape holds something that is not a non-negative integer";
                return false;
            }
            at = std::size_t(end - s.data());
            if (at < s.size() && (s[at] == 'L' || s[at] == 'l'))
                ++at; // Python 2 longs
            out.push_back(v);
            if (!peek(')') && !expect(','))
                return false;
        }
        ++at;
        return true;
    }
};

bool finiteFloat(double v)
{
    return std::isfinite(v) && std::fabs(v) <= double(std::numeric_limits<float>::max());
}

std::string number(double v)
{
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

} // namespace

TensorLoad readNpy(std::string_view bytes)
{
    const auto* u = reinterpret_cast<const unsigned char*>(bytes.data());
    if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view("\x93NUMPY", 6))
        return failure(TensorFileError::NotNpy);
    const int major = u[6], minor = u[7];
    if (major < 1 || major > 3 || minor != 0)
        return failure(TensorFileError::UnsupportedVersion, std::to_string(major) + "." + std::to_string(minor));
    const int lengthBytes = major == 1 ? 2 : 4;
    if (bytes.size() < std::size_t(8 + lengthBytes))
        return failure(TensorFileError::Truncated, "the header length");
    const std::uint64_t headerLength = littleEndian(u + 8, lengthBytes);
    const std::uint64_t dataStart = 8 + std::uint64_t(lengthBytes) + headerLength;
    if (dataStart > bytes.size())
        return failure(TensorFileError::Truncated, "the header");

    HeaderParser p{bytes.substr(std::size_t(8 + lengthBytes), std::size_t(headerLength)), 0, {}};
    std::string descr;
    bool fortran = false, haveDescr = false, haveOrder = false, haveShape = false;
    std::vector<std::int64_t> shape;
    if (!p.expect('{'))
        return failure(TensorFileError::BadHeader, p.error);
    while (!p.peek('}')) {
        std::string key;
        if (!p.string(key) || !p.expect(':'))
            return failure(TensorFileError::BadHeader, p.error);
        bool ok = false;
        if (key == "descr")
            ok = haveDescr = p.string(descr);
        else if (key == "fortran_order")
            ok = haveOrder = p.boolean(fortran);
        else if (key == "shape")
            ok = haveShape = p.shape(shape);
        else
            p.error = "unknown key '" + key + "'";
        if (!ok)
            return failure(TensorFileError::BadHeader, p.error);
        if (!p.peek('}') && !p.expect(','))
            return failure(TensorFileError::BadHeader, p.error);
    }
    if (!haveDescr || !haveOrder || !haveShape)
        return failure(TensorFileError::BadHeader, !haveDescr ? "no 'descr'" : !haveOrder ? "no 'fortran_order'" : "no 'shape'");

    int itemSize = 0;
    if (descr.size() == 3 && descr[1] == 'f' && (descr[0] == '<' || descr[0] == '>' || descr[0] == '='))
        itemSize = descr[2] == '2' ? 2 : descr[2] == '4' ? 4 : descr[2] == '8' ? 8 : 0;
    if (itemSize != 0 && descr[0] == '>')
        return failure(TensorFileError::BigEndian, descr);
    if (itemSize == 0 || descr[0] == '=') // '=' is native order: not portable, and NumPy writes '<'
        return failure(TensorFileError::UnsupportedDtype, descr);

    std::int64_t count = 1;
    for (std::int64_t d : shape) {
        if (d != 0 && count > kMaxTensorValues / d)
            return failure(TensorFileError::TooLarge, "more than " + std::to_string(kMaxTensorValues));
        count *= d;
    }
    if (count > kMaxTensorValues)
        return failure(TensorFileError::TooLarge, std::to_string(count));
    if (count == 0)
        return failure(TensorFileError::Empty);
    if (fortran && shape.size() >= 2)
        return failure(TensorFileError::FortranOrder);
    const std::uint64_t need = std::uint64_t(count) * std::uint64_t(itemSize);
    const std::uint64_t have = bytes.size() - dataStart;
    if (have < need)
        return failure(TensorFileError::Truncated, std::to_string(have) + " of " + std::to_string(need) + " data bytes");
    if (have > need)
        return failure(TensorFileError::TrailingData, std::to_string(have - need) + " bytes after the data");

    TensorLoad l;
    l.dimensions = int(shape.size());
    l.tensor.cols = shape.empty() ? 1 : shape.back();
    l.tensor.rows = count / l.tensor.cols;
    l.tensor.values.resize(std::size_t(count));
    const unsigned char* data = u + dataStart;
    const FormatDescription half = describe(NumberFormat::Fp16);
    for (std::int64_t i = 0; i < count; ++i) {
        const unsigned char* item = data + i * itemSize;
        double v = 0;
        if (itemSize == 2) {
            v = decode(half, std::uint32_t(littleEndian(item, 2)));
        } else if (itemSize == 4) {
            const std::uint32_t raw = std::uint32_t(littleEndian(item, 4));
            float f;
            std::memcpy(&f, &raw, 4);
            v = f;
        } else {
            const std::uint64_t raw = littleEndian(item, 8);
            std::memcpy(&v, &raw, 8);
        }
        if (!finiteFloat(v)) {
            TensorLoad bad = failure(TensorFileError::NonFinite, number(v));
            bad.index = i;
            return bad;
        }
        l.tensor.values[std::size_t(i)] = float(v);
    }
    l.ok = true;
    return l;
}

TensorLoad readTensorText(std::string_view text)
{
    TensorLoad l;
    std::vector<float>& values = l.tensor.values;
    std::int64_t lineNumber = 0, rows = 0, width = -1, widthLine = 0;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++lineNumber;
        if (lineNumber == 1 && line.substr(0, 3) == "\xEF\xBB\xBF")
            line.remove_prefix(3); // a UTF-8 byte-order mark
        std::int64_t column = 0;
        std::size_t i = 0;
        auto separator = [](char c) { return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\r'; };
        while (i < line.size() && separator(line[i]))
            ++i;
        if (i == line.size() || line[i] == '#') {
            if (end == text.size())
                break;
            continue;
        }
        while (i < line.size()) {
            std::size_t j = i;
            while (j < line.size() && !separator(line[j]))
                ++j;
            const std::string_view token = line.substr(i, j - i);
            ++column;
            double v = 0;
            const char* first = token.data() + (token.size() > 1 && token[0] == '+' ? 1 : 0);
            const auto [stop, ec] = std::from_chars(first, token.data() + token.size(), v);
            if (ec == std::errc::result_out_of_range || (ec == std::errc() && stop == token.data() + token.size() && !finiteFloat(v))) {
                TensorLoad bad = failure(TensorFileError::NonFinite, std::string(token));
                bad.line = lineNumber;
                bad.column = column;
                return bad;
            }
            if (ec != std::errc() || stop != token.data() + token.size()) {
                TensorLoad bad = failure(TensorFileError::NotANumber, std::string(token.substr(0, 40)));
                bad.line = lineNumber;
                bad.column = column;
                return bad;
            }
            if (std::int64_t(values.size()) >= kMaxTensorValues)
                return failure(TensorFileError::TooLarge, "more than " + std::to_string(kMaxTensorValues));
            values.push_back(float(v));
            i = j;
            while (i < line.size() && separator(line[i]))
                ++i;
        }
        ++rows;
        if (width < 0) {
            width = column;
            widthLine = lineNumber;
        } else if (column != width) {
            TensorLoad bad = failure(TensorFileError::RaggedRows,
                                     std::to_string(column) + " values, line " + std::to_string(widthLine) + " has " + std::to_string(width));
            bad.line = lineNumber;
            return bad;
        }
        if (end == text.size())
            break;
    }
    if (values.empty())
        return failure(TensorFileError::Empty);
    l.dimensions = rows > 1 && width > 1 ? 2 : 1;
    // One value per line is a list, not a column of one-value rows.
    l.tensor.rows = width == 1 ? 1 : rows;
    l.tensor.cols = width == 1 ? rows : width;
    l.ok = true;
    return l;
}

TensorLoad readTensorFile(std::string_view name, std::string_view bytes)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".npy") == 0)
        return readNpy(bytes);
    return readTensorText(bytes);
}

std::string describe(const TensorLoad& l)
{
    const std::string& d = l.detail;
    const std::string where = l.line > 0 ? "line " + std::to_string(l.line) + (l.column > 0 ? ", value " + std::to_string(l.column) : "") + ": " : "";
    switch (l.error) {
    case TensorFileError::None: return {};
    case TensorFileError::Empty: return "the file holds no values";
    case TensorFileError::NotNpy: return "not a .npy file (it does not start with \\x93NUMPY)";
    case TensorFileError::UnsupportedVersion: return "unsupported .npy format version " + d + " (1.0, 2.0 and 3.0 are read)";
    case TensorFileError::BadHeader: return "the .npy header cannot be read: " + d;
    case TensorFileError::UnsupportedDtype:
        return "unsupported dtype '" + d + "' (only little-endian float16, float32 and float64: '<f2', '<f4', '<f8'; save bfloat16 as float32)";
    case TensorFileError::BigEndian: return "big-endian dtype '" + d + "' is not read; save it little-endian (arr.astype('<f4'))";
    case TensorFileError::FortranOrder: return "fortran_order is True (column-major); save it with np.ascontiguousarray(arr)";
    case TensorFileError::TooLarge: return "too many values (" + d + "); the studio reads at most " + std::to_string(kMaxTensorValues);
    case TensorFileError::Truncated: return "the file is truncated: " + d;
    case TensorFileError::TrailingData: return "the file has data beyond its shape: " + d;
    case TensorFileError::NotANumber: return where + "'" + d + "' is not a number";
    case TensorFileError::NonFinite:
        return (l.index >= 0 ? "value " + std::to_string(l.index) + ": " : where) + d + " is not a finite FP32 number";
    case TensorFileError::RaggedRows: return where + d + " (every row needs the same number of values)";
    }
    return "unreadable tensor file";
}

} // namespace core
