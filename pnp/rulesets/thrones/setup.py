"""Starting a thrones game: content and config to the first state (:func:`new_game`).

It checks the game options, deals each seat its deck, plot deck and agenda,
and starts the game at its setup phase (played by
:mod:`pnp.rulesets.thrones.rules.setup`). A scenario's position is built by
:mod:`pnp.rulesets.thrones.scenario`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.content import LoadedContent
from pnp.content.words import plural
from pnp.engine.game import GameConfig
from pnp.engine.rng import derive_seed, stream
from pnp.errors import UsageError, did_you_mean
from pnp.rulesets.thrones.catalog import CardDB
from pnp.rulesets.thrones.game import ThronesGame
from pnp.rulesets.thrones.model import Deck, ThronesContent
from pnp.rulesets.thrones.state import Card
from pnp.rulesets.thrones.zones import DECK, PLOT_DECK, PLOT_DRAFT

#: options a game accepts (GameConfig.options / scenario setup.options)
OPTIONS = ("two_on_two", "titles", "littlefinger", "draft", "mulligan", "deck_format")


#: the table sizes the referee plays (two players, or three or four with titles)
PLAYER_COUNTS = (2, 3, 4)


def default_deck_format(players: int) -> str:
    """The deck lists a table of ``players`` plays unless the ``deck_format`` option says
    otherwise: the two-player box's fixed decks for two (TH-COMP-03), the summary's
    constructed decks, agendas and all, for three or four (TH-DECK-02, TH-COMP-11).

    The printed set-up (``kit/reference.py``) states the same choice from here.
    """
    return "two_player" if players == 2 else "constructed"


def content_of(content: LoadedContent) -> ThronesContent:
    model = content.model
    assert isinstance(model, ThronesContent)
    return model


def db_for(content: LoadedContent) -> CardDB:
    """The compiled card database of ``content``, cached on the content object."""
    cache = content.__dict__.get("_thrones_db")
    if cache is None:
        cache = CardDB.from_content(content_of(content))
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
    if opts.get("titles") and players < 3:
        # the referee plays titles at 3 or 4 only: a 2-player game asked for them played
        # without, and a sweep of titles=true,false gave two cells of the same games
        raise UsageError("the titles variant needs 3 or 4 players")
    if opts.get("draft") and players != 2:
        raise UsageError("the plot draft variant is for 2 players")
    if opts.get("littlefinger") and (players < 3 or opts.get("two_on_two")):
        raise UsageError("the Littlefinger variant needs 3 or 4 players with titles")
    return opts


def new_game(content: LoadedContent, config: GameConfig, seed: int) -> ThronesGame:
    """A fresh game: Houses from ``config`` (or picked from ``seed``), shipped decks."""
    model = content_of(content)
    db = db_for(content)
    players = config.players
    if players not in PLAYER_COUNTS:
        raise UsageError(f"thrones is played by 2–4 players, not {players}")
    opts = check_options(players, config.options)
    fmt = opts.get("deck_format") or default_deck_format(players)
    decks: dict[str, Deck] = {}
    for d in model.decks:
        if d.format == fmt:
            decks.setdefault(d.house, d)
    if not decks:
        raise UsageError(f"the content has no {fmt} decks")
    houses = sorted(decks)
    wanted = list(config.factions or [None] * players)
    if len(wanted) != players:
        raise UsageError(f"{plural(len(wanted), 'House')} given for {players} players")
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
