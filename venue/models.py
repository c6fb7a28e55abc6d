"""The venue's own rows (docs/venue.md)."""
