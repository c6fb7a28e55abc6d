"""Benchmarks: `make bench` runs every `bench_*.py` module's `run()` and prints its figures."""
