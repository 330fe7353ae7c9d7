"""The kit meter's base: peaks only rise, triggers pick the groups a step recounts."""

from __future__ import annotations

from pnp.engine.event import Event
from pnp.engine.kitmeter import ALL_GROUPS, Change, KitMeter, tally_ids

COINS, CHITS = 1, 2


class Table:
    """A made-up table: coins and chits in use, changed by hand between steps."""

    coins = 3
    chits = 1


class TableMeter(KitMeter):
    triggers = {"paid": COINS, "placed": CHITS}

    def __init__(self, table: Table, *, thorough: bool = False) -> None:
        super().__init__(thorough=thorough)
        self.table = table
        self.counted: list[int] = []
        self.count(ALL_GROUPS)

    def components(self) -> set[str]:
        return {"coin", "chit"}

    def count(self, groups: int) -> None:
        self.counted.append(groups)
        if groups & COINS:
            self.raise_to("coin", self.table.coins)
        if groups & CHITS:
            self.raise_to("chit", self.table.chits)


def test_a_peak_survives_a_fall_and_rises_with_its_trigger() -> None:
    table = Table()
    meter = TableMeter(table)
    table.coins = 1
    meter.step([Event("paid", 0)])
    assert meter.peaks["coin"] == 3  # fewer in use now: the peak stays
    table.coins = 7
    meter.step([Event("paid", 0)])
    assert meter.peaks["coin"] == 7


def test_a_step_recounts_only_the_groups_its_events_name() -> None:
    table = Table()
    meter = TableMeter(table)
    table.coins, table.chits = 9, 4
    meter.step([Event("placed", 1), Event("chatter", 2)])
    assert meter.peaks == {"coin": 3, "chit": 4}
    assert meter.counted[-1] == CHITS
    meter.step([Event("chatter", 2)])  # no trigger: nothing counted
    assert meter.counted[-1] == CHITS and len(meter.counted) == 2
    assert meter.finish() == {"coin": 9, "chit": 4}  # the end counts all


def test_a_thorough_meter_counts_everything_after_every_step() -> None:
    table = Table()
    meter = TableMeter(table, thorough=True)
    table.coins = 5
    meter.step([])
    assert meter.peaks["coin"] == 5 and meter.counted[-1] == ALL_GROUPS
    assert meter.per_step


def test_settled_groups_are_counted_at_the_start_only() -> None:
    class Settled(TableMeter):
        settled = CHITS

    table = Table()
    meter = Settled(table)
    table.coins, table.chits = 8, 6  # (a settled group cannot change: this one lies)
    assert meter.finish() == {"coin": 8, "chit": 1}
    assert meter.counted == [ALL_GROUPS, ALL_GROUPS & ~CHITS]


def test_a_meter_without_triggers_needs_no_steps() -> None:
    class Quiet(TableMeter):
        triggers = {}

    assert not Quiet(Table()).per_step
    assert Quiet(Table(), thorough=True).per_step


def test_tally_ids_counts_a_pile_under_a_prefix() -> None:
    counts = {"plot-a": 1}
    tally_ids(counts, ["a", "b", "a"], "plot-")
    assert counts == {"plot-a": 3, "plot-b": 1}


def test_change_counts_the_small_coins_no_large_one_can_stand_for_and_the_worth() -> None:
    coins = Change("gold-5", "gold-1", 5)
    # 7 is 5 + 2, 12 is 5 + 5 + 2, 3 is 3, 10 is two 5s: 7 ones whatever the fives
    assert coins.needs([7, 12, 3, 10, 0]) == {"gold-1": 7, "gold-5+gold-1": 32}
    assert coins.worth_id == "gold-5+gold-1"
