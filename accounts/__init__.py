"""Accounts: sign-up, e-mail verification, password reset and rate-limited login.

The flows are django-allauth's; this app holds only what Muster decides about them: the
login form keeps the field names the site always had, accounts made by an organiser or
an administrator are trusted, and the API token endpoint shares the login rate limit.
"""
