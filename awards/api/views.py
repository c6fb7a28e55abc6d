"""The awards API under /api/events/<slug>/awards/ (OP Guide: Hobby Awards).

Anyone reads which awards the event offers and, once published, the winners; a player of
the event votes and nominates; the TO sets the awards up, reads the tallies (counts only
once voting is closed; never who voted for whom), closes voting, breaks ties, publishes.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from awards.api.presenters import awards_dict, tallies_dict
from awards.api.serializers import (
    AwardsSerializer,
    BallotSerializer,
    NominateSerializer,
    OfferSerializer,
    TalliesSerializer,
    TieBreakSerializer,
    VoteSerializer,
)
from awards.models import Award, AwardVote
from awards.services import (
    award_break_tie,
    award_nominate,
    award_vote,
    awards_close_voting,
    awards_offer,
    awards_publish,
)
from tournaments.access import PLAYER, TO, EventAccess
from tournaments.api.base import ApiView, responses
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.presenters import player_ref
from tournaments.api.views._common import validated
from tournaments.errors import ServiceError
from tournaments.models import Player

TAGS = ["awards"]


def _award(access: EventAccess, pk: int) -> Award:
    award = Award.objects.filter(event=access.event, pk=pk).select_related("event").first()
    if award is None:
        raise Http404("No such award.")
    return award


def _player(access: EventAccess, external_id: str, field: str) -> Player:
    player = Player.objects.filter(event=access.event, external_id=external_id).first()
    if player is None:
        raise ServiceError(
            f"{external_id!r} is not a player of this event.", code="not-a-candidate", field=field
        )
    return player


def _owner(access: EventAccess, username: str | None) -> AbstractBaseUser | None:
    if not username:
        return None
    user: AbstractBaseUser | None = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ServiceError(
            "The awards' owner must be on the event's staff.", code="owner-not-staff", field="owner"
        )
    return user


def _ballot(vote: AwardVote) -> dict[str, object]:
    return {"award": vote.award_id, "label": vote.award.label, "choice": player_ref(vote.choice)}


class AwardsApi(ApiView):
    @extend_schema(
        operation_id="awards_list",
        summary="The hobby awards the event offers, the winners once published, and your own votes",
        responses=responses({200: AwardsSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug)
        return Response(AwardsSerializer(awards_dict(access)).data)

    @extend_schema(
        operation_id="awards_offer",
        summary="Set the awards the event offers and who runs them (the TO); refused once voting closed",
        description=(
            "OP Guide: Hobby Awards, announced with the event. An award with ballots cannot be "
            "withdrawn (400 `award-has-votes`); after closing, 400 `voting-closed`."
        ),
        request=OfferSerializer,
        responses=responses({200: AwardsSerializer}, login=True),
        tags=TAGS,
    )
    def put(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        data = validated(OfferSerializer, request)
        awards_offer(
            event=access.event,
            by=user,
            best_painted=data["best_painted"],
            best_in_faction=data["best_in_faction"],
            best_sportsman=data["best_sportsman"],
            owner=_owner(access, data.get("owner")),
        )
        return Response(AwardsSerializer(awards_dict(access)).data)


class VoteApi(ApiView):
    @extend_schema(
        operation_id="award_vote",
        summary="Cast or change your vote for an award (a player of the event)",
        description=(
            "One ballot per player per award, never for yourself (400 `own-vote`), until voting "
            "closes (400 `voting-closed`); Best in Faction by and for players whose roster is "
            "of its group (400 `not-in-group`). Secret: nobody else sees it."
        ),
        request=VoteSerializer,
        responses=responses({200: BallotSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, PLAYER)
        assert access.player is not None
        award = _award(access, pk)
        data = validated(VoteSerializer, request)
        vote = award_vote(
            award=award, voter=access.player, choice=_player(access, data["choice"], "choice"), by=user
        )
        return Response(BallotSerializer(_ballot(vote)).data)


class NominateApi(ApiView):
    @extend_schema(
        operation_id="award_nominate",
        summary="Nominate a player for Best Sportsman (a player of the event), until voting closes",
        description=(
            "The same nomination a result report's `nominate` carries (OP Guide: one "
            "nomination per player). 400 `not-offered` if the event has no Best Sportsman."
        ),
        request=NominateSerializer,
        responses=responses({200: BallotSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, PLAYER)
        assert access.player is not None
        data = validated(NominateSerializer, request)
        vote = award_nominate(
            event=access.event, voter=access.player, choice=_player(access, data["player"], "player"), by=user
        )
        return Response(BallotSerializer(_ballot(vote)).data)


class TalliesApi(ApiView):
    @extend_schema(
        operation_id="award_tallies",
        summary="Ballots cast per award and, once voting is closed, the counts and ties (the TO)",
        responses=responses({200: TalliesSerializer}, invalid=False),
        tags=TAGS,
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO)
        return Response(TalliesSerializer(tallies_dict(access)).data)


class CloseApi(ApiView):
    @extend_schema(
        operation_id="awards_close",
        summary="Close voting on every award (the TO); the counts become readable",
        request=None,
        responses=responses({200: TalliesSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        awards_close_voting(event=access.event, by=user)
        return Response(TalliesSerializer(tallies_dict(access)).data)


class TieBreakApi(ApiView):
    @extend_schema(
        operation_id="award_tie_break",
        summary="Choose the winner among the players tied on the most votes (the TO), after closing",
        description="Recorded in the audit log. 400 `voting-open`, `no-tie`, `not-tied`, `published`.",
        request=TieBreakSerializer,
        responses=responses({200: TalliesSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        award = _award(access, pk)
        data = validated(TieBreakSerializer, request)
        winner = _player(access, data["winner"], "winner")
        award_break_tie(award=award, winner=winner, by=user, reason=data["reason"])
        return Response(TalliesSerializer(tallies_dict(access)).data)


class PublishApi(ApiView):
    @extend_schema(
        operation_id="awards_publish",
        summary="Publish the winners (the TO), after closing and once every tie is broken",
        description="400 `voting-open`, `unresolved-tie`, `published`.",
        request=None,
        responses=responses({200: AwardsSerializer}, login=True),
        tags=TAGS,
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO)
        awards_publish(event=access.event, by=user)
        return Response(AwardsSerializer(awards_dict(access)).data)
