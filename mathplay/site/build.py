"""``mathplay site build OUT``: a static JupyterLite site of the lessons, that runs offline.

The steps, each in a fresh temporary folder (an incremental JupyterLite build once lost
the setting that points the kernel at the site's own Pyodide, so every build is clean):

1. the build tools and Pyodide (:mod:`mathplay.site.tools`, cached between builds);
2. mathplay's wheel, built from a copy of the checkout (the checkout is never written);
3. a JupyterLite folder: the Pyodide core with an empty package list, so that the lock
   add-on solves every package the browser needs (``pins.LOCK_SPECS``, at the versions
   of ``pins.IN_THE_BROWSER``) from PyPI into wheels of the site's own;
4. the site's files (:mod:`mathplay.site.contents`);
5. ``jupyter lite build``; source maps left out; a home page (start lesson 00, every
   lesson and Play page by name, the teachers' pages) and the teachers' pages
   (:mod:`mathplay.site.teachers`, without the answers);
6. the check that the site names no remote address (:mod:`mathplay.site.check`).

The new site replaces ``OUT`` only once it has passed the check.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mathplay.i18n import LANGUAGES, _
from mathplay.site.apppage import app_words
from mathplay.site.check import check_site
from mathplay.site.contents import GAMES, gather
from mathplay.site.home import FRONT_PAGE, front_page, home_name
from mathplay.site.offline import make_offline
from mathplay.site.onelesson import MARK as _ONE_LESSON_MARK
from mathplay.site.onelesson import lab_page
from mathplay.site.pins import (
    EXCLUDED,
    IN_THE_BROWSER,
    LOCK_SPECS,
    PACK_LOCALES,
    PYODIDE_FILES,
)
from mathplay.site.snapshot import make_snapshot
from mathplay.site.teachers import FOLDER as TEACHERS
from mathplay.site.teachers import lesson_titles, teacher_pages, translated_titles
from mathplay.site.tools import (
    Say,
    SiteError,
    cache_dir,
    find_python,
    pyodide_package,
    run,
    tool_environment,
    tools_venv,
    venv_python,
)
from mathplay.site.wheels import browser_wheels, has_browser_wheels, keep_browser_wheels

__all__ = [
    "FRONT_PAGE",
    "SiteReport",
    "build_site",
    "find_checkout",
    "front_page",
    "home_pages",
]

#: Where the home page's "Start the first lesson" goes: lesson 00, open in JupyterLab.
#: What the wheel needs from the checkout.
_WHEEL_SOURCES = ("pyproject.toml", "README.md", "LICENSE", "mathplay")


@dataclass
class SiteReport:
    """What a build made: where, how many packages, how big, how long it took."""

    out: Path
    packages: int
    files: list[str]
    megabytes: float
    seconds: float

    def __str__(self) -> str:
        return _(
            "Built the site in {out}: {files} files for pupils, {packages} Python packages, "
            "{mb:.0f} MB, in {s:.0f} s.\nTry it: mathplay site serve {out}"
        ).format(
            out=self.out, files=len(self.files), packages=self.packages, mb=self.megabytes,
            s=self.seconds,
        )  # fmt: skip


def find_checkout(start: Path | None = None) -> Path:
    """The mathplay checkout this mathplay runs from (its folder has ``pyproject.toml``
    and ``lessons/``)."""
    here = (start or Path(__file__)).resolve()
    for folder in here.parents:
        if (folder / "pyproject.toml").is_file() and (folder / "mathplay").is_dir():
            if (folder / "lessons").is_dir():
                return folder
            break
    raise SiteError(
        _(
            "mathplay site build needs mathplay's source, with its lessons: run it from a "
            "checkout (git clone the repository, then pip install -e . in it)"
        )
    )


def _checkout_files(checkout: Path, paths: Sequence[str]) -> list[Path]:
    """The files of ``paths`` in the checkout that git knows (tracked, or new and not
    ignored) as they are on disk; without git, every file but caches."""
    try:
        listed = subprocess.run(
            [
                "git",
                "-C",
                str(checkout),
                "ls-files",
                "-z",
                "-co",
                "--exclude-standard",
                "--",
                *paths,
            ],
            capture_output=True,
            check=True,
        ).stdout
        files = [checkout / name for name in listed.decode("utf-8").split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for name in paths:
            path = checkout / name
            found = [path] if path.is_file() else sorted(path.rglob("*")) if path.is_dir() else []
            files += [
                p for p in found
                if p.is_file() and "__pycache__" not in p.parts and not p.name.endswith(".pyc")
            ]  # fmt: skip
    return [path for path in files if path.is_file()]


#: The date of every file in mathplay's wheel and in Python's quick start: one date for
#: every build (1980-01-01, the earliest a zip can hold), so that they change only when
#: mathplay's code does, and a returning pupil's browser keeps them (docs/site.md).
PACKAGE_EPOCH = "315532800"


def source_date_epoch(
    checkout: Path, folder: str = "lessons", environ: Mapping[str, str] | None = None
) -> str:
    """The date the site's files are listed with (JupyterLite's ``api/contents``), the
    same for every build of one checkout: ``SOURCE_DATE_EPOCH`` when it is set, else the
    time of the last commit that changed ``folder`` of the checkout, else
    :data:`PACKAGE_EPOCH`."""
    environ = os.environ if environ is None else environ
    given = (environ.get("SOURCE_DATE_EPOCH") or "").strip()
    if given.isdigit():
        return given
    try:
        done = subprocess.run(
            ["git", "-C", str(checkout), "log", "-1", "--format=%ct", "--", folder],
            capture_output=True,
            check=True,
            text=True,
        )
        stamp = done.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        stamp = ""
    return stamp if stamp.isdigit() else PACKAGE_EPOCH


def build_wheel(
    checkout: Path, venv: Path, work: Path, log: Path, env: Mapping[str, str] | None = None
) -> Path:
    """mathplay's wheel, built from a copy of the checkout's files into ``work/wheels``
    (in ``env``: with ``SOURCE_DATE_EPOCH``, the same wheel every time)."""
    source = work / "mathplay-source"
    for path in _checkout_files(checkout, _WHEEL_SOURCES):
        target = source / path.relative_to(checkout)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    wheels = work / "wheels"
    run(
        [
            venv_python(venv),
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--no-build-isolation",
            "--no-index",
            source,
            "-w",
            wheels,
        ],
        log,
        _("building mathplay's wheel"),
        env=env,
    )
    found = sorted(wheels.glob("mathplay-*.whl"))
    if len(found) != 1:
        raise SiteError(_("building mathplay's wheel gave {found}").format(found=found))
    return found[0]


def write_lite_folder(
    lite: Path,
    pyodide: Path,
    wheels: Path,
    language: str = "en",
    kept_wheels: Path | None = None,
) -> None:
    """The JupyterLite folder: Pyodide's core with an empty lock, and the configuration:
    JupyterLab in ``language`` by default when it has a language pack (a pupil can still
    choose another in Settings → Language). With ``kept_wheels`` (the browser's wheels of
    an earlier build), the packages are solved from them alone, offline."""
    core = lite / "static" / "pyodide"
    core.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(pyodide / name, core / name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}  # every package is solved by the lock add-on, into the site
    (core / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    page = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "mathplay",
            "exposeAppInBrowser": True,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {"disablePyPIFallback": True}
            },
        },
    }
    if language in PACK_LOCALES:
        page["jupyter-config-data"]["settingsOverrides"] = {  # type: ignore[index]
            "@jupyterlab/translation-extension:plugin": {"locale": PACK_LOCALES[language]}
        }
    (lite / "jupyter-lite.json").write_text(json.dumps(page, indent=2), encoding="utf-8")
    # The lock add-on's options work here, not on the command line.
    addon: dict[str, object] = {
        "enabled": True,
        "wheels": [str(wheels)],
        "specs": LOCK_SPECS,
        "constraints": IN_THE_BROWSER,
        "excludes_extra": EXCLUDED,
    }
    if kept_wheels is not None:
        # Every wheel given as a file: uv solves with them alone and nothing is fetched.
        addon["wheels"] = [str(wheels), str(kept_wheels)]
        addon["pyodide_lock_uv_options"] = {"extra_uv_args": ["--offline"]}
    config = {"LiteBuildConfig": {"no_sourcemaps": True}, "PyodideLockAddon": addon}
    (lite / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")


def home_pages(original: str, lessons: Path, site_language: str, teachers: bool) -> dict[str, str]:
    """The site's home pages (file name → HTML): one per language that has lessons in
    ``lessons``, ``index.html`` in ``site_language``, each listing that language's lessons
    and Play pages."""
    by_language = {"en": lesson_titles(lessons), **translated_titles(lessons)}
    if site_language not in by_language:
        by_language[site_language] = []
    languages = [code for code in LANGUAGES if code in by_language]
    pages = {}
    for code in languages:
        pages[home_name(code, site_language)] = front_page(
            original,
            by_language[code],
            GAMES,
            teachers,
            language=code,
            languages=languages,
            site_language=site_language,
        )
    return pages


def _one_lesson_at_a_time(lab: Path, languages: Sequence[str], site_language: str) -> None:
    """Give the JupyterLab page the one-lesson script and the app pages' script
    (:mod:`mathplay.site.onelesson`), speaking each of ``languages`` in its folder."""
    words = {
        "" if code == "en" else code: app_words(code, home_name(code, site_language))
        for code in dict.fromkeys(["en", *languages])
    }
    page = lab_page(lab.read_text(encoding="utf-8"), words) if lab.is_file() else ""
    if _ONE_LESSON_MARK not in page:
        raise SiteError(
            _(
                "the site's {page} has no loader where the one-lesson script goes: "
                "JupyterLite changed its page (see mathplay/site/onelesson.py)"
            ).format(page=lab)
        )
    lab.write_text(page, encoding="utf-8")


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _check_out(out: Path) -> None:
    """Refuse to replace a folder that is not a site (a typo must not empty a home)."""
    if out.is_file():
        raise SiteError(_("{out} is a file: give a folder for the site").format(out=out))
    if out.is_dir() and any(out.iterdir()) and not (out / "jupyter-lite.json").is_file():
        raise SiteError(
            _(
                "{out} is not empty and holds no site: give a new or empty folder (a site "
                "built before is replaced)"
            ).format(out=out)
        )
    # The folder must be possible before minutes of building: made, and written in.
    above = next((folder for folder in out.parents if folder.exists()), None)
    if above is not None and not above.is_dir():
        raise SiteError(
            _("cannot make the site's folder {out}: {above} is a file, not a folder").format(
                out=out, above=above
            )
        )
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out.parent, prefix=f".{out.name}.probe-"):
            pass
    except OSError as error:
        raise SiteError(
            _("cannot make the site's folder {out}: {reason}").format(
                out=out, reason=error.strerror or error
            )
        ) from None


def build_site(
    out: str | Path,
    contents: Sequence[str | Path] = (),
    *,
    source_maps: bool = False,
    checkout: Path | None = None,
    say: Say = print,
    language: str = "en",
    keep_outputs: Sequence[str] = (),
) -> SiteReport:
    """Build the site into the folder ``out`` (see the module's docstring), in
    ``language``: its home page, and JupyterLab's menus where a language pack exists."""
    if language not in LANGUAGES:
        raise SiteError(
            _("--language {language!r}: mathplay speaks {languages}").format(
                language=language, languages=", ".join(LANGUAGES)
            )
        )
    started = time.monotonic()
    out = Path(out).expanduser().absolute()
    _check_out(out)
    checkout = checkout or find_checkout()
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    python = find_python()
    work = Path(tempfile.mkdtemp(prefix="mathplay-site-"))
    # The build's log, kept where the messages say (a new build starts it again).
    log = cache / "last-build.log"
    log.write_text("", encoding="utf-8")
    out.parent.mkdir(parents=True, exist_ok=True)
    # Built in a folder of its own beside ``out`` (renamed into place once complete):
    # with SOURCE_DATE_EPOCH, jupyter lite sets the dates of everything in the folder
    # above its output, which must be nothing but the build's.
    building = out.parent / f".{out.name}.building-{os.getpid()}"
    output = building / "site"
    try:
        venv = tools_venv(python, log, say, cache)
        pyodide = pyodide_package(log, say, cache)
        say(_("Building mathplay's wheel from {checkout}").format(checkout=checkout))
        # Fixed dates: a rebuild of the same checkout gives the same files, and one that
        # changes a lesson changes that lesson's files alone, so a pupil's browser keeps
        # the rest (the wheel's and the quick start's dates never change; the lessons'
        # listing has the date of their last commit).
        tools = tool_environment(venv, cache)
        given = (os.environ.get("SOURCE_DATE_EPOCH") or "").strip()
        package_env = {**tools, "SOURCE_DATE_EPOCH": given if given.isdigit() else PACKAGE_EPOCH}
        env = {**tools, "SOURCE_DATE_EPOCH": source_date_epoch(checkout)}
        wheel = build_wheel(checkout, venv, work, log, package_env)
        kept = browser_wheels(cache)
        offline = has_browser_wheels(kept)
        write_lite_folder(work / "lite", pyodide, wheel.parent, language, kept if offline else None)
        say(_("Gathering the lessons, their puzzles and the Play notebooks"))
        files = gather(
            checkout / "lessons", [Path(c) for c in contents], work / "contents", say, keep_outputs
        )
        if offline:
            say(_("Building the site (the packages for the browser kept from the last build)"))
        else:
            say(_("Building the site (the packages for the browser come from PyPI)"))
        shutil.rmtree(building, ignore_errors=True)
        building.mkdir()
        command: list[str | Path] = [
            venv_python(venv),
            "-m",
            "jupyterlite_core",
            "build",
            "--contents",
            work / "contents",
            "--output-dir",
            output,
        ]
        if source_maps:
            command += ["--LiteBuildConfig.no_sourcemaps=False"]
        run(command, log, _("jupyter lite build"), attempts=2, env=env, cwd=work / "lite")
        if not source_maps:
            for path in output.rglob("*.map"):
                path.unlink()
        # Browsers ask every site for /favicon.ico; JupyterLab's pages have none at the top.
        icon = output / "static" / "favicons" / "favicon.ico"
        if icon.is_file():
            shutil.copyfile(icon, output / "favicon.ico")
        pages = teacher_pages(checkout / "lessons")
        (output / TEACHERS).mkdir()
        for name, text in pages.items():
            (output / TEACHERS / name).write_text(text, encoding="utf-8")
        index = output / "index.html"
        homes = home_pages(
            index.read_text(encoding="utf-8"), checkout / "lessons", language, bool(pages)
        )
        for name, text in homes.items():
            (output / name).write_text(text, encoding="utf-8")
        _one_lesson_at_a_time(
            output / "lab" / "index.html",
            [code for code in LANGUAGES if home_name(code, language) in homes],
            language,
        )
        say(_("Making the quick start for a second visit (Python's memory, saved)"))
        make_snapshot(output, work, log, say, package_env)
        make_offline(output)
        say(_("Checking that the site names no remote address"))
        packages = check_site(output)
        if not offline:
            keep_browser_wheels(output, kept)
        if out.exists():
            shutil.rmtree(out)
        output.rename(out)
    except BaseException:
        say(_("The build's log is in {log}").format(log=log))
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(building, ignore_errors=True)
    return SiteReport(out, packages, files, _size(out) / 1e6, time.monotonic() - started)
