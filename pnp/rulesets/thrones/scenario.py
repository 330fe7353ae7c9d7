"""Scenario positions: a thrones game set up from a scenario file's ``setup:``.

:func:`scenario_game` builds the position a scenario describes (see
``tests/scenarios/README.md``): Houses, zones by card id, plots, titles, gold
and power, optional deck lists checked by the construction rules. Every
problem of the setup is reported at once, located by its path in the file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictInt, TypeAdapter, ValidationError

from pnp.content import ContentModel, LoadedContent
from pnp.content.model import Loc
from pnp.engine.errors import SetupError
from pnp.engine.rng import derive_seed, stream
from pnp.engine.scenario_setup import (
    Problems,
    ScenarioSetup,
    SeatSetup,
    check_fixture_ids,
    located,
    validate_setup,
)
from pnp.errors import UsageError
from pnp.rulesets.thrones.catalog import CardDef
from pnp.rulesets.thrones.effects import RoundPhase
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

_CARD_MODEL: Any = DeckCard
_PLOT_MODEL: Any = Plot
_CARD = TypeAdapter(DeckCard)
_PLOT = TypeAdapter(Plot)

#: a count as a scenario writes it: ``2``, never ``-1``, ``"2"``, ``2.5`` or ``true``
Whole = Annotated[StrictInt, Field(ge=0)]
#: a round number: from 1
RoundNumber = Annotated[StrictInt, Field(ge=1)]
#: a plot: a plot id, or a plot written out in place (fields of content/plots.yaml)
PlotSpec = str | dict[str, Any]


def _card_entry(value: Any) -> Any:
    """``stark-eddard`` is short for ``{card: stark-eddard}``."""
    if isinstance(value, str):
        return {"card": value}
    if not isinstance(value, Mapping):
        raise ValueError(f"expected a card id or a mapping with card:, got {value!r}")
    return value


class AttachmentSetup(ContentModel):
    """An attachment on a card in play (``owner`` and ``controller``: the seat's, if absent)."""

    card: str
    owner: Whole | None = None
    controller: Whole | None = None
    kneeling: bool = False


class InPlaySetup(ContentModel):
    """A card in play: a card id, or this mapping."""

    card: str
    owner: Whole | None = None
    kneeling: bool = False
    power: Whole = 0
    attachments: list[Annotated[AttachmentSetup, BeforeValidator(_card_entry)]] = []
    #: duplicates under it: card ids, or how many copies of the card itself
    duplicates: list[str] | Whole = []


class ThronesSeat(SeatSetup):
    """One seat: its House (or ``random``), zones by card id, plots, counters and title."""

    plot: PlotSpec | None = None
    in_play: list[Annotated[InPlaySetup, BeforeValidator(_card_entry)]] = []
    hand: list[str] = []
    discard: list[str] = []
    dead: list[str] = []
    plot_deck: list[PlotSpec] = []
    used_plots: list[PlotSpec] = []
    gold: Whole = 0
    power: Whole = 0
    limited: Whole = 0
    title: str | None = None
    agenda: str | None = None
    #: the seat's deck as a deck list, checked by the construction rules
    deck_list: dict[str, Any] | None = None


class ThronesSetup(ScenarioSetup[ThronesSeat]):
    """A thrones scenario's ``setup:`` mapping."""

    first_player: Whole = 0
    #: the phase the game opens in (``setup``: the set-up itself)
    phase: Literal["setup"] | RoundPhase = "setup"
    round: RoundNumber = 1
    options: dict[str, Any] = {}
    #: the titles in the pool (melee)
    titles: list[str] | None = None
    #: deal every seat its House's deck of this format
    decks: Literal["two_player", "constructed"] | None = None


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
            model = _PLOT_MODEL if raw.get("type") == "plot" else _CARD_MODEL
            data = {k: v for k, v in raw.items() if k != "type"} if model is _PLOT_MODEL else raw
            problems.extend(located(exc, data, ("cards", i), model))
    if problems:
        raise SetupError(problems=problems)
    return deck_cards, plots


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
    spec: ThronesSetup = validate_setup(ThronesSetup, setup)
    fixture_cards, fixture_plots = _fixtures(cards)
    shipped = db_for(content)
    # every entry is a mapping by now (_fixtures refused any other)
    check_fixture_ids([str(c.get("id", "")) for c in cards], {*shipped.cards, *shipped.plots})
    db = shipped.with_fixtures(fixture_cards, fixture_plots)
    problems = Problems()
    bad = problems.add
    players = spec.player_count
    if players not in (2, 3, 4):
        bad(("players",), f"2–4 players, not {players}")
    if len(spec.seats) != players:
        bad(("seats",), f"{len(spec.seats)} seats for {players} players")
    try:
        options = check_options(players, spec.options)
    except UsageError as exc:
        bad(("options",), str(exc))
        options = {}
    problems.check()
    houses = [seat.house for seat in spec.seats]
    known_houses = sorted(h.id for h in model.houses)
    pick = stream(seed, "houses")
    for i, h in enumerate(houses):
        if h == "random":  # TH-SETUP-02: a House drawn at random
            houses[i] = pick.choice([x for x in known_houses if x not in houses])
        elif h not in known_houses:
            bad(("seats", i, "house"), f"unknown House {h!r} (known: {', '.join(known_houses)})")
            houses[i] = known_houses[0]  # go on, so every problem is reported at once
    ready = spec.decks is not None
    options.setdefault("shuffle", ready)
    options.setdefault("mulligan", ready and players == 2 and not options.get("two_on_two"))
    game = ThronesGame(db, model.rules, houses, derive_seed(seed, "game"), options)
    game.tokens = model.tokens
    if ready:
        for i, h in enumerate(houses):
            match = [d for d in model.decks if d.house == h and d.format == spec.decks]
            if not match:
                bad(("seats", i, "house"), f"no {spec.decks} deck for House {h!r}")
            else:
                build_seat(game, i, match[0])
    if spec.titles is not None:
        _title_pool(game, db, spec, bad)
    plot_n = 0

    def card(cid: str, loc: Loc, owner: int, zone: str) -> Card | None:
        if cid not in db.cards:
            bad(loc, f"unknown card {cid!r}")
            return None
        return game.new_card(db.cards[cid], owner, zone)

    def seat_no(n: int | None, loc: Loc) -> bool:
        """Whether seat number ``n`` (``None``: the default) is a seat of this game."""
        if n is None or n < players:
            return True
        bad(loc, f"seat {n} does not exist (seats 0–{players - 1})")
        return False

    # (controller, name) of each unique put in play: one copy per player (TH-UNIQ-01/02)
    uniques: set[tuple[int, str]] = set()

    def unique_once(c: Card, controller: int, loc: Loc) -> None:
        if not c.d.unique:
            return
        if (controller, c.d.name) in uniques:
            bad(
                loc,
                f"seat {controller} already has unique {c.d.name!r} in play: one copy per "
                "player (put more copies under it with duplicates:)",
            )
        elif any(d.d.name == c.d.name for d in game.seats[controller].dead):
            bad(
                loc,
                f"seat {controller} has {c.d.name!r} in its dead pile: a unique card "
                "killed stays out of play (TH-UNIQ-01)",
            )
        uniques.add((controller, c.d.name))

    def plot(spec: PlotSpec, loc: Loc, owner: int, zone: str) -> Card | None:
        nonlocal plot_n
        if isinstance(spec, Mapping):
            plot_n += 1
            raw = {"id": f"scenario-plot-{plot_n}", "name": f"Scenario plot {plot_n}", **spec}
            try:
                p = _PLOT.validate_python(raw)
            except ValidationError as exc:
                for where, message in located(exc, raw, loc, _PLOT_MODEL):
                    bad(where, message)
                return None
            db.plots[p.id] = CardDef(p, "plot")
            return game.new_card(db.plots[p.id], owner, zone)
        if spec not in db.plots:
            bad(loc, f"unknown plot {spec!r}")
            return None
        return game.new_card(db.plots[spec], owner, zone)

    for i, raw in enumerate(spec.seats):
        seat = game.seats[i]
        for key, zone, target in (
            ("hand", HAND, seat.hand),
            ("discard", DISCARD, seat.discard),
            ("dead", DEAD, seat.dead),
        ):
            for j, cid in enumerate(getattr(raw, key)):
                c = card(cid, ("seats", i, key, j), i, zone)
                if c is not None:
                    target.append(c)
        for j, cid in enumerate(raw.deck or []):  # listed top first
            c = card(cid, ("seats", i, "deck", j), i, DECK)
            if c is not None:
                seat.deck.insert(0, c)
        for j, pspec in enumerate(raw.plot_deck):
            p = plot(pspec, ("seats", i, "plot_deck", j), i, PLOT_DECK)
            if p is not None:
                seat.plot_deck.append(p)
        for j, pspec in enumerate(raw.used_plots):
            p = plot(pspec, ("seats", i, "used_plots", j), i, PLOT_USED)
            if p is not None:
                seat.used_plots.append(p)
        if raw.plot is not None:
            seat.plot = plot(raw.plot, ("seats", i, "plot"), i, PLOT_REVEALED)
        for j, entry in enumerate(raw.in_play):
            loc = ("seats", i, "in_play", j)
            if not seat_no(entry.owner, (*loc, "owner")):
                continue
            owner = i if entry.owner is None else entry.owner
            c = card(entry.card, (*loc, "card"), owner, "new")
            if c is None:
                continue
            if c.d.type == "event":  # an event is played and discarded, never put in play
                bad((*loc, "card"), f"{c.d.id!r} is an event: events are never in play")
                continue
            unique_once(c, i, (*loc, "card"))
            game.enter_play(c, i)
            c.kneeling = entry.kneeling
            c.power = entry.power
            for k, att in enumerate(entry.attachments):
                at = (*loc, "attachments", k)
                if not (
                    seat_no(att.owner, (*at, "owner"))
                    and seat_no(att.controller, (*at, "controller"))
                ):
                    continue
                att_owner = i if att.owner is None else att.owner
                a = card(att.card, (*at, "card"), att_owner, "new")
                if a is None:
                    continue
                if a.d.type != "attachment":
                    bad(
                        (*at, "card"),
                        f"{a.d.id!r} is a {a.d.type}, not an attachment: list it in in_play",
                    )
                    continue
                controller = att_owner if att.controller is None else att.controller
                unique_once(a, controller, (*at, "card"))
                game.enter_play(a, controller, c)
                a.kneeling = att.kneeling
            dupes = entry.duplicates
            if isinstance(dupes, int):
                dupes = [c.d.id] * dupes
            for k, did in enumerate(dupes):
                dcard = card(did, (*loc, "duplicates", k), i, DUPE)
                if dcard is None:
                    continue
                # TH-UNIQ-04/08: a duplicate is a copy (any version) of a unique card
                if not c.d.unique or dcard.d.name != c.d.name:
                    bad(
                        (*loc, "duplicates", k),
                        f"a duplicate is a copy of the unique card it lies under; {did!r} "
                        f"is no copy of unique {c.d.id!r}"
                        if c.d.unique
                        else f"{c.d.id!r} is not unique: only a unique card takes duplicates",
                    )
                    continue
                dcard.host = c
                c.dupes.append(dcard)
        if raw.deck_list is not None:
            _deck_list(game, model, i, raw.deck_list, bad)
        seat.gold = raw.gold
        seat.power = raw.power
        seat.limited = raw.limited
        if raw.title is not None:
            t = raw.title
            if t not in db.titles:
                bad(("seats", i, "title"), f"unknown title {t!r}")
            elif not game.titles_on:
                bad(("seats", i, "title"), _NO_TITLES)
            elif t in game.title_holder:
                bad(("seats", i, "title"), f"{t!r} is held by seat {game.title_holder[t]} too")
            elif spec.titles is not None and t in spec.titles:
                bad(("seats", i, "title"), f"{t!r} is also in the pool (setup.titles)")
            else:
                seat.title = t
                game.title_holder[t] = i
                if t in game.title_pool:
                    game.title_pool.remove(t)
        if raw.agenda is not None:
            if raw.agenda not in db.agendas:
                bad(("seats", i, "agenda"), f"unknown agenda {raw.agenda!r}")
            else:
                seat.agenda = game.new_card(db.agendas[raw.agenda], i, "agenda")
    first = spec.first_player
    if not 0 <= first < players:
        bad(("first_player",), f"seat {first} does not exist (seats 0–{players - 1})")
    problems.check()
    game.first = first
    if spec.phase != "setup":
        game.first_round1 = game.first
    game.round_no = spec.round
    if options.get("draft"):
        fill_draft_deck(game, model)
    game.start(spec.phase, pause=True)
    return game


#: why a title is refused when the game plays without them (TH-TITLE rules: melee only)
_NO_TITLES = (
    "this game has no titles: they are used with 3–4 players, not in Two-on-Two, "
    "and not with options {titles: false}"
)


def _title_pool(game: ThronesGame, db: Any, spec: ThronesSetup, bad: Any) -> None:
    """The title pool a scenario lists: known titles, each once, in a game that uses titles."""
    assert spec.titles is not None
    if not game.titles_on:
        bad(("titles",), _NO_TITLES)
        return
    for j, t in enumerate(spec.titles):
        if t not in db.titles:
            bad(("titles", j), f"unknown title {t!r} (known: {', '.join(sorted(db.titles))})")
        elif t in spec.titles[:j]:
            bad(("titles", j), f"{t!r} is in the pool twice")
    game.title_pool = list(spec.titles)


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
        for where, message in located(exc, data, loc, Deck):
            bad(where, message)
        return
    found = [msg for _where, msg in check_deck(model, deck, ())]
    game.deck_problems[seat] = found
    if not found:
        build_seat(game, seat, deck)
