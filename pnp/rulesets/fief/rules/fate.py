"""What happens to Nobles: Titles and their slots, deaths, captures, marriages, placement.

Shared by every phase. Titles live in slots (2 Fief, 1 Military, 1 High per
Noble); a Noble receiving a Title with no free slot passes one of his own to a
Noble who qualifies, returns it to the board, or declines the new one. A death
runs the King's succession, hands Fief Titles down the House, returns the
rest, ends a marriage — unless Baratheon cancels it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.engine.game import Option
from pnp.rulesets.fief.rules.decide import Flow, ask, yes_no
from pnp.rulesets.fief.state import BROTHER, FiefState, Noble

if TYPE_CHECKING:
    from pnp.rulesets.fief.game import FiefGame

#: Titles an Outlaw keeps
OUTLAW_KEEPS = frozenset({"king", "queen", "mother-of-dragons"})


# -- who may hold what ---------------------------------------------------


def may_hold(s: FiefState, noble: Noble, title: str) -> bool:
    """Whether ``noble`` qualifies for ``title`` (slots aside)."""
    info = s.cat.titles[title]
    if not noble.in_play:
        return False
    if info.holders == "lords" and noble.lady:
        return False
    if info.holders == "ladies" and not noble.lady:
        return False
    if noble.outlaw and info.kind != "fief" and title not in OUTLAW_KEEPS:
        return False
    if BROTHER in noble.titles and title != "lord-commander":
        return title == BROTHER  # a Brother holds only the Watch's Titles (FF-NW-07)
    if info.region is not None:
        return noble.zone == "board" and not noble.outlaw
    if title == "hand":
        return s.is_warden(noble) and not s.is_royal_family(noble) and noble.zone == "board"
    if info.council:
        return s.is_warden(noble)
    return True


def may_receive(s: FiefState, noble: Noble, title: str) -> bool:
    """Whether ``title`` may be passed on to ``noble`` (slots aside).

    Stricter than :func:`may_hold`, which says whether a Noble may keep a
    Title: a Title passed on goes only to a Noble who meets every requirement
    to stand for it, buy it or be given it (FF-TITLE-09 with FF-TITLE-03 and
    FF-GAP-27). He must be free (captives neither stand nor take a seat); a
    Fief Title needs him standing in that Fief, his House holding every
    Village and a Stronghold of it, as a buyer must.
    """
    if not noble.free or not may_hold(s, noble, title):
        return False
    fief = s.cat.titles[title].fief
    if fief is not None:
        return s.cat.map.fief_of[noble.at] == fief and s.occupies_fief(noble.seat, fief)
    return True


def receivers(s: FiefState, title: str, exclude: Noble) -> list[Noble]:
    """Nobles of any player to whom ``exclude`` may pass ``title``: free slot, qualified."""
    kind = s.kind_of(title)
    out = []
    for n in s.nobles.values():
        if n is exclude:
            continue
        if s.slots_free(n, kind) > 0 and may_receive(s, n, title):
            out.append(n)
    out.sort(key=lambda n: n.id)
    return out


# -- titles ----------------------------------------------------------------


def assign(g: FiefGame, noble: Noble, title: str) -> None:
    """Put ``title`` on ``noble`` (slots already checked)."""
    s = g.s
    if title in s.holder:  # a Title one Noble holds at a time (not a Brother's card)
        old = s.holder[title]
        if old is not None:
            s.nobles[old].titles.remove(title)
        s.holder[title] = noble.id
    noble.titles.append(title)
    g.emit("title_gained", noble.seat, noble=noble.id, title=title)


def strip(g: FiefGame, noble: Noble, title: str, why: str) -> None:
    """Take ``title`` off ``noble`` and put it back on the board."""
    s = g.s
    noble.titles.remove(title)
    if title in s.holder:
        s.holder[title] = None
    if title == BROTHER:  # his recruits served under him (Night's Watch)
        s.release_recruits(noble.id)
    card = s.title_cards.pop(title, None)
    if card is not None:
        s.court_discard.append(card)
    g.emit("title_lost", noble.seat, noble=noble.id, title=title, why=why)


#: how a Noble makes room for a new Title: ``("free", None, None)`` (a slot is free),
#: ``("return", held, None)`` or ``("pass", held, receiver id)``
Room = tuple[str, str | None, str | None]


def grant(g: FiefGame, noble: Noble, title: str, *, may_decline: bool = True) -> Flow:
    """Give ``title`` to ``noble``; with no free slot his player makes room or declines.

    Returns whether the Noble now holds the Title.
    """
    room = yield from make_room(g, noble, title, may_decline=may_decline)
    if room is None:
        return False
    yield from take(g, noble, title, room)
    return True


def make_room(g: FiefGame, noble: Noble, title: str, *, may_decline: bool = True) -> Flow:
    """Ask how ``noble`` makes room for ``title``, or whether he declines it; change nothing.

    Returns the :data:`Room` chosen, or ``None`` when he declines (told by a
    ``title_declined`` event). Asked before anything is paid or given up for the
    Title, so a Title declined costs nobody anything (FF-TITLE-10: a Noble may
    always refuse a Title; only what comes without a choice, ``may_decline``
    false, must be made room for). :func:`take` then carries the choice out.
    """
    s = g.s
    kind = s.kind_of(title)
    # FF-TITLE-09: timed trigger: only a Title gained fills a slot (every other assign checks)
    if s.slots_free(noble, kind) > 0:
        return ("free", None, None)
    options: list[Option] = []
    if may_decline:
        options.append(Option(f"decline {title}", ("decline", None, None)))
    for held in sorted(noble.titles):
        info = s.cat.titles[held]
        if info.kind != kind or info.royal:
            continue
        options.append(Option(f"return {held}", ("return", held, None)))
        for r in receivers(s, held, noble):
            options.append(Option(f"pass {held} to {r.id}", ("pass", held, r.id)))
    if not options:
        g.emit("title_declined", noble.seat, noble=noble.id, title=title)
        return None
    room: Room = yield from ask(noble.seat, "title_overflow", options)
    if room[0] == "decline":
        g.emit("title_declined", noble.seat, noble=noble.id, title=title)
        return None
    return room


def take(g: FiefGame, noble: Noble, title: str, room: Room) -> Flow:
    """``noble`` takes ``title``, first giving up the Title ``room`` names (FF-TITLE-09):
    returned to the board, or passed on to a Noble whose player may refuse it."""
    action, old, to = room
    if old is not None:
        strip(g, noble, old, "overflow")
        if action == "pass" and to is not None:
            yield from offer(g, g.s.nobles[to], old)
    assign(g, noble, title)


def offer(g: FiefGame, noble: Noble, title: str) -> Flow:
    """Offer a passed Title to ``noble``; his player may refuse it."""
    accept = yield from yes_no(noble.seat, "accept_title", f"accept {title}", f"refuse {title}")
    if accept and g.s.slots_free(noble, g.s.kind_of(title)) > 0:
        assign(g, noble, title)
    else:
        g.emit("title_declined", noble.seat, noble=noble.id, title=title)


def make_outlaw(g: FiefGame, noble: Noble, by: int | None) -> None:
    """Mark ``noble`` Outlaw: he keeps only Fief Titles, King, Queen and Mother of Dragons."""
    noble.outlaw = True
    g.emit("outlawed", noble.seat, noble=noble.id, by=by)
    for title in sorted(noble.titles):
        if g.s.kind_of(title) != "fief" and title not in OUTLAW_KEEPS:
            strip(g, noble, title, "outlaw")


# -- marriage ----------------------------------------------------------------


def wed(g: FiefGame, lord: Noble, lady: Noble) -> Flow:
    """Marry two Nobles of different players; a King's bride becomes Queen."""
    s = g.s
    lord.spouse, lady.spouse = lady.id, lord.id
    a, b = s.seats[lord.seat], s.seats[lady.seat]
    a.marriage = (lord.id, lady.id)
    b.marriage = (lady.id, lord.id)
    alliance = s.players >= s.cat.rules.alliances_from
    if alliance:
        a.partner, b.partner = b.index, a.index
    g.emit("married", lord.seat, lord=lord.id, lady=lady.id, alliance=alliance, partner=lady.seat)
    if "king" in lord.titles and s.holder["queen"] is None:
        yield from grant(g, lady, "queen", may_decline=False)


def end_marriage(g: FiefGame, noble: Noble, why: str) -> None:
    """End ``noble``'s marriage (and the Alliance it made)."""
    s = g.s
    if noble.spouse is None:
        return
    spouse = s.nobles[noble.spouse]
    noble.spouse = spouse.spouse = None
    for n in (noble, spouse):
        seat = s.seats[n.seat]
        seat.marriage = None
        seat.partner = None
    g.emit("marriage_ended", noble.seat, noble=noble.id, spouse=spouse.id, why=why)
    if why != "death":
        # only the end of her marriage to the King unmakes a Queen: a Queen
        # Regent who wed again stays Queen (and Protector) if that marriage ends
        for n, other in ((noble, spouse), (spouse, noble)):
            if "queen" in n.titles and "king" in other.titles:
                strip(g, n, "queen", "divorce")


# -- placement -----------------------------------------------------------------


def entry_villages(s: FiefState, seat: int, *, out_of_harm: bool = False) -> list[int]:
    """Where a Noble of ``seat`` enters the board (freed, revived or new).

    In order of preference, the first non-empty group: Villages the player
    controls with a Stronghold; Villages he controls; Villages of his home
    Fief without another player's units; empty Villages.

    ``out_of_harm`` (a Noble Baratheon saved from death, FF-HOUSE-03, our
    decision ``saved-noble`` in content/fief/decisions.yaml) leaves out every
    Village where a player who is not his ally stands: the Village of the battle
    he was dying in among them (his foe stands there while it lasts), so the
    same roll cannot capture him again.
    """

    def safe(v: int) -> bool:
        return not out_of_harm or all(s.friendly(seat, p) for p in s.present(v))

    own = [v for v in s.controlled(seat) if safe(v)]
    strong = [v for v in own if s.villages[v].stronghold]
    if strong:
        return strong
    if own:
        return own
    home_fief = s.seats[seat].home
    if home_fief is not None:
        home = [
            v
            for v in s.cat.map.fief_villages[home_fief]
            if all(s.friendly(seat, p) for p in s.present(v))
        ]
        if home:
            return home
    empty = [v for v in range(len(s.villages)) if not s.present(v)]
    if empty:
        return empty
    anywhere = [v for v in range(len(s.villages)) if safe(v)]
    return anywhere or list(range(len(s.villages)))


def enter_board(g: FiefGame, noble: Noble, why: str) -> Flow:
    """Place ``noble`` (not on the board) where his player chooses among entry Villages;
    one saved from death (``why`` ``revived``) only out of harm's way."""
    s = g.s
    ids = s.cat.map.ids
    spots = entry_villages(s, noble.seat, out_of_harm=why == "revived")
    options = [Option(f"place at {ids[v]}", v) for v in spots]
    v = yield from ask(noble.seat, "place_noble", options)
    if noble.zone == "deck":
        s.seats[noble.seat].deck.remove(noble.id)
    s.place_noble(noble, v)
    g.emit("noble_placed", noble.seat, noble=noble.id, at=ids[v], why=why)


# -- death and capture -----------------------------------------------------------


def capture(g: FiefGame, noble: Noble, captor: int, by: list[Noble]) -> None:
    """``captor`` takes ``noble`` prisoner; a heart breaker or cruel captor ends his marriage."""
    s = g.s
    s.lift_noble(noble)
    noble.zone = "captive"
    noble.captor = captor
    g.emit("noble_captured", noble.seat, noble=noble.id, captor=captor)
    if noble.spouse is not None and any(n.card.ends_marriage_on_capture for n in by):
        end_marriage(g, noble, "capture")


def kill(g: FiefGame, noble: Noble, cause: str) -> Flow:
    """``noble`` dies (unless Baratheon cancels it); returns whether he died."""
    dead = yield from kill_together(g, [noble], cause)
    return bool(dead)


def kill_together(g: FiefGame, nobles: list[Noble], cause: str) -> Flow:
    """``nobles`` die at one moment (one Plague, the cursed rolls); returns who died.

    Dying together means nobody's death is settled before the others fall:
    Baratheon may first save one of them (FF-HOUSE-03); then all of them
    leave the board and lose their marriages; only then are their Titles
    given up (:func:`hand_down`), so the King's succession sees an Heir who
    died with him as dead (FF-KING-05: the Queen becomes Regent), and a Fief
    Title never passes to a Noble about to die. The outcome does not depend
    on the order of ``nobles``.
    """
    s = g.s
    doomed = [n for n in nobles if n.zone not in ("dead", "deck", "out")]
    if not doomed:
        return []
    saved = yield from _baratheon_saves(g, doomed, cause)
    dying = [n for n in doomed if n is not saved]
    for noble in dying:
        s.lift_noble(noble)
        noble.zone = "dead"
        noble.captor = -1
        g.emit("noble_killed", noble.seat, noble=noble.id, cause=cause)
        if noble.spouse is not None:
            end_marriage(g, noble, "death")
    yield from hand_down(g, dying, "death")
    return dying


def _baratheon_saves(g: FiefGame, doomed: list[Noble], cause: str) -> Flow:
    """A House that may cancel a death (Baratheon) may save one of ``doomed``.

    Returns the Noble saved, or ``None``. He keeps his Titles and comes back
    to the board as if freed (FF-HOUSE-03), out of harm's way
    (:func:`entry_villages`).
    """
    s = g.s
    for seat in s.order():
        power = s.ability(seat, "cancel_death")
        if power is None or g.used(seat, "cancel_death", power.per):
            continue
        options = [Option(f"cancel death of {n.id}", n.id) for n in doomed]
        names = ", ".join(n.id for n in doomed)
        options.append(Option(f"let {names} die", None))
        nid = yield from ask(seat, "cancel_death", options)
        if nid is None:
            return None
        noble = s.nobles[nid]
        g.mark_used(seat, "cancel_death")
        g.emit("death_cancelled", seat, noble=noble.id, cause=cause)
        s.lift_noble(noble)
        noble.zone = "aside"
        noble.captor = -1
        yield from enter_board(g, noble, "revived")
        return noble
    return None


def hand_down(g: FiefGame, nobles: list[Noble], why: str) -> Flow:
    """``nobles`` give up every Title at once, having died or taken the black.

    First every Title they hold goes back to the board, before any player is
    asked anything (no dead Noble may hold a Title while someone chooses);
    then a King among them is succeeded (FF-KING-05) by whoever is still in
    play; last, each one's Fief Titles pass to another Noble of his House his
    player chooses, where one qualifies, else they stay on the board.
    """
    s = g.s
    held = {n.id: sorted(n.titles) for n in nobles}
    for noble in nobles:
        for title in held[noble.id]:
            strip(g, noble, title, why)
    for noble in nobles:
        if "king" in held[noble.id]:
            yield from _succession(g)
    for noble in nobles:
        for title in held[noble.id]:
            if s.kind_of(title) != "fief":
                continue
            heirs = [
                n
                for n in s.seat_nobles(noble.seat, ("board", "captive"))
                if n is not noble and s.slots_free(n, "fief") > 0 and may_hold(s, n, title)
            ]
            if not heirs:
                continue
            options = [Option(f"{title} to {n.id}", n.id) for n in heirs]
            nid = yield from ask(noble.seat, "inherit_title", options)
            assign(g, s.nobles[nid], title)


def _succession(g: FiefGame) -> Flow:
    """The King died: an Heir inherits, else the Queen rules as Regent (FF-KING-05).

    The Queen becomes Regent whether or not the King still held the Protector's
    card when he died (an Outlaw King keeps the crown but loses the card to the
    board): with no Heir the card is hers, unless she is an Outlaw, who cannot
    hold it (our decision ``regency`` in content/fief/decisions.yaml). While a
    King reigns nobody else holds the card (an invariant), so it lies free here.
    """
    s = g.s
    heirs = sorted(
        (n for n in s.nobles.values() if n.card.heir_to_throne and n.in_play),
        key=lambda n: s.cat.heirs.index(n.id) if n.id in s.cat.heirs else 99,
    )
    queen = s.holder_of("queen")
    if heirs:
        heir = heirs[0]
        g.emit("succession", heir.seat, heir=heir.id)
        if queen is not None and queen.spouse != heir.id:
            strip(g, queen, "queen", "succession")
        yield from grant(g, heir, "king", may_decline=False)
        if s.holder["protector"] is None and may_hold(s, heir, "protector"):
            yield from grant(g, heir, "protector", may_decline=False)
        if heir.spouse is not None and s.holder["queen"] is None:
            yield from grant(g, s.nobles[heir.spouse], "queen", may_decline=False)
    elif queen is not None and s.holder["protector"] is None and may_hold(s, queen, "protector"):
        g.emit("regency", queen.seat, queen=queen.id)
        yield from grant(g, queen, "protector", may_decline=False)
