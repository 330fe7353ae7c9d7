"""Rule invariants of a fief state: conservation and consistency checks.

Checked in tests and playtests, each after the moves that may break it
(:data:`INVARIANTS`, :mod:`pnp.engine.invariants`). Each returns a readable
line per broken rule; an empty list means the state is sound.

The event kinds after which a check runs are those of the moves that change
the state it reads. ``card_played`` is in most of them: a Fortune or Court
card may move, kill, wed or crown a Noble. ``tests/rulesets/fief/
test_invariant_gating.py`` proves the lists over seeded games of every option.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pnp.engine.invariants import Invariant
from pnp.rulesets.fief.state import BROTHER, LORD_COMMANDER, FiefState

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


def check(s: FiefState) -> list[str]:
    """Every broken invariant of ``s``."""
    out: list[str] = []
    out += _gold(s)
    out += _units(s)
    out += _places(s)
    out += _nobles(s)
    out += _titles(s)
    out += _cards(s)
    out += _board(s)
    out += _alliances(s)
    out += _wall(s)
    return out


def _on_state(rule: Callable[[FiefState], list[str]]) -> Callable[[Any], list[str]]:
    """A state check as an invariant's check of the game."""

    def on_game(game: FiefGame) -> list[str]:
        return rule(game.s)

    on_game.__name__ = rule.__name__
    return on_game


def _phase_order(game: FiefGame) -> list[str]:
    """The broken rules the flow noticed itself (a phase out of order)."""
    return list(game.violations)


def _gold(s: FiefState) -> list[str]:
    out = [f"seat {seat.index} has {seat.gold} gold" for seat in s.seats if seat.gold < 0]
    total = sum(seat.gold for seat in s.seats)
    if total != s.minted:
        out.append(f"players hold {total} gold but the bank paid out {s.minted} net")
    return out


def _units(s: FiefState) -> list[str]:
    """Every unit is in its House's stock or on the board, never below zero."""
    out: list[str] = []
    cat = s.cat
    ids = cat.map.ids
    n_units = len(cat.units)
    players = s.players
    # each seat's units on the board, kind by kind (plain loops: a compiled check
    # adds up a few hundred counts in the time a generic sum builds its iterators)
    on_board = [[0] * n_units for _ in range(players)]
    for v, vil in enumerate(s.villages):
        for seat, counts in vil.units.items():
            if seat < 0 or seat >= players:
                out.append(f"units of unknown seat {seat} at {ids[v]}")
                continue
            row = on_board[seat]
            empty = True
            for u in range(n_units):
                c = counts[u]
                if c != 0:
                    empty = False
                    row[u] += c
                    if c < 0:
                        out.append(f"{c} {cat.units[u]} of seat {seat} at {ids[v]}")
            if empty:
                out.append(f"an empty unit entry for seat {seat} at {ids[v]}")
    shared = s.shared_stock
    for player in s.seats:
        full = cat.stock_totals(player.house, s.tactics)
        board = on_board[player.index]
        stock = player.stock
        for u in range(n_units):
            if u in shared:
                continue
            if stock[u] < 0:
                out.append(f"seat {player.index} stock of {cat.units[u]} is {stock[u]}")
            if stock[u] + board[u] != full[u]:
                out.append(
                    f"seat {player.index} has {stock[u]} + {board[u]} {cat.units[u]}, not {full[u]}"
                )
    for u, left in shared.items():
        used = 0
        for seat in range(players):
            used += on_board[seat][u]
        if left < 0 or left + used != cat.shared[u]:
            out.append(f"shared {cat.units[u]}: {left} left + {used} in play != {cat.shared[u]}")
    return out


def _places(s: FiefState) -> list[str]:
    """A Noble on the board stands in exactly the Village he says, and no other does."""
    out = []
    listed: dict[str, int] = {}
    for v, vil in enumerate(s.villages):
        for nid in vil.nobles:
            if nid in listed:
                out.append(f"{nid} stands in two Villages")
            listed[nid] = v
    for nid, n in s.nobles.items():
        where = listed.get(nid)  # Village indices are >= 0: None means not listed
        if n.zone == "board":
            if where != n.at or n.at < 0:
                out.append(f"{nid} is on the board at {n.at} but listed at {where}")
        elif where is not None:
            out.append(f"{nid} is {n.zone} but stands in a Village")
    return out


def _nobles(s: FiefState) -> list[str]:
    """Each Noble is in one zone: his House's deck, captive of another, wed to one."""
    out = []
    # a plain dict: a Counter's update and missing keys run interpreted code
    in_decks: dict[str, int] = {}
    for seat in s.seats:
        for nid in seat.deck:
            in_decks[nid] = in_decks.get(nid, 0) + 1
    seats = s.seats
    nobles = s.nobles
    for nid, n in nobles.items():
        zone = n.zone
        if zone == "captive":
            if n.captor < 0 or n.captor == n.seat:
                out.append(f"{nid} is captive of {n.captor}")
        elif n.captor >= 0:
            out.append(f"{nid} has a captor but is {zone}")
        decks = in_decks.get(nid, 0)
        if (zone == "deck") != (decks == 1) or decks > 1:
            out.append(f"{nid} is {zone} and in {decks} Character decks")
        if zone == "deck" and nid not in seats[n.seat].deck:
            out.append(f"{nid} is in another House's deck")
        spouse = n.spouse
        if (n.titles or spouse) and zone in ("dead", "deck", "out"):
            out.append(f"{nid} is {zone} yet holds titles {n.titles} or spouse {spouse}")
        if spouse is not None:
            other = nobles.get(spouse)
            if other is None or other.spouse != nid or other.lady == n.lady or other.seat == n.seat:
                out.append(f"{nid}'s marriage to {spouse} is not mutual")
    for seat in seats:
        house = s.cat.house_nobles[seat.house]
        mine = [nid for nid in house if nid in nobles]
        if len(mine) != len(house):
            out.append(f"House {seat.house} has {len(mine)} of its {len(house)} Nobles")
    return out


def _titles(s: FiefState) -> list[str]:
    out = []
    titles = s.cat.titles
    fief_cap = s.cat.rules.fief_titles_per_noble
    for title, nid in s.holder.items():
        if nid is None:
            continue
        n = s.nobles.get(nid)
        if n is None or title not in n.titles:
            out.append(f"{title} held by {nid} who does not list it")
        elif not n.in_play:
            out.append(f"{title} held by {nid}, who is {n.zone}")
    for nid, n in s.nobles.items():
        if not n.titles:  # most Nobles hold none: skip the count
            continue
        kinds = [titles[t].kind for t in n.titles]
        fiefs = kinds.count("fief")
        if fiefs > fief_cap:
            out.append(f"{nid} holds {fiefs} Fief Titles")
        if kinds.count("military") > 1 or kinds.count("high") > 1:
            out.append(f"{nid} holds {dict(Counter(kinds))} titles")
        for t in n.titles:
            if t in s.holder and s.holder[t] != nid:
                out.append(f"{nid} lists {t}, held by {s.holder.get(t)}")
            if (
                n.outlaw
                and s.kind_of(t) != "fief"
                and t not in ("king", "queen", "mother-of-dragons")
            ):
                out.append(f"Outlaw {nid} holds {t}")
    queen = s.holder.get("queen")
    king = s.holder.get("king")
    if queen is not None and king is not None and s.nobles[queen].spouse != king:
        out.append(f"Queen {queen} is not the King's wife")
    if king is not None and s.holder.get("protector") not in (king, None):
        out.append("the Protector is not the King though a King reigns")
    return out


def _cards(s: FiefState) -> list[str]:
    out = []
    cat = s.cat
    # every pile in one list, then one count (a Counter.update per pile costs more)
    piles = [*s.fortune, *s.fortune_discard, *s.court, *s.court_discard, *s.removed]
    piles += s.title_cards.values()
    for seat in s.seats:
        piles += seat.hand
    for cards in s.disasters.values():
        piles += cards
    for cards in s.copies_waiting.values():
        piles += cards
    where = Counter(piles)
    expected = cat.card_totals(s.winter)
    if dict(where) != expected:  # as plain dicts, see Catalog.card_totals
        want = Counter(expected)
        diff = (where - want) + (want - where)
        out.append(f"cards not conserved: {dict(diff)}")
    if s.disasters_on_board() > cat.rules.max_disasters:
        out.append(f"{s.disasters_on_board()} disasters on the board")
    for seat in s.seats:
        if seat.tax_markers < 0 or seat.diplomacy < 0:
            out.append(f"seat {seat.index} markers below zero")
    return out


def _board(s: FiefState) -> list[str]:
    out = []
    ids = s.cat.map.ids
    nobles = s.nobles
    for v, vil in enumerate(s.villages):
        if vil.units or vil.nobles:  # someone is there: is the controller (s.present)?
            c = vil.controller
            if c not in vil.units and all(nobles[nid].seat != c for nid in vil.nobles):
                out.append(f"{ids[v]} is controlled by {c}, present: {s.present(v)}")
        elif vil.controller >= 0:
            out.append(f"empty {ids[v]} is controlled by {vil.controller}")
        if vil.stronghold not in (0, 1, 2):
            out.append(f"{ids[v]} stronghold level {vil.stronghold}")
    mills = sum(1 for vil in s.villages if vil.mill)
    if mills > s.cat.mill_limit:
        out.append(f"{mills} Mills on the board")
    if s.idols_destroyed and any(vil.sept for vil in s.villages):
        out.append("a Sept stands after the false idols fell")
    return out


def _alliances(s: FiefState) -> list[str]:
    out = []
    for seat in s.seats:
        if seat.partner is not None:
            other = s.seats[seat.partner]
            if other.partner != seat.index or seat.partner == seat.index:
                out.append(f"seat {seat.index}'s alliance is not mutual")
            if s.players < s.cat.rules.alliances_from:
                out.append(f"an alliance in a {s.players}-player game")
        if seat.marriage is not None:
            own = s.nobles.get(seat.marriage[0])
            if own is None or own.seat != seat.index or own.spouse != seat.marriage[1]:
                out.append(f"seat {seat.index}'s marriage marker is wrong")
        elif seat.partner is not None:
            out.append(f"seat {seat.index} is allied without a marriage")
    return out


def _wall(s: FiefState) -> list[str]:
    """The Night's Watch: Brothers on the Wall, recruits and tokens conserved."""
    out = []
    wall = [n for n in s.nobles.values() if n.zone == "wall"]
    for n in s.nobles.values():
        if (n.zone == "wall") != (BROTHER in n.titles):
            out.append(f"{n.id} is {n.zone} and holds {n.titles}")
    if not s.nights_watch:
        if wall or s.recruits or s.defenders or s.supplies or s.wall_marker:
            out.append("Night's Watch pieces in play without the expansion")
        return out
    nw = s.cat.rules.nights_watch
    per_seat = Counter([n.seat for n in wall])
    for seat, count in per_seat.items():
        if count > nw.brothers_per_house:
            out.append(f"seat {seat} has {count} Brothers")
    lc = s.holder.get(LORD_COMMANDER)
    if lc is not None and s.nobles[lc].zone != "wall":
        out.append(f"Lord Commander {lc} is not on the Wall")
    for nid in s.recruits:
        if nid not in s.nobles or s.nobles[nid].zone != "wall" or nid == lc:
            out.append(f"recruits serve under {nid}, who may not command them")
    for chit, printed in s.cat.recruit_chits.items():
        used = sum(band.get(chit, 0) for band in s.recruits.values())
        left = s.recruit_supply[chit]
        if left < 0 or left + used != printed:
            out.append(f"{chit}: {left} left + {used} on the Wall != {printed}")
    printed = s.cat.defender_tokens
    if sum(s.defenders.values()) > printed or any(n < 0 for n in s.defenders.values()):
        out.append(f"Defender of the Wall tokens: {s.defenders} of {printed}")
    if not 0 <= s.wall_marker <= nw.track:
        out.append(f"the Wall marker is on {s.wall_marker}")
    if s.supplies < 0:
        out.append(f"{s.supplies} gold in the Wall's supplies")
    return out


#: what kills, captures, weds, moves or crowns a Noble, besides a card
_NOBLE_FATE = frozenset(
    {
        "noble_placed", "noble_killed", "noble_captured", "death_cancelled", "ransom_paid",
        "married", "marriage_ended", "title_gained", "title_lost", "outlawed", "pardoned",
        "took_the_black", "sent_to_the_wall", "succession", "regency", "elected",
        "started",
    }
)  # fmt: skip
#: what puts a Noble on the board or takes him off it
_NOBLE_LEAVES = frozenset(
    {
        "noble_placed", "noble_killed", "noble_captured", "death_cancelled", "ransom_paid",
        "took_the_black", "sent_to_the_wall", "title_gained", "started",
    }
)  # fmt: skip
#: what moves troops or Nobles across the map
_MARCHES = frozenset({"moved", "sailed", "retreated"})
#: what puts units on the board or takes them off (the set-up too)
_UNITS = frozenset({"purchased", "units_placed", "units_lost", "recruited", "started"})

#: gold changes hands only through the game's bank helpers (``mint``, ``pay``,
#: ``transfer``), which note it: a fee paid before the decision that names its
#: purpose emits no event yet
_GOLD = frozenset({"gold_paid", "started"})
#: what moves a Fortune, Court or Title card, or a marker
_CARDS = frozenset(
    {
        "card_drawn", "card_played", "card_discarded", "cards_exchanged", "cards_traded",
        "disaster_placed", "disaster_cancelled", "disaster_discarded", "disasters_cleared",
        "famine_lifted", "fortune_reshuffled", "court_reshuffled", "season_changed",
        "title_gained", "title_lost", "defender_of_the_wall", "supplies_taken", "round_ended",
        "tax_levied", "diplomacy_spent", "started",
    }
)  # fmt: skip
#: what changes who is in a Village, what stands there and who holds it
_BOARD = _MARCHES | _UNITS | _NOBLE_LEAVES | {
    "card_played", "built", "pillaged", "uprising", "battle_ended", "mill_destroyed",
    "castle_fallen",
}  # fmt: skip
#: what changes the Night's Watch: Brothers, recruits, supplies, the track
_WALL = _NOBLE_FATE | {
    "card_played", "recruited", "recruits_dismissed", "supplies_taken", "wall_held",
    "wall_breached", "wildlings", "defender_of_the_wall",
}  # fmt: skip

#: the invariants of a fief game, each with the moves that may break it
INVARIANTS = (
    Invariant("phase order", _phase_order),
    Invariant("gold", _on_state(_gold), _GOLD),
    Invariant("units", _on_state(_units), _MARCHES | _UNITS),
    Invariant("places", _on_state(_places), _MARCHES | _NOBLE_FATE | {"card_played"}),
    Invariant("nobles", _on_state(_nobles), _NOBLE_FATE | {"card_played"}),
    Invariant("titles", _on_state(_titles), _NOBLE_FATE | {"card_played"}),
    Invariant("cards", _on_state(_cards), _CARDS),
    Invariant("board", _on_state(_board), _BOARD),
    Invariant("alliances", _on_state(_alliances), _NOBLE_FATE | {"card_played"}),
    Invariant("the Wall", _on_state(_wall), _WALL),
)
