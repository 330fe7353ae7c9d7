"""State paths: ``seats[0].power`` addresses a value in ``Game.snapshot()``.

A path is a dotted chain of mapping keys with ``[n]`` list indexes (negative
indexes count from the end). Keys may contain any character but ``.``, ``[``
and ``]`` (card ids such as ``stark-eddard`` work as keys). ``len(path)``
gives the length of the list, mapping or string found at ``path``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_KEY = re.compile(r"[^.\[\]]+")
_INDEX = re.compile(r"\[(-?\d+)\]")


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

        def bad() -> PathError:
            return PathError(f"cannot read the state path {text!r}")

        m = _KEY.match(body)
        if m is None:
            raise bad()
        steps: list[str | int] = [m.group()]
        pos = m.end()
        while pos < len(body):
            if body[pos] == ".":
                m = _KEY.match(body, pos + 1)
                if m is None:
                    raise bad()
                steps.append(m.group())
            elif body[pos] == "[":
                m = _INDEX.match(body, pos)
                if m is None:
                    raise bad()
                steps.append(int(m.group(1)))
            else:
                raise bad()
            pos = m.end()
        return cls(text, tuple(steps), length)

    def resolve(self, data: Any) -> Any:
        """The value at this path in ``data``; :class:`PathError` naming where it stopped."""
        node = data
        walked = ""
        for step in self.steps:
            if isinstance(step, int):
                if not isinstance(node, list | tuple):
                    raise PathError(f"{walked or 'the state'} is not a list ({_kind(node)})")
                if not -len(node) <= step < len(node):
                    raise PathError(f"{walked or 'the state'} has {len(node)} items, no [{step}]")
                node = node[step]
                walked += f"[{step}]"
            else:
                if not isinstance(node, dict):
                    raise PathError(f"{walked or 'the state'} is not a mapping ({_kind(node)})")
                if step not in node:
                    keys = ", ".join(sorted(str(k) for k in node)) or "none"
                    where = walked or "the state"
                    raise PathError(f"{where} has no key {step!r} (keys: {keys})")
                node = node[step]
                walked += f".{step}" if walked else step
        if self.length:
            if not isinstance(node, list | tuple | dict | str):
                raise PathError(f"len() of {walked}: not a list, mapping or string ({_kind(node)})")
            return len(node)
        return node


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__
