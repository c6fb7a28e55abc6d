"""The judging REST API under /api/events/<slug>/: penalties, conduct reports, drafts, the clock.

Laid out like `tournaments.api`: `serializers` (explicit inputs and outputs), `presenters`
(rows to the plain dicts the outputs render) and `views/` by topic. Same rules as the rest
of the API (tournaments.api.permissions): a caller without the role an operation needs gets
404, a rule that refuses gets 400 with the service's code.
"""
