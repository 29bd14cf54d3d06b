<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AccuracyDialog</name>
    <message>
        <source>Accuracy</source>
        <translation>准确度</translation>
    </message>
</context>
<context>
    <name>AccuracyTableModel</name>
    <message>
        <source>%1 tok/s</source>
        <extracomment>serving throughput; %1 = tokens per second</extracomment>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <extracomment>a serving latency in milliseconds; %1 = the number</extracomment>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Not judged: %1</source>
        <translation>未参与评判：%1</translation>
    </message>
    <message>
        <source>“%1”
%2</source>
        <extracomment>tooltip of a corpus row; %1 = the text the source printed, %2 = where it was printed</extracomment>
        <translation>“%1”
%2</translation>
    </message>
    <message>
        <source>not judged</source>
        <translation>未评判</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>ShardScope</source>
        <translation>ShardScope</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Held out</source>
        <extracomment>the error of a prediction made with constants fitted without this row&apos;s source</extracomment>
        <translation>留出误差</translation>
    </message>
    <message>
        <source>Regimes</source>
        <translation>类别</translation>
    </message>
</context>
<context>
    <name>AccuracyView</name>
    <message>
        <source>Every regime</source>
        <translation>全部类别</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n runs)</source>
        <translation>
            <numerusform>%1（%n 次运行）</numerusform>
        </translation>
    </message>
    <message>
        <source>No public measurements of this kind are in this build.</source>
        <translation>此版本中没有这一类的公开实测数据。</translation>
    </message>
    <message>
        <source>%1 public measurements from %2 independent sources, each predicted with the constants fitted without its own source: %3 within ±%4, median error %5; eight in ten between %6 and %7 (error = ShardScope / measured − 1).</source>
        <extracomment>%1 = runs judged, %2 = independent sources, %3 = runs within the tolerance, %4 = the tolerance (&quot;15 %&quot;), %5 = median |error|, %6 and %7 = the 10th and 90th percentile of the error</extracomment>
        <translation>来自 %2 个独立来源的 %1 条公开实测，每条都用不含其自身来源拟合出的常数来预测：%3 条在 ±%4 以内，误差中位数 %5；十分之八落在 %6 到 %7 之间（误差 = ShardScope / 实测 − 1）。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>every regime</source>
        <translation>全部类别</translation>
    </message>
    <message>
        <source>Regime</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <source>Within ±%1</source>
        <translation>在 ±%1 以内</translation>
    </message>
    <message>
        <source>Median |error|</source>
        <translation>|误差| 中位数</translation>
    </message>
    <message>
        <source>P10</source>
        <extracomment>10th percentile of the error</extracomment>
        <translation>P10</translation>
    </message>
    <message>
        <source>P90</source>
        <extracomment>90th percentile of the error</extracomment>
        <translation>P90</translation>
    </message>
    <message>
        <source>Not judged: %1</source>
        <translation>未参与评判：%1</translation>
    </message>
    <message>
        <source>Not stated by the source, assumed:</source>
        <translation>来源未说明、此处假设的设置：</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Serving speed</source>
        <translation>推理速度</translation>
    </message>
    <message>
        <source>Only runs outside the tolerance</source>
        <translation>只看超出容差的运行</translation>
    </message>
    <message numerus="yes">
        <source>Not judged: %n (ShardScope cannot express their settings yet; each says why).</source>
        <translation>
            <numerusform>未评判：%n 条（ShardScope 尚无法表达其设置；每条都写明原因）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AdviceDock</name>
    <message>
        <source>Apply “%1”</source>
        <extracomment>undo text; %1 = the remedy (&quot;Full activation checkpointing&quot;)</extracomment>
        <translation>应用“%1”</translation>
    </message>
    <message>
        <source>What to Try First</source>
        <translation>先试什么</translation>
    </message>
    <message>
        <source>What to Try &amp;First</source>
        <translation>先试什么(&amp;F)</translation>
    </message>
    <message>
        <source>What to try first…</source>
        <translation>先试什么…</translation>
    </message>
    <message>
        <source>It does not fit: the changes to try, in order, each with what it saves and costs</source>
        <translation>放不下：按顺序列出可尝试的改动，每项都给出省多少、代价多少</translation>
    </message>
    <message>
        <source>A shorter run…</source>
        <translation>缩短训练时长…</translation>
    </message>
    <message>
        <source>It fits, and a checkpoint change would shorten the run by at least a point of goodput: what each change gains</source>
        <translation>放得下；调整检查点能让有效训练率至少提高一个百分点、缩短训练时长：看看每项改动的收益</translation>
    </message>
</context>
<context>
    <name>AdvicePanel</name>
    <message>
        <source>The scenario is not valid: fix the layout first (the status bar says why).</source>
        <translation>场景无效：请先修正布局（状态栏写明了原因）。</translation>
    </message>
    <message>
        <source>It fits: the fullest GPU uses %1 of %2. Nothing to change.</source>
        <extracomment>%1 = memory of the fullest GPU, %2 = capacity</extracomment>
        <translation>放得下：最满的卡用了 %1（共 %2）。无需改动。</translation>
    </message>
    <message>
        <source>It fits (%1 of %2). What each change would save:</source>
        <translation>放得下（%1，共 %2）。各项改动能省下：</translation>
    </message>
    <message>
        <source>Does not fit: the fullest GPU needs %1 of %2, %3 too much. Single changes, in the order to try them (each measured by the estimate; a click applies it, Ctrl+Z undoes it):</source>
        <extracomment>%1 = memory of the fullest GPU, %2 = capacity, %3 = how much is missing</extracomment>
        <translation>放不下：最满的卡需要 %1（共 %2），超出 %3。按尝试顺序列出单项改动（每项都由估算实测；点击即应用，Ctrl+Z 撤销）：</translation>
    </message>
    <message>
        <source>Applies, as one undo step:
%1</source>
        <extracomment>tooltip of a remedy; %1 = the --set overrides it applies, one per line</extracomment>
        <translation>作为一步可撤销的操作应用：
%1</translation>
    </message>
    <message>
        <source>No single change is enough. The smallest combinations that fit, fastest first:</source>
        <translation>单项改动都不够。能放下的最小组合，最快的在前：</translation>
    </message>
    <message>
        <source>No combination of up to three of these changes fits: more GPUs, or a smaller model.</source>
        <translation>最多三项改动的组合也放不下：需要更多的卡，或更小的模型。</translation>
    </message>
    <message>
        <source>&amp;Also when it fits</source>
        <translation>放得下时也列出(&amp;A)</translation>
    </message>
    <message>
        <source>List what each change would save even when the scenario fits (room for a larger batch)</source>
        <translation>即使放得下也列出各项改动能省多少（给更大的批次留空间）</translation>
    </message>
    <message>
        <source>This layout cannot run (the status bar says why). The nearest layouts that can, one change each (a click applies it, Ctrl+Z undoes it):</source>
        <translation>这个布局无法运行（原因见状态栏）。下面是最接近的可运行布局，每个只改一处（点击即应用，Ctrl+Z 撤销）：</translation>
    </message>
    <message>
        <source>%1 per GPU · %2</source>
        <extracomment>a layout that can run; %1 = the fullest GPU&apos;s memory under it, %2 = &quot;fits&quot; or &quot;does not fit&quot;</extracomment>
        <translation>每卡 %1 · %2</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit yet</source>
        <translation>仍放不下</translation>
    </message>
    <message>
        <source>It fits: the fullest GPU uses %1 of %2.</source>
        <extracomment>%1 = memory of the fullest GPU, %2 = capacity; the run&apos;s remedies follow</extracomment>
        <translation>放得下：最满的卡用了 %1（共 %2）。</translation>
    </message>
    <message>
        <source>A shorter run at the same memory (checkpoints against interruptions), the largest gain first:</source>
        <translation>显存不变、缩短整个训练的时长（用检查点应对中断），收益最大的在前：</translation>
    </message>
</context>
<context>
    <name>AdviceText</name>
    <message>
        <source>Smaller micro-batch, more gradient accumulation (same global batch)</source>
        <translation>调小 micro-batch，增加梯度累积（全局批次不变）</translation>
    </message>
    <message>
        <source>Selective activation recomputation</source>
        <translation>选择性激活重计算</translation>
    </message>
    <message>
        <source>Full activation checkpointing</source>
        <translation>完整激活检查点</translation>
    </message>
    <message>
        <source>Higher ZeRO stage (ZeRO-3 = FSDP FULL_SHARD)</source>
        <translation>提高 ZeRO 等级（ZeRO-3 = FSDP FULL_SHARD）</translation>
    </message>
    <message>
        <source>Offload the optimizer states to CPU (ZeRO-Offload)</source>
        <translation>把优化器状态卸载到 CPU（ZeRO-Offload）</translation>
    </message>
    <message>
        <source>ZeRO-3 with optimizer and parameters offloaded to CPU</source>
        <translation>ZeRO-3，并把优化器和参数都卸载到 CPU</translation>
    </message>
    <message>
        <source>Turn on FlashAttention</source>
        <translation>开启 FlashAttention</translation>
    </message>
    <message>
        <source>LoRA: adapters on a frozen BF16 base</source>
        <translation>LoRA：在冻结的 BF16 基座上训练适配器</translation>
    </message>
    <message>
        <source>QLoRA: adapters on an NF4 base</source>
        <translation>QLoRA：在 NF4 基座上训练适配器</translation>
    </message>
    <message>
        <source>Twice the tensor parallelism</source>
        <translation>张量并行度翻倍</translation>
    </message>
    <message>
        <source>Twice the pipeline stages</source>
        <translation>流水线段数翻倍</translation>
    </message>
    <message>
        <source>Twice the GPUs</source>
        <translation>卡数翻倍</translation>
    </message>
    <message>
        <source>Serve the weights in FP8</source>
        <translation>权重用 FP8 推理</translation>
    </message>
    <message>
        <source>Serve the weights in INT8</source>
        <translation>权重用 INT8 推理</translation>
    </message>
    <message>
        <source>Serve the weights in INT4</source>
        <translation>权重用 INT4 推理</translation>
    </message>
    <message>
        <source>Keep the KV cache in FP8</source>
        <translation>KV Cache 用 FP8</translation>
    </message>
    <message>
        <source>Paged KV cache, 16-token blocks</source>
        <translation>分页 KV Cache，每块 16 个 token</translation>
    </message>
    <message>
        <source>Shorter context</source>
        <translation>缩短上下文</translation>
    </message>
    <message>
        <source>Fewer concurrent sequences</source>
        <translation>减少并发序列</translation>
    </message>
    <message>
        <source>Twice the tensor parallelism per replica</source>
        <translation>每个副本的张量并行度翻倍</translation>
    </message>
    <message>
        <source>%1: micro-batch %2</source>
        <extracomment>a remedy&apos;s title with its setting; %1 = title, %2 = the new micro-batch</extracomment>
        <translation>%1：micro-batch %2</translation>
    </message>
    <message>
        <source>%1: stage %2</source>
        <extracomment>%1 = title, %2 = ZeRO stage</extracomment>
        <translation>%1：第 %2 级</translation>
    </message>
    <message>
        <source>saves %1 → %2 per GPU</source>
        <extracomment>%1 = bytes saved on the fullest GPU, %2 = the fullest GPU after the change</extracomment>
        <translation>省 %1 → 每卡 %2</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>still does not fit</source>
        <translation>仍放不下</translation>
    </message>
    <message>
        <source>%1 FLOPs</source>
        <extracomment>extra hardware FLOPs; %1 = signed percentage</extracomment>
        <translation>FLOPs %1</translation>
    </message>
    <message>
        <source>step × %1</source>
        <extracomment>step time after / before; %1 = factor</extracomment>
        <translation>每步耗时 × %1</translation>
    </message>
    <message>
        <source>%1 communication per step</source>
        <extracomment>%1 = signed extra bytes each GPU sends per step</extracomment>
        <translation>每步通信 %1</translation>
    </message>
    <message>
        <source>%1 CPU memory per node</source>
        <extracomment>%1 = CPU memory per node the change needs</extracomment>
        <translation>每节点 CPU 内存 %1</translation>
    </message>
    <message>
        <source>× %1 GPUs</source>
        <extracomment>%1 = GPUs after / before</extracomment>
        <translation>卡数 × %1</translation>
    </message>
    <message>
        <source>Smaller matrix multiplications may run below the MFU assumed here.</source>
        <translation>矩阵乘法变小后，实际 MFU 可能低于这里的假设。</translation>
    </message>
    <message>
        <source>Each step also waits for the optimizer step on the CPU; the PCIe copies (31.5 GB/s) are in the step time.</source>
        <translation>每一步还要等 CPU 上的优化器更新；PCIe 拷贝（31.5 GB/s）已计入每步耗时。</translation>
    </message>
    <message>
        <source>Trains adapters, not every weight: usually close to full fine-tuning (Hu et al. 2021).</source>
        <translation>只训练适配器而非全部权重：效果通常接近全参微调（Hu et al. 2021）。</translation>
    </message>
    <message>
        <source>NF4 base: QLoRA matches 16-bit fine-tuning on its benchmarks (Dettmers et al. 2023).</source>
        <translation>NF4 基座：QLoRA 在其评测上与 16 位微调持平（Dettmers et al. 2023）。</translation>
    </message>
    <message>
        <source>More GPUs to pay for.</source>
        <translation>要多付更多卡的钱。</translation>
    </message>
    <message>
        <source>FP8 weights are usually within noise of BF16.</source>
        <translation>FP8 权重的效果通常与 BF16 相差无几。</translation>
    </message>
    <message>
        <source>INT8 weights: a small quality loss; needs calibration (LLM.int8, SmoothQuant).</source>
        <translation>INT8 权重：效果略有损失，需要校准（LLM.int8、SmoothQuant）。</translation>
    </message>
    <message>
        <source>INT4 weights: a measurable loss on hard tasks (GPTQ, AWQ).</source>
        <translation>INT4 权重：在难任务上有可测的损失（GPTQ、AWQ）。</translation>
    </message>
    <message>
        <source>Quantized keys and values: a small loss, mostly at long contexts.</source>
        <translation>量化 K/V：损失很小，主要出现在长上下文。</translation>
    </message>
    <message>
        <source>Serves shorter requests than asked.</source>
        <translation>能服务的请求比要求的短。</translation>
    </message>
    <message>
        <source>Fewer sequences at once: lower throughput.</source>
        <translation>同时处理的序列变少：吞吐下降。</translation>
    </message>
    <message>
        <source>Exact attention, faster, without the s × s scores (Dao et al. 2022).</source>
        <translation>精确注意力，更快，且不存 s × s 的分数矩阵（Dao et al. 2022）。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>a layout that can run: a field set to a value; %1 = the field (&quot;Tensor parallel (TP)&quot;), %2 = its value</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Checkpoint at the optimal interval (Young/Daly)</source>
        <translation>按最优间隔保存检查点（Young/Daly）</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>%1: every %2 steps</source>
        <extracomment>%1 = title, %2 = steps between checkpoints</extracomment>
        <translation>%1：每 %2 步</translation>
    </message>
    <message>
        <source>Balances the stall of each checkpoint against the work an interruption loses (Young 1974, Daly 2006); the launch settings carry the interval.</source>
        <translation>在每次检查点的停顿与一次中断丢掉的工作之间取平衡（Young 1974，Daly 2006）；启动设置会带上这个间隔。</translation>
    </message>
    <message>
        <source>Each GPU's shard is first copied to host memory and written behind the steps (torch DCP async_save, Megatron --async-save): the node needs that CPU memory free.</source>
        <translation>每张卡的分片先复制到主机内存，再在训练步后台写出（torch DCP async_save、Megatron --async-save）：节点要留出这部分 CPU 内存。</translation>
    </message>
    <message>
        <source>run %1 → %2 (%3)</source>
        <extracomment>the run&apos;s wall-clock before and after a change; %1 = before, %2 = after (durations), %3 = signed percentage</extracomment>
        <translation>训练时长 %1 → %2（%3）</translation>
    </message>
    <message>
        <source>goodput %1 → %2</source>
        <extracomment>%1 = goodput before, %2 = after (percentages)</extracomment>
        <translation>有效训练率 %1 → %2</translation>
    </message>
</context>
<context>
    <name>BatchControls</name>
    <message>
        <source>Sequence &amp;&amp; batch</source>
        <translation>序列与批次</translation>
    </message>
    <message>
        <source>%1 micro-batches per replica · %2 tokens per step</source>
        <extracomment>under the global batch; %1 = micro-batches per replica per step, %2 = tokens per step</extracomment>
        <translation>每个副本 %1 个微批次 · 每步 %2 个 token</translation>
    </message>
    <message>
        <source>%1 optimizer steps</source>
        <extracomment>under training tokens; %1 = optimizer steps</extracomment>
        <translation>%1 个优化器步</translation>
    </message>
    <message>
        <source>Se&amp;quence length</source>
        <translation>序列长度(&amp;Q)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>Tokens per sequence. The slider snaps to powers of two; type any length in the box.</source>
        <translation>每条序列的 token 数。滑块按 2 的幂取值；任意长度可在输入框中键入。</translation>
    </message>
    <message>
        <source>&amp;Micro-batch</source>
        <translation>微批次(&amp;M)</translation>
    </message>
    <message>
        <source> seq</source>
        <translation> 条</translation>
    </message>
    <message>
        <source>Sequences each GPU processes in one forward/backward pass. Activations grow with it.</source>
        <translation>每张 GPU 一次前向/反向处理的序列数。激活显存随之增长。</translation>
    </message>
    <message>
        <source>&amp;Global batch</source>
        <translation>全局批大小(&amp;G)</translation>
    </message>
    <message>
        <source>Sequences per optimizer step over all replicas: micro-batch × DP × micro-batches per step.
The slider offers only multiples of micro-batch × DP.</source>
        <translation>所有副本每个优化器步处理的序列数：微批次 × DP × 每步微批次数。
滑块只提供微批次 × DP 的整数倍。</translation>
    </message>
    <message>
        <source>Training &amp;tokens</source>
        <translation>训练 token 数(&amp;T)</translation>
    </message>
    <message>
        <source> B</source>
        <comment>billions of tokens</comment>
        <translation> B</translation>
    </message>
    <message>
        <source>Tokens to train on, in billions (1,000 B = 1 T). Chinchilla-optimal is about 20 per parameter.</source>
        <translation>训练用的 token 数，单位为十亿（1,000 B = 1 T）。Chinchilla 最优约为每个参数 20 个 token。</translation>
    </message>
    <message>
        <source> M</source>
        <comment>millions of tokens</comment>
        <translation> M</translation>
    </message>
    <message>
        <source>Tokens to fine-tune on, in millions. Unless set: %1 M, a fine-tuning set of about 50 k examples of 2 k tokens once (Alpaca has 52 k), or about 600 GRPO steps of 64 sequences of 2.5 k tokens.</source>
        <extracomment>%1 = the fine-tuning default in millions of tokens</extracomment>
        <translation>微调的 token 数，单位百万。未设置时为 %1 M：约 5 万条、每条 2 千 token 的微调数据过一遍（Alpaca 有 5.2 万条），或约 600 步 GRPO，每步 64 条、每条 2.5 千 token。</translation>
    </message>
</context>
<context>
    <name>BitLayoutView</name>
    <message>
        <source>exponent all ones, mantissa 0 → ±∞</source>
        <translation>指数全 1、尾数为 0 → ±∞</translation>
    </message>
    <message>
        <source>S.1111.111 is this format&apos;s only NaN (it has no infinity)</source>
        <translation>S.1111.111 是此格式唯一的 NaN（它没有无穷大）</translation>
    </message>
    <message>
        <source>exponent all ones, mantissa ≠ 0 → NaN</source>
        <translation>指数全 1、尾数 ≠ 0 → NaN</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>rounded</source>
        <translation>已舍入</translation>
    </message>
    <message>
        <source> · error %1 (%2)</source>
        <extracomment>%1 = absolute rounding error, %2 = relative error in percent</extracomment>
        <translation> · 误差 %1（%2）</translation>
    </message>
    <message>
        <source>rounds to 0</source>
        <translation>舍入为 0</translation>
    </message>
    <message>
        <source>flushes to zero: below half of the smallest value, %1</source>
        <extracomment>%1 = smallest positive value of the format</extracomment>
        <translation>下溢为零：小于最小值 %1 的一半</translation>
    </message>
    <message>
        <source>out of range: clamps to %1</source>
        <extracomment>integer clamping; %1 = the value stored</extracomment>
        <translation>超出范围：截断为 %1</translation>
    </message>
    <message>
        <source>overflows to %1 (max %2)</source>
        <extracomment>%1 = +∞ or −∞, %2 = largest finite value</extracomment>
        <translation>上溢为 %1（最大值 %2）</translation>
    </message>
    <message>
        <source>overflows to NaN (max %1)</source>
        <extracomment>%1 = largest finite value</extracomment>
        <translation>上溢为 NaN（最大值 %1）</translation>
    </message>
    <message>
        <source>saturates at %1</source>
        <extracomment>%1 = the largest finite value, with its sign</extracomment>
        <translation>饱和于 %1</translation>
    </message>
    <message>
        <source>NaN has no pattern in this format</source>
        <translation>此格式没有表示 NaN 的位模式</translation>
    </message>
    <message>
        <source>↓ %1   ↑ %2</source>
        <extracomment>neighbouring representable values: %1 = next below, %2 = next above</extracomment>
        <translation>↓ %1   ↑ %2</translation>
    </message>
    <message>
        <source>Bit %1: the two&apos;s-complement sign bit, worth %2</source>
        <extracomment>%1 = bit index, %2 = its (negative) weight</extracomment>
        <translation>第 %1 位：补码的符号位，权值 %2</translation>
    </message>
    <message>
        <source>Bit %1: worth %2</source>
        <extracomment>%1 = bit index, %2 = its weight</extracomment>
        <translation>第 %1 位：权值 %2</translation>
    </message>
    <message>
        <source>Bit %1: sign — 0 positive, 1 negative</source>
        <extracomment>%1 = bit index</extracomment>
        <translation>第 %1 位：符号位 —— 0 为正，1 为负</translation>
    </message>
    <message>
        <source>Bit %1: exponent bit worth %2 in e (bias %3)</source>
        <extracomment>%1 = bit index, %2 = weight within the exponent field, %3 = exponent bias</extracomment>
        <translation>第 %1 位：指数位，在 e 中权值 %2（偏置 %3）</translation>
    </message>
    <message>
        <source>Bit %1: mantissa bit worth %2 of the significand</source>
        <extracomment>%1 = bit index, %2 = fraction this bit adds to the significand, e.g. 2⁻³</extracomment>
        <translation>第 %1 位：尾数位，为有效数贡献 %2</translation>
    </message>
    <message>
        <source>The implicit leading bit: 1 for normal numbers, 0 for zero and subnormals. Not stored.</source>
        <translation>隐含的前导位：规格化数为 1，零和次正规数为 0。不实际存储。</translation>
    </message>
</context>
<context>
    <name>CalibrationDialog</name>
    <message>
        <source>Open a Log</source>
        <translation>打开日志</translation>
    </message>
    <message>
        <source>Logs (*.log *.txt *.csv);;All files (*)</source>
        <translation>日志 (*.log *.txt *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <extracomment>%1 = file, %2 = the reason</extracomment>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1，第 %2 行</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>Measured (grey) and predicted (blue), to one scale</source>
        <translation>实测（灰色）与预测（蓝色），同一比例</translation>
    </message>
    <message>
        <source>Lines in no known format, skipped: %1.</source>
        <translation>不属于已知格式而跳过的行：%1。</translation>
    </message>
    <message>
        <source>The scenario has no valid estimate to compare with.</source>
        <translation>当前场景没有可供对比的有效估算。</translation>
    </message>
    <message>
        <source>Compare with a Measured Run</source>
        <translation>与实测运行对比</translation>
    </message>
    <message>
        <source>Paste what a real run printed: Megatron&apos;s “memory (MB) | allocated: …” line, torch.cuda.memory_summary(), max_memory_allocated / max_memory_reserved, nvidia-smi --query-gpu=index,memory.used --format=csv, vLLM&apos;s or llama.cpp&apos;s start-up lines. Each number is set beside the prediction of the same counter; the residual is (predicted − measured) / measured.</source>
        <translation>粘贴真实运行打印的内容：Megatron 的“memory (MB) | allocated: …”行、torch.cuda.memory_summary()、max_memory_allocated / max_memory_reserved、nvidia-smi --query-gpu=index,memory.used --format=csv、vLLM 或 llama.cpp 的启动行。每个数字都与同一计数器的预测并列；残差为（预测 − 实测）/ 实测。</translation>
    </message>
    <message>
        <source>Open Log…</source>
        <translation>打开日志…</translation>
    </message>
    <message>
        <source>[Rank 0] (after 2 iterations) memory (MB) | allocated: … | max allocated: … | reserved: … | max reserved: …</source>
        <translation>[Rank 0] (after 2 iterations) memory (MB) | allocated: … | max allocated: … | reserved: … | max reserved: …</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Residual</source>
        <translation>残差</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并列对比</translation>
    </message>
    <message>
        <source>%1 counters is more than the %2 a scenario keeps: nothing was kept.</source>
        <extracomment>%1 = counters in the log, %2 = the most a scenario keeps</extracomment>
        <translation>%1 个计数超过了场景最多保存的 %2 个：未保存任何内容。</translation>
    </message>
    <message>
        <source>The scenario keeps no measurements.</source>
        <translation>场景中没有保存实测数据。</translation>
    </message>
    <message numerus="yes">
        <source>The scenario keeps %n measurement(s), drawn beside the bars.</source>
        <extracomment>%n = measurements kept in the scenario, %1 = their label, date and file</extracomment>
        <translation>
            <numerusform>场景保存了 %n 条实测数据，画在柱旁。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The scenario keeps %n measurement(s) (%1), drawn beside the bars.</source>
        <translation>
            <numerusform>场景保存了 %n 条实测数据（%1），画在柱旁。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Keep with the Scenario</source>
        <translation>随场景保存(&amp;K)</translation>
    </message>
    <message>
        <source>Store these measurements in the scenario (saved with its file) and draw them beside the bars; Undo takes them back</source>
        <translation>把这些实测值存入场景（随文件保存），并画在柱旁；撤销可取回</translation>
    </message>
    <message>
        <source>C&amp;lear Measurements</source>
        <translation>清除实测数据(&amp;L)</translation>
    </message>
    <message>
        <source>Remove the measurements the scenario keeps (Undo brings them back)</source>
        <translation>删除场景中保存的实测数据（撤销可恢复）</translation>
    </message>
    <message>
        <source>&amp;Label:</source>
        <translation>标签(&amp;L)：</translation>
    </message>
    <message>
        <source>which run: cluster, framework version, …</source>
        <translation>哪次运行：集群、框架版本……</translation>
    </message>
</context>
<context>
    <name>CalibrationText</name>
    <message>
        <source>Allocated between steps (memory_allocated)</source>
        <translation>步与步之间的已分配（memory_allocated）</translation>
    </message>
    <message>
        <source>Peak allocated (max_memory_allocated)</source>
        <translation>已分配峰值（max_memory_allocated）</translation>
    </message>
    <message>
        <source>Reserved (memory_reserved)</source>
        <translation>已预留（memory_reserved）</translation>
    </message>
    <message>
        <source>Peak reserved (max_memory_reserved)</source>
        <translation>已预留峰值（max_memory_reserved）</translation>
    </message>
    <message>
        <source>Device used (nvidia-smi)</source>
        <translation>设备已用（nvidia-smi）</translation>
    </message>
    <message>
        <source>Device total (nvidia-smi)</source>
        <translation>设备总量（nvidia-smi）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
    <message>
        <source>Activation peak / compute buffer</source>
        <translation>激活峰值 / 计算缓冲区</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>Outside PyTorch (non-torch)</source>
        <translation>PyTorch 之外（non-torch）</translation>
    </message>
    <message>
        <source>Output buffer (logits)</source>
        <translation>输出缓冲区（logits）</translation>
    </message>
    <message>
        <source>KV cache tokens</source>
        <translation>KV Cache token 数</translation>
    </message>
    <message>
        <source>KV cache blocks</source>
        <translation>KV Cache 块数</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>torch.cuda.memory_summary()</source>
        <translation>torch.cuda.memory_summary()</translation>
    </message>
    <message>
        <source>torch.cuda counters</source>
        <translation>torch.cuda 计数器</translation>
    </message>
    <message>
        <source>nvidia-smi</source>
        <translation>nvidia-smi</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>Line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>Nothing pasted yet: paste a log or open a file.</source>
        <translation>尚未粘贴任何内容：请粘贴日志或打开文件。</translation>
    </message>
    <message>
        <source>No line is in a format ShardScope reads (Megatron&apos;s memory line, torch.cuda.memory_summary(), max_memory_allocated / max_memory_reserved, nvidia-smi CSV with its header, vLLM or llama.cpp start-up lines).</source>
        <translation>没有一行属于 ShardScope 能读取的格式（Megatron 的显存行、torch.cuda.memory_summary()、max_memory_allocated / max_memory_reserved、带表头的 nvidia-smi CSV、vLLM 或 llama.cpp 的启动行）。</translation>
    </message>
    <message>
        <source>“%1” is not a number for %2.</source>
        <translation>“%1”不是 %2 的数值。</translation>
    </message>
    <message>
        <source>the field “%1” is missing.</source>
        <translation>缺少字段“%1”。</translation>
    </message>
    <message>
        <source>%1 is “%2”: the driver does not report it.</source>
        <translation>%1 为“%2”：驱动不报告该值。</translation>
    </message>
    <message>
        <source>nvidia-smi rows without their header line: paste the header (run without “noheader”) so the columns are known.</source>
        <translation>nvidia-smi 的数据行缺少表头：请一并粘贴表头（运行时不要加“noheader”），以便知道各列的含义。</translation>
    </message>
    <message>
        <source>this row has another number of columns than the nvidia-smi header above it.</source>
        <translation>这一行的列数与上方的 nvidia-smi 表头不一致。</translation>
    </message>
    <message>
        <source>unknown unit in “%1” for %2.</source>
        <translation>%2 的“%1”中单位未知。</translation>
    </message>
    <message>
        <source>no prediction of this quantity</source>
        <translation>没有该量的预测</translation>
    </message>
    <message>
        <source>host memory, not on the GPU</source>
        <translation>主机内存，不在 GPU 上</translation>
    </message>
    <message>
        <source>this rank is not in the scenario&apos;s layout</source>
        <translation>场景的并行布局中没有这个 rank</translation>
    </message>
    <message>
        <source>which node: not in the log (the nodes differ)</source>
        <extracomment>a device index of one node in a scenario of several nodes whose GPUs predict different numbers</extracomment>
        <translation>哪个节点：日志中没有（各节点不同）</translation>
    </message>
    <message>
        <source>%1 is negative (%2): a memory size never is.</source>
        <extracomment>%1 = the counter, %2 = its value</extracomment>
        <translation>%1 为负（%2）：内存大小不会是负数。</translation>
    </message>
    <message>
        <source>%1 is negative (%2): the model did not fit, nothing is left for the KV cache.</source>
        <extracomment>vLLM&apos;s KV cache memory below zero; %1 = the field, %2 = its value</extracomment>
        <translation>%1 为负（%2）：模型放不下，KV 缓存没有剩余空间。</translation>
    </message>
    <message>
        <source>“%1” for %2 is beyond any memory size.</source>
        <extracomment>%1 = the number with its unit, %2 = the field</extracomment>
        <translation>%2 的“%1”超出了任何内存大小。</translation>
    </message>
</context>
<context>
    <name>ComparisonView</name>
    <message>
        <source>No ZeRO</source>
        <translation>无 ZeRO</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3</source>
        <translation>ZeRO-3</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Invalid scenario:
no comparison</source>
        <translation>场景无效：
无法比较</translation>
    </message>
    <message>
        <source>%1 · (now)</source>
        <extracomment>comparison bar label of the scenario as it is; %1 = e.g. &quot;ZeRO-1&quot;</extracomment>
        <translation>%1 · （当前）</translation>
    </message>
    <message>
        <source>%1 · (n/a)</source>
        <extracomment>comparison bar label of a variant that is not a valid scenario; %1 = e.g. &quot;No ZeRO&quot;</extracomment>
        <translation>%1 · （不可用）</translation>
    </message>
    <message>
        <source>ZeRO stage · fullest GPU</source>
        <translation>ZeRO 阶段 · 显存最满的 GPU</translation>
    </message>
    <message>
        <source>Recomputation · fullest GPU</source>
        <translation>重计算 · 显存最满的 GPU</translation>
    </message>
    <message>
        <source>Click to switch the scenario to this ZeRO stage.</source>
        <translation>点击将场景切换到此 ZeRO 阶段。</translation>
    </message>
    <message>
        <source>Click to switch the scenario to this recomputation policy.</source>
        <translation>点击将场景切换到此重计算策略。</translation>
    </message>
    <message>
        <source>BF16/FP16</source>
        <translation>BF16/FP16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <translation>INT4</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>Weight format · fullest GPU</source>
        <translation>权重格式 · 显存最满的 GPU</translation>
    </message>
    <message>
        <source>Click to serve the weights in this format.</source>
        <translation>点击以此格式部署权重。</translation>
    </message>
    <message>
        <source>KV-cache type · fullest GPU</source>
        <translation>KV Cache 类型 · 显存最满的 GPU</translation>
    </message>
    <message>
        <source>Click to keep the KV cache in this type.</source>
        <translation>点击以此类型存放 KV Cache。</translation>
    </message>
    <message>
        <source>Fine-tuning method · fullest GPU</source>
        <translation>微调方法 · 显存最满的 GPU</translation>
    </message>
    <message>
        <source>Click to fine-tune with this method.</source>
        <translation>点击用此方法微调。</translation>
    </message>
    <message>
        <source>forward peak</source>
        <translation>峰值在前向</translation>
    </message>
    <message>
        <source>backward peak</source>
        <translation>峰值在反向</translation>
    </message>
    <message>
        <source>optimizer-step peak</source>
        <translation>峰值在优化器步</translation>
    </message>
    <message>
        <source>rollout peak</source>
        <translation>峰值在 rollout</translation>
    </message>
</context>
<context>
    <name>ComponentPalette</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>The model&apos;s weights this GPU keeps: its share after tensor and pipeline parallelism, and after ZeRO-3 if enabled.</source>
        <translation>此 GPU 保存的模型权重：经张量并行和流水线并行切分后（若启用 ZeRO-3 还要再分片）的那一份。</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>One gradient per weight, accumulated over the micro-batches of a step; ZeRO-2 and 3 split them over the data-parallel ranks.</source>
        <translation>每个权重一个梯度，在一步的各微批次上累积；ZeRO-2 和 ZeRO-3 把它们切分到各数据并行 rank 上。</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>The fp32 master copy and the optimizer&apos;s moments (Adam: momentum and variance); ZeRO-1 and above split them over the data-parallel ranks.</source>
        <translation>FP32 主权重副本和优化器的矩估计（Adam：一阶动量和二阶动量）；ZeRO-1 及以上把它们切分到各数据并行 rank 上。</translation>
    </message>
    <message>
        <source>Layer activations</source>
        <translation>层激活</translation>
    </message>
    <message>
        <source>Tensors the forward pass saves for the backward pass, for every layer on this GPU and every micro-batch in flight.</source>
        <translation>前向为反向保存的张量，覆盖此 GPU 上的每一层和每个在途微批次。</translation>
    </message>
    <message>
        <source>Embedding activations</source>
        <translation>嵌入层激活</translation>
    </message>
    <message>
        <source>Token ids and the embedding&apos;s dropout mask, kept on the first pipeline stage.</source>
        <translation>token id 和嵌入层的 dropout 掩码，保存在流水线第一段。</translation>
    </message>
    <message>
        <source>Logits and loss</source>
        <translation>Logits 与损失</translation>
    </message>
    <message>
        <source>The final norm&apos;s output and the fp32 logits over the whole vocabulary, kept on the last pipeline stage.</source>
        <translation>最终归一化层的输出和整个词表上的 FP32 logits，保存在流水线最后一段。</translation>
    </message>
    <message>
        <source>Recomputed layer</source>
        <translation>重计算层</translation>
    </message>
    <message>
        <source>With recomputation, one layer&apos;s activations are rebuilt during its backward pass and need room while they exist.</source>
        <translation>开启重计算时，一层的激活在其反向过程中重新算出，存在期间需要占用显存。</translation>
    </message>
    <message>
        <source>Communication buckets</source>
        <translation>通信桶</translation>
    </message>
    <message>
        <source>Buffers that gather gradients into large messages for the data-parallel reduction.</source>
        <translation>把梯度汇集成大消息、用于数据并行归约的缓冲区。</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>The small low-rank matrices LoRA trains; the base model&apos;s weights stay frozen.</source>
        <translation>LoRA 训练的小型低秩矩阵；基座模型的权重保持冻结。</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>Reinforcement learning: a frozen copy of the starting policy for the KL penalty.</source>
        <translation>强化学习：初始策略的冻结副本，用于 KL 惩罚。</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>Reinforcement learning: the frozen model that scores the policy&apos;s answers.</source>
        <translation>强化学习：为策略的回答打分的冻结模型。</translation>
    </message>
    <message>
        <source>Critic weights</source>
        <translation>Critic 权重</translation>
    </message>
    <message>
        <source>PPO: the value model that estimates the reward still to come.</source>
        <translation>PPO：估计未来回报的价值模型。</translation>
    </message>
    <message>
        <source>Rollout engine weights</source>
        <translation>Rollout 引擎权重</translation>
    </message>
    <message>
        <source>Reinforcement learning: the generation engine&apos;s own copy of the policy.</source>
        <translation>强化学习：生成引擎自己的一份策略副本。</translation>
    </message>
    <message>
        <source>Critic gradients</source>
        <translation>Critic 梯度</translation>
    </message>
    <message>
        <source>Gradients of the PPO value model.</source>
        <translation>PPO 价值模型的梯度。</translation>
    </message>
    <message>
        <source>Critic optimizer states</source>
        <translation>Critic 优化器状态</translation>
    </message>
    <message>
        <source>Master weights and moments of the PPO value model.</source>
        <translation>PPO 价值模型的主权重和矩估计。</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
    <message>
        <source>Serving: the keys and values of every cached token, so a new token need not recompute them.</source>
        <translation>推理服务：每个已缓存 token 的 K 和 V，新 token 无需重新计算它们。</translation>
    </message>
    <message>
        <source>Rollout KV cache</source>
        <translation>Rollout KV Cache</translation>
    </message>
    <message>
        <source>Reinforcement learning: the KV cache the generation engine reserves.</source>
        <translation>强化学习：生成引擎预留的 KV Cache。</translation>
    </message>
    <message>
        <source>MoE dispatch buffers</source>
        <translation>MoE 分发缓冲区</translation>
    </message>
    <message>
        <source>Send and receive buffers that route tokens to experts on other GPUs.</source>
        <translation>把 token 路由到其他 GPU 上专家的收发缓冲区。</translation>
    </message>
    <message>
        <source>Dequantized weight (QLoRA)</source>
        <translation>反量化权重（QLoRA）</translation>
    </message>
    <message>
        <source>QLoRA turns one 4-bit weight matrix back into 16 bits at a time for its multiplication.</source>
        <translation>QLoRA 每次把一个 4 位权重矩阵还原成 16 位用于矩阵乘法。</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Temporary buffers</source>
        <translation>临时缓冲区</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>Policy (trained model)</source>
        <translation>策略（被训练的模型）</translation>
    </message>
    <message>
        <source>Reference policy</source>
        <translation>参考策略</translation>
    </message>
    <message>
        <source>Critic</source>
        <translation>Critic</translation>
    </message>
    <message>
        <source>Rollout engine</source>
        <translation>Rollout 引擎</translation>
    </message>
    <message>
        <source>Buffers and runtime</source>
        <translation>缓冲区与运行时</translation>
    </message>
    <message>
        <source>Gathered 16-bit weights</source>
        <translation>收集的 16 位权重</translation>
    </message>
    <message>
        <source>Under ZeRO-3 or FSDP the layer being computed (and the next, prefetched) is gathered in full for a moment; under autocast, 16-bit copies of the fp32 weights.</source>
        <translation>ZeRO-3 或 FSDP 下，正在计算的层（以及预取的下一层）会被短暂地完整收集；autocast 下则是 FP32 权重的 16 位副本。</translation>
    </message>
    <message>
        <source>Forward workspace</source>
        <translation>前向工作区</translation>
    </message>
    <message>
        <source>Serving: one forward chunk&apos;s transient tensors or the logits for sampling, whichever is larger.</source>
        <translation>推理：一个前向分块的临时张量，或用于采样的 logits，取两者中较大者。</translation>
    </message>
    <message>
        <source>Memory the CUDA driver takes for the context and its kernels, outside PyTorch&apos;s allocator: nvidia-smi counts it, max_memory_reserved does not.</source>
        <translation>CUDA 驱动为上下文及其内核占用的显存，在 PyTorch 分配器之外：nvidia-smi 会计入，max_memory_reserved 不计入。</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>分配器预留</translation>
    </message>
    <message>
        <source>What PyTorch&apos;s caching allocator holds beyond live tensors: freed blocks it keeps cached, split blocks and rounding. The gap between max_memory_reserved and max_memory_allocated.</source>
        <translation>PyTorch 缓存分配器在存活张量之外占着的显存：缓存着的已释放块、被切分的块和取整。即 max_memory_reserved 与 max_memory_allocated 之差。</translation>
    </message>
    <message>
        <source>Paged optimizer states</source>
        <translation>分页优化器状态</translation>
    </message>
    <message>
        <source>A paged optimizer (bitsandbytes, QLoRA) keeps its states in CUDA unified memory: moved to CPU memory when the GPU runs short, instead of running out.</source>
        <translation>分页优化器（bitsandbytes、QLoRA）把状态放在 CUDA 统一内存中：GPU 显存不足时移到 CPU 内存，而不是报显存不足。</translation>
    </message>
    <message>
        <source>Activation gradients</source>
        <translation>激活梯度</translation>
    </message>
    <message>
        <source>The gradients flowing back through the layer being differentiated: alive only during its backward pass.</source>
        <translation>反向流经正在求导的那一层的梯度：只在该层反向期间存在。</translation>
    </message>
    <message>
        <source>Logits and loss temporaries</source>
        <translation>Logits 与损失的临时张量</translation>
    </message>
    <message>
        <source>Copies of the logits the cross entropy makes for a moment in its forward and backward, beyond what it keeps between them.</source>
        <translation>交叉熵在前向和反向中短暂产生的 logits 副本，不含它在两者之间保留的部分。</translation>
    </message>
    <message>
        <source>Reserved KV pool</source>
        <translation>预留的 KV 池</translation>
    </message>
    <message>
        <source>Serving: the part of the engine&apos;s up-front KV cache reservation this batch does not use (vLLM gpu_memory_utilization).</source>
        <translation>推理：引擎预先预留的 KV Cache 中本批未用到的部分（vLLM gpu_memory_utilization）。</translation>
    </message>
    <message>
        <source>Optimizer-step temporaries</source>
        <translation>优化器更新的临时张量</translation>
    </message>
    <message>
        <source>Buffers the optimizer step makes for a moment: an fp32 copy of 16-bit gradients, or the foreach implementation&apos;s intermediate lists.</source>
        <translation>优化器更新时短暂产生的缓冲区：16 位梯度的 FP32 副本，或 foreach 实现的中间张量列表。</translation>
    </message>
    <message>
        <source>cuBLAS and TE workspaces</source>
        <translation>cuBLAS 与 TE 工作区</translation>
    </message>
    <message>
        <source>Scratch memory cuBLAS and Transformer Engine keep for their matrix multiplications, allocated once through PyTorch.</source>
        <translation>cuBLAS 和 Transformer Engine 为矩阵乘法保留的临时显存，经 PyTorch 分配一次。</translation>
    </message>
    <message>
        <source>CUDA graph pool</source>
        <translation>CUDA 图内存池</translation>
    </message>
    <message>
        <source>Serving: the private memory of the captured CUDA graphs (vLLM, SGLang).</source>
        <translation>推理：已捕获 CUDA 图的私有显存（vLLM、SGLang）。</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 缓冲区</translation>
    </message>
    <message>
        <source>The communication library&apos;s own buffers for each parallel group this GPU talks in, outside PyTorch&apos;s allocator.</source>
        <translation>通信库为此 GPU 参与的每个并行组自备的缓冲区，在 PyTorch 分配器之外。</translation>
    </message>
    <message>
        <source>Drafter weights</source>
        <translation>草稿器权重</translation>
    </message>
    <message>
        <source>Speculative decoding: the draft model, EAGLE head or MTP layer that proposes tokens.</source>
        <translation>推测解码：提出候选 token 的草稿模型、EAGLE 头或 MTP 层。</translation>
    </message>
    <message>
        <source>Recurrent state</source>
        <translation>循环状态</translation>
    </message>
    <message>
        <source>Serving a hybrid model: the state each linear-attention or state-space layer keeps per sequence (its convolution window and its SSM or delta-rule state), the same size at any context.</source>
        <translation>服务混合模型时：每个线性注意力层或状态空间层为每条序列保留的状态（其卷积窗口及 SSM 或 delta 规则状态），无论上下文多长，大小都不变。</translation>
    </message>
    <message>
        <source>Drafter KV cache</source>
        <translation>草稿器 KV Cache</translation>
    </message>
    <message>
        <source>Speculative decoding: the drafter&apos;s cached keys and values, from the engine&apos;s KV pool.</source>
        <translation>推测解码：草稿器缓存的键和值，取自引擎的 KV 池。</translation>
    </message>
</context>
<context>
    <name>DeckDocument</name>
    <message>
        <source>Cannot read %1: %2</source>
        <extracomment>%1 = file, %2 = the reason</extracomment>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>the deck has no scenes</source>
        <translation>场景集中没有任何场景</translation>
    </message>
    <message>
        <source>%1 is not a deck of scenes:
%2</source>
        <extracomment>%1 = file name, %2 = the reasons, one per line</extracomment>
        <translation>%1 不是场景集：
%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <extracomment>%1 = file, %2 = the system&apos;s reason</extracomment>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>DisplayFormat</name>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>TB</source>
        <translation>TB</translation>
    </message>
    <message>
        <source>TiB</source>
        <translation>TiB</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>%1 = number, %2 = TB or TiB
----------
%1 = number, %2 = GB or GiB</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 T</source>
        <extracomment>count suffixes: trillion, billion, million, thousand; %1 = number</extracomment>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>%1 k</source>
        <translation>%1 k</translation>
    </message>
    <message>
        <source>%1 years</source>
        <extracomment>%1 = number of years</extracomment>
        <translation>%1 年</translation>
    </message>
    <message>
        <source>%1 days</source>
        <extracomment>%1 = number of days</extracomment>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <extracomment>%1 = number of hours</extracomment>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <extracomment>%1 = number of minutes</extracomment>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>%1 = number of seconds</extracomment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>$%1 B</source>
        <extracomment>money: %1 = amount in US dollars, with a suffix for thousands, millions, billions</extracomment>
        <translation>$%1 B</translation>
    </message>
    <message>
        <source>$%1 M</source>
        <translation>$%1 M</translation>
    </message>
    <message>
        <source>$%1 k</source>
        <translation>$%1 k</translation>
    </message>
    <message>
        <source>$%1</source>
        <translation>$%1</translation>
    </message>
    <message>
        <source>%1 %</source>
        <extracomment>%1 = percentage number</extracomment>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <extracomment>%1 = number of milliseconds</extracomment>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <extracomment>a GPU&apos;s capacity in binary units; %1 = number</extracomment>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>a GPU&apos;s capacity: %1 = &quot;80 GiB&quot;, %2 = the same in decimal GB (&quot;85.9 GB&quot;)</extracomment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>DocumentController</name>
    <message numerus="yes">
        <source>Removed %n missing file(s) from the recent list.</source>
        <extracomment>status bar; %n = number of recent files that no longer exist</extracomment>
        <translation>
            <numerusform>已从最近文件列表中移除 %n 个不存在的文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>Start again from the default scenario</source>
        <translation>从默认场景重新开始</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario file (or a Hugging Face config.json)</source>
        <translation>打开场景文件（或 Hugging Face 的 config.json）</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face Config…</source>
        <translation>导入 Hugging Face 配置(&amp;I)…</translation>
    </message>
    <message>
        <source>Take the model&apos;s architecture from a config.json; nothing is downloaded</source>
        <translation>从 config.json 读取模型结构；不会下载任何内容</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <extracomment>%1 = file path, %2 = the reason</extracomment>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a valid scenario file:
%2

The current scenario was not changed.</source>
        <extracomment>%1 = file name, %2 = the reasons, one per line, each naming the key</extracomment>
        <translation>%1 不是有效的场景文件：
%2

当前场景未作任何改动。</translation>
    </message>
    <message>
        <source>Open %1</source>
        <extracomment>undo text; %1 = file name</extracomment>
        <translation>打开 %1</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>%1 was opened, with remarks:
%2</source>
        <extracomment>%1 = file name, %2 = the warnings, one per line</extracomment>
        <translation>已打开 %1，但有以下提示：
%2</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <extracomment>status bar; %1 = file name</extracomment>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <extracomment>%1 = file path, %2 = the system&apos;s reason</extracomment>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <extracomment>status bar; %1 = file name</extracomment>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>New scenario</source>
        <translation>新建场景</translation>
    </message>
    <message>
        <source>Import %1</source>
        <extracomment>undo text; %1 = file name</extracomment>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Imported %1 from %2</source>
        <extracomment>status bar; %1 = model name, %2 = file name</extracomment>
        <translation>已从 %2 导入 %1</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>Save the changes to “%1”?</source>
        <extracomment>%1 = file name or &quot;Untitled&quot;</extracomment>
        <translation>是否保存对“%1”的更改？</translation>
    </message>
    <message>
        <source>Changes you do not save are lost.</source>
        <translation>不保存的更改将会丢失。</translation>
    </message>
    <message>
        <source>&amp;Don&apos;t Save</source>
        <translation>不保存(&amp;D)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Scenarios and model configs (*.json)</source>
        <translation>场景与模型配置 (*.json)</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景 (*.json)</translation>
    </message>
    <message>
        <source>Import Hugging Face Config</source>
        <translation>导入 Hugging Face 配置</translation>
    </message>
    <message>
        <source>Model configurations (config.json *.json)</source>
        <translation>模型配置 (config.json *.json)</translation>
    </message>
    <message>
        <source>Import &amp;Launch File…</source>
        <translation>导入启动文件(&amp;L)…</translation>
    </message>
    <message>
        <source>Read a Megatron-LM, DeepSpeed, torchtitan, YAML recipe or serving launch file into the scenario</source>
        <translation>把 Megatron-LM、DeepSpeed、torchtitan、YAML 配方或推理服务的启动文件读入场景</translation>
    </message>
    <message>
        <source>Open &amp;Link…</source>
        <translation>打开链接(&amp;L)…</translation>
    </message>
    <message>
        <source>Open a scenario shared as a shardscope:// link</source>
        <translation>打开以 shardscope:// 链接分享的场景</translation>
    </message>
    <message>
        <source>Copy &amp;Link</source>
        <translation>复制链接(&amp;L)</translation>
    </message>
    <message>
        <source>Copy the scenario as a shardscope:// link to paste into a chat or a slide&apos;s notes</source>
        <translation>把场景复制为 shardscope:// 链接，可粘贴到聊天或幻灯片备注中</translation>
    </message>
    <message>
        <source>&amp;Paste Link</source>
        <translation>粘贴链接(&amp;P)</translation>
    </message>
    <message>
        <source>Open the shardscope:// link on the clipboard</source>
        <translation>打开剪贴板中的 shardscope:// 链接</translation>
    </message>
    <message>
        <source>Imported %1 as %2</source>
        <extracomment>status bar; %1 = file name, %2 = framework</extracomment>
        <translation>已按 %2 导入 %1</translation>
    </message>
    <message>
        <source>The link cannot be opened:
%1

The current scenario was not changed.</source>
        <extracomment>%1 = the errors, one per line</extracomment>
        <translation>无法打开该链接：
%1

当前场景未作任何改动。</translation>
    </message>
    <message>
        <source>Open Link</source>
        <extracomment>undo text</extracomment>
        <translation>打开链接</translation>
    </message>
    <message>
        <source>Opened the link: %1</source>
        <translation>已打开链接：%1</translation>
    </message>
    <message>
        <source>Import Launch File</source>
        <translation>导入启动文件</translation>
    </message>
    <message>
        <source>Launch files (*.sh *.bash *.json *.toml *.yaml *.yml);;All files (*)</source>
        <translation>启动文件 (*.sh *.bash *.json *.toml *.yaml *.yml);;所有文件 (*)</translation>
    </message>
    <message>
        <source>A shardscope:// link:</source>
        <translation>shardscope:// 链接：</translation>
    </message>
    <message>
        <source>Copied the scenario as a link (%1 characters)</source>
        <extracomment>status bar; %1 = the link&apos;s length in characters</extracomment>
        <translation>已把场景复制为链接（%1 个字符）</translation>
    </message>
    <message>
        <source>Copied the scenario as a link (%1 characters; its measurements are not in it)</source>
        <translation>已把场景复制为链接（%1 个字符；不含其实测数据）</translation>
    </message>
    <message>
        <source>Paste Link</source>
        <translation>粘贴链接</translation>
    </message>
</context>
<context>
    <name>DrillPage</name>
    <message>
        <source>Drill: %1</source>
        <extracomment>undo text; %1 = the drill&apos;s title</extracomment>
        <translation>练习：%1</translation>
    </message>
    <message>
        <source>7B (textbook)</source>
        <translation>7B（教材）</translation>
    </message>
    <message>
        <source>70B (textbook)</source>
        <translation>70B（教材）</translation>
    </message>
    <message>
        <source>%1 = %2 = %4</source>
        <extracomment>one step of a drill&apos;s derivation; %1 = quantity, %2 = formula, %3 = values substituted, %4 = result</extracomment>
        <translation>%1 = %2 = %4</translation>
    </message>
    <message>
        <source>%1 = %2, with %3 → %4</source>
        <translation>%1 = %2，代入 %3 → %4</translation>
    </message>
    <message>
        <source>Scenario: %1 on %2 × %3</source>
        <extracomment>drill scenario summary; %1 = model, %2 = GPUs, %3 = GPU model</extracomment>
        <translation>场景：%1，%2 × %3</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <extracomment>%1 = step number, %2 = the working line</extracomment>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>The estimate: %1</source>
        <extracomment>the drill&apos;s answer from the estimate; %1 = the number with its unit</extracomment>
        <translation>估算结果：%1</translation>
    </message>
    <message>
        <source>not available (the scenario is invalid)</source>
        <translation>无（场景无效）</translation>
    </message>
    <message>
        <source>%1 days</source>
        <extracomment>a number of days; %1 = the number</extracomment>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <extracomment>GPU-hours; %1 = the number</extracomment>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <source>%1×</source>
        <extracomment>a ratio; %1 = the factor</extracomment>
        <translation>%1×</translation>
    </message>
    <message>
        <source>a memory size such as 38.5 GB</source>
        <translation>显存大小，例如 38.5 GB</translation>
    </message>
    <message>
        <source>a duration such as 61 days</source>
        <translation>时长，例如 61 天</translation>
    </message>
    <message>
        <source>a number of GPU-hours such as 93k</source>
        <translation>GPU 小时数，例如 93k</translation>
    </message>
    <message>
        <source>an amount such as $220k</source>
        <translation>金额，例如 $220k</translation>
    </message>
    <message>
        <source>a FLOP count such as 4.2e22</source>
        <translation>FLOPs 数，例如 4.2e22</translation>
    </message>
    <message>
        <source>a factor such as 1.5x</source>
        <translation>倍数，例如 1.5x</translation>
    </message>
    <message>
        <source>Type a number with its unit: %1.</source>
        <extracomment>%1 = what kind of number is expected</extracomment>
        <translation>请输入带单位的数：%1。</translation>
    </message>
    <message>
        <source>%1 % too high</source>
        <translation>高了 %1%</translation>
    </message>
    <message>
        <source>%1 % too low</source>
        <translation>低了 %1%</translation>
    </message>
    <message>
        <source>✔ %1 against %2: within 10 %. Well done.</source>
        <extracomment>drill verdicts; %1 = the guess, %2 = the estimate&apos;s answer, %3 = how far off</extracomment>
        <translation>✔ %1 对 %2：误差在 10% 以内。很好。</translation>
    </message>
    <message>
        <source>≈ %1 against %2: %3, close.</source>
        <translation>≈ %1 对 %2：%3，很接近了。</translation>
    </message>
    <message>
        <source>✗ %1 against %2: %3. Reveal the steps to see where.</source>
        <translation>✗ %1 对 %2：%3。逐步展开推导，看看差在哪里。</translation>
    </message>
    <message>
        <source>✗ %1 against %2: off by a factor of %3. A term missing or counted twice?</source>
        <extracomment>%3 = the factor between guess and answer</extracomment>
        <translation>✗ %1 对 %2：差了 %3 倍。是不是漏算或重复算了一项？</translation>
    </message>
    <message>
        <source>Hint: %1</source>
        <translation>提示：%1</translation>
    </message>
    <message>
        <source>Interview drills</source>
        <translation>面试练习</translation>
    </message>
    <message>
        <source>Your estimate (a number with its unit):</source>
        <translation>你的估算（带单位的数）：</translation>
    </message>
    <message>
        <source>e.g. 38.5 GB, 61 days, $220k, 1.5x</source>
        <translation>例如 38.5 GB、61 天、$220k、1.5x</translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>核对(&amp;C)</translation>
    </message>
    <message>
        <source>Reveal the &amp;next step</source>
        <translation>展开下一步(&amp;N)</translation>
    </message>
    <message>
        <source>Show the whole &amp;derivation</source>
        <translation>显示完整推导(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Open in the explorer</source>
        <translation>在“显存估算”页打开(&amp;O)</translation>
    </message>
    <message>
        <source>Load this drill&apos;s scenario into the window (one undo step) to change it and see what moves</source>
        <translation>把这道题的场景载入主窗口（一步可撤销），改一改，看看哪些数会变</translation>
    </message>
    <message>
        <source>too high</source>
        <translation>偏高</translation>
    </message>
    <message>
        <source>too low</source>
        <translation>偏低</translation>
    </message>
    <message>
        <source>≈ %1 is close, but %2. One more try?</source>
        <extracomment>a drill&apos;s first wrong try; %1 = the guess, %2 = &quot;too high&quot; or &quot;too low&quot;</extracomment>
        <translation>≈ %1 很接近，但%2。再试一次？</translation>
    </message>
    <message>
        <source>✗ %1 is %2. One more try (a hint below), or reveal the steps.</source>
        <translation>✗ %1 %2。再试一次（提示见下方），或逐步查看推导。</translation>
    </message>
</context>
<context>
    <name>ErrorHistogramPlot</name>
    <message>
        <source>relative error |q − x| / |x|</source>
        <translation>相对误差 |q − x| / |x|</translation>
    </message>
    <message>
        <source>% of non-zero values</source>
        <translation>占非零值的 %</translation>
    </message>
    <message>
        <source>exact: %1
flushed to 0 (error 1): %2</source>
        <extracomment>inside the error histogram; %1 = share stored exactly, %2 = share flushed to zero</extracomment>
        <translation>精确：%1
下溢为 0（误差 1）：%2</translation>
    </message>
</context>
<context>
    <name>ExplorerPages</name>
    <message>
        <source>Explorer</source>
        <translation>显存估算</translation>
    </message>
    <message>
        <source>Memory per GPU, the comparisons and the dials of the scenario</source>
        <translation>场景的每卡显存、对比图和仪表</translation>
    </message>
    <message>
        <source>Number formats</source>
        <translation>数值格式</translation>
    </message>
    <message>
        <source>What FP32 … INT4 store, bit by bit; pick a format for the served weights</source>
        <translation>FP32 … INT4 逐位存储了什么；为推理权重选择格式</translation>
    </message>
    <message>
        <source>Number-Format &amp;Lab</source>
        <translation>数值格式实验室(&amp;L)</translation>
    </message>
    <message>
        <source>Switch between the explorer and the number-format lab (Ctrl+L)</source>
        <translation>在显存估算和数值格式实验室之间切换（Ctrl+L）</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>The scenario is not valid: there is nothing to export yet.</source>
        <translation>场景无效：暂时没有可导出的内容。</translation>
    </message>
    <message>
        <source>%1 × %2 px, %3</source>
        <extracomment>under the export preview; %1 × %2 = pixels of the file, %3 = the format</extracomment>
        <translation>%1 × %2 像素，%3</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>&amp;View:</source>
        <translation>视图(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source>S&amp;cale:</source>
        <translation>缩放(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>T&amp;itle:</source>
        <translation>标题(&amp;I)：</translation>
    </message>
    <message>
        <source>Bit viewer &amp;value:</source>
        <translation>位视图数值(&amp;V)：</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <source>SVG drawing (real text)</source>
        <translation>SVG 矢量图（真实文字）</translation>
    </message>
    <message>
        <source>PDF document (vector)</source>
        <translation>PDF 文档（矢量）</translation>
    </message>
    <message>
        <source>1920 × 1080 (16:9 slide)</source>
        <translation>1920 × 1080（16:9 幻灯片）</translation>
    </message>
    <message>
        <source>1280 × 720 (16:9 slide)</source>
        <translation>1280 × 720（16:9 幻灯片）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Pixels per point of the slide: 2 gives sharp text on a projector or a high-resolution screen.</source>
        <translation>幻灯片每个点对应的像素数：设为 2 时，在投影仪或高分屏上文字清晰。</translation>
    </message>
    <message>
        <source>Transparent &amp;background</source>
        <translation>透明背景(&amp;B)</translation>
    </message>
    <message>
        <source>No title</source>
        <translation>无标题</translation>
    </message>
    <message>
        <source>&amp;Caption with the scenario&apos;s settings</source>
        <translation>附上场景设置说明(&amp;C)</translation>
    </message>
    <message>
        <source>The number the bit viewer shows in every format, e.g. 0.1 or 1e-8.</source>
        <translation>位视图在各格式中展示的数值，例如 0.1 或 1e-8。</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>C&amp;opy to Clipboard</source>
        <translation>复制到剪贴板(&amp;O)</translation>
    </message>
    <message>
        <source>Copies the slide as an image and as SVG, to paste into a presentation.</source>
        <translation>把幻灯片以图像和 SVG 两种形式复制，便于粘贴到演示文稿中。</translation>
    </message>
    <message>
        <source>Only the step view moves: choose it to export an animated GIF.</source>
        <translation>只有训练步视图会动：选择它才能导出动画 GIF。</translation>
    </message>
    <message>
        <source>%1 × %2 px, GIF, %3 frames at %4 per second (%5 s), looping</source>
        <extracomment>under the export preview; %1 × %2 = pixels, %3 = frames, %4 = frames per second, %5 = seconds</extracomment>
        <translation>%1 × %2 像素，GIF，%3 帧，每秒 %4 帧（%5 秒），循环播放</translation>
    </message>
    <message>
        <source>Animated GIF (*.gif)</source>
        <translation>动画 GIF (*.gif)</translation>
    </message>
    <message>
        <source>GIF fra&amp;mes:</source>
        <translation>GIF 帧数(&amp;M)：</translation>
    </message>
    <message>
        <source>Frames per seco&amp;nd:</source>
        <translation>每秒帧数(&amp;N)：</translation>
    </message>
    <message>
        <source>Animated GIF (step view)</source>
        <translation>动画 GIF（训练步视图）</translation>
    </message>
    <message>
        <source>Frames over one training step: the first at its start, the last at its end.</source>
        <translation>一个训练步内的帧数：第一帧在训练步开始，最后一帧在结束。</translation>
    </message>
    <message>
        <source>A GIF&apos;s delays are hundredths of a second: up to 50 frames per second.</source>
        <translation>GIF 的帧间隔以百分之一秒计：最多每秒 50 帧。</translation>
    </message>
    <message>
        <source>This scenario&apos;s step is not drawn (too many micro-batches): there is nothing to play.</source>
        <translation>这个场景的训练步没有画出（微批次太多）：没有可播放的内容。</translation>
    </message>
    <message>
        <source>Saved %1 in %2.</source>
        <extracomment>after File ▸ Export ▸ Save…; %1 = file name, %2 = its folder</extracomment>
        <translation>已将 %1 保存到 %2。</translation>
    </message>
    <message>
        <source>Copied the %1 to the clipboard, as an image and as SVG.</source>
        <extracomment>after File ▸ Export ▸ Copy; %1 = the view copied</extracomment>
        <translation>已将%1以图片和 SVG 复制到剪贴板。</translation>
    </message>
    <message>
        <source>Nothing to copy: the scenario is not valid.</source>
        <translation>没有可复制的内容：场景无效。</translation>
    </message>
    <message>
        <source>A run&apos;s wall-clock needs a training run with its tokens: serving has none.</source>
        <translation>训练墙钟时间需要一个给出训练 token 数的训练场景：推理场景没有。</translation>
    </message>
</context>
<context>
    <name>FeasibilityHeatmap</name>
    <message>
        <source>No layouts yet</source>
        <translation>尚无布局</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>%1
fullest GPU %2 of %3</source>
        <extracomment>heatmap cell tooltip; %1 = layout, %2 = peak memory, %3 = capacity</extracomment>
        <translation>%1
最满的 GPU：%2 / %3</translation>
    </message>
    <message>
        <source>step %1</source>
        <extracomment>heatmap cell tooltip, second line; %1 = step time</extracomment>
        <translation>每步 %1</translation>
    </message>
    <message>
        <source>the model states alone do not fit</source>
        <translation>仅模型状态就放不下</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>under 10 % left</source>
        <translation>剩余不足 10%</translation>
    </message>
    <message>
        <source>10 % left</source>
        <translation>剩余 10%</translation>
    </message>
    <message>
        <source>50 %+ left</source>
        <translation>剩余 50% 以上</translation>
    </message>
    <message>
        <source>★ fastest</source>
        <translation>★ 最快</translation>
    </message>
</context>
<context>
    <name>FieldText</name>
    <message>
        <source>Schema version</source>
        <translation>格式版本</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model name</source>
        <translation>模型名称</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Head size</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Vocabulary padding</source>
        <translation>词表填充倍数</translation>
    </message>
    <message>
        <source>Trained positions</source>
        <translation>训练位置数</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入</translation>
    </message>
    <message>
        <source>Gated MLP</source>
        <translation>门控 MLP</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Position embedding</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>Linear biases</source>
        <translation>线性层偏置</translation>
    </message>
    <message>
        <source>QKV biases</source>
        <translation>QKV 偏置</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Norms per layer</source>
        <translation>每层归一化数</translation>
    </message>
    <message>
        <source>Q/K norms</source>
        <translation>Q/K 归一化</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Experts per token (top-k)</source>
        <translation>每 token 专家数（top-k）</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Shared expert FFN size</source>
        <translation>共享专家 FFN 维度</translation>
    </message>
    <message>
        <source>Shared expert gate</source>
        <translation>共享专家门控</translation>
    </message>
    <message>
        <source>MoE layer frequency</source>
        <translation>MoE 层间隔</translation>
    </message>
    <message>
        <source>First dense layers</source>
        <translation>开头的稠密层数</translation>
    </message>
    <message>
        <source>Query compression rank</source>
        <translation>Query 压缩维度</translation>
    </message>
    <message>
        <source>KV compression rank</source>
        <translation>KV 压缩维度</translation>
    </message>
    <message>
        <source>Q/K head size without RoPE</source>
        <translation>不含 RoPE 的 Q/K 头维度</translation>
    </message>
    <message>
        <source>Q/K head size with RoPE</source>
        <translation>含 RoPE 的 Q/K 头维度</translation>
    </message>
    <message>
        <source>V head size</source>
        <translation>V 头维度</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>Global layer every</source>
        <translation>全局注意力层间隔</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批大小</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>FSDP sharding</source>
        <translation>FSDP 分片策略</translation>
    </message>
    <message>
        <source>Offload optimizer</source>
        <translation>卸载优化器状态</translation>
    </message>
    <message>
        <source>Offload parameters</source>
        <translation>卸载参数</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>FLOPs formula</source>
        <translation>FLOPs 公式</translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Virtual stages</source>
        <translation>虚拟段数</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Expert TP</source>
        <translation>专家 TP</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPU preset</source>
        <translation>GPU 预设</translation>
    </message>
    <message>
        <source>GPU id</source>
        <translation>GPU id</translation>
    </message>
    <message>
        <source>GPU name</source>
        <translation>GPU 名称</translation>
    </message>
    <message>
        <source>GPU memory label</source>
        <translation>GPU 显存标注</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>FP32 peak</source>
        <translation>FP32 峰值</translation>
    </message>
    <message>
        <source>TF32 peak</source>
        <translation>TF32 峰值</translation>
    </message>
    <message>
        <source>BF16 peak</source>
        <translation>BF16 峰值</translation>
    </message>
    <message>
        <source>FP16 peak</source>
        <translation>FP16 峰值</translation>
    </message>
    <message>
        <source>FP8 peak</source>
        <translation>FP8 峰值</translation>
    </message>
    <message>
        <source>INT8 peak</source>
        <translation>INT8 峰值</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>GPU interconnect</source>
        <translation>GPU 互联</translation>
    </message>
    <message>
        <source>Network per GPU</source>
        <translation>每卡网络带宽</translation>
    </message>
    <message>
        <source>GPU source</source>
        <translation>GPU 数据出处</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Achieved TFLOP/s</source>
        <translation>实测 TFLOP/s</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>Communication buckets</source>
        <translation>通信桶</translation>
    </message>
    <message>
        <source>ZeRO-3 prefetched modules</source>
        <translation>ZeRO-3 预取模块数</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片</translation>
    </message>
    <message>
        <source>CPU buffer factor</source>
        <translation>CPU 缓冲系数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Group size</source>
        <translation>分组大小</translation>
    </message>
    <message>
        <source>Scale type</source>
        <translation>缩放因子类型</translation>
    </message>
    <message>
        <source>Zero points</source>
        <translation>零点</translation>
    </message>
    <message>
        <source>Double quantization</source>
        <translation>双重量化</translation>
    </message>
    <message>
        <source>Quantize embeddings</source>
        <translation>量化嵌入层</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成 token 数</translation>
    </message>
    <message>
        <source>Paged blocks</source>
        <translation>分页块</translation>
    </message>
    <message>
        <source>Prefill chunk</source>
        <translation>Prefill 分块</translation>
    </message>
    <message>
        <source>Fine-tuning method</source>
        <translation>微调方法</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Adapted matrices</source>
        <translation>适配的矩阵</translation>
    </message>
    <message>
        <source>Base format</source>
        <translation>基座格式</translation>
    </message>
    <message>
        <source>Base group size</source>
        <translation>基座分组大小</translation>
    </message>
    <message>
        <source>Base scale type</source>
        <translation>基座缩放因子类型</translation>
    </message>
    <message>
        <source>Base zero points</source>
        <translation>基座零点</translation>
    </message>
    <message>
        <source>Base double quantization</source>
        <translation>基座双重量化</translation>
    </message>
    <message>
        <source>Quantize base embeddings</source>
        <translation>量化基座嵌入层</translation>
    </message>
    <message>
        <source>RL algorithm</source>
        <translation>强化学习算法</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>Reference format</source>
        <translation>参考模型格式</translation>
    </message>
    <message>
        <source>Reference offload</source>
        <translation>参考模型卸载</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>Reward model size</source>
        <translation>奖励模型规模</translation>
    </message>
    <message>
        <source>Reward model format</source>
        <translation>奖励模型格式</translation>
    </message>
    <message>
        <source>Critic</source>
        <translation>Critic</translation>
    </message>
    <message>
        <source>Samples per prompt</source>
        <translation>每条提示的采样数</translation>
    </message>
    <message>
        <source>Rollout prompt</source>
        <translation>Rollout 提示长度</translation>
    </message>
    <message>
        <source>New tokens</source>
        <translation>新生成 token 数</translation>
    </message>
    <message>
        <source>Prompts per GPU</source>
        <translation>每卡提示数</translation>
    </message>
    <message>
        <source>Rollout memory</source>
        <translation>Rollout 显存</translation>
    </message>
    <message>
        <source>Rollout placement</source>
        <translation>Rollout 部署方式</translation>
    </message>
    <message>
        <source>Rollout engine sleeps</source>
        <translation>Rollout 引擎休眠</translation>
    </message>
    <message>
        <source>Rollout TP</source>
        <translation>Rollout TP</translation>
    </message>
    <message>
        <source>Rollout GPUs</source>
        <translation>Rollout GPU 数</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <source>Optimizer moments</source>
        <translation>优化器矩估计精度</translation>
    </message>
    <message>
        <source>Layers on the first stage</source>
        <translation>首段层数</translation>
    </message>
    <message>
        <source>Layers on the last stage</source>
        <translation>末段层数</translation>
    </message>
    <message>
        <source>Embedding counts as a layer</source>
        <translation>嵌入层计为一层</translation>
    </message>
    <message>
        <source>Loss counts as a layer</source>
        <translation>损失计为一层</translation>
    </message>
    <message>
        <source>Expandable segments</source>
        <translation>可扩展段（expandable segments）</translation>
    </message>
    <message>
        <source>Gradients as bucket views (DDP)</source>
        <translation>梯度作为桶视图（DDP）</translation>
    </message>
    <message>
        <source>Reduce bucket (DeepSpeed)</source>
        <translation>归约桶（DeepSpeed）</translation>
    </message>
    <message>
        <source>cuBLAS workspace</source>
        <translation>cuBLAS 工作区</translation>
    </message>
    <message>
        <source>NCCL buffers per communicator</source>
        <translation>每个通信器的 NCCL 缓冲区</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>Flash attention (serving)</source>
        <translation>Flash Attention（推理）</translation>
    </message>
    <message>
        <source>Engine memory share</source>
        <translation>引擎显存占比</translation>
    </message>
    <message>
        <source>Sequences per step (max)</source>
        <translation>每步最多序列数</translation>
    </message>
    <message>
        <source>CUDA graphs</source>
        <translation>CUDA 图</translation>
    </message>
    <message>
        <source>CUDA graph memory</source>
        <translation>CUDA 图显存</translation>
    </message>
    <message>
        <source>Logits of the whole prompt</source>
        <translation>整个提示的 logits</translation>
    </message>
    <message>
        <source>Adapter precision</source>
        <translation>适配器精度</translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation>分页优化器</translation>
    </message>
    <message>
        <source>Quantize base output layer</source>
        <translation>量化基座输出层</translation>
    </message>
    <message>
        <source>bitsandbytes &lt; 0.43.2 (4-bit layers keep inputs)</source>
        <translation>bitsandbytes &lt; 0.43.2（4 位层保留输入）</translation>
    </message>
    <message>
        <source>TP communication overlap</source>
        <translation>TP 通信与计算重叠</translation>
    </message>
    <message>
        <source>Measured run</source>
        <translation>实测运行</translation>
    </message>
    <message>
        <source>Offload to (CPU or NVMe)</source>
        <translation>卸载到（CPU 或 NVMe）</translation>
    </message>
    <message>
        <source>Other overhead (evaluation, data, tuning)</source>
        <translation>其他开销（评测、数据、调参）</translation>
    </message>
    <message>
        <source>NVMe bandwidth per node</source>
        <translation>每节点 NVMe 带宽</translation>
    </message>
    <message>
        <source>Interruptions per 1,000 GPU-days</source>
        <translation>每 1000 GPU·天的中断次数</translation>
    </message>
    <message>
        <source>Interruptions per 1,000 node-days</source>
        <translation>每 1000 节点·天的中断次数</translation>
    </message>
    <message>
        <source>Checkpoint interval (steps)</source>
        <translation>检查点间隔（步）</translation>
    </message>
    <message>
        <source>Asynchronous checkpoints</source>
        <translation>异步检查点</translation>
    </message>
    <message>
        <source>Checkpoint the optimizer</source>
        <translation>检查点包含优化器状态</translation>
    </message>
    <message>
        <source>Checkpoint write per node</source>
        <translation>每节点检查点写入带宽</translation>
    </message>
    <message>
        <source>Checkpoint store bandwidth</source>
        <translation>检查点存储总带宽</translation>
    </message>
    <message>
        <source>Restart time</source>
        <translation>重启时间</translation>
    </message>
    <message>
        <source>Loss implementation</source>
        <translation>损失函数实现</translation>
    </message>
    <message>
        <source>Shard group (hybrid sharding)</source>
        <translation>分片组（混合分片）</translation>
    </message>
    <message>
        <source>RoPE base</source>
        <translation>RoPE 基数</translation>
    </message>
    <message>
        <source>RoPE scaling</source>
        <translation>RoPE 缩放</translation>
    </message>
    <message>
        <source>RoPE scaling factor</source>
        <translation>RoPE 缩放因子</translation>
    </message>
    <message>
        <source>Norm epsilon</source>
        <translation>归一化 epsilon</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活函数</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>FP8 recipe</source>
        <translation>FP8 配方</translation>
    </message>
    <message>
        <source>MoE all-to-all overlap</source>
        <translation>MoE all-to-all 与计算重叠</translation>
    </message>
    <message>
        <source>MoE dispatch per node (DeepEP)</source>
        <translation>MoE 按节点分发（DeepEP）</translation>
    </message>
    <message>
        <source>Optimizer step in backward</source>
        <translation>优化器步骤融入反向传播</translation>
    </message>
    <message>
        <source>Activation offloading</source>
        <translation>激活值卸载到 CPU</translation>
    </message>
    <message>
        <source>NVLink domain (GPUs)</source>
        <translation>NVLink 域（GPU 数）</translation>
    </message>
    <message>
        <source>Linear mixer</source>
        <translation>线性混合层</translation>
    </message>
    <message>
        <source>Full attention every</source>
        <translation>全注意力间隔</translation>
    </message>
    <message>
        <source>First full-attention layer</source>
        <translation>首个全注意力层</translation>
    </message>
    <message>
        <source>No MLP before attention layers</source>
        <translation>注意力层前一层无 MLP</translation>
    </message>
    <message>
        <source>Linear key heads</source>
        <translation>线性键头数</translation>
    </message>
    <message>
        <source>Linear key head dim</source>
        <translation>线性键头维度</translation>
    </message>
    <message>
        <source>Linear value heads</source>
        <translation>线性值头数</translation>
    </message>
    <message>
        <source>Linear value head dim</source>
        <translation>线性值头维度</translation>
    </message>
    <message>
        <source>Linear conv kernel</source>
        <translation>线性卷积核宽度</translation>
    </message>
    <message>
        <source>Attention output gate</source>
        <translation>注意力输出门</translation>
    </message>
    <message>
        <source>Recurrent state dtype</source>
        <translation>循环状态数据类型</translation>
    </message>
    <message>
        <source>Indexer heads</source>
        <translation>索引器头数</translation>
    </message>
    <message>
        <source>Indexer head dim</source>
        <translation>索引器头维度</translation>
    </message>
    <message>
        <source>Sparse attention top-k</source>
        <translation>稀疏注意力 top-k</translation>
    </message>
    <message>
        <source>Multi-token prediction layers</source>
        <translation>多词元预测层数</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>推测解码</translation>
    </message>
    <message>
        <source>Draft tokens per step (k)</source>
        <translation>每步草稿 token 数（k）</translation>
    </message>
    <message>
        <source>Acceptance rate (α)</source>
        <translation>接受率（α）</translation>
    </message>
    <message>
        <source>Draft model parameters</source>
        <translation>草稿模型参数量</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>前缀缓存命中率</translation>
    </message>
    <message>
        <source>Vision layers</source>
        <translation>视觉层数</translation>
    </message>
    <message>
        <source>Vision hidden size</source>
        <translation>视觉隐藏维度</translation>
    </message>
    <message>
        <source>Vision MLP width</source>
        <translation>视觉 MLP 宽度</translation>
    </message>
    <message>
        <source>Vision attention heads</source>
        <translation>视觉注意力头数</translation>
    </message>
    <message>
        <source>Patch size</source>
        <translation>图像块大小</translation>
    </message>
    <message>
        <source>Image size (pixels per tile side)</source>
        <translation>图像尺寸（每个图块边长像素）</translation>
    </message>
    <message>
        <source>Frames per patch</source>
        <translation>每个图像块的帧数</translation>
    </message>
    <message>
        <source>Gated vision MLP</source>
        <translation>门控视觉 MLP</translation>
    </message>
    <message>
        <source>Vision normalization</source>
        <translation>视觉归一化</translation>
    </message>
    <message>
        <source>Learned patch positions</source>
        <translation>可学习的图像块位置</translation>
    </message>
    <message>
        <source>Class token</source>
        <translation>类别词元</translation>
    </message>
    <message>
        <source>Vision tower norms</source>
        <translation>视觉塔外层归一化数</translation>
    </message>
    <message>
        <source>Patch merge (per side)</source>
        <translation>图像块合并（每边）</translation>
    </message>
    <message>
        <source>Tiles per image</source>
        <translation>每张图像的图块数</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>每张图像的词元数</translation>
    </message>
    <message>
        <source>Projector layers</source>
        <translation>投影器层数</translation>
    </message>
    <message>
        <source>Projector width</source>
        <translation>投影器宽度</translation>
    </message>
    <message>
        <source>Projector biases</source>
        <translation>投影器偏置</translation>
    </message>
    <message>
        <source>Projector norm</source>
        <translation>投影器归一化</translation>
    </message>
    <message>
        <source>Patch embedding bias</source>
        <translation>图像块嵌入偏置</translation>
    </message>
    <message>
        <source>Images per sample</source>
        <translation>每个样本的图像数</translation>
    </message>
    <message>
        <source>Vision tower frozen</source>
        <translation>冻结视觉塔</translation>
    </message>
    <message>
        <source>Images per request</source>
        <translation>每个请求的图像数</translation>
    </message>
</context>
<context>
    <name>FigureText</name>
    <message>
        <source>Fullest GPU</source>
        <translation>显存最满的 GPU</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>Model states per GPU</source>
        <translation>每卡模型状态</translation>
    </message>
    <message>
        <source>Weights per GPU</source>
        <translation>每卡权重</translation>
    </message>
    <message>
        <source>Activations per GPU</source>
        <translation>每卡激活</translation>
    </message>
    <message>
        <source>KV cache per GPU</source>
        <translation>每卡 KV 缓存</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>One step</source>
        <translation>单步耗时</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Data-parallel ranks</source>
        <translation>数据并行路数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>%1 GPU-hours</source>
        <extracomment>a live figure; %1 = a count such as &quot;1.47 M&quot;</extracomment>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <extracomment>a live figure; %1 = a count such as &quot;12.3 k&quot;</extracomment>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>Between interruptions</source>
        <translation>平均中断间隔</translation>
    </message>
</context>
<context>
    <name>FileSaver</name>
    <message>
        <source>a folder</source>
        <translation>一个文件夹</translation>
    </message>
    <message>
        <source>a FIFO (named pipe)</source>
        <translation>一个 FIFO（命名管道）</translation>
    </message>
    <message>
        <source>a character device</source>
        <translation>一个字符设备</translation>
    </message>
    <message>
        <source>a block device</source>
        <translation>一个块设备</translation>
    </message>
    <message>
        <source>a socket</source>
        <translation>一个套接字</translation>
    </message>
    <message>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>it is a symbolic link to nothing; not replaced</source>
        <extracomment>a file is not saved; the path is a symbolic link to nothing</extracomment>
        <translation>它是指向不存在目标的符号链接；未替换</translation>
    </message>
    <message>
        <source>it is %1, not a regular file; not replaced</source>
        <extracomment>a file is not saved; %1 = what is at its path: &quot;a FIFO (named pipe)&quot;, &quot;a character device&quot;, …</extracomment>
        <translation>它是%1，不是普通文件；未替换</translation>
    </message>
</context>
<context>
    <name>FineTuneControls</name>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>%1 trainable parameters (%2 of the model)</source>
        <extracomment>under the fine-tuning method; %1 = trainable parameters, %2 = their share of the model</extracomment>
        <translation>%1 个可训练参数（占模型的 %2）</translation>
    </message>
    <message>
        <source>&amp;Method</source>
        <translation>方法(&amp;M)</translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation>全参微调</translation>
    </message>
    <message>
        <source>LoRA (frozen 16-bit base)</source>
        <translation>LoRA（冻结的 16 位基座）</translation>
    </message>
    <message>
        <source>QLoRA (frozen NF4 base)</source>
        <translation>QLoRA（冻结的 NF4 基座）</translation>
    </message>
    <message>
        <source>Full: every weight trains, with gradients and optimizer states (like training).
LoRA: the base is frozen; small rank-r adapters train (Hu et al. 2021).
QLoRA: LoRA on a base quantized to 4-bit NF4 with double quantization (Dettmers et al. 2023).</source>
        <translation>全参：每个权重都参与训练，带梯度和优化器状态（与预训练相同）。
LoRA：冻结基座，只训练秩为 r 的小适配器（Hu 等，2021）。
QLoRA：在量化为 4 位 NF4（含双重量化）的基座上做 LoRA（Dettmers 等，2023）。</translation>
    </message>
    <message>
        <source>LoRA &amp;rank</source>
        <translation>LoRA 秩(&amp;R)</translation>
    </message>
    <message>
        <source>Rank r of each adapter: r·(d_in + d_out) parameters per adapted matrix.</source>
        <translation>每个适配器的秩 r：每个被适配的矩阵增加 r·(d_in + d_out) 个参数。</translation>
    </message>
    <message>
        <source>Adapted matrices</source>
        <translation>适配的矩阵</translation>
    </message>
    <message>
        <source>q</source>
        <translation>q</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>v</source>
        <translation>v</translation>
    </message>
    <message>
        <source>o</source>
        <translation>o</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>gate</translation>
    </message>
    <message>
        <source>up</source>
        <translation>up</translation>
    </message>
    <message>
        <source>down</source>
        <translation>down</translation>
    </message>
    <message>
        <source>Query projection</source>
        <translation>Q 投影</translation>
    </message>
    <message>
        <source>Key projection</source>
        <translation>K 投影</translation>
    </message>
    <message>
        <source>Value projection</source>
        <translation>V 投影</translation>
    </message>
    <message>
        <source>Attention output projection</source>
        <translation>注意力输出投影</translation>
    </message>
    <message>
        <source>MLP gate projection</source>
        <translation>MLP gate 投影</translation>
    </message>
    <message>
        <source>MLP up projection</source>
        <translation>MLP up 投影</translation>
    </message>
    <message>
        <source>MLP down projection</source>
        <translation>MLP down 投影</translation>
    </message>
    <message>
        <source>&amp;Base format</source>
        <translation>基座格式(&amp;B)</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <translation>INT4</translation>
    </message>
    <message>
        <source>NF4 (QLoRA)</source>
        <translation>NF4（QLoRA）</translation>
    </message>
    <message>
        <source>The format the frozen base weights are loaded in; the adapters train in the recipe&apos;s precision.</source>
        <translation>冻结的基座权重加载时使用的格式；适配器按所选精度方案训练。</translation>
    </message>
</context>
<context>
    <name>FormatComparisonView</name>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>Not a serving weight format of the estimate: the memory bars cannot show it</source>
        <translation>估算不支持这种推理权重格式：显存柱无法显示它</translation>
    </message>
    <message>
        <source>Select a row</source>
        <translation>请选择一行</translation>
    </message>
    <message>
        <source>Serve the scenario&apos;s model with its weights in the selected format</source>
        <translation>以所选格式的权重部署场景中的模型</translation>
    </message>
    <message>
        <source>The estimate has no serving weight format for the selected row</source>
        <translation>估算没有与所选行对应的推理权重格式</translation>
    </message>
    <message>
        <source>Keep the scenario&apos;s KV cache in the selected format</source>
        <translation>以所选格式存放场景的 KV Cache</translation>
    </message>
    <message>
        <source>The estimate&apos;s KV cache is FP32, BF16, FP16, FP8 or INT8</source>
        <translation>估算中的 KV Cache 只能是 FP32、BF16、FP16、FP8 或 INT8</translation>
    </message>
    <message>
        <source>The studio&apos;s tensor in nine formats. Ranked by error, the format that keeps the most comes first; by bytes, the smallest. The model&apos;s weights are counted as the memory bars count them.</source>
        <translation>张量工作台中的张量分别以九种格式存储。按误差排序时，保留信息最多的格式排在最前；按字节排序时，最小的排在最前。模型权重的字节数与显存柱的算法一致。</translation>
    </message>
    <message>
        <source>&amp;Rank by:</source>
        <translation>排序依据(&amp;R)：</translation>
    </message>
    <message>
        <source>Error (SNR)</source>
        <translation>误差（信噪比）</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位宽</translation>
    </message>
    <message>
        <source>SNR dB</source>
        <translation>信噪比 dB</translation>
    </message>
    <message>
        <source>MSE</source>
        <translation>MSE</translation>
    </message>
    <message>
        <source>Flushed</source>
        <translation>下溢为零</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Bits per value, including the scales</source>
        <translation>每个值的位数（含缩放因子）</translation>
    </message>
    <message>
        <source>Non-zero values stored as 0</source>
        <translation>被存成 0 的非零值</translation>
    </message>
    <message>
        <source>The scenario&apos;s model&apos;s weights in this format, as the memory bars count them</source>
        <translation>场景中的模型以此格式存储时的权重大小，与显存柱的算法一致</translation>
    </message>
    <message>
        <source>|x|</source>
        <translation>|x|</translation>
    </message>
    <message>
        <source>RMS relative error</source>
        <translation>均方根相对误差</translation>
    </message>
    <message>
        <source>Each curve: sqrt(Σ(q − x)² / Σx²) of the values in a quarter-octave of |x|. Floats keep a constant relative error down to their subnormals; integers and small blocks lose the small values first.</source>
        <translation>每条曲线：|x| 每四分之一倍频程内各值的 sqrt(Σ(q − x)² / Σx²)。浮点数的相对误差一直保持不变，直到次正规数范围；整数和小块格式最先丢失的是小值。</translation>
    </message>
    <message>
        <source>Use for &amp;weights</source>
        <translation>用作权重格式(&amp;W)</translation>
    </message>
    <message>
        <source>Use for &amp;KV cache</source>
        <translation>用作 KV Cache 格式(&amp;K)</translation>
    </message>
</context>
<context>
    <name>FormatTable</name>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Bits</source>
        <translation>位宽</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Min normal</source>
        <translation>最小规格化数</translation>
    </message>
    <message>
        <source>Min subnormal</source>
        <translation>最小次正规数</translation>
    </message>
    <message>
        <source>Epsilon</source>
        <translation>机器精度</translation>
    </message>
    <message>
        <source>Digits</source>
        <translation>有效位数</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Sign · exponent · mantissa bits; block-scaled formats: element bits + scale bits / block size</source>
        <translation>符号 · 指数 · 尾数位数；块缩放格式：元素位数 + 缩放因子位数 / 块大小</translation>
    </message>
    <message>
        <source>Smallest positive value; anything below half of it flushes to zero</source>
        <translation>最小正数；小于它一半的值都会下溢为零</translation>
    </message>
    <message>
        <source>Machine epsilon: the gap between 1 and the next value, 2^−M</source>
        <translation>机器精度：1 与下一个可表示值之间的间隔，2^−M</translation>
    </message>
    <message>
        <source>Significant decimal digits, (M + 1)·log₁₀2</source>
        <translation>有效十进制位数，(M + 1)·log₁₀2</translation>
    </message>
    <message>
        <source>Bytes per value, block scales included: bytes per parameter when the weights use this format</source>
        <translation>每个值的字节数（含块缩放因子）：权重采用此格式时每参数的字节数</translation>
    </message>
    <message>
        <source>%1 values, one %2 scale per %3</source>
        <extracomment>block-scaled format row; %1 = element format, %2 = scale format, %3 = block size</extracomment>
        <translation>%1 数值，每 %3 个共享一个 %2 缩放因子</translation>
    </message>
    <message>
        <source>E8M0</source>
        <translation>E8M0</translation>
    </message>
    <message>
        <source>E4M3</source>
        <translation>E4M3</translation>
    </message>
</context>
<context>
    <name>GaugePanel</name>
    <message>
        <source>%1 per step</source>
        <extracomment>caption under training time; %1 = time per optimizer step
----------
caption under decode speed; %1 = time of one decode step</extracomment>
        <translation>每步 %1</translation>
    </message>
    <message numerus="yes">
        <source>on %n GPU(s)</source>
        <extracomment>caption under GPU-hours; %1 = number of GPUs</extracomment>
        <translation>
            <numerusform>共 %n 张 GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 steps</source>
        <extracomment>caption under cost; %1 = iterations</extracomment>
        <translation>%1 步</translation>
    </message>
    <message>
        <source>%1 TFLOP/s</source>
        <extracomment>caption under MFU; %1 = achieved TFLOP/s per GPU</extracomment>
        <translation>%1 TFLOP/s</translation>
    </message>
    <message>
        <source>m = %1</source>
        <extracomment>caption under the pipeline bubble; %1 = micro-batches per step</extracomment>
        <translation>m = %1</translation>
    </message>
    <message>
        <source>free of %1</source>
        <extracomment>caption under the memory headroom; %1 = capacity of the fullest GPU</extracomment>
        <translation>总容量 %1</translation>
    </message>
    <message>
        <source>over capacity (%1)</source>
        <extracomment>caption under the memory headroom when over capacity; %1 = capacity of the fullest GPU</extracomment>
        <translation>超出容量（%1）</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Training time × number of GPUs.
Green under 100 k (a lab&apos;s budget), amber up to 10 M, red beyond (frontier scale).</source>
        <translation>训练时间 × GPU 数。
绿色：10 万以内（一个实验室的预算）；琥珀色：1000 万以内；红色：更多（前沿规模）。</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: the share of the GPUs&apos; peak that does useful model maths.
Large runs reach 35–55 % (green); above 55 % is unrealistic (red); below 20 % is poorly tuned (amber).</source>
        <translation>模型算力利用率（MFU）：GPU 峰值中真正用于模型计算的比例。
大规模训练可达 35%–55%（绿色）；高于 55% 不现实（红色）；低于 20% 说明调优不足（琥珀色）。</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Share of each step the pipeline stages wait idle: (p − 1) / (m + p − 1).
Green under 5 %, amber up to 15 %, red beyond: use more micro-batches.</source>
        <translation>每一步中流水线各段空闲等待的比例：(p − 1) / (m + p − 1)。
绿色：5% 以下；琥珀色：15% 以下；红色：更高，应增加微批次数。</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Memory headroom: free memory on the fullest GPU, as a share of its capacity.
Red: it does not fit. Amber: under 10 % left, fragile. Green: room to spare.</source>
        <translation>显存余量：显存最满的 GPU 上的空闲显存占其容量的比例。
红色：放不下。琥珀色：剩余不足 10%，很脆弱。绿色：绰绰有余。</translation>
    </message>
    <message>
        <source>weights %1</source>
        <extracomment>caption under the serving headroom; %1 = this GPU&apos;s weights</extracomment>
        <translation>权重 %1</translation>
    </message>
    <message>
        <source>%1 seq</source>
        <extracomment>largest batch that fits; %1 = sequences</extracomment>
        <translation>%1 条</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>at %1 tokens</source>
        <extracomment>caption under the largest batch; %1 = context in tokens</extracomment>
        <translation>上下文 %1 token</translation>
    </message>
    <message>
        <source>tokens at batch %1</source>
        <extracomment>caption under the longest context; %1 = sequences in the batch</extracomment>
        <translation>批大小 %1 时的 token 数</translation>
    </message>
    <message>
        <source>prefill of %1 tokens</source>
        <extracomment>caption under time to first token; %1 = prompt tokens prefilled for the whole batch</extracomment>
        <translation>prefill %1 个 token</translation>
    </message>
    <message>
        <source>%1 tok/s</source>
        <extracomment>decode speed; %1 = tokens per second
----------
replica throughput; %1 = tokens per second, e.g. &quot;8.86 k&quot;</extracomment>
        <translation>%1 token/s</translation>
    </message>
    <message>
        <source>× %1 replicas = %2 tok/s</source>
        <extracomment>caption under replica throughput; %1 = replicas, %2 = tokens per second of all replicas</extracomment>
        <translation>× %1 个副本 = %2 token/s</translation>
    </message>
    <message>
        <source>a single replica</source>
        <translation>单个副本</translation>
    </message>
    <message>
        <source>Free memory on the fullest GPU once the weights, the KV cache of this batch and the runtime are in.
Red: it does not fit. Amber: under 10 % left. Green: room for more sequences.</source>
        <translation>放入权重、本批次的 KV Cache 和运行时开销后，显存最满的 GPU 上的空闲显存。
红色：放不下。琥珀色：剩余不足 10%。绿色：还能容纳更多序列。</translation>
    </message>
    <message>
        <source>Largest batch</source>
        <translation>最大批大小</translation>
    </message>
    <message>
        <source>The most sequences of this context whose KV cache fits in the memory the weights leave.
Red: fewer than the batch asked for. Amber: less than twice. Green: room to batch more.</source>
        <translation>在权重之外的剩余显存中，能放下 KV Cache 的此上下文长度序列的最大条数。
红色：少于所要求的批大小。琥珀色：不到两倍。绿色：还能加大批次。</translation>
    </message>
    <message>
        <source>Longest context</source>
        <translation>最长上下文</translation>
    </message>
    <message>
        <source>The longest context (prompt + generated) that fits at this batch, by memory alone
(the model&apos;s trained positions may be fewer).</source>
        <translation>在此批大小下仅按显存计算能放下的最长上下文（提示 + 生成）
（模型训练时的位置数可能更少）。</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首 token 延迟</translation>
    </message>
    <message>
        <source>Prefill of the whole batch&apos;s prompts: compute-bound, FLOPs / (GPUs × peak × MFU).
Green under 1 s, amber up to 5 s, red beyond.</source>
        <translation>整个批次提示的 prefill：受算力限制，FLOPs / (GPU 数 × 峰值 × MFU)。
绿色：1 秒以内；琥珀色：5 秒以内；红色：更长。</translation>
    </message>
    <message>
        <source>Decode speed</source>
        <translation>解码速度</translation>
    </message>
    <message>
        <source>Tokens per second each sequence receives: one token per decode step, and a step reads
every weight and the KV cache from memory. Green from 30 tokens/s, red under 10.</source>
        <translation>每条序列每秒得到的 token 数：每个解码步生成一个 token，而每一步都要从显存
读出全部权重和 KV Cache。绿色：30 token/s 以上；红色：低于 10。</translation>
    </message>
    <message>
        <source>Replica throughput</source>
        <translation>副本吞吐量</translation>
    </message>
    <message>
        <source>Tokens per second one model replica (TP × PP GPUs) generates for the whole batch.</source>
        <translation>一个模型副本（TP × PP 张 GPU）为整个批次每秒生成的 token 数。</translation>
    </message>
    <message>
        <source>Decode roofline</source>
        <translation>解码 Roofline</translation>
    </message>
    <message>
        <source>Arithmetic intensity of a decode step (FLOPs per byte read) against the GPU&apos;s ridge point
(peak FLOP/s / memory bandwidth). Left of the ridge the step waits for memory: batch more.</source>
        <translation>解码一步的算术强度（每读取一字节的 FLOPs）与 GPU 脊点
（峰值 FLOP/s / 显存带宽）的对比。在脊点左侧时，这一步在等待显存：应加大批次。</translation>
    </message>
    <message numerus="yes">
        <source>The thin arc inside the dial: where eight in ten of %n similar public runs measured, from %1 to %2 of this estimate (Help ▸ Accuracy).</source>
        <extracomment>a dial&apos;s tooltip, after what it shows; %n = public runs like this one, %1/%2 = the band&apos;s ends relative to the estimate (&quot;−12 %&quot;, &quot;+9 %&quot;)</extracomment>
        <translation>
            <numerusform>表盘内侧的细弧：%n 次类似的公开运行中，十次有八次的实测值落在此处，即本估计的 %1 到 %2（帮助 ▸ 准确度）。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 not training</source>
        <extracomment>caption under goodput; %1 = wall-clock lost to checkpoints, interruptions and restarts</extracomment>
        <translation>%1 未在训练</translation>
    </message>
    <message>
        <source>%1 in the run</source>
        <extracomment>caption under the mean time between interruptions; %1 = interruptions expected over the run</extracomment>
        <translation>整个训练中 %1 次</translation>
    </message>
    <message>
        <source>no interruptions</source>
        <extracomment>caption under the checkpoint interval when nothing interrupts the run</extracomment>
        <translation>无中断</translation>
    </message>
    <message>
        <source>optimal %1 (%2 steps)</source>
        <extracomment>caption under the checkpoint interval; %1 = the optimal interval (Young/Daly), %2 = its steps</extracomment>
        <translation>最优 %1（%2 步）</translation>
    </message>
    <message>
        <source>Wall-clock time to train on all tokens: total FLOPs / (GPUs × peak × MFU),
plus generating the rollouts in RL fine-tuning, divided by the goodput.
Green under a month, amber up to six months, red beyond.</source>
        <translation>训练完全部 token 的墙钟时间：总 FLOPs / (GPU 数 × 峰值 × MFU)，
强化学习微调还要加上生成 rollout 的时间，再除以有效训练率（goodput）。
绿色：一个月以内；琥珀色：六个月以内；红色：更长。</translation>
    </message>
    <message>
        <source>GPU-hours × price per GPU-hour × overhead for evaluation, data and tuning.
Green under $100 k, amber up to $10 M, red beyond.</source>
        <translation>GPU 小时 × 每 GPU 小时单价 × 评测、数据与调参的开销系数。
绿色：10 万美元以内；琥珀色：1000 万美元以内；红色：更多。</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>Share of the run&apos;s wall-clock that trains: the rest is checkpoint stalls, work lost to
interruptions and restarts (Daly&apos;s model). Green from 90 %, amber from 75 %, red below.</source>
        <translation>训练墙钟时间中真正在训练的比例：其余是检查点停顿、因中断而丢失的工作
和重启（Daly 模型）。绿色：90 % 以上；琥珀色：75 % 以上；红色：更低。</translation>
    </message>
    <message>
        <source>Between interruptions</source>
        <translation>平均中断间隔</translation>
    </message>
    <message>
        <source>Mean time between interruptions of the whole job: every GPU and every node can stop it.
Rates from the Llama 3 report (419 in 54 days on 16,384 GPUs: one every 3 hours).
Green above a day, amber above an hour, red below.</source>
        <translation>整个作业两次中断之间的平均时间：任何一块 GPU、任何一个节点都可能让它停下。
中断率取自 Llama 3 报告（16,384 块 GPU 上 54 天 419 次：约每 3 小时一次）。
绿色：一天以上；琥珀色：一小时以上；红色：更短。</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>The interval between checkpoints against the optimal one, √(2·δ·M) refined by Daly.
Green within a factor of two of it, amber within four, red beyond.</source>
        <translation>检查点间隔与最优间隔之比；最优间隔为 √(2·δ·M)，经 Daly 修正。
绿色：相差两倍以内；琥珀色：四倍以内；红色：更多。</translation>
    </message>
    <message>
        <source>%1 per token (%2 per step)</source>
        <extracomment>caption under decode speed with speculative decoding; %1 = time per output token, %2 = tokens per target step</extracomment>
        <translation>每 token %1（每步 %2 个）</translation>
    </message>
</context>
<context>
    <name>GuideDialog</name>
    <message>
        <source>How much memory does full training of a 7B model need?</source>
        <translation>全参训练一个 7B 模型需要多少显存？</translation>
    </message>
    <message>
        <source>Explorer, Training, model “7B (textbook)”: the bracket beside the bar is the 16 bytes per parameter of mixed-precision Adam, 112 GB; activations and buffers stack on top. Click any segment for its formula in the Working panel.</source>
        <translation>显存估算页，训练模式，模型选“7B（教科书）”：柱旁的括号是混合精度 Adam 每参数 16 字节，共 112 GB；激活和缓冲区叠在上面。点击任一段，在“推导”面板中查看它的公式。</translation>
    </message>
    <message>
        <source>ZeRO-1, 2 and 3: how much per GPU on 8 GPUs?</source>
        <translation>ZeRO-1、2、3：8 卡时每卡各多少？</translation>
    </message>
    <message>
        <source>The ZeRO comparison under the chart, one bar per stage (Ctrl+0 … Ctrl+3 switch the scenario). View ▸ Textbook View (Ctrl+T) keeps the four ledgers only: 112 / 38.5 / 26.25 / 14 GB.</source>
        <translation>图下方的 ZeRO 对比，每个阶段一根柱（Ctrl+0 … Ctrl+3 切换场景）。视图 ▸ 教科书视图（Ctrl+T）只保留四本账：112 / 38.5 / 26.25 / 14 GB。</translation>
    </message>
    <message>
        <source>How would you train 70B on 8×A100?</source>
        <translation>70B 模型怎么在 8×A100 上训练？</translation>
    </message>
    <message>
        <source>View ▸ Layout Planner (Ctrl+Shift+P) ranks every valid layout by step time and says why the others are slower; “What to try first” (Ctrl+Shift+A) lists the changes that make it fit.</source>
        <translation>视图 ▸ 布局规划器（Ctrl+Shift+P）按每步时间给所有有效布局排序，并说明其余为何更慢；“先试什么”（Ctrl+Shift+A）列出能放下的改动。</translation>
    </message>
    <message>
        <source>What does activation recomputation trade?</source>
        <translation>激活重计算用什么换什么？</translation>
    </message>
    <message>
        <source>The recomputation comparison beside the ZeRO one (memory), and the step-time dial (about a third more forward compute for full recomputation).</source>
        <translation>ZeRO 对比旁的重计算对比（显存），以及每步时间仪表（完全重计算约多三分之一的前向计算）。</translation>
    </message>
    <message>
        <source>7B GRPO on 8 A100: does it fit?</source>
        <translation>7B 模型 GRPO 在 8 张 A100 上放得下吗？</translation>
    </message>
    <message>
        <source>Fine-tuning mode, RL: GRPO. One bar per phase (training, rollout); View ▸ Colour by Model Role shows the policy, reference and rollout engine apart.</source>
        <translation>微调模式，强化学习选 GRPO。每个阶段（训练、rollout）一根柱；视图 ▸ 按模型角色着色可区分策略模型、参考模型和 rollout 引擎。</translation>
    </message>
    <message>
        <source>How long will training take, and what will it cost (C ≈ 6ND)?</source>
        <translation>训练要多久、花多少钱（C ≈ 6ND）？</translation>
    </message>
    <message>
        <source>The dials over the chart: step time, days and cost; click a dial for its working. The Step dock (Ctrl+Shift+T) draws the pipeline schedule and the memory through one step.</source>
        <translation>图上方的仪表：每步时间、天数和成本；点击仪表查看推导。“一步”面板（Ctrl+Shift+T）画出流水线调度和一步内的显存变化。</translation>
    </message>
    <message>
        <source>FP16 or BF16, and why loss scaling?</source>
        <translation>FP16 还是 BF16？为什么要损失缩放？</translation>
    </message>
    <message>
        <source>View ▸ Number-Format Lab (Ctrl+L): the bits of each format, their range and precision, and the Loss scaling tab.</source>
        <translation>视图 ▸ 数值格式实验室（Ctrl+L）：每种格式的比特位、范围和精度，以及“损失缩放”页。</translation>
    </message>
    <message>
        <source>Serving: how many requests fit in the KV cache?</source>
        <translation>推理：KV Cache 能容纳多少请求？</translation>
    </message>
    <message>
        <source>Inference mode: the bar shows what the batch needs, the engine&apos;s reserved pool hatched on top; the comparisons try other weight formats and KV-cache types.</source>
        <translation>推理模式：柱显示这批请求所需的显存，引擎预留的池以斜线画在上方；对比图尝试其他权重格式和 KV Cache 类型。</translation>
    </message>
    <message>
        <source>Practise the arithmetic</source>
        <translation>练习估算</translation>
    </message>
    <message>
        <source>View ▸ Drills (Ctrl+D): type an estimate, check it (two tries), reveal the derivation step by step. View ▸ Presentation (F5) plays the seed deck full screen for a class.</source>
        <translation>视图 ▸ 练习（Ctrl+D）：输入估算，检查（可试两次），再逐步查看推导。视图 ▸ 演示（F5）全屏播放资料中的算例，供课堂使用。</translation>
    </message>
    <message>
        <source>Guide</source>
        <translation>指南</translation>
    </message>
    <message>
        <source>What each view answers</source>
        <translation>每个视图回答什么</translation>
    </message>
    <message>
        <source>ShardScope answers three questions with its working shown: how much memory per GPU, how long, and what to change. Start from an interview question:</source>
        <translation>ShardScope 回答三个问题并给出推导：每卡多少显存、要多久、该改什么。从一道面试题开始：</translation>
    </message>
    <message>
        <source>Help ▸ Keyboard Shortcuts lists every key.</source>
        <translation>帮助 ▸ 键盘快捷键列出所有按键。</translation>
    </message>
</context>
<context>
    <name>HardwareControls</name>
    <message>
        <source>Hardware &amp;&amp; cost</source>
        <translation>硬件与成本</translation>
    </message>
    <message>
        <source>G&amp;PU</source>
        <translation>GPU(&amp;P)</translation>
    </message>
    <message>
        <source>Custom GPU (from file)</source>
        <translation>自定义 GPU（来自文件）</translation>
    </message>
    <message>
        <source>GPUs per &amp;node</source>
        <translation>每节点 GPU 数(&amp;N)</translation>
    </message>
    <message>
        <source>GPUs joined by NVLink in one server; tensor parallelism should stay inside one.</source>
        <translation>一台服务器内通过 NVLink 相连的 GPU 数；张量并行应限制在一个节点内。</translation>
    </message>
    <message>
        <source>&amp;MFU</source>
        <translation>MFU(&amp;M)</translation>
    </message>
    <message>
        <source> %</source>
        <translation>%</translation>
    </message>
    <message>
        <source>Model FLOPs utilization: the share of peak throughput spent on the model&apos;s maths.
Well-tuned large runs reach 35–55 % (PaLM: 46 %, Llama 3: 38–43 %).</source>
        <translation>模型算力利用率（MFU）：峰值算力中用于模型计算的比例。
调优良好的大规模训练可达 35%–55%（PaLM：46%，Llama 3：38%–43%）。</translation>
    </message>
    <message>
        <source>P&amp;rice per GPU-hour</source>
        <translation>每 GPU 小时单价(&amp;R)</translation>
    </message>
    <message>
        <source>$</source>
        <translation>$</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>used for the prefill (time to first token); decoding is bandwidth-bound</source>
        <translation>用于 prefill（首 token 延迟）；解码受带宽限制</translation>
    </message>
    <message>
        <source>= %1 Gb/s between nodes · %2 GB/s inside a node</source>
        <extracomment>under the network slider; %1 = the same bandwidth in gigabits per second, %2 = GB/s between GPUs of one node (one direction)</extracomment>
        <translation>= 节点间 %1 Gb/s · 节点内 %2 GB/s</translation>
    </message>
    <message>
        <source>Ne&amp;twork per GPU</source>
        <translation>每卡网络带宽(&amp;T)</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Each GPU&apos;s share of the network between nodes, one direction (InfiniBand or Ethernet).
Groups that span nodes communicate at this speed; inside a node they use NVLink or PCIe.
DGX H100: one 400 Gb/s port per GPU = 50 GB/s; DGX A100: 200 Gb/s = 25 GB/s; 10 Gb Ethernet = 1.25 GB/s.</source>
        <translation>每张 GPU 分到的节点间网络带宽，单方向（InfiniBand 或以太网）。
跨节点的并行组按这个速度通信；节点内走 NVLink 或 PCIe。
DGX H100：每卡一个 400 Gb/s 端口 = 50 GB/s；DGX A100：200 Gb/s = 25 GB/s；万兆以太网 = 1.25 GB/s。</translation>
    </message>
    <message>
        <source>GPU presets, grouped by vendor and architecture.
Each entry&apos;s tooltip names its datasheet, and which figures are estimates or unknown (0).</source>
        <translation>GPU 预设，按厂商和架构分组。
每一项的提示注明其数据手册，以及哪些数值是估计值或未知（0）。</translation>
    </message>
    <message>
        <source>%1 · %2 TFLOP/s BF16 dense · %3 TB/s</source>
        <extracomment>GPU summary; %1 = memory (&quot;80 GiB (85.9 GB)&quot;), %2 = BF16 TFLOP/s, %3 = memory bandwidth in TB/s</extracomment>
        <translation>%1 · BF16 稠密 %2 TFLOP/s · %3 TB/s</translation>
    </message>
    <message>
        <source>not given: the step-time model times each step (the MFU dial shows what it gives)</source>
        <translation>未给出：由步时模型估算每一步（MFU 表盘显示其结果）</translation>
    </message>
    <message>
        <source>Step time from the mo&amp;del</source>
        <translation>由模型估算步时(&amp;D)</translation>
    </message>
    <message>
        <source>Time each step from the GEMMs&apos; roofline, attention, the pipeline bubble and the exposed communication
(resources/steptime.json, checked against public measured runs in the README).
Untick to state a measured MFU instead.</source>
        <translation>按 GEMM 的屋顶线、注意力、流水线气泡和未被掩盖的通信估算每一步
（resources/steptime.json，已在 README 中与公开实测对照）。
取消勾选则改为填写实测 MFU。</translation>
    </message>
    <message>
        <source>Other o&amp;verhead</source>
        <translation>其他开销(&amp;V)</translation>
    </message>
    <message>
        <source>Multiplies the cost for what the model does not time: evaluation, data-pipeline stalls, tuning and ablations.
Checkpoints, interruptions and restarts are in the training time already (the goodput dial);
the seed notes&apos; 1.3–1.5 covered those too.</source>
        <translation>为模型没有计时的部分乘在成本上的系数：评测、数据管道停顿、调参与消融实验。
检查点、中断与重启已计入训练时间（见有效训练率表盘）；
参考资料中的 1.3–1.5 也包含了这些。</translation>
    </message>
    <message>
        <source>Checkpoint &amp;interval (steps)</source>
        <translation>检查点间隔（步）(&amp;I)</translation>
    </message>
    <message>
        <source>Optimizer steps between checkpoints (Megatron --save-interval, torchtitan checkpoint.interval; its default is 500).
0: the optimal interval, √(2·δ·M) refined by Daly, for this checkpoint&apos;s stall δ and the mean time between interruptions M.</source>
        <translation>两次检查点之间的优化器步数（Megatron --save-interval，torchtitan checkpoint.interval；后者默认 500）。
0：最优间隔，即 √(2·δ·M) 经 Daly 修正，δ 为本检查点的停顿时间，M 为平均中断间隔。</translation>
    </message>
    <message>
        <source>As&amp;ynchronous checkpoints</source>
        <translation>异步检查点(&amp;Y)</translation>
    </message>
    <message>
        <source>Copy the states to host memory and write them behind the next steps (torchtitan async_mode, Megatron --async-save):
the step stalls only for the copy; an interruption during the write goes back one checkpoint further.</source>
        <translation>先把状态复制到主机内存，在后续训练步的同时写出（torchtitan async_mode，Megatron --async-save）：
训练步只为复制停顿；写出期间发生中断则要退回到再前一个检查点。</translation>
    </message>
    <message>
        <source>your price, not the %1 preset&apos;s: set what you pay</source>
        <extracomment>under the price slider; %1 = the GPU&apos;s name</extracomment>
        <translation>这是您的价格，不是 %1 预设自带的：请填您实际支付的价格</translation>
    </message>
    <message>
        <source>Rental price of one GPU for one hour, in US dollars: yours. The GPU presets carry none (prices differ
by provider, region and month), so it stays as it is when the GPU changes.</source>
        <translation>一张 GPU 租用一小时的价格（美元），由您填写。GPU 预设不带价格（价格随云厂商、地区和月份而变），
所以更换 GPU 时它保持不变。</translation>
    </message>
</context>
<context>
    <name>HfImportDialog</name>
    <message>
        <source>%1 cannot be imported:
%2

The current scenario was not changed.</source>
        <extracomment>%1 = file name, %2 = the errors, one per line, each naming the key</extracomment>
        <translation>%1 无法导入：
%2

当前场景未作任何改动。</translation>
    </message>
    <message>
        <source>Errors: nothing can be imported</source>
        <translation>错误：无法导入任何内容</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; model with &lt;b&gt;%2&lt;/b&gt; parameters (%3)</source>
        <extracomment>%1 = model type (e.g. llama), %2 = exact parameter count, %3 = the same, short (6.74 B)</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt; 模型，共 &lt;b&gt;%2&lt;/b&gt; 个参数（%3）</translation>
    </message>
    <message>
        <source>%1 layers · hidden size %2 · FFN %3 · %4 attention heads · %5 KV heads · vocabulary %6</source>
        <extracomment>architecture summary; %1 = layers, %2 = hidden size, %3 = FFN size, %4 = attention heads, %5 = KV heads, %6 = vocabulary</extracomment>
        <translation>%1 层 · 隐藏维度 %2 · FFN %3 · %4 个注意力头 · %5 个 KV 头 · 词表 %6</translation>
    </message>
    <message>
        <source>Mixture of experts: %1 experts, %2 per token, %3 shared</source>
        <extracomment>%1 = routed experts, %2 = experts per token, %3 = shared experts</extracomment>
        <translation>混合专家（MoE）：%1 个专家，每个 token 激活 %2 个，%3 个共享专家</translation>
    </message>
    <message>
        <source>Multi-head latent attention: KV compressed to %1</source>
        <extracomment>%1 = compressed KV dimension (kv_lora_rank)</extracomment>
        <translation>多头潜在注意力（MLA）：KV 压缩到 %1 维</translation>
    </message>
    <message>
        <source>Pre-quantized weights: %1 (used for serving)</source>
        <extracomment>%1 = weight format such as INT4</extracomment>
        <translation>预量化权重：%1（用于推理）</translation>
    </message>
    <message numerus="yes">
        <source>Used (%n)</source>
        <extracomment>%n = number of keys</extracomment>
        <translation>
            <numerusform>已采用（%n 个）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ignored: no effect on memory (%n)</source>
        <extracomment>keys such as rope_theta or token ids; %n = number of keys</extracomment>
        <translation>
            <numerusform>已忽略：不影响显存（%n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>Applying replaces the model; the rest of the scenario stays as it is.</source>
        <translation>应用后将替换模型；场景的其余设置保持不变。</translation>
    </message>
    <message>
        <source>The current scenario was not changed.</source>
        <translation>当前场景未作任何改动。</translation>
    </message>
    <message>
        <source>Import %1</source>
        <extracomment>dialog title; %1 = file name</extracomment>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>%1 describes this model. Apply it to the scenario?</source>
        <extracomment>%1 = file name</extracomment>
        <translation>%1 描述了下面这个模型。要应用到场景中吗？</translation>
    </message>
    <message>
        <source>%1 cannot be imported.</source>
        <translation>%1 无法导入。</translation>
    </message>
    <message>
        <source>&amp;Apply to Scenario</source>
        <translation>应用到场景(&amp;A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Remarks</source>
        <translation>说明</translation>
    </message>
    <message numerus="yes">
        <source>Not understood, left out (%n)</source>
        <extracomment>keys the importer does not know (they are left out); %n = number of keys</extracomment>
        <translation>
            <numerusform>无法识别，已略过（%n 个）</numerusform>
        </translation>
    </message>
    <message>
        <source>Attention: a window of %1 tokens on %2 of every %3 layers; %4 layers attend to the whole context</source>
        <extracomment>%1 = window in tokens, %2 = windowed layers per period, %3 = the period, %4 = layers that see the whole context</extracomment>
        <translation>注意力：每 %3 层中有 %2 层使用 %1 token 的滑动窗口；%4 层看到完整上下文</translation>
    </message>
    <message>
        <source>Attention: a window of %1 tokens on every layer</source>
        <extracomment>%1 = window in tokens</extracomment>
        <translation>注意力：每一层都使用 %1 token 的滑动窗口</translation>
    </message>
    <message>
        <source>Attention: every layer attends to the whole context</source>
        <translation>注意力：每一层都看到完整上下文</translation>
    </message>
    <message>
        <source>Not in the file, taken from the %1 defaults of transformers: %2</source>
        <extracomment>%1 = model type, %2 = keys</extracomment>
        <translation>文件中没有、取自 transformers 中 %1 默认值的键：%2</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>name of a model imported from a config.json without a name; %1 = its model_type (llama, qwen2, …), %2 = its counted parameters</extracomment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Vision tower: %1 layers of width %2, %3 tokens per image</source>
        <translation>视觉塔：%1 层，宽度 %2，每张图像 %3 个词元</translation>
    </message>
    <message>
        <source>Read but not expressed, estimated without them: %1</source>
        <translation>已读取但无法表达，估算时未计入：%1</translation>
    </message>
</context>
<context>
    <name>ImportReportDialog</name>
    <message numerus="yes">
        <source>and %n more</source>
        <extracomment>after a list cut short; %n = how many more</extracomment>
        <translation>
            <numerusform>另有 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cannot be imported:
%2

The current scenario was not changed.</source>
        <extracomment>%1 = file name, %2 = the errors, one per line</extracomment>
        <translation>%1 无法导入：
%2

当前场景未作任何改动。</translation>
    </message>
    <message>
        <source>Errors: nothing can be applied</source>
        <translation>错误：无法应用任何内容</translation>
    </message>
    <message>
        <source>%1 GPUs · TP %2 · PP %3 · CP %4 · DP %5</source>
        <extracomment>the imported layout; %1 = GPUs, %2 = TP, %3 = PP, %4 = CP, %5 = DP</extracomment>
        <translation>%1 块 GPU · TP %2 · PP %3 · CP %4 · DP %5</translation>
    </message>
    <message>
        <source>Remarks</source>
        <translation>说明</translation>
    </message>
    <message numerus="yes">
        <source>Not expressible (%n)</source>
        <extracomment>settings the scenario cannot hold; %n = how many</extracomment>
        <translation>
            <numerusform>无法表达（%n 项）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Used (%n)</source>
        <extracomment>%n = number of settings</extracomment>
        <translation>
            <numerusform>已采用（%n 项）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ignored (%n)</source>
        <extracomment>%n = number of settings</extracomment>
        <translation>
            <numerusform>已忽略（%n 项）</numerusform>
        </translation>
    </message>
    <message>
        <source>Not in the file</source>
        <extracomment>%1 = field labels such as &quot;GPU, Training tokens&quot;</extracomment>
        <translation>文件中未给出</translation>
    </message>
    <message>
        <source>taken from the current scenario: %1</source>
        <translation>沿用当前场景的值：%1</translation>
    </message>
    <message>
        <source>Applying replaces the scenario with the file&apos;s, keeping its GPU and runtime assumptions.</source>
        <translation>应用后以文件中的设置替换场景，GPU 与运行时假设保持不变。</translation>
    </message>
    <message>
        <source>The current scenario was not changed.</source>
        <translation>当前场景未作任何改动。</translation>
    </message>
    <message>
        <source>Import %1</source>
        <extracomment>dialog title; %1 = file name</extracomment>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>%1 describes this scenario. Apply it?</source>
        <extracomment>%1 = file name</extracomment>
        <translation>%1 描述了这个场景。要应用吗？</translation>
    </message>
    <message>
        <source>%1 cannot be imported.</source>
        <translation>%1 无法导入。</translation>
    </message>
    <message>
        <source>&amp;Apply to Scenario</source>
        <translation>应用到场景(&amp;A)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Read as &lt;b&gt;%1&lt;/b&gt;: %2, %3 parameters</source>
        <extracomment>%1 = framework, %2 = model name, %3 = its parameter count (8.03 B)</extracomment>
        <translation>按 &lt;b&gt;%1&lt;/b&gt; 读取：%2，%3 个参数</translation>
    </message>
</context>
<context>
    <name>ImportText</name>
    <message>
        <source>sets the scenario&apos;s value</source>
        <translation>设定场景中的值</translation>
    </message>
    <message>
        <source>names the model</source>
        <translation>指定模型</translation>
    </message>
    <message>
        <source>sets the number of GPUs</source>
        <translation>设定 GPU 数量</translation>
    </message>
    <message>
        <source>changes neither memory nor step time (learning rate, data, paths, logging)</source>
        <translation>不影响显存和步时（学习率、数据、路径、日志）</translation>
    </message>
    <message>
        <source>not a setting ShardScope knows in this format</source>
        <translation>ShardScope 不认识的此格式设置</translation>
    </message>
    <message>
        <source>given again later: the last one counts</source>
        <translation>后面又给出了一次：以最后一次为准</translation>
    </message>
    <message>
        <source>in shell the reader does not run (a loop, a function, a branch it cannot decide, $(…))</source>
        <translation>位于读取器不执行的 shell 代码中（循环、函数、无法判定的分支、$(…)）</translation>
    </message>
    <message>
        <source>not a value this setting takes</source>
        <translation>不是此设置接受的值</translation>
    </message>
    <message>
        <source>a mechanism the estimate does not model</source>
        <translation>估算未建模的机制</translation>
    </message>
    <message>
        <source>no exact equivalent: the nearest setting is used</source>
        <translation>没有完全对应的设置：采用最接近的设置</translation>
    </message>
</context>
<context>
    <name>InferenceControls</name>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>per channel (one scale per row)</source>
        <translation>按通道（每行一个缩放因子）</translation>
    </message>
    <message>
        <source>Only INT8 and INT4 weights keep a scale per group of values; NF4 uses blocks of 64.</source>
        <translation>只有 INT8 和 INT4 权重按组保存缩放因子；NF4 使用 64 个值一块。</translation>
    </message>
    <message>
        <source>Values that share one scale: smaller groups are more accurate and cost more bits.</source>
        <translation>共享一个缩放因子的值的个数：分组越小越精确，但占用的位数越多。</translation>
    </message>
    <message>
        <source>The type each group&apos;s scale is stored in (fp16: 16 bits per group).</source>
        <translation>每组缩放因子的存储类型（FP16：每组 16 位）。</translation>
    </message>
    <message>
        <source>context %1 tokens (the model knows %2)</source>
        <extracomment>under generated tokens; %1 = prompt + generated, %2 = the model&apos;s trained positions</extracomment>
        <translation>上下文 %1 个 token（模型训练长度为 %2）</translation>
    </message>
    <message>
        <source>context %1 tokens</source>
        <extracomment>under generated tokens; %1 = prompt + generated</extracomment>
        <translation>上下文 %1 个 token</translation>
    </message>
    <message>
        <source>%1 bits per weight with scales · %2 of weights per GPU</source>
        <extracomment>under the weight format; %1 = bits per weight incl. scales, %2 = weights on the fullest GPU</extracomment>
        <translation>含缩放因子每个权重 %1 位 · 每卡权重 %2</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>FP32 (32 bits)</source>
        <translation>FP32（32 位）</translation>
    </message>
    <message>
        <source>BF16 (16 bits)</source>
        <translation>BF16（16 位）</translation>
    </message>
    <message>
        <source>FP16 (16 bits)</source>
        <translation>FP16（16 位）</translation>
    </message>
    <message>
        <source>FP8 (8 bits)</source>
        <translation>FP8（8 位）</translation>
    </message>
    <message>
        <source>INT8 + group scales</source>
        <translation>INT8 + 分组缩放</translation>
    </message>
    <message>
        <source>INT4 + group scales (GPTQ, AWQ)</source>
        <translation>INT4 + 分组缩放（GPTQ、AWQ）</translation>
    </message>
    <message>
        <source>NF4 (bitsandbytes)</source>
        <translation>NF4（bitsandbytes）</translation>
    </message>
    <message>
        <source>How the served weights are stored. INT8/INT4 add one scale per group of values;
the embedding and output layer stay 16-bit, as serving stacks keep them.</source>
        <translation>推理时权重的存储方式。INT8/INT4 每组值另加一个缩放因子；
嵌入层和输出层保持 16 位，与常见推理框架一致。</translation>
    </message>
    <message>
        <source>&amp;Group size</source>
        <translation>分组大小(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Scale type</source>
        <translation>缩放因子类型(&amp;S)</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>E8M0 (power of two, MX)</source>
        <translation>E8M0（2 的幂，MX）</translation>
    </message>
    <message>
        <source>&amp;KV cache</source>
        <translation>KV Cache(&amp;K)</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>The type of the cached keys and values: FP8 or INT8 halve the cache of a 16-bit one.</source>
        <translation>缓存的 K 和 V 的类型：FP8 或 INT8 可让 KV Cache 比 16 位减半。</translation>
    </message>
    <message>
        <source>&amp;Paged blocks</source>
        <translation>分页块(&amp;P)</translation>
    </message>
    <message>
        <source>contiguous (no paging)</source>
        <extracomment>paged KV-cache block size; %1 = tokens per block</extracomment>
        <translation>连续存放（不分页）</translation>
    </message>
    <message>
        <source>%1 tokens per block</source>
        <translation>每块 %1 个 token</translation>
    </message>
    <message>
        <source>vLLM&apos;s PagedAttention allocates the cache in blocks (16 tokens by default): a sequence&apos;s last block
is rounded up.</source>
        <translation>vLLM 的 PagedAttention 按块分配 KV Cache（默认每块 16 个 token）：
每条序列的最后一块向上取整。</translation>
    </message>
    <message>
        <source>&amp;Batch</source>
        <translation>批大小(&amp;B)</translation>
    </message>
    <message>
        <source> seq</source>
        <translation> 条</translation>
    </message>
    <message>
        <source>Sequences served at once by one model replica (TP × PP GPUs). The KV cache grows with it;
the weights are read once per step for all of them.</source>
        <translation>一个模型副本（TP × PP 张 GPU）同时服务的序列数。KV Cache 随之增长；
每一步对所有序列只读取一次权重。</translation>
    </message>
    <message>
        <source>P&amp;rompt</source>
        <translation>提示长度(&amp;R)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>Tokens of each prompt: the prefill computes them all at once (time to first token).</source>
        <translation>每条提示的 token 数：prefill 会一次性算完它们（决定首 token 延迟）。</translation>
    </message>
    <message>
        <source>Ge&amp;nerated</source>
        <translation>生成长度(&amp;N)</translation>
    </message>
    <message>
        <source>Tokens generated per sequence, one decode step each. The cache holds prompt + generated tokens.</source>
        <translation>每条序列生成的 token 数，每个需要一个解码步。KV Cache 保存提示 + 生成的 token。</translation>
    </message>
    <message>
        <source>%1 tokens per target step · %2 per token · drafter %3 per GPU</source>
        <extracomment>under the acceptance rate; %1 = tokens per target step, %2 = time per output token, %3 = the drafter&apos;s weights per GPU</extracomment>
        <translation>每次目标步骤 %1 个 token · 每 token %2 · 草稿器每卡 %3</translation>
    </message>
    <message>
        <source>prefill computes %1 tokens per prompt</source>
        <extracomment>under the prefix cache hit rate; %1 = prompt tokens each request still computes</extracomment>
        <translation>预填充每个提示计算 %1 个 token</translation>
    </message>
    <message>
        <source>Spec&amp;ulative decoding</source>
        <translation>推测解码(&amp;U)</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>draft model</source>
        <translation>草稿模型</translation>
    </message>
    <message>
        <source>EAGLE head</source>
        <translation>EAGLE 头</translation>
    </message>
    <message>
        <source>MTP layers of the model</source>
        <translation>模型自带的 MTP 层</translation>
    </message>
    <message>
        <source>A drafter proposes k tokens, the model checks them in one step and keeps the accepted ones
(Leviathan et al. 2023). EAGLE and MTP share the model&apos;s embedding and output head.</source>
        <translation>草稿器提出 k 个 token，模型在一步内验证并保留被接受的部分
（Leviathan 等，2023）。EAGLE 和 MTP 共享模型的嵌入层和输出头。</translation>
    </message>
    <message>
        <source>Draft &amp;tokens (k)</source>
        <translation>草稿 token 数 k(&amp;T)</translation>
    </message>
    <message>
        <source>Tokens the drafter proposes per step (vLLM num_speculative_tokens): the model verifies k + 1 per sequence.</source>
        <translation>草稿器每步提出的 token 数（vLLM num_speculative_tokens）：模型对每个序列验证 k + 1 个。</translation>
    </message>
    <message>
        <source>&amp;Acceptance rate (α)</source>
        <translation>接受率 α(&amp;A)</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>Chance that each draft token is accepted: a step yields (1 − α^(k+1)) / (1 − α) tokens.
75 % is T5-XXL with a T5-small draft (Leviathan et al. 2023, Table 3); measure your own
(vLLM&apos;s spec-decode metrics) — it depends on the drafter, the task and the temperature.</source>
        <translation>每个草稿 token 被接受的概率：一步产出 (1 − α^(k+1)) / (1 − α) 个 token。
75 % 来自 T5-XXL 配 T5-small 草稿模型（Leviathan 等，2023，表 3）；请测量你自己的
（vLLM 的推测解码指标）——它取决于草稿器、任务和温度。</translation>
    </message>
    <message>
        <source>Draft &amp;model</source>
        <translation>草稿模型(&amp;M)</translation>
    </message>
    <message>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <source>The draft model&apos;s parameters, shaped as the model-size slider&apos;s family (Llama-3-style).</source>
        <translation>草稿模型的参数量，形状取自模型规模滑块的同一族（Llama-3 风格）。</translation>
    </message>
    <message>
        <source>Prefi&amp;x cache hits</source>
        <translation>前缀缓存命中(&amp;X)</translation>
    </message>
    <message>
        <source>Share of each prompt already in the engine&apos;s prefix cache (vLLM automatic prefix caching,
SGLang RadixAttention): prefill computes only the rest. The cache is the KV pool&apos;s own blocks.</source>
        <translation>每个提示中已在引擎前缀缓存里的比例（vLLM 自动前缀缓存、
SGLang RadixAttention）：预填充只计算其余部分。缓存就是 KV 池自己的块。</translation>
    </message>
</context>
<context>
    <name>IssueText</name>
    <message>
        <source>must be at least 1, got %1</source>
        <extracomment>%1 = the value given</extracomment>
        <translation>至少应为 1，实际为 %1</translation>
    </message>
    <message>
        <source>must not be negative, got %1</source>
        <extracomment>%1 = the value given</extracomment>
        <translation>不能为负数，实际为 %1</translation>
    </message>
    <message>
        <source>must be between %1 and %2, got %3</source>
        <extracomment>%1 = minimum, %2 = maximum, %3 = the value given</extracomment>
        <translation>应在 %1 到 %2 之间，实际为 %3</translation>
    </message>
    <message>
        <source>TP × PP × CP = %1 does not divide the %2 GPUs, so no whole data-parallel degree exists</source>
        <extracomment>%1 = TP × PP × CP, %2 = number of GPUs</extracomment>
        <translation>TP × PP × CP = %1 不能整除 %2 张 GPU，因此得不到整数的数据并行度</translation>
    </message>
    <message>
        <source>TP = %1 does not divide the %2 attention heads</source>
        <extracomment>%1 = TP, %2 = attention heads</extracomment>
        <translation>TP = %1 不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>%1 KV heads do not divide the %2 attention heads</source>
        <extracomment>%1 = KV heads, %2 = attention heads</extracomment>
        <translation>%1 个 KV 头不能整除 %2 个注意力头</translation>
    </message>
    <message>
        <source>PP = %1 stages for only %2 layers: some stages would be empty</source>
        <extracomment>%1 = PP, %2 = layers</extracomment>
        <translation>PP = %1 段，但只有 %2 层：有些段会是空的</translation>
    </message>
    <message>
        <source>%1 virtual stages need pipeline parallelism (PP &gt; 1)</source>
        <extracomment>%1 = virtual stages</extracomment>
        <translation>%1 个虚拟段需要流水线并行（PP &gt; 1）</translation>
    </message>
    <message>
        <source>CP = %1 does not divide the sequence length %2</source>
        <extracomment>%1 = CP, %2 = sequence length</extracomment>
        <translation>CP = %1 不能整除序列长度 %2</translation>
    </message>
    <message>
        <source>global batch %1 is not a multiple of micro-batch × DP = %2</source>
        <extracomment>%1 = global batch, %2 = micro-batch × DP</extracomment>
        <translation>全局批大小 %1 不是 微批次 × DP = %2 的整数倍</translation>
    </message>
    <message>
        <source>offloading parameters needs ZeRO stage 3 (stage is %1)</source>
        <extracomment>%1 = ZeRO stage</extracomment>
        <translation>卸载参数需要 ZeRO-3（当前为阶段 %1）</translation>
    </message>
    <message>
        <source>offloading the optimizer needs ZeRO stage 1, 2 or 3</source>
        <translation>卸载优化器状态需要 ZeRO 阶段 1、2 或 3</translation>
    </message>
    <message>
        <source>the optimizer step in backward frees each gradient as soon as it is made, so it cannot accumulate %1 micro-batches per step (torchtune refuses it): set the global batch to micro-batch × DP, or turn the step in backward off</source>
        <extracomment>%1 = micro-batches per step (gradient accumulation steps)</extracomment>
        <translation>融入反向传播的优化器步骤在每个梯度生成后立即将其释放，因此无法在每步累积 %1 个微批次（torchtune 拒绝此组合）：请将全局批大小设为 微批次 × DP，或关闭优化器步骤融入反向传播</translation>
    </message>
    <message>
        <source>the GPU has no memory size</source>
        <translation>该 GPU 没有显存容量数据</translation>
    </message>
    <message>
        <source>the GPU has no peak throughput for this precision</source>
        <translation>该 GPU 没有此精度下的峰值算力数据</translation>
    </message>
    <message>
        <source>TP = %1 spans more than one node of %2 GPUs: its all-reduces leave NVLink</source>
        <extracomment>%1 = TP, %2 = GPUs per node</extracomment>
        <translation>TP = %1 跨越了不止一个 %2 卡节点：其 all-reduce 将离开 NVLink</translation>
    </message>
    <message>
        <source>only %1 micro-batches per step for %2 pipeline stages: the bubble dominates</source>
        <extracomment>%1 = micro-batches per step, %2 = PP</extracomment>
        <translation>每步只有 %1 个微批次，却有 %2 个流水线段：气泡占主导</translation>
    </message>
    <message>
        <source>sequence %1 is not a multiple of 2 × CP = %2: causal load balancing is uneven</source>
        <extracomment>%1 = sequence length, %2 = 2 × CP</extracomment>
        <translation>序列长度 %1 不是 2 × CP = %2 的整数倍：因果负载均衡不均匀</translation>
    </message>
    <message>
        <source>rank group %1 needs %2 per GPU but has %3</source>
        <extracomment>%1 = rank group number, %2 = memory needed, %3 = capacity</extracomment>
        <translation>rank 组 %1 每卡需要 %2，但只有 %3</translation>
    </message>
    <message>
        <source>MFU %1 % is above what large training runs reach (35–55 %)</source>
        <extracomment>%1 = MFU in percent</extracomment>
        <translation>MFU %1% 高于大规模训练能达到的水平（35%–55%）</translation>
    </message>
    <message>
        <source>no training tokens: time and cost are zero</source>
        <translation>没有训练 token：时间和成本为零</translation>
    </message>
    <message>
        <source>sequence length %1 exceeds the model&apos;s %2 positions</source>
        <extracomment>%1 = sequence length, %2 = the model&apos;s positions</extracomment>
        <translation>序列长度 %1 超过了模型的 %2 个位置</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%1 = the setting, %2 = what is wrong with it</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a finite number</source>
        <translation>有限数值</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>“true”或“false”</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>null</source>
        <translation>空值（null）</translation>
    </message>
    <message>
        <source>a JSON object</source>
        <translation>JSON 对象</translation>
    </message>
    <message>
        <source>a model section with a preset, an architecture or a parameter count</source>
        <translation>含预设、结构或参数量的 model 段</translation>
    </message>
    <message>
        <source>a preset, an architecture (num_layers, hidden_size, …) or parameters</source>
        <translation>预设、结构（num_layers、hidden_size 等）或 parameters</translation>
    </message>
    <message>
        <source>an array such as [&quot;q&quot;, &quot;k&quot;, &quot;v&quot;, &quot;o&quot;]</source>
        <translation>形如 [&quot;q&quot;, &quot;k&quot;, &quot;v&quot;, &quot;o&quot;] 的数组</translation>
    </message>
    <message>
        <source>a GPU preset id or an object</source>
        <translation>GPU 预设 id 或对象</translation>
    </message>
    <message>
        <source>an object of TFLOP/s by dtype</source>
        <translation>按数据类型给出 TFLOP/s 的对象</translation>
    </message>
    <message>
        <source>missing: the model&apos;s size cannot be known without it</source>
        <translation>缺失：没有它就无法得知模型大小</translation>
    </message>
    <message>
        <source>missing: a scenario file starts with &quot;schema_version&quot;: 1</source>
        <translation>缺失：场景文件应以 &quot;schema_version&quot;: 1 开头</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <extracomment>%1 = what was expected, %2 = what the file has (e.g. &quot;a whole number&quot;, &quot;a string&quot;)</extracomment>
        <translation>应为%1，实际为%2</translation>
    </message>
    <message>
        <source>expected %1</source>
        <extracomment>%1 = what was expected, e.g. &quot;a whole number&quot;</extracomment>
        <translation>应为%1</translation>
    </message>
    <message>
        <source>expected a whole number, got %1</source>
        <extracomment>%1 = the value given</extracomment>
        <translation>应为整数，实际为 %1</translation>
    </message>
    <message>
        <source>only the main model is counted, not its multi-token-prediction module</source>
        <translation>只计入主模型，不含多 token 预测（MTP）模块</translation>
    </message>
    <message>
        <source>unknown key, ignored</source>
        <translation>未知的键，已忽略</translation>
    </message>
    <message>
        <source>top-k = %1 routes each token to more experts than the %2 there are</source>
        <extracomment>%1 = experts per token, %2 = experts</extracomment>
        <translation>top-k = %1 让每个 token 路由到的专家数超过了总共的 %2 个</translation>
    </message>
    <message>
        <source>EP = %1 does not divide the %2 experts</source>
        <extracomment>%1 = EP, %2 = experts</extracomment>
        <translation>EP = %1 不能整除 %2 个专家</translation>
    </message>
    <message>
        <source>PP × EP × expert TP = %1 does not divide the %2 GPUs, so no whole expert-data-parallel degree exists</source>
        <extracomment>%1 = PP × EP × expert TP, %2 = GPUs</extracomment>
        <translation>PP × EP × 专家 TP = %1 不能整除 %2 张 GPU，因此得不到整数的专家数据并行度</translation>
    </message>
    <message>
        <source>TP = %1 neither divides the %2 KV heads nor is a multiple of them</source>
        <extracomment>%1 = TP, %2 = KV heads</extracomment>
        <translation>TP = %1 既不能整除 %2 个 KV 头，也不是它的整数倍</translation>
    </message>
    <message>
        <source>%1 KV heads over TP = %2: each rank keeps a copy of one KV head (the cache does not shrink with TP)</source>
        <extracomment>%1 = KV heads, %2 = TP</extracomment>
        <translation>%1 个 KV 头分到 TP = %2：每个 rank 各保留一个 KV 头的副本（KV Cache 不随 TP 缩小）</translation>
    </message>
    <message>
        <source>EP = %1 has no effect on a dense model</source>
        <extracomment>%1 = EP</extracomment>
        <translation>EP = %1 对稠密模型不起作用</translation>
    </message>
    <message>
        <source>context parallelism is not modelled for serving; CP is ignored</source>
        <translation>推理服务不建模上下文并行；忽略 CP</translation>
    </message>
    <message>
        <source>the rollout engine reserves %1 per GPU, less than its own weights (%2): no room for a KV cache</source>
        <extracomment>%1 = memory the rollout engine reserves, %2 = its weights</extracomment>
        <translation>Rollout 引擎每卡预留 %1，比它自己的权重（%2）还少：没有空间放 KV Cache</translation>
    </message>
    <message>
        <source>training sequence %1 is shorter than prompt + new tokens = %2: responses would be truncated</source>
        <extracomment>%1 = training sequence length, %2 = prompt + new tokens</extracomment>
        <translation>训练序列长度 %1 短于 提示 + 新生成 token = %2：回答会被截断</translation>
    </message>
    <message>
        <source>data-parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>tensor-parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>pipeline</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>context-parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>expert-parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>the %1 communication takes %2 per step, longer than the %3 of computation: overlap cannot hide it, so training is slower than the MFU says (faster links, or keep this group inside a node)</source>
        <extracomment>%1 = a parallel dimension (&quot;data-parallel&quot;), %2 = its communication seconds per step, %3 = computation seconds per step</extracomment>
        <translation>%1通信每步需要 %2，比 %3 的计算还长：重叠也掩盖不了，训练会比 MFU 估计的慢（换更快的网络，或把这个并行组放在一个节点内）</translation>
    </message>
    <message>
        <source>the GPU has no bandwidth for the link the %1 group uses: its communication time is not estimated</source>
        <extracomment>%1 = a parallel dimension (&quot;data-parallel&quot;)</extracomment>
        <translation>这款 GPU 没有给出%1组所用链路的带宽：不估计其通信时间</translation>
    </message>
    <message>
        <source>%1 is beyond what ShardScope accepts (at most %2)</source>
        <extracomment>%1 = the value given, %2 = the largest accepted value</extracomment>
        <translation>%1 超出了 ShardScope 能接受的范围（最多 %2）</translation>
    </message>
    <message>
        <source>TP = %1 does not divide the %2 KV heads (query groups); Megatron requires it for training</source>
        <extracomment>%1 = TP, %2 = KV heads</extracomment>
        <translation>TP = %1 不能整除 %2 个 KV 头（查询组）；Megatron 训练要求整除</translation>
    </message>
    <message>
        <source>hidden size %1 is not a multiple of the %2 heads (set model.head_dim to override)</source>
        <extracomment>%1 = hidden size, %2 = attention heads; model.head_dim is a key, not translated</extracomment>
        <translation>隐藏维度 %1 不是头数 %2 的整数倍（可设置 model.head_dim 覆盖）</translation>
    </message>
    <message>
        <source>PP × virtual stages = %1 does not divide the %2 layers (set the first/last stage&apos;s layers or count the embedding and loss as layers for uneven chunks)</source>
        <extracomment>%1 = PP × virtual stages, %2 = layers</extracomment>
        <translation>PP × 虚拟段数 = %1 不能整除 %2 层（如需不等大的块，请设置首/末段的层数，或将嵌入层和损失计为层）</translation>
    </message>
    <message>
        <source>quantization group of %1 values is larger than a weight row (%2 values)</source>
        <extracomment>%1 = group size, %2 = row length</extracomment>
        <translation>量化分组 %1 个值，大于一行权重（%2 个值）</translation>
    </message>
    <message>
        <source>this framework has no ZeRO stage %1 (FSDP2: 0 no shard, 2 shard grad-op, 3 full shard; DDP: 0, or 1 with ZeroRedundancyOptimizer)</source>
        <extracomment>%1 = ZeRO stage</extracomment>
        <translation>此框架没有 ZeRO 阶段 %1（FSDP2：0 不分片、2 SHARD_GRAD_OP、3 FULL_SHARD；DDP：0，或配合 ZeroRedundancyOptimizer 的 1）</translation>
    </message>
    <message>
        <source>first stage %1 + last stage %2 layers leave no whole split of the %3 layers over the other stages (each needs at least one)</source>
        <extracomment>%1 = layers on the first stage, %2 = on the last, %3 = layers of the model</extracomment>
        <translation>首段 %1 层 + 末段 %2 层之后，%3 层无法整数地分给其余各段（每段至少一层）</translation>
    </message>
    <message>
        <source>no preset named &apos;%1&apos;</source>
        <extracomment>%1 = the preset id given</extracomment>
        <translation>没有名为“%1”的预设</translation>
    </message>
    <message>
        <source>no preset named &apos;%1&apos; (did you mean &apos;%2&apos;?)</source>
        <extracomment>%1 = the preset id given, %2 = the preset probably meant</extracomment>
        <translation>没有名为“%1”的预设（是否想写“%2”？）</translation>
    </message>
    <message>
        <source>expected one of %1, got &apos;%2&apos;</source>
        <extracomment>%1 = the accepted values (keywords, not translated), %2 = the value given</extracomment>
        <translation>应为以下之一：%1，实际为“%2”</translation>
    </message>
    <message>
        <source>expected one of %1, got &apos;%2&apos; (did you mean &apos;%3&apos;?)</source>
        <extracomment>%1 = the accepted values (keywords, not translated), %2 = the value given, %3 = the value probably meant</extracomment>
        <translation>应为以下之一：%1，实际为“%2”（是否想写“%3”？）</translation>
    </message>
    <message>
        <source>expected section.key=value, got &apos;%1&apos;</source>
        <extracomment>%1 = the --set argument</extracomment>
        <translation>应为 section.key=value，实际为“%1”</translation>
    </message>
    <message>
        <source>no such key</source>
        <translation>没有这个键</translation>
    </message>
    <message>
        <source>no such key (did you mean &apos;%1&apos;?)</source>
        <extracomment>%1 = the key probably meant</extracomment>
        <translation>没有这个键（是否想写“%1”？）</translation>
    </message>
    <message>
        <source>%1 layers do not split evenly over %2 stages: %3 middle stages get one extra layer (set parallel.first_stage_layers / last_stage_layers to choose)</source>
        <extracomment>%1 = layers, %2 = PP, %3 = stages with one extra layer; the keys are not translated</extracomment>
        <translation>%1 层无法均分到 %2 段：中间的 %3 段各多一层（可用 parallel.first_stage_layers / last_stage_layers 指定）</translation>
    </message>
    <message>
        <source>sequence parallelism has no effect without tensor parallelism (TP = 1)</source>
        <translation>没有张量并行时（TP = 1），序列并行不起作用</translation>
    </message>
    <message>
        <source>%1 micro-batches is not a multiple of PP = %2, which Megatron&apos;s interleaved schedule expects</source>
        <extracomment>%1 = micro-batches, %2 = PP</extracomment>
        <translation>%1 个微批次不是 PP = %2 的整数倍，而 Megatron 的交错式调度要求如此</translation>
    </message>
    <message>
        <source>this GPU has no BF16 tensor cores: FP16 peak used (needs loss scaling)</source>
        <translation>该 GPU 没有 BF16 Tensor Core：改用 FP16 峰值（需要损失缩放）</translation>
    </message>
    <message>
        <source>this GPU has no FP8 tensor cores: BF16 peak used</source>
        <translation>该 GPU 没有 FP8 Tensor Core：改用 BF16 峰值</translation>
    </message>
    <message>
        <source>context parallelism without FlashAttention: the s/c × s score blocks are counted in full</source>
        <translation>不开 FlashAttention 的上下文并行：s/c × s 的注意力分数块全部计入</translation>
    </message>
    <message>
        <source>only a parameter count is known: activations use the family shape h = %1, L = %2 and FLOPs use 6·N per token</source>
        <extracomment>%1 = hidden size, %2 = layers of the assumed shape</extracomment>
        <translation>只知道参数量：激活按同族结构 h = %1、L = %2 估算，FLOPs 按每 token 6·N 计算</translation>
    </message>
    <message>
        <source>the given %1 parameters differ from the %2 the architecture has; the architecture&apos;s count is used</source>
        <extracomment>%1 = given parameters, %2 = counted parameters</extracomment>
        <translation>给定的参数量 %1 与结构算出的 %2 不一致；采用结构算出的数量</translation>
    </message>
    <message>
        <source>overhead factor %1 is below 1: it would make the job cheaper than its compute</source>
        <extracomment>%1 = overhead factor</extracomment>
        <translation>开销系数 %1 小于 1：这会让任务比其计算本身还便宜</translation>
    </message>
    <message>
        <source>context %1 tokens is longer than the model&apos;s %2 positions: quality is not guaranteed</source>
        <extracomment>%1 = context length, %2 = the model&apos;s positions</extracomment>
        <translation>%1 个 token 的上下文超过了模型的 %2 个位置：无法保证质量</translation>
    </message>
    <message>
        <source>the rollout batch needs %1 of KV cache per GPU but the engine reserves %2: it will run fewer sequences at once (or preempt)</source>
        <extracomment>%1 = KV cache needed, %2 = KV cache reserved</extracomment>
        <translation>Rollout 批次每卡需要 %1 的 KV Cache，但引擎只预留了 %2：同时运行的序列会更少（或被抢占）</translation>
    </message>
    <message>
        <source>stage %1: this batch needs %2 of KV cache per GPU but the engine&apos;s pool holds %3: it runs fewer sequences at once (raise the memory fraction or shorten the context)</source>
        <extracomment>%1 = pipeline stage, %2 = KV cache the batch needs, %3 = the engine&apos;s KV pool</extracomment>
        <translation>第 %1 段：本批每卡需要 %2 的 KV Cache，引擎的池只有 %3：它会同时运行更少的序列（请提高显存比例或缩短上下文）</translation>
    </message>
    <message>
        <source>rank group %1 is %2 over capacity: the paged optimizer moves up to %3 of its states to CPU memory (slower steps, no out-of-memory)</source>
        <extracomment>%1 = rank group, %2 = bytes over capacity, %3 = paged optimizer states</extracomment>
        <translation>rank 组 %1 超出容量 %2：分页优化器会把最多 %3 的状态移到 CPU 内存（步骤变慢，但不会显存溢出）</translation>
    </message>
    <message>
        <source>only a regular pattern of MoE layers is modelled: the listed dense layers are counted as MoE layers</source>
        <translation>只支持规则分布的 MoE 层：列出的稠密层按 MoE 层计算</translation>
    </message>
    <message>
        <source>unknown key, ignored (did you mean &apos;%1&apos;?)</source>
        <extracomment>%1 = the known key that was probably meant</extracomment>
        <translation>未知的键，已忽略（是否想写“%1”？）</translation>
    </message>
    <message>
        <source>a string or {&quot;en&quot;: …, &quot;zh_CN&quot;: …}</source>
        <translation>字符串或 {&quot;en&quot;: …, &quot;zh_CN&quot;: …}</translation>
    </message>
    <message>
        <source>an array of scenes</source>
        <translation>场景数组</translation>
    </message>
    <message>
        <source>a scenario object</source>
        <translation>场景对象</translation>
    </message>
    <message>
        <source>rank group %1: the model states alone (weights, gradients, optimizer) need %2 per GPU, more than the %3 it has</source>
        <extracomment>%1 = rank group number, %2 = model-state memory, %3 = capacity</extracomment>
        <translation>rank 组 %1：仅模型状态（权重、梯度、优化器）每卡就需要 %2，超过其 %3</translation>
    </message>
    <message>
        <source>rank group %1: the weights alone need %2 per GPU, more than the %3 it has</source>
        <extracomment>serving; %1 = rank group number, %2 = weight memory, %3 = capacity</extracomment>
        <translation>rank 组 %1：仅权重每卡就需要 %2，超过其 %3</translation>
    </message>
    <message>
        <source>an array of drills</source>
        <translation>练习题数组</translation>
    </message>
    <message>
        <source>a drill with a scenario and a quantity</source>
        <translation>含场景和所求量的练习题</translation>
    </message>
    <message>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <source>not valid JSON: the text ends at line %1, column %2 before the JSON is complete (a cut-off file?)</source>
        <extracomment>%1 = line, %2 = column where the text stops</extracomment>
        <translation>不是有效的 JSON：文本在第 %1 行第 %2 列就结束了，JSON 并不完整（文件被截断了？）</translation>
    </message>
    <message>
        <source>not valid JSON: unexpected character at line %1, column %2</source>
        <extracomment>%1 = line, %2 = column of the first character that is not valid JSON</extracomment>
        <translation>不是有效的 JSON：第 %1 行第 %2 列出现了意外的字符</translation>
    </message>
    <message>
        <source>%1 bytes is more than the %2 bytes (%3 MiB) ShardScope reads</source>
        <extracomment>%1 = the file&apos;s size in bytes, %2 = the limit in bytes, %3 = the limit in MiB</extracomment>
        <translation>%1 字节，超过 ShardScope 读取的上限 %2 字节（%3 MiB）</translation>
    </message>
    <message>
        <source>nested more than %1 levels deep</source>
        <extracomment>%1 = the depth limit</extracomment>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>more than %1 keys in one object</source>
        <extracomment>%1 = the limit of keys in one object</extracomment>
        <translation>一个对象中的键超过 %1 个</translation>
    </message>
    <message>
        <source>more than %1 values in one document</source>
        <extracomment>%1 = the limit of values in one document</extracomment>
        <translation>一个文档中的值超过 %1 个</translation>
    </message>
    <message>
        <source>%1 is beyond the range of a double (about ±1.8e308)</source>
        <extracomment>%1 = the number as written in the file</extracomment>
        <translation>%1 超出双精度浮点数的范围（约 ±1.8e308）</translation>
    </message>
    <message>
        <source>this key is given twice: which one is meant?</source>
        <translation>此键出现了两次：应以哪一个为准？</translation>
    </message>
    <message>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <source>it is a directory</source>
        <translation>这是一个目录</translation>
    </message>
    <message>
        <source>not a regular file (a FIFO, a device or a socket)</source>
        <translation>不是普通文件（FIFO、设备或套接字）</translation>
    </message>
    <message>
        <source>permission denied or unreadable (%1)</source>
        <extracomment>%1 = the operating system&apos;s reason (English)</extracomment>
        <translation>无权限或无法读取（%1）</translation>
    </message>
    <message>
        <source>chunked attention is counted as a sliding window of %1 tokens (the most a chunk caches)</source>
        <extracomment>%1 = the window in tokens</extracomment>
        <translation>分块注意力按 %1 token 的滑动窗口计算（一个块最多缓存这么多）</translation>
    </message>
    <message>
        <source>the %1 full-attention layers are not evenly spaced: counted as every %2th layer</source>
        <extracomment>%1 = full-attention layers, %2 = every how many layers one is counted</extracomment>
        <translation>%1 个全注意力层的间隔不均匀：按每 %2 层一个计算</translation>
    </message>
    <message>
        <source>a sliding window but no sliding_window_pattern or layer_types: every layer is taken as windowed, so the KV cache may be too small</source>
        <extracomment>sliding_window_pattern and layer_types are keys, not translated</extracomment>
        <translation>有滑动窗口却没有 sliding_window_pattern 或 layer_types：每一层都按窗口计算，KV 缓存可能被低估</translation>
    </message>
    <message>
        <source>the first %1 layers attend to the whole context but are counted as windowed</source>
        <extracomment>%1 = layers</extracomment>
        <translation>前 %1 层看到完整上下文，但按滑动窗口计算</translation>
    </message>
    <message>
        <source>%1 entries for %2 layers: the pattern is read as far as it goes</source>
        <extracomment>%1 = entries in the list, %2 = layers</extracomment>
        <translation>%2 层只给了 %1 项：模式按已有的部分读取</translation>
    </message>
    <message>
        <source>an array of figure ids</source>
        <translation>图表数值 id 的数组</translation>
    </message>
    <message>
        <source>schema_version %1 is not supported (this build reads versions 1 to %2; a newer ShardScope wrote this file)</source>
        <extracomment>%1 = the version in the file, %2 = the newest version this build reads</extracomment>
        <translation>不支持 schema_version %1（本版本读取版本 1 到 %2；此文件由更新的 ShardScope 写入）</translation>
    </message>
    <message>
        <source>%1 measurements, more than the %2 a scenario keeps (keep the last value of each quantity per rank)</source>
        <extracomment>%1 = measurements in the file, %2 = the most a scenario keeps</extracomment>
        <translation>%1 条实测数据，超过场景最多保存的 %2 条（每个 rank 的每个量只保留最后一个值）</translation>
    </message>
    <message>
        <source>missing &quot;%1&quot;: a measurement names its format and quantity and gives its bytes (a count for kv_cache_tokens and kv_cache_blocks)</source>
        <extracomment>%1 = the key the measurement lacks (&quot;format&quot;, &quot;quantity&quot;, &quot;bytes&quot; or &quot;count&quot;), not translated</extracomment>
        <translation>缺少 &quot;%1&quot;：每条实测数据需写明格式（format）、量（quantity），并给出字节数 bytes（kv_cache_tokens 和 kv_cache_blocks 给出计数 count）</translation>
    </message>
    <message>
        <source>expected %1, got &apos;%2&apos;</source>
        <extracomment>%1 = what was expected (e.g. &quot;a whole number&quot;), %2 = the text as written</extracomment>
        <translation>应为%1，实际为“%2”</translation>
    </message>
    <message>
        <source>the planner has no such knob; it can pin %1</source>
        <extracomment>%1 = the keys the planner can pin (not translated)</extracomment>
        <translation>规划器没有这个旋钮；可以固定的有：%1</translation>
    </message>
    <message>
        <source>the planner has no such knob (did you mean &apos;%1&apos;?)</source>
        <extracomment>%1 = the knob probably meant (a key, not translated)</extracomment>
        <translation>规划器没有这个旋钮（是否想写“%1”？）</translation>
    </message>
    <message>
        <source>the --pin bounds leave no value to try (it can be %1)</source>
        <extracomment>%1 = the values the setting can take (keywords, not translated)</extracomment>
        <translation>--pin 的范围排除了所有取值，无可尝试（可取值：%1）</translation>
    </message>
    <message>
        <source>a checkpoint every %3 steps instead of every %2 (Young and Daly&apos;s interval for this checkpoint and interruption rate) would add %1 points of goodput</source>
        <extracomment>%1 = goodput gained (percentage points), %2 = the interval&apos;s steps, %3 = the optimal interval&apos;s steps</extracomment>
        <translation>每 %3 步而不是每 %2 步保存一次检查点（按此检查点耗时与中断率计算的 Young/Daly 间隔），有效训练率可提高 %1 个百分点</translation>
    </message>
    <message>
        <source>synchronous checkpoints stall %1 % of the run&apos;s wall-clock: asynchronous ones (torchtitan async_mode, Megatron --async-save) stall only for the copy to host memory</source>
        <extracomment>%1 = percentage of the run&apos;s wall-clock</extracomment>
        <translation>同步检查点占去训练墙钟时间的 %1 %：异步检查点（torchtitan async_mode，Megatron --async-save）只为复制到主机内存停顿</translation>
    </message>
    <message>
        <source>no layout of this scenario has the pinned value (with the other pins it can be %1)</source>
        <extracomment>%1 = the values the pinned setting could take with the other pins (numbers or keywords, not translated)</extracomment>
        <translation>此场景没有任何布局取这个固定值（在其他固定条件下它可以是 %1）</translation>
    </message>
    <message>
        <source>the pins together leave no layout, though each alone leaves some: drop one</source>
        <translation>这些固定条件合在一起排除了所有布局（单独每一个都还留有布局）：去掉其中一个</translation>
    </message>
    <message>
        <source>%1 characters, more than the %2 ShardScope keeps here</source>
        <extracomment>%1 = characters in the text, %2 = the most ShardScope keeps</extracomment>
        <translation>%1 个字符，超过 ShardScope 在此保留的 %2 个</translation>
    </message>
    <message>
        <source>pipelines of more than %1 stages were not searched (pin parallel.pipeline to try one)</source>
        <extracomment>%1 = the deepest pipeline searched; parallel.pipeline is a key, not translated</extracomment>
        <translation>未搜索超过 %1 级的流水线（固定 parallel.pipeline 可尝试某个值）</translation>
    </message>
    <message>
        <source>a shard group of %1 does not divide the %2 data- × context-parallel ranks it shards over</source>
        <extracomment>%1 = the shard group&apos;s size, %2 = data-parallel × context-parallel ranks</extracomment>
        <translation>大小为 %1 的分片组不能整除其分片所跨的 %2 个数据并行 × 上下文并行 rank</translation>
    </message>
    <message>
        <source>line %1: a quote or bracket opened here is never closed</source>
        <extracomment>%1 = line number</extracomment>
        <translation>第 %1 行：此处开始的引号或括号没有闭合</translation>
    </message>
    <message>
        <source>the script&apos;s variables expand to more than %1 bytes</source>
        <extracomment>%1 = a number of bytes</extracomment>
        <translation>脚本变量展开后超过 %1 字节</translation>
    </message>
    <message>
        <source>line %1 is not in the part of the format ShardScope reads (see the README, Bring your own config)</source>
        <extracomment>%1 = line number</extracomment>
        <translation>第 %1 行超出了 ShardScope 读取的格式子集（见 README 的“Bring your own config”）</translation>
    </message>
    <message>
        <source>not a launch file ShardScope reads: a Megatron-LM script, a DeepSpeed JSON, a torchtitan TOML, a Megatron-Bridge, axolotl, LLaMA-Factory, TRL or verl YAML, or an OpenRLHF, vLLM, SGLang or TensorRT-LLM command (--format names one)</source>
        <translation>不是 ShardScope 能读取的启动文件：应为 Megatron-LM 脚本、DeepSpeed JSON、torchtitan TOML，Megatron-Bridge、axolotl、LLaMA-Factory、TRL 或 verl 的 YAML，或 OpenRLHF、vLLM、SGLang、TensorRT-LLM 命令（可用 --format 指定）</translation>
    </message>
    <message>
        <source>the file runs no %1 command</source>
        <extracomment>%1 = a format name such as megatron</extracomment>
        <translation>文件中没有运行 %1 的命令</translation>
    </message>
    <message>
        <source>the file does not give the model: give its shape, name a Hugging Face model that is a preset, or put its config.json beside the file</source>
        <translation>文件没有给出模型：请给出模型形状、写明属于预设的 Hugging Face 模型名，或把它的 config.json 放在文件旁边</translation>
    </message>
    <message>
        <source>%1 is not a preset and the file does not give its shape: put its config.json beside the file</source>
        <extracomment>%1 = the model the file names</extracomment>
        <translation>%1 不是预设，文件也没有给出其形状：请把它的 config.json 放在文件旁边</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a ShardScope link (shardscope://v1?…)</source>
        <extracomment>%1 = the start of the text; shardscope:// is not translated</extracomment>
        <translation>“%1”不是 ShardScope 链接（shardscope://v1?…）</translation>
    </message>
    <message>
        <source>a link of version %1: this build reads version 1 (a newer ShardScope made it)</source>
        <extracomment>%1 = a version number</extracomment>
        <translation>链接版本为 %1：当前版本只读取版本 1（链接由更新的 ShardScope 生成）</translation>
    </message>
    <message>
        <source>line %1: a comment line inside a command continued with \ ends the command in bash; read on as if it were not there</source>
        <extracomment>%1 = line number</extracomment>
        <translation>第 %1 行：用 \ 续行的命令中间出现注释行，在 bash 中命令会在此结束；此处按没有该注释继续读取</translation>
    </message>
    <message>
        <source>the file does not say how many GPUs run it: %1 assumed (the command line&apos;s --gpus sets it)</source>
        <extracomment>%1 = number of GPUs; --gpus is an option, not translated</extracomment>
        <translation>文件没有说明使用多少块 GPU：假定为 %1（命令行的 --gpus 可设定）</translation>
    </message>
    <message>
        <source>%1 is read as the preset %2, its base model (the same architecture)</source>
        <extracomment>%1 = the model the file names, %2 = a preset id</extracomment>
        <translation>%1 按其基础模型预设 %2 读取（架构相同）</translation>
    </message>
    <message>
        <source>a linear mixer needs its widths: set model.linear_num_key_heads, linear_key_head_dim, linear_num_value_heads and linear_value_head_dim</source>
        <extracomment>the keys are names, not translated</extracomment>
        <translation>线性混合层需要其宽度：请设置 model.linear_num_key_heads、linear_key_head_dim、linear_num_value_heads 和 linear_value_head_dim</translation>
    </message>
    <message>
        <source>DeepSeek Sparse Attention (model.index_topk) is modelled on multi-head latent attention with a query compression: set model.q_lora_rank, kv_lora_rank, index_n_heads and index_head_dim</source>
        <extracomment>the keys are names, not translated</extracomment>
        <translation>DeepSeek 稀疏注意力（model.index_topk）基于带查询压缩的多头潜在注意力建模：请设置 model.q_lora_rank、kv_lora_rank、index_n_heads 和 index_head_dim</translation>
    </message>
    <message>
        <source>a hybrid model&apos;s attention layers with a sliding window of %1 tokens are not modelled</source>
        <extracomment>%1 = the sliding window in tokens</extracomment>
        <translation>混合模型中带 %1 个词元滑动窗口的注意力层尚未建模</translation>
    </message>
    <message>
        <source>a hybrid model routes to experts in every layer: MoE layer frequency %1 and %2 first dense layers are not modelled</source>
        <extracomment>%1 = moe_layer_frequency, %2 = first_dense_layers</extracomment>
        <translation>混合模型在每一层都路由到专家：MoE 层频率 %1 与前 %2 个稠密层尚未建模</translation>
    </message>
    <message>
        <source>the hybrid pattern of %1 entries is not every n-th layer attending: the layers are counted as the pattern&apos;s interval, approximately</source>
        <extracomment>%1 = the pattern&apos;s entries (layers or blocks)</extracomment>
        <translation>该混合模式共 %1 项，并非每隔 n 层一个注意力层：各层按该模式的平均间隔近似计数</translation>
    </message>
    <message>
        <source>%1 layers do not split evenly into %2 model chunks: with %3 virtual stages Megatron gives every chunk of a stage the same number of layers</source>
        <extracomment>%1 = layers (or pipeline units: layers plus the embedding and loss), %2 = model chunks, %3 = virtual stages</extracomment>
        <translation>%1 层无法均分到 %2 个模型块：使用 %3 个虚拟段时，Megatron 要求同一段的每个块层数相同</translation>
    </message>
    <message>
        <source>first/last-stage layers cannot be combined with the embedding or loss counted as a layer in an interleaved pipeline (Megatron refuses both)</source>
        <translation>交错式流水线中，首/末段层数不能与“将嵌入层或损失计为一层”同时设置（Megatron 不允许两者并用）</translation>
    </message>
    <message>
        <source>ZB-V, DualPipe and DualPipeV schedule a pipeline: PP = %1 has none (PP ≥ 2)</source>
        <extracomment>%1 = PP; ZB-V, DualPipe and DualPipeV are schedule names, not translated</extracomment>
        <translation>ZB-V、DualPipe 和 DualPipeV 调度的是流水线：PP = %1 时没有流水线（需 PP ≥ 2）</translation>
    </message>
    <message>
        <source>this pipeline schedule places two model chunks on every rank itself: set virtual stages to 1, not %1</source>
        <extracomment>%1 = virtual stages</extracomment>
        <translation>该流水线调度自行在每个 rank 上放置两个模型块：请将虚拟段数设为 1，而不是 %1</translation>
    </message>
    <message>
        <source>DualPipe runs its two directions on an even number of pipeline stages, not PP = %1</source>
        <extracomment>%1 = PP</extracomment>
        <translation>DualPipe 的两个方向需要偶数个流水线段，而不是 PP = %1</translation>
    </message>
    <message>
        <source>%1 micro-batches per step: DualPipe and DualPipeV need at least %2 (twice the pipeline stages; DualPipe an even number)</source>
        <extracomment>%1 = micro-batches per step, %2 = 2 × PP</extracomment>
        <translation>每步 %1 个微批次：DualPipe 和 DualPipeV 至少需要 %2 个（流水线段数的两倍；DualPipe 还需为偶数）</translation>
    </message>
    <message>
        <source>speculative decoding with a draft model needs the draft model&apos;s parameter count</source>
        <translation>使用草稿模型的推测解码需要给出草稿模型的参数量</translation>
    </message>
    <message>
        <source>the draft model (%1 B parameters) is not smaller than the model it drafts for (%2 B): each draft token would cost as much as a target step</source>
        <extracomment>%1 = the draft model&apos;s parameters in billions, %2 = the target model&apos;s</extracomment>
        <translation>草稿模型（%1 B 参数）不比它所服务的模型（%2 B）小：每个草稿 token 的代价将与目标模型的一步相当</translation>
    </message>
</context>
<context>
    <name>LanguageManager</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <extracomment>View ▸ Language: follow the operating system&apos;s language; %1 = the language that gives</extracomment>
        <translation>跟随系统（%1）</translation>
    </message>
</context>
<context>
    <name>LaunchConfigPanel</name>
    <message>
        <source>Copied the %1 settings.</source>
        <extracomment>after copying a launch config; %1 = framework name</extracomment>
        <translation>已复制 %1 的设置。</translation>
    </message>
    <message>
        <source>Save Launch Settings</source>
        <extracomment>%1 = file path, %2 = the system&apos;s reason</extracomment>
        <translation>保存启动设置</translation>
    </message>
    <message>
        <source>Launch settings (*%1);;All files (*)</source>
        <extracomment>file dialog filter; %1 = e.g. &quot;*.json&quot;</extracomment>
        <translation>启动设置 (*%1);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Could not save %1:
%2</source>
        <translation>无法保存 %1：
%2</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <extracomment>after saving; %1 = file path</extracomment>
        <translation>已保存 %1。</translation>
    </message>
    <message>
        <source>The scenario&apos;s layout as launch settings.</source>
        <extracomment>above the launch configs; %1 = the layout in short form</extracomment>
        <translation>当前场景的布局对应的启动设置。</translation>
    </message>
    <message>
        <source>Launch settings for %1 (names as each framework&apos;s source defines them at a stated commit).</source>
        <translation>%1 的启动设置（参数名取自各框架在注明提交处的源码）。</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>torchtitan</source>
        <translation>torchtitan</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the settings shown to the clipboard</source>
        <translation>把显示的设置复制到剪贴板</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>保存(&amp;S)…</translation>
    </message>
    <message>
        <source>Save the settings shown to a file</source>
        <translation>把显示的设置保存到文件</translation>
    </message>
</context>
<context>
    <name>LaunchNote</name>
    <message>
        <source>no Hugging Face checkpoint is known for this model: MODEL stands for its name or path</source>
        <translation>不知道此模型对应的 Hugging Face 检查点：MODEL 代表它的名称或路径</translation>
    </message>
    <message>
        <source>%1 replicas: start that many servers like this one, each on its own %2 GPUs, behind a load balancer</source>
        <translation>%1 个副本：像这样启动同样数量的服务器，各占自己的 %2 块 GPU，前面放一个负载均衡器</translation>
    </message>
    <message>
        <source>%1-bit weights: serve a checkpoint quantized that way; the engine reads the method from its config, no flag is written</source>
        <translation>%1 位权重：部署按此量化的检查点；引擎从其配置读取量化方法，不写参数</translation>
    </message>
    <message>
        <source>the scenario&apos;s KV cache dtype has no flag here: the engine&apos;s default (the model&apos;s dtype) applies</source>
        <translation>此处没有对应场景 KV 缓存数据类型的参数：使用引擎的默认值（模型的数据类型）</translation>
    </message>
    <message>
        <source>parameter offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config</source>
        <translation>参数卸载（ZeRO-Infinity）没有对应的 Megatron-LM 参数：见 DeepSpeed 配置</translation>
    </message>
    <message>
        <source>NVMe offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config</source>
        <translation>NVMe 卸载（ZeRO-Infinity）没有对应的 Megatron-LM 参数：见 DeepSpeed 配置</translation>
    </message>
    <message>
        <source>a checkpoint every %1 steps is the training loop&apos;s engine.save_checkpoint(…) call, not a config key</source>
        <translation>每 %1 步保存一次检查点由训练循环调用 engine.save_checkpoint(…) 完成，不是配置项</translation>
    </message>
    <message>
        <source>pure bf16 (no fp32 master weights) is not Megatron-LM&apos;s mixed precision: --bf16 keeps fp32 masters</source>
        <translation>纯 bf16（无 fp32 主权重）不是 Megatron-LM 的混合精度：--bf16 会保留 fp32 主权重</translation>
    </message>
    <message>
        <source>the model states no RoPE base (model.rope_theta): the framework&apos;s default, 10000, applies</source>
        <translation>模型没有给出 RoPE 基数（model.rope_theta）：将使用框架默认值 10000</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s --rotary-base is an integer: the RoPE base %1 is rounded</source>
        <translation>Megatron-LM 的 --rotary-base 只接受整数：RoPE 基数 %1 已取整</translation>
    </message>
    <message>
        <source>the model&apos;s RoPE scaling (YaRN or linear, factor %1) has no flag here: set it in the model&apos;s code</source>
        <translation>模型的 RoPE 缩放（YaRN 或线性，因子 %1）在此没有对应参数：请在模型代码中设置</translation>
    </message>
    <message>
        <source>the model states no norm epsilon (model.norm_epsilon): the framework&apos;s default, 1e-5, applies</source>
        <translation>模型没有给出归一化 epsilon（model.norm_epsilon）：将使用框架默认值 1e-5</translation>
    </message>
    <message>
        <source>a gated GELU MLP (GeGLU) has no Megatron-LM flag: written as --swiglu, the same shape with SiLU</source>
        <translation>门控 GELU MLP（GeGLU）没有对应的 Megatron-LM 参数：写为 --swiglu，形状相同但激活为 SiLU</translation>
    </message>
    <message>
        <source>the model&apos;s ungated activation has no Megatron-LM flag: GELU, the default, is written</source>
        <translation>模型的非门控激活函数没有对应的 Megatron-LM 参数：写为默认的 GELU</translation>
    </message>
    <message>
        <source>Megatron-LM pads the vocabulary of %1 to a multiple of TP: %2</source>
        <translation>Megatron-LM 会把 %1 的词表填充到 TP 的倍数：%2</translation>
    </message>
    <message>
        <source>no Hugging Face tokenizer is known for this model: NullTokenizer with its vocabulary size</source>
        <translation>此模型没有已知的 Hugging Face 分词器：使用 NullTokenizer 并给出词表大小</translation>
    </message>
    <message>
        <source>pipeline parallelism (PP %1) is DeepSpeed&apos;s PipelineModule(num_stages=…) in the training code, not a config key</source>
        <translation>流水线并行（PP %1）由训练代码中的 DeepSpeed PipelineModule(num_stages=…) 设定，不是配置键</translation>
    </message>
    <message>
        <source>expert parallelism (EP %1) is the ep_size of DeepSpeed&apos;s MoE layers in the model code, not a config key</source>
        <translation>专家并行（EP %1）是模型代码中 DeepSpeed MoE 层的 ep_size，不是配置键</translation>
    </message>
    <message>
        <source>context parallelism (CP %1) is written as DeepSpeed-Ulysses sequence parallelism (all-to-all over heads, not a ring)</source>
        <translation>上下文并行（CP %1）写为 DeepSpeed-Ulysses 序列并行（按注意力头做 all-to-all，而非环形）</translation>
    </message>
    <message>
        <source>tensor parallelism (TP %1) is written as DeepSpeed&apos;s AutoTP training (tensor_parallel.autotp_size)</source>
        <translation>张量并行（TP %1）写为 DeepSpeed 的 AutoTP 训练（tensor_parallel.autotp_size）</translation>
    </message>
    <message>
        <source>the model is the one the training script loads (its config.json): a DeepSpeed config does not name it</source>
        <translation>模型由训练脚本加载（其 config.json）：DeepSpeed 配置不指定模型</translation>
    </message>
    <message>
        <source>ZeRO-1 has no torchtitan equivalent: FSDP2 that keeps the parameters gathered (reshard never, as ZeRO-2)</source>
        <translation>ZeRO-1 在 torchtitan 中没有对应项：写为保持参数聚合的 FSDP2（reshard never，相当于 ZeRO-2）</translation>
    </message>
    <message>
        <source>FSDP2&apos;s CPU offload moves parameters, gradients and optimizer states together</source>
        <translation>FSDP2 的 CPU 卸载会一并移动参数、梯度和优化器状态</translation>
    </message>
    <message>
        <source>FP8 GEMMs need torchtitan&apos;s Float8 model converter, not written here</source>
        <translation>FP8 GEMM 需要 torchtitan 的 Float8 模型转换器，此处未写出</translation>
    </message>
    <message>
        <source>torchtitan builds a model from a flavor in its code: no flavor has this model&apos;s shape, so [model] is not written</source>
        <translation>torchtitan 按代码中的 flavor 构建模型：没有与此模型形状相同的 flavor，因此未写出 [model]</translation>
    </message>
    <message>
        <source>torchtitan reduces gradients in float32 only (mixed_precision_reduce): the scenario&apos;s 16-bit gradients are fp32 there</source>
        <translation>torchtitan 只以 float32 归约梯度（mixed_precision_reduce）：场景中的 16 位梯度在那里是 fp32</translation>
    </message>
    <message>
        <source>torchtitan&apos;s tensor parallelism always shards the sequence between the blocks (sequence parallelism), which the scenario leaves off</source>
        <translation>torchtitan 的张量并行总会在模块之间切分序列（序列并行），而场景中未启用</translation>
    </message>
    <message>
        <source>which activations are recomputed is the model code&apos;s choice with DeepSpeed: selective recomputation is not a config key</source>
        <translation>使用 DeepSpeed 时重计算哪些激活由模型代码决定：选择性重计算不是配置键</translation>
    </message>
    <message>
        <source>the model has %1 norms per layer (pre and post): Megatron-LM&apos;s GPT layer has 2</source>
        <translation>模型每层有 %1 个归一化（前置和后置）：Megatron-LM 的 GPT 层只有 2 个</translation>
    </message>
    <message>
        <source>the model&apos;s sparse-attention indexer (DeepSeek-V3.2) is not written: the flags describe dense multi-head latent attention</source>
        <translation>未写出模型的稀疏注意力索引器（DeepSeek-V3.2）：这些参数描述的是稠密的多头潜在注意力</translation>
    </message>
    <message>
        <source>the model&apos;s %1 learned positions are fewer than the sequence of %2 tokens: written as the sequence length (Megatron-LM requires it)</source>
        <translation>模型的 %1 个学习位置少于 %2 个 token 的序列：按序列长度写出（Megatron-LM 要求如此）</translation>
    </message>
    <message>
        <source>the scenario&apos;s optimizer has no equivalent setting here: the framework&apos;s AdamW is written</source>
        <translation>场景的优化器在此没有对应设置：写为框架的 AdamW</translation>
    </message>
    <message>
        <source>torchtitan splits the layers over the stages by itself: the scenario&apos;s first and last stage sizes are not written</source>
        <translation>torchtitan 自行把各层分配到各阶段：未写出场景中首末阶段的层数</translation>
    </message>
    <message>
        <source>the model&apos;s linear-attention / state-space layers and its attention output gate are not written (Megatron-LM&apos;s --hybrid-override-pattern and its Mamba and Gated DeltaNet flags are not generated yet): the flags describe every layer as attention</source>
        <translation>模型的线性注意力/状态空间层及其注意力输出门未写出（尚未生成 Megatron-LM 的 --hybrid-override-pattern 及其 Mamba 与 Gated DeltaNet 参数）：这些参数把每一层都描述为注意力层</translation>
    </message>
    <message>
        <source>speculative decoding: DRAFT stands for the draft model&apos;s or the EAGLE head&apos;s checkpoint, which the scenario does not name</source>
        <translation>推测解码：DRAFT 代表草稿模型或 EAGLE 头的检查点（场景中未指明）</translation>
    </message>
    <message>
        <source>speculative decoding is set in the engine&apos;s options file (speculative_config), not by a flag: it is not written here</source>
        <translation>推测解码在引擎的选项文件（speculative_config）中设置，没有命令行参数：此处不写出</translation>
    </message>
    <message>
        <source>the model&apos;s vision tower and projector are not written (Megatron-LM builds them in its multimodal examples, not with the GPT flags): the flags describe the language model</source>
        <translation>模型的视觉塔和投影器未写出（Megatron-LM 在其多模态示例中构建它们，而不是通过 GPT 参数）：这些参数只描述语言模型</translation>
    </message>
</context>
<context>
    <name>LayoutComparison</name>
    <message>
        <source>Quantity</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>B − A</source>
        <translation>B − A</translation>
    </message>
    <message>
        <source>Select two layouts in the table (Ctrl+click) to compare them.</source>
        <translation>在表格中选择两个布局（Ctrl+单击）进行比较。</translation>
    </message>
    <message>
        <source>A: %1
B: %2</source>
        <extracomment>comparison title; %1 = first layout, %2 = second layout</extracomment>
        <translation>A：%1
B：%2</translation>
    </message>
    <message>
        <source>Fullest GPU in all</source>
        <translation>最满的 GPU 合计</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>每步</translation>
    </message>
</context>
<context>
    <name>LossScalingView</name>
    <message>
        <source>FP16 stores nothing below 2⁻²⁴ (6 × 10⁻⁸): small gradients flush to zero. Multiplying the loss lifts them; too large a scale overflows 65504 and the step must be skipped. GradScaler starts at 2¹⁶, halves the scale and skips the step on inf/NaN, and doubles it after N good steps. BF16 has FP32&apos;s range and needs none of it.</source>
        <translation>FP16 无法表示小于 2⁻²⁴（6 × 10⁻⁸）的数：小梯度会下溢为零。把损失乘上一个缩放因子可以把它们抬上来；缩放因子太大又会超过 65504 而上溢，这一步只能跳过。GradScaler 从 2¹⁶ 开始，遇到 inf/NaN 就把缩放因子减半并跳过该步，连续 N 步正常后再翻倍。BF16 拥有 FP32 的范围，完全不需要这些。</translation>
    </message>
    <message>
        <source>Smallest gradients: 10^</source>
        <translation>最小梯度：10^</translation>
    </message>
    <message>
        <source>Largest gradient: 10^</source>
        <translation>最大梯度：10^</translation>
    </message>
    <message>
        <source>Drift over the run (decades)</source>
        <translation>整个训练中的漂移（数量级）</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Growth interval (good steps)</source>
        <translation>增长间隔（正常步数）</translation>
    </message>
    <message>
        <source>Fixed loss scale</source>
        <translation>固定损失缩放因子</translation>
    </message>
    <message>
        <source>PyTorch&apos;s default: 2000</source>
        <translation>PyTorch 默认值：2000</translation>
    </message>
    <message>
        <source>S&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>重置(&amp;R)</translation>
    </message>
    <message>
        <source>dynamic scale (GradScaler)</source>
        <translation>动态缩放因子（GradScaler）</translation>
    </message>
    <message>
        <source>fixed scale</source>
        <translation>固定缩放因子</translation>
    </message>
    <message>
        <source>skipped step (overflow)</source>
        <translation>跳过的步（上溢）</translation>
    </message>
    <message>
        <source>FP16 flushed, unscaled</source>
        <translation>FP16 下溢为零，不缩放</translation>
    </message>
    <message>
        <source>FP16 flushed, fixed scale</source>
        <translation>FP16 下溢为零，固定缩放</translation>
    </message>
    <message>
        <source>FP16 flushed, dynamic scale</source>
        <translation>FP16 下溢为零，动态缩放</translation>
    </message>
    <message>
        <source>BF16 flushed, unscaled</source>
        <translation>BF16 下溢为零，不缩放</translation>
    </message>
    <message>
        <source>step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>loss scale</source>
        <translation>损失缩放因子</translation>
    </message>
    <message>
        <source>% of gradients flushed to zero</source>
        <translation>下溢为零的梯度占比 %</translation>
    </message>
    <message>
        <source>GradScaler: torch/amp/grad_scaler.py (init_scale 2¹⁶, growth ×2, backoff ×0.5, growth_interval 2000) and _amp_update_scale_. Each step&apos;s gradients: log-normal magnitudes between the two sliders, the largest one per step overflowing first; shares are closed-form, Φ((log₁₀ 2⁻²⁵ − log₁₀ scale − μ) / σ).</source>
        <translation>GradScaler：torch/amp/grad_scaler.py（init_scale 2¹⁶、growth ×2、backoff ×0.5、growth_interval 2000）与 _amp_update_scale_。每步的梯度：幅值服从对数正态分布，范围在两个滑块之间，每步最大的那个梯度最先上溢；占比用闭式公式计算：Φ((log₁₀ 2⁻²⁵ − log₁₀ scale − μ) / σ)。</translation>
    </message>
    <message>
        <source>Step %1 of %2: scale %3, %4 skipped so far. FP16 flushes %5 unscaled, %6 at the fixed scale, %7 under the dynamic one; BF16 %8.</source>
        <extracomment>%1 = step, %2 = steps, %3 = scale as 2^n, %4 = skipped so far, %5–%8 = shares flushed</extracomment>
        <translation>第 %1 步（共 %2 步）：缩放因子 %3，已跳过 %4 步。FP16 下溢为零的梯度：不缩放 %5，固定缩放 %6，动态缩放 %7；BF16 %8。</translation>
    </message>
    <message>
        <source>%1 (≈ 0 % all run: on the axis)</source>
        <extracomment>a legend entry whose line stays at 0 % and lies on the x-axis; %1 = its name</extracomment>
        <translation>%1（全程约 0%：与横轴重合）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>About ShardScope</source>
        <translation>关于 ShardScope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;ShardScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;How much GPU memory LLM training takes per GPU under a parallel layout, and how long it takes — with the working shown.&lt;/p&gt;&lt;p&gt;GPL-3.0-or-later.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;ShardScope %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;在给定的并行布局下，大模型训练每张 GPU 需要多少显存、要训练多久——并展示完整的计算过程。&lt;/p&gt;&lt;p&gt;GPL-3.0-or-later。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>✖ Invalid scenario: %1 (and %2 more)</source>
        <extracomment>status bar; %1 = the first reason, %2 = how many more</extracomment>
        <translation>✖ 场景无效：%1（另有 %2 条）</translation>
    </message>
    <message>
        <source>✖ Invalid scenario: %1</source>
        <translation>✖ 场景无效：%1</translation>
    </message>
    <message>
        <source>This layout cannot run:
%1

The bars show the last valid scenario.</source>
        <extracomment>over the chart; %1 = the reasons, one per line</extracomment>
        <translation>这个布局无法运行：
%1

柱状图显示的是上一个有效场景。</translation>
    </message>
    <message>
        <source>This layout cannot run:
%1</source>
        <extracomment>over the chart of a scenario opened invalid (nothing valid to show yet); %1 = the reasons, one per line</extracomment>
        <translation>这个布局无法运行：
%1</translation>
    </message>
    <message>
        <source>The scenario is invalid; this is the working of the last valid one.</source>
        <translation>场景无效；这里是上一个有效场景的计算过程。</translation>
    </message>
    <message>
        <source>The scenario is invalid, and there has been no valid one to show the working of.</source>
        <translation>场景无效，且尚无有效场景可显示计算过程。</translation>
    </message>
    <message>
        <source>✔ Fits: the fullest GPU (%1) uses %2 of %3 (%4)</source>
        <extracomment>status bar; %1 = rank group, %2 = used, %3 = capacity, %4 = percentage</extracomment>
        <translation>✔ 放得下：显存最满的 GPU（%1）使用 %2 / %3（%4）</translation>
    </message>
    <message>
        <source>⚠ Does not fit: %1 needs %2 per GPU but has %3</source>
        <extracomment>status bar; %1 = rank group, %2 = needed, %3 = capacity</extracomment>
        <translation>⚠ 放不下：%1 每卡需要 %2，但只有 %3</translation>
    </message>
    <message>
        <source>%1 on %2 × %3 — ShardScope</source>
        <extracomment>window title; %1 = model, %2 = GPUs, %3 = GPU model</extracomment>
        <translation>%1 · %2 × %3 — ShardScope</translation>
    </message>
    <message>
        <source>%1[*] — %2</source>
        <extracomment>window title; %1 = file name or &quot;Untitled&quot;, %2 = the scenario&apos;s title</extracomment>
        <translation>%1[*] — %2</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Reset to Default</source>
        <translation>恢复默认(&amp;R)</translation>
    </message>
    <message>
        <source>No ZeRO</source>
        <translation>不用 ZeRO</translation>
    </message>
    <message>
        <source>ZeRO Stage &amp;1</source>
        <translation>ZeRO 阶段 &amp;1</translation>
    </message>
    <message>
        <source>ZeRO Stage &amp;2</source>
        <translation>ZeRO 阶段 &amp;2</translation>
    </message>
    <message>
        <source>ZeRO Stage &amp;3</source>
        <translation>ZeRO 阶段 &amp;3</translation>
    </message>
    <message>
        <source>&amp;No Recomputation</source>
        <translation>不重计算(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Selective Recomputation</source>
        <translation>选择性重计算(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Full Recomputation</source>
        <translation>完全重计算(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Comparisons</source>
        <translation>对比(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;About ShardScope</source>
        <translation>关于 ShardScope(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Working</source>
        <translation>计算过程(&amp;W)</translation>
    </message>
    <message>
        <source>&amp;Controls</source>
        <translation>控制面板(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <extracomment>Edit menu; %1 = what undoing reverts, e.g. &quot;Change ZeRO stage&quot;</extracomment>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <extracomment>Edit menu; %1 = what redoing repeats</extracomment>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>Copied the %1 as an image and as SVG.</source>
        <extracomment>status bar, after Edit ▸ Copy Slide; %1 = the view copied</extracomment>
        <translation>已将%1以图像和 SVG 两种形式复制。</translation>
    </message>
    <message>
        <source>Nothing to copy: the scenario is not valid.</source>
        <translation>没有可复制的内容：场景无效。</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>A view as PNG, SVG or PDF for slides, with a live preview</source>
        <translation>把某个视图导出为 PNG、SVG 或 PDF 用于幻灯片，带实时预览</translation>
    </message>
    <message>
        <source>&amp;Copy Slide</source>
        <translation>复制幻灯片(&amp;C)</translation>
    </message>
    <message>
        <source>The view set up in File ▸ Export, as an image and as SVG</source>
        <translation>以图像和 SVG 形式复制在“文件 ▸ 导出”中设置的视图</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen with scenes for teaching; arrow keys step, Esc leaves</source>
        <translation>全屏展示教学场景；方向键切换，Esc 退出</translation>
    </message>
    <message>
        <source> (+%1 more)</source>
        <extracomment>status bar, after the first warning; %1 = how many more (hover for the list)</extracomment>
        <translation>（另有 %1 条）</translation>
    </message>
    <message>
        <source>⚠ %1%2</source>
        <extracomment>status bar; %1 = the first warning, %2 = &quot; (+N more)&quot; or nothing</extracomment>
        <translation>⚠ %1%2</translation>
    </message>
    <message>
        <source>&amp;Drills</source>
        <translation>练习(&amp;D)</translation>
    </message>
    <message>
        <source>Interview questions: type an estimate, check it, reveal the derivation step by step</source>
        <translation>面试题：输入估算、核对，再一步步展开推导</translation>
    </message>
    <message>
        <source>Drills</source>
        <translation>练习</translation>
    </message>
    <message>
        <source>Interview questions on memory, time and cost, each bound to a scenario</source>
        <translation>关于显存、时间和成本的面试题，每题对应一个场景</translation>
    </message>
    <message>
        <source>Layout &amp;Planner</source>
        <translation>布局规划器(&amp;P)</translation>
    </message>
    <message>
        <source>Every valid parallel layout of the scenario, ranked by step time (Ctrl+Shift+P)</source>
        <translation>当前场景所有可行的并行布局，按步时排序（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <source>Layout planner</source>
        <translation>布局规划器</translation>
    </message>
    <message>
        <source>Which layout to use: every valid one ranked, with launch settings</source>
        <translation>该用哪种布局：所有可行布局排序，并给出启动设置</translation>
    </message>
    <message>
        <source>Compare with a &amp;Measured Run…</source>
        <translation>与实测运行对比(&amp;M)…</translation>
    </message>
    <message>
        <source>C&amp;lear Measurements</source>
        <translation>清除实测数据(&amp;L)</translation>
    </message>
    <message>
        <source>Remove the measured run kept with the scenario (Undo brings it back)</source>
        <translation>删除随场景保存的实测运行（撤销可恢复）</translation>
    </message>
    <message>
        <source>&amp;Guide</source>
        <translation>指南(&amp;G)</translation>
    </message>
    <message>
        <source>What each view answers, from the interview questions it was made for</source>
        <translation>每个视图回答什么，从它所针对的面试题说起</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>A&amp;ccuracy…</source>
        <translation>准确度(&amp;C)…</translation>
    </message>
    <message>
        <source>How far ShardScope&apos;s figures are from public measured runs, by regime, each held out from the fit</source>
        <translation>ShardScope 的数字与公开实测运行相差多少：按类别列出，每条都未参与拟合</translation>
    </message>
    <message>
        <source>⚠ Does not fit: the engine&apos;s KV cache pool on %1 is too small for this batch (see the warning)</source>
        <extracomment>status bar, serving; %1 = rank group</extracomment>
        <translation>⚠ 放不下：%1 上引擎的 KV 缓存池容不下这个批次（见警告）</translation>
    </message>
</context>
<context>
    <name>MeasuredText</name>
    <message>
        <source>none in the log</source>
        <translation>日志中没有</translation>
    </message>
    <message>
        <source>&lt;b&gt;Measured %1: %2&lt;/b&gt;&lt;br&gt;%3, rank %4, line %5</source>
        <extracomment>tooltip of a measured mark; %1 = quantity, %2 = measured size, %3 = log format, %4 = rank, %5 = line of the log</extracomment>
        <translation>&lt;b&gt;实测 %1：%2&lt;/b&gt;&lt;br&gt;%3，rank %4，第 %5 行</translation>
    </message>
    <message>
        <source>Predicted %1 for %2</source>
        <extracomment>%1 = predicted size, %2 = the bar (rank group)</extracomment>
        <translation>%2 的预测值 %1</translation>
    </message>
    <message>
        <source>(predicted − measured) / measured = (%1 − %2) / %2 = %3</source>
        <extracomment>the residual&apos;s formula with its numbers; %1 = predicted, %2 = measured, %3 = the result</extracomment>
        <translation>（预测 − 实测）/ 实测 = (%1 − %2) / %2 = %3</translation>
    </message>
    <message>
        <source>%1 ranks of this group measured: %2 … %3; the mark is the fullest</source>
        <extracomment>%1 = ranks measured in this group, %2 = lowest residual, %3 = highest</extracomment>
        <translation>本组实测了 %1 个 rank：%2 … %3；标记取占用最多的一个</translation>
    </message>
    <message>
        <source>The log names no rank: compared with the group that predicts the most.</source>
        <translation>日志没有给出 rank：与预测值最大的组比较。</translation>
    </message>
    <message>
        <source>◆ measured; beside each: (predicted − measured) / measured</source>
        <extracomment>under the memory chart; the ◆ is the mark&apos;s shape</extracomment>
        <translation>◆ 实测；旁边的数字：（预测 − 实测）/ 实测</translation>
    </message>
    <message>
        <source>The textbook view has no allocator levels: the measured marks are in the full view.</source>
        <translation>教科书视图没有分配器层级：实测标记在完整视图中显示。</translation>
    </message>
    <message>
        <source>Not drawn: rank %1 is not in this layout of %2 GPUs (measured on another layout?)</source>
        <extracomment>%1 = ranks, %2 = GPUs of the scenario</extracomment>
        <translation>未画出：rank %1 不在这个 %2 GPU 的布局中（是在另一种布局上测的吗？）</translation>
    </message>
    <message>
        <source>Not drawn: device %1 of one node; the log does not say which node, and the nodes&apos; GPUs differ</source>
        <extracomment>%1 = device indices</extracomment>
        <translation>未画出：单个节点内的设备 %1；日志没有说明是哪个节点，而各节点的 GPU 预测不同</translation>
    </message>
    <message>
        <source>Not drawn: %1, which the estimate does not predict</source>
        <extracomment>%1 = measured quantities</extracomment>
        <translation>未画出：%1，估算不预测这些量</translation>
    </message>
    <message>
        <source>Host buffers are not GPU memory: not drawn</source>
        <translation>主机缓冲区不是 GPU 显存：不画出</translation>
    </message>
    <message>
        <source>Not measured: %1</source>
        <extracomment>%1 = rank groups without a measurement</extracomment>
        <translation>未实测：%1</translation>
    </message>
    <message>
        <source>Listed in the calibration dialog, not drawn: %1</source>
        <extracomment>%1 = measured quantities (counts, the device&apos;s total memory)</extracomment>
        <translation>在校准对话框中列出，不画出：%1</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>all ranks 0–%1</source>
        <extracomment>bar label when every GPU has the same memory; %1 = last rank</extracomment>
        <translation>全部 rank 0–%1</translation>
    </message>
    <message>
        <source>PP stage %1 · ranks %2–%3</source>
        <extracomment>%1 = pipeline stage, %2–%3 = rank range</extracomment>
        <translation>PP 第 %1 段 · rank %2–%3</translation>
    </message>
    <message>
        <source>PP stages %1–%2 · ranks %3–%4</source>
        <extracomment>%1–%2 = pipeline stages, %3–%4 = rank range</extracomment>
        <translation>PP 第 %1–%2 段 · rank %3–%4</translation>
    </message>
    <message>
        <source>Memory per GPU (GB)</source>
        <translation>每卡显存（GB）</translation>
    </message>
    <message>
        <source>Memory per GPU (GiB)</source>
        <translation>每卡显存（GiB）</translation>
    </message>
    <message>
        <source>capacity
%1</source>
        <extracomment>right-hand axis label at the capacity line; %1 = memory per GPU</extracomment>
        <translation>容量
%1</translation>
    </message>
    <message>
        <source>%1
over by %2</source>
        <extracomment>above an over-full bar; %1 = total, %2 = amount above the GPU&apos;s capacity</extracomment>
        <translation>%1
超出 %2</translation>
    </message>
    <message>
        <source>Click to see how it is computed.</source>
        <translation>点击查看计算过程。</translation>
    </message>
    <message>
        <source>rollout GPUs · ranks %1–%2</source>
        <extracomment>bar label of the GPUs that only generate (RL, separate placement); %1–%2 = rank range</extracomment>
        <translation>Rollout GPU · rank %1–%2</translation>
    </message>
    <message>
        <source>rank 0</source>
        <extracomment>bar label of a single GPU</extracomment>
        <translation>rank 0</translation>
    </message>
    <message>
        <source>%1 · training phase</source>
        <extracomment>RL with a colocated rollout engine: the moment the policy trains; %1 = the ranks</extracomment>
        <translation>%1 · 训练阶段</translation>
    </message>
    <message>
        <source>%1 · rollout phase</source>
        <extracomment>RL with a colocated rollout engine: the moment it generates; %1 = the ranks</extracomment>
        <translation>%1 · Rollout 阶段</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3&lt;br&gt;%4 (%5 bytes)&lt;br&gt;%6 of this GPU&apos;s memory&lt;br&gt;&lt;i&gt;%7&lt;/i&gt;&lt;br&gt;%8</source>
        <extracomment>tooltip: %1 = component, %2 = model role (policy, reference, rollout engine…), %3 = bar label, %4 = size, %5 = exact bytes, %6 = share of the GPU&apos;s total, %7 = explanation, %8 = what a click does</extracomment>
        <translation>&lt;b&gt;%1&lt;/b&gt; · %2&lt;br&gt;%3&lt;br&gt;%4（%5 字节）&lt;br&gt;占此 GPU 显存的 %6&lt;br&gt;&lt;i&gt;%7&lt;/i&gt;&lt;br&gt;%8</translation>
    </message>
    <message>
        <source>Colour by Model &amp;Role</source>
        <translation>按模型角色着色(&amp;R)</translation>
    </message>
    <message>
        <source>━ allocated
┅ reserved
(top: device)</source>
        <extracomment>beside the last bar&apos;s two level markers: PyTorch&apos;s counters (not translated) and nvidia-smi</extracomment>
        <translation>━ 已分配
┅ 已预留
顶端：设备</translation>
    </message>
    <message>
        <source>Peak of the step: allocated %1 (max_memory_allocated) · reserved %2 (max_memory_reserved) · device %3 (nvidia-smi)</source>
        <extracomment>tooltip line under a bar segment; %1–%3 = memory; max_memory_allocated / max_memory_reserved / nvidia-smi are tool names</extracomment>
        <translation>一步的峰值：已分配 %1（max_memory_allocated）· 已预留 %2（max_memory_reserved）· 设备 %3（nvidia-smi）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Model states: %1&lt;/b&gt;&lt;br&gt;parameters %2 + gradients %3 + optimizer states %4&lt;br&gt;&lt;i&gt;what ZeRO shards; activations and buffers come on top&lt;/i&gt;&lt;br&gt;Click for the working.</source>
        <extracomment>tooltip of the model-states bracket; %1 = model states, %2 = parameters, %3 = gradients, %4 = optimizer states</extracomment>
        <translation>&lt;b&gt;模型状态：%1&lt;/b&gt;&lt;br&gt;参数 %2 + 梯度 %3 + 优化器状态 %4&lt;br&gt;&lt;i&gt;ZeRO 切分的就是它；激活和缓冲区另算&lt;/i&gt;&lt;br&gt;点击查看推导。</translation>
    </message>
    <message>
        <source>model states %1</source>
        <extracomment>written along the bracket over a bar&apos;s model states; %1 = e.g. &quot;38.5 GB&quot;</extracomment>
        <translation>模型状态 %1</translation>
    </message>
    <message>
        <source>%1 (fullest: stage %2)</source>
        <extracomment>a bar for a run of pipeline stages that differ (a pipeline too long for a bar each); %1 = the bar label, %2 = the stage it shows</extracomment>
        <translation>%1（最满：第 %2 级）</translation>
    </message>
    <message>
        <source>needs %1</source>
        <extracomment>above a serving bar whose engine reserves a KV pool (hatched): what the batch needs; %1 = memory</extracomment>
        <translation>需要 %1</translation>
    </message>
    <message>
        <source>needs %1
with pool %2</source>
        <extracomment>above a serving bar whose engine reserves a KV pool (hatched); %1 = what the batch needs, %2 = the bar&apos;s height with the pool</extracomment>
        <translation>需要 %1
含预留池 %2</translation>
    </message>
    <message>
        <source>states %1</source>
        <translation>状态 %1</translation>
    </message>
    <message>
        <source>Colour the bars by the model each part belongs to (policy, reference, reward model, critic,
rollout engine) instead of by component — where several models share the GPUs (RL),
and not in the textbook view, whose ledgers are by component</source>
        <translation>按各部分所属的模型（策略、参考模型、奖励模型、Critic、
Rollout 引擎）而不是按组成部分为柱状图着色——仅在多个模型共用 GPU 时（强化学习），
教科书视图除外（它的账本按组成部分划分）</translation>
    </message>
    <message numerus="yes">
        <source>The whisker: eight in ten of %n similar public runs measured between %1 and %2 (%3; Help ▸ Accuracy)</source>
        <extracomment>tooltip line under a bar segment, for the whisker on the bar; %n = public runs like this one, %1/%2 = memory, %3 = the tool that measured (max_memory_allocated, nvidia-smi)</extracomment>
        <translation>
            <numerusform>误差线：%n 次类似的公开运行中，十次有八次的实测值在 %1 到 %2 之间（%3；帮助 ▸ 准确度）</numerusform>
        </translation>
    </message>
    <message>
        <source>PP %1 · %2–%3</source>
        <extracomment>a pipeline stage&apos;s bar label where the full one does not fit; %1 = stage, %2–%3 = rank range</extracomment>
        <translation>PP %1 · %2–%3</translation>
    </message>
    <message>
        <source>PP %1–%2 · %3–%4</source>
        <extracomment>the same for a run of stages; %1–%2 = stages, %3–%4 = rank range</extracomment>
        <translation>PP %1–%2 · %3–%4</translation>
    </message>
</context>
<context>
    <name>MemoryTimelineView</name>
    <message>
        <source>loss of micro-batch %1</source>
        <translation>微批次 %1 的损失</translation>
    </message>
    <message>
        <source>forward of micro-batch %1</source>
        <translation>微批次 %1 的前向</translation>
    </message>
    <message>
        <source>loss gradient of micro-batch %1</source>
        <translation>微批次 %1 的损失梯度</translation>
    </message>
    <message>
        <source>backward of micro-batch %1</source>
        <translation>微批次 %1 的反向</translation>
    </message>
    <message>
        <source>recomputation of micro-batch %1</source>
        <translation>微批次 %1 的重计算</translation>
    </message>
    <message>
        <source>gradient reduction</source>
        <translation>梯度归约</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>waiting (bubble)</source>
        <translation>等待（气泡）</translation>
    </message>
    <message>
        <source> (chunk %1)</source>
        <translation>（第 %1 块）</translation>
    </message>
    <message>
        <source>%1 micro-batches in flight</source>
        <translation>%1 个微批次在途</translation>
    </message>
    <message>
        <source>Stage %1, %2: %3</source>
        <translation>第 %1 段，%2：%3</translation>
    </message>
    <message>
        <source>Stage %1, %2</source>
        <translation>第 %1 段，%2</translation>
    </message>
    <message>
        <source>%1 · stage %2: %3 · allocated %4</source>
        <translation>%1 · 第 %2 段：%3 · 已分配 %4</translation>
    </message>
    <message>
        <source> · %1 in flight</source>
        <translation> · %1 个在途</translation>
    </message>
    <message>
        <source>Capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 段</translation>
    </message>
    <message>
        <source>Peak %1 — %2</source>
        <translation>峰值 %1 — %2</translation>
    </message>
    <message>
        <source>Allocated (max_memory_allocated)</source>
        <translation>已分配（max_memory_allocated）</translation>
    </message>
    <message>
        <source>Reserved (max_memory_reserved)</source>
        <translation>已预留（max_memory_reserved）</translation>
    </message>
    <message>
        <source>Device (nvidia-smi)</source>
        <translation>设备（nvidia-smi）</translation>
    </message>
    <message>
        <source>The memory timeline shows training steps.</source>
        <translation>显存时间线只显示训练步。</translation>
    </message>
    <message>
        <source>Memory of stage %1 through one step</source>
        <translation>第 %1 段在一个训练步中的显存</translation>
    </message>
    <message>
        <source>Memory of every stage through one step</source>
        <translation>每一段在一个训练步中的显存</translation>
    </message>
    <message>
        <source>input gradient (B) of micro-batch %1</source>
        <translation>微批次 %1 的输入梯度（B）</translation>
    </message>
    <message>
        <source>weight gradient (W) of micro-batch %1</source>
        <translation>微批次 %1 的权重梯度（W）</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
</context>
<context>
    <name>ModeSelector</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Pre-training: weights, gradients, optimizer states and activations per GPU; training time and cost.</source>
        <translation>预训练：每卡的权重、梯度、优化器状态和激活；训练时间与成本。</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Serving: weights in their storage format and the KV cache per GPU; the largest batch and
context that fit, time to first token and decode speed.</source>
        <translation>推理服务：每卡按存储格式的权重和 KV Cache；能放下的最大批大小
和最长上下文、首 token 延迟和解码速度。</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>Full fine-tuning, LoRA or QLoRA, optionally with reinforcement learning (GRPO, PPO):
the policy, reference, reward model, critic and rollout engine on the GPUs.</source>
        <translation>全参微调、LoRA 或 QLoRA，可选强化学习（GRPO、PPO）：
GPU 上的策略、参考模型、奖励模型、Critic 和 Rollout 引擎。</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
</context>
<context>
    <name>ModeWiring</name>
    <message>
        <source>Use the tensor studio&apos;s format for the weights</source>
        <translation>权重采用张量工作台中的格式</translation>
    </message>
    <message>
        <source>Use the lab&apos;s format for the KV cache</source>
        <translation>KV Cache 采用实验室中的格式</translation>
    </message>
</context>
<context>
    <name>ModelControls</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 parameters · %2 layers · hidden %3 · %4 heads (%5 KV) · FFN %6</source>
        <extracomment>model shape under the size slider; %1 = parameters, %2 = layers, %3 = hidden size, %4 = heads, %5 = KV heads, %6 = FFN size</extracomment>
        <translation>%1 参数 · %2 层 · 隐藏维度 %3 · %4 个头（%5 个 KV）· FFN %6</translation>
    </message>
    <message>
        <source>%1 parameters (count only: activations assume the family shape)</source>
        <extracomment>under the size slider for a model known only by its parameter count; %1 = parameters</extracomment>
        <translation>%1 参数（仅参数量：激活按同族结构估算）</translation>
    </message>
    <message>
        <source>Custom (size slider or edited)</source>
        <translation>自定义（规模滑块或手动修改）</translation>
    </message>
    <message>
        <source>Model &amp;size</source>
        <translation>模型规模(&amp;S)</translation>
    </message>
    <message>
        <source> B</source>
        <comment>billions of parameters</comment>
        <translation> B</translation>
    </message>
    <message>
        <source>Moves along a Llama-3-style family of shapes from 1 B to 2 T parameters:
hidden size, depth and heads grow together as in Llama 3 1B…405B.</source>
        <translation>沿 Llama 3 风格的一族结构从 1 B 到 2 T 参数变化：
隐藏维度、层数和头数像 Llama 3 1B…405B 那样同步增长。</translation>
    </message>
    <message>
        <source>&amp;Edit layers, hidden size and heads</source>
        <translation>编辑层数、隐藏维度和头数(&amp;E)</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Key/value heads (query groups): fewer than the attention heads is grouped-query attention.</source>
        <translation>K/V 头数（查询分组数）：少于注意力头数即为分组查询注意力（GQA）。</translation>
    </message>
    <message>
        <source>Width of the MLP&apos;s hidden layer (SwiGLU: about 3.5 × hidden).</source>
        <translation>MLP 中间层的宽度（SwiGLU：约为 3.5 × 隐藏维度）。</translation>
    </message>
    <message>
        <source>Published model architectures, grouped by family; their parameter counts match the published ones.
Each entry&apos;s tooltip names its sources.</source>
        <translation>已发布的模型结构，按系列分组；参数量与公开的数字一致。
每一项的提示注明其来源。</translation>
    </message>
    <message>
        <source>7B (textbook)</source>
        <translation>7B（教材）</translation>
    </message>
    <message>
        <source>70B (textbook)</source>
        <translation>70B（教材）</translation>
    </message>
    <message>
        <source>Textbook (counts only)</source>
        <extracomment>the picker&apos;s first group: bare parameter counts (7 × 10⁹, 7 × 10¹⁰) as textbooks use them</extracomment>
        <translation>教材（仅参数量）</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation>%1（自定义）</translation>
    </message>
</context>
<context>
    <name>NumberFormatLab</name>
    <message>
        <source>%1 now holds %2; the other rows keep %3.</source>
        <extracomment>after flipping a bit; %1 = format, %2 = +∞, −∞ or NaN, %3 = the value the other rows keep</extracomment>
        <translation>%1 现在存的是 %2；其他行仍为 %3。</translation>
    </message>
    <message>
        <source>Type a number, e.g. 3.14159265, 65504, 1e-8, 448 or 2^-24.</source>
        <translation>请输入一个数，例如 3.14159265、65504、1e-8、448 或 2^-24。</translation>
    </message>
    <message>
        <source>“%1” is not a number. Try 3.14159265, 1e-8, 2^-24, 1/3 or pi.</source>
        <extracomment>%1 = what was typed</extracomment>
        <translation>“%1”不是数值。试试 3.14159265、1e-8、2^-24、1/3 或 pi。</translation>
    </message>
    <message>
        <source>NaN is not a value to store. To see how a format encodes NaN, set its exponent bits to all ones.</source>
        <translation>NaN 不是可以存储的数值。要查看某种格式如何编码 NaN，请把它的指数位全部置 1。</translation>
    </message>
    <message>
        <source>∞ cannot be typed here. To see a format&apos;s infinity, set its exponent bits to all ones (FP8 E4M3 and FP4 E2M1 have none).</source>
        <translation>这里不能输入 ∞。要查看某种格式的无穷大，请把它的指数位全部置 1（FP8 E4M3 和 FP4 E2M1 没有无穷大）。</translation>
    </message>
    <message>
        <source>“%1” is beyond even FP64&apos;s range (±1.8 × 10³⁰⁸), so no format here can hold it.</source>
        <extracomment>%1 = what was typed</extracomment>
        <translation>“%1”甚至超出了 FP64 的范围（±1.8 × 10³⁰⁸），这里没有任何格式能存下它。</translation>
    </message>
    <message>
        <source>“%1” is below FP64&apos;s smallest value (4.9 × 10⁻³²⁴): every format stores 0.</source>
        <extracomment>%1 = what was typed</extracomment>
        <translation>“%1”小于 FP64 的最小值（4.9 × 10⁻³²⁴）：所有格式都存为 0。</translation>
    </message>
    <message>
        <source>A gradient of %1 vanishes in FP16 but survives in BF16, which keeps FP32&apos;s exponent range. This is why FP16 training scales the loss: ×%2 (%3) lifts this value into FP16&apos;s normal range.</source>
        <extracomment>%1 = the value, %2 = loss-scale factor, %3 = its power of two</extracomment>
        <translation>大小为 %1 的梯度在 FP16 中会消失，在 BF16 中却能保留，因为 BF16 保留了 FP32 的指数范围。这正是 FP16 训练要做 Loss Scaling 的原因：×%2（%3）可把这个值抬进 FP16 的规格化范围。</translation>
    </message>
    <message>
        <source>%1 overflows FP16 (max 65504) but not BF16. Under dynamic loss scaling an overflow like this skips the step and halves the scale.</source>
        <extracomment>%1 = the value</extracomment>
        <translation>%1 会让 FP16 上溢（最大 65504），但 BF16 不会。在动态 Loss Scaling 下，这样的溢出会跳过该步并把缩放因子减半。</translation>
    </message>
    <message>
        <source>Flushes to zero in %1.</source>
        <extracomment>%1 = list of formats</extracomment>
        <translation>在 %1 中下溢为零。</translation>
    </message>
    <message>
        <source>Overflows or clamps in %1.</source>
        <extracomment>%1 = list of formats</extracomment>
        <translation>在 %1 中上溢或被截断。</translation>
    </message>
    <message>
        <source>%1 is within range of every format; the rows show how each rounds it.</source>
        <extracomment>%1 = the value</extracomment>
        <translation>%1 在所有格式的范围之内；各行显示了每种格式如何对它舍入。</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>数值(&amp;V)：</translation>
    </message>
    <message>
        <source>A decimal such as 3.14159265, 1e-8 or 2^-24</source>
        <translation>十进制数，例如 3.14159265、1e-8 或 2^-24</translation>
    </message>
    <message>
        <source>Every format below shows what it stores for this value. Accepts decimals, 1e-8, 2^-24, 1/3 and pi.</source>
        <translation>下方每种格式都会显示它为这个值实际存储的内容。可输入小数、1e-8、2^-24、1/3 和 pi。</translation>
    </message>
    <message>
        <source>Show %1</source>
        <extracomment>tooltip of an example button; %1 = the example value</extracomment>
        <translation>显示 %1</translation>
    </message>
    <message>
        <source>What each format stores</source>
        <translation>各格式实际存储的值</translation>
    </message>
    <message>
        <source>Ranges, precision and memory</source>
        <translation>范围、精度与显存</translation>
    </message>
    <message>
        <source>Where the positive values lie</source>
        <translation>正数分布在哪里</translation>
    </message>
    <message>
        <source>Integer quantization: x_q = round(x / scale) + z</source>
        <translation>整数量化：x_q = round(x / scale) + z</translation>
    </message>
    <message>
        <source>Dashed: subnormals · ticks: every 8- and 4-bit value · drag or scroll to zoom</source>
        <translation>虚线：次正规数 · 刻度：每个 8 位和 4 位值 · 拖动或滚轮缩放</translation>
    </message>
    <message>
        <source>Log scale of |x|. Double-click the plot to see the whole range again.</source>
        <translation>|x| 的对数坐标。双击图表可重新显示全部范围。</translation>
    </message>
    <message>
        <source>Use for &amp;weights</source>
        <translation>用作权重格式(&amp;W)</translation>
    </message>
    <message>
        <source>%1 sign  %2 exponent  %3 mantissa  %4 integer  &lt;span style=&quot;color:%5&quot;&gt;· dashed: implicit bit · click a bit to flip it, ↑/↓ to step&lt;/span&gt;</source>
        <extracomment>legend of the bit colours</extracomment>
        <translation>%1 符号  %2 指数  %3 尾数  %4 整数  &lt;span style=&quot;color:%5&quot;&gt;· 虚线：隐含位 · 点击某一位可翻转，↑/↓ 可步进&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Serve the model with its weights in %1 (switches the explorer to inference)</source>
        <extracomment>tooltip of &quot;Use for weights&quot;; %1 = format</extracomment>
        <translation>以 %1 格式的权重部署模型（将切换到推理模式）</translation>
    </message>
    <message>
        <source>TF32 is how tensor cores read FP32 inputs, not a format weights are stored in</source>
        <translation>TF32 是 Tensor Core 读取 FP32 输入的方式，不是存储权重的格式</translation>
    </message>
    <message>
        <source>The estimate has no serving weight format for %1 (it knows FP32, BF16, FP16, FP8, INT8, INT4 and NF4)</source>
        <extracomment>tooltip of the disabled &quot;Use for weights&quot;; %1 = format</extracomment>
        <translation>估算中没有对应 %1 的推理权重格式（支持 FP32、BF16、FP16、FP8、INT8、INT4 和 NF4）</translation>
    </message>
    <message>
        <source>%1: %2 bits per value.</source>
        <extracomment>%1 = format, %2 = bits per value</extracomment>
        <translation>%1：每个值 %2 位。</translation>
    </message>
    <message>
        <source>The scenario&apos;s model</source>
        <translation>场景中的模型</translation>
    </message>
    <message>
        <source>%1 (%2 B parameters) in %3: %4 bits per weight → %5 GB of weights.</source>
        <extracomment>%1 = model name, %2 = parameters in billions, %3 = format, %4 = bits per weight, %5 = gigabytes of weights</extracomment>
        <translation>%1（%2 B 参数）采用 %3：每个权重 %4 位 → 权重共 %5 GB。</translation>
    </message>
    <message>
        <source>One value</source>
        <translation>单个数值</translation>
    </message>
    <message>
        <source>What FP32 … INT4 store for one number, bit by bit</source>
        <translation>FP32 … INT4 如何逐位存储一个数</translation>
    </message>
    <message>
        <source>Tensor studio</source>
        <translation>张量工作台</translation>
    </message>
    <message>
        <source>A whole tensor in a format with its scales: what is lost, and what a model would weigh</source>
        <translation>把整个张量连同缩放因子存成某种格式：损失了什么，模型会占多大</translation>
    </message>
    <message>
        <source>Compare formats</source>
        <translation>格式对比</translation>
    </message>
    <message>
        <source>The same tensor in nine formats, ranked by error and by bytes</source>
        <translation>同一个张量的九种格式，按误差和按字节排序</translation>
    </message>
    <message>
        <source>Loss scaling</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>FP16 gradients under GradScaler&apos;s dynamic loss scale, over a run</source>
        <translation>整个训练过程中 GradScaler 动态损失缩放下的 FP16 梯度</translation>
    </message>
</context>
<context>
    <name>NumberFormatStyle</name>
    <message>
        <source>FP32</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>TF32</translation>
    </message>
    <message>
        <source>FP16</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>FP4 E2M1</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>FP4 E2M1</translation>
    </message>
    <message>
        <source>INT8</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>INT8</translation>
    </message>
    <message>
        <source>UINT8</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>UINT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>INT4</translation>
    </message>
    <message>
        <source>MXFP8</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>MXFP8</translation>
    </message>
    <message>
        <source>MXFP4</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>MXFP4</translation>
    </message>
    <message>
        <source>NVFP4</source>
        <extracomment>number format name, usually kept as is</extracomment>
        <translation>NVFP4</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <extracomment>field widths: %1 sign bits, %2 exponent bits, %3 mantissa bits</extracomment>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>%1 + %2/%3 = %4</source>
        <extracomment>effective bits of a block-scaled format: %1 element bits, %2 scale bits, %3 block size, %4 total</extracomment>
        <translation>%1 + %2/%3 = %4</translation>
    </message>
    <message>
        <source>IEEE 754 single precision: optimizer states and the master copy of the weights.</source>
        <translation>IEEE 754 单精度：用于优化器状态和权重的主副本（master weights）。</translation>
    </message>
    <message>
        <source>NVIDIA TensorFloat-32: FP32&apos;s range with FP16&apos;s 10-bit mantissa; the A100&apos;s tensor cores read FP32 inputs this way. Stored as 32 bits.</source>
        <translation>NVIDIA TensorFloat-32：FP32 的范围加上 FP16 的 10 位尾数；A100 的 Tensor Core 就是这样读取 FP32 输入的。以 32 位存储。</translation>
    </message>
    <message>
        <source>IEEE 754 half precision: 5-bit exponent, so small gradients flush to zero without loss scaling.</source>
        <translation>IEEE 754 半精度：只有 5 位指数，不做 Loss Scaling 时小梯度会下溢为零。</translation>
    </message>
    <message>
        <source>Google Brain bfloat16: FP32&apos;s 8-bit exponent with a 7-bit mantissa; the usual training format on A100 and later.</source>
        <translation>Google Brain bfloat16：FP32 的 8 位指数加 7 位尾数；A100 及以后的常用训练格式。</translation>
    </message>
    <message>
        <source>OCP FP8 E4M3 (&quot;FN&quot;): no infinities, S.1111.111 is NaN, max 448; weights and activations in FP8 training.</source>
        <translation>OCP FP8 E4M3（&quot;FN&quot;）：没有无穷大，S.1111.111 为 NaN，最大 448；FP8 训练中用于权重和激活。</translation>
    </message>
    <message>
        <source>OCP FP8 E5M2: IEEE-like with infinities, max 57344; gradients in FP8 training.</source>
        <translation>OCP FP8 E5M2：类似 IEEE，有无穷大，最大 57344；FP8 训练中用于梯度。</translation>
    </message>
    <message>
        <source>OCP FP4 E2M1: eight magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6; no infinity or NaN. The element of MXFP4 and NVFP4.</source>
        <translation>OCP FP4 E2M1：只有 0、0.5、1、1.5、2、3、4、6 八个量级；没有无穷大和 NaN。是 MXFP4 和 NVFP4 的元素格式。</translation>
    </message>
    <message>
        <source>8-bit two&apos;s complement integer: W8A8 inference after calibrating a scale and zero point.</source>
        <translation>8 位补码整数：校准缩放因子和零点后用于 W8A8 推理。</translation>
    </message>
    <message>
        <source>8-bit unsigned integer: asymmetric quantization of non-negative tensors.</source>
        <translation>8 位无符号整数：用于非负张量的非对称量化。</translation>
    </message>
    <message>
        <source>4-bit two&apos;s complement integer: weight-only quantization (GPTQ, AWQ) with per-group scales.</source>
        <translation>4 位补码整数：按组缩放的仅权重量化（GPTQ、AWQ）。</translation>
    </message>
    <message>
        <source>OCP Microscaling MXFP8: blocks of 32 FP8 E4M3 values share one 8-bit power-of-two scale (E8M0).</source>
        <translation>OCP 微缩放 MXFP8：每 32 个 FP8 E4M3 值为一块，共享一个 8 位的 2 的幂缩放因子（E8M0）。</translation>
    </message>
    <message>
        <source>OCP Microscaling MXFP4: blocks of 32 FP4 E2M1 values share one 8-bit power-of-two scale (E8M0).</source>
        <translation>OCP 微缩放 MXFP4：每 32 个 FP4 E2M1 值为一块，共享一个 8 位的 2 的幂缩放因子（E8M0）。</translation>
    </message>
    <message>
        <source>NVIDIA NVFP4 (Blackwell): blocks of 16 FP4 E2M1 values share one FP8 E4M3 scale, plus one FP32 scale per tensor.</source>
        <translation>NVIDIA NVFP4（Blackwell）：每 16 个 FP4 E2M1 值为一块，共享一个 FP8 E4M3 缩放因子，每个张量另有一个 FP32 缩放因子。</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>规格化数</translation>
    </message>
    <message>
        <source>infinity</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>%1 %</source>
        <extracomment>a percentage; %1 = number</extracomment>
        <translation>%1%</translation>
    </message>
</context>
<context>
    <name>NumberLinePlot</name>
    <message>
        <source>|x| = %1</source>
        <extracomment>marker on the number line; %1 = the typed value&apos;s magnitude</extracomment>
        <translation>|x| = %1</translation>
    </message>
</context>
<context>
    <name>ParallelControls</name>
    <message>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>Data parallel DP = %1 = %2 GPUs / (TP %3 × PP %4 × CP %5)</source>
        <extracomment>derived degree; %1 = DP, %2 = GPUs, %3 = TP, %4 = PP, %5 = CP</extracomment>
        <translation>数据并行 DP = %1 = %2 张 GPU / (TP %3 × PP %4 × CP %5)</translation>
    </message>
    <message>
        <source>No whole data-parallel degree: %1 GPUs / %2</source>
        <extracomment>%1 = GPUs, %2 = TP × PP × CP</extracomment>
        <translation>数据并行度不是整数：%1 张 GPU / %2</translation>
    </message>
    <message>
        <source>G&amp;PUs</source>
        <translation>GPU 数(&amp;P)</translation>
    </message>
    <message>
        <source>Number of GPUs in the job. The slider offers powers of two; type any count in the box.</source>
        <translation>作业使用的 GPU 数。滑块按 2 的幂取值；任意数量可在输入框中键入。</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel (TP)</source>
        <translation>张量并行 TP(&amp;T)</translation>
    </message>
    <message>
        <source>Splits every weight matrix over TP GPUs (Megatron). Offered: degrees that divide the GPUs left
and the attention and KV heads. Keep it within a node.</source>
        <translation>把每个权重矩阵切分到 TP 张 GPU 上（Megatron）。可选值：能整除剩余 GPU 数
以及注意力头数和 KV 头数的并行度。应限制在一个节点内。</translation>
    </message>
    <message>
        <source>P&amp;ipeline parallel (PP)</source>
        <translation>流水线并行 PP(&amp;I)</translation>
    </message>
    <message>
        <source>Splits the layers into PP stages. Offered: degrees that divide the GPUs left, at most one per layer.</source>
        <translation>把各层切分成 PP 段。可选值：能整除剩余 GPU 数的并行度，每段至少一层。</translation>
    </message>
    <message>
        <source>&amp;Virtual stages</source>
        <translation>虚拟段数(&amp;V)</translation>
    </message>
    <message>
        <source>Model chunks per pipeline rank (interleaved 1F1B): a smaller bubble, more activations on stage 0.</source>
        <translation>每个流水线 rank 上的模型分块数（交错式 1F1B）：气泡更小，第 0 段的激活更多。</translation>
    </message>
    <message>
        <source>&amp;Context parallel (CP)</source>
        <translation>上下文并行 CP(&amp;C)</translation>
    </message>
    <message>
        <source>Splits each sequence over CP GPUs (ring attention). Offered: degrees that divide the GPUs left and the sequence.</source>
        <translation>把每条序列切分到 CP 张 GPU 上（Ring Attention）。可选值：能整除剩余 GPU 数和序列长度的并行度。</translation>
    </message>
    <message>
        <source>&amp;Sequence parallel (with TP)</source>
        <translation>序列并行（配合 TP）(&amp;S)</translation>
    </message>
    <message>
        <source>Also splits the norms&apos; and dropouts&apos; activations over the TP group (Korthikanti et al.).</source>
        <translation>把归一化层和 dropout 的激活也切分到 TP 组上（Korthikanti 等）。</translation>
    </message>
    <message>
        <source>Expert DP = %1 · %2 of %3 experts per GPU, top-%4 routing</source>
        <extracomment>under expert TP; %1 = expert-data-parallel degree, %2 = experts per EP rank, %3 = experts, %4 = top-k</extracomment>
        <translation>专家 DP = %1 · 每卡 %2 / %3 个专家，top-%4 路由</translation>
    </message>
    <message>
        <source>&amp;Expert parallel (EP)</source>
        <translation>专家并行 EP(&amp;E)</translation>
    </message>
    <message>
        <source>E&amp;xpert TP</source>
        <translation>专家 TP(&amp;X)</translation>
    </message>
    <message>
        <source>Tensor parallelism inside each expert (Megatron&apos;s expert_tensor_parallel_size; by default the same as TP).</source>
        <translation>每个专家内部的张量并行（Megatron 的 expert_tensor_parallel_size；默认与 TP 相同）。</translation>
    </message>
    <message>
        <source>Capacity &amp;factor</source>
        <translation>容量因子(&amp;F)</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>Splits each MoE layer&apos;s experts over EP GPUs; tokens travel to their experts by all-to-all.
Offered: degrees that divide the experts and the GPUs left by PP × expert TP.</source>
        <translation>把每个 MoE 层的专家切分到 EP 张 GPU 上；token 通过 all-to-all 发往各自的专家。
可选值：能整除专家数以及 PP × 专家 TP 之后剩余 GPU 数的并行度。</translation>
    </message>
    <message>
        <source>Expert capacity as a multiple of an even share of the routed tokens (GShard): the dispatch
buffers are sized for it. Dropless routing averages about 1.</source>
        <translation>专家容量，以平均分到的路由 token 数的倍数表示（GShard）：分发缓冲区
按它来分配。无丢弃路由平均约为 1。</translation>
    </message>
    <message>
        <source>Replicas = %1 = %2 GPUs / (TP %3 × PP %4)</source>
        <extracomment>derived degree when serving; %1 = replicas, %2 = GPUs, %3 = TP, %4 = PP</extracomment>
        <translation>副本数 = %1 = %2 张 GPU / (TP %3 × PP %4)</translation>
    </message>
    <message>
        <source>Pipe&amp;line schedule</source>
        <translation>流水线调度(&amp;L)</translation>
    </message>
    <message>
        <source>1F1B (interleaved with virtual stages)</source>
        <translation>1F1B（有虚拟段时为交错式）</translation>
    </message>
    <message>
        <source>ZB-V (zero bubble, V-shaped)</source>
        <translation>ZB-V（零气泡，V 形）</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>DualPipeV</source>
        <translation>DualPipeV</translation>
    </message>
    <message>
        <source>The order of the pipeline&apos;s forwards and backwards: its bubble and the activations each stage holds.
ZB-V splits the backward into input and weight gradients on two chunks per rank (Qi et al. 2024);
DualPipe feeds micro-batches from both ends and DualPipeV is its V-shaped half (DeepSeek-V3 report,
deepseek-ai/DualPipe). They run their own chunks: virtual stages must be 1.</source>
        <translation>流水线前向与反向的执行顺序：决定气泡大小和每段持有的激活。
ZB-V 把反向拆成输入梯度与权重梯度，每个 rank 两个分块（Qi 等，2024）；
DualPipe 从两端同时送入微批次，DualPipeV 是它的 V 形一半（DeepSeek-V3 技术报告，
deepseek-ai/DualPipe）。它们自带分块：虚拟段数必须为 1。</translation>
    </message>
</context>
<context>
    <name>ParetoPlot</name>
    <message>
        <source>Step time (log scale)</source>
        <translation>步时（对数刻度）</translation>
    </message>
    <message>
        <source>Peak memory of the fullest GPU</source>
        <translation>最满的 GPU 的峰值显存</translation>
    </message>
    <message>
        <source>No layout fits</source>
        <translation>没有能放下的布局</translation>
    </message>
    <message>
        <source>%1
step %2 · fullest GPU %3</source>
        <extracomment>Pareto point tooltip; %1 = layout, %2 = step time, %3 = peak memory</extracomment>
        <translation>%1
每步 %2 · 最满的 GPU %3</translation>
    </message>
</context>
<context>
    <name>PlanTableModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Memory of the fullest GPU</source>
        <translation>最满的 GPU 的显存</translation>
    </message>
    <message>
        <source>Capacity left on the fullest GPU</source>
        <translation>最满的 GPU 剩余的容量</translation>
    </message>
    <message>
        <source>One optimizer step, from the step-time model</source>
        <translation>一次优化器步，取自步时模型</translation>
    </message>
    <message>
        <source>On the Pareto front: no other fitting layout is faster, lighter and cheaper at once</source>
        <translation>位于帕累托前沿：没有其他能放下的布局同时更快、更省显存且更便宜</translation>
    </message>
    <message>
        <source>Where this layout spends more time than the best one, as a share of the best one&apos;s step</source>
        <translation>该布局比最优布局多花时间的地方，以最优布局步时的百分比表示</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>每步（秒）</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Pareto</source>
        <translation>帕累托</translation>
    </message>
    <message>
        <source>Why slower than #1</source>
        <translation>比第 1 名慢在哪里</translation>
    </message>
</context>
<context>
    <name>PlanText</name>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Virtual stages (VPP)</source>
        <translation>虚拟段（VPP）</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>优化器卸载</translation>
    </message>
    <message>
        <source>Parameter offload</source>
        <translation>参数卸载</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>GEMMs</source>
        <translation>GEMM</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>norms and activations</source>
        <translation>归一化与激活</translation>
    </message>
    <message>
        <source>per-layer overhead</source>
        <translation>每层开销</translation>
    </message>
    <message>
        <source>recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>data-parallel communication</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <source>tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>pipeline communication</source>
        <translation>流水线通信</translation>
    </message>
    <message>
        <source>context-parallel communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <source>expert all-to-all</source>
        <translation>专家 all-to-all</translation>
    </message>
    <message>
        <source>offload over PCIe</source>
        <translation>经 PCIe 卸载</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>rollout</source>
        <translation>rollout 生成</translation>
    </message>
    <message>
        <source>%1 %2 (across nodes)</source>
        <translation>%2 %1（跨节点）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%2 %1</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>b %1</source>
        <extracomment>micro-batch size in a layout&apos;s short form</extracomment>
        <translation>b %1</translation>
    </message>
    <message>
        <source>selective recompute</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>full recompute</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <source>optimizer offload</source>
        <translation>优化器卸载</translation>
    </message>
    <message>
        <source>parameter offload</source>
        <translation>参数卸载</translation>
    </message>
    <message>
        <source>Fastest step</source>
        <translation>步时最短</translation>
    </message>
    <message>
        <source>Lowest cost</source>
        <translation>成本最低</translation>
    </message>
    <message>
        <source>Most memory headroom</source>
        <translation>显存余量最大</translation>
    </message>
</context>
<context>
    <name>PlannerView</name>
    <message>
        <source>Apply layout %1</source>
        <extracomment>undo text; %1 = the layout in short form</extracomment>
        <translation>应用布局 %1</translation>
    </message>
    <message>
        <source>Searching every layout…</source>
        <translation>正在搜索所有布局…</translation>
    </message>
    <message>
        <source>The planner searches when this page is shown.</source>
        <translation>显示本页时规划器才会搜索。</translation>
    </message>
    <message>
        <source>The planner searches training layouts: switch to training or fine-tuning.</source>
        <translation>规划器搜索的是训练布局：请切换到训练或微调。</translation>
    </message>
    <message>
        <source>This scenario cannot be planned: fix the errors the controls show.</source>
        <translation>无法为该场景规划：请先改正控件中提示的错误。</translation>
    </message>
    <message>
        <source>%1 candidates considered, %2 fit; %3 estimated, the rest pruned, dominated or bounded; searched in %4 ms.</source>
        <extracomment>planner summary; %1 = candidates, %2 = fitting, %3 = estimated, %4 = search time in ms</extracomment>
        <translation>共考察 %1 个候选，%2 个放得下；估算了 %3 个，其余被剪枝、被支配或超出界限；搜索用时 %4 毫秒。</translation>
    </message>
    <message>
        <source>No layout fits on these GPUs: the table shows the closest (untick “Fitting only”).</source>
        <translation>这些 GPU 上没有能放下的布局：表格显示最接近的（取消勾选“只看放得下的”）。</translation>
    </message>
    <message>
        <source>Best: %1 — %2 per step, MFU %3.</source>
        <extracomment>planner summary; %1 = best layout, %2 = step time, %3 = MFU</extracomment>
        <translation>最优：%1 —— 每步 %2，MFU %3。</translation>
    </message>
    <message>
        <source>The scenario&apos;s layout is the best.</source>
        <translation>当前场景的布局就是最优的。</translation>
    </message>
    <message>
        <source>The scenario&apos;s layout ranks #%1, %2 slower.</source>
        <extracomment>planner summary; %1 = rank, %2 = share slower than the best</extracomment>
        <translation>当前场景的布局排第 %1，慢 %2。</translation>
    </message>
    <message>
        <source>Times come from the step-time model: the MFU the scenario states holds for its own layout only.</source>
        <translation>时间取自步时模型：场景中给出的 MFU 只适用于它自己的布局。</translation>
    </message>
    <message>
        <source>&amp;Rank by</source>
        <translation>排序依据(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;ZeRO</source>
        <translation>&amp;ZeRO</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>only %1</source>
        <extracomment>a ZeRO stage pinned in the planner; %1 = 0–3</extracomment>
        <translation>只用 %1</translation>
    </message>
    <message>
        <source>&amp;TP up to</source>
        <translation>TP 上限(&amp;T)</translation>
    </message>
    <message>
        <source>a node</source>
        <translation>一个节点</translation>
    </message>
    <message>
        <source>Tensor parallelism stays inside one node unless a larger maximum is chosen</source>
        <translation>除非选择更大的上限，张量并行都限制在一个节点内</translation>
    </message>
    <message>
        <source>No &amp;offload</source>
        <translation>不卸载(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Fitting only</source>
        <translation>只看放得下的(&amp;F)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Apply Layout</source>
        <translation>应用布局(&amp;A)</translation>
    </message>
    <message>
        <source>Make the selected layout the scenario (one undo step); double-click a row does the same</source>
        <translation>把选中的布局设为当前场景（一步撤销）；双击一行效果相同</translation>
    </message>
    <message>
        <source>Co&amp;mpare</source>
        <translation>比较(&amp;M)</translation>
    </message>
    <message>
        <source>Select two rows (Ctrl+click) to compare their memory and step time</source>
        <translation>选择两行（Ctrl+单击）比较它们的显存和步时</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>Feasibility</source>
        <translation>可行性</translation>
    </message>
    <message>
        <source>The best layout for each pair of values, coloured by the memory left on its fullest GPU; ★ the fastest</source>
        <translation>每对取值下的最优布局，按其最满 GPU 的剩余显存着色；★ 为最快</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Step time against peak memory of every fitting layout; the front: none is both faster and lighter</source>
        <translation>所有放得下的布局的步时与峰值显存；前沿上的布局没有别的既更快又更省显存</translation>
    </message>
    <message>
        <source>Launch settings</source>
        <translation>启动设置</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>⚠ Sensitive to the network: the best layout sends %1 per GPU per step between nodes; at half the network bandwidth its step would take %2 (+%3).</source>
        <extracomment>planner summary; %1 = bytes each GPU sends between nodes per step, %2 = the step at half the network bandwidth, %3 = how much longer</extracomment>
        <translation>⚠ 对网络敏感：最佳布局每步每卡在节点间传输 %1；网络带宽减半时每步将需 %2（+%3）。</translation>
    </message>
</context>
<context>
    <name>PrecisionControls</name>
    <message>
        <source>Precision &amp;&amp; optimizer</source>
        <translation>精度与优化器</translation>
    </message>
    <message>
        <source>Every data-parallel rank keeps all model states.</source>
        <translation>每个数据并行 rank 都保存全部模型状态。</translation>
    </message>
    <message>
        <source>Each rank keeps 1/%1 of the optimizer states.</source>
        <extracomment>%1 = ranks ZeRO shards over</extracomment>
        <translation>每个 rank 保存 1/%1 的优化器状态。</translation>
    </message>
    <message>
        <source>Each rank keeps 1/%1 of the optimizer states and gradients.</source>
        <extracomment>%1 = ranks ZeRO shards over</extracomment>
        <translation>每个 rank 保存 1/%1 的优化器状态和梯度。</translation>
    </message>
    <message>
        <source>Each rank keeps 1/%1 of the weights, gradients and optimizer states.</source>
        <extracomment>%1 = ranks ZeRO shards over</extracomment>
        <translation>每个 rank 保存 1/%1 的权重、梯度和优化器状态。</translation>
    </message>
    <message>
        <source>&amp;Precision</source>
        <translation>精度(&amp;P)</translation>
    </message>
    <message>
        <source>Mixed 16-bit (2 + 2 + 12 B)</source>
        <translation>16 位混合精度（2 + 2 + 12 B）</translation>
    </message>
    <message>
        <source>BF16, FP32 grads (2 + 4 + 12 B)</source>
        <translation>BF16，FP32 梯度（2 + 4 + 12 B）</translation>
    </message>
    <message>
        <source>FP32 (4 + 4 + 8 B)</source>
        <translation>FP32（4 + 4 + 8 B）</translation>
    </message>
    <message>
        <source>Pure BF16 (2 + 2 + 4 B)</source>
        <translation>纯 BF16（2 + 2 + 4 B）</translation>
    </message>
    <message>
        <source>FP8 weights (1 + 4 + 12 B)</source>
        <translation>FP8 权重（1 + 4 + 12 B）</translation>
    </message>
    <message>
        <source>How weights, gradients and optimizer states are stored: bytes per parameter for weights + gradients + optimizer (with Adam).</source>
        <translation>权重、梯度和优化器状态的存储方式：每参数的字节数，依次为权重 + 梯度 + 优化器（以 Adam 计）。</translation>
    </message>
    <message>
        <source>&amp;Optimizer</source>
        <translation>优化器(&amp;O)</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>&amp;ZeRO stage</source>
        <translation>ZeRO 阶段(&amp;Z)</translation>
    </message>
    <message>
        <source>ZeRO shards model states over the data-parallel ranks: 1 the optimizer states, 2 also the gradients,
3 also the weights (Ctrl+0 … Ctrl+3).</source>
        <translation>ZeRO 把模型状态分片到各数据并行 rank 上：1 切分优化器状态，2 再加梯度，
3 再加权重（Ctrl+0 … Ctrl+3）。</translation>
    </message>
    <message>
        <source>Offload optimizer to CPU</source>
        <translation>把优化器状态卸载到 CPU</translation>
    </message>
    <message>
        <source>Optimizer step in backward</source>
        <translation>优化器步骤融入反向传播</translation>
    </message>
    <message>
        <source>torchtune&apos;s optimizer_in_bwd: each parameter is stepped, and its gradient freed, as soon as the
gradient is made, so only one gradient is held at a time. Needs one micro-batch per step
(no gradient accumulation).</source>
        <translation>torchtune 的 optimizer_in_bwd：每个参数的梯度一生成就立即执行该参数的优化器步骤并释放梯度，
因此同一时刻只保留一个梯度。要求每步只有一个微批次（不能梯度累积）。</translation>
    </message>
    <message>
        <source>ZeRO-Offload: keep optimizer states in CPU memory (needs ZeRO 1–3).</source>
        <translation>ZeRO-Offload：把优化器状态放在 CPU 内存中（需要 ZeRO 1–3）。</translation>
    </message>
    <message>
        <source>Offload parameters to CPU</source>
        <translation>把参数卸载到 CPU</translation>
    </message>
    <message>
        <source>ZeRO-Infinity style: keep the weights in CPU memory too (needs ZeRO-3).</source>
        <translation>ZeRO-Infinity 方式：把权重也放在 CPU 内存中（需要 ZeRO-3）。</translation>
    </message>
    <message>
        <source>&amp;Recompute</source>
        <translation>重计算(&amp;R)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective (attention core)</source>
        <translation>选择性（注意力核心）</translation>
    </message>
    <message>
        <source>Full (every layer)</source>
        <translation>完全（每一层）</translation>
    </message>
    <message>
        <source>Activation recomputation: save less in the forward pass and recompute it in the backward pass.
Selective recomputes the attention core (Korthikanti et al.); full keeps only each layer&apos;s input.</source>
        <translation>激活重计算：前向少存一些，反向时再重新计算。
选择性重计算只重算注意力核心（Korthikanti 等）；完全重计算只保存每层的输入。</translation>
    </message>
    <message>
        <source>&amp;FlashAttention</source>
        <translation>FlashAttention(&amp;F)</translation>
    </message>
    <message>
        <source>Fused attention that never stores the s × s score matrix.</source>
        <translation>融合的注意力实现，从不存储 s × s 的分数矩阵。</translation>
    </message>
</context>
<context>
    <name>PresentationControls</name>
    <message>
        <source>Try it</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3</source>
        <extracomment>under the GPU slider; %1 = tensor, %2 = pipeline, %3 = data-parallel degree</extracomment>
        <translation>TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source>every rank keeps all model states</source>
        <translation>每个 rank 都保存全部模型状态</translation>
    </message>
    <message>
        <source>optimizer states sharded</source>
        <translation>优化器状态分片</translation>
    </message>
    <message>
        <source>+ gradients sharded</source>
        <translation>+ 梯度分片</translation>
    </message>
    <message>
        <source>+ weights sharded</source>
        <translation>+ 权重分片</translation>
    </message>
    <message>
        <source>none: every activation is kept</source>
        <translation>不重计算：保存全部激活</translation>
    </message>
    <message>
        <source>selective: the attention core is recomputed</source>
        <translation>选择性：重算注意力核心</translation>
    </message>
    <message>
        <source>full: only each layer&apos;s input is kept</source>
        <translation>完全：只保存每层的输入</translation>
    </message>
    <message>
        <source>Model size</source>
        <translation>模型规模</translation>
    </message>
    <message>
        <source> B</source>
        <comment>billions of parameters</comment>
        <translation> B</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source> seq</source>
        <translation> 条</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Global batch follows GPUs</source>
        <translation>全局批大小随 GPU 数变化</translation>
    </message>
    <message>
        <source>Dragging the GPUs scales the global batch too: each GPU keeps its tokens per step, so the layout stays valid.</source>
        <translation>拖动 GPU 数时全局批大小一起缩放：每张卡每步处理的 token 数不变，布局始终有效。</translation>
    </message>
    <message>
        <source>%1 tokens in context with the generated ones</source>
        <translation>连同生成部分，上下文共 %1 token</translation>
    </message>
    <message>
        <source>FP32: 4 bytes per weight</source>
        <translation>FP32：每个权重 4 字节</translation>
    </message>
    <message>
        <source>BF16: 2 bytes per weight</source>
        <translation>BF16：每个权重 2 字节</translation>
    </message>
    <message>
        <source>FP16: 2 bytes per weight</source>
        <translation>FP16：每个权重 2 字节</translation>
    </message>
    <message>
        <source>FP8: 1 byte per weight</source>
        <translation>FP8：每个权重 1 字节</translation>
    </message>
    <message>
        <source>INT8: 1 byte per weight, plus scales</source>
        <translation>INT8：每个权重 1 字节，另加缩放因子</translation>
    </message>
    <message>
        <source>INT4: half a byte per weight, plus scales</source>
        <translation>INT4：每个权重半字节，另加缩放因子</translation>
    </message>
    <message>
        <source>NF4: half a byte per weight, plus scales</source>
        <translation>NF4：每个权重半字节，另加缩放因子</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>并发序列数</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>Generated tokens</source>
        <translation>生成 token 数</translation>
    </message>
    <message>
        <source>Weight format</source>
        <translation>权重格式</translation>
    </message>
</context>
<context>
    <name>PresentationWindow</name>
    <message>
        <source>Scene %1: %2</source>
        <extracomment>undo text; %1 = scene number, %2 = scene title</extracomment>
        <translation>场景 %1：%2</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <extracomment>scene counter; %1 = current scene, %2 = scenes in the deck</extracomment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>This layout cannot run: %1</source>
        <extracomment>presentation status; %1 = why the layout cannot run</extracomment>
        <translation>这个布局无法运行：%1</translation>
    </message>
    <message>
        <source>Fits: %1 of %2 on the fullest GPU</source>
        <extracomment>presentation status; %1 = memory used on the fullest GPU, %2 = its capacity</extracomment>
        <translation>放得下：显存最满的 GPU 使用 %1 / %2</translation>
    </message>
    <message>
        <source>Does not fit: %1 needed, %2 per GPU</source>
        <extracomment>presentation status; %1 = memory needed per GPU, %2 = its capacity</extracomment>
        <translation>放不下：需要 %1，每卡只有 %2</translation>
    </message>
    <message>
        <source>Open Deck</source>
        <translation>打开场景集</translation>
    </message>
    <message>
        <source>Decks of scenes (*.json)</source>
        <translation>场景集 (*.json)</translation>
    </message>
    <message>
        <source>Save Deck</source>
        <translation>保存场景集</translation>
    </message>
    <message>
        <source>Scene %1</source>
        <extracomment>default title of a scene added from the current scenario; %1 = its number</extracomment>
        <translation>场景 %1</translation>
    </message>
    <message>
        <source>Add Scene</source>
        <translation>添加场景</translation>
    </message>
    <message>
        <source>Title of the new scene (the current scenario):</source>
        <translation>新场景（即当前场景）的标题：</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一个</translation>
    </message>
    <message>
        <source>Previous scene (Left, Page Up)</source>
        <translation>上一个场景（←、Page Up）</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一个 ▶</translation>
    </message>
    <message>
        <source>Next scene (Right, Page Down, Space)</source>
        <translation>下一个场景（→、Page Down、空格）</translation>
    </message>
    <message>
        <source>Open Deck…</source>
        <translation>打开场景集…</translation>
    </message>
    <message>
        <source>Add Scene…</source>
        <translation>添加场景…</translation>
    </message>
    <message>
        <source>Adds the scenario as it is now as a scene after this one.</source>
        <translation>把当前场景作为新场景添加到这一个之后。</translation>
    </message>
    <message>
        <source>Save Deck…</source>
        <translation>保存场景集…</translation>
    </message>
    <message>
        <source>Light Theme (T)</source>
        <translation>浅色主题（T）</translation>
    </message>
    <message>
        <source>Dark Theme (T)</source>
        <translation>深色主题（T）</translation>
    </message>
    <message>
        <source>Leave (Esc)</source>
        <translation>退出（Esc）</translation>
    </message>
    <message>
        <source>⚠ %1 (+%2 more)</source>
        <extracomment>presentation, the first warning; %1 = its text, %2 = how many more</extracomment>
        <translation>⚠ %1（另有 %2 条）</translation>
    </message>
    <message>
        <source>⚠ %1</source>
        <extracomment>presentation, the only warning</extracomment>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <source>%1[*] — ShardScope Presentation</source>
        <extracomment>window title; %1 = deck file or title, &quot;[*]&quot; marks unsaved changes</extracomment>
        <translation>%1[*] — ShardScope 演示</translation>
    </message>
    <message>
        <source>Leave the Presentation</source>
        <translation>退出演示</translation>
    </message>
    <message>
        <source>Keep what changed in the presentation?</source>
        <translation>保留演示中的改动吗？</translation>
    </message>
    <message numerus="yes">
        <source>%n scene(s) changed live: kept as new scenes after the ones they started from.</source>
        <extracomment>%n = scenes whose sliders were moved</extracomment>
        <translation>
            <numerusform>%n 个场景被现场修改：作为新场景放在各自原场景之后。</numerusform>
        </translation>
    </message>
    <message>
        <source>The deck (%1) is then saved; the explorer&apos;s scenario is not touched either way.</source>
        <extracomment>%1 = deck file or title</extracomment>
        <translation>随后保存场景集（%1）；无论如何都不会改动浏览窗口中的场景。</translation>
    </message>
    <message>
        <source>Keep and Save Deck…</source>
        <translation>保留并保存场景集…</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Add Scene (A)…</source>
        <translation>添加场景（A）…</translation>
    </message>
    <message>
        <source>Saves the deck of scenes (Ctrl+S); the explorer&apos;s scenario file is never written from here.</source>
        <translation>保存场景集（Ctrl+S）；这里从不写入浏览窗口的场景文件。</translation>
    </message>
    <message>
        <source>Undo (Ctrl+Z)</source>
        <translation>撤销（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Undoes what was dragged on this scene.</source>
        <translation>撤销在本场景中拖动的改动。</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Save Deck As…</source>
        <translation>场景集另存为…</translation>
    </message>
    <message>
        <source>Lock Axis (L)</source>
        <translation>锁定坐标轴（L）</translation>
    </message>
    <message>
        <source>Keeps the memory axis from scene to scene, so bars compare by height.</source>
        <translation>在场景之间保持显存坐标轴不变，柱子的高度可以直接比较。</translation>
    </message>
    <message>
        <source>Pause (P)</source>
        <translation>暂停 (P)</translation>
    </message>
    <message>
        <source>Play (P)</source>
        <translation>播放 (P)</translation>
    </message>
    <message>
        <source>Plays the training step: the cursor moves through the schedule and stage 0&apos;s memory together (P).</source>
        <translation>播放训练步：光标同时走过流水线调度和第 0 段的显存 (P)。</translation>
    </message>
    <message>
        <source>Saved the deck to %1.</source>
        <extracomment>presentation, for a few seconds after Save Deck; %1 = the deck&apos;s file name</extracomment>
        <translation>已将演示稿保存到 %1。</translation>
    </message>
</context>
<context>
    <name>QuantizationPanel</name>
    <message>
        <source>The range&apos;s lower end is above its upper end: swap them.</source>
        <translation>范围的下限高于上限：请交换两者。</translation>
    </message>
    <message>
        <source>The range has no width, so there is nothing to spread over the integers.</source>
        <translation>范围宽度为零，没有可以映射到整数上的区间。</translation>
    </message>
    <message>
        <source>These settings cannot be quantized.</source>
        <translation>这些设置无法量化。</translation>
    </message>
    <message>
        <source>max|x| / %2 = %1 / %2 = %3</source>
        <extracomment>symmetric scale; %1 = max |x|, %2 = largest integer used, %3 = scale</extracomment>
        <translation>max|x| / %2 = %1 / %2 = %3</translation>
    </message>
    <message>
        <source>0 (symmetric: real 0 is integer 0)</source>
        <translation>0（对称量化：实数 0 对应整数 0）</translation>
    </message>
    <message>
        <source>%1 (the middle of %2…%3)</source>
        <extracomment>%1 = zero point, %2–%3 = the integer range</extracomment>
        <translation>%1（%2…%3 的中点）</translation>
    </message>
    <message>
        <source>(max − min) / %3 = (%1 − %2) / %3 = %4</source>
        <extracomment>asymmetric scale; %1 = max, %2 = min, %3 = number of integer steps, %4 = scale</extracomment>
        <translation>(max − min) / %3 = (%1 − %2) / %3 = %4</translation>
    </message>
    <message>
        <source>q_min − round(min / scale) = %1 − round(%2) = %3</source>
        <extracomment>%1 = q_min, %2 = min / scale, %3 = zero point</extracomment>
        <translation>q_min − round(min / scale) = %1 − round(%2) = %3</translation>
    </message>
    <message>
        <source>round(x / scale) + z = round(%1) + %2 = %3   →  %4</source>
        <extracomment>%1 = x / scale, %2 = zero point, %3 = stored integer, %4 = its bits</extracomment>
        <translation>round(x / scale) + z = round(%1) + %2 = %3   →  %4</translation>
    </message>
    <message>
        <source>(q − z) × scale = (%1 − %2) × %3 = %4   error %5</source>
        <extracomment>%1 = stored integer, %2 = zero point, %3 = scale, %4 = dequantized value, %5 = error</extracomment>
        <translation>(q − z) × scale = (%1 − %2) × %3 = %4   误差 %5</translation>
    </message>
    <message>
        <source>%1 lies outside %2…%3 and is clipped to the nearest end.</source>
        <extracomment>%1 = the value, %2 = lowest representable, %3 = highest representable real value</extracomment>
        <translation>%1 在 %2…%3 之外，被截断到最近的端点。</translation>
    </message>
    <message>
        <source>Inside the range the error is at most half a step, ±%1.</source>
        <extracomment>%1 = half a step, the largest rounding error inside the range</extracomment>
        <translation>在范围内，误差最多为半个步长，即 ±%1。</translation>
    </message>
    <message>
        <source>Symmetric</source>
        <translation>对称</translation>
    </message>
    <message>
        <source>Asymmetric</source>
        <translation>非对称</translation>
    </message>
    <message>
        <source>Zero point fixed, scale from max|x| (weights)</source>
        <translation>零点固定，缩放因子取自 max|x|（权重）</translation>
    </message>
    <message>
        <source>Scale and zero point map [min, max] onto the full integer range (activations)</source>
        <translation>缩放因子和零点把 [min, max] 映射到整个整数范围（激活）</translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation>格式(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Scheme</source>
        <translation>方案(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Range</source>
        <translation>范围(&amp;R)</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>&amp;Value x</source>
        <translation>数值 x(&amp;V)</translation>
    </message>
    <message>
        <source>Scale</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>Zero point z</source>
        <translation>零点 z</translation>
    </message>
    <message>
        <source>Stored q</source>
        <translation>存储值 q</translation>
    </message>
    <message>
        <source>Dequantized</source>
        <translation>反量化值</translation>
    </message>
</context>
<context>
    <name>RecentFiles</name>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
</context>
<context>
    <name>RegimeText</name>
    <message>
        <source>A100</source>
        <translation>A100</translation>
    </message>
    <message>
        <source>Hopper</source>
        <translation>Hopper</translation>
    </message>
    <message>
        <source>Blackwell</source>
        <translation>Blackwell</translation>
    </message>
    <message>
        <source>AMD</source>
        <translation>AMD</translation>
    </message>
    <message>
        <source>workstation GPU</source>
        <translation>工作站 GPU</translation>
    </message>
    <message>
        <source>other GPU</source>
        <translation>其他 GPU</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>MoE</source>
        <translation>MoE</translation>
    </message>
    <message>
        <source>small (≤ 3B)</source>
        <translation>小模型（≤ 3B）</translation>
    </message>
    <message>
        <source>large (≥ 100B)</source>
        <translation>大模型（≥ 100B）</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>16-bit</source>
        <translation>16 位</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>Megatron</source>
        <translation>Megatron</translation>
    </message>
    <message>
        <source>FSDP</source>
        <translation>FSDP</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>DDP</source>
        <translation>DDP</translation>
    </message>
    <message>
        <source>long context</source>
        <translation>长上下文</translation>
    </message>
    <message>
        <source>pipeline</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>SGLang</source>
        <translation>SGLang</translation>
    </message>
    <message>
        <source>TensorRT-LLM</source>
        <translation>TensorRT-LLM</translation>
    </message>
    <message>
        <source>llama.cpp</source>
        <translation>llama.cpp</translation>
    </message>
    <message>
        <source>HF transformers</source>
        <translation>HF transformers</translation>
    </message>
    <message>
        <source>batch 1</source>
        <translation>批大小 1</translation>
    </message>
    <message>
        <source>high concurrency</source>
        <translation>高并发</translation>
    </message>
    <message>
        <source>quantized weights</source>
        <translation>量化权重</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
</context>
<context>
    <name>RlControls</name>
    <message>
        <source>Reinforcement learning</source>
        <translation>强化学习</translation>
    </message>
    <message>
        <source>PPO&apos;s value model: trained like the policy, with its own gradients and optimizer states.</source>
        <translation>PPO 的价值模型：像策略一样训练，有自己的梯度和优化器状态。</translation>
    </message>
    <message>
        <source>GRPO needs no critic: it compares each answer with the others of its group.</source>
        <translation>GRPO 不需要 Critic：它把每个回答与同组的其他回答比较。</translation>
    </message>
    <message>
        <source>KV cache: the rollouts need %1 per GPU, the engine reserves %2</source>
        <extracomment>under the rollout memory; %1 = KV cache the rollout batch needs per GPU, %2 = what the engine reserves</extracomment>
        <translation>KV Cache：Rollout 每卡需要 %1，引擎预留了 %2</translation>
    </message>
    <message>
        <source>&amp;Algorithm</source>
        <translation>算法(&amp;A)</translation>
    </message>
    <message>
        <source>None (supervised)</source>
        <translation>无（监督微调）</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
    <message>
        <source>PPO</source>
        <translation>PPO</translation>
    </message>
    <message>
        <source>GRPO (Shao et al. 2024): several answers per prompt, rewards compared within the group.
PPO (Ouyang et al. 2022): a critic estimates the value of each answer.</source>
        <translation>GRPO（Shao 等，2024）：每条提示生成多个回答，在组内比较奖励。
PPO（Ouyang 等，2022）：由 Critic 估计每个回答的价值。</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <translation>INT4</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>KL &amp;reference</source>
        <translation>KL 参考模型(&amp;R)</translation>
    </message>
    <message>
        <source>A frozen copy of the starting policy for the KL penalty (with LoRA it shares the frozen base).</source>
        <translation>初始策略的冻结副本，用于 KL 惩罚（使用 LoRA 时与冻结的基座共享）。</translation>
    </message>
    <message>
        <source>Offload the reference to CPU</source>
        <translation>把参考模型卸载到 CPU</translation>
    </message>
    <message>
        <source>Re&amp;ward model</source>
        <translation>奖励模型(&amp;W)</translation>
    </message>
    <message>
        <source>A learned, frozen model that scores the answers (GRPO often uses rule-based rewards instead).</source>
        <translation>训练好的冻结模型，为回答打分（GRPO 常改用基于规则的奖励）。</translation>
    </message>
    <message>
        <source>Reward model size</source>
        <translation>奖励模型规模</translation>
    </message>
    <message>
        <source> B</source>
        <comment>billions of parameters</comment>
        <translation> B</translation>
    </message>
    <message>
        <source>as the policy</source>
        <translation>与策略相同</translation>
    </message>
    <message>
        <source>&amp;Critic (value model)</source>
        <translation>Critic（价值模型）(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Samples per prompt</source>
        <translation>每条提示的采样数(&amp;S)</translation>
    </message>
    <message>
        <source>Answers generated per prompt (GRPO&apos;s group size).</source>
        <translation>每条提示生成的回答数（GRPO 的组大小）。</translation>
    </message>
    <message>
        <source>Rollout &amp;prompt</source>
        <translation>Rollout 提示长度(&amp;P)</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>&amp;New tokens</source>
        <translation>新生成 token 数(&amp;N)</translation>
    </message>
    <message>
        <source>The longest answer the rollout engine generates.</source>
        <translation>Rollout 引擎生成的最长回答。</translation>
    </message>
    <message>
        <source>Rollout &amp;memory</source>
        <translation>Rollout 显存(&amp;M)</translation>
    </message>
    <message>
        <source> %</source>
        <translation>%</translation>
    </message>
    <message>
        <source>vLLM&apos;s gpu_memory_utilization: the share of each GPU the rollout engine reserves for its weights
and KV cache (verl&apos;s default 0.4 when colocated).</source>
        <translation>vLLM 的 gpu_memory_utilization：Rollout 引擎为其权重和 KV Cache 预留的
每卡显存比例（verl 共置时默认 0.4）。</translation>
    </message>
    <message>
        <source>P&amp;lacement</source>
        <translation>部署方式(&amp;L)</translation>
    </message>
    <message>
        <source>Colocated (time-shared)</source>
        <translation>共置（分时复用）</translation>
    </message>
    <message>
        <source>Separate rollout GPUs</source>
        <translation>独立的 Rollout GPU</translation>
    </message>
    <message>
        <source>Colocated: training and generation take turns on the same GPUs (the engine sleeps while training),
which gives two bars, one per phase. Separate: a pool of GPUs only generates.</source>
        <translation>共置：训练和生成在同一批 GPU 上轮流进行（训练时引擎休眠），
因此每个阶段各有一根柱。独立：由一组专用 GPU 只负责生成。</translation>
    </message>
    <message>
        <source>Rollout &amp;TP</source>
        <translation>Rollout TP(&amp;T)</translation>
    </message>
    <message>
        <source>Tensor parallelism of the rollout engine: its weights and KV cache split over this many GPUs.</source>
        <translation>Rollout 引擎的张量并行：其权重和 KV Cache 切分到这么多张 GPU 上。</translation>
    </message>
    <message>
        <source>Rollout &amp;GPUs</source>
        <translation>Rollout GPU 数(&amp;G)</translation>
    </message>
    <message>
        <source>Size of the separate pool of GPUs that only generate.</source>
        <translation>只负责生成的独立 GPU 池的大小。</translation>
    </message>
</context>
<context>
    <name>RooflineView</name>
    <message>
        <source>memory-bound · ≤ %1 of peak</source>
        <extracomment>under the roofline; %1 = share of the GPU&apos;s peak FLOP/s the decode step can use, e.g. &quot;6.9 %&quot;</extracomment>
        <translation>带宽受限 · 最多达到峰值的 %1</translation>
    </message>
    <message>
        <source>compute-bound</source>
        <translation>计算受限</translation>
    </message>
    <message>
        <source>ridge %1</source>
        <extracomment>label at the roofline&apos;s ridge point; %1 = FLOP per byte</extracomment>
        <translation>脊点 %1</translation>
    </message>
    <message>
        <source>%1 FLOP/B</source>
        <extracomment>label at the decode point on the roofline; %1 = FLOP per byte</extracomment>
        <translation>%1 FLOP/B</translation>
    </message>
</context>
<context>
    <name>ScenarioCommand</name>
    <message>
        <source>Change %1</source>
        <extracomment>undo/redo text; %1 = the setting, e.g. &quot;ZeRO stage&quot;</extracomment>
        <translation>修改“%1”</translation>
    </message>
    <message>
        <source>Change the scenario</source>
        <translation>修改场景</translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <source>Reset to the default scenario</source>
        <translation>恢复默认场景</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>Keep the measured run</source>
        <translation>保存实测运行</translation>
    </message>
    <message>
        <source>Clear the measurements</source>
        <translation>清除实测数据</translation>
    </message>
</context>
<context>
    <name>RunView</name>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Checkpoint stall</source>
        <translation>检查点停顿</translation>
    </message>
    <message>
        <source>Lost work (done again)</source>
        <translation>丢失的工作（需重做）</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <source>The run&apos;s wall-clock: training runs only</source>
        <translation>训练墙钟时间：仅适用于训练</translation>
    </message>
    <message>
        <source>A run&apos;s wall-clock on %1 GPUs: no interruptions expected; a checkpoint every %2 of training (%3 stall each)</source>
        <extracomment>%1 = GPUs, %2 = checkpoint interval, %3 = stall per checkpoint</extracomment>
        <translation>%1 张 GPU 上一次训练的墙钟时间：预计没有中断；每训练 %2 保存一次检查点（每次停顿 %3）</translation>
    </message>
    <message>
        <source>A run&apos;s wall-clock on %1 GPUs: an interruption every %2 on average, a checkpoint every %3 of training (%4 stall each)</source>
        <extracomment>%1 = GPUs, %2 = mean time between interruptions, %3 = checkpoint interval, %4 = stall per checkpoint</extracomment>
        <translation>%1 张 GPU 上一次训练的墙钟时间：平均每 %2 中断一次，每训练 %3 保存一次检查点（每次停顿 %4）</translation>
    </message>
    <message>
        <source>First %1: interruptions %2 · training %3, lost %4, restarts %5, checkpoint stalls %6</source>
        <extracomment>%1 = wall-clock so far, %2 = interruptions, %3 = share training, %4 lost, %5 restarts, %6 checkpoints</extracomment>
        <translation>前 %1：中断 %2 次 · 训练 %3，丢失 %4，重启 %5，检查点停顿 %6</translation>
    </message>
    <message>
        <source>day %1</source>
        <extracomment>a row of the run&apos;s picture starting on day %1 (from 1)</extracomment>
        <translation>第 %1 天</translation>
    </message>
    <message>
        <source>%1 h</source>
        <extracomment>a row starting %1 hours into the run</extracomment>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>Interruptions are drawn at their mean spacing: the averages, not one random run. Goodput over the whole run: %1.</source>
        <translation>中断按平均间隔画出：这是平均情况，而不是某一次随机的运行。整个训练的有效训练率：%1。</translation>
    </message>
</context>
<context>
    <name>ScheduleView</name>
    <message>
        <source>Pipeline schedule: training steps only</source>
        <translation>流水线调度：仅限训练步</translation>
    </message>
    <message>
        <source>%1 · stages p = %2</source>
        <translation>%1 · 段数 p = %2</translation>
    </message>
    <message>
        <source> · chunks per stage v = %1</source>
        <translation> · 每段模型块数 v = %1</translation>
    </message>
    <message>
        <source> · micro-batches m = %1</source>
        <translation> · 微批次数 m = %1</translation>
    </message>
    <message>
        <source> (%1–%2 not drawn: steady state, %3)</source>
        <extracomment>%1–%2 = the micro-batches (1-based) whose steady state the picture leaves out, %3 = its time</extracomment>
        <translation>（第 %1–%2 个未画出：稳态，%3）</translation>
    </message>
    <message>
        <source> · bubble %1 of the compute (read off the blocks)</source>
        <translation> · 气泡占计算时间的 %1（从调度块读出）</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 段</translation>
    </message>
    <message>
        <source>Input gradient (B)</source>
        <translation>输入梯度（B）</translation>
    </message>
    <message>
        <source>; (p − 1)/(3m + p − 1) = %1 if every pass took as long (Qi et al. 2024, T_F = T_B = T_W)</source>
        <extracomment>Qi et al. 2024 (Zero Bubble Pipeline Parallelism), with equal forward, B and W passes</extracomment>
        <translation>；若各遍耗时相同，(p − 1)/(3m + p − 1) = %1（Qi 等 2024，T_F = T_B = T_W）</translation>
    </message>
    <message>
        <source>; (p − 1)/(v·m + p − 1) = %1 if every stage and pass took as long</source>
        <extracomment>the textbook bubble against the one read off the blocks, which have the step&apos;s own stage and pass durations</extracomment>
        <translation>；若各段、各遍耗时相同，(p − 1)/(v·m + p − 1) = %1</translation>
    </message>
</context>
<context>
    <name>ServingPlannerView</name>
    <message>
        <source> ms</source>
        <extracomment>unit suffix of the latency limits</extracomment>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>%1 layouts and batch caps estimated, %2 fit, %3 within the limits; searched in %4 ms.</source>
        <extracomment>serving planner summary; %1 = layouts and batches estimated, %2 = those that fit, %3 = within the limits, %4 = ms</extracomment>
        <translation>估算了 %1 个布局与批量上限组合，%2 个放得下，%3 个满足限制；搜索用时 %4 毫秒。</translation>
    </message>
    <message>
        <source>Also try FP8 weights and KV cache</source>
        <translation>同时尝试 FP8 权重和 KV 缓存</translation>
    </message>
    <message>
        <source>Apply serving layout TP %1 · PP %2, up to %3 requests</source>
        <extracomment>undo text; %1 = TP, %2 = PP, %3 = batch cap</extracomment>
        <translation>应用部署布局 TP %1 · PP %2，最多 %3 个请求</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Batch cap</source>
        <translation>批量上限</translation>
    </message>
    <message>
        <source>Best: TP %1 · PP %2 × %3 replicas, %4 weights, %5 KV cache, up to %6 requests each — %7 tokens/s per GPU, TTFT %8, TPOT %9.</source>
        <extracomment>%1 = TP, %2 = PP, %3 = replicas, %4 = weight format, %5 = KV dtype, %6 = batch cap, %7 = tokens/s per GPU, %8 = TTFT, %9 = TPOT</extracomment>
        <translation>最佳：TP %1 · PP %2 × %3 个副本，%4 权重，%5 KV 缓存，每个副本最多 %6 个请求 —— 每 GPU %7 token/s，TTFT %8，TPOT %9。</translation>
    </message>
    <message>
        <source>Fullest GPU: %1 of %2</source>
        <extracomment>tooltip of a serving layout&apos;s row; %1 = the fullest GPU&apos;s memory, %2 = its capacity</extracomment>
        <translation>最满的 GPU：%1 / %2</translation>
    </message>
    <message>
        <source>KV</source>
        <translation>KV</translation>
    </message>
    <message>
        <source>Launch with:</source>
        <translation>启动引擎：</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>Make the selected layout the scenario (one undo step)</source>
        <translation>把选中的布局设为场景（一步撤销）</translation>
    </message>
    <message>
        <source>No layout serves within the limits: the table shows why each is out.</source>
        <translation>没有布局能在限制内提供服务：表格列出每个布局被排除的原因。</translation>
    </message>
    <message>
        <source>Ranked by output tokens/s per GPU; each layout at the largest batch that meets the limits, timed by the serving step model as the estimate times it.</source>
        <translation>按每 GPU 输出 token/s 排序；每个布局取满足限制的最大批量，用与估算相同的服务步模型计时。</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>TP %1 · PP %2</source>
        <extracomment>a serving layout in short form: tensor and pipeline parallel degrees, expert parallel</extracomment>
        <translation>TP %1 · PP %2</translation>
    </message>
    <message>
        <source>TPOT limit:</source>
        <translation>TPOT 上限：</translation>
    </message>
    <message>
        <source>TPOT over the limit</source>
        <translation>TPOT 超限</translation>
    </message>
    <message>
        <source>TPOT</source>
        <translation>TPOT</translation>
    </message>
    <message>
        <source>TTFT limit:</source>
        <translation>TTFT 上限：</translation>
    </message>
    <message>
        <source>TTFT over the limit</source>
        <translation>TTFT 超限</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>The serving planner plans a serving scenario: switch the mode to serving.</source>
        <translation>部署规划器规划推理部署场景：请把模式切换为推理。</translation>
    </message>
    <message>
        <source>This scenario cannot be planned: fix the errors the controls show.</source>
        <translation>此场景无法规划：请先修正控件显示的错误。</translation>
    </message>
    <message>
        <source>Time per output token (between tokens) under load, the longest allowed (— none)</source>
        <translation>负载下每个输出 token 的时间（两个 token 之间），允许的最大值（— 表示不限）</translation>
    </message>
    <message>
        <source>Time to first token under load, the longest allowed (— none)</source>
        <translation>负载下的首 token 时间，允许的最大值（— 表示不限）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Where the GPU has FP8 tensor cores: vLLM --quantization fp8 and --kv-cache-dtype fp8 (quality is the checkpoint&apos;s concern)</source>
        <translation>GPU 有 FP8 张量核心时：vLLM --quantization fp8 和 --kv-cache-dtype fp8（质量取决于检查点）</translation>
    </message>
    <message>
        <source>batch does not fit</source>
        <translation>批量放不下</translation>
    </message>
    <message>
        <source>meets the limits</source>
        <translation>满足限制</translation>
    </message>
    <message>
        <source>model does not fit</source>
        <translation>模型放不下</translation>
    </message>
    <message>
        <source>tok/s/GPU</source>
        <translation>token/s/GPU</translation>
    </message>
    <message>
        <source>tok/s/user</source>
        <translation>token/s/用户</translation>
    </message>
</context>
<context>
    <name>ServingTimelineView</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>Prefill step %1</source>
        <translation>Prefill 第 %1 步</translation>
    </message>
    <message>
        <source>Decode step %1</source>
        <translation>解码第 %1 步</translation>
    </message>
    <message>
        <source>1 request</source>
        <translation>1 个请求</translation>
    </message>
    <message>
        <source>%1 requests</source>
        <translation>%1 个请求</translation>
    </message>
    <message>
        <source>%1: %2, %3 of %4 blocks</source>
        <translation>%1：%2，已用 %3 / %4 块</translation>
    </message>
    <message>
        <source>%1: %2, %3 blocks</source>
        <translation>%1：%2，%3 块</translation>
    </message>
    <message>
        <source>%1: %2, %3 tokens each</source>
        <translation>%1：%2，每个 %3 个 token</translation>
    </message>
    <message>
        <source> · KV %1 used of %2 reserved</source>
        <translation> · KV 已用 %1，预留 %2</translation>
    </message>
    <message>
        <source> · KV %1</source>
        <translation> · KV %1</translation>
    </message>
    <message>
        <source> · over the pool: preemption</source>
        <translation> · 超出 KV 池：发生抢占</translation>
    </message>
    <message>
        <source>Prefill: %1 steps of %2 tokens</source>
        <translation>Prefill：%1 步，每步 %2 个 token</translation>
    </message>
    <message>
        <source>Prefill: one step</source>
        <translation>Prefill：一步完成</translation>
    </message>
    <message>
        <source>Decode steps (one token per request each)</source>
        <translation>解码步（每步每个请求生成一个 token）</translation>
    </message>
    <message>
        <source>The scenario has errors (see the issues): there is no serving run to show.</source>
        <translation>场景有错误（见问题列表）：没有可展示的推理过程。</translation>
    </message>
    <message>
        <source>The serving timeline shows a serving scenario.</source>
        <translation>推理时间线展示推理服务场景。</translation>
    </message>
    <message>
        <source>Memory of one GPU of stage %1 as the batch fills and the context grows</source>
        <translation>第 %1 段的一张 GPU：批次填满、上下文增长时的显存</translation>
    </message>
    <message>
        <source>Memory of one GPU as the batch fills and the context grows</source>
        <translation>一张 GPU：批次填满、上下文增长时的显存</translation>
    </message>
    <message>
        <source>KV pool reserved: %1 (%2 blocks)</source>
        <translation>预留的 KV 池：%1（%2 块）</translation>
    </message>
    <message>
        <source>KV cache allocated at start: %1</source>
        <translation>启动时分配的 KV Cache：%1</translation>
    </message>
    <message>
        <source>Capacity %1</source>
        <translation>容量 %1</translation>
    </message>
    <message>
        <source>Preemption: %1 needs %2 blocks, the pool holds %3</source>
        <translation>抢占：%1 需要 %2 块，KV 池只有 %3 块</translation>
    </message>
    <message>
        <source>prefill step %1</source>
        <translation>prefill 第 %1 步</translation>
    </message>
    <message>
        <source>decode step %1</source>
        <translation>解码第 %1 步</translation>
    </message>
    <message>
        <source>Preemption: the pool is full</source>
        <translation>抢占：KV 池已满</translation>
    </message>
    <message>
        <source>Peak KV %1 — %2</source>
        <translation>KV 峰值 %1 — %2</translation>
    </message>
    <message>
        <source>KV pool, not yet used</source>
        <translation>KV 池中尚未使用的部分</translation>
    </message>
    <message>
        <source>KV cache in use</source>
        <translation>正在使用的 KV Cache</translation>
    </message>
    <message>
        <source>KV in use</source>
        <translation>已用 KV</translation>
    </message>
    <message>
        <source>KV pool reserved</source>
        <translation>预留的 KV 池</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Preemption (hatched: over the pool)</source>
        <translation>抢占（斜线：超出 KV 池的部分）</translation>
    </message>
    <message>
        <source>KV blocks of %1 tokens, %2 each across the GPU&apos;s %3 layers. Each request&apos;s blocks in its own shade; red: what the pool cannot hold</source>
        <translation>每块 %1 个 token 的 KV 块，每块 %2（覆盖这张 GPU 上的 %3 层）。每个请求的块用各自的深浅色；红色：KV 池放不下的部分</translation>
    </message>
    <message>
        <source>A contiguous KV cache (no blocks): each request&apos;s tokens</source>
        <translation>连续的 KV Cache（不分块）：每个请求的 token</translation>
    </message>
    <message>
        <source>Blocks
(1 cell = %1)</source>
        <translation>KV 块
（1 格 = %1 块）</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>KV 块</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>KV blocks of %1 tokens, %2 each</source>
        <translation>每块 %1 个 token 的 KV 块，每块 %2</translation>
    </message>
</context>
<context>
    <name>SessionStore</name>
    <message>
        <source>The settings file could not be read; the settings start afresh. It was kept as %1.</source>
        <extracomment>%1 = the file the unreadable settings were kept in</extracomment>
        <translation>无法读取设置文件；设置已重新开始。原文件已保留为 %1。</translation>
    </message>
    <message>
        <source>The last session could not be restored:
%1
It was kept in %2.</source>
        <extracomment>%1 = the reasons, one per line; %2 = the file the session was kept in</extracomment>
        <translation>无法恢复上次的会话：
%1
它已保存在 %2。</translation>
    </message>
    <message>
        <source>What the scenario was last saved as could not be restored:
%1
It was kept in %2.</source>
        <extracomment>%1 = the reasons, one per line; %2 = the file it was kept in</extracomment>
        <translation>无法恢复场景上次保存时的内容：
%1
它已保存在 %2。</translation>
    </message>
    <message>
        <source>Session Not Restored</source>
        <translation>会话未恢复</translation>
    </message>
    <message>
        <source>The session could not be saved to %1 (is the disk full?); the previous one is kept.</source>
        <extracomment>status bar; %1 = the settings file</extracomment>
        <translation>无法将会话保存到 %1（磁盘已满？）；已保留之前的会话。</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Scenario panel: a slider or spin box</source>
        <translation>场景面板：滑块或数值框</translation>
    </message>
    <message>
        <source>click it first, then the wheel or the arrow keys step it</source>
        <translation>先点击它，再用滚轮或方向键调节</translation>
    </message>
    <message>
        <source>Presentation: next and previous scene</source>
        <translation>演示：下一幕、上一幕</translation>
    </message>
    <message>
        <source>→ / ←, Space, Page Down / Page Up</source>
        <translation>→ / ←、空格、Page Down / Page Up</translation>
    </message>
    <message>
        <source>Presentation: leave</source>
        <translation>演示：退出</translation>
    </message>
    <message>
        <source>Esc or F5</source>
        <translation>Esc 或 F5</translation>
    </message>
</context>
<context>
    <name>SlideContent</name>
    <message>
        <source>mixed 16-bit</source>
        <translation>16 位混合精度</translation>
    </message>
    <message>
        <source>BF16 with FP32 gradients</source>
        <translation>BF16 + FP32 梯度</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>pure BF16</source>
        <translation>纯 BF16</translation>
    </message>
    <message>
        <source>FP8 weights</source>
        <translation>FP8 权重</translation>
    </message>
    <message>
        <source>full fine-tuning</source>
        <translation>全参微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>%1-parameter model</source>
        <extracomment>slide caption, a model known by its size only; %1 = parameters, e.g. &quot;7.00 B&quot;</extracomment>
        <translation>%1 参数模型</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <extracomment>slide caption; %1 = number of GPUs, %2 = GPU model</extracomment>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>TP %1 · PP %2 · DP %3</source>
        <extracomment>slide caption, the parallel layout; %1 = tensor, %2 = pipeline, %3 = data-parallel degree</extracomment>
        <translation>TP %1 · PP %2 · DP %3</translation>
    </message>
    <message>
        <source> · CP %1</source>
        <extracomment>slide caption, appended to the layout; %1 = context-parallel degree</extracomment>
        <translation> · CP %1</translation>
    </message>
    <message>
        <source> · EP %1</source>
        <extracomment>slide caption, appended to the layout; %1 = expert-parallel degree</extracomment>
        <translation> · EP %1</translation>
    </message>
    <message>
        <source>serving, %1 weights</source>
        <extracomment>slide caption, serving; %1 = weight format such as INT4</extracomment>
        <translation>推理，%1 权重</translation>
    </message>
    <message>
        <source>batch %1 · context %2</source>
        <extracomment>slide caption, serving; %1 = concurrent sequences, %2 = tokens of context</extracomment>
        <translation>批大小 %1 · 上下文 %2</translation>
    </message>
    <message>
        <source>no ZeRO</source>
        <extracomment>slide caption; %1 = ZeRO stage 1–3</extracomment>
        <translation>无 ZeRO</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>sequence %1 · micro-batch %2 · global batch %3</source>
        <extracomment>slide caption; %1 = tokens per sequence, %2 = micro-batch, %3 = global batch (sequences)</extracomment>
        <translation>序列 %1 · 微批次 %2 · 全局批大小 %3</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>完全重计算</translation>
    </message>
</context>
<context>
    <name>SlideTheme</name>
    <message>
        <source>As the window</source>
        <translation>与窗口相同</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>High contrast, light</source>
        <translation>高对比度，浅色</translation>
    </message>
    <message>
        <source>High contrast, dark</source>
        <translation>高对比度，深色</translation>
    </message>
</context>
<context>
    <name>SlideViews</name>
    <message>
        <source>Memory chart</source>
        <translation>显存图</translation>
    </message>
    <message>
        <source>ZeRO and recomputation comparison</source>
        <translation>ZeRO 与重计算对比</translation>
    </message>
    <message>
        <source>Gauges</source>
        <translation>仪表盘</translation>
    </message>
    <message>
        <source>Bit viewer</source>
        <translation>位视图</translation>
    </message>
    <message>
        <source>Whole dashboard</source>
        <translation>整个面板</translation>
    </message>
    <message>
        <source>Pipeline schedule and memory timeline</source>
        <translation>流水线调度与显存时间线</translation>
    </message>
    <message>
        <source>%1 at scale %2 is %3 million pixels; an image holds at most %4 million (8K at scale 2): a smaller size or scale</source>
        <extracomment>%1 = width x height, %2 = scale, %3 = millions of pixels, %4 = the limit in millions</extracomment>
        <translation>%1 在缩放 %2 下为 %3 百万像素；一张图像最多 %4 百万像素（8K 缩放 2）：请用更小的尺寸或缩放</translation>
    </message>
    <message>
        <source>%1 frames of %2 million pixels are more than the %3 million an animation holds: fewer frames, or a smaller size</source>
        <extracomment>%1 = frames, %2 = millions of pixels per frame, %3 = the limit in millions</extracomment>
        <translation>%1 帧、每帧 %2 百万像素，超过动画可容纳的 %3 百万像素：请减少帧数或缩小尺寸</translation>
    </message>
    <message>
        <source>A run&apos;s wall-clock: checkpoints, interruptions, restarts</source>
        <translation>一次训练的墙钟时间：检查点、中断、重启</translation>
    </message>
</context>
<context>
    <name>StepDock</name>
    <message>
        <source>%1 micro-batches per step: too many to draw one by one (up to %2). Fewer micro-batches (a smaller global batch, or more data parallelism) show the step.</source>
        <translation>每步 %1 个微批次：太多，无法逐个绘制（最多 %2 个）。减少微批次（更小的全局批大小，或更多数据并行）即可显示这个训练步。</translation>
    </message>
    <message>
        <source>Step: Schedule and Memory</source>
        <translation>训练步：调度与显存</translation>
    </message>
    <message>
        <source>Step: Serving Memory as the Batch Fills</source>
        <translation>推理步：批次填满时的显存</translation>
    </message>
    <message>
        <source>%1 pipeline stages: too many to draw one by one (up to %2).</source>
        <extracomment>%1 = pipeline stages of the scenario, %2 = the most the step view draws</extracomment>
        <translation>%1 个流水线级：太多，无法逐一绘制（最多 %2 个）。</translation>
    </message>
    <message>
        <source>This layout cannot run: %1
The step is drawn again once the scenario is valid.</source>
        <extracomment>step dock, over an invalid training scenario; %1 = the first reason</extracomment>
        <translation>这个布局无法运行：%1
场景有效后会重新画出这一步。</translation>
    </message>
</context>
<context>
    <name>StepPalette</name>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Gradient reduction</source>
        <translation>梯度归约</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>Bubble (waiting)</source>
        <translation>气泡（等待）</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>Interleaved 1F1B</source>
        <translation>交错 1F1B</translation>
    </message>
    <message>
        <source>forward of the last layer</source>
        <translation>最后一层的前向</translation>
    </message>
    <message>
        <source>forward of the loss (logits)</source>
        <translation>损失（logits）的前向</translation>
    </message>
    <message>
        <source>backward of the loss</source>
        <translation>损失的反向</translation>
    </message>
    <message>
        <source>backward of the first layer</source>
        <translation>第一层的反向</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>rollout generation</source>
        <translation>Rollout 生成</translation>
    </message>
    <message>
        <source>forward of one chunk</source>
        <translation>一个分块的前向</translation>
    </message>
    <message>
        <source>sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>Weight gradient (W)</source>
        <translation>权重梯度（W）</translation>
    </message>
    <message>
        <source>Zero bubble ZB-H1</source>
        <translation>零气泡 ZB-H1</translation>
    </message>
</context>
<context>
    <name>StepPanel</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Play the step (Space)</source>
        <translation>播放这个训练步（空格）</translation>
    </message>
    <message>
        <source>Back to the previous phase</source>
        <translation>回到上一个环节</translation>
    </message>
    <message>
        <source>On to the next phase</source>
        <translation>前进到下一个环节</translation>
    </message>
    <message>
        <source>Where in the step</source>
        <translation>在训练步中的位置</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>As configured (1F1B / interleaved)</source>
        <translation>按配置（1F1B / 交错）</translation>
    </message>
    <message>
        <source>GPipe, for contrast</source>
        <translation>GPipe（对照）</translation>
    </message>
    <message>
        <source>Memory of</source>
        <translation>显存：</translation>
    </message>
    <message>
        <source>Every stage</source>
        <translation>每一段</translation>
    </message>
    <message>
        <source>Stage %1</source>
        <translation>第 %1 段</translation>
    </message>
    <message>
        <source>Compare with a measured run…</source>
        <translation>与实测运行对比…</translation>
    </message>
    <message>
        <source>Zero bubble ZB-H1, for contrast</source>
        <translation>零气泡 ZB-H1（对照）</translation>
    </message>
    <message>
        <source>Ends only</source>
        <translation>只看首尾</translation>
    </message>
    <message>
        <source>Draw the first and last micro-batches only, the steady state between them cut from the time axis (for steps of hundreds of micro-batches: slides and the presentation do so)</source>
        <translation>只画最前和最后几个微批次，中间的稳态从时间轴上截去（适合数百个微批次的训练步；幻灯片和演示模式默认如此）</translation>
    </message>
</context>
<context>
    <name>StepScene</name>
    <message>
        <source>%1 micro-batches per step: too many to draw one by one (up to %2).</source>
        <extracomment>step scene; %1 = micro-batches per step, %2 = the most drawn</extracomment>
        <translation>每步 %1 个微批次：太多，无法逐个绘制（最多 %2 个）。</translation>
    </message>
    <message>
        <source>%1 pipeline stages: too many to draw one by one (up to %2).</source>
        <extracomment>step scene; %1 = pipeline stages, %2 = the most drawn</extracomment>
        <translation>%1 个流水线级：太多，无法逐一绘制（最多 %2 个）。</translation>
    </message>
</context>
<context>
    <name>StepTimelineWidget</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
</context>
<context>
    <name>TensorHistogramPlot</name>
    <message>
        <source>|x| (log scale)</source>
        <translation>|x|（对数坐标）</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>values</source>
        <translation>个数</translation>
    </message>
    <message>
        <source>representable values</source>
        <translation>可表示的值</translation>
    </message>
    <message>
        <source>powers of two (too many values to draw)</source>
        <translation>2 的幂（值太多，无法逐个画出）</translation>
    </message>
    <message>
        <source>tensor</source>
        <translation>张量</translation>
    </message>
</context>
<context>
    <name>TensorStatsPanel</name>
    <message>
        <source>Bits per value, with scales</source>
        <translation>每个值的位数（含缩放因子）</translation>
    </message>
    <message>
        <source>Mean squared error</source>
        <translation>均方误差</translation>
    </message>
    <message>
        <source>Signal-to-noise ratio</source>
        <translation>信噪比</translation>
    </message>
    <message>
        <source>Largest relative error</source>
        <translation>最大相对误差</translation>
    </message>
    <message>
        <source>Flushed to zero</source>
        <translation>下溢为零</translation>
    </message>
    <message>
        <source>Overflowed to ±∞</source>
        <translation>上溢为 ±∞</translation>
    </message>
    <message>
        <source>Saturated (clamped)</source>
        <translation>饱和（被截断）</translation>
    </message>
    <message>
        <source>Stored as subnormals</source>
        <translation>存为次正规数</translation>
    </message>
    <message>
        <source>Scales</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>10 · log₁₀(Σx² / Σ(q − x)²): every 6 dB is one more bit kept</source>
        <translation>10 · log₁₀(Σx² / Σ(q − x)²)：每 6 dB 相当于多保留 1 位</translation>
    </message>
    <message>
        <source>Non-zero values stored as 0, of all values</source>
        <translation>被存成 0 的非零值占全部值的比例</translation>
    </message>
    <message>
        <source>Values beyond the largest representable one (or the clipping range), stored as it</source>
        <translation>超出最大可表示值（或截断范围）的值，按该最大值存储</translation>
    </message>
    <message>
        <source>Values beyond the largest finite one in a format with infinities: they become ±∞ and are left out of the MSE and SNR</source>
        <translation>在有无穷大的格式中超出最大有限值的值：它们变成 ±∞，不计入 MSE 和信噪比</translation>
    </message>
    <message>
        <source>Values below the smallest normal number keep fewer significant bits</source>
        <translation>小于最小规格化数的值保留的有效位更少</translation>
    </message>
    <message>
        <source>%1 = %2 + %3</source>
        <extracomment>%1 = bits per value, %2 = element bits, %3 = bits the scales add per value</extracomment>
        <translation>%1 = %2 + %3</translation>
    </message>
    <message>
        <source>Element bits plus the scales&apos; (and zero points&apos;) bits shared out over the values they cover</source>
        <translation>元素位数，加上缩放因子（及零点）的位数平摊到它们覆盖的各个值上</translation>
    </message>
    <message>
        <source>%1 dB</source>
        <translation>%1 dB</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>— (integers)</source>
        <translation>—（整数）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>one: %1</source>
        <extracomment>one scale; %1 = its value</extracomment>
        <translation>一个：%1</translation>
    </message>
    <message>
        <source>%1, median %2</source>
        <extracomment>%1 = how many scales, %2 = median</extracomment>
        <translation>%1 个，中位数 %2</translation>
    </message>
    <message>
        <source>From %1 to %2</source>
        <extracomment>tooltip; %1 = smallest scale, %2 = largest</extracomment>
        <translation>从 %1 到 %2</translation>
    </message>
</context>
<context>
    <name>TensorStudioView</name>
    <message>
        <source>Open a tensor</source>
        <translation>打开张量</translation>
    </message>
    <message>
        <source>Tensors (*.npy *.csv *.txt *.tsv);;All files (*)</source>
        <translation>张量 (*.npy *.csv *.txt *.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <extracomment>%1 = file name, %2 = the reason</extracomment>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The scenario&apos;s model</source>
        <translation>场景中的模型</translation>
    </message>
    <message>
        <source>%1 (%2 B parameters) in %3: %4 bits per linear weight → %5 of weights</source>
        <extracomment>%1 = model name, %2 = parameters in billions, %3 = recipe, %4 = bits per weight, %5 = gigabytes</extracomment>
        <translation>%1（%2 B 参数）采用 %3：每个线性层权重 %4 位 → 权重共 %5</translation>
    </message>
    <message>
        <source>— the memory bars&apos; number.</source>
        <translation>——与显存柱的数字一致。</translation>
    </message>
    <message>
        <source>(the estimate has no serving weight format for this, so the memory bars cannot show it).</source>
        <translation>（估算没有这种推理权重格式，显存柱无法显示它）。</translation>
    </message>
    <message>
        <source>Embeddings and norms stay 16-bit, as the bars keep them.</source>
        <translation>嵌入层和归一化层保持 16 位，与显存柱一致。</translation>
    </message>
    <message>
        <source>Serve the scenario&apos;s model with its weights in %1 (switches the explorer to inference)</source>
        <extracomment>tooltip; %1 = the recipe</extracomment>
        <translation>以 %1 格式的权重部署场景中的模型（将切换到推理模式）</translation>
    </message>
    <message>
        <source>The estimate stores weights as FP16, BF16, FP8, INT8/INT4 with per-channel or per-group scales, or NF4: not %1</source>
        <translation>估算中的权重只能是 FP16、BF16、FP8、按通道或按组缩放的 INT8/INT4，或 NF4：不支持 %1</translation>
    </message>
    <message>
        <source>Keep the scenario&apos;s KV cache in %1 (switches the explorer to inference)</source>
        <extracomment>tooltip; %1 = format</extracomment>
        <translation>以 %1 存放场景的 KV Cache（将切换到推理模式）</translation>
    </message>
    <message>
        <source>The estimate&apos;s KV cache is FP32, BF16, FP16, FP8 or INT8</source>
        <translation>估算中的 KV Cache 只能是 FP32、BF16、FP16、FP8 或 INT8</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Stored as</source>
        <translation>存储方式</translation>
    </message>
    <message>
        <source>The values and what the format can store</source>
        <translation>数值分布与格式能表示的值</translation>
    </message>
    <message>
        <source>Relative error of each value</source>
        <translation>各值的相对误差</translation>
    </message>
    <message>
        <source>What it costs</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>&amp;Values:</source>
        <translation>数值(&amp;V)：</translation>
    </message>
    <message>
        <source>From a file (.npy, .csv) …</source>
        <translation>从文件读取（.npy、.csv）…</translation>
    </message>
    <message>
        <source>S&amp;hape:</source>
        <translation>形状(&amp;H)：</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 values)</source>
        <extracomment>tensor shape; %1 = rows (output channels), %2 = columns, %3 = values</extracomment>
        <translation>%1 × %2（%3 个值）</translation>
    </message>
    <message>
        <source>Rows are output channels (one per-channel scale each); groups and blocks run along a row</source>
        <translation>行是输出通道（每行一个按通道缩放因子）；分组和块沿行划分</translation>
    </message>
    <message>
        <source>Scale b</source>
        <translation>尺度 b</translation>
    </message>
    <message>
        <source>Standard deviation σ</source>
        <translation>标准差 σ</translation>
    </message>
    <message>
        <source>Smallest magnitudes: 10^</source>
        <translation>最小幅值：10^</translation>
    </message>
    <message>
        <source>Largest magnitudes: 10^</source>
        <translation>最大幅值：10^</translation>
    </message>
    <message>
        <source>log₁₀ of the magnitudes; log-normal: mean ± 3 σ spans this range</source>
        <translation>幅值的 log₁₀；对数正态分布：均值 ± 3σ 覆盖这个范围</translation>
    </message>
    <message>
        <source>New &amp;sample</source>
        <translation>重新采样(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Open file…</source>
        <translation>打开文件(&amp;O)…</translation>
    </message>
    <message>
        <source>%1: %2 × %3</source>
        <extracomment>%1 = file name, %2 rows, %3 columns</extracomment>
        <translation>%1：%2 × %3</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>S&amp;caling:</source>
        <translation>缩放方式(&amp;C)：</translation>
    </message>
    <message>
        <source>Values per group</source>
        <translation>每组的值个数</translation>
    </message>
    <message>
        <source>Sc&amp;heme:</source>
        <translation>量化方案(&amp;H)：</translation>
    </message>
    <message>
        <source>Symmetric (zero point 0)</source>
        <translation>对称（零点为 0）</translation>
    </message>
    <message>
        <source>Asymmetric (a zero point per scale)</source>
        <translation>非对称（每个缩放因子一个零点）</translation>
    </message>
    <message>
        <source>Scales stored as:</source>
        <translation>缩放因子存储为：</translation>
    </message>
    <message>
        <source>Clip at a &amp;percentile (per tensor)</source>
        <translation>按百分位截断(&amp;P)（按张量）</translation>
    </message>
    <message>
        <source>The scale maps this percentile of |x| onto the format&apos;s range; what lies beyond saturates</source>
        <translation>缩放因子把 |x| 的这个百分位映射到格式的范围；超出的部分饱和</translation>
    </message>
    <message>
        <source>Percentile of |x|</source>
        <translation>|x| 的百分位</translation>
    </message>
    <message>
        <source>&amp;Log |x|</source>
        <translation>对数 |x|(&amp;L)</translation>
    </message>
    <message>
        <source>Lines: powers of two (too many values to draw; zoom in).</source>
        <translation>竖线：2 的幂（值太多，无法逐个画出；请放大）。</translation>
    </message>
    <message>
        <source>Lines: one in %1 of the values the format stores (zoom in to see them all).</source>
        <extracomment>%1 = 2, 4, 8 …</extracomment>
        <translation>竖线：格式可表示的值中每 %1 个画一条（放大可看到全部）。</translation>
    </message>
    <message>
        <source>Lines: every value the format stores.</source>
        <translation>竖线：格式可表示的每一个值。</translation>
    </message>
    <message>
        <source>Each row, group or block has its own scale: these are the values of the one with the median scale.</source>
        <translation>每行、每组或每块都有自己的缩放因子：这里画的是缩放因子为中位数的那一个。</translation>
    </message>
    <message>
        <source>Drag or scroll to zoom; double-click to see the whole tensor</source>
        <translation>拖动或滚轮缩放；双击可看到整个张量</translation>
    </message>
    <message>
        <source>Use for &amp;weights</source>
        <translation>用作权重格式(&amp;W)</translation>
    </message>
    <message>
        <source>Use for &amp;KV cache</source>
        <translation>用作 KV Cache 格式(&amp;K)</translation>
    </message>
    <message>
        <source>Log &amp;counts</source>
        <translation>对数计数(&amp;C)</translation>
    </message>
    <message>
        <source>Counts on a log axis: outlier channels and long tails become visible</source>
        <translation>计数用对数坐标：离群通道和长尾都能看到</translation>
    </message>
</context>
<context>
    <name>TensorText</name>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>MXFP8</source>
        <translation>MXFP8</translation>
    </message>
    <message>
        <source>MXFP8 (E5M2)</source>
        <translation>MXFP8（E5M2）</translation>
    </message>
    <message>
        <source>MXFP6 (E2M3)</source>
        <translation>MXFP6（E2M3）</translation>
    </message>
    <message>
        <source>MXFP6 (E3M2)</source>
        <translation>MXFP6（E3M2）</translation>
    </message>
    <message>
        <source>MXFP4</source>
        <translation>MXFP4</translation>
    </message>
    <message>
        <source>NVFP4</source>
        <translation>NVFP4</translation>
    </message>
    <message>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <source>INT4</source>
        <translation>INT4</translation>
    </message>
    <message>
        <source>IEEE 754 half precision: 5 exponent and 10 mantissa bits; max 65504, values below 2⁻²⁵ flush to zero.</source>
        <translation>IEEE 754 半精度：5 位指数、10 位尾数；最大 65504，小于 2⁻²⁵ 的值下溢为零。</translation>
    </message>
    <message>
        <source>bfloat16: FP32&apos;s 8 exponent bits with 7 mantissa bits; FP32&apos;s range, about 3 significant digits.</source>
        <translation>bfloat16：FP32 的 8 位指数加 7 位尾数；范围与 FP32 相同，约 3 位有效数字。</translation>
    </message>
    <message>
        <source>OCP FP8 E4M3: max 448, 3 mantissa bits; with one FP32 scale per tensor (Transformer Engine).</source>
        <translation>OCP FP8 E4M3：最大 448，3 位尾数；每个张量一个 FP32 缩放因子（Transformer Engine）。</translation>
    </message>
    <message>
        <source>OCP FP8 E5M2: max 57344, 2 mantissa bits: range for gradients.</source>
        <translation>OCP FP8 E5M2：最大 57344，2 位尾数：为梯度留出范围。</translation>
    </message>
    <message>
        <source>OCP Microscaling v1.0: 32 E4M3 values share one E8M0 scale 2^(⌊log₂ amax⌋ − 8); 8.25 bits per value.</source>
        <translation>OCP 微缩放 v1.0：32 个 E4M3 值共享一个 E8M0 缩放因子 2^(⌊log₂ amax⌋ − 8)；每个值 8.25 位。</translation>
    </message>
    <message>
        <source>OCP Microscaling v1.0: 32 E5M2 values share one E8M0 scale 2^(⌊log₂ amax⌋ − 15).</source>
        <translation>OCP 微缩放 v1.0：32 个 E5M2 值共享一个 E8M0 缩放因子 2^(⌊log₂ amax⌋ − 15)。</translation>
    </message>
    <message>
        <source>OCP Microscaling v1.0: 32 FP6 E2M3 values (max 7.5) share one E8M0 scale; 6.25 bits per value.</source>
        <translation>OCP 微缩放 v1.0：32 个 FP6 E2M3 值（最大 7.5）共享一个 E8M0 缩放因子；每个值 6.25 位。</translation>
    </message>
    <message>
        <source>OCP Microscaling v1.0: 32 FP6 E3M2 values (max 28) share one E8M0 scale; 6.25 bits per value.</source>
        <translation>OCP 微缩放 v1.0：32 个 FP6 E3M2 值（最大 28）共享一个 E8M0 缩放因子；每个值 6.25 位。</translation>
    </message>
    <message>
        <source>OCP Microscaling v1.0: 32 FP4 E2M1 values (0, 0.5 … 6) share one E8M0 scale 2^(⌊log₂ amax⌋ − 2); 4.25 bits.</source>
        <translation>OCP 微缩放 v1.0：32 个 FP4 E2M1 值（0、0.5 … 6）共享一个 E8M0 缩放因子 2^(⌊log₂ amax⌋ − 2)；4.25 位。</translation>
    </message>
    <message>
        <source>NVIDIA NVFP4: 16 E2M1 values share an FP8 E4M3 scale, and one FP32 scale per tensor keeps those in range; 4.5 bits.</source>
        <translation>NVIDIA NVFP4：16 个 E2M1 值共享一个 FP8 E4M3 缩放因子，每个张量另有一个 FP32 缩放因子让它们保持在范围内；4.5 位。</translation>
    </message>
    <message>
        <source>8-bit integers with a scale (and a zero point if asymmetric): x ≈ (x_q − z) · scale.</source>
        <translation>带缩放因子（非对称时还有零点）的 8 位整数：x ≈ (x_q − z) · scale。</translation>
    </message>
    <message>
        <source>4-bit integers (−8 … 7) with a scale per group: GPTQ and AWQ store 128-value groups with FP16 scales.</source>
        <translation>每组一个缩放因子的 4 位整数（−8 … 7）：GPTQ 和 AWQ 以 128 个值为一组，缩放因子为 FP16。</translation>
    </message>
    <message>
        <source>None (as is)</source>
        <translation>不缩放（原样）</translation>
    </message>
    <message>
        <source>Per tensor</source>
        <translation>按张量</translation>
    </message>
    <message>
        <source>Per output channel</source>
        <translation>按输出通道</translation>
    </message>
    <message>
        <source>Per group</source>
        <translation>按组</translation>
    </message>
    <message>
        <source>The format&apos;s blocks</source>
        <translation>格式自带的块</translation>
    </message>
    <message>
        <source>Weights: normal</source>
        <translation>权重：正态分布</translation>
    </message>
    <message>
        <source>Weights: Laplace (heavier tails)</source>
        <translation>权重：拉普拉斯分布（尾部更重）</translation>
    </message>
    <message>
        <source>Gradients: log-normal magnitudes</source>
        <translation>梯度：幅值对数正态分布</translation>
    </message>
    <message>
        <source>Gradients: log-uniform magnitudes</source>
        <translation>梯度：幅值对数均匀分布</translation>
    </message>
    <message>
        <source>Weights with outlier channels (×20)</source>
        <translation>含离群通道的权重（×20）</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>E8M0 (power of two)</source>
        <translation>E8M0（2 的幂）</translation>
    </message>
    <message>
        <source>The tensor has no values.</source>
        <translation>张量中没有任何值。</translation>
    </message>
    <message>
        <source>This format does not take that scaling.</source>
        <translation>这种格式不支持该缩放方式。</translation>
    </message>
    <message>
        <source>The group must hold 2 values or more and fit in a row.</source>
        <translation>每组至少要有 2 个值，且不能超过一行。</translation>
    </message>
    <message>
        <source>The percentile must lie above 50 and at most 100.</source>
        <translation>百分位必须大于 50 且不超过 100。</translation>
    </message>
    <message>
        <source>Percentile clipping is calibrated per tensor: choose per-tensor scaling.</source>
        <translation>百分位截断按张量校准：请选择按张量缩放。</translation>
    </message>
    <message>
        <source>A zero point (asymmetric) is for INT8 and INT4.</source>
        <translation>零点（非对称）只用于 INT8 和 INT4。</translation>
    </message>
    <message>
        <source>%1 per tensor</source>
        <extracomment>a recipe: %1 = format, scaled per tensor</extracomment>
        <translation>%1 按张量</translation>
    </message>
    <message>
        <source>%1 per channel</source>
        <extracomment>a recipe: %1 = format, scaled per output channel</extracomment>
        <translation>%1 按通道</translation>
    </message>
    <message>
        <source>%1 g%2</source>
        <extracomment>a recipe: %1 = format, %2 = values per group, e.g. &quot;INT4 g128&quot;</extracomment>
        <translation>%1 g%2</translation>
    </message>
    <message>
        <source>%1, asymmetric</source>
        <extracomment>a recipe with zero points; %1 = the recipe</extracomment>
        <translation>%1，非对称</translation>
    </message>
    <message>
        <source>0 %</source>
        <translation>0%</translation>
    </message>
    <message>
        <source>%1 %</source>
        <extracomment>a small percentage; %1 = number with a power of ten
----------
a percentage; %1 = number</extracomment>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <extracomment>%1 = gigabytes (10^9 bytes)</extracomment>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>Source: IEEE 754-2019 binary16.</source>
        <translation>来源：IEEE 754-2019 binary16。</translation>
    </message>
    <message>
        <source>Source: Google Brain bfloat16 (Kalamkar et al. 2019).</source>
        <translation>来源：Google Brain bfloat16（Kalamkar 等，2019）。</translation>
    </message>
    <message>
        <source>Source: OCP 8-bit Floating Point Specification v1.0; per-tensor scale amax / max as Transformer Engine&apos;s current scaling.</source>
        <translation>来源：OCP 8 位浮点规范 v1.0；按张量缩放因子 amax / max，与 Transformer Engine 的 current scaling 相同。</translation>
    </message>
    <message>
        <source>Source: OCP Microscaling Formats (MX) Specification v1.0, §5.3 and §6.3.</source>
        <translation>来源：OCP 微缩放格式（MX）规范 v1.0，§5.3 与 §6.3。</translation>
    </message>
    <message>
        <source>Source: NVIDIA, “Introducing NVFP4 for Efficient and Accurate Low-Precision Inference” (2025); scales as torchao&apos;s nvfp4_tensor.py computes them.</source>
        <translation>来源：NVIDIA，《Introducing NVFP4 for Efficient and Accurate Low-Precision Inference》（2025）；缩放因子的计算与 torchao 的 nvfp4_tensor.py 相同。</translation>
    </message>
    <message>
        <source>Source: Jacob et al. 2018, eq. 1 (scale and zero point); groups as GPTQ and AWQ store them.</source>
        <translation>来源：Jacob 等 2018，式 1（缩放因子与零点）；分组方式与 GPTQ、AWQ 相同。</translation>
    </message>
    <message>
        <source>line %1, value %2: </source>
        <extracomment>%1 = line, %2 = the value&apos;s place on that line</extracomment>
        <translation>第 %1 行第 %2 个值：</translation>
    </message>
    <message>
        <source>line %1: </source>
        <translation>第 %1 行：</translation>
    </message>
    <message>
        <source>the file holds no values</source>
        <translation>文件中没有数值</translation>
    </message>
    <message>
        <source>not a .npy file (it does not start with \x93NUMPY)</source>
        <translation>不是 .npy 文件（开头不是 \x93NUMPY）</translation>
    </message>
    <message>
        <source>.npy format version %1 is not read (1.0, 2.0 and 3.0 are)</source>
        <extracomment>%1 = the version in the file, e.g. 4.0</extracomment>
        <translation>不读取 .npy 格式版本 %1（可读 1.0、2.0 和 3.0）</translation>
    </message>
    <message>
        <source>the .npy header cannot be read [%1]</source>
        <extracomment>%1 = what the reader found wrong, in English</extracomment>
        <translation>无法读取 .npy 文件头 [%1]</translation>
    </message>
    <message>
        <source>dtype &apos;%1&apos; is not read: only little-endian float16, float32 and float64 (&apos;&lt;f2&apos;, &apos;&lt;f4&apos;, &apos;&lt;f8&apos;); save bfloat16 as float32</source>
        <extracomment>%1 = NumPy&apos;s dtype string, e.g. &lt;i4 (not translated)</extracomment>
        <translation>不读取 dtype &apos;%1&apos;：仅支持小端 float16、float32 和 float64（&apos;&lt;f2&apos;、&apos;&lt;f4&apos;、&apos;&lt;f8&apos;）；bfloat16 请存为 float32</translation>
    </message>
    <message>
        <source>big-endian dtype &apos;%1&apos; is not read; save it little-endian (arr.astype(&apos;&lt;f4&apos;))</source>
        <translation>不读取大端 dtype &apos;%1&apos;；请存为小端（arr.astype(&apos;&lt;f4&apos;)）</translation>
    </message>
    <message>
        <source>fortran_order is True (column-major); save it with np.ascontiguousarray(arr)</source>
        <translation>fortran_order 为 True（列优先）；请用 np.ascontiguousarray(arr) 保存</translation>
    </message>
    <message>
        <source>more values than the studio reads (at most %1)</source>
        <extracomment>%1 = the most values the studio reads</extracomment>
        <translation>数值多于张量工作室可读的上限（最多 %1 个）</translation>
    </message>
    <message>
        <source>the file ends before its data does [%1]</source>
        <extracomment>%1 = what is missing, in English</extracomment>
        <translation>文件在数据结束前就结束了 [%1]</translation>
    </message>
    <message>
        <source>the file has data beyond its shape [%1]</source>
        <translation>文件中有超出其形状的数据 [%1]</translation>
    </message>
    <message>
        <source>%1&apos;%2&apos; is not a number</source>
        <extracomment>%1 = where, %2 = the text that is not a number</extracomment>
        <translation>%1&apos;%2&apos; 不是数字</translation>
    </message>
    <message>
        <source>value %1: </source>
        <translation>第 %1 个值：</translation>
    </message>
    <message>
        <source>%1%2 is not a finite FP32 number</source>
        <extracomment>%1 = where, %2 = the value</extracomment>
        <translation>%1%2 不是有限的 FP32 数</translation>
    </message>
    <message>
        <source>%1every row needs the same number of values [%2]</source>
        <extracomment>%1 = where, %2 = the two row lengths, in English</extracomment>
        <translation>%1每一行的数值个数必须相同 [%2]</translation>
    </message>
    <message>
        <source>the tensor file cannot be read</source>
        <translation>无法读取该张量文件</translation>
    </message>
    <message>
        <source>∞ (overflowed)</source>
        <extracomment>an error statistic (MSE, relative error) that is infinite because values became ±inf</extracomment>
        <translation>∞（溢出）</translation>
    </message>
    <message>
        <source>−∞ dB (overflowed)</source>
        <extracomment>the SNR when values became ±inf: the error is infinite</extracomment>
        <translation>−∞ dB（溢出）</translation>
    </message>
</context>
<context>
    <name>TextbookLedger</name>
    <message>
        <source>Parameters</source>
        <extracomment>the textbook&apos;s ledgers (seed: 参数/梯度/优化器/激活)</extracomment>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
</context>
<context>
    <name>ValueSlider</name>
    <message>
        <source>%1 is more than this field accepts: set to the largest, %2</source>
        <translation>%1 超出此项能接受的范围：已设为最大值 %2</translation>
    </message>
    <message>
        <source>%1 is less than this field accepts: set to the smallest, %2</source>
        <extracomment>a typed value below the field&apos;s range; %1 = the value typed, %2 = the smallest value, used instead</extracomment>
        <translation>%1 低于此项能接受的范围：已设为最小值 %2</translation>
    </message>
</context>
<context>
    <name>ViewOptions</name>
    <message>
        <source>&amp;Units</source>
        <translation>单位(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;GB (10⁹ bytes)</source>
        <translation>&amp;GB（10⁹ 字节）</translation>
    </message>
    <message>
        <source>Decimal gigabytes, as textbooks count model states: 7B × 16 B = 112 GB</source>
        <translation>十进制 GB，教材算模型状态的方式：7B × 16 B = 112 GB</translation>
    </message>
    <message>
        <source>G&amp;iB (2³⁰ bytes)</source>
        <translation>G&amp;iB（2³⁰ 字节）</translation>
    </message>
    <message>
        <source>Binary gibibytes, as nvidia-smi and PyTorch count: an &quot;80GB&quot; A100 has 80 GiB</source>
        <translation>二进制 GiB，nvidia-smi 和 PyTorch 的算法：“80GB” 的 A100 实为 80 GiB</translation>
    </message>
    <message>
        <source>Switch GB / GiB</source>
        <translation>切换 GB / GiB</translation>
    </message>
    <message>
        <source>&amp;Textbook View</source>
        <translation>教材视图(&amp;T)</translation>
    </message>
    <message>
        <source>Only the four ledgers of the textbook: parameters, gradients, optimizer states and activations;
no runtime, fragmentation or temporary buffers</source>
        <translation>只显示教材的四本账：参数、梯度、优化器状态和激活；
不含运行时开销、碎片和临时缓冲区</translation>
    </message>
    <message>
        <source>&amp;Dark Theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>Light text on a dark background for the whole window (Ctrl+Shift+D)</source>
        <translation>整个窗口使用深色背景、浅色文字（Ctrl+Shift+D）</translation>
    </message>
</context>
<context>
    <name>ViewRenderer</name>
    <message>
        <source>What each number format stores for %1</source>
        <extracomment>bit-viewer slide heading; %1 = the value, e.g. 0.1</extracomment>
        <translation>%1 在各数值格式中的实际存储</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <extracomment>%1 = file name, %2 = the system&apos;s reason</extracomment>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot render the slide into %1</source>
        <extracomment>%1 = file name</extracomment>
        <translation>无法把幻灯片渲染到 %1</translation>
    </message>
    <message>
        <source>%1: the file name must end in .png, .svg, .pdf or .gif</source>
        <extracomment>%1 = file name</extracomment>
        <translation>%1：文件名必须以 .png、.svg、.pdf 或 .gif 结尾</translation>
    </message>
    <message>
        <source>%1: a frame sequence is written as PNG files: the name must end in .png</source>
        <extracomment>%1 = file name</extracomment>
        <translation>%1：帧序列写成 PNG 文件：文件名必须以 .png 结尾</translation>
    </message>
    <message>
        <source>the frame could not be rendered</source>
        <translation>无法渲染该帧</translation>
    </message>
    <message>
        <source>%1: only the step view plays as an animated GIF, and only when it draws a step; the other views are still (.png, .svg or .pdf)</source>
        <extracomment>%1 = file name</extracomment>
        <translation>%1：只有训练步视图能导出为动画 GIF，且须画出了训练步；其他视图是静止的（.png、.svg 或 .pdf）</translation>
    </message>
    <message>
        <source>%1: only the step view plays as a frame sequence, and only when it draws a step</source>
        <extracomment>%1 = file name</extracomment>
        <translation>%1：只有训练步视图能导出为帧序列，且须画出了训练步</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%1 = file name, %2 = why (the size)</extracomment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>WorkingModel</name>
    <message>
        <source>Model and layout</source>
        <translation>模型与布局</translation>
    </message>
    <message>
        <source>Memory per GPU: %1</source>
        <extracomment>working panel section; %1 = rank group label such as &quot;PP stage 0 · ranks 0–15&quot;</extracomment>
        <translation>每卡显存：%1</translation>
    </message>
    <message>
        <source>Compute, time and cost</source>
        <translation>算力、时间与成本</translation>
    </message>
    <message>
        <source>Communication per step</source>
        <translation>每步通信量</translation>
    </message>
    <message>
        <source>Quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Values substituted</source>
        <translation>代入的数值</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>Serving: batch, context and speed</source>
        <translation>推理服务：批大小、上下文与速度</translation>
    </message>
</context>
<context>
    <name>WorkingNotation</name>
    <message>
        <source>(8·s·b + s·b·h) × in flight</source>
        <translation>(8·s·b + s·b·h) × 在途数</translation>
    </message>
    <message>
        <source>(master + moments) · adapters (the frozen base has no optimizer state)</source>
        <translation>(主权重 + 矩估计) · 适配器（冻结的基座没有优化器状态）</translation>
    </message>
    <message>
        <source>(master + moments) · adapters (the frozen base has no optimizer state; moments in the adapters&apos; bf16: torch.optim zeros_like(p))</source>
        <translation>(主权重 + 矩估计) · 适配器（冻结的基座没有优化器状态；矩估计与适配器同为 bf16：torch.optim 的 zeros_like(p)）</translation>
    </message>
    <message>
        <source>(master + moments)·P (ZeRO ≥ 1: / D_z)</source>
        <translation>(主权重 + 矩估计)·P（ZeRO ≥ 1：/ D_z）</translation>
    </message>
    <message>
        <source>(o + 4 (fp32 grads) + w if params offloaded)·P / D_z</source>
        <translation>(o + 4（FP32 梯度）+ w（参数卸载时）)·P / D_z</translation>
    </message>
    <message>
        <source>1 / step</source>
        <translation>1 / 每步时间</translation>
    </message>
    <message>
        <source>2 B · largest matrix / t</source>
        <translation>2 B · 最大矩阵 / t</translation>
    </message>
    <message>
        <source>2 · 2·s·b·k·CF·h (all-to-all send + receive)</source>
        <translation>2 · 2·s·b·k·CF·h（all-to-all 发送 + 接收）</translation>
    </message>
    <message>
        <source>2 · g_local · d · bytes (MLA: (d_c + d_rope) · bytes)</source>
        <translation>2 · g_local · d · 字节数（MLA：(d_c + d_rope) · 字节数）</translation>
    </message>
    <message>
        <source>2·N·batch·prompt (+ attention) / (n · peak · MFU)</source>
        <translation>2·N·批大小·提示长度（+ 注意力）/ (n · 峰值 · MFU)</translation>
    </message>
    <message>
        <source>2·h (RMSNorm) or 2·2h (LayerNorm)</source>
        <translation>2·h（RMSNorm）或 2·2h（LayerNorm）</translation>
    </message>
    <message>
        <source>3·h·F gated, 2·h·F otherwise</source>
        <translation>门控为 3·h·F，否则为 2·h·F</translation>
    </message>
    <message>
        <source>A_layer × n_layers × in flight</source>
        <translation>A_layer × n_layers × 在途数</translation>
    </message>
    <message>
        <source>C_hw / (n · X)  (Narayanan: achieved throughput counts recomputation)</source>
        <translation>C_hw / (n · X)  （Narayanan：实测吞吐量包含重计算）</translation>
    </message>
    <message>
        <source>C_iter / (n · peak · MFU)</source>
        <translation>C_iter / (n · 峰值 · MFU)</translation>
    </message>
    <message>
        <source>FLOPs / bytes read (ridge = peak / bandwidth)</source>
        <translation>FLOPs / 读取字节数（脊点 = 峰值 / 带宽）</translation>
    </message>
    <message>
        <source>GPU-hours × price × overhead</source>
        <translation>GPU 小时 × 单价 × 开销系数</translation>
    </message>
    <message>
        <source>Llama-3-style family shape of the same size</source>
        <translation>同等规模的 Llama 3 式结构</translation>
    </message>
    <message>
        <source>V·h (untied) + final norm</source>
        <translation>V·h（不共享嵌入）+ 最终归一化</translation>
    </message>
    <message>
        <source>as the policy&apos;s gradients</source>
        <translation>同策略的梯度</translation>
    </message>
    <message>
        <source>as the policy&apos;s optimizer states</source>
        <translation>同策略的优化器状态</translation>
    </message>
    <message>
        <source>assumed constant</source>
        <translation>假定的常数</translation>
    </message>
    <message>
        <source>attention + MLP + norms</source>
        <translation>注意力 + MLP + 归一化</translation>
    </message>
    <message>
        <source>bits(format)/8 · linear + 2 B · other</source>
        <translation>bits(格式)/8 · 线性层 + 2 B · 其他</translation>
    </message>
    <message>
        <source>bucket_cap × 2 in flight</source>
        <translation>bucket_cap × 2（在途）</translation>
    </message>
    <message>
        <source>bytes(format)·linear + 2 B·other (÷ D_z with ZeRO-3)</source>
        <translation>bytes(格式)·线性层 + 2 B·其他（ZeRO-3 时 ÷ D_z）</translation>
    </message>
    <message>
        <source>datasheet dense peak for the compute dtype</source>
        <translation>计算所用数据类型在规格表上的稠密峰值</translation>
    </message>
    <message>
        <source>embedding + L·per layer + final norm + output</source>
        <translation>嵌入层 + L·每层 + 最终归一化 + 输出层</translation>
    </message>
    <message>
        <source>f × allocator-held bytes</source>
        <translation>f × 分配器持有的字节数</translation>
    </message>
    <message>
        <source>free memory / (batch · KV per token)</source>
        <translation>空闲显存 / (批大小 · 每 token 的 KV)</translation>
    </message>
    <message>
        <source>free memory / KV per sequence</source>
        <translation>空闲显存 / 每条序列的 KV</translation>
    </message>
    <message>
        <source>frozen copy of the policy</source>
        <translation>策略的冻结副本</translation>
    </message>
    <message>
        <source>g · adapters (the frozen base has no gradients)</source>
        <translation>g · 适配器（冻结的基座没有梯度）</translation>
    </message>
    <message>
        <source>gpu_memory_utilization · capacity − rollout weights</source>
        <translation>gpu_memory_utilization · 容量 − Rollout 权重</translation>
    </message>
    <message>
        <source>m · MoE layers · 4 · (EP−1)/EP · 2·s·b·k·CF·h</source>
        <translation>m · MoE 层数 · 4 · (EP−1)/EP · 2·s·b·k·CF·h</translation>
    </message>
    <message>
        <source>m · n_layers · (c−1) · 3 · K,V chunk</source>
        <translation>m · n_layers · (c−1) · 3 · K、V 分块</translation>
    </message>
    <message>
        <source>m · n_layers · collectives · 2(t−1)/t · 2·s·b·h</source>
        <translation>m · n_layers · 集合通信次数 · 2(t−1)/t · 2·s·b·h</translation>
    </message>
    <message>
        <source>max(bytes read / HBM bandwidth, FLOPs / peak)</source>
        <translation>max(读取字节数 / HBM 带宽, FLOPs / 峰值)</translation>
    </message>
    <message>
        <source>model FLOPs + recomputation</source>
        <translation>模型 FLOPs + 重计算</translation>
    </message>
    <message>
        <source>modules × w × ℓ (largest module per TP rank)</source>
        <translation>模块数 × w × ℓ（每个 TP rank 上的最大模块）</translation>
    </message>
    <message>
        <source>n_layers·(P_layer/t + P_replicated) + embedding/t (first stage) + output/t (last)</source>
        <translation>n_layers·(P_layer/t + P_replicated) + 嵌入层/t（第一段）+ 输出层/t（最后一段）</translation>
    </message>
    <message>
        <source>one chunk&apos;s transient tensors + fp32 sampling logits</source>
        <translation>一个分块的临时张量 + FP32 采样 logits</translation>
    </message>
    <message>
        <source>one layer&apos;s activations rebuilt during its backward</source>
        <translation>在反向中重建的一层激活</translation>
    </message>
    <message>
        <source>per GPU × GPUs per node × buffer factor (DeepSpeed additional_buffer_factor)</source>
        <translation>每卡 × 每节点 GPU 数 × 缓冲系数（DeepSpeed additional_buffer_factor）</translation>
    </message>
    <message>
        <source>per-token FLOPs × D  (≈ 6·N·D)</source>
        <translation>每 token FLOPs × D  （≈ 6·N·D）</translation>
    </message>
    <message>
        <source>r·(d_in + d_out) per adapted matrix × recipe bytes</source>
        <translation>每个适配矩阵 r·(d_in + d_out) × 精度方案字节数</translation>
    </message>
    <message>
        <source>t_iter × iterations</source>
        <translation>t_iter × 迭代次数</translation>
    </message>
    <message>
        <source>total − MoE layers × (E − k) experts</source>
        <translation>总数 − MoE 层数 × (E − k) 个专家</translation>
    </message>
    <message>
        <source>trained like the policy</source>
        <translation>与策略同样训练</translation>
    </message>
    <message>
        <source>w + g + master + moments</source>
        <translation>w + g + 主权重 + 矩估计</translation>
    </message>
    <message>
        <source>w · adapters on this GPU (÷ D_z with ZeRO-3)</source>
        <translation>w · 此 GPU 上的适配器（ZeRO-3 时 ÷ D_z）</translation>
    </message>
    <message>
        <source>Σ components</source>
        <translation>Σ 各组成部分</translation>
    </message>
    <message>
        <source>Σ layers · per-token bytes · cached tokens · batch</source>
        <translation>Σ 层 · 每 token 字节数 · 缓存的 token 数 · 批大小</translation>
    </message>
    <message>
        <source>Σ saved tensors</source>
        <translation>Σ 保存的张量</translation>
    </message>
    <message>
        <source>Ψ as given (no architecture)</source>
        <translation>给定的 Ψ（无结构信息）</translation>
    </message>
    <message>
        <source>Ψ_reward / (t·p) · bytes(format)</source>
        <translation>Ψ_reward / (t·p) · bytes(格式)</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>KV per sequence</source>
        <translation>每条序列的 KV</translation>
    </message>
    <message>
        <source>MoE layers</source>
        <translation>MoE 层数</translation>
    </message>
    <message>
        <source>TP-sharded matrices</source>
        <translation>TP 切分的矩阵</translation>
    </message>
    <message>
        <source>Table 2 terms</source>
        <translation>表 2 各项</translation>
    </message>
    <message>
        <source>adapters (model)</source>
        <translation>适配器（整个模型）</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>attention core/token</source>
        <translation>注意力核心/token</translation>
    </message>
    <message>
        <source>bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>bits/param (linear)</source>
        <translation>位/参数（线性层）</translation>
    </message>
    <message>
        <source>block</source>
        <translation>块</translation>
    </message>
    <message>
        <source>bucket bytes</source>
        <translation>桶字节数</translation>
    </message>
    <message>
        <source>buffer factor</source>
        <translation>缓冲系数</translation>
    </message>
    <message>
        <source>bytes read</source>
        <translation>读取字节数</translation>
    </message>
    <message>
        <source>bytes/param (linear)</source>
        <translation>字节/参数（线性层）</translation>
    </message>
    <message>
        <source>bytes/param (other)</source>
        <translation>字节/参数（其他）</translation>
    </message>
    <message>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>chunk tokens</source>
        <translation>分块 token 数</translation>
    </message>
    <message>
        <source>collectives</source>
        <translation>集合通信次数</translation>
    </message>
    <message>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>dense layers</source>
        <translation>稠密层数</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>extras</source>
        <translation>附加项</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>global layers</source>
        <translation>全局注意力层数</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>在途数</translation>
    </message>
    <message>
        <source>iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>layer GEMMs/token</source>
        <translation>层 GEMM/token</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>linear</source>
        <translation>线性层</translation>
    </message>
    <message>
        <source>logits/token</source>
        <translation>logits/token</translation>
    </message>
    <message>
        <source>master</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>modules</source>
        <translation>模块数</translation>
    </message>
    <message>
        <source>moments</source>
        <translation>矩估计</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>output + final norm</source>
        <translation>输出层 + 最终归一化</translation>
    </message>
    <message>
        <source>overhead</source>
        <translation>开销系数</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>per GPU</source>
        <translation>每卡</translation>
    </message>
    <message>
        <source>per MoE layer</source>
        <translation>每个 MoE 层</translation>
    </message>
    <message>
        <source>per dense layer</source>
        <translation>每个稠密层</translation>
    </message>
    <message>
        <source>per token</source>
        <translation>每 token</translation>
    </message>
    <message>
        <source>per token per layer</source>
        <translation>每 token 每层</translation>
    </message>
    <message>
        <source>price</source>
        <translation>单价</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>replicated (norms, biases, routers) + embedding/output</source>
        <translation>复制部分（归一化、偏置、路由器）+ 嵌入层/输出层</translation>
    </message>
    <message>
        <source>ridge</source>
        <translation>脊点</translation>
    </message>
    <message>
        <source>rollout weights</source>
        <translation>Rollout 权重</translation>
    </message>
    <message>
        <source>routed experts (÷ EP·ETP)</source>
        <translation>路由专家（÷ EP·ETP）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>每步时间</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总数</translation>
    </message>
    <message>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>(8·s·b + s·b·h / t_sp) × in flight</source>
        <translation>(8·s·b + s·b·h / t_sp) × 在途数</translation>
    </message>
    <message>
        <source>(D−1)/D · (g + w)·P  (reduce-scatter grads, all-gather weights)</source>
        <translation>(D−1)/D · (g + w)·P  （梯度 reduce-scatter，权重 all-gather）</translation>
    </message>
    <message>
        <source>(D−1)/D · (m·g + w)·P  (grads reduce-scattered every micro-batch)</source>
        <translation>(D−1)/D · (m·g + w)·P  （每个微批次都对梯度 reduce-scatter）</translation>
    </message>
    <message>
        <source>(D−1)/D · m·(2w + g)·P  (weights gathered in fwd and bwd, every micro-batch)</source>
        <translation>(D−1)/D · m·(2w + g)·P  （每个微批次在前向和反向中都收集权重）</translation>
    </message>
    <message>
        <source>(master + moments)·P</source>
        <translation>(主权重 + 矩估计)·P</translation>
    </message>
    <message>
        <source>(master + moments)·P / D_z</source>
        <translation>(主权重 + 矩估计)·P / D_z</translation>
    </message>
    <message>
        <source>0 (gradients streamed to CPU)</source>
        <translation>0（梯度流式传到 CPU）</translation>
    </message>
    <message>
        <source>0 (no data parallelism: nothing to reduce)</source>
        <translation>0（没有数据并行：无需归约）</translation>
    </message>
    <message>
        <source>0 (optimizer offloaded to CPU)</source>
        <translation>0（优化器状态已卸载到 CPU）</translation>
    </message>
    <message>
        <source>0 (the reference is the frozen base with the adapters disabled)</source>
        <translation>0（参考模型就是关闭适配器的冻结基座）</translation>
    </message>
    <message>
        <source>0 (weights offloaded to CPU; gathered per module)</source>
        <translation>0（权重已卸载到 CPU；按模块收集）</translation>
    </message>
    <message>
        <source>2 × 2h (LayerNorm: scale and bias)</source>
        <translation>2 × 2h（LayerNorm：缩放和偏置）</translation>
    </message>
    <message>
        <source>2 × h (RMSNorm: scale only)</source>
        <translation>2 × h（RMSNorm：只有缩放）</translation>
    </message>
    <message>
        <source>2·(D−1)/D · g·P  (gradient all-reduce once per step)</source>
        <translation>2·(D−1)/D · g·P  （每步对梯度做一次 all-reduce）</translation>
    </message>
    <message>
        <source>2·s·b·F_s (×2 gated)</source>
        <translation>2·s·b·F_s（门控时 ×2）</translation>
    </message>
    <message>
        <source>2·s·b·r × adapted matrices</source>
        <translation>2·s·b·r × 适配的矩阵数</translation>
    </message>
    <message>
        <source>3·h·F (gate, up, down)</source>
        <translation>3·h·F（gate、up、down）</translation>
    </message>
    <message>
        <source>8·s·b × in flight (no dropout mask)</source>
        <translation>8·s·b × 在途数（无 dropout 掩码）</translation>
    </message>
    <message>
        <source>= model FLOPs (no recomputation)</source>
        <translation>= 模型 FLOPs（无重计算）</translation>
    </message>
    <message>
        <source>FLOPs / bytes &lt; ridge: memory-bound</source>
        <translation>FLOPs / 字节 &lt; 脊点：带宽受限</translation>
    </message>
    <message>
        <source>V·h + final norm</source>
        <translation>V·h + 最终归一化</translation>
    </message>
    <message>
        <source>bytes(format)·P (÷ D_z with ZeRO-3)</source>
        <translation>bytes(格式)·P（ZeRO-3 时 ÷ D_z）</translation>
    </message>
    <message>
        <source>final norm only (output tied to the embedding)</source>
        <translation>只有最终归一化（输出层与嵌入层共享）</translation>
    </message>
    <message>
        <source>model + (layers + core)/3 · B·s  (one more forward)</source>
        <translation>模型 + (层 + 核心)/3 · B·s  （多做一次前向）</translation>
    </message>
    <message>
        <source>model + core/3 · B·s  (attention core forward again)</source>
        <translation>模型 + 核心/3 · B·s  （注意力核心再做一次前向）</translation>
    </message>
    <message>
        <source>Σ saved tensors of an MoE layer</source>
        <translation>Σ 一个 MoE 层保存的张量</translation>
    </message>
    <message>
        <source>Σ saved tensors of one layer without recomputation</source>
        <translation>Σ 不重计算时一层保存的张量</translation>
    </message>
    <message>
        <source>bytes / link bandwidth</source>
        <translation>字节数 / 链路带宽</translation>
    </message>
    <message>
        <source>bytes / B_net  (the group spans nodes: the network)</source>
        <translation>字节数 / B_net（并行组跨节点：走网络）</translation>
    </message>
    <message>
        <source>bytes / (B_node / 2)  (inside one node: NVLink or PCIe)</source>
        <translation>字节数 / (B_node / 2)（节点内：NVLink 或 PCIe）</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节数</translation>
    </message>
    <message>
        <source>rounds · [prefill + new tokens · max(bytes read / HBM bandwidth, FLOPs / peak)]</source>
        <translation>轮数 · [预填充 + 新 token 数 · max(读取字节数 / 显存带宽, FLOPs / 峰值)]</translation>
    </message>
    <message>
        <source>C_iter / (n · peak · MFU) + rollout</source>
        <translation>C_iter / (n · 峰值 · MFU) + rollout</translation>
    </message>
    <message>
        <source>C_hw / (n · X) + rollout</source>
        <translation>C_hw / (n · X) + rollout</translation>
    </message>
    <message>
        <source>rollout</source>
        <translation>rollout</translation>
    </message>
    <message>
        <source>rounds</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>序列数</translation>
    </message>
    <message>
        <source>new tokens</source>
        <translation>新 token 数</translation>
    </message>
    <message>
        <source>HBM bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>P = Ψ / (t·p)  (count-only model: split evenly over the stages)</source>
        <translation>P = Ψ / (t·p)  （仅知参数量：在各段之间平均切分）</translation>
    </message>
    <message>
        <source>6·N·B·s  (Kaplan et al. 2020 §2.1)</source>
        <translation>6·N·B·s  （Kaplan 等 2020 §2.1）</translation>
    </message>
    <message>
        <source>m · Σ max(2·M·N·K / (peak · η(M, N, K)), bytes / HBM)  (forward + 2 × backward)</source>
        <translation>m · Σ max(2·M·N·K / (峰值 · η(M, N, K)), 字节 / HBM)（前向 + 2 × 反向）</translation>
    </message>
    <message>
        <source>m · n_layers · bytes moved / HBM bandwidth</source>
        <translation>m · n_layers · 搬运字节 / HBM 带宽</translation>
    </message>
    <message>
        <source>m · n_layers · overhead</source>
        <translation>m · n_layers · 开销</translation>
    </message>
    <message>
        <source>m · n_layers · repeated forward work</source>
        <translation>m · n_layers · 重复的前向计算</translation>
    </message>
    <message>
        <source>(Σ stages − slowest) / v  = (p − 1)/(v·m) of the compute</source>
        <translation>(Σ 各段 − 最慢段) / v = 计算的 (p − 1)/(v·m)</translation>
    </message>
    <message>
        <source>max(last bucket, collective − backward of the last micro-batch) (+ weight all-gather − first forward)</source>
        <translation>max(最后一个桶, 集合通信 − 最后一个微批次的反向)（+ 权重 all-gather − 第一个前向）</translation>
    </message>
    <message>
        <source>m · n_layers · collectives</source>
        <translation>m · n_layers · 集合通信</translation>
    </message>
    <message>
        <source>m · n_layers · max(0, ring exchange − attention)</source>
        <translation>m · n_layers · max(0, 环形交换 − 注意力)</translation>
    </message>
    <message>
        <source>m · MoE layers · 4 all-to-alls (+2 with full recomputation)</source>
        <translation>m · MoE 层 · 4 次 all-to-all（完全重计算再加 2 次）</translation>
    </message>
    <message>
        <source>(g + w)·P / PCIe + 28 B·P / CPU DRAM share (+ weights per pass with parameter offload)</source>
        <translation>(g + w)·P / PCIe + 28 B·P / CPU 内存带宽份额（参数卸载时每次前/反向再加权重）</translation>
    </message>
    <message>
        <source>P_updated · (2·optimizer + g + w) bytes / HBM</source>
        <translation>P_更新 · (2·优化器 + g + w) 字节 / HBM</translation>
    </message>
    <message>
        <source>m · slowest stage + bubble + exposed communication + optimizer + offload</source>
        <translation>m · 最慢段 + 气泡 + 未掩盖的通信 + 优化器 + 卸载</translation>
    </message>
    <message>
        <source>QKᵀ, ·V at η_GEMM(s/c, s, d) + 20 B per score / HBM  (no fused kernel)</source>
        <translation>QKᵀ、·V 按 η_GEMM(s/c, s, d) + 每个分数 20 B / HBM（无融合内核）</translation>
    </message>
    <message>
        <source>m · n_layers · forward again</source>
        <translation>m · n_layers · 再做一次前向</translation>
    </message>
    <message>
        <source>m · n_layers · attention forward again</source>
        <translation>m · n_layers · 再做一次注意力前向</translation>
    </message>
    <message>
        <source>0 (no recomputation)</source>
        <translation>0（不重计算）</translation>
    </message>
    <message>
        <source>m · n_layers · max(0, collectives − GEMMs)  (--tp-comm-overlap)</source>
        <translation>m · n_layers · max(0, 集合通信 − GEMM)（--tp-comm-overlap）</translation>
    </message>
    <message>
        <source>m · n_layers · collectives  (on the critical path)</source>
        <translation>m · n_layers · 集合通信（在关键路径上）</translation>
    </message>
    <message>
        <source>2·(p − 1)·(bytes / bus + α)  (interleaved: overlapped in steady state)</source>
        <translation>2·(p − 1)·(字节 / 总线 + α)（交错调度：稳态时被掩盖）</translation>
    </message>
    <message>
        <source>the step-time model&apos;s step (no MFU given)</source>
        <translation>步时模型给出的一步（未给出 MFU）</translation>
    </message>
    <message>
        <source>ring collectives, bus = min(NVLink, members per node × NIC)  (the group spans nodes)</source>
        <translation>环形集合通信，总线 = min(NVLink, 每节点成员数 × 网卡)（该组跨节点）</translation>
    </message>
    <message>
        <source>ring collectives, bus = NVLink (or PCIe) per direction × efficiency  (inside one node)</source>
        <translation>环形集合通信，总线 = 单向 NVLink（或 PCIe）× 效率（在一个节点内）</translation>
    </message>
    <message>
        <source>per layer fwd</source>
        <translation>每层前向</translation>
    </message>
    <message>
        <source>per layer</source>
        <translation>每层</translation>
    </message>
    <message>
        <source>per micro-batch</source>
        <translation>每个微批次</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>bus</source>
        <translation>总线</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>更新的参数</translation>
    </message>
    <message>
        <source>m · slowest stage</source>
        <translation>m · 最慢段</translation>
    </message>
    <message>
        <source>model step</source>
        <translation>模型的一步</translation>
    </message>
    <message>
        <source>F.cross_entropy(logits.float()): held 4, forward 6, backward 8 B·s·b·V/t (+2 cached)</source>
        <translation>F.cross_entropy(logits.float())：保留 4、前向 6、反向 8 B·s·b·V/t（+2 缓存）</translation>
    </message>
    <message>
        <source>compiled cross entropy: held 2 (bf16 logits), backward 2 B·s·b·V/t</source>
        <translation>编译后的交叉熵：保留 2（BF16 logits）、反向 2 B·s·b·V/t</translation>
    </message>
    <message>
        <source>chunked output, compiled per chunk (n = 8): held 2, backward 2/n B·s·b·V/t</source>
        <translation>分块输出，逐块编译（n = 8）：保留 2、反向 2/n B·s·b·V/t</translation>
    </message>
    <message>
        <source>chunked output, eager bf16 (n = 8): held 4, backward 4/n B·s·b·V/t (2 kept all step)</source>
        <translation>分块输出，即时模式 BF16（n = 8）：保留 4、反向 4/n B·s·b·V/t（整步保留 2）</translation>
    </message>
    <message>
        <source>output layer + loss per chunk (n = 8): forward 14/n B·s·b·V/t, none held</source>
        <translation>输出层 + 损失逐块计算（n = 8）：前向 14/n B·s·b·V/t，不保留</translation>
    </message>
    <message>
        <source>vocab-parallel cross entropy: held 4 (fp32 softmax), forward 2, backward 2 B·s·b·V/t</source>
        <translation>词表并行交叉熵：保留 4（FP32 softmax）、前向 2、反向 2 B·s·b·V/t</translation>
    </message>
    <message>
        <source>loss in a transformers &lt; 4.46 model, output kept: held 8, forward 4, backward 8 B·s·b·V/t (+2 cached; 4 kept all step)</source>
        <translation>transformers &lt; 4.46 模型内计算损失、输出被保留：保留 8、前向 4、反向 8 B·s·b·V/t（+2 缓存；整步保留 4）</translation>
    </message>
    <message>
        <source>FSDP, frozen base: forward 3 × w·ℓ, backward 2 × w·ℓ (w as stored, no gradients), + root unsharded (2 B each)</source>
        <translation>FSDP，冻结基座：前向 3 × w·ℓ，反向 2 × w·ℓ（w 按存储格式，无梯度），+ 未分片的根模块（每个 2 B）</translation>
    </message>
    <message>
        <source>FSDP2 under PP: the stage unsharded, (2 + r) B per stage parameter (bf16 weights, gradients accumulated in the reduce dtype), + 2ℓ at a layer&apos;s backward</source>
        <translation>流水线并行下的 FSDP2：整个阶段不分片，每个阶段参数 (2 + r) B（BF16 权重，梯度按归约精度累积），+ 层反向时 2ℓ</translation>
    </message>
    <message>
        <source>mem_fraction_static × (capacity − context − NCCL) − weights, less this batch&apos;s KV</source>
        <translation>mem_fraction_static × (容量 − 上下文 − NCCL) − 权重，减去本批次的 KV</translation>
    </message>
    <message>
        <source>2·2·s·b·h / t_sp + held·s·b·V / t (held by training.loss_implementation)</source>
        <translation>2·2·s·b·h / t_sp + 保留·s·b·V / t（保留量由 training.loss_implementation 决定）</translation>
    </message>
    <message>
        <source>by training.loss_implementation: Megatron 2 B·s·b·V/t (forward and backward); eager cross entropy 6 B forward, 8 B backward; compiled 2 B backward; chunked 2/n–14/n B</source>
        <translation>由 training.loss_implementation 决定：Megatron 2 B·s·b·V/t（前向和反向）；即时模式交叉熵前向 6 B、反向 8 B；编译后反向 2 B；分块 2/n–14/n B</translation>
    </message>
    <message>
        <source>2·2·s·b·h / t_sp + held·s·b·V / t</source>
        <translation>2·2·s·b·h / t_sp + 保留·s·b·V / t</translation>
    </message>
    <message>
        <source>held</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>chunks · engine step(chunk tokens)  (a stated MFU: 2·N·batch·prompt (+ attention) / (n · peak · MFU))</source>
        <translation>分块数 · 引擎步(分块 token)  (给定 MFU 时：2·N·batch·prompt (+ 注意力) / (n · peak · MFU))</translation>
    </message>
    <message>
        <source>max(weights / (HBM · f), (FLOPs + (busiest − 1) · routed-expert FLOPs) / (peak · η)) + max(KV / (HBM · f), queries · 2·h·(d + dv)·positions / (peak₁₆ · a)) + n_layers · floor + 2 · n_layers · all-reduce + busiest · EP all-to-all (attention DP only) + engine step; busiest = 1 + z(EP) · √(c² / (E/EP) + (1 − 1/EP) / pairs per rank)</source>
        <translation>max(权重 / (HBM · f), (FLOPs + (最忙 − 1) · 路由专家 FLOPs) / (peak · η)) + max(KV / (HBM · f), 查询数 · 2·h·(d + dv)·位置数 / (peak₁₆ · a)) + n_layers · 层下限 + 2 · n_layers · all-reduce + 最忙 · EP all-to-all（仅注意力数据并行）+ 引擎步开销；最忙 = 1 + z(EP) · √(c² / (E/EP) + (1 − 1/EP) / 每个 rank 的 token-专家对数)</translation>
    </message>
    <message>
        <source>engine step(running decode rows + the others&apos; prompt chunks ≤ token budget)</source>
        <translation>引擎步(运行中请求的解码行 + 其他请求的提示词分块 ≤ token 预算)</translation>
    </message>
    <message>
        <source>queue + ⌈prompt / (budget − others&apos; decode rows)⌉ · engine step(others&apos; decode + own chunk)</source>
        <translation>排队 + ⌈prompt / (预算 − 其他请求的解码行)⌉ · 引擎步(其他请求解码 + 自身分块)</translation>
    </message>
    <message>
        <source>chunks</source>
        <translation>分块数</translation>
    </message>
    <message>
        <source>achievable</source>
        <translation>可达比例</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>KV read</source>
        <translation>KV 读取</translation>
    </message>
    <message>
        <source>layer floor</source>
        <translation>每层固定开销</translation>
    </message>
    <message>
        <source>TP all-reduce</source>
        <translation>TP all-reduce</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>PP hand-off</source>
        <translation>PP 交接</translation>
    </message>
    <message>
        <source>engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>prompt tokens/step</source>
        <translation>每步提示词 token</translation>
    </message>
    <message>
        <source>token budget</source>
        <translation>token 预算</translation>
    </message>
    <message>
        <source>own chunks</source>
        <translation>自身分块数</translation>
    </message>
    <message>
        <source>queue</source>
        <translation>排队</translation>
    </message>
    <message>
        <source>attention compute share</source>
        <translation>注意力算力占比</translation>
    </message>
    <message>
        <source>busiest EP rank</source>
        <translation>最忙 EP 卡的负载倍数</translation>
    </message>
    <message>
        <source>0 (FSDP2&apos;s reduce-scatter inputs are counted with the gathered weights)</source>
        <translation>0（FSDP2 的 reduce-scatter 输入已计入聚合后的权重）</translation>
    </message>
    <message>
        <source>0: buckets are views of the contiguous grad buffer, reduced in place</source>
        <translation>0：桶是连续梯度缓冲区的视图，原地归约</translation>
    </message>
    <message>
        <source>2 B · Ψ / TP_rollout</source>
        <translation>2 B · Ψ / TP_rollout</translation>
    </message>
    <message>
        <source>2 B × weights: torch.autocast&apos;s bf16 copies, saved for backward</source>
        <translation>2 B × 权重：torch.autocast 生成的 bf16 副本，为反向保存</translation>
    </message>
    <message>
        <source>2 B·s·b·V/t: the bf16 logits beside their fp32 copy; in backward the bf16 gradient</source>
        <translation>2 B·s·b·V/t：bf16 logits 与其 fp32 副本并存；反向时为 bf16 梯度</translation>
    </message>
    <message>
        <source>2 × (cuBLAS + 1 MiB cuBLASLt) (+ Transformer Engine 32 MiB + 1 KiB)</source>
        <translation>2 × (cuBLAS + 1 MiB cuBLASLt)（+ Transformer Engine 32 MiB + 1 KiB）</translation>
    </message>
    <message>
        <source>2·(m + p − 1)·(bytes / bus + α)</source>
        <translation>2·(m + p − 1)·(字节 / 总线带宽 + α)</translation>
    </message>
    <message>
        <source>2·2·s·b·h / t_sp + 4·s·b·V / t (fp32 log-softmax saved by F.cross_entropy)</source>
        <translation>2·2·s·b·h / t_sp + 4·s·b·V / t（F.cross_entropy 保存的 fp32 log-softmax）</translation>
    </message>
    <message>
        <source>2·2·s·b·h / t_sp + 4·s·b·V / t (fp32 softmax saved by the vocab-parallel cross entropy)</source>
        <translation>2·2·s·b·h / t_sp + 4·s·b·V / t（词表并行交叉熵保存的 fp32 softmax）</translation>
    </message>
    <message>
        <source>2·s·b·(2·q_lora + 2·kv_lora + rope)</source>
        <translation>2·s·b·(2·q_lora + 2·kv_lora + rope 维度)</translation>
    </message>
    <message>
        <source>2·s·b·h + max(MLP 3·s·b·F/t gated, attention dQ/dK/dV + fp32 dQ accumulator)</source>
        <translation>2·s·b·h + max(MLP 3·s·b·F/t（门控），注意力 dQ/dK/dV + fp32 dQ 累加器)</translation>
    </message>
    <message>
        <source>4 B × gradient shard: .float() of the 16-bit grad buffer</source>
        <translation>4 B × 梯度分片：16 位梯度缓冲区的 .float() 副本</translation>
    </message>
    <message>
        <source>CPU Adam step per parameter: read and write fp32 master, m and v (24 B), read a 16-bit gradient and write a 16-bit weight (4 B): ZeRO-Offload (arXiv 2101.06840) §4.1&apos;s schedule</source>
        <translation>每个参数的 CPU Adam 步：读写 fp32 主权重、m 和 v（24 B），读一个 16 位梯度、写一个 16 位权重（4 B）：ZeRO-Offload（arXiv 2101.06840）§4.1 的调度</translation>
    </message>
    <message>
        <source>DGX H100: two Xeon 8480C with 8 channels of DDR5-4800 each (2 × 307 GB/s); the CPU optimizer step of ZeRO-Offload is bound by it</source>
        <translation>DGX H100：两颗 Xeon 8480C，各 8 通道 DDR5-4800（2 × 307 GB/s）；ZeRO-Offload 的 CPU 优化器步受它限制</translation>
    </message>
    <message>
        <source>FSDP2: forward 3 × 2ℓ, backward (2·2 + 2 + 2r)·ℓ, + root unsharded (2 B each) and its gradients</source>
        <translation>FSDP2：前向 3 × 2ℓ，反向 (2·2 + 2 + 2r)·ℓ，+ 未分片的根模块（各 2 B）及其梯度</translation>
    </message>
    <message>
        <source>FlashAttention-3 (arXiv 2407.08608) Fig. 5: H100 forward throughput rises from about a third of peak at 512 tokens to 740 TFLOP/s (75 %) at 16k; modelled as s/(s + 512) per CP chunk</source>
        <translation>FlashAttention-3（arXiv 2407.08608）图 5：H100 前向吞吐从 512 token 时约三分之一峰值升到 16k 时的 740 TFLOP/s（75%）；按每个 CP 分块 s/(s + 512) 建模</translation>
    </message>
    <message>
        <source>GELU reads F and writes F per token in forward (our count of the operator)</source>
        <translation>GELU 前向每 token 读 F、写 F（本工具对该算子的计数）</translation>
    </message>
    <message>
        <source>a fused attention kernel&apos;s backward runs five GEMMs to its forward&apos;s two (QKᵀ again, dV, dP, dQ, dK): 2.5 × the forward FLOPs, the count the FlashAttention benchmarks measure backward TFLOP/s in (Dao-AILab/flash-attention benchmarks/benchmark_flash_attention.py @ 0469c72: flops(mode=&apos;bwd&apos;) = 2.5 × the forward&apos;s), so each kernel&apos;s η_bwd, read from those plots, is applied to 2.5 × F_att</source>
        <translation>融合注意力核的反向有五个 GEMM（再算一次 QKᵀ，以及 dV、dP、dQ、dK），前向只有两个：反向 FLOPs 是前向的 2.5 倍，FlashAttention 的基准测试正是按这个口径给出反向 TFLOP/s（Dao-AILab/flash-attention benchmarks/benchmark_flash_attention.py @ 0469c72：flops(mode=&apos;bwd&apos;) = 前向的 2.5 倍），所以从这些图读出的各核 η_bwd 作用于 2.5 × F_att</translation>
    </message>
    <message>
        <source>attention kernels run slower at head dim 64 than at 128: FlashAttention-3 (arXiv 2407.08608) Fig. 5, H100 forward at 16k tokens, head dim 64 against 128: FlashAttention-2 299/370, cuDNN 388/595, FlashAttention-3 473/648 TFLOP/s; the same ratio assumed for the backward and on other GPUs (our assumption), linear in the head dim from 64 to 128, 1 from 128 on (MLA: its q·k head dim)</source>
        <translation>注意力核在头维 64 时比 128 时慢：FlashAttention-3（arXiv 2407.08608）图 5，H100 前向、16k token，头维 64 对 128：FlashAttention-2 299/370，cuDNN 388/595，FlashAttention-3 473/648 TFLOP/s；反向和其他 GPU 假定同一比例（我们的假设），头维 64 到 128 之间线性插值，128 及以上为 1（MLA 取其 q·k 头维）</translation>
    </message>
    <message>
        <source>GEMM efficiency falls when a dimension is small against the 128- to 256-wide tiles cuBLAS uses (NVIDIA Matrix Multiplication Background User&apos;s Guide, §2.3 tile sizes, §3 tile and wave quantization); modelled as Π d/(d + 128) over M, N, K, normalised to 1 at the best shape measured for MAMF</source>
        <translation>当某一维相对 cuBLAS 使用的 128–256 宽分块较小时，GEMM 效率下降（NVIDIA Matrix Multiplication Background User&apos;s Guide，§2.3 分块大小，§3 分块与波次量化）；按 M、N、K 上的 Π d/(d + 128) 建模，并在测得 MAMF 的最佳形状处归一为 1</translation>
    </message>
    <message>
        <source>L / p, the remainder on the middle stages</source>
        <translation>L / p，余数分给中间各段</translation>
    </message>
    <message>
        <source>MAMF 271.2 of 312 TFLOP/s (stas00/ml-engineering compute/accelerator/README.md @ 744d01e); FlashAttention-2 reaches 50–73 % of peak on A100, forward up to 73 %, backward lower (arXiv 2307.08691); PCIe Gen4 x16 (NVIDIA A100 datasheet: 64 GB/s both directions)</source>
        <translation>MAMF 271.2 / 312 TFLOP/s（stas00/ml-engineering compute/accelerator/README.md @ 744d01e）；FlashAttention-2 在 A100 上达到峰值的 50–73%，前向最高 73%，反向更低（arXiv 2307.08691）；PCIe Gen4 x16（NVIDIA A100 数据手册：双向 64 GB/s）</translation>
    </message>
    <message>
        <source>Megatron-LM DistributedDataParallelConfig bucket_size default max(40M, 1M·DP) parameters (megatron/core/distributed/distributed_data_parallel_config.py @ d98e8a6): the last bucket cannot overlap the backward</source>
        <translation>Megatron-LM DistributedDataParallelConfig 的 bucket_size 默认 max(40M, 1M·DP) 个参数（megatron/core/distributed/distributed_data_parallel_config.py @ d98e8a6）：最后一个桶无法与反向重叠</translation>
    </message>
    <message>
        <source>SwiGLU reads gate and up (2F) and writes F per token in forward (our count of the operator)</source>
        <translation>SwiGLU 前向每 token 读 gate 和 up（2F）、写 F（本工具对该算子的计数）</translation>
    </message>
    <message>
        <source>allocated + allocator reserve (+ CUDA graph pool)</source>
        <translation>已分配 + 分配器预留（+ CUDA graph 池）</translation>
    </message>
    <message>
        <source>assumed constant, outside the caching allocator</source>
        <translation>假定为常数，在缓存分配器之外</translation>
    </message>
    <message>
        <source>assumed per GPU</source>
        <translation>按每卡假定</translation>
    </message>
    <message>
        <source>assumption: a vectorised CPU Adam (DeepSpeed cpu_adam) sustains about half the DRAM peak while 8 GPUs&apos; host copies share it</source>
        <translation>假设：向量化的 CPU Adam（DeepSpeed cpu_adam）在 8 张卡的主机拷贝共享内存带宽时，可维持约一半的 DRAM 峰值</translation>
    </message>
    <message>
        <source>assumption: fixed time per layer per micro-batch, forward + backward: some 30 kernels forward and 60 backward at about 1 µs of launch gap or tail each (our count; CUDA graphs would remove it)</source>
        <translation>假设：每层每个微批次的固定时间（前向 + 反向）：前向约 30 个、反向约 60 个 kernel，每个约 1 µs 的启动间隙或尾部（本工具的计数；CUDA graph 可消除）</translation>
    </message>
    <message>
        <source>assumption: host-device copies reach about 80 % of the PCIe datasheet rate, as NVLink collectives do of theirs</source>
        <translation>假设：主机与设备间拷贝达到 PCIe 手册速率的约 80%，与 NVLink 集合通信达到其标称速率的比例相当</translation>
    </message>
    <message>
        <source>attention without a fused kernel materialises the s×s scores per head: Korthikanti et al. 2022 (arXiv 2205.05198) §4.1 counts 5 bytes per score element saved (softmax 2, dropout mask 1, dropout output 2); written and read once in forward, read and rewritten in backward: about 20 bytes of HBM traffic per score element (our count)</source>
        <translation>没有融合 kernel 的注意力会为每个头物化 s×s 的分数：Korthikanti 等 2022（arXiv 2205.05198）§4.1 计每个分数元素保存 5 字节（softmax 2、dropout 掩码 1、dropout 输出 2）；前向写读各一次，反向读取并重写：每个分数元素约 20 字节 HBM 流量（本工具的计数）</translation>
    </message>
    <message>
        <source>backward of an elementwise operator reads the saved input and the incoming gradient and writes the outgoing one: about twice the forward traffic (our count)</source>
        <translation>逐元素算子的反向读取保存的输入和传入的梯度、写出传出的梯度：约为前向流量的两倍（本工具的计数）</translation>
    </message>
    <message>
        <source>backward of the first layer (recomputation, activation gradients)</source>
        <translation>第一层的反向（重计算、激活梯度）</translation>
    </message>
    <message>
        <source>backward of the loss (logits gradient)</source>
        <translation>损失的反向（logits 梯度）</translation>
    </message>
    <message>
        <source>cached blocks a request cannot reuse + f × memory allocated during the step</source>
        <translation>请求无法复用的缓存块 + f × 本步内分配的显存</translation>
    </message>
    <message>
        <source>an RMSNorm run eagerly, in 2-byte passes of h per token: x.float() (read 2 B, write 4 B), pow (4 + 4), mean (read 4), x·rsqrt (4 + 4), type_as (4 + 2), ·weight (2 + 2) = 36 bytes (torchtitan torchtitan/models/norms.py @ 026e23a RMSNorm._norm/forward; HF LlamaRMSNorm likewise); fused (Transformer Engine, Triton, torch.compile) it reads and writes once (2)</source>
        <translation>以 eager 方式运行的 RMSNorm，每个 token 按 h 的 2 字节遍历计：x.float()（读 2 B、写 4 B）、pow（4 + 4）、mean（读 4）、x·rsqrt（4 + 4）、type_as（4 + 2）、·weight（2 + 2）= 36 字节（torchtitan torchtitan/models/norms.py @ 026e23a RMSNorm._norm/forward；HF LlamaRMSNorm 相同）；融合后（Transformer Engine、Triton、torch.compile）只读写一次（2）</translation>
    </message>
    <message>
        <source>SwiGLU run eagerly, passes of F per token: F.silu(w1(x)) reads and writes F, · w3(x) reads 2F and writes F (torchtitan torchtitan/models/llama/model.py @ 6d74b81 FeedForward.forward); fused it is 3</source>
        <translation>以 eager 方式运行的 SwiGLU，每个 token 按 F 的遍历计：F.silu(w1(x)) 读写 F，· w3(x) 读 2F、写 F（torchtitan torchtitan/models/llama/model.py @ 6d74b81 FeedForward.forward）；融合后为 3</translation>
    </message>
    <message>
        <source>rotary embedding run eagerly, passes of Q and K per token: .float() (read 2 B, write 4 B), the complex product in fp32 (4 + 4), type_as (4 + 2) = 20 bytes (torchtitan torchtitan/models/llama/model.py @ 6d74b81 apply_rotary_emb); fused it is 2</source>
        <translation>以 eager 方式运行的旋转位置编码，每个 token 按 Q 与 K 的遍历计：.float()（读 2 B、写 4 B）、fp32 复数乘法（4 + 4）、type_as（4 + 2）= 20 字节（torchtitan torchtitan/models/llama/model.py @ 6d74b81 apply_rotary_emb）；融合后为 2</translation>
    </message>
    <message>
        <source>cross entropy over 16-bit logits in PyTorch, bytes per logit: .float() (2 + 4), log_softmax (4 + 4), its backward (read 4 + 4, write 4), the cast back (4 + 2) (torchtitan train.py loss_fn: cross_entropy(pred.float()); the fused count is 12)</source>
        <translation>PyTorch 中基于 16 位 logits 的交叉熵，每个 logit 的字节数：.float()（2 + 4）、log_softmax（4 + 4）、其反向（读 4 + 4、写 4）、转换回去（4 + 2）（torchtitan train.py loss_fn: cross_entropy(pred.float())；融合时计为 12）</translation>
    </message>
    <message>
        <source>quantizing one BF16 GEMM input element to FP8 for both its uses: read 2 bytes, write a row-wise and a column-wise (transposed, for the weight-gradient GEMM) byte; Transformer Engine&apos;s fused cast-transpose (transformer_engine/common/transpose/cast_transpose.cu @ 4faec05); block-scaled recipes find each block&apos;s scale inside the same pass (our count)</source>
        <translation>将一个 BF16 GEMM 输入元素量化为 FP8 以供两种用途：读 2 字节，写一个按行和一个按列（转置，供权重梯度 GEMM 使用）的字节；Transformer Engine 的融合 cast-transpose（transformer_engine/common/transpose/cast_transpose.cu @ 4faec05）；分块缩放的配方在同一遍中求出每块的缩放因子（本项目的计数）</translation>
    </message>
    <message>
        <source>FP8 current (per-tensor) scaling takes the scale from the tensor&apos;s own amax before casting it, one more read of the BF16 tensor (Transformer Engine recipe Float8CurrentScaling, transformer_engine/common/recipe/__init__.py @ a0b36d0; our count)</source>
        <translation>FP8 current（按张量）缩放在转换前从张量自身的 amax 求缩放因子，需多读一次 BF16 张量（Transformer Engine 配方 Float8CurrentScaling，transformer_engine/common/recipe/__init__.py @ a0b36d0；本项目的计数）</translation>
    </message>
    <message>
        <source>NVFP4: the per-tensor amax read (2 bytes), the cast read (2) and half-byte row-wise and column-wise copies with 1-byte scales per 16 elements; the random Hadamard transform of the weight-gradient inputs is done inside the cast (NVIDIA, Pretraining LLMs with NVFP4, arXiv 2509.25149 §4; our count)</source>
        <translation>NVFP4：按张量的 amax 读取（2 字节）、转换读取（2），以及按行和按列的半字节副本，每 16 个元素带 1 字节缩放因子；权重梯度输入的随机 Hadamard 变换在转换中完成（NVIDIA, Pretraining LLMs with NVFP4, arXiv 2509.25149 §4；本项目的计数）</translation>
    </message>
    <message>
        <source>fitted: the share of the short-benchmark GEMM and attention efficiencies (MAMF, FlashAttention papers) that a training run sustains (clocks under sustained power, kernels sharing the SMs with communication); the value minimising the mean |log(predicted / measured)| over all 220 judged runs of the step-time corpus (resources/corpus/steptime.json, 12 source groups; core/accuracy/fit.cpp finds 0.674 since the fused attention backward counts 2.5 × the forward's FLOPs, head-dim-64 attention runs at its measured speed and FSDP2 under PP gathers once a step; 0.653 before, 0.661 before the Llama 3.1 405B rows ran their published interleaved layouts). The README&apos;s held-out table refits it without each source group before predicting that group</source>
        <translation>拟合值：训练运行能维持的、短基准测得的 GEMM 与注意力效率（MAMF、FlashAttention 论文）的比例（持续功耗下的时钟、与通信共享 SM 的 kernel）；取使步时语料库（resources/corpus/steptime.json，12 个来源组）全部 220 个可评判运行的平均 |log(预测 / 实测)| 最小的值（core/accuracy/fit.cpp 求得 0.674，自融合注意力反向按前向 FLOPs 的 2.5 倍计、头维 64 的注意力按实测速度计、PP 下的 FSDP2 每步只聚合一次起；此前为 0.653，Llama 3.1 405B 各行按其公布的交错布局运行之前为 0.661）。README 的留出表在预测每个来源组之前都会去掉该组重新拟合</translation>
    </message>
    <message>
        <source>communicators × bytes per communicator</source>
        <translation>通信器数 × 每个通信器的字节数</translation>
    </message>
    <message>
        <source>forward 6 B·s·b·V/t (bf16 logits + fp32 copy); backward 8 B (nll_loss and log_softmax gradients, fp32)</source>
        <translation>前向 6 B·s·b·V/t（bf16 logits + fp32 副本）；反向 8 B（nll_loss 与 log_softmax 的梯度，fp32）</translation>
    </message>
    <message>
        <source>forward of the loss (logits)</source>
        <translation>损失的前向（logits）</translation>
    </message>
    <message>
        <source>fraction × capacity − weights − profiled peak − non-torch, less this batch&apos;s KV</source>
        <translation>比例 × 容量 − 权重 − 剖析峰值 − 非 torch 部分，再减去本批次的 KV</translation>
    </message>
    <message>
        <source>communicators × bytes per communicator (vLLM: 2 per TP group, PyNccl&apos;s and torch.distributed&apos;s, 1 per PP group; vllm cuda_communicator.py @ 00b5a01)</source>
        <translation>通信器数 × 每个通信器的字节数（vLLM：每个 TP 组 2 个，即 PyNccl 的与 torch.distributed 的；每个 PP 组 1 个；vllm cuda_communicator.py @ 00b5a01）</translation>
    </message>
    <message>
        <source>g · trainable parameters (gradient_as_bucket_view=False keeps a bucket copy)</source>
        <translation>g · 可训练参数（gradient_as_bucket_view=False 时另存一份桶副本）</translation>
    </message>
    <message>
        <source>m · n_layers · (F_att / (peak₁₆ · η_fwd) + 2.5·F_att / (peak₁₆ · η_bwd)), η × f_d × (s/c) / (s/c + 512)</source>
        <translation>m · n_layers · (F_att / (peak₁₆ · η_fwd) + 2.5·F_att / (peak₁₆ · η_bwd))，η × f_d × (s/c) / (s/c + 512)</translation>
    </message>
    <message>
        <source>max(forward of max_num_batched_tokens, sampler 16 B × max_num_seqs × V)</source>
        <translation>max(max_num_batched_tokens 的前向, 采样器 16 B × max_num_seqs × V)</translation>
    </message>
    <message>
        <source>memory-bound operators per token, forward, in units of h elements read or written: two norms (read h, write h) and two residual adds (read 2h, write h), Korthikanti et al. 2022 §4.1&apos;s operator list (our count; fused kernels may do better)</source>
        <translation>每 token 前向的访存受限算子，以读写 h 个元素为单位：两个归一化（读 h、写 h）和两个残差加法（读 2h、写 h），按 Korthikanti 等 2022 §4.1 的算子列表（本工具的计数；融合 kernel 可能更好）</translation>
    </message>
    <message>
        <source>moment bytes × parameters: foreach Adam&apos;s sqrt of exp_avg_sq</source>
        <translation>动量字节数 × 参数：foreach Adam 对 exp_avg_sq 开平方的结果</translation>
    </message>
    <message>
        <source>moment bytes × the largest parameter tensor: one parameter&apos;s step at a time</source>
        <translation>动量字节数 × 最大的单个参数张量：每次只执行一个参数的优化器步骤</translation>
    </message>
    <message>
        <source>g × the largest parameter tensor (step in backward: each gradient freed by its step)</source>
        <translation>g × 最大的单个参数张量（优化器步骤融入反向传播：每个梯度在其步骤后即释放）</translation>
    </message>
    <message>
        <source>min(n_layers, 2) × A_layer × in flight (activation offloading: the rest in host memory)</source>
        <translation>min(n_layers, 2) × A_layer × 在途数（激活值卸载：其余在主机内存中）</translation>
    </message>
    <message>
        <source>multi-node all-reduce moves 73 % of the NICs&apos; wire rate (4 × 8 B200, 50 GB/s EFA per GPU) and &apos;expect about 80 %&apos; of the advertised rate: stas00/ml-engineering network/README.md @ 744d01e</source>
        <translation>多节点 all-reduce 达到网卡线速的 73%（4 × 8 B200，每卡 50 GB/s EFA），“预计约为标称速率的 80%”：stas00/ml-engineering network/README.md @ 744d01e</translation>
    </message>
    <message>
        <source>nccl-tests all_reduce busbw at large sizes: 234.6 GB/s on 8×A100 (300 GB/s per direction, 78 %) and 367 GB/s ring on 8×H200 (450 GB/s, 82 %): stas00/ml-engineering network/README.md @ 744d01e</source>
        <translation>nccl-tests 大消息 all_reduce busbw：8×A100 上 234.6 GB/s（单向 300 GB/s 的 78%），8×H200 环形 367 GB/s（450 GB/s 的 82%）：stas00/ml-engineering network/README.md @ 744d01e</translation>
    </message>
    <message>
        <source>nccl-tests all_reduce_perf on 8×A100: 43.83 µs at 32 KiB, the latency floor: stas00/ml-engineering network/README.md @ 744d01e</source>
        <translation>8×A100 上的 nccl-tests all_reduce_perf：32 KiB 时 43.83 µs，即延迟下限：stas00/ml-engineering network/README.md @ 744d01e</translation>
    </message>
    <message>
        <source>one layer&apos;s tensors the per-op checkpoint did not save (rerun in backward)</source>
        <translation>逐算子检查点未保存的一层张量（反向时重算）</translation>
    </message>
    <message>
        <source>optimizer states in CUDA unified memory</source>
        <translation>位于 CUDA 统一内存中的优化器状态</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>parameters (frozen and trained models) + gradients + optimizer states</source>
        <translation>参数（冻结的和训练的模型）+ 梯度 + 优化器状态</translation>
    </message>
    <message>
        <source>reduce_bucket_size × 2 B during the backward (ipg buffer)</source>
        <translation>反向期间 reduce_bucket_size × 2 B（ipg 缓冲区）</translation>
    </message>
    <message>
        <source>reduce_bucket_size × 2 B, kept (stage 3)</source>
        <translation>reduce_bucket_size × 2 B，常驻（stage 3）</translation>
    </message>
    <message>
        <source>reserved + CUDA context + NCCL buffers (+ paged optimizer states)</source>
        <translation>已预留 + CUDA 上下文 + NCCL 缓冲区（+ 分页优化器状态）</translation>
    </message>
    <message>
        <source>rollout generation</source>
        <translation>rollout 生成</translation>
    </message>
    <message>
        <source>rotary embedding reads and writes Q and K (our count; learned positions add to the embedding instead)</source>
        <translation>旋转位置编码读写 Q 和 K（本工具的计数；可学习位置编码则加在嵌入上）</translation>
    </message>
    <message>
        <source>two hidden dropouts per layer each read h, write h and a 1-byte mask (Korthikanti et al. 2022 §4.1), in units of 2-byte h elements (our count)</source>
        <translation>每层两个隐藏层 dropout，各读 h、写 h 并写 1 字节掩码（Korthikanti 等 2022 §4.1），以 2 字节的 h 元素为单位（本工具的计数）</translation>
    </message>
    <message>
        <source>what stays on the GPU of P·(w + g + o) (the rest is offloaded)</source>
        <translation>P·(w + g + o) 中留在 GPU 上的部分（其余已卸载）</translation>
    </message>
    <message>
        <source>Σ tensors alive at the step&apos;s largest moment</source>
        <translation>本步最大时刻仍存活的张量之和</translation>
    </message>
    <message>
        <source>step / (1 + P90) … step / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>步时 / (1 + P90) … 步时 / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>allocated / (1 + P90) … allocated / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>已分配 / (1 + P90) … 已分配 / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>reserved / (1 + P90) … reserved / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>已预留 / (1 + P90) … 已预留 / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>device / (1 + P90) … device / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>设备 / (1 + P90) … 设备 / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>prefill / (1 + P90) … prefill / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>预填充 / (1 + P90) … 预填充 / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>tokens/s / (1 + P90) … tokens/s / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>tokens/s / (1 + P90) … tokens/s / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>pool / (1 + P90) … pool / (1 + P10): P10–P90 of the held-out errors of similar public runs</source>
        <translation>池 / (1 + P90) … 池 / (1 + P10)：类似公开运行留出误差的 P10–P90</translation>
    </message>
    <message>
        <source>Ψ·(w + master + moments)</source>
        <translation>Ψ·(w + 主副本 + 动量)</translation>
    </message>
    <message>
        <source>size / min(N × per-node bandwidth, store)</source>
        <translation>大小 / min(N × 每节点带宽, 存储)</translation>
    </message>
    <message>
        <source>= the write  (synchronous: the step waits)</source>
        <translation>= 写入时间（同步：训练步等待）</translation>
    </message>
    <message>
        <source>shard / host link (+ W − τ if the previous write is still going)  (asynchronous: torch DCP async_save, Megatron --async-save)</source>
        <translation>分片 / 主机链路（上一次写入未完成时 + W − τ）（异步：torch DCP async_save、Megatron --async-save）</translation>
    </message>
    <message>
        <source>the write (synchronous) or the copy to host memory (asynchronous)</source>
        <translation>写入（同步）或复制到主机内存（异步）</translation>
    </message>
    <message>
        <source>fixed (re-scheduling, start, NCCL init, warm-up) + checkpoint load</source>
        <translation>固定部分（重新调度、启动、NCCL 初始化、预热）+ 加载检查点</translation>
    </message>
    <message>
        <source>steps × t_iter; optimal √(2δM)·[1 + ⅓√(δ/2M) + ⅑·δ/2M] − δ</source>
        <translation>步数 × t_iter；最优 √(2δM)·[1 + ⅓√(δ/2M) + ⅑·δ/2M] − δ</translation>
    </message>
    <message>
        <source>(τ + δ)/2 (+ W while an asynchronous write is still going)</source>
        <translation>(τ + δ)/2（异步写入未完成时 + W）</translation>
    </message>
    <message>
        <source>T_s / wall,  wall = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ</source>
        <translation>T_s / 墙钟，墙钟 = M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ</translation>
    </message>
    <message>
        <source>T_s / goodput  (the run&apos;s wall-clock with checkpoints, interruptions and restarts)</source>
        <translation>T_s / 有效训练率（含检查点、中断和重启的整个运行墙钟时间）</translation>
    </message>
    <message>
        <source>1 / (n·λ_gpu + N·λ_node)</source>
        <translation>1 / (n·λ_gpu + N·λ_node)</translation>
    </message>
    <message>
        <source>GPUs per node × P/D_z × ((o + 4) optimizer on NVMe + w parameters on NVMe)</source>
        <translation>每节点 GPU 数 × P/D_z × （NVMe 上的优化器 (o + 4) + NVMe 上的参数 w）</translation>
    </message>
    <message>
        <source>the PCIe part (each pass&apos;s parameter read: the slower of PCIe and NVMe, exposed past compute) + GPUs per node · P/D_z · [2·(o + 4) (optimizer states swapped in and out) + w (parameters written back once)] / NVMe per node  (ZeRO-Infinity; no NVMe time while its bandwidth is 0)</source>
        <translation>PCIe 部分（每遍读取参数：取 PCIe 与 NVMe 中较慢者，超出计算的部分暴露）+ 每节点 GPU 数 · P/D_z · [2·(o + 4)（优化器状态换入换出）+ w（参数写回一次）] / 每节点 NVMe（ZeRO-Infinity；带宽为 0 时不计 NVMe 时间）</translation>
    </message>
    <message>
        <source>forward of the last layer</source>
        <translation>最后一层的前向</translation>
    </message>
    <message>
        <source>forward of one chunk</source>
        <translation>一个分块的前向</translation>
    </message>
    <message>
        <source>sampling the logits</source>
        <translation>对 logits 采样</translation>
    </message>
</context>
<context>
    <name>WorkingPanel</name>
    <message>
        <source>Select a line to read it in words. Click a bar segment or a dial to find its lines.</source>
        <translation>选中一行可查看文字说明。点击柱状图的某一段或某个仪表，可找到对应的行。</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>With</source>
        <translation>代入</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>Search the working (e.g. gradients, MFU, Korthikanti)</source>
        <translation>搜索计算过程（例如 梯度、MFU、Korthikanti）</translation>
    </message>
    <message>
        <source>Every number of the estimate. Right-click the header for more columns.</source>
        <translation>估算中的每一个数。右键点击表头可显示更多列。</translation>
    </message>
</context>
<context>
    <name>WorkingText</name>
    <message>
        <source>Word embedding parameters</source>
        <translation>词嵌入参数</translation>
    </message>
    <message>
        <source>Every token id looks up a row of h numbers, so the table has V rows of h.</source>
        <translation>每个 token id 查表得到一行 h 个数，所以这张表有 V 行、每行 h 个数。</translation>
    </message>
    <message>
        <source>Attention parameters per layer</source>
        <translation>每层注意力参数</translation>
    </message>
    <message>
        <source>Four projections per layer: queries, keys, values and the output. With grouped-query attention the keys and values are smaller.</source>
        <translation>每层四个投影：Q、K、V 和输出。使用分组查询注意力（GQA）时，K 和 V 的投影更小。</translation>
    </message>
    <message>
        <source>MLP parameters per layer</source>
        <translation>每层 MLP 参数</translation>
    </message>
    <message>
        <source>The feed-forward block widens each token from h to F and back; a gated MLP (SwiGLU) has three such matrices instead of two.</source>
        <translation>前馈块把每个 token 从 h 维扩展到 F 维再变回来；门控 MLP（SwiGLU）有三个这样的矩阵，而不是两个。</translation>
    </message>
    <message>
        <source>Norm parameters per layer</source>
        <translation>每层归一化参数</translation>
    </message>
    <message>
        <source>Each layer normalizes twice; an RMSNorm has h scales, a LayerNorm also h biases.</source>
        <translation>每层做两次归一化；RMSNorm 有 h 个缩放参数，LayerNorm 另有 h 个偏置。</translation>
    </message>
    <message>
        <source>Parameters per transformer layer</source>
        <translation>每个 Transformer 层的参数</translation>
    </message>
    <message>
        <source>One layer: attention, MLP and its two norms.</source>
        <translation>一层：注意力、MLP 和两个归一化层。</translation>
    </message>
    <message>
        <source>Output layer and final norm</source>
        <translation>输出层与最终归一化</translation>
    </message>
    <message>
        <source>The last layer turns h numbers back into V scores, one per vocabulary word. Tied models reuse the embedding instead.</source>
        <translation>最后一层把 h 个数变回 V 个分数，词表中每个词一个。共享嵌入的模型直接复用嵌入矩阵。</translation>
    </message>
    <message>
        <source>Total parameters Ψ</source>
        <translation>总参数量 Ψ</translation>
    </message>
    <message>
        <source>All parameters of one copy of the model: the number every later line builds on.</source>
        <translation>一份完整模型的全部参数：后面每一行都以它为基础。</translation>
    </message>
    <message>
        <source>Shape assumed for a count-only model</source>
        <translation>仅知参数量时假定的结构</translation>
    </message>
    <message>
        <source>Only a parameter count is known, so a Llama-3-like shape of that size stands in for activations and FLOPs.</source>
        <translation>只知道参数量，因此用同等规模的 Llama 3 式结构来估算激活和 FLOPs。</translation>
    </message>
    <message>
        <source>Model-state bytes per parameter</source>
        <translation>每参数的模型状态字节数</translation>
    </message>
    <message>
        <source>What each parameter costs in training: the weight, its gradient and the optimizer&apos;s state. Mixed precision with Adam: 2 + 2 + 12 = 16 bytes.</source>
        <translation>训练时每个参数的开销：权重、梯度和优化器状态。混合精度 Adam：2 + 2 + 12 = 16 字节。</translation>
    </message>
    <message>
        <source>Data-parallel degree D</source>
        <translation>数据并行度 D</translation>
    </message>
    <message>
        <source>The GPUs left after tensor, pipeline and context parallelism: each group holds a replica and trains on different data.</source>
        <translation>张量、流水线和上下文并行之后剩下的 GPU 数：每组持有一个模型副本，用不同的数据训练。</translation>
    </message>
    <message>
        <source>ZeRO shard group D_z</source>
        <translation>ZeRO 分片组 D_z</translation>
    </message>
    <message>
        <source>ZeRO splits the model states over this many GPUs; each keeps 1/D_z of what is sharded.</source>
        <translation>ZeRO 把模型状态切分到这么多张 GPU 上；被分片的部分每卡只保存 1/D_z。</translation>
    </message>
    <message>
        <source>Micro-batches per step m</source>
        <translation>每步微批次数 m</translation>
    </message>
    <message>
        <source>Each replica works through its part of the global batch in m micro-batches and adds up their gradients.</source>
        <translation>每个副本把自己那部分全局批次分成 m 个微批次依次处理，并累加它们的梯度。</translation>
    </message>
    <message>
        <source>Parameters on this GPU P</source>
        <translation>此 GPU 上的参数 P</translation>
    </message>
    <message>
        <source>Pipeline parallelism gives this GPU only its stage&apos;s layers, and tensor parallelism a 1/t slice of each matrix.</source>
        <translation>流水线并行让此 GPU 只持有本段的层，张量并行再让它只持有每个矩阵的 1/t。</translation>
    </message>
    <message>
        <source>Weights on this GPU</source>
        <translation>此 GPU 上的权重</translation>
    </message>
    <message>
        <source>w bytes for each parameter this GPU holds; ZeRO-3 divides them over the shard group.</source>
        <translation>此 GPU 持有的每个参数占 w 字节；ZeRO-3 再把它们分到分片组上。</translation>
    </message>
    <message>
        <source>Gradients on this GPU</source>
        <translation>此 GPU 上的梯度</translation>
    </message>
    <message>
        <source>One gradient per weight; ZeRO-2 and ZeRO-3 keep only this GPU&apos;s 1/D_z share.</source>
        <translation>每个权重一个梯度；ZeRO-2 和 ZeRO-3 只保留此 GPU 的 1/D_z 份。</translation>
    </message>
    <message>
        <source>Optimizer states on this GPU</source>
        <translation>此 GPU 上的优化器状态</translation>
    </message>
    <message>
        <source>The fp32 master weights and the optimizer&apos;s moments; from ZeRO-1 on, each GPU keeps only its 1/D_z share.</source>
        <translation>FP32 主权重和优化器的矩估计；从 ZeRO-1 起，每张 GPU 只保留自己的 1/D_z 份。</translation>
    </message>
    <message>
        <source>Saved tensor</source>
        <translation>保存的张量</translation>
    </message>
    <message>
        <source>A tensor the forward pass keeps because the backward pass needs it.</source>
        <translation>前向保留下来的张量，因为反向需要用到它。</translation>
    </message>
    <message>
        <source>Activations of one layer, one micro-batch</source>
        <translation>一层、一个微批次的激活</translation>
    </message>
    <message>
        <source>The tensors one layer saves for one micro-batch, added up (Korthikanti et al. list them one by one).</source>
        <translation>一层为一个微批次保存的张量之和（Korthikanti 等逐一列出了它们）。</translation>
    </message>
    <message>
        <source>Micro-batches in flight on this stage</source>
        <translation>本段的在途微批次数</translation>
    </message>
    <message>
        <source>Under the 1F1B schedule stage i starts p − i micro-batches forward before the first backward frees one, so early stages hold more.</source>
        <translation>在 1F1B 调度下，第 i 段在第一次反向释放一个微批次之前会先前向 p − i 个微批次，所以靠前的段保存得更多。</translation>
    </message>
    <message>
        <source>Layer activations on this GPU</source>
        <translation>此 GPU 上的层激活</translation>
    </message>
    <message>
        <source>One layer&apos;s activations × the layers on this GPU × the micro-batches in flight.</source>
        <translation>一层的激活 × 此 GPU 上的层数 × 在途微批次数。</translation>
    </message>
    <message>
        <source>Embedding activations</source>
        <translation>嵌入层激活</translation>
    </message>
    <message>
        <source>The token ids (and a dropout mask, if used), kept on the first stage.</source>
        <translation>token id（以及使用时的 dropout 掩码），保存在第一段。</translation>
    </message>
    <message>
        <source>The scores over the whole vocabulary for every token, as the loss keeps them (fp32 in eager PyTorch and Megatron, bf16 when compiled, none with a chunked fused loss): large when V is large. Kept on the last stage.</source>
        <translation>每个 token 在整个词表上的分数，按损失函数保留的形式（即时模式 PyTorch 和 Megatron 为 FP32，编译后为 BF16，分块融合损失则不保留）：V 大时很可观。保存在最后一段。</translation>
    </message>
    <message>
        <source>Recomputed layer (transient)</source>
        <translation>重计算层（临时）</translation>
    </message>
    <message>
        <source>Recomputation rebuilds one layer&apos;s activations during its backward pass; they need room while they exist.</source>
        <translation>重计算在一层的反向过程中重建其激活；它们存在期间需要占用显存。</translation>
    </message>
    <message>
        <source>Communication buckets</source>
        <translation>通信桶</translation>
    </message>
    <message>
        <source>CPU memory for offloaded states</source>
        <translation>卸载状态所占的 CPU 内存</translation>
    </message>
    <message>
        <source>States moved to the host&apos;s memory: they no longer count on the GPU.</source>
        <translation>移到主机内存中的状态：不再计入 GPU 显存。</translation>
    </message>
    <message>
        <source>Model FLOPs per iteration</source>
        <translation>每次迭代的模型 FLOPs</translation>
    </message>
    <message>
        <source>The arithmetic of one step: about 6 FLOPs per parameter per token (2 forward, 4 backward), plus attention and the logits.</source>
        <translation>一步的计算量：每个参数每个 token 约 6 FLOPs（前向 2，反向 4），再加上注意力和 logits。</translation>
    </message>
    <message>
        <source>Hardware FLOPs per iteration</source>
        <translation>每次迭代的硬件 FLOPs</translation>
    </message>
    <message>
        <source>What the GPUs really execute: the model FLOPs plus the forward work recomputation repeats.</source>
        <translation>GPU 实际执行的计算量：模型 FLOPs 加上重计算重复的前向计算。</translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation>迭代次数</translation>
    </message>
    <message>
        <source>Training tokens divided by the tokens one step processes.</source>
        <translation>训练 token 数除以每步处理的 token 数。</translation>
    </message>
    <message>
        <source>Total model FLOPs C</source>
        <translation>总模型 FLOPs C</translation>
    </message>
    <message>
        <source>The whole run: roughly 6 × parameters × tokens.</source>
        <translation>整个训练：约为 6 × 参数量 × token 数。</translation>
    </message>
    <message>
        <source>Peak FLOP/s per GPU</source>
        <translation>每卡峰值 FLOP/s</translation>
    </message>
    <message>
        <source>The datasheet&apos;s dense peak for the number format the matrix multiplications use.</source>
        <translation>矩阵乘法所用数值格式在规格表上的稠密峰值。</translation>
    </message>
    <message>
        <source>Time per iteration</source>
        <translation>每次迭代的时间</translation>
    </message>
    <message>
        <source>A step&apos;s FLOPs divided by what all GPUs achieve per second: their peak × MFU, the share they really reach.</source>
        <translation>一步的 FLOPs 除以所有 GPU 每秒实际完成的计算量：峰值 × MFU（实际达到的比例）。</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Time per step × number of steps.</source>
        <translation>每步时间 × 步数。</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Training time × number of GPUs: what a cloud bills.</source>
        <translation>训练时间 × GPU 数：云厂商按此计费。</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>GPU-hours × price, × an overhead for failures, restarts and tuning.</source>
        <translation>GPU 小时 × 单价，再乘以故障、重启和调参的开销系数。</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>The share of a step that pipeline stages wait for each other; more micro-batches shrink it.</source>
        <translation>一步中流水线各段相互等待的时间比例；增加微批次数可以减小它。</translation>
    </message>
    <message>
        <source>Data-parallel traffic per GPU per step</source>
        <translation>每卡每步的数据并行通信量</translation>
    </message>
    <message>
        <source>Bytes each GPU sends to reduce gradients (and, with ZeRO, to gather weights).</source>
        <translation>每张 GPU 为归约梯度（使用 ZeRO 时还有收集权重）发送的字节数。</translation>
    </message>
    <message>
        <source>Tensor-parallel traffic per GPU per step</source>
        <translation>每卡每步的张量并行通信量</translation>
    </message>
    <message>
        <source>Tensor parallelism all-reduces activations four times per layer per micro-batch.</source>
        <translation>张量并行每层每个微批次对激活做四次 all-reduce。</translation>
    </message>
    <message>
        <source>Pipeline traffic per GPU per step</source>
        <translation>每卡每步的流水线通信量</translation>
    </message>
    <message>
        <source>Each stage sends its output forward and the gradient backward for every micro-batch.</source>
        <translation>每个微批次，每段都向后一段发送输出，并向前一段回传梯度。</translation>
    </message>
    <message>
        <source>Context-parallel traffic per GPU per step</source>
        <translation>每卡每步的上下文并行通信量</translation>
    </message>
    <message>
        <source>Context parallelism passes key and value chunks around a ring.</source>
        <translation>上下文并行在环上传递 K 和 V 的分块。</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>每个 token 的激活参数</translation>
    </message>
    <message>
        <source>A token passes through only k of the E routed experts: compute follows these, memory all of them.</source>
        <translation>一个 token 只经过 E 个路由专家中的 k 个：计算量按激活参数算，显存按全部参数算。</translation>
    </message>
    <message>
        <source>Expert data-parallel group</source>
        <translation>专家数据并行组</translation>
    </message>
    <message>
        <source>The GPUs that hold the same experts: the experts&apos; states are replicated, or sharded by ZeRO, over them.</source>
        <translation>持有相同专家的 GPU：专家的状态在它们之间复制，或由 ZeRO 分片。</translation>
    </message>
    <message>
        <source>MoE dispatch buffers</source>
        <translation>MoE 分发缓冲区</translation>
    </message>
    <message>
        <source>Room to send tokens to the GPUs of their experts and receive the results (all-to-all).</source>
        <translation>把 token 发往其专家所在的 GPU 并收回结果（all-to-all）所需的空间。</translation>
    </message>
    <message>
        <source>Expert-parallel all-to-all per GPU per step</source>
        <translation>每卡每步的专家并行 all-to-all 通信量</translation>
    </message>
    <message>
        <source>Every MoE layer sends the tokens to their experts and back, forward and backward.</source>
        <translation>每个 MoE 层在前向和反向中都把 token 发给专家再收回来。</translation>
    </message>
    <message>
        <source>Frozen base weights</source>
        <translation>冻结的基座权重</translation>
    </message>
    <message>
        <source>LoRA and QLoRA leave the base model untouched: only its weights, in their storage format, no gradients or optimizer states.</source>
        <translation>LoRA 和 QLoRA 不改动基座模型：只有按存储格式保存的权重，没有梯度和优化器状态。</translation>
    </message>
    <message>
        <source>LoRA adapters with gradients and optimizer</source>
        <translation>LoRA 适配器及其梯度和优化器状态</translation>
    </message>
    <message>
        <source>The small trained matrices, each with a gradient and the optimizer&apos;s states: little memory.</source>
        <translation>被训练的小矩阵，各自带有梯度和优化器状态：占用显存很少。</translation>
    </message>
    <message>
        <source>Dequantized weight (QLoRA)</source>
        <translation>反量化权重（QLoRA）</translation>
    </message>
    <message>
        <source>QLoRA turns one 4-bit matrix back into 16 bits for its multiplication, one matrix at a time.</source>
        <translation>QLoRA 每次把一个 4 位矩阵还原成 16 位用于矩阵乘法，一次一个矩阵。</translation>
    </message>
    <message>
        <source>Reference policy</source>
        <translation>参考策略</translation>
    </message>
    <message>
        <source>A frozen copy of the starting model, for the KL penalty that keeps the policy close to it.</source>
        <translation>初始模型的冻结副本，用于 KL 惩罚，使策略不偏离它太远。</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>A frozen model that scores the answers; only its weights are kept.</source>
        <translation>为回答打分的冻结模型；只保存其权重。</translation>
    </message>
    <message>
        <source>Critic (value model) weights</source>
        <translation>Critic（价值模型）权重</translation>
    </message>
    <message>
        <source>PPO trains a value model next to the policy, in the same way.</source>
        <translation>PPO 在策略之外以同样方式训练一个价值模型。</translation>
    </message>
    <message>
        <source>Critic gradients</source>
        <translation>Critic 梯度</translation>
    </message>
    <message>
        <source>The value model&apos;s gradients, as the policy&apos;s.</source>
        <translation>价值模型的梯度，与策略相同。</translation>
    </message>
    <message>
        <source>Critic optimizer states</source>
        <translation>Critic 优化器状态</translation>
    </message>
    <message>
        <source>The value model&apos;s master weights and moments, as the policy&apos;s.</source>
        <translation>价值模型的主权重和矩估计，与策略相同。</translation>
    </message>
    <message>
        <source>Rollout engine weights</source>
        <translation>Rollout 引擎权重</translation>
    </message>
    <message>
        <source>The generation engine keeps its own 16-bit copy of the policy, split over its tensor-parallel GPUs.</source>
        <translation>生成引擎保存自己的一份 16 位策略副本，切分到其张量并行的各 GPU 上。</translation>
    </message>
    <message>
        <source>Rollout KV cache (reserved)</source>
        <translation>Rollout KV Cache（预留）</translation>
    </message>
    <message>
        <source>The engine reserves a share of the GPU up front; what its weights leave of it holds the KV cache.</source>
        <translation>引擎预先占用 GPU 显存的一定比例；扣除其权重后剩下的部分用来存放 KV Cache。</translation>
    </message>
    <message>
        <source>Weights for serving</source>
        <translation>推理用权重</translation>
    </message>
    <message>
        <source>Each parameter in the serving format, group scales included; embeddings usually stay 16-bit.</source>
        <translation>每个参数按推理格式存储（含分组缩放因子）；嵌入层通常保持 16 位。</translation>
    </message>
    <message>
        <source>KV cache per token per layer</source>
        <translation>每个 token 每层的 KV Cache</translation>
    </message>
    <message>
        <source>Every token keeps a key and a value for each KV head of every layer, so later tokens need not recompute them.</source>
        <translation>每个 token 在每层的每个 KV 头上保存一个 K 和一个 V，后面的 token 无需重新计算它们。</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV Cache</translation>
    </message>
    <message>
        <source>Per-token bytes × layers × cached tokens × sequences in the batch.</source>
        <translation>每 token 字节数 × 层数 × 缓存的 token 数 × 批中的序列数。</translation>
    </message>
    <message>
        <source>Prefill workspace</source>
        <translation>Prefill 工作区</translation>
    </message>
    <message>
        <source>Transient tensors of one prefill chunk and the logits for sampling.</source>
        <translation>一个 prefill 分块的临时张量，以及用于采样的 logits。</translation>
    </message>
    <message>
        <source>Largest batch at this context</source>
        <translation>此上下文长度下的最大批大小</translation>
    </message>
    <message>
        <source>How many sequences of this length fit in the memory the weights and the runtime leave.</source>
        <translation>扣除权重和运行时开销后，剩余显存能放下多少条这个长度的序列。</translation>
    </message>
    <message>
        <source>Longest context at this batch</source>
        <translation>此批大小下的最长上下文</translation>
    </message>
    <message>
        <source>How many tokens each sequence of the batch can cache in the memory that is left.</source>
        <translation>批中每条序列在剩余显存中能缓存多少个 token。</translation>
    </message>
    <message>
        <source>Prefill time (compute-bound)</source>
        <translation>Prefill 时间（计算受限）</translation>
    </message>
    <message>
        <source>Reading the prompts: about 2 FLOPs per parameter per prompt token, limited by compute.</source>
        <translation>处理提示：每个参数每个提示 token 约 2 FLOPs，受算力限制。</translation>
    </message>
    <message>
        <source>Decode step (bandwidth-bound)</source>
        <translation>解码一步（带宽受限）</translation>
    </message>
    <message>
        <source>Each new token reads every weight and the whole KV cache from memory: bandwidth, not compute, sets the pace.</source>
        <translation>每生成一个新 token 都要从显存读出全部权重和整个 KV Cache：决定速度的是带宽而不是算力。</translation>
    </message>
    <message>
        <source>Decode tokens/s per sequence</source>
        <translation>每条序列的解码速度（token/s）</translation>
    </message>
    <message>
        <source>One token per decode step for each sequence.</source>
        <translation>每条序列每个解码步生成一个 token。</translation>
    </message>
    <message>
        <source>Decode arithmetic intensity</source>
        <translation>解码的算术强度</translation>
    </message>
    <message>
        <source>FLOPs per byte read. Below the GPU&apos;s ridge point (peak / bandwidth) the step waits for memory.</source>
        <translation>每读取一个字节的 FLOPs。低于 GPU 的脊点（峰值 / 带宽）时，这一步在等待显存。</translation>
    </message>
    <message>
        <source>Input of the attention norm</source>
        <translation>注意力归一化层的输入</translation>
    </message>
    <message>
        <source>QKV projection input</source>
        <translation>QKV 投影的输入</translation>
    </message>
    <message>
        <source>Query (for QKᵀ)</source>
        <translation>Q（用于 QKᵀ）</translation>
    </message>
    <message>
        <source>Key (for QKᵀ)</source>
        <translation>K（用于 QKᵀ）</translation>
    </message>
    <message>
        <source>Query (input of the recomputed attention core)</source>
        <translation>Q（重计算注意力核心的输入）</translation>
    </message>
    <message>
        <source>Key (input of the recomputed attention core)</source>
        <translation>K（重计算注意力核心的输入）</translation>
    </message>
    <message>
        <source>Softmax output</source>
        <translation>Softmax 输出</translation>
    </message>
    <message>
        <source>Attention dropout mask</source>
        <translation>注意力 dropout 掩码</translation>
    </message>
    <message>
        <source>Attention dropout output (for ·V)</source>
        <translation>注意力 dropout 输出（用于 ·V）</translation>
    </message>
    <message>
        <source>Value (for ·V)</source>
        <translation>V（用于 ·V）</translation>
    </message>
    <message>
        <source>FlashAttention log-sum-exp (fp32)</source>
        <translation>FlashAttention 的 log-sum-exp（FP32）</translation>
    </message>
    <message>
        <source>Output-projection input</source>
        <translation>输出投影的输入</translation>
    </message>
    <message>
        <source>Attention-block dropout mask</source>
        <translation>注意力块 dropout 掩码</translation>
    </message>
    <message>
        <source>Input of the MLP norm</source>
        <translation>MLP 归一化层的输入</translation>
    </message>
    <message>
        <source>First MLP linear input</source>
        <translation>MLP 第一个线性层的输入</translation>
    </message>
    <message>
        <source>GELU input</source>
        <translation>GELU 输入</translation>
    </message>
    <message>
        <source>SwiGLU input (gate and up, 2F wide)</source>
        <translation>SwiGLU 输入（gate 与 up，宽 2F）</translation>
    </message>
    <message>
        <source>Second MLP linear input</source>
        <translation>MLP 第二个线性层的输入</translation>
    </message>
    <message>
        <source>MLP dropout mask</source>
        <translation>MLP dropout 掩码</translation>
    </message>
    <message>
        <source>LayerNorm mean and rstd (fp32, two norms)</source>
        <translation>LayerNorm 的均值和 rstd（FP32，两个归一化层）</translation>
    </message>
    <message>
        <source>RMSNorm rstd (fp32, two norms)</source>
        <translation>RMSNorm 的 rstd（FP32，两个归一化层）</translation>
    </message>
    <message>
        <source>Layer input (checkpoint)</source>
        <translation>层输入（检查点）</translation>
    </message>
    <message>
        <source>MLA latents (compressed Q and KV with their norms)</source>
        <translation>MLA 潜向量（压缩后的 Q 和 KV 及其归一化）</translation>
    </message>
    <message>
        <source>Router probabilities (fp32)</source>
        <translation>路由概率（FP32）</translation>
    </message>
    <message>
        <source>Tokens dispatched to experts</source>
        <translation>分发给专家的 token</translation>
    </message>
    <message>
        <source>Expert GELU input</source>
        <translation>专家 GELU 输入</translation>
    </message>
    <message>
        <source>Expert SwiGLU input (2F_e wide)</source>
        <translation>专家 SwiGLU 输入（宽 2F_e）</translation>
    </message>
    <message>
        <source>Expert second linear input</source>
        <translation>专家第二个线性层的输入</translation>
    </message>
    <message>
        <source>Expert outputs (for the weighted combine)</source>
        <translation>专家输出（用于加权合并）</translation>
    </message>
    <message>
        <source>Shared-expert activation input</source>
        <translation>共享专家激活函数的输入</translation>
    </message>
    <message>
        <source>Shared-expert second linear input</source>
        <translation>共享专家第二个线性层的输入</translation>
    </message>
    <message>
        <source>LoRA x·A products</source>
        <translation>LoRA 的 x·A 乘积</translation>
    </message>
    <message>
        <source>%1 GPU-h</source>
        <extracomment>a number of GPU-hours; %1 = the number</extracomment>
        <translation>%1 卡时</translation>
    </message>
    <message>
        <source>Data-parallel communication time per step</source>
        <translation>每步数据并行通信时间</translation>
    </message>
    <message>
        <source>The data-parallel bytes at the speed of the slowest link in the group. Replicas usually sit in different nodes, so this is the network: the reason gradient reduction is overlapped with the backward pass.</source>
        <translation>数据并行的通信量按组内最慢链路的速度传输。各副本通常在不同节点上，所以走的是网络：这正是梯度归约要与反向传播重叠的原因。</translation>
    </message>
    <message>
        <source>Tensor-parallel communication time per step</source>
        <translation>每步张量并行通信时间</translation>
    </message>
    <message>
        <source>Tensor parallelism waits for its all-reduces inside every layer, so it needs the fastest link: NVLink inside one node. Across nodes it slows to the network&apos;s speed.</source>
        <translation>张量并行在每一层里都要等待 all-reduce，因此需要最快的链路：节点内的 NVLink。跨节点时就降到网络的速度。</translation>
    </message>
    <message>
        <source>Pipeline communication time per step</source>
        <translation>每步流水线通信时间</translation>
    </message>
    <message>
        <source>Pipeline stages only pass activations and their gradients to the next stage: little data, so stages can sit in different nodes.</source>
        <translation>流水线各段只向相邻段传递激活和它们的梯度：数据量小，所以各段可以放在不同节点上。</translation>
    </message>
    <message>
        <source>Context-parallel communication time per step</source>
        <translation>每步上下文并行通信时间</translation>
    </message>
    <message>
        <source>The key and value chunks passed around the ring, at the speed of the ring&apos;s slowest link.</source>
        <translation>在环上传递的 K、V 分块，按环中最慢链路的速度传输。</translation>
    </message>
    <message>
        <source>Expert-parallel communication time per step</source>
        <translation>每步专家并行通信时间</translation>
    </message>
    <message>
        <source>The all-to-all that sends tokens to their experts, at the speed of the slowest link between the expert GPUs.</source>
        <translation>把 token 发往各自专家的 all-to-all，按专家所在 GPU 之间最慢链路的速度传输。</translation>
    </message>
    <message>
        <source>Rollout generation per step</source>
        <translation>每步 rollout 生成时间</translation>
    </message>
    <message>
        <source>Before each step the policy writes its answers. Every new token reads all the weights and the cached keys and values from memory, so generation is limited by memory bandwidth, not FLOPs: often most of an RL step.</source>
        <translation>每一步训练前，策略模型要先生成回答。每生成一个 token 都要从显存读出全部权重和缓存的 K、V，所以生成受显存带宽而非算力限制：往往占强化学习一步的大部分时间。</translation>
    </message>
    <message>
        <source>The tensors alive at the step&apos;s fullest moment: what torch.cuda.max_memory_allocated reports.</source>
        <translation>一步中最满那一刻仍存活的张量：即 torch.cuda.max_memory_allocated 报告的值。</translation>
    </message>
    <message>
        <source>Buffers for the data-parallel reduction of the gradients: none in Megatron (views of its gradient buffer), a copy of the gradients in PyTorch DDP, DeepSpeed&apos;s reduce bucket.</source>
        <translation>梯度数据并行归约用的缓冲区：Megatron 没有（是其梯度缓冲区的视图），PyTorch DDP 是梯度的一份副本，DeepSpeed 是其归约桶。</translation>
    </message>
    <message>
        <source>Gathered 16-bit weights</source>
        <translation>收集的 16 位权重</translation>
    </message>
    <message>
        <source>ZeRO-3 and FSDP gather the full weights of the layer being computed (and the next one) for a moment; autocast keeps 16-bit copies of fp32 weights.</source>
        <translation>ZeRO-3 和 FSDP 会短暂地收集正在计算的层（以及下一层）的完整权重；autocast 会保留 FP32 权重的 16 位副本。</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>The CUDA driver&apos;s context and loaded kernels: outside PyTorch&apos;s allocator, so nvidia-smi shows it but max_memory_reserved does not. An assumption you can edit.</source>
        <translation>CUDA 驱动的上下文和已加载的内核：在 PyTorch 分配器之外，所以 nvidia-smi 显示它而 max_memory_reserved 不显示。这是一个可编辑的假设。</translation>
    </message>
    <message>
        <source>Allocator reserve (reserved − allocated)</source>
        <translation>分配器预留（reserved − allocated）</translation>
    </message>
    <message>
        <source>PyTorch&apos;s caching allocator keeps freed blocks for reuse; those a later request cannot use, and a share of what the step allocates for split blocks and rounding, make reserved memory exceed allocated memory.</source>
        <translation>PyTorch 缓存分配器会保留已释放的块以便复用；后续请求用不上的那些块，加上本步分配量中因块切分和取整产生的一部分，使预留显存大于已分配显存。</translation>
    </message>
    <message>
        <source>Allocated memory plus what PyTorch&apos;s caching allocator holds besides: what torch.cuda.max_memory_reserved reports.</source>
        <translation>已分配显存加上 PyTorch 缓存分配器另外占着的部分：即 torch.cuda.max_memory_reserved 报告的值。</translation>
    </message>
    <message>
        <source>Used on the device (nvidia-smi)</source>
        <translation>设备上已用（nvidia-smi）</translation>
    </message>
    <message>
        <source>Reserved memory plus the CUDA context, NCCL&apos;s buffers and paged memory: what nvidia-smi shows. It must stay below the GPU&apos;s capacity.</source>
        <translation>预留显存加上 CUDA 上下文、NCCL 缓冲区和分页内存：即 nvidia-smi 显示的值。它必须低于 GPU 的容量。</translation>
    </message>
    <message>
        <source>Peak of the step</source>
        <translation>一步的峰值</translation>
    </message>
    <message>
        <source>A step passes through moments with different short-lived buffers: the loss, the first layer&apos;s backward, the optimizer step. The fullest moment is the GPU&apos;s memory; the others are listed with it.</source>
        <translation>一步要经过若干时刻，每个时刻的短期缓冲区不同：损失、第一层的反向、优化器更新。最满的时刻就是这张 GPU 的显存；其余时刻一并列出。</translation>
    </message>
    <message>
        <source>Activation gradients (one layer&apos;s backward)</source>
        <translation>激活梯度（一层的反向）</translation>
    </message>
    <message>
        <source>While a layer&apos;s backward runs, the gradient arriving at it, the one it passes on and its largest block&apos;s intermediate gradients exist together.</source>
        <translation>一层做反向时，传入的梯度、它向下传递的梯度以及其最大模块的中间梯度同时存在。</translation>
    </message>
    <message>
        <source>Logits and loss temporaries</source>
        <translation>Logits 与损失的临时张量</translation>
    </message>
    <message>
        <source>The cross entropy makes short-lived copies of the logits over the whole vocabulary in its forward and backward: how many depends on how the loss is computed (eager, compiled, chunked, Megatron&apos;s fused kernel).</source>
        <translation>交叉熵在前向和反向中会短暂地复制整个词表上的 logits：复制多少取决于损失的计算方式（即时模式、编译、分块、Megatron 的融合内核）。</translation>
    </message>
    <message>
        <source>Optimizer-step temporaries</source>
        <translation>优化器更新的临时张量</translation>
    </message>
    <message>
        <source>During the optimizer step, an fp32 copy of 16-bit gradients or the foreach implementation&apos;s intermediate lists; the activations are freed by then.</source>
        <translation>优化器更新期间，16 位梯度的 FP32 副本或 foreach 实现的中间张量列表；此时激活已被释放。</translation>
    </message>
    <message>
        <source>cuBLAS and Transformer Engine workspaces</source>
        <translation>cuBLAS 与 Transformer Engine 工作区</translation>
    </message>
    <message>
        <source>Scratch memory the matrix-multiplication libraries keep, one per handle and stream, allocated once through PyTorch.</source>
        <translation>矩阵乘法库保留的临时显存，每个句柄和流一份，经 PyTorch 分配一次。</translation>
    </message>
    <message>
        <source>NCCL buffers</source>
        <translation>NCCL 缓冲区</translation>
    </message>
    <message>
        <source>Each parallel group this GPU communicates in has an NCCL communicator with its own buffers, outside PyTorch&apos;s allocator.</source>
        <translation>此 GPU 参与通信的每个并行组都有一个 NCCL 通信器及其缓冲区，在 PyTorch 分配器之外。</translation>
    </message>
    <message>
        <source>Reserved KV pool beyond this batch</source>
        <translation>超出本批所需的预留 KV 池</translation>
    </message>
    <message>
        <source>vLLM, SGLang and TensorRT-LLM reserve a share of the GPU for the KV cache up front; what this batch does not use is still taken.</source>
        <translation>vLLM、SGLang 和 TensorRT-LLM 会预先为 KV Cache 预留一部分 GPU 显存；本批没用到的部分仍被占用。</translation>
    </message>
    <message>
        <source>CUDA graph pool</source>
        <translation>CUDA 图内存池</translation>
    </message>
    <message>
        <source>Captured CUDA graphs keep their intermediate tensors in a private pool: an assumption you can edit.</source>
        <translation>已捕获的 CUDA 图把中间张量放在私有内存池中：这是一个可编辑的假设。</translation>
    </message>
    <message>
        <source>Paged optimizer states</source>
        <translation>分页优化器状态</translation>
    </message>
    <message>
        <source>A paged optimizer keeps its states in unified memory, moved to CPU memory when the GPU runs short: they do not cause an out-of-memory error.</source>
        <translation>分页优化器把状态放在统一内存中，GPU 显存不足时移到 CPU 内存：它们不会导致显存不足错误。</translation>
    </message>
    <message>
        <source>Transformer layers on this stage</source>
        <translation>此段上的 Transformer 层</translation>
    </message>
    <message>
        <source>The layers split evenly over the pipeline stages; a remainder goes to the middle stages, which hold neither the most micro-batches (the first) nor the logits (the last).</source>
        <translation>各层均分到流水线各段；余下的层分给中间各段，因为它们既不持有最多的微批次（首段）也不持有 logits（末段）。</translation>
    </message>
    <message>
        <source>First MLP projection output (w1)</source>
        <translation>MLP 第一个投影的输出（w1）</translation>
    </message>
    <message>
        <source>MLP output (w2)</source>
        <translation>MLP 输出（w2）</translation>
    </message>
    <message>
        <source>RMSNorm fp32 input and normalized output (two eager norms)</source>
        <translation>RMSNorm 的 FP32 输入与归一化输出（两个 eager 归一化层）</translation>
    </message>
    <message>
        <source>RMSNorm fp32 input (two eager norms; frozen weights: autograd keeps no normalized output, PyTorch gen_variable_type.py guard_for)</source>
        <translation>RMSNorm 的 FP32 输入（两个 eager 归一化层；权重已冻结：autograd 不保存归一化输出，见 PyTorch gen_variable_type.py guard_for）</translation>
    </message>
    <message>
        <source>SiLU output (eager SwiGLU)</source>
        <translation>SiLU 输出（eager SwiGLU）</translation>
    </message>
    <message>
        <source>RoPE inputs of Q and K (eager rotary embedding)</source>
        <translation>Q 和 K 的 RoPE 输入（eager 旋转位置编码）</translation>
    </message>
    <message>
        <source>K and V repeated to every head (repeat_kv)</source>
        <translation>复制到每个头的 K 和 V（repeat_kv）</translation>
    </message>
    <message>
        <source>Parameters + gradients + optimizer states, the textbook&apos;s 16 bytes per parameter: what ZeRO shards. Activations and buffers come on top.</source>
        <translation>参数 + 梯度 + 优化器状态，即教材里每参数 16 字节：ZeRO 切分的正是这部分。激活和缓冲区另算。</translation>
    </message>
    <message>
        <source>Step time: linear layers (GEMMs)</source>
        <translation>步时：线性层（GEMM）</translation>
    </message>
    <message>
        <source>Every matrix multiplication of the slowest stage&apos;s layers, forward and twice backward, at the efficiency its shape reaches: small matrices (a high TP, a small micro-batch) use the GPU less well.</source>
        <translation>最慢流水线段各层的所有矩阵乘法，前向一次、反向两次，按其形状能达到的效率计：矩阵越小（TP 大、微批次小），GPU 利用得越差。</translation>
    </message>
    <message>
        <source>Step time: attention core</source>
        <translation>步时：注意力核心</translation>
    </message>
    <message>
        <source>QKᵀ and ·V in a fused kernel at FlashAttention&apos;s measured efficiency, lower for short sequences; without a fused kernel the scores go through memory.</source>
        <translation>QKᵀ 和 ·V 在融合内核中按 FlashAttention 的实测效率计算，序列短时效率更低；没有融合内核时，分数矩阵要经过显存。</translation>
    </message>
    <message>
        <source>Norms, activations, residual adds and the loss read and write whole tensors and do little arithmetic: memory bandwidth sets their time. Sequence parallelism splits them over the TP ranks.</source>
        <translation>归一化、激活函数、残差相加和损失函数读写整块张量，运算很少：显存带宽决定其耗时。序列并行把它们分到各 TP 卡上。</translation>
    </message>
    <message>
        <source>Step time: fixed per-layer overhead</source>
        <translation>步时：每层固定开销</translation>
    </message>
    <message>
        <source>Each layer launches dozens of kernels per micro-batch; the gaps between them add up for small layers.</source>
        <translation>每层每个微批次要启动几十个内核；层越小，它们之间的空隙占比越大。</translation>
    </message>
    <message>
        <source>Step time: recomputation</source>
        <translation>步时：重计算</translation>
    </message>
    <message>
        <source>Recomputation runs forward work again during the backward pass: full recomputation a whole forward, selective only the attention core.</source>
        <translation>重计算在反向时再做一次前向：完全重计算再做整个前向，选择性重计算只重做注意力核心。</translation>
    </message>
    <message>
        <source>Step time: pipeline bubble</source>
        <translation>步时：流水线气泡</translation>
    </message>
    <message>
        <source>While the pipeline fills and drains, stages wait: (p − 1)/(v·m) of the work. More micro-batches or virtual stages shrink it.</source>
        <translation>流水线填充和排空时各段在等待：占计算的 (p − 1)/(v·m)。更多微批次或虚拟段可以缩小它。</translation>
    </message>
    <message>
        <source>Gradients are reduced while the last micro-batch&apos;s backward still runs; what outlasts it, and always the last bucket, adds to the step. The distributed optimizer&apos;s weight gather hides behind the next forward.</source>
        <translation>梯度在最后一个微批次的反向仍在进行时归约；超出它的部分，以及总是最后一个桶，会加到步时上。分布式优化器的权重收集藏在下一次前向之后。</translation>
    </message>
    <message>
        <source>Tensor parallelism waits for its collectives inside every layer unless TP communication is overlapped with the GEMMs.</source>
        <translation>除非 TP 通信与 GEMM 重叠，否则张量并行在每一层内都要等待其集合通信。</translation>
    </message>
    <message>
        <source>Step time: exposed pipeline communication</source>
        <translation>步时：未被掩盖的流水线通信</translation>
    </message>
    <message>
        <source>Each micro-batch&apos;s activations and gradients pass between stages; the interleaved schedule overlaps them with compute.</source>
        <translation>每个微批次的激活和梯度在各段之间传递；交错调度把它们与计算重叠。</translation>
    </message>
    <message>
        <source>Ring attention passes key and value chunks while the chunk already there is computed; only what takes longer than that shows.</source>
        <translation>环形注意力在计算手头这一块的同时传递键和值的分块；只有比计算更慢的部分才会显露。</translation>
    </message>
    <message>
        <source>Step time: expert-parallel all-to-all</source>
        <translation>步时：专家并行 all-to-all</translation>
    </message>
    <message>
        <source>Tokens travel to their experts and back in every MoE layer; without special overlap the layer waits for it.</source>
        <translation>每个 MoE 层都要把 token 发往其专家再取回；没有专门的重叠时，该层要等待它完成。</translation>
    </message>
    <message>
        <source>Offloaded states cross PCIe, and the CPU runs the optimizer&apos;s update from its own memory: slow compared with the GPU.</source>
        <translation>卸载的状态要经过 PCIe，CPU 在自己的内存里执行优化器更新：比 GPU 慢得多。</translation>
    </message>
    <message>
        <source>Step time: optimizer update on the GPU</source>
        <translation>步时：GPU 上的优化器更新</translation>
    </message>
    <message>
        <source>The optimizer reads and writes each state it keeps once per step: a bandwidth-bound pass over this GPU&apos;s share.</source>
        <translation>优化器每步把它保存的每个状态读写一次：是对本卡所持份额的一次受带宽限制的遍历。</translation>
    </message>
    <message>
        <source>Step time from the model</source>
        <translation>模型给出的步时</translation>
    </message>
    <message>
        <source>The parts above added up: the slowest pipeline stage&apos;s micro-batches, the bubble, the communication nothing hides, the optimizer and offload.</source>
        <translation>以上各部分之和：最慢流水线段的各微批次、气泡、无法掩盖的通信、优化器与卸载。</translation>
    </message>
    <message>
        <source>Measured figures of this GPU</source>
        <translation>本 GPU 的实测数据</translation>
    </message>
    <message>
        <source>What the model assumes this GPU reaches: GEMM and attention efficiency from public benchmarks, and its host link.</source>
        <translation>模型假定本 GPU 能达到的水平：来自公开基准的 GEMM 与注意力效率，以及它与主机的链路。</translation>
    </message>
    <message>
        <source>Step-time constant</source>
        <translation>步时常量</translation>
    </message>
    <message>
        <source>One constant of the step-time model with its source (resources/steptime.json).</source>
        <translation>步时模型的一个常量及其来源（resources/steptime.json）。</translation>
    </message>
    <message>
        <source>CPU memory per node</source>
        <translation>每节点 CPU 内存</translation>
    </message>
    <message>
        <source>Model states on this GPU</source>
        <translation>本卡的模型状态</translation>
    </message>
    <message>
        <source>Logits and loss</source>
        <translation>Logits 与损失</translation>
    </message>
    <message>
        <source>Peak allocated (max_memory_allocated)</source>
        <translation>峰值已分配（max_memory_allocated）</translation>
    </message>
    <message>
        <source>Step time: norms and activations</source>
        <translation>步时：归一化与激活</translation>
    </message>
    <message>
        <source>Step time: exposed DP communication</source>
        <translation>步时：未被掩盖的 DP 通信</translation>
    </message>
    <message>
        <source>Step time: exposed TP communication</source>
        <translation>步时：未被掩盖的 TP 通信</translation>
    </message>
    <message>
        <source>Step time: exposed CP communication</source>
        <translation>步时：未被掩盖的 CP 通信</translation>
    </message>
    <message>
        <source>Step time: offload (PCIe, CPU optimizer)</source>
        <translation>步时：卸载（PCIe、CPU 优化器）</translation>
    </message>
    <message>
        <source>Peak reserved (max_memory_reserved)</source>
        <translation>峰值已预留（max_memory_reserved）</translation>
    </message>
    <message>
        <source>Training time without interruptions T_s</source>
        <translation>无中断的训练时间 T_s</translation>
    </message>
    <message>
        <source>Mean time between interruptions M</source>
        <translation>平均中断间隔 M</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>检查点大小</translation>
    </message>
    <message>
        <source>Checkpoint write time</source>
        <translation>检查点写入时间</translation>
    </message>
    <message>
        <source>Stall per checkpoint δ</source>
        <translation>每次检查点的停顿 δ</translation>
    </message>
    <message>
        <source>Restart after an interruption R</source>
        <translation>中断后的重启 R</translation>
    </message>
    <message>
        <source>Checkpoint interval τ</source>
        <translation>检查点间隔 τ</translation>
    </message>
    <message>
        <source>Work lost per interruption</source>
        <translation>每次中断丢失的工作</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <source>NVMe per node (ZeRO-Infinity)</source>
        <translation>每节点 NVMe（ZeRO-Infinity）</translation>
    </message>
    <message>
        <source>One engine step while the batch keeps running: every running request decodes a token and the new requests&apos; prompts are prefilled in chunks beside them, within the step&apos;s token budget.</source>
        <translation>批次持续运行时的一个引擎步：每个运行中的请求解码一个 token，新请求的提示词在同一步中分块预填充，总量不超过该步的 token 预算。</translation>
    </message>
    <message>
        <source>A new request&apos;s prompt in chunks of what the token budget leaves beside the running requests&apos; decode tokens, one engine step per chunk.</source>
        <translation>新请求的提示词按 token 预算扣除运行中请求的解码 token 后的余量分块，每块一个引擎步。</translation>
    </message>
    <message>
        <source>Time between tokens under load</source>
        <translation>负载下的 token 间隔</translation>
    </message>
    <message>
        <source>Time to first token under load</source>
        <translation>负载下的首 token 时间</translation>
    </message>
    <message>
        <source>Where the measured step is expected</source>
        <translation>实测步时的预期范围</translation>
    </message>
    <message>
        <source>Band: max_memory_allocated</source>
        <translation>误差带：max_memory_allocated</translation>
    </message>
    <message>
        <source>Band: max_memory_reserved</source>
        <translation>误差带：max_memory_reserved</translation>
    </message>
    <message>
        <source>Band: device (nvidia-smi)</source>
        <translation>误差带：设备显存（nvidia-smi）</translation>
    </message>
    <message>
        <source>Band: decode step (TPOT)</source>
        <translation>误差带：解码一步（TPOT）</translation>
    </message>
    <message>
        <source>Band: time to first token</source>
        <translation>误差带：首 token 延迟</translation>
    </message>
    <message>
        <source>Band: output tokens/s per GPU</source>
        <translation>误差带：每卡输出 token/s</translation>
    </message>
    <message>
        <source>Band: the engine&apos;s KV pool</source>
        <translation>误差带：引擎的 KV 池</translation>
    </message>
    <message>
        <source>A linear-attention or state-space layer keeps a fixed state per sequence (its convolution window and its recurrent matrix) instead of a KV cache that grows with the context.</source>
        <translation>线性注意力层或状态空间层为每个序列保留固定大小的状态（卷积窗口和循环矩阵），而不是随上下文增长的 KV 缓存。</translation>
    </message>
    <message>
        <source>A small indexer scores every cached token with its own 8-bit keys; the attention then reads only the top k of them, so its cost stops growing with the context, while the indexer&apos;s keys still grow with it.</source>
        <translation>一个小型索引器用自己的 8 位键为每个已缓存的词元打分；注意力随后只读取得分最高的 k 个，因此其开销不再随上下文增长，而索引器的键仍随上下文增长。</translation>
    </message>
    <message>
        <source>Each module predicts one more token ahead from the last hidden state and the next token&apos;s embedding, through one more layer; it trains with the model and can draft tokens when serving.</source>
        <translation>每个模块由最后的隐藏状态和下一个词元的嵌入，经过多一层网络，再向前预测一个词元；它与模型一起训练，推理时可用于起草词元。</translation>
    </message>
    <message>
        <source>Linear mixer input projection output (conv input and gates)</source>
        <translation>线性混合层输入投影输出（卷积输入与门控）</translation>
    </message>
    <message>
        <source>Linear mixer q, k, v after the causal conv</source>
        <translation>因果卷积后的线性混合层 q、k、v</translation>
    </message>
    <message>
        <source>Gated DeltaNet chunk inverse (64 per head) and fp32 decay and beta</source>
        <translation>Gated DeltaNet 分块逆矩阵（每头 64）及 fp32 衰减与 beta</translation>
    </message>
    <message>
        <source>Linear mixer output (gated norm and out_proj inputs)</source>
        <translation>线性混合层输出（门控归一化与 out_proj 的输入）</translation>
    </message>
    <message>
        <source>Recurrent state of the linear layers</source>
        <translation>线性层的循环状态</translation>
    </message>
    <message>
        <source>Tokens each query attends to (sparse attention)</source>
        <translation>每个查询关注的词元数（稀疏注意力）</translation>
    </message>
    <message>
        <source>Multi-token-prediction modules (trained, not in Ψ)</source>
        <translation>多词元预测模块（参与训练，不计入 Ψ）</translation>
    </message>
    <message>
        <source>Tokens per target step (speculative decoding)</source>
        <translation>每次目标模型步骤产出的 token 数（推测解码）</translation>
    </message>
    <message>
        <source>Target verification step</source>
        <translation>目标模型验证步骤</translation>
    </message>
    <message>
        <source>Drafting per target step</source>
        <translation>每次目标步骤的草拟时间</translation>
    </message>
    <message>
        <source>Time per output token with speculation</source>
        <translation>推测解码下每个输出 token 的时间</translation>
    </message>
    <message>
        <source>Speculative drafter weights</source>
        <translation>推测解码草稿器权重</translation>
    </message>
    <message>
        <source>Drafter KV cache</source>
        <translation>草稿器 KV Cache</translation>
    </message>
    <message>
        <source>Prompt tokens prefill computes (prefix caching)</source>
        <translation>预填充实际计算的提示 token（前缀缓存）</translation>
    </message>
    <message>
        <source>Each draft token is accepted with probability α; the target keeps the accepted prefix and adds one token of its own, so a step yields 1 + α + … + α^k tokens on average.</source>
        <translation>每个草稿 token 以概率 α 被接受；目标模型保留被接受的前缀，再加上自己的一个 token，因此一步平均产出 1 + α + … + α^k 个 token。</translation>
    </message>
    <message>
        <source>The target checks the k draft tokens and its own next token in one step: k + 1 rows per sequence, but the weights and each sequence&apos;s KV cache are still read once.</source>
        <translation>目标模型在一步内检查 k 个草稿 token 和它自己的下一个 token：每个序列 k + 1 行，但权重和每个序列的 KV Cache 仍只读一次。</translation>
    </message>
    <message>
        <source>The drafter proposes its k tokens one after another, each a small decode step of its own.</source>
        <translation>草稿器逐个提出它的 k 个 token，每个都是它自己的一次小解码步骤。</translation>
    </message>
    <message>
        <source>A verify step and its drafting produce several tokens at once: their time shared by those tokens is the time per output token.</source>
        <translation>一次验证步骤及其草拟一次产出多个 token：这段时间由这些 token 分摊，就是每个输出 token 的时间。</translation>
    </message>
    <message>
        <source>The drafter lives on the GPU beside the model: a small model of its own, or one extra layer that reuses the model&apos;s embedding and output head.</source>
        <translation>草稿器和模型一起放在 GPU 上：要么是一个独立的小模型，要么是复用模型嵌入层和输出头的一个额外层。</translation>
    </message>
    <message>
        <source>The drafter attends to the context too, so its layers keep keys and values; they take blocks from the same pool as the model&apos;s.</source>
        <translation>草稿器同样要关注上下文，因此它的层也保存键和值；这些块与模型的取自同一个池。</translation>
    </message>
    <message>
        <source>Prompts that start alike (a system prompt, a shared document) find those tokens&apos; keys and values already in the pool: prefill computes only the rest.</source>
        <translation>开头相同的提示（系统提示、共享文档）会发现这些 token 的键和值已在池中：预填充只计算其余部分。</translation>
    </message>
    <message>
        <source>4-bit layer inputs the kept output holds (bitsandbytes &lt; 0.43.2)</source>
        <translation>保留的输出所持有的 4 位层输入（bitsandbytes &lt; 0.43.2）</translation>
    </message>
    <message>
        <source>Older bitsandbytes (before 0.43.2) hangs each 4-bit layer&apos;s input on the autograd graph where the backward does not free it. While the training loop still holds the previous output, the next forward runs beside all of those inputs.</source>
        <translation>较旧的 bitsandbytes（0.43.2 之前）把每个 4 位层的输入挂在自动求导图上，反向传播不会释放它。训练循环仍持有上一个输出时，下一次前向传播与所有这些输入同时存在。</translation>
    </message>
    <message>
        <source>Vision tower and projector parameters</source>
        <translation>视觉塔与投影器参数</translation>
    </message>
    <message>
        <source>Image tokens in the decoder&apos;s sequence</source>
        <translation>解码器序列中的图像词元</translation>
    </message>
    <message>
        <source>Vision tower FLOPs per step</source>
        <translation>每步视觉塔 FLOPs</translation>
    </message>
    <message>
        <source>Vision encoder per image (before its prefill)</source>
        <translation>每张图像的视觉编码器（在其预填充之前）</translation>
    </message>
    <message>
        <source>A vision-language model has a second tower: a ViT that cuts each image into patches, runs its own transformer blocks over them and hands the result through a small projector to the decoder.</source>
        <translation>视觉语言模型有第二座塔：一个 ViT，把每张图像切成图像块，用它自己的 Transformer 块处理它们，再经一个小投影器交给解码器。</translation>
    </message>
    <message>
        <source>Each image becomes a fixed number of tokens in the decoder&apos;s sequence, after pooling or merging its patches: they take activations, FLOPs and KV cache as text tokens do.</source>
        <translation>每张图像在其图像块经池化或合并后，成为解码器序列中固定数量的词元：它们像文本词元一样占用激活、FLOPs 和 KV 缓存。</translation>
    </message>
    <message>
        <source>The vision tower runs once per image, not once per token: a trained tower also runs its backward, a frozen one only its forward.</source>
        <translation>视觉塔对每张图像运行一次，而不是对每个词元：参与训练的视觉塔还要运行反向传播，冻结的只运行前向。</translation>
    </message>
    <message>
        <source>A request&apos;s images pass through the vision encoder before its prompt is prefilled, so the encoder&apos;s time adds to the time to the first token.</source>
        <translation>请求中的图像在其提示词预填充之前先经过视觉编码器，因此编码器的时间计入首个词元的时间。</translation>
    </message>
</context>
</TS>
