"""The signed-in user's own notification choices and notified devices (docs/notifications.md,
docs/push.md)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts import webpush
from accounts.models import NotificationPreference, PushSubscription
from accounts.notifications import KINDS, PUSH_SWITCHES, preference_of, preference_set


def _form_class(with_push: bool) -> type[forms.ModelForm[NotificationPreference]]:
    """The mail switches, and the push switches where the site can push (without push
    they are not shown, so saving the page never turns them off unseen)."""
    names = [*KINDS, *PUSH_SWITCHES] if with_push else list(KINDS)

    class NotificationForm(forms.ModelForm[NotificationPreference]):
        class Meta:
            model = NotificationPreference
            fields = names

    return NotificationForm


@login_required
def notification_settings(request: HttpRequest) -> HttpResponse:
    """Turn each kind of e-mail (and push) on or off, and remove a notified device; a user
    without an address is told no mail is sent."""
    user = request.user
    assert user.is_authenticated
    if request.method == "POST" and "remove" in request.POST:
        try:
            removed = webpush.subscription_remove(user=user, subscription_id=int(request.POST["remove"]))
        except ValueError:
            removed = False
        if removed:
            messages.success(request, "That device is no longer notified.")
        else:
            messages.error(request, "You have no such device: it may have been removed already.")
        return redirect("account-notifications")
    with_push = webpush.push_available()
    form = _form_class(with_push)(request.POST or None, instance=preference_of(user))
    if request.method == "POST" and form.is_valid():
        names = [*KINDS, *PUSH_SWITCHES] if with_push else list(KINDS)
        preference_set(user=user, choices={name: form.cleaned_data[name] for name in names})
        messages.success(request, "Your notifications are saved.")
        return redirect("account-notifications")
    context: dict[str, Any] = {
        "form": form,
        "mail_fields": [form[name] for name in KINDS],
        "push_fields": [form[name] for name in PUSH_SWITCHES] if with_push else [],
        "push_available": with_push,
        "devices": list(PushSubscription.objects.filter(user_id=user.pk)),
        "has_email": bool(getattr(user, "email", "")),
    }
    return render(request, "account/notifications.html", context)
