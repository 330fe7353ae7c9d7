"""The printed pieces an Iron Throne game has in use at once (the playtest's kit check).

Counted from the referee's state by the ids of :mod:`.components`:

- every card of each seated House's deck by its id, wherever it is (deck,
  hand, discard pile, table, or held hostage by another House), and every
  card of the event deck (IT-SETUP-03, IT-SETUP-06);
- each seated House's leader sheets and character tokens: the player shuffles
  all five sheets and takes all five tokens before the chosen leader's token
  and the other sheets go back to the box (IT-SETUP-01, IT-SETUP-02);
- each seated House's influence tokens, at home or spread (IT-SETUP-04);
- power markers: every marker taken out of the supply -- on characters, on
  leader sheets, and those a sheet lost to the box for good (IT-POW-03),
  which can never go back to the supply.

None of these rises during play but when the leaders are chosen, and nothing
goes back to the supply after that, so the meter counts once when the game
starts and once at its end (no triggers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.kitmeter import KitMeter

if TYPE_CHECKING:
    from pnp.engine.game import Game
    from pnp.rulesets.ironthrone.rules import Referee


class IronThroneKitMeter(KitMeter):
    """Peaks of an Iron Throne game's cards, sheets, tokens and power markers."""

    def __init__(self, ref: Referee, *, thorough: bool = False) -> None:
        t = ref.t
        ids = [*t.card_id, *t.event_id, "power"]
        ids += [f"leader-{c}" for c in t.char_id] + [f"token-{c}" for c in t.char_id]
        ids += [f"influence-{h}" for h in t.houses]
        super().__init__(ids, thorough=thorough)
        self.ref = ref
        self.count(-1)

    def count(self, groups: int) -> None:
        """Count every piece in the game now (one group)."""
        ref = self.ref
        t = ref.t
        counts: dict[str, int] = {}
        for seat in range(ref.n):
            for card in t.seat_cards[seat]:
                key = t.card_id[card]
                counts[key] = counts.get(key, 0) + 1
            for char in t.seat_chars[seat]:
                counts[f"leader-{t.char_id[char]}"] = 1
                counts[f"token-{t.char_id[char]}"] = 1
            spread = 0
            for target in range(ref.n):
                spread += ref.on_board[target][seat]
            counts[f"influence-{t.houses[seat]}"] = ref.left[seat] + spread
        for event in t.event_pool:
            key = t.event_id[event]
            counts[key] = counts.get(key, 0) + 1
        counts["power"] = ref.power_total - ref.supply
        self.raise_all(counts)


def kit_meter(game: Game, thorough: bool = False) -> IronThroneKitMeter:
    """The kit meter of an Iron Throne ``game`` (the
    :class:`~pnp.rulesets.ruleset.Ruleset` hook)."""
    from pnp.rulesets.ironthrone.game import IronThroneGame

    assert isinstance(game, IronThroneGame)
    return IronThroneKitMeter(game.ref, thorough=thorough)
