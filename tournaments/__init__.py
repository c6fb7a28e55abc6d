"""Events, their players, tables, rounds and games: the Django shell around the engines."""
