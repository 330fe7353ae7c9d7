"""House abilities honour the content's parameters, not only the shipped values.

The shipped Houses are covered by scenarios; here a copy of the content gives
an ability another value the model allows, and a scenario shows the referee
plays it.
"""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.fief.variants import SCENARIOS, edit, run_edited, run_scenario


def _cancel_death_per_round(content_copy: Path) -> None:
    edit(content_copy / "houses.yaml", "cancel_death: {per: game}", "cancel_death: {per: round}")


def test_cancel_death_per_round_comes_back_next_round(content_copy: Path, tmp_path: Path) -> None:
    """FF-HOUSE-03 with ``per: round``: used in an earlier round, the power is offered again."""
    _cancel_death_per_round(content_copy)
    text = (SCENARIOS / "baratheon-cancels-once-per-game.yaml").read_text()
    script = text.index("script:")
    text = text[:script] + (
        "script:\n"
        "  - {choose: begin}\n"
        '  - {seat: 0, choose: "play assassination"}\n'
        '  - {seat: 0, choose: "assassinate baratheon-renly"}\n'
        '  - {seat: 1, choose: "cancel death of baratheon-renly"}\n'
        "expect:\n"
        "  events:\n"
        "    - {kind: death_cancelled, seat: 1, noble: baratheon-renly}\n"
        "  absent:\n"
        "    - {kind: noble_killed}\n"
        "  state:\n"
        "    seats[1].used.cancel_death: 3\n"
    )
    run_scenario(content_copy, text, tmp_path)


def test_cancel_death_per_round_only_once_a_round(content_copy: Path, tmp_path: Path) -> None:
    """FF-HOUSE-03 with ``per: round``: the second death of the same round is not cancelled."""
    _cancel_death_per_round(content_copy)
    run_edited(content_copy, "baratheon-cancels-a-death.yaml", {}, tmp_path)


def test_no_home_without_the_coast_picks_any_free_fief(content_copy: Path, tmp_path: Path) -> None:
    """FF-SETUP-12: ``home: null`` alone lets a House start in any Fief nobody holds, in turn
    order, as its board says; only ``start_anywhere_coastal`` makes it last and coastal."""
    edit(content_copy / "houses.yaml", "      - start_anywhere_coastal: true\n", "")
    text = (SCENARIOS / "setup-new-game.yaml").read_text()
    script = text.index("script:")
    text = text[:script] + (
        "script:\n"
        "  - {choose: begin}\n"
        "  - expect:\n"
        "      decision:\n"
        "        seat: 3\n"
        "        kind: start_village\n"
        '        includes: ["start at highgarden", "start at winterfell", "start at lannisport"]\n'
        '  - {seat: 3, choose: "start at highgarden"}\n'
        '  - {seat: 0, choose: "start at winterfell"}\n'
        '  - {seat: 1, choose: "start at storms-end"}\n'
        '  - {seat: 2, choose: "start at riverrun"}\n'
        "expect:\n"
        "  state:\n"
        "    seats[3].home: reach\n"
        "    nobles.targaryen-daenerys.at: highgarden\n"
    )
    run_scenario(content_copy, text, tmp_path)
