"""A game as its recipe, replayable: what the adapters clone, serialize and resample.

The rules run as generators (the engine's one flow), which cannot be copied,
so a game state here is its **recipe**: the set-up (:class:`Table`: ruleset,
players, Houses, options, seed) and the steps played since, each an option
index or a :class:`Resample` (a seat's hidden cards redrawn from a seed).
The same recipe always gives the same game, because every chance of a game
comes from RNG streams derived from its seed (and a resample's from its own
seed): :meth:`World.clone` and a deserialized state replay the recipe.

A resample is for the seat whose decision is pending (or any seat once the
game is over): a pending decision's options were worked out from the cards
its seat holds, and the rules' flow holds them, so a sample that redrew the
deciding seat's hand (a resample for another seat) could not apply them.
Another seat, or one that does not exist, is a :class:`ResampleSeatError`.

Each ruleset supplies, in its standard shape, ``encoding.py`` (the fixed-size
observation, ``MAX_OPTIONS``) and ``resample.py`` (``Witness``, ``resample``);
:class:`Kit` finds them by the ruleset's package.

A game stops, as the engine's runner stops it, after ``max_steps`` decisions
or past ``max_rounds`` rounds: then it is over with no winner (a cap).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

from pnp.adapters.observation import Observation
from pnp.content import LoadedContent
from pnp.engine.event import Event
from pnp.engine.game import Decision, Game, GameConfig, Result
from pnp.errors import PnpError, UsageError
from pnp.play.form import told
from pnp.rulesets import find_ruleset
from pnp.rulesets.ruleset import Ruleset


class ActionBoundError(PnpError):
    """A decision offers more options than the ruleset's action space holds."""


class ResampleSeatError(UsageError):
    """A resample asked for a seat that does not exist or is not the one to play."""


class RecipeError(UsageError):
    """Serialized text that is not a recipe of this game (see :meth:`World.deserialize`)."""


@dataclass(frozen=True)
class Resample:
    """A step of a recipe: ``seat``'s hidden information redrawn from ``seed``."""

    seat: int
    seed: int


@dataclass(frozen=True)
class Kit:
    """A ruleset with its content and its adapter modules (``encoding``, ``resample``)."""

    ruleset: Ruleset
    content: LoadedContent[Any]
    encoding: ModuleType
    resample: ModuleType

    @property
    def max_options(self) -> int:
        """The ruleset's action space: the most options a decision may have."""
        bound: int = self.encoding.MAX_OPTIONS
        return bound


@cache
def kit(name: str) -> Kit:
    """The :class:`Kit` of the ruleset called ``name`` with its shipped content (cached)."""
    ruleset, encoding, resample = _modules(name)
    return Kit(ruleset, ruleset.load(), encoding, resample)


@cache
def _modules(name: str) -> tuple[Ruleset, ModuleType, ModuleType]:
    ruleset = find_ruleset(name)
    if ruleset.new_game is None:
        raise UsageError(f"the {ruleset.name} ruleset has no referee")
    package = ruleset.new_game.__module__.rsplit(".", 1)[0]
    try:
        encoding = import_module(f"{package}.encoding")
        resample = import_module(f"{package}.resample")
    except ModuleNotFoundError as exc:
        raise UsageError(
            f"the {ruleset.name} ruleset has no encoding.py and resample.py for the adapters"
        ) from exc
    return ruleset, encoding, resample


def kit_with(name: str, content: LoadedContent[Any] | None) -> Kit:
    """The :class:`Kit` of ruleset ``name`` with ``content`` (``None``: the shipped one)."""
    if content is None:
        return kit(name)
    ruleset, encoding, resample = _modules(name)
    return Kit(ruleset, content, encoding, resample)


@dataclass(frozen=True)
class Table:
    """How a game is set up: everything a recipe's replay starts from."""

    ruleset: str
    players: int
    houses: tuple[str | None, ...] | None = None
    options: tuple[tuple[str, Any], ...] = ()
    seed: int = 0
    max_steps: int | None = None
    max_rounds: int | None = None
    #: the content (``None``: the shipped content), left out of comparisons
    content: LoadedContent[Any] | None = field(default=None, compare=False, repr=False)

    @property
    def kit(self) -> Kit:
        """The ruleset's :class:`Kit`."""
        return kit_with(self.ruleset, self.content)

    def config(self) -> GameConfig:
        """The engine's configuration of the game."""
        return GameConfig(self.players, self.houses, dict(self.options))

    @property
    def step_cap(self) -> int:
        """The most decisions a game may take before it is stopped."""
        return self.max_steps if self.max_steps is not None else self.kit.ruleset.max_steps

    @property
    def round_cap(self) -> int:
        """The last round a game may play before it is stopped."""
        return self.max_rounds if self.max_rounds is not None else self.kit.ruleset.max_rounds


def make_table(
    ruleset: str,
    players: int | None = None,
    houses: str | list[str | None] | tuple[str | None, ...] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    *,
    max_steps: int | None = None,
    max_rounds: int | None = None,
) -> Table:
    """A checked :class:`Table`: the ruleset's default player count when ``players``
    is ``None``; a bad ruleset, count, House, option or cap is a :class:`UsageError`
    (a game is set up once to check them).

    ``houses`` reads as ``--houses`` does on the command line: House ids by seat,
    in any case, ``None`` or ``"random"`` leaving a seat to the seed, the seats
    after the last one named left to the seed too; a string is the command line's
    comma-separated list. An option's string value reads as ``-o`` reads it
    (``"true"`` is true, ``"3"`` is 3).
    """
    from pnp.engine.errors import SetupError
    from pnp.playtest.plan import parse_options, seat_houses

    rs = kit(ruleset).ruleset
    n = rs.players_default if players is None else players
    if not isinstance(n, int) or isinstance(n, bool):
        raise UsageError(f"players must be a whole number, not {n!r}")
    rs.check_players(n)
    if houses is not None and not isinstance(houses, str):
        houses = ",".join("random" if h is None else str(h) for h in houses)
    check_seed(seed)
    check_cap("max_steps", max_steps)
    check_cap("max_rounds", max_rounds)
    read = parse_options([f"{k}={v}" for k, v in (options or {}).items() if isinstance(v, str)])
    table = Table(
        rs.name,
        n,
        seat_houses(houses, n),
        tuple(sorted({**(options or {}), **read}.items())),
        seed,
        max_steps,
        max_rounds,
    )
    try:
        World(table)  # set up once: bad Houses or options fail here
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    return table


def check_seed(seed: Any) -> None:
    """Refuse a game seed that is not a whole number of at least 0 (a :class:`UsageError`):
    a game string carries a seed as it is, and a negative one would not load back."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise UsageError(f"seed must be a whole number of at least 0, not {seed!r}")


def check_cap(name: str, cap: Any) -> None:
    """Refuse a cap that is not ``None`` or a whole number of at least 1 (a
    :class:`UsageError` naming the setting ``name``)."""
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
        raise UsageError(f"{name} must be a whole number of at least 1, not {cap!r}")


@dataclass
class World:
    """A game and its recipe (see the module): play it, copy it, resample it."""

    table: Table
    steps: list[int | Resample] = field(default_factory=list)
    #: keep a :attr:`witness` from the start (a world that will be resampled)
    watch: bool = False
    #: every decision answered: (seat, kind, chosen label), in order
    moves: list[tuple[int, str, str]] = field(default_factory=list)
    #: the events of the set-up, then those each answer caused (one list per move)
    events: list[list[Event]] = field(default_factory=list, init=False)
    #: per seat, the text of its history worked out so far: (events read, text)
    _told: dict[int, tuple[int, str]] = field(default_factory=dict, init=False, repr=False)
    game: Game = field(init=False)
    witness: Any = field(init=False)

    def __post_init__(self) -> None:
        steps, self.steps, self.moves = self.steps, [], []
        k = self.kit = self.table.kit
        # read at every step: looked up once
        self.max_options = k.max_options
        self.step_cap = self.table.step_cap
        self.round_cap = self.table.round_cap
        assert k.ruleset.new_game is not None  # kit() checks it
        self.game = k.ruleset.new_game(k.content, self.table.config(), self.table.seed)
        self.events = [self.game.setup_events()]
        self.witness = None
        if self.watch or any(isinstance(s, Resample) for s in steps):
            # a resample needs to know what was public before it: watch from the start
            self.witness = k.resample.Witness()
            self.witness.see(self.game)
        for step in steps:
            self.step(step)

    # -- playing -----------------------------------------------------------------

    def step(self, step: int | Resample) -> None:
        """Play one step of a recipe: an option index or a resample."""
        if isinstance(step, Resample):
            self.resample_in_place(step)
        else:
            self.apply(step)

    def decision(self) -> Decision | None:
        """The pending decision, or ``None`` when the game is over (or capped)."""
        decision = self.game.decision()
        if decision is None or len(self.moves) >= self.step_cap or self.game.round > self.round_cap:
            return None  # over, or stopped at a cap
        if len(decision.options) > self.max_options:
            raise ActionBoundError(
                f"a {decision.kind} decision of {self.table.ruleset} has "
                f"{len(decision.options)} options, more than the adapters' action space "
                f"({self.max_options}: MAX_OPTIONS in its encoding.py)"
            )
        return decision

    def apply(self, index: int) -> None:
        """Answer the pending decision with option ``index``."""
        self.check_action(index)
        decision = self.decision()
        assert decision is not None  # check_action saw it
        self.events.append(self.game.apply(index))
        self.steps.append(index)
        self.moves.append((decision.seat, decision.kind, decision.options[index].label))
        if self.witness is not None:
            self.witness.see(self.game)

    def capped(self) -> bool:
        """Whether the game was stopped by the step or round cap (as the runner stops it)."""
        if self.game.decision() is None:
            return False
        return len(self.moves) >= self.step_cap or self.game.round > self.round_cap

    def over(self) -> bool:
        """Whether the game has ended (normally or at a cap)."""
        return self.decision() is None

    def result(self) -> Result | None:
        """How the game ended (a cap: no winners), or ``None`` while it goes on."""
        if self.capped():
            ending = "step_cap" if len(self.moves) >= self.step_cap else "round_cap"
            return Result((), ending, self.game.round)
        if self.game.decision() is not None:
            return None
        return self.game.result()

    def returns(self) -> list[float]:
        """Each seat's reward: the winners share 1 (a cap or a game going on: all 0)."""
        out = [0.0] * self.table.players
        result = self.result()
        if result is not None and result.winners:
            for w in result.winners:
                out[w] = 1.0 / len(result.winners)
        return out

    # -- copies --------------------------------------------------------------------

    def clone(self) -> World:
        """An independent copy: the recipe replayed."""
        copy = World(self.table, list(self.steps), watch=self.witness is not None)
        copy.share_history(self)
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> World:
        # a game's flow is a generator, which cannot be copied: a copy is a replay
        # (OpenSpiel clones a Python state by deep-copying its attributes)
        return self.clone()

    def resampled(self, seat: int, seed: int) -> World:
        """A copy in which what ``seat`` cannot see is redrawn from ``seed`` (``seat``:
        the one to play; see :meth:`check_resample`)."""
        self.check_resample(seat)
        sample = World(self.table, [*self.steps, Resample(seat, seed)])
        sample.share_history(self)
        return sample

    def check_resample(self, seat: Any) -> None:
        """Refuse a resample for ``seat`` (a :class:`ResampleSeatError`) unless it is a
        seat of the game and, while the game goes on, the one whose decision is pending
        (see the module)."""
        players = self.table.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise ResampleSeatError(
                f"cannot resample for seat {seat!r}: the game's seats are 0 to {players - 1}"
            )
        decision = self.decision()
        if decision is not None and decision.seat != seat:
            raise ResampleSeatError(
                f"resample only for the seat to play: seat {decision.seat} decides now "
                f"({decision.kind}), not seat {seat}; its options come from cards a "
                "resample for another seat would redraw"
            )

    def resample_in_place(self, step: Resample) -> None:
        """Redraw ``step.seat``'s hidden information here (the recipe's step)."""
        self.check_resample(step.seat)
        if self.witness is None:
            # what was public so far: replay the recipe with a witness watching
            witnessed = World(self.table)
            witnessed.witness = self.table.kit.resample.Witness()
            witnessed.witness.see(witnessed.game)
            for s in self.steps:
                witnessed.step(s)
            self.game, self.witness = witnessed.game, witnessed.witness
        self.kit.resample.resample(self.game, step.seat, random.Random(step.seed), self.witness)
        self.steps.append(step)

    # -- text ------------------------------------------------------------------------

    def serialize(self) -> str:
        """The recipe's steps as text (the table is the game's parameters)."""
        return json.dumps(
            [s if isinstance(s, int) else {"seat": s.seat, "seed": s.seed} for s in self.steps],
            separators=(",", ":"),
        )

    @classmethod
    def deserialize(cls, table: Table, text: str) -> World:
        """The world :meth:`serialize` wrote; text that is not such a recipe, or one
        whose steps this game cannot play, is a :class:`RecipeError` naming the step."""
        steps = read_recipe(text)
        # a witness from the start only when a resample needs one (as the constructor)
        world = cls(table, [], watch=any(isinstance(s, Resample) for s in steps))
        for i, step in enumerate(steps):
            try:
                world.step(step)
            except (ValueError, ResampleSeatError) as exc:
                raise RecipeError(f"recipe step {i} ({_step_text(step)}): {exc}") from exc
        return world

    def check_action(self, index: int) -> None:
        """Refuse ``index`` (a ``ValueError``) unless it answers the pending decision."""
        decision = self.decision()
        if decision is None:
            raise ValueError("the game is over; there is no decision to answer")
        if not 0 <= index < len(decision.options):
            raise ValueError(
                f"option {index} does not exist: the {decision.kind} decision has "
                f"{len(decision.options)} options"
            )

    def view_data(self, seat: int) -> Any:
        """``seat``'s view as plain data."""
        view = self.game.view(seat)
        data = view.data() if hasattr(view, "data") else view.to_dict()
        return data

    def observation_text(self, seat: int) -> str:
        """``seat``'s view now, and the pending decision's options if it is ``seat``'s."""
        decision = self.decision()
        pending: Any = None
        if decision is not None:
            pending = [decision.seat, decision.kind]
            if decision.seat == seat:
                pending.append(decision.labels())
        return json.dumps(
            {"view": self.view_data(seat), "decision": pending},
            sort_keys=True,
            separators=(",", ":"),
            default=str,
        )

    def information_text(self, seat: int) -> str:
        """What ``seat`` knows: all it was told, in order (:meth:`history_of`), then its
        view now."""
        # a search asks this at every node, and each sample replays the whole game: the
        # history's text is worked out once per world and seat, and only what a step adds
        # is added (a clone or a resample takes its source's: see share_history)
        upto, text = self._told.get(seat, (0, ""))
        if upto < len(self.events):
            # the new items as one JSON list, its brackets dropped
            more = json.dumps(
                list(self._told_since(seat, upto)), separators=(",", ":"), default=str
            )[1:-1]
            text = f"{text},{more}" if text and more else text or more
            self._told[seat] = (len(self.events), text)
        return f'{{"history":[{text}]}}' + self.observation_text(seat)

    def history_of(self, seat: int) -> list[Any]:
        """All ``seat`` was told, in order, as plain data: each event as ``seat`` reads it
        (:func:`pnp.play.form.told`: what ``pnp play`` tells that seat) and, where ``seat``
        decided, ``("chose", kind, label)`` before the events its choice caused. Other
        seats' choices are not in it: they show only in the events they caused (a plot
        stays secret until it is revealed)."""
        return list(self._told_since(seat, 0))

    def _told_since(self, seat: int, start: int) -> Iterator[Any]:
        """The items of :meth:`history_of` from ``self.events[start]`` on."""
        words = self.kit.ruleset.event_words
        factions = self.game.factions()  # a private event's other reader may be a House
        for i in range(start, len(self.events)):
            if i > 0 and self.moves[i - 1][0] == seat:
                _, kind, label = self.moves[i - 1]
                yield ("chose", kind, label)
            for event in self.events[i]:
                if (item := told(words, event, seat, factions)) is not None:
                    yield item

    def share_history(self, source: World) -> None:
        """Take the histories :meth:`information_text` worked out for ``source``, a world
        whose recipe this one replayed (a clone, a resample): both were told the same."""
        for seat, (upto, text) in source._told.items():
            if upto <= len(self.events):
                self._told.setdefault(seat, (upto, text))

    def encode(self, seat: int) -> list[float]:
        """``seat``'s view in the ruleset's fixed-size encoding, then the pending
        decision (:mod:`pnp.adapters.observation`)."""
        return table_encoder(self.table).encode(self.game.view(seat), self.decision())


def read_recipe(text: Any) -> list[int | Resample]:
    """The steps of recipe ``text`` (as :meth:`World.serialize` writes it: a JSON list of
    option indices and ``{"seat": S, "seed": N}`` resamples); anything else is a
    :class:`RecipeError` naming what is wrong and where."""
    if not isinstance(text, str):
        raise RecipeError(f"a recipe is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecipeError(f"a recipe is JSON text: {exc}") from None
    if not isinstance(data, list):
        raise RecipeError(f"a recipe is a JSON list of steps, not {type(data).__name__}")
    steps: list[int | Resample] = []
    for i, item in enumerate(data):
        if _whole(item):
            if item < 0:
                raise RecipeError(f"recipe step {i}: an option index is 0 or more, not {item}")
            steps.append(item)
        elif isinstance(item, dict) and set(item) == {"seat", "seed"}:
            if not (_whole(item["seat"]) and _whole(item["seed"])) or item["seed"] < 0:
                # a negative seed drew the same sample as its positive (-1 as 1)
                raise RecipeError(
                    f"recipe step {i}: a resample's seat and seed are whole numbers, the "
                    f"seed 0 or more, not {item}"
                )
            steps.append(Resample(item["seat"], item["seed"]))
        else:
            # a bool is JSON's true/false, never an index (Python would read true as 1)
            raise RecipeError(
                f"recipe step {i}: a step is an option index or "
                f'{{"seat": S, "seed": N}}, not {json.dumps(item)}'
            )
    return steps


def _whole(value: Any) -> bool:
    """Whether ``value`` is an int and not a bool (JSON's true is no number here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _step_text(step: int | Resample) -> str:
    """A recipe step as the recipe writes it."""
    return str(step) if isinstance(step, int) else f'{{"seat":{step.seat},"seed":{step.seed}}}'


@cache
def encoder(ruleset: str, players: int) -> Observation:
    """The observation encoding at ``players`` seats, shipped content (cached)."""
    k = kit(ruleset)
    return _observation(k, k.content, players)


def _observation(k: Kit, content: LoadedContent[Any], players: int) -> Observation:
    """The ruleset's encoding of ``content``, with the pending decision's fields."""
    kinds = tuple(k.ruleset.decision_help)
    return Observation(k.encoding.Encoding(content, players), players, kinds)


#: encodings of content other than the shipped one, by (id of the content, players); the
#: content is kept with its encoding, so its id cannot be reused while it is cached
_CUSTOM: dict[tuple[int, int], tuple[LoadedContent[Any], Observation]] = {}


def table_encoder(table: Table) -> Observation:
    """The observation encoding of ``table``'s game: sized by its own content (a card
    added to the content is a column more), cached."""
    if table.content is None:
        return encoder(table.ruleset, table.players)
    key = (id(table.content), table.players)
    if key not in _CUSTOM:
        if len(_CUSTOM) >= 8:
            _CUSTOM.clear()
        _CUSTOM[key] = (table.content, _observation(table.kit, table.content, table.players))
    return _CUSTOM[key][1]


__all__ = [
    "ActionBoundError",
    "Kit",
    "RecipeError",
    "Resample",
    "ResampleSeatError",
    "Table",
    "World",
    "check_cap",
    "check_seed",
    "encoder",
    "kit",
    "kit_with",
    "make_table",
    "read_recipe",
    "table_encoder",
]
