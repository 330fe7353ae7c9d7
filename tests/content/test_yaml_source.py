"""Reading YAML with line marks."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.content import yaml_source
from pnp.content.yaml_source import YamlDocument, format_loc, parse_yaml


def parse(text: str | bytes):
    raw = text.encode() if isinstance(text, str) else text
    return parse_yaml(Path("x.yaml"), raw)


def test_marks_point_at_keys_and_items() -> None:
    doc = parse("cards:\n  - id: a\n    cost: 1\n  - id: b\n    cost: 2\n")
    assert doc.problems == []
    assert doc.data == {"cards": [{"id": "a", "cost": 1}, {"id": "b", "cost": 2}]}
    assert doc.mark_for(("cards", 1, "cost")).line == 5
    assert doc.mark_for(("cards", 1, "cost")).column == 5
    assert doc.mark_for(("cards", 1)).line == 4
    # a missing field is located at its nearest existing ancestor
    assert doc.mark_for(("cards", 1, "strength")).line == 4


def test_format_loc() -> None:
    assert format_loc(("cards", 3, "cost")) == "cards[3].cost"
    assert format_loc(("settings",)) == "settings"
    assert format_loc(()) == ""


def test_duplicate_key_is_a_problem() -> None:
    doc = parse("a: 1\nb: 2\na: 3\n")
    assert [(p.line, p.field) for p in doc.problems] == [(3, "a")]
    assert "duplicate key" in doc.problems[0].message


def test_merge_keys_and_anchors_are_expanded() -> None:
    doc = parse("base: &b {cost: 1}\ncard:\n  <<: *b\n  name: x\n")
    assert doc.problems == []
    assert doc.data["card"] == {"cost": 1, "name": "x"}


@pytest.mark.parametrize(
    "text",
    [
        # a card made from another, its own keys overriding the merged ones
        "base: &b {id: raven, cost: 1, name: Raven}\ncard:\n  <<: *b\n  id: crow\n  name: Crow\n",
        # the key written before the merge still wins
        "base: &b {id: raven, cost: 1}\ncard:\n  id: crow\n  <<: *b\n",
        # of several merged maps, the earlier one wins
        "a: &a {x: 1, y: 1}\nb: &b {x: 2, z: 2}\nc:\n  <<: [*a, *b]\n  z: 3\n",
        # merges within merges
        "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, x: 3}\n",
    ],
)
def test_a_merged_key_is_overridden_as_yaml_says(text: str) -> None:
    # before, a key written beside "<<: *anchor" was refused as a duplicate key
    doc = parse(text)
    assert doc.problems == []
    assert doc.data == yaml.safe_load(text)


def test_a_key_written_twice_beside_a_merge_is_still_a_duplicate() -> None:
    doc = parse("base: &b {cost: 1}\ncard:\n  <<: *b\n  name: x\n  name: y\n")
    assert [(p.line, p.field) for p in doc.problems] == [(5, "card.name")]
    assert "duplicate key" in doc.problems[0].message


def test_an_overridden_value_is_marked_where_it_is_written() -> None:
    doc = parse("base: &b\n  cost: 1\n  tags: [a, b]\ncard:\n  <<: *b\n  tags: [c]\n")
    assert doc.data["card"] == {"cost": 1, "tags": ["c"]}
    assert doc.mark_for(("card", "tags", 0)).line == 6  # not the anchor's line 3
    assert doc.mark_for(("card", "cost")).line == 2  # an inherited value: where it is written


def test_alias_bomb_is_refused_not_expanded() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    doc = parse("\n".join(lines) + "\n")
    assert doc.data is None
    assert "expands to more than" in doc.problems[0].message


def test_syntax_error_has_line_and_column() -> None:
    doc = parse("cards:\n  - id: a\n    cost: [1, 2\n")
    assert doc.data is None
    (problem,) = doc.problems
    assert problem.line >= 3
    assert problem.message.startswith("YAML syntax error")


@pytest.mark.parametrize(
    ("text", "line", "hint"),
    [
        # text holding ': ' left unquoted, the commonest slip in a flavour line
        ("cards:\n  - flavor: He came: he saw.\n", 2, "quote text that holds ': '"),
        # a field indented one space too far
        ("cards:\n  - id: a\n     cost: 1\n", 3, "check this line's indentation"),
        # a list item's field indented like the dash
        ("cards:\n  - id: a\n  cost: 1\n", 3, "indentation against the lines above"),
        ("cards:\n\t- id: a\n", 2, "indent with spaces, not tabs"),
        ("cards: [a, b\nrules: 1\n", 2, "(it began at line 1): close the [ ] list"),
        ("card: {id: a\nrules: 1\n", 2, "(it began at line 1): close the { } mapping"),
        # a scenario's state path in a flow mapping (tests/scenarios/README.md)
        ("state: {seats[0].gold: 2}\n", 1, "a key holding [ ] (a path such as seats[0].gold)"),
        ('name: "Ser Jorah\ncost: 1\n', 3, "(it began at line 1): a quotation mark is never"),
        ('name: "Ser" Jorah\n', 1, "quote the whole value"),
    ],
)
def test_syntax_errors_say_how_to_fix_them(text: str, line: int, hint: str) -> None:
    (problem,) = parse(text).problems
    assert problem.line == line
    assert problem.message.startswith("YAML syntax error: ")
    assert hint in problem.message


def test_not_utf8_names_the_line() -> None:
    doc = parse(b"a: 1\nname: caf\xe9\n")
    (problem,) = doc.problems
    assert (problem.line, problem.column) == (2, 10)
    assert "not UTF-8" in problem.message


def test_utf8_bom_is_accepted() -> None:
    assert parse("\ufeffa: 1\n".encode()).data == {"a": 1}


def test_empty_and_comment_only_files_are_empty() -> None:
    for text in ("", "   \n", "# nothing here\n", "---\n"):
        doc = parse(text)
        assert [p.message for p in doc.problems] == ["the file is empty"], text


def test_complex_key_is_a_problem() -> None:
    doc = parse("? [a, b]\n: 1\n")
    assert "mapping key must be a plain value" in doc.problems[0].message


def test_impossible_date_is_a_problem_not_a_crash() -> None:
    doc = parse("when: 2024-13-45\n")
    assert doc.problems and "cannot read the value" in doc.problems[0].message


def test_two_documents_are_a_syntax_error() -> None:
    doc = parse("a: 1\n---\nb: 2\n")
    assert doc.data is None
    assert doc.problems


def test_control_character_is_located() -> None:
    doc = parse("a: 1\nb: x\x1by\n")
    (problem,) = doc.problems
    assert (problem.line, problem.column) == (2, 5)
    assert "U+001B" in problem.message


# -- libyaml and PyYAML's Python parser read the same


def both_ways(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[YamlDocument, YamlDocument]:
    """``text`` parsed the usual way (libyaml first) and by the Python parser alone."""
    fast = parse(text)
    with monkeypatch.context() as mp:
        mp.setattr(yaml_source, "_compose_with_libyaml", lambda text: None)
        slow = parse(text)
    return fast, slow


def same(a: YamlDocument, b: YamlDocument) -> bool:
    return (a.data, a.marks, a.problems, a.empty) == (b.data, b.marks, b.problems, b.empty)


YAML_FILES = sorted([*Path("content").rglob("*.yaml"), *Path("tests").rglob("*.yaml")], key=str)


def test_libyaml_is_used_for_the_shipped_content() -> None:
    assert yaml.__with_libyaml__  # PyYAML's wheels carry it; without it pnp is 15x slower here
    for path in Path("content").rglob("*.yaml"):
        assert yaml_source._compose_with_libyaml(path.read_text()) is not None, path


def test_every_yaml_file_reads_the_same_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(YAML_FILES) > 100
    for path in YAML_FILES:
        fast, slow = both_ways(monkeypatch, path.read_text(encoding="utf-8", errors="replace"))
        assert same(fast, slow), path


@pytest.mark.parametrize(
    "text",
    [
        "a: [1, 2\nb: 3\n",  # libyaml refuses: the Python parser words the error
        "a: 1\n---\nb: 2\n",
        "a: b: c\n",
        "a:\n\t- 1\n",
        "a: \x07\n",
        "x: &a [1]\ny: *b\n",
        "<<: 3\n",
        "base: &b {cost: 1}\ncard:\n  <<: *b\n  cost: 2\n  cost: 3\n",
        "a: 2024-13-45\n",
        "- " * 300 + "x\n",
        "name: Ünïcødé ✓ 🐺\n  bad: 1\n",
    ],
)
def test_problems_read_the_same_both_ways(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    fast, slow = both_ways(monkeypatch, text)
    assert same(fast, slow)


yaml_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**12), max_value=10**12),
        st.floats(allow_nan=False),
        st.text(max_size=15),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=4),
    ),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=yaml_values, flow=st.sampled_from([None, True, False]), unicode=st.booleans())
def test_any_dumped_value_reads_the_same_both_ways(
    value: object, flow: bool | None, unicode: bool
) -> None:
    text = yaml.safe_dump(value, default_flow_style=flow, allow_unicode=unicode)
    with pytest.MonkeyPatch.context() as mp:
        fast, slow = both_ways(mp, text)
    assert same(fast, slow)
