"""Phase 2, Draw & Play Cards: discards, draws, disasters, then cards played in turn.

Discards and draws go seat by seat in turn order. A drawn disaster is
revealed at once and aimed at a Region by a d6 (1–5 that Region, 6 no
effect); at most ``max_disasters`` lie on the board. Plagues then strike.
Cards are played one action at a time, round the table, until everybody
passes in a row; House powers usable "at any time" (Lannister's look,
Greyjoy's theft, Tyrell's famine relief) and the Master of Whisperers' look
are offered as actions in the same round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.engine.game import Option
from pnp.rulesets.fief.rules import fate, watch
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import SEASONS, FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame


def card_phase(g: FiefGame, *, plays_only: bool = False) -> Flow:
    """The whole Draw & Play Cards phase (``plays_only``: from the plays on, for scenarios)."""
    s = g.s
    if not plays_only:
        for seat in s.order():
            yield from discard_step(g, seat)
        for seat in s.order():
            yield from draw_step(g, seat)
        yield from plagues(g)
    yield from play_round(g)
    limit = s.cat.rules.hand_limit
    for seat in s.order():
        hand = s.seats[seat].hand
        while len(hand) > limit:
            card = yield from ask(
                seat, "discard_down", [Option(f"discard {c}", c) for c in sorted(set(hand))]
            )
            g.discard(seat, card)


def discard_step(g: FiefGame, seat: int) -> Flow:
    """Any number of cards may be discarded before drawing."""
    hand = g.s.seats[seat].hand
    while hand:
        options = [Option("keep the rest", None)]
        options += [Option(f"discard {c}", c) for c in sorted(set(hand))]
        card = yield from ask(seat, "discard", options)
        if card is None:
            return
        g.discard(seat, card)


def draw_step(g: FiefGame, seat: int) -> Flow:
    """Draw two Fortune cards, or one Fortune and one Court Event.

    With the Night's Watch, a Lord may be sent to the Wall in place of the
    Court Event card (FF-TITLE-05: a Brother is declared in the Draw phase).
    """
    s = g.s
    options: list[Option] = [Option("draw fortune and fortune", False)]
    if s.court or s.court_discard:
        options.append(Option("draw fortune and court", True))
    if s.nights_watch:
        options += [
            Option(f"draw fortune and send {n.id} to the Wall", n.id)
            for n in s.seat_nobles(seat)
            if watch.may_take_the_black(s, n)
        ]
    pick = yield from ask(seat, "draw", options)
    draws = s.cat.rules.draws
    if isinstance(pick, str):
        yield from watch.take_the_black(g, s.nobles[pick], "declared")
    for i in range(draws):
        if i < draws - 1 or pick is False:
            yield from draw_fortune(g, seat)
        elif pick is True:
            yield from draw_court(g, seat)


def _stark_may_discard(g: FiefGame, seat: int) -> bool:
    power = g.s.ability(seat, "discard_drawn")
    return power is not None and not g.used(seat, "discard_drawn", power.per)


def draw_court(g: FiefGame, seat: int) -> Flow:
    """Draw one Court Event card (reshuffling its discards when the deck is out)."""
    s = g.s
    if not s.court:
        if not s.court_discard:
            return
        s.court = s.court_discard
        s.court_discard = []
        g.rng.shuffle(s.court)
        g.emit("court_reshuffled", None)
    card = s.court.pop()
    s.seats[seat].hand.append(card)
    g.emit("card_drawn", seat, card=card, deck="court")
    if _stark_may_discard(g, seat):
        yield from _stark_choice(g, seat, card)


def _stark_choice(g: FiefGame, seat: int, card: str) -> Flow:
    """Stark looks at the card he just drew and may discard it."""
    drop = yield from yes_no(seat, "stark_discard", f"discard {card}", f"keep {card}")
    if drop:
        g.mark_used(seat, "discard_drawn")
        g.s.seats[seat].hand.remove(card)
        g.discard_played(card)
        g.emit("card_discarded", seat, card=card, power="discard_drawn")


def refill_fortune(g: FiefGame) -> None:
    """Shuffle the Fortune discards into a new deck; Winter is Coming turns the season."""
    s = g.s
    # FF-GAP-26: timed trigger: only this reshuffle (draw_fortune) turns the season
    s.fortune = s.fortune_discard
    s.fortune_discard = []
    if s.winter and s.season < len(SEASONS) - 1:
        s.season += 1
        season = SEASONS[s.season]
        joining = s.copies_waiting.pop(season, [])
        s.fortune += joining
        g.emit("season_changed", None, season=season, copies=len(joining))
    g.rng.shuffle(s.fortune)
    g.emit("fortune_reshuffled", None)


def draw_fortune(g: FiefGame, seat: int) -> Flow:
    """Draw one Fortune card; a disaster is revealed and aimed at once."""
    s = g.s
    if not s.fortune:
        refill_fortune(g)
        if not s.fortune:
            return
    card = s.fortune[-1]
    back, _word, _ = s.cat.cards[card]
    stark = _stark_may_discard(g, seat)
    if stark and back == "disaster":
        drop = yield from yes_no(seat, "stark_discard", "discard the unseen disaster", "draw it")
        if drop:
            s.fortune.pop()
            g.mark_used(seat, "discard_drawn")
            s.fortune_discard.append(card)
            g.emit("card_discarded", seat, card=card, power="discard_drawn", unseen=True)
            return
    s.fortune.pop()
    g.emit("card_drawn", seat, card=card, deck="fortune")
    # FF-PH-02: timed trigger: only this draw (the Draw step) brings out a disaster
    if back == "disaster":
        place_disaster(g, seat, card)
        return
    s.seats[seat].hand.append(card)
    if stark:
        yield from _stark_choice(g, seat, card)


def place_disaster(g: FiefGame, seat: int, card: str) -> None:
    """Aim a revealed disaster with a d6: 1–5 that Region, 6 no effect."""
    s = g.s
    roll = g.d6()
    region = s.cat.map.region_by_number.get(roll)
    if region is None:
        s.fortune_discard.append(card)
        g.emit("disaster_missed", seat, card=card, roll=roll)
        return
    # FF-PH-02, FF-GAP-26: timed trigger: only here does a disaster reach the board
    if s.disasters_on_board() >= s.cat.rules.max_disasters:
        s.fortune_discard.append(card)
        g.emit("disaster_discarded", seat, card=card, roll=roll, region=region, why="board full")
        return
    s.disasters[region].append(card)
    s.refresh_weather()
    g.emit("disaster_placed", seat, card=card, roll=roll, region=region)
    g.emit("card_played", seat, card=card, region=region)


def plagues(g: FiefGame) -> Flow:
    """Every Noble and troop in a Region with a Plague rolls a die (FF-PH-06).

    The Plagues on the board strike at one moment (decision disaster-effects):
    every die is rolled first, troops falling as they roll, and the Nobles who
    rolled their death then die together (:func:`fate.kill_together`), so a
    King and his Heir struck down by it leave the Queen as Regent whichever of
    them rolls first (FF-KING-05).
    """
    s = g.s
    doomed: list[Noble] = []
    for region in sorted(s.disasters, key=lambda r: s.cat.map.region_number[r]):
        for card in s.disasters[region]:
            _back, word, param = s.cat.cards[card]
            if word != "plague":
                continue
            g.emit("plague", None, region=region, card=card)
            for v in s.cat.map.region_villages[region]:
                vil = s.villages[v]
                if vil.maester:
                    continue
                for seat in sorted(vil.units):
                    units = vil.units.get(seat)
                    if units is None:
                        continue
                    for u in range(len(units)):
                        dead = sum(1 for _ in range(units[u]) if g.d6() <= param.dies_on)
                        if dead:
                            g.lose_units(v, seat, u, dead, "plague")
                        if seat not in vil.units:
                            break
                for nid in sorted(vil.nobles):
                    noble = s.nobles[nid]
                    if noble in doomed:
                        continue  # a second Plague in the Region cannot kill him twice
                    threshold = max(param.dies_on, noble.card.plague_dies_on)
                    if g.d6() <= threshold:
                        doomed.append(noble)
    yield from fate.kill_together(g, doomed, "plague")


# -- playing cards ------------------------------------------------------------


def play_round(g: FiefGame) -> Flow:
    """Cards and powers, one action per turn round the table, until all pass in a row."""
    s = g.s
    order = s.order()
    n = len(order)
    passes = 0
    turn = 0
    while passes < n and turn < 400:
        seat = order[turn % n]
        turn += 1
        options = play_options(g, seat)
        if len(options) == 1:
            passes += 1
            continue
        action = yield from ask(seat, "play", options)
        if action is None:
            passes += 1
            continue
        passes = 0
        yield from resolve(g, seat, action)


def play_options(g: FiefGame, seat: int) -> list[Option]:
    """What ``seat`` may do now in the card round (``pass`` first)."""
    s = g.s
    options = [Option("pass", None)]
    me = s.seats[seat]
    for card in sorted(set(me.hand)):
        if playable(g, seat, card):
            options.append(Option(f"play {card}", ("card", card)))
    others = [o for o in range(s.players) if o != seat]
    look = s.ability(seat, "look_at_hand")
    if look is not None and not g.used(seat, "look_at_hand", look.per):
        for o in others:
            if s.seats[o].hand:
                options.append(Option(f"look at seat {o}", ("look", o)))
    whisperer = s.holder_of("master-of-whisperers")
    if (
        whisperer is not None
        and whisperer.seat == seat
        and whisperer.free
        and not g.used(seat, "whisperers", "round")
    ):
        for o in others:
            if s.seats[o].hand:
                options.append(Option(f"whisper at seat {o}", ("whisper", o)))
    steal = s.ability(seat, "steal_gold")
    if steal is not None and not g.used(seat, "steal_gold", steal.per):
        for o in others:
            if s.seats[o].gold > 0:
                options.append(Option(f"rob seat {o}", ("rob", o)))
    # FF-GAP-26: timed trigger: only the card round offers it (decision any-time-powers)
    relief = s.ability(seat, "remove_famine")
    if relief is not None and not g.used(seat, "remove_famine", relief.per):
        for region in sorted(s.disasters):
            if s.famine(region):
                options.append(Option(f"lift famine in {region}", ("relief", region)))
    return options


def playable(g: FiefGame, seat: int, card: str) -> bool:
    """Whether ``card`` has a legal use for ``seat`` now (its word's entry decides)."""
    cat = g.s.cat
    return cat.card_words[card].playable(g, seat, cat.cards[card][2])


def targets(g: FiefGame, seat: int, card: str) -> list[Option]:
    """The legal uses of ``card`` for ``seat`` (empty if none): its word's entry's targets.

    Secret Passage and Ambush have none here: they wait for movement and battle.
    """
    cat = g.s.cat
    return cat.card_words[card].targets(g, seat, cat.cards[card][2])


def free_bannerman(s: FiefState) -> str | None:
    """A Bannerman not in play, or ``None``."""
    for nid in s.cat.bannermen:
        if nid not in s.nobles or s.nobles[nid].zone == "out":
            return nid
    return None


def lords_all_dead(s: FiefState, seat: int) -> bool:
    """Whether every Lord ``seat`` ever had has died (FF-COMP-01, FF-GAP-19).

    Only then does a Bannerman come: a Lord still in the Character deck, on
    the board, captive, waiting to be placed or on the Wall is alive.
    """
    return all(n.lady or n.zone == "dead" for n in s.roster.get(seat, ()))


def coming_noble(s: FiefState, seat: int, sex: str) -> str | None:
    """The Noble a "comes of age" card of ``sex`` brings ``seat``, or ``None``.

    The first Lord (Lady) of the Character deck; with no Lord left there, a
    Bannerman, but only for a House whose Lords have all died (FF-COMP-01,
    FF-GAP-19). Otherwise nobody comes, and the card cannot be played
    (decision court-cards).
    """
    want_lady = sex == "lady"
    nid = next((n for n in s.seats[seat].deck if s.nobles[n].lady == want_lady), None)
    if nid is None and not want_lady and lords_all_dead(s, seat):
        nid = free_bannerman(s)
    return nid


def free_heir(s: FiefState) -> str | None:
    """An Heir card not in play, or ``None``."""
    for nid in s.cat.heirs:
        if nid not in s.nobles or s.nobles[nid].zone == "out":
            return nid
    return None


def tax_uses(s: FiefState, seat: int) -> list[Option]:
    """Every way ``seat``'s Nobles may levy a Tax card."""
    out: list[Option] = []
    seen: set[tuple[str, str]] = set()
    governed = [r for r in sorted(s.disasters) if s.governed(r)]
    for n in s.seat_nobles(seat):
        for t in sorted(n.titles):
            info = s.cat.titles[t]
            uses: list[tuple[str, str]] = []
            if info.region is not None:
                uses.append(("warden", info.region))
            if info.council:
                uses += [("council", r) for r in governed]
            if t == "hand" and governed:
                uses.append(("hand", "*"))
            if info.kind == "fief" and info.fief is not None:
                uses.append(("paramount", info.fief))
            if t == "protector":
                uses += [
                    ("protector", f)
                    for f in sorted(s.cat.fief_title)
                    if s.holder[s.cat.fief_title[f]] is None
                ]
            for kind, target in uses:
                if (kind, target) in seen:
                    continue
                seen.add((kind, target))
                out.append(Option(f"tax {target} as {kind}", (kind, target, n.id)))
    return out


def uprising_targets(s: FiefState, seat: int) -> list[Option]:
    """Villages holding another player's troops, and Nobles an Uprising may strike alone."""
    ids = s.cat.map.ids
    out = []
    for v, vil in enumerate(s.villages):
        if not any(o != seat for o in vil.units):
            continue
        if any(s.nobles[n].card.uprising_shield for n in vil.nobles):
            continue
        out.append(Option(f"uprising at {ids[v]}", ("village", v)))
    for n in sorted(s.nobles.values(), key=lambda n: n.id):
        # FF-IDOL-03: timed trigger: only the card round plays an Uprising (cursed in Hear Ye)
        if n.seat != seat and n.zone == "board" and (n.card.uprising_target or n.cursed):
            out.append(Option(f"uprising on {n.id}", ("noble", n.id)))
    return out


def resolve(g: FiefGame, seat: int, action: tuple[str, Any]) -> Flow:
    """Carry out one card or power."""
    kind, what = action
    if kind == "card":
        yield from play_card(g, seat, what)
    elif kind == "look":
        yield from lannister_look(g, seat, what)
    elif kind == "whisper":
        yield from whisper(g, seat, what)
    elif kind == "rob":
        yield from rob(g, seat, what)
    elif kind == "relief":
        s = g.s
        card = next(c for c in s.disasters[what] if s.cat.cards[c][1] == "famine")
        s.disasters[what].remove(card)
        s.refresh_weather()
        s.fortune_discard.append(card)
        g.mark_used(seat, "remove_famine")
        g.emit("famine_lifted", seat, region=what, card=card)


def play_card(g: FiefGame, seat: int, card: str) -> Flow:
    """Pick a target for ``card`` and resolve it through its word's entry."""
    s = g.s
    word = s.cat.card_words[card]
    value = s.cat.cards[card][2]
    target = yield from ask(seat, "target", word.targets(g, seat, value))
    s.seats[seat].hand.remove(card)
    g.discard_played(card)
    g.emit("card_played", seat, card=card)
    asking = word.resolve(g, seat, card, value, target)
    if asking is not None:
        yield from asking


def keep_by_title(s: FiefState, title: str, card: str) -> None:
    """A card that made a title waits beside it instead of in the discard pile."""
    s.court_discard.remove(card)
    s.title_cards[title] = card


def new_noble(g: FiefGame, seat: int, sex: str) -> Flow:
    """The Noble a "comes of age" card brings enters play (:func:`coming_noble`)."""
    s = g.s
    nid = coming_noble(s, seat, sex)
    if nid is None:
        return  # targets() offers the card only while someone may come
    noble = s.nobles.get(nid)
    if noble is None:
        raise AssertionError("bannermen are created at setup")
    if noble.zone == "out":  # a Bannerman joins the House
        s.enlist(noble, seat)
        noble.zone = "aside"
    yield from fate.enter_board(g, noble, "court event")


def join_council(g: FiefGame, seat: int, card: str, nid: str, title: str) -> Flow:
    """Seat a Warden on the Council; the Hand consents unless it is the Master of Laws."""
    s = g.s
    hand = s.holder_of("hand")
    if hand is not None and hand.seat != seat and title != "master-of-laws":
        agree = yield from yes_no(
            hand.seat, "hand_consent", f"consent to {nid} as {title}", "refuse"
        )
        if not agree:
            g.emit("council_refused", hand.seat, noble=nid, title=title)
            return False
    noble = s.nobles[nid]
    if (yield from fate.grant(g, noble, title)):
        keep_by_title(s, title, card)
        return True
    return False


def royal_heir(g: FiefGame, seat: int) -> Flow:
    """An Heir joins the King's House beside the King."""
    s = g.s
    king = s.holder_of("king")
    nid = free_heir(s)
    if king is None or nid is None:
        return
    heir = s.nobles[nid]
    s.enlist(heir, king.seat)
    heir.zone = "aside"
    s.heir_played = True
    if king.free:
        s.place_noble(heir, king.at)
        g.emit("noble_placed", king.seat, noble=nid, at=s.cat.map.ids[king.at], why="heir")
    else:
        yield from fate.enter_board(g, heir, "heir")


# -- taxes ------------------------------------------------------------------


def levy(g: FiefGame, seat: int, card: str, kind: str, target: str, nid: str) -> Flow:
    """Place a Tax; the Warden of a Region taxed by the Council may void it there."""
    s = g.s
    s.seats[seat].tax_markers -= 1
    regions: list[str] = []
    if kind in ("council", "hand"):
        regions = [target] if target != "*" else [r for r in sorted(s.disasters) if s.governed(r)]
    voided: list[str] = []
    for region in regions:
        warden = s.holder_of(s.cat.warden_title[region])
        if warden is None or warden.seat == seat or not warden.free:
            continue
        void = yield from yes_no(
            warden.seat, "void_tax", f"void the tax on {region}", f"let the tax on {region} stand"
        )
        if void:
            voided.append(region)
            g.emit("tax_voided", warden.seat, region=region, noble=warden.id)
            fate.make_outlaw(g, warden, None)
    entry = {"seat": seat, "noble": nid, "kind": kind, "target": target, "voided": voided}
    s.taxes.append(entry)
    g.emit("tax_levied", seat, role=kind, target=target, noble=nid)


# -- uprisings -----------------------------------------------------------------


def uprising(g: FiefGame, seat: int | None, kind: str, target: Any) -> Flow:
    """An Uprising, unless the Region's Warden or a Council member stops it.

    ``seat`` played the card; ``None`` for the wildlings through a breach in the Wall.
    On a Village it kills the troops of every player but the one who played it (FF-PH-01:
    the card's own text names "another player's troops", and the card wins over our
    decision) and burns the Mill; the wildlings spare nobody's troops.
    """
    s = g.s
    v = target if kind == "village" else s.nobles[target].at
    region = s.region_of(v)
    rules = s.cat.rules.chance
    warden = s.holder_of(s.cat.warden_title[region])
    stoppers: list[Noble] = []
    if warden is not None and warden.zone == "board":
        stoppers.append(warden)
    for other in s.order():
        for n in s.seat_nobles(other):
            if s.is_council(n) and n not in stoppers:
                stoppers.append(n)
    s.focus = {"uprising": v, "target": target if kind == "noble" else None}
    for n in stoppers:
        options = [Option("let it happen", None)]
        if s.is_council(n) and s.seats[n.seat].gold >= rules.council_uprising_cost:
            options.append(Option(f"pay {rules.council_uprising_cost} to stop it", "council"))
        if n is warden:
            options.append(Option("stop it as warden", "warden"))
        how = yield from ask(n.seat, "stop_uprising", options)
        if how is None:
            continue
        roll = g.d6()
        if how == "council":
            g.pay(n.seat, rules.council_uprising_cost)
            stopped = roll >= rules.council_stops_uprising_on
        else:
            stopped = roll >= rules.warden_stops_uprising_on
        g.emit("uprising_stop", n.seat, noble=n.id, how=how, roll=roll, stopped=stopped)
        if stopped:
            s.focus = {}
            return
        if how == "warden":
            yield from fate.kill(g, n, "uprising")
    s.focus = {}
    if kind == "noble":
        noble = s.nobles[target]
        g.emit("uprising", seat, noble=target)
        if noble.zone == "board":
            yield from fate.kill(g, noble, "uprising")
        return
    vil = s.villages[v]
    g.emit("uprising", seat, at=s.cat.map.ids[v])
    for other in sorted(vil.units):
        if other == seat:
            continue  # the card strikes other players' troops only (FF-PH-01)
        units = list(vil.units[other])
        for u, count in enumerate(units):
            if count:
                g.lose_units(v, other, u, count, "uprising")
    if vil.mill:
        vil.mill = False
        g.emit("mill_destroyed", None, at=s.cat.map.ids[v])


# -- powers ----------------------------------------------------------------------


def lannister_look(g: FiefGame, seat: int, other: int) -> Flow:
    """Look at a hand; maybe trade one card (once per game)."""
    s = g.s
    power = s.ability(seat, "look_at_hand")
    g.mark_used(seat, "look_at_hand")
    s.seats[seat].seen[other] = list(s.seats[other].hand)
    g.emit("hand_seen", seat, seat_seen=other, power="look_at_hand")
    # FF-HOUSE-06: timed trigger: only this look (a card-round action) offers the trade
    swaps = s.seats[seat].used.get("swaps", 0)
    mine, theirs = s.seats[seat].hand, s.seats[other].hand
    if swaps >= power.swaps_per_game or not mine or not theirs:
        return
    options = [Option("no trade", None)]
    for a in sorted(set(mine)):
        for b in sorted(set(theirs)):
            options.append(Option(f"trade {a} for {b}", (a, b)))
    pick = yield from ask(seat, "trade", options)
    if pick is None:
        return
    a, b = pick
    mine.remove(a)
    theirs.remove(b)
    mine.append(b)
    theirs.append(a)
    s.seats[seat].used["swaps"] = swaps + 1
    s.seats[seat].seen[other] = list(theirs)
    g.emit("cards_traded", seat, other=other)


def whisper(g: FiefGame, seat: int, other: int) -> Flow:
    """The Master of Whisperers looks at a hand (a Lannister at two)."""
    s = g.s
    g.mark_used(seat, "whisperers")
    s.seats[seat].seen[other] = list(s.seats[other].hand)
    g.emit("hand_seen", seat, seat_seen=other, power="whisperers")
    if s.ability(seat, "look_at_hand") is None:
        return
    rest = [o for o in range(s.players) if o not in (seat, other) and s.seats[o].hand]
    if not rest:
        return
    options = [Option("no second look", None)] + [Option(f"look at seat {o}", o) for o in rest]
    second = yield from ask(seat, "second_look", options)
    if second is not None:
        s.seats[seat].seen[second] = list(s.seats[second].hand)
        g.emit("hand_seen", seat, seat_seen=second, power="whisperers")


def rob(g: FiefGame, seat: int, victim: int) -> Flow:
    """The victim hides all his gold in two hands; the thief takes one hand."""
    s = g.s
    g.mark_used(seat, "steal_gold")
    gold = s.seats[victim].gold
    options = [Option(f"left {k}, right {gold - k}", k) for k in range(gold + 1)]
    left = yield from ask(victim, "hide_gold", options)
    s.hidden_split = (victim, left)
    pick = yield from ask(
        seat, "pick_hand", [Option("left hand", True), Option("right hand", False)]
    )
    # read back from the state: a resample for the thief redraws the split there
    left = s.hidden_split[1]
    s.hidden_split = None
    taken = left if pick else gold - left
    g.transfer(victim, seat, taken)
    g.emit("gold_stolen", seat, victim=victim, gold=taken)
