"""Muster's allauth adapter: which logins verify an address, and who is signing up."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest

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
