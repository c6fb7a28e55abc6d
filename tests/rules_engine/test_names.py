"""The forgiving name key every game system's pack indexes its entries by: case,
punctuation, accents and "&"/"and" aside, but never a different word."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.names import name_key


def test_name_key_ignores_case_and_punctuation():
    assert name_key("Raynor's Raiders") == name_key("raynor\u2019s raiders") == name_key("RAYNORS RAIDERS")
    assert name_key("AGG-12") == name_key("agg 12") == name_key("AGG12")
    assert name_key("Barracks (Proxy)") == name_key("barracks proxy")
    assert name_key("Divide & Conquer") == name_key("Divide and Conquer")
    assert name_key("Zératul") == name_key("Zeratul")
    assert name_key("Marine") != name_key("Marines")


@given(st.text(alphabet=st.characters(codec="ascii"), max_size=30))
def test_name_key_is_idempotent_and_case_blind(text):
    assert name_key(name_key(text)) == name_key(text)
    assert name_key(text.upper()) == name_key(text.lower())
