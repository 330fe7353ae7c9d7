"""The fief rules reference: exported as PDF, Markdown and HTML, and complete.

It must state every rule the referee plays by, so it is checked for every
House, Title, Noble attribute and card, for the numbers the content sets
(read from the content here, never written into the test), and for every
DECISION of ``shared/rules/gaps.md`` by its checklist ID and its value.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from pnp.content import LoadedContent
from pnp.render import RenderError
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.kit.reference import kit_counts, resolve
from tests.rulesets.fief.kit.conftest import Build

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
    assert "A Song of Ice and Fief: reference" in text
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
    """Every decision is printed as players read it: its ``{rules.…}`` placeholders
    replaced by the rules' numbers, and the checklist rules it settles named."""
    model = fief_content.model
    decisions = model.decisions
    assert decisions, "content/fief/decisions.yaml lists the referee's decisions"
    assert any("{rules." in d.text for d in decisions), "some decisions quote rules.yaml"
    for d in decisions:
        printed = " ".join(resolve(d.text, model, d.id).split())
        assert "{rules." not in printed, d.id
        assert printed in md, d.id
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


def test_building_texts_burden_only_an_attack_on_the_holder(
    fief_content: LoadedContent[Any], md: str
) -> None:
    """The building table said a Stronghold costs "the attacker" a die whoever he
    attacks there; decision stronghold-holder (FF-PH-17) burdens only an attack on the
    Village's holder. Each building's penalty is also the rules' number of dice."""
    model = fief_content.model
    dice = model.rules.battle.dice
    penalty = {"stronghold": dice.stronghold_penalty, "fortified-city": dice.fortified_penalty}
    texts = {b.id: b.text for b in model.buildings}
    for bid, n in penalty.items():
        text = texts[bid]
        assert f"attacking its holder there costs the attacker {n} di" in text.lower(), bid
        assert " ".join(text.split()) in md, bid
    for bid, text in texts.items():
        assert "attacking it " not in text.lower(), bid


def test_each_variant_names_its_referee_option(md: str) -> None:
    """A designer reads a variant and runs it: a note apart from the players' rules names
    the option that plays each (the rules themselves say nothing of options)."""
    from pnp.rulesets.fief.setup import KNOWN_OPTIONS

    variants = md.split("## Variants", 1)[1].split("## The Night's Watch", 1)[0]
    rules, note = variants.split("*For the referee's users:*")
    for option in KNOWN_OPTIONS:
        written = option.replace("_", "\\_")  # Markdown escapes the underscore
        assert written in note, option
    assert "option" not in rules


def test_player_text_runs_no_commands(md: str) -> None:
    """The players' rules hold no command line: no ``pnp`` command, no ``-o`` option, no
    content file name (the Night's Watch section quoted ``pnp playtest fief -o …``, the
    variants "referee option winter")."""
    assert not re.search(
        r"\bpnp (build|playtest|play|rules|validate|scenario|render|compare|replay)\b", md
    )
    assert " -o " not in md
    assert ".yaml" not in md
    assert "referee option" not in md


def test_the_uprising_decision_names_every_attribute_that_invites_one(
    fief_content: LoadedContent[Any],
) -> None:
    """The decisions' Uprising row names each Noble attribute the referee lets it aim at."""
    model = fief_content.model
    text = next(d.text for d in model.decisions if d.id == "uprising")
    inviting = [
        a.name for a in model.attributes if any(e.key == "uprising_target" for e in a.effects)
    ]
    assert len(inviting) >= 2, "the content has Tyrant and Cruel"
    for name in inviting:
        assert name in text, name


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
        # battle.fight: the dice left after a building's penalty may be none
        "A side may be left with no dice for a roll.",
        # setup: Archers and Champions are in the stock only with Tactics
        "Archers and Champions join it only when playing with Tactics",
        # politics.warden_votes: the round-start Wardens and Councillors still free,
        # a conceded Title counted for its old holder
        "still his and neither dead, captive nor Outlaw",
        "(even one who has since conceded his Title)",
        # setup._initial_noble: the card turned up is discarded, the others shuffled back
        "the card kept is spent on that Noble's coming of age and goes to the discard pile",
        # setup: Targaryen's starting Title takes the Mother of Dragons card out of the deck
        "take its Court Event card out of the Court deck",
        # battle: a Secret Passage is played as a battle starts, not in the Movement phase
        "or as a battle starts: cancel the dice a Stronghold or Fortified City costs you",
    ):
        assert phrase in md, phrase
    # the Night's Watch is played now: neither the old paragraph nor the phase note remain
    assert "printed but not played by the referee" not in md
    assert "the referee does not play the Night's Watch" not in md
    assert "a Sailor at any time" not in md
    assert "may go instead to another Noble" not in md


def test_the_night_s_watch_has_its_section(
    md: str, fief_build: Build, fief_content: LoadedContent[Any]
) -> None:
    """The expansion is explained from the content: its players, recruits, Hear Ye subphase
    in the rulebook's order, the Battle at the Wall step by step, and its numbers."""
    model = fief_content.model
    nw = model.rules.nights_watch
    assert "## The Night's Watch " in md
    section = md[md.index("## The Night's Watch ") : md.index("## Decisions at a glance")]
    assert f"An expansion for {nw.min_players} to {model.rules.max_players} players" in section
    for castle in model.wall_castles:
        assert castle.name in section, castle.id
    counts = {t.id: t.count for t in model.tokens}
    for r in nw.recruits:
        name = next(t.name for t in model.tokens if t.id == r.token)
        short = name[name.index("(") + 1 : -1].capitalize()
        assert f"| {short} | {r.cost} | {r.strength} | {counts[r.token]} |" in section, r
    # 1.2: the Oathbreakers, then the Lord Commander, and only then the Wardens
    hear_ye = section[section.index("### Hear Ye: subphase 1.2") :]
    oath = hear_ye.index("**Oathbreakers.**")
    election = hear_ye.index("**The Lord Commander's election**")
    wardens = hear_ye.index("Then the Warden, Hand and King elections follow")
    assert oath < election < wardens
    phase = md[md.index("In this order: divorces") :]
    assert phase.index("the Oathbreakers, then the Lord Commander's election") < phase.index(
        "then the elections: the Wardens"
    )
    steps = ", ".join(str(b) for b in nw.bid_steps[:-1]) + f" or {nw.bid_steps[-1]}"
    battle = section[section.index("### Phase 7: the Battle at the Wall") :]
    for phrase in (
        f"1. Move the Wall marker up one space (it stops at {nw.track}).",
        "2. Roll a six-sided die",
        f"3. In turn order, each player secretly bids {steps} Gold Dragons",
        f"4. The Watch's strength: {nw.castle_strength} for each castle still standing, "
        f"{nw.brother_strength} for each Brother",
        f"and {nw.lc_bid_bonus} more when there is a Lord Commander",
        "5. **The Wall holds**",
        f"{counts[nw.defender_token]} in all",
        f"brings its owner {nw.defender_income} Gold Dragon",
        "6. **The wildlings break through**",
        "7. Finally the Lord Commander may take everything in the Wall's supplies.",
    ):
        assert phrase in battle, phrase
    assert "(skipped" not in md
    assert f"| The Night's Watch (FF-NW-01, FF-NW-06) | From {nw.min_players} players;" in md
    assert f"the Wall track 0–{nw.track}" in md
    html = fief_build.files["reference.html"].decode()
    assert '<h2 id="the-nights-watch">The Night' in html
    pdf = PdfReader(io.BytesIO(fief_build.files["reference.pdf"]))
    text = " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)
    assert "Phase 7: the Battle at the Wall" in text
    assert "Oathbreakers." in text


def _section(md: str, heading: str) -> str:
    """The text of the ``## heading`` section, to the next ``## ``."""
    start = md.index(f"## {heading} ")
    end = md.find(" ## ", start + 3)
    return md[start : end if end > 0 else None]


def test_the_board_lists_every_village_by_region(md: str, fief_content: LoadedContent[Any]) -> None:
    """Wardens, disasters and taxes go by Region, and an island lies outside the thick
    borders: the sheet names each Region's Villages (it gave only a count)."""
    model = fief_content.model
    board = _section(md, "The board")
    names = {v.id: v.name for v in model.villages}
    for r in model.regions:
        mine = sorted(v.name for v in model.villages if v.region == r.id)
        row = f"| {r.number}. {r.name} | {names[r.principal]} | {', '.join(mine)} ({len(mine)}) |"
        assert row in board, row
    assert "the number at the end of its name banner" in board


def test_setting_up_covers_houses_winter_the_supply_and_the_watch(
    md: str, fief_content: LoadedContent[Any]
) -> None:
    """The set-up says how Houses are chosen before the First Player (who depends on
    them), has a Winter is Coming step and a supply step, puts the Night's Watch Titles in
    one place, boxes the expansion's pieces without it, and says what a starting Village
    with a printed Stronghold gets (the referee places none)."""
    model = fief_content.model
    setup = _section(md, "Setting up")
    assert setup.index("**Houses.**") < setup.index("**First Player.**")
    assert "when two players want the same House" in setup
    winter = setup[setup.index("**With Winter is Coming**") :]
    assert "take one Plague out of the Fortune deck" in winter
    assert "put the Season marker on Summer" in winter
    assert setup.index("**With Winter is Coming**") < setup.index("**Decks.**")
    assert "**The supply.**" in setup and "(FF-COMP-07)" in setup
    for piece in ("Outlaw", "Captive", "Assassination", "Region disaster", "Whitecloaks"):
        assert piece in setup, piece
    watch = setup[setup.index("**With the Night's Watch**") :]
    brother = next(t.name for t in model.titles if t.id == "brother-of-the-watch")
    assert f"The {brother} cards and the" in watch and "wait on the Royal Court board" in watch
    assert "Brother cards, the recruits" not in setup  # they were also put beside the Wall
    boxed = watch[watch.index("Without the Night's Watch") :]
    for w in model.wall_castles:
        assert w.name in boxed, w.id
    assert "stay in the box" in boxed
    assert "(FF-SETUP-10):** a Village with a Stronghold or a Fortified City printed" in setup


def test_every_marker_is_named_and_placed_once(md: str, fief_build: Build) -> None:
    """One name per marker, and what each is for (the Assassination marker was also called
    Murdered on its chit and a murder marker in Arryn's power)."""
    markers = _section(md, "Markers")
    for name in (
        "Marriage marker",
        "House VP marker",
        "Captive marker",
        "Assassination marker",
        "Region disaster marker",
        "Season marker",
        "Outlaw marker",
        "(FF-MARR-04)",
        "(FF-ELEC-10)",
        "Victory Points track",
    ):
        assert name in markers, name
    tokens = PdfReader(io.BytesIO(fief_build.files["tokens.pdf"]))
    chits = " ".join(page.extract_text() for page in tokens.pages)
    for text in (md, chits):
        assert "murder" not in text.lower()


def test_terms_are_one_and_defined(md: str, fief_content: LoadedContent[Any]) -> None:
    """One spelling for Gods-cursed; the royal guard named once (Whitecloaks) and said who
    buys it; the Military Title cards' note adds up to their count; Stark's discard names
    the blue back of the Winter copies too."""
    assert "Gods cursed" not in md and "Gods-cursed" in md
    assert "Queensguard" not in md and "Kingsguard" not in md
    assert "**Whitecloaks** are the royal guard" in md
    row = next(r for r in kit_counts(fief_content.model) if r["what"].startswith("Military"))
    total = sum(
        int(part.split(" ", 1)[0]) if part.split(" ", 1)[0].isdigit() else 1
        for part in row["note"].split(", ")
    )
    assert total == row["count"], row
    assert "a disaster (black back, or blue for a Winter is Coming copy)" in md


def test_the_round_says_how_the_purchase_phase_goes_round(md: str) -> None:
    """The referee's Purchase phase goes round three times (ransoms, the Council bid,
    purchases); the sheet said each player took all his actions on his turn."""
    rnd = _section(md, "A round")
    assert "Phase 4 goes round the table three times" in rnd
    assert "in phases 4, 5 and 6 each player takes all his actions" not in rnd


def test_sealed_bids_are_made_with_a_closed_fist(md: str) -> None:
    purchase = _section(md, "Phase 4: purchase")
    assert "closed fist" in purchase
    wall = md[md.index("### Phase 7: the Battle at the Wall") :]
    assert "closed fist" in wall


def test_the_king_s_heir_is_named_one_way(md: str, fief_content: LoadedContent[Any]) -> None:
    """The main text, the decisions and the referee agree: the first Heir in the order of
    the Heir cards, an Outlaw one included, without the Protector's card (fate._succession)."""
    heirs = [n.name for n in fief_content.model.nobles if n.kind == "heir"]
    assert len(heirs) >= 2
    assert f"({' before '.join(heirs)}) becomes King, even an Outlaw" in md
    assert "unless he is an Outlaw" in md
    assert "oldest Heir" not in md


def test_recruits_serve_under_their_buyer_s_brother_and_go_back(md: str) -> None:
    """Recruits go under a Brother of the buyer's own, and back to the supply when he
    leaves the Wall (watch.recruit, state.release_recruits)."""
    section = md[md.index("### Recruits") :]
    assert "under one of that player's own Brothers" in section
    assert "his recruits go back to the supply" in section
    assert "under one of those Brothers" not in md and "under that Brother" not in md


def test_the_wall_s_supplies_are_worked_out_as_the_referee_does(
    md: str, fief_content: LoadedContent[Any]
) -> None:
    """Step 5 gives the rule and the example of nw-wall-holds.yaml: the supplies take the
    bid gold up to the Watch's margin (watch.wall_phase: ``min(paid, watch - host)``), the
    Lord Commander's bonus being strength, not gold; step 6 says what a breach does with
    no castle left (nw-wall-breached-no-castle-left.yaml)."""
    nw = fief_content.model.rules.nights_watch
    ranger = nw.recruits[0]
    gold = 2 + 1
    watch = nw.castle_strength + 2 * nw.brother_strength + ranger.strength + gold + nw.lc_bid_bonus
    host = 5 + 3
    supplies = min(gold, watch - host)
    battle = md[md.index("### Phase 7: the Battle at the Wall") :]
    assert f"the Watch is {watch}." in battle
    assert f"The wildlings roll 5 with the marker on 3: {host}." in battle
    assert (
        f"{supplies} of the {gold} Gold Dragons bid go to the supplies and "
        f"{gold - supplies} to the bank" in battle
    )
    assert (
        f"The Lord Commander's {nw.lc_bid_bonus} counts in the Watch's strength but is no gold"
        in battle
    )
    assert "When every castle has already fallen, no castle falls" in battle
