"""What a playtest runs: one ruleset, N seeded games, the same setup each time.

A :class:`PlaytestPlan` is plain, picklable data, so any executor (local
processes today, a cluster tomorrow) can ship it to its workers. Game ``i``
is seeded by :func:`game_seed` from the run's seed and ``i`` alone, which is
why results do not depend on how games are spread over workers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.record import record_name
from pnp.engine.rng import derive_seed
from pnp.engine.runner import Limits
from pnp.rulesets.ruleset import Ruleset

if TYPE_CHECKING:
    from pnp.playtest.worker import GameSummary


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a playtest seeded with ``seed``."""
    return derive_seed(seed, "playtest", index)


@dataclass(frozen=True)
class PlaytestPlan:
    """Everything a worker needs to play any game of the run."""

    ruleset: Ruleset
    #: the games to play; with ``auto``, the most to play (``--max-games``)
    games: int
    seed: int
    players: int
    #: agent name per seat
    agents: tuple[str, ...]
    #: House per seat (``None``: left to each game's seed); ``None``: all left to the seed
    houses: tuple[str | None, ...] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    limits: Limits = field(default_factory=Limits)
    #: the ``--content`` root (``None``: the shipped content)
    content_root: Path | None = None
    #: write every game's record here (``None``: only crashes and violations are kept)
    records_dir: Path | None = None
    #: where crash and violation records go when ``records_dir`` is not given
    failures_dir: Path = Path("output")
    #: ``--games auto``: play in batches until the verdict is decided
    #: (:mod:`pnp.playtest.schedule`), at most ``games``
    auto: bool = False
    #: where the games write their records until the run completes and they replace the
    #: earlier run's (:mod:`pnp.playtest.staging`); ``None``: straight into the folder
    staging_dir: Path | None = None
    #: simulations per decision of ``ismcts`` seats (``None``: the default,
    #: :data:`pnp.engine.agents.SEARCH_BUDGET`)
    search_budget: int | None = None

    def config(self) -> GameConfig:
        """The game configuration shared by every game."""
        return GameConfig(self.players, self.houses, dict(self.options))

    def seed_of(self, index: int) -> int:
        """The seed of game ``index``."""
        return game_seed(self.seed, index)

    def play(self, content: LoadedContent[Any], index: int) -> GameSummary:
        """Play game ``index`` on ``content`` (what an executor's workers call)."""
        from pnp.playtest import worker  # the worker module imports this one

        return worker.play_game(self, content, index)

    @property
    def records_folder(self) -> Path:
        """The folder this run's records go to: ``records_dir``, else ``failures_dir``."""
        return self.records_dir if self.records_dir is not None else self.failures_dir

    def record_path(self, index: int, failed: bool) -> Path | None:
        """Where game ``index``'s record ends up (``None``: not kept)."""
        if self.records_dir is None and not failed:
            return None
        return self.records_folder / record_name(index)

    def write_path(self, record: Path) -> Path:
        """Where the record that ends up at ``record`` is written while the run goes on."""
        return self.staging_dir / record.name if self.staging_dir is not None else record


#: ``--houses`` entries that leave a seat's House to the game seed
RANDOM_HOUSE = ("random", "-", "*", "")


def parse_houses(text: str | None) -> tuple[str | None, ...] | None:
    """``--houses stark,lannister,random`` as one entry per seat (``None``: left to the seed).

    Case is ignored, as for ruleset names: House ids are lower-case slugs
    (:data:`pnp.content.model.Slug`), so ``Stark,RANDOM`` is ``stark,random``.
    """
    if text is None:
        return None
    names = (h.strip().lower() for h in text.split(","))
    return tuple(None if h in RANDOM_HOUSE else h for h in names)


def seat_houses(text: str | None, players: int) -> tuple[str | None, ...] | None:
    """``--houses`` for a game of ``players``: the Houses it names go to the first seats,
    the seats it does not name are left to the seed (``stark`` at 4 players is
    ``stark,random,random,random``); more Houses than seats is a :class:`UsageError`."""
    if text is not None and (";" in text or text.strip().lower() == "all-pairs"):
        from pnp.errors import UsageError

        # read as one House named 'all-pairs', it was reported as a House with no deck
        raise UsageError(
            f"--houses {text}: several pairings and all-pairs are pnp sweep's; this plays "
            "one setup (pnp sweep RULESET --houses all-pairs plays each)"
        )
    houses = parse_houses(text)
    if houses is not None and len(houses) < players:
        houses += (None,) * (players - len(houses))
    check_houses(houses, players)
    return houses


def check_houses(houses: tuple[str | None, ...] | None, players: int) -> None:
    """Refuse ``--houses`` that does not name one House (or ``random``) per seat."""
    from pnp.errors import UsageError

    if houses is not None and len(houses) != players:
        named = f"{len(houses)} House{'' if len(houses) == 1 else 's'}"
        fix = (
            "one per seat at most"
            if len(houses) > players
            else "give one per seat (use 'random' to leave a seat to the seed)"
        )
        raise UsageError(f"--houses names {named} for {players} players; {fix}")


def option_text(key: str, value: Any) -> str:
    """One option as it is written on the command line: ``winter=true``, not ``winter=True``."""
    return f"{key}={str(value).lower() if isinstance(value, bool) else value}"


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs as a mapping; values read as YAML scalars (``true``, ``3``)."""
    import yaml

    from pnp.errors import UsageError

    out: dict[str, Any] = {}
    given: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep and key and " " not in key:
            # most options are switches: say how to turn one on
            raise UsageError(f"--option {item!r}: expected KEY=VALUE (to switch it on: {key}=true)")
        if not sep or not key:
            raise UsageError(f"--option {item!r}: expected KEY=VALUE")
        # a key given twice is a slip (which one was meant?), not a silent override
        if key in given:
            raise UsageError(
                f"--option {key!r} is given twice ({given[key]!r}, {item!r}); give each option once"
            )
        given[key] = item
        try:
            out[key] = yaml.safe_load(value) if value.strip() else ""
        except yaml.YAMLError:
            out[key] = value
    return out
