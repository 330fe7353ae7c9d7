"""The ruleset-independent referee core: decisions, RNG streams, events, records.

Modules: :mod:`~pnp.engine.game` (the surface a ruleset implements),
:mod:`~pnp.engine.native` (that surface for a game compiled with mypyc),
:mod:`~pnp.engine.rng` (seeded streams), :mod:`~pnp.engine.runner` (the core
loop with caps and invariants), :mod:`~pnp.engine.agents` (``random`` and the
bot lookup), :mod:`~pnp.engine.record` and :mod:`~pnp.engine.replay`
(JSON records), :mod:`~pnp.engine.scenarios` (scenario files) and
:mod:`~pnp.engine.testing` (helpers for rulesets' tests).
"""

from pnp.engine.errors import SetupError
from pnp.engine.game import (
    CAP_ENDINGS,
    Agent,
    Decision,
    Event,
    Game,
    GameConfig,
    Option,
    Result,
)
from pnp.engine.rng import derive_seed, stream
from pnp.engine.scenario_setup import validate_fixture_cards

__all__ = [
    "CAP_ENDINGS",
    "Agent",
    "Decision",
    "Event",
    "Game",
    "GameConfig",
    "Option",
    "Result",
    "SetupError",
    "derive_seed",
    "stream",
    "validate_fixture_cards",
]
