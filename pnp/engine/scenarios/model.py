"""The scenario file format (``tests/scenarios/README.md``) and its loader.

A scenario is read with the content loader's YAML reader, so every problem in
a malformed file is reported as ``file:line:col: field: message`` and raised
as one :class:`~pnp.content.ContentError` (exit status 2 on the command line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StrictInt, model_validator

from pnp.content import ContentError, ContentModel, Problem, validate_document
from pnp.content.problems import display_path
from pnp.content.yaml_source import Mark, YamlDocument, parse_yaml
from pnp.engine.scenarios.paths import PathError, StatePath

#: A checklist ID: ``TH-CHAL-07``, ``IT-HOST-03``, ``TH-KW-STEALTH-01``.
CHECKLIST_ID = re.compile(r"^[A-Z]{2,}(-[A-Z0-9]+)*-\d{2,}$")


def _checklist_id(value: str) -> str:
    if not CHECKLIST_ID.match(value):
        raise ValueError(f"{value!r} is not a checklist ID such as TH-CHAL-07")
    return value


def _state_path(value: str) -> str:
    try:
        StatePath.parse(value)
    except PathError as exc:
        raise ValueError(str(exc)) from None
    return value


def _event_pattern(value: dict[str, Any]) -> dict[str, Any]:
    kind = value.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ValueError("an event pattern needs a `kind` (the event kind to match)")
    seat = value.get("seat")
    if (
        "seat" in value
        and seat is not None
        and (isinstance(seat, bool) or not isinstance(seat, int))
    ):
        raise ValueError("`seat` must be a seat number or null")
    return value


RuleId = Annotated[str, AfterValidator(_checklist_id)]
EventPattern = Annotated[dict[str, Any], AfterValidator(_event_pattern)]
PathKey = Annotated[str, AfterValidator(_state_path)]


class DecisionExpect(ContentModel):
    """What the pending decision must look like."""

    seat: int | None = None
    kind: str | None = None
    #: the exact option labels, in order
    options: list[str] | None = None
    includes: list[str] = []
    excludes: list[str] = []


class ResultExpect(ContentModel):
    """How the game must have ended (given keys only)."""

    winners: list[int] | None = None
    ending: str | None = None
    rounds: int | None = None
    scores: list[float] | None = None


class Expect(ContentModel):
    """A set of expectations, checked at a checkpoint or after the script."""

    events: list[EventPattern] = []
    absent: list[EventPattern] = []
    state: dict[PathKey, Any] = {}
    #: ``null`` means "no decision is pending"
    decision: DecisionExpect | None = None
    #: ``null`` means "the game is still going"
    result: ResultExpect | None = None

    def has(self, key: str) -> bool:
        """Whether the file gave ``key`` (so ``result: null`` differs from no result)."""
        return key in self.model_fields_set


class Step(ContentModel):
    """One scripted step: a choice by label, a checkpoint, or both (choice first)."""

    #: who chooses: a seat number as written (``true`` or ``"0"`` is no seat)
    seat: StrictInt | None = Field(default=None, ge=0)
    choose: str | None = None
    expect: Expect | None = None

    @model_validator(mode="after")
    def _one_thing(self) -> Step:
        if self.choose is None and self.expect is None:
            raise ValueError("a step needs `choose` (an option label) or `expect` (a checkpoint)")
        if self.seat is not None and self.choose is None:
            raise ValueError("`seat` checks who chooses; it needs `choose`")
        return self


class ScenarioFile(ContentModel):
    """The top level of a scenario file."""

    ruleset: str = Field(min_length=1)
    covers: list[RuleId] = Field(min_length=1)
    about: str = Field(min_length=1)
    seed: int = 0
    setup: dict[str, Any]
    cards: list[dict[str, Any]] = []
    script: list[Step] = []
    expect: Expect | None = None

    def chooses(self) -> bool:
        """Whether any step of the script makes a choice."""
        return any(step.choose is not None for step in self.script)


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: its content plus where each part sits in the file."""

    path: Path
    spec: ScenarioFile
    doc: YamlDocument

    def mark(self, *loc: str | int) -> Mark:
        """The line and column of ``loc`` (or its nearest ancestor) in the file."""
        return self.doc.mark_for(tuple(loc))

    def where(self, *loc: str | int) -> str:
        """``line N`` for ``loc``, for failure messages."""
        return f"line {self.mark(*loc).line}"

    def problem(self, loc: tuple[str | int, ...], message: str) -> Problem:
        """A located problem in this file."""
        return self.doc.problem(loc, message)


def load_scenario(path: Path) -> Scenario:
    """Read and validate one scenario file; :class:`ContentError` if malformed."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ContentError(
            [Problem(display_path(path), 0, 0, "", f"cannot read: {reason}")]
        ) from None
    doc = parse_yaml(path, raw)
    spec = validate_document(ScenarioFile, doc)
    return Scenario(path, spec, doc)


SCENARIO_SUFFIXES = (".yaml", ".yml")


def scenario_files(targets: list[Path]) -> list[Path]:
    """The scenario files named by ``targets`` (files, or folders searched recursively).

    Raises :class:`ContentError` for a target that does not exist.
    """
    out: list[Path] = []
    missing: list[Problem] = []
    for target in targets:
        if target.is_dir():
            found = [
                p
                for p in target.rglob("*")
                if p.suffix.lower() in SCENARIO_SUFFIXES
                and p.is_file()
                and not any(part.startswith(".") for part in p.relative_to(target).parts)
            ]
            out.extend(sorted(found, key=lambda p: p.relative_to(target).as_posix()))
        elif target.is_file():
            out.append(target)
        else:
            missing.append(Problem(display_path(target), 0, 0, "", "no such file or folder"))
    if missing:
        raise ContentError(missing)
    return list(dict.fromkeys(out))
