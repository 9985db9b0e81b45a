"""What of a class is private, found by what a text says, not by its file's name: class
lists, rosters with e-mail addresses, saved games and the keys to a hub (tokens).

A teacher's folder holds what a class left there under any name: ``class.csv`` may be
called ``week3.txt``, a pupil's saved game ``game.json``, and a notebook may print the
hub's API token. Each test here reads the whole text (a file, a notebook's cells, one
output) and says whether it holds one of them; :mod:`mathplay.site.leftout` puts the
reasons into words and leaves such a file out of the site.

>>> holds_class_list("name,folder\\nAna María,/home/amaria\\nBo,/home/bo\\n")
True
>>> holds_class_list("Ana María\\nBo Chen\\nCarla\\n"), holds_class_list("Add 3 and 4.\\n")
(True, False)
>>> holds_emails("pupil,correo\\nAna,ana@school.example\\n")
True
>>> holds_saved_game('{"save": "{\\\\"format\\\\": \\\\"mathplay.summy\\\\"}"}')
True
>>> holds_token("JUPYTERHUB_API_TOKEN=5f0c2e4b9a7d4c1e8b3f6a2d9c0e7b14")
True
>>> holds_token('token = os.environ["JUPYTERHUB_API_TOKEN"]')
False
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
import unicodedata

__all__ = [
    "holds_class_list",
    "holds_emails",
    "holds_saved_game",
    "holds_token",
    "html_tables",
    "table_header",
]

#: An e-mail address (``ana.m@school.example``).
#: (Every part bounded, so that a long word, such as a picture's base64, costs a look.)
_EMAIL = re.compile(
    r"(?<![\w.+'-])[\w.+'-]{1,64}@[^\W\d_][\w-]{0,62}(?:\.[\w-]{1,63}){0,8}\.[^\W\d_]{2,24}\b"
)
#: How a column of e-mail addresses is headed, in mathplay's languages (folded: lower
#: case, no accents, no spaces, hyphens or underscores).
_EMAIL_WORDS = ("email", "correo", "emel", "ηλεκτρονικοταχυδρομειο")
#: How a column of pupils is headed (``who`` is mathplay's own).
_PUPIL_COLUMNS = frozenset(
    {"who", "pupil", "pupils", "student", "students", "learner", "alumno", "alumna",
     "alumnos", "estudiante", "murid", "pelajar", "μαθητης", "μαθητρια"}
)  # fmt: skip
#: How a column of names is headed: a class list (mathplay's: ``name``, and ``folder``).
_NAME_COLUMNS = frozenset({"name", "fullname", "nombre", "nama", "ονομα"})
#: Columns beside the names that make a table a class list (not "name,colour").
_CLASS_COLUMNS = frozenset({"folder", "class", "group", "grade", "year", "clase", "grupo",
                            "curso", "kelas", "τμημα", "username", "user", "login"})  # fmt: skip
#: Keys of JSON that hold a class's names.
_CLASS_KEYS = frozenset({"pupils", "students", "learners", "class_list", "classlist", "roster"})
#: A mathplay save (``Game.save()``), however deeply quoted inside other JSON.
_SAVE = re.compile(r'\\*"format\\*"\s*:\s*\\*"mathplay\.\w')
#: A value given to something named like a token (``JUPYTERHUB_API_TOKEN=…``,
#: ``"api_token": "…"``), sent as one (``Authorization: token …``) or in an address.
_TOKEN_VALUE = re.compile(
    r"(?i)(?:token\w{0,40}\\*[\"']?\s{0,9}[:=]\s{0,9}\\*[\"']?|\b(?:token|bearer)\s{1,9}"
    r"|[?&]token=)([A-Za-z0-9_\-.~+/]{16,})"
)
#: A JupyterHub API token as the hub makes one (``uuid4().hex``), or ``openssl rand -hex 32``.
_HEX_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:[0-9a-f]{32}|[0-9a-f]{64})(?![0-9A-Za-z])")
#: One line of a list of names: one to four words of letters (``Ana María``, ``O'Neil``).
_NAME_LINE = re.compile(r"[^\W\d_][^\W\d_'’.-]*(?:[-'’.][^\W\d_]+)*\.?")


#: An HTML table, its rows and cells (pandas' ``DataFrame._repr_html_``, a saved page),
#: read as a browser does: closing tags may be left out.
_TABLE = re.compile(r"(?i)<table\b")
_ROW = re.compile(r"(?i)<tr\b")
_CELL = re.compile(r"(?is)<t[hd]\b[^>]*>(.*?)(?=<t[hd]\b|</t[hd]>|</tr>|$)")
_TAG = re.compile(r"<[^>]*>")
#: The most HTML tables of one text read as tables.
_MOST_TABLES = 100


def html_tables(text: str) -> list[str]:
    """Each HTML table in ``text`` as the lines of a table, its cells apart by tabs, so
    that a table of records or names is read as a CSV file of them would be.

    >>> html_tables("<table><tr><th></th><th>who</th></tr><tr><td>0</td><td>Ana</td></tr></table>")
    ['\\twho\\n0\\tAna']
    """
    tables = []
    for part in _TABLE.split(text)[1 : _MOST_TABLES + 1]:
        table = re.split(r"(?i)</table>", part, maxsplit=1)[0]
        rows = [
            "\t".join(html.unescape(_TAG.sub("", cell)).strip() for cell in _CELL.findall(row))
            for row in _ROW.split(table)[1:]
        ]
        tables.append("\n".join(rows))
    return tables


def _fold(word: str) -> str:
    """A column's heading as compared: lower case, no accents, no spaces or dashes."""
    plain = unicodedata.normalize("NFKD", word.strip().strip('"').lower())
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    return re.sub(r"[\s_\-.]", "", plain)


#: The longest first line read as a table's headings.
_MOST_HEADER = 10_000


def table_header(text: str) -> list[str]:
    """The headings of the first line of ``text`` read as a table (commas, semicolons or
    tabs), folded; a single cell for a line that is no table row.

    >>> table_header("Who;E-mail\\nAna;a@b.example\\n")
    ['who', 'email']
    """
    first = text.lstrip("\ufeff \t\r\n")[:_MOST_HEADER].split("\n", 1)[0]
    try:
        header = next(csv.reader(io.StringIO(first)), [])
    except csv.Error:  # an unclosed quote, a field past csv's limit: no table's first row
        header = []
    if len(header) < 2:
        header = first.replace(";", "\t").split("\t")
    return [_fold(cell) for cell in header]


def _is_email_column(heading: str) -> bool:
    return heading == "mail" or any(word in heading for word in _EMAIL_WORDS)


def holds_emails(text: str) -> bool:
    """Whether ``text`` is a roster with e-mail addresses: a table with a column of them
    (``email``, ``e-mail``, ``correo``, ``emel`` …) that has a row, or two addresses or
    more anywhere (one, a teacher's own to write to, may be published)."""
    header = table_header(text)
    if len(header) > 1 and any(_is_email_column(h) for h in header):
        rows = [line for line in text.strip().splitlines()[1:] if line.strip()]
        if rows:
            return True
    found = set()
    for match in _EMAIL.finditer(text):
        found.add(match.group().lower())
        if len(found) > 1:
            return True
    return False


def _names_in_json(data: object, budget: list[int]) -> bool:
    stack = [data]
    while stack and budget[0] > 0:
        item = stack.pop()
        budget[0] -= 1
        if isinstance(item, dict):
            for key, value in item.items():
                if (
                    isinstance(key, str)
                    and _fold(key) in _CLASS_KEYS | _PUPIL_COLUMNS
                    and isinstance(value, list)
                    and value
                    and all(isinstance(v, str | dict) for v in value)
                ):
                    return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _is_name(line: str) -> bool:
    words = line.split()
    if not 1 <= len(words) <= 4 or not all(_NAME_LINE.fullmatch(w) for w in words):
        return False
    return words[0][0].isupper() and sum(w[0].isupper() for w in words) * 2 >= len(words)


def holds_class_list(text: str) -> bool:
    """Whether ``text`` is a class list: a table with a column of pupils (``who``,
    ``pupil``, ``student`` …) or of names alone or beside a folder, a class or a login
    (mathplay's own: ``name,folder``); JSON with a list of ``pupils``; or three lines or
    more, each a person's name and nothing else (``progress report --class`` reads
    that)."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in ("[", "{"):
        try:
            return _names_in_json(json.loads(stripped), [100_000])
        except (ValueError, RecursionError):
            pass
    lines = [line.strip() for line in stripped.splitlines() if line.strip()]
    if len(lines) < 2:
        return False
    header = table_header(stripped)
    columns = set(header)
    if len(header) > 1 or columns & (_NAME_COLUMNS | _PUPIL_COLUMNS):
        if columns & _PUPIL_COLUMNS:
            return True
        if columns & _NAME_COLUMNS and (len(header) == 1 or columns & _CLASS_COLUMNS):
            return True
    return len(lines) >= 3 and all(_is_name(line) for line in lines)


def holds_saved_game(text: str) -> bool:
    """Whether ``text`` holds a saved mathplay game (``Game.save()``), on its own or
    inside other JSON (a pupil's game that waits), however it is quoted."""
    return _SAVE.search(text) is not None


def _secret(value: str) -> bool:
    """Whether a value given to a token looks like one (letters and digits, not code)."""
    return any(char.isdigit() for char in value) and any(char.isalpha() for char in value)


def holds_token(text: str, *, bare: bool = False) -> bool:
    """Whether ``text`` holds a token: a value given to ``JUPYTERHUB_API_TOKEN`` or
    anything named like a token, one sent as ``Authorization: token …`` or in an address
    (``?token=…``), or a hub API token's 32 hex digits in a text that speaks of tokens
    (``bare``: anywhere, as in an output a cell printed)."""
    if any(_secret(match.group(1)) for match in _TOKEN_VALUE.finditer(text)):
        return True
    if bare or re.search(r"(?i)token|jupyterhub", text):
        return _HEX_TOKEN.search(text) is not None
    return False
