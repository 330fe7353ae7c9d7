"""Collect every scenario file below this folder as a test (id: the file's path)."""

from pnp.engine.scenarios.pytest_plugin import pytest_collect_file

__all__ = ["pytest_collect_file"]
