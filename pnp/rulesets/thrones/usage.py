"""The printed pieces a thrones game has in use at once (the playtest's kit check).

Counted from the game's state by the ids of :mod:`.kit.components`:

- every card of the game by its id, whatever its zone (deck, hand, play,
  discard and dead piles, the plot deck and the box of a plot draft):
  draw-deck cards by their own id, plots as ``plot-<id>``, agendas as
  ``agenda-<id>``;
- each seat's House card (``house-<id>``) and, in a two-player game, its
  House banner, where its power lies (``banner-<id>``);
- the first player marker; with titles, the title cards and their Small
  Council markers (TH-PLOT-09);
- gold tokens: the gold in every seat's pool (TH-MARSH-02, TH-TAX-01);
- power tokens: the power on every House card or banner and on every card in
  play (TH-WIN-01).

Cards and markers do not come and go during a game (they are counted when it
starts); gold and power rise only with the events named in :data:`TRIGGERS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.kitmeter import KitMeter
from pnp.rulesets.thrones.game import ThronesGame

if TYPE_CHECKING:
    from pnp.engine.game import Game
    from pnp.rulesets.thrones.catalog import CardDef

#: the groups counted together
CARDS, GOLD, POWER = 1, 2, 4
#: the events that come with a rise in gold or power: income and gold effects; every
#: power gain, claimed or placed (a move of power between Houses is a gain too)
TRIGGERS = {"gold_collected": GOLD, "gold_gained": GOLD, "power_gained": POWER}
#: the prefix of each kind of card's component id (draw-deck cards have none)
PREFIX = {"plot": "plot-", "agenda": "agenda-"}


class ThronesKitMeter(KitMeter):
    """Peaks of a thrones game's cards, House cards, banners, markers, gold and power."""

    triggers = TRIGGERS
    settled = CARDS

    def __init__(self, game: ThronesGame, *, thorough: bool = False) -> None:
        super().__init__(thorough=thorough)
        self.game = game
        self.count(CARDS | GOLD | POWER)

    def components(self) -> set[str]:
        """Every card, plot, agenda and title of the content, the seated Houses' cards and
        banners, and the tokens."""
        db = self.game.db
        ids = {*db.cards, *(f"plot-{p}" for p in db.plots), *(f"agenda-{a}" for a in db.agendas)}
        ids |= {f"title-{t}" for t in db.titles} | {f"marker-{t}" for t in db.titles}
        for seat in self.game.seats:
            ids |= {f"house-{seat.house}", f"banner-{seat.house}"}
        return ids | {"gold", "power", "first-player"}

    def count(self, groups: int) -> None:
        """Count the groups of ``groups`` in the game now."""
        game = self.game
        if groups & GOLD:
            gold = 0
            for seat in game.seats:
                gold += seat.gold
            self.raise_to("gold", gold)
        if groups & POWER:
            power = 0
            for seat in game.seats:
                power += seat.power
                for card in seat.play:
                    power += card.power
            self.raise_to("power", power)
        if groups & CARDS:
            self.raise_all(self.pieces())

    def pieces(self) -> dict[str, int]:
        """Cards, House cards, banners and markers of the game, by component id."""
        game = self.game
        copies: dict[CardDef, int] = {}  # by definition first: one id string per card kind
        for card in game.cards:
            d = card.d
            copies[d] = copies.get(d, 0) + 1
        counts = {PREFIX.get(d.type, "") + d.id: n for d, n in copies.items()}
        for seat in game.seats:
            house = f"house-{seat.house}"
            counts[house] = counts.get(house, 0) + 1
            if game.players == 2:  # the two-player game keeps House power on a banner
                banner = f"banner-{seat.house}"
                counts[banner] = counts.get(banner, 0) + 1
        counts["first-player"] = 1
        if game.titles_on:
            for title in game.db.titles:
                counts[f"title-{title}"] = counts[f"marker-{title}"] = 1
        return counts


def kit_meter(game: Game, thorough: bool = False) -> ThronesKitMeter:
    """The kit meter of a thrones ``game`` (the :class:`~pnp.rulesets.ruleset.Ruleset` hook)."""
    assert isinstance(game, ThronesGame)
    return ThronesKitMeter(game, thorough=thorough)
