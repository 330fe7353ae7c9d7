"""A run's records replace the earlier run's only when it completes; an interrupted run
(Ctrl-C, a worker that dies, an error) leaves them untouched and no staging behind."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from pnp.engine.record import read_records
from pnp.playtest import Executor, LocalExecutor, game_seed, run_playtest
from pnp.playtest.command import PlaytestRequest, build_plan, run_command
from pnp.playtest.executor import WorkerDied
from pnp.playtest.staging import STAGING_PREFIX, StagedRecords
from pnp.playtest.worker import GameSummary
from tests.fixtures.haggle import CONTENT_ROOT


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> None:
    monkeypatch.chdir(tmp_path)


def request(**kw) -> PlaytestRequest:
    base = {"ruleset": "haggle", "games": 12, "seed": 5, "players": 3, "content": CONTENT_ROOT}
    return PlaytestRequest(**{**base, "workers": 1, **kw})


def play(executor: Executor | None = None, **kw):
    lines: list[str] = []
    return run_command(request(**kw), lines.append, executor=executor), lines


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every entry of ``folder`` (hidden ones too) with its bytes."""
    return {p.name: p.read_bytes() if p.is_file() else b"<dir>" for p in folder.iterdir()}


class StopsAfter(Executor):
    """Plays in this process and raises ``error`` after ``games`` games, as Ctrl-C would
    while the harness waits for the next game."""

    def __init__(self, games: int, error: BaseException) -> None:
        self.games = games
        self.error = error

    def run(self, plan, content, indices: Sequence[int]) -> Iterator[GameSummary]:
        for n, summary in enumerate(LocalExecutor(1).run(plan, content, indices)):
            if n == self.games:
                raise self.error
            yield summary


def interrupt(kind: str, monkeypatch: pytest.MonkeyPatch, **kw) -> None:
    """Start a run that is interrupted after a few games have written their records."""
    if kind == "ctrl-c":
        with pytest.raises(KeyboardInterrupt):
            play(StopsAfter(4, KeyboardInterrupt()), **kw)
    elif kind == "ctrl-c-between-games":  # in the harness's own loop, two workers running
        plan, content = build_plan(request(**kw))

        played: list[GameSummary] = []

        def stop(summary: GameSummary) -> None:
            played.append(summary)
            if len(played) == 4:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            run_playtest(plan, content, executor=LocalExecutor(2), progress=stop)
    elif kind == "error":
        with pytest.raises(RuntimeError, match="lost the network"):
            play(StopsAfter(4, RuntimeError("lost the network")), **kw)
    else:  # a worker process dies (killed, out of memory) in a real pool of two
        import pnp.playtest.worker as worker

        real = worker.play_game

        def dies_at_game_6(plan, content, index):
            if index == 6:
                os._exit(1)
            return real(plan, content, index)

        with monkeypatch.context() as patch, pytest.raises(WorkerDied):
            patch.setattr(worker, "play_game", dies_at_game_6)  # the forked workers see it
            play(workers=2, **kw)


KINDS = ["ctrl-c", "ctrl-c-between-games", "error", "worker-dies"]


@pytest.mark.parametrize("kind", KINDS)
def test_an_interrupted_run_leaves_the_earlier_records_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    folder = tmp_path / "records"
    play(records=folder)
    (folder / "notes.txt").write_text("the user's own\n")
    before = snapshot(folder)
    assert len(before) == 13
    interrupt(kind, monkeypatch, records=folder, seed=6)  # different games, same names
    assert snapshot(folder) == before  # every earlier record, byte for byte; no staging left
    # the run that completes then replaces them, and says so
    report, lines = play(records=folder, seed=6)
    assert report.replaced == 12
    assert "records: replaced the 12 record(s) of an earlier run in records/" in lines
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [*(f"game-{i:06d}.json" for i in range(12)), "notes.txt"]
    )
    assert read_records(folder / "game-000000.json")[0].seed == game_seed(6, 0)


@pytest.mark.parametrize("kind", KINDS)
def test_an_interrupted_run_keeps_the_earlier_crash_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    crashes = Path("output/haggle/playtest/seed-5")
    report, _ = play(games=30, options=["crash_on=dragon-egg"])
    assert report.stats.crashes and crashes.is_dir()
    before = snapshot(crashes)
    interrupt(kind, monkeypatch, games=30)  # the bug fixed, but the run stops early
    assert snapshot(crashes) == before
    report, _ = play(games=30)  # the fixed run completes: no stale crash record stays
    assert report.replaced == len(before) and list(crashes.iterdir()) == []


def test_an_interrupted_first_run_leaves_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    interrupt("ctrl-c", monkeypatch, records=tmp_path / "new" / "records")
    assert not (tmp_path / "new").exists()
    interrupt("ctrl-c", monkeypatch, options=["crash_on=gold-crown"], games=30)
    assert not Path("output").exists()


def test_commit_replaces_in_place_and_removes_only_pnps_earlier_records(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    for name in ("game-000000.json", "game-000001.json", "game-000002.json"):
        (folder / name).write_text(f"old {name}")
    (folder / "game-1.json").write_text("the user's")  # not a name pnp writes
    (folder / "game-000003.json").mkdir()  # a folder is not a record
    with StagedRecords(folder) as staged:
        assert staged.path.parent == folder and staged.path.name.startswith(STAGING_PREFIX)
        assert not staged.path.exists()  # made by the first record written, not before
        staged.path.mkdir()
        (staged.path / "game-000001.json").write_text("new")
        assert staged.commit() == 3
    assert snapshot(folder) == {
        "game-000001.json": b"new",
        "game-1.json": b"the user's",
        "game-000003.json": b"<dir>",
    }


def test_leaving_with_an_exception_discards_and_removes_only_folders_it_made(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "a" / "b" / "records"
    with pytest.raises(KeyboardInterrupt), StagedRecords(folder) as staged:
        staged.path.mkdir(parents=True)  # as a game's record write does
        (staged.path / "game-000000.json").write_text("half a run")
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "mine.txt").write_text("x")
    with pytest.raises(KeyboardInterrupt), StagedRecords(folder) as staged:
        staged.path.mkdir(parents=True)
        raise KeyboardInterrupt
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["mine.txt"]  # 'a' was there


def test_two_runs_stage_apart(tmp_path: Path) -> None:
    assert StagedRecords(tmp_path).path != StagedRecords(tmp_path).path


def test_a_completed_run_removes_what_killed_runs_left_and_nothing_else(tmp_path: Path) -> None:
    import subprocess
    import sys

    from pnp.playtest.staging import _host

    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    dead_pid = int(gone.stdout)  # a process that has ended: a run killed with kill -9
    folder = tmp_path / "records"
    names = {
        "killed": f"{STAGING_PREFIX}{_host()}-{dead_pid}-abc123",
        "running": f"{STAGING_PREFIX}{_host()}-{os.getpid()}-def456",  # a live run's
        "elsewhere": f"{STAGING_PREFIX}other.machine-{dead_pid}-abc123",  # another machine's
        "user's": ".pnp-staging-notes",
    }
    for name in names.values():
        (folder / name).mkdir(parents=True)
        (folder / name / "game-000000.json").write_text("staged")
    staged = StagedRecords(folder)
    assert staged.leftovers() == [folder / names["killed"]]
    with staged:
        assert staged.commit() == 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        n for k, n in names.items() if k != "killed"
    )
