"""What a site build runs: a Python 3.12 or newer, the build tools, Pyodide from npm.

The build tools (JupyterLite and the lock add-on, ``mathplay.site.pins.TOOLS``) live in a
virtual environment of their own in a cache folder, made once per Python and set of
versions; the Pyodide core is fetched once with ``npm pack`` and checked against the
integrity npm gives for it. Every download is tried again when it fails (networks in
schools are like that), and every failure says in plain words what to do.

>>> version_of("/no/such/python") is None
True
>>> at_least((3, 12), (3, 13)), at_least((3, 12), (3, 11))
(True, False)
"""

from __future__ import annotations

import base64
import contextlib
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path

from mathplay.errors import MathplayError
from mathplay.i18n import _
from mathplay.site.pins import PYODIDE, PYODIDE_INTEGRITY, TOOLS

try:  # pragma: no cover - there is no fcntl on Windows
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "LOCK_TOOL_PYTHON",
    "PYTHON_VARIABLE",
    "SiteError",
    "cache_dir",
    "find_python",
    "pyodide_package",
    "run",
    "tools_venv",
    "venv_python",
]

#: The lock tool (``pyodide-lock``) runs on Python 3.12 or newer only.
LOCK_TOOL_PYTHON = (3, 12)
#: The environment variable naming the Python to build with.
PYTHON_VARIABLE = "MATHPLAY_SITE_PYTHON"
#: The environment variable naming the cache folder (else ``~/.cache/mathplay-site``).
CACHE_VARIABLE = "MATHPLAY_SITE_CACHE"

Say = Callable[[str], None]


class SiteError(MathplayError):
    """A site that cannot be built or served, with what to do about it."""


# --- which Python -------------------------------------------------------------------


def at_least(wanted: tuple[int, int], version: tuple[int, int]) -> bool:
    return version >= wanted


def version_of(python: str) -> tuple[int, int] | None:
    """The (major, minor) version of the Python at ``python``, or ``None`` if it does not
    run (a pyenv shim for a version that is not switched on does not)."""
    try:
        done = subprocess.run(
            [python, "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    parts = done.stdout.split()
    if done.returncode != 0 or len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    return int(parts[0]), int(parts[1])


def _pyenv_pythons(home: Path) -> list[str]:
    """pyenv's Pythons of 3.12 and newer, newest first."""
    found = []
    for folder in glob.glob(str(home / ".pyenv" / "versions" / "3.*")):
        parts = Path(folder).name.split(".")
        if len(parts) >= 2 and parts[1].isdigit() and int(parts[1]) >= LOCK_TOOL_PYTHON[1]:
            found.append((int(parts[1]), folder))
    return [str(Path(folder, "bin", "python")) for _minor, folder in sorted(found, reverse=True)]


def python_candidates(environ: Mapping[str, str] | None = None) -> list[str]:
    """Where a Python for the build tools may be, in the order they are tried: the one
    running mathplay, ``python3.13``/``python3.12`` on the PATH, pyenv's."""
    environ = os.environ if environ is None else environ
    path = environ.get("PATH")
    names = [shutil.which(name, path=path) for name in ("python3.13", "python3.12")]
    home = Path(environ.get("HOME") or Path.home())
    found = [sys.executable, *[n for n in names if n], *_pyenv_pythons(home)]
    return list(dict.fromkeys(found))


def find_python(environ: Mapping[str, str] | None = None) -> str:
    """A Python of 3.12 or newer for the build tools: ``MATHPLAY_SITE_PYTHON`` if set
    (and then only that one), else the first of :func:`python_candidates` that runs."""
    environ = os.environ if environ is None else environ
    chosen = (environ.get(PYTHON_VARIABLE) or "").strip()
    if chosen:
        version = version_of(chosen)
        if version is None or not at_least(LOCK_TOOL_PYTHON, version):
            shown = "does not run" if version is None else "is Python {}.{}".format(*version)
            raise SiteError(
                _(
                    "{variable}={python} {shown}, and the site's build tools need Python 3.12 "
                    "or newer: point {variable} at one (or unset it to let mathplay look)"
                ).format(variable=PYTHON_VARIABLE, python=chosen, shown=shown)
            )
        return chosen
    tried = []
    for python in python_candidates(environ):
        version = version_of(python)
        if version is not None and at_least(LOCK_TOOL_PYTHON, version):
            return python
        tried.append(python)
    raise SiteError(
        _(
            "the site's build tools need Python 3.12 or newer, and none was found (tried "
            "{tried}). Install one (from python.org, your system's packages, or pyenv), "
            "or set {variable} to its path."
        ).format(tried=", ".join(tried) or "nothing", variable=PYTHON_VARIABLE)
    )


# --- running commands ---------------------------------------------------------------


def _tail(log: Path, lines: int = 15) -> str:
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join("    " + line for line in text.splitlines()[-lines:])


#: Words in a tool's output that mean the network could not be reached (pip, uv, npm,
#: Python's urllib), and what uv says when it is told to stay offline and lacks a file.
_NO_NETWORK = re.compile(
    r"temporary failure in name resolution|name or service not known"
    r"|failed to establish a new connection|network is unreachable|connection refused"
    r"|proxyerror|unable to connect to proxy|urlopen error|error sending request"
    r"|dns error|tcp connect error|network connectivity is disabled|read timed out"
    r"|\b(?:enotfound|econnrefused|etimedout|eai_again)\b",
    re.IGNORECASE,
)
_NOT_FOUND = re.compile(
    r"no matching distribution found for (\S+)"
    r"|because (\S+) was not found in the package registry"
    r"|no solution found when resolving"
    r"|404 not found[^\n]*?(\S+@\S+)",
    re.IGNORECASE,
)


def failure_cause(text: str) -> str | None:
    """The cause of a failed step, in one line, from what it printed; ``None`` if not
    recognised.

    >>> failure_cause("pip._vendor.urllib3...: Failed to establish a new connection")
    'the network could not be reached (no connection to PyPI or npm, or a proxy refused it)'
    >>> failure_cause("ERROR: No matching distribution found for sympy==9.9")
    'a package was not found: sympy==9.9'
    >>> failure_cause("all went well") is None
    True
    >>> failure_cause("ModuleNotFoundError: No module named 'voici'") is None
    True
    """
    if _NO_NETWORK.search(text):
        return _("the network could not be reached (no connection to PyPI or npm, or a proxy "
                 "refused it)")  # fmt: skip
    found = _NOT_FOUND.search(text)
    if found:
        name = next((group for group in found.groups() if group), "")
        return _("a package was not found: {name}").format(name=name.strip(".,:;'\"`") or "?")
    return None


def run(
    command: Sequence[str | Path],
    log: Path,
    what: str,
    *,
    attempts: int = 1,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    wait: float = 5.0,
) -> None:
    """Run ``command``, its output going to ``log``; try ``attempts`` times (waiting a
    little longer each time) before saying ``what`` failed, with the log's last lines."""
    words = [str(part) for part in command]
    for attempt in range(1, attempts + 1):
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"\n$ {' '.join(words)}\n")
            out.flush()
            try:
                done = subprocess.run(
                    words, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd, check=False
                )
            except OSError as error:
                raise SiteError(
                    _("{what} failed: cannot run {program}: {error}").format(
                        what=what, program=words[0], error=error.strerror or error
                    )
                ) from None
            if done.returncode == 0:
                return
            if attempt < attempts:
                out.write(f"(failed; trying again in {wait * attempt:.0f} s)\n")
        if attempt < attempts:
            time.sleep(wait * attempt)
    try:
        printed = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        printed = ""
    cause = failure_cause(printed[printed.rfind("\n$ ") :])
    if cause:
        raise SiteError(
            _("{what} failed: {cause}. All it printed is in {log}").format(
                what=what, cause=cause, log=log
            )
        )
    raise SiteError(
        _("{what} failed. The last lines it printed (all of it is in {log}):\n{tail}").format(
            what=what, log=log, tail=_tail(log)
        )
    )


# --- the cache and the build tools ----------------------------------------------------


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where the build tools and Pyodide are kept between builds: ``MATHPLAY_SITE_CACHE``,
    else ``mathplay-site`` in ``XDG_CACHE_HOME`` or ``~/.cache``."""
    environ = os.environ if environ is None else environ
    chosen = (environ.get(CACHE_VARIABLE) or "").strip()
    if chosen:
        return Path(os.path.expanduser(chosen))
    base = (environ.get("XDG_CACHE_HOME") or "").strip() or os.path.expanduser("~/.cache")
    return Path(base) / "mathplay-site"


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (two builds at once make one cache, not two)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield


def venv_python(venv: Path) -> Path:
    folder = "Scripts" if os.name == "nt" else "bin"
    return venv / folder / ("python.exe" if os.name == "nt" else "python")


def tools_venv(python: str, log: Path, say: Say, cache: Path | None = None) -> Path:
    """The virtual environment of the build tools for ``python`` (made and filled the
    first time, then reused)."""
    cache = cache or cache_dir()
    version = subprocess.run(
        [python, "-c", "import sys; print(sys.version)"], capture_output=True, text=True
    ).stdout.strip()
    key = hashlib.sha256(json.dumps([version, TOOLS]).encode()).hexdigest()[:12]
    venv = cache / f"tools-{key}"
    done = venv / "mathplay-tools.json"
    with _locked(cache / "tools.lock"):
        if done.exists():
            return venv
        say(
            _("Installing the build tools (the first time only; about a minute) in {venv}").format(
                venv=venv
            )
        )
        shutil.rmtree(venv, ignore_errors=True)
        run([python, "-m", "venv", venv], log, _("making the build tools' environment"))
        pip: list[str | Path] = [venv_python(venv), "-m", "pip", "install", "--retries", "5"]
        pip += ["--timeout", "60"]
        run([*pip, *TOOLS], log, _("installing the build tools from PyPI"), attempts=3)
        done.write_text(json.dumps({"python": version, "tools": TOOLS}, indent=1) + "\n")
    return venv


# --- Pyodide from npm ---------------------------------------------------------------


def integrity(path: Path) -> str:
    """npm's integrity string (``sha512-…``) of the file at ``path``."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode("ascii")


def _extract(tarball: Path, target: Path) -> None:
    with tarfile.open(tarball) as archive:
        if sys.version_info >= (3, 12):
            archive.extractall(target, filter="data")
        else:  # pragma: no cover - the members are checked by hand
            for member in archive.getmembers():
                name = Path(member.name)
                if (
                    name.is_absolute()
                    or ".." in name.parts
                    or not (member.isfile() or member.isdir())
                ):
                    raise SiteError(
                        _("the Pyodide package holds an unsafe path: {name}").format(
                            name=member.name
                        )
                    )
            archive.extractall(target)  # every member checked above


def pyodide_package(log: Path, say: Say, cache: Path | None = None) -> Path:
    """The folder of the Pyodide npm package (``mathplay.site.pins.PYODIDE``), fetched
    with ``npm pack`` the first time and checked against its integrity."""
    cache = cache or cache_dir()
    name, version = PYODIDE.rsplit("@", 1)
    target = cache / f"{name}-{version}"
    package = target / "package"
    done = target / "mathplay-ok"
    with _locked(cache / "pyodide.lock"):
        if done.exists() and (package / "pyodide.mjs").exists():
            return package
        npm = shutil.which("npm")
        if npm is None:
            raise SiteError(
                _(
                    "the site needs Pyodide from npm, and npm was not found: install Node.js "
                    "(which has npm; https://nodejs.org, or apt-get install npm), then build again"
                )
            )
        say(_("Fetching {package} from npm (the first time only)").format(package=PYODIDE))
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        with tempfile.TemporaryDirectory(dir=cache) as folder:
            run(
                [npm, "pack", "--silent", PYODIDE, "--pack-destination", folder],
                log,
                _("fetching {package} from npm").format(package=PYODIDE),
                attempts=3,
                cwd=Path(folder),
            )
            tarballs = sorted(Path(folder).glob("*.tgz"))
            if len(tarballs) != 1:
                raise SiteError(_("npm pack {package} gave no tarball").format(package=PYODIDE))
            found = integrity(tarballs[0])
            if found != PYODIDE_INTEGRITY:
                raise SiteError(
                    _(
                        "the {package} that npm gave is not the one expected (integrity "
                        "{found}, expected {expected}); it was not used"
                    ).format(package=PYODIDE, found=found, expected=PYODIDE_INTEGRITY)
                )
            _extract(tarballs[0], target)
        done.write_text(PYODIDE_INTEGRITY + "\n")
    return package


def tool_environment(
    venv: Path, cache: Path, base: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The environment the build tools run in: theirs first on the PATH, uv's cache in
    ours, and uv never fetching a Python of its own."""
    env = dict(os.environ if base is None else base)
    env["PATH"] = os.pathsep.join([str(venv_python(venv).parent), env.get("PATH", "")])
    env.update(
        UV_PYTHON_DOWNLOADS="never",
        UV_CACHE_DIR=str(cache / "uv"),
        UV_HTTP_RETRIES="5",
        PYTHONIOENCODING="utf-8",
    )
    for variable in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(variable, None)
    return env
