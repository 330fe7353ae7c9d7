"""Atomic output: every queued file in place, or none of them, whenever Ctrl-C comes."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from pnp import interrupt
from pnp.errors import OutputError
from pnp.render.pdf import AtomicFiles


@pytest.fixture(autouse=True)
def forget() -> Iterator[None]:
    interrupt.reset()
    yield
    interrupt.reset()


def _queue(tmp_path: Path) -> tuple[AtomicFiles, list[Path]]:
    targets = [tmp_path / "kit" / f"{name}.pdf" for name in ("cards", "tokens", "board")]
    targets[0].parent.mkdir()
    for target in targets:
        target.write_bytes(b"earlier")
    files = AtomicFiles()
    for target in targets:
        files.add(target, b"new " + target.name.encode())
    return files, targets


def test_a_ctrl_c_while_the_files_are_put_in_place_comes_too_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files, targets = _queue(tmp_path)
    replace = os.replace
    calls = []

    def replace_then_ctrl_c(src: Path, dst: Path) -> None:
        replace(src, dst)
        calls.append(dst)
        if len(calls) == 1:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(os, "replace", replace_then_ctrl_c)
    assert files.commit() == targets  # no KeyboardInterrupt: every file went in
    assert [t.read_bytes() for t in targets] == [b"new " + t.name.encode() for t in targets]
    assert sorted(p.name for p in targets[0].parent.iterdir()) == sorted(t.name for t in targets)


def test_a_ctrl_c_while_the_files_are_written_leaves_every_target_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued, targets = _queue(tmp_path)
    files = AtomicFiles()  # a file in folders of its own first, then the kit's
    files.add(tmp_path / "new" / "deeper" / "extra.pdf", b"extra")
    for target in queued.paths:
        files.add(target, b"new")
    fsync = os.fsync
    synced = []

    def fsync_then_ctrl_c(fd: int) -> None:
        fsync(fd)
        synced.append(fd)
        if len(synced) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", fsync_then_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        files.commit()
    assert [t.read_bytes() for t in targets] == [b"earlier"] * 3
    assert sorted(p.name for p in targets[0].parent.iterdir()) == sorted(t.name for t in targets)
    assert not (tmp_path / "new").exists()


def test_a_failed_write_removes_the_folders_it_made(tmp_path: Path) -> None:
    # as `pnp export thrones ironthrone` into a folder where 'ironthrone' is a file
    (tmp_path / "ironthrone").write_text("in the way")
    files = AtomicFiles()
    files.add(tmp_path / "thrones" / "png" / "a.png", b"a")
    files.add(tmp_path / "ironthrone" / "png" / "b.png", b"b")
    with pytest.raises(OutputError, match="cannot write to"):
        files.commit()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ironthrone"]
