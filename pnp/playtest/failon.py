"""``pnp compare --fail-on``: when a comparison fails (exit status 1), for a designer's CI.

A rule is ``WHAT>AMOUNTpp``; several are given comma-separated or by
repeating the option, and the comparison fails when any rule is broken:

``house>3pp``
    some House's win rate moved by more than 3 percentage points, up or
    down, *and* its 95% paired interval lies clear of zero (a move the games
    cannot explain by chance);
``house:stark>3pp``
    the same for one House;
``seat>5pp``, ``seat:0>5pp``
    the same for any seat, or one seat (counted from 0);
``card>10pp``, ``card:harvest-feast>10pp``
    a card's improvement when drawn moved by more than that with its interval
    clear of zero; only a ranked card (one the comparison ranks: enough
    paired seat-games drawn and not seen) is judged.

AMOUNT is a number of percentage points (``3``, ``2.5``) followed by
``pp``, so ``3pp`` is never mistaken for 3% of the rate.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from pnp.errors import UsageError

#: what a rule may watch
KINDS = ("house", "seat", "card")

_RULE = re.compile(
    r"^(?P<kind>[a-z]+)(?::(?P<name>[^\s>]+))?\s*>\s*(?P<points>\d+(?:\.\d+)?)\s*pp$",
    re.IGNORECASE,
)

#: how the usage error shows the syntax
SYNTAX = "house>3pp, house:ID>3pp, seat>3pp, seat:N>3pp, card>10pp or card:ID>10pp"


@dataclass(frozen=True)
class FailRule:
    """One ``--fail-on`` rule."""

    kind: str
    #: the House id, seat number or card id it watches (``None``: every one)
    name: str | None
    #: the largest move allowed, as a fraction (3pp: 0.03)
    limit: float
    #: the rule as given, to quote in the reason
    text: str

    def watches(self, name: str) -> bool:
        """Whether the rule watches the House, seat or card ``name``."""
        return self.name is None or self.name == name


def parse_fail_on(texts: Iterable[str]) -> list[FailRule]:
    """The rules of ``--fail-on`` values (each may hold several, comma-separated)."""
    rules = []
    for text in texts:
        for part in text.split(","):
            item = part.strip()
            match = _RULE.match(item)
            if not match or match["kind"].lower() not in KINDS:
                raise UsageError(f"--fail-on {item!r}: expected a rule like {SYNTAX}")
            kind = match["kind"].lower()
            name = match["name"]
            if kind == "seat" and name is not None and not name.isdigit():
                raise UsageError(f"--fail-on {item!r}: a seat is a number counted from 0")
            if kind != "card" and name is not None:
                name = name.lower()  # House ids are lower-case slugs, as --houses takes them
            rules.append(FailRule(kind, name, float(match["points"]) / 100, item))
    return rules


#: the most names an error lists in full
NAMES_SHOWN = 12


def check_names(rules: Iterable[FailRule], kind: str, known: Iterable[str], what: str) -> None:
    """Raise a :class:`UsageError` for a rule of ``kind`` naming none of ``known``."""
    names = sorted(set(known), key=str)
    for rule in rules:
        if rule.kind == kind and rule.name is not None and rule.name not in names:
            if len(names) <= NAMES_SHOWN:
                shown = f"{what}s: " + (", ".join(names) or "none")
            else:  # 185 card ids on one line help nobody: the nearest, and how many
                close = difflib.get_close_matches(rule.name, names, n=3, cutoff=0.8)
                near = f"did you mean {' or '.join(close)}? " if close else ""
                shown = f"{near}{len(names)} {what}s in all"
            raise UsageError(
                f"--fail-on {rule.text!r}: no {what} {rule.name!r} in these games ({shown})"
            )
