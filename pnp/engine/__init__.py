"""The ruleset-independent referee core: decisions, RNG streams, events, records."""

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

__all__ = [
    "CAP_ENDINGS",
    "Agent",
    "Decision",
    "Event",
    "Game",
    "GameConfig",
    "Option",
    "Result",
    "derive_seed",
    "stream",
]
