"""One package per game system; each names its `GameSystem` in an entry point (pyproject.toml)."""
