"""API tokens: issued only to accounts that may log in, expiring, listed and revocable.

The tokens are django-rest-knox's: each login makes a new token, only its SHA-512 digest is
stored (a database dump does not hand out working tokens), and each has an expiry
(`API_TOKEN_TTL_HOURS`, docs/configuration.md). DRF's own token model has none of that: one
token per account, stored in clear, never expiring. A token is the password's: changing or
resetting the password revokes every token of the account (`revoke_on_password_change`), as
a stolen password's tokens must not outlive the new one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from knox.models import AuthToken

# An account keeps at most this many live tokens (a script that logs in every run without
# revoking would otherwise grow its list for ever); the oldest goes first.
TOKENS_PER_ACCOUNT = 20


def may_log_in(user: AbstractBaseUser) -> bool:
    """The web login's rule (accounts.stages): an address proven by its link, or an account
    with no address at all (one made by `createsuperuser`, which has nothing to prove)."""
    addresses = EmailAddress.objects.filter(user_id=user.pk)
    if addresses.filter(verified=True).exists():
        return True
    return not getattr(user, "email", "") and not addresses.exists()


@transaction.atomic
def token_issue(*, user: AbstractBaseUser) -> tuple[AuthToken, str]:
    """A new token for `user` (the caller has checked the password and `may_log_in`); the
    clear token is returned once and never stored."""
    live = AuthToken.objects.filter(user_id=user.pk)
    live.filter(expiry__lte=timezone.now()).delete()
    keep = list(live.order_by("-created").values_list("digest", flat=True)[: TOKENS_PER_ACCOUNT - 1])
    live.exclude(digest__in=keep).delete()
    instance, token = AuthToken.objects.create(user=user)
    return instance, token


def tokens_of(user: AbstractBaseUser) -> Sequence[AuthToken]:
    """The account's live tokens, newest first."""
    now = timezone.now()
    return list(
        AuthToken.objects.filter(user_id=user.pk).exclude(expiry__lte=now).order_by("-created", "token_key")
    )


def token_revoke(*, user: AbstractBaseUser, token_key: str) -> int:
    """Revoke the account's token(s) whose key (the token's first characters, shown in the
    list) is `token_key`; how many were revoked (0: none of the account's)."""
    deleted, _ = AuthToken.objects.filter(user_id=user.pk, token_key=token_key).delete()
    return int(deleted)


def token_revoke_all(*, user: AbstractBaseUser) -> int:
    deleted, _ = AuthToken.objects.filter(user_id=user.pk).delete()
    return int(deleted)


def revoke_on_password_change(
    sender: Any, instance: AbstractBaseUser, raw: bool = False, **kwargs: Any
) -> None:
    """pre_save on the user model: a new password hash revokes the account's tokens.

    Every way a password changes ends in saving the user (allauth's change and reset, the
    admin, `changepassword`); a save that names its fields without the password (a login's
    `last_login`) is skipped without a query."""
    update_fields = kwargs.get("update_fields")
    if raw or instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = type(instance)._default_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        AuthToken.objects.filter(user_id=instance.pk).delete()
