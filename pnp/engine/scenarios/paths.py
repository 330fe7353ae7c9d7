"""State paths: ``seats[0].power`` addresses a value in ``Game.snapshot()``.

A path is a dotted chain of mapping keys with ``[n]`` list indexes (negative
indexes count from the end). Keys may contain any character but ``.``, ``[``
and ``]`` (card ids such as ``stark-eddard`` work as keys). ``len(path)``
gives the length of the list, mapping or string found at ``path``.

A ruleset whose snapshot leaves a field out while it holds its usual value (a
thrones card shows ``kneeling`` only when it kneels) names those values in a
:class:`FieldDefaults` table, so that a scenario may still expect them
(``kneeling: false``): a path or an expected mapping reaching such a missing
key reads the default. The snapshot itself is untouched (state hashes read it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

_KEY = re.compile(r"[^.\[\]]+")
_INDEX = re.compile(r"\[(-?\d+)\]")
#: a list index of a defaults pattern that stands for every item
_ANY_INDEX = re.compile(r"\[\*\]")

#: a step of a path: a mapping key or a list index (``None``: any index, patterns only)
Step = str | int | None


class PathError(ValueError):
    """A path that cannot be parsed, or that leads nowhere in a snapshot."""


@dataclass(frozen=True)
class StatePath:
    """A parsed state path."""

    text: str
    steps: tuple[str | int, ...]
    length: bool = False

    @classmethod
    def parse(cls, text: str) -> StatePath:
        """Parse ``seats[0].power`` or ``len(seats[0].hand)``; :class:`PathError` if malformed."""
        body = text.strip()
        length = False
        if body.startswith("len(") and body.endswith(")"):
            body, length = body[4:-1].strip(), True
        steps = _steps(text, body, wildcard=False)  # no [*] here: every step is set
        return cls(text, tuple(step for step in steps if step is not None), length)

    def resolve(self, data: Any, defaults: FieldDefaults | None = None) -> Any:
        """The value at this path in ``data``; :class:`PathError` naming where it stopped."""
        return self.locate(data, defaults)[0]

    def locate(
        self, data: Any, defaults: FieldDefaults | None = None
    ) -> tuple[Any, tuple[str | int, ...]]:
        """The value at this path and where it is (negative indexes counted from the start).

        A key the snapshot lacks reads its default from ``defaults``, when it has one
        for the mapping there.
        """
        node = data
        walked = ""
        where: list[str | int] = []
        for step in self.steps:
            if isinstance(step, int):
                if not isinstance(node, list | tuple):
                    raise PathError(f"{walked or 'the state'} is not a list ({_kind(node)})")
                if not -len(node) <= step < len(node):
                    raise PathError(f"{walked or 'the state'} has {len(node)} items, no [{step}]")
                index = step % len(node)
                node = node[index]
                where.append(index)
                walked += f"[{step}]"
            else:
                if not isinstance(node, dict):
                    raise PathError(f"{walked or 'the state'} is not a mapping ({_kind(node)})")
                if step in node:
                    node = node[step]
                else:
                    usual = defaults.at(where) if defaults is not None else {}
                    if step not in usual:
                        keys = ", ".join(sorted(str(k) for k in node)) or "none"
                        where_text = walked or "the state"
                        raise PathError(f"{where_text} has no key {step!r} (keys: {keys})")
                    node = usual[step]
                where.append(str(step))
                walked += f".{step}" if walked else str(step)
        if self.length:
            if not isinstance(node, list | tuple | dict | str):
                raise PathError(f"len() of {walked}: not a list, mapping or string ({_kind(node)})")
            return len(node), tuple(where)
        return node, tuple(where)


@dataclass(frozen=True)
class FieldDefaults:
    """The values a snapshot leaves out, by where they would be.

    Built from a ruleset's table ``{pattern: {key: value}}``: a pattern is a state
    path whose list indexes may be ``[*]``, any item (``seats[*].in_play[*]``);
    a mapping found at a place the pattern names that lacks ``key`` reads as
    holding ``value``.
    """

    patterns: tuple[tuple[tuple[Step, ...], Mapping[str, Any]], ...] = ()

    @classmethod
    def parse(cls, table: Mapping[str, Mapping[str, Any]]) -> FieldDefaults:
        """The table's patterns parsed; :class:`PathError` for one that is malformed."""
        patterns = []
        for text, values in table.items():
            if not isinstance(values, Mapping):
                raise PathError(f"the defaults at {text!r} are not a mapping of keys to values")
            patterns.append((_steps(text, text.strip(), wildcard=True), dict(values)))
        return cls(tuple(patterns))

    def at(self, where: Sequence[str | int]) -> Mapping[str, Any]:
        """The defaults of the mapping at ``where`` (keys and non-negative indexes)."""
        out: dict[str, Any] = {}
        for steps, values in self.patterns:
            if len(steps) == len(where) and all(
                _step_matches(p, w) for p, w in zip(steps, where, strict=True)
            ):
                out.update(values)
        return out


def _step_matches(pattern: Step, step: str | int) -> bool:
    if pattern is None:
        return isinstance(step, int)
    if isinstance(pattern, int):
        return isinstance(step, int) and pattern == step
    return isinstance(step, str) and pattern == step


def _steps(text: str, body: str, wildcard: bool) -> tuple[Step, ...]:
    """The steps of the path ``body`` (``text`` as written, for the error);
    ``wildcard``: ``[*]`` may stand for any index (``None``)."""

    def bad() -> PathError:
        return PathError(f"cannot read the state path {text!r}")

    m = _KEY.match(body)
    if m is None:
        raise bad()
    steps: list[Step] = [m.group()]
    pos = m.end()
    while pos < len(body):
        if body[pos] == ".":
            m = _KEY.match(body, pos + 1)
            if m is None:
                raise bad()
            steps.append(m.group())
        elif body[pos] == "[":
            m = _INDEX.match(body, pos)
            if m is not None:
                steps.append(int(m.group(1)))
            elif wildcard and (m := _ANY_INDEX.match(body, pos)) is not None:
                steps.append(None)
            else:
                raise bad()
        else:
            raise bad()
        pos = m.end()
    return tuple(steps)


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__
