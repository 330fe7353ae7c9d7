"""The Dask executor: a playtest's games on a Dask cluster (``--cluster``).

``--cluster`` names the cluster (:func:`parse_cluster`):

- ``local:N``: a Dask ``LocalCluster`` of N worker processes on this
  machine, one thread each, started for the command and closed after it;
- ``tcp://HOST:8786`` (or ``HOST:8786``, or another Dask protocol): a running
  ``dask scheduler``, whose ``dask worker`` processes play the games;
- ``FILE.json``: the scheduler file a scheduler wrote
  (``dask scheduler --scheduler-file FILE.json``, as batch systems start them).

:class:`DaskExecutor` ships the plan and the content to each worker once (a
worker plugin, :mod:`pnp.playtest.cluster_worker`), then batches of game
indices, and hands on each batch's results as it completes. It keeps a few
batches per worker thread in flight and drops each finished one, so the
parent's memory stays flat whatever the number of games, as
:class:`~pnp.playtest.executor.LocalExecutor` does. Game ``i`` is seeded by
its index alone, so the results are those of a local run whatever the
number of workers, and whichever worker plays a batch.

A worker that is lost mid-run (killed, out of memory) does not lose games:
Dask plays its unfinished batches again elsewhere (a batch only counts once
it has come back), up to ``distributed.scheduler.allowed-failures`` times per
batch; a batch that takes down that many workers ends the run
(:class:`~pnp.playtest.executor.WorkerDied`). A scheduler that goes away ends
the run with :class:`ClusterLost`. Either way the harness discards the staged
records and keeps the earlier ones, as for any interrupted run.

Dask is an optional dependency (``pip install -e ".[cluster]"``): this module
imports it only when a cluster is opened, so the command line starts as
fast without it.
"""

from __future__ import annotations

import logging
import pickle
import signal
import threading
import uuid
import warnings
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp import interrupt
from pnp.engine.record import write_atomic
from pnp.errors import PnpError, UsageError
from pnp.playtest.executor import IN_FLIGHT, Executor, GamePlan, LocalExecutor, WorkerDied

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster, as_completed

#: how to get Dask, as the error for a missing one says
INSTALL_HINT = 'pip install -e ".[cluster]"'

#: the protocols a Dask scheduler listens on
SCHEMES = ("tcp", "tls", "ws", "wss", "ucx", "inproc")

#: what ``--cluster`` takes, as an error says it
EXPECTED = (
    "expected local:N (N Dask worker processes on this machine), a running scheduler's "
    "address (tcp://HOST:8786) or its scheduler file (FILE.json)"
)


class ClusterLost(PnpError):
    """The connection to the Dask scheduler was lost during the run."""

    exit_code = 1


@dataclass(frozen=True)
class ClusterSpec:
    """A ``--cluster`` value: exactly one of ``workers``, ``address``, ``scheduler_file``."""

    #: as given on the command line
    text: str
    #: ``local:N``: the number of local worker processes
    workers: int | None = None
    #: a running scheduler's address, with its protocol (``tcp://host:8786``)
    address: str | None = None
    #: a scheduler file (``dask scheduler --scheduler-file``)
    scheduler_file: Path | None = None


def parse_cluster(text: str) -> ClusterSpec:
    """Read a ``--cluster`` value; :class:`~pnp.errors.UsageError` for one that is not."""
    value = text.strip()
    if value.lower().startswith("local:"):
        count = value[len("local:") :]
        if not count.isdigit() or int(count) < 1:
            raise UsageError(
                f"--cluster {text!r}: local:N takes a number of worker processes of at "
                "least 1 (local:2)"
            )
        return ClusterSpec(text, workers=int(count))
    if value.lower().endswith(".json"):
        path = Path(value)
        if not path.is_file():
            raise UsageError(
                f"--cluster {text}: no such scheduler file (dask scheduler --scheduler-file "
                "writes one)"
            )
        _check_scheduler_file(text, path)
        return ClusterSpec(text, scheduler_file=path)
    scheme, sep, rest = value.partition("://")
    if not sep:
        scheme, rest = "tcp", value
    host, colon, port = rest.rpartition(":")
    if scheme == "inproc":  # in-process addresses carry no port
        host, colon, port = rest, ":", "1"
    if (
        scheme.lower() not in SCHEMES
        or not colon
        or not host
        or not port.isdigit()
        or not 0 < int(port) < 65536
    ):
        raise UsageError(f"--cluster {text!r}: {EXPECTED}")
    return ClusterSpec(text, address=f"{scheme.lower()}://{rest}")


def _check_scheduler_file(text: str, path: Path) -> None:
    """Refuse a file that is no scheduler file: Dask would fail on it with a traceback
    deep in its client, then wait a minute to close."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise UsageError(
            f"--cluster {text}: not a Dask scheduler file ({exc}); dask scheduler "
            "--scheduler-file FILE.json writes one"
        ) from None
    if not isinstance(data, dict) or not isinstance(data.get("address"), str):
        raise UsageError(
            f"--cluster {text}: not a Dask scheduler file (it names no scheduler address); "
            "dask scheduler --scheduler-file FILE.json writes one"
        )


def require_dask() -> None:
    """Raise :class:`~pnp.errors.UsageError` saying how to install Dask when it is missing."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise UsageError(
            f"--cluster needs Dask's distributed scheduler, which is not installed: "
            f"{INSTALL_HINT} (or pip install 'dask[distributed]')"
        ) from None


class DaskExecutor(Executor):
    """Games on a Dask cluster: ``local:N`` worker processes, or a running scheduler's.

    The cluster is opened at the first :meth:`run` (or :meth:`open`) and serves
    every run until :meth:`close`; use the executor as a context manager.
    """

    def __init__(self, cluster: str | ClusterSpec) -> None:
        self.spec = cluster if isinstance(cluster, ClusterSpec) else parse_cluster(cluster)
        require_dask()
        self._client: Client | None = None
        self._cluster: LocalCluster | None = None

    @property
    def where(self) -> str:
        """The cluster, as messages name it."""
        if self.spec.workers is not None:
            return f"the local Dask cluster ({self.spec.text})"
        return f"the Dask scheduler at {self.spec.address or self.spec.scheduler_file}"

    def open(self) -> Client:
        """Start (``local:N``) or connect to the cluster; the client, already open or new."""
        if self._client is not None:
            return self._client
        import dask
        import distributed

        if self.spec.workers is not None:
            # Dask's sampling profiler (for its dashboard, which a local cluster here
            # does not serve) would take a few percent of every game's time
            config = {"distributed.worker.profile.enabled": False}
            # a Ctrl-C while the cluster starts stops the run once it is up (and the
            # caller closes it): raised here, at the end of the block
            with _ctrl_c_held_from_the_workers(), dask.config.set(config):
                with warnings.catch_warnings():
                    # its scheduler's web server, which nothing here reads, takes another
                    # port when 8787 is busy, and says so as a warning with a
                    # site-packages path
                    warnings.filterwarnings("ignore", message="Port .* is already in use")
                    self._cluster = distributed.LocalCluster(
                        n_workers=self.spec.workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        # a cancelled batch, a restarted worker, a worker's heartbeat lost
                        # as Ctrl-C closes the cluster (an ERROR with a traceback, once in
                        # six interrupts): nothing the user must act on; a batch that
                        # fails comes back to the run as an error, which says so
                        silence_logs=logging.CRITICAL,
                    )
                self._client = distributed.Client(self._cluster, set_as_default=False)
            return self._client
        try:
            if self.spec.scheduler_file is not None:
                client = distributed.Client(
                    scheduler_file=str(self.spec.scheduler_file), set_as_default=False
                )
            else:
                client = distributed.Client(self.spec.address, set_as_default=False)
        except OSError as exc:  # refused, timed out, unknown host
            raise UsageError(
                f"--cluster {self.spec.text}: cannot reach a Dask scheduler there ({exc}); "
                "start one with: dask scheduler"
            ) from None
        self._client = client
        return client

    def close(self) -> None:
        """Close the client, and the local cluster it started."""
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        try:
            if client is not None:
                if client.status == "running":
                    client.close()
                else:
                    # closing stops the client's attempts to reach a lost scheduler, which
                    # it then reports as having failed after the full timeout: the run
                    # has already said that the scheduler was lost
                    log = logging.getLogger("distributed.client")
                    level = log.level
                    log.setLevel(logging.CRITICAL)
                    try:
                        client.close()
                    finally:
                        log.setLevel(level)
        finally:
            if cluster is not None:
                close_local_cluster(cluster)

    def run(self, plan: GamePlan, content: Any, indices: Sequence[int]) -> Iterator[Any]:
        """Results as batches complete, in any order."""
        from distributed import as_completed

        from pnp.playtest.cluster_worker import RunPlugin

        client = self.open()
        # one name per run: runs that share a cluster (--games auto's batches, other
        # users' runs) never play with each other's plan
        name = f"pnp-run-{uuid.uuid4().hex}"
        plugin = RunPlugin(plan, content, Path.cwd(), ignore_ctrl_c=self._cluster is not None)
        try:
            client.register_plugin(plugin, name=name)
        except OSError as exc:
            raise ClusterLost(f"lost the connection to {self.where}: {exc}") from None
        queue = as_completed(loop=client.loop)
        try:
            threads = _threads(client)
            # as the local pool's: small enough to keep every worker busy to the end and
            # the progress bar moving, large enough that a batch's round trip costs little
            size = max(1, min(64, len(indices) // (threads * 16)))
            batches = (list(indices[i : i + size]) for i in range(0, len(indices), size))
            for batch in islice(batches, threads * IN_FLIGHT):
                queue.add(self._submit(client, name, batch))
        except BaseException:  # Ctrl-C too: the workers drop this run before it stops
            self._end_run(client, name, queue)
            raise
        return self._collect(client, name, queue, batches)

    def _submit(self, client: Client, name: str, batch: list[int]) -> Future:
        from pnp.playtest.cluster_worker import play_batch

        # named after the run and its first game: readable on the Dask dashboard
        key = f"{name}-games-{batch[0]}"
        return client.submit(play_batch, name, batch, key=key, pure=False)

    def _collect(
        self, client: Client, name: str, queue: as_completed, batches: Iterator[list[int]]
    ) -> Iterator[Any]:
        from distributed import KilledWorker

        done = 0
        threads = _threads(client)
        try:
            for future in queue:
                try:
                    results, files = pickle.loads(future.result())
                except KilledWorker as exc:
                    raise WorkerDied(
                        f"a batch of games took down a Dask worker {exc.allowed_failures + 1} "
                        "times; run it with --workers 1 to see which game takes its process "
                        "down"
                    ) from None
                # the client cancels every future when it loses the scheduler; a result
                # fetched meanwhile finds the connection closed
                except (CancelledError, OSError):
                    raise ClusterLost(
                        f"lost the connection to {self.where}: the run stopped and wrote "
                        "nothing (earlier records are as they were)"
                    ) from None
                del future  # a finished batch holds its results: nothing may keep it
                done += 1
                if done % (threads * IN_FLIGHT) == 0:  # workers come and go
                    threads = _threads(client)
                for batch in islice(batches, max(0, threads * IN_FLIGHT - queue.count())):
                    queue.add(self._submit(client, name, batch))
                for path, text in files:
                    write_atomic(path, text)
                yield from results
        finally:
            self._end_run(client, name, queue)

    def _end_run(self, client: Client, name: str, queue: as_completed) -> None:
        """Cancel the run's batches still queued or playing, and drop its plugin (its plan
        and content) from the workers, so the cluster can serve the next run."""
        if client.status != "running":  # the scheduler has gone: nothing to tell it
            return
        left = list(queue.futures)
        try:
            if left:
                client.cancel(left)
            client.unregister_worker_plugin(name)
        except OSError:  # the scheduler went away meanwhile
            pass


def close_local_cluster(cluster: Any) -> None:
    """Close a local cluster a run started, even mid-restart of a worker.

    distributed's nanny asserts ("can only join a started process") when the
    cluster closes while a worker it is restarting has no process yet: seen when
    a batch has just taken a worker down. The run's results are complete by
    then, so the close is tried once more for the workers left; a second
    failure of that kind leaves nothing running (the process never started).
    """
    for attempt in (1, 2):
        try:
            cluster.close()
            return
        except AssertionError as exc:
            logging.getLogger(__name__).debug("closing the local cluster (%d): %s", attempt, exc)


def _threads(client: Client) -> int:
    """The cluster's worker threads now (at least 1: batches wait for a first worker)."""
    try:
        return max(1, sum(client.nthreads().values()))
    except OSError as exc:
        raise ClusterLost(f"lost the connection to the Dask scheduler: {exc}") from None


@contextmanager
def _ctrl_c_held_from_the_workers() -> Iterator[None]:
    """Start a local cluster: no worker hears Ctrl-C, and this process hears it at the end.

    The terminal sends Ctrl-C to the local workers too; the parent stops the run
    and closes them, while a worker that stopped itself would print a traceback
    of its own. So this thread blocks SIGINT while the cluster starts: the
    threads Dask starts meanwhile inherit the block, and so do the worker
    processes they start, now and when they restart one later, so a worker never
    receives it (its plugin ignores it as well). This process remembers a Ctrl-C
    that comes meanwhile (:func:`pnp.interrupt.held`; another of its threads may
    take it, or this thread once it unblocks it) and raises it at the end of the
    block, once the cluster is up, for the caller to close it. (Ignoring SIGINT
    instead, which the workers would inherit as well, left the Ctrl-C unheard:
    the run went on and wrote its output.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread hears signals, and may set their handler
        return
    block = getattr(signal, "pthread_sigmask", None)  # not on Windows: no mask to inherit
    if block is not None:
        from multiprocessing import resource_tracker

        # Python's resource tracker, which Dask starts with its first worker, unblocks
        # SIGINT in the thread that starts it (bpo-33613): the workers that thread
        # starts would hear Ctrl-C. Started here, before the block, it is left alone.
        resource_tracker.ensure_running()
    with interrupt.held():
        if block is None:
            yield
            return
        before = block(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            # a Ctrl-C that waited for the unblock arrives now, inside held()
            block(signal.SIG_SETMASK, before)


def executor_for(workers: int | None, cluster: str | None) -> Executor:
    """The executor ``--workers`` and ``--cluster`` ask for (nothing starts yet).

    ``--cluster`` is the cluster's workers, so
    ``--workers`` with it is a :class:`~pnp.errors.UsageError`: ``local:N``
    says how many local processes play.
    """
    if cluster is None:
        return LocalExecutor(workers)
    spec = parse_cluster(cluster)
    if workers is not None:
        raise UsageError(
            "--workers and --cluster: give one or the other (with --cluster the cluster's "
            "workers play; --cluster local:N starts N local ones)"
        )
    return DaskExecutor(spec)
