"""Reading YAML with line marks."""

from __future__ import annotations

from pathlib import Path

from pnp.content.yaml_source import format_loc, parse_yaml


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
