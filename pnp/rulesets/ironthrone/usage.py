"""The printed pieces an Iron Throne game has in use at once (the playtest's kit check).

Counted from the referee's state by the ids of :mod:`.kit.components`:

- every card of each seated House's deck by its id, wherever it is (deck,
  hand, discard pile, table, or held hostage by another House), and every
  card of the event deck (IT-SETUP-03, IT-SETUP-06);
- each seated House's leader sheets and character tokens: the player shuffles
  all five sheets and takes all five tokens before the chosen leader's token
  and the other sheets go back to the box (IT-SETUP-01, IT-SETUP-02);
- each seated House's influence tokens, at home or spread (IT-SETUP-04);
- power markers: every marker taken out of the supply -- on characters, on
  leader sheets, and those a sheet lost to the box for good (IT-POW-03),
  which can never go back to the supply;
- one player aid in each seated player's hand;
- encounter markers, the table's reminders of effects that last the
  encounter: a "no penalties" marker for each shielded player, a "no rewards"
  marker for each player barred from rewards, and for each side the fewest
  value markers showing how much abilities changed its total (as coins).

The cards, sheets and tokens a House brings do not change during play; they
are counted when the game starts. Power markers leave the supply only when
the leaders are chosen and never go back, so they are counted then and at
the end. Encounter markers rise only with the events of the effects they
recall (their triggers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.kitmeter import KitMeter
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.markers import NO_PENALTIES, NO_REWARDS, marker_kinds, markers_for

if TYPE_CHECKING:
    from pnp.engine.game import Game
    from pnp.rulesets.ironthrone.rules import Referee


#: the groups counted together: the pieces each seated House brings, power, and the
#: encounter markers
PIECES, POWER, MARKERS = 1, 2, 4
#: the events that come with more encounter markers on the table
TRIGGERS = {"total_changed": MARKERS, "shielded": MARKERS, "rewards_denied": MARKERS}


class IronThroneKitMeter(KitMeter):
    """Peaks of an Iron Throne game's cards, sheets, tokens and power markers."""

    settled = PIECES
    triggers = TRIGGERS

    def __init__(self, ref: Referee, *, thorough: bool = False) -> None:
        super().__init__(thorough=thorough)
        self.ref = ref
        t = ref.t
        # the kit prints the markers of every ability of the content, seated or not
        abilities = [c.ability for c in (*t.char_leader, *t.card_ability) if c is not None]
        self.amounts, self.shields, self.denies = marker_kinds(abilities)
        self.count(PIECES | POWER | MARKERS)

    def components(self) -> set[str]:
        """Every card and event of the tables, each character's sheet and token, each
        House's influence, and the power markers."""
        t = self.ref.t
        ids = {*t.card_id, *t.event_id, "power"}
        ids |= {f"leader-{c}" for c in t.char_id} | {f"token-{c}" for c in t.char_id}
        ids |= {f"marker-{a}" for a in self.amounts}
        ids |= {NO_PENALTIES} if self.shields else set()
        ids |= {NO_REWARDS} if self.denies else set()
        return ids | {f"influence-{h}" for h in t.houses} | {"player-aid"}

    def count(self, groups: int) -> None:
        """Count the groups of ``groups`` in the game now."""
        ref = self.ref
        if groups & POWER:
            self.raise_to("power", ref.power_total - ref.supply)
        if groups & PIECES:
            self.raise_all(self.pieces())
        if groups & MARKERS:
            self.raise_all(self.markers())

    def markers(self) -> dict[str, int]:
        """The encounter markers the table shows now."""
        ref = self.ref
        counts: dict[str, int] = {}
        for side in (1, 2):
            for amount, k in markers_for(ref.bonus[side], self.amounts).items():
                key = f"marker-{amount}"
                counts[key] = counts.get(key, 0) + k
        if self.shields:
            counts[NO_PENALTIES] = sum(ref.shielded)
        if self.denies:
            counts[NO_REWARDS] = sum(ref.no_rewards)
        return counts

    def pieces(self) -> dict[str, int]:
        """The cards, events, sheets, character tokens and influence tokens in the game."""
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
        counts["player-aid"] = ref.n
        return counts


def kit_meter(game: Game, thorough: bool = False) -> IronThroneKitMeter:
    """The kit meter of an Iron Throne ``game`` (the
    :class:`~pnp.rulesets.ruleset.Ruleset` hook)."""
    assert isinstance(game, IronThroneGame)
    return IronThroneKitMeter(game.ref, thorough=thorough)
