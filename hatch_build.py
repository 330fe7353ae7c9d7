"""Install-time build hook: compile the referee's hottest modules with mypyc when possible.

The modules that pyproject.toml's ``[tool.hatch.build.targets.wheel.hooks.custom]``
names in ``include`` are compiled by hatch-mypyc into C extensions next to
their sources (an editable install leaves them in the checkout), and
``pnp/_compiled.json`` records the SHA-256 of each source compiled, so that
``pnp/compiled.py`` can tell when a source has changed since.

Compiling needs a C compiler and the Python headers. Without them, or with
``PNP_PURE_PYTHON=1`` set, pnp installs as pure Python and plays the same
games, only slower.
"""

from __future__ import annotations

import importlib.util
import json
import os
from importlib.metadata import version as installed_version
from pathlib import Path
from types import ModuleType
from typing import Any

from hatch_mypyc.plugin import MypycBuildHook

RECORD = "pnp/_compiled.json"


def _load_compiled(root: str) -> ModuleType:
    """``pnp/compiled.py`` (standard library only), read from the checkout by its path:
    the build and the running pnp judge a record with the same code."""
    spec = importlib.util.spec_from_file_location("_pnp_compiled", Path(root, "pnp/compiled.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompileReferee(MypycBuildHook):
    """hatch-mypyc's build hook, made optional and recording what it compiled."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, or leave pure Python (with one line saying why)."""
        if self.target_name != "wheel":
            return
        if os.environ.get("PNP_PURE_PYTHON", "") not in ("", "0"):
            self.clean([version])
            self.app.display_info("pnp: PNP_PURE_PYTHON is set: installing pure Python")
            return
        record = self.record()
        if self.up_to_date(record):  # a second install (e.g. with the test extras) is quick
            self.app.display_info("pnp: the compiled referee matches its sources")
            self.declare_artifacts(build_data)
            return
        try:
            super().initialize(version, build_data)
        except Exception as exc:  # no compiler, no headers: pure Python still works
            self.clean([version])
            why = _load_compiled(self.root).build_failure(str(exc) or type(exc).__name__)
            self.app.display_warning(
                f"pnp: could not compile the referee ({why}); installing pure Python (slower)"
            )
            return
        Path(self.root, RECORD).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        build_data["artifacts"].append(f"/{RECORD}")

    def modules(self) -> list[str]:
        """The module names of the files to compile."""
        return [path[: -len(".py")].replace("/", ".") for path in self.normalized_included_files]

    def record(self) -> dict[str, str]:
        """SHA-256 of each source to compile, by module name, and the compiler's version."""
        compiled = _load_compiled(self.root)
        package = Path(self.root, "pnp")
        record = {m: compiled.digest(compiled.source_path(m, package)) for m in self.modules()}
        record["_mypy"] = installed_version("mypy")
        return record

    def up_to_date(self, record: dict[str, str]) -> bool:
        """Whether an earlier build compiled these very sources with this mypy, for this
        Python, and left every extension (and their shared library) in place."""
        try:
            if json.loads(Path(self.root, RECORD).read_text()) != record:
                return False
        except (OSError, ValueError):
            return False
        compiled = _load_compiled(self.root)
        state = compiled.find_state(self.modules(), Path(self.root, "pnp"), {})
        return state == "compiled" and bool(self.get_forced_inclusion_map())

    def declare_artifacts(self, build_data: dict[str, Any]) -> None:
        """What a compile puts in the wheel, for extensions already built."""
        build_data["infer_tag"] = True
        build_data["pure_python"] = False
        build_data["artifacts"].extend(self.artifact_patterns)
        build_data["artifacts"].append(f"/{RECORD}")
        build_data["force_include"].update(self.get_forced_inclusion_map())

    def clean(self, versions: list[str]) -> None:
        """Remove the extensions and the record of an earlier build."""
        super().clean(versions)
        Path(self.root, RECORD).unlink(missing_ok=True)


def get_build_hook() -> type[CompileReferee]:
    """The hook hatchling loads (this file imports hatch-mypyc's hook too)."""
    return CompileReferee
