"""Read one YAML file into plain data while keeping where every value came from.

PyYAML's ``safe_load`` throws line numbers away. We compose the node tree
instead (safe tags only), build the plain value ourselves and record the
line and column of every mapping key and sequence item, keyed by its path
(``("cards", 3, "cost")``). Later stages turn a pydantic error location back
into ``file:line:col``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from pnp.content.problems import Problem, display_path

Loc = tuple[str | int, ...]

# Aliases let a tiny file expand into a huge value ("billion laughs"). Real
# content is far below this many nodes.
MAX_NODES = 200_000
#: the tag of YAML's merge key, ``<<: *anchor``
MERGE_TAG = "tag:yaml.org,2002:merge"


@dataclass(frozen=True)
class Mark:
    """A 1-based line and column in a source file."""

    line: int
    column: int


@dataclass
class YamlDocument:
    """A parsed file: its plain value, the marks of its parts, its problems."""

    path: Path
    data: Any = None
    marks: dict[Loc, Mark] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: the file holds nothing but blanks and comments ("the file is empty")
    empty: bool = False

    def mark_for(self, loc: Loc) -> Mark:
        """The mark of ``loc`` or of its nearest ancestor that has one."""
        for end in range(len(loc), -1, -1):
            mark = self.marks.get(tuple(loc[:end]))
            if mark is not None:
                return mark
        return Mark(1, 1)

    def problem(self, loc: Loc, message: str, field_path: str | None = None) -> Problem:
        """A problem located at ``loc`` in this file."""
        mark = self.mark_for(loc)
        return Problem(
            display_path(self.path),
            mark.line,
            mark.column,
            format_loc(loc) if field_path is None else field_path,
            message,
        )


def format_loc(loc: Loc) -> str:
    """Render a location path the way users write it: ``cards[3].cost``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


class _TooLarge(Exception):
    pass


class _Builder:
    """Turns a composed node tree into plain Python values, recording marks."""

    def __init__(self, loader: yaml.SafeLoader | yaml.CSafeLoader, doc: YamlDocument) -> None:
        self.loader = loader
        self.doc = doc
        self.count = 0

    def build(self, node: yaml.Node, loc: Loc) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _TooLarge
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, loc)
        if isinstance(node, yaml.SequenceNode):
            items = []
            for i, child in enumerate(node.value):
                self.doc.marks.setdefault(
                    (*loc, i), Mark(child.start_mark.line + 1, child.start_mark.column + 1)
                )
                items.append(self.build(child, (*loc, i)))
            return items
        assert isinstance(node, yaml.MappingNode)
        written = sum(1 for key_node, _ in node.value if key_node.tag != MERGE_TAG)
        self.loader.flatten_mapping(node)  # resolves "<<" merge keys
        # the pairs merged in come first, in an order where the one that counts comes
        # last; the pairs written here follow and override them (YAML's merge key)
        merged = len(node.value) - written
        inherited: set[Any] = set()
        result: dict[Any, Any] = {}
        for index, (key_node, value_node) in enumerate(node.value):
            if isinstance(key_node, yaml.ScalarNode):
                key = self.scalar(key_node, loc)
            else:
                key = [key_node]  # a sequence or mapping used as a key
            mark = Mark(key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if not isinstance(key, Hashable) or isinstance(key, list | dict):
                self.doc.problems.append(
                    Problem(
                        display_path(self.doc.path),
                        mark.line,
                        mark.column,
                        format_loc(loc),
                        "a mapping key must be a plain value",
                    )
                )
                continue
            child_loc = (*loc, key if isinstance(key, int) else str(key))
            if key in inherited:  # a merged value, overridden by a later pair
                inherited.discard(key)
                self._forget(child_loc)
            elif key in result:
                self.doc.problems.append(
                    Problem(
                        display_path(self.doc.path),
                        mark.line,
                        mark.column,
                        format_loc(child_loc),
                        "duplicate key (an earlier line already sets it)",
                    )
                )
                continue
            if index < merged:
                inherited.add(key)
            self.doc.marks[child_loc] = mark
            result[key] = self.build(value_node, child_loc)
        return result

    def _forget(self, loc: Loc) -> None:
        """Drop the marks of ``loc`` and everything below it (a value being replaced)."""
        n = len(loc)
        for key in [k for k in self.doc.marks if k[:n] == loc]:
            del self.doc.marks[key]

    def scalar(self, node: yaml.ScalarNode, loc: Loc) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except (ValueError, TypeError, OverflowError) as exc:
            # e.g. "2024-13-45" resolves to a timestamp that does not exist
            self.doc.problems.append(
                Problem(
                    display_path(self.doc.path),
                    node.start_mark.line + 1,
                    node.start_mark.column + 1,
                    format_loc(loc),
                    f"cannot read the value {node.value!r}: {exc}",
                )
            )
            return None


def parse_yaml(path: Path, raw: bytes) -> YamlDocument:
    """Parse ``raw`` (the bytes of ``path``) into a :class:`YamlDocument`.

    Never raises for bad input: decoding, syntax and structure problems are
    returned in ``doc.problems`` with their line and column.
    """
    doc = YamlDocument(path)
    shown = display_path(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        doc.problems.append(
            Problem(shown, line, column, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x})")
        )
        return doc
    if not text.strip() or all(
        not ln.strip() or ln.lstrip().startswith("#") for ln in text.splitlines()
    ):
        doc.problems.append(Problem(shown, 1, 1, "", "the file is empty"))
        doc.empty = True
        return doc
    fast = _compose_with_libyaml(text)
    loader: yaml.SafeLoader | yaml.CSafeLoader
    if fast is not None:
        loader, node = fast
    else:
        try:
            loader = yaml.SafeLoader(text)
        except yaml.reader.ReaderError as exc:
            doc.problems.append(_reader_problem(shown, text, exc))
            return doc
    try:
        if fast is None:
            node = loader.get_single_node()
        if node is None:
            doc.problems.append(Problem(shown, 1, 1, "", "the file is empty"))
            doc.empty = True
            return doc
        doc.marks[()] = Mark(node.start_mark.line + 1, node.start_mark.column + 1)
        doc.data = _Builder(loader, doc).build(node, ())
        if doc.data is None and not doc.problems:  # "---" or a lone "~"
            doc.problems.append(Problem(shown, 1, 1, "", "the file is empty"))
            doc.empty = True
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = " ".join(str(part) for part in (exc.context, exc.problem) if part)
        message += _syntax_hint(exc, line)
        doc.problems.append(Problem(shown, line, column, "", f"YAML syntax error: {message}"))
        doc.data = None
    except yaml.reader.ReaderError as exc:
        doc.problems.append(_reader_problem(shown, text, exc))
        doc.data = None
    except yaml.YAMLError as exc:  # any other unmarked error
        doc.problems.append(Problem(shown, 1, 1, "", f"YAML error: {exc}"))
        doc.data = None
    except _TooLarge:
        doc.problems.append(
            Problem(shown, 1, 1, "", f"the document expands to more than {MAX_NODES} values")
        )
        doc.data = None
    except RecursionError:
        doc.problems.append(Problem(shown, 1, 1, "", "the document is nested too deeply"))
        doc.data = None
    finally:
        loader.dispose()
    return doc


#: what usually causes a YAML syntax error (a part of PyYAML's problem text), and the fix
_SYNTAX_HINTS = (
    (
        "mapping values are not allowed",
        "quote text that holds ': ', or check this line's indentation",
    ),
    ("that cannot start any token", "indent with spaces, not tabs"),
    (
        "expected <block end>, but found '<scalar>'",
        "quote the whole value if text goes on after a closing quotation mark, "
        "else check the indentation",
    ),
    ("expected <block end>", "check this line's indentation against the lines above it"),
    ("could not find expected ':'", "write 'field: value', and check the indentation"),
    (
        "expected ',' or ']'",
        "close the [ ] list, put commas between its items, quote any that hold ':' or ','",
    ),
    (
        "expected ',' or '}', but got '['",
        "a key holding [ ] (a path such as seats[0].gold) cannot stand in a { } mapping: "
        "quote it, or write it on a line of its own (block style)",
    ),
    (
        "expected ',' or '}'",
        "close the { } mapping, put commas between its fields, quote values that hold ':' or ','",
    ),
    ("found unexpected end of stream", "a quotation mark is never closed"),
)


def _syntax_hint(exc: yaml.MarkedYAMLError, line: int) -> str:
    """A plain-words hint for a YAML syntax error, and where its construct began."""
    problem = str(exc.problem or "")
    hint = next((fix for part, fix in _SYNTAX_HINTS if part in problem), "")
    start = exc.context_mark
    began = ""
    # a bracket, quotation mark or key left open is best found where it began
    opened = any(w in str(exc.context or "") for w in ("flow", "quoted", "simple key"))
    if opened and start is not None and start.line + 1 != line:
        began = f" (it began at line {start.line + 1})"
    return began + (f": {hint}" if hint else "")


def _compose_with_libyaml(text: str) -> tuple[yaml.CSafeLoader, yaml.Node | None] | None:
    """The node tree of ``text`` composed by libyaml, or ``None`` to use PyYAML's parser.

    libyaml composes content about 15 times faster than PyYAML's Python parser
    (0.06 s against 0.9 s for the shipped content) with the same nodes,
    values and marks: it has the same resolver and constructor. Its error
    messages differ, so for text it refuses (or where PyYAML refuses a
    character) this returns ``None`` and the Python parser reads the text
    again to report the problem in its own words. ``None`` too when PyYAML
    was built without libyaml.
    """
    if not yaml.__with_libyaml__ or yaml.reader.Reader.NON_PRINTABLE.search(text):
        return None
    loader = yaml.CSafeLoader(text)
    try:
        return loader, loader.get_single_node()
    except yaml.YAMLError:
        loader.dispose()
        return None


def _reader_problem(shown: str, text: str, exc: yaml.reader.ReaderError) -> Problem:
    """A character YAML refuses (control characters), located by line and column."""
    pos = max(0, min(exc.position, len(text)))
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    message = f"character U+{exc.character:04X} is not allowed in YAML"
    return Problem(shown, line, column, "", message)
