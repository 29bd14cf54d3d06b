#pragma once

#include <QByteArray>
#include <QRect>
#include <QRgb>
#include <QVector>

class QImage;

/// A rectangle of an image as palette indices: what one GIF image holds (a colour table of at
/// most 256 entries, GIF89a §21, and an index per pixel, §22).
struct GifIndexedImage
{
    QVector<QRgb> palette;   ///< opaque colours, at most 256
    QByteArray indices;      ///< one byte per pixel, rows top to bottom
    bool exact = false;      ///< every pixel's colour is in the palette
    int transparent = -1;    ///< the index of "as the previous frame left it" (§23), or −1
};

/// Chooses a frame's colour table. The step views draw few flat colours, so a rectangle of 256
/// colours or fewer gets exactly those. More (antialiased text and edges): every colour
/// covering at least 1/1000 of the pixels keeps an entry of its own (so the blocks and bars
/// stay their exact colours), and median cut (Heckbert, "Color image quantization for frame
/// buffer display", SIGGRAPH 1982) divides the rest among the remaining entries; each pixel
/// takes its nearest entry. No dithering: a slide's flat areas stay flat.
class GifQuantizer
{
public:
    /// `image` is read as opaque RGB (alpha ignored); `rect` must lie inside it. With
    /// `previous` (a frame of the same size), the pixels it already has are left out of the
    /// table and get one transparent index: a long run of it costs LZW next to nothing.
    static GifIndexedImage quantize(const QImage& image, const QRect& rect, const QImage* previous = nullptr);
};
