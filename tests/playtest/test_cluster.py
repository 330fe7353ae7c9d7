"""The Dask executor (``--cluster``) on the haggle fixture: the results of a local run,
whatever the workers and whichever of them is lost; clean stops; clear errors."""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import dask  # the test extra installs the cluster extra: CI tests --cluster
import distributed  # its settings join Dask's before a test changes one
import pytest
from typer.testing import CliRunner

from pnp.cli import app
from pnp.errors import UsageError
from pnp.playtest import LocalExecutor, run_playtest
from pnp.playtest.cluster import (
    ClusterLost,
    DaskExecutor,
    close_local_cluster,
    executor_for,
    parse_cluster,
)
from pnp.playtest.command import PlaytestRequest, build_plan, run_command
from pnp.playtest.compare_command import CompareRequest, run_compare_command
from pnp.playtest.executor import WorkerDied
from pnp.playtest.plan import PlaytestPlan
from pnp.playtest.worker import GameSummary
from tests.fixtures.haggle import CONTENT_ROOT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A cluster test that hangs ends the test run (with every thread's stack) instead of
    the CI job's time; a short connect timeout for the clusters they start."""
    faulthandler.dump_traceback_later(180, exit=True)
    with dask.config.set({"distributed.comm.timeouts.connect": "20s"}):
        yield
    faulthandler.cancel_dump_traceback_later()


def request(**kw: Any) -> PlaytestRequest:
    base = {"ruleset": "haggle", "games": 120, "seed": 7, "players": 3, "content": CONTENT_ROOT}
    return PlaytestRequest(**{**base, **kw})


def play(**kw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """A playtest's full JSON, and every record file it kept (path -> its JSON)."""
    report = run_command(request(**kw), lambda *a, **k: None)
    kept = {str(p): json.loads(p.read_text()) for p in sorted(Path().rglob("game-*.json"))}
    for record in kept.values():
        # a crash's traceback shows the source lines the process that played it could
        # find (a compiled module's frame names its source relative to the process's
        # working directory): a diagnostic, which the test does not compare
        if record.get("failure"):
            assert record["failure"].pop("traceback").startswith("Traceback")
    return report.full_json(), kept


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every entry of ``folder`` (hidden ones too) with its bytes."""
    return {p.name: p.read_bytes() if p.is_file() else b"<dir>" for p in folder.iterdir()}


# -- results -------------------------------------------------------------------------


def test_local_one_and_two_dask_workers_give_the_local_results(tmp_path: Path) -> None:
    # crashes keep records: they come back from the workers and are written here
    options = ["crash_on=gold-crown"]
    local, local_records = play(workers=1, options=options, records=tmp_path / "all")
    assert local["crashes"] and len(local_records) == 120  # every game's, crashes too
    for cluster in ("local:1", "local:2"):
        for path in local_records:
            Path(path).unlink()
        data, records = play(cluster=cluster, options=options, records=tmp_path / "all")
        assert json.dumps(data) == json.dumps(local)
        assert records == local_records  # the same records, where a local run puts them


def test_games_auto_plays_its_batches_on_one_cluster() -> None:
    # --games auto: several runs on the same executor, each with its own plan on the workers
    local, _ = play(games="auto", max_games=400, workers=1)
    assert len(local["game_count"]["looks"]) > 1
    dask_run, _ = play(games="auto", max_games=400, cluster="local:2")
    assert json.dumps(dask_run) == json.dumps(local)


def test_compare_on_a_cluster_gives_the_local_comparison(tmp_path: Path) -> None:
    base = {"ruleset": "haggle", "base": str(CONTENT_ROOT), "content": CONTENT_ROOT}
    base.update(games=60, players=3, json=True)
    outputs = []
    for where in ({"workers": 1}, {"cluster": "local:2"}):
        lines: list[str] = []
        run_compare_command(CompareRequest(**base, **where), lines.append)
        outputs.append(json.loads("\n".join(lines)))
    assert outputs[0] == outputs[1] and outputs[0]["games"] == 60


# -- lost workers and a lost scheduler -------------------------------------------------


@dataclass(frozen=True)
class KillsItsWorker(PlaytestPlan):
    """A plan whose game ``at`` kills the process playing it: once (the first to create
    ``marker``), or every time (no marker)."""

    at: int = 0
    marker: Path | None = None

    def play(self, content: Any, index: int) -> GameSummary:
        if index == self.at:
            first = True
            if self.marker is not None:
                try:
                    os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
                except FileExistsError:
                    first = False
            if first:
                os.kill(os.getpid(), signal.SIGKILL)
        return super().play(content, index)


def killing_plan(tmp_path: Path, **kw: Any) -> tuple[KillsItsWorker, Any]:
    plan, content = build_plan(request(games=200))
    fields = {f: getattr(plan, f) for f in plan.__dataclass_fields__}
    return KillsItsWorker(**fields, **kw), content


@pytest.mark.parametrize("cluster", ["local:1", "local:2"])
def test_a_worker_killed_mid_run_loses_no_game(tmp_path: Path, cluster: str) -> None:
    plan, content = killing_plan(tmp_path, at=150, marker=tmp_path / "killed-once")
    local = run_playtest(replace(plan, at=-1), content, executor=LocalExecutor(1))
    played: list[int] = []
    with DaskExecutor(cluster) as executor:
        report = run_playtest(
            plan, content, executor=executor, progress=lambda s: played.append(s.index)
        )
    assert (tmp_path / "killed-once").exists()  # a worker did die at game 150
    assert sorted(played) == list(range(200))  # every game once: none lost, none twice
    assert json.dumps(report.full_json()) == json.dumps(local.full_json())


def test_a_batch_that_kills_every_worker_it_meets_ends_the_run(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    run_command(request(games=12, workers=1, records=folder), lambda *a, **k: None)
    before = snapshot(folder)
    plan, content = killing_plan(tmp_path, at=5)
    plan = replace(plan, records_dir=folder)
    # Dask gives up on a batch once it has taken down allowed-failures + 1 workers
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 1}),
        DaskExecutor("local:1") as executor,
        pytest.raises(WorkerDied) as died,
    ):
        run_playtest(plan, content, executor=executor)
    assert "took down a Dask worker 2 times" in str(died.value) and died.value.exit_code == 1
    assert snapshot(folder) == before  # the earlier run's records, untouched


@pytest.fixture
def scheduler(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Path]]:
    """A ``dask scheduler`` and one ``dask worker`` in processes of their own, as on
    another machine (the worker in a folder of its own); the scheduler file they share."""
    file = tmp_path / "scheduler.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    host = tmp_path / "worker-host"
    host.mkdir()
    common = {"env": env, "cwd": host, "start_new_session": True}
    out = subprocess.DEVNULL
    module = [sys.executable, "-m"]
    shared = ["--scheduler-file", str(file)]
    started = [
        subprocess.Popen(
            [*module, "distributed.cli.dask_scheduler", "--port", "0", "--no-dashboard", *shared],
            stdout=out,
            stderr=out,
            **common,  # type: ignore[arg-type]
        )
    ]
    try:
        for _ in range(200):  # the scheduler writes its file once it listens
            if file.exists() and file.stat().st_size:
                break
            time.sleep(0.05)
        started.append(
            subprocess.Popen(
                [
                    *module,
                    "distributed.cli.dask_worker",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    *shared,
                ],
                stdout=out,
                stderr=out,
                **common,  # type: ignore[arg-type]
            )
        )
        yield started[0], file
    finally:
        for process in started:  # only the processes this fixture started
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def test_records_come_back_to_the_machine_that_runs_the_playtest(
    tmp_path: Path, scheduler: tuple[subprocess.Popen[bytes], Path]
) -> None:
    _, file = scheduler
    with DaskExecutor(str(file)) as executor:
        executor.open().wait_for_workers(1, timeout=60)
    options = ["crash_on=gold-crown"]
    local, local_records = play(workers=1, games=40, options=options)
    assert local_records and all(p.startswith("output/haggle/") for p in local_records)
    for path in local_records:
        Path(path).unlink()
    data, records = play(cluster=str(file), games=40, options=options)
    assert json.dumps(data) == json.dumps(local)  # the records named as a local run names them
    assert records == local_records  # and written here, not where the worker runs
    assert list((tmp_path / "worker-host").rglob("*.json")) == []


def test_a_run_whose_scheduler_goes_away_stops_with_a_clear_error(
    tmp_path: Path, scheduler: tuple[subprocess.Popen[bytes], Path]
) -> None:
    process, file = scheduler
    folder = tmp_path / "records"
    run_command(request(games=12, workers=1, records=folder), lambda *a, **k: None)
    before = snapshot(folder)
    plan, content = build_plan(request(games=400, records=folder))
    executor = DaskExecutor(str(file))
    executor.open().wait_for_workers(1, timeout=60)
    played: list[int] = []

    def kill_the_scheduler(summary: GameSummary) -> None:
        played.append(summary.index)
        if len(played) == 5:
            os.killpg(process.pid, signal.SIGKILL)

    with executor, pytest.raises(ClusterLost) as lost:
        run_playtest(plan, content, executor=executor, progress=kill_the_scheduler)
    assert "lost the connection to the Dask scheduler" in str(lost.value)
    assert lost.value.exit_code == 1 and len(played) < 400
    assert snapshot(folder) == before


# -- Ctrl-C ------------------------------------------------------------------------------


def test_ctrl_c_cancels_the_batches_and_keeps_the_earlier_records(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    run_command(request(games=12, workers=1, records=folder), lambda *a, **k: None)
    before = snapshot(folder)
    plan, content = build_plan(request(games=2000, records=folder))
    played: list[int] = []

    def stop(summary: GameSummary) -> None:
        played.append(summary.index)
        if len(played) == 4:
            raise KeyboardInterrupt

    executor = DaskExecutor("local:2")
    try:
        with pytest.raises(KeyboardInterrupt):
            run_playtest(plan, content, executor=executor, progress=stop)
        client = executor.open()  # still open: the run gave its batches and plan back

        def left(dask_scheduler: Any) -> tuple[list[str], list[str]]:
            """The run's batches still to play, and the runs the workers keep."""
            tasks = dask_scheduler.tasks.items()
            # a finished batch whose results were handed on is released in the background
            to_play = [str(k) for k, t in tasks if "pnp-run-" in str(k) and t.state != "memory"]
            runs = [name for name in dask_scheduler.worker_plugins if "pnp-run-" in name]
            return to_play, runs

        # Client.cancel travels on Dask's batched stream, so the scheduler may read it
        # after a later call: wait (up to 30 s) for it to have dropped the batches
        for _ in range(600):
            if client.run_on_scheduler(left) == ([], []):
                break
            time.sleep(0.05)
        assert client.run_on_scheduler(left) == ([], [])
    finally:
        executor.close()
    assert executor._client is None and executor._cluster is None
    assert snapshot(folder) == before


#: pressed in the child pnp as its local cluster starts: SIGINT to its whole process group
#: (pnp and its Dask workers), as the terminal sends Ctrl-C, before or after the workers
#: are started (the group is the child's own: killpg fails in a process leading none)
CTRL_C_AS_THE_CLUSTER_STARTS = """
import os, signal, distributed
class _PressedAsItStarts(distributed.LocalCluster):
    def __init__(self, *args, **kwargs):
        if {before!r}:
            os.killpg(os.getpid(), signal.SIGINT)
        super().__init__(*args, **kwargs)
        if not {before!r}:
            os.killpg(os.getpid(), signal.SIGINT)
distributed.LocalCluster = _PressedAsItStarts
"""


@pytest.mark.parametrize(
    ("command", "before"),
    [("playtest", True), ("playtest", False), ("compare", False)],
)
def test_ctrl_c_while_the_local_cluster_starts_stops_the_command(
    tmp_path: Path, command: str, before: bool
) -> None:
    """It went unheard: the run went on and wrote its output (exit 0), as if never pressed."""
    from tests.test_entry import STOPPED, run_pnp

    out = tmp_path / "out.pdf"
    content = str(ROOT / "content")
    args = {
        "playtest": ["playtest", "thrones", "-n", "10", "--report", str(out)],
        "compare": ["compare", "thrones", "--base", content, "-n", "10", "--report", str(out)],
    }[command]
    press = CTRL_C_AS_THE_CLUSTER_STARTS.format(before=before)
    proc = run_pnp([*args, "--cluster", "local:2"], tmp_path, press, start_new_session=True)
    # the stop, in pnp's words alone: no worker heard it and stopped itself
    assert (proc.returncode, proc.stderr) == (130, STOPPED)
    assert proc.stdout == "" and not out.exists()


def _sigint_kept_out() -> bool:
    """Whether no thread of this (worker) process can receive SIGINT: each blocks it, or
    the process ignores it."""
    status = Path("/proc/self/status").read_text()
    ignored = int(status.split("SigIgn:")[1].split()[0], 16)
    if ignored & (1 << (signal.SIGINT - 1)):
        return True
    for task in Path("/proc/self/task").iterdir():
        task_status = (task / "status").read_text()
        blocked = int(task_status.split("SigBlk:")[1].split()[0], 16)
        if not blocked & (1 << (signal.SIGINT - 1)):
            return False
    return True


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads Linux's /proc")
def test_ctrl_c_as_the_local_cluster_starts_is_raised_once_it_is_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pnp import interrupt

    class PressedAsItStarts(distributed.LocalCluster):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C, to this process alone
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(distributed, "LocalCluster", PressedAsItStarts)
    executor = DaskExecutor("local:2")
    try:
        with pytest.raises(KeyboardInterrupt):
            executor.open()
        assert interrupt.requested()  # reported as a stop, whatever catches it
        # raised once the cluster was up, and still open for the caller to close
        assert executor._client is not None and executor._client.status == "running"
        # the workers (started without a plugin yet) never hear the terminal's Ctrl-C
        kept_out = executor._client.run(_sigint_kept_out)
        assert len(kept_out) == 2 and all(kept_out.values())
    finally:
        executor.close()
        interrupt.reset()
    assert executor._client is None and executor._cluster is None


# -- options and errors ------------------------------------------------------------------


def invoke(*args: str) -> Any:
    base = ["playtest", "haggle", "--content", str(CONTENT_ROOT), "--players", "3", "-n", "20"]
    return CliRunner().invoke(app, [*base, *args])


def test_cli_runs_on_a_local_cluster_and_prints_the_local_json() -> None:
    local = invoke("--workers", "1", "--json")
    on_dask = invoke("--cluster", "local:2", "--json")
    assert local.exit_code == on_dask.exit_code and local.exit_code in (0, 3)
    assert json.loads(on_dask.stdout) == json.loads(local.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cluster", "local:0"], "--cluster 'local:0': local:N takes a number"),
        (["--cluster", "local:x"], "--cluster 'local:x': local:N takes a number"),
        (["--cluster", "foo"], "--cluster 'foo': expected local:N"),
        (["--cluster", "tcp://host"], "expected local:N"),
        (["--cluster", "http://host:8786"], "expected local:N"),
        (["--cluster", "nowhere.json"], "--cluster nowhere.json: no such scheduler file"),
        (["--cluster", "local:2", "--workers", "2"], "--workers and --cluster: give one"),
    ],
)
def test_cli_bad_cluster_values_exit_two(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output


def test_compare_checks_cluster_too() -> None:
    args = ["compare", "haggle", "--base", str(CONTENT_ROOT), "--content", str(CONTENT_ROOT)]
    result = CliRunner().invoke(app, [*args, "--cluster", "local:0"])
    assert result.exit_code == 2 and "local:N takes a number" in result.stderr


def test_without_dask_cluster_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    result = invoke("--cluster", "local:2")
    assert result.exit_code == 2, result.output
    assert 'pip install -e ".[cluster]"' in result.stderr and "Traceback" not in result.output
    with pytest.raises(UsageError, match="not installed"):
        executor_for(None, "tcp://host:8786")
    assert executor_for(2, None).__class__ is LocalExecutor  # no cluster: no Dask needed


def test_an_unreachable_scheduler_is_a_usage_error() -> None:
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        executor = DaskExecutor("tcp://127.0.0.1:9")  # nothing listens on the discard port
        with pytest.raises(UsageError, match="cannot reach a Dask scheduler there"):
            executor.open()


def test_a_worker_with_another_pnp_is_refused() -> None:
    from types import SimpleNamespace

    from pnp.playtest.cluster_worker import RunPlugin, WorkerMismatch

    plan, content = build_plan(request())
    plugin = RunPlugin(plan, content, Path.cwd())
    plugin.setup(SimpleNamespace(address="tcp://w:1"))  # type: ignore[arg-type]
    plugin.teardown(SimpleNamespace(address="tcp://w:1"))  # type: ignore[arg-type]
    plugin.version = "0.0.1"  # as made by another pnp
    with pytest.raises(WorkerMismatch, match=r"tcp://w:1 runs pnp .*, this machine pnp 0.0.1"):
        plugin.setup(SimpleNamespace(address="tcp://w:1"))  # type: ignore[arg-type]


def test_parse_cluster_reads_every_form(tmp_path: Path) -> None:
    assert parse_cluster("local:3").workers == 3
    assert parse_cluster("tcp://10.0.0.5:8786").address == "tcp://10.0.0.5:8786"
    assert parse_cluster("head:8786").address == "tcp://head:8786"
    assert parse_cluster("TLS://[::1]:8786").address == "tls://[::1]:8786"
    (tmp_path / "s.json").write_text('{"type": "Scheduler", "address": "tcp://10.0.0.5:8786"}')
    assert parse_cluster(str(tmp_path / "s.json")).scheduler_file == tmp_path / "s.json"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("{}", "it names no scheduler address"),
        ("[1, 2]", "it names no scheduler address"),
        ("garbage", "Expecting value: line 1 column 1"),
    ],
)
def test_a_file_that_is_no_scheduler_file_is_refused_at_once(
    tmp_path: Path, text: str, why: str
) -> None:
    """Dask failed on it with a traceback deep in its client, then waited a minute."""
    path = tmp_path / "s.json"
    path.write_text(text)
    with pytest.raises(UsageError, match=rf"not a Dask scheduler file \({why}"):
        parse_cluster(str(path))


def test_the_command_line_starts_without_dask() -> None:
    code = "import sys, pnp.cli; print([m for m in ('dask', 'distributed') if m in sys.modules])"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_a_sweep_on_a_local_cluster_prints_the_local_json() -> None:
    base = ["sweep", "haggle", "--content", str(CONTENT_ROOT), "--players", "2,3", "-n", "10"]
    local = CliRunner().invoke(app, [*base, "--workers", "1", "--json"])
    on_dask = CliRunner().invoke(app, [*base, "--cluster", "local:2", "--json"])
    assert local.exit_code == on_dask.exit_code and local.exit_code in (0, 3)
    assert json.loads(on_dask.stdout) == json.loads(local.stdout)
    bad = CliRunner().invoke(app, [*base, "--cluster", "local:0"])
    assert bad.exit_code == 2 and "local:N takes a number" in bad.output


class _Restarting:
    """A local cluster whose close meets a worker mid-restart, ``fails`` times."""

    def __init__(self, fails: int) -> None:
        self.fails = fails
        self.closes = 0

    def close(self) -> None:
        self.closes += 1
        if self.closes <= self.fails:
            raise AssertionError("can only join a started process")


@pytest.mark.parametrize(("fails", "closes"), [(0, 1), (1, 2), (2, 2)])
def test_a_local_cluster_closes_even_mid_restart_of_a_worker(fails: int, closes: int) -> None:
    cluster = _Restarting(fails)
    close_local_cluster(cluster)  # no error reaches the run, whose results are complete
    assert cluster.closes == closes


def test_a_busy_dashboard_port_is_no_warning_of_ours() -> None:
    """A local cluster's scheduler serves a web page nobody here reads; with port 8787
    taken it warned, with a path into site-packages, on every run."""
    import contextlib
    import socket
    import warnings

    with contextlib.ExitStack() as stack:
        holder = stack.enter_context(socket.socket())
        with contextlib.suppress(OSError):  # already taken: the case to test all the same
            holder.bind(("0.0.0.0", 8787))
            holder.listen()
        executor = stack.enter_context(DaskExecutor("local:1"))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            executor.open()
    assert [str(w.message) for w in caught if "already in use" in str(w.message)] == []
