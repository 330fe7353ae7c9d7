"""Phase 1, Hear Ye: marriages, false idols, pardons, outlaws and the elections.

Order (rulebook 1.1–1.5): divorces and marriage proposals, the Protector's
conversion to R'hllor, royal pardons, the Hand's outlawing, Arryn's
execution of a captive, then the Warden elections (Region 1 to 5), the Hand
and the King. Every election runs the same procedure: nominations in turn
order, bribe offers, face-down FOR/DECOY markers, the flip and the count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pnp.engine.game import Option
from pnp.rulesets.fief.rules import fate, watch
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


def hear_ye(g: FiefGame) -> Flow:
    """The whole Hear Ye phase."""
    yield from divorces(g)
    yield from proposals(g)
    yield from false_idols(g)
    yield from pardons(g)
    yield from outlawing(g)
    yield from concessions(g)
    yield from executions(g)
    yield from elections(g)


def elections(g: FiefGame) -> Flow:
    """The Warden elections (Region 1 to 5), then the Hand's, then the King's.

    With the Night's Watch, its subphase (1.2: Oathbreakers, the Lord
    Commander's election) comes first (FF-ROUND-03, FF-ELEC-12).
    """
    s = g.s
    if s.nights_watch:
        yield from watch.watch_subphase(g)
    for number in sorted(s.cat.map.region_by_number):
        yield from warden_election(g, s.cat.map.region_by_number[number])
    yield from hand_election(g)
    yield from king_election(g)


# -- marriages -------------------------------------------------------------


def can_marry(s: FiefState, noble: Noble) -> bool:
    """An unmarried Noble on the board whose card allows marriage."""
    return noble.zone == "board" and noble.spouse is None and not noble.card.cannot_marry


def divorces(g: FiefGame) -> Flow:
    """A spouse may ask the Master of Laws to void his marriage."""
    s = g.s
    ml = s.holder_of("master-of-laws")
    if ml is None or not ml.free:
        return
    for seat in s.order():
        marriage = s.seats[seat].marriage
        if marriage is None:
            continue
        own, other = s.nobles[marriage[0]], s.nobles[marriage[1]]
        royal = {"king", "queen"} & (set(own.titles) | set(other.titles))
        if royal and s.heir_played:
            continue
        want = yield from yes_no(seat, "divorce", "ask for a divorce", "stay married")
        if not want:
            continue
        granted = True
        if ml.seat != seat:
            s.focus = {"divorce": seat}  # whose request the Master of Laws weighs
            granted = yield from yes_no(
                ml.seat, "grant_divorce", "grant the divorce", "refuse the divorce"
            )
            s.focus = {}
        if granted:
            fate.end_marriage(g, own, "divorce")
        else:
            g.emit("divorce_refused", seat, noble=own.id)


def proposals(g: FiefGame) -> Flow:
    """In turn order, each unmarried player may propose one marriage."""
    s = g.s
    prices = s.cat.rules.prices
    for seat in s.order():
        me = s.seats[seat]
        # FF-MARR-03: timed trigger: only a proposal weds (no Noble changes player)
        if me.marriage is not None:
            continue
        mine = [n for n in s.seat_nobles(seat) if can_marry(s, n)]
        if not mine:
            continue
        options = [Option("no proposal", None)]
        for other in s.order():
            if other == seat or s.seats[other].marriage is not None:
                continue
            theirs = [n for n in s.seat_nobles(other) if can_marry(s, n)]
            for a in mine:
                for b in theirs:
                    if a.lady == b.lady:
                        continue
                    if a.card.marriage_fee > me.gold or b.card.marriage_fee > s.seats[other].gold:
                        continue
                    options.append(Option(f"propose {a.id} to {b.id}", (a.id, b.id)))
        pick = yield from ask(seat, "propose_marriage", options)
        if pick is None:
            continue
        a, b = s.nobles[pick[0]], s.nobles[pick[1]]
        other = b.seat
        fee = a.card.marriage_fee
        terms = [Option("no dowry", "none")]
        if me.gold >= fee + prices.dowry and prices.dowry:
            terms.append(Option(f"dowry of {prices.dowry}", "dowry"))
        if me.diplomacy and me.hand and s.seats[other].hand:
            terms.append(Option("exchange a card", "cards"))
        term = yield from ask(seat, "marriage_terms", terms)
        g.emit("marriage_proposed", seat, noble=a.id, to=b.id, terms=term)
        # FF-MARR-01/05: the proposal and its terms are announced, so every view
        # shows them while the other side answers
        s.focus = {"proposal": {"seat": seat, "noble": a.id, "to": b.id, "terms": term}}
        accept = yield from yes_no(other, "answer_proposal", f"accept {a.id}", f"refuse {a.id}")
        s.focus = {}
        if not accept:
            g.emit("marriage_refused", other, noble=b.id, suitor=a.id)
            continue
        g.transfer(seat, other, a.card.marriage_fee)
        g.transfer(other, seat, b.card.marriage_fee)
        if term == "dowry":
            g.transfer(seat, other, prices.dowry)
        elif term == "cards":
            me.diplomacy -= 1
            g.note_change("diplomacy_spent")  # the marker is spent before any card moves
            yield from _exchange(g, seat, other)
        lord, lady = (a, b) if not a.lady else (b, a)
        yield from fate.wed(g, lord, lady)


def vote_options(nominees: list[str], bound: str | None) -> list[Option]:
    """A voter's options: a For marker (the nominee he is bound to by a bribe taken,
    else any nominee or none) and a decoy (any other nominee, or none)."""
    fors: list[str | None] = [bound] if bound is not None else [None, *nominees]
    options = []
    for f in fors:
        for d in [None, *nominees]:
            if d is not None and d == f:
                continue
            if f is None and d is None:
                label = "abstain"
            elif f is None:
                label = f"decoy {d}"
            elif d is None:
                label = f"for {f}"
            else:
                label = f"for {f}, decoy {d}"
            options.append(Option(label, (f, d)))
    return options


def _exchange(g: FiefGame, a: int, b: int) -> Flow:
    """Each side of a deal gives the other one card of his choice."""
    s = g.s
    give_a = yield from ask(
        a, "give_card", [Option(f"give {c}", c) for c in sorted(set(s.seats[a].hand))]
    )
    # the first card is chosen face down: kept in the state while the other side
    # chooses, where a resample for him redraws it (resample.py)
    s.hidden_gift = (a, give_a)
    give_b = yield from ask(
        b, "give_card", [Option(f"give {c}", c) for c in sorted(set(s.seats[b].hand))]
    )
    give_a = s.hidden_gift[1]
    s.hidden_gift = None
    s.seats[a].hand.remove(give_a)
    s.seats[b].hand.remove(give_b)
    s.seats[a].hand.append(give_b)
    s.seats[b].hand.append(give_a)
    g.emit("cards_exchanged", a, other=b)


# -- false idols, pardons, outlaws ---------------------------------------------------


def false_idols(g: FiefGame) -> Flow:
    """The Protector may convert to R'hllor and pillage every Sept; the Hand may join."""
    s = g.s
    prot = s.holder_of("protector")
    if prot is None or not prot.free or prot.cursed or s.idols_destroyed:
        return
    convert = yield from yes_no(prot.seat, "false_idols", "convert to R'hllor", "keep the old gods")
    if not convert:
        return
    hand = s.holder_of("hand")
    joins = False
    if hand is not None and hand is not prot and hand.free and not hand.cursed:
        joins = yield from yes_no(hand.seat, "join_conversion", "convert too", "stay out")
    septs = [v for v, vil in enumerate(s.villages) if vil.sept]
    for v in septs:
        s.villages[v].sept = False
    s.idols_destroyed = True
    gold = len(septs) * s.cat.rules.chance.idol_gold_per_sept
    converts = [prot, hand] if joins and hand is not None else [prot]
    share = gold // 2 if joins else 0
    g.mint(prot.seat, gold - share)
    if joins and hand is not None:
        g.mint(hand.seat, share)
    for n in converts:
        n.cursed = True
    g.emit("idols_destroyed", prot.seat, septs=len(septs), gold=gold, hand=joins)
    if joins and hand is not None:
        victims = [
            n
            for n in sorted(s.nobles.values(), key=lambda n: n.id)
            if n.in_play and not n.titles and n is not hand
        ]
        options = [Option("burn no one", None)] + [Option(f"burn {n.id}", n.id) for n in victims]
        pick = yield from ask(hand.seat, "burn", options)
        if pick is not None:
            yield from fate.kill(g, s.nobles[pick], "burnt")
    yield from cursed_rolls(g, converts)


def cursed_rolls(g: FiefGame, nobles: list[Noble]) -> Flow:
    """Gods cursed Nobles each roll a die and die on the rules' low roll (FF-IDOL-02).

    They roll at one moment: those who rolled low die together
    (:func:`fate.kill_together`), whatever the order they rolled in.
    """
    doomed = []
    for noble in nobles:
        if noble.zone in ("dead", "deck", "out"):
            continue
        roll = g.d6()
        g.emit("cursed_roll", noble.seat, noble=noble.id, roll=roll)
        if roll <= g.s.cat.rules.chance.gods_cursed_dies_on:
            doomed.append(noble)
    yield from fate.kill_together(g, doomed, "gods_cursed")


def pardons(g: FiefGame) -> Flow:
    """The Master of Laws, the King and the Protector may each lift one Outlaw status."""
    s = g.s
    pardoners: list[tuple[str, Noble]] = []
    for title in ("master-of-laws", "king", "protector"):
        holder = s.holder_of(title)
        if holder is None or not holder.free:
            continue
        if any(holder is n for _, n in pardoners):
            continue  # a King who is also Protector pardons once
        pardoners.append((title, holder))
    for title, holder in pardoners:
        outlaws = sorted(
            (n for n in s.nobles.values() if n.outlaw and n.in_play), key=lambda n: n.id
        )
        if not outlaws:
            return
        options = [Option("no pardon", None)] + [Option(f"pardon {n.id}", n.id) for n in outlaws]
        pick = yield from ask(holder.seat, "pardon", options)
        if pick is not None:
            s.nobles[pick].outlaw = False
            g.emit("pardoned", s.nobles[pick].seat, noble=pick, by=title)


def outlawing(g: FiefGame) -> Flow:
    """The Hand may declare one Noble Outlaw (never the Master of Laws)."""
    s = g.s
    hand = s.holder_of("hand")
    if hand is None or not hand.free:
        return
    targets = [
        n
        for n in sorted(s.nobles.values(), key=lambda n: n.id)
        # a Brother on the Wall is beyond the Hand's reach (Night's Watch)
        if n.in_play and not n.outlaw and "master-of-laws" not in n.titles and n.zone != "wall"
    ]
    options = [Option("outlaw no one", None)] + [Option(f"outlaw {n.id}", n.id) for n in targets]
    pick = yield from ask(hand.seat, "outlaw", options)
    if pick is None:
        return
    noble = s.nobles[pick]
    if watch.may_take_the_black(s, noble):
        # FF-OUT-04, FF-GAP-14: his player may send him to the Wall instead
        black = yield from yes_no(
            noble.seat, "black_or_outlaw", f"{noble.id} takes the black", f"{noble.id} turns Outlaw"
        )
        if black:
            g.emit("sent_to_the_wall", hand.seat, noble=noble.id)
            yield from watch.take_the_black(g, noble, "outlawed")
            return
    fate.make_outlaw(g, noble, hand.seat)


def concessions(g: FiefGame) -> Flow:
    """Title Concession variant: each player may pass one Title between his own Nobles."""
    s = g.s
    if not s.concession:
        return
    for seat in s.order():
        mine = s.seat_nobles(seat, ("board", "captive"))
        options = [Option("concede nothing", None)]
        for giver in mine:
            for title in sorted(giver.titles):
                if s.cat.titles[title].royal:
                    continue
                kind = s.kind_of(title)
                for taker in mine:
                    if taker is giver or s.slots_free(taker, kind) <= 0:
                        continue
                    if fate.may_hold(s, taker, title):
                        options.append(
                            Option(f"concede {title} to {taker.id}", (giver.id, title, taker.id))
                        )
        pick = yield from ask(seat, "concede", options)
        if pick is None:
            continue
        giver, title, taker = (s.nobles[pick[0]], pick[1], s.nobles[pick[2]])
        fate.strip(g, giver, title, "conceded")
        fate.assign(g, taker, title)
        g.emit("title_conceded", seat, title=title, frm=giver.id, to=taker.id)


def executions(g: FiefGame) -> Flow:
    """A House with the execution power may put one of its captives to death."""
    s = g.s
    for seat in s.order():
        power = s.ability(seat, "execute_captive")
        if power is None or g.used(seat, "execute_captive", power.per):
            continue
        captives = sorted(
            (n for n in s.nobles.values() if n.zone == "captive" and n.captor == seat),
            key=lambda n: n.id,
        )
        if not captives:
            continue
        options = [Option("spare the captives", None)]
        options += [Option(f"execute {n.id}", n.id) for n in captives]
        pick = yield from ask(seat, "execute", options)
        if pick is not None:
            g.mark_used(seat, "execute_captive")
            yield from fate.kill(g, s.nobles[pick], "executed")


# -- elections -----------------------------------------------------------------


def voting_ok(noble: Noble) -> bool:
    """Captive and Outlaw Nobles neither vote nor stand."""
    return noble.zone == "board" and not noble.outlaw


def election(
    g: FiefGame,
    title: str,
    candidates: dict[int, list[Noble]],
    votes: dict[int, int],
    minimum: int,
    sources: Callable[[list[int]], bool] | None = None,
) -> Flow:
    """Run one election; return the elected Noble id or ``None``."""
    s = g.s
    order = s.order()
    if not any(candidates.get(seat) for seat in order):
        return None
    voters = [seat for seat in order if votes.get(seat, 0) > 0]
    if sum(votes.get(seat, 0) for seat in voters) < max(1, minimum):
        # the necessary votes are not there: no election is held, so none failed
        return None
    nominees: list[str] = []
    s.focus = {"election": title, "votes": dict(votes), "minimum": minimum}
    for seat in order:
        eligible = candidates.get(seat)
        if not eligible:
            continue
        options = [Option("no candidate", None)]
        options += [Option(f"nominate {n.id}", n.id) for n in eligible]
        pick = yield from ask(seat, "nominate", options)
        if pick is not None:
            nominees.append(pick)
            g.emit("nominated", seat, title=title, noble=pick)
    if not nominees:
        s.focus = {}
        return None
    s.focus["nominees"] = list(nominees)
    s.election = title
    bound: dict[int, str] = {}
    bribes = s.cat.rules.prices.bribes
    for seat in order:
        own = [nid for nid in nominees if s.nobles[nid].seat == seat]
        gold = s.seats[seat].gold
        if not own or gold < min(bribes):
            continue
        targets = [v for v in voters if v != seat and v not in bound]
        if not targets:
            continue
        options = [Option("no bribe", None)]
        for t in targets:
            for amount in bribes:
                if amount <= gold:
                    options.append(Option(f"bribe seat {t} with {amount}", (t, amount)))
        offer = yield from ask(seat, "bribe", options)
        if offer is None:
            continue
        target, amount = offer
        g.emit("bribe_offered", seat, to=target, gold=amount, title=title, candidate=own[0])
        taken = yield from yes_no(target, "answer_bribe", f"take {amount} for {own[0]}", "refuse")
        if taken:
            g.transfer(seat, target, amount)
            bound[target] = own[0]
            g.emit("bribe_taken", target, by=seat, gold=amount, candidate=own[0])
    s.hidden_votes = {}
    # who is bound to vote for whom is public (the bribes were taken openly); a
    # resample rebuilds the others' vote options from it
    s.focus["bound"] = dict(bound)
    for seat in voters:
        options = vote_options(nominees, bound.get(seat))
        s.hidden_votes[seat] = yield from ask(seat, "vote", options)
    totals = dict.fromkeys(nominees, 0)
    supporters: dict[str, list[int]] = {nid: [] for nid in nominees}
    markers = {}
    for seat, (f, d) in s.hidden_votes.items():
        markers[str(seat)] = {"for": f, "decoy": d}
        if f is not None:
            totals[f] += votes[seat]
            supporters[f].append(seat)
    s.hidden_votes = {}
    s.election = None
    s.focus = {}
    weights = {str(seat): votes[seat] for seat in voters}
    g.emit("votes_revealed", None, title=title, markers=markers, totals=dict(totals), votes=weights)
    best = max(totals.values())
    if best == 0:
        g.emit("election_failed", None, title=title, why="no votes")
        return None
    leaders = [nid for nid in nominees if totals[nid] == best]
    winner = leaders[0]
    if len(leaders) > 1:
        prot = s.holder_of("protector")
        if prot is None or not voting_ok(prot):
            g.emit("election_failed", None, title=title, why="tie")
            return None
        winner = yield from ask(
            prot.seat, "break_tie", [Option(f"elect {nid}", nid) for nid in leaders]
        )
        g.emit("tie_broken", prot.seat, title=title, noble=winner)
    if totals[winner] < minimum:
        g.emit("election_failed", None, title=title, why="minimum", votes=totals[winner])
        return None
    if sources is not None and not sources(supporters[winner]):
        g.emit("election_failed", None, title=title, why="sources")
        return None
    g.emit("elected", s.nobles[winner].seat, title=title, noble=winner, votes=totals[winner])
    return winner


def warden_votes(s: FiefState, region: str) -> dict[int, int]:
    """Each seat's votes in a Region's Warden election."""
    m = s.cat.map
    principal = m.principal[region]
    votes = dict.fromkeys(range(s.players), 0)
    for v in m.region_villages[region]:
        c = s.villages[v].controller
        if c >= 0:
            votes[c] += 2 if v == principal else 1
    # FF-WARDEN-04/05: the Wardens and Councillors a player had when the round
    # began vote, even one who has since conceded his Title to another of the
    # player's Nobles (that Noble is new to it and gives nothing this round);
    # one dead, captive, outlawed or gone to the Wall no longer does.
    for seat in range(s.players):
        st = s.seats[seat]
        for nid in st.start_wardens:
            n = s.nobles[nid]
            if voting_ok(n) and n.seat == seat:
                votes[seat] += 2
        for nid in st.start_council:
            n = s.nobles[nid]
            if voting_ok(n) and n.seat == seat:
                votes[seat] += 1
    return votes


def warden_election(g: FiefGame, region: str) -> Flow:
    """Elect a Warden if the Title is free and every Village of the Region is held."""
    s = g.s
    title = s.cat.warden_title[region]
    if s.holder[title] is not None:
        return
    if any(s.villages[v].controller < 0 for v in s.cat.map.region_villages[region]):
        return
    candidates = {
        seat: [
            n
            for n in s.seat_nobles(seat)
            if not n.lady and voting_ok(n) and fate.may_hold(s, n, title)
        ]
        for seat in range(s.players)
    }
    winner = yield from election(g, title, candidates, warden_votes(s, region), 1)
    if winner is not None:
        yield from fate.grant(g, s.nobles[winner], title)


def hand_election(g: FiefGame) -> Flow:
    """Elect the Hand among the Wardens; each Council member has 1 vote, 2 needed."""
    s = g.s
    if s.holder["hand"] is not None:
        return
    candidates = {
        seat: [
            n
            for n in s.seat_nobles(seat)
            if voting_ok(n) and s.is_warden(n) and not s.is_royal_family(n)
        ]
        for seat in range(s.players)
    }
    votes = dict.fromkeys(range(s.players), 0)
    for n in s.nobles.values():
        if voting_ok(n) and s.is_council(n):
            votes[n.seat] += 1
    winner = yield from election(g, "hand", candidates, votes, 2)
    if winner is None:
        return
    noble = s.nobles[winner]
    for t in sorted(noble.titles):
        if s.cat.titles[t].council:
            fate.strip(g, noble, t, "became hand")
    yield from fate.grant(g, noble, "hand")


def king_votes(s: FiefState) -> dict[int, int]:
    """Each seat's votes for King: one per Noble with a Fief, Warden or Queen title."""
    votes = dict.fromkeys(range(s.players), 0)
    for n in s.nobles.values():
        if voting_ok(n) and _king_voter(s, n):
            votes[n.seat] += 1
    for seat in range(s.players):
        votes[seat] += s.ability(seat, "king_vote_bonus") or 0
    return votes


def _king_voter(s: FiefState, n: Noble) -> bool:
    return any(
        s.cat.titles[t].kind == "fief" or s.cat.titles[t].region or t == "queen" for t in n.titles
    )


def king_election(g: FiefGame) -> Flow:
    """Elect a King among the Fief Lords: majority, 3 votes, 2 Wardens' or 1 Councillor's."""
    s = g.s
    if s.holder["king"] is not None:
        return
    candidates = {
        seat: [
            n
            for n in s.seat_nobles(seat)
            if not n.lady and voting_ok(n) and any(s.kind_of(t) == "fief" for t in n.titles)
        ]
        for seat in range(s.players)
    }

    def sources(supporters: list[int]) -> bool:
        wardens = council = 0
        for n in s.nobles.values():
            if n.seat in supporters and voting_ok(n):
                wardens += s.is_warden(n)
                council += s.is_council(n)
        return wardens >= 2 or council >= 1

    winner = yield from election(g, "king", candidates, king_votes(s), 3, sources)
    if winner is None:
        return
    king = s.nobles[winner]
    # FF-KING-11, FF-TITLE-10: the Queen Regent gives up the Queen and Protector
    # titles to a King who takes the crown; one who declines it (no free High
    # slot, and he keeps what he has) leaves her reign as it was
    room = yield from fate.make_room(g, king, "king")
    if room is None:
        return
    regent = s.holder_of("queen")
    if regent is not None:
        fate.strip(g, regent, "queen", "new king")
        if "protector" in regent.titles:
            fate.strip(g, regent, "protector", "new king")
    yield from fate.take(g, king, "king", room)
    # the King holds the Protector card (FF-KING-04), whoever held it before:
    # a Queen Regent whose later marriage ended kept it without the Queen title
    protector = s.holder_of("protector")
    if protector is not None and protector is not king:
        fate.strip(g, protector, "protector", "new king")
    if s.holder["protector"] is None:
        yield from fate.grant(g, king, "protector", may_decline=False)
    if king.spouse is not None and s.holder["queen"] is None:
        yield from fate.grant(g, s.nobles[king.spouse], "queen", may_decline=False)
