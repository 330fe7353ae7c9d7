"""Hidden information: nothing shown to a seat names a card only another seat may see.

Every seat of a game is played "by hand" here (each answered by the ruleset's
bot), and everything shown at each decision (the seat's screen, what happened
since its last decision, the options) is compared with the other seats'
hands: a card name found there that the seat does not hold itself, never held
(a card taken from its hand is no secret to it) and that was never public (in
play, a discard pile, revealed) is a leak. And each private event of another
seat (a card drawn, one placed face down) must be told without its card, unless
the words name this seat a reader too (a hostage taken from its own hand).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.engine.agents import make_agent
from pnp.engine.game import Game, GameConfig
from pnp.engine.record import Record
from pnp.engine.rng import stream
from pnp.play import draw
from pnp.play.form import text_form_for
from pnp.play.prompt import Terminal
from pnp.play.session import HUMAN, Session
from pnp.play.table import show_decision
from pnp.rulesets import find_ruleset


def thrones_cards(game: Game, seat: int) -> tuple[list[str], list[str]]:
    """(the seat's hand, the cards now public) as content ids."""
    data = game.view(seat).data()
    public = []
    for s in data["seats"]:
        for card in s["in_play"]:
            public += [card["card"], *card.get("attachments", [])]
        public += s["discard"] + s["dead"] + s["used_plots"]
        if s["plot"]:
            public.append(s["plot"])
    return data["hand"], public


def ironthrone_cards(game: Game, seat: int) -> tuple[list[str], list[str]]:
    data = game.view(seat).to_dict()
    public = []
    for other, s in enumerate(data["seats"]):
        public += s["discard"]
        # a card on the table another seat can read: placed face up, or revealed
        if isinstance(s["placed"], str) and (s["faceup"] or other != seat):
            public.append(s["placed"])
    return data["hand"] + data["hostages"], public


def fief_cards(game: Game, seat: int) -> tuple[list[str], list[str]]:
    view = game.view(seat)
    data = view.data()
    public = data["fortune"]["discard"] + data["court"]["discard"] + data["removed"]
    public += list(data["title_cards"].values())
    for other in range(len(data["seats"])):
        public += view.seen_hand(other) or []  # a hand this seat looked at is no secret to it
    return view.hand, public


CARDS: dict[str, Callable[[Game, int], tuple[list[str], list[str]]]] = {
    "thrones": thrones_cards,
    "ironthrone": ironthrone_cards,
    "fief": fief_cards,
}

GAMES = [("thrones", 2, 4), ("thrones", 3, 5), ("ironthrone", 3, 6), ("fief", 3, 7)]


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_no_seat_is_shown_a_card_only_another_seat_may_see(
    name: str, players: int, seed: int, tmp_path: Path
) -> None:
    ruleset = find_ruleset(name)
    content = ruleset.load()
    record = Record(name, seed, players, [HUMAN] * players, [], "incomplete")
    session = Session(ruleset, content, record, tmp_path / "g.json")
    form = text_form_for(ruleset, content, session.game.factions())
    bots = [make_agent(ruleset, "heuristic") for _ in range(players)]
    rngs = [stream(seed, "agent", s) for s in range(players)]
    cards = CARDS[name]
    ever_public: set[str] = set()
    #: per seat, every card it has held (a card that left its hand it knows)
    ever_held: dict[int, set[str]] = {s: set() for s in range(players)}
    checked = 0
    hidden_seen = 0
    private_seen = 0
    decision = session.decision()
    while decision is not None:
        seat = decision.seat
        hands: dict[int, list[str]] = {}
        for s in range(players):
            hands[s], public = cards(session.game, s)
            ever_public.update(public)
            ever_held[s].update(hands[s])
        buffer = io.StringIO()
        show_decision(Terminal(draw.console(buffer, plain=True)), form, session, decision)
        shown = buffer.getvalue()
        mine = {form.names.get(c, c) for c in ever_held[seat]}
        known = mine | {form.names.get(c, c) for c in ever_public}
        # a public name may hold a secret one ("Dragonstone Archer", "Dragonstone"):
        # blank the names the seat may read first, longest first
        assert "" not in known
        for public_name in sorted(known, key=len, reverse=True):
            shown = shown.replace(public_name, "·")
        for other, hand in hands.items():
            if other == seat:
                continue
            for card in hand:
                secret = form.names.get(card, card)
                if secret in known:
                    continue
                hidden_seen += 1
                leak = re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", shown)
                assert leak is None, (
                    f"seat {seat} is shown {secret!r} from seat {other}'s hand "
                    f"at decision {len(session.choices)} ({decision.kind}):\n{shown}"
                )
        # the private events (a card drawn, placed face down) told to the others
        for step in session.since(seat):
            for event in step.events:
                words = form.EVENTS.get(event.kind)
                if words is None or words.reads(event, seat, form.factions):
                    continue
                line = form.event(event, seat) or ""
                card = event.data.get("card")
                if isinstance(card, str) and card in form.names:
                    private_seen += 1
                    assert form.names[card] not in line, (seat, event, line)
        checked += 1
        index = bots[seat].choose(session.game.view(seat), decision, rngs[seat])
        session.choose(index)
        decision = session.decision()
    assert session.result() is not None
    assert checked > 20
    # the checks had secrets to look for (fief's cards come in many copies, and each kind
    # is soon in a discard pile: there the private events are what is secret)
    assert hidden_seen > (100 if name != "fief" else -1)
    assert private_seen > 20


def test_the_check_finds_a_leak() -> None:
    """The comparison above fails when a hand is shown to another seat: the omniscient
    screen (a replay's) does show every hand."""
    ruleset = find_ruleset("thrones")
    content = ruleset.load()
    assert ruleset.new_game is not None
    game = ruleset.new_game(content, GameConfig(2), 4)
    form = text_form_for(ruleset, content, game.factions())
    hand, _ = thrones_cards(game, 1)
    buffer = io.StringIO()
    draw.console(buffer, plain=True).print(draw.screen(form.screen(game, None)))
    assert any(form.names[c] in buffer.getvalue() for c in hand)
    seat0 = io.StringIO()
    draw.console(seat0, plain=True).print(draw.screen(form.screen(game, 0)))
    own, _ = thrones_cards(game, 0)
    secret = {form.names[c] for c in hand} - {form.names[c] for c in own}
    assert secret and not any(name in seat0.getvalue() for name in secret)
