"""The check at the end of every build: the site names no remote address.

A site that names a remote address works only while that address answers: a school's
network that blocks it, or a pupil offline, gets a kernel that never starts (an
incremental JupyterLite build once lost ``pyodideUrl``, and the kernel then went to a
CDN without a word). So the configuration and the lock must name only files of the site:

- no ``jupyter-lite.json`` (or ``.ipynb``) names a URL with a scheme (``https://``) or
  ``//host``;
- the kernel's settings say where Pyodide and the lock are, both inside the site, and
  ``disablePyPIFallback`` is on (``%pip install`` never reaches PyPI);
- every package of the lock (and of the kernel's own wheel index) is a file of the site.

>>> remote_strings({"a": ["./static/x.whl", "https://cdn.example/y"], "b": "//host/z"})
['a: https://cdn.example/y', 'b: //host/z']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mathplay.i18n import _
from mathplay.site.tools import SiteError

__all__ = ["KERNEL_PLUGIN", "check_site", "problems", "remote_strings"]

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
_REMOTE = re.compile(r"^\s*([a-z][a-z0-9+.-]*:)?//", re.IGNORECASE)


def _strings(data: Any, where: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(data, str):
        yield where, data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from _strings(value, f"{where}.{key}" if where else str(key))
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value, where)


def remote_strings(data: Any) -> list[str]:
    """The strings in ``data`` (JSON) that are remote addresses, each with its key."""
    return [f"{where}: {text}" for where, text in _strings(data) if _REMOTE.match(text)]


def _load(path: Path, found: list[str]) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        found.append(_("{path} cannot be read: {error}").format(path=path, error=error))
        return None


def _local(site: Path, base: Path, name: str) -> bool:
    """Whether ``name`` (relative to the folder ``base``) is a file of ``site``."""
    path = (base / name.split("?", 1)[0]).resolve()
    return path.is_file() and site.resolve() in path.parents


def problems(site: Path) -> list[str]:
    """What in ``site`` names a remote address or misses a file (empty when all is well)."""
    found: list[str] = []
    root = site / "jupyter-lite.json"
    if not root.is_file():
        return [_("{path} is missing: this is not a JupyterLite site").format(path=root)]
    configs = [*site.rglob("jupyter-lite.json"), *site.rglob("jupyter-lite.ipynb")]
    for config in sorted(configs):
        data = _load(config, found)
        for text in remote_strings(data):
            found.append(f"{config.relative_to(site)}: {text}")
    data = _load(root, found) or {}
    settings = data.get("jupyter-config-data", {}).get("litePluginSettings", {})
    kernel = settings.get(KERNEL_PLUGIN, {})
    pyodide = kernel.get("pyodideUrl")
    lock_url = kernel.get("loadPyodideOptions", {}).get("lockFileURL")
    if not (isinstance(pyodide, str) and _local(site, site, pyodide)):
        found.append(
            _("the kernel's pyodideUrl is {value!r}, not a file of the site").format(value=pyodide)
        )
    if kernel.get("disablePyPIFallback") is not True:
        found.append(_("the kernel's disablePyPIFallback is not on: %pip install would reach PyPI"))
    if not (isinstance(lock_url, str) and _local(site, site, lock_url)):
        found.append(
            _("the kernel's lockFileURL is {value!r}, not a file of the site").format(
                value=lock_url
            )
        )
        return found
    lock_path = (site / lock_url).resolve()
    lock = _load(lock_path, found) or {}
    packages = lock.get("packages", {})
    if not packages:
        found.append(_("the lock {path} has no packages").format(path=lock_url))
    # The lock's file names are relative to where Pyodide loads from.
    pyodide_folder = (site / str(pyodide)).resolve().parent
    for name, package in sorted(packages.items()):
        file_name = str(package.get("file_name", ""))
        if _REMOTE.match(file_name) or not _local(site, pyodide_folder, file_name):
            found.append(
                _("the lock's package {name} is {file}, not a file of the site").format(
                    name=name, file=file_name
                )
            )
    for index in kernel.get("pipliteUrls", []):
        if _REMOTE.match(index) or not _local(site, site, index):
            found.append(
                _("the kernel's wheel index {url} is not a file of the site").format(url=index)
            )
            continue
        index_path = (site / index.split("?", 1)[0]).resolve()
        for text in remote_strings(_load(index_path, found)):
            found.append(f"{index_path.relative_to(site.resolve())}: {text}")
    return found


def check_site(site: Path) -> int:
    """Raise :class:`SiteError` listing what is wrong unless the site names no remote
    address; else the number of packages in its lock."""
    found = problems(site)
    if found:
        raise SiteError(
            _(
                "the site in {site} is not self-contained, so it would not work offline or "
                "where the network blocks those addresses:\n{problems}\nBuild it again; if this "
                "stays, it is a bug in mathplay's site build: please report it."
            ).format(site=site, problems="\n".join("  - " + p for p in found))
        )
    data = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = data["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    lock = json.loads(
        (site / kernel["loadPyodideOptions"]["lockFileURL"]).read_text(encoding="utf-8")
    )
    return len(lock["packages"])
