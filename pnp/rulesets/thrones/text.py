"""Printed card text, generated from the ability data.

The referee runs :mod:`.effects` models; this module turns the very same
models into the words on the card, so the two cannot disagree. Markup:
``**bold**`` for headings and keywords, ``[military]`` / ``[intrigue]`` /
``[power]`` / ``[gold]`` for inline icons (the print engine draws them).
Sentence frames (phase headings, trigger phrases) live in
``templates/thrones/ability-text.yaml`` so a designer can reword them without
touching code.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import yaml

from pnp.content.words import plural
from pnp.paths import default_templates_root
from pnp.rulesets.thrones.effects import (
    Ability,
    CardFilter,
    ChooseTarget,
    Condition,
    Cost,
    EachTarget,
    Effect,
    Passive,
)

if TYPE_CHECKING:
    from pnp.rulesets.thrones.model import Title

KEYWORD_NAMES = {
    "ambush": "Ambush",
    "deadly": "Deadly",
    "deathbound": "Deathbound",
    "infamy": "Infamy",
    "intimidate": "Intimidate",
    "limited": "Limited",
    "no_attachments": "No attachments",
    "renown": "Renown",
    "setup": "Setup",
    "stalwart": "Stalwart",
    "stealth": "Stealth",
    "vengeful": "Vengeful",
    "vigilant": "Vigilant",
}
TYPE_PLURAL = {
    "character": "characters",
    "location": "locations",
    "attachment": "attachments",
    "card": "cards",
    "event": "events",
    "plot": "plots",
    "agenda": "agendas",
}


@functools.lru_cache(maxsize=1)
def frames() -> dict[str, Any]:
    """The sentence frames from the templates folder."""
    path = default_templates_root() / "thrones" / "ability-text.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=1)
def kit_frames() -> dict[str, Any]:
    """The kit's sentence frames (``templates/thrones/kit-text.yaml``): the words that a
    card's data implies besides its abilities (a title's powers …), which the print kit
    and the table both read."""
    path = default_templates_root() / "thrones" / "kit-text.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict), f"{path}: expected a mapping"
    return data


def title_lines(title: Title, form: str = "") -> list[str]:
    """A title's powers from the frames ``{form}strength_any`` … (``""``: in full;
    ``"short_"``: the board's few words), with ``[icon]`` names."""
    fr = kit_frames()["title"]
    out = []
    if title.strength is not None:
        key = "strength_any" if title.strength.challenge == "any" else "strength_icon"
        amount, challenge = title.strength.amount, title.strength.challenge
        out.append(fr[form + key].format(amount=amount, challenge=challenge))
    for key in ("income", "draw", "influence"):
        amount = getattr(title, key)
        if amount:
            out.append(
                fr[form + key].format(amount=amount, cards="card" if amount == 1 else "cards")
            )
    if title.special is not None:
        out.append(fr[form + title.special].format(challenge=title.intercept_challenge))
    return out


def title_relation_lines(title: Title, names: Mapping[str, str]) -> list[str]:
    """``Supports: …`` and ``Opposes: …`` (or that it has neither), titles by name."""
    fr = kit_frames()["title"]
    out = []
    for key in ("supports", "opposes"):
        ids: Sequence[str] = getattr(title, key)
        if ids:
            out.append(fr[key].format(titles=", ".join(names.get(i, i) for i in ids)))
    return out or [fr["none"]]


def _house(house: str, houses: dict[str, str]) -> str:
    return "House " + houses.get(house, house.title())


def filter_words(
    f: CardFilter, kind: str, name: str, houses: dict[str, str], plural: bool = False
) -> str:
    """``a kneeling House Stark Knight character an opponent controls with 3 STR or less``."""
    pre: list[str] = []
    if f.kneeling is True:
        pre.append("kneeling")
    elif f.kneeling is False:
        pre.append("standing")
    if f.participating:
        pre.append("participating")
    if f.attacking:
        pre.append("attacking")
    if f.defending:
        pre.append("defending")
    if f.unique is True:
        pre.append("unique")
    elif f.unique is False:
        pre.append("non-unique")
    if f.house is not None:
        pre.append(_house(f.house, houses))
    if f.crest is not None:
        pre.append(f.crest.title())
    if f.trait is not None:
        pre.append(f.trait)
    noun = TYPE_PLURAL[kind] if plural else kind
    words = " ".join([*pre, noun])
    post: list[str] = []
    if f.not_self:
        post.append(f"other than {name}")
    if f.controller == "you":
        post.append("you control")
    elif f.controller == "opponent":
        post.append("an opponent controls" if not plural else "your opponents control")
    if f.icon is not None:
        post.append(f"with {article(f.icon)} [{f.icon}] icon")
    if f.keyword is not None:
        post.append(f"with {KEYWORD_NAMES[f.keyword]}")
    if f.max_strength is not None:
        post.append(f"with {f.max_strength} STR or less")
    if f.max_cost is not None:
        post.append(f"costing {f.max_cost} or less")
    if f.has_power:
        post.append("that has power")
    if post:
        words += " " + " ".join(post)
    if plural:
        return words
    return article(words) + " " + words


def article(words: str) -> str:
    """``a`` or ``an`` for the phrase (``an intrigue``, ``a unique``, ``an [intrigue]``)."""
    w = words.lstrip("[").lower()
    if w.startswith(("uni", "use", "one")):
        return "a"
    return "an" if w[:1] in "aeiou" else "a"


def target_words(t: Any, name: str, houses: dict[str, str]) -> str:
    if t == "self":
        return name
    if t == "host":
        return "the attached character"
    if t == "house":
        return "your House"
    if isinstance(t, ChooseTarget):
        return filter_words(t, t.choose, name, houses)
    if isinstance(t, EachTarget):
        return "each " + filter_words(t, t.each, name, houses)[2:].lstrip()
    raise AssertionError(t)


@dataclass(frozen=True)
class Phrasing:
    """What an effect word needs to print itself: the card's name and the House names."""

    name: str
    houses: dict[str, str]

    def target(self, t: Any) -> str:
        """``kill`` + this: ``a character an opponent controls``, ``Ser Jaime``."""
        return target_words(t, self.name, self.houses)

    def cards(self, f: CardFilter, kind: str) -> str:
        """``a House Stark character costing 3 or less``."""
        return filter_words(f, kind, self.name, self.houses)

    def effects(self, effects: list[Effect]) -> str:
        """Several effects joined: ``draw 1 card and gain 2 [gold]``."""
        return _join([effect_words(e, self.name, self.houses) for e in effects])

    @staticmethod
    def keyword(keyword: str) -> str:
        """A keyword's printed name (``No attachments``)."""
        return KEYWORD_NAMES[keyword]

    @staticmethod
    def article(words: str) -> str:
        """``a`` or ``an`` for the phrase."""
        return article(words)


def effect_words(e: Effect, name: str, houses: dict[str, str]) -> str:
    """One effect as printed, written by its word (:data:`.effects.WORDS`)."""
    return e.word.text(e.value, Phrasing(name, houses))


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return (
        ", ".join(parts[:-1]) + " and " + parts[-1]
        if len(parts) == 2
        else (", ".join(parts[:-1]) + ", and " + parts[-1])
    )


def cost_words(cost: Cost | None, name: str, houses: dict[str, str]) -> str:
    if cost is None:
        return ""
    parts = []
    if cost.kneel_self:
        parts.append(f"kneel {name}")
    if cost.kneel is not None:
        kind = "card"
        parts.append("kneel " + filter_words(cost.kneel, kind, name, houses))
    if cost.kneel_influence:
        parts.append(f"kneel {cost.kneel_influence} influence")
    if cost.gold:
        parts.append(f"pay {cost.gold} [gold]")
    if cost.sacrifice_self:
        parts.append(f"sacrifice {name}")
    return _join(parts)


def trigger_words(a: Ability, name: str, houses: dict[str, str]) -> str:
    trig = a.response or a.forced
    cond = a.if_ or Condition()
    fr = frames()["triggers"]
    icon = f"[{cond.challenge}] " if cond.challenge else ""
    art = article(icon or "challenge")
    role = ""
    if cond.as_ == "attacker":
        role = " as the attacker"
    elif cond.as_ == "defender":
        role = " as the defender"
    part = f" in which {name} participates" if cond.participating else ""
    unopp = " unopposed" if cond.unopposed else ""
    card = ""
    if cond.card is not None:
        card = filter_words(cond.card, "character", name, houses)
    phase = cond.phase or ""
    text = fr[trig].format(
        a=art,
        name=name,
        icon=icon,
        role=role,
        participating=part,
        unopposed=unopp,
        card=card or frames()["any_card"].get(trig, "a card"),
        phase=phase,
    )
    return " ".join(text.split())


def condition_words(cond: Condition | None, name: str) -> str:
    """A condition as a leading clause (for actions and passives)."""
    if cond is None:
        return ""
    parts = []
    if cond.challenge:
        parts.append(f"during {article(cond.challenge)} [{cond.challenge}] challenge")
    if cond.attacking:
        parts.append(f"while {name} is attacking")
    if cond.defending:
        parts.append(f"while {name} is defending")
    if cond.participating:
        parts.append(f"while {name} is participating in a challenge")
    if cond.kneeling is True:
        parts.append(f"while {name} is kneeling")
    if cond.behind:
        parts.append("while you have less power than an opponent")
    if cond.hand_empty:
        parts.append("while you have no cards in hand")
    if cond.as_ == "attacker":
        parts.append("while you are attacking")
    if cond.as_ == "defender":
        parts.append("while you are defending")
    if cond.phase:
        parts.append(f"during the {cond.phase} phase")
    return _join(parts)


def passive_words(
    p: Passive, cond: Condition | None, kind: str, name: str, houses: dict[str, str]
) -> str:
    aff = p.affects
    if aff is None:
        aff = "host" if kind == "attachment" else "self"
    if isinstance(aff, EachTarget):
        who = "each " + filter_words(aff, aff.each, name, houses)[2:].lstrip()
    elif aff == "host":
        who = "the attached character"
    else:
        who = name
    out = []
    if p.strength:
        sign = "+" if p.strength > 0 else "-"
        out.append(f"{who} gets {sign}{abs(p.strength)} STR")
    if p.icon:
        out.append(f"{who} gains {article(p.icon)} [{p.icon}] icon")
    if p.keyword:
        out.append(f"{who} gains {KEYWORD_NAMES[p.keyword]}")
    if p.no_stand:
        out.append(f"{who} does not stand during the standing phase")
    if p.cost is not None:
        f = aff if isinstance(aff, EachTarget) else None
        what = filter_words(f, f.each, name, houses, plural=True) if f is not None else "your cards"
        if f is not None and f.controller == "any":
            what = "your " + what
        more = "less" if p.cost < 0 else "more"
        out.append(f"{what} cost {abs(p.cost)} [gold] {more} to marshal")
    if p.claim:
        sign = "+" if p.claim > 0 else "-"
        out.append(f"you get {sign}{abs(p.claim)} claim")
    if p.dominance:
        out.append(f"add {p.dominance} to your dominance total")
    if p.dominance_power:
        out.append(f"if you win dominance, gain {p.dominance_power} more power for your House")
    if p.unopposed_power:
        out.append(
            f"when you win an unopposed challenge, gain {p.unopposed_power} more power "
            "for your House"
        )
    if p.draw:
        out.append(f"draw {plural(p.draw, 'more card')} in the draw phase")
    body = _join(out)
    lead = condition_words(cond, name)
    return _sentence(f"{lead}, {body}" if lead else body)


def _sentence(text: str) -> str:
    text = text.strip()
    return text[0].upper() + text[1:] + ("" if text.endswith(".") else ".")


def ability_text(a: Ability, name: str, kind: str, houses: dict[str, str]) -> str:
    """One ability as printed: heading, trigger, cost, effects, limit."""
    fr = frames()
    if a.passive is not None:
        return passive_words(a.passive, a.if_, kind, name, houses)
    effects = _join([effect_words(e, name, houses) for e in a.effects])
    cost = cost_words(a.cost, name, houses)
    if a.action is not None:
        head = fr["headings"][a.action]
        lead = condition_words(a.if_, name)
        body = f"{cost} to {effects}" if cost else effects
        if lead:
            body = f"{lead}, {body}"
        text = f"**{head}:** {_sentence(body)}"
    elif a.when_revealed:
        body = f"{cost} to {effects}" if cost else effects
        lead = condition_words(a.if_, name)
        text = f"**{fr['headings']['when_revealed']}:** " + _sentence(
            f"{lead}, {body}" if lead else body
        )
    else:
        trig = trigger_words(a, name, houses)
        body = f"{cost} to {effects}" if cost else effects
        sentence = _sentence(f"{trig}, {body}")
        if a.response is not None:
            head = fr["headings"]["limited_response" if a.limited else "response"]
            text = f"**{head}:** {sentence}"
        else:
            text = sentence
    if a.limit is not None:
        text += f" (Limit once per {a.limit}.)"
    return text


def keyword_line(model: Any) -> str:
    """``**Stealth.** **Renown.** **Immune to events.**``"""
    parts = [f"**{KEYWORD_NAMES[k]}.**" for k in getattr(model, "keywords", [])]
    immune = getattr(model, "immune_to", [])
    if immune:
        parts.append(f"**Immune to {_join([TYPE_PLURAL[t] for t in immune])}.**")
    if getattr(model, "house_only", None):
        parts.append(f"**House {model.house_only.title()} only.**")
    return " ".join(parts)


def card_text(model: Any, houses: dict[str, str] | None = None) -> list[str]:
    """Every line of rules text for a card, plot or agenda (keywords first)."""
    houses = houses or {}
    kind = getattr(model, "type", "plot")
    lines = []
    kw = keyword_line(model)
    if kw:
        lines.append(kw)
    for a in getattr(model, "abilities", []):
        lines.append(ability_text(a, model.name, kind, houses))
    return lines
