"""The playtest harness: many seeded games in parallel, statistics, a verdict, reports.

Typical use::

    plan = PlaytestPlan(ruleset, games=1000, seed=7, players=3, agents=("heuristic",) * 3)
    report = run_playtest(plan, ruleset.load(), executor=LocalExecutor(workers=4))
    report.to_json()["verdict"]
"""

from pnp.playtest.executor import Executor, LocalExecutor, default_workers
from pnp.playtest.harness import run_playtest
from pnp.playtest.plan import PlaytestPlan, game_seed
from pnp.playtest.report import JSON_KEYS, PlaytestReport
from pnp.playtest.verdict import Thresholds

__all__ = [
    "JSON_KEYS",
    "Executor",
    "LocalExecutor",
    "PlaytestPlan",
    "PlaytestReport",
    "Thresholds",
    "default_workers",
    "game_seed",
    "run_playtest",
]
