// The reference process of Benchmarks/render-benchmark.py: a static Swift hello world.
print("hello")
