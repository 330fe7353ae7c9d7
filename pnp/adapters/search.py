"""The ``ismcts`` agent: OpenSpiel's information-set MCTS over the OpenSpiel adapter.

A search seat decides with :class:`open_spiel.python.algorithms.ismcts.ISMCTSBot`
(OpenSpiel's own, unmodified) on the game as :mod:`pnp.adapters.openspiel`
presents it: each simulation starts from a world the ruleset's ``resample.py``
draws from what the seat has seen (its view, its own choices, what was ever
public; what other seats chose face down and have not revealed is drawn
again), so the search never reads a hidden card or a hidden choice. Tree nodes
are keyed by the information-state string (all the seat was told, and its view).

The leaf evaluation (:class:`BotRollout`, an OpenSpiel ``Evaluator``) plays
the sampled world to its end with the ruleset's heuristic bot in every seat
(each deciding from its own view) and returns the game's rewards (the
winners share 1). It plays the state it is handed in place instead of a
copy: ISMCTS draws a fresh world for every simulation (unlimited world
samples) and drops it after the evaluation, and a copy would replay the game.

``budget`` is the number of simulations per decision. A search seat needs
the game's whole recipe (set-up, seed and every choice so far), which an
agent deciding from a view never gets: :class:`SearchChooser` plays every seat
of a game, sending the other seats' decisions to their agents as
:func:`pnp.engine.runner.agents_chooser` does, and remembers each choice.
Each search draws from a stream of its own, ``stream(seed, "agent", seat,
"search", step)`` (``step``: the number of choices made before it), so a game
with search seats is reproduced by its seed, and a search depends only on the
game so far: ``pnp play`` resumes or undoes a game without searching again
for the decisions it replays.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts
from open_spiel.python.algorithms.mcts import Evaluator

from pnp.adapters.openspiel import PnpGame, PnpState
from pnp.adapters.world import Table
from pnp.content import LoadedContent
from pnp.engine.agents import SEARCH_AGENT, SEARCH_BUDGET
from pnp.engine.game import Decision, Game, GameConfig
from pnp.engine.rng import stream
from pnp.engine.runner import agents_chooser
from pnp.rulesets.ruleset import Ruleset

#: the exploration constant of the tree policy (UCT), for rewards in [0, 1]
UCT_C = 1.0


class BotRollout(Evaluator):
    """Evaluates a state by playing it out in place with the ruleset's heuristic bot."""

    def __init__(self, ruleset: Ruleset, rng: random.Random) -> None:
        factory = ruleset.agents.get("heuristic")
        if factory is None:
            raise ValueError(f"{ruleset.name} has no heuristic bot to play rollouts with")
        self.bot = factory()
        self.rng = rng

    def evaluate(self, state: PnpState) -> np.ndarray:
        """The rewards of ``state`` played to its end: the winners share 1, a cap gives 0.

        The engine's game is played directly, past the world's record of moves (the
        state is used up: see the module), within the same caps."""
        world = state.world
        game = world.game
        choose = self.bot.choose
        steps = len(world.moves)
        while (decision := game.decision()) is not None:
            if steps >= world.step_cap or game.round > world.round_cap:
                return np.zeros(world.table.players)
            game.apply(choose(game.view(decision.seat), decision, self.rng))
            steps += 1
        out = np.zeros(world.table.players)
        result = game.result()
        if result is not None and result.winners:
            out[list(result.winners)] = 1.0 / len(result.winners)
        return out

    def prior(self, state: PnpState) -> list[tuple[int, float]]:
        """Every legal action alike."""
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


class SearchChooser:
    """Plays every seat of one game: ``ismcts`` seats search, the others ask their agent."""

    def __init__(
        self,
        ruleset: Ruleset,
        content: LoadedContent[Any],
        config: GameConfig,
        seed: int,
        agent_names: Sequence[str],
        budget: int = SEARCH_BUDGET,
        *,
        max_steps: int | None = None,
        max_rounds: int | None = None,
    ) -> None:
        if budget < 2:
            # the first simulation only creates the root (OpenSpiel's ISMCTS)
            raise ValueError(f"the search budget must be at least 2 simulations, not {budget}")
        self.table = Table(
            ruleset.name,
            config.players,
            tuple(config.factions) if config.factions is not None else None,
            tuple(sorted(config.options.items())),
            seed,
            max_steps,
            max_rounds,
            content=content,
        )
        self.game = PnpGame(table=self.table)
        self.ruleset = ruleset
        self.seed = seed
        self.searching = [name == SEARCH_AGENT for name in agent_names]
        others = [
            name if not s else "random" for name, s in zip(agent_names, self.searching, strict=True)
        ]
        self.others = agents_chooser(ruleset, others, seed)
        self.budget = budget
        self.history: list[int] = []

    def search(self, seat: int, history: Sequence[int]) -> int:
        """The option ``seat``'s search chooses at the decision reached by the choices
        ``history`` (the game set up from the seed, then each of them applied)."""
        state = self.game.new_initial_state()
        state.replay(list(history))
        return self.decide(seat, state, len(history))

    def decide(self, seat: int, state: PnpState, step: int) -> int:
        """The option ``seat``'s search chooses in ``state``, the decision after ``step``
        choices (the search's stream: ``stream(seed, "agent", seat, "search", step)``)."""
        rng = stream(self.seed, "agent", seat, "search", step)
        return int(self._bot(rng).step(state))

    def _bot(self, rng: random.Random) -> ismcts.ISMCTSBot:
        bot = ismcts.ISMCTSBot(
            self.game,
            BotRollout(self.ruleset, rng),
            UCT_C,
            self.budget,
            random_state=np.random.RandomState(rng.getrandbits(32)),
            allow_inconsistent_action_sets=True,
        )

        def resample(state: PnpState, player: int) -> PnpState:
            # the world's seed from this seat's stream, never OpenSpiel's clock-seeded sampler
            return state.resample_from_infostate(player, rng.random)

        bot.set_resampler(resample)
        return bot

    def __call__(self, game: Game, decision: Decision) -> int:
        """The index of the option chosen for ``decision`` (the engine's chooser)."""
        if not self.searching[decision.seat] or len(decision.options) == 1:
            index = self.others(game, decision)
        else:
            index = self.search(decision.seat, self.history)
        self.history.append(index)
        return index


__all__ = ["BotRollout", "SearchChooser"]
