"""Counts of what a content folder holds, for ``pnp validate``."""

from __future__ import annotations

from pydantic import BaseModel


def summarize(model: BaseModel) -> dict[str, str]:
    """Count the entries of every list section of ``model``.

    Sections whose entries carry ``copies`` also show the total number of
    physical pieces, e.g. ``{"cards": "120 (312 copies)"}``.
    """
    out: dict[str, str] = {}
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        if not isinstance(value, list | tuple):
            continue
        text = str(len(value))
        copies = [getattr(item, "copies", None) for item in value]
        counts = [c for c in copies if isinstance(c, int)]
        if value and len(counts) == len(copies):
            text += f" ({sum(counts)} copies)"
        out[info.alias or name] = text
    return out
