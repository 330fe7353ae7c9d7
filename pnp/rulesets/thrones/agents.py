"""Bots for thrones (placeholder replaced below)."""

from __future__ import annotations

from typing import Any

from pnp.engine.game import Decision


class HeuristicAgent:
    """Plays sensibly from its view."""

    def choose(self, view: Any, decision: Decision, rng: Any) -> int:
        return 0
