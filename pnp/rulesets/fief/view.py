"""What one seat may know: :class:`FiefView`.

The map, the board, the Nobles, titles, gold, disasters and taxes are public;
hands are not (a player sees his own and those he looked at this round), nor
the order of any deck, nor face-down vote markers and bids before they flip,
nor how a robbed player split his gold. A view holds a redacted copy of the
state taken when it was made (:meth:`FiefState.public_copy`), so a bot can
use the state's helpers on it without any way to read a secret, and a view
never changes after the fact.

A view is read-only: consecutive views of one game share the copies of the
Nobles and Villages that did not change in between (public parts only), so
writing to one would show in the next.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.event import Event
from pnp.engine.game import Decision, Option
from pnp.play.form import Help, TextForm, Words
from pnp.play.screen import Block, esc, listing, tint
from pnp.rulesets.fief.catalog import Catalog
from pnp.rulesets.fief.effects import describe, troops_text
from pnp.rulesets.fief.rules.watch import lord_commander, watch_strength
from pnp.rulesets.fief.state import LORD_COMMANDER, FiefState


class FiefView:
    """The game as ``seat`` sees it."""

    __slots__ = ("decision", "seat", "state")

    def __init__(self, state: FiefState, seat: int, decision: Decision | None) -> None:
        #: the redacted copy of the game state
        self.state = state.public_copy(seat)
        self.seat = seat
        self.decision = decision

    @property
    def cat(self) -> Catalog:
        """The content (map, cards, rules): public."""
        return self.state.cat

    @property
    def hand(self) -> list[str]:
        """This seat's own hand."""
        return list(self.state.seats[self.seat].hand)

    def seen_hand(self, seat: int) -> list[str] | None:
        """Another player's hand as this seat saw it this round (``None`` if it did not look)."""
        if seat == self.seat:
            return self.hand
        seen = self.state.seats[self.seat].seen.get(seat)
        return list(seen) if seen is not None else None

    def fortune_top_is_disaster(self) -> bool | None:
        """Whether the Fortune deck's top card has a black back (``None``: deck empty)."""
        top = self.state.fortune_top
        return None if top is None else top == "disaster"

    def data(self) -> dict[str, Any]:
        """Everything this seat may know, as plain data."""
        s = self.state
        snap = s.snapshot()
        snap["fortune"]["top"] = s.fortune_top
        snap["my_vote"] = list(s.hidden_votes[self.seat]) if self.seat in s.hidden_votes else None
        snap["votes_placed"] = list(s.votes_placed)
        snap["my_bid"] = s.hidden_bids.get(self.seat) or None  # "no bid" (0) is no bid
        # a marriage proposal being answered and its terms: announced to all
        snap["proposal"] = s.focus.get("proposal")
        snap["my_split"] = s.hidden_split[1] if s.hidden_split is not None else None
        snap["seat"] = self.seat
        # who decides what is public; the options only to the seat deciding (another's
        # labels gave away its hand: "play assassination" when its hand showed "hidden")
        pending = self.decision
        snap["decision"] = (
            None
            if pending is None
            else [pending.seat, pending.kind]
            + ([pending.labels()] if pending.seat == self.seat else [])
        )
        return snap

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FiefView):
            return NotImplemented
        return self.data() == other.data()

    def __hash__(self) -> int:
        return hash((self.seat, self.state.round, self.state.phase))


# ---------------------------------------------------------------------- the text form

#: how each event kind is told (``pnp play``); a card drawn stays secret
EVENTS: dict[str, Words | None] = {
    "phase": Words("[bold]Round {round}: {phase!h}.[/]"),
    "started": Words("{seat} starts at {at} with {noble}."),
    "card_drawn": Words("{seat} draws {card}.", hidden="{seat} draws a {deck} card."),
    # the Court card turned up at set-up goes to the discard pile: public
    "initial_card": Words("{seat} turns up {card}: its first Noble comes of age."),
    "card_played": Words("{seat} plays {card}."),
    "card_discarded": Words("{seat} discards {card}."),
    "hand_seen": Words("{seat} looks at the hand of {seat_seen!p}."),
    "cards_traded": Words("{seat} trades cards with {other!p}."),
    "cards_exchanged": Words("{seat} exchanges cards with {other!p}."),
    "income": Words("{seat} earns {gold} gold."),
    "tax_levied": Words("{seat} taxes {target} ({role}, {noble})."),
    "tax_collected": Words("{seat} collects {gold} gold of tax from {target}."),
    "tax_voided": Words("{seat}'s tax on {target} is void."),
    "purchased": Words("{seat} buys one {item} at {at} for {gold} gold."),
    "built": Words("{seat} builds a {item} at {at} for {gold} gold."),
    "units_placed": Words("{seat} places {count:troop} ({unit}) at {at}."),
    "units_lost": Words("{seat} loses {count:troop} ({unit}) at {at} {cause!w}."),
    "noble_placed": Words("{seat}'s {noble} enters the board at {at} ({why})."),
    "moved": Words("{seat} moves {noble} from {frm} to {to} with {troops:troop}."),
    "sailed": Words("{seat} sails {noble} from {frm} to {to}."),
    "retreated": Words("{seat} retreats from {frm} to {to}."),
    "battle_started": Words("{seat} attacks {defender!p} at {at}."),
    "dice_rolled": Words(
        "Battle at {at}: {seat} rolls {attacker} (strength {attacker_strength}), the defence "
        "{defender} (strength {defender_strength})."
    ),
    "battle_ended": Words("The battle at {at} ends: {winner!p} wins {how!w}."),
    "battle_stalled": Words("The battle at {at} stalls."),
    "surrendered": Words("{seat} surrenders."),
    "noble_captured": Words("{seat}'s {noble} is captured by {captor!p}."),
    "noble_killed": Words("{seat}'s {noble} dies ({cause})."),
    "ransom_paid": Words("{seat} pays {gold} to {to!p} to ransom {noble}."),
    "pillaged": Words("{seat} pillages {at} for {gold} gold."),
    "mill_destroyed": Words("The mill at {at} is destroyed."),
    "nominated": Words("{seat} nominates {noble} for {title}."),
    "bribe_offered": Words("{seat} offers {to!p} {gold} gold to vote {candidate} ({title})."),
    "bribe_taken": Words("{seat} takes {gold} gold from {by!p} to vote {candidate}."),
    "votes_revealed": Words("The votes for {title} are revealed: {totals}."),
    "tie_broken": Words("{seat} breaks the tie for {title}: {noble}."),
    "elected": Words("[bold]{noble} is elected {title}[/] ({votes} votes)."),
    "election_failed": Words("Nobody is elected {title}: {why!w}."),
    "title_gained": Words("{seat}'s {noble} takes {title}."),
    "title_granted": Words("{seat} grants {title} to {noble}."),
    "title_bought": Words("{seat} buys {title} for {noble} ({gold} gold)."),
    "title_lost": Words("{seat}'s {noble} loses {title} ({why})."),
    "council_bought": Words("{seat} seats {noble} as {title} for {gold} gold."),
    "marriage_proposed": Words("{seat} proposes {noble} to {to} (terms: {terms})."),
    "marriage_refused": Words("{seat} refuses {suitor} for {noble}."),
    "married": Words(
        "[bold]{lord} marries {lady}[/] ({seat} and {partner!p}; alliance {alliance})."
    ),
    "marriage_ended": Words("{seat}'s {noble} and {spouse} are married no more ({why})."),
    "title_declined": Words("{seat}'s {noble} declines {title}."),
    "succession": Words("{seat}'s {heir} succeeds to the throne."),
    "regency": Words("{seat}'s {queen} rules as regent."),
    "pardoned": Words("{seat}'s {noble} is pardoned ({by})."),
    "disaster_placed": Words("{card} strikes {region} (roll {roll})."),
    "disaster_missed": Words("{card} misses (roll {roll})."),
    "disaster_cancelled": Words("{card} in {region} is cancelled by {by}."),
    "disasters_cleared": Words("The disasters leave {region}."),
    "plague": Words("Plague in {region}."),
    "uprising": Words("An uprising at {at}.", other="{seat} raises an uprising against {noble}."),
    # these two say how it went: FiefText.event
    "uprising_stop": Words("{seat}'s {noble} tries to stop the uprising {how!w}, rolling {roll}"),
    "assassination": Words("{seat} sends an assassin after {target} (roll {roll})"),
    "death_cancelled": Words("{seat} saves {noble} from {cause}."),
    "gold_stolen": Words("{seat} steals {gold} gold from {victim!p}."),
    "outlawed": Words("{seat}'s {noble} is outlawed by {by!p}."),
    "maester_placed": Words("{seat} places a maester at {at}."),
    "movement_order": Words("{seat} moves {when!w}."),
    "round_ended": Words("[bold]Round {round} ends[/] (VP: {vp!t})."),
    "game_won": Words("[bold]The game is won ({ending}) by {winners!p}.[/]"),
    "bids_revealed": Words("Bids revealed: {bids}."),
    "court_reshuffled": Words("The court deck is shuffled again."),
    "fortune_reshuffled": Words("The fortune deck is shuffled again."),
    "bid_tied": Words("The top bids tie at {bid} and no Protector settles it: nobody wins."),
    "season_changed": Words(
        "[bold]The season turns: {season}[/] ({copies!n} disasters join the deck)."
    ),
    "disaster_discarded": Words(
        "{card} would strike {region} (roll {roll}), but the board holds all the disasters it "
        "may: it is discarded."
    ),
    "famine_lifted": Words("{seat} lifts {card} from {region}."),
    "cursed_roll": Words("{seat}'s {noble}, cursed by the gods, rolls {roll}."),
    "idols_destroyed": Words(
        "{seat} tears down the Septs' idols: {septs} Septs fall, {gold} gold taken (the Hand "
        "joins: {hand})."
    ),
    "council_refused": Words("{seat}, as Hand, keeps {noble} off the Council seat of {title}."),
    "divorce_refused": Words("The Master of Laws refuses {seat} a divorce for {noble}."),
    "title_conceded": Words("{seat} passes {title} from {frm} to {to}."),
    "ships_pass": Words("{seat}, Master of Ships, lets {noble} sail this round."),
    "landing_refused": Words("{seat} refuses {noble} a landing at {at}."),
    "archers_fired": Words(
        "{seat}'s archers at {at} ({archers}) loose before the battle: die {die}, {hits} hits."
    ),
    "archers_idle": Words(
        "{seat}'s archers at {at} ({archers}) hold their fire: it takes {needed} to shoot."
    ),
    # the Night's Watch
    "wall_raised": Words("The Wall stands: {castles} hold, the wildling marker is on {marker}."),
    "took_the_black": Words("{seat}'s {noble} takes the black ({how!w})."),
    "sent_to_the_wall": Words(
        "{noble} goes to the Wall rather than be outlawed by the Hand, {seat}."
    ),
    "outlaw_lifted": Words("{seat}'s {noble} is an Outlaw no more: the Night's Watch takes him."),
    "oath_broken": Words("{seat}'s {noble} breaks his oath and leaves the Wall an Outlaw."),
    "recruited": Words("{seat} buys a {recruit} for {noble} on the Wall ({gold} gold)."),
    "recruits_dismissed": Words(
        "{seat}'s {noble} becomes Lord Commander: his recruits leave the Wall ({recruits})."
    ),
    "wildlings": Words(
        "[bold]The wildlings attack the Wall[/]: marker {marker} + roll {roll} = strength "
        "{strength}."
    ),
    "wall_bids_revealed": Words(
        "Wall bids: {bids} (+{bonus} for the Lord Commander). The Watch {watch} against the "
        "wildlings {host}.",
        # with no Lord Commander there is no bonus to tell (FiefText.event)
        other="Wall bids: {bids}. The Watch {watch} against the wildlings {host}.",
    ),
    "wall_held": Words(
        "[bold]The Wall holds[/] ({watch} against {host}); {supplies!n} gold goes to the supplies."
    ),
    "wall_breached": Words("[bold]The wildlings break through[/] ({host} against {watch})."),
    "castle_fallen": Words("{castle} falls to the wildlings."),
    "defender_of_the_wall": Words("{seat} earns a Defender of the Wall token (holding {tokens})."),
    "supplies_taken": Words("{seat}'s Lord Commander {noble} takes {gold} gold from the supplies."),
}

#: what ``?`` says at each kind of decision, and the reference section to read
HELP: dict[str, Help] = {
    "start_village": Help("Choose the Village your House starts in.", "Setting up"),
    "place_noble": Help(
        "Choose the Village where a Noble entering play (a new Noble, or one freed, ransomed "
        "or saved) is placed.",
        "The Court Event deck",
    ),
    "place_units": Help("Choose where the troops you bought stand.", "Phase 4: purchase"),
    "place_building": Help("Choose where the building you bought stands.", "Phase 4: purchase"),
    "nominate": Help(
        "Name a candidate of yours for the Title being elected, or none.",
        "Elections",
    ),
    "vote": Help(
        "Put your FOR marker (or the decoy) on a candidate, or abstain.",
        "Elections",
    ),
    "bribe": Help("Offer a voter gold to vote for your candidate, or no bribe.", "Elections"),
    "answer_bribe": Help(
        "Take the bribe (you must then vote for that candidate) or refuse.",
        "Elections",
    ),
    "propose_marriage": Help(
        "Propose a marriage between one of your Nobles and another House's. At a table "
        "big enough for alliances (the question says whether this one is), a marriage "
        "makes one.",
        "Marriages and alliances",
    ),
    "outlaw": Help("As Hand, outlaw a Noble, or no one.", "Pardons and Outlaws"),
    "draw": Help(
        "Draw two cards: two Fortune, or one Fortune and one Court Event.",
        "Phase 2: draw and play cards",
    ),
    "discard": Help(
        "Discard cards before you draw, or keep the rest.", "Phase 2: draw and play cards"
    ),
    "discard_down": Help("Discard down to the hand limit.", "Phase 2: draw and play cards"),
    "play": Help("Play a card from your hand, or pass.", "Phase 2: draw and play cards"),
    "target": Help("Choose what the card aims at.", "Phase 2: draw and play cards"),
    "purchase": Help(
        "Buy troops, buildings or Titles with your gold, or end purchases.", "Phase 4: purchase"
    ),
    "council_bid": Help("Bid for the fourth Council seat, or no bid.", "Phase 4: purchase"),
    "council_seat": Help("Seat a Noble on the Council.", "Phase 4: purchase"),
    "movement_order": Help("Move in turn, first or last.", "Phase 5: movement"),
    "move": Help(
        "Move one of your Nobles (with troops) up to two Villages, or end movement.",
        "Phase 5: movement",
    ),
    "destination": Help(
        "Choose where the Noble goes; the map shows the roads from where your Nobles stand.",
        "Phase 5: movement",
    ),
    "take_troops": Help(
        "Choose which troops go with the Noble. Troops that already marched this phase stay "
        "where they are: the choices count only the others.",
        "Phase 5: movement",
    ),
    "attack": Help(
        "Attack another player's army in a Village you share, or no more battles.",
        "Phase 6: battles",
    ),
    "battle_choice": Help("Fight on, retreat or surrender.", "Phase 6: battles"),
    "casualty": Help("Choose which of your troops takes the hit.", "Phase 6: battles"),
    "execute": Help("Execute a captive Noble, or spare the captives.", "Phase 6: battles"),
    "pillage": Help("Burn the mill of the Village you took, or spare it.", "Phase 6: battles"),
    "title_to": Help("Choose the Noble who takes the Title.", "Titles"),
    "inherit_title": Help("Choose the Noble who inherits the Title.", "Titles"),
    "stop_uprising": Help(
        "Try to stop the uprising, or let it happen.", "Phase 2: draw and play cards"
    ),
    "marriage_terms": Help(
        "Add terms to your proposal: no dowry, a dowry of gold, or an exchange of one card "
        "each (it spends a Diplomacy marker).",
        "Marriages and alliances",
    ),
    "answer_proposal": Help(
        "Accept the marriage proposed to one of your Nobles (an alliance), or refuse it.",
        "Marriages and alliances",
    ),
    "break_tie": Help("As Protector, break the tie: choose who is elected.", "Titles"),
    "grant_to": Help("Choose the Noble you grant the Title to.", "Titles"),
    "grant_terms": Help("Grant the Title as a gift, or for a favour in gold.", "Titles"),
    "accept_grant": Help("Accept the Title granted to your Noble, or refuse it.", "Titles"),
    "title_overflow": Help(
        "Your Noble has no free slot for the new Title: give up one of his of that kind "
        "(put it back on the board, or pass it to a Noble who may hold it), or decline the "
        "new one.",
        "Titles",
    ),
    "noble_falls": Help("Choose which of your Nobles falls.", "Phase 6: battles"),
    "pardon": Help("Lift one Outlaw status, or none.", "Pardons and Outlaws"),
    "concede": Help(
        "Title Concession: pass a Title between two of your own Nobles, or none.", "Variants"
    ),
    "trade": Help("Choose the card you give in the exchange.", "Phase 2: draw and play cards"),
    "second_look": Help("Choose whose hand you look at.", "Phase 2: draw and play cards"),
    "hide_gold": Help(
        "Split your gold between your two hands; the thief takes one of them.",
        "Phase 2: draw and play cards",
    ),
    "pick_hand": Help("Pick the hand whose gold you take.", "Phase 2: draw and play cards"),
    "void_tax": Help(
        "As Master of Coin, void the tax on your Fief's Region, or let it stand.", "Titles"
    ),
    "cancel_death": Help(
        "Use your House's power: save the Noble from this death, or let him die.", "The Houses"
    ),
    "play_passage": Help("Play your Secret Passage now, or keep it.", "Phase 6: battles"),
    "play_ambush": Help("Play your Ambush in this battle, or keep it.", "Phase 6: battles"),
    "ships_pass": Help(
        "As Master of Ships, name the Noble who may sail this phase.", "Phase 5: movement"
    ),
    "sail_to": Help("Choose the coastal Village the Noble sails to.", "Phase 5: movement"),
    "burn": Help("Burn the Mill, or spare it.", "Phase 6: battles"),
    "recruit_for": Help("Choose the Brother your recruits serve under.", "The Night's Watch"),
    "wall_bid": Help(
        "Bid gold to hold the Wall against the wildlings, or none.", "The Night's Watch"
    ),
    "false_idols": Help(
        "As Protector you may convert to the Lord of Light: every Sept is pillaged for you, "
        "and you become Gods cursed (a die each round may kill you).",
        "The False Idols",
    ),
    "join_conversion": Help(
        "As Hand you may convert with the Protector and share the Septs' gold (and the curse).",
        "The False Idols",
    ),
    "divorce": Help(
        "Ask for a divorce (the Master of Laws weighs it), or stay married.",
        "Marriages and alliances",
    ),
    "accept_title": Help("Accept the Title passed to your Noble, or refuse it.", "Titles"),
    "landing": Help(
        "Let the sailing army land in your Village, or refuse it.", "Phase 5: movement"
    ),
    "stark_discard": Help(
        "Use your House's power: discard the card you just drew, or keep it.", "The Houses"
    ),
    "take_unit": Help(
        "Choose how many troops of this kind march with the Noble.", "Phase 5: movement"
    ),
    "drop_unit": Help(
        "Choose how many of the marching troops stop at the Village on the way.",
        "Phase 5: movement",
    ),
    "give_card": Help(
        "Choose the card you give in the deal; the other side gives one too.",
        "Marriages and alliances",
    ),
    "grant_divorce": Help(
        "As Master of Laws, grant the divorce asked of you, or refuse it.",
        "Marriages and alliances",
    ),
    "hand_consent": Help(
        "As Hand, consent to the Noble taking the Council seat, or refuse.",
        "The Court Event deck",
    ),
    "black_or_outlaw": Help(
        "The Hand outlaws your Noble: send him to the Wall for life instead, or let him "
        "turn Outlaw.",
        "Pardons and Outlaws",
    ),
    "oathbreak": Help(
        "Your Brother keeps his oath, or breaks it: he leaves the Wall an Outlaw and his "
        "Titles return.",
        "Hear Ye: subphase 1.2",
    ),
    "castle_falls": Help(
        "The wildlings broke through: as Lord Commander, choose the castle that falls.",
        "Phase 7: the Battle at the Wall",
    ),
    "wall_supplies": Help(
        "As Lord Commander, take the gold in the Wall's supplies, or leave it there.",
        "Phase 7: the Battle at the Wall",
    ),
}

#: ``title_overflow`` where the new Title must be taken (FF-TITLE-09): the crown and
#: the Protector's card an Heir inherits, a new King's Protector card, a Council seat
#: bought; nobody is told he may decline it there
MUST_MAKE_ROOM = Help(
    "Your Noble must take the new Title and has no free slot for it: give up one of his of "
    "that kind (put it back on the board, or pass it to a Noble who may hold it).",
    "Titles",
)

#: what ``?`` adds at a decision in a game with the Night's Watch (FF-NW-07): without the
#: expansion there is no Wall to speak of
WATCH_HELP = {
    "draw": "With the Night's Watch, one of your free, unmarried Lords may take the black "
    "in place of the Court Event.",
    "move": "With the Night's Watch, a free, unmarried Lord in a Village at the Wall's gates "
    "may take the black as his move.",
}


def _cannot_decline(decision: Decision) -> bool:
    """Whether a ``title_overflow`` decision offers no ``decline`` (the Title must be taken)."""
    return not any(o.label.startswith("decline ") for o in decision.options)


def region_words(name: str) -> str:
    """A Region as events and the map name it, apart from a Fief of the same name:
    ``The North`` reads ``the Region of the North``, ``Dorne`` ``the Region of Dorne``."""
    return "the Region of " + (f"the {name[4:]}" if name.startswith("The ") else name)


#: why an election failed, in words (``{why!w}``)
ELECTION_FAILS = {
    "no votes": "nobody voted",
    "tie": "the vote is tied",
    "minimum": "the winner lacks the election's minimum of votes",
    "sources": "the winner's votes do not come from the sources the Title needs",
}

#: how a Noble came to take the black (``{how!w}`` in ``took_the_black``)
TOOK_THE_BLACK = {
    "declared": "in place of his player's Court draw",
    "outlawed": "rather than turn Outlaw",
    "movement": "as his move",
}

#: what troops were lost to (``{cause!w}`` in ``units_lost``)
LOSSES = {
    "battle": "in battle",
    "surrender": "in the surrender",
    "plague": "to the plague",
    "uprising": "to the uprising",
}

#: the phases of a round by the reference's names (``{phase!h}`` in the words above)
PHASE_NAMES = {
    "setup": "setting up",
    "hear_ye": "phase 1, Hear Ye, Hear Ye",
    "cards": "phase 2, draw and play cards",
    "income": "phase 3, income",
    "purchase": "phase 4, purchase",
    "movement": "phase 5, movement",
    "battles": "phase 6, battles",
    "wall": "phase 7, the Wall",
    "end": "phase 8, end of round",
}


def _short(unit: str) -> str:
    """A unit's tag on the map: the initials of its id (``man-at-arms`` is ``MaA``)."""
    parts = unit.split("-")
    return (
        parts[0][:1].upper() + "".join(p[:1] for p in parts[1:])
        if len(parts) > 1
        else (unit[:2].capitalize())
    )


#: per decision kind, the bare number in its labels that is a sum of gold ("bribe Arryn
#: with 1", "dowry of 2", "take 2 for Lysa Arryn", "take 3 from the supplies")
GOLD_SUMS = {
    "bribe": re.compile(r"(with \d+)$"),
    "marriage_terms": re.compile(r"^(dowry of \d+)"),
    "answer_bribe": re.compile(r"^(take \d+)(?= for )"),
    "wall_supplies": re.compile(r"^(take \d+)(?= from the supplies)"),
}

#: per decision kind, the troops its labels count: "take 2 of 3 knight", "1 of 2 knight
#: stop at winterfell" (the prefix, the count the unit goes with, the unit, the rest)
TROOP_COUNTS = {
    "take_unit": re.compile(r"^(take \d+ of )(\d+) ([a-z-]+)()$"),
    "drop_unit": re.compile(r"^(\d+ of )(\d+) ([a-z-]+)( stop at .+)$"),
}

#: how a Noble tries to stop an Uprising (the ``how`` of ``uprising_stop``)
STOPPERS = {"council": "as a Council member, paying for it", "warden": "as the Region's Warden"}

#: how a battle ended (the ``how`` of ``battle_ended``)
BATTLE_ENDS = {
    "fought": "the field",
    "lone noble captured": "by taking the lone Noble captive",
}

#: when a player moves (the movement_order event's ``when``): "moves turn" read oddly
MOVE_WHEN = {"turn": "in turn"}

#: a Village's fortification as the map names it (the state keeps its level)
HOLDS = {1: "stronghold", 2: "fortified city"}


def _marched_note(s: FiefState, noble: str) -> str:
    """FF-PH-13: the troops at the moving Noble's side that marched this phase and so stay
    ("" when none did), for the troop question: its answers count only the others."""
    n = s.nobles[noble]
    tired = s.marched.get((n.at, n.seat))
    if tired is None:
        return ""
    units = s.cat.units
    stay = listing([troops_text(c, units[u]) for u, c in enumerate(tired) if c])
    return f" ({stay} marched here this phase and stay{'s' if sum(tired) == 1 else ''})"


class FiefText(TextForm):
    """A Song of Ice and Fief in words: Houses, Titles, the map by Fief, your hand."""

    EVENTS = EVENTS
    HELP = HELP
    # Greyjoy's theft: the victim's two fists, not the Hand of the King
    PLAIN_LABELS = frozenset({"left hand", "right hand"})

    def __init__(self, content: LoadedContent[Any], factions: Sequence[str]) -> None:
        super().__init__(content, factions)
        model = content.model
        groups = (
            model.houses,
            model.fiefs,
            model.regions,
            model.villages,
            model.nobles,
            model.fortune,
            model.disaster_copies,
            model.court,
            model.titles,
            model.units,
            model.buildings,
            model.wall_castles,
            model.tokens,
        )
        for group in groups:
            for item in group:
                name = getattr(item, "name", None)
                if name:
                    self.names[item.id] = name
        # a Region may share its name with a Fief ("The North"): it is named "the Region
        # of the North", and the map tags each Village with its Region's number
        for region in model.regions:
            self.names[region.id] = region_words(region.name)
        self.region_number = {r.id: r.number for r in model.regions}
        self.village_region = {v.id: v.region for v in model.villages}
        self.recruits = {r.token: r for r in model.rules.nights_watch.recruits}
        self.colours = {h.id: h.color for h in model.houses}
        self.units = {u.id: _short(u.id) for u in model.units}
        # a Fief may share its id with a Village (Pyke): the map names Fiefs from here
        self.fiefs = {f.id: f.name for f in model.fiefs}
        self.phases = PHASE_NAMES
        self.words = ELECTION_FAILS | TOOK_THE_BLACK | LOSSES | STOPPERS | BATTLE_ENDS | MOVE_WHEN
        self.factions_short = [self.names.get(h, h).removeprefix("House ") for h in self.factions]
        self.prices = (
            {u.id: u.cost for u in model.units}
            | {b.id: b.cost for b in model.buildings}
            | {t.id: model.rules.prices.fief_title for t in model.titles if t.kind == "fief"}
        )

    def heading(self, view: Any) -> str:
        """Round (of the limit), phase, season, first player, and the VP that win
        (FF-WIN-01/02/04)."""
        d = view.data()
        s: FiefState = view.state
        rules = s.cat.rules
        goal = f"{rules.solo_vp} VP win alone"
        if s.players >= rules.alliances_from:
            goal += f", {s.alliance_vp()} an alliance"
        return (
            f"[bold]Round {d['round']}[/] of {rules.round_limit} · "
            f"{self.phases.get(d['phase'], d['phase'])} · {d['season']} · "
            f"first player {self.player(d['first_player'])} · {goal}"
        )

    def _noble(self, d: dict[str, Any], noble: str) -> str:
        seat = d["nobles"][noble]["seat"]
        name = self.names.get(noble, noble)
        if 0 <= seat < len(self.factions):
            return tint(name, self.colours.get(self.factions[seat], ""), bold=False)
        return self.name(noble)

    def board(self, view: Any) -> list[Block]:
        """The Houses, the Titles held, and the map: each Fief's Villages and who holds
        them, then the roads from where this seat's Nobles stand."""
        d = view.data()
        cat = view.cat
        nobles = d["nobles"]
        rows = []
        for seat, s in enumerate(d["seats"]):
            on_board = [n for n, x in nobles.items() if x["seat"] == seat and x["zone"] == "board"]
            troops = sum(
                sum(v["units"].get(str(seat), {}).values()) for v in d["villages"].values()
            )
            hand = s["hand"]
            rows.append(
                (
                    self.player(seat) + (" (you)" if seat == view.seat else ""),
                    str(s["gold"]),
                    str(s["vp"]),
                    str(len(hand)),
                    str(len(on_board)),
                    str(troops),
                    self.player(s["partner"]) if s.get("partner") is not None else "",
                )
            )
        houses = Block(
            "Houses",
            columns=("House", "gold", "VP", "hand", "Nobles", "troops", "ally"),
            rows=tuple(rows),
        )
        held = [
            f"{self.name(title)}: {self._noble(d, noble)}"
            for title, noble in d["titles"].items()
            if noble
        ]
        titles = Block("Titles held", (listing(held, "none yet"),))
        fiefs: dict[str, list[str]] = {}
        for vid, v in d["villages"].items():
            parts = [self._noble(d, n) for n in v["nobles"]]
            for seat, units in v["units"].items():
                army = " ".join(f"{n}{self.units.get(u, u)}" for u, n in units.items() if n)
                if army and int(seat) != v["controller"]:
                    # a second army in the Village (a battle): whose, in words too
                    army = f"{self.factions_short[int(seat)]} {army}"
                colour = self.colours.get(self.factions[int(seat)], "")
                if army:
                    parts.append(tint(army, colour, bold=False))
            if v.get("mill"):
                parts.append("mill")
            if v.get("sept"):
                parts.append("sept")
            if v.get("maester"):
                parts.append("maester")
            if v.get("stronghold"):
                parts.append(HOLDS.get(v["stronghold"], f"hold {v['stronghold']}"))
            name = self.names.get(vid, vid)
            ctrl = v["controller"]
            if ctrl is not None:
                # the holder by name too: a log or a terminal without colour shows no tint
                parts.insert(0, self.house(ctrl) + ":")
            shown = (
                tint(name, self.colours.get(self.factions[ctrl], ""))
                if ctrl is not None
                else f"[dim]{name}[/]"
            )
            inside = ", ".join(parts).replace(":,", ":")
            # the Region a disaster, a tax or a Warden reaches it by (the legend names them)
            region = self.region_number.get(self.village_region.get(vid, ""))
            tag = f" R{region}" if region is not None else ""
            fiefs.setdefault(cat.map.fief_of[cat.map.index[vid]], []).append(
                shown + tag + (f" ({inside})" if parts else "")
            )
        fief_title = {t.fief: t.id for t in self.content.model.titles if t.fief}
        lines = []
        for fief, villages in fiefs.items():
            holder = d["titles"].get(fief_title.get(fief, ""), None)
            lord = f" — {self._noble(d, holder)}" if holder else ""
            lines.append(
                f"[bold]{esc(self.fiefs.get(fief, fief))}[/]{lord}: " + "; ".join(villages)
            )
        legend = "Troops: " + ", ".join(f"{tag} {self.name(u)}" for u, tag in self.units.items())
        legend += "; buildings: stronghold, fortified city, mill, sept, maester"
        regions = self.regions_line()
        blocks = [
            houses,
            titles,
            Block("the map (Fiefs and their Villages)", (*lines, regions, legend)),
        ]
        blocks += self._off_the_map(d) + self._troubles(d) + self._wall(d)
        roads = self._roads(d, cat, view.seat)
        if roads:
            blocks.append(Block("roads from where your Nobles stand", tuple(roads)))
        return blocks

    def regions_line(self) -> str:
        """The map's legend of Regions, by the numbers the Villages carry: ``Regions (what
        disasters, taxes and Wardens reach): R1 the North, …``."""
        named = [
            f"R{number} {self.names[region].removeprefix('the Region of ')}"
            for region, number in sorted(self.region_number.items(), key=lambda kv: kv[1])
        ]
        return "Regions (what disasters, taxes and Wardens reach): " + ", ".join(named)

    def region(self, region: str) -> str:
        """A Region as a line starts with it, its number on the map after it: ``The Region
        of the North (R1)``."""
        name = self.name(region)
        number = self.region_number.get(region)
        return name[:1].upper() + name[1:] + (f" (R{number})" if number is not None else "")

    def _whose(self, d: dict[str, Any], noble: str) -> str:
        """``Davos Seaworth (Baratheon)``: a Noble and his House, where the map's Village
        does not say it."""
        seat = d["nobles"][noble]["seat"]
        house = f" ({self.house(seat)})" if 0 <= seat < len(self.factions) else ""
        return self._noble(d, noble) + house

    def _off_the_map(self, d: dict[str, Any]) -> list[Block]:
        """Outlaws, cursed Nobles and captives: what the map's names do not say."""
        outlaws, cursed, captives = [], [], []
        for noble, x in d["nobles"].items():
            if x["zone"] == "dead":
                continue
            if x["outlaw"]:
                outlaws.append(self._whose(d, noble))
            if x["cursed"]:
                cursed.append(self._whose(d, noble))
            if x["zone"] == "captive" and x["captor"] is not None:
                captives.append(f"{self._whose(d, noble)}, held by {self.player(x['captor'])}")
        lines = [
            f"{label}: {listing(names)}"
            for label, names in (
                ("Outlaws", outlaws),
                ("Captives", captives),
                ("Cursed by the gods", cursed),
            )
            if names
        ]
        return [Block("Outlaws and captives", tuple(lines))] if lines else []

    def _troubles(self, d: dict[str, Any]) -> list[Block]:
        """The disasters on the board by Region, and the taxes levied this round."""
        lines = [
            f"{self.region(region)}: {listing([self.name(c) for c in cards])}"
            for region, cards in d["disasters"].items()
            if cards
        ]
        for tax in d["taxes"]:
            where = "every governed Region" if tax["target"] == "*" else self.name(tax["target"])
            voided = [self.name(r) for r in tax.get("voided", [])]
            note = f"; voided in {listing(voided)}" if voided else ""
            lines.append(
                f"Tax: {self.player(tax['seat'])} taxes {where} "
                f"({tax['kind']}, {self._noble(d, tax['noble'])}){note}"
            )
        return [Block("disasters and taxes", tuple(lines))] if lines else []

    def _wall(self, d: dict[str, Any]) -> list[Block]:
        """The Night's Watch: the wildling marker, the castles, the Brothers and their
        recruits, the supplies and the Defender tokens (``[]`` without the expansion)."""
        wall = d.get("wall")
        if wall is None:
            return []
        track = self.content.model.rules.nights_watch.track
        standing = [self.name(c) for c, up in wall["castles"].items() if up]
        fallen = [self.name(c) for c, up in wall["castles"].items() if not up]
        brothers = []
        for noble in wall["brothers"]:
            band = wall["recruits"].get(noble, {})
            recruits = [f"{self.name(t)} ×{n}" for t, n in band.items() if n]
            lc = LORD_COMMANDER in d["nobles"][noble]["titles"]
            brothers.append(
                self._whose(d, noble)
                + (", Lord Commander" if lc else "")
                + (f" with {listing(recruits)}" if recruits else "")
            )
        defenders = [f"{self.house(int(seat))} {n}" for seat, n in wall["defenders"].items() if n]
        lines = (
            f"Wildling marker {wall['marker']} of {track}; castles standing: "
            f"{listing(standing)}" + (f" (fallen: {listing(fallen)})" if fallen else ""),
            f"Brothers: {listing(brothers)}",
            f"Supplies: {wall['supplies']} gold; Defender tokens: {listing(defenders)}",
        )
        return [Block("the Wall", lines)]

    def _roads(self, d: dict[str, Any], cat: Any, seat: int) -> list[str]:
        fmap = cat.map
        out = []
        for noble, x in d["nobles"].items():
            if x["seat"] != seat or x["zone"] != "board" or not x["at"]:
                continue
            here = fmap.index[x["at"]]
            ways = [
                self.name(fmap.ids[w]) + (" (sea)" if fmap.sea_road[road] else "")
                for w, road in fmap.neighbours[here]
            ]
            out.append(f"{self._noble(d, noble)} at {self.name(x['at'])} → {listing(ways)}")
        return out

    def own(self, view: Any) -> list[Block]:
        """The seat's hand and the hands it looked at this round."""
        d = view.data()
        lines = ["Cards: " + listing([self.name(c) for c in view.hand])]
        for other in range(len(d["seats"])):
            seen = view.seen_hand(other) if other != view.seat else None
            if seen is not None:
                lines.append(
                    f"You saw {self.player(other)}'s hand: {listing([self.name(c) for c in seen])}"
                )
        return [
            Block(
                f"hand of {self.player(view.seat)}",
                tuple(lines),
                colour=self.colours.get(self.factions[view.seat], ""),
            )
        ]

    def event(self, event: Event, seat: int | None) -> str | None:
        """As the table says; an assassination or an uprising stopped says how it went,
        and Wall bids without a Lord Commander say no bonus of his."""
        if event.kind == "wall_bids_revealed" and not event.data.get("bonus"):
            # no Lord Commander, no bonus: told by the words without one (their other)
            data = {k: v for k, v in event.data.items() if k != "bonus"}
            event = Event(event.kind, event.seat, data)
        text = super().event(event, seat)
        if text is not None and event.kind in ("assassination", "uprising_stop"):
            done = event.data.get("success", event.data.get("stopped"))
            text += ": it succeeds." if done else ": it fails."
        return text

    def ask(self, decision: Decision, view: Any) -> str:
        """The question, with the gold there is to spend where it is spent."""
        question = super().ask(decision, view)
        # what the decision is about, from the state's public focus
        focus = view.state.focus
        names = view.cat.map.names
        if focus.get("election"):
            question += f" — the election of {self.name(focus['election'])}"
        elif focus.get("noble") and decision.kind in ("destination", "take_troops", "sail_to"):
            question += f" — {self.name(focus['noble'])}"
            if isinstance(focus.get("to"), int):
                question += f" to {esc(names[focus['to']])}"
            if decision.kind == "take_troops":
                question += _marched_note(view.state, focus["noble"])
        elif isinstance(focus.get("battle"), int):
            question += f" — the battle at {esc(names[focus['battle']])}"
        if decision.kind == "propose_marriage":
            allied = len(view.data()["seats"]) >= view.cat.rules.alliances_from
            question += " (it makes an alliance)" if allied else " (no alliances at this table)"
        if decision.kind in ("purchase", "council_bid", "bribe", "stop_uprising"):
            question += f" (you have {view.data()['seats'][view.seat]['gold']} gold)"
        elif decision.kind == "wall_bid":
            question += f" ({self.watch_now(view.state)}; you have "
            question += f"{view.data()['seats'][view.seat]['gold']} gold)"
        elif decision.kind == "title_overflow" and _cannot_decline(decision):
            question = question.replace(
                HELP["title_overflow"].text.split(".")[0], MUST_MAKE_ROOM.text.split(".")[0]
            )
        elif decision.kind == "cancel_death":
            # a House power, not a card: say whose, and how often it serves
            ability = self._ability(decision.seat, "cancel_death")
            once = f" (once a {ability.given('cancel_death').per})" if ability else ""
            question = question.replace(
                "your House's power", f"{self.house_name(decision.seat)}'s power{once}"
            )
        elif decision.kind == "stark_discard":
            # a House power, not a rule every player has: say whose
            question = question.replace(
                "your House's power", f"{self.house_name(view.seat)}'s power (once a round)"
            )
            if any(o.label == "draw it" for o in decision.options):  # FF-GAP-21: unseen
                question = question.replace(
                    "the card you just drew, or keep it",
                    "the disaster on top of the Fortune deck unseen, or draw it",
                )
        return question

    def _abilities(self, seat: int) -> list[Any]:
        """The abilities of ``seat``'s House, as its content gives them."""
        house = self.factions[seat]
        model = next((h for h in self.content.model.houses if h.id == house), None)
        return list(model.abilities) if model else []

    def _ability(self, seat: int, word: str) -> Any:
        """``seat``'s House ability given by ``word`` (``cancel_death``), if it has one."""
        return next((a for a in self._abilities(seat) if a.given(word)), None)

    def house_name(self, seat: int) -> str:
        """``House Stark``: the full name of ``seat``'s House."""
        house = self.factions[seat]
        return esc(self.names.get(house, house))

    def watch_now(self, s: FiefState) -> str:
        """The Watch's strength before bids (castles, Brothers, recruits) and the Lord
        Commander's bonus, if one is elected (FF-NW-06): what a Wall bid adds to."""
        nw = s.cat.rules.nights_watch
        bonus = f", +{nw.lc_bid_bonus} for the Lord Commander" if lord_commander(s) else ""
        host = s.focus.get("wildlings")
        against = f", against the wildlings' {host}" if host is not None else ""
        return f"the Watch stands at {watch_strength(s)} before bids{bonus}{against}"

    def explain(self, decision: Decision, view: Any = None) -> Help:
        """What ``?`` says: the table's words; a House power says whose it is and what it
        does, and the Night's Watch is told of only in a game with it."""
        found = super().explain(decision, view)
        if decision.kind == "stark_discard":
            house = self.factions[decision.seat]
            power = " ".join(describe(a) for a in self._abilities(decision.seat))
            return Help(
                f"{self.house_name(decision.seat)}'s power: {esc(power)} Discard the card "
                "now, or keep it (a disaster: draw it): the power then waits for a later "
                "draw this round.",
                self.names.get(house, found.section),
            )
        if decision.kind == "title_overflow" and _cannot_decline(decision):
            return MUST_MAKE_ROOM
        if decision.kind == "cancel_death":
            house = self.factions[decision.seat]
            ability = self._ability(decision.seat, "cancel_death")
            power = describe(ability) if ability else ""
            return Help(
                f"{self.house_name(decision.seat)}'s power: {esc(power)} It serves at any "
                "death, in a battle, in Hear Ye or by a card: save the Noble now, or let him "
                "die.",
                self.names.get(house, found.section),
            )
        if view is not None and view.state.nights_watch and decision.kind in WATCH_HELP:
            found = Help(f"{found.text} {WATCH_HELP[decision.kind]}", found.section)
        return found

    def option(self, decision: Decision, option: Option) -> str:
        """The label in words, with the price of what is bought or built."""
        text = self.option_label(option.label)
        verb, _, ident = option.label.partition(" ")
        if verb in ("buy", "build") and ident in self.prices:
            text += f" [dim]({self.prices[ident]} gold)[/]"
        elif verb == "recruit" and ident in self.recruits:
            # "recruit nw-ranger" read "recruit Night's Watch recruit (ranger)"
            r = self.recruits[ident]
            kind = self.names.get(ident, ident)
            if "(" in kind and kind.endswith(")"):  # the kind the token's name gives
                kind = kind[kind.index("(") + 1 : -1]
            article = "an" if kind[:1].lower() in "aeiou" else "a"
            text = f"recruit {article} {esc(kind)} [dim]({r.cost} gold, strength {r.strength})[/]"
        # the referee's labels give sums of gold as bare numbers: say what they count
        pattern = GOLD_SUMS.get(decision.kind)
        if pattern is not None:
            text = pattern.sub(r"\1 gold", text, count=1)
        # "take 2 of 3 knight": the troops counted as troops ("of 3 Knights")
        counts = TROOP_COUNTS.get(decision.kind)
        found = counts.match(option.label) if counts is not None else None
        if found is not None:
            start, have, unit, rest = found.groups()
            text = f"{start}{troops_text(int(have), unit)}{self.option_label(rest)}"
        return text

    def card_texts(self, view: Any, named: Sequence[str] = ()) -> list[tuple[str, str]]:
        """What ``c`` prints: the rules text of the seat's cards and of the hands it saw,
        the disasters in force, the cards ``named`` by the news on screen (one another
        player played), the Titles held, the attributes of the Nobles on the board
        (printed on their cards) and the powers of the Houses at the table."""
        model = self.content.model
        d = view.data()
        cards = {c.id: c for c in (*model.fortune, *model.disaster_copies, *model.court)}
        titles = {t.id: t for t in model.titles}
        seen = [view.seen_hand(other) or [] for other in range(len(d["seats"]))]
        disasters = [c for region in d["disasters"].values() for c in region]
        out = []
        shown = [*view.hand, *(c for hand in seen for c in hand), *disasters, *named]
        for card in dict.fromkeys(shown):
            if card in cards:
                out.append((self.name(card), esc(describe(cards[card].effect))))
        for title, holder in d["titles"].items():
            if holder and title in titles:
                out.append((self.name(title), esc(titles[title].text)))
        nobles = {n.id: n for n in model.nobles}
        standing = [n for n, x in d["nobles"].items() if x["zone"] == "board" and n in nobles]
        for attribute in model.attributes:
            holders = [self.name(n) for n in standing if attribute.id in nobles[n].attributes]
            if holders:
                text = " ".join(describe(e) for e in attribute.effects)
                out.append((f"{attribute.name} ({listing(holders)})", esc(text)))
        houses = {h.id: h for h in model.houses}
        for seat, house in enumerate(self.factions):
            if house in houses and houses[house].abilities:
                text = " ".join(describe(a) for a in houses[house].abilities)
                out.append((f"{self.house(seat)}'s powers", esc(text)))
        return out


def text_form(content: LoadedContent[Any], factions: Sequence[str]) -> FiefText:
    """The fief text form for a game of ``factions`` (``Ruleset.text_form``)."""
    return FiefText(content, factions)
