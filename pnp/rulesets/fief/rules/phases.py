"""The eight phases of a round, named once for the House boards and the reference."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    """One phase: its number, its name, and the referee's id for it."""

    number: int
    name: str
    id: str
    #: played only with the Night's Watch expansion
    expansion: bool = False


#: the round in order (the referee's ``ROUND`` ids)
PHASES = (
    Phase(1, "Hear Ye, Hear Ye: marriages, pardons, outlaws, elections", "hear_ye"),
    Phase(2, "Draw and play cards", "cards"),
    Phase(3, "Income", "income"),
    Phase(4, "Purchase: ransoms first", "purchase"),
    Phase(5, "Movement", "movement"),
    Phase(6, "Battles", "battles"),
    Phase(7, "Battle at the Wall (Night's Watch only)", "wall", expansion=True),
    Phase(8, "End of round: victory check", "end"),
)
