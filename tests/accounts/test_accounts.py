"""Sign-up with a verified e-mail address, password reset, login by name or address.

The flows are django-allauth's; these tests hold Muster to what it promises people: a new
account logs in only after its e-mail link is followed, a forgotten password comes back
by e-mail, and bad input is answered on the page, field by field.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.builders.rows import add_player, add_staff, make_event
from tournaments.models import StaffRoleKind

pytestmark = pytest.mark.django_db

SIGNUP = {
    "email": "newcomer@example.org",
    "username": "newcomer",
    "password1": "a-long-Unusual-passphrase-9",
    "password2": "a-long-Unusual-passphrase-9",
}


def _link(message: mail.EmailMessage) -> str:
    found = re.search(r"https?://[^/\s]+(/\S+)", str(message.body))
    assert found, message.body
    return found.group(1)


def _logged_in_as(client) -> str | None:
    user = client.get(reverse("home")).context["user"]
    return user.get_username() if user.is_authenticated else None


def test_sign_up_verify_then_log_in(client):
    page = client.get(reverse("account_signup"))
    assert page.status_code == 200
    assert b'name="email"' in page.content
    assert b'name="username"' in page.content

    response = client.post(reverse("account_signup"), SIGNUP)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    assert get_user_model().objects.filter(username="newcomer", email="newcomer@example.org").exists()
    assert _logged_in_as(client) is None  # not before the address is confirmed

    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["newcomer@example.org"]
    assert message.from_email == "Muster <muster@localhost>"
    assert message.subject.startswith("[Muster] ")
    link = _link(message)

    # Logging in before confirming is refused and sends the link again.
    early = client.post(reverse("login"), {"username": "newcomer", "password": SIGNUP["password1"]})
    assert early["Location"] == reverse("account_email_verification_sent")
    assert _logged_in_as(client) is None

    confirm = client.get(link)
    assert confirm.status_code == 200
    assert b"newcomer@example.org" in confirm.content
    assert _logged_in_as(client) is None  # a GET (a mail scanner) confirms nothing
    assert client.post(link).status_code == 302

    response = client.post(reverse("login"), {"username": "newcomer", "password": SIGNUP["password1"]})
    assert response.status_code == 302
    assert response["Location"] == reverse("my-events")
    assert _logged_in_as(client) == "newcomer"


def test_log_in_with_the_email_address_too(client):
    client.post(reverse("account_signup"), SIGNUP)
    client.post(_link(mail.outbox[0]))
    client.post(reverse("login"), {"username": "NewComer@Example.org", "password": SIGNUP["password1"]})
    assert _logged_in_as(client) == "newcomer"


def test_accounts_made_by_an_organiser_or_admin_log_in_without_verification(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "alice-pass-123"})
    assert response.status_code == 302
    assert _logged_in_as(client) == "alice"
    assert mail.outbox == []


def test_login_keeps_next(client, alice):
    response = client.post(
        reverse("login") + "?next=/events/new/",
        {"username": "alice", "password": "alice-pass-123", "next": "/events/new/"},
    )
    assert response["Location"] == "/events/new/"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"email": "not-an-address"}, "email", "Enter a valid email address."),
        ({"email": ""}, "email", "This field is required."),
        ({"username": ""}, "username", "This field is required."),
        ({"username": "has space"}, "username", "Enter a valid username."),
        (
            {"password2": "something-else-entirely-1"},
            "password2",
            "You must type the same password each time.",
        ),
        ({"password1": "short", "password2": "short"}, "password1", "too short"),
        ({"password1": "password", "password2": "password"}, "password1", "too common"),
    ],
)
def test_bad_sign_up_input_is_named_and_nothing_is_stored(client, change, field, message):
    response = client.post(reverse("account_signup"), SIGNUP | change)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors, errors
    assert any(message in e for e in errors[field]), errors
    assert message.encode() in response.content or message.replace("'", "&#x27;").encode() in response.content
    assert b'class="error"' in response.content
    assert not get_user_model().objects.filter(username=SIGNUP["username"]).exists()
    assert mail.outbox == []


def test_taken_username_and_address_are_refused(client, alice):
    response = client.post(reverse("account_signup"), SIGNUP | {"username": "alice"})
    assert "username" in response.context["form"].errors
    # The address of an existing account: no second account; allauth (enumeration
    # prevention) answers as if it worked and mails the owner instead.
    response = client.post(reverse("account_signup"), SIGNUP | {"email": "alice@example.org"})
    assert get_user_model().objects.filter(email__iexact="alice@example.org").count() == 1
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_wrong_password_says_so(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert b"not correct" in response.content
    assert _logged_in_as(client) is None


def test_password_reset_round_trip(client, alice):
    page = client.get(reverse("account_reset_password"))
    assert page.status_code == 200
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.org"})
    assert response["Location"] == reverse("account_reset_password_done")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]

    form_page = client.get(_link(mail.outbox[0]), follow=True)
    assert form_page.status_code == 200
    assert not form_page.context.get("token_fail")
    action = form_page.context["action_url"]
    mismatch = client.post(action, {"password1": "brand-New-secret-42", "password2": "other-New-secret-42"})
    assert "password2" in mismatch.context["form"].errors
    done = client.post(action, {"password1": "brand-New-secret-42", "password2": "brand-New-secret-42"})
    assert done["Location"] == reverse("account_reset_password_from_key_done")

    assert not client.login(username="alice", password="alice-pass-123")
    client.post(reverse("login"), {"username": "alice", "password": "brand-New-secret-42"})
    assert _logged_in_as(client) == "alice"

    # The link works once.
    client.post(reverse("logout"))
    again = client.get(_link(mail.outbox[0]), follow=True)
    assert again.context["token_fail"]
    assert b"not valid" in again.content


def test_password_reset_for_an_unknown_address_reveals_nothing(client):
    response = client.post(reverse("account_reset_password"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("account_reset_password_done")
    # allauth mails the address to say no account uses it (it may be mistyped), never a link.
    assert all("/key/" not in m.body for m in mail.outbox)


def test_password_reset_refuses_a_malformed_address(client):
    response = client.post(reverse("account_reset_password"), {"email": "not-an-address"})
    assert response.status_code == 200
    assert "email" in response.context["form"].errors
    assert mail.outbox == []


def test_my_events_lists_where_i_play_and_staff(client, alice, bob, judy):
    spring = make_event(to=alice)
    autumn = make_event(
        to=judy, name="Autumn Open", slug="autumn-open", starts_on=dt.date.today() + dt.timedelta(days=60)
    )
    add_player(spring, bob, "Bob")
    add_staff(autumn, bob, StaffRoleKind.FLOOR_JUDGE)
    make_event(to=judy, name="Winter Cup", slug="winter-cup")  # bob has nothing to do with it

    assert client.get(reverse("my-events"))["Location"].startswith("/accounts/login/")
    client.force_login(bob)
    page = client.get(reverse("my-events"))
    html = page.content.decode()
    assert page.status_code == 200
    assert [row.event.slug for row in page.context["rows"]] == [
        "autumn-open",
        "spring-skirmish",
    ]  # latest first
    assert "Winter Cup" not in html
    assert 'href="/e/spring-skirmish/me/"' in html
    assert 'href="/e/autumn-open/judge/"' in html
    assert "Floor Judge" in html
    assert 'href="/e/autumn-open/manage/"' not in html  # a Floor Judge does not manage

    client.force_login(alice)
    html = client.get(reverse("my-events")).content.decode()
    assert "Tournament Organiser" in html
    assert 'href="/e/spring-skirmish/manage/"' in html


def test_header_links_my_events_and_sign_up(client, bob):
    html = client.get(reverse("home")).content.decode()
    assert 'href="/accounts/signup/?next=/"' in html  # back where the visitor was afterwards
    assert "My events" not in html
    client.force_login(bob)
    html = client.get(reverse("home")).content.decode()
    assert 'href="/my-events/"' in html
    assert 'href="/accounts/signup/' not in html


def test_an_account_without_any_address_still_logs_in(client, django_user_model):
    django_user_model.objects.create_user("nomail", "", "nomail-pass-123")
    client.post(reverse("login"), {"username": "nomail", "password": "nomail-pass-123"})
    assert _logged_in_as(client) == "nomail"


def test_an_organisers_account_is_vouched_for_but_never_steals_a_verified_address(django_user_model):
    from allauth.account.models import EmailAddress

    first = django_user_model.objects.create_user("first", "Shared@Example.org", "x-pass-123456")
    second = django_user_model.objects.create_user("second", "shared@example.org", "x-pass-123456")
    assert EmailAddress.objects.get(user=first).verified
    assert not EmailAddress.objects.get(user=second).verified


def test_sign_up_does_not_vouch_for_its_own_address(client):
    from allauth.account.models import EmailAddress

    client.post(reverse("account_signup"), SIGNUP)
    address = EmailAddress.objects.get(user__username="newcomer")
    assert (address.email, address.verified) == ("newcomer@example.org", False)
