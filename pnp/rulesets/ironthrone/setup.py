"""Starting games: the lookup tables of a seating and a fresh seeded game.

:func:`new_game` follows the rulebook's setup (IT-SETUP-01..07): Houses for
each seat, two leader sheets offered to each player, 4 power on every token
and sheet, shuffled decks and hands of five, the event deck of the Houses in
play plus the specials, a random first player. The compiled lookup tables
for a seating are cached, so thousands of games share them.

Scenario positions are built by :mod:`pnp.rulesets.ironthrone.scenario`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from pnp.content import LoadedContent
from pnp.content.model import Loc
from pnp.content.words import plural
from pnp.engine.errors import SetupError
from pnp.engine.game import Event, GameConfig
from pnp.engine.memo import IdentityMemo
from pnp.engine.rng import randbelow, sample, shuffle, stream
from pnp.errors import did_you_mean
from pnp.rulesets.ironthrone.abilities import Compiled, compile_ability
from pnp.rulesets.ironthrone.effects import WINDOWS, Ability
from pnp.rulesets.ironthrone.game import IronThroneGame
from pnp.rulesets.ironthrone.model import (
    Character,
    Hostility,
    HouseEvent,
    IronThroneContent,
    SpecialEvent,
    Truce,
)
from pnp.rulesets.ironthrone.rules import Referee
from pnp.rulesets.ironthrone.state import (
    CHALLENGER,
    CHARACTER,
    DEFENDER,
    HOSTILITY,
    SIDE_NAMES,
    TRUCE,
    Numbers,
    Tables,
)

# ---------------------------------------------------------------- tables


def _card_entries(card: Any) -> tuple[str, int, int, str | None, Ability | None]:
    if isinstance(card, Hostility):
        return card.id, HOSTILITY, card.value, None, None
    if isinstance(card, Truce):
        return card.id, TRUCE, 0, None, None
    return card.id, CHARACTER, 0, card.character, card.ability


def build_tables(
    model: IronThroneContent,
    houses: Sequence[str],
    characters: Sequence[Sequence[Character]],
    cards: Sequence[Sequence[Any]],
    events: Sequence[HouseEvent | SpecialEvent],
) -> Tables:
    """Lookup tables for one seating: characters, cards (one per physical copy), events.

    ``cards[seat]`` lists card models, one item per physical card.
    """
    char_id: list[str] = []
    char_name: list[str] = []
    char_seat: list[int] = []
    char_leader: list[Compiled | None] = []
    seat_chars: list[list[int]] = []
    number: dict[str, int] = {}
    for seat, chars in enumerate(characters):
        mine = []
        for ch in chars:
            number[ch.id] = len(char_id)
            mine.append(len(char_id))
            char_id.append(ch.id)
            char_name.append(ch.name)
            char_seat.append(seat)
            char_leader.append(
                compile_ability(ch.leader, ch.id, card=False) if ch.leader is not None else None
            )
        seat_chars.append(mine)
    compiled: dict[str, Any] = {}
    t = Tables(
        houses=tuple(houses),
        house_names=tuple(_house_name(model, h) for h in houses),
        card_id=[],
        card_kind=[],
        card_value=[],
        card_char=[],
        card_owner=[],
        card_ability=[],
        card_window=[],
        char_id=char_id,
        char_name=char_name,
        char_seat=char_seat,
        char_leader=char_leader,
        seat_chars=seat_chars,
        event_id=[],
        event_house=[],
        event_rule=[],
        rules=model.rules,
        num=Numbers.of(model.rules),
    )
    for seat, seat_cards in enumerate(cards):
        mine = []
        for card in seat_cards:
            cid, kind, value, char, ability = _card_entries(card)
            ab = None
            if ability is not None:
                ab = compiled.get(cid)
                if ab is None:
                    ab = compiled[cid] = compile_ability(ability, cid, card=True)
            mine.append(len(t.card_id))
            t.card_id.append(cid)
            t.card_kind.append(kind)
            t.card_value.append(value)
            c = number.get(char, -1) if char else -1
            t.card_char.append(c if c >= 0 and char_seat[c] == seat else -1)
            t.card_owner.append(seat)
            t.card_house.append(houses[seat])
            t.card_ability.append(ab)
            t.card_window.append(ab.window if ab is not None else -1)
        t.seat_cards.append(mine)
    n_chars = len(char_id)
    slots: list[list[int]] = [[] for _ in range(len(WINDOWS) * n_chars)]
    for c, w in enumerate(t.card_window):
        if w >= 0 and t.card_char[c] >= 0:
            slots[w * n_chars + t.card_char[c]].append(c)
    _local_bits(t)
    t.slot_bits = [sum(t.card_bit[c] for c in cards) for cards in slots]
    copies: dict[str, list[int]] = {}
    for c, cid in enumerate(t.card_id):
        copies.setdefault(cid, []).append(c)
    t.id_cards = {cid: tuple(cs) for cid, cs in copies.items()}
    seat_of = {h: s for s, h in enumerate(houses)}
    for ev in events:
        t.event_id.append(ev.id)
        if isinstance(ev, HouseEvent):
            t.event_house.append(seat_of.get(ev.house, -1))
            t.event_rule.append("house")
        else:
            t.event_house.append(-1)
            t.event_rule.append(ev.defender)
    t.event_pool = list(range(len(t.event_id)))
    t.seat_home = list(range(len(houses)))
    t.home_count = len(houses)
    _seat_events(t)
    return t


def _local_bits(t: Tables) -> None:
    """Fill ``card_local_bit`` (each card's id as a bit among its House's ids) and
    ``card_bit`` (each card as a bit among its House's cards)."""
    t.card_local_bit = [0] * len(t.card_id)
    t.card_bit = [0] * len(t.card_id)
    for cards in t.seat_cards:
        local: dict[str, int] = {}
        for place, c in enumerate(cards):
            t.card_local_bit[c] = 1 << local.setdefault(t.card_id[c], len(local))
            t.card_bit[c] = 1 << place
        t.id_bits = max(t.id_bits, len(local))


def _seat_events(t: Tables) -> None:
    """Fill the tables of the commonest events, which name seats.

    Events come from ``t.seat_events``, keyed by everything they say (kind,
    seat, card …), and whole blocks of them from ``t.seat_blocks``, keyed by
    a House and its seat: the seatings of one content share both (see
    :func:`tables_for`), so a House's events exist once per seat it can take,
    not once per seating; thousands of games then keep far fewer objects for
    the garbage collector to walk, and a new seating costs a few list copies.
    """
    seats = range(len(t.houses))
    t.removed_events = [[] for _ in t.char_id]
    rows = [_seat_row(t, seat) for seat in seats]
    t.event_events = [row[0] for row in rows]
    t.defender_events = [row[1] for row in rows]
    t.stayed_out_events = [row[2] for row in rows]
    t.committed_events = [None] * len(t.char_id)
    t.support_events = tuple([[None] * len(t.char_id) for _ in SIDE_NAMES] for _ in range(3))
    t.drawn_events = [None] * len(t.card_id)
    t.placed_events = ([None] * len(t.card_id), [None] * len(t.card_id))
    for seat in seats:
        drawn, placed, committed, support = _house_block(t, seat)
        for c, e in zip(t.seat_cards[seat], drawn, strict=True):
            t.drawn_events[c] = e
        for faceup in (False, True):
            for c, e in zip(t.seat_cards[seat], placed[faceup], strict=True):
                t.placed_events[faceup][c] = e
        for c, e in zip(t.seat_chars[seat], committed, strict=True):
            t.committed_events[c] = e
        for events, by_side in zip(t.support_events, support, strict=True):
            for sd in (CHALLENGER, DEFENDER):
                for c, e in zip(t.seat_chars[seat], by_side[sd], strict=True):
                    events[sd][c] = e


def _pooled(t: Tables, key: tuple[Any, ...], kind: str, seat: int, data: dict[str, Any]) -> Event:
    """The event under ``key`` in the pool of ``t``, made the first time."""
    known = t.seat_events
    e = known.get(key)
    if e is None:
        e = known[key] = Event(kind, seat, data)
    return e


def _seat_row(t: Tables, seat: int) -> tuple[list[Any], list[Any], Event]:
    """``seat``'s rows of the event cards' tables (drawn and played; defender
    chosen) and its stayed-out event: the same in every seating (cached)."""
    key = ("events", seat)
    row = t.seat_blocks.get(key)
    if row is None:
        row = t.seat_blocks[key] = (
            [
                (
                    _pooled(t, ("event_card_drawn", seat, e), "card_drawn", seat, {"card": eid}),
                    _pooled(t, ("event_card_played", seat, e), "card_played", seat, {"card": eid}),
                )
                for e, eid in enumerate(t.event_id)
            ],
            [
                _pooled(t, ("defender_chosen", seat, e), "defender_chosen", seat, {"event": eid})
                for e, eid in enumerate(t.event_id)
            ],
            _pooled(t, ("stayed_out", seat), "stayed_out", seat, {}),
        )
    return row


def _house_block(t: Tables, seat: int) -> Any:
    """The events of ``seat``'s House's cards (drawn; placed facedown and face up)
    and characters (committed; support offered, accepted and declined, by side),
    in the order of its cards and characters: the same wherever the House sits
    at ``seat`` (cached)."""
    key = (t.seat_home[seat], seat)
    block = t.seat_blocks.get(key)
    if block is not None:
        return block
    drawn = []
    placed: tuple[list[Event], list[Event]] = ([], [])
    for c in t.seat_cards[seat]:
        cid = t.card_id[c]
        drawn.append(_pooled(t, ("card_drawn", seat, c), "card_drawn", seat, {"card": cid}))
        for faceup in (False, True):
            use = {"card": cid, "use": "placed", "faceup": faceup}
            placed[faceup].append(
                _pooled(t, ("card_placed", seat, c, faceup), "card_played", seat, use)
            )
    committed = []
    support: list[list[list[Event]]] = [[[] for _ in SIDE_NAMES] for _ in range(3)]
    for c in t.seat_chars[seat]:
        cid = t.char_id[c]
        committed.append(
            _pooled(
                t,
                ("character_committed", seat, c),
                "character_committed",
                seat,
                {"character": cid},
            )
        )
        for verb, by_side in zip(("offered", "accepted", "declined"), support, strict=True):
            for sd in (CHALLENGER, DEFENDER):
                kind = f"support_{verb}"
                data: dict[str, Any] = {"side": SIDE_NAMES[sd], "character": cid}
                by_side[sd].append(_pooled(t, (kind, seat, sd, c), kind, seat, data))
    block = t.seat_blocks[key] = (drawn, placed, committed, support)
    return block


def _house_name(model: IronThroneContent, house_id: str) -> str:
    try:
        return model.house(house_id).name
    except KeyError:
        return house_id


def physical_cards(deck: Sequence[Any]) -> list[Any]:
    """A deck's cards, one item per physical copy, in content order."""
    return [card for card in deck for _ in range(card.copies)]


#: each content model's catalog
_CATALOGS: IdentityMemo[IronThroneContent, Tables] = IdentityMemo()
#: each content model's tables per seating
_TABLES: IdentityMemo[IronThroneContent, Tables] = IdentityMemo(size=512)


def catalog(model: IronThroneContent) -> Tables:
    """The tables of every House of the content, seated in content order (cached).

    Every new game numbers its cards, characters and events as here, so the
    caches keyed by those numbers serve every seating (see :class:`Tables`).
    """
    return _CATALOGS.get(model, _build_catalog)


def _build_catalog(model: IronThroneContent) -> Tables:
    houses = [h.id for h in model.houses]
    t = build_tables(
        model,
        houses,
        [model.characters_of(h) for h in houses],
        [physical_cards(model.house(h).deck) for h in houses],
        [ev for ev in model.events for _ in range(ev.copies)],
    )
    return t


def tables_for(model: IronThroneContent, houses: tuple[str, ...]) -> Tables:
    """The (cached) tables of the shipped components for a seating.

    They share the catalog's numbering, per-number tables and seat-free
    caches; owners, seats and what names them are the seating's own.
    """
    return _TABLES.get(model, lambda m: _seated(m, houses), extra=houses)


def _seated(model: IronThroneContent, houses: tuple[str, ...]) -> Tables:
    cat = catalog(model)
    home = [cat.houses.index(h) for h in houses]  # each seat's House in the catalog
    seat_at = [-1] * len(cat.houses)
    for seat, h in enumerate(home):
        seat_at[h] = seat
    t = replace(
        cat,
        houses=tuple(houses),
        house_names=tuple(cat.house_names[h] for h in home),
        card_owner=[seat_at[h] for h in cat.card_owner],
        char_seat=[seat_at[h] for h in cat.char_seat],
        seat_chars=[cat.seat_chars[h] for h in home],
        seat_cards=[cat.seat_cards[h] for h in home],
        event_house=[seat_at[h] if h >= 0 else -1 for h in cat.event_house],
        event_pool=[
            e
            for e in cat.event_pool
            if cat.event_rule[e] != "house"
            or (cat.event_house[e] >= 0 and seat_at[cat.event_house[e]] >= 0)
        ],
        seat_home=home,
        seat_options={},
        seat_choices={},
    )
    _seat_events(t)
    return t


# ---------------------------------------------------------------- new games


def choose_houses(model: IronThroneContent, config: GameConfig, rng: random.Random) -> list[str]:
    """Each seat's House: as configured, the rest drawn at random (never shared, IT-COMP-01)."""
    known = [h.id for h in model.houses]
    wanted = list(config.factions or ()) + [None] * config.players
    wanted = wanted[: config.players]
    if config.factions is not None and len(config.factions) > config.players:
        raise SetupError(
            f"{plural(len(config.factions), 'House')} given for {config.players} players"
        )
    problems: list[tuple[Loc, str]] = []
    # located as 'houses[i]': the key a game record (and --houses) gives them under
    for i, h in enumerate(wanted):
        if h is not None and h not in known:
            known_text = ", ".join(known)
            problems.append(
                (
                    ("houses", i),
                    f"unknown House {h!r} (known: {known_text})" + did_you_mean(h, known),
                )
            )
        elif h is not None and wanted.index(h) != i:
            problems.append((("houses", i), f"House {h!r} is taken twice (one House each)"))
    if problems:
        raise SetupError(problems=problems)
    free = [h for h in known if h not in wanted]
    shuffle(rng, free)
    return [h if h is not None else free.pop() for h in wanted]


def draw_first_player(rng: random.Random, players: int) -> int:
    """IT-SETUP-07: the seat that takes the first turn, drawn at random (every seat
    alike). New games and scenarios with ``first_player: random`` both draw here."""
    return randbelow(rng, players)


def new_game(content: LoadedContent, config: GameConfig, seed: int) -> IronThroneGame:
    """A fresh game set up by the rulebook from ``seed`` (IT-SETUP-01..07)."""
    model = content.model
    assert isinstance(model, IronThroneContent)
    if config.players not in (3, 4, 5):
        raise SetupError(f"The Iron Throne is played by 3 to 5 players, not {config.players}")
    if config.options:
        unknown = ", ".join(sorted(map(str, config.options)))
        raise SetupError(f"The Iron Throne has no options or variants (got: {unknown})")
    rng = stream(seed, "game")
    houses = tuple(choose_houses(model, config, rng))
    t = tables_for(model, houses)
    n = len(houses)
    ref = Referee(t, n, rng)
    r = model.rules
    ref.power_total = r.power_markers
    ref.supply = r.power_markers
    offers = []
    for seat in range(n):
        count = len(ref.t.seat_chars[seat])
        ref.deck[seat] = list(t.seat_cards[seat])
        ref.card_total[seat] = len(ref.deck[seat])
        ref.sheet[seat] = r.leader_power
        ref.supply -= r.leader_power
        ref.left[seat] = r.influence_tokens
        offers.append(sample(rng, t.seat_chars[seat], min(r.leader_choices, count)))
    ref.leader_offers = offers
    ref.event_deck = list(t.event_pool)
    shuffle(rng, ref.event_deck)
    ref.first = ref.challenger = draw_first_player(rng, n)
    return IronThroneGame(ref, "leaders")


__all__ = ["build_tables", "new_game", "tables_for"]
