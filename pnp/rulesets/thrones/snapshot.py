"""The whole game state as plain data (scenario expectations, state hashes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.rulesets.thrones.state import CARD_DEFAULTS, card_snapshot

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame


#: what the snapshot leaves out, where (the ruleset's ``snapshot_defaults``): the
#: fields of a card in play at their usual values
SNAPSHOT_DEFAULTS: dict[str, dict[str, Any]] = {"seats[*].in_play[*]": CARD_DEFAULTS}


def snapshot(game: ThronesGame) -> dict[str, Any]:
    """Every zone, token and counter; paths like ``seats[0].house_power``."""
    seats = []
    for s in game.seats:
        seats.append(
            {
                "house": s.house,
                "team": s.team,
                "power": game.total_power(s.idx),
                "house_power": s.power,
                "gold": s.gold,
                "hand": [c.d.id for c in s.hand],
                "hand_size": len(s.hand),
                "deck": [c.d.id for c in reversed(s.deck)],  # top first
                "deck_size": len(s.deck),
                "discard": [c.d.id for c in s.discard],
                "dead": [c.d.id for c in s.dead],
                "removed": [c.d.id for c in s.removed],
                "in_play": [_in_play(game, c) for c in s.play if c.host is None],
                "characters": [c.d.id for c in s.chars],
                "plot": s.plot.d.id if s.plot is not None else None,
                "plot_deck": [c.d.id for c in s.plot_deck],
                "used_plots": [c.d.id for c in s.used_plots],
                "title": s.title,
                "agenda": s.agenda.d.id if s.agenda is not None else None,
                "limited": s.limited,
                "draws": s.draws,
                "income": game.income(s.idx),
                "initiative": game.initiative_total(s.idx),
                "claim": game.claim_value(s.idx, "military"),
                "dominance": game.dominance_total(s.idx),
                "deck_problems": game.deck_problems.get(s.idx, []),
            }
        )
    ch = game.ch
    challenge = public_challenge(game)
    if ch is not None and challenge is not None:
        att, dfn = game.side_strength(ch)
        challenge |= {"attack": att, "defence": dfn}
    result = game.result()
    return {
        "round": game.round_no,
        "phase": game.phase,
        "first_player": game.first,
        "active": game.active,
        "challenge": challenge,
        "titles": list(game.title_pool),
        "supply": None
        if game.tokens is None
        else {"gold": game.tokens.gold, "power": game.tokens.power, "bank": "unlimited"},
        "seats": seats,
        "plot_box": sorted(c.d.id for c in game.plot_box),
        "result": None
        if result is None
        else {"winners": list(result.winners), "ending": result.ending},
    }


def public_challenge(game: ThronesGame) -> dict[str, Any] | None:
    """The challenge in progress as every seat sees it: its type, attacker, target,
    defender, attackers and defenders (``None``: none)."""
    ch = game.ch
    if ch is None:
        return None
    return {
        "type": ch.ctype,
        "attacker": ch.attacker,
        "target": ch.target,
        "defender": ch.defender,
        "attackers": [c.d.id for c in ch.attackers],
        "defenders": [c.d.id for c in ch.defenders],
    }


def _in_play(game: ThronesGame, c: Any) -> dict[str, Any]:
    out = card_snapshot(c)
    if c.d.type == "character":
        out["strength"] = game.strength(c)
    return out
