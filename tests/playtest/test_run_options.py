"""The options every kind of run shares: one check for playtest, sweep and compare."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.playtest.command import PlaytestRequest
from pnp.playtest.compare_command import CompareRequest
from pnp.playtest.run_options import check_judging_options, check_run_options, thresholds_for
from pnp.playtest.sweep_command import SweepRequest
from pnp.rulesets import find_ruleset


@pytest.mark.parametrize("kind", [PlaytestRequest, SweepRequest])
def test_each_command_checks_the_shared_options_alike(kind: type) -> None:
    for field, value, message in (
        ("workers", 0, "--workers must be at least 1"),
        ("max_rounds", 0, "--max-rounds must be at least 1"),
        ("max_steps", -1, "--max-steps must be at least 1"),
        ("cluster", "local:0", "local:N takes a number"),
    ):
        with pytest.raises(UsageError, match=message):
            check_run_options(kind(ruleset="thrones", **{field: value}))
    for field, value, message in (
        ("fair_margin", 1.5, "--fair-margin must be between 0 and 1"),
        ("max_cap_rate", -0.1, "--max-cap-rate must be between 0 and 1"),
        ("seat_games", -1, "--seat-games must be 0 or more"),
    ):
        with pytest.raises(UsageError, match=message):
            check_judging_options(kind(ruleset="thrones", **{field: value}))
    check_run_options(kind(ruleset="thrones"))  # the defaults pass
    check_judging_options(kind(ruleset="thrones"))


def test_compare_checks_where_its_games_run() -> None:
    with pytest.raises(UsageError, match="--workers must be at least 1"):
        check_run_options(CompareRequest(ruleset="thrones", base="content", workers=0))


def test_thresholds_take_the_options_given_and_the_rulesets_otherwise() -> None:
    ruleset = find_ruleset("thrones")
    default = thresholds_for(ruleset, PlaytestRequest(ruleset="thrones"))
    given = thresholds_for(ruleset, SweepRequest(ruleset="thrones", fair_margin=0.2, card_games=7))
    assert given.fair_margin == 0.2 and given.card_games == 7
    assert given.max_cap_rate == default.max_cap_rate
