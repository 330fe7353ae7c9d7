"""Reading ``pnp playtest``'s plan options: ``--houses`` and ``--option``."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.playtest.plan import parse_houses, parse_options


def test_options_read_as_yaml_scalars() -> None:
    assert parse_options(["winter=true", "rounds=3", " name = x"]) == {
        "winter": True,
        "rounds": 3,
        "name": "x",
    }


@pytest.mark.parametrize(
    "items",
    [["winter=true", "winter=false"], ["winter=true", "winter=true"], ["winter=1", " winter =2"]],
)
def test_an_option_given_twice_is_a_usage_error_naming_it(items: list[str]) -> None:
    with pytest.raises(UsageError, match="--option 'winter' is given twice") as info:
        parse_options(items)
    assert info.value.exit_code == 2


def test_houses_leave_random_seats_to_the_seed() -> None:
    assert parse_houses("stark, random,-") == ("stark", None, None)
    assert parse_houses(None) is None


def test_houses_ignore_case_like_ruleset_names() -> None:
    # House ids are lower-case slugs, so any spelling names the same House
    assert parse_houses("Stark, LANNISTER,Random") == ("stark", "lannister", None)


def test_an_option_without_a_value_suggests_switching_it_on() -> None:
    with pytest.raises(UsageError) as info:
        parse_options(["draft"])
    assert str(info.value) == "--option 'draft': expected KEY=VALUE (to switch it on: draft=true)"
    with pytest.raises(UsageError) as info:
        parse_options(["=true"])
    assert str(info.value) == "--option '=true': expected KEY=VALUE"
