"""Scenario positions: a thrones game set up from a scenario file's ``setup:``.

:func:`scenario_game` builds the position a scenario describes (see
``tests/scenarios/README.md``): Houses, zones by card id, plots, titles, gold
and power, optional deck lists checked by the construction rules. Every
problem of the setup is reported at once, located by its path in the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from pnp.content import LoadedContent
from pnp.engine.errors import SetupError
from pnp.engine.rng import derive_seed, stream
from pnp.errors import UsageError
from pnp.rulesets.thrones.catalog import CardDef
from pnp.rulesets.thrones.effects import PHASES
from pnp.rulesets.thrones.game import ThronesGame
from pnp.rulesets.thrones.model import Deck, DeckCard, Plot, ThronesContent, check_deck
from pnp.rulesets.thrones.setup import (
    build_seat,
    check_options,
    content_of,
    db_for,
    fill_draft_deck,
)
from pnp.rulesets.thrones.state import Card
from pnp.rulesets.thrones.zones import (
    DEAD,
    DECK,
    DISCARD,
    DUPE,
    HAND,
    PLOT_DECK,
    PLOT_REVEALED,
    PLOT_USED,
)

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
    model = content_of(content)
    fixture_cards, fixture_plots = _fixtures(cards)
    db = db_for(content).with_fixtures(fixture_cards, fixture_plots)
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
