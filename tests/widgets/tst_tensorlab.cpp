// The lab's tensor pages offscreen: the studio recomputes when a control moves, draws the
// format's grid and the errors, counts the model's bytes the memory bars' way, reads .npy files
// (and refuses bad ones without losing the tensor shown), applies formats by signal; the
// comparison ranks by error and by bytes; the loss-scaling run steps and plays.
#include <QtTest>

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/numerics/distributions.h"
#include "widgets/lab/errorhistogramplot.h"
#include "widgets/lab/formatcomparisonview.h"
#include "widgets/lab/lossscalingview.h"
#include "widgets/lab/numberformatlab.h"
#include "widgets/lab/tensorhistogramplot.h"
#include "widgets/lab/tensorstatspanel.h"
#include "widgets/lab/tensorstudioview.h"
#include "widgets/valueslider.h"

Q_DECLARE_METATYPE(core::WeightQuantization)
Q_DECLARE_METATYPE(core::KvCacheDtype)

namespace {

/// Llama 2 70B as the serving bars count it (one GPU, no parallelism).
core::ServedModel llama70b()
{
    core::Scenario s;
    s.model = core::findModelPreset("llama-2-70b")->model;
    s.mode = core::Mode::Inference;
    s.parallel.gpus = 1;
    s.hardware.gpu = *core::findGpuPreset("h200");
    const core::Estimate e = core::estimate(s);
    if (!e.valid)
        qFatal("the 70B test scenario does not estimate");
    return core::servedModel(s, e.parameters, e.shape);
}

core::QuantRecipe recipe(core::TensorFormat f, core::Scaling s, int group = 128)
{
    core::QuantRecipe r = core::defaultRecipe(f);
    r.scaling = s;
    r.groupSize = group;
    return r;
}

void chooseFormat(TensorStudioView& v, core::TensorFormat f)
{
    QComboBox* box = v.formatBox();
    box->setCurrentIndex(box->findData(int(f)));
    emit box->activated(box->currentIndex()); // as a click on the list does
    v.flush();
}

} // namespace

class TestTensorLab : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qRegisterMetaType<core::WeightQuantization>();
        qRegisterMetaType<core::KvCacheDtype>();
    }

    // Choosing a format recomputes on the next pass and brings the format's own scaling.
    void formatChoiceRecomputes()
    {
        TensorStudioView v;
        v.resize(1200, 800);
        v.show();
        v.flush();
        QCOMPARE(v.studio().tensor().size(), std::int64_t(1024 * 1024));
        QSignalSpy analysed(&v, &TensorStudioView::analysisChanged);
        chooseFormat(v, core::TensorFormat::MxFp4);
        QCOMPARE(analysed.count(), 1);
        QCOMPARE(v.recipe().scaling, core::Scaling::Block);
        QCOMPARE(v.analysis().stats.effectiveBits, 4.25);
        QCOMPARE(v.statsPanel()->value(TensorStatsPanel::Bits), QStringLiteral("4.25 = 4 + 0.25"));
        QVERIFY(v.errorPlot()->binCount() > 3);
        chooseFormat(v, core::TensorFormat::Int4);
        QCOMPARE(v.recipe().scaling, core::Scaling::Group);
        QCOMPARE(v.recipe().groupSize, 128);
        QVERIFY(v.groupSlider()->isVisibleTo(&v));
        // Ten quick edits are one analysis.
        analysed.clear();
        for (int i = 0; i < 10; ++i)
            v.setRecipe(recipe(core::TensorFormat::Int4, core::Scaling::Group, 16 << (i % 4)));
        QTRY_COMPARE(analysed.count(), 1);
    }

    // INT4 per tensor on N(0, σ²): the 15 values −7 s … 7 s (s = amax / 7) lie in the view, all drawn.
    void gridOverlay()
    {
        TensorStudioView v;
        v.resize(1200, 800);
        v.show();
        v.setRecipe(recipe(core::TensorFormat::Int4, core::Scaling::Tensor));
        v.flush();
        QVERIFY(v.histogram()->isGridComplete());
        QCOMPARE(v.histogram()->gridLineCount(), 15);
        QCOMPARE(v.histogram()->gridStride(), 1);
        // FP16 has 63 488 finite values: over the tensor's range only its powers of two are drawn.
        v.setRecipe(recipe(core::TensorFormat::Fp16, core::Scaling::None));
        v.flush();
        QVERIFY(!v.histogram()->isGridComplete());
    }

    void gradientsOnALogAxis()
    {
        TensorStudioView v;
        v.show();
        v.setDistribution(core::Distribution::LogNormal);
        v.setRecipe(recipe(core::TensorFormat::Fp16, core::Scaling::None));
        v.flush();
        QVERIFY(v.histogram()->isLogScale());
        // 10^−10 … 10^−1 (μ ± 3σ): FP16 flushes |g| ≤ 2^−25 = 10^−7.53: Φ((−7.53 + 5.5) / 1.5) = 0.0883.
        QVERIFY2(std::abs(v.analysis().stats.underflowFraction - 0.0883) < 0.002, qPrintable(QString::number(v.analysis().stats.underflowFraction)));
        v.setDistribution(core::Distribution::Normal);
        v.flush();
        QVERIFY(!v.histogram()->isLogScale());
    }

    // The model's bytes are the bars': INT4 g128 with FP16 scales on Llama 2 70B, 4.125 bits per
    // linear weight and 16-bit embeddings (core::ServedModel, tested against the estimate).
    void modelBytes()
    {
        TensorStudioView v;
        const core::ServedModel m = llama70b();
        v.setModel(m, core::WeightQuantization{});
        v.setRecipe(recipe(core::TensorFormat::Int4, core::Scaling::Group, 128));
        v.show();
        v.flush();
        QCOMPARE(v.modelBytes(), m.weightBytes(4.125));
        QVERIFY2(v.modelLine().contains(QStringLiteral("Llama 2 70B")), qPrintable(v.modelLine()));
        QVERIFY2(v.modelLine().contains(QStringLiteral("memory bars' number")), qPrintable(v.modelLine()));
        v.setRecipe(recipe(core::TensorFormat::NvFp4, core::Scaling::Block));
        v.flush();
        QCOMPARE(v.modelBytes(), m.weightBytes(4.5));
        QVERIFY2(v.modelLine().contains(QStringLiteral("cannot show it")), qPrintable(v.modelLine()));
    }

    void useForWeightsAndKvCache()
    {
        TensorStudioView v;
        v.show();
        QSignalSpy weights(&v, &TensorStudioView::servingWeightsChosen);
        QSignalSpy kv(&v, &TensorStudioView::kvCacheChosen);
        core::QuantRecipe r = recipe(core::TensorFormat::Int4, core::Scaling::Group, 64);
        r.scheme = core::QuantScheme::Asymmetric;
        v.setRecipe(r);
        v.flush();
        QVERIFY(v.useForWeightsButton()->isEnabled());
        QVERIFY(!v.useForKvCacheButton()->isEnabled()); // no INT4 KV cache in the estimate
        v.useForWeightsButton()->click();
        QCOMPARE(weights.count(), 1);
        const auto q = weights.first().first().value<core::WeightQuantization>();
        QCOMPARE(int(q.format), int(core::WeightFormat::Int4));
        QCOMPARE(q.groupSize, 64);
        QVERIFY(q.zeroPoint);
        v.setRecipe(recipe(core::TensorFormat::Fp8E4M3, core::Scaling::Tensor));
        v.flush();
        v.useForKvCacheButton()->click();
        QCOMPARE(kv.count(), 1);
        QCOMPARE(kv.first().first().value<core::KvCacheDtype>(), core::KvCacheDtype::Fp8);
        // MXFP4 has no serving format: both off, and the tooltip says why.
        v.setRecipe(recipe(core::TensorFormat::MxFp4, core::Scaling::Block));
        v.flush();
        QVERIFY(!v.useForWeightsButton()->isEnabled());
        QVERIFY(!v.useForWeightsButton()->toolTip().isEmpty());
    }

    // A .npy file becomes the tensor; a bad one is refused with the reason and changes nothing.
    void loadsNpy()
    {
        QTemporaryDir dir;
        auto npy = [&](const QByteArray& descr, const QByteArray& data, int values) {
            QByteArray header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (2, " + QByteArray::number(values / 2) + "), }";
            while ((10 + header.size() + 1) % 64 != 0)
                header += ' ';
            header += '\n';
            QByteArray file("\x93NUMPY\x01\x00", 8);
            file += char(header.size() & 0xFF);
            file += char(header.size() >> 8);
            const QString path = dir.filePath(QString::fromLatin1(descr.toHex()) + QStringLiteral(".npy"));
            QFile f(path);
            f.open(QIODevice::WriteOnly);
            f.write(file + header + data);
            return path;
        };
        const float values[6] = {1, -2, 3, 0.5f, 0.25f, -0.125f};
        TensorStudioView v;
        v.show();
        QSignalSpy changed(&v, &TensorStudioView::tensorChanged);
        QVERIFY(v.loadFile(npy("<f4", QByteArray(reinterpret_cast<const char*>(values), sizeof values), 6)));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(v.studio().tensor().rows, std::int64_t(2));
        QCOMPARE(v.studio().tensor().cols, std::int64_t(3));
        QCOMPARE(v.studio().summary().absMax, 3.0);
        QVERIFY(!v.loadFile(npy(">f4", QByteArray(24, '\0'), 6)));
        QVERIFY2(v.fileError().contains(QStringLiteral("big-endian")), qPrintable(v.fileError()));
        QCOMPARE(v.studio().tensor().cols, std::int64_t(3)); // the tensor shown stays
        QVERIFY(!v.loadFile(dir.filePath(QStringLiteral("missing.npy"))));
        QVERIFY(v.fileError().contains(QStringLiteral("missing.npy")));
    }

    // Normal weights: FP16 keeps the most (SNR ≈ 6 dB per mantissa bit); by bytes INT4 g128
    // (4.125 bits) comes first, then MXFP4 (4.25), NVFP4 (4.5).
    void comparisonRanks()
    {
        core::DistributionSpec spec;
        spec.rows = 256;
        core::Tensor t;
        core::generate(spec, t);
        FormatComparisonView c;
        c.setModel(llama70b());
        c.setTensor(t);
        c.flush();
        QCOMPARE(c.analyses().size(), std::size_t(9));
        QCOMPARE(c.rankedRecipes().front().format, core::TensorFormat::Fp16);
        c.setRank(FormatComparisonView::Rank::ByBytes);
        const std::vector<core::QuantRecipe> byBytes = c.rankedRecipes();
        QCOMPARE(byBytes[0].format, core::TensorFormat::Int4);
        QCOMPARE(byBytes[1].format, core::TensorFormat::MxFp4);
        QCOMPARE(byBytes[2].format, core::TensorFormat::NvFp4);
        QCOMPARE(c.table()->rowCount(), 9);
        // Selecting a row enables what the estimate can take.
        c.table()->selectRow(0); // INT4 g128
        QVERIFY(c.useForWeightsButton()->isEnabled());
        QVERIFY(!c.useForKvCacheButton()->isEnabled());
        QSignalSpy weights(&c, &FormatComparisonView::servingWeightsChosen);
        c.useForWeightsButton()->click();
        QCOMPARE(weights.count(), 1);
    }

    void lossScalingSteps()
    {
        LossScalingView v;
        v.show();
        QCOMPARE(v.run().steps.size(), std::size_t(10000));
        v.setCurrentStep(0);
        v.stepButton()->click();
        QCOMPARE(v.currentStep(), 1);
        QVERIFY2(v.summary().startsWith(QStringLiteral("Step 2 of 10,000")), qPrintable(v.summary()));
        v.playButton()->click();
        QVERIFY(v.isPlaying());
        QTRY_VERIFY(v.currentStep() > 1);
        v.playButton()->click();
        QVERIFY(!v.isPlaying());
        // The scenario's parameter count is the number of gradients per step.
        v.setGradientCount(70e9);
        QCOMPARE(v.drift().valuesPerStep, 70e9);
    }

    // The lab's pages, its memory line for the scenario's model, and a language change.
    void labPagesAndModel()
    {
        NumberFormatLab lab;
        lab.show();
        QCOMPARE(lab.pageTabs()->count(), 4);
        const core::ServedModel m = llama70b();
        core::WeightQuantization q;
        q.groupSize = 128;
        lab.setModel(m, q);
        QVERIFY2(lab.memoryLine().contains(QStringLiteral("Llama 2 70B")), qPrintable(lab.memoryLine()));
        lab.showPage(NumberFormatLab::Page::Comparison);
        QCOMPARE(lab.currentPage(), NumberFormatLab::Page::Comparison);
        QCOMPARE(lab.comparison()->analyses().size(), std::size_t(9)); // the studio's first tensor
        QEvent event(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&lab, &event);
        for (QWidget* w : lab.findChildren<QWidget*>())
            QCoreApplication::sendEvent(w, &event);
        QVERIFY(lab.memoryLine().contains(QStringLiteral("Llama 2 70B")));
        QCOMPARE(lab.pageTabs()->tabText(1), QStringLiteral("Tensor studio"));
    }
};

QTEST_MAIN(TestTensorLab)
#include "tst_tensorlab.moc"
