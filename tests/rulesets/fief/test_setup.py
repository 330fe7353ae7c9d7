"""Starting a fief game: Houses and options from the configuration, the First Player."""

from __future__ import annotations

import pytest

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.errors import UsageError
from pnp.rulesets.fief import RULESET


def test_houses_from_the_configuration(content: LoadedContent) -> None:
    game = RULESET.new_game(content, GameConfig(3, ("stark", None, "tully")), 3)
    houses = game.factions()
    assert houses[0] == "stark" and houses[2] == "tully"
    assert len(set(houses)) == 3


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (GameConfig(2), "played by 3–6 players, not 2"),
        (GameConfig(7), "played by 3–6 players, not 7"),
        (GameConfig(3, ("stark", "stark", None)), "House 'stark' is taken twice"),
        (GameConfig(3, ("starks", None, None)), "unknown House 'starks'"),
        (GameConfig(3, options={"winterr": True}), "no option 'winterr'"),
        (GameConfig(3, options={"winter": "yes"}), "must be true or false"),
        (GameConfig(4, options={"nights_watch": True}), "needs at least 5 players, not 4"),
    ],
)
def test_bad_configuration(content: LoadedContent, config: GameConfig, message: str) -> None:
    """FF-GAP-11: 3 to 6 players, one per House; unknown options are refused.

    FF-NW-01: the Night's Watch expansion needs five players or more.
    """
    with pytest.raises(UsageError, match=message):
        RULESET.new_game(content, config, 0)


def test_targaryen_is_starting_player(content: LoadedContent) -> None:
    """FF-SETUP-06: whoever the seed picks, Targaryen starts."""
    for seed in range(4):
        game = RULESET.new_game(content, GameConfig(4, ("stark", "targaryen", None, None)), seed)
        assert game.first_player() == 1


def test_ff_nw_01_a_sweep_skips_the_nights_watch_below_five_players(tmp_path, monkeypatch) -> None:
    """FF-NW-01: the expansion is played from 5 players; a sweep over 4 and 5 players with
    and without it plays the three cells the rules allow and says which it skipped."""
    import json

    from typer.testing import CliRunner

    from pnp.cli import app

    monkeypatch.chdir(tmp_path)
    args = ["sweep", "fief", "--players", "4,5", "-o", "nights_watch=true,false", "--games", "1"]
    result = CliRunner().invoke(app, [*args, "--workers", "1", "--json"])
    assert result.exit_code in (0, 1, 3), result.output
    data = json.loads(result.stdout)
    labels = [c["label"] for c in data["cells"]]
    assert labels == ["4p nights_watch=false", "5p nights_watch=true", "5p nights_watch=false"]
    (skipped,) = data["grid"]["skipped"]
    assert skipped["label"] == "4p nights_watch=true" and "at least 5 players" in skipped["why"]
