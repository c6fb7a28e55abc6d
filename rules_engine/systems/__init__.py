"""One package per game system; each registers itself with rules_engine.registry."""
