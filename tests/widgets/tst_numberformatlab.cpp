// The number-format lab, offscreen: clicking a bit changes the value, typing a value sets the
// bits, bad input gives a message, choosing a weight format is a signal. Expected patterns
// and values are worked by hand in each row's comment.
#include <QtTest>

#include <QApplication>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <cmath>

#include "widgets/lab/bitlayoutview.h"
#include "widgets/lab/formattable.h"
#include "widgets/lab/numberformatlab.h"
#include "widgets/lab/numberlineplot.h"
#include "widgets/lab/quantizationpanel.h"

using core::NumberFormat;

Q_DECLARE_METATYPE(core::NumberFormat)
Q_DECLARE_METATYPE(NumberFormatLab::InputError)

namespace {

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2B, 0x2B, 0x2B), text(0xE6, 0xE6, 0xE6), base(0x1E, 0x1E, 0x1E);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x26));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x35));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Highlight, QColor(0x2F, 0x65, 0xCA));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x8C, 0x8C, 0x8C));
    p.setColor(QPalette::Light, QColor(0x50, 0x50, 0x50));
    p.setColor(QPalette::Midlight, QColor(0x40, 0x40, 0x40));
    p.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Dark, QColor(0x1A, 0x1A, 0x1A));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    return p;
}

QString hex(quint32 bits)
{
    return QStringLiteral("0x%1").arg(bits, 0, 16);
}

void typeInto(QLineEdit* edit, const QString& text)
{
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, text);
}

} // namespace

class TestNumberFormatLab : public QObject
{
    Q_OBJECT

private slots:
    void clickingBitChangesValue_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<QString>("start");
        QTest::addColumn<int>("bit");
        QTest::addColumn<double>("expected"); // NaN: the pattern becomes NaN
        // FP16 1 = 0 01111 0000000000; bit 10 is the exponent's lowest: 01110 → 2^−1.
        QTest::addRow("FP16 exponent") << NumberFormat::Fp16 << "1" << 10 << 0.5;
        QTest::addRow("FP16 sign") << NumberFormat::Fp16 << "1" << 15 << -1.0;
        // 65504 = 0x7BFF; clearing the last mantissa bit gives 65504 − 32 = 65472.
        QTest::addRow("FP16 max, bit 0") << NumberFormat::Fp16 << "65504" << 0 << 65472.0;
        // BF16 1 = 0x3F80; bit 6 is the top mantissa bit: 1 + 1/2.
        QTest::addRow("BF16 mantissa") << NumberFormat::Bf16 << "1" << 6 << 1.5;
        QTest::addRow("FP32 sign") << NumberFormat::Fp32 << "2" << 31 << -2.0;
        // TF32's top mantissa bit is bit 9.
        QTest::addRow("TF32 mantissa") << NumberFormat::Tf32 << "1" << 9 << 1.5;
        // E4M3 1 = 0 0111 000; bit 0 adds 1/8.
        QTest::addRow("E4M3 mantissa") << NumberFormat::Fp8E4M3 << "1" << 0 << 1.125;
        // E4M3 448 = 0 1111 110; setting bit 0 gives S.1111.111, the NaN.
        QTest::addRow("E4M3 448 → NaN") << NumberFormat::Fp8E4M3 << "448" << 0 << std::nan("");
        // E5M2 57344 = 0 11110 11 → 0 11110 10 = 1.5·2^15 = 49152.
        QTest::addRow("E5M2 max, bit 0") << NumberFormat::Fp8E5M2 << "57344" << 0 << 49152.0;
        // E2M1 1 = 0 01 0 → 0 11 0 = 4.
        QTest::addRow("E2M1 exponent") << NumberFormat::Fp4E2M1 << "1" << 2 << 4.0;
        // INT8 5 = 0000 0101; the sign bit weighs −128: −128 + 5 = −123.
        QTest::addRow("INT8 sign bit") << NumberFormat::Int8 << "5" << 7 << -123.0;
        QTest::addRow("UINT8 top bit") << NumberFormat::Uint8 << "5" << 7 << 133.0;
        // INT4 3 = 0011 → 1011 = −8 + 3 = −5.
        QTest::addRow("INT4 sign bit") << NumberFormat::Int4 << "3" << 3 << -5.0;
    }
    void clickingBitChangesValue()
    {
        QFETCH(NumberFormat, format);
        QFETCH(QString, start);
        QFETCH(int, bit);
        QFETCH(double, expected);
        NumberFormatLab lab;
        lab.resize(1400, 900);
        lab.show();
        QVERIFY(lab.setText(start));
        BitLayoutView* view = lab.view(format);
        QVERIFY(view);
        const QRect box = view->bitRect(bit);
        QVERIFY(!box.isEmpty());
        QCOMPARE(view->bitAt(box.center()), bit);
        QSignalSpy edited(view, &BitLayoutView::bitsEdited);
        QTest::mouseClick(view, Qt::LeftButton, {}, box.center());
        QCOMPARE(edited.count(), 1);
        if (std::isnan(expected)) {
            QVERIFY(std::isnan(view->value()));
            QCOMPARE(core::classify(format, view->bits()), core::ValueClass::NaN);
            QVERIFY(lab.message().contains(QStringLiteral("NaN")));
            return;
        }
        QCOMPARE(view->value(), expected);
        // A finite result becomes the lab's value; FP32 holds every expected value exactly.
        QCOMPARE(lab.value(), expected);
        QCOMPARE(lab.view(NumberFormat::Fp32)->value(), expected);
        // Clicking again restores the start.
        QTest::mouseClick(view, Qt::LeftButton, {}, box.center());
        QCOMPARE(view->value(), start.toDouble());
    }

    void typingSetsBits_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<uint>("bits");
        // Seed 2's π examples: FP32 0 10000000 10010010000111111011011, FP16 0 10000 1001001000,
        // BF16 0 10000000 1001001.
        QTest::addRow("π FP32") << "3.14159265" << NumberFormat::Fp32 << 0x40490FDBu;
        QTest::addRow("π FP16") << "3.14159265" << NumberFormat::Fp16 << 0x4248u;
        QTest::addRow("π BF16") << "3.14159265" << NumberFormat::Bf16 << 0x4049u;
        QTest::addRow("pi FP16") << "pi" << NumberFormat::Fp16 << 0x4248u;
        QTest::addRow("FP16 max") << "65504" << NumberFormat::Fp16 << 0x7BFFu;
        QTest::addRow("65520 → FP16 inf") << "65520" << NumberFormat::Fp16 << 0x7C00u;
        // 1e−8 < 2^−25 (half FP16's smallest subnormal) → 0; BF16: 1.342·2^−27 → 0x322C.
        QTest::addRow("1e-8 FP16") << "1e-8" << NumberFormat::Fp16 << 0x0000u;
        QTest::addRow("1e-8 BF16") << "1e-8" << NumberFormat::Bf16 << 0x322Cu;
        QTest::addRow("448 E4M3") << "448" << NumberFormat::Fp8E4M3 << 0x7Eu;
        QTest::addRow("2^-24 FP16") << "2^-24" << NumberFormat::Fp16 << 0x0001u;
        // 1/3 = 1.333·2^−2: exponent 125, 0.333·128 = 42.7 → 43: 0 01111101 0101011.
        QTest::addRow("1/3 BF16") << "1/3" << NumberFormat::Bf16 << 0x3EABu;
        QTest::addRow("-2 INT8") << "-2" << NumberFormat::Int8 << 0xFEu;
        QTest::addRow("300 UINT8 clamps") << "300" << NumberFormat::Uint8 << 0xFFu;
    }
    void typingSetsBits()
    {
        QFETCH(QString, text);
        QFETCH(NumberFormat, format);
        QFETCH(uint, bits);
        NumberFormatLab lab;
        lab.show();
        QLineEdit* edit = lab.valueEdit();
        QVERIFY(edit);
        typeInto(edit, text);
        QCOMPARE(lab.inputError(), NumberFormatLab::InputError::None);
        QCOMPARE(hex(lab.view(format)->bits()), hex(bits));
    }

    // Pasted text may carry a real minus sign or π (QTest::keyClicks types ASCII only).
    void pastedUnicode_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<uint>("bits");
        QTest::addRow("−2 INT8") << QStringLiteral("−2") << NumberFormat::Int8 << 0xFEu;
        QTest::addRow("π FP16") << QStringLiteral("π") << NumberFormat::Fp16 << 0x4248u;
        QTest::addRow("−π BF16") << QStringLiteral("−π") << NumberFormat::Bf16 << 0xC049u;
        QTest::addRow("2^−24 FP16") << QStringLiteral("2^−24") << NumberFormat::Fp16 << 0x0001u;
    }
    void pastedUnicode()
    {
        QFETCH(QString, text);
        QFETCH(NumberFormat, format);
        QFETCH(uint, bits);
        NumberFormatLab lab;
        QVERIFY(lab.setText(text));
        QCOMPARE(hex(lab.view(format)->bits()), hex(bits));
    }

    void badInputGivesMessage_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<NumberFormatLab::InputError>("error");
        using E = NumberFormatLab::InputError;
        QTest::addRow("empty") << "" << E::Empty;
        QTest::addRow("spaces") << "   " << E::Empty;
        QTest::addRow("abc") << "abc" << E::NotANumber;
        QTest::addRow("1.2.3") << "1.2.3" << E::NotANumber;
        QTest::addRow("nan") << "nan" << E::NaN;
        QTest::addRow("NaN") << "NaN" << E::NaN;
        QTest::addRow("inf") << "inf" << E::Infinite;
        QTest::addRow("-inf") << "-inf" << E::Infinite;
        QTest::addRow("∞") << QStringLiteral("∞") << E::Infinite;
        QTest::addRow("1e400") << "1e400" << E::TooLarge;
        QTest::addRow("1e-400") << "1e-400" << E::TooSmall;
        QTest::addRow("2^99999") << "2^99999" << E::TooLarge;
        QTest::addRow("1/0") << "1/0" << E::NotANumber;
        QTest::addRow("^") << "^" << E::NotANumber;
    }
    void badInputGivesMessage()
    {
        QFETCH(QString, text);
        QFETCH(NumberFormatLab::InputError, error);
        NumberFormatLab lab;
        lab.show();
        QVERIFY(lab.setText(QStringLiteral("3.14159265")));
        const QString before = lab.message();
        QSignalSpy changed(&lab, &NumberFormatLab::valueChanged);
        QVERIFY(!lab.setText(text)); // as pasted: typing would show the valid prefixes on the way
        QCOMPARE(lab.inputError(), error);
        QVERIFY(!lab.message().isEmpty());
        QVERIFY(lab.message() != before);
        // The rows keep the last good value.
        QCOMPARE(hex(lab.view(NumberFormat::Fp16)->bits()), hex(0x4248));
        QCOMPARE(changed.count(), 0);
    }

    // The loss-scaling story: 1e−8 vanishes in FP16 but not BF16, and the lab says so.
    void lossScalingStory()
    {
        NumberFormatLab lab;
        QVERIFY(lab.setText(QStringLiteral("1e-8")));
        QCOMPARE(lab.view(NumberFormat::Fp16)->conversion(), core::Conversion::Underflow);
        QCOMPARE(lab.view(NumberFormat::Bf16)->conversion(), core::Conversion::Rounded);
        // 6.1e−5 / 1e−8 = 6104 → the next power of two is 2^13 = 8192.
        QVERIFY2(lab.message().contains(QStringLiteral("8192")), qPrintable(lab.message()));
        QVERIFY(lab.numberLine()->isMarkerVisible());
        QVERIFY(lab.setText(QStringLiteral("0")));
        QVERIFY(!lab.numberLine()->isMarkerVisible());
    }

    void keyboardStepsToNeighbours()
    {
        BitLayoutView view(NumberFormat::Fp16);
        view.setValue(1.0);
        QTest::keyClick(&view, Qt::Key_Up);
        QCOMPARE(view.value(), 1.0009765625); // 1 + 2^−10
        QTest::keyClick(&view, Qt::Key_Down);
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.value(), 0.99951171875); // 1 − 2^−11
    }

    void valueProperty()
    {
        BitLayoutView view(NumberFormat::Bf16);
        QSignalSpy spy(&view, &BitLayoutView::valueChanged);
        QVERIFY(view.setProperty("value", 3.14159265));
        QCOMPARE(view.property("bits").toUInt(), 0x4049u);
        QCOMPARE(view.property("value").toDouble(), 3.140625);
        QCOMPARE(spy.count(), 1);
        view.setValue(3.14159265); // same request: no signal
        QCOMPARE(spy.count(), 1);
    }

    void weightFormatChosen_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<bool>("servable");
        // The formats the estimate can store weights in (core::weightFormatFor), and some it cannot:
        // TF32 is a tensor-core mode, NVFP4/UINT8 have no serving weight format in the core.
        QTest::addRow("INT4") << NumberFormat::Int4 << true;
        QTest::addRow("FP8 E4M3") << NumberFormat::Fp8E4M3 << true;
        QTest::addRow("BF16") << NumberFormat::Bf16 << true;
        QTest::addRow("TF32") << NumberFormat::Tf32 << false;
        QTest::addRow("NVFP4") << NumberFormat::NvFp4 << false;
        QTest::addRow("UINT8") << NumberFormat::Uint8 << false;
    }
    void weightFormatChosen()
    {
        QFETCH(NumberFormat, format);
        QFETCH(bool, servable);
        NumberFormatLab lab;
        lab.show();
        QSignalSpy spy(&lab, &NumberFormatLab::weightFormatChosen);
        lab.formatTable()->setCurrentFormat(format);
        QPushButton* button = lab.useForWeightsButton();
        QCOMPARE(button->isEnabled(), servable);
        QVERIFY(!button->toolTip().isEmpty()); // says what it does, or why it cannot
        QTest::mouseClick(button, Qt::LeftButton);
        emit lab.formatTable()->cellDoubleClicked(lab.formatTable()->rowOf(format), 0);
        QCOMPARE(spy.count(), servable ? 2 : 0);
        for (const QList<QVariant>& args : std::as_const(spy))
            QCOMPARE(args.at(0).value<core::NumberFormat>(), format);
    }

    void formatTableShowsBytesPerValue_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<QString>("bits");
        QTest::addColumn<QString>("bytes");
        QTest::addRow("FP32") << NumberFormat::Fp32 << QStringLiteral("1 · 8 · 23") << "4";
        QTest::addRow("TF32 lives in 32 bits") << NumberFormat::Tf32 << QStringLiteral("1 · 8 · 10") << "4";
        QTest::addRow("BF16") << NumberFormat::Bf16 << QStringLiteral("1 · 8 · 7") << "2";
        QTest::addRow("INT4") << NumberFormat::Int4 << "4" << "0.5";
        // MXFP4: 4 + 8/32 = 4.25 bits = 0.53125 B; NVFP4: 4 + 8/16 = 4.5 bits = 0.5625 B;
        // MXFP8: 8 + 8/32 = 8.25 bits = 1.03125 B.
        QTest::addRow("MXFP4") << NumberFormat::MxFp4 << "4 + 8/32 = 4.25" << "0.53125";
        QTest::addRow("NVFP4") << NumberFormat::NvFp4 << "4 + 8/16 = 4.5" << "0.5625";
        QTest::addRow("MXFP8") << NumberFormat::MxFp8 << "8 + 8/32 = 8.25" << "1.03125";
    }
    void formatTableShowsBytesPerValue()
    {
        QFETCH(NumberFormat, format);
        QFETCH(QString, bits);
        QFETCH(QString, bytes);
        FormatTable table;
        const int row = table.rowOf(format);
        QCOMPARE(table.item(row, FormatTable::LayoutColumn)->text(), bits);
        QCOMPARE(table.item(row, FormatTable::BytesColumn)->text(), bytes);
    }

    void quantizationPanel_data()
    {
        QTest::addColumn<NumberFormat>("format");
        QTest::addColumn<int>("scheme");
        QTest::addColumn<double>("rangeMin");
        QTest::addColumn<double>("rangeMax");
        QTest::addColumn<double>("x");
        QTest::addColumn<int>("zeroPoint");
        QTest::addColumn<int>("stored");
        // 0.3 / (1/127) = 38.1 → 38.
        QTest::addRow("INT8 sym") << NumberFormat::Int8 << int(core::QuantScheme::Symmetric) << -1.0 << 1.0 << 0.3 << 0 << 38;
        // [−1, 3]: scale 4/255, zero point −128 + 64 = −64; 1 → round(63.75) − 64 = 0.
        QTest::addRow("INT8 asym") << NumberFormat::Int8 << int(core::QuantScheme::Asymmetric) << -1.0 << 3.0 << 1.0 << -64 << 0;
        // INT4 [−1, 1]: 0.4·7 = 2.8 → 3.
        QTest::addRow("INT4 sym") << NumberFormat::Int4 << int(core::QuantScheme::Symmetric) << -1.0 << 1.0 << 0.4 << 0 << 3;
    }
    void quantizationPanel()
    {
        QFETCH(NumberFormat, format);
        QFETCH(int, scheme);
        QFETCH(double, rangeMin);
        QFETCH(double, rangeMax);
        QFETCH(double, x);
        QFETCH(int, zeroPoint);
        QFETCH(int, stored);
        QuantizationPanel panel;
        panel.setFormat(format);
        panel.setScheme(core::QuantScheme(scheme));
        panel.setRange(rangeMin, rangeMax);
        panel.setValue(x);
        QVERIFY(panel.parameters().valid());
        QCOMPARE(panel.parameters().zeroPoint, zeroPoint);
        QCOMPARE(panel.result().stored, stored);
    }

    void quantizationPanelInvertedRange()
    {
        QuantizationPanel panel;
        panel.setRange(2, 1);
        QVERIFY(!panel.parameters().valid());
        QCOMPARE(panel.parameters().error, core::QuantError::InvertedRange);
    }

    // A language change re-sets every text in place (no rebuild): same widgets, same bits.
    void languageChangeKeepsState()
    {
        NumberFormatLab lab;
        QVERIFY(lab.setText(QStringLiteral("1e-8")));
        BitLayoutView* fp16 = lab.view(NumberFormat::Fp16);
        const QString message = lab.message();
        QEvent event(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&lab, &event);
        for (QWidget* w : lab.findChildren<QWidget*>())
            QCoreApplication::sendEvent(w, &event);
        QCOMPARE(lab.view(NumberFormat::Fp16), fp16);
        QCOMPARE(lab.message(), message);
        QCOMPARE(hex(lab.view(NumberFormat::Bf16)->bits()), hex(0x322C));
        QVERIFY(!lab.findChild<QPushButton*>()->text().isEmpty());
    }

    // Rendering, light and dark: the PNG is real, the dark palette changes the pixels.
    // With SHARDSCOPE_SCREENSHOT_DIR set, the images are also written there for looking at.
    void rendersLightAndDark()
    {
        NumberFormatLab lab;
        lab.resize(1400, 900);
        lab.show();
        QVERIFY(lab.setText(QStringLiteral("3.14159265")));
        QCoreApplication::processEvents();
        const QImage light = lab.grab().toImage();
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QVERIFY(light.save(&buffer, "PNG"));
        QVERIFY(png.startsWith("\x89PNG"));

        lab.setPalette(darkPalette());
        QCoreApplication::processEvents();
        const QImage dark = lab.grab().toImage();
        QVERIFY(dark != light);
        const QColor corner = dark.pixelColor(5, 5);
        QVERIFY2(corner.lightness() < 128, qPrintable(corner.name()));

        const QString dir = qEnvironmentVariable("SHARDSCOPE_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            light.save(dir + QStringLiteral("/numberformat-lab.png"));
            dark.save(dir + QStringLiteral("/numberformat-lab-dark.png"));
            QVERIFY(lab.setText(QStringLiteral("1e-8")));
            QCoreApplication::processEvents();
            lab.grab().save(dir + QStringLiteral("/numberformat-lab-dark-1e-8.png"));
            lab.setPalette(QPalette());
            QCoreApplication::processEvents();
            lab.grab().save(dir + QStringLiteral("/numberformat-lab-1e-8.png"));
        }
    }
};

QTEST_MAIN(TestNumberFormatLab)
#include "tst_numberformatlab.moc"
