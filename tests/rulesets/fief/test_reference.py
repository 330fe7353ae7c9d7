"""The fief rules reference: exported as PDF, Markdown and HTML, and complete.

It must state every rule the referee plays by, so it is checked for every
House, Title, Noble attribute and card, for the numbers the content sets
(read from the content here, never written into the test), and for every
DECISION of ``shared/rules/gaps.md`` by its checklist ID and its value.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

from pnp.content import LoadedContent
from pnp.render import RenderError
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.reference import kit_counts, resolve
from tests.rulesets.fief.conftest import Build

#: every DECISION of gaps.md's fief part, by the checklist ID the sheet names it with
DECISION_IDS = (
    "FF-SETUP-13",
    "FF-PH-03",
    "FF-PH-04",
    "FF-PH-05",
    "FF-PH-06",
    "FF-PH-07",
    "FF-PH-08",
    "FF-PH-10",
    "FF-PH-11",
    "FF-PH-12",
    "FF-PH-16",
    "FF-PH-23",
    "FF-PH-24",
    "FF-GAP-23",
    "FF-GAP-24",
    "FF-GAP-25",
    "FF-GAP-26",
    "FF-GAP-27",
)
#: the open points of the rulebook the referee settles, named where the sheet settles them
READINGS = (
    "FF-GAP-04",
    "FF-GAP-05",
    "FF-GAP-06",
    "FF-GAP-07",
    "FF-GAP-08",
    "FF-GAP-13",
    "FF-GAP-15",
    "FF-GAP-16",
    "FF-GAP-17",
    "FF-GAP-20",
    "FF-GAP-21",
)


@pytest.fixture(scope="module")
def md(fief_build: Build) -> str:
    """The Markdown reference, whitespace folded."""
    return " ".join(fief_build.files["reference.md"].decode().split())


def test_reference_exports_in_three_formats(fief_build: Build) -> None:
    pdf = PdfReader(io.BytesIO(fief_build.files["reference.pdf"]))
    assert len(pdf.pages) >= 8
    text = " ".join(p.extract_text() for p in pdf.pages)
    assert "rules reference" in text
    html = fief_build.files["reference.html"].decode()
    assert html.lstrip().lower().startswith("<!doctype html")
    assert "<symbol" in html and "Decisions at a glance" in html
    assert fief_build.files["reference.md"].decode().startswith("# A Song of Ice and Fief")


def test_every_decision_of_gaps_md_is_stated(md: str) -> None:
    for rule_id in DECISION_IDS + READINGS:
        assert rule_id in md, rule_id


def test_decided_values_come_from_content(md: str, fief_content: LoadedContent[Any]) -> None:
    r = fief_content.model.rules
    expect = [
        f"discards down to {r.hand_limit} cards",
        f"each Sept pays {r.income.sept} Gold Dragon",
        f"buy its Title for {r.prices.fief_title} Gold Dragons",
        f"after round {r.round_limit}",
        f"A player alone wins with {r.solo_vp} VP",
        f"{r.alliance_vp} VP between them",
        f"1 to {r.battle.capture_up_to} leftover hits capture",
        f"she adds {r.battle.mother_of_dragons_strength} to her side's strength",
        f"cancels {r.battle.siege_cancels} of those dice",
        f"a dowry of {r.prices.dowry} Gold Dragons",
        f"favour of {r.prices.protector_favour} Gold Dragons",
        f"pays {r.income.tax_per_village} Gold Dragon",
        f"a ransom is {r.prices.ransom_base} Gold Dragons plus "
        f"{r.prices.ransom_per_title} per Title",
        f"At most {r.max_disasters} disasters lie on the board",
        f"draws {r.draws} cards",
        f"up to {r.move_steps} Villages",
        f"after {r.battle.dice.idle_rolls_end} rolls in a row",
        f"dies on a roll of {r.chance.gods_cursed_dies_on}",
    ]
    for phrase in expect:
        assert phrase in md, phrase
    for u in fief_content.model.units:
        assert f"{u.name} {u.cost}," in md, u.id  # the price list of FF-PH-11


def test_every_house_title_attribute_and_card_is_explained(
    md: str, fief_content: LoadedContent[Any]
) -> None:
    model = fief_content.model
    for h in model.houses:
        assert h.name in md
        for a in h.abilities:
            assert " ".join(describe(a).split()) in md, (h.id, a)
    for t in model.titles:
        assert t.name in md, t.id
    for a in model.attributes:
        assert a.name in md, a.id
    for cards in (model.court, model.fortune, model.disaster_copies):
        for c in cards:
            assert c.name in md, c.id
            assert " ".join(describe(c.effect).split()) in md, c.id
    for u in model.units:
        assert u.name in md, u.id
    for b in model.buildings:
        assert b.name in md, b.id
    for p in ("Hear Ye", "Income", "Purchase", "Movement", "Battles", "End of round"):
        assert p in md


def test_icons_are_listed_with_their_meaning(md: str, fief_build: Build) -> None:
    html = fief_build.files["reference.html"].decode()
    assert 'aria-label="Coastal Village"' in html
    assert "Coastal Village" in md


def test_the_rulesets_decisions_are_printed(md: str, fief_content: LoadedContent[Any]) -> None:
    decisions = fief_content.model.decisions
    assert decisions, "content/fief/decisions.yaml lists the referee's decisions"
    for d in decisions:
        assert " ".join(d.text.split()) in md, d.id
        for rule_id in d.covers:
            assert rule_id in md, (d.id, rule_id)


def test_decision_texts_agree_with_the_rules(fief_content: LoadedContent[Any]) -> None:
    """The decisions repeat some numbers in words: they must be the rules' numbers."""
    model = fief_content.model
    r = model.rules
    text = {d.id: resolve(d.text, model, d.id) for d in model.decisions}
    checks = {
        "hand-limit": [f"more than {r.hand_limit} cards"],
        "disasters": [f"at most {r.max_disasters} lie"],
        "ransom": [f"{r.prices.ransom_base} + {r.prices.ransom_per_title} per Title"],
        "bribes": [", ".join(str(b) for b in r.prices.bribes[:-1])],
        "council-bid": [", ".join(str(b) for b in r.prices.council_bid_steps[:-1])],
        "marriage-terms": [f"dowry of {r.prices.dowry} Gold"],
        "battle-choices": [f"adds {r.battle.mother_of_dragons_strength} strength"],
        "victory": [f"After round {r.round_limit}"],
    }
    for did, phrases in checks.items():
        if did not in text:
            continue
        for phrase in phrases:
            assert phrase in text[did], (did, phrase)


def test_decision_placeholders_read_the_content(fief_content: LoadedContent[Any]) -> None:
    model = fief_content.model
    r = model.rules
    assert resolve("hold {rules.hand_limit} cards", model, "x") == f"hold {r.hand_limit} cards"
    bribes = resolve("offer {rules.prices.bribes}", model, "x")
    assert bribes.startswith("offer ") and bribes.endswith(f" or {r.prices.bribes[-1]}")
    with pytest.raises(RenderError, match=r"decisions 'odd': no value \{rules.nope\}"):
        resolve("{rules.nope}", model, "decisions 'odd'")


def test_kit_table_counts_every_piece_of_each_file(
    fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    """The 'What is in the kit' rows of cards.pdf, nobles.pdf and tokens.pdf add up to what
    those files print (the First Player card was left out)."""
    model = fief_build.manifest
    printed: dict[str, int] = {}
    for entry in model["components"]:
        printed[entry["file"]] = printed.get(entry["file"], 0) + entry["copies"]
    listed: dict[str, int] = {}
    for row in kit_counts(fief_content.model):
        listed[row["file"]] = listed.get(row["file"], 0) + row["count"]
    for file in ("nobles.pdf", "cards.pdf", "tokens.pdf"):
        assert listed[file] == printed[file], file


def test_a_lord_taken_on_a_lady_card_is_called_a_lord(
    md: str, fief_content: LoadedContent[Any]
) -> None:
    """FF-SETUP-09: Baratheon takes Renly, a Lord, on a Lady card; the sheet must say so."""
    nobles = {n.id: n for n in fief_content.model.nobles}
    odd = [h for h in fief_content.model.houses if nobles[h.initial.lady_card].sex == "lord"]
    assert odd, "the content has a House taking a Lord on a Lady card"
    for h in odd:
        assert f"Lady card: {nobles[h.initial.lady_card].name} (a Lord all the same)" in md, h.id


def test_the_sheet_states_what_the_referee_does_with_titles_captives_and_ships(md: str) -> None:
    """Statements the rules audit found missing or wrong, each as the referee plays it."""
    for phrase in (
        # fate._inherit: a dead Noble's Fief Title must go to a Noble of his House with room
        "only returns to the board if none has room",
        # fate.grant(may_decline=False): the crown, its Titles and a bought seat
        "a Council seat his player bought",
        "(FF-KING-06)",
        # captives leave only by ransom or Baratheon's save (economy.ransoms, fate.kill)
        "He comes back only when ransomed (phase 4) or saved by House Baratheon's power",
        # movement.sail: a Sailor sails instead of his land move; a refusal still spends it
        "instead of making his land move",
        "his move is spent either way",
        # battle.wall_penalty: counted whoever holds the building; dice may drop to none
        "A side may be left with no dice for a roll.",
        # setup: Archers and Champions are in the stock only with Tactics
        "Archers and Champions join it only when playing with Tactics",
        # politics.warden_votes: the round-start Titles still held and free
        "still has, neither captive nor Outlaw",
    ):
        assert phrase in md, phrase
    assert "meant for 5 or more players) is printed but not played by the referee" in md
    assert "a Sailor at any time" not in md
    assert "may go instead to another Noble" not in md
