// The GIF writer against the GIF89a specification (CompuServe 1990): LZW code streams worked by
// hand from Appendix F, and whole animations read back by Qt's own GIF decoder (the qgif image
// plugin of Debian's libqt6gui6), frame by frame, pixel by pixel.
#include <QBuffer>
#include <QImageReader>
#include <QPainter>
#include <QRandomGenerator>
#include <QtTest>

#include "widgets/gif/giflzw.h"
#include "widgets/gif/gifquantizer.h"
#include "widgets/gif/gifwriter.h"

namespace {

QByteArray bytes(std::initializer_list<int> values)
{
    QByteArray out;
    for (int v : values)
        out.append(char(v));
    return out;
}

QByteArray indices(std::initializer_list<int> values)
{
    return bytes(values);
}

/// A frame of flat colours: a background, a block and a cursor line at `x`.
QImage flatFrame(QSize size, int x)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(QColor(0x20, 0x24, 0x30));
    QPainter p(&image);
    p.fillRect(QRect(10, 10, size.width() / 2, size.height() / 3), QColor(0x4e, 0x79, 0xa7));
    p.fillRect(QRect(size.width() / 3, size.height() / 2, size.width() / 3, 12), QColor(0xf2, 0x8e, 0x2b));
    p.fillRect(QRect(x, 0, 2, size.height()), QColor(0xff, 0xff, 0xff));
    return image;
}

/// Every pixel as RGB without alpha: what a GIF can hold.
QImage rgb(const QImage& image)
{
    return image.convertToFormat(QImage::Format_RGB32);
}

/// The first pixel that differs, as text, or empty.
QString firstDifference(const QImage& a, const QImage& b)
{
    if (a.size() != b.size())
        return QStringLiteral("size %1x%2 vs %3x%4").arg(a.width()).arg(a.height()).arg(b.width()).arg(b.height());
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            if ((a.pixel(x, y) & 0xFFFFFF) != (b.pixel(x, y) & 0xFFFFFF))
                return QStringLiteral("(%1,%2): %3 vs %4").arg(x).arg(y).arg(a.pixel(x, y) & 0xFFFFFF, 6, 16, QLatin1Char('0'))
                    .arg(b.pixel(x, y) & 0xFFFFFF, 6, 16, QLatin1Char('0'));
    return {};
}

QByteArray writeGif(const QVector<QImage>& frames, const QVector<int>& delays, int loops = 0)
{
    QByteArray data;
    QBuffer buffer(&data);
    buffer.open(QIODevice::WriteOnly);
    GifWriter writer(&buffer);
    writer.setLoopCount(loops);
    for (int i = 0; i < frames.size(); ++i)
        if (!writer.addFrame(frames[i], delays[i]))
            return {};
    if (!writer.finish())
        return {};
    return data;
}

} // namespace

class TestGifWriter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // The round trips need a GIF reader: Debian's libqt6gui6 ships the qgif plugin.
        QVERIFY2(QImageReader::supportedImageFormats().contains("gif"), "Qt's GIF image plugin (qgif) is missing");
    }

    void minimumCodeSize_data()
    {
        QTest::addColumn<int>("colors");
        QTest::addColumn<int>("expected");
        // §22 / Appendix F: the code size is the bits of the colour indices, but at least 2.
        QTest::addRow("1 colour") << 1 << 2;
        QTest::addRow("2 colours") << 2 << 2;
        QTest::addRow("4 colours") << 4 << 2;
        QTest::addRow("5 colours") << 5 << 3;
        QTest::addRow("16 colours") << 16 << 4;
        QTest::addRow("17 colours") << 17 << 5;
        QTest::addRow("256 colours") << 256 << 8;
    }
    void minimumCodeSize()
    {
        QFETCH(int, colors);
        QFETCH(int, expected);
        QCOMPARE(GifLzw::minimumCodeSize(colors), expected);
    }

    void lzwByHand_data()
    {
        QTest::addColumn<QByteArray>("pixels");
        QTest::addColumn<QByteArray>("expected");
        // Minimum code size 2: clear = 4, end = 5, first free code 6, codes 3 bits wide.
        // Bits are packed least significant first (Appendix F).
        //
        // No pixels: clear 4 (100), end 5 (101) → bits b0..b5 = 0 0 1 | 1 0 1 → 0b00101100 = 0x2C.
        QTest::addRow("empty") << QByteArray() << bytes({0x2C});
        // 0 0 0 1: clear 4; "0" → emit 0, add 6 = "00"; "00" known, "001" not → emit 6, add
        // 7 = "001"; end of pixels → emit 1. The decoder adds an entry on reading that 1 and its
        // next code is then 8 = 2³: it reads the end code 4 bits wide, so 5 goes out as 0101.
        //   4 = 100 → b0..b2 = 0 0 1;  0 → b3..b5 = 0 0 0;  6 = 110 → b6..b8 = 0 1 1;
        //   1 = 001 → b9..b11 = 1 0 0; 5 = 0101 → b12..b15 = 1 0 1 0.
        //   byte 0 = b7..b0 = 1000 0100 = 0x84; byte 1 = b15..b8 = 0101 0011 = 0x53.
        QTest::addRow("0 0 0 1") << indices({0, 0, 0, 1}) << bytes({0x84, 0x53});
        // Seven 0s: emit 0 (add 6 "00"), emit 6 (add 7 "000"), emit 7 (add 8 "0000": 8 = 2³,
        // the codes widen to 4 bits), emit 0 in 4 bits, end 5 in 4 bits.
        //   4 → 0 0 1; 0 → 0 0 0; 6 → 0 1 1; 7 → 1 1 1; 0 → 0 0 0 0; 5 → 1 0 1 0.
        //   byte 0 = 1000 0100 = 0x84; byte 1 = b15..b8 = 0000 1111 = 0x0F; byte 2 = 0101 = 0x05.
        QTest::addRow("seven 0s, codes widen") << indices({0, 0, 0, 0, 0, 0, 0}) << bytes({0x84, 0x0F, 0x05});
    }
    void lzwByHand()
    {
        QFETCH(QByteArray, pixels);
        QFETCH(QByteArray, expected);
        QCOMPARE(GifLzw::encode(pixels, 2).toHex(' '), expected.toHex(' '));
    }

    void subBlocks()
    {
        // §15: a count byte (1–255) before each block of data, a zero count after the last.
        const QByteArray data(300, 'x');
        const QByteArray blocks = GifLzw::subBlocks(data);
        QCOMPARE(blocks.size(), 1 + 255 + 1 + 45 + 1);
        QCOMPARE(quint8(blocks[0]), quint8(255));
        QCOMPARE(quint8(blocks[256]), quint8(45));
        QCOMPARE(quint8(blocks.back()), quint8(0));
        QCOMPARE(GifLzw::subBlocks(QByteArray()), QByteArray(1, '\0'));
    }

    void delays_data()
    {
        QTest::addColumn<double>("fps");
        QTest::addColumn<QVector<int>>("expected");
        // Frame i ends at round(100 (i + 1) / fps) centiseconds.
        QTest::addRow("25 fps: 4 cs each") << 25.0 << QVector<int>{4, 4, 4};
        // 30 fps: ends at 3.33 → 3, 6.67 → 7, 10 → 10: 3, 4, 3.
        QTest::addRow("30 fps: 3, 4, 3") << 30.0 << QVector<int>{3, 4, 3};
        // 12 fps: 8.33 → 8, 16.67 → 17, 25: 8, 9, 8.
        QTest::addRow("12 fps: 8, 9, 8") << 12.0 << QVector<int>{8, 9, 8};
    }
    void delays()
    {
        QFETCH(double, fps);
        QFETCH(QVector<int>, expected);
        for (int i = 0; i < expected.size(); ++i)
            QCOMPARE(GifWriter::delayCentiseconds(i, fps), expected[i]);
    }

    void header()
    {
        const QByteArray gif = writeGif({flatFrame(QSize(300, 200), 20)}, {5});
        QVERIFY(gif.startsWith("GIF89a"));
        // §18: width and height little-endian after the signature.
        QCOMPARE(quint8(gif[6]) | quint8(gif[7]) << 8, 300);
        QCOMPARE(quint8(gif[8]) | quint8(gif[9]) << 8, 200);
        QVERIFY(gif.contains("NETSCAPE2.0"));
        QCOMPARE(quint8(gif.back()), quint8(0x3B)); // §27 trailer
        const QByteArray once = writeGif({flatFrame(QSize(300, 200), 20)}, {5}, -1);
        QVERIFY(!once.contains("NETSCAPE2.0"));
    }

    void roundTrip_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("frames");
        // Flat colours, a cursor moving: every frame palette-exact, later frames a strip.
        QTest::addRow("cursor 320x180 × 6") << QSize(320, 180) << 6;
        QTest::addRow("cursor 1x1 × 2") << QSize(1, 1) << 2;
        QTest::addRow("cursor 641x361 × 4") << QSize(641, 361) << 4;
    }
    void roundTrip()
    {
        QFETCH(QSize, size);
        QFETCH(int, frames);
        QVector<QImage> images;
        QVector<int> delays;
        for (int i = 0; i < frames; ++i) {
            images.push_back(flatFrame(size, size.width() * i / frames));
            delays.push_back(3 + i);
        }
        images.push_back(images.back()); // a frame that changes nothing
        delays.push_back(50);
        const QByteArray gif = writeGif(images, delays);
        QVERIFY(!gif.isEmpty());

        QBuffer buffer;
        buffer.setData(gif);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "gif");
        QVERIFY(reader.supportsAnimation());
        QCOMPARE(reader.imageCount(), images.size());
        QCOMPARE(reader.loopCount(), -1); // Qt: −1 is "loops forever" (NETSCAPE count 0)
        for (int i = 0; i < images.size(); ++i) {
            const QImage decoded = reader.read();
            QVERIFY2(!decoded.isNull(), qPrintable(QStringLiteral("frame %1: %2").arg(i).arg(reader.errorString())));
            QCOMPARE(firstDifference(rgb(decoded), rgb(images[i])), QString());
            // Qt reports the delay after the frame it has read, in milliseconds.
            QCOMPARE(reader.nextImageDelay(), delays[i] * 10);
        }
    }

    void laterFramesStoreTheChange()
    {
        // A cursor moved across a detailed still picture (noise of 200 colours: no run to
        // compress): the second frame is the changed rectangle, nearly all of it unchanged
        // pixels made transparent, one long run for LZW; a small part of the first frame.
        QImage a(320, 180, QImage::Format_RGB32);
        QRandomGenerator random(7);
        for (int y = 0; y < a.height(); ++y)
            for (int x = 0; x < a.width(); ++x)
                a.setPixel(x, y, qRgb(int(random.bounded(200)), 90, 160));
        QImage b = a;
        for (int y = 0; y < b.height(); ++y) {
            b.setPixel(40, y, qRgb(255, 255, 255));
            b.setPixel(280, y, qRgb(255, 255, 255));
        }
        const QByteArray one = writeGif({a}, {10});
        const QByteArray two = writeGif({a, b}, {10, 10});
        QVERIFY(!one.isEmpty() && !two.isEmpty());
        const qsizetype first = one.size(), second = two.size() - one.size();
        QVERIFY2(second * 10 < first, qPrintable(QStringLiteral("first frame %1 B, second %2 B").arg(first).arg(second)));
    }

    void fullTables()
    {
        // 256 colours of noise, 200 × 200: no string repeats for long, so the 4096-entry table
        // fills and clears again and again (Appendix F), at every code width from 9 to 12 bits.
        QImage image(200, 200, QImage::Format_RGB32);
        QRandomGenerator random(15);
        QVector<QRgb> colors;
        for (int i = 0; i < 256; ++i)
            colors.push_back(qRgb(i, (i * 7) & 0xFF, 255 - i));
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                image.setPixel(x, y, colors[int(random.bounded(256))]);
        // And a two-colour frame (1-bit table, code size 2) over it, then a single colour.
        QImage two(image.size(), QImage::Format_RGB32);
        for (int y = 0; y < two.height(); ++y)
            for (int x = 0; x < two.width(); ++x)
                two.setPixel(x, y, (x / 3 + y) % 2 ? qRgb(255, 255, 255) : qRgb(0, 0, 0));
        QImage one(image.size(), QImage::Format_RGB32);
        one.fill(qRgb(12, 34, 56));
        const QVector<QImage> frames{image, two, one};
        const QByteArray gif = writeGif(frames, {10, 10, 10});
        QVERIFY(!gif.isEmpty());
        QBuffer buffer;
        buffer.setData(gif);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "gif");
        QCOMPARE(reader.imageCount(), 3);
        for (const QImage& expected : frames)
            QCOMPARE(firstDifference(rgb(reader.read()), expected), QString());
    }

    void quantizedKeepsFlatColours()
    {
        // 4096 colours of gradient in a strip beside three flat areas: too many for one table.
        // The flat colours (each ≥ 1/1000 of the pixels) keep their exact entries; the
        // gradient's pixels get the nearest of the rest.
        QImage image(256, 200, QImage::Format_RGB32);
        image.fill(QColor(0x20, 0x24, 0x30));
        QPainter p(&image);
        p.fillRect(QRect(0, 0, 128, 100), QColor(0x4e, 0x79, 0xa7));
        p.fillRect(QRect(128, 0, 128, 100), QColor(0xe1, 0x57, 0x59));
        p.end();
        for (int y = 136; y < 152; ++y)
            for (int x = 0; x < 256; ++x)
                image.setPixel(x, y, qRgb(x, (y - 136) * 16, 255 - x));
        const GifIndexedImage indexed = GifQuantizer::quantize(image, image.rect());
        QVERIFY(!indexed.exact);
        QCOMPARE(indexed.palette.size(), 256);
        const QByteArray gif = writeGif({image}, {10});
        QBuffer buffer;
        buffer.setData(gif);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "gif");
        const QImage decoded = rgb(reader.read());
        QCOMPARE(decoded.pixel(5, 5), image.pixel(5, 5));
        QCOMPARE(decoded.pixel(200, 50), image.pixel(200, 50));
        QCOMPARE(decoded.pixel(100, 180), image.pixel(100, 180));
        // The gradient: 4096 colours (256 steps of red and blue against 16 of green) shared by
        // the 253 entries left, about 16 colours an entry: a box of median cut spans some 16
        // levels of its widest channel, so its mean is within about 8 of each colour; allow
        // twice that for uneven cuts, far under the 100s a wrong entry would be off.
        int worst = 0;
        for (int y = 136; y < 152; ++y)
            for (int x = 0; x < 256; ++x) {
                const QRgb a = decoded.pixel(x, y), b = image.pixel(x, y);
                worst = std::max({worst, std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
            }
        QCOMPARE_LE(worst, 16);
    }

    void badFrames()
    {
        QByteArray data;
        QBuffer buffer(&data);
        buffer.open(QIODevice::WriteOnly);
        GifWriter writer(&buffer);
        QVERIFY(!writer.finish());                    // no frame: no file
        QVERIFY(!writer.addFrame(QImage(), 10));      // a null frame
        QVERIFY(writer.addFrame(flatFrame(QSize(64, 48), 3), 10));
        QVERIFY(!writer.addFrame(flatFrame(QSize(65, 48), 3), 10)); // another size
        QVERIFY(!writer.addFrame(flatFrame(QSize(64, 48), 3), 70000)); // delay beyond 16 bits
        QCOMPARE(writer.frameCount(), 1);
        QVERIFY(writer.finish());

        // A device that refuses bytes: the writer says so, never claims a finished file.
        QBuffer closed;
        GifWriter refused(&closed);
        QVERIFY(!refused.addFrame(flatFrame(QSize(64, 48), 3), 10));
        QVERIFY(!refused.finish());
    }
};

QTEST_MAIN(TestGifWriter)
#include "tst_gifwriter.moc"
