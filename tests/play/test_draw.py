"""Drawing a screen with rich: the heading wraps between its items."""

from __future__ import annotations

import io

from rich.text import Text

from pnp.engine.game import GameConfig
from pnp.play import draw
from pnp.play.screen import Screen
from pnp.rulesets import find_ruleset


def drawn(heading: str, width: int = draw.WIDTH) -> list[str]:
    out = io.StringIO()
    console = draw.console(out, plain=True)
    console.width = width
    console.print(draw.screen(Screen(heading)))
    return out.getvalue().splitlines()


def test_the_heading_wraps_between_its_items_never_inside_one() -> None:
    """At 80 columns fief's heading broke as "first player Stark (seat" / "0) · 3 VP win
    alone…"; each item now stays whole on one line, the line it leaves ending in "·"."""
    ruleset = find_ruleset("fief")
    content = ruleset.load()
    assert ruleset.new_game is not None and ruleset.text_form is not None
    game = ruleset.new_game(content, GameConfig(4), 11)
    form = ruleset.text_form(content, game.factions())
    heading = form.heading(game.view(0))
    items = Text.from_markup(heading).plain.split(" · ")
    lines = drawn(heading)
    assert len(lines) == 2 and all(len(line) <= draw.WIDTH for line in lines)
    assert lines[0].endswith(" ·")
    for item in items:
        assert any(item in line for line in lines), (item, lines)
    assert " · ".join(items) == " ".join(lines)


def test_an_item_wider_than_the_screen_is_wrapped_inside() -> None:
    lines = drawn("a · " + "word " * 30 + "· b", width=40)
    assert lines[0] == "a ·"
    assert all(len(line) <= 40 for line in lines) and lines[-1].endswith("b")
