"""The renderer of every form's fields: Django's own widget templates through Jinja2.

A form's fields are drawn from Django's widget templates (an input, its attributes, its
label, a radio's options: a dozen small templates for one result form). Django ships each
of them for Jinja2 as well, and Jinja2 renders them at a fraction of the cost: measured with
`make bench` (docs/performance.md), the player's page, with its result, nomination and
roster forms, cost 0.5 times the framework's floor less. The output is the same markup
(Jinja2 escapes an apostrophe as `&#39;` where Django writes `&#x27;`, and leaves out a few
blank lines).

A widget template of the site's own (the schedule's, tournaments/widgets/) is written for
Django's engine and is rendered by it.
"""

from __future__ import annotations

from typing import Any

from django.forms.renderers import Jinja2
from django.template import TemplateDoesNotExist, engines


class FormRenderer(Jinja2):
    """Jinja2 for Django's widget templates, Django's engine for the site's own."""

    def get_template(self, template_name: str) -> Any:
        try:
            return super().get_template(template_name)
        except TemplateDoesNotExist:
            return engines["django"].get_template(template_name)
