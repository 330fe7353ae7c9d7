"""The round's end: a winner's way to win names his VP Titles."""

from __future__ import annotations

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.rulesets.fief import RULESET
from pnp.rulesets.fief.rules.round import victory_path


def test_a_winners_way_is_his_vp_titles(content: LoadedContent) -> None:
    game = RULESET.new_game(content, GameConfig(3), 0)
    s = game.s
    seat = s.seats[1].index
    lord = next(n for n in s.nobles.values() if n.seat == seat)
    for title in ("king", "paramount-vale"):  # given out of content order
        s.holder[title] = lord.id
        lord.titles.append(title)
    assert victory_path(s, seat) == "paramount-vale + king"
    assert victory_path(s, s.seats[0].index) == "-"
