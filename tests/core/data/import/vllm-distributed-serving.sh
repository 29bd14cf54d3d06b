# The pipeline-parallel example of vllm-project/vllm @ 06824165d5558704f019de02f57459270fe97e56,
# docs/serving/distributed_serving.md ("Single-node deployment"), as the docs print it (Apache-2.0).
# Eight GPUs total
vllm serve gpt2 \
     --tensor-parallel-size 4 \
     --pipeline-parallel-size 2
