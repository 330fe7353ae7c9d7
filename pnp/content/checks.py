"""Cross-checks declared by markers in a content model: ids, references, paths.

When some entries failed schema validation, the checks run on the rest; a
:class:`Dropped` says what was left out, so that a reference to a broken entry
(or into a section nobody can read) is not reported as dangling.
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError
from pydantic import BaseModel

from pnp.content.model import ContentPath, Id, Loc, Ref


@dataclass(frozen=True)
class Dropped:
    """What schema validation left out of a model, for checks on what remains.

    ``sections``: root fields (by attribute name) not in the model at all (missing, or
    broken as a whole); ``ids``: per namespace, the ids of left-out entries (they exist,
    only broken, so a reference to one is not dangling); ``namespaces``: namespaces whose
    left-out ids cannot be read (a section that is missing or not even a list, an entry
    without a readable id): no reference into them is checked.
    """

    sections: frozenset[str] = frozenset()
    ids: Mapping[str, frozenset[str]] = field(default_factory=dict)
    namespaces: frozenset[str] = frozenset()


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
        for i, item in enumerate(value):
            _walk(item, _item_type(origin, args, i), (*loc, i), found)
        return
    if origin is dict and isinstance(value, dict) and len(args) == 2:
        for key, item in value.items():
            # keys may be references too (``stock: {knight: 8}`` names a unit)
            _walk(key, args[0], (*loc, key), found)
            _walk(item, args[1], (*loc, key), found)


def _item_type(origin: Any, args: tuple[Any, ...], i: int) -> Any:
    """The annotation of item ``i`` of a list, set or tuple annotated ``origin[args]``."""
    if origin is not tuple or len(args) == 1 or args[-1] is Ellipsis:
        return args[0] if args else Any
    return args[i] if i < len(args) else Any


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


#: a namespace with at most this many ids lists them when a reference names none of them
_LISTED = 12


def check_markers(
    root: BaseModel,
    folder: Path,
    where: Callable[[Loc], str] | None = None,
    dropped: Dropped | None = None,
) -> Iterator[tuple[Loc, str]]:
    """Yield ``(loc, message)`` for every broken Id, Ref or ContentPath in ``root``.

    ``where(loc)`` says where a loc is (``file:line``), so a duplicate id
    names its first use too. ``dropped`` says what schema validation left out
    of ``root``: those sections are not walked, and a reference that may name a
    left-out entry is not reported.
    """
    dropped = dropped or Dropped()
    found = _Found()
    for name, info in type(root).model_fields.items():
        if name not in dropped.sections:
            key = info.alias or name
            child = getattr(root, name)
            _apply(list(info.metadata), child, (key,), found)
            _walk(child, info.annotation, (key,), found)
    for loc, value, namespace, first in found.duplicates:
        message = f"duplicate id {value!r} in {namespace}"
        yield loc, message + (f" (first used at {where(first)})" if where else "")
    for namespace, value, loc in found.refs:
        known = found.ids.get(namespace, {})
        if namespace in dropped.namespaces or value in dropped.ids.get(namespace, ()):
            continue  # it may name an entry that failed validation: not a dangling reference
        if value not in known:
            candidates = [*known, *dropped.ids.get(namespace, ())]
            hint = difflib.get_close_matches(value, candidates, n=1)
            extra = f" (did you mean {hint[0]!r}?)" if hint else ""
            if not hint and 0 < len(candidates) <= _LISTED:  # a short list says what there is
                extra = f" (known: {', '.join(dict.fromkeys(candidates))})"
            yield loc, f"unknown {namespace} id {value!r}{extra}"
    base = folder.resolve()
    # a picture used by many cards is decoded once
    pictures: dict[tuple[Path, tuple[str, ...]], str | None] = {}
    for marker, value, loc in found.paths:
        target = (folder / value).resolve()
        if Path(value).is_absolute() or not target.is_relative_to(base):
            yield loc, f"path {value!r} leaves the content folder"
        elif not target.is_file():
            yield loc, f"no such file {value!r} in the content folder"
        elif marker.suffixes and target.suffix.lower() not in marker.suffixes:
            yield loc, f"expected a {' or '.join(marker.suffixes)} file, got {value!r}"
        elif marker.formats:
            picture = (target, marker.formats)
            if picture not in pictures:
                pictures[picture] = _picture_problem(target, marker.formats)
            if pictures[picture]:
                yield loc, f"{value!r}: {pictures[picture]}"


def _picture_problem(target: Path, formats: tuple[str, ...]) -> str | None:
    """Why ``target`` is not a readable picture in one of ``formats``, or None.

    The whole picture is decoded, so a truncated file is caught here rather
    than in the middle of a build.
    """
    wanted = " or ".join(formats)
    try:
        with Image.open(target) as picture:
            kind = picture.format
            if kind not in formats:
                return f"expected a {wanted} picture, the file is {kind or 'unknown'}"
            picture.load()
    except UnidentifiedImageError:
        return f"not a {wanted} picture (the file cannot be read as a picture)"
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        # pillow reports a bad file in several ways; say what it said, briefly
        return f"not a readable {wanted} picture ({exc})"
    return None


# -- ids in data that failed validation ---------------------------------------------


def namespaces(annotation: Any) -> frozenset[str]:
    """Every namespace an ``Id`` marker declares anywhere inside ``annotation``."""
    out: set[str] = set()
    _namespaces(annotation, out, set())
    return frozenset(out)


def _namespaces(annotation: Any, out: set[str], seen: set[Any]) -> None:
    if typing.get_origin(annotation) is typing.Annotated:
        out.update(m.namespace for m in annotation.__metadata__ if isinstance(m, Id))
        _namespaces(typing.get_args(annotation)[0], out, seen)
    elif isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in seen:
            return
        seen.add(annotation)
        for info in annotation.model_fields.values():
            out.update(m.namespace for m in info.metadata if isinstance(m, Id))
            _namespaces(info.annotation, out, seen)
    else:
        for arg in typing.get_args(annotation):
            _namespaces(arg, out, seen)


def raw_ids(value: Any, annotation: Any) -> tuple[dict[str, set[str]], set[str]]:
    """The ids declared in raw (unvalidated) ``value`` read as ``annotation``.

    Returns ``(ids, unreadable)``: the ids found, by namespace, and the
    namespaces where an id should be but cannot be read (a missing id field, an
    entry that is not a mapping, a list that is not a list). Best effort and
    generous: a union is read as each of its members that fits the value's
    shape, so it may find more ids than pydantic would, never fewer.
    """
    ids: dict[str, set[str]] = {}
    unreadable: set[str] = set()
    _raw(value, annotation, ids, unreadable)
    return ids, unreadable


def _raw_markers(
    markers: Iterable[Any], value: Any, ids: dict[str, set[str]], unreadable: set[str]
) -> None:
    for marker in markers:
        if isinstance(marker, Id):
            if isinstance(value, str):
                ids.setdefault(marker.namespace, set()).add(value)
            else:
                unreadable.add(marker.namespace)


def _raw(value: Any, annotation: Any, ids: dict[str, set[str]], unreadable: set[str]) -> None:
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        _raw_markers(annotation.__metadata__, value, ids, unreadable)
        _raw(value, typing.get_args(annotation)[0], ids, unreadable)
        return
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if not isinstance(value, dict):
            unreadable |= namespaces(annotation)
            return
        for name, info in annotation.model_fields.items():
            key = info.alias or name
            key = key if key in value else name
            if key not in value:
                # an entry without its id: nobody knows which id it meant
                _raw_markers(info.metadata, None, ids, unreadable)
                continue
            _raw_markers(info.metadata, value[key], ids, unreadable)
            _raw(value[key], info.annotation, ids, unreadable)
        return
    args = typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        fits = [arg for arg in args if _shape_fits(value, arg)]
        for arg in fits or args:
            _raw(value, arg, ids, unreadable)
        return
    if origin in (list, tuple, set, frozenset):
        if not isinstance(value, list):
            unreadable |= namespaces(annotation)
            return
        for i, item in enumerate(value):
            _raw(item, _item_type(origin, args, i), ids, unreadable)
        return
    if origin is dict and len(args) == 2:
        if not isinstance(value, dict):
            unreadable |= namespaces(annotation)
            return
        for key, item in value.items():
            _raw(key, args[0], ids, unreadable)
            _raw(item, args[1], ids, unreadable)


def _shape_fits(value: Any, annotation: Any) -> bool:
    """Whether raw ``value`` has the YAML shape ``annotation`` asks for."""
    base = annotation
    while typing.get_origin(base) is typing.Annotated:
        base = typing.get_args(base)[0]
    origin = typing.get_origin(base) or base
    if (isinstance(origin, type) and issubclass(origin, BaseModel)) or origin is dict:
        return isinstance(value, dict)
    if origin in (list, tuple, set, frozenset):
        return isinstance(value, list)
    return not isinstance(value, dict | list)
