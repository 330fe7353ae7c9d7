"""The Night's Watch expansion: Brothers, the Lord Commander, recruits, the Battle at the Wall.

Played only with the ``nights_watch`` option and at least
``rules.nights_watch.min_players`` players (FF-NW-01). The rulebook gives the
Brothers' one vote each, the Lord Commander's election, Title and powers, the
Oathbreakers and the set-up; what it leaves open this kit decides
(``decisions.yaml``, numbers in ``rules.yaml`` under ``nights_watch``):

- **Taking the black** (FF-TITLE-05, FF-OUT-04, FF-ROUND-07): a free,
  unmarried Lord who is neither King nor Heir, of a House with no Brother
  yet, takes the black in one of three ways — declared in the Draw phase in
  place of his player's Court Event draw, chosen by his player when the Hand
  outlaws him, or as his move from a gate Village in the Movement phase. He
  goes to the Wall at once, leaving his troops where they stand; his Outlaw
  status lifts, his Fief Titles pass down his House as at a death and every
  other Title returns to the board (FF-NW-07, FF-WARDEN-08). A Brother stays
  on the Wall until he dies or breaks his oath.
- **1.2 in Hear Ye**: the Oathbreakers, then the Lord Commander's election
  among the Brothers, one vote each, at least 2 to win (FF-NW-02..05).
- **Recruits**: bought in the Purchase phase onto the Wall, under one of the
  buyer's Brothers other than the Lord Commander (FF-NW-06); they leave with
  their Brother's Title, and when he becomes Lord Commander (FF-NW-05).
- **Phase 7, the Battle at the Wall**: the Wall marker moves one space up the
  track and the wildlings come with a d6 plus the marker. Every player may
  make a sealed Wall bid; the Lord Commander adds 2 to his. The Watch — each
  standing castle, each Brother, each recruit, the bids — holds if it is at
  least as strong: bid gold it did not need goes to the Wall's supplies and
  the top bidder earns a Defender of the Wall token (1 Gold Dragon each
  Income phase). Otherwise the wildlings break through: a castle falls (the
  Lord Commander chooses which) and an Uprising strikes every gate Village
  holding troops or a Mill, which the Warden of the North and the Council may
  try to stop (FF-WARDEN-13, FF-SC-13). The Lord Commander may then take the
  supplies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.game import Option
from pnp.rulesets.fief.rules import cards, economy, fate, politics
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import BROTHER, LORD_COMMANDER, FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


# -- who is on the Wall ------------------------------------------------------------


def brothers(s: FiefState, seat: int | None = None) -> list[Noble]:
    """The Brothers on the Wall (of ``seat`` only, if given), by id."""
    return sorted(
        (n for n in s.nobles.values() if n.zone == "wall" and seat in (None, n.seat)),
        key=lambda n: n.id,
    )


def lord_commander(s: FiefState) -> Noble | None:
    """The Lord Commander on the Wall, if one has been elected."""
    lc = s.holder_of(LORD_COMMANDER)
    return lc if lc is not None and lc.zone == "wall" else None


def may_take_the_black(s: FiefState, noble: Noble) -> bool:
    """Whether ``noble`` may take the black now (FF-OUT-04, FF-NW-07).

    A free, unmarried Lord, neither King nor Heir, of a House with fewer
    Brothers than ``brothers_per_house``.
    """
    if not s.nights_watch or noble.zone != "board" or noble.lady or noble.spouse is not None:
        return False
    if "king" in noble.titles or noble.card.heir_to_throne:
        return False
    return len(brothers(s, noble.seat)) < s.cat.rules.nights_watch.brothers_per_house


def recruit_strength(s: FiefState) -> int:
    """The strength of every recruit on the Wall."""
    strength = {r.token: r.strength for r in s.cat.rules.nights_watch.recruits}
    return sum(strength[chit] * n for men in s.recruits.values() for chit, n in men.items())


def watch_strength(s: FiefState) -> int:
    """The Watch's strength before bids: standing castles, Brothers and recruits."""
    nw = s.cat.rules.nights_watch
    castles = sum(1 for standing in s.castles.values() if standing)
    return (
        castles * nw.castle_strength + len(brothers(s)) * nw.brother_strength + recruit_strength(s)
    )


def defenders_left(s: FiefState) -> int:
    """Defender of the Wall tokens still in the supply."""
    return s.cat.defender_tokens - sum(s.defenders.values())


# -- taking the black and breaking the oath ------------------------------------------


def take_the_black(g: FiefGame, noble: Noble, how: str) -> Flow:
    """``noble`` goes to the Wall for life, giving up his Titles (FF-NW-07)."""
    s = g.s
    g.emit("took_the_black", noble.seat, noble=noble.id, how=how)
    if noble.outlaw:
        noble.outlaw = False
        g.emit("outlaw_lifted", noble.seat, noble=noble.id, by="the black")
    yield from fate.hand_down(g, [noble], "took the black")
    s.lift_noble(noble)
    noble.zone = "wall"
    fate.assign(g, noble, BROTHER)


def break_oath(g: FiefGame, noble: Noble) -> Flow:
    """A Brother leaves the Watch: his Titles return and he comes back an Outlaw (FF-NW-02).

    A Lord Commander who renounces his vows leaves the Wall the same way (FF-GAP-27).
    """
    g.emit("oath_broken", noble.seat, noble=noble.id)
    for title in sorted(noble.titles):
        fate.strip(g, noble, title, "oath broken")
    noble.zone = "aside"
    yield from fate.enter_board(g, noble, "oath broken")
    fate.make_outlaw(g, noble, None)


# -- 1.2: the Night's Watch subphase of Hear Ye ---------------------------------------


def watch_subphase(g: FiefGame) -> Flow:
    """1.2.1 Oathbreakers, then 1.2.2 the Lord Commander's election."""
    s = g.s
    for seat in s.order():
        for noble in brothers(s, seat):
            keep = yield from yes_no(
                seat, "oathbreak", f"{noble.id} keeps his oath", f"{noble.id} breaks his oath"
            )
            if not keep:
                yield from break_oath(g, noble)
    yield from lord_commander_election(g)


def lord_commander_election(g: FiefGame) -> Flow:
    """Only Brothers stand and vote, one vote each; the winner needs 2 (FF-NW-03, FF-NW-04)."""
    s = g.s
    if s.holder[LORD_COMMANDER] is not None:
        return
    candidates = {seat: brothers(s, seat) for seat in range(s.players)}
    votes = {seat: len(men) for seat, men in candidates.items()}
    winner = yield from politics.election(g, LORD_COMMANDER, candidates, votes, 2)
    if winner is None:
        return
    noble = s.nobles[winner]
    if (yield from fate.grant(g, noble, LORD_COMMANDER)):
        # FF-NW-05: he keeps the Wall for life, and the recruits with him leave the board
        dismissed = s.release_recruits(noble.id)
        if dismissed:
            g.emit("recruits_dismissed", noble.seat, noble=noble.id, recruits=dismissed)


# -- purchases -----------------------------------------------------------------------


def recruiters(s: FiefState, seat: int) -> list[Noble]:
    """``seat``'s Brothers who may take recruits: all but the Lord Commander (FF-NW-06)."""
    return [n for n in brothers(s, seat) if LORD_COMMANDER not in n.titles]


def recruit_options(s: FiefState, seat: int) -> list[Option]:
    """The recruits ``seat`` may buy now: ``recruit nw-ranger`` …"""
    if not s.nights_watch or not recruiters(s, seat):
        return []
    gold = s.seats[seat].gold
    return [
        Option(f"recruit {r.token}", ("recruit", r.token))
        for r in s.cat.rules.nights_watch.recruits
        if r.cost <= gold and s.recruit_supply[r.token] > 0
    ]


def recruit(g: FiefGame, seat: int, chit: str) -> Flow:
    """Buy one recruit onto the Wall, under one of ``seat``'s Brothers."""
    s = g.s
    men = recruiters(s, seat)
    nid = yield from ask(seat, "recruit_for", [Option(f"under {n.id}", n.id) for n in men])
    cost = next(r.cost for r in s.cat.rules.nights_watch.recruits if r.token == chit)
    g.pay(seat, cost)
    s.recruit_supply[chit] -= 1
    band = s.recruits.setdefault(nid, {})
    band[chit] = band.get(chit, 0) + 1
    g.emit("recruited", seat, noble=nid, recruit=chit, gold=cost)


# -- phase 7: the Battle at the Wall -------------------------------------------------------


def wall_phase(g: FiefGame) -> Flow:
    """The wildlings come; the Watch and the players' bids meet them."""
    s = g.s
    nw = s.cat.rules.nights_watch
    s.wall_marker = min(nw.track, s.wall_marker + 1)
    roll = g.d6()
    host = roll + s.wall_marker
    g.emit("wildlings", None, roll=roll, marker=s.wall_marker, strength=host)
    # the die is rolled in the open before anyone bids: every seat bids knowing the host
    s.focus = {"wildlings": host}
    bids = yield from wall_bids(g)
    s.focus = {}
    lc = lord_commander(s)
    bonus = nw.lc_bid_bonus if lc is not None else 0
    paid = sum(bids.values())
    watch = watch_strength(s) + paid + bonus
    shown = {str(seat): gold for seat, gold in sorted(bids.items())}
    g.emit("wall_bids_revealed", None, bids=shown, bonus=bonus, watch=watch, host=host)
    if watch >= host:
        surplus = min(paid, watch - host)
        s.supplies += surplus
        g.emit("wall_held", None, watch=watch, host=host, supplies=surplus)
        if lc is not None:
            bids[lc.seat] = bids.get(lc.seat, 0) + bonus
        yield from _reward_defender(g, bids)
    else:
        g.emit("wall_breached", None, watch=watch, host=host)
        yield from _castle_falls(g, lc)
        for v in sorted(s.cat.map.gates):
            vil = s.villages[v]
            if vil.units or vil.mill:
                yield from cards.uprising(g, None, "village", v)
    lc = lord_commander(s)
    if lc is not None and s.supplies:
        take = yield from yes_no(
            lc.seat, "wall_supplies", f"take {s.supplies} from the supplies", "leave the supplies"
        )
        if take:
            g.emit("supplies_taken", lc.seat, noble=lc.id, gold=s.supplies)
            g.mint(lc.seat, s.supplies)
            s.supplies = 0


def wall_bids(g: FiefGame) -> Flow:
    """Sealed Wall bids in turn order, paid at once; returns seat -> gold bid."""
    s = g.s
    steps = s.cat.rules.nights_watch.bid_steps
    for seat in s.order():
        gold = s.seats[seat].gold
        options = [Option("no bid", 0)] + [Option(f"bid {b}", b) for b in steps if b <= gold]
        bid = yield from ask(seat, "wall_bid", options)
        # every sealed bid is kept in the state, "no bid" too, until all are placed:
        # a resample redraws the others' there (resample.py), so they are read back
        s.hidden_bids[seat] = bid
    bids: dict[int, int] = {seat: bid for seat, bid in s.hidden_bids.items() if bid}
    s.hidden_bids = {}
    for seat, bid in bids.items():
        g.pay(seat, bid)
    return bids


def _reward_defender(g: FiefGame, bids: dict[int, int]) -> Flow:
    """The top bidder earns a Defender of the Wall token; the Protector breaks a tie."""
    s = g.s
    if not bids or defenders_left(s) <= 0:
        return
    winner = yield from economy.top_bidder(g, bids)
    if winner is None:
        return
    s.defenders[winner] = s.defenders.get(winner, 0) + 1
    g.emit("defender_of_the_wall", winner, tokens=s.defenders[winner])


def _castle_falls(g: FiefGame, lc: Noble | None) -> Flow:
    """A standing castle falls: the Lord Commander's choice, else the first in the content."""
    s = g.s
    standing = [c for c, up in s.castles.items() if up]
    if not standing:
        return
    castle = standing[0]
    if lc is not None:
        castle = yield from ask(
            lc.seat, "castle_falls", [Option(f"let {c} fall", c) for c in standing]
        )
    s.castles[castle] = False
    g.emit("castle_fallen", None, castle=castle)


__all__ = [
    "brothers",
    "lord_commander",
    "may_take_the_black",
    "recruit",
    "recruit_options",
    "take_the_black",
    "wall_phase",
    "watch_strength",
    "watch_subphase",
]
