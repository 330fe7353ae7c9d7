"""What a table needs on paper, as QA found it missing or wrong in the Iron Throne kit
(third kit review): a player aid and encounter markers, and wording that says exactly
what the referee does.

Each test names the finding it pins; every one failed before its fix.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone.effects import CARD_WINDOWS, WINDOWS
from pnp.rulesets.ironthrone.kit.aid import player_aid, turn_steps
from pnp.rulesets.ironthrone.kit.components import components
from pnp.rulesets.ironthrone.kit.reference import reference_context
from pnp.rulesets.ironthrone.kit.tokens import encounter_markers
from pnp.rulesets.ironthrone.markers import marker_kinds, markers_for
from pnp.rulesets.ironthrone.model import (
    PLAYER_COUNTS,
    CharacterCard,
    IronThroneContent,
    Truce,
)
from tests.render.pdfcheck import text
from tests.rulesets.ironthrone.kit.conftest import flat, front_text


def _md(built: Path) -> str:
    return flat((built / "reference.md").read_text())


# ------------------------------------------------------------------ (A2) power moved


def test_a_sheet_sends_to_the_box_only_what_is_removed(pdfs: dict[str, bytes], built: Path) -> None:
    """(A2) The sheet and the reference said power taken off a leader sheet goes to the
    box, while a truce deal and two leaders move it to another sheet (IT-POW-03/05)."""
    sheets = front_text(pdfs["leader-sheets.pdf"])
    assert "Power an effect removes or returns from this sheet goes to the box;" in sheets
    assert "power moved from it (a truce deal, some abilities) goes to the sheet it names" in (
        sheets
    )
    md = _md(built)
    assert "power taken off a leader sheet goes back to the box" not in md
    assert "moves from one leader sheet to another goes onto that other sheet" in md


# ------------------------------------------------------------------ (B3) player aid


def test_a_player_aid_for_each_player_in_the_manifest(manifest: dict[str, Any]) -> None:
    """(B3) There was no player aid: now one two-sided card for each of the most players."""
    aids = [c for c in manifest["components"] if c["id"] == "player-aid"]
    assert len(aids) == 1
    assert aids[0]["copies"] == max(PLAYER_COUNTS)
    assert aids[0]["file"] == "player-aids.pdf" and aids[0]["back_pages"]


def test_the_aid_prints_the_turn_outcomes_and_windows(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    """(B3) The aid carries the turn's steps with every timing window, the outcome and
    reward tables and the hostages, from the same data as the reference."""
    pages = text(pdfs["player-aids.pdf"])
    fronts, backs = flat(" ".join(pages[0::2])), flat(" ".join(pages[1::2]))
    for step in turn_steps(content.model.rules):
        assert step["name"] in fronts
    for i, name in enumerate(WINDOWS.values(), 1):
        assert f"Window {i}: {name}." in fronts
    for word in ("Hostility:", "Truce:", "Betrayal:", "The defender's side wins:", "hostages"):
        assert word in backs, word


def test_the_aid_and_the_reference_share_their_data(
    content: LoadedContent[IronThroneContent], built: Path
) -> None:
    """(B3) The aid's words come from the content's numbers and templates/ironthrone/
    turn.yaml, as the reference's turn summary does: a changed number changes both."""
    rules = content.model.rules
    aid = player_aid(rules)
    steps = reference_context(content)["turn_steps"]
    assert [(s["name"], s["text"]) for s in steps] == list(aid.steps)
    assert "Window 2: Once the defender is named. Both active players draw 1 card" in (
        _md(built).replace("*", "")
    )
    changed = rules.model_copy(
        update={"defender_reward": rules.defender_reward.model_copy(update={"draw": 4})}
    )
    assert any("draws 4 cards" in text for _, text in player_aid(changed).rewards)
    assert "draws 4 cards" not in " ".join(t for _, t in aid.rewards)


# ------------------------------------------------------------------ (B4) encounter markers


def test_encounter_markers_come_from_the_abilities(
    manifest: dict[str, Any], content: LoadedContent[IronThroneContent]
) -> None:
    """(B4) Effects lasting the encounter left nothing on the table: the kit prints a
    marker for each amount a bonus or weaken uses, and for no penalties and no rewards,
    ``rules.encounter_markers`` of each."""
    model = content.model
    amounts, shields, denies = marker_kinds(
        [c.leader for c in model.characters]
        + [c.ability for h in model.houses for c in h.deck if isinstance(c, CharacterCard)]
    )
    assert amounts == [1, 2, 3, 5] and shields and denies
    want = {f"marker-{a}" for a in amounts} | {"marker-no-penalties", "marker-no-rewards"}
    got = {c["id"]: c["copies"] for c in manifest["components"] if c["id"].startswith("marker-")}
    assert got == dict.fromkeys(want, model.rules.encounter_markers)
    assert [m.face for m in encounter_markers(model)][:4] == ["+1", "+2", "+3", "+5"]
    # a side's change is shown as coins are: the fewest markers, largest first
    assert markers_for(-7, amounts) == {5: 1, 2: 1}
    assert markers_for(4, [2, 3]) == {3: 1, 2: 1}


# ------------------------------------------------------------------ (C) wording


def test_the_board_heading_names_the_houses_own_influence(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    """(C5) "Influence over House X" stood above X's own tokens, while IT-GAP-09 calls
    influence over X the tokens others put on X's board."""
    boards = text(pdfs["influence-boards.pdf"])
    for page, house in zip(boards, content.model.houses, strict=True):
        assert not house.board.title.startswith("Influence over")
        assert f"{house.name}'s influence" in page
        assert f"INFLUENCE OVER {house.name.upper()}" in page
        assert f"has influence over {house.name}" in flat(page)


def test_only_the_outcomes_hostages_are_for_active_players(built: Path) -> None:
    """(C6) "hostages, taken only by active players" read as a rule against the cards
    that let a supporter take one."""
    md = _md(built)
    assert "taken only by active players" not in md
    assert "After them come the outcome's hostages." in md
    assert "a card may still let a supporter take a hostage of its own" in md


def test_gold_cloaks_says_its_withdrawal_may_find_nobody(
    pdfs: dict[str, bytes], content: LoadedContent[IronThroneContent]
) -> None:
    """(C7) The referee plays Gold Cloaks for its -2 with no opposing supporter; the
    printed text now allows it."""
    cards = front_text(pdfs["house-cards.pdf"])
    assert (
        "Pick a supporting player on the opposing side, if there is one: they withdraw. "
        "Take 2 off the opposing side's total." in cards
    )


def test_no_truce_flavour_reads_like_a_rule(content: LoadedContent[IronThroneContent]) -> None:
    """(C8) "Terms offered once, and only once." read as a limit on offers."""
    for house in content.model.houses:
        for card in house.deck:
            if isinstance(card, Truce):
                words = re.findall(r"[a-z]+", card.flavor.lower())
                assert not {"once", "only", "must", "never", "always"} & set(words), card.id


def test_one_name_for_a_sides_total(pdfs: dict[str, bytes], built: Path) -> None:
    """(C9) Cards said "hostility total", conditions and the reference "total"."""
    for name, data in pdfs.items():
        assert "hostility total" not in flat(" ".join(text(data))), name
    assert "hostility total" not in _md(built)


def test_windows_stand_in_the_turn_steps(built: Path) -> None:
    """(C10) The turn summary did not say when "Once the defender is named" comes (the
    referee: before the preparation draws); windows now stand in the steps in order."""
    md = _md(built).replace("*", "")
    summary = md[md.index("## Turn summary") : md.index("## Outcomes")]
    at = [summary.index(f"Window {i}: {name}.") for i, name in enumerate(WINDOWS.values(), 1)]
    assert at == sorted(at)
    assert summary.index("Window 2:") < summary.index("Both active players draw")
    # the Abilities section no longer lets "every participant" act before anyone does
    abilities = md[md.index("## Abilities") : md.index("## Table talk")]
    assert "every participant may" not in abilities
    numbers = [str(list(WINDOWS).index(w) + 1) for w in CARD_WINDOWS]
    assert f"Character cards are used only in windows {', '.join(numbers[:-1])} and" in (abilities)


def test_a_leader_ability_is_used_once_each_time_its_window_comes(built: Path) -> None:
    """(C11) Nothing said whether a leader ability could be used twice a turn (the
    referee: once before each support offer). Decision IT-LEAD-01 says so."""
    md = _md(built)
    assert "**IT-LEAD-01**: A leader ability may be used once each time its window comes." in md


def test_decisions_are_labelled_and_referee_points_apart(
    built: Path, content: LoadedContent[IronThroneContent]
) -> None:
    """(D12) The labels were unexplained, IT-ENC-04 did not say which rule it carries
    further, IT-GAP-10 was missing and the playtest round cap stood among table rules."""
    md = _md(built)
    section = md[md.index("## How this kit settles open points") :]
    assert "the code of the rule it settles or carries further" in section
    assert "**IT-ENC-04**: The rule says that a player with an empty hand places the top" in (
        section
    )
    assert "**IT-GAP-10**:" in section
    table, referee = section.split("For the bundled referee only")
    assert "**IT-GAP-11**" in referee and "**IT-GAP-11**" not in table
    decisions = reference_context(content)["decisions"]
    assert [d["id"] for d in decisions if d["referee_only"]] == ["IT-GAP-11"]
    assert "(see IT-ENC-04 below)" not in md and "(see IT-ORDER-02 below)" not in md


# ------------------------------------------------------------------ (D) print


def test_special_events_wear_their_own_mark(content: LoadedContent[IronThroneContent]) -> None:
    """(D14) Special events showed the leaders' crown; they have a compass star."""
    from pnp.rulesets.ironthrone.kit import icons

    assert "special" in icons.ICONS
    kit = {c.id: c for c in components(content)}
    special = next(e for e in content.model.events if e.type == "special")
    face = kit[special.id].face
    assert isinstance(face, partial)  # a layout bound to its card's data
    assert face.args[0].pal.sigil == "special"
