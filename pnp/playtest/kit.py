"""The kit check: could every game of the run be played with one printed kit?

Each ruleset's kit meter (:mod:`pnp.engine.kitmeter`) reports, per game, the
peak number of each printed card and token the game had in use at once;
:class:`~pnp.playtest.stats.Tally` keeps, per component, how many games
reached each peak. Here those peaks meet the copies the kit prints, taken
from the very component list ``pnp build`` prints (:func:`printed_copies`,
through :func:`pnp.render.kit.kit_components`). The kit prints the same
whatever the game options, so one list serves every run.

- A **shortfall** is a component some game needed more of than the kit
  prints: its largest need, how many games needed more than the kit has, and
  the first game with the largest need (its record is kept, as a crash's
  is). Any shortfall fails the verdict (:func:`kit_shortfall_reasons`).
- **Slack** is a component printed far beyond any game's need: at least
  :data:`SLACK_SPARE` spare copies, and at least :data:`SLACK_SHARE` of the
  largest need spare again (31 in use against 60 printed is slack; 2 against
  3 is not). Information for the designer; it fails nothing. A run of one
  player count or variant leaves unused what others need, so read slack
  against every way the kit is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.content import LoadedContent
from pnp.playtest.stats import PeakStats
from pnp.rulesets.ruleset import Ruleset

#: the component kinds the check compares (boards are one each and always in use)
CHECKED_KINDS = ("card", "token")
#: slack: at least this many copies spare ...
SLACK_SPARE = 2
#: ... and at least this share of the largest need spare again
SLACK_SHARE = 0.5
#: shortfalls named one by one in the verdict; more are summed up
REASONS_LISTED = 10


@dataclass(frozen=True)
class Printed:
    """One printed card or token kind: what ``pnp build`` prints of it."""

    component: str
    kind: str
    name: str
    copies: int


def printed_copies(ruleset: Ruleset, content: LoadedContent[Any]) -> dict[str, Printed] | None:
    """The cards and tokens ``pnp build`` prints for ``content``, by component id (the
    build's own component list); ``None`` when the ruleset has no kit or no kit meter."""
    if ruleset.components is None or ruleset.kit_meter is None:
        return None
    from pnp.render.kit import kit_components

    return {
        c.id: Printed(c.id, c.kind, c.label, c.copies)
        for c in kit_components(ruleset, content)
        if c.kind in CHECKED_KINDS
    }


@dataclass(frozen=True)
class KitRow:
    """One component's peak over the run against the copies printed."""

    component: str
    kind: str
    name: str
    printed: int
    #: the most any game had in use at once
    need: int
    #: games that had more in use than printed
    games_over: int
    #: the first game (index, seed) with the largest need; -1 if none used it
    game: int
    seed: int

    @property
    def spare(self) -> int:
        """Copies printed beyond the largest need (negative: a shortfall)."""
        return self.printed - self.need

    @property
    def short(self) -> bool:
        """Whether some game needed more than the kit prints."""
        return self.need > self.printed

    @property
    def slack(self) -> bool:
        """Whether the kit prints far beyond any game's need (see the module)."""
        return self.spare >= max(SLACK_SPARE, SLACK_SHARE * self.need)

    def figure(self) -> str:
        """``power 57/60``: its largest need against the copies printed."""
        return f"{self.component} {self.need}/{self.printed}"


@dataclass
class KitCheck:
    """The run's peaks against the printed kit."""

    #: games whose peaks were counted (those with a result)
    games: int
    #: every printed card and token, then any component a game used that the kit lacks
    rows: list[KitRow]
    #: game index -> the record kept of it (worst games of shortfalls)
    records: dict[int, str] = field(default_factory=dict)

    @property
    def shortfalls(self) -> list[KitRow]:
        """Components some game needed more of than printed, the most games short first."""
        rows = [r for r in self.rows if r.short]
        return sorted(rows, key=lambda r: (-r.games_over, r.spare, r.component))

    @property
    def slack(self) -> list[KitRow]:
        """Components printed far beyond any game's need, the most spare first."""
        rows = [r for r in self.rows if r.slack]
        return sorted(rows, key=lambda r: (-r.spare, r.component))

    def tightest(self, count: int = 3) -> list[KitRow]:
        """The ``count`` used components (short of none) whose largest need comes nearest
        the copies printed, as a share of them (the largest need first among equals)."""
        used = [r for r in self.rows if r.need and not r.short]
        return sorted(used, key=lambda r: (-r.need / r.printed, -r.need, r.component))[:count]

    def record_of(self, row: KitRow) -> str | None:
        """The record kept of ``row``'s worst game, if any."""
        return self.records.get(row.game)

    def to_json(self) -> dict[str, Any]:
        """``{shortfalls, slack}`` as ``pnp playtest --json`` shows them."""
        return {
            "shortfalls": [
                {
                    "component": r.component,
                    "kind": r.kind,
                    "name": r.name,
                    "printed": r.printed,
                    "need": r.need,
                    "games": r.games_over,
                    "game": r.game,
                    "seed": r.seed,
                    "record": self.record_of(r),
                }
                for r in self.shortfalls
            ],
            "slack": [
                {
                    "component": r.component,
                    "kind": r.kind,
                    "name": r.name,
                    "printed": r.printed,
                    "need": r.need,
                    "spare": r.spare,
                }
                for r in self.slack
            ],
        }

    def components_json(self) -> dict[str, Any]:
        """Every row by component id (``--stats``): printed, need, games over, worst game."""
        return {
            r.component: {
                "kind": r.kind,
                "printed": r.printed,
                "need": r.need,
                "games_over": r.games_over,
                "game": r.game if r.need else None,
                "seed": r.seed if r.need else None,
            }
            for r in self.rows
        }


def check_kit(
    peaks: Mapping[str, PeakStats], printed: Mapping[str, Printed], games: int
) -> KitCheck:
    """Compare the run's ``peaks`` with the ``printed`` copies (over ``games`` games)."""
    rows = [
        _row(p.component, p.kind, p.name, p.copies, peaks.get(p.component))
        for p in printed.values()
    ]
    for component in sorted(set(peaks) - set(printed)):  # a piece the kit does not print
        rows.append(_row(component, "not printed", component, 0, peaks[component]))
    return KitCheck(games, rows)


def _row(component: str, kind: str, name: str, copies: int, stats: PeakStats | None) -> KitRow:
    if stats is None:
        return KitRow(component, kind, name, copies, 0, 0, -1, 0)
    over = stats.games_over(copies)
    return KitRow(component, kind, name, copies, stats.top, over, stats.top_index, stats.top_seed)


def shortfall_text(row: KitRow, record: str | None = None) -> str:
    """``power: a game had 64 in use at once, the kit prints 60 (12 games needed more;
    worst: game 417, seed 99; record …)``."""
    where = f"; record {record}" if record else ""
    games = "1 game needs" if row.games_over == 1 else f"{row.games_over} games need"
    return (
        f"{row.component}: a game had {row.need} in use at once, the kit prints {row.printed} "
        f"({games} more; worst: game {row.game}, seed {row.seed}{where})"
    )


def kit_shortfall_reasons(check: KitCheck | None) -> list[str]:
    """The verdict's reasons from the kit check: one per shortfall (empty: the kit held)."""
    if check is None:
        return []
    short = check.shortfalls
    reasons = [
        f"the kit is short of {shortfall_text(r, check.record_of(r))}"
        for r in short[:REASONS_LISTED]
    ]
    if len(short) > REASONS_LISTED:
        rest = ", ".join(r.component for r in short[REASONS_LISTED:])
        reasons.append(f"the kit is short of {len(short) - REASONS_LISTED} more: {rest}")
    return reasons


def kit_lines(check: KitCheck | None, shown: int = 5) -> list[str]:
    """The terminal summary's lines about the kit."""
    if check is None:
        return []
    tight = ", ".join(r.figure() for r in check.tightest()) or "none used"
    lines = [
        f"kit (most in use at once in one game / copies printed, {check.games} games): "
        f"{len(check.rows)} cards and tokens; tightest: {tight}"
    ]
    short = check.shortfalls
    for row in short[:shown]:
        lines.append(f"  short: {shortfall_text(row)}")
        record = check.record_of(row)
        if record:
            lines.append(f"    replay: pnp replay {record}")
    if len(short) > shown:
        lines.append(f"  short: {len(short) - shown} more (see --json)")
    slack = check.slack
    if slack:
        listed = ", ".join(r.figure() for r in slack[:shown])
        more = f" and {len(slack) - shown} more" if len(slack) > shown else ""
        lines.append(f"  slack (printed far beyond any game's need): {listed}{more}")
    return lines


def kept_games(check: KitCheck) -> Sequence[int]:
    """The games whose records the shortfalls name (each once, in order)."""
    return sorted({r.game for r in check.shortfalls if r.game >= 0})
