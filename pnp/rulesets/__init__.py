"""The registered rulesets, each imported on first use.

Adding a ruleset means: a package under ``pnp/rulesets/`` that builds a
:class:`Ruleset` named after the package (see ``pnp/rulesets/README.md``), a
content folder, templates, and one entry in ``RULESETS``.

The registry names packages rather than importing them: a command that needs
one ruleset imports that one alone (``pnp playtest fief`` never loads the
thrones referee), and ``pnp --help`` imports none.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pnp.content import ContentError, LoadedContent
from pnp.errors import UnknownRulesetError
from pnp.rulesets.ruleset import Ruleset

#: Every ruleset pnp knows, in the order commands list and process them: the
#: package whose ``RULESET`` it is (its last name is the ruleset's name), or a
#: :class:`Ruleset` itself (a test's fixture ruleset).
RULESETS: tuple[str | Ruleset, ...] = (
    "pnp.rulesets.thrones",
    "pnp.rulesets.ironthrone",
    "pnp.rulesets.fief",
)


def _name(entry: str | Ruleset) -> str:
    return entry.name if isinstance(entry, Ruleset) else entry.rpartition(".")[2]


def _load(entry: str | Ruleset) -> Ruleset:
    if isinstance(entry, Ruleset):
        return entry
    ruleset = getattr(importlib.import_module(entry), "RULESET", None)
    if not isinstance(ruleset, Ruleset) or ruleset.name != _name(entry):
        raise TypeError(f"{entry}.RULESET must be the Ruleset named {_name(entry)!r}")
    return ruleset


def ruleset_names() -> tuple[str, ...]:
    """The registered rulesets' names, importing none of them."""
    return tuple(_name(entry) for entry in RULESETS)


def all_rulesets() -> tuple[Ruleset, ...]:
    """The registered rulesets, every one imported (read at call time, so tests may
    swap the registry)."""
    return tuple(_load(entry) for entry in RULESETS)


def find_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``, in any case (``Fief`` is ``fief``),
    importing that one alone; :class:`UnknownRulesetError` if none."""
    wanted = name.lower()  # names are lower-case ids; every command looks them up here
    for entry in RULESETS:
        if _name(entry) == wanted:
            return _load(entry)
    names = list(ruleset_names())
    hint = difflib.get_close_matches(wanted, names, n=1)
    known = ", ".join(names) if names else "none are registered"
    extra = f"; did you mean {hint[0]!r}?" if hint else ""
    raise UnknownRulesetError(f"unknown ruleset {name!r} (known: {known}){extra}")


def load_all(rulesets: Sequence[Ruleset], content: Path | None) -> dict[str, LoadedContent[Any]]:
    """Each ruleset's content by ruleset name, or one :class:`ContentError` with the
    problems of them all, so a designer sees every broken file in one run."""
    loaded: dict[str, LoadedContent[Any]] = {}
    problems = []
    for ruleset in rulesets:
        try:
            # a lone ruleset may be given its own folder rather than a content root
            loaded[ruleset.name] = ruleset.load(content, alone=len(rulesets) == 1)
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return loaded


__all__ = ["RULESETS", "Ruleset", "all_rulesets", "find_ruleset", "load_all", "ruleset_names"]
