"""What differs between two versions of the content besides the cards.

``pnp compare`` lists the cards whose content differs (:mod:`.carddiff`);
an edit elsewhere (a deck list, a road of the map, a number of the rules)
changes the games just as much, and the designer should see it named. Here
both content models are walked as plain data, section by section, and every
value that differs is one :class:`ContentChange` with the path a designer
would look for in the YAML: ``decks[lannister-constructed].cards.lannister-jaime``
2 → 3.

- Lists of entries with an ``id`` are matched by id (an entry added, removed
  or edited is one change each, wherever it stands in the list).
- Other lists (a road is a pair of places) are compared as collections: the
  items only one version has are the change, so an insertion does not make
  every later item look changed.
- Cards (entries whose id the comparison counts as a card, at any depth) are
  left out: they are listed as cards.

The shared layers know no ruleset's schema: they walk the model.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

#: a value one version lacks
ABSENT = None


@dataclass(frozen=True)
class ContentChange:
    """One value that differs: where, and what each version holds there."""

    #: ``rules.power_per_player``, ``decks[stark-constructed].cards.stark-robb``
    path: str
    #: the base's value (``None``: absent); for a list compared as a collection,
    #: the items only the base has
    base: Any
    #: the candidate's, likewise
    candidate: Any
    #: ``True`` for a list compared as a collection (``base``/``candidate`` list the
    #: items one version has and the other lacks)
    collection: bool = False

    def text(self, width: int = 80) -> str:
        """``rules.power_per_player 18 → 12``; ``roads: removed […]; added […]``."""
        if self.collection:
            parts = [f"removed {short(self.base, width)}"] if self.base else []
            parts += [f"added {short(self.candidate, width)}"] if self.candidate else []
            return f"{self.path}: {'; '.join(parts)}"
        return f"{self.path} {short(self.base, width)} → {short(self.candidate, width)}"

    def sides(self, width: int = 200) -> tuple[str, str]:
        """The base's and the candidate's side as text (a collection's side with nothing
        only one version has is blank)."""
        if self.collection:
            return (
                short(self.base, width) if self.base else "",
                short(self.candidate, width) if self.candidate else "",
            )
        return short(self.base, width), short(self.candidate, width)

    def to_json(self) -> dict[str, Any]:
        """``{path, base, candidate}`` (``removed``/``added`` for a collection)."""
        if self.collection:
            return {"path": self.path, "removed": self.base, "added": self.candidate}
        return {"path": self.path, "base": self.base, "candidate": self.candidate}


def short(value: Any, width: int = 60) -> str:
    """A value as compact text, as YAML's flow style writes it (``{a: white-harbor, kind:
    sea}``), cut at ``width`` characters; an absent value as ``(none)``."""
    if value is ABSENT:
        return "(none)"
    text = flow(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def flow(value: Any) -> str:
    """``value`` in YAML's flow style: ``[1, 2]``, ``{kind: sea}``, ``true``, ``null``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str):
        return value
    return json.dumps(value)


def content_changes(base: Any, candidate: Any, cards: Iterable[str]) -> list[ContentChange]:
    """Every value that differs between two content models, in the order of the model's
    sections, leaving out the entries whose id is among ``cards``."""
    skip = set(cards)
    old, new = _plain(base, skip), _plain(candidate, skip)
    return list(_diff(old, new, ""))


def _plain(model: Any, skip: set[str]) -> Any:
    """The model as JSON data, with every card entry (an id in ``skip``) left out."""
    data = model.model_dump(mode="json") if hasattr(model, "model_dump") else model
    return _drop_cards(data, skip)


def _drop_cards(node: Any, skip: set[str]) -> Any:
    if isinstance(node, dict):
        return {k: _drop_cards(v, skip) for k, v in node.items()}
    if isinstance(node, list):
        return [_drop_cards(v, skip) for v in node if not _is_card(v, skip)]
    return node


def _is_card(node: Any, skip: set[str]) -> bool:
    return isinstance(node, dict) and node.get("id") in skip


def _diff(old: Any, new: Any, path: str) -> Iterator[ContentChange]:
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in dict.fromkeys([*old, *new]):
            yield from _diff(old.get(key), new.get(key), _join(path, str(key)))
    elif isinstance(old, list) and isinstance(new, list):
        if _by_id(old) and _by_id(new):
            before = {item["id"]: item for item in old}
            after = {item["id"]: item for item in new}
            for key in dict.fromkeys([*before, *after]):
                yield from _diff(before.get(key), after.get(key), f"{path}[{key}]")
        else:
            removed, added = _only_in(old, new), _only_in(new, old)
            if removed or added:  # else only the order differs
                yield ContentChange(path, removed, added, collection=True)
    else:
        yield ContentChange(path, old, new)


def _by_id(items: list[Any]) -> bool:
    """Whether every item is an entry with an id, each id once."""
    ids = [item.get("id") for item in items if isinstance(item, dict)]
    return len(ids) == len(items) and None not in ids and len(set(ids)) == len(ids)


def _only_in(items: list[Any], others: list[Any]) -> list[Any]:
    """The items of ``items`` that ``others`` lacks (counting repeats), in order."""
    spare = Counter(json.dumps(x, sort_keys=True) for x in others)
    out = []
    for item in items:
        key = json.dumps(item, sort_keys=True)
        if spare[key]:
            spare[key] -= 1
        else:
            out.append(item)
    return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
