"""Run a scenario: build the position, play the script, check the expectations.

:meth:`ScenarioRunner.run` returns a :class:`ScenarioOutcome` (passed, or
failed with a readable diff) for a well-formed file and raises a
:class:`~pnp.errors.PnpError` (exit status 2) for a malformed one: bad YAML or
fields, an unknown ruleset, a setup the ruleset cannot build.
"""

from __future__ import annotations

import difflib
import functools
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.content import ContentError, LoadedContent, Problem
from pnp.content.problems import display_path
from pnp.engine.errors import SetupError
from pnp.engine.game import Decision, Event, Game
from pnp.engine.invariants import violations
from pnp.engine.record import result_dict
from pnp.engine.scenarios.matching import (
    differences,
    event_differences,
    event_matches,
    matches,
    plain,
    show,
    show_event,
    show_pattern,
)
from pnp.engine.scenarios.model import Expect, Scenario, load_scenario
from pnp.engine.scenarios.paths import FieldDefaults, PathError, StatePath
from pnp.errors import PnpError
from pnp.rulesets.ruleset import Ruleset

#: the most events a failure lists before it says how many it left out
MAX_LISTED_EVENTS = 60
#: the most of the previous step's events a failing choice lists (its last ones)
MAX_STEP_EVENTS = 15

#: the kind of the one-option ``begin`` decision a ruleset's scenario game opens with
SCENARIO_START = "scenario_start"


@dataclass(frozen=True)
class ScenarioOutcome:
    """What running one scenario gave."""

    path: Path
    about: str
    covers: tuple[str, ...]
    passed: bool
    #: the readable diff of a failure, one line each (empty when passed)
    failure: tuple[str, ...] = ()
    #: with ``--show``: the game where the script stopped (:func:`show_play`)
    shown: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """A header line (``PASS``/``FAIL`` and the file), the failure's diff, then
        what ``--show`` asked to see."""
        head = f"{'PASS' if self.passed else 'FAIL'}  {display_path(self.path)}"
        out = [head] if self.passed else [f"{head}  ({self.about})"]
        out += [f"  {line}" for line in self.failure]
        return out + [f"  {line}" for line in self.shown]


class _Failed(Exception):
    """Stops a scenario at its first failing step or checkpoint."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


@dataclass
class _Play:
    """The state of one scenario run."""

    scenario: Scenario
    game: Game
    events: list[Event] = field(default_factory=list)
    #: events before this index are matched (or passed over) by earlier checkpoints
    matched: int = 0
    #: the first event the previous choice caused (what a failing step shows)
    previous_step: int = 0
    #: the ruleset and content the game plays (the script's checks, --show's words)
    ruleset: Ruleset | None = None
    content: LoadedContent[Any] | None = None


class ScenarioRunner:
    """Runs scenario files, loading each ruleset's content once.

    ``find`` looks a ruleset up by name (the command line hands it the registry's
    :func:`~pnp.rulesets.find_ruleset`; tests, their fixture rulesets);
    ``content_root`` is the ``--content`` root.
    """

    def __init__(
        self,
        find: Callable[[str], Ruleset],
        content_root: Path | None = None,
        show: bool = False,
    ) -> None:
        self.find = find
        self.content_root = content_root
        #: add the game where each script stopped to its outcome (``--show``)
        self.show = show
        self._content: dict[str, LoadedContent[Any]] = {}

    def content(self, ruleset: Ruleset) -> LoadedContent[Any]:
        """The ruleset's content, loaded once per runner."""
        if ruleset.name not in self._content:
            # alone: --content may also name the ruleset's own folder
            self._content[ruleset.name] = ruleset.load(self.content_root, alone=True)
        return self._content[ruleset.name]

    def run(self, path: Path) -> ScenarioOutcome:
        """Run the scenario in ``path``; raise :class:`PnpError` if it is malformed."""
        scenario = load_scenario(path)
        spec = scenario.spec
        play: _Play | None = None
        try:
            ruleset = self._ruleset(scenario)
            game = self._build(scenario, ruleset)
            play = _Play(scenario, game, ruleset=ruleset, content=self.content(ruleset))
            _check_setup(play)
            # checked once the setup is known good: its problems come first
            _check_script(play)
            for i, step in enumerate(spec.script):
                if step.choose is not None:
                    _choose(play, i, step.choose, step.seat)
                if step.expect is not None:
                    _expect(play, step.expect, ("script", i, "expect"))
            if spec.expect is not None:
                _expect(play, spec.expect, ("expect",))
        except _Failed as failed:
            shown: tuple[str, ...] = ()
            if self.show and play is not None:
                shown = show_play(play)
            covers = tuple(spec.covers)
            return ScenarioOutcome(path, spec.about, covers, False, tuple(failed.lines), shown)
        shown = show_play(play) if self.show else ()
        return ScenarioOutcome(path, spec.about, tuple(spec.covers), True, shown=shown)

    def _ruleset(self, scenario: Scenario) -> Ruleset:
        """The scenario's ruleset, able to run it, and the rules it covers among its own."""
        spec = scenario.spec
        try:
            ruleset = self.find(spec.ruleset)
        except PnpError as exc:
            raise ContentError([scenario.problem(("ruleset",), str(exc))]) from None
        if ruleset.scenario_game is None:
            message = f"the {ruleset.name} ruleset cannot run scenarios yet (no scenario_game)"
            raise ContentError([scenario.problem(("ruleset",), message)])
        prefix = ruleset.rule_prefix
        others = [
            scenario.problem(
                ("covers", i),
                f"{rule!r} is not a {ruleset.name} rule: its checklist IDs begin {prefix}-",
            )
            for i, rule in enumerate(spec.covers)
            if prefix and not rule.startswith(f"{prefix}-")
        ]
        known = [rule for rule in known_rules() if rule.startswith(f"{prefix}-")]
        for i, rule in enumerate(spec.covers):
            if known and rule.startswith(f"{prefix}-") and rule not in known:
                # a typo (TH-CHAL-31 for TH-CHAL-13) would count toward no rule
                near = difflib.get_close_matches(rule, known, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                message = f"{rule!r} is no rule of the checklist{hint}"
                others.append(scenario.problem(("covers", i), message))
        if others:
            raise ContentError(others)
        return ruleset

    def _build(self, scenario: Scenario, ruleset: Ruleset) -> Game:
        spec = scenario.spec
        assert ruleset.scenario_game is not None  # _ruleset saw it
        content = self.content(ruleset)
        try:
            return ruleset.scenario_game(content, spec.setup, spec.cards, spec.seed)
        except SetupError as exc:
            problems = [
                scenario.problem(loc if loc else ("setup",), message)
                for loc, message in exc.problems
            ]
            raise ContentError(problems) from None
        except PnpError:
            raise
        except Exception as exc:  # a bug in the ruleset, not in the file
            raise _crash(f"setup ({scenario.where('setup')})", exc) from None


def _question(play: _Play, decision: Decision) -> str:
    """The question ``decision`` asks, in the words ``pnp play`` puts it (with what it is
    about: "Nominate … — the election of Warden of the North"); "" without a text form."""
    ruleset, content = play.ruleset, play.content
    if ruleset is None or ruleset.text_form is None or content is None:
        return ""
    from rich.text import Text

    try:
        form = ruleset.text_form(content, list(play.game.factions()))
        return Text.from_markup(form.ask(decision, play.game.view(decision.seat))).plain
    except Exception:  # a view a scenario's position cannot show: the labels still say
        return ""


def show_play(play: _Play) -> tuple[str, ...]:
    """The game where the script stopped, as a scenario writer needs it: the pending
    decision (its kind and option labels, as ``choose`` and ``decision`` write them),
    every event since the script began (kinds and data, as ``events`` patterns write
    them) and the whole state (as ``state`` paths address it)."""
    game = play.game
    lines = ["where the script stopped (--show):"]
    try:
        decision = game.decision()
        snapshot = plain(game.snapshot())
    except Exception as exc:  # a ruleset bug: the failure above already tells it
        return (*lines, f"  (the ruleset raised {type(exc).__name__}: {exc})")
    if decision is None:
        lines.append(f"  decision: none; result: {show(result_dict(game.result()))}")
    else:
        lines.append(f"  decision: seat {decision.seat}, kind {decision.kind}")
        question = _question(play, decision)
        if question:  # what it is about (the election, the victim …): labels may not say
            lines.append(f"  question: {question}")
        lines.append("  options:")
        lines += [f"    - {show(label)}" for label in decision.labels()]
    if play.events:
        lines.append("  events since the script began:")
        lines += [f"    #{n + 1} {show_event(e)}" for n, e in enumerate(play.events)]
    else:
        lines.append("  events since the script began: none")
    lines.append("  state:")
    text = yaml.dump(
        _flat_leaves(snapshot),
        Dumper=_ShowDumper,
        sort_keys=False,
        default_flow_style=None,
        width=120,
        allow_unicode=True,
    )
    lines += [f"    {line}" for line in text.rstrip().splitlines()]
    return tuple(lines)


@functools.cache
def known_rules() -> tuple[str, ...]:
    """The checklist's rule IDs: the shared checklist's, else the repository's snapshot of
    them (``tests/scenarios/checklist-ids.txt``); none when neither is here (an installed
    package), and ``covers`` is then checked for its shape only."""
    from pnp.engine.scenarios.coverage import checklist_ids, find_checklist, snapshot_path

    path = find_checklist()
    if path is None and snapshot_path().is_file():
        path = snapshot_path()
    return tuple(checklist_ids(path)) if path is not None else ()


class _Leaf(dict[str, Any]):
    """A mapping of plain values, shown on one line (a fief Village, a Noble)."""


class _ShowDumper(yaml.SafeDumper):
    """YAML for ``--show``: a :class:`_Leaf` in flow style, on one line."""


_ShowDumper.add_representer(
    _Leaf, lambda dumper, data: dumper.represent_mapping("tag:yaml.org,2002:map", data, True)
)


def _flat_leaves(value: Any) -> Any:
    """``value`` with each mapping of plain values (or empty lists and mappings) marked to
    be shown on one line: fief's 39 Villages and 77 Nobles took 600 lines one field each."""
    if isinstance(value, dict):
        inner = {k: _flat_leaves(v) for k, v in value.items()}
        plain = all(not isinstance(v, dict | list) or not v for v in inner.values())
        return _Leaf(inner) if plain and inner else inner
    if isinstance(value, list):
        return [_flat_leaves(v) for v in value]
    return value


def _crash(doing: str, exc: BaseException) -> _Failed:
    frames = traceback.format_exception(type(exc), exc, exc.__traceback__)
    lines = [f"{doing}: the ruleset raised {type(exc).__name__}: {exc}"]
    tail = "".join(frames[-4:]).rstrip().splitlines()
    return _Failed([*lines, *(f"  {line}" for line in tail)])


def _ask(play: _Play, doing: str, ask: Callable[[], Any]) -> Any:
    """Call the game; a ruleset exception fails the scenario with its traceback."""
    try:
        return ask()
    except Exception as exc:
        raise _crash(doing, exc) from None


def _check_script(play: _Play) -> None:
    """What can be known wrong with the script before it runs (exit 2): nothing to check,
    a position never played, a seat the game does not have, an event kind the ruleset
    never emits (an ``absent`` pattern naming one could never fail)."""
    scenario = play.scenario
    spec = scenario.spec
    problems: list[Problem] = []
    expects: list[tuple[tuple[str | int, ...], Expect]] = [
        (("script", i, "expect"), s.expect) for i, s in enumerate(spec.script) if s.expect
    ]
    if spec.expect is not None:
        expects.append((("expect",), spec.expect))
    # a choice is a check too (its option must be offered), all but the opening `begin`
    choices = [step for step in spec.script if step.choose not in (None, "begin")]
    if not expects and not choices:
        message = (
            "the scenario checks nothing: give it an `expect` (after the script, or as a "
            "step) or choices to make"
        )
        problems.append(scenario.problem(("script",) if spec.script else ("expect",), message))
    opening = _ask(play, "asking for the first decision", play.game.decision)
    if opening is not None and opening.kind == SCENARIO_START and not spec.chooses():
        message = (
            "the script never chooses `begin`: nothing of the position would be played; "
            "start it with `- {choose: begin}`"
        )
        problems.append(scenario.problem(("script",), message))
    players = len(play.game.factions())
    for i, step in enumerate(spec.script):
        if step.seat is not None and step.seat >= players:
            message = f"no seat {step.seat}: the game's seats are 0–{players - 1}"
            problems.append(scenario.problem(("script", i, "seat"), message))
    name = play.ruleset.name if play.ruleset is not None else ""
    kinds = sorted(play.ruleset.event_words) if play.ruleset is not None else []
    for loc, expect in expects if kinds else []:
        for key in ("events", "absent"):
            for j, pattern in enumerate(getattr(expect, key)):
                kind = pattern["kind"]
                if kind not in kinds:
                    near = difflib.get_close_matches(kind, kinds, n=1)
                    hint = f" (did you mean {near[0]!r}?)" if near else ""
                    message = f"{name} emits no event {kind!r}{hint}"
                    problems.append(scenario.problem((*loc, key, j, "kind"), message))
    if problems:
        raise ContentError(problems)


def _check_setup(play: _Play) -> None:
    """A position that already breaks an invariant is the file's mistake (exit 2, at
    ``setup:``), not a rule that failed: no decision has been played yet."""
    try:
        found = violations(play.game, play.game.decision())
    except Exception as exc:
        raise _crash("after the setup, checking invariants", exc) from None
    if found:
        scenario = play.scenario
        message = "the position breaks a rule the referee checks: "
        raise ContentError([scenario.problem(("setup",), message + str(v)) for v in found])


def _check_invariants(play: _Play, when: str) -> None:
    try:
        found = violations(play.game, play.game.decision())
    except Exception as exc:
        raise _crash(f"{when}, checking invariants", exc) from None
    if found:
        raise _Failed([f"{when}: invariant violated:", *(f"  - {v}" for v in found)])


def _describe(decision: Decision) -> list[str]:
    lines = [f"pending: seat {decision.seat}, {decision.kind}, options:"]
    lines += [f"  {i}: {o.label}" for i, o in enumerate(decision.options)]
    return lines


def _since_previous_step(play: _Play) -> list[str]:
    """The events the previous choice caused: they show how far the game ran on by
    itself (a decision with one option is taken without a step)."""
    events = play.events[play.previous_step :]
    if not play.events:
        return []
    if not events:
        return ["the previous step caused no event"]
    first = play.previous_step
    shown = events[-MAX_STEP_EVENTS:]
    lines = ["since the previous step (a decision with one option is taken without a step):"]
    if len(events) > len(shown):
        lines.append(f"  … {len(events) - len(shown)} earlier events")
    start = first + len(events) - len(shown)
    lines += [f"  #{start + n + 1} {show_event(e)}" for n, e in enumerate(shown)]
    return lines


def _choose(play: _Play, i: int, label: str, seat: int | None) -> None:
    where = f"script[{i}] ({play.scenario.where('script', i)})"
    game = play.game
    decision = _ask(play, f"{where}: asking for the decision", game.decision)
    if decision is None:
        result = _ask(play, f"{where}: asking for the result", game.result)
        raise _Failed(
            [
                f"{where}: cannot choose {label!r}: the game is over",
                f"result: {show(result_dict(result))}",
            ]
        )
    if seat is not None and decision.seat != seat:
        raise _Failed(
            [
                f"{where}: expected seat {seat} to choose {label!r}, "
                f"but the pending decision is seat {decision.seat}'s",
                *_describe(decision),
                *_since_previous_step(play),
            ]
        )
    labels = decision.labels()
    if label not in labels:
        lines = [f"{where}: no option {label!r}"]
        # a label of another kind ("attackers: done" while defenders are asked) most
        # likely answered a decision with one option, which the game took itself: a
        # look-alike of this decision's ("defenders: none") would point the wrong way
        head = label.split(":", 1)[0]
        same_kind = [x for x in labels if x.split(":", 1)[0] == head] if ":" in label else labels
        hint = difflib.get_close_matches(label, same_kind, n=1, cutoff=0.5)
        if hint:
            lines.append(f"did you mean {hint[0]!r}?")
        elif ":" in label and not same_kind:
            lines.append(
                f"no option here begins {head!r}: if that decision had one option, the game "
                "took it without a step; leave the step out"
            )
        if decision.kind == SCENARIO_START:  # a script written before that opening existed
            lines.append(
                "a scenario game opens with `begin`: start the script with "
                "`- {choose: begin}` (tests/scenarios/README.md)"
            )
        raise _Failed([*lines, *_describe(decision), *_since_previous_step(play)])
    play.previous_step = len(play.events)
    try:
        play.events.extend(game.apply(labels.index(label)))
    except Exception as exc:
        raise _crash(f"{where}: choosing {label!r}", exc) from None
    _check_invariants(play, f"after {where}")


def _expect(play: _Play, expect: Expect, loc: tuple[str | int, ...]) -> None:
    failures: list[str] = []
    failures += _expect_events(play, expect, loc)
    failures += _expect_absent(play, expect, loc)
    failures += _expect_state(play, expect, loc)
    if expect.has("decision"):
        failures += _expect_decision(play, expect, loc)
    if expect.has("result"):
        failures += _expect_result(play, expect, loc)
    if failures:
        raise _Failed(failures)


def _name(play: _Play, loc: tuple[str | int, ...]) -> str:
    """``expect.events[1] (line 23)`` for a part of the file."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"{text} ({play.scenario.where(*loc)})"


def _event_list(
    events: Sequence[Event], hits: set[int], start: int, pattern: Mapping[str, Any] | None
) -> list[str]:
    """The events since the script began: ✓ matched, · searched without a match."""
    if not events:
        return ["    (no events since the script began)"]
    lines = ["  events since the script began (✓ matched, · searched):"]
    if start:
        # an event expected again after a checkpoint matched it is not found: say so
        lines[0] = (
            "  events since the script began (✓ matched, · searched, ^ matched or passed "
            "over by an earlier checkpoint, whose events are not searched again):"
        )
    shown = events[:MAX_LISTED_EVENTS]
    for n, event in enumerate(shown):
        mark = "✓" if n in hits else ("·" if n >= start else "^")
        line = f"    {mark} #{n + 1} {show_event(event)}"
        if pattern is not None and n >= start and event.kind == pattern["kind"]:
            line += f"   ← {'; '.join(event_differences(pattern, event))}"
        lines.append(line)
    if len(events) > len(shown):
        lines.append(f"    … {len(events) - len(shown)} more")
    return lines


def _expect_events(play: _Play, expect: Expect, loc: tuple[str | int, ...]) -> list[str]:
    pos = play.matched
    hits: set[int] = set()
    for j, pattern in enumerate(expect.events):
        found = next(
            (n for n in range(pos, len(play.events)) if event_matches(pattern, play.events[n])),
            None,
        )
        if found is None:
            after = f"after event #{pos}" if pos else "since the script began"
            return [
                f"{_name(play, (*loc, 'events', j))}: no matching event {after}",
                f"  expected: {show_pattern(pattern)}",
                *_event_list(play.events, hits, pos, pattern),
            ]
        hits.add(found)
        pos = found + 1
    if expect.events:
        play.matched = pos
    return []


def _expect_absent(play: _Play, expect: Expect, loc: tuple[str | int, ...]) -> list[str]:
    out: list[str] = []
    for j, pattern in enumerate(expect.absent):
        seen = [n for n, event in enumerate(play.events) if event_matches(pattern, event)]
        if seen:
            out.append(f"{_name(play, (*loc, 'absent', j))}: an event that must not occur did")
            out.append(f"  pattern: {show_pattern(pattern)}")
            out += [f"  occurred: #{n + 1} {show_event(play.events[n])}" for n in seen[:5]]
    return out


def _expect_state(play: _Play, expect: Expect, loc: tuple[str | int, ...]) -> list[str]:
    if not expect.state:
        return []
    snapshot = _ask(
        play, f"{_name(play, (*loc, 'state'))}: taking the snapshot", play.game.snapshot
    )
    # what the ruleset's snapshot leaves out at its usual value, which a scenario may
    # still expect (the snapshot stays as it is: state hashes are taken from it)
    defaults = _field_defaults(play.ruleset)
    out: list[str] = []
    for key, want in expect.state.items():
        name = _name(play, (*loc, "state", key))
        path = StatePath.parse(str(key))
        try:
            actual, at = path.locate(snapshot, defaults)
        except PathError as exc:
            out += [f"{name}: no such state: {exc}"]
            continue
        if path.length:
            at = ()  # a length is a number of its own, not a place in the snapshot
        if matches(want, actual, defaults, at):
            continue
        diffs = differences(want, actual, "", defaults, at)
        if isinstance(want, Mapping | list | tuple) and not diffs[0].startswith("the value"):
            # point at what differs inside the value rather than print it whole
            out += [f"{name}:", *(f"  {key}{line}" for line in diffs)]
        else:
            out += [f"{name}:", f"  expected: {show(want)}", f"  actual:   {show(actual)}"]
    return out


def _field_defaults(ruleset: Ruleset | None) -> FieldDefaults | None:
    """The ruleset's :attr:`~pnp.rulesets.ruleset.Ruleset.snapshot_defaults`, parsed."""
    if ruleset is None or not ruleset.snapshot_defaults:
        return None
    try:
        return FieldDefaults.parse(ruleset.snapshot_defaults)
    except PathError as exc:  # the ruleset's own mistake, not the scenario's
        raise PnpError(f"the {ruleset.name} ruleset's snapshot_defaults: {exc}") from exc


def _expect_decision(play: _Play, expect: Expect, loc: tuple[str | int, ...]) -> list[str]:
    name = _name(play, (*loc, "decision"))
    decision = _ask(play, f"{name}: asking for the decision", play.game.decision)
    want = expect.decision
    if want is None:
        if decision is None:
            return []
        return [f"{name}: expected no pending decision", *_describe(decision)]
    if decision is None:
        return [
            f"{name}: expected a pending decision, but the game is over",
            f"  result: {show(result_dict(_ask(play, name, play.game.result)))}",
        ]
    problems: list[str] = []
    if want.seat is not None and want.seat != decision.seat:
        problems.append(f"seat: expected {want.seat}, actual {decision.seat}")
    if want.kind is not None and want.kind != decision.kind:
        problems.append(f"kind: expected {want.kind}, actual {decision.kind}")
    labels = decision.labels()
    if want.options is not None and want.options != labels:
        problems.append(f"options: expected {show(want.options)}")
        problems.append(f"         actual   {show(labels)}")
    missing = [label for label in want.includes if label not in labels]
    if missing:
        problems.append(f"includes: missing {show(missing)}")
    present = [label for label in want.excludes if label in labels]
    if present:
        problems.append(f"excludes: present {show(present)}")
    if not problems:
        return []
    return [
        f"{name}:",
        *(f"  {p}" for p in problems),
        *(f"  {line}" for line in _describe(decision)),
    ]


def _expect_result(play: _Play, expect: Expect, loc: tuple[str | int, ...]) -> list[str]:
    name = _name(play, (*loc, "result"))
    actual = result_dict(_ask(play, f"{name}: asking for the result", play.game.result))
    want = expect.result
    if want is None:
        if actual is None:
            return []
        return [f"{name}: expected the game to go on", f"  actual: {show(actual)}"]
    wanted = {k: v for k, v in want.model_dump().items() if k in want.model_fields_set}
    if actual is None:
        return [
            f"{name}: expected the game to be over",
            f"  expected: {show(wanted)}",
            "  actual:   null",
        ]
    compare = dict(actual)
    if "winners" in wanted:
        wanted["winners"] = sorted(wanted["winners"])
        compare["winners"] = sorted(compare["winners"])
    if matches(wanted, plain(compare)):
        return []
    shown = {k: compare[k] for k in wanted}
    return [f"{name}:", f"  expected: {show(wanted)}", f"  actual:   {show(shown)}"]


@dataclass
class ScenarioSummary:
    """Counts of a run over many scenario files."""

    passed: int = 0
    failed: int = 0
    malformed: int = 0

    @property
    def exit_code(self) -> int:
        """2 if any file was malformed, else 1 if any failed, else 0."""
        return 2 if self.malformed else (1 if self.failed else 0)

    def line(self) -> str:
        """``12 passed, 1 failed, 0 malformed``."""
        return f"{self.passed} passed, {self.failed} failed, {self.malformed} malformed"


def run_scenarios(
    runner: ScenarioRunner, targets: Sequence[Path], echo: Callable[..., Any]
) -> ScenarioSummary:
    """Run every scenario file under ``targets``, reporting each through ``echo``.

    ``echo(line)`` prints to stdout and ``echo(line, err=True)`` to stderr
    (:func:`typer.echo`'s signature). A malformed file's problems go to
    stderr and the run goes on, as does a target that does not exist (counted
    malformed); no scenario files at all is a :class:`~pnp.errors.PnpError`.
    """
    from pnp.engine.scenarios.model import scenario_files
    from pnp.errors import UsageError

    # a target that is not there is one malformed entry: the others still run
    missing = [t for t in targets if not t.exists()]
    files = scenario_files([t for t in targets if t.exists()])
    if not files and not missing:
        shown = ", ".join(display_path(t) for t in targets)
        raise UsageError(f"no scenario files (*.yaml) in {shown}")
    summary = ScenarioSummary()
    for target in missing:
        summary.malformed += 1
        echo(f"ERROR {display_path(target)}: no such file or folder", err=True)
    for path in files:
        try:
            outcome = runner.run(path)
        except PnpError as exc:
            summary.malformed += 1
            echo(f"ERROR {display_path(path)}: malformed scenario", err=True)
            for line in exc.lines():
                echo(f"  {line}", err=True)
            continue
        if outcome.passed:
            summary.passed += 1
        else:
            summary.failed += 1
        for line in outcome.lines():
            echo(line)
    echo(summary.line())
    return summary
