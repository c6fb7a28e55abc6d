"""Judging pages under /e/<slug>/ and the judging API under /api/events/<slug>/."""

from django.urls import URLPattern, URLResolver, include, path

from judging.api.views import chess_clock as chess_api
from judging.api.views import clock as clock_api
from judging.api.views import conduct as conduct_api
from judging.api.views import draft as draft_api
from judging.api.views import penalties as penalties_api
from judging.views import chess_clock, clock, conduct, draft, findings, penalties

app_name = "judging"

api_patterns: list[URLPattern | URLResolver] = [
    path("penalties/", penalties_api.PenaltiesApi.as_view(), name="api-penalties"),
    path("penalties/export/", penalties_api.PenaltiesExportApi.as_view(), name="api-penalties-export"),
    path(
        "penalties/advice/<str:external_id>/",
        penalties_api.PenaltyAdviceApi.as_view(),
        name="api-penalty-advice",
    ),
    path(
        "penalties/<int:pk>/confirm/",
        penalties_api.DisqualificationConfirmApi.as_view(),
        name="api-penalty-confirm",
    ),
    path(
        "penalties/<int:pk>/decline/",
        penalties_api.DisqualificationDeclineApi.as_view(),
        name="api-penalty-decline",
    ),
    path("me/penalties/", penalties_api.MyPenaltiesApi.as_view(), name="api-my-penalties"),
    path("conduct-reports/", conduct_api.ConductReportsApi.as_view(), name="api-conduct-reports"),
    path(
        "conduct-reports/<int:pk>/handle/",
        conduct_api.ConductReportHandleApi.as_view(),
        name="api-conduct-handle",
    ),
    path("me/conduct-reports/", conduct_api.MyConductReportsApi.as_view(), name="api-my-conduct-reports"),
    path("games/<int:game_id>/draft/", draft_api.DraftApi.as_view(), name="api-draft"),
    path("games/<int:game_id>/draft/actions/", draft_api.DraftActApi.as_view(), name="api-draft-act"),
    path(
        "games/<int:game_id>/draft/complete-at-random/",
        draft_api.DraftRandomApi.as_view(),
        name="api-draft-random",
    ),
    path(
        "games/<int:game_id>/draft/enter-roster/",
        draft_api.DraftEnterRosterApi.as_view(),
        name="api-draft-enter-roster",
    ),
    path(
        "games/<int:game_id>/draft/enter-roll-off/",
        draft_api.DraftEnterRollOffApi.as_view(),
        name="api-draft-enter-roll-off",
    ),
    path("clock/", clock_api.ClockApi.as_view(), name="api-clock"),
    path("rounds/<int:number>/clock/", clock_api.RoundClockApi.as_view(), name="api-round-clock"),
    path(
        "rounds/<int:number>/clock/<str:action>/",
        clock_api.RoundClockActionApi.as_view(),
        name="api-round-clock-action",
    ),
    # A table's chess clock (OP Guide: Chess Clocks)
    path(
        "rounds/<int:number>/chess-clocks/",
        chess_api.RoundChessClocksApi.as_view(),
        name="api-round-chess-clocks",
    ),
    path("games/<int:game_id>/chess-clock/", chess_api.ChessClockApi.as_view(), name="api-chess-clock"),
    path(
        "games/<int:game_id>/chess-clock/start/",
        chess_api.ChessClockStartApi.as_view(),
        name="api-chess-clock-start",
    ),
    path(
        "games/<int:game_id>/chess-clock/switch/",
        chess_api.ChessClockSwitchApi.as_view(),
        name="api-chess-clock-switch",
    ),
    path(
        "games/<int:game_id>/chess-clock/call-judge/",
        chess_api.ChessClockCallApi.as_view(),
        name="api-chess-clock-call-judge",
    ),
    path(
        "games/<int:game_id>/chess-clock/lend/",
        chess_api.ChessClockLendApi.as_view(),
        name="api-chess-clock-lend",
    ),
    path(
        "games/<int:game_id>/chess-clock/acknowledge/",
        chess_api.ChessClockAcknowledgeApi.as_view(),
        name="api-chess-clock-acknowledge",
    ),
    path(
        "games/<int:game_id>/chess-clock/ruling/",
        chess_api.ChessClockRulingApi.as_view(),
        name="api-chess-clock-ruling",
    ),
]

event_patterns: list[URLPattern | URLResolver] = [
    # Penalties (OP Guide: Judging and Conduct)
    path("judge/penalties/", penalties.log, name="penalties"),
    path("judge/penalties.csv", penalties.export, name="penalties-csv"),
    path("judge/penalties/new/", penalties.new, name="penalty-new"),
    path("judge/penalties/advice/", penalties.advice, name="penalty-advice"),
    path("judge/penalties/<int:pk>/<str:decision>/", penalties.decide, name="penalty-decide"),
    path("judge/time-limits/", penalties.time_limit, name="time-limit"),
    path("me/penalties/", penalties.mine, name="my-penalties"),
    # Conduct reports
    path("conduct/", conduct.report, name="conduct"),
    path("judge/conduct/", conduct.inbox, name="conduct-inbox"),
    path("judge/conduct/<int:pk>/handle/", conduct.handle, name="conduct-handle"),
    # Illegal rosters found after play began
    path("judge/findings/", findings.index, name="findings"),
    path("judge/findings/<int:pk>/", findings.detail, name="finding"),
    path("judge/rosters/<int:roster_id>/finding/", findings.new, name="finding-new"),
    # The pre-game draft
    path("games/<int:game_id>/draft/", draft.draft_page, name="draft"),
    path("games/<int:game_id>/draft/state/", draft.state, name="draft-state"),
    path("games/<int:game_id>/draft/act/", draft.act, name="draft-act"),
    path("games/<int:game_id>/draft/random/", draft.complete_at_random, name="draft-random"),
    path("games/<int:game_id>/draft/enter-roster/", draft.enter_roster, name="draft-enter-roster"),
    path("games/<int:game_id>/draft/enter-roll-off/", draft.enter_roll_off, name="draft-enter-roll-off"),
    path("judge/drafts/", draft.overview, name="drafts"),
    # The round clock
    path("clock/", clock.projector, name="clock"),
    path("clock/mini/", clock.mini, name="clock-mini"),
    path("clock/state/", clock.state, name="clock-state"),
    path("rounds/<int:number>/clock/", clock.control, name="clock-control"),
    path("rounds/<int:number>/clock/<str:action>/", clock.control_action, name="clock-action"),
    # A table's chess clock (OP Guide: Chess Clocks)
    path("games/<int:game_id>/chess-clock/", chess_clock.page_view, name="chess-clock"),
    path("games/<int:game_id>/chess-clock/state/", chess_clock.state, name="chess-clock-state"),
    path("games/<int:game_id>/chess-clock/act/", chess_clock.act, name="chess-clock-act"),
    path("judge/chess-clocks/", chess_clock.overview, name="chess-clocks"),
    path("judge/games/<int:game_id>/chess-clock/", chess_clock.evidence, name="chess-clock-evidence"),
    path(
        "judge/games/<int:game_id>/chess-clock/<str:action>/",
        chess_clock.judge_action,
        name="chess-clock-judge",
    ),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/events/<slug:slug>/", include(api_patterns)),
    path("e/<slug:slug>/", include(event_patterns)),
]
