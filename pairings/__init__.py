"""Swiss pairing and standings.

Pure engines (`pairings.engine`, `pairings.standings`, `pairings.results`) and their Django bridge.
"""
