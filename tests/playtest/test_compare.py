"""``pnp compare``: paired changes between two versions of the content."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine.runner import CRASHED, FINISHED
from pnp.errors import UsageError
from pnp.paths import default_content_root
from pnp.playtest.compare import (
    PLAYED_BOTH,
    SEEN_BOTH,
    SEEN_ONE,
    ComparePlan,
    GamePair,
    PairTally,
    run_compare,
)
from pnp.playtest.executor import LocalExecutor
from pnp.playtest.failon import parse_fail_on
from pnp.playtest.paired import (
    PairCounts,
    improvement_change,
    independent_change,
    paired_change,
)
from pnp.playtest.plan import PlaytestPlan
from pnp.playtest.stats import Z95
from pnp.playtest.versions import ContentVersion
from pnp.playtest.worker import GameSummary
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE

# -- the interval arithmetic, by hand


def test_paired_change_is_the_bonett_price_interval() -> None:
    counts = PairCounts(both=10, base_only=2, candidate_only=8, neither=30)
    change = paired_change(counts)
    assert (change.base, change.candidate) == (12 / 50, 18 / 50)
    assert change.change == pytest.approx(0.12)
    # by hand: +1 to each discordant count, +2 to the 50 pairs
    up, down = 9 / 52, 3 / 52
    half = Z95 * math.sqrt((up + down - (up - down) ** 2) / 52)
    assert (change.ci_low, change.ci_high) == pytest.approx((6 / 52 - half, 6 / 52 + half))
    assert (change.ci_low, change.ci_high) == pytest.approx((-0.01136, 0.24213), abs=1e-5)
    assert change.paired and not change.beyond_noise


def test_paired_change_matches_bonett_and_prices_published_example() -> None:
    # statpsych's ci.prop.ps(.05, f00=12, f01=4, f10=26, f11=6) (Bonett's own package):
    # LL 0.2548067, UL 0.6251933; the candidate is y, the base x
    change = paired_change(PairCounts(both=6, base_only=4, candidate_only=26, neither=12))
    assert (change.ci_low, change.ci_high) == pytest.approx((0.2548067, 0.6251933), abs=1e-7)
    assert change.change == pytest.approx(22 / 48)  # the change itself is not adjusted


def test_pairs_that_all_agree_change_nothing() -> None:
    change = paired_change(PairCounts(both=5, neither=45))
    assert change.change == 0 and change.base == change.candidate == 0.1
    # a narrow band round zero, never a point: agreement in 50 pairs proves no more
    assert change.ci_low == pytest.approx(-Z95 * math.sqrt(2) / 52)
    assert change.ci_high == -change.ci_low and not change.beyond_noise
    assert paired_change(PairCounts()).change is None


def test_improvement_change_by_hand() -> None:
    drawn = PairCounts(both=10, base_only=2, candidate_only=8, neither=30)
    not_seen = PairCounts(both=20, base_only=3, candidate_only=1, neither=26)
    change = improvement_change(drawn, not_seen)
    # base: 12/50 - 23/50; candidate: 18/50 - 21/50
    assert change.base == pytest.approx(-0.22) and change.candidate == pytest.approx(-0.06)
    assert change.change == pytest.approx(0.16)
    var_d = (9 / 52 + 3 / 52 - (6 / 52) ** 2) / 52
    var_n = (2 / 52 + 4 / 52 - (2 / 52) ** 2) / 52
    centre, half = 6 / 52 + 2 / 52, Z95 * math.sqrt(var_d + var_n)
    assert (change.ci_low, change.ci_high) == pytest.approx((centre - half, centre + half))
    assert (change.ci_low, change.ci_high) == pytest.approx((-0.00261, 0.31030), abs=1e-5)
    assert improvement_change(drawn, PairCounts()).change is None


def test_independent_change_is_newcombes() -> None:
    change = independent_change(48, 80, 56, 70)  # Newcombe (1998), Table II: 56/70 - 48/80
    assert change.change == pytest.approx(0.2) and not change.paired
    assert (change.ci_low, change.ci_high) == pytest.approx((0.0524, 0.3339), abs=1e-4)


# -- adding pairs up, by hand


def summary(index, factions, winners, drawn, played, status=FINISHED) -> GameSummary:
    return GameSummary(
        index=index,
        seed=index,
        status=status,
        ending="points" if status == FINISHED else None,
        winners=winners,
        factions=factions,
        drawn=drawn,
        played=played,
    )


PAIRS = [
    GamePair(
        0,
        summary(0, ("a", "b"), (0,), [{"x": 1}, {}], [{"x": 1}, {}]),
        summary(0, ("a", "b"), (1,), [{"x": 1}, {"y": 1}], [{}, {"y": 1}]),
    ),
    GamePair(
        1,
        summary(1, ("b", "a"), (0,), [{}, {"x": 1}], [{}, {}]),
        summary(1, ("b", "a"), (0,), [{}, {"x": 1}], [{}, {}]),
    ),
    # a crash in one version: no pair
    GamePair(
        2,
        summary(2, ("a", "b"), (), [{}, {}], [{}, {}], status=CRASHED),
        summary(2, ("a", "b"), (0,), [{}, {}], [{}, {}]),
    ),
    # the Houses swapped seats between the versions: no House pair
    GamePair(
        3,
        summary(3, ("a", "b"), (1,), [{}, {}], [{}, {}]),
        summary(3, ("b", "a"), (1,), [{}, {}], [{}, {}]),
    ),
]


def tally(pairs=PAIRS) -> PairTally:
    counts = PairTally(2)
    for pair in pairs:
        counts.add(pair)
    return counts


def test_pair_tally_matches_a_hand_count() -> None:
    t = tally()
    assert (t.games, t.unpaired_games) == (3, 1)
    assert t.seats == [PairCounts(1, 1, 0, 1), PairCounts(1, 0, 1, 1)]
    assert t.houses == {"a": PairCounts(0, 1, 0, 1), "b": PairCounts(1, 0, 1, 0)}
    assert t.base_only_houses == {"a": [1, 0], "b": [1, 1]}
    assert t.candidate_only_houses == {"b": [1, 0], "a": [1, 1]}
    # seen by some seat in a game: x in games 0 and 1 under both; y in game 0's candidate
    assert t.card_counts(t.drawn, "x") == PairCounts(both=2, neither=1)
    assert t.card_counts(t.drawn, "y") == PairCounts(candidate_only=1, neither=2)
    assert t.card_counts(t.played, "x") == PairCounts(base_only=1, neither=2)
    # per seat with the same House in both: x seen by House a's seat in games 0 and 1
    x = t.strength["x"]["a"]
    assert x[SEEN_BOTH] == PairCounts(base_only=1, neither=1)
    assert x[SEEN_ONE] == PairCounts() and x[PLAYED_BOTH] == PairCounts()
    assert t.strength["y"]["b"][SEEN_ONE] == PairCounts(candidate_only=1)


def test_pair_tally_does_not_depend_on_the_order_of_the_games() -> None:
    assert tally(PAIRS) == tally(list(reversed(PAIRS)))


# -- whole comparisons on the haggle fixture


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def copy_haggle(target: Path, **changes: tuple[str, str]) -> Path:
    """A copy of the haggle content root; ``changes``: card id -> (old text, new text)."""
    shutil.copytree(CONTENT_ROOT, target)
    cards = target / "haggle" / "cards.yaml"
    text = cards.read_text()
    for old, new in changes.values():
        assert old in text
        text = text.replace(old, new)
    cards.write_text(text)
    return target


#: the copper ring, worth 1, made worth 8
STRONGER_RING = (
    "copper-ring, name: Copper Ring, cost: 0, value: 1",
    "copper-ring, name: Copper Ring, cost: 0, value: 8",
)


def compare(*args: str):
    result = CliRunner().invoke(app, ["compare", "haggle", *args])
    assert isinstance(result.exception, SystemExit | None), result.output
    return result


def test_identical_contents_play_identical_games_and_change_nothing(in_tmp: Path) -> None:
    copy = copy_haggle(in_tmp / "copy")
    content = HAGGLE.load(CONTENT_ROOT)
    plans = [
        PlaytestPlan(HAGGLE, 40, 3, 3, ("heuristic",) * 3, failures_dir=in_tmp / s)
        for s in ("b", "c")
    ]
    seen: list[GamePair] = []
    versions = (ContentVersion("a", CONTENT_ROOT), ContentVersion("b", copy))
    run = run_compare(
        ComparePlan(*plans),
        versions,
        (content, HAGGLE.load(copy)),
        executor=LocalExecutor(1),
        progress=seen.append,
    )
    assert len(seen) == 40 and all(pair.base == pair.candidate for pair in seen)
    assert run.base == run.candidate
    result = compare(
        "--content", str(CONTENT_ROOT), "--base", "copy", "--games", "40", "--players", "3",
        "--json", "--workers", "1", "--fail-on", "house>0pp,seat>0pp,card>0pp",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["cards_changed"] == [] and data["failed"] == [] and data["paired_games"] == 40
    assert data["content_changed"] == []
    assert list(data["fail_on_not_judged"]) == ["card>0pp"]  # a card rule's unranked cards
    figures = [*data["houses"].values(), *data["seats"]]
    figures += [f for card in data["cards"].values() for f in card.values() if isinstance(f, dict)]
    assert len(figures) > 20
    for figure in figures:
        assert figure["change"] in (0, None)
        if figure["change"] is not None:
            assert figure["base"] == figure["candidate"]
            assert figure["ci_low"] < 0 < figure["ci_high"]
    assert not any(card["beyond_noise"] for card in data["cards"].values())
    assert data["base"]["endings"] == data["candidate"]["endings"]


def test_a_stronger_card_tops_the_card_changes_whatever_the_workers(in_tmp: Path) -> None:
    copy_haggle(in_tmp / "strong", ring=STRONGER_RING)
    args = ["--content", "strong", "--base", str(CONTENT_ROOT), "--games", "150"]
    args += ["--players", "3", "--seed", "4", "--json"]
    one = compare(*args, "--workers", "1")
    two = compare(*args, "--workers", "2")
    assert one.exit_code == 0 and one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["cards_changed"] == ["copper-ring"]
    assert data["content_changed"] == []  # a card's change is listed once, as a card
    assert data["candidate"]["content"] == "working content (strong/haggle)"
    ranked = [(c, f) for c, f in data["cards"].items() if f["ranked"]]
    ranked.sort(key=lambda cf: -abs(cf[1]["improvement_when_drawn"]["change"]))
    top, figure = ranked[0]
    assert top == "copper-ring" and "improvement_when_drawn" in figure["beyond_noise"]
    assert figure["improvement_when_drawn"]["ci_low"] > 0
    assert next(iter(data["cards"])) == "copper-ring"  # changed content is listed first


def test_text_summary_and_pdf_report(in_tmp: Path) -> None:
    copy_haggle(in_tmp / "strong", ring=STRONGER_RING)
    args = ["--base", str(CONTENT_ROOT), "--candidate", "strong", "--games", "60"]
    args += ["--players", "3", "--workers", "1", "--report", "out/cmp.pdf"]
    result = compare(*args)
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith(f"haggle compare: base {CONTENT_ROOT} → candidate strong\n")
    assert "60 games per version, 3 players, agents heuristic, seed 0; 60 with a result" in text
    assert "  house lannister " in text and "  seat 2 (heuristic) " in text
    assert "cards whose content differs (1): copper-ring" in text
    assert "other content that differs: none" in text
    assert "  copper-ring (content changed): improvement when drawn " in text
    assert text.rstrip().endswith("result: OK\nreport: out/cmp.pdf")
    reader = PdfReader("out/cmp.pdf")
    assert reader.outline[0].title == "Comparison report: Haggle (engine fixture)"
    pdf_text = "".join(page.extract_text() for page in reader.pages)
    for needle in ("Win rate change per House", "Largest card changes", "copper-ring (changed)"):
        assert needle in pdf_text
    assert "Every interval comes from the paired games" in pdf_text  # the same Houses
    # improvement when drawn is a difference of rates: points, signed, never per cent
    assert re.search(r"[+-]\d+\.\d → [+-]\d+\.\d: [+-]\d+\.\d \[", pdf_text)
    # lengths with one decimal at most, as the terminal shows them
    assert not re.search(r"rounds mean \d+\.\d\d", pdf_text)
    first = Path("out/cmp.pdf").read_bytes()
    compare(*args)
    assert Path("out/cmp.pdf").read_bytes() == first  # byte-identical for the same run


def test_content_besides_the_cards_that_differs_is_named_where_the_yaml_has_it(
    in_tmp: Path,
) -> None:
    copy = copy_haggle(in_tmp / "edited")
    game = copy / "haggle" / "game.yaml"
    text = game.read_text()
    for old, new in (
        ("House Lannister, start_gold: 3}", "House Lannister, start_gold: 5}"),
        ("  target: 12\n", "  target: 14\n"),
        ("  - {id: martell, name: House Martell}\n", ""),
    ):
        assert old in text
        text = text.replace(old, new)
    game.write_text(text)
    args = ["--base", str(CONTENT_ROOT), "--candidate", "edited", "--games", "20"]
    args += ["--players", "3", "--workers", "1"]
    data = json.loads(compare(*args, "--json").stdout)
    assert data["cards_changed"] == []
    assert data["content_changed"] == [
        {"path": "houses[lannister].start_gold", "base": 3, "candidate": 5},
        {
            "path": "houses[martell]",
            "base": {"id": "martell", "name": "House Martell", "start_gold": 2},
            "candidate": None,
        },
        {"path": "rules.target", "base": 12, "candidate": 14},
    ]
    result = compare(*args, "--report", "out/cmp.pdf")
    assert (
        "other content that differs (3):\n"
        "  houses[lannister].start_gold 3 → 5\n"
        "  houses[martell] {id: martell, name: House Martell, start_gold: 2} → (none)\n"
        "  rules.target 12 → 14\n"
    ) in result.stdout
    pdf_text = "".join(page.extract_text() for page in PdfReader("out/cmp.pdf").pages)
    assert "Other content that differs" in pdf_text and "houses[lannister].start_gold" in pdf_text
    # Martell is gone from the candidate: the seats differ, so no interval is paired, and
    # the House the candidate never seats is named though it has no change to chart
    assert "Every interval comes from the paired games" not in pdf_text
    assert "where marked unpaired" in pdf_text and " unpaired" in pdf_text
    assert re.search(r"In one version only: martell \d+\.\d% → –", pdf_text)
    # the terminal keeps its columns for that House too
    rows = [line for line in result.stdout.splitlines() if line.startswith("  house ")]
    arrows = {line.index("→") for line in rows}
    assert len(rows) == 4 and len(arrows) == 1, rows


# -- --fail-on


def test_fail_on_rules_parse() -> None:
    rules = parse_fail_on(["house>3pp", "House:Stark > 2.5pp, seat:1>5pp", "card:x>10pp"])
    assert [(r.kind, r.name, r.limit) for r in rules] == [
        ("house", None, 0.03),
        ("house", "stark", 0.025),
        ("seat", "1", 0.05),
        ("card", "x", 0.1),
    ]
    assert rules[0].watches("tyrell") and not rules[1].watches("tyrell")


@pytest.mark.parametrize(
    ("rule", "message"),
    [
        ("house>3", "expected a rule like house>3pp"),
        ("house>3%", "expected a rule like house>3pp"),
        ("deck>3pp", "expected a rule like house>3pp"),
        ("house<3pp", "expected a rule like house>3pp"),
        ("seat:first>3pp", "a seat is a number counted from 0"),
        ("seat:5>3pp", "no seat '5' in these games (seats: 0, 1, 2)"),
        # a House or card the content has not: said before the games, not after them
        ("house:stork>3pp", "no House 'stork' in these games (Houses: "),
        ("card:copper>3pp", "no card 'copper' in these games (cards: "),
    ],
)
def test_bad_fail_on_rules_exit_two_before_any_game(in_tmp: Path, rule: str, message: str) -> None:
    result = compare("--content", str(CONTENT_ROOT), "--base", str(CONTENT_ROOT), "--players", "3",
                     "--fail-on", rule)  # fmt: skip
    assert result.exit_code == 2 and message in result.stderr
    assert "compare:" not in result.stdout


def test_a_long_list_of_names_is_cut_to_the_nearest() -> None:
    from pnp.playtest.failon import check_names

    rules = parse_fail_on(["card:lannister-jamie>3pp"])
    names = [f"lannister-card-{i}" for i in range(30)] + ["lannister-jaime"]
    with pytest.raises(UsageError) as caught:
        check_names(rules, "card", names, "card")
    assert str(caught.value) == (
        "--fail-on 'card:lannister-jamie>3pp': no card 'lannister-jamie' in these games "
        "(did you mean lannister-jaime? 31 cards in all)"
    )


def test_fail_on_a_thrones_plot_is_accepted_before_the_games(tmp_path: Path) -> None:
    """Plots are cards the comparison reports (and card>Npp judges), but the check before
    the games knew the draw-deck cards only: "no card 'raven-at-dawn' in these games"."""
    shipped = str(default_content_root())
    args = ["compare", "thrones", "--base", shipped, "--content", shipped, "--games", "2"]
    rules = "card:raven-at-dawn>10pp,card:harvest-feast>10pp"
    result = CliRunner().invoke(app, [*args, "--workers", "1", "--json", "--fail-on", rules])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["fail_on"] == rules.split(",")
    typo = CliRunner().invoke(app, [*args, "--fail-on", "card:ravens-at-dawn>10pp"])
    assert typo.exit_code == 2 and "did you mean raven-at-dawn?" in typo.stderr
    from pnp.playtest.harness import reported_card_ids
    from pnp.rulesets import find_ruleset

    thrones = find_ruleset("thrones")
    ids = reported_card_ids(thrones, thrones.load(None, alone=True)) or []
    assert {"raven-at-dawn", "harvest-feast", "stark-eddard"} <= set(ids)


def test_fail_on_a_house_that_never_played_is_an_error(in_tmp: Path) -> None:
    result = compare("--content", str(CONTENT_ROOT), "--base", str(CONTENT_ROOT), "--games", "3",
                     "--workers", "1", "--fail-on", "house:stork>3pp")  # fmt: skip
    assert result.exit_code == 2
    assert "--fail-on 'house:stork>3pp': no House 'stork' in these games (Houses: " in result.stderr


def test_fail_on_exits_one_when_the_candidate_crashes(in_tmp: Path) -> None:
    result = compare("--content", str(CONTENT_ROOT), "--base", str(CONTENT_ROOT), "--games", "20",
                     "--workers", "1", "-o", "crash_on=gold-crown")  # fmt: skip
    # both versions crash alike: the candidate's crashes fail the comparison
    assert result.exit_code == 1
    assert "the candidate crashed in " in result.stdout
    assert Path("output/haggle/compare/seed-0/candidate").is_dir()


# -- versions: folders and git revisions


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(in_tmp: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git repository holding the haggle content in ``content/``, committed once."""
    # git looks no further up than the test's folder: it must not find an outer repository
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(in_tmp))
    root = in_tmp / "designs"
    root.mkdir()
    git(root, "init", "-q")
    copy_haggle(root / "content")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "first")
    return root


def test_git_head_compares_the_uncommitted_edits(repo: Path) -> None:
    cards = repo / "content" / "haggle" / "cards.yaml"
    cards.write_text(cards.read_text().replace(*STRONGER_RING))
    args = ["--content", "designs/content", "--base", "git:HEAD", "--games", "30"]
    result = compare(*args, "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["cards_changed"] == ["copper-ring"]
    assert data["base"]["content"] == "git:HEAD"
    assert data["base"]["content_hash"] != data["candidate"]["content_hash"]
    # committed, the edit is the base too: nothing differs
    git(repo, "commit", "-q", "-am", "stronger ring")
    data = json.loads(compare(*args, "--workers", "1", "--json").stdout)
    assert (
        data["cards_changed"] == []
        and data["base"]["content_hash"] == data["candidate"]["content_hash"]
    )
    # an older revision, as candidate this time
    result = compare(*args[:2], "--base", "git:HEAD", "--candidate", "git:HEAD~1", "--games", "5",
                     "--workers", "1", "--json")  # fmt: skip
    assert json.loads(result.stdout)["cards_changed"] == ["copper-ring"]
    assert git_status(repo) == ""  # the repository was only read


def git_status(repo: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), "status", "--porcelain"], capture_output=True, text=True
    ).stdout


def test_git_revision_errors_exit_two(repo: Path, in_tmp: Path) -> None:
    base = ["--content", "designs/content", "--games", "2"]
    result = compare(*base, "--base", "git:no-such-rev")
    assert result.exit_code == 2
    assert (
        "--base git:no-such-rev: unknown revision 'no-such-rev' in the repository" in result.stderr
    )
    result = compare(*base, "--base", "git:--all")
    assert result.exit_code == 2 and "name a revision" in result.stderr
    # outside any repository
    copy_haggle(in_tmp / "loose")
    result = compare("--content", "loose", "--base", "git:HEAD")
    assert result.exit_code == 2
    assert "--base git:HEAD: loose/haggle is not inside a git repository" in result.stderr
    # a revision before the content folder existed
    (repo / "notes.txt").write_text("x\n")
    git(repo, "add", "notes.txt")
    git(repo, "commit", "-q", "-m", "notes")
    git(repo, "rm", "-q", "-r", "content")
    git(repo, "commit", "-q", "-m", "moved away")
    copy_haggle(repo / "content")  # back in the work tree, not in HEAD
    result = compare(*base, "--base", "git:HEAD")
    assert result.exit_code == 2 and "revision HEAD has no folder content/haggle" in result.stderr
    assert "Traceback" not in result.output


def test_a_revision_with_broken_content_names_its_files(repo: Path) -> None:
    cards = repo / "content" / "haggle" / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 0,", "cost: -4,"))
    git(repo, "commit", "-q", "-am", "broken")
    copy = cards.read_text().replace("cost: -4,", "cost: 0,")
    cards.write_text(copy)
    result = compare("--content", "designs/content", "--base", "git:HEAD", "--games", "2")
    assert result.exit_code == 2
    assert "git:HEAD:content/haggle/cards.yaml:" in result.stderr and "cost" in result.stderr


def test_bad_versions_and_outputs_exit_two(in_tmp: Path) -> None:
    result = compare("--content", str(CONTENT_ROOT), "--base", "nowhere")
    assert result.exit_code == 2 and "--base nowhere: no such folder" in result.stderr
    result = compare(
        "--content", str(CONTENT_ROOT), "--base", str(CONTENT_ROOT), "--report", "x.txt"
    )
    assert result.exit_code == 2 and "name it *.pdf" in result.stderr
    result = compare("--content", str(CONTENT_ROOT), "--base", str(CONTENT_ROOT), "--games", "0")
    assert result.exit_code == 2 and "--games must be at least 1" in result.stderr


# -- the acceptance run on a real ruleset


def test_a_much_stronger_leader_is_the_top_change_and_lifts_its_house(tmp_path: Path) -> None:
    """Iron Throne: Stannis's leader ability made much stronger (+3 -> +12, no condition)."""
    doctored = tmp_path / "doctored"
    shutil.copytree(default_content_root() / "ironthrone", doctored / "ironthrone")
    houses = doctored / "ironthrone" / "houses" / "baratheon.yaml"
    old = "      if: {active: true, outcome: hostility, behind: true}\n      do: [{bonus: 3}]"
    assert old in houses.read_text()
    new = "      if: {active: true, outcome: hostility}\n      do: [{bonus: 12}]"
    houses.write_text(houses.read_text().replace(old, new))
    args = ["compare", "ironthrone", "--base", str(default_content_root()), "--candidate"]
    args += [str(doctored), "--games", "200", "--players", "3", "--workers", "1", "--json"]
    result = CliRunner().invoke(app, [*args, "--fail-on", "house>3pp"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["cards_changed"] == ["baratheon-stannis"]
    assert data["content_changed"] == []  # the leader sheet is a card: listed as one
    # the top card change, even leaving aside that its content is known to differ
    ranked = [(c, f) for c, f in data["cards"].items() if f["ranked"]]
    ranked.sort(key=lambda cf: -abs(cf[1]["improvement_when_drawn"]["change"]))
    top, figure = ranked[0]
    assert top == "baratheon-stannis"
    # a change of some 30 points whose paired interval starts well clear of zero (the
    # interval's width over 200 games is about 40 points: its low end moves with content)
    assert figure["improvement_when_drawn"]["change"] > 0.2
    assert figure["improvement_when_drawn"]["ci_low"] > 0.05
    # its House wins more, with a paired interval clear of zero
    house = data["houses"]["baratheon"]
    assert house["paired"] and house["change"] > 0.1 and house["ci_low"] > 0
    assert any("House baratheon's win rate moved +" in reason for reason in data["failed"])
    # the paired intervals are narrower than two independent playtests would give
    for row in [*data["houses"].values(), *data["seats"]]:
        games = row["base_games"]
        alone = independent_change(
            round(row["base"] * games), games, round(row["candidate"] * games), games
        )
        assert row["ci_high"] - row["ci_low"] < alone.ci_high - alone.ci_low


def test_the_progress_bar_says_it_counts_game_pairs(
    in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-n 30`` plays 60 games; its bar counts 30: it says what it counts."""
    from pnp.playtest import compare_command

    seen: list[tuple[int, str]] = []

    class Bar(compare_command.PlaytestProgress):
        def __init__(self, games: int, title: str, *, enabled: bool | None = None) -> None:
            super().__init__(games, title, enabled=enabled)
            seen.append((games, title))

    monkeypatch.setattr(compare_command, "PlaytestProgress", Bar)
    request = compare_command.CompareRequest(
        "haggle", base=str(CONTENT_ROOT), content=CONTENT_ROOT, games=4, workers=1, progress=True
    )
    compare_command.run_compare_command(request, lambda *a, **k: None)
    assert seen == [(4, "haggle compare (game pairs)")]


def test_a_setup_one_version_cannot_play_names_that_version(in_tmp: Path) -> None:
    copy = copy_haggle(in_tmp / "edited")
    game = copy / "haggle" / "game.yaml"
    game.write_text(game.read_text().replace("  - {id: martell, name: House Martell}\n", ""))
    args = ["--base", str(CONTENT_ROOT), "--candidate", "edited", "--games", "2"]
    result = compare(*args, "--players", "3", "--workers", "1", "--houses", "martell")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("the candidate version (edited): ")
    assert "martell" in result.stderr


def test_cards_beyond_noise_are_listed_though_none_is_ranked() -> None:
    """A small run ranks no card: the text said "card changes: none" while --json listed
    cards whose play rate moved beyond noise."""
    from types import SimpleNamespace

    from pnp.playtest.comparison import CardChange, Comparison
    from pnp.playtest.paired import UNKNOWN, Change

    moved = Change(0.2, 0.6, 0.4, 0.1, 0.7)
    card = CardChange(
        "targaryen-viserys-card",
        content_changed=False,
        ranked=False,
        figures={"improvement_when_drawn": UNKNOWN, "win_rate_drawn": UNKNOWN, "play_rate": moved},
    )
    lines = Comparison._card_lines(SimpleNamespace(cards=[card]))  # type: ignore[arg-type]
    assert lines[0] == "card changes: no card drawn often enough to rank"
    assert lines[1] == "  also beyond noise: targaryen-viserys-card (play_rate)"
    still = replace(card, figures={**card.figures, "play_rate": UNKNOWN})
    assert Comparison._card_lines(SimpleNamespace(cards=[still])) == ["card changes: none"]  # type: ignore[arg-type]


def test_card_rules_judge_the_ranked_cards_only() -> None:
    """card>10pp failed CI on lannister-cersei (-20.2 pp, unranked: not seen in fewer than
    30 paired seat-games), a card neither the text nor the report ranks."""
    from types import SimpleNamespace

    from pnp.playtest.comparison import CardChange, Comparison
    from pnp.playtest.paired import Change

    fell = Change(0.6, 0.4, -0.202, -0.3, -0.1)  # beyond noise
    cersei = CardChange(
        "lannister-cersei",
        content_changed=False,
        ranked=False,
        figures={"improvement_when_drawn": fell},
        games={"drawn_games": 90, "not_seen_games": 12},
    )
    robb = replace(cersei, card="stark-robb", ranked=True)
    rules = parse_fail_on(["card>10pp", "card:lannister-cersei>10pp", "card:raven-at-dawn>5pp"])
    nobody_crashed = SimpleNamespace(crashes=[], violations=[])
    fake = SimpleNamespace(
        run=SimpleNamespace(candidate=nobody_crashed), rules=rules, cards=[cersei, robb]
    )
    reasons = Comparison._reasons(fake)  # type: ignore[arg-type]
    assert len(reasons) == 1 and reasons[0].startswith("card stark-robb's improvement")
    # what the rules could not judge is said, in the text and the JSON alike
    fake.not_judged = Comparison._not_judged(fake)  # type: ignore[arg-type]
    assert {rule.text: cards for rule, cards in fake.not_judged.items()} == {
        "card>10pp": ["lannister-cersei"],
        "card:lannister-cersei>10pp": ["lannister-cersei"],
        "card:raven-at-dawn>5pp": ["raven-at-dawn"],
    }
    assert Comparison.not_judged_lines(fake) == [  # type: ignore[arg-type]
        "card>10pp: 1 ranked card(s) judged; 1 unranked not judged (fewer than 30 paired "
        "seat-games drawn, or not seen)",
        "card:lannister-cersei>10pp: not judged, lannister-cersei is unranked (drawn in 90 and "
        "not seen in 12 paired seat-games; 30 of each rank a card)",
        "card:raven-at-dawn>5pp: not judged, raven-at-dawn was never seen in these games",
    ]


def test_an_added_and_a_removed_card_are_named_so_with_their_drawn_rates(in_tmp: Path) -> None:
    """They were shown as "(content changed): played in 0.0% → 0.0% of games", and --json
    had no added or removed flag though the README says such cards are listed."""
    egg = ("id: dragon-egg, name: Dragon Egg", "id: phoenix-egg, name: Phoenix Egg")
    copy_haggle(in_tmp / "renamed", egg=egg)
    args = ["--base", str(CONTENT_ROOT), "--candidate", "renamed", "--games", "60"]
    args += ["--players", "3", "--workers", "1"]
    data = json.loads(compare(*args, "--json").stdout)
    assert data["cards_changed"] == ["dragon-egg", "phoenix-egg"]
    assert (data["cards_added"], data["cards_removed"]) == (["phoenix-egg"], ["dragon-egg"])
    added, removed = data["cards"]["phoenix-egg"], data["cards"]["dragon-egg"]
    assert (added["added"], added["removed"], added["content_changed"]) == (True, False, True)
    assert (removed["added"], removed["removed"]) == (False, True)
    assert added["drawn_rate"]["base"] == 0 and "drawn_rate" in added["beyond_noise"]
    assert removed["drawn_rate"]["candidate"] == 0 and "drawn_rate" in removed["beyond_noise"]
    assert not data["cards"]["copper-ring"]["added"]  # the others are neither
    text = compare(*args, "--report", "out/cmp.pdf").stdout
    assert "cards whose content differs (2): dragon-egg (removed), phoenix-egg (added)\n" in text
    assert re.search(r"\n  phoenix-egg \(added\): drawn in 0\.0% → \d+\.\d% of games\*; ", text)
    assert re.search(r"\n  dragon-egg \(removed\): drawn in \d+\.\d% → 0\.0% of games\*; ", text)
    pdf_text = "".join(page.extract_text() for page in PdfReader("out/cmp.pdf").pages)
    assert "dragon-egg (removed), phoenix-egg (added)" in pdf_text
    assert "phoenix-egg (added)" in pdf_text.split("Card figures")[1]


def test_a_version_whose_games_mostly_hit_the_cap_is_warned_of(in_tmp: Path) -> None:
    """compare printed "result: OK" and nothing else with 75% of the candidate's games
    stopped at the cap."""
    # every game of either version endless, stopped at the 3-round cap
    args = ["--base", str(CONTENT_ROOT), "--content", str(CONTENT_ROOT), "--games", "10"]
    args += ["--players", "3", "--workers", "1", "--max-rounds", "3", "-o", "endless=true"]
    data = json.loads(compare(*args, "--json").stdout)
    assert data["failed"] == [] and len(data["warnings"]) == 2
    assert data["warnings"][1].startswith("10 of the candidate's 10 games hit a cap (100.0%;")
    result = compare(*args)
    assert result.exit_code == 0  # a warning, not a failure
    assert f"\nwarning: {data['warnings'][1]}\nresult: OK\n" in result.stdout
    same = compare("--base", str(CONTENT_ROOT), "--content", str(CONTENT_ROOT), "--games", "5",
                   "--players", "3", "--workers", "1", "--json")  # fmt: skip
    assert json.loads(same.stdout)["warnings"] == []

    from types import SimpleNamespace

    from pnp.playtest.comparison import Comparison

    def warnings(base_caps: int, candidate_caps: int) -> list[str]:
        run = SimpleNamespace(
            plan=SimpleNamespace(base=SimpleNamespace(ruleset=HAGGLE)),
            base=SimpleNamespace(games=200, cap_hits=base_caps),
            candidate=SimpleNamespace(games=200, cap_hits=candidate_caps),
        )
        return Comparison._cap_warnings(SimpleNamespace(run=run))  # type: ignore[arg-type]

    assert warnings(2, 150) == [
        "150 of the candidate's 200 games hit a cap (75.0%; a playtest fails above 1.0%, "
        "--max-cap-rate): its win rates describe games stopped unfinished"
    ]
    assert warnings(2, 2) == []  # 1%: what a playtest allows
    assert [w.split(" of the ")[1][:4] for w in warnings(3, 3)] == ["base", "cand"]
