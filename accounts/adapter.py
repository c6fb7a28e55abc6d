"""Muster's allauth adapter: which logins verify an address, and who is signing up."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

from accounts.links import absolute, site_root
from accounts.trust import mark_signing_up

_STOCK_STAGE = "allauth.account.stages.EmailVerificationStage"


class AccountAdapter(DefaultAccountAdapter):
    def new_user(self, request: HttpRequest) -> AbstractBaseUser:
        user: AbstractBaseUser = super().new_user(request)
        mark_signing_up(user)  # sign-up's own address is verified by mail, not vouched for
        return user

    def get_login_stages(self) -> list[str]:
        stages: list[str] = super().get_login_stages()
        return ["accounts.stages.VerifySignedUpEmail" if s == _STOCK_STAGE else s for s in stages]

    # Mails link to SITE_URL, whichever address the visitor used (accounts.links).
    def get_email_confirmation_url(self, request: HttpRequest, emailconfirmation: Any) -> str:
        return absolute(super().get_email_confirmation_url(request, emailconfirmation))

    def get_reset_password_from_key_url(self, key: str) -> str:
        return absolute(super().get_reset_password_from_key_url(key))

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """The site a mail names is Muster at SITE_URL, not the host the visitor typed."""
        context = {**context, "current_site": SiteNamed(name="Muster", domain=urlsplit(site_root()).netloc)}
        super().send_mail(template_prefix, email, context)


@dataclass(frozen=True)
class SiteNamed:
    """What allauth's mail templates read of a site (`current_site.name`, `.domain`)."""

    name: str
    domain: str
