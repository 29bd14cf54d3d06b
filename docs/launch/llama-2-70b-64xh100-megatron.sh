#!/bin/bash
# Megatron-LM pretrain_gpt.py (NVIDIA/Megatron-LM @ d98e8a6): Llama 2 70B on 64 GPUs, 8 per node (data parallel 2, 512 micro-batches per step)
# Run on each node with NODE_RANK, MASTER_ADDR and MASTER_PORT set; add your data (--data-path) and checkpoints (--save, --load).
torchrun --nproc-per-node 8 --nnodes 8 --node-rank ${NODE_RANK:-0} --master-addr ${MASTER_ADDR:-localhost} --master-port ${MASTER_PORT:-6000} pretrain_gpt.py \
    --num-layers 80 \
    --hidden-size 8192 \
    --ffn-hidden-size 28672 \
    --num-attention-heads 64 \
    --group-query-attention \
    --num-query-groups 8 \
    --max-position-embeddings 4096 \
    --position-embedding-type rope \
    --rotary-base 10000 \
    --normalization RMSNorm \
    --norm-epsilon 1e-05 \
    --swiglu \
    --untie-embeddings-and-output-weights \
    --disable-bias-linear \
    --attention-dropout 0.0 \
    --hidden-dropout 0.0 \
    --tokenizer-type HuggingFaceTokenizer \
    --tokenizer-model meta-llama/Llama-2-70b-hf \
    --vocab-size 32000 \
    --make-vocab-size-divisible-by 1 \
    --tensor-model-parallel-size 8 \
    --pipeline-model-parallel-size 4 \
    --sequence-parallel \
    --use-distributed-optimizer \
    --overlap-grad-reduce \
    --overlap-param-gather \
    --recompute-granularity selective \
    --micro-batch-size 1 \
    --global-batch-size 1024 \
    --seq-length 4096 \
    --train-iters 476838 \
    --bf16
