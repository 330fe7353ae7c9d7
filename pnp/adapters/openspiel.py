"""The three rulesets as OpenSpiel games: ``pnp_thrones``, ``pnp_ironthrone``, ``pnp_fief``.

Importing this module registers them (extra ``[openspiel]``)::

    import pyspiel
    import pnp.adapters.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("pnp_thrones", {"players": 2, "seed": 7})
    state = game.new_initial_state()

Parameters: ``players`` (the ruleset's default), ``houses`` (House ids by
seat, joined by ``+``: ``"stark+lannister"``; ``random`` or an empty entry lets
the seed pick, as do the seats after the last one named), ``options``
(``key:value`` pairs joined by ``+``: ``"titles:true+draft:true"``), ``seed``
(the game's seed: the deal and every chance of the game; OpenSpiel holds it in
32 bits, so a playtest record's 64-bit game seed loads through PettingZoo or
``Table`` instead), ``max_steps`` and ``max_rounds`` (the caps; 0: the
ruleset's own). ``,`` and ``=`` are OpenSpiel's own separators in a game
string, so ``str(game)`` writes the ``+`` and ``:`` forms and loads back;
a parameter dictionary may still use commas and ``key=value``.

OpenSpiel's own serialization (``pyspiel.serialize_game_and_state``, pickling,
``random_sim_test(serialize=True)``) needs a game's RNG state, which OpenSpiel
does not let a Python game give: use ``state.serialize()`` and
``game.deserialize_state(text)``, which write and replay the state's recipe.

What the game type says, and why:

- **sequential, imperfect information**: one seat decides at a time and sees
  only its view (``view.py``);
- **sampled stochastic**: shuffles and dice are drawn inside the rules from
  RNG streams derived from ``seed``, never as chance nodes (the rules' flow
  cannot expose them). A state is still reproducible: with ``seed`` a game
  parameter, the actions played determine it, so a state serializes as its
  recipe (:mod:`pnp.adapters.world`) and a resampled state as its recipe
  with the resample's own seed;
- **general-sum, terminal rewards**: the winners share 1 (a shared victory
  gives each of ``k`` winners ``1/k``), the others get 0; a game stopped at a
  cap gives everyone 0, so the sum is not constant;
- an action is an option's index in the pending decision (options come in a
  fixed order), below the ruleset's ``MAX_OPTIONS`` (``encoding.py``), which
  a decision passing it breaks loudly (:class:`~pnp.adapters.world.ActionBoundError`);
  ``max_game_length`` is the step cap;
- observation: the seat's view now (string: its plain data and, when it is
  the seat's turn, the options; tensor: the ruleset's ``Encoding``);
  information state: everything the seat was told, in order (each event as
  ``pnp play`` tells it to that seat, by the ruleset's ``view.py`` words:
  another seat's drawn card as "draws a card"; and each of the seat's own
  choices), then the observation: a seat recalls a support offer or a
  nomination its view no longer shows. There is no information-state tensor.

``resample_from_infostate(player, sampler)`` gives a state in which what
``player`` cannot see is redrawn (``resample.py``: hidden cards, and the
face-down choices other seats made and have not revealed), seeded by one draw
of ``sampler``. ``player`` must be the seat to play (OpenSpiel's ISMCTS asks
for no other): the pending decision's options were worked out from that
seat's own cards, which a resample for another seat would redraw under them.
Another seat, or a seat that does not exist, is a :class:`SpielUsageError`,
as is a ``deserialize_state`` text that is not a recipe of the game (each
error names what is wrong). ``seed`` is a whole number of at least 0.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from pnp.adapters.world import (
    Resample,
    Table,
    World,
    check_seed,
    kit,
    make_table,
    table_encoder,
)
from pnp.errors import UsageError
from pnp.playtest.plan import option_text
from pnp.rulesets import ruleset_names

#: the prefix of every game name
PREFIX = "pnp_"


class SpielUsageError(UsageError, pyspiel.SpielError):
    """A call the game refuses: caught as pnp's :class:`UsageError` and as OpenSpiel's
    own ``SpielError`` (what its C++ accessors raise for a seat that does not exist)."""


#: the tensor of the perfect-recall observer: none (no information-state tensor)
_NO_TENSOR = np.zeros(0, np.float32)


def parse_houses(text: str) -> str | None:
    """The ``houses`` parameter as ``--houses`` reads it: ``"stark+lannister"`` (or with
    commas) -> ``"stark,lannister"``; ``""`` -> ``None`` (every seat to the seed)."""
    if not text.strip():
        return None
    return ",".join(h.strip() for h in text.replace("+", ",").split(","))


def parse_options(text: str) -> dict[str, Any]:
    """``"titles:true+deck_format:constructed"`` (or ``titles=true,...``) -> option
    values as ``-o`` reads them (``true`` is true, ``3`` is 3)."""
    from pnp.playtest.plan import parse_options as read_options

    items = []
    for item in filter(None, (part.strip() for part in text.replace("+", ",").split(","))):
        key, sep, value = item.partition("=") if "=" in item else item.partition(":")
        if not sep:
            raise UsageError(f"option {item!r} is not key:value")
        items.append(f"{key}={value}")
    return read_options(items)


def _parameters(table: Table) -> dict[str, Any]:
    """The game parameters of ``table``, in the forms a game string carries."""
    return {
        "players": table.players,
        "houses": "+".join(h or "random" for h in table.houses or ()),
        "options": "+".join(option_text(k, v).replace("=", ":", 1) for k, v in table.options),
        # OpenSpiel's int parameters are 32-bit and a playtest's game seeds are
        # 64-bit: such a game shows -1, and its table holds the seed
        "seed": table.seed if 0 <= table.seed < 2**31 else -1,
        "max_steps": table.max_steps or 0,
        "max_rounds": table.max_rounds or 0,
    }


def game_type(ruleset: str) -> pyspiel.GameType:
    """The OpenSpiel game type of ``ruleset`` (see the module)."""
    rs = kit(ruleset).ruleset
    return pyspiel.GameType(
        short_name=PREFIX + rs.name,
        long_name=f"pnp: {rs.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(rs.player_counts),
        min_num_players=min(rs.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": rs.players_default,
            "houses": "",
            "options": "",
            "seed": 0,
            "max_steps": 0,
            "max_rounds": 0,
        },
    )


class PnpGame(pyspiel.Game):
    """One of the rulesets as an OpenSpiel game (a subclass per ruleset names it)."""

    ruleset = ""

    def __init__(self, params: dict[str, Any] | None = None, *, table: Table | None = None) -> None:
        """The game of ``params`` (OpenSpiel's way), or of ``table`` (a set-up made
        elsewhere, its content included: the search agent's)."""
        p = dict(params or {})
        if table is not None:
            self.ruleset = table.ruleset
        else:
            table = make_table(
                self.ruleset,
                int(p["players"]) if "players" in p else None,
                parse_houses(str(p.get("houses", ""))),
                parse_options(str(p.get("options", ""))),
                _seed(p),
                max_steps=_cap(p, "max_steps"),
                max_rounds=_cap(p, "max_rounds"),
            )
        # the parameters as a game string can carry them (and str(game) loads back)
        p = _parameters(table)
        self.table: Table = table
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.kit.max_options,
            max_chance_outcomes=0,
            num_players=self.table.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.table.step_cap,
        )
        super().__init__(game_type(self.ruleset), info, p)

    def new_initial_state(self) -> PnpState:
        """The game at its first decision."""
        return PnpState(self, World(self.table))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """An observer: the view (default), or the information state (perfect recall)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            # one seat's view is all there is: never hand out a seat's hand for a
            # public-only observation, nor one seat's view for all seats'
            raise ValueError(
                "only a seat's own view is observable (public and that seat's private "
                f"information); got {iig_obs_type}"
            )
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.table, recall)

    def deserialize_state(self, text: str) -> PnpState:
        """The state :meth:`PnpState.serialize` wrote (its recipe, replayed); text that
        is not a recipe this game can play is a :class:`SpielUsageError` naming the step."""
        try:
            world = World.deserialize(self.table, text)
        except UsageError as exc:
            raise SpielUsageError(str(exc)) from exc
        state = PnpState(self, World(self.table, watch=world.witness is not None))
        state.replay(world.steps)
        return state


def _seed(params: dict[str, Any]) -> int:
    """The ``seed`` parameter: 0 or more (a negative one is a :class:`UsageError`: the
    game string would not carry it back)."""
    seed = int(params.get("seed", 0))
    check_seed(seed)
    return seed


def _cap(params: dict[str, Any], name: str) -> int | None:
    """A cap parameter: 0 (or none given) is the ruleset's own."""
    value = int(params.get(name, 0))
    if value < 0:
        raise UsageError(f"{name} must be 0 (the ruleset's own) or more, not {value}")
    return value or None


class PnpState(pyspiel.State):
    """A game in progress: a :class:`~pnp.adapters.world.World` behind OpenSpiel's API."""

    def __init__(self, game: PnpGame, world: World) -> None:
        super().__init__(game)
        self.world = world

    def replay(self, steps: list[int | Resample]) -> None:
        """Play ``steps`` (actions through OpenSpiel, so its history follows; resamples)."""
        for step in steps:
            if isinstance(step, Resample):
                self.world.resample_in_place(step)
            else:
                self.apply_action(step)

    def current_player(self) -> int:
        """The seat to decide, or the terminal marker."""
        decision = self.world.decision()
        if decision is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return decision.seat

    def _legal_actions(self, player: int) -> list[int]:
        decision = self.world.decision()
        if decision is None or decision.seat != player:
            return []
        return list(range(len(decision.options)))

    def _apply_action(self, action: int) -> None:
        self.world.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        decision = self.world.decision()
        if decision is not None and decision.seat == player and 0 <= action < len(decision.options):
            return f"{decision.kind}: {decision.options[action].label}"
        return f"option {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over (normally or at a cap)."""
        return self.world.over()

    def returns(self) -> list[float]:
        """The winners share 1, the others 0 (all 0 until the end, and at a cap)."""
        return self.world.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PnpState:
        """A state ``player_id`` cannot tell from this one, its unknowns redrawn from a
        seed the sampler draws; ``player_id`` is the seat to play (or any seat once the
        game is over), else a :class:`SpielUsageError` (see the module)."""
        try:
            # before the sampler's draw: a refused call leaves its stream as it was
            self.world.check_resample(player_id)
        except UsageError as exc:
            raise SpielUsageError(str(exc)) from exc
        drawn = probability_sampler()
        if not 0.0 <= drawn < 1.0:  # NaN too: OpenSpiel's samplers draw from [0, 1)
            raise SpielUsageError(f"the probability sampler gave {drawn!r}, not a number in [0, 1)")
        seed = int(drawn * 2**53)
        state = PnpState(self.get_game(), World(self.table_of(), watch=True))
        state.replay([*self.world.steps, Resample(int(player_id), seed)])
        state.world.share_history(self.world)
        return state

    def table_of(self) -> Table:
        """The game's set-up."""
        return self.world.table

    def serialize(self) -> str:
        """The recipe: actions and resamples (the game's parameters hold the rest)."""
        return self.world.serialize()

    def __str__(self) -> str:
        """The recipe and the pending decision (the state is its recipe)."""
        decision = self.world.decision()
        pending = "over" if decision is None else f"seat {decision.seat} {decision.kind}"
        return f"{self.world.serialize()} | {pending}"


class Observer:
    """OpenSpiel's Python observer: a seat's view (or information state) as text and tensor."""

    def __init__(self, table: Table, recall: bool) -> None:
        self.table = table
        self.recall = recall
        if recall:
            self.tensor = _NO_TENSOR
            self.dict: dict[str, Any] = {}
        else:
            enc = table_encoder(table)
            self.tensor = np.zeros(enc.size, np.float32)
            self.dict = {
                name: self.tensor[f.offset : f.offset + f.size].reshape(
                    (f.rows, f.width) if f.rows > 1 else (f.width,)
                )
                for name, f in enc.layout.fields.items()
            }

    def set_from(self, state: PnpState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        if not self.recall:
            self.tensor[:] = state.world.encode(player)

    def string_from(self, state: PnpState, player: int) -> str:
        """``player``'s view (or information state) of ``state`` as text."""
        if self.recall:
            return state.world.information_text(player)
        return state.world.observation_text(player)


def _game_class(name: str) -> type[PnpGame]:
    return type(f"Pnp{name.title()}Game", (PnpGame,), {"ruleset": name})


def register() -> None:
    """Register every ruleset as ``pnp_<name>`` (once)."""
    known = set(pyspiel.registered_names())
    for name in ruleset_names():
        if PREFIX + name not in known:
            pyspiel.register_game(game_type(name), _game_class(name))


register()

__all__ = [
    "Observer",
    "PnpGame",
    "PnpState",
    "SpielUsageError",
    "parse_houses",
    "parse_options",
    "register",
]
