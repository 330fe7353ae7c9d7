"""The fief game state: seats, Nobles, Villages, decks, titles — mutable and compact.

Villages and units are addressed by integer index (see :class:`FiefMap` and
``Catalog.units``); Nobles, cards and titles by their content ids. Everything
here is plain data plus small helpers that keep derived facts (who controls a
Village) in step; the rules that change the state live in the phase modules.
:meth:`FiefState.snapshot` gives the whole state as JSON-able data for
scenario expectations and state hashes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pnp.compiled import mypyc_attr
from pnp.rulesets.fief.catalog import Catalog, NobleCard

PHASES = ("setup", "hear_ye", "cards", "income", "purchase", "movement", "battles", "wall", "end")
SEASONS = ("summer", "autumn", "winter")
#: the Night's Watch Titles (their ids in titles.yaml)
BROTHER = "brother-of-the-watch"
LORD_COMMANDER = "lord-commander"
#: aside: alive and in play, waiting to be placed (freed, revived or just arrived)
#: what another player's unseen card (or a face-down deck card) looks like in a view
HIDDEN = "hidden"
#: a card in another player's hand, by its back: the Court deck's, or the Fortune deck's
#: (a bounty: a disaster is revealed as it is drawn, never held)
HIDDEN_BACKS = {"court": "hidden court", "bounty": "hidden fortune", "disaster": "hidden fortune"}
ZONES = ("deck", "board", "captive", "aside", "dead", "out")


# The copies below start from ``Class.__new__(Class)`` and set every field
# themselves. Compiled with mypyc, ``__new__`` also runs ``__init__`` (and fails
# for want of its arguments) unless the class allows interpreted subclasses, which
# keeps Python's meaning: ``__new__`` makes an empty object and nothing more.
# (``serializable=True`` should too, but mypy 2.4.1's mypyc then never runs
# ``__init__`` for a call from interpreted code.)
@mypyc_attr(allow_interpreted_subclasses=True)
class Seat:
    """One player: House, gold, hand, Character deck, stock and markers."""

    __slots__ = (
        "assassinations",
        "deck",
        "diplomacy",
        "gold",
        "hand",
        "home",
        "house",
        "index",
        "marriage",
        "partner",
        "powers",
        "seen",
        "start_council",
        "start_wardens",
        "stock",
        "tax_markers",
        "used",
    )

    def __init__(self, index: int, house: str, home: str | None, stock: list[int]) -> None:
        self.index = index
        self.house = house
        #: the House's ability words and their parameters
        self.powers: dict[str, Any] = {}
        #: the home Fief (Targaryen: the Fief it started in)
        self.home = home
        self.gold = 0
        self.hand: list[str] = []
        #: Character deck, top first
        self.deck: list[str] = []
        #: units in the House's supply, by unit index
        self.stock = stock
        self.tax_markers = 0
        self.diplomacy = 0
        #: allied seat (marriage in a game of 4+ players)
        self.partner: int | None = None
        #: (own spouse, other spouse) of this player's marriage
        self.marriage: tuple[str, str] | None = None
        #: power -> round it was last used (or 0 for once-per-game powers: any value)
        self.used: dict[str, int] = {}
        #: other seats' hands this player has seen this round: seat -> cards
        self.seen: dict[int, list[str]] = {}
        self.assassinations = 0
        #: Wardens and Council members held when the round began (Warden votes)
        self.start_wardens: list[str] = []
        self.start_council: list[str] = []


@mypyc_attr(allow_interpreted_subclasses=True)  # (see Seat)
class Noble:
    """A Noble in the game: where he is and what he holds."""

    __slots__ = (
        "at",
        "captor",
        "card",
        "cursed",
        "id",
        "moved",
        "outlaw",
        "sailed",
        "seat",
        "spouse",
        "titles",
        "zone",
    )

    def __init__(self, card: NobleCard, seat: int, zone: str = "deck") -> None:
        self.id = card.id
        self.card = card
        self.seat = seat
        self.zone = zone
        #: Village index while on the board, else -1
        self.at = -1
        #: seat holding him captive, else -1
        self.captor = -1
        self.outlaw = False
        self.titles: list[str] = []
        self.spouse: str | None = None
        #: Gods cursed (converted to R'hllor)
        self.cursed = False
        self.moved = False
        self.sailed = False

    def copy(self) -> Noble:
        """An independent copy."""
        n = Noble.__new__(Noble)
        n.id = self.id
        n.card = self.card
        n.seat = self.seat
        n.zone = self.zone
        n.at = self.at
        n.captor = self.captor
        n.outlaw = self.outlaw
        n.titles = list(self.titles)
        n.spouse = self.spouse
        n.cursed = self.cursed
        n.moved = self.moved
        n.sailed = self.sailed
        return n

    @property
    def lady(self) -> bool:
        """Whether this Noble is a Lady."""
        return self.card.lady

    @property
    def free(self) -> bool:
        """On the board and not captive: may move, fight, vote."""
        return self.zone == "board"

    @property
    def in_play(self) -> bool:
        """Alive and out of the deck: on the board, captive, waiting to be placed, or a
        Brother on the Wall (Night's Watch)."""
        return self.zone in ("board", "captive", "aside", "wall")


@mypyc_attr(allow_interpreted_subclasses=True)  # (see Seat)
class Village:
    """One Village: units by seat, Nobles present, buildings, control."""

    __slots__ = (
        "arrivals",
        "controller",
        "entries",
        "maester",
        "mill",
        "nobles",
        "sept",
        "stronghold",
        "units",
    )

    def __init__(self) -> None:
        #: seat -> unit counts by unit index
        self.units: dict[int, list[int]] = {}
        #: ids of the free Nobles standing here
        self.nobles: list[str] = []
        self.controller = -1
        #: seats present, in order of arrival (control stays with the earliest)
        self.arrivals: list[int] = []
        self.stronghold = 0
        self.mill = False
        self.sept = False
        self.maester = False
        #: (seat, road) of every army that entered this round
        self.entries: list[tuple[int, int]] = []

    def copy(self) -> Village:
        """An independent copy."""
        c = Village.__new__(Village)
        c.units = {seat: list(counts) for seat, counts in self.units.items()}
        c.nobles = list(self.nobles)
        c.controller = self.controller
        c.arrivals = list(self.arrivals)
        c.stronghold = self.stronghold
        c.mill = self.mill
        c.sept = self.sept
        c.maester = self.maester
        c.entries = list(self.entries)
        return c


def noble_fields(nobles: Iterable[Noble]) -> list[tuple[Any, ...]]:
    """Every field of each Noble as one tuple: equal tuples, interchangeable copies.

    Spelt out rather than an ``attrgetter`` of the slots: plain attribute reads
    cost half as much, and views compare every Noble at every decision
    (``tests/rulesets/fief/test_view.py`` checks that no slot is left out).
    """
    return [
        (
            n.id,
            n.card,
            n.seat,
            n.zone,
            n.at,
            n.captor,
            n.outlaw,
            n.titles,
            n.spouse,
            n.cursed,
            n.moved,
            n.sailed,
        )
        for n in nobles
    ]


def village_fields(villages: Iterable[Village]) -> list[tuple[Any, ...]]:
    """Every field of each Village as one tuple (as :func:`noble_fields`)."""
    return [
        (
            v.units,
            v.nobles,
            v.controller,
            v.arrivals,
            v.stronghold,
            v.mill,
            v.sept,
            v.maester,
            v.entries,
        )
        for v in villages
    ]


class _Published:
    """The public board of the last view made of a state, for the next view to share."""

    __slots__ = ("members", "noble_keys", "nobles", "roster", "village_keys", "villages")

    def __init__(
        self,
        nobles: dict[str, Noble],
        noble_keys: list[tuple[Any, ...]],
        members: dict[int, list[Noble]],
        roster: dict[int, list[Noble]],
        villages: list[Village],
        village_keys: list[tuple[Any, ...]],
    ) -> None:
        self.nobles = nobles
        #: each copy's fields (of the copies themselves, which never change)
        self.noble_keys = noble_keys
        #: each seat's live Nobles in roster order (identity tokens, never read)
        self.members = members
        self.roster = roster
        self.villages = villages
        self.village_keys = village_keys


@mypyc_attr(allow_interpreted_subclasses=True)  # (see Seat)
class FiefState:
    """The whole game."""

    def __init__(self, cat: Catalog, players: int, options: dict[str, Any]) -> None:
        self.cat = cat
        self.players = players
        self.tactics = bool(options.get("tactics", False))
        self.winter = bool(options.get("winter", False))
        self.concession = bool(options.get("concession", False))
        self.nights_watch = bool(options.get("nights_watch", False))
        self.seats: list[Seat] = []
        self.nobles: dict[str, Noble] = {}
        #: each seat's Nobles, whatever their zone
        self.roster: dict[int, list[Noble]] = {}
        self.villages = [Village() for _ in cat.map.ids]
        #: title -> the Noble holding it, for every Title one Noble holds at a time
        #: (not the Brothers' card, which many hold at once)
        self.holder: dict[str, str | None] = {
            t: None for t, info in cat.titles.items() if info.copies == 1
        }
        self.round = 1
        self.phase = "setup"
        self.first = 0
        self.starting_player = 0
        self.fortune: list[str] = []
        self.fortune_discard: list[str] = []
        self.court: list[str] = []
        self.court_discard: list[str] = []
        #: cards out of the game (the Plague Winter is Coming removes, unused copies)
        self.removed: list[str] = []
        #: Winter is Coming: 0 summer, 1 autumn, 2 winter
        self.season = 0
        self.copies_waiting: dict[str, list[str]] = {}
        #: region id -> disaster card ids lying there
        self.disasters: dict[str, list[str]] = {r: [] for r in cat.map.region_villages}
        #: Regions under Heavy Rain / Famine (kept in step by :meth:`refresh_weather`)
        self.rainy: set[str] = set()
        self.famished: set[str] = set()
        #: Tax cards in force this round
        self.taxes: list[dict[str, Any]] = []
        #: title -> the card that created it (Join the Small Council, Mother of Dragons),
        #: waiting at the board edge until the title returns
        self.title_cards: dict[str, str] = {}
        self.idols_destroyed = False
        self.heir_played = False
        #: net gold the bank has paid out (sum of the players' gold must equal it)
        self.minted = 0
        #: whitecloaks left in the shared supply
        self.shared_stock: dict[int, int] = {
            i: n for i, n in enumerate(cat.shared) if n is not None
        }
        self.result: Any = None
        #: fixed d6 results for scenarios, used before the random stream
        self.forced_dice: list[int] = []
        #: (seat, village) battles already fought this phase
        self.battles_fought: set[tuple[int, int, int]] = set()
        #: the noble the Master of Ships lets sail this Movement phase
        self.ships_pass: str | None = None
        #: (village, seat) -> unit counts that marched there this Movement phase, by
        #: road or by sea: they may not march again in it (FF-PH-13)
        self.marched: dict[tuple[int, int], list[int]] = {}
        #: face-down vote markers of the running election: seat -> (for, decoy)
        self.hidden_votes: dict[int, tuple[str | None, str | None]] = {}
        self.election: str | None = None
        #: sealed bids for the Council seat, placed but not yet revealed
        self.hidden_bids: dict[int, int] = {}
        #: Greyjoy's theft: (victim, gold in the left hand) while the thief chooses
        self.hidden_split: tuple[int, int] | None = None
        #: a deal's first card, chosen face down: (giver, card) while the other side chooses
        self.hidden_gift: tuple[int, str] | None = None
        #: in a view: the back of the Fortune deck's top card; seats that have voted
        self.fortune_top: str | None = None
        #: public context of the pending decision: the moving Noble, the battle's Village …
        self.focus: dict[str, Any] = {}
        self.votes_placed: list[int] = []
        #: the Night's Watch expansion (all public): the Wall marker, whether each
        #: castle still stands (content order), the supplies, each Brother's
        #: recruits by chit, the recruits left to buy, Defender tokens per seat
        self.wall_marker = 0
        self.castles: dict[str, bool] = {c.id: True for c in cat.content.wall_castles}
        self.supplies = 0
        self.recruits: dict[str, dict[str, int]] = {}
        self.recruit_supply: dict[str, int] = dict(cat.recruit_chits)
        self.defenders: dict[int, int] = {}
        #: the board the last view was given (see :meth:`_public_board`)
        self._published: _Published | None = None

    # -- seats and order --------------------------------------------------

    def order(self) -> list[int]:
        """Turn order, clockwise from the First Player."""
        n = self.players
        return [(self.first + i) % n for i in range(n)]

    def allied(self, a: int, b: int) -> bool:
        """Whether two seats are allies (never a seat with itself)."""
        return a != b and self.seats[a].partner == b

    def friendly(self, a: int, b: int) -> bool:
        """The same seat or allies."""
        return a == b or self.seats[a].partner == b

    def house_seat(self, house: str) -> int | None:
        """The seat playing ``house``, if any."""
        for seat in self.seats:
            if seat.house == house:
                return seat.index
        return None

    def ability(self, seat: int, word: str) -> Any:
        """The parameter of the seat's House ability ``word``, or ``None``."""
        return self.seats[seat].powers.get(word)

    def card_held(self, seat: int, word: str) -> str | None:
        """The first card in the seat's hand whose effect is ``word``, or ``None``.

        Cards the referee offers outside the card phase (an Ambush as a battle
        starts, a Secret Passage at a refused landing) are found by their effect,
        so a deck may name them as it likes.
        """
        cards = self.cat.cards
        hand = self.seats[seat].hand
        return next((c for c in hand if c in cards and cards[c][1] == word), None)

    # -- units and control -----------------------------------------------

    def troops(self, v: int, seat: int) -> list[int] | None:
        """Unit counts of ``seat`` at ``v`` (``None`` if it has none there)."""
        return self.villages[v].units.get(seat)

    def movable_troops(self, v: int, seat: int) -> list[int] | None:
        """``seat``'s troops at ``v`` that may still march this Movement phase: those
        that have not marched yet (FF-PH-13), as a new list; ``None`` if there are none."""
        units = self.villages[v].units.get(seat)
        if units is None:
            return None
        tired = self.marched.get((v, seat))
        if tired is None:
            return list(units)
        free = [max(0, have - done) for have, done in zip(units, tired, strict=True)]
        return free if any(free) else None

    def troop_count(self, v: int, seat: int) -> int:
        """How many troops ``seat`` has at ``v``."""
        units = self.villages[v].units.get(seat)
        return sum(units) if units else 0

    def nobles_at(self, v: int, seat: int) -> list[Noble]:
        """``seat``'s free Nobles at ``v``."""
        return [self.nobles[n] for n in self.villages[v].nobles if self.nobles[n].seat == seat]

    def present(self, v: int) -> list[int]:
        """Seats with troops or free Nobles at ``v``, in seat order."""
        vil = self.villages[v]
        seats = set(vil.units)
        for n in vil.nobles:
            seats.add(self.nobles[n].seat)
        return sorted(seats)

    def hostile_at(self, v: int, seat: int) -> bool:
        """Whether a player who is not ``seat`` nor his ally has troops or Nobles at ``v``."""
        vil = self.villages[v]
        partner = self.seats[seat].partner
        for other in vil.units:
            if other != seat and other != partner:
                return True
        nobles = self.nobles
        for nid in vil.nobles:
            other = nobles[nid].seat
            if other != seat and other != partner:
                return True
        return False

    def has_presence(self, v: int, seat: int) -> bool:
        """Whether ``seat`` has a troop or a free Noble at ``v``."""
        vil = self.villages[v]
        if seat in vil.units:
            return True
        return any(self.nobles[n].seat == seat for n in vil.nobles)

    def add_units(self, v: int, seat: int, unit: int, count: int) -> None:
        """Put ``count`` units of one kind at ``v`` (they must come from somewhere)."""
        if count <= 0:
            return
        vil = self.villages[v]
        units = vil.units.get(seat)
        if units is None:
            units = vil.units[seat] = [0] * len(self.cat.units)
        units[unit] += count
        self.update_control(v, arriving=seat)

    def remove_units(self, v: int, seat: int, unit: int, count: int) -> None:
        """Take ``count`` units of one kind off ``v``."""
        vil = self.villages[v]
        units = vil.units[seat]
        units[unit] -= count
        if units[unit] < 0:
            raise AssertionError(f"negative units at {v}")
        if not any(units):
            del vil.units[seat]
        self.update_control(v)

    def to_stock(self, seat: int, unit: int, count: int) -> None:
        """Return dead or disbanded units to their supply."""
        if unit in self.shared_stock:
            self.shared_stock[unit] += count
        else:
            self.seats[seat].stock[unit] += count

    def place_noble(self, noble: Noble, v: int) -> None:
        """Put a Noble on the board at ``v``."""
        noble.zone = "board"
        noble.at = v
        noble.captor = -1
        self.villages[v].nobles.append(noble.id)
        self.update_control(v, arriving=noble.seat)

    def lift_noble(self, noble: Noble) -> None:
        """Take a Noble off the board (captured, killed or moved)."""
        if noble.at >= 0:
            v = noble.at
            self.villages[v].nobles.remove(noble.id)
            noble.at = -1
            self.update_control(v)

    def update_control(self, v: int, arriving: int | None = None) -> None:
        """Recompute who controls ``v``: the earliest arrival still present."""
        vil = self.villages[v]
        if arriving is not None and arriving not in vil.arrivals:
            vil.arrivals.append(arriving)
        if vil.arrivals:
            present = [s for s in vil.arrivals if self.has_presence(v, s)]
            vil.arrivals = present
        vil.controller = vil.arrivals[0] if vil.arrivals else -1

    def controlled(self, seat: int) -> list[int]:
        """Villages ``seat`` controls."""
        return [v for v, vil in enumerate(self.villages) if vil.controller == seat]

    def occupies_fief(self, seat: int, fief: str) -> bool:
        """Whether ``seat`` holds every Village and a Stronghold of ``fief``."""
        villages = self.cat.map.fief_villages[fief]
        vils = self.villages
        if any(vils[v].controller != seat for v in villages):
            return False
        return any(vils[v].stronghold for v in villages)

    def region_of(self, v: int) -> str:
        """The Region id of Village ``v``."""
        return self.cat.map.region_of[v]

    def rain(self, region: str) -> bool:
        """Whether a Heavy Rain lies on ``region``."""
        return region in self.rainy

    def famine(self, region: str) -> bool:
        """Whether a Famine lies on ``region``."""
        return region in self.famished

    def refresh_weather(self) -> None:
        """Recompute the Regions under Heavy Rain or Famine (after any disaster moves)."""
        cards = self.cat.cards
        self.rainy = {
            r
            for r, here in self.disasters.items()
            if any(cards[c][1] == "heavy_rain" for c in here)
        }
        self.famished = {
            r for r, here in self.disasters.items() if any(cards[c][1] == "famine" for c in here)
        }

    def disasters_on_board(self) -> int:
        """How many disaster cards lie on the board."""
        return sum(len(cards) for cards in self.disasters.values())

    # -- titles ------------------------------------------------------------

    def kind_of(self, title: str) -> str:
        """``fief``, ``military``, ``high`` or ``special``."""
        return self.cat.titles[title].kind

    def slots_free(self, noble: Noble, kind: str) -> int:
        """How many more Titles of ``kind`` the Noble may hold.

        A special Title (Mother of Dragons) takes no slot (FF-TITLE-01, beside
        the Fief, Military and High limits of FF-TITLE-02/04/06): there is
        always room for it.
        """
        if kind == "special":
            return 1
        cap = self.cat.rules.fief_titles_per_noble if kind == "fief" else 1
        held = sum(1 for t in noble.titles if self.cat.titles[t].kind == kind)
        return cap - held

    def holder_of(self, title: str) -> Noble | None:
        """The Noble holding ``title``, if any."""
        nid = self.holder.get(title)
        return self.nobles[nid] if nid is not None else None

    def warden_region(self, noble: Noble) -> str | None:
        """The Region the Noble is Warden of, if any."""
        for t in noble.titles:
            region = self.cat.titles[t].region
            if region is not None:
                return region
        return None

    def is_warden(self, noble: Noble) -> bool:
        """Whether the Noble holds a Warden title."""
        return any(self.cat.titles[t].region is not None for t in noble.titles)

    def is_council(self, noble: Noble) -> bool:
        """Whether the Noble sits on the Small Council (the Hand included)."""
        return any(self.cat.titles[t].council for t in noble.titles)

    def is_royal_family(self, noble: Noble) -> bool:
        """King, Queen or Heir."""
        return (
            "king" in noble.titles
            or "queen" in noble.titles
            or (noble.card.heir_to_throne and noble.in_play)
        )

    def governed(self, region: str) -> bool:
        """Whether the Region has a Warden."""
        return self.holder[self.cat.warden_title[region]] is not None

    def alliance_vp(self) -> int:
        """The VP an alliance needs: more with the Night's Watch (FF-WIN-02)."""
        rules = self.cat.rules
        return rules.alliance_vp_with_wall if self.nights_watch else rules.alliance_vp

    def vp(self, seat: int) -> int:
        """Victory points of ``seat``: VP titles held by its living Nobles."""
        total = 0
        titles = self.cat.titles
        for title, nid in self.holder.items():
            if nid is not None and self.nobles[nid].seat == seat:
                total += titles[title].vp
        return total

    def release_recruits(self, nid: str) -> dict[str, int]:
        """Send a Brother's recruits back to the supply; returns them by chit."""
        band = self.recruits.pop(nid, {})
        for chit, n in band.items():
            self.recruit_supply[chit] += n
        return band

    def seat_nobles(self, seat: int, zones: tuple[str, ...] = ("board",)) -> list[Noble]:
        """``seat``'s Nobles in ``zones``, in the order they joined the House."""
        return [n for n in self.roster.get(seat, ()) if n.zone in zones]

    def enlist(self, noble: Noble, seat: int) -> None:
        """Make ``noble`` one of ``seat``'s Nobles (set-up, a Bannerman, an Heir)."""
        if noble.seat >= 0 and noble in self.roster.get(noble.seat, []):
            self.roster[noble.seat].remove(noble)
        noble.seat = seat
        self.roster.setdefault(seat, []).append(noble)

    # -- what one seat may know ---------------------------------------------

    def public_copy(self, seat: int) -> FiefState:
        """A copy of the state with everything ``seat`` may not know blanked out.

        Other players' hands become :data:`HIDDEN_BACKS` placeholders, by back (unless
        ``seat`` looked at them this round), deck orders are lost (Character
        decks sorted, draw piles blanked), face-down markers of other seats
        removed. The copy is frozen in time: later moves do not change it.
        """
        c = self._shallow_copy()
        me = self.seats[seat]
        seats = []
        for other in self.seats:
            cp = Seat.__new__(Seat)
            cp.index = other.index
            cp.house = other.house
            cp.powers = other.powers
            cp.home = other.home
            cp.gold = other.gold
            if other.index == seat:
                cp.hand = list(other.hand)
                cp.seen = {k: list(v) for k, v in other.seen.items()}
            else:
                seen = me.seen.get(other.index)
                # a hidden card still shows its back: the deck it came from is public
                # (resample.py pools a hand's cards by it, so the view must show it);
                # in a fixed order, as a hand held face down shows no order
                cards = self.cat.cards
                cp.hand = (
                    list(seen)
                    if seen is not None
                    else sorted(HIDDEN_BACKS[cards[c][0]] for c in other.hand)
                )
                cp.seen = {}
            cp.deck = sorted(other.deck)
            cp.stock = list(other.stock)
            cp.tax_markers = other.tax_markers
            cp.diplomacy = other.diplomacy
            cp.partner = other.partner
            cp.marriage = other.marriage
            cp.used = dict(other.used)
            cp.assassinations = other.assassinations
            cp.start_wardens = list(other.start_wardens)
            cp.start_council = list(other.start_council)
            seats.append(cp)
        c.seats = seats
        c.nobles, c.roster, c.villages = self._public_board()
        c.holder = dict(self.holder)
        c.fortune_top = self.cat.cards[self.fortune[-1]][0] if self.fortune else None
        c.fortune = [HIDDEN] * len(self.fortune)
        c.court = [HIDDEN] * len(self.court)
        c.fortune_discard = list(self.fortune_discard)
        c.court_discard = list(self.court_discard)
        c.removed = list(self.removed)
        c.copies_waiting = {k: list(v) for k, v in self.copies_waiting.items()}
        c.disasters = {k: list(v) for k, v in self.disasters.items()}
        c.rainy = set(self.rainy)
        c.famished = set(self.famished)
        c.taxes = [dict(t) for t in self.taxes]
        c.focus = dict(self.focus)
        c.title_cards = dict(self.title_cards)
        c.shared_stock = dict(self.shared_stock)
        c.castles = dict(self.castles)
        c.recruits = {k: dict(v) for k, v in self.recruits.items()}
        c.recruit_supply = dict(self.recruit_supply)
        c.defenders = dict(self.defenders)
        c.forced_dice = []
        c.battles_fought = set(self.battles_fought)
        c.marched = {k: list(v) for k, v in self.marched.items()}
        c.hidden_votes = {k: v for k, v in self.hidden_votes.items() if k == seat}
        c.votes_placed = sorted(self.hidden_votes)
        c.hidden_bids = {k: v for k, v in self.hidden_bids.items() if k == seat}
        split = self.hidden_split
        c.hidden_split = split if split is not None and split[0] == seat else None
        gift = self.hidden_gift
        c.hidden_gift = gift if gift is not None and gift[0] == seat else None
        return c

    def _shallow_copy(self) -> FiefState:
        """A new state whose every field is this one's (the same objects, not copies).

        Spelt out field by field: a state compiled with mypyc (``pnp/compiled.py``)
        has no ``__dict__`` to copy. :meth:`public_copy` then replaces what a view
        must not share or see; ``tests/rulesets/fief/test_view.py`` checks that
        every field set in :meth:`__init__` is named here.
        """
        c = FiefState.__new__(FiefState)
        c.cat = self.cat
        c.players = self.players
        c.tactics = self.tactics
        c.winter = self.winter
        c.concession = self.concession
        c.nights_watch = self.nights_watch
        c.seats = self.seats
        c.nobles = self.nobles
        c.roster = self.roster
        c.villages = self.villages
        c.holder = self.holder
        c.round = self.round
        c.phase = self.phase
        c.first = self.first
        c.starting_player = self.starting_player
        c.fortune = self.fortune
        c.fortune_discard = self.fortune_discard
        c.court = self.court
        c.court_discard = self.court_discard
        c.removed = self.removed
        c.season = self.season
        c.copies_waiting = self.copies_waiting
        c.disasters = self.disasters
        c.rainy = self.rainy
        c.famished = self.famished
        c.taxes = self.taxes
        c.title_cards = self.title_cards
        c.idols_destroyed = self.idols_destroyed
        c.heir_played = self.heir_played
        c.minted = self.minted
        c.shared_stock = self.shared_stock
        c.result = self.result
        c.forced_dice = self.forced_dice
        c.battles_fought = self.battles_fought
        c.ships_pass = self.ships_pass
        c.marched = self.marched
        c.hidden_votes = self.hidden_votes
        c.election = self.election
        c.hidden_bids = self.hidden_bids
        c.hidden_split = self.hidden_split
        c.hidden_gift = self.hidden_gift
        c.fortune_top = self.fortune_top
        c.focus = self.focus
        c.votes_placed = self.votes_placed
        c.wall_marker = self.wall_marker
        c.castles = self.castles
        c.supplies = self.supplies
        c.recruits = self.recruits
        c.recruit_supply = self.recruit_supply
        c.defenders = self.defenders
        c._published = None
        return c

    def _public_board(self) -> tuple[dict[str, Noble], dict[int, list[Noble]], list[Village]]:
        """Frozen copies of the Nobles, the roster and the Villages (all public), for a view.

        Consecutive views share every copy whose every field still equals the
        live object's (most of the board between two decisions): the result is
        equal, field for field, to fresh copies. The copies are never written
        to, by the state or (being a view's) by anyone else, so sharing them
        keeps each view frozen in time.
        """
        last = self._published
        nobles = self.nobles
        keys = noble_fields(nobles.values())
        # (the keys kept must be the copies': a live key holds the live titles list)
        if last is not None and keys == last.noble_keys:
            copies, keys = last.nobles, last.noble_keys
        else:
            old = dict(zip(last.nobles, last.noble_keys, strict=True)) if last else {}
            old_copies = last.nobles if last is not None else {}
            copies = {}
            for (nid, n), key in zip(nobles.items(), keys, strict=True):
                copies[nid] = old_copies[nid] if old.get(nid) == key else n.copy()
            keys = noble_fields(copies.values())
        # each seat's live Nobles, in order (compared by identity)
        members = {seat: list(ns) for seat, ns in self.roster.items()}
        if last is not None and copies is last.nobles and members == last.members:
            roster = last.roster
        else:
            roster = {seat: [copies[n.id] for n in ns] for seat, ns in members.items()}
        villages = self.villages
        vkeys = village_fields(villages)
        if last is not None and vkeys == last.village_keys:
            vcopies, vkeys = last.villages, last.village_keys
        else:
            old_keys: Sequence[tuple[Any, ...] | None]
            old_villages: Sequence[Village | None]
            if last is not None:
                old_keys, old_villages = last.village_keys, last.villages
            else:
                old_keys, old_villages = [None] * len(villages), [None] * len(villages)
            vcopies = [
                was if was is not None and key == old_key else vil.copy()
                for vil, key, old_key, was in zip(
                    villages, vkeys, old_keys, old_villages, strict=True
                )
            ]
            vkeys = village_fields(vcopies)
        self._published = _Published(copies, keys, members, roster, vcopies, vkeys)
        return copies, roster, vcopies

    # -- snapshot ----------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """The whole state as JSON-able data."""
        cat = self.cat
        ids = cat.map.ids
        units = cat.units

        def unit_map(counts: list[int]) -> dict[str, int]:
            return {units[i]: c for i, c in enumerate(counts) if c}

        seats = []
        for s in self.seats:
            seats.append(
                {
                    "house": s.house,
                    "home": s.home,
                    "gold": s.gold,
                    "hand": list(s.hand),
                    "deck": list(s.deck),
                    "stock": {units[i]: c for i, c in enumerate(s.stock)},
                    "tax_markers": s.tax_markers,
                    "diplomacy": s.diplomacy,
                    "partner": s.partner,
                    "marriage": list(s.marriage) if s.marriage else None,
                    "vp": self.vp(s.index),
                    "used": dict(sorted(s.used.items())),
                    "assassinations": s.assassinations,
                }
            )
        nobles = {
            n.id: {
                "seat": n.seat,
                "zone": n.zone,
                "at": ids[n.at] if n.at >= 0 else None,
                "captor": n.captor if n.captor >= 0 else None,
                "outlaw": n.outlaw,
                "titles": sorted(n.titles),
                "spouse": n.spouse,
                "cursed": n.cursed,
            }
            for n in sorted(self.nobles.values(), key=lambda n: n.id)
        }
        villages = {}
        for v, vil in enumerate(self.villages):
            villages[ids[v]] = {
                "controller": vil.controller if vil.controller >= 0 else None,
                "units": {str(seat): unit_map(c) for seat, c in sorted(vil.units.items())},
                "nobles": sorted(vil.nobles),
                "stronghold": vil.stronghold,
                "mill": vil.mill,
                "sept": vil.sept,
                "maester": vil.maester,
            }
        return {
            "round": self.round,
            "phase": self.phase,
            "first_player": self.first,
            "season": SEASONS[self.season],
            "options": {
                "tactics": self.tactics,
                "winter": self.winter,
                "concession": self.concession,
                "nights_watch": self.nights_watch,
            },
            "seats": seats,
            "nobles": nobles,
            "villages": villages,
            "titles": dict(self.holder),
            "disasters": {r: list(c) for r, c in self.disasters.items()},
            "taxes": [dict(t) for t in self.taxes],
            "fortune": {"deck": list(self.fortune), "discard": list(self.fortune_discard)},
            "court": {"deck": list(self.court), "discard": list(self.court_discard)},
            "removed": list(self.removed),
            "title_cards": dict(self.title_cards),
            "idols_destroyed": self.idols_destroyed,
            "heir_played": self.heir_played,
            "minted": self.minted,
            "shared_stock": {units[i]: c for i, c in self.shared_stock.items()},
            "mills": sum(1 for vil in self.villages if vil.mill),
            "box": cat.box(),
            "wall": self.wall_snapshot(),
        }

    def wall_snapshot(self) -> dict[str, Any] | None:
        """The Night's Watch pieces, or ``None`` in a game without the expansion."""
        if not self.nights_watch:
            return None
        return {
            "marker": self.wall_marker,
            "castles": dict(self.castles),
            "supplies": self.supplies,
            "brothers": sorted(n.id for n in self.nobles.values() if n.zone == "wall"),
            "recruits": {b: dict(r) for b, r in sorted(self.recruits.items())},
            "recruit_supply": dict(self.recruit_supply),
            "defenders": {str(seat): n for seat, n in sorted(self.defenders.items())},
        }
