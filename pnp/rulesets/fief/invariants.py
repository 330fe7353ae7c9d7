"""Rule invariants of a fief state: conservation and consistency checks.

Checked after every step in tests and playtests. Each returns a readable
line per broken rule; an empty list means the state is sound.
"""

from __future__ import annotations

from collections import Counter

from pnp.rulesets.fief.state import BROTHER, LORD_COMMANDER, FiefState


def check(s: FiefState) -> list[str]:
    """Every broken invariant of ``s``."""
    out: list[str] = []
    out += _gold(s)
    out += _units(s)
    out += _nobles(s)
    out += _titles(s)
    out += _cards(s)
    out += _board(s)
    out += _alliances(s)
    out += _wall(s)
    return out


def _gold(s: FiefState) -> list[str]:
    out = [f"seat {seat.index} has {seat.gold} gold" for seat in s.seats if seat.gold < 0]
    total = sum(seat.gold for seat in s.seats)
    if total != s.minted:
        out.append(f"players hold {total} gold but the bank paid out {s.minted} net")
    return out


def _units(s: FiefState) -> list[str]:
    out = []
    cat = s.cat
    n_units = len(cat.units)
    on_board = [[0] * n_units for _ in s.seats]
    for v, vil in enumerate(s.villages):
        for seat, counts in vil.units.items():
            if seat < 0 or seat >= s.players:
                out.append(f"units of unknown seat {seat} at {cat.map.ids[v]}")
                continue
            if not any(counts):
                out.append(f"an empty unit entry for seat {seat} at {cat.map.ids[v]}")
            for u, c in enumerate(counts):
                if c < 0:
                    out.append(f"{c} {cat.units[u]} of seat {seat} at {cat.map.ids[v]}")
                on_board[seat][u] += c
    for player in s.seats:
        full = cat.stock_totals(player.house, s.tactics)
        for u in range(n_units):
            if u in s.shared_stock:
                continue
            if player.stock[u] < 0:
                out.append(f"seat {player.index} stock of {cat.units[u]} is {player.stock[u]}")
            if player.stock[u] + on_board[player.index][u] != full[u]:
                out.append(
                    f"seat {player.index} has {player.stock[u]} + {on_board[player.index][u]} "
                    f"{cat.units[u]}, not {full[u]}"
                )
    for u, left in s.shared_stock.items():
        used = sum(on_board[seat][u] for seat in range(s.players))
        if left < 0 or left + used != cat.shared[u]:
            out.append(f"shared {cat.units[u]}: {left} left + {used} in play != {cat.shared[u]}")
    return out


def _nobles(s: FiefState) -> list[str]:
    out = []
    listed: dict[str, int] = {}
    for v, vil in enumerate(s.villages):
        for nid in vil.nobles:
            if nid in listed:
                out.append(f"{nid} stands in two Villages")
            listed[nid] = v
    in_decks: Counter[str] = Counter()
    for seat in s.seats:
        in_decks.update(seat.deck)
    seats = s.seats
    nobles = s.nobles
    for nid, n in nobles.items():
        zone = n.zone
        where = listed.get(nid)  # Village indices are >= 0: None means not listed
        if zone == "board":
            if where != n.at or n.at < 0:
                out.append(f"{nid} is on the board at {n.at} but listed at {where}")
        elif where is not None:
            out.append(f"{nid} is {zone} but stands in a Village")
        if zone == "captive":
            if n.captor < 0 or n.captor == n.seat:
                out.append(f"{nid} is captive of {n.captor}")
        elif n.captor >= 0:
            out.append(f"{nid} has a captor but is {zone}")
        decks = in_decks[nid]
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
    if where != expected:
        diff = (where - expected) + (expected - where)
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
    per_seat = Counter(n.seat for n in wall)
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
