"""Shared by the journeys: the live server's mail outbox, a TO's sign-up, rosters and results
the journeys do not name (entered through the services, as the other players' phones would),
and a screenshot helper that takes the desktop and the phone view of a page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DESKTOP, PHONE

# Generous: the CI machine's two cores are shared with the worker and other runs; a step
# that waits this long has failed, a fast one returns at once.
WAIT_MS = 30_000
LINK = re.compile(r"https?://[^\s<>\"]+")


@pytest.fixture
def outbox(mailoutbox: list[Any]) -> list[Any]:
    """The mails the live server sent. The live server runs in a thread of this process
    with the test settings' locmem backend, so its mails land in django.core.mail.outbox."""
    return mailoutbox


def link_in(message: Any, contains: str) -> str:
    """The first link in a mail whose address contains `contains`."""
    for url in LINK.findall(message.body):
        if contains in url:
            return str(url)
    raise AssertionError(f"no link with {contains!r} in the mail {message.subject!r}:\n{message.body}")


def snap(page: Any, folder: Path, name: str, *, phone: bool = True, full_page: bool = True) -> None:
    """`name-desktop.png` at 1280 wide and, where the page is read on a phone, `name-phone.png`
    at 390 x 844; the viewport is put back as it was."""
    before = page.viewport_size
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=full_page)
    if phone:
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=full_page)
    if before is not None:
        page.set_viewport_size(before)


def sign_up(page: Any, base: str, outbox: list[Any], username: str) -> None:
    """A newcomer signs up as `username` (address `<username>@example.org`) and confirms
    from the mailed link in the same browser, which logs them in on My events."""
    from playwright.sync_api import expect

    email = f"{username}@example.org"
    page.goto(f"{base}/accounts/signup/")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill("a-long-tabletop-passphrase")
    page.get_by_label("Password (again)").fill("a-long-tabletop-passphrase")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("heading", name="Check your e-mail")).to_be_visible()
    [mail] = [m for m in outbox if m.to == [email]]
    page.goto(link_in(mail, "/accounts/confirm-email/"))
    expect(page.get_by_text(email)).to_be_visible()
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("heading", name="My events")).to_be_visible()


def printed(page: Any, base: str, slug: str, document: str) -> bytes:
    """Print `document` (its row on the event's Print page) as a visitor does: press Print,
    wait for the worker's PDF, download it; the PDF's bytes."""
    from playwright.sync_api import expect

    page.goto(f"{base}/e/{slug}/print/")
    page.get_by_role("row").filter(has_text=document).get_by_role("button", name="Print").click()
    download = page.get_by_role("link", name="Download PDF")
    expect(download).to_be_visible(timeout=60_000)
    response = page.request.get(base + (download.get_attribute("href") or ""))
    assert response.ok
    assert response.headers["content-type"] == "application/pdf"
    body: bytes = response.body()
    assert body.startswith(b"%PDF")
    return body
