"""``pnp scenario``, the pytest collection hook and checklist coverage."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine.scenarios.coverage import (
    ChecklistOutOfStep,
    checklist_for_tests,
    checklist_ids,
    coverage,
    find_checklist,
    mentioned,
    snapshot_path,
    write_snapshot,
)
from pnp.engine.testing import assert_rules_covered
from tests.fixtures.haggle import CHECKLIST, CONTENT_ROOT, SCENARIOS

REPO = Path(__file__).resolve().parents[2]


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of the fixture scenarios, plus one failing scenario."""
    target = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, target)
    return target


def break_one(folder: Path) -> Path:
    path = folder / "target-wins.yaml"
    path.write_text(path.read_text().replace("points: 14", "points: 15"))
    return path


def test_all_pass_exit_zero(haggle_registry: None, folder: Path) -> None:
    result = invoke("scenario", str(folder), "--content", str(CONTENT_ROOT))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("PASS  ") == 6
    assert result.stdout.splitlines()[-1] == "6 passed, 0 failed, 0 malformed"


def test_a_failure_exits_one_with_its_diff(haggle_registry: None, folder: Path) -> None:
    broken = break_one(folder)
    result = invoke(
        "scenario", str(folder / "play-scores.yaml"), str(broken), "--content", str(CONTENT_ROOT)
    )
    assert result.exit_code == 1, result.output
    assert "PASS  " in result.stdout and "FAIL  " in result.stdout
    assert (
        "expect.state.seats[0].points (line 17):\n    expected: 15\n    actual:   14"
        in result.stdout
    )
    assert result.stdout.splitlines()[-1] == "1 passed, 1 failed, 0 malformed"


def test_show_prints_the_game_where_each_script_stopped(
    haggle_registry: None, folder: Path
) -> None:
    """--show: the decision's kind and labels, the events and the state, written the way a
    scenario writes them, so a writer finds kinds and paths without reading the code."""
    broken = break_one(folder)
    result = invoke("scenario", "--show", str(broken), "--content", str(CONTENT_ROOT))
    assert result.exit_code == 1, result.output  # --show changes no verdict
    out = result.stdout
    assert out.index("expected: 15") < out.index("where the script stopped (--show):")
    assert "events since the script began:\n      #1 " in out
    assert "\n    state:\n      round: " in out
    assert "\n      seats:\n      - house: " in out
    plain = invoke("scenario", str(folder / "play-scores.yaml"), "--content", str(CONTENT_ROOT))
    assert "where the script stopped" not in plain.stdout
    shown = invoke(
        "scenario", "--show", str(folder / "play-scores.yaml"), "--content", str(CONTENT_ROOT)
    )
    assert shown.exit_code == 0 and "decision: " in shown.stdout


def test_malformed_file_exits_two_and_others_still_run(haggle_registry: None, folder: Path) -> None:
    break_one(folder)
    (folder / "zz-bad.yaml").write_text("ruleset: haggle\ncovers: []\n")
    result = invoke("scenario", str(folder), "--content", str(CONTENT_ROOT))
    assert result.exit_code == 2
    assert "zz-bad.yaml: malformed scenario" in result.stderr
    assert "zz-bad.yaml:2:1: covers: needs at least 1 item, got 0" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout.splitlines()[-1] == "5 passed, 1 failed, 1 malformed"


def test_missing_target_and_empty_folder_exit_two(tmp_path: Path) -> None:
    result = invoke("scenario", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2 and "no such file or folder" in result.stderr
    result = invoke("scenario", str(tmp_path))
    assert result.exit_code == 2 and "no scenario files" in result.stderr


def test_a_missing_target_does_not_stop_the_others(haggle_registry: None, folder: Path) -> None:
    result = invoke(
        "scenario", str(folder / "nope.yaml"), str(folder), "--content", str(CONTENT_ROOT)
    )
    assert result.exit_code == 2
    assert "nope.yaml: no such file or folder" in result.stderr
    assert result.stdout.splitlines()[-1] == "6 passed, 0 failed, 1 malformed"


def test_pytest_collects_scenarios_by_path(tmp_path: Path, folder: Path) -> None:
    """Scenario files become tests named by their path; a failure shows the diff."""
    break_one(folder)
    suite = tmp_path / "suite" / "tests" / "scenarios"
    shutil.copytree(folder, suite / "haggle")
    (suite / "conftest.py").write_text(
        textwrap.dedent(
            """
            from pnp.engine.scenarios import ScenarioRunner
            from pnp.engine.scenarios.pytest_plugin import pytest_collect_file, use_runner
            from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE

            def pytest_configure(config):
                runner = ScenarioRunner(find=lambda name: HAGGLE, content_root=CONTENT_ROOT)
                use_runner(config, runner)
            """
        )
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "tests"],
        cwd=suite.parent.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert "PASSED tests/scenarios/haggle/play-scores.yaml" in out
    assert "FAILED tests/scenarios/haggle/target-wins.yaml" in out
    assert "1 failed, 5 passed" in out
    assert "expected: 15" in out and "actual:   14" in out
    assert "Traceback" not in out


def test_repository_scenario_folder_has_the_collection_hook() -> None:
    conftest = (REPO / "tests" / "scenarios" / "conftest.py").read_text()
    assert "pytest_collect_file" in conftest


# -- checklist coverage --------------------------------------------------------


def test_fixture_checklist_is_fully_covered() -> None:
    found = coverage("HG-", CHECKLIST, [SCENARIOS])
    assert found.ids == [
        "HG-TURN-01",
        "HG-TURN-02",
        "HG-TURN-03",
        "HG-DEAL-01",
        "HG-END-01",
        "HG-END-02",
    ]
    assert found.missing == [] and found.unknown == {}
    assert_rules_covered("HG-", scenarios=[SCENARIOS], checklist=CHECKLIST)


def test_missing_and_unknown_ids_fail(tmp_path: Path, folder: Path) -> None:
    checklist = tmp_path / "CHECKLIST.md"
    checklist.write_text(CHECKLIST.read_text() + "- [ ] HG-END-03 — a rule nobody tests.\n")
    path = folder / "skipped-turn.yaml"
    path.write_text(path.read_text().replace("[HG-TURN-03]", "[HG-TURN-03, HG-TRUN-04]"))
    with pytest.raises(AssertionError) as info:
        assert_rules_covered("HG-", scenarios=[folder], checklist=checklist)
    text = str(info.value)
    assert "HG-*: 6 of 7 rules covered" in text
    assert "not covered (1): HG-END-03" in text
    assert "not in the checklist: HG-TRUN-04 (named in skipped-turn.yaml)" in text
    # excluded on purpose still reports the typo
    with pytest.raises(AssertionError, match="HG-TRUN-04"):
        assert_rules_covered("HG-", scenarios=[folder], checklist=checklist, exclude=["HG-END-03"])


def test_python_tests_can_cover_ids(tmp_path: Path) -> None:
    checklist = tmp_path / "CHECKLIST.md"
    checklist.write_text("- [ ] HG-DECK-01 — deck rule\n- [ ] HG-DECK-02 — another\n")
    test_file = tmp_path / "test_deck.py"
    test_file.write_text('def test_hg_deck_01_size():\n    """Covers HG-DECK-02 too."""\n')
    found = coverage("HG-", checklist, [], tests=[tmp_path])
    assert found.missing == []
    assert mentioned("test_th_chal_07 and TH-CHAL-071", {"TH-CHAL-07"}) == {"TH-CHAL-07"}
    assert mentioned("TH-CHAL-071", {"TH-CHAL-07"}) == set()


def test_coverage_uses_the_snapshot_without_the_shared_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PNP_CHECKLIST", str(tmp_path / "absent.md"))
    assert find_checklist() is None
    assert checklist_for_tests() == snapshot_path()
    assert "TH-CHAL-07" in checklist_ids(snapshot_path(), "TH-")
    assert_rules_covered("TH-")  # runs against the snapshot, no skip


def test_snapshot_out_of_step_with_the_shared_checklist_fails(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    shared = tmp_path / "CHECKLIST.md"
    lines = [f"- [ ] {rule} — text" for rule in checklist_ids(snapshot_path())]
    shared.write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("PNP_CHECKLIST", str(shared))
    assert checklist_for_tests() == shared
    shared.write_text("\n".join([*lines, "- [ ] TH-NEW-01 — a new rule"]) + "\n")
    with pytest.raises(ChecklistOutOfStep, match="new: TH-NEW-01"):
        checklist_for_tests()


def test_snapshot_is_rewritten_from_a_checklist(tmp_path: Path) -> None:
    shared = tmp_path / "CHECKLIST.md"
    shared.write_text("# Rules\n- [ ] HG-DECK-01 — a\n- [x] HG-TURN-02 — b\nprose\n")
    snapshot = tmp_path / "ids.txt"
    assert write_snapshot(shared, snapshot) == 2
    assert checklist_ids(snapshot) == ["HG-DECK-01", "HG-TURN-02"]
    assert checklist_ids(snapshot, "HG-T") == ["HG-TURN-02"]


def test_checklist_is_found_above_a_worktree(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PNP_CHECKLIST", raising=False)
    rules = tmp_path / "shared" / "rules"
    rules.mkdir(parents=True)
    (rules / "CHECKLIST.md").write_text("- [ ] TH-X-01 — x\n")
    worktree = tmp_path / "wt" / "engine"
    worktree.mkdir(parents=True)
    assert find_checklist(worktree) == rules / "CHECKLIST.md"
    assert find_checklist(tmp_path / "elsewhere") == rules / "CHECKLIST.md"


def test_show_writes_a_mapping_of_plain_values_on_one_line() -> None:
    """fief's --show took 718 lines, 600 of them its Villages and Nobles one field each."""
    import yaml

    from pnp.engine.scenarios.runner import _flat_leaves, _ShowDumper

    state = {"villages": {"winterfell": {"controller": None, "units": {}, "mill": False}},
             "seats": [{"house": "stark", "stock": {"knight": 8}, "hand": ["a", "b"]}]}  # fmt: skip
    text = yaml.dump(
        _flat_leaves(state), Dumper=_ShowDumper, sort_keys=False, default_flow_style=None
    )
    assert "  winterfell: {controller: null, units: {}, mill: false}\n" in text
    assert "- house: stark\n  stock: {knight: 8}\n  hand: [a, b]\n" in text


def test_show_asks_the_decisions_question_in_words() -> None:
    """'kind nominate, options: no candidate, nominate stark-robb' did not say which
    Title was up for election; --show gives the question as pnp play asks it."""
    from pnp.engine.scenarios import ScenarioRunner
    from pnp.rulesets import find_ruleset

    runner = ScenarioRunner(find_ruleset, show=True)
    folder = REPO / "tests" / "scenarios" / "fief"
    asked = 0
    for path in sorted(folder.glob("election-*.yaml"))[:6]:
        shown = list(runner.run(path).shown)
        for i, line in enumerate(shown):
            if line.startswith("  decision: seat "):
                assert shown[i + 1].startswith("  question: "), shown[i : i + 2]
                assert shown[i + 2] == "  options:"
                asked += 1
    assert asked, "no scenario ended at a decision: this test would prove nothing"
