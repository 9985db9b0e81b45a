"""mathplay's translations: extract the messages, update the catalogues, compile them.

Run from the checkout, with the test venv (it has Babel)::

    .venv/bin/python tools/i18n.py extract    # mathplay/locale/mathplay.pot from the code
    .venv/bin/python tools/i18n.py update     # each language's .po gets the new messages
    .venv/bin/python tools/i18n.py compile    # each .po into its .mo (what mathplay reads)
    .venv/bin/python tools/i18n.py stats      # how much of each catalogue is translated
    .venv/bin/python tools/i18n.py new xx     # start a catalogue for a new language

``docs/translating.md`` walks a teacher or translator through it. The messages are the
texts the code wraps in ``_()``, ``_n()`` (singular and plural) and ``N_()`` (marked
here, translated where shown).
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import sys
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "mathplay"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "mathplay.pot"
#: The languages with a catalogue (English is the code's own).
LANGUAGES = ("es", "ms", "el")
KEYWORDS = {"_": None, "_n": (1, 2), "N_": None}
#: A fixed date, so that the files change only when their messages do.
_DATE = datetime(2026, 1, 1, tzinfo=timezone.utc)
#: Each language's plural rule, as gettext writes it (Malay has one form: "3 jubin").
PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "el": "nplurals=2; plural=(n != 1);",
    "ms": "nplurals=1; plural=0;",
}
_HEADER = """\
# {name} translations of mathplay's messages (docs/translating.md).
# This file is distributed under the same license as mathplay.
#"""


def extract() -> Catalog:
    """Every message in the code, as a catalogue with no translations."""
    catalog = Catalog(
        project="mathplay",
        version="0.1",
        msgid_bugs_address="",
        creation_date=_DATE,
        revision_date=_DATE,
        charset="utf-8",
    )
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        path = (PACKAGE / filename).relative_to(ROOT).as_posix()
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    # Babel's Python extractor does not look inside f-strings (f"<h2>{_('Play')}</h2>"):
    # the syntax tree does.
    for path, lineno, message in calls_in_code():
        if catalog.get(message) is None:
            catalog.add(message, None, [(path, lineno)])
        else:
            entry = catalog.get(message)
            if (path, lineno) not in entry.locations:
                entry.locations.append((path, lineno))
    return catalog


def calls_in_code() -> list[tuple[str, int, str | tuple[str, str]]]:
    """Every ``_("…")``, ``_n("…", "…", n)`` and ``N_("…")`` of the package, found in its
    syntax tree (so inside f-strings too): file, line and message (a pair for ``_n``)."""
    found: list[tuple[str, int, str | tuple[str, str]]] = []
    for file in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        path = file.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if not all(isinstance(text, str) for text in texts):
                continue
            if node.func.id in ("_", "N_") and len(node.args) == 1 and len(texts) == 1:
                found.append((path, node.lineno, texts[0]))
            elif node.func.id == "_n" and len(texts) >= 2 and len(node.args) == 3:
                found.append((path, node.lineno, (texts[0], texts[1])))
    return found


def problems(catalog: Catalog) -> list[tuple[Message, list[Exception]]]:
    """Babel's checks of a catalogue (the compile check), for brace-formatted messages:
    Babel reads any "%" as a %-placeholder ("95%"), which mathplay never uses."""
    for message in catalog:
        message.flags.discard("python-format")
    return [(message, list(errors)) for message, errors in catalog.check()]


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "mathplay.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    for message in catalog:
        # mathplay formats with str.format ({name}); a "%" in a message is text ("95%"),
        # not a %-placeholder, so Babel's python-format check does not apply.
        message.flags.discard("python-format")
    buffer = io.BytesIO()
    # Files, not lines: a location per file keeps the catalogues from changing with
    # every edit of the code around a message.
    write_po(buffer, catalog, width=88, sort_output=False, omit_header=False, include_lineno=False)
    path.write_bytes(buffer.getvalue())


def translated(message: Message) -> bool:
    """Whether ``message`` is translated: every form given, not marked fuzzy."""
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return bool(message.id) and not message.fuzzy and all(strings)


def mo_bytes(catalog: Catalog) -> bytes:
    """The compiled catalogue: the translated messages only (an untranslated one, or a
    plural with a form missing, stays English rather than half translated)."""
    done = copy.deepcopy(catalog)
    for message in list(done):
        if message.id and not translated(message):
            done.delete(message.id, message.context)
    buffer = io.BytesIO()
    write_mo(buffer, done, use_fuzzy=False)
    return buffer.getvalue()


def new_catalog(language: str) -> Catalog:
    """An empty catalogue for ``language``, its header filled in."""
    catalog = Catalog(
        locale=language,
        project="mathplay",
        version="0.1",
        msgid_bugs_address="",
        creation_date=_DATE,
        revision_date=_DATE,
        last_translator="mathplay's developers",
        language_team=language,
        charset="utf-8",
        fuzzy=False,
    )
    name = catalog.locale.english_name if catalog.locale else language
    catalog.header_comment = _HEADER.format(name=name)
    if language in PLURAL_FORMS:
        headers = [(k, v) for k, v in catalog.mime_headers if k != "Plural-Forms"]
        catalog.mime_headers = [*headers, ("Plural-Forms", PLURAL_FORMS[language])]
    return catalog


def update(languages: Iterable[str]) -> None:
    template = read(TEMPLATE)
    for language in languages:
        path = po_path(language)
        catalog = read(path, language) if path.exists() else new_catalog(language)
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        catalog.revision_date = _DATE
        catalog.obsolete.clear()  # old messages are not kept: the code no longer says them
        write(catalog, path)
        print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def compile_all(languages: Iterable[str]) -> None:
    for language in languages:
        catalog = read(po_path(language), language)
        mo = po_path(language).with_suffix(".mo")
        mo.write_bytes(mo_bytes(catalog))
        print(f"{mo.relative_to(ROOT)}")


def stats(languages: Iterable[str]) -> None:
    for language in languages:
        catalog = read(po_path(language), language)
        messages = [m for m in catalog if m.id]
        done = [m for m in messages if translated(m)]
        share = 100 * len(done) / len(messages) if messages else 0
        print(f"{language}: {len(done)} of {len(messages)} messages translated ({share:.0f} %)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("extract", "update", "compile", "stats", "new"))
    parser.add_argument("language", nargs="?", help="with new: the language's code (xx)")
    args = parser.parse_args(argv)
    if args.action == "extract":
        write(extract(), TEMPLATE)
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(extract())} messages")
    elif args.action == "update":
        update(LANGUAGES)
    elif args.action == "compile":
        compile_all(LANGUAGES)
    elif args.action == "stats":
        stats(LANGUAGES)
    elif args.action == "new":
        if not args.language:
            parser.error("new needs the language's code, like: new pt")
        update([args.language])
        print(f"Now add {args.language!r} to LANGUAGES here and in mathplay/i18n.py.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
