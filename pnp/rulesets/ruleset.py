"""The ruleset plug-in protocol.

A ruleset is one game pnp can print and referee. It plugs in by building a
:class:`Ruleset` value in its package ``__init__`` and adding that value to
``RULESETS`` in :mod:`pnp.rulesets`; the shared layers (content, render,
engine, playtest) reach it only through the fields below.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.content import ContentError, ContentModel, LoadedContent, load_content, summarize
from pnp.content.problems import Problem, display_path
from pnp.engine.game import Agent, Game, GameConfig
from pnp.errors import UsageError

if TYPE_CHECKING:
    from pnp.engine.kitmeter import Change, KitMeter
    from pnp.render.components import Component
    from pnp.render.icons import Icon

#: ``new_game(content, config, seed)``: a fresh game set up from ``seed``
NewGame = Callable[[LoadedContent, GameConfig, int], Game]
#: ``scenario_game(content, setup, cards, seed)``: a game at a scripted position;
#: ``setup`` is the scenario's ruleset-defined ``setup:`` mapping, ``cards`` its
#: fixture cards (raw mappings, validated by the ruleset). Raises ``PnpError``
#: subclasses for a setup it cannot build.
ScenarioGame = Callable[[LoadedContent, Mapping[str, Any], Sequence[Mapping[str, Any]], int], Game]
#: ``components(content)``: the cards, tokens and boards of the printed kit
#: (:mod:`pnp.render` documents the declarations)
Components = Callable[[LoadedContent], "Sequence[Component]"]
#: ``reference_context(content)``: extra variables for the reference template
ReferenceContext = Callable[[LoadedContent], Mapping[str, Any]]
#: ``text_form(content, factions)``: the text form of a seat's view for ``pnp play`` and
#: the replay viewer (a :class:`pnp.play.form.TextForm`, from the ruleset's ``view.py``)
TextFormFactory = Callable[[LoadedContent, Sequence[str]], Any]
#: ``kit_meter(game, thorough)``: a meter of the printed pieces ``game`` has in use at
#: once (:mod:`pnp.engine.kitmeter`), which the playtest compares with the kit
KitMeterFactory = Callable[[Game, bool], "KitMeter"]


@dataclass(frozen=True)
class Ruleset:
    """Everything the shared layers need to know about one ruleset."""

    #: short id used on the command line: ``thrones``
    name: str
    #: human title: ``The Thrones card game``
    title: str
    #: the player counts the referee supports, ascending
    player_counts: tuple[int, ...]
    #: root pydantic model of the ruleset's content folder
    content_model: type[ContentModel]
    #: folder name under the content root (and under ``templates/``)
    content_folder: str = ""
    #: counts per component kind for ``pnp validate``; default: list sections
    summarize: Callable[[ContentModel], dict[str, str]] = field(default=summarize)
    #: optional variants or modes the ruleset offers, shown by ``pnp rulesets``
    notes: str = ""
    #: the player count its rules are built around, which playtests and comparisons
    #: play unless told otherwise (``None``: the fewest)
    default_players: int | None = None
    #: the referee: starts a game (``None`` until the ruleset has one)
    new_game: NewGame | None = None
    #: the referee at a scenario's position (``pnp scenario``)
    scenario_game: ScenarioGame | None = None
    #: how its checklist IDs begin (``TH``: ``TH-CHAL-07``); a scenario of this ruleset
    #: covering another's ID is refused (``""``: not checked)
    rule_prefix: str = ""
    #: every kind of event its referee emits, with its words at the table (``view.py``'s
    #: ``EVENTS``, which a test holds to every kind emitted): a scenario's event pattern
    #: naming another kind is refused (empty: not checked)
    event_words: Mapping[str, Any] = field(default_factory=dict)
    #: values its ``Game.snapshot()`` leaves out while they hold their usual value, which
    #: a scenario's ``state`` may still expect: ``{pattern: {key: default}}``, a pattern
    #: being a state path whose list indexes may be ``[*]`` (``{"seats[*].in_play[*]":
    #: {"kneeling": False}}``: a card shown without ``kneeling`` matches
    #: ``kneeling: false``). Only the scenario matcher reads it; the snapshot, and so
    #: every state hash, stays as it is (:mod:`pnp.engine.scenarios.paths`)
    snapshot_defaults: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: every kind of decision its referee asks, with what ``?`` says of it, in a fixed
    #: order (``view.py``'s ``HELP``): the adapters' tensor one-hot encodes the pending one
    decision_help: Mapping[str, Any] = field(default_factory=dict)
    #: bots besides ``random``, by name: ``{"heuristic": HeuristicBot}``
    agents: Mapping[str, Callable[[], Agent]] = field(default_factory=dict)
    #: playtest verdict: the fair band's half-width around the fair rate (the run's
    #: winners over its seats in games with a result: 1/n with one winner a game)
    fair_margin: float = 0.05
    #: the print kit (``pnp render``/``build``); ``None`` until the ruleset has one
    components: Components | None = None
    #: icons for card text and references, by name (``[military]``): an ``IconSet``
    icons: Mapping[str, Icon] = field(default_factory=dict)
    #: extra variables for ``templates/<content_folder>/reference.xml.j2``
    reference_context: ReferenceContext | None = None
    #: folder of this ruleset's templates; default: the shipped ``templates/<content_folder>``
    templates_dir: Path | None = None
    #: engine caps: a game still going after this many rounds (or decisions) is
    #: stopped and reported as a cap hit, never as a normal end
    max_rounds: int = 200
    max_steps: int = 100_000
    #: playtest verdict: the largest share of games that may hit a cap
    max_cap_rate: float = 0.01
    #: endings of the game's own rules that are no victory (a round limit
    #: reached with nobody winning outright) ...
    undecided_endings: frozenset[str] = frozenset()
    #: ... and the largest share of finished games that may end so
    max_undecided_rate: float = 1.0
    #: the card (or component) ids whose play the playtest counts, so cards
    #: never drawn are flagged too; default: the ``id`` of each entry of the
    #: content's ``cards`` list, if it has one
    card_ids: Callable[[LoadedContent[Any]], Iterable[str]] | None = None
    #: further ids its games report as drawn or played (thrones: plots), which the
    #: statistics list only once seen (an unrevealed plot is no dead card), and
    #: ``pnp compare --fail-on card:ID`` accepts before any game is played
    extra_card_ids: Callable[[LoadedContent[Any]], Iterable[str]] | None = None
    #: the Houses whose seats can deal each card, by card id (a card absent: any seat);
    #: a run that gives every seat's House does not count the cards none of its Houses
    #: can deal (``None``: every card is counted)
    card_houses: Callable[[LoadedContent[Any]], Mapping[str, Collection[str]]] | None = None
    #: the playtest's kit check: the peak number of each printed card and token a game
    #: has in use at once, by the ids of :attr:`components` (``None``: no check)
    kit_meter: KitMeterFactory | None = None
    #: the text form of a seat's view at the table (``pnp play``, ``pnp replay --watch``);
    #: ``None``: the generic one (option labels, events as data)
    text_form: TextFormFactory | None = None
    #: coins the kit meter counts as change (a 5 paid as five 1s): the check works out
    #: the larger coins needed with the smaller ones printed (:mod:`pnp.playtest.kit`)
    kit_change: tuple[Change, ...] = ()

    def __post_init__(self) -> None:
        if not self.content_folder:
            object.__setattr__(self, "content_folder", self.name)
        if self.default_players is not None and self.default_players not in self.player_counts:
            raise ValueError(
                f"{self.name}: default_players {self.default_players} is not among "
                f"its player counts {self.players_text()}"
            )

    @property
    def players_default(self) -> int:
        """The player count a playtest plays unless ``--players`` says otherwise."""
        return self.default_players if self.default_players is not None else self.player_counts[0]

    def players_text(self) -> str:
        """Player counts as people write them: ``2–4`` or ``3, 5``."""
        counts = self.player_counts
        if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
            return f"{counts[0]}–{counts[-1]}"
        return ", ".join(str(c) for c in counts)

    def content_dir(self, content_root: Path | None = None, *, alone: bool = False) -> Path:
        """The folder holding this ruleset's content.

        ``content_root`` is what the user gave as ``--content`` (default: the
        shipped content). It normally holds one folder per ruleset; when the
        command addresses this ruleset ``alone`` and the root has no such
        folder but YAML files of its own that hold this ruleset's sections, the
        root itself is the folder, so ``--content my-set/`` works for a single
        ruleset too. (Any YAML would not do: a folder holding a stray YAML file,
        such as /tmp, would have every YAML file beneath it read as content.)
        """
        from pnp.paths import default_content_root

        root = content_root if content_root is not None else default_content_root()
        folder = root / self.content_folder
        if folder.is_dir() or not alone or not root.is_dir():
            return folder
        if _holds_content(root, self.content_model):
            return root
        return folder

    def templates_folder(self) -> Path:
        """The folder holding this ruleset's Jinja2 templates."""
        from pnp.paths import default_templates_root

        if self.templates_dir is not None:
            return self.templates_dir
        return default_templates_root() / self.content_folder

    def load(self, content_root: Path | None = None, *, alone: bool = False) -> LoadedContent:
        """Load and validate this ruleset's content (raises ``ContentError``)."""
        folder = self.content_dir(content_root, alone=alone)
        root = folder.parent
        if not folder.is_dir() and root.is_dir() and _holds_yaml(root):
            shown = display_path(root)
            if not alone:
                # `pnp validate --content my/thrones`: one ruleset's folder given for all
                why = (
                    f"{shown} holds YAML files itself: if it is one ruleset's folder, "
                    "name that ruleset"
                )
            else:  # `--content /tmp`: YAML there, but not this ruleset's
                sections = ", ".join(sorted(self.content_model.model_fields))
                why = f"{shown} holds YAML files, but none with a {self.name} section: {sections}"
            problem = Problem(display_path(folder), 0, 0, "", f"no such content folder ({why})")
            raise ContentError([problem])
        return load_content(self.content_model, folder)

    def check_players(self, players: int) -> None:
        """Raise :class:`UsageError` unless ``players`` is a supported count."""
        if players not in self.player_counts:
            raise UsageError(
                f"{self.name} is played by {self.players_text()} players, not {players}"
            )


def _holds_yaml(folder: Path) -> bool:
    """Whether ``folder`` has YAML files of its own (not only in sub-folders)."""
    return any(folder.glob("*.yaml")) or any(folder.glob("*.yml"))


def _holds_content(folder: Path, model: type[ContentModel]) -> bool:
    """Whether ``folder``'s own YAML files look like ``model``'s content: one of them
    has a top-level section of ``model``, or is broken (the loader then names its line).
    Files are read as the loader reads them, and only until one answers."""
    from pnp.content.yaml_source import parse_yaml

    sections = set(model.model_fields)
    for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
        try:
            doc = parse_yaml(path, path.read_bytes())
        except OSError:
            return True
        if doc.empty:
            continue
        if doc.problems or not isinstance(doc.data, dict) or sections & doc.data.keys():
            return True
    return False
