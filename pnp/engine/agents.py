"""Agents: who makes each seat's decisions.

Every ruleset gets :class:`RandomAgent` (``random``); a ruleset adds its own
bots by name in ``Ruleset.agents`` (``{"heuristic": HeuristicBot}``). An agent
decides from its seat's view only and draws any randomness from the RNG
stream the engine hands it (``stream(seed, "agent", seat)``), never from the
game's.

An agent class may set ``needs_view = False`` when it ignores the view; the
engine then skips building one, which keeps fast bots fast.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Sequence
from typing import Any

from pnp.engine.game import Agent, Decision
from pnp.errors import UsageError
from pnp.rulesets.ruleset import Ruleset


class RandomAgent:
    """Picks one of the options uniformly at random."""

    needs_view = False

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> int:
        """A uniformly random option index."""
        # float * float is one C multiply when compiled (mypyc); the product is
        # the same as float * int
        return int(rng.random() * float(len(decision.options)))


class SearchAgent:
    """The ``ismcts`` search agent's place in the agent table.

    It searches with OpenSpiel (extra ``[openspiel]``) over the game's whole
    recipe, which a view does not hold, so the playtest worker plays its
    seats with :class:`pnp.adapters.search.SearchChooser`; asked to decide
    from a view alone, it refuses.
    """

    needs_view = False

    def choose(self, view: Any, decision: Decision, rng: random.Random) -> int:
        """Never: see the class."""
        raise UsageError(
            f"the {SEARCH_AGENT} agent plays only in playtest and compare runs "
            "(it needs the game's whole history, not a view)"
        )


#: the name of the search agent (:mod:`pnp.adapters.search`)
SEARCH_AGENT = "ismcts"

#: its simulations per decision when ``--budget`` is not given: two-player thrones
#: then plays a game in about 8 s on one core (``bench/search.py``)
SEARCH_BUDGET = 16

#: agents every ruleset has
BUILTIN_AGENTS: dict[str, type[Any]] = {"random": RandomAgent, SEARCH_AGENT: SearchAgent}


def agent_names(ruleset: Ruleset) -> list[str]:
    """The agent names ``ruleset`` offers: ``random`` first, then its own bots."""
    return [*BUILTIN_AGENTS, *[n for n in ruleset.agents if n not in BUILTIN_AGENTS]]


def agent_name(ruleset: Ruleset, name: str) -> str:
    """The name of ``ruleset``'s agent called ``name`` in any case (``Heuristic`` is
    ``heuristic``), as the agent table spells it; :class:`UsageError` naming the
    known agents if there is none.

    Case is ignored as for ruleset names and the choice options, so a seat
    list typed as ``Random,HEURISTIC`` works; records keep the table's spelling.
    """
    known = agent_names(ruleset)
    if name in known:
        return name
    wanted = name.casefold()
    for candidate in known:
        if candidate.casefold() == wanted:
            return candidate
    hint = difflib.get_close_matches(wanted, known, n=1)
    extra = f"; did you mean {hint[0]!r}?" if hint else ""
    raise UsageError(
        f"unknown agent {name!r} for {ruleset.name} (agents: {', '.join(known)}){extra}"
    )


def make_agent(ruleset: Ruleset, name: str) -> Agent:
    """A new agent called ``name`` (in any case); :class:`UsageError` naming the known ones
    if none."""
    # the name as the table spells it is the common case (a playtest makes agents
    # for every game): look it up before building the list of names
    factory = ruleset.agents.get(name) or BUILTIN_AGENTS.get(name)
    if factory is None:
        name = agent_name(ruleset, name)
        factory = ruleset.agents.get(name) or BUILTIN_AGENTS[name]
    return factory()


def default_agent(ruleset: Ruleset) -> str:
    """The agent a seat gets when none is named: the ruleset's own first bot, else ``random``.

    A ruleset's bot is the default because balance, game-length and dead-card
    figures only mean something under sensible play; random seats stay one
    ``--agents random`` away for crash hunting.
    """
    return next(iter(ruleset.agents), "random")


def parse_agents(
    spec: str | Sequence[str] | None, players: int, ruleset: Ruleset
) -> tuple[str, ...]:
    """Agent names per seat from ``--agents``: one name for every seat, or one per seat.

    ``None`` or ``""`` means :func:`default_agent` everywhere. Raises
    :class:`UsageError` for a wrong count or an unknown name. Names are matched in any
    case and returned as the agent table spells them.
    """
    if spec is None or spec == "":
        names = [default_agent(ruleset)]
    elif isinstance(spec, str):
        names = [n.strip() for n in spec.split(",")]
    else:
        names = [n.strip() for n in spec]
    if any(not n for n in names):
        raise UsageError(f"--agents {spec!r}: an agent name is empty")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise UsageError(
            f"--agents names {len(names)} agents for {players} players; "
            f"give one name, which every seat plays, or {players} names, one per seat"
        )
    return tuple(agent_name(ruleset, name) for name in names)
