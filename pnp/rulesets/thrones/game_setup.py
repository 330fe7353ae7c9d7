"""Game setup: the plot draft, setup hands and mulligans, setup placement; and the
two builders the engine calls: :func:`new_game` and :func:`scenario_game`.
"""

from __future__ import annotations

from collections.abc import Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from pnp.content import LoadedContent
from pnp.engine.game import Decision, GameConfig, Option
from pnp.engine.rng import derive_seed, stream
from pnp.errors import PnpError, UsageError, did_you_mean
from pnp.rulesets.thrones.catalog import K_LIMITED, K_NOATT, K_SETUP, CardDB, CardDef
from pnp.rulesets.thrones.effects import PHASES
from pnp.rulesets.thrones.model import DeckCard, Plot, ThronesContent
from pnp.rulesets.thrones.state import (
    DEAD,
    DECK,
    DISCARD,
    DUPE,
    HAND,
    PLOT_BOX,
    PLOT_DECK,
    PLOT_DRAFT,
    PLOT_REVEALED,
    PLOT_USED,
    SETUP,
    Card,
)

if TYPE_CHECKING:
    from pnp.rulesets.thrones.rules import ThronesGame

try:  # the referee core's error type, when present
    from pnp.engine.errors import SetupError  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - until the engine branch lands

    class SetupError(PnpError):  # type: ignore[no-redef]
        """A scenario position a ruleset cannot build; problems are ``(loc, message)``."""

        def __init__(self, message: str = "", loc: tuple = (), *, problems: Any = ()) -> None:
            found = list(problems)
            if message:
                found.insert(0, (tuple(loc), message))
            self.problems = found
            super().__init__("; ".join(f"{'.'.join(map(str, lc))}: {m}" for lc, m in found))


Flow = Generator[Decision, Option, Any]

#: options a game accepts (GameConfig.options / scenario setup.options)
OPTIONS = ("two_on_two", "titles", "littlefinger", "draft", "mulligan", "deck_format")


class SetupMixin:
    """The setup steps of :class:`~pnp.rulesets.thrones.rules.ThronesGame`."""

    def setup_flow(self: ThronesGame) -> Flow:
        """TH-SETUP-04…13, with the plot draft (TH-VAR-DRAFT) first when chosen."""
        self.phase = "setup"
        if self.options.get("draft"):
            yield from self.plot_draft()
        given = [bool(s.hand) for s in self.seats]
        for s in self.seats:
            if not given[s.idx]:
                if self.options.get("shuffle", True):
                    self.shuffle(s.idx)
                self.draw(s.idx, self.rules.hand_size, effect=False)
        if self.options.get("mulligan", self.players == 2 and not self.team_mode):
            for s in self.seats:  # TH-SETUP-06: once, only now
                opts = [Option("keep hand", False), Option("mulligan", True)]
                if (yield from self.ask(s.idx, "mulligan", opts)).data:
                    s.mulliganed = True
                    self.emit("mulligan", s.idx)  # logged before the shuffle it causes
                    for c in list(s.hand):
                        s.remove_from_hand(c)
                        c.zone = DECK
                        s.deck.append(c)
                    self.shuffle(s.idx)
                    self.draw(s.idx, self.rules.hand_size, effect=False)
        self.first = self.rng.randrange(self.players)  # TH-SETUP-03: a random first player
        self.emit("setup_first_player", self.first)
        placed: dict[int, list[tuple[Card, Card | None]]] = {}
        for s in self.turn_order():  # TH-SETUP-11: in turn, facedown
            placed[s] = yield from self.place_setup(s)
        # TH-SETUP-12: all flip at once; nothing triggers
        for s in self.turn_order():
            for c, host in placed[s]:
                self.enter_play(c, s, host)
            self.emit("setup_revealed", s, cards=[c.d.id for c, _ in placed[s]])
        for s in self.seats:  # TH-SETUP-13
            self.draw(s.idx, max(0, self.rules.hand_size - len(s.hand)), effect=False)

    def setup_cost(self: ThronesGame, seat: int, c: Card) -> int:
        """Printed cost plus the out-of-House surcharge (TH-SETUP-08)."""
        d = c.d
        cost = d.cost
        if d.houses and self.seats[seat].house not in d.houses:
            cost += self.rules.house_penalty
        return cost

    def place_setup(self: ThronesGame, seat: int) -> Flow:
        """TH-SETUP-07/09/10: up to 5 gold of characters/locations, one Limited, no copies."""
        s = self.seats[seat]
        budget = self.rules.setup_gold
        placed: list[tuple[Card, Card | None]] = []
        names: set[str] = set()
        limited = False
        while True:
            opts: list[Option] = []
            seen: set[str] = set()
            for c in s.hand:
                d = c.d
                if d.id in seen:
                    continue
                seen.add(d.id)
                cost = self.setup_cost(seat, c)
                if cost > budget or (d.kw & K_LIMITED and limited):
                    continue
                if d.unique and d.name in names:
                    continue
                if d.type in ("character", "location"):
                    opts.append(Option(f"setup: {d.id}", (c, None)))
                elif d.type == "attachment" and d.kw & K_SETUP:
                    hosts = [
                        host
                        for host, _ in placed
                        if host.d.type == "character"
                        and not host.d.kw & K_NOATT
                        and d.attach_to != "opponent"
                        and (d.attach_trait is None or d.attach_trait in host.d.traits)
                    ]
                    for o in self.label_cards(f"setup: {d.id} on", hosts):
                        opts.append(Option(o.label.replace(" on: ", " on "), (c, o.data)))
            if not opts:
                break
            opts.append(Option("setup: done", None))
            pick = (yield from self.ask(seat, "setup", opts)).data
            if pick is None:
                break
            c, host = pick
            budget -= self.setup_cost(seat, c)
            if c.d.kw & K_LIMITED:
                limited = True
            if c.d.unique:
                names.add(c.d.name)
            s.remove_from_hand(c)
            c.zone = SETUP
            s.setup.append(c)
            placed.append((c, host))
        self.emit("setup_placed", seat, count=len(placed))
        return placed

    def plot_draft(self: ThronesGame) -> Flow:
        """TH-VAR-DRAFT-01…04: deal 3, keep 1, pass 2, keep 1; then keep 7 of 13."""
        pool = self.draft_deck
        self.rng.shuffle(pool)
        drafted: dict[int, list[Card]] = {0: [], 1: []}
        while len(pool) >= 6:
            dealt = {s: [pool.pop() for _ in range(3)] for s in (0, 1)}
            passed: dict[int, list[Card]] = {}
            for s in (0, 1):
                opts = self.label_cards("draft", dealt[s])
                keep = (yield from self.ask(s, "draft", opts)).data
                drafted[s].append(keep)
                passed[1 - s] = [c for c in dealt[s] if c is not keep]
            for s in (0, 1):
                opts = self.label_cards("draft", passed[s])
                keep = (yield from self.ask(s, "draft", opts)).data
                drafted[s].append(keep)
                for c in passed[s]:
                    if c is not keep:
                        c.zone = PLOT_BOX
                        self.plot_box.append(c)
            self.emit("draft_round", None, left=len(pool))
        for c in pool:
            c.zone = PLOT_BOX
            self.plot_box.append(c)
        pool.clear()
        for s in (0, 1):
            seat = self.seats[s]
            for c in drafted[s]:
                c.owner = c.controller = s
            choices = seat.plot_deck + drafted[s]
            chosen: list[Card] = []
            while len(chosen) < self.rules.plot_deck:
                taken = {c.d.id for c in chosen}
                cands = [
                    c
                    for c in choices
                    if c not in chosen
                    and c.d.id not in taken
                    and (c.d.house_only is None or c.d.house_only == seat.house)
                ]
                if not cands:
                    break
                pick = (yield from self.ask(s, "plot_deck", self.label_cards("keep", cands))).data
                chosen.append(pick)
            for c in choices:
                if c not in chosen:
                    c.zone = PLOT_BOX
                    self.plot_box.append(c)
                else:
                    c.zone = PLOT_DECK
            seat.plot_deck = chosen
            self.emit("plot_deck_drafted", s, plots=sorted(c.d.id for c in chosen))
        self.count_owned()


# ---------------------------------------------------------------------- builders


def _content(content: LoadedContent) -> ThronesContent:
    model = content.model
    assert isinstance(model, ThronesContent)
    return model


def _db_for(content: LoadedContent) -> CardDB:
    """The compiled card database of ``content``, cached on the content object."""
    cache = content.__dict__.get("_thrones_db")
    if cache is None:
        cache = CardDB.from_content(_content(content))
        object.__setattr__(content, "_thrones_db", cache)
    return cache


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """Validate game options; :class:`UsageError` for an impossible combination."""
    opts = dict(options)
    unknown = sorted(set(opts) - set(OPTIONS) - {"shuffle"})
    if unknown:
        raise UsageError(
            f"unknown thrones option(s): {', '.join(unknown)} (known: {', '.join(OPTIONS)})"
        )
    for key, value in opts.items():
        # 'titles=maybe' is a typo, not a wish for titles: only deck_format is a word
        if key != "deck_format" and not isinstance(value, bool):
            raise UsageError(f"thrones option {key!r} must be true or false, got {value!r}")
    if "deck_format" in opts and opts["deck_format"] not in ("two_player", "constructed"):
        raise UsageError(
            f"thrones option 'deck_format' must be two_player or constructed, "
            f"got {opts['deck_format']!r}"
        )
    if opts.get("two_on_two") and players != 4:
        raise UsageError("the Two-on-Two variant needs exactly 4 players")
    if opts.get("draft") and players != 2:
        raise UsageError("the plot draft variant is for 2 players")
    if opts.get("littlefinger") and (players < 3 or opts.get("two_on_two")):
        raise UsageError("the Littlefinger variant needs 3 or 4 players with titles")
    return opts


def new_game(content: LoadedContent, config: GameConfig, seed: int) -> ThronesGame:
    """A fresh game: Houses from ``config`` (or picked from ``seed``), shipped decks."""
    from pnp.rulesets.thrones.rules import ThronesGame

    model = _content(content)
    db = _db_for(content)
    players = config.players
    if players not in (2, 3, 4):
        raise UsageError(f"thrones is played by 2–4 players, not {players}")
    opts = check_options(players, config.options)
    fmt = opts.get("deck_format") or ("two_player" if players == 2 else "constructed")
    decks = {}
    for d in model.decks:
        if d.format == fmt:
            decks.setdefault(d.house, d)
    if not decks:
        raise UsageError(f"the content has no {fmt} decks")
    houses = sorted(decks)
    wanted = list(config.factions or [None] * players)
    if len(wanted) != players:
        raise UsageError(f"{len(wanted)} Houses given for {players} players")
    pick = stream(seed, "houses")
    free = [h for h in houses if h not in wanted]
    pick.shuffle(free)
    chosen: list[str] = []
    for w in wanted:
        if w is None:
            chosen.append(free.pop() if free else pick.choice(houses))
        elif w not in decks:
            raise UsageError(
                f"no {fmt} deck for House {w!r} (have: {', '.join(houses)})"
                + did_you_mean(w, houses)
            )
        else:
            chosen.append(w)
    game = ThronesGame(db, model.rules, chosen, derive_seed(seed, "game"), opts)
    game.tokens = model.tokens
    for i, h in enumerate(chosen):
        build_seat(game, i, decks[h])
    if opts.get("draft"):
        fill_draft_deck(game, model)
    game.start("setup")
    return game


def build_seat(game: ThronesGame, seat: int, deck: Any) -> None:
    """Give ``seat`` the draw deck, plot deck and agenda of ``deck``."""
    db = game.db
    s = game.seats[seat]
    defs = db.deck_defs.get(id(deck))
    if defs is None or defs[0] is not deck:  # each copy's definition, in deck-list order
        defs = db.deck_defs[id(deck)] = (
            deck,
            tuple(db.cards[cid] for cid, n in deck.cards.items() for _ in range(n)),
        )
    # game.new_card inlined: a game makes more than a hundred cards
    uid = game.next_uid
    made = [Card(uid + i, d, seat, DECK) for i, d in enumerate(defs[1])]
    game.next_uid = uid + len(made)
    game.cards.extend(made)
    s.deck.extend(made)
    for pid in deck.plots:
        s.plot_deck.append(game.new_card(db.plots[pid], seat, PLOT_DECK))
    if deck.agenda is not None:
        s.agenda = game.new_card(db.agendas[deck.agenda], seat, "agenda")


def fill_draft_deck(game: ThronesGame, model: ThronesContent) -> None:
    """TH-VAR-DRAFT-01: every plot in neither player's plot deck forms the draft deck."""
    used = {c.d.id for s in game.seats for c in s.plot_deck}
    for p in model.plots:
        if p.id not in used:
            game.draft_deck.append(game.new_card(game.db.plots[p.id], 0, PLOT_DRAFT))


# ---------------------------------------------------------------------- scenarios

_CARD = TypeAdapter(DeckCard)
_PLOT = TypeAdapter(Plot)
ZONE_KEYS = ("hand", "deck", "discard", "dead", "plot_deck", "used_plots")
SEAT_KEYS = {
    "house",
    "plot",
    "in_play",
    "gold",
    "power",
    "title",
    "agenda",
    "limited",
    "deck_list",
    *ZONE_KEYS,
}
SETUP_KEYS = {"players", "first_player", "phase", "round", "options", "seats", "titles", "decks"}


def _fixtures(cards: Sequence[Mapping[str, Any]]) -> tuple[list[Any], list[Plot]]:
    deck_cards: list[Any] = []
    plots: list[Plot] = []
    problems: list[tuple[tuple, str]] = []
    for i, raw in enumerate(cards):
        if not isinstance(raw, Mapping):
            problems.append((("cards", i), "a fixture card is a mapping"))
            continue
        try:
            if raw.get("type") == "plot":
                plots.append(_PLOT.validate_python({k: v for k, v in raw.items() if k != "type"}))
            else:
                deck_cards.append(_CARD.validate_python(dict(raw)))
        except ValidationError as exc:
            for err in exc.errors():
                loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p in _TAGS))
                problems.append((("cards", i, *loc), err["msg"]))
    if problems:
        raise SetupError(problems=problems)
    return deck_cards, plots


_TAGS = {"character", "location", "attachment", "event"}


def scenario_game(
    content: LoadedContent,
    setup: Mapping[str, Any],
    cards: Sequence[Mapping[str, Any]],
    seed: int,
) -> ThronesGame:
    """A game at the position a scenario's ``setup:`` describes (see tests/scenarios/README).

    It opens with a ``scenario_start`` decision (one option, ``begin``, for the
    first player), so that every event of the position happens inside the script.
    """
    from pnp.rulesets.thrones.rules import ThronesGame

    model = _content(content)
    fixture_cards, fixture_plots = _fixtures(cards)
    db = _db_for(content).with_fixtures(fixture_cards, fixture_plots)
    problems: list[tuple[tuple, str]] = []

    def bad(loc: tuple, msg: str) -> None:
        problems.append((("setup", *loc), msg))

    def whole(raw: Mapping[str, Any], key: str, loc: tuple, default: int) -> int:
        # a scenario author's typo is a located problem, not a crash of the ruleset
        value = raw.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            bad((*loc, key), f"expected a whole number, got {value!r}")
            return default
        return value

    def listed(raw: Mapping[str, Any], key: str, loc: tuple) -> list[Any]:
        value = raw.get(key) or []
        if not isinstance(value, list):
            bad((*loc, key), f"expected a list, got {value!r}")
            return []
        return value

    for key in setup:
        if key not in SETUP_KEYS:
            bad((key,), f"unknown setup key (known: {', '.join(sorted(SETUP_KEYS))})")
    seats = setup.get("seats") or []
    if not isinstance(seats, list):
        bad(("seats",), "seats is a list, one entry per player")
        seats = []
    players = whole(setup, "players", (), len(seats))
    if players not in (2, 3, 4):
        bad(("players",), f"2–4 players, not {players}")
    if len(seats) != players:
        bad(("seats",), f"{len(seats)} seats for {players} players")
    phase = setup.get("phase", "setup")
    if phase != "setup" and phase not in PHASES:
        bad(("phase",), f"unknown phase {phase!r} (setup, {', '.join(PHASES)})")
    try:
        options = check_options(players, setup.get("options") or {})
    except UsageError as exc:
        bad(("options",), str(exc))
        options = {}
    if problems:
        raise SetupError(problems=problems)
    houses = [str(s.get("house", "")) for s in seats]
    known_houses = sorted(h.id for h in model.houses)
    pick = stream(seed, "houses")
    for i, h in enumerate(houses):
        if h == "random":  # TH-SETUP-02: a House drawn at random
            houses[i] = pick.choice([x for x in known_houses if x not in houses])
        elif h not in known_houses:
            bad(("seats", i, "house"), f"unknown House {h!r} (known: {', '.join(known_houses)})")
            houses[i] = known_houses[0]  # go on, so every problem is reported at once
    fmt = setup.get("decks")
    if fmt not in (None, "two_player", "constructed"):
        bad(("decks",), "decks is two_player or constructed")
    ready = fmt is not None
    options.setdefault("shuffle", ready)
    options.setdefault("mulligan", ready and players == 2 and not options.get("two_on_two"))
    game = ThronesGame(db, model.rules, houses, derive_seed(seed, "game"), options)
    game.tokens = model.tokens
    if ready:
        for i, h in enumerate(houses):
            match = [d for d in model.decks if d.house == h and d.format == fmt]
            if not match:
                bad(("seats", i, "house"), f"no {fmt} deck for House {h!r}")
            else:
                build_seat(game, i, match[0])
    if "titles" in setup and game.titles_on:
        game.title_pool = list(setup["titles"])
    plot_n = 0

    def card(cid: Any, loc: tuple, owner: int, zone: str) -> Card | None:
        if not isinstance(cid, str) or cid not in db.cards:
            bad(loc, f"unknown card {cid!r}")
            return None
        return game.new_card(db.cards[cid], owner, zone)

    def plot(spec: Any, loc: tuple, owner: int, zone: str) -> Card | None:
        nonlocal plot_n
        if isinstance(spec, Mapping):
            plot_n += 1
            raw = {"id": f"scenario-plot-{plot_n}", "name": f"Scenario plot {plot_n}", **spec}
            try:
                p = _PLOT.validate_python(raw)
            except ValidationError as exc:
                for err in exc.errors():
                    bad((*loc, *err["loc"]), err["msg"])
                return None
            db.plots[p.id] = CardDef(p, "plot")
            return game.new_card(db.plots[p.id], owner, zone)
        if not isinstance(spec, str) or spec not in db.plots:
            bad(loc, f"unknown plot {spec!r}")
            return None
        return game.new_card(db.plots[spec], owner, zone)

    for i, raw in enumerate(seats):
        seat = game.seats[i]
        if not isinstance(raw, Mapping):
            bad(("seats", i), "a seat is a mapping")
            continue
        for key in raw:
            if key not in SEAT_KEYS:
                bad(("seats", i, key), f"unknown seat key (known: {', '.join(sorted(SEAT_KEYS))})")
        for key, zone, target in (
            ("hand", HAND, seat.hand),
            ("discard", DISCARD, seat.discard),
            ("dead", DEAD, seat.dead),
        ):
            for j, cid in enumerate(listed(raw, key, ("seats", i))):
                c = card(cid, ("seats", i, key, j), i, zone)
                if c is not None:
                    target.append(c)
        for j, cid in enumerate(listed(raw, "deck", ("seats", i))):  # listed top first
            c = card(cid, ("seats", i, "deck", j), i, DECK)
            if c is not None:
                seat.deck.insert(0, c)
        for j, spec in enumerate(listed(raw, "plot_deck", ("seats", i))):
            p = plot(spec, ("seats", i, "plot_deck", j), i, PLOT_DECK)
            if p is not None:
                seat.plot_deck.append(p)
        for j, spec in enumerate(listed(raw, "used_plots", ("seats", i))):
            p = plot(spec, ("seats", i, "used_plots", j), i, PLOT_USED)
            if p is not None:
                seat.used_plots.append(p)
        if raw.get("plot") is not None:
            seat.plot = plot(raw["plot"], ("seats", i, "plot"), i, PLOT_REVEALED)
        for j, entry in enumerate(listed(raw, "in_play", ("seats", i))):
            loc = ("seats", i, "in_play", j)
            if not isinstance(entry, str | Mapping):
                bad(loc, f"expected a card id or a mapping with card:, got {entry!r}")
                continue
            spec = {"card": entry} if isinstance(entry, str) else dict(entry)
            c = card(spec.get("card"), (*loc, "card"), whole(spec, "owner", loc, i), "new")
            if c is None:
                continue
            game.enter_play(c, i)
            c.kneeling = bool(spec.get("kneeling", False))
            c.power = whole(spec, "power", loc, 0)
            for k, aspec in enumerate(listed(spec, "attachments", loc)):
                aloc = (*loc, "attachments", k)
                if not isinstance(aspec, str | Mapping):
                    bad(aloc, f"expected a card id or a mapping with card:, got {aspec!r}")
                    continue
                aspec = {"card": aspec} if isinstance(aspec, str) else dict(aspec)
                owner = whole(aspec, "owner", aloc, i)
                a = card(aspec.get("card"), aloc, owner, "new")
                if a is not None:
                    game.enter_play(a, whole(aspec, "controller", aloc, owner), c)
                    a.kneeling = bool(aspec.get("kneeling", False))
            dupes = spec.get("duplicates") or []
            if isinstance(dupes, int):
                dupes = [c.d.id] * dupes
            for k, did in enumerate(dupes):
                dcard = card(did, (*loc, "duplicates", k), i, DUPE)
                if dcard is not None:
                    dcard.host = c
                    c.dupes.append(dcard)
        if raw.get("deck_list") is not None:
            _deck_list(game, model, i, raw["deck_list"], bad)
        seat.gold = whole(raw, "gold", ("seats", i), 0)
        seat.power = whole(raw, "power", ("seats", i), 0)
        seat.limited = whole(raw, "limited", ("seats", i), 0)
        if raw.get("title") is not None:
            t = raw["title"]
            if t not in db.titles:
                bad(("seats", i, "title"), f"unknown title {t!r}")
            else:
                seat.title = t
                game.title_holder[t] = i
                if t in game.title_pool:
                    game.title_pool.remove(t)
        if raw.get("agenda") is not None:
            a = raw["agenda"]
            if a not in db.agendas:
                bad(("seats", i, "agenda"), f"unknown agenda {a!r}")
            else:
                seat.agenda = game.new_card(db.agendas[a], i, "agenda")
    first = whole(setup, "first_player", (), 0)
    if not 0 <= first < players:
        bad(("first_player",), f"seat {first} does not exist (seats 0–{players - 1})")
    round_no = whole(setup, "round", (), 1)
    if problems:
        raise SetupError(problems=problems)
    game.first = first
    if phase != "setup":
        game.first_round1 = game.first
    game.round_no = round_no
    if options.get("draft"):
        fill_draft_deck(game, model)
    game.start(phase, pause=True)
    return game


def _deck_list(game: ThronesGame, model: ThronesContent, seat: int, raw: Any, bad: Any) -> None:
    """A seat's deck given as a deck list: checked by the construction rules (TH-DECK-*).

    The problems found are kept in the snapshot (``seats[i].deck_problems``);
    a legal list becomes the seat's draw deck, plot deck and agenda.
    """
    from pnp.rulesets.thrones.model import Deck, check_deck

    loc = ("seats", seat, "deck_list")
    data = {"id": f"scenario-deck-{seat}", "name": "Scenario deck", **dict(raw)}
    data.setdefault("house", game.seats[seat].house)
    data.setdefault("format", "constructed")
    try:
        deck = Deck.model_validate(data)
    except ValidationError as exc:
        for err in exc.errors():
            bad((*loc, *err["loc"]), err["msg"])
        return
    found = [msg for _where, msg in check_deck(model, deck, ())]
    game.deck_problems[seat] = found
    if not found:
        build_seat(game, seat, deck)
