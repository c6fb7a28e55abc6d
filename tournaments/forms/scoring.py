"""The TO's scoring bands and bye score as a web form (the event's settings page).

One row of inputs per band, prefilled with the event's bands (the system's defaults until
the TO changes them), and two spare rows; a row left without a name is not a band. The
service checks the bands as docs/interchange.md says (tournaments.services.scoring).
"""

from __future__ import annotations

from typing import Any

from django import forms

from tournaments.services.scoring import EventScoring

SPARE_ROWS = 2
COLUMNS = (
    ("min", "From VP difference"),
    ("max", "To (empty: and above)"),
    ("wmp", "Winner MP"),
    ("wtp", "Winner TP"),
    ("lmp", "Loser MP"),
    ("ltp", "Loser TP"),
)


def _number(label: str, row: int) -> forms.IntegerField:
    # The inputs sit in a table under their column's heading; a screen reader reads each
    # one's own name ("Row 2: Winner MP"), as a table cell is not a label.
    return forms.IntegerField(
        required=False,
        min_value=0,
        label=label,
        widget=forms.NumberInput(attrs={"aria-label": f"Row {row}: {label}", "min": 0}),
    )


class ScoringForm(forms.Form):
    bye_mp = forms.IntegerField(min_value=0, label="Bye MP")
    bye_tp = forms.IntegerField(min_value=0, label="Bye TP")
    defaults = forms.BooleanField(
        required=False, label="Use the game system's defaults instead (forget the bands and bye above)"
    )

    def __init__(self, *args: Any, scoring: EventScoring, **kwargs: Any) -> None:
        bands = scoring.table.bands
        self.rows = len(bands) + SPARE_ROWS
        initial: dict[str, Any] = {"bye_mp": scoring.table.bye.mp, "bye_tp": scoring.table.bye.tp}
        ordered = sorted(bands, key=lambda band: band.min_difference, reverse=True)
        for i, band in enumerate(ordered):
            values = (
                band.min_difference,
                band.max_difference,
                band.winner_mp,
                band.winner_tp,
                band.loser_mp,
                band.loser_tp,
            )
            initial[f"band{i}_name"] = band.name
            initial |= {f"band{i}_{key}": value for (key, _), value in zip(COLUMNS, values, strict=True)}
        kwargs["initial"] = {**initial, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        for i in range(self.rows):
            self.fields[f"band{i}_name"] = forms.CharField(
                required=False,
                max_length=80,
                label="Band",
                widget=forms.TextInput(attrs={"aria-label": f"Row {i + 1}: band name"}),
            )
            for key, label in COLUMNS:
                self.fields[f"band{i}_{key}"] = _number(label, i + 1)

    def band_rows(self) -> list[list[forms.BoundField]]:
        return [
            [self[f"band{i}_name"], *(self[f"band{i}_{key}"] for key, _ in COLUMNS)] for i in range(self.rows)
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for i in range(self.rows):
            if not (data.get(f"band{i}_name") or "").strip():
                continue
            for key, label in COLUMNS:
                if key != "max" and data.get(f"band{i}_{key}") is None:
                    self.add_error(f"band{i}_{key}", f"{label}: enter a whole number (0 or more).")
        return data

    def scoring(self) -> dict[str, Any]:
        """As event/1 `scoring`; an empty object when the TO goes back to the defaults."""
        data = self.cleaned_data
        if data.get("defaults"):
            return {}
        bands = []
        for i in range(self.rows):
            name = (data.get(f"band{i}_name") or "").strip()
            if not name:
                continue
            row = {key: data.get(f"band{i}_{key}") for key, _ in COLUMNS}
            bands.append(
                {
                    "name": name,
                    "min_difference": row["min"],
                    "max_difference": row["max"],
                    "winner": [row["wmp"], row["wtp"]],
                    "loser": [row["lmp"], row["ltp"]],
                }
            )
        out: dict[str, Any] = {"bye": [data["bye_mp"], data["bye_tp"]]}
        if bands:
            out["bands"] = bands
        return out
