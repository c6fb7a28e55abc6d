"""Swiss pairing: the pure engine (`pairings.engine`), no Django.

The ORM bridge that feeds it lives in `tournaments/bridges/pairing.py`; the offline
`pair` command in `interchange/`.
"""
