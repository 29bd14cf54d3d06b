// Tensors from files: .npy as NumPy writes it (numpy.lib.format, NEP 1: magic, version, header
// length, a dict literal padded to 64 bytes, then the data) and text/CSV, with every case that
// is refused and the message it gets.
#include <QtTest>

#include <cstring>
#include <string>

#include "core/io/tensorfile.h"

Q_DECLARE_METATYPE(core::TensorFileError)

namespace {

/// A .npy file: version 1.0 (2-byte header length) or 2.0 (4-byte), header padded with spaces
/// and a newline so the data starts at a multiple of 64, as numpy.save writes it.
std::string npy(const std::string& dict, const std::string& data, int major = 1)
{
    const std::size_t prefix = 8 + (major == 1 ? 2 : 4);
    std::string header = dict;
    while ((prefix + header.size() + 1) % 64 != 0)
        header += ' ';
    header += '\n';
    std::string out("\x93NUMPY", 6);
    out += char(major);
    out += char(0);
    const std::size_t n = header.size();
    out += char(n & 0xFF);
    out += char((n >> 8) & 0xFF);
    if (major != 1) {
        out += char((n >> 16) & 0xFF);
        out += char((n >> 24) & 0xFF);
    }
    return out + header + data;
}

std::string dict(const std::string& descr, const std::string& shape, bool fortran = false)
{
    return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
}

template <typename T>
std::string bytes(std::initializer_list<T> values)
{
    std::string out;
    for (T v : values) {
        char b[sizeof(T)];
        std::memcpy(b, &v, sizeof(T)); // the test machines are little-endian, as .npy '<' data
        out.append(b, sizeof(T));
    }
    return out;
}

} // namespace

class TestTensorFile : public QObject
{
    Q_OBJECT

private slots:
    void validNpy()
    {
        // float32, shape (2, 3): rows 2, cols 3, C order.
        core::TensorLoad l = core::readNpy(npy(dict("<f4", "(2, 3)"), bytes<float>({1, 2, 3, 4, 5, -6.5f})));
        QVERIFY2(l.ok, core::describe(l).c_str());
        QCOMPARE(l.tensor.rows, std::int64_t(2));
        QCOMPARE(l.tensor.cols, std::int64_t(3));
        QCOMPARE(l.tensor.values[5], -6.5f);
        // float64, 1-D (4,): one row; 0.1 becomes the nearest float.
        l = core::readNpy(npy(dict("<f8", "(4,)"), bytes<double>({0.1, 2, 3, 1e-30})));
        QVERIFY(l.ok);
        QCOMPARE(l.tensor.rows, std::int64_t(1));
        QCOMPARE(l.tensor.cols, std::int64_t(4));
        QCOMPARE(l.tensor.values[0], 0.1f);
        // float16: 0x3C00 = 1, 0xC000 = −2, 0x0001 = 2^−24 (the smallest subnormal).
        l = core::readNpy(npy(dict("<f2", "(3,)"), bytes<std::uint16_t>({0x3C00, 0xC000, 0x0001})));
        QVERIFY(l.ok);
        QCOMPARE(l.tensor.values[1], -2.0f);
        QCOMPARE(double(l.tensor.values[2]), std::ldexp(1.0, -24));
        // Version 2.0 (4-byte header length), a 3-D shape read as rows = 2 · 2, cols = 2, a scalar.
        l = core::readNpy(npy(dict("<f4", "(2, 2, 2)"), bytes<float>({1, 2, 3, 4, 5, 6, 7, 8}), 2));
        QVERIFY(l.ok);
        QCOMPARE(l.tensor.rows, std::int64_t(4));
        QCOMPARE(l.dimensions, 3);
        l = core::readNpy(npy(dict("<f4", "()"), bytes<float>({42})));
        QVERIFY(l.ok);
        QCOMPARE(l.tensor.size(), std::int64_t(1));
        // fortran_order True is harmless for 1-D data (the same bytes either way).
        l = core::readNpy(npy(dict("<f4", "(2,)", true), bytes<float>({1, 2})));
        QVERIFY(l.ok);
    }

    void refusedNpy_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<core::TensorFileError>("error");
        QTest::addColumn<QString>("message");
        auto file = [](const std::string& s) { return QByteArray(s.data(), qsizetype(s.size())); };
        const std::string four = bytes<float>({1, 2, 3, 4});
        QTest::addRow("int32") << file(npy(dict("<i4", "(4,)"), four)) << core::TensorFileError::UnsupportedDtype
                               << "unsupported dtype '<i4'";
        QTest::addRow("bfloat16 as void") << file(npy(dict("|V2", "(4,)"), std::string(8, '\0'))) << core::TensorFileError::UnsupportedDtype
                                          << "save bfloat16 as float32";
        QTest::addRow("big-endian") << file(npy(dict(">f4", "(4,)"), four)) << core::TensorFileError::BigEndian << "big-endian dtype '>f4'";
        QTest::addRow("fortran order") << file(npy(dict("<f4", "(2, 2)", true), four)) << core::TensorFileError::FortranOrder
                                       << "np.ascontiguousarray";
        QTest::addRow("huge shape") << file(npy(dict("<f4", "(1048576, 1048576)"), four)) << core::TensorFileError::TooLarge
                                    << "too many values";
        QTest::addRow("truncated") << file(npy(dict("<f4", "(5,)"), four)) << core::TensorFileError::Truncated << "16 of 20 data bytes";
        QTest::addRow("trailing") << file(npy(dict("<f4", "(3,)"), four)) << core::TensorFileError::TrailingData << "4 bytes after the data";
        QTest::addRow("not npy") << file("PK\x03\x04 a zip, perhaps an .npz") << core::TensorFileError::NotNpy << "not a .npy file";
        QTest::addRow("version 4") << file(npy(dict("<f4", "(4,)"), four, 4)) << core::TensorFileError::UnsupportedVersion << "version 4.0";
        QTest::addRow("no shape") << file(npy("{'descr': '<f4', 'fortran_order': False, }", four)) << core::TensorFileError::BadHeader
                                  << "no 'shape'";
        QTest::addRow("empty shape") << file(npy(dict("<f4", "(0, 3)"), "")) << core::TensorFileError::Empty << "no values";
        QTest::addRow("NaN") << file(npy(dict("<f4", "(4,)"), bytes<float>({1, 2, NAN, 4}))) << core::TensorFileError::NonFinite
                             << "value 2: nan is not a finite FP32 number";
        QTest::addRow("beyond FP32") << file(npy(dict("<f8", "(2,)"), bytes<double>({1, 1e300}))) << core::TensorFileError::NonFinite
                                     << "value 1: 1e+300";
    }
    void refusedNpy()
    {
        QFETCH(QByteArray, file);
        QFETCH(core::TensorFileError, error);
        QFETCH(QString, message);
        const core::TensorLoad l = core::readTensorFile("weights.NPY", std::string_view(file.constData(), std::size_t(file.size())));
        QVERIFY(!l.ok);
        QCOMPARE(l.error, error);
        QVERIFY(l.tensor.values.empty());
        const QString text = QString::fromStdString(core::describe(l));
        QVERIFY2(text.contains(message), qPrintable(text));
    }

    void text_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<float>("last");
        QTest::addRow("csv 2×3") << QByteArray("1,2,3\n4,5,-6e-3\n") << 2 << 3 << -6e-3f;
        QTest::addRow("spaces, comment, CRLF") << QByteArray("# weights\r\n1 2\r\n\r\n3\t4\r\n") << 2 << 2 << 4.0f;
        QTest::addRow("one per line is a list") << QByteArray("0.5\n0.25\n+0.125\n") << 1 << 3 << 0.125f;
        QTest::addRow("semicolons, no final newline") << QByteArray("1;2;3;4") << 1 << 4 << 4.0f;
    }
    void text()
    {
        QFETCH(QByteArray, file);
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(float, last);
        const core::TensorLoad l = core::readTensorFile("w.csv", std::string_view(file.constData(), std::size_t(file.size())));
        QVERIFY2(l.ok, core::describe(l).c_str());
        QCOMPARE(l.tensor.rows, std::int64_t(rows));
        QCOMPARE(l.tensor.cols, std::int64_t(cols));
        QCOMPARE(l.tensor.values.back(), last);
    }

    void refusedText_data()
    {
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<core::TensorFileError>("error");
        QTest::addColumn<QString>("message");
        QTest::addRow("a word") << QByteArray("1,2\n3,abc\n") << core::TensorFileError::NotANumber << "line 2, value 2: 'abc' is not a number";
        QTest::addRow("ragged") << QByteArray("1,2,3\n4,5,6\n7,8\n") << core::TensorFileError::RaggedRows
                                << "line 3: 2 values, line 1 has 3";
        QTest::addRow("nan") << QByteArray("1\nnan\n") << core::TensorFileError::NonFinite << "line 2, value 1: nan is not a finite";
        QTest::addRow("beyond FP32") << QByteArray("1e39\n") << core::TensorFileError::NonFinite << "1e39 is not a finite FP32";
        QTest::addRow("empty") << QByteArray("# nothing\n\n") << core::TensorFileError::Empty << "no values";
        QTest::addRow("decimal comma") << QByteArray("0,5 1,5\n2,5\n") << core::TensorFileError::RaggedRows << "line 2";
    }
    void refusedText()
    {
        QFETCH(QByteArray, file);
        QFETCH(core::TensorFileError, error);
        QFETCH(QString, message);
        const core::TensorLoad l = core::readTensorText(std::string_view(file.constData(), std::size_t(file.size())));
        QVERIFY(!l.ok);
        QCOMPARE(l.error, error);
        const QString text = QString::fromStdString(core::describe(l));
        QVERIFY2(text.contains(message), qPrintable(text));
    }
};

QTEST_GUILESS_MAIN(TestTensorFile)
#include "tst_tensorfile.moc"
