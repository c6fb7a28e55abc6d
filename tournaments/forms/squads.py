"""A team tournament's forms (docs/team-matches.md): a team as its captain registers it
through the event's link or the TO enters it (its name and its N members in the team's
order, the captain first), and the TO's own pairs for one match."""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments import limits
from tournaments.forms.common import Form
from tournaments.models import Player
from tournaments.services.squads import TEAM_NAME_LENGTH, Member


class SquadForm(Form):
    """A team: its name, then each member's name and optional e-mail address, in the
    team's order (the protocol's default for a captain out of time follows it). Member 1
    is the captain; `captain_account`: the TO may name the captain's account too."""

    def __init__(self, *args: Any, size: int, captain_account: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.size = size
        self.fields["team_name"] = forms.CharField(
            max_length=TEAM_NAME_LENGTH,
            label="Team name",
            help_text="As it should appear on pairings and standings.",
        )
        for position in range(1, size + 1):
            self.fields[f"member_{position}"] = forms.CharField(
                max_length=limits.PLAYER_NAME_LENGTH,
                label=f"Player {position} (captain)" if position == 1 else f"Player {position}",
            )
            self.fields[f"member_{position}_email"] = forms.EmailField(
                required=False, label=f"Player {position}'s e-mail"
            )
        if captain_account:
            self.fields["username"] = forms.CharField(
                max_length=150,
                required=False,
                label="Captain's account (optional)",
                help_text="Invites that account to player 1's seat: linked once its holder claims it "
                "from My events.",
            )
        # The service names its fields "name" (the team's) and "members" (any member).
        self.error_fields = {"name": "team_name"}

    def member_rows(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Each member's name and e-mail fields, side by side on the page."""
        return [(self[f"member_{n}"], self[f"member_{n}_email"]) for n in range(1, self.size + 1)]

    def members(self) -> list[Member]:
        return [
            Member(self.cleaned_data[f"member_{n}"], self.cleaned_data.get(f"member_{n}_email") or "")
            for n in range(1, self.size + 1)
        ]


class MatchPairsForm(Form):
    """The TO's own pairs for one match: for each of team A's members (in the team's
    order), the member of team B they play. Each of team B's members once; the service
    checks it again (team_match.protocol.check_manual_pairs)."""

    def __init__(self, *args: Any, team_a: list[Player], team_b: list[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.team_a = team_a
        choices = [("", "Choose…"), *((p.external_id, p.name) for p in team_b)]
        self.names = {p.external_id: p.name for p in team_b}
        for player in team_a:
            self.fields[f"plays_{player.external_id}"] = forms.ChoiceField(
                choices=choices, label=f"{player.name} plays"
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        seen: dict[str, str] = {}
        for player in self.team_a:
            key = f"plays_{player.external_id}"
            chosen = cleaned.get(key)
            if not chosen:
                continue
            if chosen in seen:
                self.add_error(
                    key, f"{self.names.get(chosen, chosen)} already plays {seen[chosen]}: each player once."
                )
            else:
                seen[chosen] = player.name
        return cleaned

    def pairs(self) -> list[tuple[str, str]]:
        return [(p.external_id, self.cleaned_data[f"plays_{p.external_id}"]) for p in self.team_a]
