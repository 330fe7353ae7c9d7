"""Seats played by the ``ismcts`` search agent: their chooser, and the checks before a run.

The search agent (:mod:`pnp.adapters.search`) needs OpenSpiel, an optional extra:
it is imported only when a run has a search seat, and a run that names
``ismcts`` without it installed is refused before any game is played.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from importlib import import_module
from typing import Any

from pnp.adapters.world import kit
from pnp.content import LoadedContent
from pnp.engine.agents import SEARCH_AGENT, SEARCH_BUDGET
from pnp.engine.runner import Chooser, agents_chooser
from pnp.errors import UsageError
from pnp.playtest.plan import PlaytestPlan
from pnp.rulesets.ruleset import Ruleset


def check_search(ruleset: Ruleset, agents: Sequence[str], budget: int | None) -> None:
    """:class:`UsageError` for ``--budget`` without a search seat, a budget below 2, a
    search seat without OpenSpiel installed or in a ruleset without the adapters'
    ``encoding.py`` and ``resample.py``."""
    searching = SEARCH_AGENT in agents
    if budget is not None:
        if not searching:
            raise UsageError(f"--budget is for {SEARCH_AGENT} seats; --agents names none")
        if budget < 2:
            # OpenSpiel's ISMCTS spends the first simulation creating the root: with
            # one, nothing below it is ever visited and it has no choice to make
            raise UsageError("--budget must be at least 2 simulations per decision")
    if not searching:
        return
    if importlib.util.find_spec("pyspiel") is None:
        raise UsageError(f"the {SEARCH_AGENT} agent needs OpenSpiel: pip install -e '.[openspiel]'")
    kit(ruleset.name)  # a UsageError when the ruleset has no adapter modules


def chooser_for(plan: PlaytestPlan, content: LoadedContent[Any], seed: int) -> Chooser:
    """Who decides in the game of ``seed``: the plan's agents, search seats included."""
    if SEARCH_AGENT not in plan.agents:
        return agents_chooser(plan.ruleset, plan.agents, seed)
    # imported here, not at the top: OpenSpiel is an optional extra (see the module)
    search = import_module("pnp.adapters.search")
    chooser: Chooser = search.SearchChooser(
        plan.ruleset,
        content,
        plan.config(),
        seed,
        plan.agents,
        plan.search_budget or SEARCH_BUDGET,
        max_steps=plan.limits.max_steps,
        max_rounds=plan.limits.max_rounds,
    )
    return chooser


def search_origin(plan: PlaytestPlan) -> dict[str, int]:
    """What a game record keeps of its search seats: their budget (nothing without any),
    which a person reading the record could not otherwise know."""
    if SEARCH_AGENT not in plan.agents:
        return {}
    return {"search_budget": plan.search_budget or SEARCH_BUDGET}


__all__ = ["check_search", "chooser_for", "search_origin"]
