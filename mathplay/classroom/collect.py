"""Gathering a class's progress files into one, each record once.

>>> import tempfile, os
>>> from mathplay.classroom.records import record
>>> folder = tempfile.mkdtemp()
>>> record(os.path.join(folder, "ana.jsonl"), who="Ana", puzzle_set="S", puzzle="p1",
...        answer="4", right=True)
>>> result = collect([folder, os.path.join(folder, "ana.jsonl")], os.path.join(folder, "out"))
>>> result.records, result.files, result.pupils, result.duplicates
(1, 1, 1, 1)
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mathplay.classroom.records import _warn, progress_files, read_lines, source_flags, why_not_read
from mathplay.classroom.where import name_key
from mathplay.i18n import _

__all__ = ["CollectResult", "collect"]


@dataclass
class CollectResult:
    """What :func:`collect` did: records written, from how many files and pupils, the
    duplicates and bad lines skipped, and what could not be read."""

    output: Path
    records: int = 0
    files: int = 0
    pupils: int = 0
    duplicates: int = 0
    bad_lines: int = 0
    kept: int = 0
    #: Files and folders that could not be read or were left out (links, pipes, devices,
    #: files too big), and files with no attempt at all, each with the reason.
    problems: list[str] = field(default_factory=list)
    #: Where records came from that a teacher should look at (:func:`source_flags`).
    flags: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        text = _(
            "wrote {records} record(s) from {files} file(s) and {pupils} pupil(s) to {output}; "
            "skipped {duplicates} duplicate(s) and {bad} bad line(s)"
        ).format(
            records=self.records, files=self.files, pupils=self.pupils, output=self.output,
            duplicates=self.duplicates, bad=self.bad_lines,
        )  # fmt: skip
        if self.kept:
            text += "; " + _("{n} of them were already in {output}").format(
                n=self.kept, output=self.output
            )
        return text


def _identity(raw: dict[str, Any]) -> str:
    """A record's identity: what it says, wherever it was found."""
    said = {key: value for key, value in raw.items() if key != "source"}
    return json.dumps(said, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def collect(paths: Iterable[str | Path], output: str | Path) -> CollectResult:
    """Gather the records of ``paths`` (files, and folders searched through for
    ``*.jsonl``) into the file ``output``, each record once (the same record seen twice,
    as when a file is given twice, is written once). Records already in ``output`` are
    kept, so collecting again adds only what is new. Bad lines are skipped with a
    warning naming the file and line. Only ordinary files are read (links are not
    followed; pipes, devices and files too big are left out, each named in
    ``problems``). Every record collected keeps the file it came from (``source``), and
    ``flags`` names a pupil whose records come from several files and a handed-in file
    that names several pupils. ``output`` is replaced in one step, so a failure leaves it
    as it was."""
    output = Path(output)
    result = CollectResult(output)
    files, unreadable = progress_files(paths)
    result.problems += [_("left out {what}").format(what=u) for u in unreadable]
    seen: set[str] = set()
    lines: list[str] = []
    pupils: set[str] = set()
    records: list[dict[str, Any]] = []
    distinct: set[Path] = set()
    sources = [output] if output.exists() else []
    sources += [f for f in files if not (output.exists() and f.exists() and f.samefile(output))]
    for index, path in enumerate(sources):
        why = why_not_read(path)
        if why is not None:
            result.problems.append(_("{path}: left out: {why}").format(path=path, why=why))
            continue
        if not os.access(path, os.R_OK):
            result.problems.append(_("{path}: cannot read it").format(path=path))
            continue
        good, bad = 0, []
        for line in read_lines(path):
            if line.entry is None or line.raw is None:
                bad.append((line.number, line.why))
                continue
            good += 1
            identity = _identity(line.raw)
            if identity in seen:
                result.duplicates += 1
                continue
            seen.add(identity)
            raw = dict(line.raw)
            if index > 0 or path != output:
                raw["source"] = str(path)  # never what a pupil's file says it is
            records.append(raw)
            lines.append(json.dumps(raw, ensure_ascii=False))
            pupils.add(name_key(line.entry["who"]))
            if index == 0 and path == output:
                result.kept += 1
        if bad and not good:
            result.problems.append(
                _("{path}: no attempts in it ({n} line(s) that are not attempts); left out")
                .format(path=path, n=len(bad))
            )  # fmt: skip
            result.bad_lines += len(bad)
            continue

        _warn(path, bad, _("the collected file"))
        result.bad_lines += len(bad)
        if path != output:
            distinct.add(path.resolve())
    result.files = len(distinct)
    result.records, result.pupils = len(lines), len(pupils)
    result.flags = source_flags(records)
    output.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".collect-", suffix=".jsonl", dir=output.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.writelines(line + "\n" for line in lines)
        os.replace(temporary, output)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return result
