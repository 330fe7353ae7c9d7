"""A playtest's results: the ``--json`` object, the full statistics and the terminal summary.

The ``--json`` object describes its run and has exactly these keys:

``pnp_version``, ``ruleset``, ``content_hash``
    what played: pnp's version, the ruleset and the hash of the content
    (the one game records carry);
``seed``, ``players``, ``agents``, ``seat_houses``, ``options``
    the setup: the run seed, players per game, the agent per seat, the House
    per seat (``null``, or ``null`` entries: drawn by each game's seed) and
    the ruleset options (``-o``);
``games``
    games played (all of them, crashed ones included);
``game_count``
    how the number was chosen: ``asked`` (``"auto"`` or the ``--games``
    number), ``max_games`` (``--games auto``'s limit, else ``null``) and
    ``looks``, the game counts at which the verdict was looked at (one for a
    fixed number; ``--games auto`` stops at the last);
``crashes``, ``invariant_violations``
    one entry per failed game: ``game`` (its index), ``seed``, what happened
    (``phase``, ``type``, ``message``, ``step`` / ``violations``) and
    ``record``, the record file that reproduces it (``pnp replay``);
``cap_hits``
    games stopped by the round or decision cap;
``fair_band``
    ``low`` and ``high``: the band Houses and seats are placed against,
    the equal-seat rate ``fair_rate`` ± ``margin``; ``fair_rate`` is the
    winners of the games with a result over those games times the players
    (1/players only with one winner a game: shared wins raise it, games
    nobody wins, cap hits among them, lower it);
``rule``
    the judgement rule in words, with this run's figures;
``houses``
    per House: ``games`` (seats that played it in games with a result),
    ``wins``, ``rate`` and its 95% Wilson interval ``ci_low``–``ci_high``;
    ``judgement`` (``inside``, ``outside``, ``undecided`` or ``not_judged``),
    ``more_games`` (undecided: about how many more games of the run would
    decide it, else ``null``) and ``outside_band``, how far its interval lies
    above (positive) or below (negative) the fair band, as a fraction like
    ``rate`` (0 when they overlap);
``seats``
    the same per seat, in seat order, with the seat's ``agent``;
``cards``
    per card (the ruleset's card list, and any seen): ``drawn``, ``played``,
    ``judgement`` and ``more_games``;
``first_player_rate``
    the share of games with a result that the first player won (``null`` if
    the ruleset does not say who went first);
``length``
    ``rounds`` and ``decisions`` of normally finished games: ``mean``,
    ``median``, ``p10``, ``p90``, ``min``, ``max``;
``endings``
    games per ending (the ruleset's victory kinds, ``round_cap``, ``step_cap``);
``ways_to_win``
    per House, how its seats won (``path``, ``wins``), commonest first, where
    the ruleset says (fief: the VP Titles the winner held);
``cards_never_played``
    card ids no game played;
``cards_left_out``
    card ids not counted because no seat's House deals them (a run that
    gives every seat's House; empty otherwise);
``not_judged``
    what the verdict left out and why, as ``{what: why}``: a run with a
    ``random`` seat leaves out ``houses``, ``seats``, ``cards`` and (where
    the ruleset has such endings) ``undecided_endings``, its play saying
    nothing about them; empty otherwise;
``kit``
    the kit check (:mod:`pnp.playtest.kit`; ``null`` for a ruleset without a
    kit): ``tightest``, the three used pieces whose need comes nearest the
    copies printed (``component``, ``name``, ``printed``, ``need``);
    ``shortfalls``, the printed cards and tokens some game had more of
    in use at once than the kit prints (``component``, ``kind``, ``name``,
    ``printed``, ``need`` (the most one game had in use), ``games`` (games
    that needed more than printed), the worst game's ``game``, ``seed`` and
    ``record``, and a ``note`` saying how the need of a coin that smaller
    coins stand in for was worked out, else ``""``), and ``slack``, those
    printed far beyond any game's need (``component``, ``kind``, ``name``,
    ``printed``, ``need``, ``spare``);
``verdict``, ``reasons``, ``undecided``
    ``"pass"``, ``"fail"`` or ``"inconclusive"``; why it failed; and what is
    undecided (``what``, ``name``, ``why``, ``more_games``).

``--stats FILE`` writes the same (``agents`` too: the agent per seat) plus
``setup``, ``thresholds``, ``agent_rates`` (per agent name: ``games``,
``wins``, ``rate`` and its interval, over the seats it played),
``first_player`` (with its interval) and, per card,
``played_games`` (seat-games in which it was played) and ``winner_played``
(of those, the ones that seat won), and its strength figures
(:mod:`pnp.playtest.strength`): ``drawn_games``, ``played_games`` and
``not_seen_games`` of games with a result under ``strength``, with
``win_rate_drawn``, ``win_rate_played``, ``win_rate_not_seen`` (each
``{rate, ci_low, ci_high}``, ``null`` without games) and
``improvement_when_drawn`` (``{change, ci_low, ci_high}``), ``ranked``
(enough games to be ranked) and ``clear_of_zero``), and
``kit_components`` (every printed card and token by id: ``kind``,
``printed``, ``need``, ``games_over``, the ``game`` and ``seed`` of the
first game with that need, and ``note``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp import __version__
from pnp.content.problems import display_path
from pnp.playtest.kit import KitCheck, kit_lines
from pnp.playtest.plan import PlaytestPlan, option_text
from pnp.playtest.schedule import AUTO
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
    EXIT_CODES,
    INSIDE,
    NOT_JUDGED,
    OUTSIDE,
    PASS,
    Judgement,
    Thresholds,
    band_distance,
    fair_band,
    judge_card,
    judge_house,
    judge_seat,
    not_judged,
    outcome,
    random_seats,
    rule_text,
    seat_label,
    undecided,
    undecided_lines,
    unjudged_note,
)

#: the keys of ``pnp playtest --json``, in order
JSON_KEYS = (
    "pnp_version",
    "ruleset",
    "content_hash",
    "seed",
    "players",
    "agents",
    "seat_houses",
    "options",
    "games",
    "game_count",
    "crashes",
    "invariant_violations",
    "cap_hits",
    "fair_band",
    "rule",
    "houses",
    "seats",
    "cards",
    "first_player_rate",
    "length",
    "endings",
    "ways_to_win",
    "cards_never_played",
    "cards_left_out",
    "not_judged",
    "kit",
    "verdict",
    "reasons",
    "undecided",
)

#: how the summary marks a row's judgement
MARKS = {INSIDE: "inside", OUTSIDE: "OUTSIDE", "undecided": "undecided", NOT_JUDGED: ""}


@dataclass
class PlaytestReport:
    """Everything a playtest found."""

    plan: PlaytestPlan
    stats: Statistics
    thresholds: Thresholds
    #: why the run fails (:func:`pnp.playtest.verdict.verdict`)
    reasons: list[str]
    #: records of an earlier run replaced in the folder this run's records went to
    replaced: int = 0
    #: the hash of the content played
    content_hash: str = ""
    #: the game counts at which the verdict was looked at (``--games auto``: one per batch)
    looks: list[int] = field(default_factory=list)
    #: the run's peaks against the printed kit (``None``: the ruleset has no kit meter)
    kit: KitCheck | None = None
    #: cards not counted: no seat's House deals them
    #: (:func:`pnp.playtest.harness.cards_left_out`)
    cards_left_out: list[str] = field(default_factory=list)
    #: per card, its strength figures (in the order of ``stats.cards``)
    strength: list[CardStrength] = field(init=False)
    #: the Houses, seats and cards still undecided
    undecided: list[Judgement] = field(init=False)

    def __post_init__(self) -> None:
        self.strength = strengths(self.stats.cards, self.stats.houses)
        self.undecided = undecided(self.stats, self.thresholds)
        if not self.looks:
            self.looks = [self.stats.games]

    @property
    def status(self) -> str:
        """``pass``, ``fail`` or ``inconclusive``."""
        return outcome(self.reasons, self.undecided)

    @property
    def passed(self) -> bool:
        """Whether the verdict is pass."""
        return self.status == PASS

    @property
    def exit_code(self) -> int:
        """0 on pass, 1 on fail, 3 when inconclusive."""
        return EXIT_CODES[self.status]

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object: exactly :data:`JSON_KEYS`."""
        s = self.stats
        plan = self.plan
        first = s.first_player
        band = fair_band(s, self.thresholds)

        def judged(rate: Rate, judgement: Judgement) -> dict[str, Any]:
            return {
                **rate.to_json(),
                "judgement": judgement.state,
                "more_games": judgement.more_games,
                "outside_band": round(band_distance(rate, band), 6),
            }

        cards = {}
        for card, counts in s.cards.items():
            judgement = judge_card(s, self.thresholds, card)
            cards[card] = {
                "drawn": counts.drawn,
                "played": counts.played,
                "judgement": judgement.state,
                "more_games": judgement.more_games,
            }
        return {
            "pnp_version": __version__,
            "ruleset": plan.ruleset.name,
            "content_hash": self.content_hash,
            "seed": plan.seed,
            "players": plan.players,
            "agents": list(plan.agents),
            "seat_houses": list(plan.houses) if plan.houses is not None else None,
            "options": dict(plan.options),
            "games": s.games,
            "game_count": {
                "asked": AUTO if plan.auto else plan.games,
                "max_games": plan.games if plan.auto else None,
                "looks": list(self.looks),
            },
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
            "fair_band": {
                "low": round(band[0], 6),
                "high": round(band[1], 6),
                "fair_rate": round(s.fair_rate, 6),
                "margin": self.thresholds.fair_margin,
            },
            "rule": rule_text(self.thresholds),
            "houses": {
                house: judged(rate, judge_house(s, self.thresholds, house))
                for house, rate in s.houses.items()
            },
            "seats": [
                {
                    "seat": seat,
                    "agent": s.seat_agents[seat],
                    **judged(rate, judge_seat(s, self.thresholds, seat)),
                }
                for seat, rate in enumerate(s.seats)
            ],
            "cards": cards,
            "first_player_rate": first.to_json()["rate"] if first else None,
            "length": {"rounds": spread(s.rounds), "decisions": spread(s.steps)},
            "endings": dict(s.endings),
            "ways_to_win": {
                house: [{"path": path, "wins": wins} for path, wins in paths]
                for house, paths in s.paths.items()
            },
            "cards_never_played": s.never_played,
            "cards_left_out": list(self.cards_left_out),
            "not_judged": not_judged(s, self.thresholds),
            "kit": self.kit.to_json() if self.kit is not None else None,
            "verdict": self.status,
            "reasons": list(self.reasons),
            "undecided": [
                {"what": j.what, "name": j.name, "why": j.why, "more_games": j.more_games}
                for j in self.undecided
            ],
        }

    def full_json(self) -> dict[str, Any]:
        """The ``--json`` object plus the setup, the win rates per agent, the thresholds and
        per-card counts (``--stats``)."""
        s = self.stats
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
            "fair_band": [data["fair_band"]["low"], data["fair_band"]["high"]],
            "max_cap_rate": self.thresholds.max_cap_rate,
            "card_games": self.thresholds.card_games,
            "house_games": self.thresholds.house_games,
            "seat_games": self.thresholds.seat_games,
            "undecided_endings": sorted(self.thresholds.undecided_endings),
            "max_undecided_rate": self.thresholds.max_undecided_rate,
        }
        # its own key: "agents" stays what --json says it is, the agent per seat
        data["agent_rates"] = {name: rate.to_json() for name, rate in s.agents.items()}
        data["first_player"] = s.first_player.to_json() if s.first_player else None
        for figure, c in zip(self.strength, s.cards.values(), strict=True):
            data["cards"][figure.card].update(
                {
                    "played_games": c.played_games,
                    "winner_played": c.winner_played,
                    "strength": figure.to_json(),
                }
            )
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
        if plan.auto:
            header += f" (--games auto: looked at {', '.join(f'{n:,}' for n in self.looks)})"
        if plan.content_root is not None:  # edited content: say which, as the report does
            header += f", content {display_path(plan.content_root)}"
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
        randoms = bool(random_seats(s))
        # a run with random seats shows its balance unjudged (the reason is the
        # one line above the verdict)
        unjudged = "; not judged" if randoms else ""
        lines.append(
            f"win rates (95% Wilson interval; fair band {_pct(low)}–{_pct(high)}{unjudged}):"
        )
        rows: list[tuple[str, Rate, str]] = [
            (f"house {h}", r, judge_house(s, self.thresholds, h).state) for h, r in s.houses.items()
        ]
        rows += [
            (seat_label(s, i), r, judge_seat(s, self.thresholds, i).state)
            for i, r in enumerate(s.seats)
        ]
        if len(s.agents) > 1:
            rows += [(f"agent {a}", r, NOT_JUDGED) for a, r in s.agents.items()]
        if s.first_player:
            rows.append(("first player", s.first_player, NOT_JUDGED))
        width = max(len(name) for name, _, _ in rows)
        counts = max(len(f"{r.wins}/{r.games}") for _, r, _ in rows)
        for name, rate, state in rows:
            lo, hi = wilson(rate.wins, rate.games)
            share = rate.wins / rate.games if rate.games else 0.0
            line = (
                f"  {name:<{width}}  {_pct(share):>6}  [{_pct(lo)}–{_pct(hi)}]  "
                f"{f'{rate.wins}/{rate.games}':<{counts}}  {MARKS[state]}"
            )
            lines.append(line.rstrip())
        r, d = spread(s.rounds), spread(s.steps)
        if s.rounds:
            lines.append(
                f"length (finished games): rounds mean {r['mean']:.1f}, median {r['median']:g}, "
                f"p10 {r['p10']:g}, p90 {r['p90']:g}; decisions mean {d['mean']:.1f}"
            )
        else:  # not "rounds mean 0.0": no game had a length to count
            lines.append(
                "length: no game finished (each ended at a cap, in a crash or a violation)"
            )
        endings = ", ".join(f"{k} {v}" for k, v in s.endings.items()) or "none"
        lines.append(f"endings: {endings}")
        lines += self._path_lines()
        if s.cards:
            busiest = sorted(s.cards.items(), key=lambda kv: (-kv[1].played, kv[0]))[:5]
            top = ", ".join(f"{c} {st.played}" for c, st in busiest)
            left = len(self.cards_left_out)
            why = f" ({left} more not: no seat's House deals them)" if left else ""
            lines.append(f"cards: {len(s.cards)} counted{why}; most played: {top}")
            never = s.never_played
            if never:
                shown = ", ".join(never[:10]) + (" …" if len(never) > 10 else "")
                count = f"{len(never)}; not judged" if randoms else str(len(never))
                lines.append(f"  never played ({count}): {shown}")
            lines += self._strength_lines()
        lines += kit_lines(self.kit)
        note = self.replaced_note()
        if note:
            lines.append(note)
        unjudged_play = unjudged_note(s, self.thresholds)
        if unjudged_play:
            lines.append(unjudged_play)
        else:
            lines.append(f"rule: {short_rule(self.thresholds)}")
        lines.append(f"verdict: {self.status.upper()}{_status_note(self)}")
        lines += [f"  - {reason}" for reason in self.reasons]
        lines += [f"  ? {line}" for line in undecided_lines(self.undecided)]
        return lines

    def content_text(self) -> str:
        """``content/ (hash 1a2b3c4d5e6f)``: the content played, as the report names it."""
        root = self.plan.content_root
        where = display_path(root) if root is not None else "the shipped content"
        return f"{where} (hash {self.content_hash[:12]})" if self.content_hash else where

    def games_text(self) -> str:
        """``400`` or ``400 (--games auto: looked at 200, 400; the --max-games limit)``."""
        text = f"{self.stats.games:,}"
        if self.plan.auto:
            looked = ", ".join(f"{n:,}" for n in self.looks)
            limit = "; the --max-games limit" if self.stats.games >= self.plan.games else ""
            text += f" (--games auto: looked at {looked}{limit})"
        return text

    def replaced_note(self) -> str | None:
        """Where this run's ``--records`` are and how many of an earlier run they replaced
        (or, when this run kept none, that the earlier ones are gone)."""
        from pnp.playtest.staging import record_names

        folder = display_path(self.plan.records_folder)
        if not self.replaced:
            kept = len(record_names(self.plan.records_folder))
            if self.plan.records_dir is None or not kept:
                return None  # crash records are told with the crashes
            # --records into a fresh folder said nothing of what it wrote
            return f"records: {kept} kept in {folder}/"
        if not record_names(self.plan.records_folder):
            return (
                f"records: removed the {self.replaced} record(s) of an earlier run in {folder}/ "
                "(this run kept none: the folder holds one run)"
            )
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
            "  weakest: "
            + ("; ".join(strength_text(f) for f in worst) or "none yet (one card ranked)"),
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
            shown = "; ".join(f"{way_text(p)} {_pct(n / wins)}" for p, n in ways[:PATHS_SHOWN])
            more = f"; {len(ways) - PATHS_SHOWN} more" if len(ways) > PATHS_SHOWN else ""
            lines.append(f"  {house:<{width}}  {shown}{more}")
        return lines


#: ways to win shown per House in the terminal summary (the JSON and PDF list them all)
PATHS_SHOWN = 2
#: a ruleset's way to win that names nothing (fief: a winner holding no VP Title, as an
#: ally winning on its partner's Titles), in words: a bare "-" read as a glitch
NO_WAY = "-"


def way_text(way: str) -> str:
    """A way to win as the summary and the report show it."""
    return "nothing of its own (an ally's or a shared win)" if way == NO_WAY else way


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


def short_rule(thresholds: Thresholds) -> str:
    """The judgement rule in one line of the summary (``--json``'s ``rule`` says it in full)."""
    return (
        "a House or seat is inside (outside) when its 95% interval lies within (clear of) "
        f"the fair band, else its estimate decides once the interval is at most "
        f"{100 * thresholds.fair_margin:.1f} points wide; a card is dead once never played in "
        f"{thresholds.card_games} games; anything outside fails, anything undecided is "
        "inconclusive"
    )


def _status_note(report: PlaytestReport) -> str:
    """`` (3 undecided; exit 3)`` and the like after the verdict word."""
    left = len(report.undecided)
    if report.status == PASS:
        return ""
    if report.reasons:
        return f" (exit {report.exit_code})"
    more = "" if not report.plan.auto else f", after the --max-games limit of {report.plan.games:,}"
    return f" ({left} undecided{more}; exit {report.exit_code})"
