"""A roster handed in, pasted or uploaded (views/player.py; the TO submits one for a
player through the same form on views/manage.py)."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.forms.common import Form

# A file far beyond a roster's size is refused before it is read (the service's own limit,
# tournaments.services.rosters.ROSTER_MAX_BYTES, then applies to what was read).
ROSTER_UPLOAD_MAX_BYTES = 256 * 1024


class RosterForm(Form):
    """The roster typed or pasted (the game's typed list or roster/1 JSON), or a file."""

    content = forms.CharField(
        label="Roster",
        required=False,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false", "autocomplete": "off"}),
        help_text="Paste the roster as text or roster/1 JSON.",
    )
    upload = forms.FileField(
        required=False, label="Or upload a file", help_text="A roster/1 JSON file or a text roster (UTF-8)."
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("upload")
        if upload is not None:
            if upload.size is not None and upload.size > ROSTER_UPLOAD_MAX_BYTES:
                raise forms.ValidationError("The file is too large to be a roster.", code="too-large")
            try:
                data["content"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text.", code="unreadable") from None
        if not str(data.get("content") or "").strip():
            raise forms.ValidationError("Paste or type the roster, or upload its file.", code="required")
        return data
