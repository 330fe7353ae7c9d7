"""The registered rulesets.

Adding a ruleset means: a package under ``pnp/rulesets/`` that builds a
:class:`Ruleset`, a content folder, templates, and one entry in ``RULESETS``.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pnp.content import ContentError, LoadedContent
from pnp.errors import UnknownRulesetError
from pnp.rulesets.fief import RULESET as FIEF
from pnp.rulesets.ironthrone import RULESET as IRONTHRONE
from pnp.rulesets.ruleset import Ruleset
from pnp.rulesets.thrones import RULESET as THRONES

#: Every ruleset pnp knows, in the order commands list and process them.
RULESETS: tuple[Ruleset, ...] = (THRONES, IRONTHRONE, FIEF)


def all_rulesets() -> tuple[Ruleset, ...]:
    """The registered rulesets (read at call time, so tests may swap the registry)."""
    return RULESETS


def find_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``, in any case (``Fief`` is ``fief``);
    :class:`UnknownRulesetError` if none."""
    wanted = name.lower()  # names are lower-case ids; every command looks them up here
    for ruleset in all_rulesets():
        if ruleset.name == wanted:
            return ruleset
    names = [r.name for r in all_rulesets()]
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


__all__ = ["RULESETS", "Ruleset", "all_rulesets", "find_ruleset", "load_all"]
