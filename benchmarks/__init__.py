"""The scripts behind every figure the docs quote; run each as ``python -m benchmarks.NAME``.

Each prints its table with the machine it ran on; ``tests/test_benchmarks.py``
runs every one with tiny parameters so none of them rots.
"""
