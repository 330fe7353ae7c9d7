"""The registered rulesets.

Adding a ruleset means: a package under ``pnp/rulesets/`` that builds a
:class:`Ruleset`, a content folder, templates, and one entry in ``RULESETS``.
"""

from __future__ import annotations

import difflib

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


__all__ = ["RULESETS", "Ruleset", "all_rulesets", "find_ruleset"]
