"""Conduct reports: filed discreetly by anyone at the event, read and handled by the TO and
the Head Judge only (OP Guide: Judging and Conduct, Code of Conduct); a reporter sees only
whether their report has been handled.
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from judging import selectors
from judging.api.presenters import conduct_dict
from judging.api.serializers import (
    ConductFileSerializer,
    ConductHandleSerializer,
    ConductReceivedSerializer,
    ConductReportSerializer,
    MyConductReportSerializer,
)
from judging.services import conduct_report_file, conduct_report_handle
from tournaments.access import HEAD_JUDGE, TO
from tournaments.api.base import ApiView, responses
from tournaments.api.pagination import PAGE_PARAMETERS, page_of, paginated
from tournaments.api.permissions import event_for, signed_in
from tournaments.api.views._common import validated


class ConductReportsApi(ApiView):
    @extend_schema(
        operation_id="conduct_reports_list",
        summary="Conduct reports (the TO and the Head Judge only), newest first",
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=["open", "handled"],
                description="Only the reports still open, or only those handled; default: all.",
            ),
            *PAGE_PARAMETERS,
        ],
        responses=responses({200: page_of(ConductReportSerializer)}),
        tags=["conduct"],
    )
    def get(self, request: Request, slug: str) -> Response:
        access = event_for(request, slug, TO, HEAD_JUDGE)
        reports = selectors.conduct_reports(access.event, status=request.query_params.get("status", ""))
        return paginated(request, self, reports, ConductReportSerializer, conduct_dict)

    @extend_schema(
        operation_id="conduct_report_file",
        summary="File a conduct report, discreetly (any player or member of staff of the event)",
        request=ConductFileSerializer,
        responses=responses({201: ConductReceivedSerializer}, login=True),
        tags=["conduct"],
    )
    def post(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        if not access.roles:
            raise Http404("No such event.")
        data = validated(ConductFileSerializer, request)
        report = conduct_report_file(event=access.event, by=user, **data)
        body = {
            "id": report.pk,
            "received": True,
            "created_at": report.created_at,
            "contact": access.event.conduct_contact or "the TO and the Head Judge",
        }
        return Response(ConductReceivedSerializer(body).data, status=201)


class ConductReportHandleApi(ApiView):
    @extend_schema(
        operation_id="conduct_report_handle",
        summary="Mark a conduct report handled, with a short note (the TO and the Head Judge only)",
        description="The reporter then sees the status `handled`, never the note.",
        request=ConductHandleSerializer,
        responses=responses({200: ConductReportSerializer}, login=True),
        tags=["conduct"],
    )
    def post(self, request: Request, slug: str, pk: int) -> Response:
        user = signed_in(request)
        access = event_for(request, slug, TO, HEAD_JUDGE)
        report = selectors.conduct_reports(access.event).filter(pk=pk).first()
        if report is None:
            raise Http404("No such conduct report.")
        data = validated(ConductHandleSerializer, request)
        report = conduct_report_handle(report=report, by=user, note=data["note"])
        return Response(ConductReportSerializer(conduct_dict(report)).data)


class MyConductReportsApi(ApiView):
    @extend_schema(
        operation_id="my_conduct_reports",
        summary="The conduct reports you filed at this event, and whether each has been handled",
        parameters=PAGE_PARAMETERS,
        responses=responses({200: page_of(MyConductReportSerializer)}, login=True),
        tags=["conduct"],
    )
    def get(self, request: Request, slug: str) -> Response:
        user = signed_in(request)
        access = event_for(request, slug)
        if not access.roles:
            raise Http404("No such event.")
        return paginated(
            request,
            self,
            selectors.conduct_reports_by(access.event, user.pk),
            MyConductReportSerializer,
            lambda r: {"id": r.pk, "category": r.category, "created_at": r.created_at, "status": r.status},
        )
