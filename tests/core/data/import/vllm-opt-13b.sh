# The tensor-parallel example of vllm-project/vllm @ 06824165d5558704f019de02f57459270fe97e56,
# docs/serving/distributed_serving.md (Apache-2.0): facebook/opt-13b is no preset.
vllm serve facebook/opt-13b \
     --tensor-parallel-size 4
