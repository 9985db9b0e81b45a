"""Fixtures for the classroom test on a real JupyterHub.

It needs Debian's chromium with the playwright package, the jupyterhub package and
``configurable-http-proxy`` from npm (installed by ``.ci/run``, or here with npm into
``tests/hub/.proxy``). When one is missing the test is skipped with the reason, except
under CI (the ``CI`` environment variable set), where it fails.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator

import pytest

from tests.browser.labserver import chromium_missing
from tests.hub.hubserver import Hub, install_proxy, proxy_command

USERS = ["ana", "ben"]


def _cannot(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the JupyterHub test cannot run under CI: {reason}")
    pytest.skip(reason)


def _proxy() -> str:
    command = proxy_command()
    if command is not None:
        return command
    try:
        return install_proxy()
    except (OSError, subprocess.SubprocessError) as error:  # no npm, no registry
        _cannot(f"configurable-http-proxy is not installed and npm could not install it: {error}")
        raise


@pytest.fixture(scope="module")
def hub_requirements() -> None:
    reason = chromium_missing()
    if reason is not None:
        _cannot(reason)
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _cannot("the jupyterhub package is not installed (pip install -e '.[test]')")


@pytest.fixture(scope="module")
def hub(hub_requirements: None) -> Iterator[Hub]:
    with Hub(USERS, _proxy()) as running:
        yield running
        names = running.names()
    left = running.running()
    print(f"stopped the hub's {len(names)} processes by PID: {', '.join(names)}")
    assert not left, f"processes of the hub still running after teardown: {left}"
