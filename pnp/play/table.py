"""The play loop: bots play, each human decision is shown and asked at the terminal.

For each human decision the loop draws that seat's screen (its view in the
ruleset's text form), what happened since its last decision in words, and
the numbered options, then reads keys until it gets an option
(:mod:`pnp.play.keys`). With several humans (hot-seat) it clears the screen
and waits for the next player before showing his view. The record is written
after every human decision.
"""

from __future__ import annotations

from typing import Any

from pnp.engine.decision import Decision
from pnp.play import draw
from pnp.play.form import TextForm, text_form_for
from pnp.play.keys import DECISION_KEYS, KEYS_SHORT, Answer, read_decision
from pnp.play.prompt import Terminal
from pnp.play.screen import esc, listing
from pnp.play.session import Session, UndoRefused

#: the most event lines shown before a decision (the middle of a longer list is summed
#: up in one line; ``l`` reads it all)
MOST_EVENTS = 24
#: of those, the first lines always shown (the seat's own last choice and what it did)
FIRST_EVENTS = 6

#: exit status of a game quit before its end (saved)
QUIT = 0


def event_lines(form: TextForm, session: Session, seat: int | None) -> list[str]:
    """What happened since ``seat``'s last decision, in words, as ``seat`` may read it: its
    first lines (the seat's own choice and what came of it) and its last; a list longer
    than :data:`MOST_EVENTS` says how many lines lie between (``l`` reads them)."""
    return shortened(all_event_lines(form, session, seat))


def shortened(lines: list[str]) -> list[str]:
    """``lines`` if they fit :data:`MOST_EVENTS`, else the first :data:`FIRST_EVENTS`, a
    line naming how many are left out, and the last."""
    if len(lines) <= MOST_EVENTS:
        return lines
    last = MOST_EVENTS - FIRST_EVENTS - 1
    dropped = len(lines) - FIRST_EVENTS - last
    return [
        *lines[:FIRST_EVENTS],
        f"[dim]… {dropped} more lines (l reads them all)[/]",
        *lines[-last:],
    ]


def all_event_lines(form: TextForm, session: Session, seat: int | None) -> list[str]:
    """Every line of what happened since ``seat``'s last decision, as ``seat`` may read it."""
    lines: list[str] = []
    for step in session.since(seat):
        # a seat reads its own choices only: another's may be secret (a plot, a bid) and
        # its events say what it did once that is public; a replay shows every choice
        if step.seat is not None and seat in (None, step.seat):
            who = "you" if seat is not None else form.player(step.seat)
            lines.append(f"[dim]{who} chose {form.chosen(step.seat, step.kind, step.label)}[/]")
        for event in step.events:
            text = form.event(event, seat)
            if text:
                lines.append(text)
    return _collapsed(lines)


def _collapsed(lines: list[str]) -> list[str]:
    """Runs of one line (seven "draws a card") as one line with its count."""
    out: list[str] = []
    runs: list[int] = []
    for line in lines:
        if out and out[-1] == line:
            runs[-1] += 1
        else:
            out.append(line)
            runs.append(1)
    return [line if n == 1 else f"{line} [dim](×{n})[/]" for line, n in zip(out, runs, strict=True)]


def show_decision(term: Terminal, form: TextForm, session: Session, decision: Decision) -> None:
    """Draw ``decision``'s seat's screen, its news and the numbered options."""
    seat = decision.seat
    term.show(
        draw.screen(form.screen(session.game, seat)),
        draw.events(event_lines(form, session, seat), "since your last decision"),
        draw.options(
            form.ask(decision, session.game.view(seat)),
            [form.option(decision, o) for o in decision.options],
            form.player(seat),
        ),
    )


def card_lines(form: TextForm, session: Session, seat: int) -> list[str]:
    """What ``c`` prints: the rules text of the cards on ``seat``'s screen, those of its
    view and those the news since its last decision names (a card the opponent just
    played), as the seat may read the news."""
    shown = (event for step in session.since(seat) for event in step.events)
    texts = form.card_texts(session.game.view(seat), form.named_in(shown, seat))
    if not texts:
        return ["[dim]no card texts to show[/]"]
    return [f"[bold]{name}[/]: {text}" for name, text in texts]


def prompt_text(options: int, width: int) -> str:
    """The prompt at a decision: every key when the line leaves room to type, else the
    ``?`` key alone (it lists them all), so a narrow terminal does not wrap the answer."""
    full = f"Choose 1-{options} ({KEYS_SHORT}): "
    if len(full) + 4 <= width:
        return full
    return f"Choose 1-{options} (? help and keys): "


def help_text(form: TextForm, decision: Decision, ruleset: str, view: Any = None) -> str:
    """What ``?`` prints: the decision explained (``view``: the deciding seat's), its
    reference section, how to read it, and the keys."""
    found = form.explain(decision, view)
    keys = "".join(f"\n  {k}  {what}" for k, what in DECISION_KEYS.items())
    # pnp rules RULESET alone writes a PDF (nothing on screen): the text is --format md
    # the command on a line of its own, so that the screen never wraps it
    return (
        f"{found.text}\nRules reference: «{found.section}». To read it here:"
        f"\n  pnp rules {ruleset} --format md --out -"
        f"\n(pnp rules {ruleset} alone writes a PDF: output/{ruleset}/reference.pdf)"
        f"\nKeys: a number chooses that option;{keys}"
    )


def play(session: Session, term: Terminal) -> int:
    """Play ``session`` at ``term`` to its end, or until a player quits; the exit status."""
    ruleset = session.ruleset.name
    form = text_form_for(session.ruleset, session.content, session.game.factions())
    last_seat: int | None = None
    hot_seat = len(session.humans) > 1
    thinking: set[int] = set()

    def searching(seat: int) -> None:
        # once per seat while the bots play on, not once per search
        if seat not in thinking:
            thinking.add(seat)
            term.say(f"{form.player(seat)} is thinking…")

    while True:
        thinking.clear()
        session.play_bots(searching)
        decision = session.decision()
        if decision is None:
            break
        seat = decision.seat
        if hot_seat and seat != last_seat:
            term.clear()
            term.ask(f"Pass the terminal to {form.player(seat)}, then press Enter. ")
            term.clear()
        last_seat = seat
        show_decision(term, form, session, decision)
        prompt = prompt_text(len(decision.options), term.out.width)
        while True:
            answer = read_decision(term.ask(prompt), len(decision.options))
            if isinstance(answer, str):
                term.show(f"[red]{esc(answer)}[/]")  # what was typed, as typed
                continue
            if answer.key == "?":
                term.show(help_text(form, decision, ruleset, session.game.view(seat)))
            elif answer.key == "c":
                term.show(*card_lines(form, session, seat))
            elif answer.key == "l":
                news = all_event_lines(form, session, seat)
                term.show(draw.events(news, "since your last decision, every line"))
            elif answer.key == "s":
                term.say(f"Saved to {esc(session.save())}.")
            elif answer.key == "q":
                path = session.save()
                term.say(f"Saved to {esc(path)}.")
                term.say(f"Continue with: pnp play --resume {esc(path)}")
                return QUIT
            elif answer.key == "u":
                try:
                    undone = session.undo(seat)
                except UndoRefused as refused:
                    who = listing([form.player(s) for s in refused.seats])
                    term.show(f"[red]cannot undo: {who} decided since, and would lose it[/]")
                    continue
                if undone:
                    session.save()
                    term.show("Undone: your last decision is asked again.")
                    break
                term.show("[red]nothing to undo: you have made no decision yet[/]")
            else:
                _choose(session, answer)
                break
    return _finish(session, form, term)


def _choose(session: Session, answer: Answer) -> None:
    session.choose(answer.index)
    session.save()


def _finish(session: Session, form: TextForm, term: Terminal) -> int:
    path = session.save()
    humans = session.humans
    seat = humans[0] if len(humans) == 1 else None
    term.show(
        draw.screen(form.screen(session.game, seat)),
        draw.events(event_lines(form, session, seat), "the end of the game"),
    )
    result = session.result()
    if session.broken:
        term.show("[red]The game broke a rule invariant (a bug in pnp):[/]")
        term.show(*(esc(fault) for fault in session.broken))
    elif result is not None:
        term.show(f"[bold]Game over[/] {form.game_over(result)}")
    term.say(f"The record is in {esc(path)}.")
    term.say(f"Watch it again with: pnp replay {esc(path)} --watch")
    return 0
