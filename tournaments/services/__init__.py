"""Writes: every change to an event goes through a function here (HackSoft style).

Keyword-only, typed, atomic; each raises ServiceError with a sentence a person can act on.
"""
