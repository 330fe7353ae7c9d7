"""A playtest's results: the ``--json`` object, the full statistics and the terminal summary.

The ``--json`` object has exactly these keys:

``games``
    games played (all of them, crashed ones included);
``crashes``, ``invariant_violations``
    one entry per failed game: ``game`` (its index), ``seed``, what happened
    (``phase``, ``type``, ``message``, ``step`` / ``violations``) and
    ``record``, the record file that reproduces it (``pnp replay``);
``cap_hits``
    games stopped by the round or decision cap;
``houses``
    per House: ``games`` (seats that played it in games with a result),
    ``wins``, ``rate`` and its 95% Wilson interval ``ci_low``–``ci_high``;
    ``judged``, whether its rate counts in the verdict (see ``not_judged``),
    and ``outside_band``, how far its interval lies above (positive) or below
    (negative) the fair band, as a fraction like ``rate`` (0 when they
    overlap; a judged House with any other value fails the run);
``seats``
    the same per seat, in seat order, with the seat's ``agent``;
``first_player_rate``
    the share of games with a result that the first player won (``null`` if
    the ruleset does not say who went first);
``length``
    ``rounds`` and ``decisions`` of normally finished games: ``mean``,
    ``median``, ``p10``, ``p90``, ``min``, ``max``;
``endings``
    games per ending (the ruleset's victory kinds, ``round_cap``, ``step_cap``);
``cards_never_played``
    card ids no game played (the ruleset's card list, see ``Ruleset.card_ids``);
``not_judged``
    what the verdict left out and why, as ``{what: why}``: ``houses`` and
    ``seats`` (those with too few games, or all of them), ``cards`` (a run
    shorter than ``--card-games``) and ``undecided_endings``; a run with a
    ``random`` seat leaves out all four (the last where the ruleset has such
    endings), its play saying nothing about them;
``kit``
    the kit check (:mod:`pnp.playtest.kit`; ``null`` for a ruleset without a
    kit): ``shortfalls``, the printed cards and tokens some game had more of
    in use at once than the kit prints (``component``, ``kind``, ``name``,
    ``printed``, ``need`` (the most one game had in use), ``games`` (games
    that needed more than printed), the worst game's ``game``, ``seed`` and
    ``record``, and a ``note`` saying how the need of a coin that smaller
    coins stand in for was worked out, else ``""``), and ``slack``, those
    printed far beyond any game's need (``component``, ``kind``, ``name``,
    ``printed``, ``need``, ``spare``);
``verdict``, ``reasons``
    ``"pass"`` or ``"fail"`` and why it failed.

``--stats FILE`` writes the same plus ``setup``, ``thresholds``, ``agents``
(win rates per agent), ``first_player`` (with its interval) and ``cards``
(per card: ``drawn``, ``played``, ``played_games`` (seat-games in which it was
played) and ``winner_played`` (of those, the ones that seat won), and its
strength figures (:mod:`pnp.playtest.strength`): ``drawn_games``,
``played_games`` and ``not_seen_games`` of games with a result under
``strength``, with ``win_rate_drawn``, ``win_rate_played``,
``win_rate_not_seen`` (each ``{rate, ci_low, ci_high}``, ``null`` without
games) and ``improvement_when_drawn`` (``{change, ci_low, ci_high}``),
``ranked`` (enough games to be ranked) and ``clear_of_zero``) and
``kit_components`` (every printed card and token by id: ``kind``,
``printed``, ``need``, ``games_over``, the ``game`` and ``seed`` of the
first game with that need, and ``note``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.content.problems import display_path
from pnp.playtest.kit import KitCheck, kit_lines
from pnp.playtest.plan import PlaytestPlan, option_text
from pnp.playtest.stats import Rate, Statistics, spread, wilson
from pnp.playtest.strength import (
    STRENGTH_GAMES,
    CardStrength,
    points,
    strengths,
    strongest,
    weakest,
)
from pnp.playtest.verdict import (
    CARDS,
    HOUSES,
    SEATS,
    Thresholds,
    band_distance,
    fair_band,
    house_judged,
    not_judged,
    random_note,
    random_seats,
    seat_judged,
    seat_label,
)

#: the keys of ``pnp playtest --json``, in order
JSON_KEYS = (
    "games",
    "crashes",
    "invariant_violations",
    "cap_hits",
    "houses",
    "seats",
    "first_player_rate",
    "length",
    "endings",
    "cards_never_played",
    "not_judged",
    "kit",
    "verdict",
    "reasons",
)


@dataclass
class PlaytestReport:
    """Everything a playtest found."""

    plan: PlaytestPlan
    stats: Statistics
    thresholds: Thresholds
    reasons: list[str]
    #: records of an earlier run replaced in the folder this run's records went to
    replaced: int = 0
    #: the run's peaks against the printed kit (``None``: the ruleset has no kit meter)
    kit: KitCheck | None = None
    #: per card, its strength figures (in the order of ``stats.cards``)
    strength: list[CardStrength] = field(init=False)

    def __post_init__(self) -> None:
        self.strength = strengths(self.stats.cards, self.stats.houses)

    @property
    def passed(self) -> bool:
        """Whether the verdict is pass."""
        return not self.reasons

    @property
    def exit_code(self) -> int:
        """0 on pass, 1 on fail."""
        return 0 if self.passed else 1

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object: exactly :data:`JSON_KEYS`."""
        s = self.stats
        first = s.first_player
        band = fair_band(s, self.thresholds)

        def judged(rate: Rate, is_judged: bool) -> dict[str, Any]:
            gap = round(band_distance(rate, band), 6)
            return {**rate.to_json(), "judged": is_judged, "outside_band": gap}

        return {
            "games": s.games,
            "crashes": [
                {
                    "game": g.index,
                    "seed": g.seed,
                    **(g.failure_info or {}),
                    "record": g.record,
                }
                for g in s.crashes
            ],
            "invariant_violations": [
                {
                    "game": g.index,
                    "seed": g.seed,
                    "step": g.steps,
                    "violations": g.violations,
                    "record": g.record,
                }
                for g in s.violations
            ],
            "cap_hits": s.cap_hits,
            "houses": {
                house: judged(rate, house_judged(s, self.thresholds, house))
                for house, rate in s.houses.items()
            },
            "seats": [
                {
                    "seat": seat,
                    "agent": s.seat_agents[seat],
                    **judged(rate, seat_judged(s, self.thresholds, seat)),
                }
                for seat, rate in enumerate(s.seats)
            ],
            "first_player_rate": first.to_json()["rate"] if first else None,
            "length": {"rounds": spread(s.rounds), "decisions": spread(s.steps)},
            "endings": dict(s.endings),
            "cards_never_played": s.never_played,
            "not_judged": not_judged(s, self.thresholds),
            "kit": self.kit.to_json() if self.kit is not None else None,
            "verdict": "pass" if self.passed else "fail",
            "reasons": list(self.reasons),
        }

    def full_json(self) -> dict[str, Any]:
        """The ``--json`` object plus the setup, agents, thresholds and per-card counts."""
        s = self.stats
        low, high = fair_band(s, self.thresholds)
        plan = self.plan
        data = self.to_json()
        data["setup"] = {
            "ruleset": plan.ruleset.name,
            "seed": plan.seed,
            "players": plan.players,
            "agents": list(plan.agents),
            "houses": list(plan.houses) if plan.houses is not None else None,
            "options": dict(plan.options),
            "max_rounds": plan.limits.max_rounds,
            "max_steps": plan.limits.max_steps,
            "invariants": plan.limits.invariants,
        }
        data["thresholds"] = {
            "fair_margin": self.thresholds.fair_margin,
            "fair_band": [round(low, 6), round(high, 6)],
            "max_cap_rate": self.thresholds.max_cap_rate,
            "card_games": self.thresholds.card_games,
            "house_games": self.thresholds.house_games,
            "seat_games": self.thresholds.seat_games,
            "undecided_endings": sorted(self.thresholds.undecided_endings),
            "max_undecided_rate": self.thresholds.max_undecided_rate,
        }
        data["agents"] = {name: rate.to_json() for name, rate in s.agents.items()}
        # how each House won, where the ruleset says (empty otherwise)
        data["win_paths"] = {
            house: [{"path": path, "wins": wins} for path, wins in paths]
            for house, paths in s.paths.items()
        }
        data["first_player"] = s.first_player.to_json() if s.first_player else None
        data["cards"] = {
            figure.card: {
                "drawn": c.drawn,
                "played": c.played,
                "played_games": c.played_games,
                "winner_played": c.winner_played,
                "strength": figure.to_json(),
            }
            for figure, c in zip(self.strength, s.cards.values(), strict=True)
        }
        data["kit_components"] = self.kit.components_json() if self.kit is not None else None
        return data

    def text(self) -> list[str]:
        """The terminal summary, one line each."""
        s = self.stats
        plan = self.plan
        low, high = fair_band(s, self.thresholds)
        agents = ",".join(plan.agents) if len(set(plan.agents)) > 1 else plan.agents[0]
        header = (
            f"{plan.ruleset.name}: {s.games} games, {plan.players} players, agents {agents}, "
            f"seed {plan.seed}"
        )
        if plan.options:  # a variant changes every figure below: say which one was played
            header += ", options " + " ".join(option_text(k, v) for k, v in plan.options.items())
        lines = [
            header,
            f"crashes {len(s.crashes)}, invariant violations {len(s.violations)}, "
            f"cap hits {s.cap_hits} ({_pct(s.cap_hits / s.games if s.games else 0)})",
        ]
        for game in s.crashes[:5]:
            lines.append(f"  crash: game {game.index} seed {game.seed}: {game.failure}")
            if game.record:
                lines.append(f"    replay: pnp replay {game.record}")
        for game in s.violations[:5]:
            lines.append(
                f"  invariant: game {game.index} seed {game.seed}: {'; '.join(game.violations)}"
            )
            if game.record:
                lines.append(f"    replay: pnp replay {game.record}")
        left_out = not_judged(s, self.thresholds)
        randoms = bool(random_seats(s))
        # a run with random seats shows its balance unjudged (the reason is the
        # one line above the verdict)
        unjudged = "; not judged" if randoms else ""
        lines.append(
            f"win rates (95% Wilson interval; fair band {_pct(low)}–{_pct(high)}{unjudged}):"
        )
        rows: list[tuple[str, Rate]] = [(f"house {h}", r) for h, r in s.houses.items()]
        rows += [(seat_label(s, i), r) for i, r in enumerate(s.seats)]
        if len(s.agents) > 1:
            rows += [(f"agent {a}", r) for a, r in s.agents.items()]
        if s.first_player:
            rows.append(("first player", s.first_player))
        width = max(len(name) for name, _ in rows)
        for name, rate in rows:
            lo, hi = wilson(rate.wins, rate.games)
            share = rate.wins / rate.games if rate.games else 0.0
            lines.append(
                f"  {name:<{width}}  {_pct(share):>6}  [{_pct(lo)}–{_pct(hi)}]  "
                f"{rate.wins}/{rate.games}"
            )
        if not randoms:  # their intervals are shown, but a handful of games proves nothing
            lines += [
                f"  balance not judged for {left_out[k]}" for k in (HOUSES, SEATS) if k in left_out
            ]
        r, d = spread(s.rounds), spread(s.steps)
        lines.append(
            f"length (finished games): rounds mean {r['mean']:.1f}, median {r['median']:g}, "
            f"p10 {r['p10']:g}, p90 {r['p90']:g}; decisions mean {d['mean']:.1f}"
        )
        endings = ", ".join(f"{k} {v}" for k, v in s.endings.items()) or "none"
        lines.append(f"endings: {endings}")
        lines += self._path_lines()
        if s.cards:
            busiest = sorted(s.cards.items(), key=lambda kv: (-kv[1].played, kv[0]))[:5]
            top = ", ".join(f"{c} {st.played}" for c, st in busiest)
            lines.append(f"cards: {len(s.cards)} counted; most played: {top}")
            never = s.never_played
            if never:
                shown = ", ".join(never[:10]) + (" …" if len(never) > 10 else "")
                count = f"{len(never)}; not judged" if randoms else str(len(never))
                lines.append(f"  never played ({count}): {shown}")
                if not randoms and CARDS in left_out:  # a short run: no failure, say why
                    lines.append(f"  cards not judged: {left_out[CARDS]}")
            lines += self._strength_lines()
        lines += kit_lines(self.kit)
        note = self.replaced_note()
        if note:
            lines.append(note)
        unjudged_play = random_note(s, self.thresholds)
        if unjudged_play:
            lines.append(unjudged_play)
        lines.append(f"verdict: {'PASS' if self.passed else 'FAIL'}")
        lines += [f"  - {reason}" for reason in self.reasons]
        return lines

    def replaced_note(self) -> str | None:
        """Where this run's records are and how many of an earlier run they replaced."""
        if not self.replaced:
            return None
        folder = display_path(self.plan.records_folder)
        return f"records: replaced the {self.replaced} record(s) of an earlier run in {folder}/"

    def _strength_lines(self) -> list[str]:
        """The :data:`STRENGTH_SHOWN` strongest and weakest cards by improvement when drawn."""
        best = strongest(self.strength, STRENGTH_SHOWN)
        if not best:
            return [
                f"card strength: no card drawn and not seen in {STRENGTH_GAMES}+ seat-games each"
            ]
        worst = weakest(self.strength, STRENGTH_SHOWN)
        return [
            "card strength (improvement when drawn: win rate when drawn minus when not seen, "
            f"95% interval; cards drawn and not seen in {STRENGTH_GAMES}+ seat-games; "
            "* clear of zero):",
            "  strongest: " + "; ".join(strength_text(f) for f in best),
            "  weakest: " + "; ".join(strength_text(f) for f in worst),
        ]

    def _path_lines(self) -> list[str]:
        """How each House won, its :data:`PATHS_SHOWN` commonest ways (none if untold)."""
        paths = self.stats.paths
        if not paths:
            return []
        lines = ["ways to win (per House, commonest first, share of its wins):"]
        width = max(len(h) for h in paths)
        for house, ways in paths.items():
            wins = sum(n for _, n in ways)
            shown = "; ".join(f"{p} {_pct(n / wins)}" for p, n in ways[:PATHS_SHOWN])
            more = f"; {len(ways) - PATHS_SHOWN} more" if len(ways) > PATHS_SHOWN else ""
            lines.append(f"  {house:<{width}}  {shown}{more}")
        return lines


#: ways to win shown per House in the terminal summary (the JSON and PDF list them all)
PATHS_SHOWN = 2
#: strongest and weakest cards shown in the terminal summary (the PDF shows ten each)
STRENGTH_SHOWN = 3


def strength_text(figure: CardStrength) -> str:
    """``harvest-feast +6.1 pp [+2.0, +10.2]*``: a card's improvement when drawn."""
    assert figure.improvement is not None
    change, low, high = figure.improvement
    mark = "*" if figure.clear else ""
    return f"{figure.card} {points(change)} [{100 * low:+.1f}, {100 * high:+.1f}]{mark}"


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"
