"""Which logins must prove an e-mail address first."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from allauth.account.stages import EmailVerificationStage


class VerifySignedUpEmail(EmailVerificationStage):
    """allauth's mandatory verification, except for accounts with no address at all.

    Sign-up always records an address, unverified until its link is followed, so every
    self-made account proves its address before its first login. Accounts an organiser
    or administrator made are vouched for (accounts.trust); one made without any address
    (`createsuperuser` leaves it blank) has nothing to verify and no way to receive a
    link, so it is let through rather than locked out.
    """

    def handle(self) -> tuple[Any, bool]:
        user = self.login.user
        # No user at all: allauth's enumeration prevention acting out a sign-up with a
        # taken address; the stock stage answers as it would for a real one.
        if user is not None and not getattr(user, "email", "") and not self._has_addresses(user.pk):
            return None, True
        result: tuple[Any, bool] = super().handle()
        return result

    @staticmethod
    def _has_addresses(user_id: int) -> bool:
        return bool(EmailAddress.objects.filter(user_id=user_id).exists())
