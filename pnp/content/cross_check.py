"""Run a content model's cross-checks, also when some of its sections are incomplete.

A cross-check that counts (a house deck holds 25 cards, a House has eight
Nobles) would report a wrong count if an entry it counts had been left out for
a schema error, or an unknown id if a reference it follows did not resolve. So
when some sections are incomplete, each part of the cross-check (see
:meth:`ContentModel.cross_check_parts`) runs on a guarded copy of the content:
the moment it reads an incomplete section the part stops, and only what it
reported before, from complete sections alone, is kept. No ruleset has to say
what it reads; reading is what counts.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Callable, Iterable, Iterator

from pnp.content.model import ContentModel, Loc

Part = Callable[[], Iterable[tuple[Loc, str]]]

#: the incomplete sections of the guarded content being checked (None: no guard)
_GUARD: contextvars.ContextVar[frozenset[str] | None] = contextvars.ContextVar(
    "pnp_content_guard", default=None
)
#: attributes that hand out every section at once
_WHOLE = frozenset(
    {"__dict__", "model_dump", "model_dump_json", "model_copy", "__getstate__", "__iter__"}
)


class _Incomplete(BaseException):
    """A cross-check read an incomplete section.

    A ``BaseException``, like ``GeneratorExit``, so that no ``except Exception``
    in a check can swallow it and go on without the section.
    """


def parts(root: ContentModel) -> tuple[Part, ...]:
    """The independent parts of ``root``'s cross-check (the whole of it when not split)."""
    return tuple(root.cross_check_parts()) or (root.cross_check,)


def run_cross_checks(root: ContentModel, incomplete: frozenset[str]) -> Iterator[tuple[Loc, str]]:
    """Yield the problems of ``root``'s cross-check that no ``incomplete`` section can cause.

    ``incomplete``: root attribute names of the sections that lost entries or
    hold problems of their own. With none, this is ``root.cross_check()``, part
    by part.
    """
    if not incomplete:
        for part in parts(root):
            yield from part()
        return
    guarded = _guarded(type(root)).model_construct(**vars(root))
    for part in parts(guarded):
        found: list[tuple[Loc, str]] = []
        token = _GUARD.set(incomplete)
        try:
            for problem in part():
                found.append(problem)
        except _Incomplete:
            pass  # what it yielded before it read the section stands on complete data
        finally:
            _GUARD.reset(token)
        yield from found


@functools.cache
def _guarded(model: type[ContentModel]) -> type[ContentModel]:
    """``model`` with every read of an incomplete section stopping the check."""

    def __getattribute__(self: ContentModel, name: str) -> object:
        guard = _GUARD.get()
        if guard and (name in guard or name in _WHOLE):
            raise _Incomplete(name)
        return model.__getattribute__(self, name)

    return type(
        model.__name__,
        (model,),
        {"__getattribute__": __getattribute__, "__module__": model.__module__},
    )
