"""What the docs outside the content guide say about fief stays true: the options
``pnp rulesets`` lists, the top-level README's ``-o`` examples and the scenario guide's
Night's Watch example."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from pnp.content import LoadedContent
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.setup import KNOWN_OPTIONS

ROOT = Path(__file__).resolve().parents[3]


def test_pnp_rulesets_lists_every_option(fief_content: LoadedContent[Any]) -> None:
    """README: "-o sets a ruleset option (pnp rulesets lists them)"; the Night's Watch
    with the player counts it is played with."""
    for key in KNOWN_OPTIONS:
        assert key in RULESET.notes, key
    rules = fief_content.model.rules
    span = f"{rules.nights_watch.min_players}–{rules.max_players} players"
    assert f"nights_watch ({span})" in RULESET.notes


def test_the_readme_names_the_night_s_watch_option() -> None:
    text = " ".join((ROOT / "README.md").read_text().split())
    assert "`-o nights_watch=true` for fief's Night's Watch expansion (5–6 players" in text


def test_the_scenario_guide_s_wall_example_builds(fief_content: LoadedContent[Any]) -> None:
    """The ``wall:`` example of tests/scenarios/fief/README.md sets up the position it shows."""
    guide = (ROOT / "tests" / "scenarios" / "fief" / "README.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", guide, re.S)
    (example,) = [b for b in blocks if "wall:" in b]
    setup = yaml.safe_load(example)["setup"]
    assert RULESET.scenario_game is not None
    game = RULESET.scenario_game(fief_content, setup, [], 0)
    s = game.s
    assert s.nights_watch
    assert s.wall_marker == setup["wall"]["marker"]
    assert [c for c, up in s.castles.items() if not up] == setup["wall"]["fallen"]
    assert s.recruits == setup["wall"]["recruits"]
    assert s.nobles["stark-benjen"].zone == "wall"
