"""Pairing and standings are pure engines; their state lives on tournaments' models."""
