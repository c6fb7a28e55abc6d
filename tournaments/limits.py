"""Length limits on free text, shared by the web forms and the API serializers.

Names have their model column's width (enforced in the services as well, for every way in);
free text that lands in a TextField still has a limit, so a pasted novel is refused with a
clear message rather than stored, shown on every page and printed.
"""

from __future__ import annotations

REASON_LENGTH = 500  # a reason for the audit log, a decision note
NOTES_LENGTH = 4000  # a penalty's written record, a conduct report's description
