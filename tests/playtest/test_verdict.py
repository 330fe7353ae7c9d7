"""The three-valued verdict: Houses, seats and cards inside, outside or undecided;
PASS, FAIL or INCONCLUSIVE (exit 3) with how many more games would decide; a run
with random seats judged on crashes, invariants and caps only, never inconclusive."""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from pnp.engine.agents import BUILTIN_AGENTS, RandomAgent
from pnp.engine.runner import CAPPED, CRASHED, VIOLATED
from pnp.playtest import PlaytestPlan, PlaytestReport
from pnp.playtest.pdf import render_report
from pnp.playtest.stats import CardStats, Rate, Statistics, Tally, wilson
from pnp.playtest.verdict import (
    INSIDE,
    NOT_JUDGED,
    OUTSIDE,
    RANDOM_AGENT,
    UNDECIDED_ITEM,
    Judgement,
    Thresholds,
    _more,
    _more_run_games,
    band_distance,
    broke_invariants,
    crashed,
    ended_without_victory,
    fair_band,
    games_to_decide,
    games_wanted,
    judge_card,
    judge_endings,
    judge_house,
    judge_seat,
    not_judged,
    place,
    place_rate,
    rule_text,
    seats_text,
    undecided,
    undecided_lines,
    unjudged_note,
    verdict,
)
from tests.fixtures.haggle import HAGGLE
from tests.playtest.test_stats import game

#: a run of 100 games whose seat 0 wins 70: 95% CI 60.4%–78.1%, above 45%–55%
SEAT_0_WINS = (
    "seat 0 (heuristic) wins 70.0% of its games (95% CI 60.4%–78.1%; "
    "the interval lies 5.4 points above the fair band 45.0%–55.0%)"
)
SEAT_1_LOSES = (
    "seat 1 (heuristic) wins 30.0% of its games (95% CI 21.9%–39.6%; "
    "the interval lies 5.4 points below the fair band 45.0%–55.0%)"
)


def lopsided_seats(games: int, agents: tuple[str, str] = ("heuristic", "heuristic")) -> Statistics:
    """Seat 0 wins 7 games in 10; Houses swap seats every 10 games, so they win alike."""
    tally = Tally(2, agents)
    for i in range(games):
        factions = ("a", "b") if i // 10 % 2 == 0 else ("b", "a")
        tally.add(game(i, winners=(0,) if i % 10 < 7 else (1,), factions=factions))
    return tally.statistics(["x"])


def report(stats: Statistics, thresholds: Thresholds) -> PlaytestReport:
    """A report of synthetic statistics, as the harness would make it."""
    plan = PlaytestPlan(HAGGLE, games=stats.games, seed=1, players=2, agents=stats.seat_agents)
    return PlaytestReport(plan, stats, thresholds, verdict(stats, thresholds))


def test_a_seat_outside_the_band_fails_the_run_saying_by_how_much() -> None:
    stats = lopsided_seats(100)
    # Houses a and b each win 50 of 100: only the seats fail
    assert (stats.houses["a"].wins, stats.houses["b"].wins) == (50, 50)
    assert verdict(stats, Thresholds()) == [SEAT_0_WINS, SEAT_1_LOSES]
    # a band wide enough to meet both intervals passes them
    assert verdict(stats, Thresholds(fair_margin=0.11)) == []
    assert Thresholds().seat_games == 30


def test_a_seat_with_too_few_games_is_undecided_not_failed() -> None:
    stats = lopsided_seats(100)
    few = Thresholds(seat_games=101)
    assert verdict(stats, few) == []
    left = [j for j in undecided(stats, few) if j.what == "seat"]
    assert [j.name for j in left] == ["seat 0 (heuristic)", "seat 1 (heuristic)"]
    assert left[0].why.startswith(
        "seat 0 (heuristic) has played 100 games, fewer than the 101 it needs to be judged "
        "(--seat-games); deciding it takes about "
    )
    run = report(stats, few)
    assert run.status == "inconclusive" and run.exit_code == 3
    lines = run.text()
    at = lines.index("verdict: INCONCLUSIVE (4 undecided; exit 3)")  # Houses a, b; seats 0, 1
    assert lines[at + 3].startswith("  ? seat 0 (heuristic) has played 100 games")
    assert not_judged(stats, few) == {}  # too few games: undecided, not left out
    assert not [j for j in undecided(stats, Thresholds(seat_games=100)) if j.what == "seat"]


def test_the_rule_places_a_rate_inside_outside_or_undecided() -> None:
    band, margin = (0.45, 0.55), 0.05
    # clear of the band or within it: decided however wide the interval
    assert place(0.70, (0.60, 0.78), band, margin) == OUTSIDE
    assert place(0.30, (0.21, 0.40), band, margin) == OUTSIDE
    assert place(0.50, (0.46, 0.54), band, margin) == INSIDE
    # across an edge: undecided while wider than the margin ...
    assert place(0.53, (0.48, 0.58), band, margin) == UNDECIDED_ITEM
    # ... then the estimate decides
    assert place(0.53, (0.51, 0.555), band, margin) == INSIDE
    assert place(0.56, (0.54, 0.58), band, margin) == OUTSIDE
    assert place(0.44, (0.42, 0.46), band, margin) == OUTSIDE
    # a rate is undecided below its minimum games, whatever its interval
    assert place_rate(Rate(games=6, wins=6), band, margin, minimum=7) == UNDECIDED_ITEM
    assert place_rate(Rate(games=6, wins=6), band, margin, minimum=6) == OUTSIDE


def test_the_games_a_rate_needs_decide_it_at_the_same_estimate() -> None:
    band, margin = (0.45, 0.55), 0.05
    for wins, games in ((53, 100), (460, 1000), (30, 60), (1, 3)):
        rate = Rate(games=games, wins=wins)
        assert place_rate(rate, band, margin, 30) == UNDECIDED_ITEM
        needed = games_to_decide(rate, band, margin, 30)
        share = wins / games
        assert needed > games
        assert place(share, wilson(share * needed, needed), band, margin) != UNDECIDED_ITEM
        before = wilson(share * (needed - 1), needed - 1)
        assert needed - 1 < 30 or place(share, before, band, margin) == UNDECIDED_ITEM
    # an estimate on the band's edge needs its interval narrowed to the margin:
    # about (2 × 1.96)² × p(1 − p) / margin² games
    assert 1500 < games_to_decide(Rate(games=100, wins=55), band, margin, 30) < 1560


def test_an_inconclusive_run_says_what_is_undecided_and_how_many_games_would_decide_it() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    for i in range(100):  # a and b swap seats every game; a wins 53 games, seat 0 half
        factions = ("a", "b") if i % 2 == 0 else ("b", "a")
        a_wins = i < 53 if i < 53 else False
        a_seat = 0 if i % 2 == 0 else 1
        winner = a_seat if a_wins else 1 - a_seat
        tally.add(game(i, winners=(winner,), factions=factions))
    stats = tally.statistics(["x", "never"])
    assert (stats.houses["a"].wins, stats.houses["a"].games) == (53, 100)
    run = report(stats, Thresholds(card_games=300))
    assert run.reasons == [] and run.status == "inconclusive" and run.exit_code == 3
    assert [(j.what, j.name) for j in run.undecided] == [
        ("house", "a"),
        ("house", "b"),
        ("seat", "seat 0 (heuristic)"),
        ("seat", "seat 1 (heuristic)"),
        ("card", "never"),
    ]
    house = run.undecided[0]
    assert house.more_games is not None and house.more_games > 1000
    assert house.why.startswith(
        "a wins 53.0% of its games; its 95% CI 43.3%–62.5% (19.2 points wide) straddles an "
        "edge of the fair band 45.0%–55.0% and is wider than 5.0 points: about "
    )
    assert run.undecided[-1].more_games == 200  # 300 games to call a card dead, 100 played
    lines = run.text()
    at = lines.index("verdict: INCONCLUSIVE (5 undecided; exit 3)")
    assert lines[at - 1].startswith("rule: a House or seat is inside (outside) when")
    assert lines[-1] == (
        "  ? 1 card(s) not played yet: never; a card is dead once never played in 300 "
        "(--card-games): 200 more games"
    )
    row = next(line for line in lines if line.startswith("  house a "))
    assert row.split() == ["house", "a", "53.0%", "[43.3%–62.5%]", "53/100", "undecided"]
    data = run.to_json()
    assert data["verdict"] == "inconclusive"
    assert data["houses"]["a"]["judgement"] == "undecided"
    assert data["houses"]["a"]["more_games"] == house.more_games
    assert data["cards"]["x"] == {
        "drawn": 200,
        "played": 100,
        "judgement": "inside",
        "more_games": None,
    }
    assert data["cards"]["never"]["judgement"] == "undecided"
    assert [u["name"] for u in data["undecided"]] == [j.name for j in run.undecided]
    text = _pdf_text(run)
    assert "Verdict: INCONCLUSIVE" in text and "? a wins 53.0% of its games" in text


def test_seat_judgement_reaches_the_json_the_summary_and_the_pdf() -> None:
    failed = report(lopsided_seats(100), Thresholds())
    data = failed.to_json()
    assert data["verdict"] == "fail" and data["reasons"] == [SEAT_0_WINS, SEAT_1_LOSES]
    seats = data["seats"]
    assert [s["judgement"] for s in seats] == ["outside", "outside"]
    assert [s["outside_band"] for s in seats] == [0.054151, -0.054151]
    # House a won 50 of 100: its interval straddles the band, too wide to place
    assert data["houses"]["a"]["judgement"] == "undecided"
    assert data["houses"]["a"]["outside_band"] == 0
    assert data["not_judged"] == {}
    assert failed.full_json()["thresholds"]["seat_games"] == 30
    lines = failed.text()
    assert f"  - {SEAT_0_WINS}" in lines
    assert next(line for line in lines if line.startswith("  seat 0")).endswith("OUTSIDE")
    text = _pdf_text(failed)
    assert "Verdict: FAIL" in text and "5.4 points above the fair band" in text
    assert "Not judged" not in text


def test_a_narrow_interval_across_the_edge_is_judged_by_its_estimate() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    for i in range(4000):  # seat 0 wins 56.5%; Houses swap seats every game
        factions = ("a", "b") if i % 2 == 0 else ("b", "a")
        tally.add(game(i, winners=(0,) if i % 1000 < 565 else (1,), factions=factions))
    stats = tally.statistics(["x"])
    assert verdict(stats, Thresholds())[0] == (
        "seat 0 (heuristic) wins 56.5% of its games (95% CI 55.0%–58.0%; 3.1 points wide: "
        "its estimate decides, and lies 1.5 points above the fair band 45.0%–55.0%)"
    )


def test_random_seats_are_judged_on_crashes_invariants_and_caps_only() -> None:
    tally = Tally(2, ("random", "heuristic"))
    for i in range(600):  # seat 0 and House a win every game, card "never" is never played
        tally.add(game(i, winners=(0,), factions=("a", "b")))
    stats = tally.statistics(["x", "never"])
    strict = Thresholds(undecided_endings=frozenset({"points"}), max_undecided_rate=0.1)
    assert verdict(stats, strict) == []
    assert undecided(stats, strict) == []  # never inconclusive for what it does not judge
    assert report(stats, strict).status == "pass"
    assert not_judged(stats, strict) == {
        "houses": "seat 0 plays random agents, whose play says nothing about balance",
        "seats": "seat 0 plays random agents, whose play says nothing about balance",
        "cards": "seat 0 plays random agents, whose play says nothing about which cards "
        "are worth playing",
        "undecided_endings": "seat 0 plays random agents, who seldom play toward a victory",
    }
    assert unjudged_note(stats, strict) == (
        "balance, cards and endings without a victory not judged: seat 0 plays random agents, "
        "whose play says nothing about balance, cards or how often a game reaches a victory"
    )
    # the same games with heuristic seats fail on all four
    judged = Tally(2, ("heuristic", "heuristic"))
    for i in range(600):
        judged.add(game(i, winners=(0,), factions=("a", "b")))
    reasons = verdict(judged.statistics(["x", "never"]), strict)
    starts = [r.split(" of ")[0] for r in reasons]
    assert starts == [
        "600 game(s) ended without a victory (points: 100.0%",
        "a wins 100.0%",
        "b wins 0.0%",
        "seat 0 (heuristic) wins 100.0%",
        "seat 1 (heuristic) wins 0.0%",
        "1 card(s) never played in 600 games: never",
    ]
    # crashes and caps still fail a random run
    tally.add(game(600, status=CRASHED, winners=()))
    tally.add(game(601, status=CAPPED, winners=()))
    reasons = verdict(tally.statistics(["x", "never"]), Thresholds(max_cap_rate=0.0))
    assert [r.split(" (")[0] for r in reasons] == ["1 game(s) crashed", "1 game(s) hit a cap"]


def test_seats_playing_different_agents_are_not_judged_as_seats() -> None:
    """A search seat against a heuristic one wins by its agent, not its seat: the run
    failed on 'seat 0 (ismcts) wins 0.0%'. Houses, drawn per game, are still judged."""
    tally = Tally(2, ("ismcts", "heuristic"))
    for i in range(600):  # seat 0 wins every game; Houses swap seats every 10 games
        factions = ("a", "b") if i // 10 % 2 == 0 else ("b", "a")
        tally.add(game(i, winners=(0,), factions=factions))
    stats = tally.statistics(["x"])
    assert judge_seat(stats, Thresholds(), 0).state == NOT_JUDGED
    assert judge_house(stats, Thresholds(), "a").state == INSIDE
    assert [r for r in verdict(stats, Thresholds()) if "seat" in r] == []
    reason = (
        "the seats play different agents (ismcts, heuristic), so a seat's win rate "
        "measures its agent as much as its place at the table"
    )
    assert not_judged(stats, Thresholds()) == {"seats": reason}
    assert unjudged_note(stats, Thresholds()) == f"seats not judged: {reason}"
    # one agent at every seat: seats judged as ever
    assert judge_seat(lopsided_seats(600), Thresholds(), 0).state == OUTSIDE


def test_a_random_run_shows_its_figures_marked_not_judged() -> None:
    tally = Tally(3, ("random",) * 3)
    for i in range(40):
        tally.add(game(i, winners=(0,), factions=("a", "b", "c"), played=[{"x": 1}, {}, {}]))
    stats = tally.statistics(["x", "never"])
    run = report(stats, Thresholds(card_games=10))
    lines = run.text()
    assert lines[2].endswith("fair band 28.3%–38.3%; not judged):")
    assert "  seat 0 (random)  100.0%  [91.2%–100.0%]  40/40" in lines
    assert "  never played (1; not judged): never" in lines
    note = (
        "balance and cards not judged: every seat plays random agents, "
        "whose play says nothing about balance or cards"
    )
    assert lines[-2:] == [note, "verdict: PASS"]
    assert not any(line.startswith("  balance not judged for") for line in lines)
    data = run.to_json()
    assert set(data["not_judged"]) == {"houses", "seats", "cards"}  # haggle has no such endings
    assert data["verdict"] == "pass" and data["cards_never_played"] == ["never"]
    assert {s["judgement"] for s in data["seats"]} == {"not_judged"}
    assert {h["judgement"] for h in data["houses"].values()} == {"not_judged"}
    assert {c["judgement"] for c in data["cards"].values()} == {"not_judged"}
    text = _pdf_text(run)
    assert "Verdict: PASS" in text and "balance and cards not judged" in text
    assert "Not judged: every seat plays random agents" in text


def test_seats_are_named_as_people_read_them() -> None:
    assert seats_text([2]) == "seat 2"
    assert seats_text([0, 2]) == "seats 0, 2"
    assert seats_text([0, 1]) == "seats 0, 1"
    assert seats_text([1, 2, 3]) == "seats 1–3"
    assert BUILTIN_AGENTS[RANDOM_AGENT] is RandomAgent  # the name the verdict looks for


def _pdf_text(run: PlaytestReport) -> str:
    pages = PdfReader(io.BytesIO(render_report(run))).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def test_thresholds_come_from_the_ruleset_unless_an_option_gives_them() -> None:
    ruleset = replace(
        HAGGLE,
        fair_margin=0.123,
        max_cap_rate=0.045,
        undecided_endings=frozenset({"stalemate"}),
        max_undecided_rate=0.33,
    )
    own = Thresholds.for_ruleset(ruleset)
    assert (own.fair_margin, own.max_cap_rate) == (0.123, 0.045)
    assert (own.undecided_endings, own.max_undecided_rate) == (frozenset({"stalemate"}), 0.33)
    assert (own.card_games, own.house_games, own.seat_games) == (500, 30, 30)
    given = Thresholds.for_ruleset(
        ruleset, fair_margin=0.2, max_cap_rate=0.5, card_games=7, house_games=8, seat_games=9
    )
    assert (given.fair_margin, given.max_cap_rate) == (0.2, 0.5)
    assert (given.card_games, given.house_games, given.seat_games) == (7, 8, 9)
    assert given.undecided_endings == frozenset({"stalemate"})  # no option for these


# --- the rule's edges, figures and wording, one by one (issue 36) ---------------------

#: a band and margin of binary fractions, so that edges compare exactly
BAND = (0.25, 0.75)


def test_place_at_the_band_edges() -> None:
    # an interval touching an edge from outside is across it: its estimate decides
    assert place(0.25, (0.125, 0.25), BAND, 0.25) == INSIDE
    assert place(0.75, (0.75, 0.875), BAND, 0.25) == INSIDE
    assert place(0.125, (0.125, 0.25), BAND, 0.25) == OUTSIDE
    # an interval touching an edge from inside lies within the band, however wide
    assert place(0.5, (0.25, 0.5), BAND, 0.0) == INSIDE
    assert place(0.5, (0.5, 0.75), BAND, 0.0) == INSIDE
    # exactly the margin wide is narrow enough to be decided
    assert place(0.3, (0.125, 0.375), BAND, 0.25) == INSIDE
    assert place(0.3, (0.125, 0.375), BAND, 0.125) == UNDECIDED_ITEM


def test_one_game_is_enough_when_the_minimum_is_one() -> None:
    assert place_rate(Rate(1, 1), BAND, 1.0, 1) == OUTSIDE
    assert place_rate(Rate(1, 1), BAND, 1.0, 0) == OUTSIDE
    assert place_rate(Rate(0, 0), BAND, 1.0, 0) == UNDECIDED_ITEM


def test_band_distance_is_zero_for_an_interval_inside() -> None:
    assert band_distance(Rate(100, 50), (0.1, 0.9)) == 0.0
    assert band_distance(Rate(100, 70), (0.1, 0.5)) == wilson(70, 100)[0] - 0.5
    assert band_distance(Rate(100, 30), (0.5, 0.9)) == wilson(30, 100)[1] - 0.5


def test_the_fair_band_stays_within_0_and_1() -> None:
    stats = replace(lopsided_seats(20), fair_rate=0.95)
    assert fair_band(stats, Thresholds(fair_margin=0.1)) == (0.85, 1.0)
    stats = replace(stats, fair_rate=0.05)
    assert fair_band(stats, Thresholds(fair_margin=0.1)) == (0.0, pytest.approx(0.15))


def least_deciding(rate: Rate, band: tuple[float, float], margin: float, minimum: int) -> int:
    """games_to_decide by brute force: the first count, from what is played, that decides."""
    share = rate.wins / rate.games if rate.games else 0.5
    games = max(rate.games, minimum, 1)
    while place(share, wilson(share * games, games), band, margin) == UNDECIDED_ITEM:
        games += 1
    return games


@pytest.mark.parametrize(
    ("rate", "minimum"),
    [
        (Rate(200, 110), 30),
        (Rate(0, 0), 0),
        (Rate(10, 9), 30),
        (Rate(200, 180), 30),
        (Rate(40, 23), 0),
    ],
)
def test_games_to_decide_is_the_least_count_that_decides(rate: Rate, minimum: int) -> None:
    band = (0.45, 0.55)
    found = games_to_decide(rate, band, 0.05, minimum)
    assert type(found) is int
    assert found == least_deciding(rate, band, 0.05, minimum)


def test_games_to_decide_starts_from_the_games_played_and_the_minimum() -> None:
    assert games_to_decide(Rate(200, 180), (0.45, 0.55), 0.05, 30) == 200
    assert games_to_decide(Rate(10, 9), (0.45, 0.55), 0.05, 30) == 30
    assert games_to_decide(Rate(1, 1), BAND, 1.0, 0) == 1


@pytest.mark.parametrize(
    ("more", "said"),
    [
        (None, "more games"),
        (7, "about 7 more games"),
        (99, "about 99 more games"),
        (100, "about 100 more games"),
        (123, "about 130 more games"),
        (1500, "about 1,500 more games"),
        (1501, "about 1,600 more games"),
    ],
)
def test_more_games_are_rounded_up_to_two_figures(more: int | None, said: str) -> None:
    assert _more(more) == said


def test_more_run_games_scale_by_the_share_of_games_played() -> None:
    stats = lopsided_seats(100)
    assert _more_run_games(stats, Rate(0, 0), 30) is None
    assert _more_run_games(stats, Rate(1, 0), 3) == 200
    assert _more_run_games(stats, Rate(50, 20), 60) == 20
    assert _more_run_games(stats, Rate(50, 20), 50) == 1  # never "0 more"


def test_every_judgement_names_what_and_who() -> None:
    stats = lopsided_seats(100)
    assert judge_seat(stats, Thresholds(fair_margin=0.3), 0) == Judgement(
        "seat", "seat 0 (heuristic)", INSIDE
    )
    assert judge_seat(stats, Thresholds(), 0) == Judgement(
        "seat", "seat 0 (heuristic)", OUTSIDE, SEAT_0_WINS
    )
    randoms = lopsided_seats(100, ("random", "heuristic"))
    assert judge_house(randoms, Thresholds(), "a") == Judgement("house", "a", NOT_JUDGED)
    assert judge_card(randoms, Thresholds(), "x") == Judgement("card", "x", NOT_JUDGED)
    assert judge_card(stats, Thresholds(), "x") == Judgement("card", "x", INSIDE)
    unplayed = replace(stats, cards={"y": CardStats()})
    assert judge_card(unplayed, Thresholds(card_games=100), "y") == Judgement(
        "card", "y", OUTSIDE, "y was never played in 100 games"
    )


def test_a_seat_with_one_game_or_none_is_told_so() -> None:
    stats = replace(lopsided_seats(100), seats=[Rate(1, 1), Rate(0, 0)])
    one, none = judge_seat(stats, Thresholds(), 0), judge_seat(stats, Thresholds(), 1)
    assert one.why.startswith("seat 0 (heuristic) has played 1 game, fewer than the 30 ")
    assert none.why.startswith("seat 1 (heuristic) has played 0 games, fewer than the 30 ")
    # with no minimum, a seat that has played nothing is undecided on its (empty) figures
    zero = judge_seat(stats, Thresholds(seat_games=0), 1)
    assert zero.state == UNDECIDED_ITEM
    assert zero.why.startswith("seat 1 (heuristic) wins 0.0% of its games; its 95% CI ")


def narrow(games: int, wins: int) -> Statistics:
    """Two seats whose seat 0 won ``wins`` of ``games``: intervals narrower than 5 points."""
    return replace(lopsided_seats(100), games=games, seats=[Rate(games, wins)] * 2)


def test_an_interval_across_an_edge_is_judged_by_its_estimate_and_says_so() -> None:
    judged = judge_seat(narrow(10_000, 4_450), Thresholds(), 0)
    assert judged.state == OUTSIDE
    assert judged.why == (
        "seat 0 (heuristic) wins 44.5% of its games (95% CI 43.5%–45.5%; 1.9 points wide: "
        "its estimate decides, and lies 0.5 points below the fair band 45.0%–55.0%)"
    )
    above = judge_seat(narrow(10_000, 5_550), Thresholds(), 0)
    assert above.why.endswith(" 0.5 points above the fair band 45.0%–55.0%)")


def test_an_estimate_outside_by_a_hair_is_not_said_to_be_zero_points_out() -> None:
    judged = judge_seat(narrow(100_000, 44_996), Thresholds(), 0)
    assert judged.state == OUTSIDE
    assert judged.why.endswith(" under 0.1 points below the fair band 45.0%–55.0%)")


def test_the_rule_text_shows_this_runs_minimums() -> None:
    text = rule_text(Thresholds(fair_margin=0.07, house_games=31, seat_games=47, card_games=900))
    assert "at most 7.0 points wide" in text
    assert "fewer than 31 games or a seat with fewer than 47" in text
    assert "undecided before 900 games" in text


def test_random_players_are_counted_in_words() -> None:
    stats = replace(lopsided_seats(20), seat_agents=("random", "heuristic", "random"))
    assert "seats 0, 2 play random agents" in (unjudged_note(stats, Thresholds()) or "")
    stats = replace(stats, seat_agents=("heuristic", "heuristic", "random"))
    assert "seat 2 plays random agents" in (unjudged_note(stats, Thresholds()) or "")


def test_crashes_and_broken_invariants_name_the_first_and_its_record() -> None:
    crash = replace(game(3, status=CRASHED, winners=()), record="r/game-000003.json")
    later = game(8, status=CRASHED, winners=())
    stats = replace(lopsided_seats(20), crashes=[crash, later])
    assert crashed(stats) == [
        "2 game(s) crashed (first: game 3, seed 3: RuntimeError: boom (applying decision 3); "
        "record r/game-000003.json)"
    ]
    stats = replace(stats, crashes=[later])
    assert crashed(stats) == [
        "1 game(s) crashed (first: game 8, seed 8: RuntimeError: boom (applying decision 3))"
    ]
    first = replace(game(4, status=VIOLATED, winners=()), violations=["gold < 0", "two kings"])
    second = replace(game(9, status=VIOLATED, winners=()), record="r/game-000009.json")
    stats = replace(lopsided_seats(20), violations=[first, second])
    assert broke_invariants(stats) == [
        "2 game(s) broke an invariant (first: game 4, seed 4: gold < 0; two kings)"
    ]
    stats = replace(stats, violations=[second])
    assert broke_invariants(stats) == [
        "1 game(s) broke an invariant (first: game 9, seed 9: gold < 0; record r/game-000009.json)"
    ]


def test_endings_without_a_victory_are_listed_by_kind() -> None:
    stats = replace(lopsided_seats(20), completed=20, endings={"stalemate": 3, "round_limit": 2})
    thresholds = Thresholds(undecided_endings=("round_limit", "stalemate"), max_undecided_rate=0.1)
    assert ended_without_victory(stats, thresholds) == [
        "5 game(s) ended without a victory (round_limit, stalemate: 25.0% of finished games, "
        "95% CI 11.2%–46.9%; more than the 10.0% allowed)"
    ]


def test_a_share_of_games_without_a_victory_is_judged_by_its_interval() -> None:
    """22 round limits in 200 games (11%, 95% CI 7.4–16.1%) failed a fief run against the
    10% allowed after the first batch of --games auto; the interval says nothing yet."""
    limit = Thresholds(undecided_endings=frozenset({"round_limit"}), max_undecided_rate=0.1)

    def judged(games: int, stalled: int) -> Judgement | None:
        endings = {"round_limit": stalled, "victory": games - stalled}
        return judge_endings(replace(lopsided_seats(20), completed=games, endings=endings), limit)

    close = judged(200, 22)
    assert close is not None and close.state == UNDECIDED_ITEM
    assert "straddles the 10.0% allowed" in close.why and close.more_games
    stats = replace(lopsided_seats(20), completed=200, endings={"round_limit": 22, "x": 178})
    assert ended_without_victory(stats, limit) == []
    assert undecided(stats, limit)[0] == close  # the run plays on for it
    assert judged(200, 5) == Judgement("endings", "games without a victory", INSIDE)
    assert judged(200, 40).state == OUTSIDE  # type: ignore[union-attr]
    # a narrow interval across the limit: its estimate decides, as for a House
    over = judged(5000, 520)
    assert over is not None and over.state == OUTSIDE
    assert "95% CI 9.6%–11.3%, 1.7 points wide: its estimate is more than the 10.0%" in over.why
    assert judged(5000, 480).state == INSIDE  # type: ignore[union-attr]
    # nothing to judge: no such endings, any share allowed
    assert judge_endings(stats, Thresholds()) is None


def test_the_most_games_wanted_of_what_is_undecided() -> None:
    items = [
        Judgement("seat", "s", UNDECIDED_ITEM, "", 5),
        Judgement("card", "c", UNDECIDED_ITEM, "", None),
        Judgement("house", "h", UNDECIDED_ITEM, "", 9),
    ]
    assert games_wanted(items) == 9
    assert games_wanted(items[1:2]) is None
    assert games_wanted([]) is None


def cards_left(count: int) -> list[Judgement]:
    stats = replace(lopsided_seats(20), cards={f"c{i:02d}": CardStats() for i in range(count)})
    return [j for j in undecided(stats, Thresholds(card_games=100)) if j.what == "card"]


@pytest.mark.parametrize(
    ("count", "tail"), [(10, "c09; "), (11, "c09 and 1 more; "), (12, "c09 and 2 more; ")]
)
def test_undecided_cards_share_one_line_naming_ten(count: int, tail: str) -> None:
    [line] = undecided_lines(cards_left(count))
    names = ", ".join(f"c{i:02d}" for i in range(10))
    assert line == (
        f"{count} card(s) not played yet: {names.removesuffix('c09')}{tail}"
        "a card is dead once never played in 100 (--card-games): 80 more games"
    )


@pytest.mark.parametrize(("count", "tail"), [(20, ""), (21, " and 1 more"), (22, " and 2 more")])
def test_dead_cards_share_one_reason_naming_twenty(count: int, tail: str) -> None:
    stats = replace(lopsided_seats(100), cards={f"c{i:02d}": CardStats() for i in range(count)})
    reasons = verdict(stats, Thresholds(card_games=100, fair_margin=0.3))
    names = ", ".join(f"c{i:02d}" for i in range(20))
    assert reasons == [f"{count} card(s) never played in 100 games: {names}{tail}"]


def test_a_run_where_one_game_ended_is_judged() -> None:
    stats = replace(lopsided_seats(1), completed=1)
    assert "no game came to an end" not in verdict(stats, Thresholds())
    assert undecided(stats, Thresholds()) != []
    stats = replace(stats, completed=0)
    assert verdict(stats, Thresholds()) == ["no game came to an end"]
    assert undecided(stats, Thresholds()) == []
