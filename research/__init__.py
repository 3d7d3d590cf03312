"""Benchmarks and quality measurements; `python -m research` regenerates `research/RESULTS.md`."""
