"""Which cards differ between two versions of the content.

A card is any entry of the content model with an ``id`` among the ids the
statistics count (:func:`pnp.playtest.harness.card_ids`, or the cards the
games saw). Its fingerprint is the entry as plain data, every field and
nested value included, so a changed cost, strength, ability word, text or
number of copies all count as a change; a card present in one version only
counts too. The shared layers know no ruleset's schema: they walk the model.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from pydantic import BaseModel


def _entries(node: Any) -> Iterator[BaseModel]:
    """Every pydantic model in ``node``, depth first, in field order."""
    if isinstance(node, BaseModel):
        yield node
        for name in type(node).model_fields:
            yield from _entries(getattr(node, name))
    elif isinstance(node, list | tuple):
        for item in node:
            yield from _entries(item)
    elif isinstance(node, dict):
        for item in node.values():
            yield from _entries(item)


def fingerprints(model: Any, ids: set[str]) -> dict[str, list[str]]:
    """Per id in ``ids``, the entries of ``model`` carrying it, as canonical JSON."""
    found: dict[str, list[str]] = {}
    for entry in _entries(model):
        key = getattr(entry, "id", None)
        if isinstance(key, str) and key in ids:
            data = entry.model_dump(mode="json")
            found.setdefault(key, []).append(json.dumps(data, sort_keys=True))
    return found


#: how a card's content differs: present in the candidate only, the base only, or both
ADDED, REMOVED, CHANGED = "added", "removed", "changed"


def card_changes(base: Any, candidate: Any, ids: Iterable[str]) -> dict[str, str]:
    """The ids (of ``ids``) whose entries differ between the two content models, sorted,
    each with how: :data:`ADDED`, :data:`REMOVED` or :data:`CHANGED`."""
    wanted = set(ids)
    old, new = fingerprints(base, wanted), fingerprints(candidate, wanted)
    found = {}
    for card in sorted(wanted):
        if old.get(card) == new.get(card):
            continue
        found[card] = ADDED if card not in old else REMOVED if card not in new else CHANGED
    return found
