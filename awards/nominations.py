"""The Best Sportsman nomination on a player's result report (tournaments.report_extras).

OP Guide: Hobby Awards: "Best Sportsman: one nomination per player, submitted with their
last result". The report form of the event's final round offers it (the opponent first,
then every other player); the API report takes it in any round, and the awards page takes
it until voting closes. It is the player's ballot for the Best Sportsman award.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser

from awards.models import AwardVote
from awards.services import award_vote, sportsman_award
from tournaments.errors import ServiceError
from tournaments.models import Game, Player
from tournaments.report_extras import NominationField, register_nomination_hook


class SportsmanNomination:
    def offered(self, game: Game, player: Player) -> NominationField | None:
        event = game.round.event
        if game.round.number < event.planned_rounds:
            return None  # "with their last result": the final round's report
        award = sportsman_award(event)
        if award is None:
            return None
        programme = getattr(event, "award_programme", None)
        if programme is not None and not programme.voting_open:
            return None
        opponent_id = game.player_two_id if game.player_one_id == player.pk else game.player_one_id
        others = [
            p
            for p in Player.objects.filter(event=event, disqualified_after_round__isnull=True)
            if p.pk != player.pk
        ]
        others.sort(key=lambda p: p.pk != opponent_id)  # the opponent first, then by name
        current = (
            AwardVote.objects.filter(award=award, voter=player).values_list("choice_id", flat=True).first()
        )
        return NominationField(
            label="Best Sportsman: nominate a player (optional)",
            help_text="One nomination per player, never yourself; you can change it until voting closes.",
            choices=tuple(
                (str(p.pk), p.name + (" (your opponent)" if p.pk == opponent_id else "")) for p in others
            ),
            current=str(current) if current is not None else "",
        )

    def record(self, *, game: Game, player: Player, nominee: Player, by: AbstractBaseUser) -> None:
        award = sportsman_award(game.round.event)
        if award is None:
            raise ServiceError(
                f"{game.round.event.name} does not offer a Best Sportsman award.",
                code="not-offered",
                field="nominate",
            )
        try:
            award_vote(award=award, voter=player, choice=nominee, by=by)
        except ServiceError as exc:
            raise ServiceError(exc.message, code=exc.code, field="nominate") from exc


def register() -> None:
    register_nomination_hook(SportsmanNomination())
