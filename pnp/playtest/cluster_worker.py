"""What a Dask worker runs for a playtest on a cluster (:mod:`pnp.playtest.cluster`).

A run registers one :class:`RunPlugin` under a name of its own: Dask sends
it (the plan and the loaded content) to every worker once, and again to any
worker that joins or is restarted during the run, so a batch never waits for
them and a lost worker's batches can be played anywhere. :func:`play_batch`
plays a batch of games with the plan and content of the named run and sends
back their results and the records they would have written
(:func:`pnp.playtest.worker.records_sent`): a worker may run on another
machine, and the records belong on the disk of the machine that started the run.

This module imports Dask; only :mod:`pnp.playtest.cluster` (once it has
checked that Dask is installed) and the workers import it.
"""

from __future__ import annotations

import gc
import pickle
import signal
import threading
from pathlib import Path
from typing import Any

from distributed import Worker, WorkerPlugin, get_worker

from pnp import __version__
from pnp.errors import UsageError
from pnp.playtest.executor import GamePlan
from pnp.playtest.worker import records_sent


class WorkerMismatch(UsageError):
    """A worker runs another version of pnp than the machine that started the run."""


class RunPlugin(WorkerPlugin):
    """One run's plan and content, kept by each worker while the run goes on."""

    def __init__(
        self, plan: GamePlan, content: Any, cwd: Path, *, ignore_ctrl_c: bool = False
    ) -> None:
        self.plan = plan
        self.content = content
        #: the parent's working directory, which shows the records' paths
        self.cwd = cwd
        #: the version of pnp that made the plan: a worker's games must be played alike
        self.version = __version__
        #: the workers are this machine's own processes (``local:N``), which the
        #: terminal's Ctrl-C reaches too: the parent stops them, they do not stop
        #: themselves (each would print a traceback)
        self.ignore_ctrl_c = ignore_ctrl_c

    def setup(self, worker: Worker) -> None:
        """Check the worker's pnp, once per worker, before it plays a game of the run."""
        if self.version != __version__:
            raise WorkerMismatch(
                f"the Dask worker at {worker.address} runs pnp {__version__}, this machine "
                f"pnp {self.version}: install the same pnp on every worker"
            )
        if self.ignore_ctrl_c and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        # the long-lived objects (modules, Dask's own, this run's content) need no
        # scanning by the collector while games allocate and free their states, as in
        # the local pool's workers (pnp.playtest.executor)
        gc.collect()
        gc.freeze()

    def teardown(self, worker: Worker) -> None:
        """The run is over: what it kept may be collected again."""
        gc.unfreeze()


def play_batch(name: str, indices: list[int]) -> bytes:
    """Play the games ``indices`` of the run registered as ``name``: their results, and
    the records they keep as (where the parent writes it, its text), pickled."""
    plugin = get_worker().plugins.get(name)
    if not isinstance(plugin, RunPlugin):  # the run has ended (its batch was cancelled)
        raise RuntimeError(f"no playtest run {name!r} on this worker")
    # one batch at a time in a process, whatever the worker's threads: games are played
    # as the local pool plays them (no ruleset promises that two games may run on two
    # threads at once), and pure-Python games gain nothing from threads sharing a GIL
    with _PLAYING, records_sent(plugin.cwd) as sink:
        results = [plugin.plan.play(plugin.content, i) for i in indices]
    # one pickle for the batch: Dask would serialize a list item by item, which costs the
    # parent several times what unpickling the batch does
    return pickle.dumps((results, sink.files), protocol=pickle.HIGHEST_PROTOCOL)


#: held while this process plays a batch
_PLAYING = threading.Lock()
