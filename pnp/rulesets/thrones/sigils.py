"""The House sigils the kit draws, by the name a House's ``sigil:`` gives.

Names only: the content schema checks a House's sigil against them
(:mod:`.model`) without loading the print code, and the kit draws each
(:data:`pnp.rulesets.thrones.kit.icons.CHARGES`, one drawing per name).
"""

from __future__ import annotations

SIGILS: tuple[str, ...] = ("direwolf", "lion", "stag", "kraken", "sun-and-spear", "dragon")

__all__ = ["SIGILS"]
