"""Variables for the thrones reference sheet (``templates/thrones/reference.xml.j2``).

The template holds the prose; this module hands it the lists that come from
content: phases, claims, the keyword glossary, the titles' powers, the crests
and Houses, what the printed kit holds and every deck's list, so the sheet
always matches the cards.
"""

from __future__ import annotations

from typing import Any

from pnp.content import LoadedContent
from pnp.content.placeholders import fill_placeholders
from pnp.render import Token
from pnp.rulesets.thrones.effects import KEYWORDS
from pnp.rulesets.thrones.kit.components import components
from pnp.rulesets.thrones.kit.icons import title_icon
from pnp.rulesets.thrones.kit.markup import kit_frames, phases, title_powers
from pnp.rulesets.thrones.model import ThronesContent
from pnp.rulesets.thrones.setup import PLAYER_COUNTS, default_deck_format
from pnp.rulesets.thrones.text import KEYWORD_NAMES

#: the glossary's order: the summary's keywords, then the House-specific ones
GLOSSARY = (
    "deadly",
    "deathbound",
    "immunity",
    "limited",
    "no_attachments",
    "renown",
    "stealth",
    "setup",
    "ambush",
    "infamy",
    "intimidate",
    "stalwart",
    "vengeful",
    "vigilant",
)
#: the pieces of the kit, by output file, in words
FILE_NAMES = {
    "cards": "Draw-deck cards (characters, locations, attachments, events)",
    "plots": "Plot cards",
    "house-cards": "House cards and agendas",
    "titles": "Title cards",
    "banners": "House banners",
    "council-board": "Multiplayer board",
}


def keyword_glossary() -> list[dict[str, str]]:
    """Every keyword with its meaning (markup-free words)."""
    texts = kit_frames()["keywords"]
    names = {**KEYWORD_NAMES, "immunity": "Immunity"}
    missing = set(KEYWORDS) - set(GLOSSARY)
    assert not missing, f"keywords missing from the glossary: {sorted(missing)}"
    return [{"id": k, "name": names[k], "text": texts[k]} for k in GLOSSARY]


def kit_contents(content: LoadedContent[Any]) -> list[dict[str, Any]]:
    """What the printed kit holds: one row per kind of piece, with counts."""
    rows: list[dict[str, Any]] = []
    by_file: dict[str, list[Any]] = {}
    for comp in components(content):
        by_file.setdefault(comp.file_stem, []).append(comp)
    for stem, comps in by_file.items():
        if stem == "tokens":
            for comp in comps:
                if isinstance(comp, Token) and not comp.id.startswith("marker-"):
                    rows.append(
                        {
                            "piece": comp.label,
                            "count": comp.copies,
                            "kinds": 1,
                            "file": f"{stem}.pdf",
                        }
                    )
            markers = [c for c in comps if c.id.startswith("marker-")]
            if markers:
                rows.append(
                    {
                        "piece": "Title markers",
                        "count": len(markers),
                        "kinds": len(markers),
                        "file": f"{stem}.pdf",
                    }
                )
            continue
        rows.append(
            {
                "piece": FILE_NAMES.get(stem, stem),
                "count": sum(c.copies for c in comps),
                "kinds": len(comps),
                "file": f"{stem}.pdf",
            }
        )
    return rows


def deck_lists(model: ThronesContent) -> list[dict[str, Any]]:
    """Every deck: its House, format, agenda, plots and cards (``3× Name``)."""
    cards = {c.id: c for c in model.cards}
    plots = {p.id: p.name for p in model.plots}
    agendas = {a.id: a.name for a in model.agendas}
    houses = {h.id: h for h in model.houses}
    out = []
    for d in model.decks:
        listed = sorted(d.cards, key=lambda cid: (cards[cid].type, cards[cid].name))
        out.append(
            {
                "name": d.name,
                "house": houses[d.house].name,
                "sigil": houses[d.house].sigil,
                # the template prints the size beside it: "two-player, 50 cards"
                "format": FORMAT_WORDS[d.format],
                "size": sum(d.cards.values()),
                "agenda": agendas.get(d.agenda, "") if d.agenda else "",
                "plots": ", ".join(plots[p] for p in d.plots),
                "cards": ", ".join(f"{d.cards[c]}\u00d7 {cards[c].name}" for c in listed),
            }
        )
    return out


#: a table size in words, for the set-up's sentence on which deck lists to use
_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}
#: a deck format as the deck lists print it
FORMAT_WORDS = {"two_player": "two-player", "constructed": "constructed"}


def deck_use(model: ThronesContent) -> list[dict[str, Any]]:
    """Which deck lists each table size plays (the referee's :func:`default_deck_format`),
    with the size the rules give that format and whether its lists name agendas."""
    by_format: dict[str, list[int]] = {}
    for n in PLAYER_COUNTS:
        by_format.setdefault(default_deck_format(n), []).append(n)
    sizes = {
        "two_player": str(model.rules.two_player_deck),
        "constructed": f"at least {model.rules.constructed_min}",
    }
    out = []
    for fmt, counts in by_format.items():
        words = " or ".join(_COUNT_WORDS.get(n, str(n)) for n in counts) + " players"
        if 4 in counts:
            words += " (Two-on-Two too)"
        out.append(
            {
                "players": words,
                "format": FORMAT_WORDS[fmt],
                "size": sizes[fmt],
                "agenda": any(d.agenda for d in model.decks if d.format == fmt),
            }
        )
    return out


def reference_context(content: LoadedContent[Any]) -> dict[str, Any]:
    """The template's variables besides ``ruleset``, ``content`` and ``icons``."""
    model = content.model
    assert isinstance(model, ThronesContent)
    fr = kit_frames()
    names = {t.id: t.name for t in model.titles}
    return {
        # a ruling's {rules.…} numbers, filled in: the sheet states the content's numbers
        "rulings": [
            {"id": r.id, "text": fill_placeholders(r.text, model, f"thrones: rulings {r.id!r}")}
            for r in model.rulings
        ],
        "phases": phases(model.rules),
        "claims": [
            {"icon": k, "name": k.title(), "text": fr["claims"][k]}
            for k in ("military", "intrigue", "power")
        ],
        "keywords": keyword_glossary(),
        "titles": [
            {
                "name": t.name,
                "icon": title_icon(t.id),
                "powers": "<br/>".join(title_powers(t, names)),
                "supports": ", ".join(names[i] for i in t.supports) or "none",
                "opposes": ", ".join(names[i] for i in t.opposes) or "none",
            }
            for t in model.titles
        ],
        "houses": [{"name": h.name, "sigil": h.sigil} for h in model.houses],
        "crests": ["holy", "learned", "noble", "war"],
        "kit": kit_contents(content),
        "decks": deck_lists(model),
        "deck_use": deck_use(model),
        # plots made for no one House (their line under the name says PLOT alone)
        "shared_plots": ", ".join(p.name for p in model.plots if p.house is None) or "none",
    }
