"""What the fief reference sheet (``templates/fief/reference.xml.j2``) is fed with.

The template holds the rules in our own words; everything that is data —
Houses and their abilities, Noble attributes, the cards of each deck, the
Titles, prices, strengths, dice — comes from here, built from the content.
Ability and card texts are the ruleset's own (:func:`~pnp.rulesets.fief.effects.describe`),
the same words the cards print, so the sheet and the cards cannot disagree.
Values handed to the template are plain text; it escapes them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.content import LoadedContent
from pnp.content.placeholders import PlaceholderError, fill_placeholders, number_words
from pnp.render import RenderError
from pnp.rulesets.fief.effects import describe
from pnp.rulesets.fief.kit.components import AS_CARDS, AS_DICE, token_groups
from pnp.rulesets.fief.kit.dienets import battle_dice_needed
from pnp.rulesets.fief.kit.houseboards import home_text
from pnp.rulesets.fief.kit.style import CHIT_ART
from pnp.rulesets.fief.kit.wallboard import gate_villages, gate_wardens, short_name
from pnp.rulesets.fief.model import WILDLING_CHITS, FiefContent, stock
from pnp.rulesets.fief.rules.phases import PHASES

HOLDERS = {"any": "anyone", "lords": "Lords only", "ladies": "Ladies only"}
KINDS = {"fief": "Fief", "military": "Military", "high": "High", "special": "Special"}


def reference_context(content: LoadedContent[Any]) -> dict[str, Any]:
    """The template's variables beyond ``ruleset``, ``content`` and ``icons``."""
    model: FiefContent = content.model
    rules = model.rules
    fiefs = {f.id: f.name for f in model.fiefs}
    regions = {r.id: r for r in model.regions}
    villages = {v.id: v.name for v in model.villages}
    nobles = {n.id: n for n in model.nobles}
    units = {u.id: u for u in model.units}
    bands = []
    for low, high, dice in rules.battle.dice.bands:
        span = f"{low} or more" if high is None else f"{low} to {high}"
        bands.append({"span": span, "dice": dice})
    # the House the starts_first ability names (FF-SETUP-06), from the content
    first_house = next(
        (h.name for h in model.houses if any(a.given("starts_first") for a in h.abilities)),
        None,
    )
    return {
        "first_house": first_house,
        "phases": [{"number": p.number, "name": p.name, "expansion": p.expansion} for p in PHASES],
        "houses": [
            {
                "name": h.name,
                "seat": h.seat,
                "words": h.words,
                "home": home_text(model, h),
                "lord": nobles[h.initial.lord_card].name if h.initial.lord_card else "",
                "lady": nobles[h.initial.lady_card].name,
                # a House may take a Lord on a Lady card (Baratheon's Renly): say so
                "lady_is_lord": nobles[h.initial.lady_card].sex == "lord",
                "lords": h.nobles.lords,
                "ladies": h.nobles.ladies,
                "abilities": [describe(a) for a in h.abilities],
                "stock": ", ".join(
                    f"{n} × {units[u].name}" for u, n in stock(model, h).items() if n
                ),
                "start": ", ".join(
                    f"{n} × {units[u].name}"
                    for u, n in (h.start_units or rules.start.units).items()
                    if n
                ),
            }
            for h in model.houses
        ],
        "attributes": [
            {
                "name": a.name,
                "text": " ".join(describe(e) for e in a.effects),
                "nobles": ", ".join(n.name for n in model.nobles if a.id in n.attributes),
            }
            for a in model.attributes
        ],
        "court_cards": [
            {"name": c.name, "copies": c.copies, "text": describe(c.effect)} for c in model.court
        ],
        "fortune_cards": [
            {"name": c.name, "copies": c.copies, "back": c.back, "text": describe(c.effect)}
            for c in model.fortune
        ],
        "disaster_copies": [
            {"name": c.name, "autumn": c.autumn, "winter": c.winter, "text": describe(c.effect)}
            for c in model.disaster_copies
        ],
        "fortune_counts": Counter(c.back for c in model.fortune for _ in range(c.copies)),
        "titles": [
            {
                "name": t.name,
                "kind": KINDS[t.kind],
                "vp": t.vp,
                "holders": HOLDERS[t.holders],
                "where": fiefs.get(t.fief or "", "")
                or (
                    f"Region {regions[t.region].number}, {regions[t.region].name}"
                    if t.region in regions
                    else ""
                ),
                "council": t.council,
                "royal": t.royal,
                "expansion": t.expansion != "base",
                "text": t.text,
            }
            for t in model.titles
        ],
        "vp_titles": [t.name for t in model.titles if t.vp and t.expansion == "base"],
        "watch_vp_titles": [t.name for t in model.titles if t.vp and t.expansion != "base"],
        "royal_titles": [t.name for t in model.titles if t.royal],
        "masters": [t.name for t in model.titles if t.council and t.id != "hand"],
        "units": [
            {
                "name": u.name,
                "cost": u.cost,
                "strength": u.strength,
                "hits": u.hits,
                "stock": u.shared if u.shared is not None else u.stock,
                "exceptions": ", ".join(
                    f"{h.name} {h.stock[u.id]}"
                    for h in model.houses
                    if u.id in h.stock and h.stock[u.id] != u.stock
                ),
                "shared": u.shared is not None,
                "tactics": u.tactics,
                "royal": u.buyer == "royal",
            }
            for u in model.units
        ],
        "buildings": [
            {"name": b.name, "cost": b.cost, "limit": b.limit, "text": b.text}
            for b in model.buildings
        ],
        "dice_bands": bands,
        "die_faces": ", ".join("blank" if f == 0 else f"{f}" for f in rules.battle.dice.faces),
        "regions": [
            {
                "number": r.number,
                "name": r.name,
                "principal": villages.get(r.principal, r.principal),
                "villages": sum(1 for v in model.villages if v.region == r.id),
                # every Village of the Region, by name: islands lie outside the thick
                # borders, so the list is how a player checks one (FF-MAP-03)
                "names": sorted(v.name for v in model.villages if v.region == r.id),
            }
            for r in sorted(model.regions, key=lambda r: r.number)
        ],
        "fiefs": [
            {
                "name": f.name,
                "villages": sum(1 for v in model.villages if v.fief == f.id),
                "title": next(
                    (t.name for t in model.titles if t.kind == "fief" and t.fief == f.id), ""
                ),
            }
            for f in model.fiefs
        ],
        "heirs": [n.name for n in model.nobles if n.kind == "heir"],
        "tn": {t.id: t.name for t in model.tokens},
        "battle_dice": {t.id: t.count for t in model.tokens}.get("battle-die", 0),
        "battle_dice_needed": battle_dice_needed(model),
        "bribes": number_words(rules.prices.bribes),
        "bid_steps": number_words(rules.prices.council_bid_steps),
        "kit": kit_counts(model),
        "marriage_fee": _marriage_fee(model),
        "decisions": [
            {
                "topic": d.topic,
                "text": resolve(d.text, model, f"decisions {d.id!r}"),
                "covers": ", ".join(d.covers),
            }
            for d in model.decisions
        ],
        "watch": watch_context(model),
    }


def watch_context(model: FiefContent) -> dict[str, Any]:
    """The Night's Watch section's data: its pieces, recruits and gates (its numbers are
    ``content.rules.nights_watch``; its decisions are in the table of decisions)."""
    nw = model.rules.nights_watch
    tokens = {t.id: t for t in model.tokens}
    titles = {t.id: t for t in model.titles}
    brother = titles.get("brother-of-the-watch")
    defender = tokens[nw.defender_token]
    return {
        "recruits": [
            {
                "name": short_name(tokens[r.token].name),
                "cost": r.cost,
                "strength": r.strength,
                "count": tokens[r.token].count,
            }
            for r in nw.recruits
        ],
        "castles": [w.name for w in model.wall_castles],
        "brother": brother.name if brother else "Brother of the Night's Watch",
        "brother_cards": brother.copies if brother else 0,
        "lord_commander": titles["lord-commander"].name
        if "lord-commander" in titles
        else "Lord Commander of the Night's Watch",
        "defender": defender.name,
        "defenders": defender.count,
        "gates": gate_villages(model),
        "wardens": gate_wardens(model),
        "bid_steps": number_words(nw.bid_steps),
        # what stays in the box without the expansion
        "pieces": _watch_pieces(model),
        "wildlings": [
            {"name": CHIT_ART[tid][1] if tid in CHIT_ART else tokens[tid].name, "worth": worth}
            for tid, worth in sorted(WILDLING_CHITS.items(), key=lambda kv: -kv[1])
            if tid in tokens
        ],
        "example": wall_example(model),
    }


def _watch_pieces(model: FiefContent) -> list[str]:
    """The Night's Watch expansion's pieces, in words (they stay in the box without it)."""
    nw = model.rules.nights_watch
    tokens = {t.id: t for t in model.tokens}
    castles = ", ".join(w.name for w in model.wall_castles)
    out = ["the Wall board", f"the {len(model.wall_castles)} castle cards ({castles})"]
    for t in model.titles:
        if t.expansion != "base":
            kind = "token" if t.kind == "high" else "card"
            out.append(
                f"the {t.copies} {t.name} {kind}s" if t.copies > 1 else f"the {t.name} {kind}"
            )
    if "wall-marker" in tokens:
        out.append(f"the {tokens['wall-marker'].name}")
    recruits = [short_name(tokens[r.token].name) for r in nw.recruits if r.token in tokens]
    if recruits:
        out.append(f"the {' and '.join(recruits)} recruit chits")
    if nw.defender_token in tokens:
        out.append(f"the {tokens[nw.defender_token].name} tokens")
    chits = [
        CHIT_ART[t][1] if t in CHIT_ART else tokens[t].name for t in WILDLING_CHITS if t in tokens
    ]
    if chits:
        out.append(f"the {' and '.join(chits)} chits")
    return out


def wall_example(model: FiefContent) -> dict[str, Any]:
    """A Battle at the Wall worked out with the content's numbers, for the Wall's step 5:
    one castle standing, two Brothers (one the Lord Commander) and one recruit, two bids,
    and the wildlings a little weaker than the Watch, so the bid gold is split between the
    supplies and the bank as the referee splits it (``rules/watch.py``, ``wall_phase``)."""
    nw = model.rules.nights_watch
    recruit = nw.recruits[0]
    names = {t.id: t.name for t in model.tokens}
    bids = [2, 1]
    watch = (
        nw.castle_strength
        + 2 * nw.brother_strength
        + recruit.strength
        + sum(bids)
        + nw.lc_bid_bonus
    )
    margin = min(2, sum(bids) - 1)
    host = watch - margin
    marker = max(0, min(nw.track, host - 5))
    roll = host - marker
    supplies = min(sum(bids), watch - host)
    return {
        "castle": nw.castle_strength,
        "brothers": 2 * nw.brother_strength,
        "recruit": short_name(names.get(recruit.token, recruit.token)),
        "recruit_strength": recruit.strength,
        "bids": bids,
        "gold": sum(bids),
        "bonus": nw.lc_bid_bonus,
        "watch": watch,
        "roll": roll,
        "marker": marker,
        "host": host,
        "supplies": supplies,
        "bank": sum(bids) - supplies,
    }


def resolve(text: str, model: FiefContent, where: str) -> str:
    """``text`` with every ``{rules.…}`` placeholder replaced by the content's value
    (:func:`~pnp.content.placeholders.fill_placeholders`); a path the rules do not
    have is a :class:`RenderError` naming ``where``."""
    try:
        return fill_placeholders(text, model, f"fief: {where}")
    except PlaceholderError as exc:
        raise RenderError(str(exc)) from None


def _marriage_fee(model: FiefContent) -> int:
    """The fee of the first attribute that asks one (for the marriage rules' wording)."""
    for a in model.attributes:
        for e in a.effects:
            fee: int | None = e.given("marriage_fee")
            if fee:
                return fee
    return 0


def _military_cards(model: FiefContent) -> list[str]:
    """The Military (and special) Title cards in words: the Warden cards together, then each other
    Title, with its copies."""
    military = [t for t in model.titles if t.is_card]
    wardens = [t for t in military if t.region is not None]
    out = [f"{len(wardens)} Warden cards"] if wardens else []
    for t in military:
        if t.region is not None:
            continue
        out.append(f"{t.copies} × {t.name}" if t.copies > 1 else t.name)
    return out


def kit_counts(model: FiefContent) -> list[dict[str, Any]]:
    """What the printed kit holds, in words and counts (from the kit's own declarations)."""
    houses = len(model.houses)
    groups = token_groups(model)

    def copies(group: str) -> int:
        return sum(t.copies for t in groups[group])

    shared = sum(u.shared or 0 for u in model.units)
    dice = {t.id: t.count for t in model.tokens if t.id in AS_DICE}
    kinds = Counter(n.kind for n in model.nobles)
    # the markers the kit prints as cards (the First Player card): cards.pdf holds them too
    card_markers = [t for t in model.tokens if t.id in AS_CARDS or t.shape == "card"]
    return [
        {
            "what": "Noble cards (poker size)",
            "count": len(model.nobles),
            "file": "nobles.pdf",
            "note": f"{kinds['noble']} House Nobles, {kinds['bannerman']} Bannermen, "
            f"{kinds['heir']} Heirs",
        },
        {
            "what": "Court Event cards (mini, brown back)",
            "count": sum(c.copies for c in model.court),
            "file": "cards.pdf",
            "note": "",
        },
        {
            "what": "Fortune cards (mini, grey and black backs)",
            "count": sum(c.copies for c in model.fortune),
            "file": "cards.pdf",
            "note": "bounties and disasters",
        },
        {
            "what": "Disaster copies (mini, blue back)",
            "count": sum(c.copies for c in model.disaster_copies),
            "file": "cards.pdf",
            "note": "Winter is Coming",
        },
        {
            "what": "Military and special Title cards (mini)",
            "count": sum(t.copies for t in model.titles if t.is_card),
            "file": "cards.pdf",
            # every card counted once, so the note adds up to the count
            "note": ", ".join(_military_cards(model)),
        },
        {
            "what": "Wall castle cards (mini)",
            "count": sum(w.copies for w in model.wall_castles),
            "file": "cards.pdf",
            "note": "Night's Watch expansion",
        },
        *(
            [
                {
                    "what": "Marker cards (mini)",
                    "count": sum(t.count for t in card_markers),
                    "file": "cards.pdf",
                    "note": ", ".join(t.name for t in card_markers),
                }
            ]
            if card_markers
            else []
        ),
        {
            "what": "Fief and High Title tokens",
            "count": copies("titles"),
            "file": "tokens.pdf",
            "note": "one per Title",
        },
        {
            "what": "Troops",
            "count": copies("troops"),
            "file": "tokens.pdf",
            "note": f"each House's stock in its colour, and {shared} shared Whitecloaks "
            "(the royal guard)",
        },
        {
            "what": "House markers",
            "count": copies("house markers"),
            "file": "tokens.pdf",
            "note": "votes, tax, diplomacy, marriage and VP markers in each House's colour",
        },
        {
            "what": "Building counters",
            "count": copies("buildings"),
            "file": "tokens.pdf",
            "note": ", ".join(t.name for t in groups["buildings"]),
        },
        {
            "what": "Noble avatars, coins and other markers",
            "count": copies("markers"),
            "file": "tokens.pdf",
            "note": "",
        },
        {
            "what": "Die nets",
            "count": sum(dice.values()),
            "file": "dice.pdf",
            "note": f"{dice.get('battle-die', 0)} battle dice and {dice.get('d6', 0)} "
            "six-sided dice to fold",
        },
        {
            "what": "Boards",
            "count": 4 + houses,
            "file": "board.pdf, court-board.pdf, wall-board.pdf, house-boards.pdf",
            "note": "the main board (tiled), the Royal Court, the decks, the Wall "
            "(Night's Watch), one per House",
        },
    ]
