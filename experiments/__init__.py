"""One-off experiments about the agents, kept runnable: ``python -m experiments.NAME``.

Their results, positive and negative, are in ``docs/research.md``;
``tests/test_benchmarks.py`` runs each with tiny parameters.
"""
