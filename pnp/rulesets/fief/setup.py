"""Starting a game: Houses, decks, the initial Noble, the First Player and starting Villages.

Set-up follows the rulebook: the Fortune deck (bounties and disasters) and
the Court Event deck are shuffled apart (Winter is Coming takes one Plague
out and sets the disaster copies by the season tracker); a random player is
First Player unless Targaryen plays. The rest of the set-up asks the players
(their initial Nobles and starting Villages): it is the set-up phase of the
rules, :mod:`.rules.setup`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from pnp.content import LoadedContent
from pnp.content.words import plural
from pnp.engine.game import GameConfig
from pnp.engine.rng import stream
from pnp.errors import UsageError, did_you_mean
from pnp.rulesets.fief.catalog import Catalog, catalog_for
from pnp.rulesets.fief.game import FiefGame
from pnp.rulesets.fief.state import FiefState, Noble, Seat

KNOWN_OPTIONS = ("tactics", "winter", "concession", "nights_watch")


def check_options(options: Mapping[str, Any]) -> dict[str, bool]:
    """The variant switches of a configuration (``tactics``, ``winter``, ``concession``,
    ``nights_watch``)."""
    out = {}
    for key, value in options.items():
        if key not in KNOWN_OPTIONS:
            raise UsageError(f"fief has no option {key!r} (known: {', '.join(KNOWN_OPTIONS)})")
        if not isinstance(value, bool):
            raise UsageError(f"fief option {key!r} must be true or false, got {value!r}")
        out[key] = value
    return out


def pick_houses(cat: Catalog, config: GameConfig, rng: random.Random) -> list[str]:
    """Each seat's House: the configured ones, the rest drawn from the seed."""
    players = config.players
    rules = cat.rules
    if not rules.min_players <= players <= rules.max_players:
        raise UsageError(
            f"fief is played by {rules.min_players}–{rules.max_players} players, not {players}"
        )
    watch_from = rules.nights_watch.min_players
    if config.options.get("nights_watch") and players < watch_from:
        # FF-NW-01: the expansion is played with five players or more
        raise UsageError(
            f"fief's nights_watch option needs at least {watch_from} players, not {players}"
        )
    wanted = list(config.factions or ())
    if len(wanted) > players:
        raise UsageError(f"{plural(len(wanted), 'House')} given for {players} players")
    wanted += [None] * (players - len(wanted))
    for house in wanted:
        if house is not None and house not in cat.houses:
            raise UsageError(
                f"unknown House {house!r} (known: {', '.join(cat.houses)})"
                + did_you_mean(house, cat.houses)
            )
    chosen = [h for h in wanted if h is not None]
    twice = [h for i, h in enumerate(chosen) if h in chosen[:i]]
    if twice:  # worded as Iron Throne words it
        raise UsageError(f"House {twice[0]!r} is taken twice (one House each)")
    pool = [h for h in cat.houses if h not in chosen]
    rng.shuffle(pool)
    return [h if h is not None else pool.pop() for h in wanted]


def build_state(
    cat: Catalog, players: int, options: Mapping[str, Any], houses: list[str]
) -> FiefState:
    """An empty board with seats, Nobles (in their decks) and the printed buildings."""
    s = FiefState(cat, players, dict(options))
    for i, house in enumerate(houses):
        seat = Seat(i, house, cat.houses[house].home, cat.house_stock(house, s.tactics))
        seat.powers = cat.abilities.get(house, {})
        seat.tax_markers = cat.rules.start.tax_markers
        seat.diplomacy = cat.rules.start.diplomacy_markers
        s.seats.append(seat)
        for nid in cat.house_nobles[house]:
            s.nobles[nid] = Noble(cat.nobles[nid], i, "deck")
            s.enlist(s.nobles[nid], i)
        seat.deck = list(cat.house_nobles[house])
    for nid in cat.bannermen + cat.heirs:
        s.nobles[nid] = Noble(cat.nobles[nid], -1, "out")
    for v, village in enumerate(cat.content.villages):
        s.villages[v].stronghold = village.stronghold
        s.villages[v].sept = village.sept
    return s


def new_game(content: LoadedContent, config: GameConfig, seed: int) -> FiefGame:
    """A fresh game set up from ``seed``."""
    cat = catalog_for(content.model)
    rng = stream(seed, "game")
    return FiefGame(fresh_state(cat, config, rng), rng, "setup")


def fresh_state(
    cat: Catalog,
    config: GameConfig,
    rng: random.Random,
    *,
    first: int | None = None,
    court_top: Sequence[str] = (),
    fortune_top: Sequence[str] = (),
) -> FiefState:
    """The state before the first decision: Houses, shuffled decks, the First Player.

    ``first`` and the deck tops let a scenario fix what the seed would draw.
    """
    options = check_options(config.options)
    houses = pick_houses(cat, config, rng)
    s = build_state(cat, config.players, options, houses)
    s.fortune = list(cat.fortune_deck)
    if s.winter:
        plague = next(c for c in s.fortune if cat.cards[c][1] == "plague")
        s.fortune.remove(plague)
        s.removed.append(plague)
        s.copies_waiting = {k: list(v) for k, v in cat.season_copies.items()}
    rng.shuffle(s.fortune)
    s.court = list(cat.court_deck)
    rng.shuffle(s.court)
    for pile, top in ((s.fortune, fortune_top), (s.court, court_top)):
        for card in reversed(list(top)):
            pile.remove(card)
            pile.append(card)
    s.first = rng.randrange(config.players) if first is None else first
    for seat in s.seats:
        if cat.ability(seat.house, "starts_first") is not None:
            s.first = seat.index
    s.starting_player = s.first
    return s
