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
- A coin the players may pay as smaller ones (a ruleset's
  :class:`~pnp.engine.kitmeter.Change`: a 5 as five 1s) is needed only for
  the worth that the printed smaller coins cannot carry: a game whose heaps
  were worth 133 at once needs 15 fives beside 60 ones, whatever 5s its
  heaps held. A game is short of it when its heaps were worth more than all
  those coins together; the smaller coin is short when the heaps needed more
  of it than printed whatever the 5s (a heap of 4 is four 1s), and its
  copies beyond that are change, never slack.
- **Slack** is a component printed far beyond any game's need: at least
  :data:`SLACK_SPARE` spare copies, and at least :data:`SLACK_SHARE` of the
  largest need spare again (31 in use against 60 printed is slack; 2 against
  3 is not). Information for the designer; it fails nothing. A run of one
  player count or variant leaves unused what others need, so read slack
  against every way the kit is played.
- A run that seats one House at several seats (thrones lets several players
  choose the same House: ``--houses stark,stark``) needs that House's pieces
  once per seat, and one kit holds them once: such a run is judged against
  as many kits as the most seats one House takes (:func:`kits_for`), and says
  so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.content import LoadedContent
from pnp.engine.kitmeter import Change
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
class Kits:
    """How many printed kits a run is judged against, and why."""

    count: int = 1
    #: the Houses seated most often, when they take several seats each
    houses: tuple[str, ...] = ()

    def why(self) -> str:
        """``judged against 2 printed kits: stark takes 2 seats …`` (empty for one kit)."""
        if self.count == 1:
            return ""
        who = (
            f"{self.houses[0]} takes {self.count} seats"
            if len(self.houses) == 1
            else f"{', '.join(self.houses[:-1])} and {self.houses[-1]} take {self.count} seats each"
        )
        return (
            f"judged against {self.count} printed kits: {who}, and one kit holds each House's "
            "pieces once"
        )


def kits_for(houses: Sequence[str | None] | None) -> Kits:
    """The kits a run whose seats play ``houses`` needs: one, or as many as the seats of
    the House seated most often. A seat left to the seed does not count: every shipped
    ruleset gives it a House no other seat has."""
    named = [h for h in houses or () if h is not None]
    count = max((named.count(h) for h in named), default=1)
    if count < 2:
        return Kits()
    return Kits(count, tuple(sorted({h for h in named if named.count(h) == count})))


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
    #: games whose need was the largest
    games_at_need: int = 0
    #: how the need was worked out, where it is not a plain count (a coin paid as change)
    note: str = ""
    #: a smaller coin whose copies beyond its need are change for a larger one (never slack)
    change: bool = False

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
        if self.change:
            return False
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
    #: how many printed kits the run is judged against (see :func:`kits_for`)
    kits: Kits = field(default_factory=Kits)

    @property
    def shortfalls(self) -> list[KitRow]:
        """Components some game needed more of than printed, the most games short first."""
        rows = [r for r in self.rows if r.short]
        return sorted(rows, key=lambda r: (-r.games_over, r.spare, r.component))

    @property
    def slack(self) -> list[KitRow]:
        """Components printed far beyond any game's need: those some game used first (no
        game of a run of one player count or variant uses another's pieces), the most
        spare first."""
        rows = [r for r in self.rows if r.slack]
        return sorted(rows, key=lambda r: (not r.need, -r.spare, r.component))

    def tightest(self, count: int = 3) -> list[KitRow]:
        """The ``count`` used components (short of none) whose largest need comes nearest
        the copies printed, as a share of them (the largest need first among equals)."""
        used = [r for r in self.rows if r.need and not r.short]
        return sorted(used, key=lambda r: (-r.need / r.printed, -r.need, r.component))[:count]

    def record_of(self, row: KitRow) -> str | None:
        """The record kept of ``row``'s worst game, if any."""
        return self.records.get(row.game)

    def to_json(self) -> dict[str, Any]:
        """``{shortfalls, tightest, slack}`` as ``pnp playtest --json`` shows them."""
        return {
            "kits": self.kits.count,
            "tightest": [
                {"component": r.component, "name": r.name, "printed": r.printed, "need": r.need}
                for r in self.tightest()
            ],
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
                    "note": r.note,
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
                "note": r.note,
            }
            for r in self.rows
        }


def check_kit(
    peaks: Mapping[str, PeakStats],
    printed: Mapping[str, Printed],
    games: int,
    change: Sequence[Change] = (),
    kits: Kits = Kits(),
) -> KitCheck:
    """Compare the run's ``peaks`` with the ``printed`` copies (over ``games`` games), the
    coins of ``change`` with the smaller coins printed as change, all of them printed
    ``kits.count`` times (one kit unless ``kits`` says otherwise)."""
    if kits.count > 1:
        printed = {k: replace(p, copies=p.copies * kits.count) for k, p in printed.items()}
    coins = {c.coin: c for c in change if c.coin in printed and c.made_of in printed}
    smaller = {c.made_of: c for c in coins.values()}
    rows = []
    for p in printed.values():
        coin = coins.get(p.component)
        if coin is not None:
            rows.append(_change_row(p, printed[coin.made_of].copies, coin, peaks))
            continue
        row = _row(p.component, p.kind, p.name, p.copies, peaks.get(p.component))
        coin = smaller.get(p.component)
        if coin is not None:
            note = f"those no {coin.coin} can stand for; the rest are change for {coin.coin}"
            row = replace(row, note=note, change=True)
        rows.append(row)
    worth_ids = {c.worth_id for c in change}
    for component in sorted(set(peaks) - set(printed) - worth_ids):  # a piece not printed
        rows.append(_row(component, "not printed", component, 0, peaks[component]))
    return KitCheck(games, rows, kits=kits)


def _row(component: str, kind: str, name: str, copies: int, stats: PeakStats | None) -> KitRow:
    if stats is None:
        return KitRow(component, kind, name, copies, 0, 0, -1, 0)
    over = stats.games_over(copies)
    return KitRow(
        component,
        kind,
        name,
        copies,
        stats.top,
        over,
        stats.top_index,
        stats.top_seed,
        stats.games[stats.top],
    )


def _change_row(p: Printed, smaller: int, coin: Change, peaks: Mapping[str, PeakStats]) -> KitRow:
    """The larger coin of ``coin``: the most any game needed of it beside the ``smaller``
    coins printed, from the most its heaps were worth at once."""
    stats = peaks.get(coin.worth_id)
    if stats is None:
        return KitRow(p.component, p.kind, p.name, p.copies, 0, 0, -1, 0)

    def needed(worth: int) -> int:
        """What the smaller coins cannot carry of ``worth``, in larger coins (rounded up)."""
        return max(0, -(-(worth - smaller) // coin.worth))

    need = needed(stats.top)
    held = p.copies * coin.worth + smaller
    note = (
        f"with the {smaller} {coin.made_of} as change: the money in play came to "
        f"{stats.top} at once, the kit's coins to {held}"
    )
    over = stats.games_over(held)
    at_top = sum(n for worth, n in stats.games.items() if needed(worth) == need)
    return KitRow(
        p.component,
        p.kind,
        p.name,
        p.copies,
        need,
        over,
        stats.top_index,
        stats.top_seed,
        at_top,
        note,
    )


def shortfall_text(row: KitRow, record: str | None = None) -> str:
    """``power: a game had 64 in use at once, the kit prints 60 (12 games need more;
    worst: game 417, seed 99; record …)``."""
    where = f"; record {record}" if record else ""
    note = f"{row.note}; " if row.note else ""
    had = "needed" if row.note and not row.change else "had"
    in_use = "at once" if row.note and not row.change else "in use at once"
    games = "1 game needs" if row.games_over == 1 else f"{row.games_over} games need"
    return (
        f"{row.component}: a game {had} {row.need} {in_use}, the kit prints "
        f"{row.printed} ({note}{games} more; worst: game {row.game}, seed {row.seed}{where})"
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
    if check.kits.count > 1:
        lines.append(f"  {check.kits.why()}")
    short = check.shortfalls
    for row in short[:shown]:
        lines.append(f"  short: {shortfall_text(row)}")
        record = check.record_of(row)
        if record:
            lines.append(f"    replay: pnp replay {record}")
    if len(short) > shown:
        lines.append(f"  short: {len(short) - shown} more (see --json)")
    used = [r for r in check.slack if r.need]
    if used:
        listed = ", ".join(r.figure() for r in used[:shown])
        more = f" and {len(used) - shown} more" if len(used) > shown else ""
        lines.append(f"  slack (printed far beyond any game's need): {listed}{more}")
    unused = len(check.slack) - len(used)
    if unused:
        lines.append(
            f"  slack: {unused} more that no game used (another player count or option may "
            "need them; see --json)"
        )
    return lines


def kept_games(check: KitCheck) -> Sequence[int]:
    """The games whose records the shortfalls name (each once, in order)."""
    return sorted({r.game for r in check.shortfalls if r.game >= 0})
