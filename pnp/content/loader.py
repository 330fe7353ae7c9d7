"""Load a ruleset's content folder: every YAML file, validated and cross-checked.

The files of a folder are merged into one document before validation: a
top-level key holding a list (``cards:``) collects the items of every file in
path order; a key holding a mapping collects its keys (each defined once);
any other value may be set by one file only. Errors point back into the file
and line each value came from.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import date
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from pnp.content.checks import check_markers
from pnp.content.cross_check import run_cross_checks
from pnp.content.model import SLUG_PATTERN, ContentModel, Loc, Slip
from pnp.content.partial import Partial, complete, salvage
from pnp.content.problems import CITED, ContentError, Problem, cited_loc, display_path
from pnp.content.yaml_source import YamlDocument, format_loc, parse_yaml

M = TypeVar("M", bound=ContentModel)

CONTENT_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class LoadedContent(Generic[M]):
    """Validated content of one folder."""

    folder: Path
    model: M
    files: tuple[Path, ...]
    #: sha256 over the files' relative paths and bytes; identifies the content in records
    content_hash: str
    #: ``file:line`` of the entry that defines each id (the first, if ids repeat
    #: across sections), so a render problem can name where to edit
    sources: Mapping[str, str] = field(default_factory=dict)

    def __getstate__(self) -> dict[str, Any]:
        # a ruleset may keep what it derives from the content on this object (thrones'
        # card database): that holds objects of classes made at run time, which another
        # process (a cluster's worker) cannot import by name; it derives its own
        return {f.name: getattr(self, f.name) for f in fields(self)}


def content_files(folder: Path) -> list[Path]:
    """Every YAML file under ``folder`` (``.yaml`` or ``.yml``, in any case: ``.YAML`` was
    skipped without a word) in a stable order, hidden entries skipped."""
    files = [
        p
        for p in folder.rglob("*")
        if p.suffix.lower() in CONTENT_SUFFIXES
        and p.is_file()
        and not any(part.startswith(".") for part in p.relative_to(folder).parts)
    ]
    return sorted(files, key=lambda p: p.relative_to(folder).as_posix())


class _Merged:
    """The merged document plus where each of its parts came from."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data: dict[str, Any] = {}
        # merged loc prefix -> (document, loc prefix inside that document)
        self.origins: dict[Loc, tuple[YamlDocument, Loc]] = {}
        self.problems: list[Problem] = []
        #: a file's content could not be taken in: any section may lack entries
        self.lost = False
        #: sections where some of what the files say was not taken in (a key set twice)
        self.doubtful: set[str] = set()

    def add(self, doc: YamlDocument) -> None:
        if not isinstance(doc.data, dict):
            kind = type(doc.data).__name__ if doc.data is not None else "nothing"
            self.problems.append(
                doc.problem((), f"the top level must be a mapping of sections, got {kind}", "")
            )
            self.lost = True
            return
        if doc.problems:  # a key set twice, a value that cannot be read: left out
            self.doubtful.update(str(key) for key in doc.data)
        for key, value in doc.data.items():
            key = str(key)
            if key not in self.data:
                self.data[key] = (
                    list(value)
                    if isinstance(value, list)
                    else (dict(value) if isinstance(value, dict) else value)
                )
                self._record(doc, key, value, start=0)
                continue
            have = self.data[key]
            if isinstance(have, list) and isinstance(value, list):
                start = len(have)
                have.extend(value)
                self._record(doc, key, value, start=start)
            elif isinstance(have, dict) and isinstance(value, dict):
                for sub in value:
                    if sub in have:
                        self.doubtful.add(key)
                        first, _ = self.origins[(key, sub)]
                        self.problems.append(
                            doc.problem(
                                (key, sub),
                                f"already defined in {display_path(first.path)}",
                            )
                        )
                    else:
                        have[sub] = value[sub]
                        self.origins[(key, sub)] = (doc, (key, sub))
            else:
                self.doubtful.add(key)
                first, _ = self.origins[(key,)]
                self.problems.append(
                    doc.problem((key,), f"already defined in {display_path(first.path)}")
                )

    def _record(self, doc: YamlDocument, key: str, value: Any, start: int) -> None:
        self.origins.setdefault((key,), (doc, (key,)))
        if isinstance(value, list):
            for i in range(len(value)):
                self.origins[(key, start + i)] = (doc, (key, i))
        elif isinstance(value, dict):
            for sub in value:
                self.origins[(key, sub)] = (doc, (key, sub))

    def problem(self, loc: Loc, message: str) -> Problem:
        """Locate a problem given as a loc in the merged document."""
        for n in (2, 1):
            origin = self.origins.get(tuple(loc[:n]))
            if origin is not None and len(loc) >= n:
                doc, prefix = origin
                return doc.problem((*prefix, *loc[n:]), message)
        return Problem(display_path(self.folder), 0, 0, format_loc(loc), message)

    def where(self, loc: Loc) -> str:
        """``file:line`` of a loc in the merged document."""
        found = self.problem(loc, "")
        return f"{found.file}:{found.line}" if found.line else found.file


def _data_loc(data: Any, loc: Iterable[Any], absent_field: bool = True) -> Loc:
    """Drop pydantic's union tags from ``loc``, keeping only real data keys.

    A last part the data lacks is kept as the field it names (missing or unknown) when
    ``absent_field``; otherwise it is a tag (a validator of a tagged union's member).
    """
    parts = list(loc)
    out: list[str | int] = []
    node = data
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if (
            in_dict
            and not last
            and not isinstance(node[part], dict | list)
            and parts[i + 1] in node
        ):
            # a union tag that happens to equal a key holding a plain value
            # (tag 'character' of a card whose field `character:` names one)
            continue
        if in_dict or in_list:
            node = node[part]
            out.append(part)
        elif last and absent_field and not _is_tag(part):
            out.append(part)  # a missing or unknown field
        # anything else is a union or validator tag such as 'character'
    return tuple(out)


def _is_tag(part: Any) -> bool:
    return isinstance(part, str) and "[" in part


def _fields_at(model: type[BaseModel], loc: Loc) -> list[str]:
    """Field names a model accepts at ``loc`` (best effort, for typo hints)."""
    types_: list[Any] = [model]
    for part in loc:
        nxt: list[Any] = []
        for t in types_:
            for cand in _unwrap(t):
                if isinstance(cand, type) and issubclass(cand, BaseModel):
                    if isinstance(part, str):
                        for name, info in cand.model_fields.items():
                            if part in (name, info.alias):
                                nxt.append(info.annotation)
                elif isinstance(part, int):
                    args = typing.get_args(cand)
                    if args:
                        nxt.append(args[0])
                elif typing.get_origin(cand) is dict:
                    nxt.append(typing.get_args(cand)[1])
        types_ = nxt
    names: list[str] = []
    for t in types_:
        for cand in _unwrap(t):
            if isinstance(cand, type) and issubclass(cand, BaseModel):
                names += [info.alias or n for n, info in cand.model_fields.items()]
    return names


def _unwrap(t: Any) -> list[Any]:
    origin = typing.get_origin(t)
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(t)[0])
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        return [c for a in typing.get_args(t) for c in _unwrap(a)]
    return [t]


#: pydantic error types that mean "a mapping was expected here"
_MAPPING_TYPES = ("model_type", "model_attributes_type", "dict_type")


def _explain(model: type[BaseModel], data: Any, err: ErrorDetails) -> tuple[Loc, str]:
    """Where a pydantic error sits in the data, and what to tell the designer.

    A bad union tag (``type: charcter``) is placed on the tag's own field,
    with the known tags and a guess; pydantic's own wording for a missing
    mapping names an internal class and is replaced.
    """
    kind = err["type"]
    # only these errors name a field the data lacks: for any other, a last part that is
    # not in the data is a union tag ('one' of thrones' one-or-many effects)
    loc = _data_loc(data, err["loc"], absent_field=kind in ("missing", "extra_forbidden"))
    ctx = err.get("ctx") or {}
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        field = str(ctx.get("discriminator", "")).strip("'")
        if field and "(" not in field:  # a plain field name, not a callable discriminator
            loc = (*loc, field)
            if kind == "union_tag_not_found":
                return loc, "required field is missing"
            tags = [t.strip().strip("'") for t in str(ctx.get("expected_tags", "")).split(",")]
            hint = difflib.get_close_matches(str(ctx.get("tag")), tags, n=1)
            return loc, f"unknown {field} {ctx.get('tag')!r} (known: {', '.join(tags)})" + (
                f"; did you mean {hint[0]!r}?" if hint else ""
            )
    if kind in _MAPPING_TYPES:
        return loc, f"expected a mapping of fields (key: value), got {_shape(err.get('input'))}"
    if kind == "value_error":
        # a model's validator that names one of the entry's fields first ("cost: expected
        # a number, got true") is placed on that field, as a field's own error would be
        text = str(err["msg"]).removeprefix("Value error, ")
        named = re.match(r"^([a-z_]+(?:\[\d+\])*(?:\.[a-z_]+(?:\[\d+\])*)*): (.+)$", text, re.S)
        if named:
            # a path inside the entry: "abilities[0].when_revealed: …"
            parts: list[str | int] = []
            for key, index in re.findall(r"([a-z_]+)|\[(\d+)\]", named.group(1)):
                parts.append(key if key else int(index))
            if _at(data, (*loc, *parts)) is not None:
                return (*loc, *parts), named.group(2)
    if kind == "extra_forbidden" and loc and loc[-1] in _fields_at(model, loc[:-1]):
        # the field belongs to another kind of entry of the same list (attach_trait on a
        # character): "did you mean 'attach_trait'?" would only repeat it
        raw = err["loc"]
        tag = raw[-2] if len(raw) >= 2 and isinstance(raw[-2], str) and raw[-2] not in loc else ""
        kind_of = f"a {tag}" if tag and "[" not in tag else "this kind of entry"
        return loc, f"unknown field: {kind_of} has no {loc[-1]!r} (other kinds of entry do)"
    return loc, _message(model, err, loc)


def explain_error(model: Any, data: Any, err: ErrorDetails) -> tuple[Loc, str]:
    """Where one pydantic error of validating ``data`` as ``model`` (a model or an
    annotated union) sits in ``data``, and the designer's message for it: union tags
    dropped from the path, "did you mean" for an unknown field or choice, known tags
    for a bad one. The same words ``pnp validate`` gives, for other readers of YAML
    (scenario setups)."""
    return _explain(model, data, err)


def _at(data: Any, loc: Loc) -> Any:
    """The value at ``loc`` in ``data`` (``None`` when there is none)."""
    node = data
    for part in loc:
        in_dict = isinstance(node, dict) and part in node
        in_list = isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)
        if not (in_dict or in_list):
            return None
        node = node[part]
    return node


def _shape(value: Any) -> str:
    """A value's YAML shape, for messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"true/false ({value})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, int | float):
        return f"a number ({value!r})"
    if isinstance(value, str):
        return f"text ({value!r})"
    if isinstance(value, date):
        return f"a date ({value.isoformat()})"
    return type(value).__name__


def _message(model: type[BaseModel], err: ErrorDetails, loc: Loc) -> str:
    kind = err["type"]
    if kind == "extra_forbidden":
        known = _fields_at(model, loc[:-1])
        hint = difflib.get_close_matches(str(loc[-1]), known, n=1)
        return "unknown field" + (f" (did you mean {hint[0]!r}?)" if hint else "")
    if kind == "missing":
        return "required field is missing"
    if kind in ("too_short", "too_long"):
        # pydantic's "List should have at least 3 items after validation, not 2"
        ctx = err.get("ctx") or {}
        bound = ctx.get("min_length") if kind == "too_short" else ctx.get("max_length")
        most = "at least" if kind == "too_short" else "at most"
        items = f"item{'s' if bound != 1 else ''}"
        return f"needs {most} {bound} {items}, got {ctx.get('actual_length')}"
    if kind in ("literal_error", "enum"):
        return _choice_message(err)
    if kind == "string_pattern_mismatch":
        return _pattern_message(err)
    if kind.endswith(("_type", "_parsing")) and "input" in err:
        # pydantic says what it wanted; the designer also needs what it found
        found = err["input"]
        return f"{err['msg']}, got {_got(found)}" + (
            _quote_hint(found) if kind == "string_type" else ""
        )
    # a validator's ValueError: its text is the message, without pydantic's label
    return str(err["msg"]).removeprefix("Value error, ")


def _quote_hint(value: Any) -> str:
    """Where text was wanted and YAML read a plain word as something else (``name: No``
    is false, ``name: 1.5`` a number): say to quote it."""
    if isinstance(value, bool):
        return (
            "; YAML reads an unquoted yes, no, on, off, true or false as true/false; put the "
            "text in quotes"
        )
    if isinstance(value, int | float | date):
        return "; put the text in quotes"
    return ""


def _got(value: Any) -> str:
    """What a YAML value was, for "…, got X" (an unquoted ``#`` reads as a comment)."""
    if value is None:
        return "nothing (an empty value; text that starts with '#' must be quoted)"
    if isinstance(value, Slip):  # true/false for a number, or the other way round
        return value.describe()
    return _shape(value)


#: the patterns of ids and colours, told in words (a regular expression means little to
#: a designer); any other pattern is quoted as pydantic gives it
_COLOUR_PATTERN = "^#[0-9a-fA-F]{6}$"


def _pattern_message(err: ErrorDetails) -> str:
    """Text that does not match its pattern: what the pattern means, and what was written."""
    pattern = str((err.get("ctx") or {}).get("pattern", ""))
    given = err.get("input")
    if pattern == SLUG_PATTERN:
        slug = re.sub(r"[^a-z0-9]+", "-", str(given).lower()).strip("-")
        tip = f" (try {slug!r})" if slug else ""
        return f"an id is lower-case words of a-z and 0-9 joined by hyphens, got {given!r}{tip}"
    if pattern == _COLOUR_PATTERN:
        return f'a colour is "#rrggbb", six hex digits in quotes, got {given!r}'
    return f"{err['msg']}, got {given!r}"


def _choice_message(err: ErrorDetails) -> str:
    """A word outside a fixed list: the list, the word given, and the nearest word."""
    given = err.get("input")
    words = re.findall(r"'([^']*)'", str((err.get("ctx") or {}).get("expected", "")))
    got = repr(given) if isinstance(given, str) else _got(given)
    hint = difflib.get_close_matches(given, words, n=1) if isinstance(given, str) else []
    return f"{err['msg']}, got {got}" + (f" (did you mean {hint[0]!r}?)" if hint else "")


def load_content(model: type[M], folder: Path) -> LoadedContent[M]:
    """Load and validate every YAML file under ``folder`` with ``model``.

    Raises :class:`ContentError` carrying every problem found: unreadable or
    invalid YAML, schema errors, duplicate ids, dangling references, paths
    outside the folder and whatever ``model.cross_check`` reports. Entries with
    schema errors are left out and everything else is still checked, without
    reporting what follows from the entries left out (see
    :mod:`pnp.content.partial` and :mod:`pnp.content.cross_check`).
    """
    shown = display_path(folder)
    if not folder.is_dir():
        raise ContentError([Problem(shown, 0, 0, "", "no such content folder")])
    files = content_files(folder)
    if not files:
        raise ContentError(
            [Problem(shown, 0, 0, "", "no content: the folder holds no *.yaml files")]
        )
    digest = hashlib.sha256()
    merged = _Merged(folder)
    parse_failed = False
    for path in files:
        raw = path.read_bytes()
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(raw).digest())
        doc = parse_yaml(path, raw)
        merged.problems.extend(doc.problems)
        if doc.empty:  # reported; it holds no section, so the rest is checked in full
            continue
        if doc.data is None:
            parse_failed = True
            continue
        merged.add(doc)
    problems = merged.problems
    lost = parse_failed or merged.lost
    wrong = _wrong_folder(model, merged.data) if not parse_failed else None
    if wrong:  # another ruleset's folder, most likely: one line, not hundreds
        raise ContentError([Problem(shown, 0, 0, "", wrong)])
    instance: M | None = None
    errors: list[Loc] = []  # where the schema errors lie in merged.data
    try:
        instance = model.model_validate(merged.data)
    except ValidationError as exc:
        for err in exc.errors():
            loc, message = _explain(model, merged.data, err)
            errors.append(loc)
            if parse_failed and err["type"] == "missing" and len(loc) == 1:
                continue  # the section may well be in the file that did not parse
            problems.append(merged.problem(loc, message))
    if instance is not None and not lost:
        partial = complete(instance)
    else:
        partial = salvage(model, merged.data, errors, lost)
    problems.extend(_check(partial.doubting(_sections(model, merged.doubtful)), merged))
    if problems or instance is None:
        raise ContentError(problems)
    return LoadedContent(folder, instance, tuple(files), digest.hexdigest(), _sources(merged))


def _sources(merged: _Merged) -> dict[str, str]:
    """``file:line`` of every list entry with an ``id``, by id: those of sections and
    their sub-lists, then those of lists inside entries (a House's deck) where their
    id is not taken already."""
    out: dict[str, str] = {}
    inner: list[tuple[Any, Loc]] = []

    def entries(items: Any, loc: Loc) -> None:
        if not isinstance(items, list):
            return
        for i, entry in enumerate(items):
            if isinstance(entry, dict):
                if isinstance(entry.get("id"), str):
                    out.setdefault(entry["id"], merged.where((*loc, i)))
                inner.extend((value, (*loc, i, key)) for key, value in entry.items())

    for key, value in merged.data.items():
        entries(value, (key,))
        if isinstance(value, dict):
            for sub, items in value.items():
                entries(items, (key, sub))
    while inner:  # breadth first: an outer entry keeps its id
        found, inner = inner, []
        for items, loc in found:
            entries(items, loc)
    return out


def _check(partial: Partial[Any], merged: _Merged) -> list[Problem]:
    """The problems of the marker checks and cross-checks of what validated.

    They run even when some entries failed schema validation, so one run
    reports every problem; what was left out is known to them, so they report
    none of its consequences (a reference to a broken entry, a count it is
    missing from).
    """
    model = type(partial.root)
    where = partial.merged_loc
    problems: list[Problem] = []
    incomplete = set(partial.incomplete)
    for loc, message in check_markers(
        partial.root, merged.folder, lambda at: merged.where(where(at)), partial.dropped
    ):
        problems.append(merged.problem(where(loc), message))
        # a section with a bad reference, a duplicate id or a missing file is not
        # cross-checked: what a check would say of it may follow from that problem
        incomplete |= _sections(model, {loc[0]})
    for loc, message in run_cross_checks(partial.root, frozenset(incomplete)):
        # another entry a message cites is named by its file and line
        message = CITED.sub(lambda m: merged.where(where(cited_loc(m.group(1)))), message)
        problems.append(merged.problem(where(loc), message))
    return problems


def _sections(model: type[BaseModel], keys: Iterable[str | int]) -> set[str]:
    """The root attribute names of the data ``keys`` that are sections of ``model``."""
    names = {info.alias or name: name for name, info in model.model_fields.items()}
    return {names[k] for k in keys if k in names}


def _wrong_folder(model: type[BaseModel], data: dict[str, Any]) -> str | None:
    """Why ``data`` does not look like ``model``'s content at all, or ``None``.

    When it has sections the model does not know and, with the sections it
    lacks, they outnumber the sections it shares with the model (another
    ruleset's folder given as ``--content``), listing every field of every
    entry would drown the cause.
    """
    sections = {info.alias or name: info.is_required() for name, info in model.model_fields.items()}
    missing = sorted(k for k, required in sections.items() if required and k not in data)
    unknown = sorted(k for k in data if k not in sections)
    shared = [k for k in data if k in sections]
    # a folder that only lacks sections is unfinished, not foreign: report it in full
    if not missing or not unknown or len(missing) + len(unknown) <= len(shared):
        return None
    return (
        f"does not look like this ruleset's content: it lacks the sections "
        f"{', '.join(missing)} and has the unknown sections {', '.join(unknown)} "
        "(is it the right --content folder?)"
    )


def validate_document(model: type[M], doc: YamlDocument) -> M:
    """Validate one parsed YAML file against ``model``.

    For single-file formats such as scenarios and records: raises
    :class:`ContentError` with the file's parse problems, or with every
    schema problem located at its line and field, exactly like content.
    """
    if doc.problems or doc.data is None:
        raise ContentError(list(doc.problems) or [doc.problem((), "the file is empty", "")])
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            problems.append(doc.problem(*_explain(model, doc.data, err)))
        raise ContentError(problems) from None
