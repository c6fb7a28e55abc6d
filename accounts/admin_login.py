"""The admin signs in through the site's own login.

Django's admin has a login form of its own, which knows nothing of the site's failed-login
limit and lockout (ACCOUNT_RATE_LIMITS, docs/configuration.md): guessing an administrator's
password there was unlimited, and a locked account's right password still opened the
admin. So the admin's login page only sends the visitor to the site's login, coming back to
the admin afterwards: one limiter and one lockout for every way in (the web form, the API
token, the admin). A signed-in account that is not staff gets a 404 there, as anywhere it
lacks the role.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme


def admin_login(request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
    """AdminSite.login's replacement: no form, a redirect to the site's login."""
    index = reverse("admin:index")
    wanted = request.GET.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    next_url = wanted if wanted and safe else index
    user = request.user
    if user.is_authenticated:
        if user.is_active and getattr(user, "is_staff", False):
            return HttpResponseRedirect(next_url)
        raise Http404("No such page.")
    return HttpResponseRedirect(f"{reverse('login')}?{urlencode({'next': next_url})}")
