"""The two versions of the content a comparison plays: a folder, or a git revision.

``--base`` and ``--candidate`` name a content root (a folder, as ``--content``
does) or ``git:REV``: the content folder as it was at revision ``REV`` of the
git repository holding the working content (``git:HEAD`` is the last commit,
so "what did my uncommitted edits do?" is ``pnp compare RULESET --base
git:HEAD``). A revision's folder is copied out of the repository with ``git
archive`` into a scratch folder the caller owns and removes; the repository,
its index and its work tree are only read.
"""

from __future__ import annotations

import io
import subprocess
import tarfile
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from pnp.content import ContentError, LoadedContent
from pnp.content.problems import display_path
from pnp.errors import UsageError
from pnp.rulesets.ruleset import Ruleset

#: what starts a revision: ``git:HEAD``, ``git:v1.2``, ``git:HEAD~3``
GIT_PREFIX = "git:"


@dataclass(frozen=True)
class ContentVersion:
    """One side of a comparison: where its content comes from and how it is named."""

    #: as the reports name it: ``git:HEAD``, ``my-set/``, ``working content (content/haggle)``
    label: str
    #: the content root to load (``None``: the shipped content)
    root: Path | None
    #: for a revision: the folder it was copied to, and how its files are named to the user
    scratch: Path | None = None
    origin: str = ""

    def load(self, ruleset: Ruleset) -> LoadedContent:
        """Load and validate this version's content; a revision's problems name its files
        as ``git:REV:path`` (the scratch copy means nothing to the user)."""
        try:
            return ruleset.load(self.root, alone=True)
        except ContentError as exc:
            if self.scratch is None:
                raise
            shown = display_path(self.scratch)
            problems = [
                replace(p, file=p.file.replace(shown, self.origin, 1)) for p in exc.problems
            ]
            raise ContentError(problems) from None


def working_version(ruleset: Ruleset, content_root: Path | None) -> ContentVersion:
    """The working content: ``--content`` (or the shipped content) as it is on disk."""
    folder = ruleset.content_dir(content_root, alone=True)
    return ContentVersion(f"working content ({display_path(folder)})", content_root)


def resolve_version(
    spec: str | None,
    ruleset: Ruleset,
    content_root: Path | None,
    scratch: Path,
    flag: str,
) -> ContentVersion:
    """The version ``flag`` (``--base``, ``--candidate``) names: ``None`` for the working
    content, ``git:REV``, or a content folder. A revision is copied into ``scratch``."""
    if spec is None:
        return working_version(ruleset, content_root)
    if spec.startswith(GIT_PREFIX):
        return _revision(spec[len(GIT_PREFIX) :], ruleset, content_root, scratch, flag)
    folder = Path(spec)
    if not folder.is_dir():
        raise UsageError(f"{flag} {spec}: no such folder (give a content folder or git:REV)")
    return ContentVersion(display_path(folder), folder)


def _revision(
    rev: str, ruleset: Ruleset, content_root: Path | None, scratch: Path, flag: str
) -> ContentVersion:
    """The working content's folder at revision ``rev`` of its repository, copied out."""
    spec = f"{GIT_PREFIX}{rev}"
    if not rev or rev.startswith("-"):  # an option to git, not a revision
        raise UsageError(f"{flag} {spec}: name a revision, e.g. git:HEAD")
    folder = ruleset.content_dir(content_root, alone=True).absolute()
    near = folder
    while not near.is_dir() and near != near.parent:  # the folder may be gone in the work tree
        near = near.parent
    found = _git(near, "rev-parse", "--show-toplevel")
    if found.returncode != 0:
        raise UsageError(
            f"{flag} {spec}: {display_path(folder)} is not inside a git repository "
            "(git:REV reads the content folder from the repository holding the working "
            "content; give --content, or a folder instead)"
        )
    top = Path(found.stdout.decode().strip())
    try:
        rel = PurePosixPath(folder.resolve().relative_to(top.resolve()).as_posix())
    except ValueError:
        raise UsageError(
            f"{flag} {spec}: {display_path(folder)} is not inside the repository {top}"
        ) from None
    commit = _git(top, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    if commit.returncode != 0:
        raise UsageError(f"{flag} {spec}: unknown revision {rev!r} in the repository {top}")
    sha = commit.stdout.decode().strip()
    archive = _git(top, "archive", "--format=tar", sha, "--", str(rel) if rel.parts else ".")
    if archive.returncode != 0:
        raise UsageError(f"{flag} {spec}: revision {rev} has no folder {rel} (in {top})")
    target = scratch / ruleset.content_folder
    _extract(archive.stdout, rel, target)
    if not any(target.iterdir()):
        raise UsageError(f"{flag} {spec}: revision {rev} has no files in {rel} (in {top})")
    return ContentVersion(spec, scratch, scratch=target, origin=f"{spec}:{rel}")


def _git(where: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Run git in ``where`` (reading only); its output as bytes."""
    try:
        return subprocess.run(["git", "-C", str(where), *args], capture_output=True, check=False)
    except FileNotFoundError:
        raise UsageError("git:REV needs git, which is not installed (or not on PATH)") from None


def _extract(data: bytes, rel: PurePosixPath, target: Path) -> None:
    """The files of the tar ``data`` under ``rel``, written below ``target`` without it."""
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        members = []
        for member in tar.getmembers():
            parts = PurePosixPath(member.name).parts
            if parts[: len(rel.parts)] != rel.parts or len(parts) == len(rel.parts):
                continue
            member.name = PurePosixPath(*parts[len(rel.parts) :]).as_posix()
            members.append(member)
        target.mkdir(parents=True, exist_ok=True)
        # the data filter refuses links out of the folder, devices and absolute names
        tar.extractall(target, members=members, filter="data")
