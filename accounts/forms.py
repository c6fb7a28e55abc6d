"""The login form, allauth's, with the HTML field names the site has always used."""

from __future__ import annotations

from allauth.account.forms import LoginForm as AllauthLoginForm


class LoginForm(AllauthLoginForm):
    """allauth's login (username or e-mail, rate-limited), posted as `username`/`password`.

    allauth calls its identifier field `login`; renaming it only on the wire keeps every
    bookmark, password manager entry, API client and test that posts `username` working,
    and keeps the page's `#id_username` input.
    """

    def add_prefix(self, field_name: str) -> str:
        return str(super().add_prefix("username" if field_name == "login" else field_name))
