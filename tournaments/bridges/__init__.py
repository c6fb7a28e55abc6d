"""Bridges between the ORM and the pure engines: one module per engine.

Each reads the rows it needs in a fixed number of queries, hands the engine plain
dataclasses and maps the answer back. Nothing here goes through the event/1 export.
"""
