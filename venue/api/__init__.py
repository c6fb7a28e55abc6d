"""The venue's API (docs/api.md, "Announcements")."""
