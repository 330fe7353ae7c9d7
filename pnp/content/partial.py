"""What of a content folder validated when some of it did not.

One schema error makes pydantic reject the whole content, so nothing else
would be checked until it is fixed. To check everything else in the same run,
the broken parts are left out and the rest is validated section by section:

- an error inside an entry of a list section (``cards[3].cost``) leaves out
  that entry;
- any other error (inside a mapping section such as ``rules``, on a section
  itself, a required section missing) leaves out the whole section.

What was left out is recorded so that later checks do not report its
consequences: the ids the left-out entries declare (a reference to one is not
dangling: the designer will fix the entry, not the reference), the namespaces
whose ids cannot be read at all, and the sections that are incomplete (a
cross-check that reads one does not run, see :mod:`pnp.content.cross_check`).
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Annotated, Any, Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from pnp.content.checks import Dropped, namespaces, raw_ids
from pnp.content.model import ContentModel, Loc

M = TypeVar("M", bound=ContentModel)


@dataclass(frozen=True)
class Partial(Generic[M]):
    """The content that validated, and what was left out of it."""

    #: built from the sections that validated; a section left out whole is unset
    root: M
    #: for the marker checks: the sections, ids and namespaces left out
    dropped: Dropped
    #: root attribute names of the sections that lost entries or are in doubt
    incomplete: frozenset[str]
    #: section key -> the merged index of each entry kept, for sections that lost some
    kept: Mapping[str, tuple[int, ...]]

    def doubting(self, sections: Iterable[str]) -> Partial[M]:
        """This, with the root attributes ``sections`` in doubt: some of what the files
        say there was not taken in (a key set twice), so they are incomplete and the
        ids they may declare unknown."""
        sections = set(sections) - self.incomplete
        if not sections:
            return self
        fields = type(self.root).model_fields
        unreadable = set(self.dropped.namespaces)
        for name in sections:
            unreadable |= namespaces(fields[name].annotation)
        dropped = replace(self.dropped, namespaces=frozenset(unreadable))
        return replace(self, dropped=dropped, incomplete=self.incomplete | sections)

    def merged_loc(self, loc: Loc) -> Loc:
        """``loc`` in :attr:`root` as a loc in the merged data (left-out entries shift
        the indices of the entries after them)."""
        if len(loc) > 1 and loc[0] in self.kept and isinstance(loc[1], int):
            return (loc[0], self.kept[str(loc[0])][loc[1]], *loc[2:])
        return loc


def complete(root: M) -> Partial[M]:
    """``root`` validated whole: nothing was left out."""
    return Partial(root, Dropped(), frozenset(), {})


def salvage(model: type[M], data: dict[str, Any], errors: Iterable[Loc], lost: bool) -> Partial[M]:
    """Validate what of ``data`` does not hold one of the ``errors`` (data locs of the
    schema errors of ``model``).

    ``lost``: a file of the folder could not be read, so any section may lack
    entries and any id may be defined there.
    """
    fields = {info.alias or name: name for name, info in model.model_fields.items()}
    broken: set[str] = set()  # section keys left out whole
    cut: dict[str, set[int]] = {}  # section key -> indices of the entries left out
    doubtful: set[str] = set(fields) if lost else set()  # sections that may lack entries
    unreadable: set[str] = set(namespaces(model)) if lost else set()
    for loc in errors:
        if not loc:  # a rule on the content as a whole: any section may be at fault
            doubtful |= set(fields)
            continue
        key = str(loc[0])
        if key not in fields:
            # a misspelt section name: its entries belong to the section it resembles,
            # or, with no resemblance, to any section
            hint = difflib.get_close_matches(key, list(fields), n=1)
            for target in hint or list(fields):
                doubtful.add(target)
                unreadable |= namespaces(model.model_fields[fields[target]].annotation)
            continue
        if len(loc) > 1 and isinstance(loc[1], int) and isinstance(data.get(key), list):
            cut.setdefault(key, set()).add(loc[1])
        else:
            broken.add(key)
    values: dict[str, Any] = {}
    kept: dict[str, tuple[int, ...]] = {}
    ids: dict[str, set[str]] = {}
    for key, name in fields.items():
        annotation = model.model_fields[name].annotation
        if key not in data:
            if key in broken:  # a required section is missing
                unreadable |= namespaces(annotation)
            continue  # else the default applies, as in a full validation
        raw = data[key]
        keep = [i for i in range(len(raw)) if i not in cut[key]] if key in cut else None
        if key not in broken:
            try:
                values[name] = _adapter(model, name).validate_python(
                    raw if keep is None else [raw[i] for i in keep]
                )
            except ValidationError:
                broken.add(key)  # a rule on the whole list, broken by what was left out
        if key in broken:
            left_out = raw
        elif keep is not None:
            kept[key] = tuple(keep)
            left_out = [raw[i] for i in sorted(cut[key])]
        else:
            continue
        found, blind = raw_ids(left_out, annotation)
        for namespace, names in found.items():
            ids.setdefault(namespace, set()).update(names)
        unreadable |= blind
    dropped = Dropped(
        sections=frozenset(fields[k] for k in broken),
        ids={ns: frozenset(names) for ns, names in ids.items()},
        namespaces=frozenset(unreadable),
    )
    incomplete = frozenset(fields[k] for k in broken | set(cut) | doubtful)
    return Partial(model.model_construct(**values), dropped, incomplete, kept)


@functools.cache
def _adapter(model: type[ContentModel], name: str) -> TypeAdapter[Any]:
    """A validator for one root field of ``model``, with the field's own constraints."""
    info = model.model_fields[name]
    # a type form built at run time: mypy cannot follow it, pydantic reads it
    annotation: Any = (
        Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
    )
    return TypeAdapter(annotation)
