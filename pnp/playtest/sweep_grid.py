"""A sweep's grid: the player counts, option values and House pairings it crosses.

``pnp sweep`` plays one playtest per *cell* of the grid, the cross product of
its axes in this order: player counts (``--players 3,4,6``), then each ``-o``
key's values (``-o winter=true,false``; several ``-o`` keys give their cross
product, in the order given), then House pairings (``--houses``). An axis not
given has one value: the ruleset's default player count, no option, every
House left to the seed.

House pairings are ``;``-separated entries, each a ``--houses`` value of
``pnp playtest`` (``stark,lannister;tully,arryn``; ``--houses`` may also be
repeated), or ``all-pairs``: every unordered pair of the Houses the content
lists, in its order, the first at seat 0 (no mirror match: a House never
meets itself). An entry names the Houses of the first seats; the seats beyond
it are left to the seed, as ``random`` leaves one, so a pair plays at seats 0
and 1 of a 4-player cell with two random Houses beside it (that is what
``all-pairs`` means above two players). An entry naming more Houses than a
cell has seats is an error.

Every value is checked here, before anything is played; a setup the ruleset
refuses (an option value it does not know) is caught when each cell's first
game is set up (:func:`pnp.playtest.sweep.check_cells`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import UsageError
from pnp.playtest.plan import RANDOM_HOUSE, option_text, parse_houses, parse_options
from pnp.rulesets.ruleset import Ruleset

#: the ``--houses`` value that pairs every two Houses of the content
ALL_PAIRS = "all-pairs"

#: a House per seat (``None``: left to the seed)
Seats = tuple[str | None, ...]


@dataclass(frozen=True)
class Cell:
    """One cell of the grid: the setup of one playtest."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    #: the pairing as given (``None``: every House left to the seed)
    pairing: Seats | None = None

    @property
    def seat_houses(self) -> Seats | None:
        """The House per seat the cell's playtest is given: the pairing, then random seats."""
        if self.pairing is None:
            return None
        return self.pairing + (None,) * (self.players - len(self.pairing))

    def parts(self) -> dict[str, str]:
        """The cell's value on each axis, as written: ``{"players": "4p", "winter": ...}``."""
        out = {"players": f"{self.players}p"}
        for key, value in self.options.items():
            out[f"-o {key}"] = option_text(key, value)
        if self.pairing is not None:
            out["houses"] = houses_text(self.pairing)
        return out

    @property
    def slug(self) -> str:
        """A folder name for the cell's records: every axis value, file-name safe."""
        return re.sub(r"[^A-Za-z0-9._=,+-]", "-", "_".join(self.parts().values()))


def houses_text(pairing: Seats) -> str:
    """``stark,lannister`` (``random`` for a seat left to the seed)."""
    return ",".join(h if h is not None else "random" for h in pairing)


@dataclass(frozen=True)
class Grid:
    """The axes of a sweep, each value checked."""

    players: tuple[int, ...]
    #: ``-o`` key -> its values, in the order given
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    #: the House pairings (``None``: no ``--houses``, every House left to the seed)
    pairings: tuple[Seats, ...] | None = None
    #: whether the pairings are ``all-pairs``
    all_pairs: bool = False
    #: cells the rules forbid, each with the ruleset's reason, left out of :meth:`cells`
    #: (:func:`pnp.playtest.sweep.skip_forbidden`)
    skipped: tuple[tuple[Cell, str], ...] = ()

    def all_cells(self) -> list[Cell]:
        """Every cell of the axes, players outermost, then the options in order, then the
        pairings."""
        keys = list(self.options)
        pairings: Sequence[Seats | None] = self.pairings if self.pairings is not None else [None]
        return [
            Cell(players, dict(zip(keys, values, strict=True)), pairing)
            for players in self.players
            for values in itertools.product(*(self.options[k] for k in keys))
            for pairing in pairings
        ]

    def cells(self) -> list[Cell]:
        """The cells the sweep plays: every cell but the skipped ones, in order."""
        skipped = [cell for cell, _ in self.skipped]
        return [cell for cell in self.all_cells() if cell not in skipped]

    def varying(self) -> list[str]:
        """The axes with more than one value (the keys of :meth:`Cell.parts`)."""
        axes = []
        if len(self.players) > 1:
            axes.append("players")
        axes += [f"-o {k}" for k, values in self.options.items() if len(values) > 1]
        if self.pairings is not None and len(self.pairings) > 1:
            axes.append("houses")
        return axes

    def label(self, cell: Cell) -> str:
        """The cell as the table names it: its values on the axes that vary (all of them
        when none does)."""
        parts = cell.parts()
        shown = [parts[axis] for axis in self.varying() if axis in parts]
        return " ".join(shown or parts.values())

    def fixed(self) -> list[str]:
        """The values shared by every cell (the axes with one value), as written."""
        out = []
        if len(self.players) == 1:
            out.append(f"{self.players[0]} players")
        out += [option_text(k, v[0]) for k, v in self.options.items() if len(v) == 1]
        if self.pairings is None:
            out.append("Houses drawn per game")
        elif len(self.pairings) == 1:
            out.append(f"houses {houses_text(self.pairings[0])}")
        return out

    def to_json(self) -> dict[str, Any]:
        """``{players, options, houses, all_pairs, skipped}``: the axes as ``--json`` shows
        them, and the cells left out (``label``, ``players``, ``options``, ``houses``,
        ``why``)."""
        return {
            "players": list(self.players),
            "options": {k: list(v) for k, v in self.options.items()},
            "houses": [list(p) for p in self.pairings] if self.pairings is not None else None,
            "all_pairs": self.all_pairs,
            "skipped": [
                {
                    "label": self.label(cell),
                    "players": cell.players,
                    "options": dict(cell.options),
                    "houses": list(cell.pairing) if cell.pairing is not None else None,
                    "why": why,
                }
                for cell, why in self.skipped
            ],
        }


def parse_players(text: str | None, ruleset: Ruleset) -> tuple[int, ...]:
    """``--players 3,4,6``: the counts, each one the ruleset supports (default: its own)."""
    if text is None:
        return (ruleset.players_default,)
    counts: list[int] = []
    for item in text.split(","):
        item = item.strip()
        try:
            count = int(item)
        except ValueError:
            raise UsageError(
                f"--players {text}: {item!r} is not a whole number "
                "(give counts separated by commas: 3,4,6)"
            ) from None
        if count in counts:
            raise UsageError(f"--players {text}: {count} is given twice")
        if count not in ruleset.player_counts:
            raise UsageError(
                f"--players {text}: {ruleset.name} is played by "
                f"{ruleset.players_text()} players, not {count}"
            )
        counts.append(count)
    return tuple(counts)


def parse_option_axes(items: Iterable[str] | None) -> dict[str, tuple[Any, ...]]:
    """``-o winter=true,false``: each key's values, read as ``pnp playtest -o`` reads one
    (YAML scalars: ``true``, ``3``); values are split at commas."""
    axes: dict[str, tuple[Any, ...]] = {}
    for item in items or []:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            # the playtest's own wording for a malformed option
            parse_options([item])
        if key in axes:
            raise UsageError(
                f"--option {key!r} is given twice; give each key once with its values "
                f"separated by commas ({key}=a,b)"
            )
        values: list[Any] = []
        for part in text.split(","):
            value = parse_options([f"{key}={part}"])[key]
            if any(_same(value, v) for v in values):
                raise UsageError(f"--option {item!r}: the value {part.strip()!r} is given twice")
            values.append(value)
        axes[key] = tuple(values)
    return axes


def _same(a: Any, b: Any) -> bool:
    """Whether two option values are one (``true`` and ``True``; not ``1`` and ``true``)."""
    return type(a) is type(b) and a == b


def parse_pairings(
    texts: Iterable[str] | None, houses: Sequence[str] | None
) -> tuple[tuple[Seats, ...] | None, bool]:
    """``--houses`` values: the pairings, and whether they are ``all-pairs``.

    ``houses`` lists the content's House ids (``None``: the content lists none),
    which ``all-pairs`` pairs.
    """
    entries = [e.strip() for text in texts or [] for e in text.split(";")]
    if not entries:
        return None, False
    if ALL_PAIRS in (e.lower() for e in entries):
        if len(entries) > 1:
            raise UsageError(f"--houses {ALL_PAIRS} goes alone, not with other pairings")
        if not houses or len(houses) < 2:
            raise UsageError(
                f"--houses {ALL_PAIRS}: the content lists "
                f"{'no Houses' if not houses else 'one House only'} to pair"
            )
        return tuple(itertools.combinations(houses, 2)), True
    pairings: list[Seats] = []
    for entry in entries:
        if not entry:
            raise UsageError(
                "--houses: an empty pairing (pairings are separated by ';': stark,lannister;"
                "tully,arryn)"
            )
        pairing = parse_houses(entry)
        assert pairing is not None
        if pairing in pairings:
            raise UsageError(f"--houses: the pairing {entry!r} is given twice")
        unknown = [h for h in pairing if h is not None and houses and h not in houses]
        if unknown:
            raise UsageError(
                f"--houses {entry}: no House {unknown[0]!r} (Houses: {', '.join(houses or [])}; "
                f"'{RANDOM_HOUSE[0]}' leaves a seat to the seed)"
            )
        pairings.append(pairing)
    return tuple(pairings), False


def check_pairings(grid: Grid) -> None:
    """Raise :class:`UsageError` for a pairing with more Houses than any cell has seats.

    One that fits some player counts only is left to the cells: where it has too many
    Houses the ruleset refuses the cell, which is skipped when its values play elsewhere
    (:func:`pnp.playtest.sweep.skip_forbidden`), as a combination the rules forbid."""
    if grid.pairings is None:
        return
    most = max(grid.players)
    for pairing in grid.pairings:
        if len(pairing) > most:
            raise UsageError(
                f"--houses {houses_text(pairing)}: names {len(pairing)} Houses, but no cell "
                f"has more than {most} players"
            )


def content_houses(model: Any) -> list[str] | None:
    """The House ids the content lists (its ``houses`` entries' ids), else ``None``."""
    houses = getattr(model, "houses", None)
    if not isinstance(houses, list | tuple):
        return None
    ids = [getattr(h, "id", None) for h in houses]
    found = [i for i in ids if isinstance(i, str)]
    return found or None
