"""What one seat may know: everything public plus its own hand and plot deck.

A view is a window onto the game for one decision: its methods read the
live state (cheap for bots, which get a view at every decision) and expose
only public zones, counts of hidden ones, and the seat's own hand and plots;
the order of any draw deck and other players' hands stay hidden. When it is
built it also records :meth:`data` - the same facts as plain values - so two
views compare equal exactly when the seat could see no difference.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pnp.content import LoadedContent
from pnp.engine.decision import Decision, Option
from pnp.engine.event import Event
from pnp.play.form import Help, TextForm, Words
from pnp.play.screen import Block, counted, esc, listing
from pnp.rulesets.thrones.catalog import icons_of, keywords_of
from pnp.rulesets.thrones.snapshot import public_challenge
from pnp.rulesets.thrones.state import Card, Challenge, card_snapshot
from pnp.rulesets.thrones.text import (
    KEYWORD_NAMES,
    card_text,
    kit_frames,
    title_lines,
    title_relation_lines,
)
from pnp.rulesets.thrones.zones import DECK

if TYPE_CHECKING:
    from pnp.rulesets.thrones.game import ThronesGame


class ThronesView:
    """Seat ``seat``'s view of ``game``."""

    __slots__ = ("_data", "_g", "seat")

    def __init__(self, game: ThronesGame, seat: int) -> None:
        self._g = game
        self.seat = seat
        self._data = self._plain()

    # ------------------------------------------------------------------ public facts

    @property
    def players(self) -> int:
        return self._g.players

    @property
    def phase(self) -> str:
        return self._g.phase

    @property
    def round(self) -> int:
        return self._g.round_no

    @property
    def first_player(self) -> int:
        return self._g.first

    @property
    def active(self) -> int | None:
        return self._g.active

    @property
    def challenge(self) -> Challenge | None:
        """The challenge in progress (attackers, defenders and target are public)."""
        return self._g.ch

    @property
    def victory_power(self) -> int:
        return self._g.rules.victory_power

    @property
    def titles_on(self) -> bool:
        """Whether the game is played with titles (3 and 4 players, TH-TITLE)."""
        return self._g.titles_on

    @property
    def team_mode(self) -> bool:
        """Whether the game is played in two teams (the two_on_two variant)."""
        return self._g.team_mode

    @property
    def team_victory_power(self) -> int:
        """The power a team's two players need together (TH-VAR-2V2-02)."""
        return self._g.rules.team_victory_power

    def partner(self, seat: int) -> int | None:
        """``seat``'s partner in a team game, else ``None``."""
        if not self._g.team_mode:
            return None
        team = self._g.seats[seat].team
        return next(s.idx for s in self._g.seats if s.team == team and s.idx != seat)

    def opponents(self, seat: int | None = None) -> list[int]:
        return list(self._g.opponents(self.seat if seat is None else seat))  # a copy

    def in_play(self, seat: int) -> list[Card]:
        """Cards in ``seat``'s play area (public)."""
        return self._g.seats[seat].play

    def characters(self, seat: int) -> list[Card]:
        return self._g.seats[seat].chars

    def power(self, seat: int) -> int:
        return self._g.total_power(seat)

    def house_power(self, seat: int) -> int:
        return self._g.seats[seat].power

    def gold(self, seat: int) -> int:
        return self._g.seats[seat].gold

    def hand_size(self, seat: int) -> int:
        return len(self._g.seats[seat].hand)

    @property
    def my_setup(self) -> list[Card]:
        """The cards this seat has set up face down so far (its own to see)."""
        return list(self._g.seats[self.seat].setup)

    @property
    def setup_gold_left(self) -> int:
        """The set-up gold this seat has not spent yet (TH-SETUP-07)."""
        g = self._g
        spent = sum(g.setup_cost(self.seat, c) for c in g.seats[self.seat].setup)
        return g.rules.setup_gold - spent

    def deck_size(self, seat: int) -> int:
        return len(self._g.seats[seat].deck)

    def plot(self, seat: int) -> Card | None:
        return self._g.seats[seat].plot

    def used_plots(self, seat: int) -> list[Card]:
        return self._g.seats[seat].used_plots

    def discard(self, seat: int) -> list[Card]:
        return self._g.seats[seat].discard

    def dead(self, seat: int) -> list[Card]:
        return self._g.seats[seat].dead

    def title(self, seat: int) -> str | None:
        return self._g.seats[seat].title

    def titles(self) -> Any:
        """Title definitions by id."""
        return self._g.db.titles

    def deals(self) -> list[tuple[int, int]]:
        """Bribes paid to this seat this round (Littlefinger variant)."""
        return self._g.seats[self.seat].deals

    def strength(self, c: Card) -> int:
        """A character's current strength (public information)."""
        return self._g.strength(c)

    def claim(self, seat: int, ctype: str) -> int:
        return self._g.claim_value(seat, ctype)

    def income(self, seat: int) -> int:
        return self._g.income(seat)

    def marshal_cost(self, c: Card) -> int:
        """What one of this seat's own cards costs this seat to marshal."""
        return self._g.marshal_cost(self.seat, c)

    def attacker_wins(self, att: int, dfn: int) -> bool:
        """Whether ``att`` attacking STR beats ``dfn`` defending STR in this game (TH-CHAL-12)."""
        return self._g.attacker_wins(att, dfn)

    def side_strength(self) -> tuple[int, int]:
        """Attack and defence totals of the current challenge as they stand."""
        ch = self._g.ch
        return self._g.side_strength(ch) if ch is not None else (0, 0)

    # ------------------------------------------------------------------ own secrets

    @property
    def hand(self) -> list[Card]:
        return self._g.seats[self.seat].hand

    @property
    def plot_deck(self) -> list[Card]:
        return self._g.seats[self.seat].plot_deck

    # ------------------------------------------------------------------ plain data

    def data(self) -> dict[str, Any]:
        """Everything this view showed when it was built, as plain values."""
        return self._data

    def _plain(self) -> dict[str, Any]:
        g = self._g
        seats = []
        for s in g.seats:
            seats.append(
                {
                    "house": s.house,
                    "power": g.total_power(s.idx),
                    "house_power": s.power,
                    "gold": s.gold,
                    "hand_size": len(s.hand),
                    "deck_size": len(s.deck),
                    "in_play": [card_snapshot(c) for c in s.play],
                    "discard": [c.d.id for c in s.discard],
                    "dead": [c.d.id for c in s.dead],
                    "plot": s.plot.d.id if s.plot is not None else None,
                    "used_plots": [c.d.id for c in s.used_plots],
                    "plot_deck_size": len(s.plot_deck),
                    "title": s.title,
                }
            )
        me = g.seats[self.seat]
        return {
            "seat": self.seat,
            "round": g.round_no,
            "phase": g.phase,
            "first_player": g.first,
            "active": g.active,
            # public: a seat asked to redirect or defend must know whom it targets
            "challenge": public_challenge(g),
            "seats": seats,
            "hand": sorted(c.d.id for c in me.hand),
            "plot_deck": sorted(c.d.id for c in me.plot_deck),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ThronesView) and self._data == other._data

    def __hash__(self) -> int:
        return hash((self.seat, self._data["round"]))


# ---------------------------------------------------------------------- the text form


#: how each event kind is told (``pnp play``); a card drawn or searched for stays secret
EVENTS: dict[str, Words | None] = {
    "phase_began": Words("[bold]Round {round}: the {phase} phase begins.[/]"),
    "card_drawn": Words("{seat} draws {card}.", hidden="{seat} draws a card."),
    "cards_drawn": None,  # its card_drawn events tell each card (or that one was drawn)
    "card_searched": Words(
        "{seat} searches the deck and takes {card}.",
        hidden="{seat} searches the deck and takes a card.",
        private=lambda e: not e.data.get("revealed"),
    ),
    "mulligan": Words("{seat} shuffles the hand back and draws a new one."),
    "deck_shuffled": Words("{seat} shuffles the draw deck."),
    "setup_placed": Words("{seat} sets up {count:card} face down."),
    "setup_revealed": Words("{seat} reveals the set-up: {cards}."),
    "setup_first_player": Words("{seat} is first player for the set-up."),
    "plot_revealed": Words("{seat} reveals the plot {card}."),
    # a plot's card_played goes with plot_revealed: ThronesText.event tells it once
    "card_played": Words("{seat} plays {card}."),
    # a tie says how the referee broke it (TH-PLOT-06): INITIATIVE_TIES
    "initiative_won": Words("{seat} wins initiative ({totals!t}{by!w})."),
    "first_player": Words("{seat} is first player this round."),
    "gold_collected": Words("{seat} collects {amount} gold."),
    "gold_gained": Words("{seat} gains {amount} gold ({card})."),
    "gold_spent": Words("{seat} spends {amount} gold ({card})."),
    "gold_returned": Words("{seat} returns {amount} unspent gold."),
    # sources: the cards knelt for it, and a title whose influence was used (TH-COMP-16)
    "influence_paid": Words("{seat} pays {amount} influence with {sources}."),
    "challenge_declared": Words(
        "{seat} challenges {target!p} ([bold]{challenge}[/]) with {attackers}."
    ),
    "defenders_declared": Words("{seat} defends the {challenge} challenge with {defenders}."),
    "challenge_resolved": Words(
        "The {challenge} challenge: attack {attack}, defence {defence}; {winner!p} wins."
    ),
    "challenge_won": Words("{seat} wins the {challenge} challenge."),
    "challenge_lost": Words("{seat} loses the {challenge} challenge."),
    "claim": Words("{seat} pays the {challenge} claim ({amount})."),
    # melee titles (TH-TITLE-06, TH-TITLE-10) and support of a defence
    "challenge_redirected": Words(
        "{seat} uses its title to turn the challenge from {old!p} to {new!p}."
    ),
    "challenge_intercepted": Words(
        "{seat} uses its title to take on the challenge meant for {old!p}."
    ),
    "support_defence": Words("{seat} kneels characters to defend {target!p}."),
    "bribe_paid": Words("{seat} gives {to!p} {amount} gold as a bribe."),
    # the plot draft (two players)
    "draft_round": Words("A draft round ends ({left!n} plots left in the pool)."),
    "plot_deck_drafted": Words(
        "{seat} settles on a plot deck: {plots}.",
        hidden="{seat} settles on a plot deck.",
    ),
    "card_killed": Words("{seat}'s {card} is killed ({reason})."),
    "card_discarded": Words("{seat} discards {card} ({reason})."),
    "card_knelt": Words("{seat}'s {card} kneels ({by})."),
    "card_stood": Words("{seat}'s {card} stands ({reason})."),
    "cards_stood": Words("Every knelt card stands ({count})."),
    "card_saved": Words("{seat}'s {card} is saved by {by}."),
    "card_put_into_play": Words("{seat} puts {card} into play ({by})."),
    "card_returned": Words("{seat}'s {card} returns to its owner's hand."),
    "card_recovered": Words("{seat} takes {card} back from a pile."),
    "card_removed": Words("{seat}'s {card} is removed from the game."),
    "card_sacrificed": Words("{seat} sacrifices {card}."),
    "left_play": None,
    "left_challenge": Words("{seat}'s {card} leaves the challenge."),
    "stealth": Words("{seat}'s {attacker} bypasses {card} with stealth."),
    # a modifier, not the new strength: "+3 STR", "-1 STR"
    "strength_changed": Words("{seat}'s {card} gets {amount:+d} STR."),
    "power_gained": Words("{seat} gains {amount} power ({reason})."),
    "power_lost": Words("{seat} loses {amount} power ({reason})."),
    "power_returned": Words("{seat}'s {card} loses {amount} power."),
    "ability_used": Words("{seat} uses {card}."),
    "ability_resolved": Words("{card} takes effect."),
    "action_cancelled": Words("{seat} cancels an ability."),
    "control_taken": Words("{seat} takes control of {card}."),
    "duplicate_attached": Words("{seat} adds a duplicate to {card}."),
    "dominance_won": Words("{seat} wins dominance ({totals!t})."),
    "dominance_tied": Words("Dominance is tied ({totals!t}): nobody wins it."),
    "plots_recycled": Words("{seat} takes the used plots back ({count})."),
    "title_taken": Words("{seat} takes the title {title}."),
    "titles_returned": Words("The titles return to the council."),
    "keyword_gained": Words("{seat}'s {card} gains {keyword}."),
    "icon_gained": Words("{seat}'s {card} gains an icon."),
    "game_over": Words("[bold]The game is over: {winners!p} won ({ending}).[/]"),
}

#: how initiative was won (``{by!w}`` of ``initiative_won``): outright, or how the
#: referee broke a tie (TH-PLOT-06: the lowest power total, then at random)
INITIATIVE_TIES = {
    "initiative": "",
    "least power": "; tied, so the lowest power total takes it",
    "random": "; tied, and tied in power too, so drawn at random",
}

#: what ``?`` says at each kind of decision, and the reference section to read
HELP: dict[str, Help] = {
    "mulligan": Help(
        "Keep your opening hand, or shuffle it back and draw a new one (once).", "Setup"
    ),
    "setup": Help(
        "Put set-up cards face down (up to the set-up gold); they are revealed together.", "Setup"
    ),
    "plot": Help(
        "Choose the plot you reveal this round: its income, initiative and claim "
        "count for the whole round.",
        "Plot",
    ),
    "first_player": Help("You won initiative: name the first player of the round.", "Plot"),
    "order": Help("Several 'when revealed' effects wait: choose which resolves first.", "Plot"),
    "marshal": Help(
        "Pay gold to put a card from your hand into play, or finish marshalling (done).",
        "Draw and marshalling",
    ),
    "challenge": Help(
        "Declare a military, intrigue or power challenge against an opponent, "
        "or end your challenges.",
        "Challenges",
    ),
    "attackers": Help(
        "Kneel characters with the challenge's icon to attack; choose one at a time, then done.",
        "Challenges",
    ),
    "defenders": Help(
        "Kneel characters with the challenge's icon to defend, one at a time; "
        "none leaves the challenge unopposed (with three or more players, only against "
        "an attack of 1 STR or more: 0 against 0 has no winner).",
        "Challenges",
    ),
    "claim": Help(
        "Pay the claim: military kills characters, intrigue discards from hand, power moves power.",
        "Challenges",
    ),
    "action": Help(
        "Play an action from hand or from a card in play, or pass.",
        "Actions, responses, saves and cancels",
    ),
    "response": Help(
        "Use a response to what just happened, or pass.", "Actions, responses, saves and cancels"
    ),
    "save": Help(
        "Save the card about to leave play with one of your saves, or let it go.",
        "Actions, responses, saves and cancels",
    ),
    "cancel": Help(
        "Cancel the ability just triggered, or let it resolve.",
        "Actions, responses, saves and cancels",
    ),
    "target": Help("Choose the card the ability aims at.", "Actions, responses, saves and cancels"),
    "stealth": Help(
        "Stealth: choose a character your attacker bypasses (it cannot defend).", "Keywords"
    ),
    "vengeful": Help(
        "Vengeful: you lost a challenge as defender, so you may stand your Vengeful cards, "
        "one at a time.",
        "Keywords",
    ),
    "vigilant": Help(
        "Vigilant: you won a challenge as attacker, so you may stand your Vigilant cards, "
        "one at a time.",
        "Keywords",
    ),
    "infamy": Help(
        "Infamy: the power you gain may go onto an Infamy card instead of your House; it "
        "counts toward victory either way.",
        "Keywords",
    ),
    "host": Help("Choose the character this attachment goes on.", "Cards, piles and terms"),
    "search": Help("Choose the card the search finds.", "Actions, responses, saves and cancels"),
    "title": Help(
        "Take one title for the round: it supports one title and opposes another.",
        "Titles (three and four players)",
    ),
    "bribe": Help("Littlefinger: offer gold to a rival for a deal.", "Variants"),
    "draft": Help("Draft a plot for your plot deck.", "Variants"),
    "plot_deck": Help(
        "Keep a plot for your plot deck: choose from your own and the drafted ones.", "Variants"
    ),
    "deadly": Help(
        "Deadly: the attackers brought more Deadly characters, so one of your defenders "
        "dies; choose which.",
        "Keywords",
    ),
    "influence": Help(
        "Kneel cards with influence (or use your title's) to pay the influence asked.",
        "Cards, piles and terms",
    ),
    "opponent": Help(
        "Choose the opponent the effect aims at.", "Actions, responses, saves and cancels"
    ),
    "put_into_play": Help(
        "Choose the card the effect puts into play, free of cost.",
        "Actions, responses, saves and cancels",
    ),
    "recover": Help(
        "Choose the card you take back from your discard pile to your hand.",
        "Actions, responses, saves and cancels",
    ),
    "redirect": Help(
        "Your title lets you send this challenge at another opponent (once a round): use it, "
        "or let the challenge go on.",
        "Titles (three and four players)",
    ),
    "new_target": Help(
        "Your challenge was redirected: choose the opponent it goes against now.",
        "Titles (three and four players)",
    ),
    "intercept": Help(
        "Your title lets you take on this challenge yourself, as its defender: do it, or not.",
        "Titles (three and four players)",
    ),
    "support": Help(
        "The holder of a title yours supports was left undefended: kneel characters with "
        "the challenge's icon to defend in its place, one at a time, or none.",
        "Titles (three and four players)",
    ),
}


def badge_words(model: Any) -> str:
    """The badges a card prints besides cost, STR and icons (the tables show those):
    ``unique; crest: war; income +1, initiative +1, influence 1`` (empty for none)."""
    if not hasattr(model, "influence"):  # a plot: its values are in the plot's own row
        return ""
    parts = ["unique"] if model.unique else []
    crests = list(getattr(model, "crests", []))
    if crests:  # effects name them too ("a War character"), as traits
        parts.append(f"crest{'s' if len(crests) > 1 else ''}: " + ", ".join(map(str, crests)))
    values = [
        f"{name} {value:+d}"
        for name, value in (("income", model.income), ("initiative", model.initiative))
        if value
    ]
    if model.influence:
        values.append(f"influence {model.influence}")
    return "; ".join(parts + ([", ".join(values)] if values else []))


def printed(lines: list[str]) -> str:
    """A card's printed lines as screen markup: ``**Vengeful.**`` bold, ``[gold]`` a word."""
    text = esc(re.sub(r"\[(\w+)\]", r"\1", " ".join(lines)))
    return re.sub(r"\*\*(.+?)\*\*", r"[bold]\1[/]", text) or "[dim]no text[/]"


#: the challenge icons as one letter each (Military, Intrigue, Power)
ICON_LETTER = {"military": "M", "intrigue": "I", "power": "P"}


class ThronesText(TextForm):
    """The thrones card game in words: each House's table, your hand and plots."""

    EVENTS = EVENTS
    HELP = HELP

    def __init__(self, content: LoadedContent[Any], factions: Sequence[str]) -> None:
        super().__init__(content, factions)
        model = content.model
        for group in (model.houses, model.cards, model.plots, model.titles, model.agendas):
            for item in group:
                self.names[item.id] = item.name
        self.colours = {h.id: h.color for h in model.houses}
        self.words = dict(INITIATIVE_TIES)
        self.cards = {c.id: c for c in model.cards}
        self.plots = {p.id: p for p in model.plots}
        self.titles = {t.id: t for t in model.titles}
        self.house_names = {h.id: h.name for h in model.houses}
        self.setup_gold = model.rules.setup_gold

    def heading(self, view: Any) -> str:
        """Round, phase, first player and the power that wins (a team's, with each team's
        total, in the two_on_two variant: TH-VAR-2V2-02)."""
        v: ThronesView = view
        first = self.player(v.first_player)
        start = f"[bold]Round {v.round}[/] · {v.phase} phase · first player {first}"
        if not v.team_mode:
            return f"{start} · {v.victory_power} power wins"
        teams = []
        for seat in range(v.players):
            partner = v.partner(seat)
            if partner is not None and seat < partner:
                teams.append(
                    f"{self.house(seat)} + {self.house(partner)} {v.power(seat) + v.power(partner)}"
                )
        return f"{start} · a team's {v.team_victory_power} power wins ({', '.join(teams)})"

    def _card(self, v: ThronesView, c: Card) -> tuple[str, ...]:
        d = c.d
        facts = []
        if c.kneeling:
            facts.append("[dim]knelt[/]")
        if c.power:
            facts.append(f"{c.power} power")
        if c.attachments:
            facts.append("+ " + listing([self.name(a.d.id) for a in c.attachments]))
        if c.controller != c.owner:
            facts.append(f"owned by {self.player(c.owner)}")
        if c.dupes:
            facts.append(f"+{len(c.dupes)} duplicate{'s' if len(c.dupes) != 1 else ''}")
        kws = keywords_of(c.static_kw | c.temp_kw | d.kw)
        if kws:  # in words, as the cards print them (not no_attachments)
            facts.append(", ".join(KEYWORD_NAMES.get(k, k).lower() for k in kws))
        strength = str(v.strength(c)) if d.type == "character" else ""
        icons = "".join(ICON_LETTER.get(i, "?") for i in icons_of(d.icons | c.static_icons))
        return (self.name(d.id), d.type, strength, icons, "; ".join(facts))

    def board(self, view: Any) -> list[Block]:
        """Each House's power, gold, cards in play and plot; the challenge under way."""
        v: ThronesView = view
        blocks = []
        for seat in range(v.players):
            plot = v.plot(seat)
            plot_text = (
                f"{self.name(plot.d.id)} (income {plot.d.income}, initiative "
                f"{plot.d.initiative}, claim {plot.d.claim})"
                if plot is not None
                else "none yet"
            )
            title = v.title(seat)
            lines = [
                f"[bold]{v.power(seat)}[/] power · {v.gold(seat)} gold · hand {v.hand_size(seat)}"
                f" · deck {v.deck_size(seat)} · dead {len(v.dead(seat))}"
                f" · discard {len(v.discard(seat))}"
                + (f" · title {self.name(title)}" if title else ""),
                f"Plot: {plot_text}",
            ]
            partner = v.partner(seat)
            if partner is not None:
                lines.append(f"Partner: {self.player(partner)}")
            cards = v.in_play(seat)
            house = self.factions[seat]
            blocks.append(
                Block(
                    self.player(seat) + (" [bold](you)[/]" if seat == v.seat else ""),
                    tuple(lines),
                    columns=("in play", "type", "STR", "icons", "") if cards else (),
                    rows=tuple(self._card(v, c) for c in cards),
                    colour=self.colours.get(house, ""),
                )
            )
        ch = v.challenge
        if ch is not None:
            attack, defence = v.side_strength()
            blocks.append(
                Block(
                    f"{ch.ctype} challenge",
                    (
                        self.challenge_line(ch),
                        f"attackers ({attack} STR): "
                        + listing([self.name(c.d.id) for c in ch.attackers]),
                        f"defenders ({defence} STR): "
                        + listing([self.name(c.d.id) for c in ch.defenders]),
                    ),
                )
            )
        return blocks

    def challenge_line(self, ch: Challenge) -> str:
        """Who attacks whom: the target (who pays any claim), and the defending player
        when a title holder defends in his place (TH-TITLE-03: a supporter defends for
        the target, who still pays). A Lord Commander who intercepts becomes the target
        (TH-TITLE-10), so he is named as the one attacked."""
        line = f"{self.player(ch.attacker)} attacks {self.player(ch.target)}"
        if ch.defender != ch.target:
            line += f"; {self.player(ch.defender)} defends for him"
        return line

    def own(self, view: Any) -> list[Block]:
        """The seat's hand (type, cost, STR, icons) and its plot deck."""
        v: ThronesView = view
        rows = []
        for c in v.hand:
            d = c.d
            icons = "".join(ICON_LETTER.get(i, "?") for i in icons_of(d.icons))
            strength = str(d.strength) if d.type == "character" else ""
            rows.append((self.name(d.id), d.type, str(d.cost), strength, icons))
        plots = [
            f"{self.name(p.d.id)} ({p.d.income}/{p.d.initiative}/{p.d.claim})" for p in v.plot_deck
        ]
        house = self.factions[v.seat]
        return [
            Block(
                f"hand of {self.player(v.seat)}",
                ("Plots (income/initiative/claim): " + listing(counted(plots)),),
                columns=("card", "type", "cost", "STR", "icons") if rows else (),
                rows=tuple(rows),
                colour=self.colours.get(house, ""),
            )
        ]

    def event(self, event: Event, seat: int | None) -> str | None:
        """As the table says, but a card marshalled says its cost, a plot revealed is
        told once (by ``plot_revealed``) and a challenge nobody defends says so."""
        if event.kind == "defenders_declared" and not event.data.get("defenders"):
            challenge = event.data.get("challenge", "")
            return f"{self.player(event.seat)} leaves the {challenge} challenge undefended."
        if event.kind in ("card_killed", "card_discarded") and event.data.get("to") == DECK:
            # TH-KW-STALWART-01: the card is not in a pile, it is the next card drawn
            said = super().event(event, seat)
            return None if said is None else f"{said} Stalwart puts it on top of the draw deck."
        if event.kind == "card_played":
            card = str(event.data.get("card"))
            if card in self.plots:
                return None
            if "cost" in event.data:
                return (
                    f"{self.player(event.seat)} marshals {self.name(card)} "
                    f"({event.data['cost']} gold)."
                )
        return super().event(event, seat)

    def ask(self, decision: Decision, view: Any) -> str:
        """The question, with the gold to spend where gold is spent."""
        question = super().ask(decision, view)
        v: ThronesView = view
        if decision.kind == "marshal":
            question += f" (you have {v.gold(v.seat)} gold)"
        elif decision.kind == "setup":
            question += f" ({v.setup_gold_left} of {self.setup_gold} gold left to set up with"
            if v.my_setup:
                question += ", set up so far: " + listing([self.name(c.d.id) for c in v.my_setup])
            question += ")"
        return question

    def option(self, decision: Decision, option: Option) -> str:
        """The label in words, with a plot's income/initiative/claim and a card's cost."""
        text = self.option_label(option.label)
        _, _, ident = option.label.partition(": ")
        if ident in self.plots:
            p = self.plots[ident]
            text += f" [dim](income {p.income}, initiative {p.initiative}, claim {p.claim})[/]"
        elif (
            decision.kind in ("marshal", "setup")
            and ident in self.cards
            and not option.label.startswith("duplicate")  # a duplicate costs nothing
        ):
            text += f" [dim](cost {getattr(self.cards[ident], 'cost', 0)})[/]"
        return text

    def card_texts(self, view: Any, named: Sequence[str] = ()) -> list[tuple[str, str]]:
        """The rules text of the seat's hand, its plots, every card in play, the cards
        ``named`` by the news on screen (an event the opponent just played) and, in a
        game with titles, every title's powers and relations."""
        v: ThronesView = view
        ids = [c.d.id for c in v.hand] + [c.d.id for c in v.plot_deck]
        for seat in range(v.players):
            ids += [c.d.id for c in v.in_play(seat)]
            plot = v.plot(seat)
            if plot is not None:
                ids.append(plot.d.id)
        ids += named  # other ids (a House, a title) have no card text: skipped below
        out = []
        keywords: list[str] = []
        for ident in dict.fromkeys(ids):  # once each, in order
            model = self.cards.get(ident) or self.plots.get(ident)
            if model is None:
                continue
            badges = badge_words(model)
            text = printed(card_text(model, self.house_names))
            traits = list(getattr(model, "traits", []))
            if traits:  # effects name them ("a Knight character"): printed on the card
                said = f"[italic]{esc('. '.join(traits))}.[/]"
                text = said + (f" {text}" if card_text(model) else "")
            if badges:
                text = (
                    f"[dim]({esc(badges)})[/] " + text
                    if (traits or card_text(model))
                    else (f"[dim]({esc(badges)})[/]")
                )
            out.append((self.name(ident), text))
            keywords += getattr(model, "keywords", [])
        # what a keyword does, once each, as the reference's glossary says it
        glossary = kit_frames()["keywords"]
        for keyword in dict.fromkeys(keywords):
            if keyword in glossary:
                out.append((f"{KEYWORD_NAMES[keyword]} (keyword)", esc(glossary[keyword])))
        if v.titles_on:
            for title in self.titles.values():
                lines = title_lines(title) + title_relation_lines(title, self.names)
                out.append((f"{title.name} (title)", printed(lines)))
        return out


def text_form(content: LoadedContent[Any], factions: Sequence[str]) -> ThronesText:
    """The thrones text form for a game of ``factions`` (``Ruleset.text_form``)."""
    return ThronesText(content, factions)
