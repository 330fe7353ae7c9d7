"""The board as a graph: Villages, roads, Fiefs, Regions and distances.

Built once per content from the map data; the referee and the bots use the
integer indices (a Village is its position in ``content.villages``), the
printed kit uses the names and coordinates.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from pnp.rulesets.fief.model import FiefContent


@dataclass
class FiefMap:
    """Adjacency and membership tables of the board."""

    ids: list[str]
    names: list[str]
    index: dict[str, int]
    #: ``neighbours[v]``: ``(w, road)`` pairs, road = index into ``content.roads``
    neighbours: list[list[tuple[int, int]]]
    road_ends: list[tuple[int, int]]
    sea_road: list[bool]
    coastal: list[bool]
    fief_of: list[str]
    region_of: list[str]
    fief_villages: dict[str, list[int]]
    region_villages: dict[str, list[int]]
    region_number: dict[str, int]
    region_by_number: dict[int, str]
    principal: dict[str, int]
    #: the gate Villages, from which a Noble may go to the Wall (Night's Watch)
    gates: frozenset[int]
    #: shortest road distance between every pair of Villages
    distance: list[list[int]] = field(default_factory=list)

    @classmethod
    def build(cls, content: FiefContent) -> FiefMap:
        """The graph of ``content``'s map (assumed valid)."""
        ids = [v.id for v in content.villages]
        index = {vid: i for i, vid in enumerate(ids)}
        neighbours: list[list[tuple[int, int]]] = [[] for _ in ids]
        ends: list[tuple[int, int]] = []
        sea: list[bool] = []
        coastal = [False] * len(ids)
        for r, road in enumerate(content.roads):
            a, b = index[road.a], index[road.b]
            neighbours[a].append((b, r))
            neighbours[b].append((a, r))
            ends.append((a, b))
            sea.append(road.kind == "sea")
            if road.kind == "sea":
                coastal[a] = coastal[b] = True
        fief_villages: dict[str, list[int]] = {f.id: [] for f in content.fiefs}
        region_villages: dict[str, list[int]] = {r.id: [] for r in content.regions}
        for i, v in enumerate(content.villages):
            fief_villages[v.fief].append(i)
            region_villages[v.region].append(i)
        built = cls(
            ids=ids,
            names=[v.name for v in content.villages],
            index=index,
            neighbours=neighbours,
            road_ends=ends,
            sea_road=sea,
            coastal=coastal,
            fief_of=[v.fief for v in content.villages],
            region_of=[v.region for v in content.villages],
            fief_villages=fief_villages,
            region_villages=region_villages,
            region_number={r.id: r.number for r in content.regions},
            region_by_number={r.number: r.id for r in content.regions},
            principal={r.id: index[r.principal] for r in content.regions},
            gates=frozenset(index[g] for g in content.wall.gates),
        )
        built.distance = [built._bfs(v) for v in range(len(ids))]
        return built

    def _bfs(self, start: int) -> list[int]:
        far = len(self.ids) + 1
        dist = [far] * len(self.ids)
        dist[start] = 0
        todo = deque([start])
        while todo:
            v = todo.popleft()
            for w, _ in self.neighbours[v]:
                if dist[w] == far:
                    dist[w] = dist[v] + 1
                    todo.append(w)
        return dist

    def __len__(self) -> int:
        return len(self.ids)

    def road_between(self, a: int, b: int) -> int | None:
        """The road joining two adjacent Villages, or ``None``."""
        for w, road in self.neighbours[a]:
            if w == b:
                return road
        return None

    def coastal_villages(self) -> list[int]:
        """Every coastal Village, in map order."""
        return [v for v in range(len(self.ids)) if self.coastal[v]]
