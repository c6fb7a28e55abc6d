"""The signed-in user's own e-mail choices (docs/notifications.md)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.models import NotificationPreference
from accounts.notifications import KINDS, preference_of, preference_set


class NotificationForm(forms.ModelForm[NotificationPreference]):
    class Meta:
        model = NotificationPreference
        fields = list(KINDS)


@login_required
def notification_settings(request: HttpRequest) -> HttpResponse:
    """Turn each kind of e-mail on or off; a user without an address is told none are sent."""
    user = request.user
    assert user.is_authenticated
    form = NotificationForm(request.POST or None, instance=preference_of(user))
    if request.method == "POST" and form.is_valid():
        preference_set(user=user, choices={kind: form.cleaned_data[kind] for kind in KINDS})
        messages.success(request, "Your e-mail notifications are saved.")
        return redirect("account-notifications")
    return render(
        request, "account/notifications.html", {"form": form, "has_email": bool(getattr(user, "email", ""))}
    )
