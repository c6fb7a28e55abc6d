"""Addresses of accounts that somebody responsible made are taken as verified.

An account made through sign-up must confirm its address by mail. One made by an
organiser or administrator (the admin, `createsuperuser`, the demo, a test fixture) was
typed in by a person who knows the player, so its address is recorded as verified at
once: the player can log in and recover a password without a confirmation round trip.
An address another account has already verified is recorded unverified instead (allauth
allows one verified owner per address).
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth.models import AbstractBaseUser

SIGNING_UP = "_muster_signing_up"


def mark_signing_up(user: AbstractBaseUser) -> None:
    """Flag a user instance that sign-up is creating: its address is not vouched for."""
    setattr(user, SIGNING_UP, True)


def vouch_for_new_account(
    sender: Any, instance: AbstractBaseUser, created: bool, raw: bool, **kwargs: Any
) -> None:
    """post_save on the user model: record the address of an account made by a person."""
    if not created or raw or getattr(instance, SIGNING_UP, False):
        return
    email = str(getattr(instance, "email", "") or "").strip()
    if not email:
        return
    taken = EmailAddress.objects.filter(email__iexact=email, verified=True).exists()
    EmailAddress.objects.create(user=instance, email=email.lower(), verified=not taken, primary=True)
