"""The House sigils the Iron Throne kit draws, by the name a House's ``sigil:`` gives.

Names only: the content schema checks a House's sigil against them
(:mod:`.model`) without loading the print code, and the kit draws each
(:mod:`pnp.rulesets.ironthrone.kit.icons`, one drawing per name).
"""

from __future__ import annotations

SIGILS: tuple[str, ...] = ("wolf", "lion", "stag", "dragon", "rose")

__all__ = ["SIGILS"]
