"""pnp: print-and-play kits and a headless referee for three Westeros rulesets.

The package is split into shared layers that know no ruleset by name
(:mod:`pnp.content`, :mod:`pnp.render`, :mod:`pnp.engine`, :mod:`pnp.playtest`)
and ruleset plug-ins registered in :mod:`pnp.rulesets`.
"""

__version__ = "0.1.0"

# before any referee module is imported: their compiled extensions are used only
# while they match the sources (see pnp/compiled.py)
from pnp import compiled as _compiled

_compiled.guard()
