from django.urls import path

from tournaments.views import (
    manage,
    mine,
    offline,
    packs,
    player,
    public,
    rounds,
    scoring,
    setup,
    side_events,
)

urlpatterns = [
    path("", public.home, name="home"),
    # The service worker at the site's root, so its scope covers the table view (docs/offline.md).
    path("sw.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="web-manifest"),
    path("events/new/", setup.event_new, name="event-new"),
    path("my-events/", mine.my_events, name="my-events"),
    path("events/new/rounds-hint/", setup.rounds_hint, name="rounds-hint"),
    # Public pages
    path("e/<slug:slug>/", public.event_home, name="event"),
    path("e/<slug:slug>/pairings/", public.pairings, name="pairings"),
    path("e/<slug:slug>/standings/", public.standings, name="standings"),
    path("e/<slug:slug>/standings/<str:player>/", public.standing_detail, name="standing"),
    path("e/<slug:slug>/rosters/", public.rosters, name="rosters"),
    path("e/<slug:slug>/pack/", packs.pack_page, name="pack"),
    path("e/<slug:slug>/pack/download/", packs.pack_download, name="pack-download"),
    path("e/<slug:slug>/join/<str:code>/", setup.join, name="join"),
    path("e/<slug:slug>/side-join/", side_events.side_event_join_view, name="side-event-join"),
    path("e/<slug:slug>/invitation/<str:token>/", setup.invitation, name="invitation"),
    # Players
    path("e/<slug:slug>/me/", player.me, name="me"),
    path("e/<slug:slug>/me/rosters/<int:slot>/", player.roster_save, name="me-roster"),
    path(
        "e/<slug:slug>/me/rosters/<int:slot>/withdraw/",
        player.roster_withdraw_view,
        name="me-roster-withdraw",
    ),
    path("e/<slug:slug>/me/result/", player.result_save, name="me-result"),
    path("e/<slug:slug>/me/confirm/", player.result_agree, name="me-confirm"),
    path("e/<slug:slug>/me/dispute/", player.result_dispute_view, name="me-dispute"),
    path("e/<slug:slug>/me/dispute/note/", player.result_dispute_note_view, name="me-dispute-note"),
    path("e/<slug:slug>/me/drop/", player.drop, name="me-drop"),
    path("e/<slug:slug>/rosters/check/", player.roster_live_check, name="roster-check"),
    # The TO
    path("e/<slug:slug>/manage/", manage.dashboard, name="manage"),
    path("e/<slug:slug>/manage/settings/", manage.settings, name="manage-settings"),
    path("e/<slug:slug>/manage/scoring/", scoring.scoring_save, name="manage-scoring"),
    path("e/<slug:slug>/manage/pack/", packs.pack, name="manage-pack"),
    path("e/<slug:slug>/manage/staff/", manage.staff, name="manage-staff"),
    path("e/<slug:slug>/manage/side-events/", side_events.side_events, name="manage-side-events"),
    path(
        "e/<slug:slug>/manage/side-events/<slug:side_slug>/delete/",
        side_events.side_event_delete_view,
        name="manage-side-event-delete",
    ),
    path("e/<slug:slug>/manage/players/", manage.players, name="manage-players"),
    path("e/<slug:slug>/manage/players/add/", manage.player_add, name="manage-player-add"),
    path("e/<slug:slug>/manage/players/import/", manage.players_import, name="manage-players-import"),
    path("e/<slug:slug>/manage/players/invite/", manage.players_invite, name="manage-players-invite"),
    path(
        "e/<slug:slug>/manage/players/<int:pk>/invite-again/",
        manage.player_invitation_resend,
        name="manage-player-invite-again",
    ),
    path(
        "e/<slug:slug>/manage/players/<int:pk>/<str:action>/",
        manage.player_action,
        name="manage-player-action",
    ),
    path("e/<slug:slug>/manage/rosters/", manage.rosters_board, name="manage-rosters"),
    path("e/<slug:slug>/manage/rosters/<int:pk>/<int:slot>/", manage.roster_edit, name="manage-roster-edit"),
    path("e/<slug:slug>/manage/audit/", manage.audit, name="manage-audit"),
    path("e/<slug:slug>/manage/rounds/pair/", rounds.pair, name="manage-pair"),
    path("e/<slug:slug>/manage/rounds/<int:number>/", rounds.round_review, name="manage-round"),
    path(
        "e/<slug:slug>/manage/rounds/<int:number>/swap-players/",
        rounds.swap_players,
        name="manage-swap-players",
    ),
    path(
        "e/<slug:slug>/manage/rounds/<int:number>/swap-tables/", rounds.swap_tables, name="manage-swap-tables"
    ),
    path("e/<slug:slug>/manage/rounds/<int:number>/publish/", rounds.publish, name="manage-publish"),
    path("e/<slug:slug>/manage/rounds/<int:number>/scenario/", rounds.scenario, name="manage-scenario"),
    path("e/<slug:slug>/manage/rounds/<int:number>/repair/", rounds.repair, name="manage-repair"),
    path("e/<slug:slug>/manage/rounds/<int:number>/undo/", rounds.undo, name="manage-undo"),
]
