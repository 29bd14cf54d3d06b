// Hybrid sharding (parallel.shard_group): ZeRO / FSDP shards the model states over a group
// smaller than DP × CP and all-reduces the gradient shards across its copies. Every number
// below is worked by hand from the formulas cited in core/layout/sharding.h and the ring
// collectives of nccl-tests PERFORMANCE.md, on a bare 1e9-parameter model (P = 1e9 on every
// GPU, nothing else resident) of 64 H100 SXM in 8 nodes (NVLink 900 GB/s both ways, one 50 GB/s
// NIC per GPU: resources/gpus.json).
#include <QtTest>

#include "core/estimate.h"
#include "core/steptime.h"
#include "testscenarios.h"

namespace {

constexpr double kP = 1e9;

core::Scenario run(core::Framework framework, int zeroStage, int shardGroup, int globalBatch = 64)
{
    core::Scenario s = testscenarios::countOnly(kP, 64, zeroStage, "h100-sxm");
    s.training.framework = framework;
    s.training.globalBatchSize = globalBatch;
    s.parallel.shardGroup = shardGroup;
    s.hardware.mfu = 0; // the step-time model times the step, and with it each link
    return s;
}

double stepConstant(std::string_view id)
{
    for (const core::StepConstant& k : core::stepConstants())
        if (k.id == id)
            return k.value;
    qFatal("no step constant %s", std::string(id).c_str());
}

double commSeconds(const core::Estimate& e) { return e.communication.seconds[std::size_t(core::CommDimension::DataParallel)]; }

} // namespace

class TestHybridSharding : public QObject
{
    Q_OBJECT

private slots:
    // Model states per GPU: ZeRO stage z divides the optimizer (z ≥ 1), gradients (z ≥ 2) and
    // weights (z = 3) by the shard group S instead of D·c = 64 (ZeRO §5; FSDP HYBRID_SHARD keeps
    // a full copy of the sharded states per group). Megatron, mixed 16-bit Adam: w 2, g 2,
    // master 4 + moments 8 B per parameter.
    void modelStates_data()
    {
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("shardGroup");
        QTest::addColumn<double>("bytes");
        QTest::addRow("ZeRO-1 over all 64") << 1 << 0 << (2 + 2 + 12.0 / 64) * kP;   // 4.1875 GB
        QTest::addRow("ZeRO-1, shard group 64 = all") << 1 << 64 << (2 + 2 + 12.0 / 64) * kP;
        QTest::addRow("ZeRO-1, shard group 8") << 1 << 8 << (2 + 2 + 12.0 / 8) * kP;  // 5.5 GB
        QTest::addRow("ZeRO-2, shard group 16") << 2 << 16 << (2 + 14.0 / 16) * kP;   // 2.875 GB
        QTest::addRow("ZeRO-3 over all 64") << 3 << 0 << 16.0 / 64 * kP;              // 0.25 GB
        QTest::addRow("ZeRO-3, shard group 8") << 3 << 8 << 16.0 / 8 * kP;            // 2 GB
        QTest::addRow("ZeRO-0 shards nothing") << 0 << 8 << 16.0 * kP;
    }
    void modelStates()
    {
        QFETCH(int, zero);
        QFETCH(int, shardGroup);
        QFETCH(double, bytes);
        const core::Estimate e = core::estimate(run(core::Framework::Megatron, zero, shardGroup));
        QVERIFY(e.valid);
        QCOMPARE(e.fullest().modelStateBytes(), bytes);
    }

    // Bytes each GPU sends for data parallelism per step. Flat: ring reduce-scatter of g·P and
    // all-gather of w·P over D = 64, (D−1)/D each. Hybrid: the same over S, plus the reduced
    // shard's all-reduce across R = 64/S replicas, 2(R−1)/R · g·P/S, once per step (Megatron
    // start_grad_sync) or after every reduce-scatter (FSDP2 foreach_reduce: every micro-batch at
    // ZeRO ≥ 2). A ring moves the same bytes either way at ZeRO-1: hybrid sharding changes the
    // links they cross, not their number.
    void communicationBytes_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("zero");
        QTest::addColumn<int>("shardGroup");
        QTest::addColumn<int>("globalBatch");
        QTest::addColumn<double>("bytes");
        const int megatron = int(core::Framework::Megatron), fsdp2 = int(core::Framework::Fsdp2);
        QTest::addRow("Megatron ZeRO-1 over 64") << megatron << 1 << 0 << 64 << 63.0 / 64 * 4 * kP; // 3.9375 GB
        QTest::addRow("Megatron ZeRO-1, S 8 R 8") << megatron << 1 << 8 << 64 << 7.0 / 8 * 4 * kP + 2 * 7.0 / 8 * 2 * kP / 8;
        QTest::addRow("Megatron ZeRO-1, S 4 R 16") << megatron << 1 << 4 << 64 << 3.0 / 4 * 4 * kP + 2 * 15.0 / 16 * 2 * kP / 4;
        // FSDP2 keeps fp32 parameters and gradients (w = g = 4); m = 256 / 64 = 4 micro-batches,
        // ZeRO-3 gathers the weights twice and reduce-scatters once per micro-batch:
        // flat 63/64 · 4 · (2·4 + 4) · P = 47.25 GB; HSDP 7/8 · 4 · 12 · P + 4 · 2 · 7/8 · 4·P/8 = 45.5 GB.
        QTest::addRow("FSDP2 ZeRO-3 over 64") << fsdp2 << 3 << 0 << 256 << 63.0 / 64 * 4 * 12 * kP;
        QTest::addRow("FSDP2 HSDP, S 8 R 8") << fsdp2 << 3 << 8 << 256 << 7.0 / 8 * 4 * 12 * kP + 4 * 2 * 7.0 / 8 * 4 * kP / 8;
    }
    void communicationBytes()
    {
        QFETCH(int, framework);
        QFETCH(int, zero);
        QFETCH(int, shardGroup);
        QFETCH(int, globalBatch);
        QFETCH(double, bytes);
        const core::Estimate e = core::estimate(run(core::Framework(framework), zero, shardGroup, globalBatch));
        QVERIFY(e.valid);
        QVERIFY(qAbs(e.communication.dataParallel - bytes) <= 1e-9 * bytes);
    }

    // Seconds on the links each group uses (Megatron ZeRO-1, g = w = 2 B, one micro-batch).
    // NVLink bus = 900/2 GB/s × η_NVLink; a group one GPU per node rings over that GPU's NIC,
    // 50 GB/s × η_net; a group of 64 spanning 8 nodes over min(NVLink, 8 NICs). α per collective.
    //   flat: 2 × (63/64 · 2 GB / min(360, 300) GB/s + α)
    //   S 8:  2 × (7/8 · 2 GB / NVLink + α) + (2 · 7/8 · 0.25 GB / NIC + α)
    void communicationSeconds()
    {
        const double alpha = stepConstant("collective_latency_seconds");
        const double nvlink = 900e9 / 2 * stepConstant("nvlink_bus_efficiency");
        const double nic = 50e9 * stepConstant("network_bus_efficiency");
        const double flat = 2 * (63.0 / 64 * 2 * kP / std::min(nvlink, 8 * nic) + alpha);
        const double hybrid = 2 * (7.0 / 8 * 2 * kP / nvlink + alpha) + (2 * 7.0 / 8 * 2 * kP / 8 / nic + alpha);
        const core::Estimate a = core::estimate(run(core::Framework::Megatron, 1, 0));
        const core::Estimate b = core::estimate(run(core::Framework::Megatron, 1, 8));
        QVERIFY(a.valid && b.valid);
        QVERIFY2(qAbs(commSeconds(a) - flat) <= 1e-12 * flat, qPrintable(QString::number(commSeconds(a), 'g', 12)));
        QVERIFY2(qAbs(commSeconds(b) - hybrid) <= 1e-12 * hybrid, qPrintable(QString::number(commSeconds(b), 'g', 12)));
        // The shard group's link is NVLink inside one node; the replicas' is the NIC.
        QCOMPARE(b.communication.overNetwork[std::size_t(core::CommDimension::DataParallel)], false);
        QCOMPARE(b.communication.linkBytesPerSecond[std::size_t(core::CommDimension::DataParallel)], nvlink);
    }

    // One more NCCL communicator for the replica group (FSDP2's 2-D mesh, MiCS's replication
    // group, Megatron's inter-instance group): 688 MB each by default.
    void replicaGroupHasItsCommunicator()
    {
        const core::Estimate a = core::estimate(run(core::Framework::Megatron, 1, 0));
        const core::Estimate b = core::estimate(run(core::Framework::Megatron, 1, 8));
        const std::size_t nccl = std::size_t(core::Component::NcclBuffers);
        QCOMPARE(a.fullest().bytes[nccl], 688e6);
        QCOMPARE(b.fullest().bytes[nccl], 2 * 688e6);
        QCOMPARE(b.zeroShards, 8);
    }

    // A shard group must divide D × CP = 64; one that does not is refused, naming the key.
    void shardGroupMustDivide_data()
    {
        QTest::addColumn<int>("shardGroup");
        QTest::addColumn<bool>("refused");
        QTest::addRow("3 of 64") << 3 << true;
        QTest::addRow("128 of 64") << 128 << true;
        QTest::addRow("32 of 64") << 32 << false;
        QTest::addRow("64 of 64") << 64 << false;
    }
    void shardGroupMustDivide()
    {
        QFETCH(int, shardGroup);
        QFETCH(bool, refused);
        const core::Estimate e = core::estimate(run(core::Framework::Megatron, 1, shardGroup));
        QCOMPARE(!e.valid, refused);
        bool named = false;
        for (const core::Issue& i : e.issues)
            named = named || (i.code == core::IssueCode::ShardGroupNotDividing && std::string_view(i.key) == "parallel.shard_group" && i.a == shardGroup && i.b == 64);
        QCOMPARE(named, refused);
    }

    // A serving replica keeps no optimizer states to shard (FSDP's HYBRID_SHARD and DeepSpeed's
    // MiCS are training strategies): serving ignores the key (FieldUse::Training). A shard group
    // of 3 that would not divide 8 ranks in training neither refuses the run nor moves a number.
    void servingIgnoresTheShardGroup()
    {
        core::Scenario s = testscenarios::preset("llama-2-7b", 8);
        s.mode = core::Mode::Inference;
        const core::Estimate without = core::estimate(s);
        s.parallel.shardGroup = 3;
        const core::Estimate with = core::estimate(s);
        QVERIFY(without.valid);
        QVERIFY(with.valid);
        for (const core::Issue& i : with.issues)
            QVERIFY(i.code != core::IssueCode::ShardGroupNotDividing);
        QCOMPARE(with.inference.freeBytesForKv, without.inference.freeBytesForKv);
        QCOMPARE(with.inference.maxBatchAtContext, without.inference.maxBatchAtContext);
        QCOMPARE(with.inference.tokensPerSecondTotal, without.inference.tokensPerSecondTotal);
        QCOMPARE(with.fullest().deviceBytes, without.fullest().deviceBytes);
    }
};

QTEST_GUILESS_MAIN(TestHybridSharding)
#include "tst_hybridsharding.moc"
