"""Scenario positions: a fief game set up from a scenario file's ``setup:``.

The position is written in content ids::

    setup:
      players: 5                          # default: the number of seats
      phase: battles                      # hear_ye (default), elections, cards,
                                          # card_plays, income, purchase, movement,
                                          # battles, wall (Night's Watch only) or end
      round: 3
      first_player: 0
      options: {tactics: true, nights_watch: true}
      dice: [6, 6, 1]                     # fixed d6 results, used before the random stream
      seats:
        - {house: stark, gold: 5, hand: [tax]}
        - {house: lannister}
        - {house: tully}
        - {house: martell}
        - {house: arryn}
      nobles:                             # Nobles not named stay in their Character deck
        stark-eddard: {at: winterfell, titles: [paramount-north]}
        tully-edmure: {at: winterfell}    # an enemy in Winterfell: a battle
        lannister-cersei: {at: casterly-rock}
        lannister-jaime: {captive_of: 2}  # `at` or `captive_of`, never both
        stark-benjen: {zone: wall, titles: [brother-of-the-watch]}   # Night's Watch
      troops:
        winterfell: {0: {knight: 1, man-at-arms: 3}, 2: {knight: 2}}
      villages:
        winterfell: {stronghold: 1, mill: true, controller: 0}
      marriages: [[stark-eddard, lannister-cersei]]   # Nobles placed under nobles:
      disasters: {region-north: [famine]}
      fortune: [plague, tax]              # top of the Fortune deck; the rest follows
      court: [lord-comes-of-age]
      wall: {marker: 2, fallen: [castle-black], supplies: 1,   # with options {nights_watch: true}
             recruits: {stark-benjen: {nw-ranger: 2}}, defenders: {0: 1}}

A scenario game opens with a ``scenario_start`` decision (one option,
``begin``), so every event of the position — income, a battle, the end of the
round — happens inside the script and can be expected. Fixture Nobles come
from the scenario's ``cards:`` list (same fields as content Nobles).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import Field, ValidationError

from pnp.content import ContentModel, LoadedContent
from pnp.content.model import Loc
from pnp.engine.errors import SetupError
from pnp.engine.game import GameConfig
from pnp.engine.rng import stream
from pnp.engine.scenario_setup import Problems, ScenarioSetup, SeatSetup, located, validate_setup
from pnp.errors import PnpError
from pnp.rulesets.fief.catalog import Catalog, build_catalog, catalog_for
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.model import PLAYER_COUNTS
from pnp.rulesets.fief.model import Noble as NobleModel
from pnp.rulesets.fief.setup import build_state, check_options, fresh_state
from pnp.rulesets.fief.state import BROTHER, LORD_COMMANDER, SEASONS, FiefState, Noble


class FiefSeat(SeatSetup):
    """One player of a scenario."""

    gold: int = Field(default=0, ge=0)
    hand: list[str] = []
    tax_markers: int | None = Field(default=None, ge=0)
    diplomacy: int | None = Field(default=None, ge=0)
    used: dict[str, int] = {}
    assassinations: int = Field(default=0, ge=0)
    home: str | None = None


class NobleSetup(ContentModel):
    """Where one Noble is and what he holds."""

    at: str | None = None
    captive_of: int | None = None
    zone: Literal["deck", "board", "captive", "dead", "out", "wall"] | None = None
    seat: int | None = None
    titles: list[str] = []
    outlaw: bool = False
    cursed: bool = False
    moved: bool = False


class VillageSetup(ContentModel):
    """Buildings and control of one Village."""

    stronghold: Literal[0, 1, 2] | None = None
    mill: bool | None = None
    sept: bool | None = None
    maester: bool | None = None
    controller: int | None = None
    #: armies that entered this round: ``[seat, from-village]``
    entered: list[tuple[int, str]] = []


class WallSetup(ContentModel):
    """The Night's Watch pieces (option ``nights_watch``); Brothers are Nobles in zone ``wall``."""

    marker: int = Field(default=0, ge=0)
    fallen: list[str] = []
    supplies: int = Field(default=0, ge=0)
    #: each Brother's recruits by chit: ``{stark-benjen: {nw-ranger: 2}}``
    recruits: dict[str, dict[str, int]] = {}
    #: Defender of the Wall tokens by seat
    defenders: dict[int, int] = {}


class FiefSetup(ScenarioSetup[FiefSeat]):
    """The ``setup:`` mapping of a fief scenario."""

    #: set the game up as a new game would (houses from ``seats``); the script
    #: then picks the starting Villages
    new_game: bool = False
    #: where the game opens: a phase, or ``elections`` (Hear Ye from the Warden
    #: elections on) or ``card_plays`` (the card phase from its plays on)
    phase: Literal[
        "hear_ye",
        "elections",
        "cards",
        "card_plays",
        "income",
        "purchase",
        "movement",
        "battles",
        "wall",
        "end",
    ] = "hear_ye"
    round: int = Field(default=1, ge=1)
    first_player: int | None = Field(default=None, ge=0)
    options: dict[str, bool] = {}
    dice: list[int] = []
    nobles: dict[str, NobleSetup] = {}
    troops: dict[str, dict[int, dict[str, int]]] = {}
    villages: dict[str, VillageSetup] = {}
    marriages: list[tuple[str, str]] = []
    disasters: dict[str, list[str]] = {}
    fortune: list[str] = []
    #: where the Fortune cards not placed anywhere else go: under ``fortune`` or
    #: to the discard pile (an empty deck, to test reshuffles)
    fortune_rest: Literal["deck", "discard"] = "deck"
    fortune_discard: list[str] = []
    court: list[str] = []
    court_discard: list[str] = []
    title_cards: dict[str, str] = {}
    season: Literal["summer", "autumn", "winter"] = "summer"
    idols_destroyed: bool = False
    heir_played: bool = False
    wall: WallSetup | None = None


def _fixture_catalog(content: LoadedContent, cards: Sequence[Mapping[str, Any]]) -> Catalog:
    """The content's catalog, plus the scenario's fixture Nobles."""
    if not cards:
        return catalog_for(content.model)
    problems: list[tuple[tuple[str | int, ...], str]] = []
    extra = []
    known = {n.id for n in content.model.nobles}
    houses = {h.id for h in content.model.houses}
    attributes = {a.id for a in content.model.attributes}
    for i, raw in enumerate(cards):
        try:
            noble = NobleModel.model_validate(raw)
        except ValidationError as exc:
            problems.extend(located(exc, raw, ("cards", i), NobleModel))
            continue
        if noble.id in known:
            problems.append((("cards", i, "id"), f"{noble.id!r} is already a content Noble"))
        if noble.house is not None and noble.house not in houses:
            problems.append((("cards", i, "house"), f"unknown House {noble.house!r}"))
        for j, attr in enumerate(noble.attributes):
            if attr not in attributes:
                problems.append((("cards", i, "attributes", j), f"unknown attribute {attr!r}"))
        known.add(noble.id)
        extra.append(noble)
    if problems:
        raise SetupError(problems=problems)
    model = content.model.model_copy(update={"nobles": [*content.model.nobles, *extra]})
    return build_catalog(model)


def scenario_game(
    content: LoadedContent,
    setup: Mapping[str, Any],
    cards: Sequence[Mapping[str, Any]],
    seed: int,
) -> Any:
    """A game at the scenario's position (``Ruleset.scenario_game``)."""
    spec: FiefSetup = validate_setup(FiefSetup, setup)
    cat = _fixture_catalog(content, cards)
    if spec.new_game:
        return _new_game(cat, spec, seed)
    problems = Problems()
    state = _build(cat, spec, problems)
    problems.check()
    game = FiefGame(state, stream(seed, "game"), spec.phase, pause=True)
    return game


def _new_game(cat: Catalog, spec: FiefSetup, seed: int) -> Any:
    """A new game's set-up with the scenario's Houses, First Player, deck tops and dice."""
    problems = Problems()
    houses = [seat.house for seat in spec.seats]
    if spec.player_count != len(houses):
        problems.add(("players",), f"{spec.player_count} players but {len(houses)} seats")
    if spec.first_player is not None and spec.first_player >= len(houses):
        problems.add(
            ("first_player",),
            f"seat {spec.first_player} does not exist (seats 0–{len(houses) - 1})",
        )
    for key in ("fortune", "court"):
        for j, card in enumerate(getattr(spec, key)):
            if card not in cat.cards:
                problems.add((key, j), f"unknown card {card!r}")
    problems.check()
    rng = stream(seed, "game")
    config = GameConfig(len(houses), tuple(houses), dict(spec.options))
    try:
        state = fresh_state(
            cat,
            config,
            rng,
            first=spec.first_player,
            court_top=spec.court,
            fortune_top=spec.fortune,
        )
    except (PnpError, ValueError) as exc:
        raise SetupError(str(exc), ("setup",)) from None
    state.forced_dice = list(spec.dice)
    return FiefGame(state, rng, "setup", pause=True)


def _build(cat: Catalog, spec: FiefSetup, problems: Problems) -> FiefState:
    """The state the setup describes, section by section; every problem goes to ``problems``."""
    players = spec.player_count
    if players != len(spec.seats):
        problems.add(("players",), f"{players} players but {len(spec.seats)} seats")
    elif players not in PLAYER_COUNTS:  # as the referee's own games (pnp rulesets)
        low, high = PLAYER_COUNTS[0], PLAYER_COUNTS[-1]
        where = ("players",) if "players" in spec.model_fields_set else ("seats",)
        problems.add(where, f"{low}–{high} players, not {players}")
    houses = []
    for i, seat in enumerate(spec.seats):
        if seat.house not in cat.houses:
            problems.add(("seats", i, "house"), f"unknown House {seat.house!r}")
        elif seat.house in houses:
            problems.add(("seats", i, "house"), f"House {seat.house!r} is played twice")
        houses.append(seat.house)
    try:
        options = check_options(spec.options)
    except Exception as exc:
        problems.add(("options",), str(exc))
        options = {}
    watch_from = cat.rules.nights_watch.min_players
    if options.get("nights_watch") and len(spec.seats) < watch_from:
        problems.add(("options",), f"nights_watch needs at least {watch_from} players")
    if spec.phase == "wall" and not options.get("nights_watch"):
        # without the expansion the round has no Wall phase: the game would skip ahead
        problems.add(("phase",), "the wall phase is played only with the option nights_watch: true")
    problems.check()
    s = build_state(cat, len(spec.seats), options, houses)
    s.round = spec.round
    s.phase = {"elections": "hear_ye", "card_plays": "cards"}.get(spec.phase, spec.phase)
    first = spec.first_player or 0
    if first >= s.players:
        problems.add(("first_player",), f"no seat {first}")
    s.first = s.starting_player = first % s.players
    for j, roll in enumerate(spec.dice):
        if not 1 <= roll <= 6:
            problems.add(("dice", j), f"a d6 shows 1 to 6, not {roll}")
    s.forced_dice = list(spec.dice)
    s.season = SEASONS.index(spec.season)
    s.idols_destroyed = spec.idols_destroyed
    s.heir_played = spec.heir_played

    used_cards: Counter[str] = Counter()  # the Fortune and Court cards placed outside the decks
    _place_seats(cat, spec, s, problems, used_cards)
    _place_nobles(cat, spec, s, problems)
    _stack_character_decks(cat, spec, s, problems)
    _place_troops(cat, spec, s, problems)
    _set_villages(cat, spec, s, problems)
    _marry(cat, spec, s, problems)
    _place_cards(cat, spec, s, problems, used_cards)
    if spec.wall is not None:
        _build_wall(s, spec.wall, problems)
    s.refresh_weather()
    for player in s.seats:
        player.start_wardens = [n.id for n in s.seat_nobles(player.index) if s.is_warden(n)]
        player.start_council = [n.id for n in s.seat_nobles(player.index) if s.is_council(n)]
    return s


def _seat_ok(s: FiefState, seat: int, problems: Problems, loc: tuple[str | int, ...]) -> bool:
    """Whether ``seat`` is a seat of this game; if not, a problem at ``loc``."""
    if 0 <= seat < s.players:
        return True
    problems.add(loc, f"seat {seat} does not exist (seats 0–{s.players - 1})")
    return False


def _village(cat: Catalog, problems: Problems, name: str, loc: tuple[str | int, ...]) -> int:
    """The index of Village ``name``, or -1 (a problem at ``loc``) if there is none."""
    if name not in cat.map.index:
        problems.add(loc, f"unknown Village {name!r}")
        return -1
    return cat.map.index[name]


def _place_seats(
    cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems, used_cards: Counter[str]
) -> None:
    """Each seat's gold, hand, markers, powers used and home Fief."""
    m = cat.map
    for i, seat_spec in enumerate(spec.seats):
        seat = s.seats[i]
        seat.gold = seat_spec.gold
        s.minted += seat_spec.gold
        for j, card in enumerate(seat_spec.hand):
            if card not in cat.cards:
                problems.add(("seats", i, "hand", j), f"unknown card {card!r}")
            else:
                seat.hand.append(card)
                used_cards[card] += 1
        if seat_spec.tax_markers is not None:
            seat.tax_markers = seat_spec.tax_markers
        if seat_spec.diplomacy is not None:
            seat.diplomacy = seat_spec.diplomacy
        seat.used = dict(seat_spec.used)
        seat.assassinations = seat_spec.assassinations
        if seat_spec.home is not None:
            if seat_spec.home not in m.fief_villages:
                problems.add(("seats", i, "home"), f"unknown Fief {seat_spec.home!r}")
            seat.home = seat_spec.home
        elif seat.home is None:
            seat.home = next(iter(m.fief_villages))


def _place_nobles(cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems) -> None:
    """The Nobles named: seat, place (board, captive, another zone), state and titles."""
    for nid, ns in spec.nobles.items():
        loc = ("nobles", nid)
        noble = s.nobles.get(nid)
        if noble is None:
            if nid in cat.nobles:
                problems.add(loc, f"{nid!r} belongs to a House nobody plays")
            else:
                problems.add(loc, f"unknown Noble {nid!r}")
            continue
        if ns.seat is not None:
            if noble.card.kind == "noble":
                problems.add((*loc, "seat"), "only a Bannerman or an Heir may be given a seat")
            elif not 0 <= ns.seat < s.players:
                problems.add((*loc, "seat"), f"no seat {ns.seat}")
            else:
                s.enlist(noble, ns.seat)
        elif noble.seat < 0 and (ns.at is not None or ns.captive_of is not None):
            problems.add(loc, f"{nid!r} needs a seat")
            continue
        zone = ns.zone or ("board" if ns.at else "captive" if ns.captive_of is not None else None)
        # `at` places a Noble on the board, `captive_of` in a captor's hands (off the
        # board): a Noble is in one place, and an extra key would be dropped silently
        if ns.at is not None and ns.captive_of is not None:
            problems.add(
                (*loc, "captive_of"),
                "`at` puts a Noble on the board and `captive_of` makes him a captive, who "
                "is off the board: give one of them",
            )
            continue
        if ns.at is not None and zone != "board":
            problems.add((*loc, "at"), f"`at` is for a Noble on the board, not zone: {zone}")
            continue
        if ns.captive_of is not None and zone != "captive":
            problems.add((*loc, "captive_of"), f"`captive_of` is for a captive, not zone: {zone}")
            continue
        if zone == "wall":
            _brother(cat, s, noble, ns, problems, loc)
        else:
            for j, title in enumerate(ns.titles):
                if title in (BROTHER, LORD_COMMANDER):
                    problems.add(
                        (*loc, "titles", j),
                        f"only a Brother on the Wall (zone: wall) holds {title!r}",
                    )
        if zone == "board":
            if ns.at is None:
                problems.add(loc, "a Noble on the board needs `at`")
                continue
            v = _village(cat, problems, ns.at, (*loc, "at"))
            if v < 0:
                continue  # his titles would only add "not in play" to the real problem
            s.place_noble(noble, v)
        elif zone == "captive":
            if ns.captive_of is None:
                problems.add((*loc, "captive_of"), "a captive needs the seat holding him")
                continue
            if not _seat_ok(s, ns.captive_of, problems, (*loc, "captive_of")):
                continue
            if ns.captive_of == noble.seat:
                problems.add((*loc, "captive_of"), "a Noble cannot be his own player's captive")
            noble.zone = "captive"
            noble.captor = ns.captive_of
        elif zone is not None:
            noble.zone = zone
        noble.outlaw = ns.outlaw
        noble.cursed = ns.cursed
        noble.moved = ns.moved
        for j, title in enumerate(ns.titles):
            if title not in cat.titles:
                problems.add((*loc, "titles", j), f"unknown title {title!r}")
            elif s.holder.get(title) is not None:
                problems.add((*loc, "titles", j), f"{title!r} is already held by {s.holder[title]}")
            elif not noble.in_play:
                problems.add((*loc, "titles", j), f"{nid!r} is not in play")
            else:
                if title in s.holder:  # not the Brothers' card, which many hold
                    s.holder[title] = nid
                noble.titles.append(title)
        for kind in ("fief", "military", "high"):  # a special Title takes no slot
            if s.slots_free(noble, kind) < 0:
                problems.add((*loc, "titles"), f"too many {kind} titles for one Noble")


def _brother(
    cat: Catalog, s: FiefState, noble: Noble, ns: NobleSetup, problems: Problems, loc: Loc
) -> None:
    """A Noble set on the Wall: what the Night's Watch rules ask of a Brother (FF-NW-07).

    Only with the expansion; an unmarried Lord (the rules' ``may_take_the_black``)
    holding the Brother title, and no more Brothers per House than the rules allow.
    """
    nw = cat.rules.nights_watch
    if not s.nights_watch:
        problems.add((*loc, "zone"), "the Wall is used only with the option nights_watch: true")
    elif noble.lady:
        problems.add((*loc, "zone"), f"{noble.id!r} is a Lady: only a Lord takes the black")
    elif BROTHER not in ns.titles:
        problems.add(
            (*loc, "titles"),
            f"a Brother on the Wall holds the title {BROTHER!r}: add it to titles",
        )
    else:
        brothers = sum(1 for n in s.nobles.values() if n.zone == "wall" and n.seat == noble.seat)
        if brothers >= nw.brothers_per_house:
            problems.add(
                (*loc, "zone"),
                f"seat {noble.seat} has {brothers} Brother(s) on the Wall already; "
                f"a House has at most {nw.brothers_per_house}",
            )


def _stack_character_decks(cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems) -> None:
    """Each seat's Character deck: the Nobles it lists on top, the rest of its House below."""
    for i, seat_spec in enumerate(spec.seats):
        seat = s.seats[i]
        rest = [nid for nid in cat.house_nobles[seat.house] if s.nobles[nid].zone == "deck"]
        if seat_spec.deck is not None:
            for j, nid in enumerate(seat_spec.deck):
                if nid not in rest:
                    problems.add(
                        ("seats", i, "deck", j),
                        f"{nid!r} is not a Noble of this House left in the deck",
                    )
            top = [nid for nid in seat_spec.deck if nid in rest]
            seat.deck = top + [nid for nid in rest if nid not in top]
        else:
            seat.deck = rest


def _place_troops(cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems) -> None:
    """Troops by Village and seat, taken from the House's or the shared stock."""
    for name, by_seat in spec.troops.items():
        v = _village(cat, problems, name, ("troops", name))
        if v < 0:
            continue
        for seat_index, units in by_seat.items():
            if not 0 <= seat_index < s.players:
                problems.add(("troops", name, seat_index), f"no seat {seat_index}")
                continue
            for unit, count in units.items():
                loc = ("troops", name, seat_index, unit)
                if unit not in cat.unit_index:
                    problems.add(loc, f"unknown unit {unit!r}")
                    continue
                u = cat.unit_index[unit]
                if u in s.shared_stock:
                    if s.shared_stock[u] < count:
                        problems.add(loc, f"only {s.shared_stock[u]} {unit} left")
                        continue
                    s.shared_stock[u] -= count
                else:
                    stock = s.seats[seat_index].stock
                    if stock[u] < count:
                        problems.add(loc, f"House stock holds only {stock[u]} {unit}")
                        continue
                    stock[u] -= count
                s.add_units(v, seat_index, u, count)


def _set_villages(cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems) -> None:
    """Buildings, control and this round's arrivals of the Villages named."""
    m = cat.map
    for name, vs in spec.villages.items():
        v = _village(cat, problems, name, ("villages", name))
        if v < 0:
            continue
        vil = s.villages[v]
        for field in ("stronghold", "mill", "sept", "maester"):
            value = getattr(vs, field)
            if value is not None:
                setattr(vil, field, value)
        if vs.controller is not None and _seat_ok(
            s, vs.controller, problems, ("villages", name, "controller")
        ):
            if not s.has_presence(v, vs.controller):
                problems.add(
                    ("villages", name, "controller"), f"seat {vs.controller} has nothing there"
                )
            else:
                vil.arrivals = [vs.controller] + [p for p in vil.arrivals if p != vs.controller]
                s.update_control(v)
        for j, (seat_index, frm) in enumerate(vs.entered):
            if not _seat_ok(s, seat_index, problems, ("villages", name, "entered", j, 0)):
                continue
            w = _village(cat, problems, frm, ("villages", name, "entered", j, 1))
            road = m.road_between(v, w) if w >= 0 else None
            if w >= 0 and road is None:
                problems.add(("villages", name, "entered", j), f"no road from {frm!r}")
            elif road is not None:
                vil.entries.append((seat_index, road))


def _marry(cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems) -> None:
    """The marriages, and the alliances they make from ``alliances_from`` players on."""
    for j, (a, b) in enumerate(spec.marriages):
        na, nb = s.nobles.get(a), s.nobles.get(b)
        if na is None or nb is None:
            problems.add(("marriages", j), "unknown Noble")
            continue
        if na.lady == nb.lady or na.seat == nb.seat:
            problems.add(("marriages", j), "a marriage joins a Lord and a Lady of two players")
            continue
        bad = False
        for k, n in enumerate((na, nb)):
            # the invariants allow a spouse only to a Noble in play; Brothers never wed
            if n.zone not in ("board", "captive"):
                if n.zone == "wall":  # FF-MARR-02, FF-NW-07
                    why = "a Brother of the Night's Watch, who never marries"
                else:
                    where = "in the Character deck" if n.zone == "deck" else n.zone
                    why = (
                        f"{where}: only a Noble on the board (or a captive) is married; "
                        "place him or her under nobles: first"
                    )
                problems.add(("marriages", j, k), f"{n.id!r} is {why}")
                bad = True
            elif n.spouse is not None:
                problems.add(("marriages", j, k), f"{n.id!r} is married to {n.spouse!r} already")
                bad = True
        if bad:
            continue
        na.spouse, nb.spouse = b, a
        s.seats[na.seat].marriage = (a, b)
        s.seats[nb.seat].marriage = (b, a)
        if s.players >= cat.rules.alliances_from:
            s.seats[na.seat].partner = nb.seat
            s.seats[nb.seat].partner = na.seat
    _check_queen(s, problems)


def _check_queen(s: FiefState, problems: Problems) -> None:
    """The Queen is a Lady, and while a King reigns, his wife (FF-TITLE-08, FF-KING-10).

    Without a King she may be a Queen Regent (FF-KING-05), married or not.
    """
    qid, kid = s.holder.get("queen"), s.holder.get("king")
    if qid is None:
        return
    queen = s.nobles[qid]
    loc = ("nobles", qid, "titles", queen.titles.index("queen"))
    if not queen.lady:
        problems.add(loc, f"{qid!r} is a Lord: the Queen is a Lady, the King's wife")
    elif kid is not None and queen.spouse != kid:
        problems.add(
            loc,
            f"the Queen is the King's wife: marry {qid!r} to King {kid!r} under marriages:",
        )


def _place_cards(
    cat: Catalog, spec: FiefSetup, s: FiefState, problems: Problems, used_cards: Counter[str]
) -> None:
    """Disasters on the board, title cards, discard piles, then both decks from what is left."""
    for region, cards_here in spec.disasters.items():
        if region not in s.disasters:
            problems.add(("disasters", region), f"unknown Region {region!r}")
            continue
        for j, card in enumerate(cards_here):
            if card not in cat.cards or cat.cards[card][0] != "disaster":
                problems.add(("disasters", region, j), f"{card!r} is not a disaster card")
                continue
            s.disasters[region].append(card)
            used_cards[card] += 1
    for title, card in spec.title_cards.items():
        if title not in cat.titles or card not in cat.cards:
            problems.add(("title_cards", title), "unknown title or card")
            continue
        s.title_cards[title] = card
        used_cards[card] += 1
    for key in ("fortune_discard", "court_discard"):
        for j, card in enumerate(getattr(spec, key)):
            if card not in cat.cards:
                problems.add((key, j), f"unknown card {card!r}")
                continue
            getattr(s, key).append(card)
            used_cards[card] += 1
    pool_fortune = Counter(cat.fortune_deck)
    if s.winter:
        pool_fortune.update(
            c for season in SEASONS[1 : s.season + 1] for c in cat.season_copies.get(season, [])
        )
        waiting = {k: list(v) for k, v in cat.season_copies.items() if SEASONS.index(k) > s.season}
        s.copies_waiting = waiting
    if s.winter:
        removed = next((c for c in cat.fortune_deck if cat.cards[c][1] == "plague"), None)
        if removed is not None:
            pool_fortune[removed] -= 1
            s.removed.append(removed)
    pool_court = Counter(cat.court_deck)
    for card, count in used_cards.items():
        pool = pool_court if cat.cards[card][0] == "court" else pool_fortune
        if pool[card] < count:
            problems.add(
                (), f"more {card!r} cards placed than the game has ({count} > {pool[card]})"
            )
        pool[card] -= count
    for key, pool, order in (
        ("fortune", pool_fortune, cat.fortune_deck),
        ("court", pool_court, cat.court_deck),
    ):
        top = list(getattr(spec, key))
        for j, card in enumerate(top):
            if pool[card] <= 0:
                problems.add((key, j), f"no {card!r} card left for the deck")
            else:
                pool[card] -= 1
        rest = [c for c in dict.fromkeys(order) for _ in range(max(0, pool[c]))]
        if s.winter and key == "fortune":
            rest += [c for c, n in pool.items() if c not in order for _ in range(max(0, n))]
        if key == "fortune" and spec.fortune_rest == "discard":
            s.fortune_discard += rest
            rest = []
        # the draw pile's top is the end of the list
        setattr(s, key, list(reversed(top + rest)))


def _build_wall(s: FiefState, wall: WallSetup, problems: Problems) -> None:
    """The Night's Watch pieces of a scenario position."""
    if not s.nights_watch:
        problems.add(("wall",), "the Wall is set up only with the option nights_watch: true")
        return
    track = s.cat.rules.nights_watch.track
    if wall.marker > track:
        problems.add(("wall", "marker"), f"the Wall track ends at {track}")
    s.wall_marker = wall.marker
    for j, castle in enumerate(wall.fallen):
        if castle not in s.castles:
            problems.add(("wall", "fallen", j), f"unknown castle {castle!r}")
        else:
            s.castles[castle] = False
    s.supplies = wall.supplies
    for nid, band in wall.recruits.items():
        noble = s.nobles.get(nid)
        if noble is None or noble.zone != "wall":
            problems.add(("wall", "recruits", nid), f"{nid!r} is not a Brother on the Wall")
            continue
        for chit, count in band.items():
            left = s.recruit_supply.get(chit)
            if left is None:
                problems.add(("wall", "recruits", nid, chit), f"{chit!r} is no recruit")
            elif count > left:
                problems.add(("wall", "recruits", nid, chit), f"only {left} {chit} left")
            else:
                s.recruit_supply[chit] -= count
                s.recruits.setdefault(nid, {})[chit] = count
    for seat, count in wall.defenders.items():
        if not 0 <= seat < s.players:
            problems.add(("wall", "defenders", seat), f"no seat {seat}")
        else:
            s.defenders[seat] = count


__all__ = ["FiefSetup", "scenario_game"]
