"""Phases 3 and 4: income and taxes; ransoms, the Council bid and purchases.

Income is simultaneous: villages, mills and Septs under a player's control,
House and title bonuses, then taxes by priority (a Region's Warden, then
Council members in the order they levied, then the Hand; a Region's tax goes
to one Noble). Purchases go seat by seat: ransoms first (mandatory when
affordable), then the sealed bid for the purchasable Council seat, then each
player buys troops, buildings and Fief Titles one at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.engine.game import Option
from pnp.rulesets.fief.rules import fate, watch
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


# -- income -------------------------------------------------------------------


def income(g: FiefGame) -> None:
    """Phase 3: every player collects at once."""
    s = g.s
    rules = s.cat.rules.income
    m = s.cat.map
    gains = [0] * s.players
    for v, vil in enumerate(s.villages):
        c = vil.controller
        if c < 0:
            continue
        if not s.famine(m.region_of[v]):
            gains[c] += rules.village + (rules.mill if vil.mill else 0)
        if vil.sept:
            gains[c] += rules.sept
    for seat in range(s.players):
        gains[seat] += s.ability(seat, "income_bonus") or 0
    for n in s.nobles.values():
        if n.zone == "board" and n.card.income_bonus:
            gains[n.seat] += n.card.income_bonus
    # FF-KING-10: the Queen's 2 gold have no exception, not even captivity
    queen = s.holder_of("queen")
    if queen is not None:
        gains[queen.seat] += rules.queen
    for seat, tokens in s.defenders.items():  # Defenders of the Wall (Night's Watch)
        gains[seat] += tokens * s.cat.rules.nights_watch.defender_income
    for seat in range(s.players):
        if gains[seat]:
            g.mint(seat, gains[seat])
        g.emit("income", seat, gold=gains[seat])
    for seat, gold, target in collect_taxes(s):
        g.mint(seat, gold)
        g.emit("tax_collected", seat, target=target, gold=gold)
    s.taxes = []


def _taxable(s: FiefState, villages: list[int], taxer: int) -> int:
    """Villages paying a tax to ``taxer``: none in a Fief where another's Master of Coin stands."""
    coin = s.holder_of("master-of-coin")
    shielded = None
    if coin is not None and coin.zone == "board" and coin.seat != taxer:
        shielded = s.cat.map.fief_of[coin.at]
    fief_of = s.cat.map.fief_of
    return sum(1 for v in villages if fief_of[v] != shielded)


def collect_taxes(s: FiefState) -> list[tuple[int, int, str]]:
    """Who collects which tax this round: ``(seat, gold, target)`` in payment order."""
    m = s.cat.map
    per = s.cat.rules.income.tax_per_village
    out: list[tuple[int, int, str]] = []
    for region in sorted(m.region_villages, key=lambda r: m.region_number[r]):
        if not s.governed(region):
            continue
        claims = [t for t in s.taxes if t["kind"] == "warden" and t["target"] == region]
        claims += [t for t in s.taxes if t["kind"] == "council" and t["target"] == region]
        claims += [t for t in s.taxes if t["kind"] == "hand"]
        claims = [t for t in claims if region not in t["voided"] and _taxer_ok(s, t)]
        if claims:
            taker = claims[0]
            gold = per * _taxable(s, m.region_villages[region], taker["seat"])
            out.append((taker["seat"], gold, region))
    for fief in sorted(m.fief_villages):
        claims = [
            t for t in s.taxes if t["kind"] in ("paramount", "protector") and t["target"] == fief
        ]
        claims = [t for t in claims if _taxer_ok(s, t)]
        if claims:
            taker = claims[0]
            gold = per * _taxable(s, m.fief_villages[fief], taker["seat"])
            out.append((taker["seat"], gold, fief))
    return out


def _taxer_ok(s: FiefState, tax: dict[str, Any]) -> bool:
    """A tax pays only if its Noble still holds the title he levied it with."""
    noble = s.nobles[tax["noble"]]
    if noble.zone == "dead" or noble.seat != tax["seat"]:
        return False
    kind, target = tax["kind"], tax["target"]
    if kind == "warden":
        return s.warden_region(noble) == target
    if kind == "council":
        return s.is_council(noble)
    if kind == "hand":
        return "hand" in noble.titles
    if kind == "paramount":
        return s.cat.fief_title[target] in noble.titles
    if kind == "protector":
        return "protector" in noble.titles and s.holder[s.cat.fief_title[target]] is None
    return False


# -- purchases ------------------------------------------------------------------


def purchase_phase(g: FiefGame) -> Flow:
    """Phase 4: ransoms, the Council bid, then each player's purchases."""
    s = g.s
    for seat in s.order():
        yield from ransoms(g, seat)
    yield from council_bid(g)
    for seat in s.order():
        yield from buying_turn(g, seat)


def ransom_price(s: FiefState, noble_titles: int) -> int:
    """2 + 2 per Title (rules.prices)."""
    p = s.cat.rules.prices
    return p.ransom_base + p.ransom_per_title * noble_titles


def ransoms(g: FiefGame, seat: int) -> Flow:
    """Every captive of ``seat`` whose ransom it can pay is bought back, cheapest first."""
    s = g.s
    captives = sorted(
        (n for n in s.nobles.values() if n.seat == seat and n.zone == "captive"),
        key=lambda n: (ransom_price(s, len(n.titles)), n.id),
    )
    for noble in captives:
        price = ransom_price(s, len(noble.titles))
        if s.seats[seat].gold < price:
            continue
        captor = noble.captor
        g.transfer(seat, captor, price)
        g.emit("ransom_paid", seat, noble=noble.id, gold=price, to=captor)
        noble.zone = "aside"
        noble.captor = -1
        yield from fate.enter_board(g, noble, "ransomed")


def _free_master_seats(s: FiefState) -> list[str]:
    return [t for t in s.cat.masters if s.holder[t] is None]


def _bid_wardens(s: FiefState, seat: int) -> list[Any]:
    return [
        n
        for n in s.seat_nobles(seat)
        if s.is_warden(n) and not s.is_council(n) and not n.outlaw and s.slots_free(n, "high") > 0
    ]


def council_bid(g: FiefGame) -> Flow:
    """Sealed bids for the purchasable Council seat; the Protector breaks ties."""
    s = g.s
    bought = [t for t in s.cat.masters if s.holder[t] is not None and t not in s.title_cards]
    free = _free_master_seats(s)
    if bought or not free:
        return
    steps = s.cat.rules.prices.council_bid_steps
    for seat in s.order():
        if not _bid_wardens(s, seat) or s.seats[seat].gold < steps[0]:
            continue
        options = [Option("no bid", 0)]
        options += [Option(f"bid {b}", b) for b in steps if b <= s.seats[seat].gold]
        bid = yield from ask(seat, "council_bid", options)
        # every sealed bid is kept in the state, "no bid" too, until all are placed:
        # a resample redraws the others' there (resample.py), so they are read back
        s.hidden_bids[seat] = bid
    bids: dict[int, int] = {seat: bid for seat, bid in s.hidden_bids.items() if bid}
    s.hidden_bids = {}
    if not bids:
        return
    g.emit("bids_revealed", None, bids={str(k): v for k, v in bids.items()})
    winner = yield from top_bidder(g, bids)
    if winner is None:
        return
    g.pay(winner, bids[winner])
    options = [
        Option(f"seat {n.id} as {t}", (n.id, t)) for n in _bid_wardens(s, winner) for t in free
    ]
    # FF-SC-02: timed trigger: only the Purchase phase bid sells the 4th Council seat
    nid, title = yield from ask(winner, "council_seat", options)
    g.emit("council_bought", winner, noble=nid, title=title, gold=bids[winner])
    yield from fate.grant(g, s.nobles[nid], title, may_decline=False)


def top_bidder(g: FiefGame, bids: dict[int, int]) -> Flow:
    """The seat whose sealed bid is highest; the Protector breaks a tie (FF-ELEC-11).

    ``None`` when the bids tie and no free Protector can decide.
    """
    s = g.s
    best = max(bids.values())
    leaders = [seat for seat in s.order() if bids.get(seat) == best]
    if len(leaders) == 1:
        return leaders[0]
    prot = s.holder_of("protector")
    if prot is None or not prot.free:
        g.emit("bid_tied", None, bid=best)
        return None
    return (yield from ask(prot.seat, "break_tie", [Option(f"award seat {w}", w) for w in leaders]))


def buying_turn(g: FiefGame, seat: int) -> Flow:
    """One player's purchases, one at a time, until he stops.

    The rules set no number of purchases; every one spends a finite stock (units,
    recruits, Titles, a Village's building slots), so the turn ends."""
    while True:
        options = buy_options(g, seat)
        if len(options) == 1:
            return
        pick = yield from ask(seat, "purchase", options)
        if pick is None:
            return
        yield from buy(g, seat, pick)


def _unit_spots(s: FiefState, seat: int, unit: int) -> list[int]:
    if s.cat.royal_unit[unit]:
        royals = (_royal_noble(s, seat, "king"), _royal_noble(s, seat, "queen"))
        return sorted({n.at for n in royals if n is not None})
    return sorted({n.at for n in s.seat_nobles(seat)})


def _royal_noble(s: FiefState, seat: int, title: str) -> Noble | None:
    """The holder of ``title`` (King, Queen) if he is ``seat``'s and on the board."""
    holder = s.holder_of(title)
    return holder if holder is not None and holder.seat == seat and holder.zone == "board" else None


def _stock(s: FiefState, seat: int, unit: int) -> int:
    if unit in s.shared_stock:
        return s.shared_stock[unit]
    return s.seats[seat].stock[unit]


def _building_options(s: FiefState, seat: int, gold: int) -> list[Option]:
    """The buildings ``seat`` can afford and place in a Village it controls."""
    cat = s.cat
    costs = cat.building_cost
    out: list[Option] = []
    mill = stronghold = fortify = sept = False
    mills = 0
    for vil in s.villages:
        if vil.mill:
            mills += 1
        if vil.controller != seat:
            continue
        mill = mill or not vil.mill
        stronghold = stronghold or not vil.stronghold
        fortify = fortify or vil.stronghold == 1
        sept = sept or not vil.sept
    if mill and gold >= costs["mill"] and mills < cat.mill_limit:
        out.append(Option("build mill", ("mill", None)))
    if stronghold and gold >= costs["stronghold"]:
        out.append(Option("build stronghold", ("stronghold", None)))
    if fortify and gold >= costs["fortified-city"]:
        out.append(Option("build fortified-city", ("fortified-city", None)))
    if sept and gold >= costs["sept"] and not s.idols_destroyed:
        out.append(Option("build sept", ("sept", None)))
    return out


def buy_options(g: FiefGame, seat: int) -> list[Option]:
    """What ``seat`` can buy now (``end purchases`` first)."""
    s = g.s
    cat = s.cat
    gold = s.seats[seat].gold
    out = [Option("end purchases", None)]
    has_noble = bool(s.seat_nobles(seat))
    cost = cat.cost
    for u, unit in enumerate(cat.units):
        if cost[u] > gold or _stock(s, seat, u) <= 0:
            continue
        if cat.tactics_unit[u] and not s.tactics:
            continue
        if has_noble if not cat.royal_unit[u] else _unit_spots(s, seat, u):
            out.append(Option(f"buy {unit}", ("unit", u)))
    costs = cat.building_cost
    if gold >= min(costs["mill"], costs["sept"], costs["stronghold"]):
        out += _building_options(s, seat, gold)
    if gold >= cat.rules.prices.fief_title:
        for fief, title in cat.fief_titles_sorted:
            free = s.holder[title] is None
            # a Title his Noble declined this round is not for sale to him again
            # (decision fief-title-holder): a declined purchase costs nothing, so
            # offering it again could go round and round
            if not free or g.used(seat, _declined(title), "round"):
                continue
            if s.occupies_fief(seat, fief) and _title_takers(s, seat, fief):
                out.append(Option(f"buy {title}", ("title", fief)))
    out += watch.recruit_options(s, seat)
    # FF-KING-08: the Protector's gift has no limit but the free Fief Titles; one
    # he offered this round is not offered again (decision protector-gift), so a
    # refused or declined gift cannot be offered round and round
    prot = s.holder_of("protector")
    if prot is not None and prot.seat == seat and prot.free:
        for fief, title in cat.fief_titles_sorted:
            if s.holder[title] is not None or g.used(seat, _gift(title), "round"):
                continue
            if any(
                s.occupies_fief(o, fief) and _title_takers(s, o, fief) for o in range(s.players)
            ):
                out.append(Option(f"grant {title}", ("grant", fief)))
    return out


def _gift(title: str) -> str:
    """The key marking ``title`` as offered by the Protector this round."""
    return f"gift:{title}"


def _declined(title: str) -> str:
    """The key marking ``title`` as declined by a Noble of the buyer this round."""
    return f"declined:{title}"


def _title_takers(s: FiefState, seat: int, fief: str) -> list[Any]:
    """``seat``'s Nobles standing in ``fief`` who may take its Title."""
    fief_of = s.cat.map.fief_of
    return [n for n in s.seat_nobles(seat) if fief_of[n.at] == fief]


def buy(g: FiefGame, seat: int, pick: tuple[str, Any]) -> Flow:
    """Make one purchase."""
    s = g.s
    cat = s.cat
    ids = cat.map.ids
    kind, what = pick
    if kind == "unit":
        spots = _unit_spots(s, seat, what)
        v = yield from ask(seat, "place_units", [Option(f"at {ids[v]}", v) for v in spots])
        g.pay(seat, cat.cost[what])
        if what in s.shared_stock:
            s.shared_stock[what] -= 1
        else:
            s.seats[seat].stock[what] -= 1
        s.add_units(v, seat, what, 1)
        g.emit("purchased", seat, item=cat.units[what], at=ids[v], gold=cat.cost[what])
        return
    if kind in ("mill", "stronghold", "fortified-city", "sept"):
        own = s.controlled(seat)
        if kind == "mill":
            spots = [v for v in own if not s.villages[v].mill]
        elif kind == "stronghold":
            spots = [v for v in own if not s.villages[v].stronghold]
        elif kind == "fortified-city":
            spots = [v for v in own if s.villages[v].stronghold == 1]
        else:
            spots = [v for v in own if not s.villages[v].sept]
        v = yield from ask(seat, "place_building", [Option(f"at {ids[v]}", v) for v in spots])
        price = cat.building_cost[kind]
        g.pay(seat, price)
        vil = s.villages[v]
        if kind == "mill":
            vil.mill = True
        elif kind == "stronghold":
            vil.stronghold = 1
        elif kind == "fortified-city":
            vil.stronghold = 2
        else:
            vil.sept = True
        g.emit("built", seat, item=kind, at=ids[v], gold=price)
        return
    if kind == "recruit":
        yield from watch.recruit(g, seat, what)
        return
    title = cat.fief_title[what]
    if kind == "title":
        takers = _title_takers(s, seat, what)
        nid = yield from ask(seat, "title_to", [Option(f"give to {n.id}", n.id) for n in takers])
        # FF-TITLE-09/10: a Noble with no free slot makes room or declines before
        # the price is paid (FF-PH-12), so a Title declined costs nothing
        room = yield from fate.make_room(g, s.nobles[nid], title)
        if room is None:
            g.mark_used(seat, _declined(title))
            return
        price = cat.rules.prices.fief_title
        g.pay(seat, price)
        g.emit("title_bought", seat, title=title, noble=nid, gold=price)
        yield from fate.take(g, s.nobles[nid], title, room)
        return
    # the Protector's gift
    g.mark_used(seat, _gift(title))
    takers = [
        n for o in range(s.players) if s.occupies_fief(o, what) for n in _title_takers(s, o, what)
    ]
    nid = yield from ask(seat, "grant_to", [Option(f"grant to {n.id}", n.id) for n in takers])
    noble = s.nobles[nid]
    favour = 0
    if noble.seat != seat:
        price = cat.rules.prices.protector_favour
        terms = [Option("as a gift", 0)]
        if price and s.seats[noble.seat].gold >= price:
            terms.append(Option(f"for a favour of {price}", price))
        favour = yield from ask(seat, "grant_terms", terms)
        accept = yield from yes_no(noble.seat, "accept_grant", f"accept {title}", f"refuse {title}")
        if not accept:
            g.emit("title_declined", noble.seat, noble=nid, title=title)
            return
    # FF-KING-08, FF-TITLE-10: a Noble with no free slot makes room or declines
    # before the favour is paid, so a Title declined costs nothing
    room = yield from fate.make_room(g, noble, title)
    if room is None:
        return
    if noble.seat != seat:
        g.transfer(noble.seat, seat, favour)
    g.emit("title_granted", seat, title=title, noble=nid, favour=favour)
    yield from fate.take(g, noble, title, room)
