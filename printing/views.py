"""The print page, job status (htmx-polled), downloads, retries, the JSON API and CSV files.

Thin: every rule lives in `policy` and `services`. A request returns at once with a job;
the page polls a small status fragment every second until the download link appears.
Anything the caller may not have is a 404, exactly like an unknown event.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from printing.csv_exports import pairings_csv, rosters_csv, standings_csv
from printing.documents import viewer_access
from printing.models import PrintJob, PrintKind, PrintStatus
from printing.params import ROUND_KINDS, PrintParams
from printing.policy import PUBLISHED, captained_team, may_print, roster_viewer
from printing.render import PAPER_LABELS, PAPERS
from printing.services import (
    IN_PROGRESS,
    PrintingUnavailable,
    PrintQueueFull,
    is_stale,
    print_job_reap,
    print_job_request,
    print_job_retry,
)
from tournaments.access import EventAccess, access_event
from tournaments.api.parsers import StrictJSONParser
from tournaments.errors import ServiceError
from tournaments.models import RoundStatus
from tournaments.selectors import visible_rosters

RECENT_JOBS = 15
DESCRIPTIONS = {
    PrintKind.PAIRINGS: "Every table with its two players, for the wall.",
    PrintKind.FIND_TABLE: "Every player alphabetically with their table and opponent, for the wall.",
    PrintKind.STANDINGS: "Place, MP, TP, SoS and oTP to four decimals; final or indicative.",
    PrintKind.SLIPS: "One result slip per table: rosters, what the game's result records, signatures.",
    PrintKind.ROSTERS: "Every roster you may see, one per page, with costs and the slot ledger.",
    PrintKind.PLAYER_SUMMARY: "Games, opponents, results and MP/TP per round, with the final line.",
    PrintKind.PENALTIES: "Every penalty with round, table and notes, and each player's tally (staff).",
    PrintKind.AWARDS: "The hobby awards and their winners, for the prize-giving (once published).",
    PrintKind.BRACKET: "The top cut's bracket: seeds, results, who plays whom next and the champion.",
    PrintKind.MATCH_SHEETS: "A page per team match: its tables and players, blanks for the results, "
    "the captains' signatures (a captain prints their own match).",
    PrintKind.FACTIONS: "Each faction's games, its win rate with the 95% interval, and who met whom: "
    "charts and tables (once rosters are public).",
    PrintKind.TABLE_CARDS: "A card per table: its number, its layout and a QR code of its page, which "
    "shows who plays there in the round being played (print once for the whole event).",
}


# --- helpers ---------------------------------------------------------------------------


def _job(access: EventAccess, job_id: int) -> PrintJob:
    job = PrintJob.objects.filter(event=access.event, pk=job_id).first()
    if job is None or not may_print(access, job.kind, PrintParams.from_json(job.params)):
        raise Http404("No such print job.")
    return print_job_reap(job)


def job_label(job: PrintJob) -> str:
    params = PrintParams.from_json(job.params)
    parts = [PrintKind(job.kind).label]
    if params.round is not None:
        parts.append(f"round {params.round}")
    if job.kind == PrintKind.PLAYER_SUMMARY:
        parts.append(params.player or "all players")
    parts.append(PAPER_LABELS.get(params.paper, params.paper))
    return " · ".join(parts)


def _job_context(slug: str, job: PrintJob) -> dict[str, Any]:
    stale = is_stale(job)
    return {
        "slug": slug,
        "job": job,
        "label": job_label(job),
        "polling": job.status in IN_PROGRESS and not stale,
        "can_retry": job.status == PrintStatus.FAILED or stale,
    }


def job_json(request: HttpRequest, slug: str, job: PrintJob) -> dict[str, Any]:
    done = job.status == PrintStatus.DONE
    download = reverse("printing:download", args=[slug, job.pk]) if done else None
    return {
        "id": job.pk,
        "kind": job.kind,
        "params": job.params,
        "status": job.status,
        "fingerprint": job.fingerprint,
        "attempts": job.attempts,
        "error": job.error or None,
        "retryable": job.status == PrintStatus.FAILED or is_stale(job),
        "created_at": job.created_at.isoformat() if job.created_at else None,
        "finished_at": job.finished_at.isoformat() if job.finished_at else None,
        "status_url": request.build_absolute_uri(reverse("printing:api-job", args=[slug, job.pk])),
        "download_url": request.build_absolute_uri(download) if download else None,
    }


def _offers(access: EventAccess) -> list[dict[str, Any]]:
    """The documents this caller may print, with the choices each form needs."""
    rounds = list(access.event.rounds.order_by("-number"))
    public_rounds = [r.number for r in rounds if r.status in PUBLISHED]
    visible = [r.number for r in rounds] if access.is_staff else public_rounds
    offers = []
    for kind in PrintKind:
        params = PrintParams()
        if kind in ROUND_KINDS:
            if not visible or (kind == PrintKind.SLIPS and not access.is_staff):
                continue
            team = captained_team(access) if kind == PrintKind.MATCH_SHEETS and not access.is_staff else None
            params = PrintParams(round=visible[0], team=team)
        elif kind == PrintKind.ROSTERS:
            params = PrintParams(viewer=roster_viewer(access))
        elif kind == PrintKind.PLAYER_SUMMARY and access.player is not None and not access.is_staff:
            params = PrintParams(player=access.player.external_id)
        if not may_print(access, kind, params):
            continue
        offers.append(
            {
                "kind": kind.value,
                "label": kind.label,
                "description": DESCRIPTIONS[kind],
                "rounds": visible if kind in ROUND_KINDS else [],
                "players": (
                    list(access.event.players.order_by("name").values_list("external_id", "name"))
                    if kind == PrintKind.PLAYER_SUMMARY and access.is_staff
                    else []
                ),
            }
        )
    return offers


# The caller's own recent jobs live in a signed cookie scoped to the event's print pages,
# not in the session: an anonymous visitor's print request then creates no session row.
JOBS_COOKIE = "print-jobs"
JOBS_COOKIE_SALT = "muster.print-jobs"
JOBS_COOKIE_AGE = 24 * 3600  # seconds: PRINT_FILES_KEEP_HOURS' default


def _cookie_ids(request: HttpRequest) -> list[int]:
    raw = request.get_signed_cookie(JOBS_COOKIE, default="", salt=JOBS_COOKIE_SALT, max_age=JOBS_COOKIE_AGE)
    return [int(i) for i in str(raw).split(",") if i.isdigit()][:RECENT_JOBS]


def _remember(request: HttpRequest, slug: str, job: PrintJob) -> None:
    """Note the job among the caller's own, newest first (anonymous visitors too); `_keep`
    writes them to the response's cookie."""
    ids = [job.pk, *(i for i in _cookie_ids(request) if i != job.pk)][:RECENT_JOBS]
    request.print_job_ids = ids  # type: ignore[attr-defined]


Answer = TypeVar("Answer", bound=HttpResponseBase)


def _keep(request: HttpRequest, slug: str, response: Answer) -> Answer:
    ids: list[int] | None = getattr(request, "print_job_ids", None)
    if ids is not None:
        response.set_signed_cookie(
            JOBS_COOKIE,
            ",".join(str(i) for i in ids),
            salt=JOBS_COOKIE_SALT,
            max_age=JOBS_COOKIE_AGE,
            path=reverse("printing:page", args=[slug]),
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response


def _recent_jobs(request: HttpRequest, access: EventAccess) -> list[PrintJob]:
    """Staff see the event's latest jobs (whoever asked); others the jobs they asked for."""
    if access.is_staff:
        recent = PrintJob.objects.filter(event=access.event).order_by("-created_at", "-id")[:RECENT_JOBS]
        return [print_job_reap(job) for job in recent]
    ids: list[int] = getattr(request, "print_job_ids", None) or _cookie_ids(request)
    jobs = {job.pk: job for job in PrintJob.objects.filter(event=access.event, pk__in=ids)}
    return [
        print_job_reap(jobs[i])
        for i in ids
        if i in jobs and may_print(access, jobs[i].kind, PrintParams.from_json(jobs[i].params))
    ]


def _jobs_list(request: HttpRequest, access: EventAccess, slug: str, status: int = 202) -> HttpResponse:
    jobs = [_job_context(slug, job) for job in _recent_jobs(request, access)]
    return render(request, "print/web/_jobs.html", {"slug": slug, "jobs": jobs}, status=status)


def _unavailable(
    request: HttpRequest, access: EventAccess, slug: str, exc: PrintingUnavailable
) -> HttpResponse:
    """503: the job is shown failed, with the sentence and a Retry button (htmx swaps 503s,
    see base.html), or the job's own page for a plain form post."""
    _remember(request, slug, exc.job)
    if request.headers.get("HX-Request"):
        response = _jobs_list(request, access, slug, status=503)
    else:
        context = {"event": access.event, "access": access, "section": "print", **_job_context(slug, exc.job)}
        response = render(request, "print/web/job.html", context, status=503)
    response["Retry-After"] = "30"
    return response  # the caller sets the cookie (_keep)


def _api_unavailable(exc: PrintingUnavailable) -> Response:
    return Response(exc.as_dict(), status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "30"})


# --- pages -----------------------------------------------------------------------------


@require_GET
def print_page(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    rounds = access.event.rounds.order_by("number")
    csv_rounds = [r.number for r in rounds if access.is_staff or r.status != RoundStatus.PAIRED]
    context = {
        "event": access.event,
        "slug": slug,
        "access": access,
        "section": "print",
        "offers": _offers(access),
        "papers": list(PAPER_LABELS.items()),
        "jobs": [_job_context(slug, job) for job in _recent_jobs(request, access)],
        "csv_standings": may_print(access, PrintKind.STANDINGS, PrintParams()),
        "csv_rounds": csv_rounds,
        "csv_rosters": may_print(access, PrintKind.ROSTERS, PrintParams(viewer=roster_viewer(access))),
    }
    return render(request, "print/web/page.html", context)


@require_POST
def print_request(request: HttpRequest, slug: str) -> HttpResponse:
    """Queue (or reuse) a document; answers at once with the job's status fragment."""
    access = access_event(request.user, slug)
    try:
        job = print_job_request(
            access=access,
            kind=request.POST.get("kind", ""),
            by=request.user,
            paper=request.POST.get("paper"),
            round_number=request.POST.get("round"),
            player=request.POST.get("player"),
        )
    except PrintingUnavailable as exc:
        return _keep(request, slug, _unavailable(request, access, slug, exc))
    except PrintQueueFull as exc:
        full = render(request, "print/web/_error.html", {"message": exc.message}, status=429)
        full["Retry-After"] = str(exc.retry_after)
        return full
    except ServiceError as exc:
        if exc.code == "not-found":
            raise Http404(exc.message) from None
        return render(request, "print/web/_error.html", {"message": exc.message}, status=400)
    _remember(request, slug, job)
    if request.headers.get("HX-Request"):
        # The whole list, not one row: a reused job is already on the page.
        return _keep(request, slug, _jobs_list(request, access, slug))
    return _keep(request, slug, redirect("printing:job", slug=slug, job_id=job.pk))


@require_GET
def job_page(request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
    access = access_event(request.user, slug)
    job = _job(access, job_id)
    context = {"event": access.event, "access": access, "section": "print", **_job_context(slug, job)}
    return render(request, "print/web/job.html", context)


@require_GET
def job_status(request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
    """The small fragment htmx polls every second while the job is queued or rendering."""
    access = access_event(request.user, slug)
    job = _job(access, job_id)
    return render(request, "print/web/_job.html", _job_context(slug, job))


@require_GET
def job_download(request: HttpRequest, slug: str, job_id: int) -> HttpResponseBase:
    access = access_event(request.user, slug)
    job = _job(access, job_id)
    if job.status != PrintStatus.DONE or not job.file:
        raise Http404("This document is not ready.")
    try:
        handle = job.file.open("rb")
    except FileNotFoundError:
        raise Http404("This document's file is gone; print it again.") from None
    return FileResponse(handle, as_attachment=True, filename=job.filename, content_type="application/pdf")


@require_POST
def job_retry(request: HttpRequest, slug: str, job_id: int) -> HttpResponse:
    access = access_event(request.user, slug)
    job = _job(access, job_id)
    try:
        job = print_job_retry(job=job, by=request.user)
    except PrintingUnavailable as exc:
        return _keep(request, slug, _unavailable(request, access, slug, exc))
    except ServiceError as exc:
        return render(request, "print/web/_error.html", {"message": exc.message}, status=400)
    if request.headers.get("HX-Request"):
        return render(request, "print/web/_job.html", _job_context(slug, job), status=202)
    return redirect("printing:job", slug=slug, job_id=job.pk)


# --- JSON API --------------------------------------------------------------------------


KIND_HELP = "One of: " + ", ".join(k.value for k in PrintKind)


# Plain strings in the serializer (the service checks them with a clear sentence); the
# schema lists the values, each enum a component of its own name so it cannot clash with
# other apps' "kind" enums.
@extend_schema_field({"type": "string", "enum": [k.value for k in PrintKind]}, component_name="PrintKind")
class PrintKindField(serializers.CharField):
    pass


@extend_schema_field({"type": "string", "enum": sorted(PAPERS)}, component_name="PrintPaper")
class PrintPaperField(serializers.CharField):
    pass


class PrintRequestInput(serializers.Serializer[dict[str, Any]]):
    kind = PrintKindField(help_text=KIND_HELP)
    paper = PrintPaperField(required=False, help_text="a4 (default) or letter")
    round = serializers.IntegerField(min_value=1, max_value=2**31 - 1, required=False)
    player = serializers.CharField(required=False, allow_blank=True)


class PrintJobOutput(serializers.Serializer[dict[str, Any]]):
    """What `job_json` returns (documentation only)."""

    id = serializers.IntegerField()
    kind = serializers.CharField(help_text=KIND_HELP)
    params = serializers.DictField()
    status = serializers.CharField(help_text="queued, running, done or failed")
    fingerprint = serializers.CharField()
    attempts = serializers.IntegerField()
    error = serializers.CharField(allow_null=True)
    retryable = serializers.BooleanField(help_text="failed (or stuck): ask for it again")
    created_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    status_url = serializers.URLField()
    download_url = serializers.URLField(allow_null=True)


@extend_schema(
    operation_id="print_job_request",
    request=PrintRequestInput,
    responses={
        202: PrintJobOutput,
        400: OpenApiResponse(description="Bad input: {code, message, field}"),
        404: OpenApiResponse(description="No such event, or not a document this caller may print"),
        429: OpenApiResponse(
            description="Too many of this event's or this account's documents are waiting "
            "(`too-many-print-jobs`): try again after the Retry-After header's seconds"
        ),
        503: OpenApiResponse(
            description="Printing is unavailable (the print queue cannot be reached): try again"
        ),
        415: OpenApiResponse(description="The body is not JSON"),
    },
    tags=["printing"],
)
@api_view(["POST"])
@permission_classes([AllowAny])  # access is decided per document by policy.may_print
# JSON only, as documented: a form or multipart body is a 415, not a parser's guess.
@parser_classes([StrictJSONParser])
def api_request(request: Request, slug: str) -> Response:
    """POST {"kind", "paper"?, "round"?, "player"?} → 202 with the job (id, status, URLs)."""
    access = access_event(request.user, slug)
    data = PrintRequestInput(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    try:
        job = print_job_request(
            access=access,
            kind=values["kind"],
            by=request.user,
            paper=values.get("paper"),
            round_number=values.get("round"),
            player=values.get("player"),
        )
    except PrintingUnavailable as exc:
        _remember(request._request, slug, exc.job)
        return _keep(request._request, slug, _api_unavailable(exc))
    except PrintQueueFull as exc:
        return Response(
            exc.as_dict(),
            status=status.HTTP_429_TOO_MANY_REQUESTS,
            headers={"Retry-After": str(exc.retry_after)},
        )
    except ServiceError as exc:
        if exc.code == "not-found":
            raise Http404(exc.message) from None
        return Response(exc.as_dict(), status=status.HTTP_400_BAD_REQUEST)
    _remember(request._request, slug, job)
    answer = Response(job_json(request, slug, job), status=status.HTTP_202_ACCEPTED)
    return _keep(request._request, slug, answer)


@extend_schema(
    operation_id="print_job_status",
    responses={200: PrintJobOutput, 404: OpenApiResponse(description="No such job for this caller")},
    tags=["printing"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def api_job(request: Request, slug: str, job_id: int) -> Response:
    access = access_event(request.user, slug)
    return Response(job_json(request, slug, _job(access, job_id)))


# --- CSV -------------------------------------------------------------------------------


def _csv_response(filename: str, mimetype: str, content: bytes) -> HttpResponse:
    response = HttpResponse(content, content_type=mimetype)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def csv_standings(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    if not may_print(access, PrintKind.STANDINGS, PrintParams()):
        raise Http404("No standings yet.")
    return _csv_response(*standings_csv(access.event))


@require_GET
def csv_pairings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    access = access_event(request.user, slug)
    round_ = access.event.rounds.filter(number=number).first()
    if round_ is None or not may_print(access, PrintKind.PAIRINGS, PrintParams(round=number)):
        raise Http404("No such round.")
    return _csv_response(*pairings_csv(access.event, round_))


@require_GET
def csv_rosters(request: HttpRequest, slug: str) -> HttpResponse:
    access = access_event(request.user, slug)
    viewer = roster_viewer(access)
    if not may_print(access, PrintKind.ROSTERS, PrintParams(viewer=viewer)):
        raise Http404("No rosters to show.")
    rosters = visible_rosters(viewer_access(access.event, viewer))
    return _csv_response(*rosters_csv(access.event, rosters))
