"""The REST API under /api/ (see tournaments.api.permissions for who may call what)."""

from django.urls import URLPattern, URLResolver, include, path

from tournaments.api.views import (
    events,
    games,
    me,
    packs,
    players,
    rosters,
    rounds,
    scoring,
    standings,
    teams,
    waitlist,
)
from tournaments.api.views.auth import TokenApi, TokenKeyApi, TokensApi

app_name = "api"

event_patterns: list[URLPattern | URLResolver] = [
    path("", events.EventApi.as_view(), name="event"),
    path("copy/", events.EventCopyApi.as_view(), name="event-copy"),
    path("tables/", events.TablesApi.as_view(), name="tables"),
    path("scoring/", scoring.EventScoringApi.as_view(), name="event-scoring"),
    path("staff/", events.StaffApi.as_view(), name="staff"),
    path("side-events/", events.SideEventsApi.as_view(), name="side-events"),
    path("side-events/<slug:side_slug>/", events.SideEventApi.as_view(), name="side-event"),
    path("side-join/", events.SideEventJoinApi.as_view(), name="side-event-join"),
    path("pack/", packs.EventPackApi.as_view(), name="pack"),
    path("players/", players.PlayersApi.as_view(), name="players"),
    path("players/import/", players.PlayersImportApi.as_view(), name="players-import"),
    path("players/<str:external_id>/check-in/", players.PlayerCheckInApi.as_view(), name="player-check-in"),
    path("players/<str:external_id>/drop/", players.PlayerDropApi.as_view(), name="player-drop"),
    path("players/<str:external_id>/teammates/", players.TeammatesApi.as_view(), name="player-teammates"),
    path("players/<str:external_id>/no-show/", players.PlayerNoShowApi.as_view(), name="player-no-show"),
    path("waitlist/", waitlist.WaitlistApi.as_view(), name="waitlist"),
    path("waitlist/accept/", waitlist.WaitlistAcceptApi.as_view(), name="waitlist-accept"),
    path("waitlist/withdraw/", waitlist.WaitlistWithdrawApi.as_view(), name="waitlist-withdraw"),
    path("waitlist/<int:entry_id>/", waitlist.WaitlistEntryApi.as_view(), name="waitlist-entry"),
    path("waitlist/<int:entry_id>/move/", waitlist.WaitlistMoveApi.as_view(), name="waitlist-move"),
    path("waitlist/<int:entry_id>/offer/", waitlist.WaitlistOfferApi.as_view(), name="waitlist-offer"),
    path("rosters/", rosters.RostersApi.as_view(), name="rosters"),
    path("rosters/check/", rosters.RosterCheckApi.as_view(), name="rosters-check"),
    path("rosters/<int:slot>/", rosters.RosterSlotApi.as_view(), name="roster-slot"),
    path("roster-board/", rosters.RosterBoardApi.as_view(), name="roster-board"),
    path("rounds/", rounds.RoundsApi.as_view(), name="rounds"),
    path("rounds/<int:number>/", rounds.RoundApi.as_view(), name="round"),
    path("rounds/<int:number>/publish/", rounds.RoundPublishApi.as_view(), name="round-publish"),
    path("rounds/<int:number>/scenario/", rounds.RoundScenarioApi.as_view(), name="round-scenario"),
    path("rounds/<int:number>/repair/", rounds.RoundRepairApi.as_view(), name="round-repair"),
    path(
        "rounds/<int:number>/swap-players/", rounds.RoundSwapPlayersApi.as_view(), name="round-swap-players"
    ),
    path("rounds/<int:number>/swap-tables/", rounds.RoundSwapTablesApi.as_view(), name="round-swap-tables"),
    path("rounds/<int:number>/matches/", teams.RoundMatchesApi.as_view(), name="round-matches"),
    # A team tournament (docs/team-matches.md): its teams, the captains' protocol, the TO's pairs.
    path("teams/", teams.TeamsApi.as_view(), name="teams"),
    path("teams/<str:team_id>/drop/", teams.TeamDropApi.as_view(), name="team-drop"),
    path("matches/<int:match_id>/protocol/", teams.MatchProtocolApi.as_view(), name="match-protocol"),
    path("matches/<int:match_id>/pairs/", teams.MatchPairsApi.as_view(), name="match-pairs"),
    path("matches/<int:match_id>/call-time/", teams.MatchCallTimeApi.as_view(), name="match-call-time"),
    path("team-standings/", teams.TeamStandingsApi.as_view(), name="team-standings"),
    path("games/<int:game_id>/report/", games.GameReportApi.as_view(), name="game-report"),
    path("games/<int:game_id>/confirm/", games.GameConfirmApi.as_view(), name="game-confirm"),
    path("games/<int:game_id>/dispute/", games.GameDisputeApi.as_view(), name="game-dispute"),
    path("games/<int:game_id>/result/", games.GameResultApi.as_view(), name="game-result"),
    path("games/<int:game_id>/review/", games.GameReviewApi.as_view(), name="game-review"),
    path("judge-queue/", games.JudgeQueueApi.as_view(), name="judge-queue"),
    path("standings/", standings.StandingsApi.as_view(), name="standings"),
    path("standings/<str:external_id>/", standings.StandingExplanationApi.as_view(), name="standing"),
    path("audit/", standings.AuditApi.as_view(), name="audit"),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("auth/token/", TokenApi.as_view(), name="token"),
    path("auth/tokens/", TokensApi.as_view(), name="tokens"),
    path("auth/tokens/<str:key>/", TokenKeyApi.as_view(), name="token-key"),
    path("me/", me.MeApi.as_view(), name="me"),
    path("me/notifications/", me.MeNotificationsApi.as_view(), name="me-notifications"),
    path("me/push-subscriptions/", me.MePushSubscriptionsApi.as_view(), name="me-push-subscriptions"),
    path("me/push-subscriptions/<int:pk>/", me.MePushSubscriptionApi.as_view(), name="me-push-subscription"),
    path("events/", events.EventsApi.as_view(), name="events"),
    path("events/<slug:slug>/", include(event_patterns)),
]
