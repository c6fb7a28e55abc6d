"""Pure cores of the judges' tools: the pre-game draft, the round clock, penalties.

Plain Python with no Django imports, so they can be tested exhaustively without a database;
the Django layer stores their inputs and actions and calls them.
"""
