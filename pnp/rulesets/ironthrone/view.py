"""What one seat may know: the view bots decide from.

A :class:`SeatView` is a value: it copies, when made, the public state and
the seat's own secrets — its hand, the fronts of the hostages it holds, its
own facedown card. Other hands, deck orders, the fronts of other players'
hostages and an opponent's facedown card (until it is revealed or placed
face up) are never copied; neither are other players' leader choices until
all are revealed. Later changes to the game do not change a view made
earlier. The copy is a few short lists, so making one per decision is cheap;
:meth:`SeatView.to_dict` gives the same information as plain data, and two
views are equal when that data is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.content import LoadedContent
from pnp.engine.decision import Decision, Option
from pnp.engine.event import Event
from pnp.play.form import Help, TextForm, Words
from pnp.play.screen import Block, counted, esc, listing
from pnp.rulesets.ironthrone.abilities import Compiled
from pnp.rulesets.ironthrone.effects import describe
from pnp.rulesets.ironthrone.model import CharacterCard, Truce, truce_reminder_parts
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    KIND_NAMES,
    OUT,
    OUTCOME_NAMES,
    P_LEADERS,
    PHASES,
    WINNER_NAMES,
    Tables,
)

if TYPE_CHECKING:
    from pnp.engine.game import Decision
    from pnp.rulesets.ironthrone.rules import Referee

#: ``placed`` value of a card on the table whose front this seat cannot see
HIDDEN = -2


@dataclass(frozen=True, slots=True)
class CardInfo:
    """A house card as its holder sees it."""

    id: str
    kind: str  # hostility, truce or character
    value: int  # hostility value (0 for truce and character cards)
    character: str | None  # the character a character card shows
    ability: Compiled | None
    house: str


def card_infos(t: Tables) -> list[CardInfo]:
    """A :class:`CardInfo` per card number (built once per tables)."""
    if not t.card_infos:
        t.card_infos = [
            CardInfo(
                t.card_id[k],
                KIND_NAMES[t.card_kind[k]],
                t.card_value[k],
                t.char_id[t.card_char[k]] if t.card_char[k] >= 0 else None,
                t.card_ability[k],
                t.card_house[k],
            )
            for k in range(len(t.card_id))
        ]
    return t.card_infos


class SeatView:
    """The game as ``seat`` sees it at the moment the view is made."""

    __slots__ = (
        "_bonus",
        "_committed",
        "_ctx",
        "_deal",
        "_decks",
        "_discards",
        "_faceup",
        "_hands",
        "_held",
        "_held_owners",
        "_leaders",
        "_left",
        "_offer",
        "_offers",
        "_on_board",
        "_outcome",
        "_phase",
        "_placed",
        "_power",
        "_sheet",
        "_shielded",
        "_side",
        "_status",
        "_t",
        "_totals",
        "_winner",
        "_withdrawn",
        "challenger",
        "decision",
        "defender",
        "seat",
        "turn",
    )

    def __init__(self, ref: Referee, seat: int, decision: Decision | None = None) -> None:
        self._t = ref.t
        self.seat = seat
        self.decision = decision
        self.turn = ref.turn
        self.challenger = ref.challenger
        self.defender = ref.defender
        self._phase = ref.phase
        self._outcome = ref.outcome
        self._winner = ref.winner
        self._power = ref.power[:]
        self._status = ref.status[:]
        self._sheet = ref.sheet[:]
        self._left = ref.left[:]
        self._on_board = [row[:] for row in ref.on_board]
        self._side = ref.side[:]
        self._committed = ref.committed[:]
        self._withdrawn = ref.withdrawn[:]
        self._shielded = ref.shielded[:]
        self._bonus = ref.bonus[:]
        # the others' hands as counts, this seat's own as its cards
        self._hands: list[int | list[int]] = [len(h) for h in ref.hand]
        self._hands[seat] = ref.hand[seat][:]
        self._held = ref.held[seat][:]
        owner = ref.t.card_owner
        self._held_owners = [[owner[c] for c in h] for h in ref.held]
        self._decks = [len(d) for d in ref.deck]
        self._discards = [d[:] for d in ref.discard]
        placed = ref.placed[:]
        for s, c in enumerate(placed):
            if c >= 0 and s != seat and not ref.outcome and not ref.faceup[s]:
                placed[s] = HIDDEN
        self._placed = placed
        self._faceup = ref.faceup[:]
        secret = ref.phase == P_LEADERS
        self._leaders = [
            c if (c >= 0 and (not secret or s == seat)) else -1 for s, c in enumerate(ref.leader)
        ]
        offers = getattr(ref, "leader_offers", None)
        self._offers = list(offers[seat]) if offers else []
        totals = ref.side_totals()
        self._totals = (0, totals[1], totals[2])
        offer = ref.pending_offer
        self._offer = offer if decision is not None and decision.seat == seat else None
        self._deal = ref.pending_deal if decision is not None and decision.seat == seat else None
        ctx = ref.ctx
        self._ctx = ctx if isinstance(ctx, int) else None

    # -- cards

    def card(self, c: int) -> CardInfo:
        """Information about card number ``c`` (only for cards this seat may see)."""
        return card_infos(self._t)[c]

    def hand(self) -> list[CardInfo]:
        """This seat's hand."""
        infos = card_infos(self._t)
        mine = self._hands[self.seat]
        assert isinstance(mine, list)  # this seat's own entry is its cards (see __init__)
        return [infos[c] for c in mine]

    def hostages(self) -> list[CardInfo]:
        """The hostages this seat holds (it may look at their fronts, IT-HOST-02)."""
        infos = card_infos(self._t)
        return [infos[c] for c in self._held]

    def hostage_houses(self, seat: int) -> list[str]:
        """The Houses of the hostages ``seat`` holds (their backs are public)."""
        houses = self._t.houses
        return [houses[o] for o in self._held_owners[seat]]

    def placed(self, seat: int) -> CardInfo | None:
        """``seat``'s house card on the table, if this seat may see its front."""
        c = self._placed[seat]
        return card_infos(self._t)[c] if c >= 0 else None

    def has_placed(self, seat: int) -> bool:
        """Whether ``seat`` has a card on the table (facedown or not)."""
        return self._placed[seat] != -1

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds."""
        h = self._hands[seat]
        return h if isinstance(h, int) else len(h)

    def deck_size(self, seat: int) -> int:
        """How many cards are left in ``seat``'s deck."""
        return self._decks[seat]

    def discard(self, seat: int) -> list[str]:
        """The card ids of ``seat``'s discard pile (public)."""
        cid = self._t.card_id
        return [cid[c] for c in self._discards[seat]]

    # -- players and tokens

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self._sheet)

    @property
    def houses(self) -> tuple[str, ...]:
        """Each seat's House."""
        return self._t.houses

    @property
    def rules(self) -> Any:
        """The numbers of the game (content ``rules:``)."""
        return self._t.rules

    @property
    def phase(self) -> str:
        """The current phase name."""
        return PHASES[self._phase]

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` is the challenger or the defender."""
        return seat == self.challenger or seat == self.defender

    def side(self, seat: int) -> int:
        """``seat``'s side: 0 none, 1 challenger, 2 defender."""
        return self._side[seat]

    def sheet(self, seat: int) -> int:
        """Power on ``seat``'s leader sheet."""
        return self._sheet[seat]

    def leader(self, seat: int) -> str | None:
        """``seat``'s leader (others' stay hidden until all are revealed)."""
        c = self._leaders[seat]
        return self._t.char_id[c] if c >= 0 else None

    def leader_offers(self) -> list[tuple[str, Compiled | None]]:
        """The leader sheets this seat was dealt at setup."""
        t = self._t
        return [(t.char_id[c], t.char_leader[c]) for c in self._offers]

    def characters(self, seat: int) -> list[tuple[str, int, bool]]:
        """``seat``'s tokens in play: (id, power, alive)."""
        t = self._t
        return [
            (t.char_id[c], self._power[c], self._status[c] == ALIVE)
            for c in t.seat_chars[seat]
            if self._status[c] != OUT
        ]

    def living(self, seat: int) -> list[tuple[str, int]]:
        """``seat``'s living characters: (id, power)."""
        t = self._t
        return [
            (t.char_id[c], self._power[c]) for c in t.seat_chars[seat] if self._status[c] == ALIVE
        ]

    def power_of(self, char_id: str) -> int:
        """Power on a character token (0 if dead or unknown)."""
        t = self._t
        for c, cid in enumerate(t.char_id):
            if cid == char_id:
                return self._power[c]
        return 0

    def committed(self, seat: int) -> str | None:
        """``seat``'s participating character, if any."""
        c = self._committed[seat]
        return self._t.char_id[c] if c >= 0 else None

    def committed_power(self, seat: int) -> int:
        """Power on ``seat``'s participating character (0 if none or dead)."""
        c = self._committed[seat]
        return self._power[c] if c >= 0 and self._status[c] == ALIVE else 0

    def tokens_left(self, seat: int) -> int:
        """Influence tokens still on ``seat``'s own board."""
        return self._left[seat]

    def spread(self, seat: int) -> int:
        """Influence ``seat`` has spread onto other boards."""
        return self._t.rules.influence_tokens - self._left[seat]

    def influence_on(self, target: int, owner: int) -> int:
        """How many of ``owner``'s tokens lie on ``target``'s board."""
        return self._on_board[target][owner]

    def withdrawn(self, seat: int) -> bool:
        """Whether ``seat`` withdrew from this encounter."""
        return self._withdrawn[seat]

    def window_player(self) -> int | None:
        """Before a support offer: the player about to offer (the window's subject)."""
        return self._ctx

    # -- the encounter

    @property
    def outcome(self) -> str | None:
        """``hostility``, ``truce``, ``betrayal`` once revealed."""
        return OUTCOME_NAMES[self._outcome]

    @property
    def winner(self) -> str | None:
        """``challenger``, ``defender``, ``both_lost`` or ``nobody`` once decided."""
        return WINNER_NAMES[self._winner]

    def side_power(self, sd: int) -> int:
        """Power on the living participating characters of side ``sd`` (public)."""
        return sum(self.committed_power(s) for s in range(self.players) if self._side[s] == sd)

    def side_total(self, sd: int) -> int:
        """Side ``sd``'s total as far as it is public (cards once revealed)."""
        return self._totals[sd]

    def bonus(self, sd: int) -> int:
        """Bonuses played for side ``sd`` this encounter."""
        return self._bonus[sd]

    def shielded(self, seat: int) -> bool:
        """Whether ``seat`` suffers no penalties this encounter."""
        return self._shielded[seat]

    def pending_offer(self) -> tuple[int, int, str] | None:
        """While answering support: (offering seat, side, character id)."""
        offer = self._offer
        if offer is None:
            return None
        return offer[0], offer[1], self._t.char_id[offer[2]]

    def pending_deal(self) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
        """While answering a truce offer: (challenger gets, defender gets)."""
        return self._deal

    # -- equality

    def to_dict(self) -> dict[str, Any]:
        """Everything this seat may know, as plain data."""
        n = self.players
        return {
            "seat": self.seat,
            "phase": self.phase,
            "turn": self.turn,
            "challenger": self.challenger,
            "defender": self.defender,
            "hand": [c.id for c in self.hand()],
            "hostages": [c.id for c in self.hostages()],
            "leader_offers": [name for name, _ in self.leader_offers()],
            "outcome": self.outcome,
            "winner": self.winner,
            "totals": list(self._totals[1:]),
            "bonus": self._bonus[1:],
            "offer": self.pending_offer(),
            "deal": self._deal,
            "subject": self._ctx,
            "seats": [
                {
                    "house": self.houses[s],
                    "leader": self.leader(s),
                    "sheet": self.sheet(s),
                    "characters": self.characters(s),
                    "committed": self.committed(s),
                    "side": self.side(s),
                    "hand_size": self.hand_size(s),
                    "deck_size": self.deck_size(s),
                    "discard": self.discard(s),
                    "hostage_houses": self.hostage_houses(s),
                    "placed": (p.id if (p := self.placed(s)) else self.has_placed(s)),
                    "faceup": self._faceup[s],
                    "tokens_left": self.tokens_left(s),
                    "board": [self.influence_on(s, o) for o in range(n)],
                    "withdrawn": self.withdrawn(s),
                    "shielded": self.shielded(s),
                }
                for s in range(n)
            ],
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatView):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash((self.seat, self.turn, self._phase))


# ---------------------------------------------------------------------- the text form


def _facedown(event: Event) -> bool:
    """A card placed face down is secret until the reveal; one drawn always is."""
    return event.data.get("use") == "placed" and not event.data.get("faceup")


def _hostage_known(event: Event) -> str | None:
    """The House that knows a hostage taken from it besides the taker (IT-HOST-01/02: it
    lies face down, only its holder may look): a card from its hand, or from the
    hostages it held and could look at; not the top card of its deck, unseen by all."""
    return None if event.data.get("source") == "deck" else event.data.get("victim")


#: where a hostage was taken from (``{source!w}`` of ``hostage_taken``)
HOSTAGE_SOURCES = {"hand": "hand", "deck": "deck", "held": "hostages"}

#: how each event kind is told (``pnp play``); drawn and facedown cards stay secret
EVENTS: dict[str, Words | None] = {
    "turn_started": Words("[bold]Turn {turn} begins[/] ({seat} first)."),
    "card_drawn": Words("{seat} draws {card}.", hidden="{seat} draws a card."),
    "card_played": Words(
        "{seat} plays {card}.", hidden="{seat} places a card face down.", private=_facedown
    ),
    "defender_chosen": Words("The event {event} names {seat} the defender."),
    "leader_chosen": Words("{seat} leads with {leader}."),
    "places_first": Words("{seat} places a card first."),
    "nothing_placed": Words(
        "{seat} has no house card left anywhere: places nothing, and so loses the encounter."
    ),
    "cards_revealed": Words(
        "Cards revealed: {challenger} for the challenger, {defender} for the defender: {outcome}."
    ),
    "character_committed": Words("{seat} commits {character}."),
    "support_offered": Words("{seat} offers {character} to support the {side}."),
    "support_accepted": Words("{seat}'s support ({character}) for the {side} is accepted."),
    "support_declined": Words("{seat}'s support ({character}) for the {side} is declined."),
    "stayed_out": Words("{seat} stays out of the encounter."),
    "support_forced": Words("{by} makes {seat}'s {character} support the {side}."),
    "total_changed": Words("The {side}'s total changes by {by:+d}."),
    "encounter_resolved": Words(
        "The encounter ends in {outcome}: {winner} wins ({challenger_total} to {defender_total})."
    ),
    "truce_offer": Words("{seat} offers a truce: {deal}."),
    "truce_answer": Words("{seat} answers the truce: accepted {accepted}."),
    "truce_agreed": Words("The truce is agreed."),
    "truce_failed": Words("The truce fails."),
    "influence_spread": Words("{seat} spreads influence onto {to}'s board ({left:token} left)."),
    "power_placed": Words("{seat} puts power on {characters}."),
    "power_removed": Words("{seat}'s {character} loses {amount} power."),
    "power_taken": Words("{seat} takes {amount} power from {source}."),
    "power_to_box": Words("{seat} returns {amount} power to the box."),
    "character_died": Words("{seat}'s {character} dies."),
    "hostage_taken": Words(
        "{seat} takes {card} hostage from {victim}'s {source!w}.",
        hidden="{seat} takes a hostage from {victim}'s {source!w}.",
        also=_hostage_known,
    ),
    "hostage_released": Words("{seat} releases the hostage {card} to {to}."),
    "hostage_tormented": Words("{seat} torments the hostage {card}."),
    "card_discarded": Words("{seat} discards {card}."),
    "card_replaced": Words("{seat}'s {old} is replaced by {new}."),
    "ability_used": Words("{seat} uses {title} ({source})."),
    "rewards_denied": Words("{seat} is denied the rewards."),
    "shielded": Words("{seat} suffers no penalties this encounter."),
    "withdrew": Words("{seat} withdraws."),
    "deck_reshuffled": Words("{seat} shuffles the discard pile into a new deck ({cards})."),
    "event_deck_reshuffled": Words("The event deck is shuffled again ({cards} cards)."),
    "outcome_changed": Words("The outcome becomes {outcome}."),
    "game_over": Words("[bold]The game is over ({ending}): {winners} won.[/]"),
}

#: what ``?`` says at each kind of decision, and the reference section to read
HELP: dict[str, Help] = {
    "choose_leader": Help(
        "Choose the leader sheet you play with; its ability is yours.", "Leaders"
    ),
    "use_leader": Help("Use your leader's ability now, or pass.", "Leaders"),
    "choose_defender": Help("The event lets you name the defender.", "Turn summary"),
    "choose_character": Help(
        "Commit one of your living characters to the encounter: its power counts for your side.",
        "Turn summary",
    ),
    "place_card": Help(
        "Place a house card for the encounter: hostility adds its value, a "
        "truce offers peace (and risks betrayal).",
        "Outcomes",
    ),
    "offer_support": Help(
        "Support the challenger or the defender with a character, or stay out.", "Turn summary"
    ),
    "answer_support": Help("Accept or decline the support offered to your side.", "Turn summary"),
    "play_card": Help("Play a character card's ability from hand, or pass.", "Character cards"),
    "distribute": Help(
        "Split the power you distribute from your leader sheet among your characters: each "
        "option is one way to place it.",
        "Power and death",
    ),
    "truce_offer": Help("Offer terms for the truce, or no deal.", "Truce bargaining"),
    "truce_answer": Help("Accept or reject the truce terms offered.", "Truce bargaining"),
    "hostages": Help("Release or torment a hostage you hold, or done.", "Hostages"),
    "hostage_source": Help(
        "Choose where the hostage comes from: the other player's deck, hand or the "
        "hostages he holds (a betrayed truce takes one from each winner in turn).",
        "Hostages",
    ),
    "hostage_victim": Help("Choose whom you take a hostage from.", "Hostages"),
    "torment_target": Help("Choose the character that loses power to the torment.", "Hostages"),
    "discard": Help("Choose a card to discard.", "Rewards and penalties"),
    "withdraw_target": Help("Choose who withdraws.", "Withdrawing"),
    "force_support": Help("Choose the support forced into the encounter.", "Turn summary"),
    "upgrade_card": Help(
        "Choose the stronger card that replaces the one on the table.", "Abilities"
    ),
    "upgrade_target": Help("Choose whose card is replaced.", "Abilities"),
}


class IronThroneText(TextForm):
    """The Iron Throne in words: Houses, characters, influence, the encounter, your hand."""

    EVENTS = EVENTS
    HELP = HELP
    # the count after "Game over" is of rounds (one turn for each player, as the round
    # cap of IT-GAP-11 counts them); the log's "Turn 7" counts single turns
    ROUND = "round"

    def __init__(self, content: LoadedContent[Any], factions: Sequence[str]) -> None:
        super().__init__(content, factions)
        model = content.model
        for ch in model.characters:
            self.names[ch.id] = ch.name
        for house in model.houses:
            self.names[house.id] = house.name
            for card in house.deck:
                # a character card is named by its character
                character = getattr(card, "character", None)
                name = f"{self.names[character]} card" if character else card.name
                self.names[card.id] = name
        for ev in model.events:
            self.names[ev.id] = ev.name
        self.colours = {h.id: h.color for h in model.houses}
        self.words = dict(HOSTAGE_SOURCES)
        # the phases as a player reads them in the heading (the state's are codes)
        self.phases = {
            "leaders": "choosing leaders",
            "turn_start": "start of the turn",
            "preparation": "preparation",
            "support": "support",
            "encounter": "encounter",
            "resolution": "resolution",
            "end_of_turn": "end of the turn",
            "game_over": "game over",
        }

    def heading(self, view: Any) -> str:
        """Turn, phase, the encounter's two sides."""
        v: SeatView = view
        head = f"[bold]Turn {v.turn}[/] · {self.phases.get(v.phase, v.phase)}"
        if v.challenger is not None and v.challenger >= 0:
            head += f" · {self.player(v.challenger)} challenges"
            if v.defender is not None and v.defender >= 0:
                head += f" {self.player(v.defender)}"
        return head

    def board(self, view: Any) -> list[Block]:
        """Each House's leader, characters, influence and cards; the encounter."""
        v: SeatView = view
        blocks = []
        sides = {1: "challenger", 2: "defender"}
        for seat in range(v.players):
            leader = v.leader(seat)
            chars = [
                f"{self.name(cid)} {power}" + ("" if alive else " [dim](dead)[/]")
                for cid, power, alive in v.characters(seat)
            ]
            board = [
                f"{self.house(owner)} {n}"
                for owner in range(v.players)
                if owner != seat and (n := v.influence_on(seat, owner))
            ]
            placed = v.placed(seat)
            on_table = (
                self.name(placed.id) if placed else ("face down" if v.has_placed(seat) else "")
            )
            lines = [
                f"Leader {self.name(leader) if leader else 'not revealed'} (sheet power "
                f"{v.sheet(seat)}) · influence spread [bold]{v.spread(seat)}[/]"
                f"/{v.rules.influence_tokens} · hand {v.hand_size(seat)} · deck "
                f"{v.deck_size(seat)}",
                "Characters (power): " + listing(chars),
                "Others' influence on this board: " + listing(board),
            ]
            if v.hostage_houses(seat):
                lines.append(
                    "Hostages held: "
                    + listing(counted([self.name(h) for h in v.hostage_houses(seat)]))
                )
            if v.side(seat):
                what = sides[v.side(seat)]
                committed = v.committed(seat)
                lines.append(
                    f"In the encounter as {what}"
                    + (f" with {self.name(committed)}" if committed else "")
                    + (f"; card: {on_table}" if on_table else "")
                    + (" · withdrew" if v.withdrawn(seat) else "")
                )
            house = self.factions[seat]
            blocks.append(
                Block(
                    self.player(seat) + (" [bold](you)[/]" if seat == v.seat else ""),
                    tuple(lines),
                    colour=self.colours.get(house, ""),
                )
            )
        if v.outcome:
            blocks.append(
                Block(
                    "the encounter",
                    (
                        # live totals: rewards and penalties move power after the outcome,
                        # so these are not the ones that decided it (the log has those)
                        f"outcome {v.outcome} · winner {v.winner or 'undecided'} · totals "
                        f"now: challenger {v.side_total(1)}, defender {v.side_total(2)}",
                    ),
                )
            )
        return blocks

    def own(self, view: Any) -> list[Block]:
        """The seat's hand and the hostages it holds (fronts)."""
        v: SeatView = view
        rows = tuple(
            (self.name(c.id), c.kind, str(c.value) if c.kind == "hostility" else "")
            for c in v.hand()
        )
        lines = []
        if v.hostages():
            lines.append("Hostages you hold: " + listing([self.name(c.id) for c in v.hostages()]))
        offers = v.leader_offers()
        if offers and v.leader(v.seat) is None:
            lines.append("Leaders dealt to you: " + listing([self.name(n) for n, _ in offers]))
        return [
            Block(
                f"hand of {self.player(v.seat)}",
                tuple(lines),
                columns=("card", "kind", "value") if rows else (),
                rows=rows,
                colour=self.colours.get(self.factions[v.seat], ""),
            )
        ]

    def event(self, event: Event, seat: int | None) -> str | None:
        """As the table says, but power placed counts it per character: "puts 2 power on
        Stannis Baratheon", not "puts power on Stannis Baratheon, Stannis Baratheon"."""
        if event.kind == "power_placed" and event.data.get("characters"):
            shares = self.power_shares(event.data["characters"], "on")
            return f"{self.player(event.seat)} puts {shares.replace(' on ', ' power on ', 1)}."
        if event.kind == "hostage_taken" and event.data.get("returned"):
            # IT-HOST-03: a card of the taker's own House goes home to his hand; its back
            # shows the House to all, the card itself only to those who may read it
            data = event.data
            words = EVENTS["hostage_taken"]
            assert words is not None
            card = (
                self.name(data["card"])
                if words.reads(event, seat, self.factions)
                else "a card of its own House"
            )
            source = HOSTAGE_SOURCES.get(data["source"], data["source"])
            return (
                f"{self.player(event.seat)} takes back {card} from {self.name(data['victim'])}'s "
                f"{source}: a hostage of its own House goes home to its hand."
            )
        return super().event(event, seat)

    def option(self, decision: Decision, option: Option) -> str:
        """The label in words; a split of power counts it per character ("power: 2 to
        Stannis Baratheon, 1 to Renly Baratheon")."""
        prefix, _, characters = option.label.partition(": ")
        if prefix == "power to" and characters:
            return "power: " + self.power_shares(characters.split(", "), "to")
        return super().option(decision, option)

    def power_shares(self, characters: Sequence[str], word: str) -> str:
        """Power for each of ``characters`` (one id per power token), counted, ``word``
        before each: ``2 to Stannis Baratheon, 1 to Renly Baratheon``."""
        shares: dict[str, int] = {}
        for character in characters:
            shares[character] = shares.get(character, 0) + 1
        return ", ".join(f"{n} {word} {self.name(c)}" for c, n in shares.items())

    def card_texts(self, view: Any, named: Sequence[str] = ()) -> list[tuple[str, str]]:
        """What ``c`` prints: the leader sheets this seat chooses from (or every leader
        revealed), then the cards of its hand, the hostages it holds and the cards
        ``named`` by the news on screen (a card another player played)."""
        v: SeatView = view
        model = self.content.model
        characters = {c.id: c for c in model.characters}
        cards = {card.id: card for house in model.houses for card in house.deck}
        leaders: list[str | None] = [v.leader(seat) for seat in range(v.players)]
        if v.leader(v.seat) is None:  # still to choose: the sheets dealt to this seat
            leaders = [*(ident for ident, _ in v.leader_offers()), *leaders]
        out = []
        for ident in dict.fromkeys(x for x in leaders if x is not None):
            leader = characters[ident].leader
            out.append((f"{self.name(ident)}, leader: {leader.title}", esc(describe(leader))))
        own = [info.id for info in (*v.hand(), *v.hostages())]
        for ident in dict.fromkeys([*own, *(n for n in named if n in cards)]):
            card = cards[ident]
            if isinstance(card, CharacterCard):
                text = esc(describe(card.ability))
                out.append((f"{self.name(card.id)}: {card.ability.title}", text))
            elif isinstance(card, Truce):  # the reminder the card prints
                parts = truce_reminder_parts(model.rules)
                out.append((self.name(card.id), " ".join(f"{h}: {t}" for h, t in parts)))
            else:
                text = f"a hostility card worth {card.value} to its side's total"
                out.append((self.name(card.id), text))
        return out


def text_form(content: LoadedContent[Any], factions: Sequence[str]) -> IronThroneText:
    """The Iron Throne text form for a game of ``factions`` (``Ruleset.text_form``)."""
    return IronThroneText(content, factions)
