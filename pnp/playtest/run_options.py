"""The options every kind of run shares (``playtest``, ``sweep``, ``compare``): their
checks before any game, and the verdict thresholds they set.

Each command's request names these options alike; the checks read them through
the two protocols below, so a new kind of run checks them the same way.
"""

from __future__ import annotations

from typing import Protocol

from pnp.errors import UsageError
from pnp.playtest.cluster import executor_for
from pnp.playtest.verdict import Thresholds
from pnp.rulesets.ruleset import Ruleset


class RunOptions(Protocol):
    """Where the games are played and how long one may last."""

    workers: int | None
    cluster: str | None
    max_rounds: int | None
    max_steps: int | None


class JudgingOptions(Protocol):
    """The verdict's thresholds (``None``: the ruleset's default)."""

    fair_margin: float | None
    max_cap_rate: float | None
    card_games: int | None
    house_games: int | None
    seat_games: int | None


def check_run_options(request: RunOptions) -> None:
    """A :class:`UsageError` for a bad ``--workers``, ``--cluster`` (or no Dask),
    ``--max-rounds`` or ``--max-steps``: said before any game."""
    if request.workers is not None and request.workers < 1:
        raise UsageError("--workers must be at least 1")
    if request.cluster is not None:
        executor_for(request.workers, request.cluster)
    for name, value in (("--max-rounds", request.max_rounds), ("--max-steps", request.max_steps)):
        if value is not None and value < 1:
            raise UsageError(f"{name} must be at least 1")


def check_judging_options(request: JudgingOptions) -> None:
    """A :class:`UsageError` for a threshold out of its range."""
    if request.fair_margin is not None and not 0 <= request.fair_margin <= 1:
        raise UsageError("--fair-margin must be between 0 and 1")
    if request.max_cap_rate is not None and not 0 <= request.max_cap_rate <= 1:
        raise UsageError("--max-cap-rate must be between 0 and 1")
    counts = (
        ("--card-games", request.card_games),
        ("--house-games", request.house_games),
        ("--seat-games", request.seat_games),
    )
    for name, value in counts:
        if value is not None and value < 0:
            raise UsageError(f"{name} must be 0 or more")


def thresholds_for(ruleset: Ruleset, request: JudgingOptions) -> Thresholds:
    """The verdict's thresholds: the ruleset's, with the options given."""
    return Thresholds.for_ruleset(
        ruleset,
        fair_margin=request.fair_margin,
        max_cap_rate=request.max_cap_rate,
        card_games=request.card_games,
        house_games=request.house_games,
        seat_games=request.seat_games,
    )
