"""Cross-checks declared by markers in a content model: ids, references, paths."""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from pnp.content.model import ContentPath, Id, Loc, Ref


@dataclass
class _Found:
    ids: dict[str, dict[str, Loc]] = field(default_factory=dict)
    refs: list[tuple[str, str, Loc]] = field(default_factory=list)
    paths: list[tuple[ContentPath, str, Loc]] = field(default_factory=list)
    #: ``(loc, id, namespace, loc of the first use)``
    duplicates: list[tuple[Loc, str, str, Loc]] = field(default_factory=list)


def _apply(markers: list[Any], value: Any, loc: Loc, found: _Found) -> None:
    if not isinstance(value, str):
        return
    for marker in markers:
        if isinstance(marker, Id):
            seen = found.ids.setdefault(marker.namespace, {})
            if value in seen:
                found.duplicates.append((loc, value, marker.namespace, seen[value]))
            else:
                seen[value] = loc
        elif isinstance(marker, Ref):
            found.refs.append((marker.namespace, value, loc))
        elif isinstance(marker, ContentPath):
            found.paths.append((marker, value, loc))


def _walk(value: Any, annotation: Any, loc: Loc, found: _Found) -> None:
    if value is None:
        return
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        _apply(list(annotation.__metadata__), value, loc, found)
        _walk(value, typing.get_args(annotation)[0], loc, found)
        return
    if isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            key = info.alias or name
            child = getattr(value, name)
            _apply(list(info.metadata), child, (*loc, key), found)
            _walk(child, info.annotation, (*loc, key), found)
        return
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            if _matches(value, arg):
                _walk(value, arg, loc, found)
                return
        return
    if origin in (list, tuple, set, frozenset) and isinstance(value, list | tuple):
        homogeneous = origin is not tuple or len(args) == 1 or args[-1] is Ellipsis
        for i, item in enumerate(value):
            if homogeneous:
                item_type = args[0] if args else Any
            else:
                item_type = args[i] if i < len(args) else Any
            _walk(item, item_type, (*loc, i), found)
        return
    if origin is dict and isinstance(value, dict) and len(args) == 2:
        for key, item in value.items():
            # keys may be references too (``stock: {knight: 8}`` names a unit)
            _walk(key, args[0], (*loc, key), found)
            _walk(item, args[1], (*loc, key), found)


def _matches(value: Any, annotation: Any) -> bool:
    """Whether ``value`` is an instance of one member of a union."""
    base = annotation
    while typing.get_origin(base) is typing.Annotated:
        base = typing.get_args(base)[0]
    origin = typing.get_origin(base) or base
    if origin is Any:
        return True
    try:
        return isinstance(value, origin)
    except TypeError:  # Literal[...] and other special forms
        return True


def check_markers(
    root: BaseModel, folder: Path, where: Callable[[Loc], str] | None = None
) -> Iterator[tuple[Loc, str]]:
    """Yield ``(loc, message)`` for every broken Id, Ref or ContentPath in ``root``.

    ``where(loc)`` says where a loc is (``file:line``), so a duplicate id
    names its first use too.
    """
    found = _Found()
    _walk(root, type(root), (), found)
    for loc, value, namespace, first in found.duplicates:
        message = f"duplicate id {value!r} in {namespace}"
        yield loc, message + (f" (first used at {where(first)})" if where else "")
    for namespace, value, loc in found.refs:
        known = found.ids.get(namespace, {})
        if value not in known:
            hint = difflib.get_close_matches(value, list(known), n=1)
            extra = f" (did you mean {hint[0]!r}?)" if hint else ""
            yield loc, f"unknown {namespace} id {value!r}{extra}"
    base = folder.resolve()
    for marker, value, loc in found.paths:
        target = (folder / value).resolve()
        if Path(value).is_absolute() or not target.is_relative_to(base):
            yield loc, f"path {value!r} leaves the content folder"
        elif not target.is_file():
            yield loc, f"no such file {value!r} in the content folder"
        elif marker.suffixes and target.suffix.lower() not in marker.suffixes:
            yield loc, f"expected a {' or '.join(marker.suffixes)} file, got {value!r}"
