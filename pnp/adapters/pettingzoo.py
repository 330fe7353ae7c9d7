"""The rulesets as PettingZoo environments (extra ``[pettingzoo]``)::

    from pnp.adapters.pettingzoo import env

    game = env("thrones", players=2)
    game.reset(seed=7)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        done = terminated or truncated
        game.step(None if done else game.action_space(agent).sample(obs["action_mask"]))

:func:`env` gives an AEC environment; :func:`parallel_env` the same game as a
parallel one (PettingZoo's own ``aec_to_parallel``).

How the game maps onto PettingZoo, and why:

- **agents** ``player_0`` … are the seats. The rules ask one seat at a time,
  in no fixed order, so the environment plays in **cycles**: each cycle every
  agent steps once, in seat order; the seat the pending decision belongs to
  chooses, the others wait (their only unmasked action is 0, and whatever
  they send is ignored), and the decision is applied when the cycle ends.
  One decision per cycle keeps the state still within a cycle, so the
  environment converts to a parallel one honestly, and ``max_cycles`` counts
  decisions.
- **observation**: ``Dict(observation, action_mask)``: the seat's view in the
  ruleset's fixed-size encoding (``encoding.py``, float32) and a mask of the
  actions open to it (int8).
- **action**: ``Discrete(MAX_OPTIONS)``; action ``a`` of the deciding seat
  picks option ``a`` of the decision, options in their fixed order. The mask
  marks the options there are; an action of the space past them wraps around
  (option ``a mod n``), so every action of the space is a move and a sampled
  action never stops a game. An integer outside the space (``-1``,
  ``MAX_OPTIONS``) is refused with a :class:`UsageError`, from any agent.
- **misuse** is a :class:`UsageError` that says what is wrong: a step before
  ``reset()``, a step or ``last()`` once every agent is done (the game is over:
  ``reset()`` starts another), an agent name that is not one of the agents.
- **rewards** come at the end only: the winners share 1 (``1/k`` each for a
  shared victory), the others get 0; every agent is terminated together.
  A game stopped by ``max_cycles`` or the ruleset's caps is truncated, with
  rewards of 0.
- **seeds**: ``reset(seed=s)`` (``s`` a whole number of at least 0, as
  OpenSpiel's ``seed``) plays the game of seed ``s``, exactly the game
  ``pnp playtest``/the referee plays from ``s``; ``reset()`` with no seed
  plays the next seed of a sequence derived from the last seed given (0 at
  first), never from the clock or the global ``random``.
- ``render()`` is a plain-text dump of the whole state (a referee's view, the
  hidden cards included) and the pending decision: ``render_mode="ansi"``
  returns it, ``"human"`` prints it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel

from pnp.adapters.world import World, check_cap, check_seed, make_table, table_encoder
from pnp.engine.rng import derive_seed
from pnp.errors import UsageError


def env(
    ruleset: str,
    players: int | None = None,
    houses: list[str | None] | tuple[str | None, ...] | None = None,
    options: dict[str, Any] | None = None,
    *,
    max_cycles: int | None = None,
    render_mode: str | None = None,
) -> PnpEnv:
    """An AEC environment of ``ruleset`` (see the module); bad settings raise ``UsageError``."""
    return PnpEnv(ruleset, players, houses, options, max_cycles=max_cycles, render_mode=render_mode)


def parallel_env(
    ruleset: str,
    players: int | None = None,
    houses: list[str | None] | tuple[str | None, ...] | None = None,
    options: dict[str, Any] | None = None,
    *,
    max_cycles: int | None = None,
    render_mode: str | None = None,
) -> Any:
    """The same game as a parallel environment (each step: one cycle)."""
    return aec_to_parallel(
        env(ruleset, players, houses, options, max_cycles=max_cycles, render_mode=render_mode)
    )


class PnpEnv(AECEnv):
    """A game of a ruleset as a PettingZoo AEC environment (see the module)."""

    #: the render modes there are
    RENDER_MODES = ("ansi", "human")
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "is_parallelizable": True}

    def __init__(
        self,
        ruleset: str,
        players: int | None = None,
        houses: list[str | None] | tuple[str | None, ...] | None = None,
        options: dict[str, Any] | None = None,
        *,
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of ansi, human or None, not {render_mode!r}")
        check_cap("max_cycles", max_cycles)  # named as the caller wrote it
        self.table = make_table(ruleset, players, houses, options, 0, max_steps=max_cycles)
        self.metadata = {**self.metadata, "name": f"pnp_{self.table.ruleset}_v0"}
        self.render_mode = render_mode
        n = self.table.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        size = table_encoder(self.table).size
        self.actions = self.table.kit.max_options
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.actions) for a in self.possible_agents}
        self._seed = 0
        self._resets = 0
        self.world: World | None = None
        # until reset() there is no game: no agents, and a clear error for a step
        self.agents: list[str] = []
        self.agent_selection = ""

    def observation_space(self, agent: str) -> spaces.Space:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """The action space of ``agent`` (the same for every agent)."""
        return self.action_spaces[agent]

    # -- the game ------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start the game of ``seed`` (or of the next seed of the sequence; see the module)."""
        if seed is not None:
            # numpy's integers too (a seed drawn from a generator); never a float or bool
            check_seed(int(seed) if isinstance(seed, np.integer) else seed)
            self._seed, self._resets = int(seed), 0
            game_seed = self._seed
        else:
            self._resets += 1
            game_seed = derive_seed(self._seed, "reset", self._resets) % 2**63
        self.world = World(replace(self.table, seed=game_seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._turn = 0  # the agent stepping now, in seat order within the cycle
        self._chosen: int | None = None
        self.agent_selection = self.agents[0]
        self._settle()

    def _game(self) -> World:
        """The game being played (a :class:`UsageError` before :meth:`reset`)."""
        if self.world is None:
            raise UsageError("no game yet: call reset() before observe(), last() or step()")
        return self.world

    def _seat(self, agent: str) -> int:
        """``agent``'s seat (a :class:`UsageError` for a name that is no agent's)."""
        if agent not in self.possible_agents:
            raise UsageError(
                f"there is no agent {agent!r}: the agents are {', '.join(self.possible_agents)}"
            )
        return self.possible_agents.index(agent)

    def _live(self) -> World:
        """The game being played, with an agent to act (a :class:`UsageError` once every
        agent is done)."""
        world = self._game()
        if not self.agents:
            raise UsageError("the game is over and every agent is done: call reset() to play again")
        return world

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info."""
        self._live()
        return super().last(observe)

    def _decider(self) -> int | None:
        assert self.world is not None
        decision = self.world.decision()
        return None if decision is None else decision.seat

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s view, encoded, and the mask of its actions."""
        world = self._game()
        seat = self._seat(agent)
        mask = np.zeros(self.actions, np.int8)
        decision = world.decision()
        if decision is not None and decision.seat == seat:
            mask[: len(decision.options)] = 1
        elif decision is not None:
            mask[0] = 1  # waiting: one action, which changes nothing
        observation = np.asarray(world.encode(seat), dtype=np.float32)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """The selected agent's move: a choice if the decision is its own, else a wait."""
        world = self._live()
        agent = self.agent_selection
        whole = isinstance(action, (int, np.integer)) and not isinstance(action, bool)
        if whole and not 0 <= action < self.actions:
            # outside the space is no move: only the space's actions wrap around
            raise UsageError(
                f"action {int(action)} of {agent} is outside its action space "
                f"(0 to {self.actions - 1})"
            )
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        decision = world.decision()
        assert decision is not None  # the game ends only at the end of a cycle
        if decision.seat == seat:
            if not isinstance(action, (int, np.integer)) or isinstance(action, bool):
                raise UsageError(
                    f"{agent} decides now: its action is an option index (0 to "
                    f"{len(decision.options) - 1}, wrapping past it), not {action!r}"
                )
            self._chosen = int(action) % len(decision.options)
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._turn += 1
        if self._turn == len(self.agents):  # the cycle is over: the decision is made
            assert self._chosen is not None
            world.apply(self._chosen)
            self._turn, self._chosen = 0, None
            self._settle()
        self.agent_selection = self.agents[self._turn]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """Mark every agent done, with its reward, once the game is over."""
        assert self.world is not None
        if not self.world.over():
            return
        returns = self.world.returns()
        finished = not self.world.capped()
        for seat, a in enumerate(self.agents):
            self.rewards[a] = returns[seat]
            self.terminations[a] = finished
            self.truncations[a] = not finished
            result = self.world.result()
            self.infos[a] = {"ending": result.ending if result is not None else None}

    def render(self) -> str | None:
        """The whole state and the pending decision as plain text (see the module)."""
        if self.render_mode is None or self.world is None:
            return None
        decision = self.world.decision()
        lines = [
            f"{self.table.ruleset}, seed {self.world.table.seed}, "
            f"{len(self.world.moves)} decisions played",
            json.dumps(self.world.game.snapshot(), indent=1, sort_keys=True, default=str),
        ]
        if decision is None:
            lines.append(f"over: {self.world.result()}")
        else:
            lines.append(f"player_{decision.seat} to choose ({decision.kind}):")
            lines += [f"  {i}: {label}" for i, label in enumerate(decision.labels())]
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


__all__ = ["PnpEnv", "env", "parallel_env"]
