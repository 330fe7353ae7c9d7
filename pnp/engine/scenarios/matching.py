"""How scenario expectations compare with what a game did.

- A value matches when it is equal, with three refinements: an expected
  mapping matches any mapping holding at least its keys with matching values
  (subset matching, recursively), except that an empty one (``{}``) matches
  only an empty mapping, so that a scenario can say "nothing here"; lists
  and tuples compare item by item; and ``true``/``false`` never equal ``1``/``0``.
- An event pattern ``{kind, seat?, key: value…}`` matches an event of that
  kind (and seat, when given) whose data holds every other key with a
  matching value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from pnp.engine.game import Event

#: keys of an event pattern that address the event itself, not its data
EVENT_KEYS = ("kind", "seat")


def plain(value: Any) -> Any:
    """``value`` as plain YAML-able data: tuples become lists, mappings dicts."""
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def matches(expected: Any, actual: Any) -> bool:
    """Whether ``actual`` matches ``expected`` (see the module docstring)."""
    if isinstance(expected, Mapping):
        if not expected:  # "nothing here", not "anything at all"
            return isinstance(actual, Mapping) and not actual
        return isinstance(actual, Mapping) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list | tuple):
        return (
            isinstance(actual, list | tuple)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return expected == actual
    return type(expected) is type(actual) and expected == actual


def event_matches(pattern: Mapping[str, Any], event: Event) -> bool:
    """Whether ``event`` matches the event ``pattern``."""
    if event.kind != pattern["kind"]:
        return False
    if "seat" in pattern and not matches(pattern["seat"], event.seat):
        return False
    data = event.data
    return all(k in data and matches(v, data[k]) for k, v in pattern.items() if k not in EVENT_KEYS)


def event_differences(pattern: Mapping[str, Any], event: Event) -> list[str]:
    """Why ``event`` fails ``pattern``, one short phrase per differing key."""
    out: list[str] = []
    if event.kind != pattern["kind"]:
        out.append(f"kind {event.kind} ≠ {pattern['kind']}")
    if "seat" in pattern and not matches(pattern["seat"], event.seat):
        out.append(f"seat {show(event.seat)} ≠ {show(pattern['seat'])}")
    for key, want in pattern.items():
        if key in EVENT_KEYS:
            continue
        if key not in event.data:
            out.append(f"no {key}")
        elif not matches(want, event.data[key]):
            out.append(f"{key} {show(event.data[key])} ≠ {show(want)}")
    return out


def show(value: Any) -> str:
    """A value written the way the scenario file would write it (YAML flow style)."""
    text = yaml.safe_dump(
        plain(value), default_flow_style=True, width=1_000_000, allow_unicode=True, sort_keys=False
    )
    return text.strip().removesuffix("...").strip()


def show_event(event: Event) -> str:
    """One line for an event: ``challenge_won seat 0 {unopposed: true}``."""
    text = event.kind
    if event.seat is not None:
        text += f" seat {event.seat}"
    if event.data:
        text += " " + show(dict(event.data))
    return text


def show_pattern(pattern: Mapping[str, Any]) -> str:
    """An event pattern as written in the scenario file."""
    return show(dict(pattern))
