"""The replay viewer: step through a recorded game with the views ``pnp play`` draws.

``pnp replay RECORD --watch`` sets the game up from the record and shows it
decision by decision: everything (omniscient) by default, or one seat's view
(``--seat``), with keys to go forward, back, to a round or to the end
(:data:`pnp.play.keys.WATCH_KEYS`). ``--to-text FILE`` writes the whole game
as a plain log (each decision, then what it caused, in words) for sharing.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text

from pnp import interrupt
from pnp.content import LoadedContent
from pnp.content.problems import display_path
from pnp.engine.game import Game
from pnp.engine.record import Record, read_records, write_atomic
from pnp.engine.replay import ReplayOutcome, replay
from pnp.errors import UsageError
from pnp.play import draw
from pnp.play.form import TextForm, text_form_for
from pnp.play.keys import WATCH_KEYS, Answer, read_watch
from pnp.play.prompt import Terminal
from pnp.play.screen import esc
from pnp.play.session import Step
from pnp.rulesets.ruleset import Ruleset

#: the columns of a ``--to-text`` log (the screens' width)
LOG_WIDTH = 80
#: the viewer's prompt
PROMPT = "n next, b back, r N round, g N decision, e end, q quit: "


@dataclass
class Replayer:
    """A recorded game that can be set to any decision: ``goto(k)`` plays its first ``k``
    choices (going back sets it up again from the seed)."""

    ruleset: Ruleset
    content: LoadedContent[Any]
    record: Record
    game: Game = field(init=False)
    #: the steps of the whole game: the set-up, then one per choice
    steps: list[Step] = field(init=False)
    #: how many choices the game has had
    at: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        self._setup()
        while self._forward():  # one pass to learn every step (and its round)
            pass
        steps = self.steps
        self._setup()
        self.steps = steps

    @property
    def last(self) -> int:
        """The number of choices the recorded game made."""
        return len(self.steps) - 1

    def _setup(self) -> None:
        assert self.ruleset.new_game is not None
        self.game = self.ruleset.new_game(self.content, self.record.config(), self.record.seed)
        self.at = 0
        self.steps = [Step(None, "setup", "", tuple(self.game.setup_events()), self.game.round)]

    def _forward(self) -> bool:
        decision = self.game.decision()
        if decision is None or self.at >= len(self.record.choices):
            return False
        index = self.record.choices[self.at]
        if not 0 <= index < len(decision.options):
            return False
        events = self.game.apply(index)
        self.steps.append(
            Step(
                decision.seat,
                decision.kind,
                decision.options[index].label,
                tuple(events),
                self.game.round,
            )
        )
        self.at += 1
        return True

    def goto(self, k: int) -> None:
        """Set the game to just after its ``k``-th choice (clamped to the game)."""
        k = max(0, min(k, self.last))
        if k < self.at:
            steps = self.steps
            self._setup()
            self.steps = steps
        while self.at < k:
            decision = self.game.decision()
            assert decision is not None
            self.game.apply(self.record.choices[self.at])
            self.at += 1

    def round_start(self, n: int) -> int | None:
        """The first position whose round is ``n``, or ``None``."""
        for k, step in enumerate(self.steps):
            if step.round >= n:
                return k
        return None


def step_lines(form: TextForm, step: Step, k: int, seat: int | None) -> list[str]:
    """Step ``k`` in words, as ``seat`` may read it (``None``: everything)."""
    lines = []
    if step.seat is not None and seat not in (None, step.seat):
        # as pnp play tells it (pnp.play.table): a seat reads another's choice only in the
        # events it caused, each as the seat may read it; a secret one (a plot, a bid, a
        # card face down) stays secret, a public one is told there (the kind is public)
        lines.append(f"[bold]{k}.[/] {form.player(step.seat)} decides: {decision_kind(step)}")
    elif step.seat is not None:
        kind = decision_kind(step)
        choice = form.chosen(step.seat, step.kind, step.label)
        # an option often names its decision already ("setup: Doran Martell"): once is enough
        said = choice if choice.startswith(f"{kind}: ") else f"{kind}: {choice}"
        lines.append(f"[bold]{k}.[/] {form.player(step.seat)}: {said}")
    else:
        lines.append("[bold]Set-up[/]")
    for event in step.events:
        text = form.event(event, seat)
        if text:
            lines.append(f"    {text}")
    return lines


def decision_kind(step: Step) -> str:
    """The kind of decision ``step`` answered, in words (``start village``)."""
    return step.kind.replace("_", " ")


def open_record(
    path: Path, find: Any, content_root: Path | None
) -> tuple[Ruleset, LoadedContent[Any], Record]:
    """The ruleset, content and only record of ``path``."""
    records = read_records(path)
    if len(records) != 1:
        raise UsageError(f"{display_path(path)}: holds {len(records)} records; watch one at a time")
    record = records[0]
    ruleset: Ruleset = find(record.ruleset)
    root = content_root
    if root is None and record.content_root and Path(record.content_root).is_dir():
        root = Path(record.content_root)
    return ruleset, ruleset.load(root, alone=True), record


def stop_lines(replayer: Replayer, outcome: ReplayOutcome) -> list[str]:
    """What a record that does not reproduce says at the end of its game: where the
    replay stopped, and how it differs."""
    if outcome.ok:
        return []
    lines = ["[bold]The record does not reproduce[/] (pnp replay says why):"]
    recorded = len(replayer.record.choices)
    if replayer.last < recorded:
        bad = replayer.record.choices[replayer.last]
        lines.append(
            f"  after decision {replayer.last} the record asks for option {bad} at decision "
            f"{replayer.last + 1}, which this game does not offer; its last "
            f"{recorded - replayer.last} decision(s) are not shown"
        )
    lines += [f"  {esc(d)}" for d in outcome.differences]
    return lines


def write_log(
    replayer: Replayer,
    form: TextForm,
    seat: int | None,
    out: Path,
    outcome: ReplayOutcome | None = None,
) -> None:
    """The whole game as a plain log in ``out``: the set-up, each decision and what it
    caused, the final position and the result (and, for a record that does not
    reproduce, where the replay stopped)."""
    buffer = io.StringIO()
    console = draw.console(buffer, plain=True)
    record = replayer.record
    who = (
        "everything"
        if seat is None
        else f"as {form.player(seat)} saw it (the others' choices by what they caused)"
    )
    _print_wrapped(
        console,
        f"{record.ruleset}, seed {record.seed}, {record.players} players "
        f"({', '.join(form.player(s) for s in range(record.players))}); {who}",
    )
    for k, step in enumerate(replayer.steps):
        for line in step_lines(form, step, k, seat):
            _print_wrapped(console, line)
    replayer.goto(replayer.last)
    console.print(draw.screen(form.screen(replayer.game, seat)))
    result = replayer.game.result()
    if result is not None:
        console.print(f"Game over {form.game_over(result)}")
    for line in stop_lines(replayer, outcome) if outcome is not None else []:
        _print_wrapped(console, line)
    write_atomic(out, buffer.getvalue())


def _print_wrapped(console: Any, line: str) -> None:
    """``line`` (markup) as plain text in the log's 80 columns, a line it takes more of
    going on indented under it, so each decision and event still starts its own line."""
    plain = Text.from_markup(line).plain
    lead = len(plain) - len(plain.lstrip())
    for part in textwrap.wrap(
        plain,
        LOG_WIDTH,
        subsequent_indent=" " * (lead + 4),
        break_long_words=False,
        break_on_hyphens=False,
    ) or [""]:
        console.print(part, markup=False, highlight=False, soft_wrap=True)


def watch(
    replayer: Replayer,
    form: TextForm,
    seat: int | None,
    term: Terminal,
    outcome: ReplayOutcome | None = None,
) -> int:
    """Step through ``replayer``'s game at ``term`` until ``q``; the exit status (1 for
    a record that does not reproduce)."""
    status = 0 if outcome is None or outcome.ok else 1
    k = 0
    while True:
        replayer.goto(k)
        step = replayer.steps[k]
        term.show(
            draw.screen(form.screen(replayer.game, seat)),
            draw.events(
                step_lines(form, step, k, seat),
                f"decision {k} of {replayer.last} · {form.ROUND} {step.round}",
            ),
        )
        if k == replayer.last:
            result = replayer.game.result()
            if result is not None:
                term.show(f"[bold]Game over[/] {form.game_over(result)}")
            elif outcome is None or outcome.ok:
                term.show("[bold]The record ends here[/] (the game was not finished).")
            for line in stop_lines(replayer, outcome) if outcome is not None else []:
                term.show(line)
        while True:
            answer = read_watch(term.ask(PROMPT))
            if isinstance(answer, str):
                term.show(f"[red]{esc(answer)}[/]")  # what was typed, as typed
                continue
            if answer.key == "?":
                term.show("; ".join(f"{key} {what}" for key, what in WATCH_KEYS.items()))
                continue
            # a jump past the record stays where it is and says how far the record goes
            refused = jump_refused(replayer, answer, form.ROUND)
            if refused:
                term.show(f"[red]{refused}[/]")
                continue
            break
        if answer.key == "q":
            return status
        if answer.key == "n":
            if k == replayer.last:
                term.show("[red]this is the end of the game (b back, q quit)[/]")
            k = min(k + 1, replayer.last)
        elif answer.key == "b":
            k = max(k - 1, 0)
        elif answer.key == "e":
            k = replayer.last
        elif answer.key == "g":
            k = answer.index
        elif answer.key == "r":
            found = replayer.round_start(answer.index)
            assert found is not None  # jump_refused saw to it
            k = found


def jump_refused(replayer: Replayer, answer: Answer, round_word: str) -> str:
    """Why the viewer cannot go where ``answer`` (``g N``, ``r N``) asks: a decision or
    a round the record does not hold (``""``: it can, or the answer is no jump)."""
    last = replayer.last
    if answer.key == "g" and answer.index > last:
        return (
            f"the record has {last} decision{'s' if last != 1 else ''}: g 0 (the set-up) "
            f"to g {last}"
        )
    if answer.key == "r" and replayer.round_start(answer.index) is None:
        first, final = replayer.steps[0].round, replayer.steps[-1].round
        held = (
            f"{round_word} {first} only" if first == final else f"{round_word}s {first} to {final}"
        )
        return f"the game has no {round_word} {answer.index}: the record holds {held}"
    return ""


def run_watch(
    path: Path,
    *,
    find: Any,
    content_root: Path | None = None,
    seat: int | None = None,
    interactive: bool = True,
    to_text: Path | None = None,
    term: Terminal | None = None,
    echo: Callable[..., Any] | None = None,
) -> int:
    """``pnp replay RECORD --watch`` and ``--to-text``: the exit status.

    The record is verified first, as ``pnp replay`` verifies it: its warnings and,
    for a record that does not reproduce, the mismatch go to ``echo`` (stderr),
    the log and the last screen say where the game stops, and the status is 1.
    """
    ruleset, content, record = open_record(path, find, content_root)
    if seat is not None and not 0 <= seat < record.players:
        raise UsageError(f"--seat {seat}: the game's seats are 0 to {record.players - 1}")
    outcome = replay(record, ruleset, content)
    if echo is not None:
        shown = display_path(path)
        for warning in outcome.warnings:
            echo(f"warning: {shown}: {warning}", err=True)
        if not outcome.ok:
            echo(f"MISMATCH  {shown}: {outcome.summary()}", err=True)
            for difference in outcome.differences:
                echo(f"  {difference}", err=True)
    replayer = Replayer(ruleset, content, record)
    form = text_form_for(ruleset, content, replayer.game.factions())
    if to_text is not None:
        write_log(replayer, form, seat, to_text, outcome)
    if not interactive:
        return 0 if outcome.ok else 1
    terminal = term if term is not None else Terminal()
    try:
        return watch(replayer, form, seat, terminal, outcome)
    except KeyboardInterrupt:
        if to_text is None:
            raise  # nothing was written: the command line says so
        # the log was written before the viewer started: "nothing was written" is untrue
        terminal.say(f"\nStopped. The log was written before the viewer: {esc(to_text)}.")
        interrupt.told()
        return interrupt.STATUS
