"""Reading and changing a user's notification choices (accounts.models.NotificationPreference).

Writes are keyword-only and atomic, as the services elsewhere are; a user without a row has
every notification on, by e-mail and by push.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.models import MAIL_KINDS, NotificationKind, NotificationPreference, push_field

# The mail switches, then the push switches (`push_pairing` ... `push_clock`).
KINDS: tuple[str, ...] = tuple(str(kind) for kind in MAIL_KINDS)
PUSH_SWITCHES: tuple[str, ...] = tuple(push_field(kind) for kind in NotificationKind)


def preference_of(user: AbstractBaseUser) -> NotificationPreference:
    """The user's choices: their stored row, or an unsaved one with everything on."""
    found = NotificationPreference.objects.filter(user_id=user.pk).first()
    return found if found is not None else NotificationPreference(user_id=user.pk)


def wants_mail(user: AbstractBaseUser | None, kind: str) -> bool:
    """Whether `user` is sent this kind of e-mail: an account with an address that has not turned it off."""
    if user is None or not getattr(user, "email", "") or not user.is_active:
        return False
    return preference_of(user).wants(kind)


def wants_push(user: AbstractBaseUser | None, kind: str) -> bool:
    """Whether `user`'s devices are pushed this kind: an active account that has not turned it off."""
    if user is None or not user.is_active:
        return False
    return preference_of(user).wants_push(kind)


@transaction.atomic
def preference_set(*, user: AbstractBaseUser, choices: dict[str, bool]) -> NotificationPreference:
    """Store the user's choices (mail kinds and push switches); those not named keep their value."""
    unknown = set(choices) - set(KINDS) - set(PUSH_SWITCHES)
    if unknown:
        raise ValueError(f"unknown notification kinds: {sorted(unknown)}")
    preference, _ = NotificationPreference.objects.select_for_update().get_or_create(user_id=user.pk)
    for kind, on in choices.items():
        setattr(preference, kind, bool(on))
    preference.save()
    return preference
