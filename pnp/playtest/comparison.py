"""A comparison's findings: the changes per House, seat and card, as JSON and as text.

``pnp compare --json`` prints one object with these keys:

``ruleset``, ``games``, ``seed``, ``players``, ``agents``, ``options``
    the setup both versions were played with (``games``: per version);
``paired_games``
    game indices with a result in both versions: the games the House, seat
    and card changes are worked out on;
``base``, ``candidate``
    per version: ``content`` (where it came from), ``content_hash``,
    ``crashes``, ``invariant_violations``, ``cap_hits``, ``length`` (rounds
    and decisions of finished games, as ``playtest --json`` gives them) and
    ``endings``;
``houses``
    per House: ``base`` and ``candidate`` win rates (fractions), ``change``
    (candidate minus base) and its 95% interval ``ci_low``-``ci_high``,
    ``paired`` (the interval comes from paired seat-games: Bonett-Price;
    ``false`` when the House sat at different seats in the two versions, and
    the interval is Newcombe's for independent rates), ``base_games``,
    ``candidate_games`` and ``beyond_noise`` (the interval is clear of zero);
``seats``
    the same per seat, in seat order, with the seat's ``agent``;
``cards_changed``
    the card ids whose content differs between the versions (an added or
    removed card too);
``cards_added``, ``cards_removed``
    those of them in the candidate's content only, in the base's only;
``content_changed``
    every other value of the content that differs
    (:mod:`pnp.playtest.contentdiff`), each ``{path, base, candidate}``
    (``{path, removed, added}`` for a list of values compared as a
    collection, such as fief's roads);
``cards``
    per card, in the order the text shows them (changed content first, then
    the largest change in improvement when drawn among ranked cards):
    ``content_changed``; ``added`` and ``removed`` (in the candidate's content
    only, in the base's only); ``ranked`` (drawn in both versions, and seen in
    neither, in at least 30 paired seat-games each); ``beyond_noise`` (the
    figures whose interval is clear of zero); the paired seat-games behind the
    strength figures: ``drawn_games`` (the seat drew it in both versions),
    ``played_games`` (played it in both), ``not_seen_games`` (saw it in
    neither; seats of the Houses that saw it) and ``drawn_in_one_version``
    (left out: the games went apart before the draw); and per figure
    ``{base, candidate, change, ci_low, ci_high}``, every interval paired:
    ``drawn_rate`` and ``play_rate`` (share of games in which some seat drew,
    played it), ``win_rate_drawn``, ``win_rate_played``,
    ``win_rate_not_seen`` (over the seat-games above) and
    ``improvement_when_drawn`` (win rate when drawn minus when not seen, as
    :mod:`pnp.playtest.strength` defines it, on those seat-games;
    :func:`pnp.playtest.paired.improvement_change`);
``fail_on``, ``failed``
    the ``--fail-on`` rules and the reasons the comparison failed (a rule
    broken, or the candidate crashing or breaking an invariant); exit status 1
    when ``failed`` is not empty. A card rule judges ranked cards only (the
    ones the text and the report rank);
``fail_on_not_judged``
    per card rule, the cards it watches that it could not judge: unranked, or
    never seen in these games;
``warnings``
    what to know before trusting the figures, which does not fail the
    comparison: a version whose share of games stopped at a cap is above the
    ruleset's default ``--max-cap-rate`` (a playtest would fail on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pnp.playtest.carddiff import ADDED, CHANGED, REMOVED
from pnp.playtest.compare import PLAYED_BOTH, SEEN_BOTH, SEEN_ONE, CompareRun
from pnp.playtest.contentdiff import ContentChange
from pnp.playtest.failon import FailRule, check_names
from pnp.playtest.paired import (
    Change,
    PairCounts,
    improvement_change,
    independent_change,
    paired_change,
)
from pnp.playtest.plan import option_text
from pnp.playtest.stats import Statistics, spread
from pnp.playtest.strength import STRENGTH_GAMES
from pnp.playtest.verdict import Thresholds, seat_label

#: the figures of each card, in order
CARD_FIGURES = (
    "drawn_rate",
    "play_rate",
    "win_rate_drawn",
    "win_rate_played",
    "win_rate_not_seen",
    "improvement_when_drawn",
)
#: card changes shown in the terminal summary (the JSON lists every card)
CARDS_SHOWN = 10
#: other content changes shown in the terminal summary (the JSON lists them all)
CONTENT_SHOWN = 12


@dataclass(frozen=True)
class CardChange:
    """One card's figures in both versions."""

    card: str
    content_changed: bool
    #: drawn in both versions and seen in neither in enough seat-games to be ranked
    ranked: bool
    figures: dict[str, Change]
    #: the paired seat-games behind the strength figures (see the module's docstring)
    games: dict[str, int] = field(default_factory=dict)
    #: in the candidate's content only (a new card), or in the base's only (one taken out)
    added: bool = False
    removed: bool = False

    @property
    def content_note(self) -> str:
        """How its content differs, as the text names it: ``added``, ``removed``, ``content
        changed``; empty when it is the same."""
        if self.added:
            return "added"
        if self.removed:
            return "removed"
        return "content changed" if self.content_changed else ""

    @property
    def beyond_noise(self) -> list[str]:
        """The figures whose interval is clear of zero."""
        return [name for name, change in self.figures.items() if change.beyond_noise]

    @property
    def moved(self) -> bool:
        """Whether any of its figures differs between the versions."""
        return any(change.change for change in self.figures.values())

    @property
    def improvement(self) -> Change:
        """The change of its improvement when drawn."""
        return self.figures["improvement_when_drawn"]

    def to_json(self) -> dict[str, Any]:
        """``content_changed``, ``added``, ``removed``, ``ranked``, ``beyond_noise`` and each
        figure's change."""
        return {
            "content_changed": self.content_changed,
            "added": self.added,
            "removed": self.removed,
            "ranked": self.ranked,
            "beyond_noise": self.beyond_noise,
            **self.games,
            **{name: change.to_json() for name, change in self.figures.items()},
        }


def _card_change(run: CompareRun, card: str, how: str | None) -> CardChange:
    """A card's figures; ``how`` its content differs (:mod:`.carddiff`; ``None``: it does
    not)."""
    pairs = run.pairs
    groups = pairs.strength.get(card, {})
    drawn = sum((g[SEEN_BOTH] for g in groups.values()), PairCounts())
    mixed = sum((g[SEEN_ONE] for g in groups.values()), PairCounts())
    played = sum((g[PLAYED_BOTH] for g in groups.values()), PairCounts())
    # the seat-games of the Houses that saw the card in which it was seen in neither version
    not_seen = sum(
        (pairs.houses[house] - g[SEEN_BOTH] - g[SEEN_ONE] for house, g in groups.items()),
        PairCounts(),
    )
    figures = {
        "drawn_rate": paired_change(pairs.card_counts(pairs.drawn, card)),
        "play_rate": paired_change(pairs.card_counts(pairs.played, card)),
        "win_rate_drawn": paired_change(drawn),
        "win_rate_played": paired_change(played),
        "win_rate_not_seen": paired_change(not_seen),
        "improvement_when_drawn": improvement_change(drawn, not_seen),
    }
    games = {
        "drawn_games": drawn.pairs,
        "played_games": played.pairs,
        "not_seen_games": not_seen.pairs,
        "drawn_in_one_version": mixed.pairs,
    }
    ranked = min(drawn.pairs, not_seen.pairs) >= STRENGTH_GAMES
    return CardChange(
        card, how is not None, ranked, figures, games, added=how == ADDED, removed=how == REMOVED
    )


def _order(change: CardChange) -> tuple[bool, bool, float, str]:
    """Changed content first, then ranked cards by the size of their strength change."""
    moved = change.improvement.change
    return (not change.content_changed, not change.ranked, -abs(moved or 0.0), change.card)


@dataclass
class Comparison:
    """The changes a comparison found, and whether it fails."""

    run: CompareRun
    rules: list[FailRule] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    #: what else of the content differs (decks, the map, the rules' numbers …)
    content: list[ContentChange] = field(default_factory=list)
    #: the card ids either version's content names, seen in the games or not: a
    #: ``--fail-on card:ID`` rule may watch any of them
    known_cards: list[str] = field(default_factory=list)
    #: how each card of :attr:`changed` differs: ``added``, ``removed`` or ``changed``
    #: (:func:`pnp.playtest.carddiff.card_changes`; a card not named: ``changed``)
    how_changed: dict[str, str] = field(default_factory=dict)
    houses: dict[str, Change] = field(init=False)
    seats: list[Change] = field(init=False)
    cards: list[CardChange] = field(init=False)
    reasons: list[str] = field(init=False)
    #: per card rule (``card>10pp``, ``card:ID>10pp``), the cards it watches but could
    #: not judge: unranked (too few paired seat-games), or never seen
    not_judged: dict[FailRule, list[str]] = field(init=False)
    #: what the reader must know before trusting the figures (a version whose games
    #: mostly hit a cap), though the comparison does not fail for it
    warnings: list[str] = field(init=False)

    def __post_init__(self) -> None:
        run, pairs = self.run, self.run.pairs
        houses = sorted({*pairs.houses, *pairs.base_only_houses, *pairs.candidate_only_houses})
        self.houses = {house: self._house(house) for house in houses}
        self.seats = [paired_change(counts) for counts in pairs.seats]
        ids = [*run.base.cards, *(c for c in run.candidate.cards if c not in run.base.cards)]
        how = {card: self.how_changed.get(card, CHANGED) for card in self.changed}
        self.cards = sorted((_card_change(run, c, how.get(c)) for c in ids), key=_order)
        check_names(self.rules, "house", self.houses, "House")
        check_names(self.rules, "card", [*ids, *self.known_cards], "card")
        self.reasons = self._reasons()
        self.not_judged = self._not_judged()
        self.warnings = self._cap_warnings()

    def _house(self, house: str) -> Change:
        pairs = self.run.pairs
        counts = pairs.houses.get(house)
        base_only = pairs.base_only_houses.get(house, [0, 0])
        candidate_only = pairs.candidate_only_houses.get(house, [0, 0])
        if counts is not None and base_only == [0, 0] and candidate_only == [0, 0]:
            return paired_change(counts)
        b_games, b_wins = base_only
        c_games, c_wins = candidate_only
        if counts is not None:
            b_games += counts.pairs
            c_games += counts.pairs
            b_wins += counts.both + counts.base_only
            c_wins += counts.both + counts.candidate_only
        return independent_change(b_wins, b_games, c_wins, c_games)

    def house_games(self, house: str) -> tuple[int, int]:
        """Seat-games the House played with a result in both versions: base, candidate."""
        pairs = self.run.pairs
        paired = pairs.houses[house].pairs if house in pairs.houses else 0
        return (
            paired + pairs.base_only_houses.get(house, [0])[0],
            paired + pairs.candidate_only_houses.get(house, [0])[0],
        )

    def _reasons(self) -> list[str]:
        reasons = []
        cand = self.run.candidate
        if cand.crashes or cand.violations:
            first = (cand.crashes or cand.violations)[0]
            where = f"; record {first.record}" if first.record else ""
            reasons.append(
                f"the candidate crashed in {len(cand.crashes)} game(s) and broke an invariant "
                f"in {len(cand.violations)} (first: game {first.index}, seed {first.seed}{where})"
            )
        for rule in self.rules:
            if rule.kind == "house":
                rows = [(f"House {h}", h, c) for h, c in self.houses.items()]
            elif rule.kind == "seat":
                rows = [(f"seat {i}", str(i), c) for i, c in enumerate(self.seats)]
            else:
                # a card rule judges the ranked cards only, those the text and the report
                # rank: fewer paired seat-games give an improvement no one is shown
                rows = [(f"card {c.card}", c.card, c.improvement) for c in self.cards if c.ranked]
            what = "improvement when drawn" if rule.kind == "card" else "win rate"
            for label, name, change in rows:
                if not rule.watches(name) or change.change is None:
                    continue
                if round(abs(change.change), 9) > rule.limit and change.beyond_noise:
                    reasons.append(
                        f"{label}'s {what} moved {_points(change.change)} "
                        f"(95% interval {_points(change.ci_low)} to {_points(change.ci_high)}), "
                        f"more than the {rule.limit * 100:g} pp allowed (--fail-on {rule.text})"
                    )
        return reasons

    def _cap_warnings(self) -> list[str]:
        """A warning per version whose games hit a cap more often than a playtest of the
        ruleset allows by default (``--max-cap-rate``): a capped game has no winner, so its
        win rates, and the fair rate they are read against, describe stalled games."""
        limit = Thresholds.for_ruleset(self.run.plan.base.ruleset).max_cap_rate
        found = []
        for side, stats in (("base", self.run.base), ("candidate", self.run.candidate)):
            if stats.games and stats.cap_hits / stats.games > limit:
                found.append(
                    f"{stats.cap_hits} of the {side}'s {stats.games} games hit a cap "
                    f"({_pct(stats.cap_hits / stats.games)}; a playtest fails above "
                    f"{_pct(limit)}, --max-cap-rate): its win rates describe games stopped "
                    "unfinished"
                )
        return found

    def _not_judged(self) -> dict[FailRule, list[str]]:
        """Per card rule, the cards it watches that are unranked or were never seen."""
        ranked = {card.card for card in self.cards if card.ranked}
        found: dict[FailRule, list[str]] = {}
        for rule in self.rules:
            if rule.kind != "card":
                continue
            watched = [rule.name] if rule.name is not None else [c.card for c in self.cards]
            found[rule] = [card for card in watched if card not in ranked]
        return found

    def not_judged_lines(self) -> list[str]:
        """What each card rule could not judge, a line each (text and report)."""
        seen = {card.card: card for card in self.cards}
        lines = []
        for rule, cards in self.not_judged.items():
            if not cards:
                continue
            if rule.name is None:
                lines.append(
                    f"{rule.text}: {len(self.cards) - len(cards)} ranked card(s) judged; "
                    f"{len(cards)} unranked not judged (fewer than {STRENGTH_GAMES} paired "
                    "seat-games drawn, or not seen)"
                )
                continue
            card = seen.get(rule.name)
            if card is None:
                lines.append(f"{rule.text}: not judged, {rule.name} was never seen in these games")
                continue
            lines.append(
                f"{rule.text}: not judged, {rule.name} is unranked (drawn in "
                f"{card.games.get('drawn_games', 0)} and not seen in "
                f"{card.games.get('not_seen_games', 0)} paired seat-games; "
                f"{STRENGTH_GAMES} of each rank a card)"
            )
        return lines

    @property
    def exit_code(self) -> int:
        """1 when the comparison fails, else 0."""
        return 1 if self.reasons else 0

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object (see the module's docstring)."""
        run, plan = self.run, self.run.plan.base
        return {
            "ruleset": plan.ruleset.name,
            "games": plan.games,
            "seed": plan.seed,
            "players": plan.players,
            "agents": list(plan.agents),
            "options": dict(plan.options),
            "paired_games": run.pairs.games,
            "base": _version_json(run, 0),
            "candidate": _version_json(run, 1),
            "houses": {
                house: {
                    **change.to_json(),
                    "paired": change.paired,
                    "base_games": self.house_games(house)[0],
                    "candidate_games": self.house_games(house)[1],
                    "beyond_noise": change.beyond_noise,
                }
                for house, change in self.houses.items()
            },
            "seats": [
                {
                    "seat": seat,
                    "agent": plan.agents[seat],
                    **change.to_json(),
                    "paired": change.paired,
                    "base_games": run.pairs.seats[seat].pairs,
                    "candidate_games": run.pairs.seats[seat].pairs,
                    "beyond_noise": change.beyond_noise,
                }
                for seat, change in enumerate(self.seats)
            ],
            "cards_changed": list(self.changed),
            "cards_added": self._changed_so(ADDED),
            "cards_removed": self._changed_so(REMOVED),
            "content_changed": [change.to_json() for change in self.content],
            "cards": {card.card: card.to_json() for card in self.cards},
            "fail_on": [rule.text for rule in self.rules],
            "fail_on_not_judged": {rule.text: cards for rule, cards in self.not_judged.items()},
            "failed": list(self.reasons),
            "warnings": list(self.warnings),
        }

    def _content_lines(self) -> list[str]:
        """The other content that differs, a line each (the first :data:`CONTENT_SHOWN`)."""
        if not self.content:
            return ["other content that differs: none"]
        lines = [f"other content that differs ({len(self.content)}):"]
        lines += [f"  {change.text()}" for change in self.content[:CONTENT_SHOWN]]
        if len(self.content) > CONTENT_SHOWN:
            lines.append(f"  and {len(self.content) - CONTENT_SHOWN} more (see --json)")
        return lines

    def text(self) -> list[str]:
        """The terminal summary, one line each."""
        run, plan = self.run, self.run.plan.base
        base_label, candidate_label = (v.label for v in run.versions)
        agents = ",".join(plan.agents) if len(set(plan.agents)) > 1 else plan.agents[0]
        setup = (
            f"{plan.games} games per version, {plan.players} players, agents {agents}, "
            f"seed {plan.seed}"
        )
        if plan.options:
            setup += ", options " + " ".join(option_text(k, v) for k, v in plan.options.items())
        lines = [
            f"{plan.ruleset.name} compare: base {base_label} → candidate {candidate_label}",
            f"{setup}; {run.pairs.games} with a result in both versions",
            f"base: {_failures(run.base)}; candidate: {_failures(run.candidate)}",
            "win rates, base → candidate (change and its 95% paired interval; "
            "* beyond noise: the interval is clear of zero):",
        ]
        rows = [(f"house {h}", c) for h, c in self.houses.items()]
        rows += [(seat_label(run.base, i), c) for i, c in enumerate(self.seats)]
        width = max([len(name) for name, _ in rows] or [0])
        for name, change in rows:
            note = "" if change.paired else "  (unpaired: its seats differ between the versions)"
            lines.append(f"  {name:<{width}}  {_change_text(change)}{note}")
        b, c = run.base, run.candidate
        rb, rc = spread(b.rounds), spread(c.rounds)
        db, dc = spread(b.steps), spread(c.steps)
        lines.append(
            f"length (finished games): rounds mean {rb['mean']:.1f} → {rc['mean']:.1f}, "
            f"median {rb['median']:g} → {rc['median']:g}; "
            f"decisions mean {db['mean']:.1f} → {dc['mean']:.1f}"
        )
        lines.append(f"endings: base {_endings(b)}; candidate {_endings(c)}")
        if self.changed:
            names = [self.changed_name(card) for card in self.changed[:20]]
            shown = ", ".join(names) + (" …" if len(self.changed) > 20 else "")
            lines.append(f"cards whose content differs ({len(self.changed)}): {shown}")
        else:
            lines.append("cards whose content differs: none")
        lines += self._content_lines()
        lines += self._card_lines()
        if self.rules:
            lines.append("fail-on: " + ", ".join(rule.text for rule in self.rules))
            lines += [f"  {line}" for line in self.not_judged_lines()]
        lines += [f"warning: {warning}" for warning in self.warnings]
        lines.append(f"result: {'FAIL' if self.reasons else 'OK'}")
        lines += [f"  - {reason}" for reason in self.reasons]
        return lines

    def _changed_so(self, how: str) -> list[str]:
        """The cards of :attr:`changed` that differ so (``added``, ``removed``)."""
        return [card for card in self.changed if self.how_changed.get(card) == how]

    def changed_name(self, card: str) -> str:
        """A card of :attr:`changed` as the lists name it: ``neutral-betrayal (added)``."""
        how = self.how_changed.get(card, CHANGED)
        return card if how == CHANGED else f"{card} ({how})"

    def _card_lines(self) -> list[str]:
        moved = [c for c in self.cards if c.content_changed or (c.ranked and c.moved)]
        shown = moved[:CARDS_SHOWN]
        noisy = [c for c in self.cards if c.beyond_noise and c not in shown]
        if not shown and not noisy:
            return ["card changes: none"]
        # a small run ranks no card, yet some figures may move beyond noise: say so
        # rather than "none" (the --json listed 16 such cards while the text said none)
        lines = (
            [
                "card changes (changed content first, then the largest change in improvement "
                "when drawn; * beyond noise):"
            ]
            if shown
            else ["card changes: no card drawn often enough to rank"]
        )
        for card in shown:
            imp = card.improvement
            parts = []
            if imp.change is not None:
                # a changed card is shown unranked too: its figure is then judged by no
                # card rule (too few paired seat-games), and says so
                unranked = "" if card.ranked else "; unranked"
                parts.append(
                    f"improvement when drawn {_points(imp.base, sign=True)} → "
                    f"{_points(imp.candidate, sign=True)} ({_signed(imp)}{unranked})"
                )
            drawn = card.figures["win_rate_drawn"]
            if drawn.change is not None:
                parts.append(f"win rate when drawn {_pct(drawn.base)} → {_pct(drawn.candidate)}")
            # how often it was drawn, then played: an added card is drawn in the candidate
            # alone, a removed one in the base alone, whether or not anyone plays it
            for figure, verb in (("drawn_rate", "drawn"), ("play_rate", "played")):
                rate = card.figures.get(figure)
                if rate is not None:
                    mark = "*" if rate.beyond_noise else ""
                    parts.append(
                        f"{verb} in {_pct(rate.base)} → {_pct(rate.candidate)} of games{mark}"
                    )
            tag = f" ({card.content_note})" if card.content_note else ""
            lines.append(f"  {card.card}{tag}: " + "; ".join(parts))
        if noisy:
            names = ", ".join(f"{c.card} ({', '.join(c.beyond_noise)})" for c in noisy[:10])
            more = f" and {len(noisy) - 10} more" if len(noisy) > 10 else ""
            lines.append(f"  also beyond noise: {names}{more}")
        return lines


def _version_json(run: CompareRun, side: int) -> dict[str, Any]:
    stats = (run.base, run.candidate)[side]
    return {
        "content": run.versions[side].label,
        "content_hash": run.contents[side].content_hash,
        "crashes": len(stats.crashes),
        "invariant_violations": len(stats.violations),
        "cap_hits": stats.cap_hits,
        "length": {"rounds": spread(stats.rounds), "decisions": spread(stats.steps)},
        "endings": dict(stats.endings),
    }


def _failures(stats: Statistics) -> str:
    return (
        f"crashes {len(stats.crashes)}, invariant violations {len(stats.violations)}, "
        f"cap hits {stats.cap_hits}"
    )


def _endings(stats: Statistics) -> str:
    return ", ".join(f"{k} {v}" for k, v in stats.endings.items()) or "none"


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _points(value: float | None, sign: bool = True) -> str:
    if value is None:
        return "–"
    return f"{100 * value:+.1f} pp" if sign else f"{100 * value:.1f} pp"


def _signed(change: Change) -> str:
    """``+11.3 pp [+6.0, +16.5]*``."""
    assert change.change is not None and change.ci_low is not None and change.ci_high is not None
    mark = "*" if change.beyond_noise else ""
    return (
        f"{100 * change.change:+.1f} pp [{100 * change.ci_low:+.1f}, "
        f"{100 * change.ci_high:+.1f}]{mark}"
    )


def _change_text(change: Change) -> str:
    """``31.0% → 42.3%  +11.3 pp [+6.0, +16.5]*``."""
    if change.change is None:
        return f"{_pct(change.base):>6} → {_pct(change.candidate):>6}"
    return f"{_pct(change.base):>6} → {_pct(change.candidate):>6}  {_signed(change)}"
