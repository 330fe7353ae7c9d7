"""The printed pieces a fief game has in use at once (the playtest's kit check).

Counted from the game's state by the ids of :mod:`.components`:

- **cards**: each Court Event and Fortune card in the game (in a deck, a
  discard pile, a hand, on a Region, waiting by the season tracker or beside
  the Title it made; not the ones Winter is Coming puts back in the box), the
  Winter copies by the season they join (FF-PH-01); the Noble card and the
  avatar of every Noble of a House in play, a Bannerman or Heir once he joins
  one (FF-SETUP-10); the First Player card; with the Night's Watch, the Wall's
  castles (FF-SETUP-04);
- **Titles**: each Title's card or token as many times as Nobles hold it at
  once (the Brothers' card, one per Brother on the Wall: FF-NW-07);
- **troops**: each House's units of each kind, on the board or in its own
  stock; a shared unit (the Whitecloaks) while on the board;
- **House markers**: tax and diplomacy markers as the seat holds them, the
  two vote markers, the marriage and the VP marker of each House in play;
- **buildings**: the Stronghold / Fortified City, Mill, Sept and Maester
  counters on the board, not the buildings the map prints;
- **markers**: Outlaws (living), captives, successful assassinations, disasters on the
  board; the Council seat for sale; the season marker with Winter is Coming;
  with the Night's Watch the Wall marker, the recruits on the Wall, the
  Defender of the Wall tokens and the wildling chits of each Battle at the
  Wall (a giant for each 5 of the wildlings' strength, a knight for each 1
  more, as ``decisions.yaml`` says to show them);
- **coins**: each player's gold and the Wall's supplies: the 1s the heaps
  need whatever the 5s (what each holds beyond a multiple of 5), and their
  worth in all (:data:`COINS`), from which the kit check works out the 5s
  needed with the printed 1s as change.

Cards, troops and the pieces of the set-up do not change during play: they
are counted when the game starts. A Bannerman or an Heir who joins a House
stays in the game, so Nobles are counted at the start and the end; the rest
rise only with the events of :data:`TRIGGERS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.event import Event
from pnp.engine.kitmeter import ALL_GROUPS, Change, KitMeter, tally_ids
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.model import WILDLING_CHITS
from pnp.rulesets.fief.state import SEASONS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pnp.engine.game import Game
    from pnp.rulesets.fief.state import FiefState

#: the Gold Dragon coins: a 5 may always be paid or held as five 1s
COINS = Change("gold-5", "gold-1", 5)
#: the groups counted together
SETUP, GOLD, TITLES, BUILDINGS, MARKERS, WALL, GUARD, NOBLES = 1, 2, 4, 8, 16, 32, 64, 128

#: the events that come with a change of gold: every income, payment and transfer
#: (a heap that shrinks may need more 1s: 5 paid 1 is 4 in 1s)
GOLD_EVENTS = (
    "started",
    "income",
    "tax_collected",
    "pillaged",
    "idols_destroyed",
    "supplies_taken",
    "wall_held",
    "wall_bids_revealed",
    "ransom_paid",
    "gold_stolen",
    "married",
    "bribe_taken",
    "title_granted",
    "title_bought",
    "purchased",
    "built",
    "recruited",
    "bids_revealed",
    "council_bought",
    "uprising_stop",
)
#: the events that place the pieces of each other group
PLACING = (
    (TITLES, ("title_gained",)),
    (BUILDINGS, ("started", "built", "maester_placed")),
    (MARKERS, ("outlawed", "noble_captured", "assassination", "disaster_placed")),
    (WALL, ("recruited", "defender_of_the_wall")),
    (GUARD, ("purchased",)),
)


def _triggers() -> dict[str, int]:
    """Event kind -> the groups an event of that kind may raise."""
    out = dict.fromkeys(GOLD_EVENTS, GOLD)
    for group, kinds in PLACING:
        for kind in kinds:
            out[kind] = out.get(kind, 0) | group
    return out


#: event kind -> the groups whose count an event of that kind may raise
TRIGGERS = _triggers()
#: the event that shows the wildlings' strength at the Battle at the Wall
WILDLINGS = "wildlings"


class FiefKitMeter(KitMeter):
    """Peaks of a fief game's cards, Titles, troops, markers, buildings and coins."""

    triggers = TRIGGERS
    settled = SETUP

    def __init__(self, s: FiefState, *, thorough: bool = False) -> None:
        super().__init__(thorough=thorough)
        self.s = s
        cat = s.cat
        #: the Winter copies by card id: how many join in each season, in season order
        self.copies = {
            c.id: [
                (season, cat.season_copies.get(season, []).count(c.id)) for season in SEASONS[1:]
            ]
            for c in cat.content.disaster_copies
        }
        #: the map's own Strongholds and Septs (printed on the board, not counters)
        self.printed = [(v.stronghold, v.sept) for v in cat.content.villages]
        self.count(ALL_GROUPS)

    def components(self) -> set[str]:
        """Every card, Noble, Title and shared piece of the content, the seated Houses'
        troops and markers."""
        cat = self.s.cat
        content = cat.content
        ids = {f"court-{c.id}" for c in content.court} | {
            f"fortune-{c.id}" for c in content.fortune
        }
        ids |= {f"{c.id}-{season}" for c in content.disaster_copies for season in SEASONS[1:]}
        ids |= {*cat.nobles, *(f"avatar-{n}" for n in cat.nobles)}
        ids |= {f"title-{t}" for t in cat.titles} | {w.id for w in content.wall_castles}
        own = [u for u, shared in zip(cat.units, cat.shared, strict=True) if shared is None]
        ids |= {u for u in cat.units if u not in own}
        for seat in self.s.seats:
            ids |= {f"{u}-{seat.house}" for u in own}
            ids |= {f"{m}-{seat.house}" for m in HOUSE_MARKERS}
        return ids | {*SHARED_MARKERS, *(f"{b}-counter" for b in COUNTERS)}

    def step(self, events: Sequence[Event]) -> None:
        """Recount what the step's events may have raised; read the wildlings' strength."""
        super().step(events)
        if self.s.nights_watch:
            for event in events:
                if event.kind == WILDLINGS:
                    strength = int(event.data.get("strength", 0))
                    # the largest chits first: a giant for each 5, a knight for the rest
                    for chit, worth in sorted(WILDLING_CHITS.items(), key=lambda kv: -kv[1]):
                        self.raise_to(chit, strength // worth)
                        strength %= worth

    def count(self, groups: int) -> None:
        """Count the groups of ``groups`` in the game now."""
        s = self.s
        if groups & GOLD:
            heaps = [seat.gold for seat in s.seats]
            heaps.append(s.supplies)
            self.raise_all(COINS.needs(heaps))
        if groups & TITLES:
            held: dict[str, int] = {}
            for noble in s.nobles.values():
                if noble.titles:
                    tally_ids(held, noble.titles, "title-")
            self.raise_all(held)
        if groups & BUILDINGS:
            self.raise_all(self.counters())
        if groups & MARKERS:
            self.raise_all(self.markers())
        if groups & WALL and s.nights_watch:
            recruits: dict[str, int] = {}
            for band in s.recruits.values():
                for chit, n in band.items():
                    recruits[chit] = recruits.get(chit, 0) + n
            self.raise_all(recruits)
            self.raise_to("wall-defender", sum(s.defenders.values()))
        if groups & GUARD:
            cat = s.cat
            for unit, left in s.shared_stock.items():
                total = cat.shared[unit] or 0
                self.raise_to(cat.units[unit], total - left)
        if groups & SETUP:
            self.raise_all(self.cards())
            self.raise_all(self.setup_pieces())
        if groups & NOBLES:
            for noble in s.nobles.values():
                if noble.seat >= 0:  # a House's, from the set-up or since he joined it
                    self.raise_to(noble.id, 1)
                    self.raise_to(f"avatar-{noble.id}", 1)

    def cards(self) -> dict[str, int]:
        """The Court Event and Fortune cards in the game, by component id."""
        s = self.s
        piles = [*s.fortune, *s.fortune_discard, *s.court, *s.court_discard]
        piles += s.title_cards.values()
        for seat in s.seats:
            piles += seat.hand
        for here in s.disasters.values():
            piles += here
        in_game: dict[str, int] = {}
        tally_ids(in_game, piles)
        counts: dict[str, int] = {}
        cards = s.cat.cards
        for card, n in in_game.items():
            if card in self.copies:
                continue  # counted by season below
            prefix = "court-" if cards[card][0] == "court" else "fortune-"
            counts[prefix + card] = n
        for card, seasons in self.copies.items():
            # those still waiting by the tracker wear their season; those that joined
            # the deck came in season order, the earliest first
            joined = in_game.get(card, 0)
            for season, joining in seasons:
                waiting = s.copies_waiting.get(season, []).count(card)
                came = min(joined, joining - waiting) if season_passed(s, season) else 0
                joined -= came
                counts[f"{card}-{season}"] = waiting + came
        return counts

    def setup_pieces(self) -> dict[str, int]:
        """Troops, House markers and the set-up's shared pieces."""
        s = self.s
        cat = s.cat
        counts: dict[str, int] = {"first-player": 1, "council-seat-for-sale": 1}
        on_board = [[0] * len(cat.units) for _ in s.seats]
        for village in s.villages:
            for seat, units in village.units.items():
                mine = on_board[seat]
                for u, n in enumerate(units):
                    mine[u] = mine[u] + n
        for player in s.seats:
            house = player.house
            for u, unit in enumerate(cat.units):
                if u not in s.shared_stock:
                    counts[f"{unit}-{house}"] = player.stock[u] + on_board[player.index][u]
            counts[f"tax-marker-{house}"] = player.tax_markers
            counts[f"diplomacy-marker-{house}"] = player.diplomacy
            for marker in ("vote-for", "vote-decoy", "marriage-marker", "vp-marker"):
                counts[f"{marker}-{house}"] = 1
        if s.winter:
            counts["season-marker"] = 1
        if s.nights_watch:
            counts["wall-marker"] = 1
            for castle in s.castles:
                counts[castle] = counts.get(castle, 0) + 1
        return counts

    def counters(self) -> dict[str, int]:
        """The building counters on the board (not the buildings the map prints)."""
        strongholds = mills = septs = maesters = 0
        for village, (stronghold, sept) in zip(self.s.villages, self.printed, strict=True):
            if village.stronghold and village.stronghold != stronghold:
                strongholds += 1  # built, or the map's Stronghold made a Fortified City
            mills += village.mill
            septs += village.sept and not sept
            maesters += village.maester
        return {
            "stronghold-counter": strongholds,
            "mill-counter": mills,
            "sept-counter": septs,
            "maester-counter": maesters,
        }

    def markers(self) -> dict[str, int]:
        """Outlaw, captive, assassination and disaster markers in play."""
        s = self.s
        outlaws = captives = 0
        for noble in s.nobles.values():
            zone = noble.zone
            # a Noble who died (or left the game) an Outlaw keeps the flag, not the marker
            outlaws += noble.outlaw and zone not in GONE
            captives += zone == "captive"
        return {
            "outlaw-marker": outlaws,
            "captive-marker": captives,
            "assassination-marker": sum(seat.assassinations for seat in s.seats),
            "disaster-marker": s.disasters_on_board(),
        }


#: the zones of Nobles no longer in play (dead, or never or no longer in the game)
GONE = ("dead", "deck", "out")
#: the markers each House has (``<marker>-<house>``)
HOUSE_MARKERS = (
    "tax-marker",
    "diplomacy-marker",
    "vote-for",
    "vote-decoy",
    "marriage-marker",
    "vp-marker",
)
#: the shared markers and chits the meter counts
SHARED_MARKERS = (
    "first-player",
    "council-seat-for-sale",
    "season-marker",
    "wall-marker",
    "outlaw-marker",
    "captive-marker",
    "assassination-marker",
    "disaster-marker",
    "gold-1",
    "gold-5",  # through COINS.worth_id
    COINS.worth_id,
    "wildling-knight",
    "giant-champion",
    "nw-ranger",
    "nw-archer",
    "wall-defender",
)
#: the buildings with counters
COUNTERS = ("stronghold", "mill", "sept", "maester")


def season_passed(s: FiefState, season: str) -> bool:
    """Whether the season tracker has reached ``season`` (its copies may have joined)."""
    return SEASONS.index(season) <= s.season


def kit_meter(game: Game, thorough: bool = False) -> FiefKitMeter:
    """The kit meter of a fief ``game`` (the :class:`~pnp.rulesets.ruleset.Ruleset` hook)."""
    assert isinstance(game, FiefGame)
    return FiefKitMeter(game.s, thorough=thorough)
