"""The player aid, and the turn, outcome and reward texts it shares with the reference.

The words live in ``templates/ironthrone/turn.yaml``; the numbers come from the
content's ``rules:`` and the timing windows' names from
:data:`pnp.rulesets.ironthrone.effects.WINDOWS`. The rules reference prints the
same steps (with their ``more:`` notes) and the same tables, so the card in a
player's hand and the sheet can never disagree.

The aid is one two-sided card per player, the size of a leader sheet: the
turn's steps with each timing window where the referee opens it on the front,
the outcome, reward, hostage and truce tables on the back.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

import yaml

from pnp.content.words import plural
from pnp.paths import default_templates_root
from pnp.render import Face, mm
from pnp.rulesets.ironthrone.effects import WINDOW_INDEX, WINDOWS
from pnp.rulesets.ironthrone.kit.style import (
    INK,
    SPECIAL,
    SPECIAL_ACCENT,
    Palette,
    frame,
    rule,
)
from pnp.rulesets.ironthrone.model import Rules

#: the order of effects at one moment (IT-ORDER-01/02), the back's last line
ORDER_NOTE = (
    "In a window, leader abilities come before character cards, each clockwise from the challenger."
)
#: the aid's palette: the special events' colours, as it belongs to no House
AID_PALETTE = Palette(SPECIAL, SPECIAL_ACCENT, "event", "Player aid")


@functools.lru_cache(maxsize=1)
def turn_text() -> dict[str, Any]:
    """The words of ``templates/ironthrone/turn.yaml`` (trusted markup)."""
    path = default_templates_root() / "ironthrone" / "turn.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path}: expected a mapping"
    return data


#: a number and the icon or word after it: the aid's lines never break between them
#: (QA4 15: "distributes 2" ended a line and "[power] power" began the next)
_NUMBER_THEN = re.compile(r"(?<![\w.])(\d+) (?=\[|[^\W\d_])")


def keep_numbers(markup: str) -> str:
    """``markup`` with each number joined to the icon or word after it by a no-break
    space, for print (the reference's Markdown and HTML keep plain spaces)."""
    return _NUMBER_THEN.sub("\\1\u00a0", markup)


def phrases(rules: Rules) -> dict[str, str]:
    """The ``{name}`` fillers of ``turn.yaml``: the content's numbers, in words."""
    return {
        "prep_draw": plural(rules.preparation_draw, "card"),
        "prep_power": f"{rules.preparation_distribute} [power] power",
        "reward_draw": plural(rules.defender_reward.draw, "card"),
        "reward_power": f"{rules.defender_reward.distribute} [power] power",
        "hand": plural(rules.hand_size, "card"),
        "truce_influence": f"{rules.truce.influence} [influence] influence",
        "truce_hostages": plural(rules.truce.hostages, "hostage"),
        "truce_power": f"{rules.truce.power} [power] power",
    }


def window_mark(name: str) -> str:
    """A timing window as it stands among a step's words: its number in the turn
    and its name (markup)."""
    return f"<b><i>Window {WINDOW_INDEX[name] + 1}: {WINDOWS[name]}.</i></b>"


def _fill(text: str, words: dict[str, str]) -> str:
    return text.format(**words)


def turn_steps(rules: Rules) -> list[dict[str, str]]:
    """The turn's steps in order: ``name``, ``text`` (markup, the windows in place)
    and ``more`` (markup, the reference's extra notes, maybe empty)."""
    words = phrases(rules)
    out = []
    for step in turn_text()["steps"]:
        parts = [
            window_mark(item["window"]) if isinstance(item, dict) else _fill(item, words)
            for item in step["do"]
        ]
        out.append(
            {
                "name": step["name"],
                "text": " ".join(parts),
                "more": _fill(step.get("more", ""), words),
            }
        )
    return out


def outcomes() -> list[dict[str, str]]:
    """The outcome table: ``revealed`` (icons), ``name`` and ``text`` (markup)."""
    return [dict(row) for row in turn_text()["outcomes"]]


def rewards(rules: Rules) -> list[dict[str, str]]:
    """The reward table: ``when`` and what each player on that side does (markup)."""
    words = phrases(rules)
    return [{"when": r["when"], "text": _fill(r["text"], words)} for r in turn_text()["rewards"]]


def hostages() -> list[str]:
    """The outcome's hostages, one line (markup) per case."""
    return list(turn_text()["hostages"])


def truce_terms(rules: Rules) -> list[str]:
    """The truce terms each active player may ask for (markup)."""
    words = phrases(rules)
    return [_fill(t, words) for t in turn_text()["truce"]]


# --------------------------------------------------------------------------- the card

_PAD = 6 * mm


@dataclass(frozen=True)
class PlayerAid:
    """The two sides of the player aid, built from the content's rules numbers."""

    steps: tuple[tuple[str, str], ...]
    outcomes: tuple[tuple[str, str, str], ...]
    rewards: tuple[tuple[str, str], ...]
    hostages: tuple[str, ...]
    truce: tuple[str, ...]

    def _panel(self, face: Face, title: str) -> tuple[float, float, float, float]:
        """Frame and title; returns the text box ``(x, y, w, h)`` under the title."""
        pal = AID_PALETTE
        frame(face, pal, border=3 * mm, radius=3 * mm)
        w, h = face.width, face.height
        face.label(
            title.upper(),
            w / 2,
            h - _PAD - 5 * mm,
            size=11,
            bold=True,
            color=pal.heading,
            align="center",
        )
        rule(face, _PAD, w - _PAD, h - _PAD - 7.5 * mm, pal.accent, 1)
        top = h - _PAD - 9 * mm
        return _PAD, _PAD, w - 2 * _PAD, top - _PAD

    def front(self, face: Face) -> None:
        """The turn: each step with its timing windows in place."""
        x, y, w, h = self._panel(face, turn_text()["title"])
        lines = [f"<b>{i}. {name}.</b> {text}" for i, (name, text) in enumerate(self.steps, 1)]
        text = keep_numbers("\n\n".join(lines))
        face.text(text, x, y, w, h, size=8, min_size=5.5, leading=1.15, color=INK)

    def back(self, face: Face) -> None:
        """Outcomes, rewards and penalties, hostages and the truce terms."""
        x, y, w, h = self._panel(face, "Outcomes and rewards")
        groups = [
            [f"{revealed} <b>{name}:</b> {text}" for revealed, name, text in self.outcomes],
            [
                "<b>Rewards and penalties, for each player on that side (accepted "
                "supporters too):</b>",
                *(f"<b>{when}:</b> {text}" for when, text in self.rewards),
            ],
            [
                "<b>Then the outcome's [hostage] hostages, taken by active players:</b>",
                *self.hostages,
            ],
            ["<b>Truce terms</b> (each active player may ask for each at most once):", *self.truce],
            [f"<i>{ORDER_NOTE}</i>"],
        ]
        text = keep_numbers("\n\n".join("\n".join(g) for g in groups))
        face.text(text, x, y, w, h, size=7.5, min_size=5.5, leading=1.2, color=INK)


def player_aid(rules: Rules) -> PlayerAid:
    """The player aid for the content's rules numbers."""
    return PlayerAid(
        steps=tuple((s["name"], s["text"]) for s in turn_steps(rules)),
        outcomes=tuple((o["revealed"], o["name"], o["text"]) for o in outcomes()),
        rewards=tuple((r["when"], r["text"]) for r in rewards(rules)),
        hostages=tuple(hostages()),
        truce=tuple(truce_terms(rules)),
    )
