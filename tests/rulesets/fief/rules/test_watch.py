"""The Night's Watch as the players meet it: sealed Wall bids, and recruits under a
designer's rules that allow two Brothers of a House."""

from __future__ import annotations

from pathlib import Path

from pnp.content import LoadedContent
from pnp.rulesets.fief import RULESET


def test_a_sealed_wall_bid_is_known_to_its_bidder_alone(content: LoadedContent) -> None:
    """Each player sees his own Wall bid while the others bid, no one's once all are in."""
    game = RULESET.scenario_game(
        content,
        {
            "phase": "wall",
            "options": {"nights_watch": True},
            "dice": [1],
            "seats": [
                {"house": "stark", "gold": 3},
                {"house": "tully", "gold": 3},
                {"house": "martell"},
                {"house": "arryn"},
                {"house": "lannister"},
            ],
        },
        [],
        0,
    )
    game.apply(0)  # begin
    decision = game.decision()
    assert decision is not None and (decision.seat, decision.kind) == (0, "wall_bid")
    game.apply(decision.labels().index("bid 2"))
    decision = game.decision()
    assert decision is not None and (decision.seat, decision.kind) == (1, "wall_bid")
    assert game.view(0).data()["my_bid"] == 2
    assert game.view(1).data()["my_bid"] is None
    game.apply(decision.labels().index("bid 1"))
    assert [game.view(seat).data()["my_bid"] for seat in (0, 1)] == [None, None]


def test_with_two_brothers_a_player_chooses_whom_a_recruit_serves(content_copy: Path) -> None:
    """FF-NW-06: with ``brothers_per_house: 2`` a recruit goes under the Brother chosen."""
    rules = content_copy / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "brothers_per_house: 1 " in text
    rules.write_text(text.replace("brothers_per_house: 1 ", "brothers_per_house: 2 "), "utf-8")
    changed = RULESET.load(content_copy.parent)
    game = RULESET.scenario_game(
        changed,
        {
            "phase": "purchase",
            "options": {"nights_watch": True},
            "seats": [
                {"house": "stark"},
                {"house": "tully", "gold": 1},
                {"house": "martell"},
                {"house": "arryn"},
                {"house": "lannister"},
            ],
            "nobles": {
                "tully-brynden": {"zone": "wall", "titles": ["brother-of-the-watch"]},
                "tully-edmure": {"zone": "wall", "titles": ["brother-of-the-watch"]},
                "martell-areo": {"zone": "wall", "titles": ["brother-of-the-watch"]},
            },
        },
        [],
        0,
    )
    game.apply(0)  # begin
    decision = game.decision()
    assert decision is not None and (decision.seat, decision.kind) == (1, "purchase")
    game.apply(decision.labels().index("recruit nw-ranger"))
    decision = game.decision()
    assert decision is not None
    assert (decision.seat, decision.kind) == (1, "recruit_for")
    assert decision.labels() == ["under tully-brynden", "under tully-edmure"]
    game.apply(1)
    assert game.snapshot()["wall"]["recruits"] == {"tully-edmure": {"nw-ranger": 1}}
