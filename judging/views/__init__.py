"""Web pages of the judging app (server-rendered, htmx for the live parts)."""
