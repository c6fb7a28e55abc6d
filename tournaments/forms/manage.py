"""The TO's dashboard forms (views/manage.py): staff, staff invitations, adding players one
by one or from a CSV file."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments import limits
from tournaments.forms.common import Form, add_teammate_fields, teammates_of
from tournaments.models import StaffRoleKind
from tournaments.players_csv import CsvProblem, decode_upload
from tournaments.services.players import PLAYERS_CSV_MAX_CHARS

PLAYERS_CSV_MAX_BYTES = PLAYERS_CSV_MAX_CHARS  # a file is refused unread above the paste's limit


class StaffForm(Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.FLOOR_JUDGE)


class StaffInviteForm(Form):
    email = forms.EmailField()
    role = forms.ChoiceField(choices=StaffRoleKind.choices, initial=StaffRoleKind.FLOOR_JUDGE)


class PlayerAddForm(Form):
    name = forms.CharField(max_length=limits.PLAYER_NAME_LENGTH)
    email = forms.EmailField(required=False)
    username = forms.CharField(
        max_length=150,
        required=False,
        help_text="Invites that account: the seat is linked once its holder claims it from My events.",
    )

    def __init__(self, *args: Any, team_size: int | None = None, **kwargs: Any) -> None:
        """In a team game (docs/teams.md) the entrant is a team: its name and its players;
        the account invited is the captain's."""
        super().__init__(*args, **kwargs)
        self.team_size = team_size
        if team_size is None:
            return
        self.fields["name"].label = "Team name"
        self.fields[
            "username"
        ].help_text = (
            "Invites that account as the team's captain: linked once its holder claims it from My events."
        )
        add_teammate_fields(self, team_size)

    def teammates(self) -> list[str] | None:
        return teammates_of(self, self.team_size) if self.team_size is not None else None


class PlayersCsvForm(Form):
    """A player list pasted or uploaded as a file (a spreadsheet's "Save as CSV")."""

    csv = forms.CharField(
        label="Paste CSV",
        required=False,
        strip=False,
        widget=forms.Textarea(
            attrs={"rows": 5, "placeholder": "First Name,Last Name,Email\nAda,Lovelace,ada@example.org"}
        ),
        help_text="A header row is matched by name (Name, or First Name and Last Name; Email; "
        "Username); without one: name, then optionally email and username.",
    )
    file = forms.FileField(
        label="Or choose a CSV file",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("file")
        if upload is not None:
            if upload.size > PLAYERS_CSV_MAX_BYTES:
                raise forms.ValidationError(
                    f"The file is {upload.size // 1024} KB; import at most "
                    f"{PLAYERS_CSV_MAX_BYTES // 1024} KB of players at a time."
                )
            try:
                data["text"] = decode_upload(upload.read())
            except CsvProblem as exc:
                raise forms.ValidationError(str(exc)) from None
        elif (data.get("csv") or "").strip():
            data["text"] = data["csv"]
        else:
            raise forms.ValidationError("Paste the CSV or choose a file.")
        return data
