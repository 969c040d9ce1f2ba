// Benchmarks/binary-sizes.py's baseline: what every row's size is measured above.
print("hello")
