"""Explicit input and output serializers, one per operation shape (HackSoft style).

Inputs only check the shape of a request; the rules live in the services. Outputs render
plain dicts built by `tournaments.api.presenters`, so what each role sees is decided
there, in one place, and these classes document it for the schema.

One module a topic, beside the API views that use them (tournaments/api/views/).
"""
