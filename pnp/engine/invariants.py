"""Invariant checks run after every step when enabled.

Besides the ruleset's own :meth:`Game.invariant_violations` (conservation of
cards and tokens, no negative totals, phase order …), the engine checks the
shape of the surface every ruleset promises: a pending decision belongs to a
real seat and offers at least one option with unique labels, and a game with
no pending decision has a result (and the other way round).
"""

from __future__ import annotations

from pnp.engine.game import Decision, Game


def surface_violations(game: Game, decision: Decision | None) -> list[str]:
    """Broken engine-surface promises for ``game`` with pending ``decision``."""
    out: list[str] = []
    result = game.result()
    if decision is None:
        if result is None:
            out.append("no decision is pending but the game has no result")
        else:
            for seat in result.winners:
                if not 0 <= seat < game.players:
                    out.append(
                        f"result names winner seat {seat}, but seats are 0–{game.players - 1}"
                    )
        return out
    if result is not None:
        out.append(f"a {decision.kind} decision is pending although the game has ended")
    if not 0 <= decision.seat < game.players:
        out.append(
            f"{decision.kind} decision for seat {decision.seat}, but seats are 0–{game.players - 1}"
        )
    if not decision.options:
        out.append(f"{decision.kind} decision for seat {decision.seat} offers no options")
    labels = [o.label for o in decision.options]
    if len(set(labels)) != len(labels):
        twice = sorted({label for label in labels if labels.count(label) > 1})
        out.append(f"{decision.kind} decision repeats option labels: {', '.join(twice)}")
    return out


def violations(game: Game, decision: Decision | None) -> list[str]:
    """Every broken invariant: the engine surface's, then the ruleset's."""
    return surface_violations(game, decision) + list(game.invariant_violations())
