"""The Iron Throne rules reference (:mod:`pnp.rulesets.ironthrone.kit.reference`), in its three
formats: enough to play without a rulebook, and naming only files the kit has.
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

from pnp.content import LoadedContent
from pnp.rulesets.ironthrone.effects import WINDOWS
from pnp.rulesets.ironthrone.model import IronThroneContent
from tests.render.pdfcheck import text
from tests.rulesets.ironthrone.kit.conftest import flat


def test_reference_in_three_formats_mentions_the_rules(
    built: Path, content: LoadedContent[IronThroneContent]
) -> None:
    md = (built / "reference.md").read_text()
    page = (built / "reference.html").read_text()
    html = htmllib.unescape(page)
    pdf = flat(" ".join(text((built / "reference.pdf").read_bytes())))
    model = content.model
    must = [
        "Turn summary",
        "Preparation",
        "Support",
        "Encounter",
        "Resolution",
        "Outcomes",
        "Hostility",
        "Truce",
        "Betrayal",
        "Rewards and penalties",
        "Hostages",
        "Truce bargaining",
        "Release",
        "Torment",
        *WINDOWS.values(),
        *(d.id for d in model.decisions),
        *(c.leader.title for c in model.characters),
        *(h.name for h in model.houses),
        *(e.name for e in model.events),
    ]
    for phrase in must:
        assert phrase in md, phrase
        assert phrase in html, phrase
        assert phrase in pdf, phrase
    rules = model.rules
    assert f"taking up to {rules.truce.hostages} hostages" in md
    # Markdown writes no icon the next word names again (QA: "[Power] power")
    assert f"moving up to {rules.truce.power} power" in md
    assert f"{rules.torment.leader} power leaves their leader sheet" in md
    from pnp.rulesets.ironthrone.kit.reference import reference_context

    for decision in reference_context(content)["decisions"]:  # {rules.…} filled in
        assert flat(decision["text"]) in flat(md)
    assert '<symbol id="pnp-icon-hostility"' in page  # icons travel as inline SVG


def test_reference_covers_what_players_need_without_a_rulebook(
    built: Path, content: LoadedContent[IronThroneContent]
) -> None:
    """The rules a table needs beyond the turn summary are on the sheet (found missing by
    the rules audit): start of turn, an empty hand (IT-ENC-04), participation (IT-WD-03),
    withdrawing (IT-WD-01/02), no hand limit (IT-END-02), death mid-encounter (IT-DEATH-03),
    influence (IT-WIN-01/02), the end checks at both ends of a turn (IT-GAP-03), table talk
    (IT-TALK-01..03), the golden rule (IT-COMP-04) and the event deck for each player count
    (IT-SETUP-06)."""
    md = flat((built / "reference.md").read_text())
    rules = content.model.rules
    must = [
        "Start of turn.",
        "Starting with the challenger and going clockwise, anyone may release or torment",
        "With an empty hand you place the top card of your deck;",
        "with no card at all you place nothing and lose (see IT-ENC-04 under How this kit",
        "are **participating**",
        "## Withdrawing",
        "An active player never withdraws.",
        "There is no hand limit.",
        "its player stays in the encounter",
        "## Influence",
        "several from the same House included",
        "(you choose it by its House back; which card of that House you get is random)",
        "At the end of a turn, and at its start once hostages",
        "(a turn that starts that way has no encounter)",
        "## Table talk",
        "No promise binds anyone, except the truce deal",
        "you may never show them",
        "When a card and this sheet disagree, the card wins.",
        "The bargain belongs to the Resolution phase",
        # IT-RES-07 on the truce route too (rules/resolution.py package_ok)
        "Both hold in a truce deal too",
        "Each player picks a different House",
        # how a card is played for its text (IT-CHAR-01; rules/windows.py card_window:
        # every participant clockwise, repeated plays, to the discard pile at end of turn)
        "Play it face up from your hand when its window comes",
        "(an active player or an accepted supporter)",
        "one card after another as long as he likes",
        "is not your facedown card",
        "then goes to your discard pile",
        # a side's total outside hostility (moves.py card_value: a truce card is worth 0)
        "Each side has a **total** whatever the outcome",
        "(a truce card, or a character card placed facedown, is worth 0)",
        *(
            f"{p * rules.events_per_house + rules.special_events} cards for {p} players"
            for p in (3, 4, 5)
        ),
    ]
    for phrase in must:
        assert phrase in md, phrase


def test_reference_names_only_files_the_kit_has(built: Path) -> None:
    """Every PDF the reference points a player to is one the build wrote."""
    written = {p.name for p in built.iterdir()}
    for name in ("reference.md", "reference.html"):
        named = set(re.findall(r"\b[a-z][a-z0-9-]*\.pdf\b", (built / name).read_text()))
        assert named, name
        assert named <= written, (name, sorted(named - written))


def test_a_decision_may_name_a_number_of_the_rules(tmp_path: Path) -> None:
    """`{rules.hand_size}` in a decision printed literally, braces and all."""
    import shutil

    from typer.testing import CliRunner

    from pnp.cli import app
    from pnp.rulesets.ironthrone import RULESET

    root = tmp_path / "ironthrone"
    shutil.copytree(RULESET.content_dir(), root)
    game = root / "game.yaml"
    text = game.read_text()
    old = "text: When the event deck runs out,"
    assert old in text
    game.write_text(
        text.replace(old, "text: Hands refill to {rules.hand_size}. When the event deck runs out,")
    )
    result = CliRunner().invoke(
        app, ["rules", "ironthrone", "--content", str(root), "--format", "md", "--out", "-"]
    )
    assert result.exit_code == 0, result.output
    assert "**IT-GAP-01**: Hands refill to 5. When the event deck runs out," in result.stdout
    game.write_text(
        text.replace(old, "text: Refill to {rules.hand_sise}. When the event deck runs out,")
    )
    result = CliRunner().invoke(app, ["validate", "ironthrone", "--content", str(root)])
    assert result.exit_code == 2
    assert "decisions[0].text: {rules.hand_sise} names no number of the rules" in result.output
