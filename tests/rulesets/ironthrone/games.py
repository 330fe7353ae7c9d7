"""Games the Iron Throne tests start from."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.ironthrone import RULESET
from pnp.rulesets.ironthrone.game import IronThroneGame


def first_character_free(content: LoadedContent[Any]) -> IronThroneGame:
    """A new three-player game (seed 0) past the choice of leaders, in which the
    catalog's first character (number 0, of seat 0's House) is not a leader: the one
    character a scenario cannot commit (a scenario lists its leaders first)."""
    first_house = content.model.houses[0].id
    others = [h.id for h in content.model.houses[1:3]]
    new_game = RULESET.new_game
    assert new_game is not None
    game = new_game(content, GameConfig(3, factions=(first_house, *others)), 0)
    assert isinstance(game, IronThroneGame)
    first = game.ref.t.char_id[0]
    decision = game.decision()
    while decision is not None and decision.kind == "choose_leader":
        labels = decision.labels()
        game.apply(next(i for i, label in enumerate(labels) if label != f"leader: {first}"))
        decision = game.decision()
    assert game.ref.t.char_seat[0] == 0 and game.ref.leader[0] != 0
    return game


def with_game_rule(root: Path, old: str, new: str) -> LoadedContent[Any]:
    """The shipped content, copied under ``root``, with one piece of ``game.yaml``
    (``old``, which must be there) changed to ``new``: a designer's changed number."""
    folder = root / "ironthrone"
    shutil.copytree(RULESET.content_dir(), folder)
    rules = folder / "game.yaml"
    text = rules.read_text()
    assert old in text
    rules.write_text(text.replace(old, new, 1))
    return RULESET.load(root)
