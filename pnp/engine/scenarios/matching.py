"""How scenario expectations compare with what a game did.

- A value matches when it is equal, with three refinements: an expected
  mapping matches any mapping holding at least its keys with matching values
  (subset matching, recursively), except that an empty one (``{}``) matches
  only an empty mapping, so that a scenario can say "nothing here"; lists
  and tuples compare item by item; and ``true``/``false`` never equal ``1``/``0``.
  A number key of an expected mapping (``{0: {knight: 2}}``, as YAML reads
  it) finds the snapshot's string key ``"0"``: snapshots are JSON-shaped.
  Given the ruleset's :class:`~pnp.engine.scenarios.paths.FieldDefaults` and
  where ``actual`` sits in the snapshot, a key the snapshot left out reads its
  default (``kneeling: false`` matches a card shown without ``kneeling``).
- An event pattern ``{kind, seat?, key: value…}`` matches an event of that
  kind (and seat, when given) whose data holds every other key with a
  matching value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import yaml

from pnp.engine.game import Event
from pnp.engine.scenarios.paths import FieldDefaults

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


_MISSING = object()


def lookup(mapping: Mapping[Any, Any], key: Any) -> Any:
    """``mapping[key]``, a number key also finding its string (``0`` finds ``"0"``);
    :data:`_MISSING` when neither is there."""
    if key in mapping:
        return mapping[key]
    if isinstance(key, int) and not isinstance(key, bool) and str(key) in mapping:
        return mapping[str(key)]
    return _MISSING


def found_at(
    actual: Mapping[Any, Any],
    key: Any,
    defaults: FieldDefaults | None,
    at: tuple[str | int, ...],
) -> tuple[Any, tuple[str | int, ...]]:
    """``actual[key]`` (:func:`lookup`), else its default for the mapping at ``at``, else
    :data:`_MISSING`; with where the value sits."""
    found = lookup(actual, key)
    if found is _MISSING and defaults is not None:
        found = defaults.at(at).get(str(key), _MISSING)
    return found, (*at, str(key))


def matches(
    expected: Any,
    actual: Any,
    defaults: FieldDefaults | None = None,
    at: tuple[str | int, ...] = (),
) -> bool:
    """Whether ``actual`` matches ``expected`` (see the module docstring); ``at`` is where
    ``actual`` sits in the snapshot, for ``defaults``."""
    if isinstance(expected, Mapping):
        if not expected:  # "nothing here", not "anything at all"
            return isinstance(actual, Mapping) and not actual
        if not isinstance(actual, Mapping):
            return False
        for k, v in expected.items():
            found, where = found_at(actual, k, defaults, at)
            if found is _MISSING or not matches(v, found, defaults, where):
                return False
        return True
    if isinstance(expected, list | tuple):
        return (
            isinstance(actual, list | tuple)
            and len(expected) == len(actual)
            and all(
                matches(e, a, defaults, (*at, i))
                for i, (e, a) in enumerate(zip(expected, actual, strict=True))
            )
        )
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    if isinstance(expected, int | float) and isinstance(actual, int | float):
        return expected == actual
    return type(expected) is type(actual) and expected == actual


def differences(
    expected: Any,
    actual: Any,
    where: str = "",
    defaults: FieldDefaults | None = None,
    at: tuple[str | int, ...] = (),
) -> list[str]:
    """Where ``actual`` fails ``expected``, one line per differing value, each named by
    its path below the expectation (``.gold: expected 3, actual 5``), so that a
    mismatch inside a thirty-key mapping is pointed at rather than printed whole.
    ``defaults`` and ``at`` as for :func:`matches`."""
    if matches(expected, actual, defaults, at):
        return []
    if isinstance(expected, Mapping) and expected and isinstance(actual, Mapping):
        out: list[str] = []
        for k, v in expected.items():
            found, inner = found_at(actual, k, defaults, at)
            if found is _MISSING:
                keys = ", ".join(sorted(str(key) for key in actual)) or "none"
                out.append(f"{where}.{k}: missing (keys here: {keys})")
            else:
                out += differences(v, found, f"{where}.{k}", defaults, inner)
        return out
    if (
        isinstance(expected, list | tuple)
        and isinstance(actual, list | tuple)
        and len(expected) == len(actual)
        and any(isinstance(e, Mapping | list | tuple) for e in expected)
    ):
        out = []
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            out += differences(e, a, f"{where}[{i}]", defaults, (*at, i))
        return out
    return [f"{where or 'the value'}: expected {show(expected)}, actual {show(actual)}"]


def event_matches(pattern: Mapping[str, Any], event: Event) -> bool:
    """Whether ``event`` matches the event ``pattern``."""
    if event.kind != pattern["kind"]:
        return False
    if "seat" in pattern and not matches(pattern["seat"], event.seat):
        return False
    data = event.data
    for k, v in pattern.items():
        if k in EVENT_KEYS:
            continue
        found = lookup(data, k)
        if found is _MISSING or not matches(v, found):
            return False
    return True


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
        found = lookup(event.data, key)
        if found is _MISSING:
            out.append(f"no {key}")
        elif not matches(want, found):
            out.append(f"{key} {show(found)} ≠ {show(want)}")
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
