"""Pure-Python rules for every game system the platform serves.

Nothing in this package imports Django: each game system is a self-contained package
under `rules_engine.systems` (data packs, army-building rules, result-scoring bands),
found by `rules_engine.registry` through its entry point.
"""
