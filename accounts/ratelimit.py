"""One login rate limit for the web form and the API token endpoint.

allauth counts failed logins per address and per account name
(ACCOUNT_RATE_LIMITS["login_failed"]); its login form checks that count before it
checks a password. The API's token endpoint authenticates through the same adapter
call, so guessing a password through the API spends the same budget as through the
form, and a correct password is refused too while the account is locked.
"""

from __future__ import annotations

from allauth.account.adapter import get_adapter
from django import forms
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest


class LoginRateLimited(Exception):
    """Too many failed logins for this account or from this address; try later."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def authenticate_limited(request: HttpRequest, *, username: str, password: str) -> AbstractBaseUser | None:
    """The user these credentials name, or None; LoginRateLimited while locked out."""
    try:
        user: AbstractBaseUser | None = get_adapter(request).authenticate(
            request, username=username, password=password
        )
    except forms.ValidationError as exc:
        raise LoginRateLimited(" ".join(exc.messages)) from exc
    return user
