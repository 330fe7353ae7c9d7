"""The ruleset registry and the plug-in protocol."""

from __future__ import annotations

from pathlib import Path

import pytest

import pnp.rulesets
from pnp.errors import UnknownRulesetError, UsageError
from pnp.rulesets import RULESETS, find_ruleset
from tests.fixtures.toy import TOY, ToyContent


def test_find_ruleset(toy_registry: None) -> None:
    assert find_ruleset("toy") is TOY


def test_ruleset_names_are_found_in_any_case() -> None:
    assert find_ruleset("Fief").name == "fief"
    assert find_ruleset("THRONES").name == "thrones"
    assert find_ruleset("IronThrone").name == "ironthrone"


def test_unknown_ruleset_suggests(toy_registry: None) -> None:
    with pytest.raises(UnknownRulesetError, match="did you mean 'toy'"):
        find_ruleset("tyo")
    # the hint and the known list give the canonical lower-case name
    with pytest.raises(
        UnknownRulesetError, match=r"unknown ruleset 'TYO' \(known: toy\); did you mean 'toy'"
    ):
        find_ruleset("TYO")


def test_registered_names_are_unique() -> None:
    names = [r.name for r in RULESETS]
    assert len(names) == len(set(names))


def test_every_registered_ruleset_has_content_folder() -> None:
    for ruleset in pnp.rulesets.all_rulesets():
        assert ruleset.content_dir().is_dir(), ruleset.name


def test_content_folder_defaults_to_name() -> None:
    assert TOY.content_folder == "toy"


def test_players_text() -> None:
    assert TOY.players_text() == "2–4"
    odd = pnp.rulesets.Ruleset("odd", "Odd", (3, 5), ToyContent)
    assert odd.players_text() == "3, 5"


def test_check_players() -> None:
    TOY.check_players(3)
    with pytest.raises(UsageError, match="toy is played by 2–4 players, not 6"):
        TOY.check_players(6)


def test_content_dir_resolution(toy_root: Path) -> None:
    assert TOY.content_dir(toy_root) == toy_root / "toy"
    # a ruleset folder given directly, for a single ruleset
    assert TOY.content_dir(toy_root / "toy", alone=True) == toy_root / "toy"
    assert TOY.content_dir(toy_root / "toy", alone=False) == toy_root / "toy" / "toy"


def test_one_rulesets_folder_given_for_all_says_to_name_the_ruleset(toy_root: Path) -> None:
    from pnp.content import ContentError

    # `pnp validate --content my/toy`: the root holds YAML itself, so it is a ruleset's folder
    with pytest.raises(ContentError) as info:
        TOY.load(toy_root / "toy", alone=False)
    (problem,) = info.value.problems
    assert problem.message.startswith("no such content folder (")
    assert "holds YAML files itself: if it is one ruleset's folder, name that ruleset" in str(
        problem
    )
    # a root without YAML of its own keeps the plain message
    with pytest.raises(ContentError, match=r"no such content folder$"):
        TOY.load(toy_root / "toy" / "cards" / "nothing", alone=False)
