"""Ways to win: the main sources of a winner's total."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pnp.engine.paths import MAIN_SHARE, main_sources


def test_the_main_sources_are_named_in_order_of_name() -> None:
    gains = {"renown": 1, "power claim": 7, "dominance": 4}
    assert main_sources(gains) == "dominance + power claim"  # renown: 1 of 12, under a quarter
    # the same way whichever brought more: counted together in the report
    assert main_sources({"power claim": 3, "dominance": 7}) == "dominance + power claim"


def test_ties_go_by_name_a_quarter_counts_and_nothing_is_a_dash() -> None:
    assert main_sources({"b": 2, "a": 2}) == "a + b"
    assert main_sources({"a": 3, "b": 1}) == "a + b"  # exactly a quarter
    assert main_sources({}) == "-"
    assert main_sources({"x": 0, "y": -2}) == "-"
    assert main_sources({"a": 1, "b": 1, "c": 1, "d": 1, "e": 2}) == "e"  # none has a quarter


def test_spread_gains_name_the_largest_alone() -> None:
    assert main_sources({r: 1 for r in "vwxyz"}) == "v"  # five fifths: the first by name


@given(st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 50), min_size=1))
def test_named_reasons_are_those_with_a_quarter(gains: dict[str, int]) -> None:
    total = sum(gains.values())
    named = [] if main_sources(gains) == "-" else main_sources(gains).split(" + ")
    big = {r for r, n in gains.items() if n > 0 and n >= MAIN_SHARE * total}
    if big or total == 0:
        assert set(named) == big
    else:  # none has a quarter: the largest alone
        assert named == [min((-n, r) for r, n in gains.items())[1]]
    assert named == sorted(named)
