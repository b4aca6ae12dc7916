"""Configuration files: a ``[tool.notation]`` table in ``pyproject.toml``, or ``notation.toml``.

:func:`find_config` looks in the current folder, then each folder above it, for the nearest
file that configures notation: in one folder ``notation.toml`` (its top-level keys) comes
before ``pyproject.toml``, which counts only when it has a ``[tool.notation]`` table. A file
that another user (not root) owns, or that is in a folder another user owns, is passed over
(:class:`Skipped`) unless its folder is named in :data:`SAFE_VARIABLE`, as git does with
``safe.directory``.
:func:`load_config` reads and checks one file into a :class:`Config`: the keys of
:data:`KEYS` and a list of per-path :class:`Override` tables, whose ``path`` globs are
relative to the file's folder. A file that is not TOML, an unknown key and a bad value are
a :class:`ConfigError` that names the file and the key.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable

from notation.check.dialects import dialect_set
from notation.games.registry import GAMES
from notation.io.files import joined, kind_of, pure, why
from notation.lazy import DOTALL, lazy_pattern
from notation.plain import Frozen
from notation.run.names import FAIL_LEVELS, FORMATS, code_prefixes

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import re
    from pathlib import Path
    from typing import Any

PYPROJECT = "pyproject.toml"
NOTATION_TOML = "notation.toml"

KEYS = (
    "select",
    "ignore",
    "fail-level",
    "game",
    "jobs",
    "format",
    "cache-dir",
    "dialects",
    "db",
)
"""The settings a file can give, in the order :func:`describe` lists them."""

MAX_CONFIG_BYTES = 1 << 20
"""The largest configuration file read: no real one comes near it."""

MAX_JOBS = 1024
"""The most processes ``jobs`` (and ``--jobs``) may ask for: more is surely a mistake."""

OVERRIDE_KEYS = ("path", "game", "select", "ignore")
"""The keys of an ``overrides`` table."""

SAFE_VARIABLE = "NOTATION_SAFE_DIRECTORIES"
"""The environment variable naming the folders (separated by ``:``; ``*``: all) whose
configuration files are read even when another user owns them."""


class ConfigError(Exception):
    """A configuration file that cannot be used; the message names the file and key."""


class Override(Frozen):
    """Settings for the input files whose path, relative to ``base``, matches ``path``."""

    _fields = ("path", "base", "values")
    __slots__ = (*_fields, "_pattern")

    path: str
    base: Path
    values: dict[str, Any]
    """Some of ``game``, ``select``, ``ignore``."""
    _pattern: re.Pattern[str]
    """``path`` compiled (neither compared nor shown)."""

    def __init__(
        self, path: str, base: Path, values: dict[str, Any], _pattern: re.Pattern[str]
    ) -> None:
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "_pattern", _pattern)

    def matches(self, file: str | os.PathLike[str]) -> bool:
        """Whether ``file`` is one of this override's files: by the name it is given, or by
        where it really is (its links followed, from the real folder of ``base``), so that
        a file reached through a link to a folder (as a folder's walk may reach it first)
        is judged as it is under its own name."""
        from pathlib import Path, PurePosixPath

        for place, base in (
            (os.path.abspath(file), self.base),
            (os.path.realpath(file), Path(os.path.realpath(self.base))),
        ):
            try:
                relative = Path(place).relative_to(base)
            except ValueError:
                continue
            if self._pattern.fullmatch(PurePosixPath(relative).as_posix()) is not None:
                return True
        return False


class Skipped(Frozen):
    """A configuration file found but not read: another user owns it or its folder."""

    _fields = ("file", "owner")
    __slots__ = _fields

    file: Path
    owner: int
    """The other user's id."""

    def __init__(
        self,
        file: Path,
        owner: int,
    ) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "owner", owner)

    def notice(self) -> str:
        """What the user is told, with how to have the file read."""
        return (
            f"{self.file} is owned by another user (uid {self.owner}) and was not read; "
            f"to read it, add {self.file.parent} to {SAFE_VARIABLE} or give --config"
        )


class Config(Frozen):
    """What one configuration file says."""

    _fields = ("file", "table", "values", "overrides", "skipped")
    __slots__ = _fields

    file: Path | None
    """The file read (``None``: none was found, or files are ignored)."""
    table: str
    """Where the settings are in it: ``[tool.notation]`` or the top level."""
    values: dict[str, Any]
    """The settings it gives, by key of :data:`KEYS` (``cache-dir`` made a path)."""
    overrides: tuple[Override, ...]
    skipped: tuple[Skipped, ...]
    """The nearer files passed over because another user owns them."""

    def __init__(
        self,
        file: Path | None,
        table: str,
        values: dict[str, Any] | None = None,
        overrides: tuple[Override, ...] = (),
        skipped: tuple[Skipped, ...] = (),
    ) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "values", dict() if values is None else values)
        object.__setattr__(self, "overrides", overrides)
        object.__setattr__(self, "skipped", skipped)

    def with_skipped(self, skipped: tuple[Skipped, ...]) -> Config:
        """This configuration, with ``skipped`` the files passed over to find it."""
        return Config(self.file, self.table, self.values, self.overrides, skipped)

    def for_file(self, file: str | os.PathLike[str] | None, key: str) -> Any:
        """The value of ``key`` (``game``, ``select`` or ``ignore``) for ``file``: the last
        override that matches it and gives the key, else the table's; ``None`` if neither."""
        if file is not None:
            for override in reversed(self.overrides):
                if key in override.values and override.matches(file):
                    return override.values[key]
        return self.values.get(key)


NO_CONFIG = Config(None, "")
"""The configuration when no file is read."""


def find_config(start: str | os.PathLike[str]) -> tuple[Path | None, tuple[Skipped, ...]]:
    """The nearest configuration file in ``start`` or a folder above it that the user may
    read, and the nearer ones passed over because another user owns them."""
    skipped = []
    for folder in _folders(pure(os.fspath(start))):
        for name in (NOTATION_TOML, PYPROJECT):
            found = joined(folder, name)
            # Whatever is under a configuration's name is taken, so that a FIFO, a device,
            # a folder or a link that leads to no file is refused with a message rather than
            # passed over for the configuration of a folder above.
            if not _named(found):
                continue
            mode = _mode(found)
            plain = mode is not None and not stat.S_ISDIR(mode)
            if name == PYPROJECT and plain and not _has_table(found):
                continue
            owner = _other_owner(found, folder)
            if owner is not None and not _safe(folder):
                skipped.append(Skipped(_as_path(found), owner))
                continue
            return _as_path(found), tuple(skipped)
    return None, tuple(skipped)


def _folders(start: str) -> list[str]:
    """``start`` (as :func:`notation.io.files.pure` writes it) and the folders above it,
    nearest first, as :attr:`pathlib.PurePath.parents` names them (above ``a/b``: ``a``, ``.``)."""
    folders = [start]
    while (parent := os.path.dirname(folders[-1]) or ".") != folders[-1]:
        folders.append(parent)
    return folders


def _named(path: str) -> bool:
    """Whether anything is under the name ``path`` (a link, even one that leads nowhere);
    the errors :meth:`pathlib.Path.exists` raises (a folder that cannot be searched)
    raised."""
    return _mode(path, follow=False) is not None


def _mode(path: str, *, follow: bool = True) -> int | None:
    """The ``st_mode`` of what ``path`` leads to (of the link itself unless ``follow``),
    ``None`` when it leads nowhere; the errors :meth:`pathlib.Path.exists` raises (a
    folder that cannot be searched) raised."""
    try:
        return os.stat(path, follow_symlinks=follow).st_mode
    except OSError as error:
        if error.errno not in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            raise
        return None
    except ValueError:
        return None


def _as_path(found: str) -> Path:
    """The configuration file found, as the library gives it."""
    from pathlib import Path

    return Path(found)


def _other_owner(path: str, folder: str) -> int | None:
    """The id of the user other than this one and root who owns ``path`` or its
    ``folder``."""
    for owned in (path, folder):
        try:
            owner = os.stat(owned).st_uid
        except OSError:
            continue
        if owner not in (os.geteuid(), 0):
            return owner
    return None


def _safe(folder: str | os.PathLike[str]) -> bool:
    """Whether :data:`SAFE_VARIABLE` names ``folder`` (or is ``*``)."""
    named = [n for n in os.environ.get(SAFE_VARIABLE, "").split(os.pathsep) if n]
    if "*" in named:
        return True
    real = os.path.realpath(folder)
    return any(os.path.realpath(n) == real for n in named)


def _has_table(path: str | os.PathLike[str]) -> bool:
    """Whether a ``pyproject.toml`` has a ``[tool.notation]`` table (one that cannot be
    read, or is not TOML and may hold the table, counts, so that its error is shown rather
    than the file passed over); one whose keys certainly do not define it has none."""
    try:
        text = _text(path)
    except (ConfigError, OSError, UnicodeDecodeError):
        return True
    # Passed over without importing tomllib (several milliseconds of a run's start).
    if not _may_hold_table(text):
        return False
    import tomllib

    try:
        document = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return True
    tool = document.get("tool")
    return isinstance(tool, dict) and "notation" in tool


_TOML_TOKEN = lazy_pattern(
    r'''"""(?:[^"\\]|\\.|"(?!""))*""""{0,2}'''  # multi-line basic string
    r"|'''(?:[^']|'(?!''))*''''{0,2}"  # multi-line literal string
    r'|"(?:[^"\\\n]|\\[^\n])*"'  # basic string
    r"|'[^'\n]*'"  # literal string
    r"|#[^\n]*"  # comment
    r"|[ \t\r]+"  # blanks
    r"|[\n\[\]{}=,.\"']"  # a newline, brackets, braces, equals, comma, dot, a lone quote
    r"|[^ \t\r\n\"'#\[\]{}=,.]+",  # a bare key, a part of a number, date or word, or else
    DOTALL,
)
"""A token of TOML, as far as telling where its keys are needs."""

_BARE_KEY = lazy_pattern(r"[A-Za-z0-9_-]+")


def _may_hold_table(text: str) -> bool:
    """Whether the TOML ``text`` may define ``tool.notation``: ``False`` only when it
    certainly does not (it is read as far as its table headers and keys; a key written
    with an escape, or anything this reading does not follow, may)."""
    # TOML compares keys as written, so a text that names notation neither plainly nor
    # through an escape has no such key.
    if "notation" not in text and "\\u" not in text and "\\U" not in text:
        return False
    tokens = [t for t in _TOML_TOKEN.findall(text) if t[0] not in " \t\r#"]
    if '"' in tokens or "'" in tokens:  # a quote that opens no string
        return True
    table: list[str] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token == "\n":
            index += 1
            continue
        header = token == "["
        array = header and tokens[index + 1 : index + 2] == ["["]
        index += array + header
        path, index = _key(tokens, index)
        if path is None:
            return True
        if header:
            closing = ["]", "]"] if array else ["]"]
            if tokens[index : index + len(closing)] != closing:
                return True
            index += len(closing)
            if tokens[index : index + 1] not in ([], ["\n"]):
                return True
            table = full = path
        else:
            if tokens[index : index + 1] != ["="]:
                return True
            full = table + path
            index = _past_value(tokens, index + 1)
            if index < 0 or full == ["tool"]:  # tool = {notation = ...}
                return True
        if full[:2] == ["tool", "notation"]:
            return True
    return False


def _key(tokens: list[str], index: int) -> tuple[list[str] | None, int]:
    """The dotted key starting at ``tokens[index]`` and the index past it; ``None`` for
    a key this reading does not take as certain (an escape, a token no key is)."""
    path = []
    while True:
        token = tokens[index] if index < len(tokens) else ""
        if (token[:1] == "'" and not token.startswith("'''")) or (
            token[:1] == '"' and not token.startswith('"""') and "\\" not in token
        ):
            path.append(token[1:-1])
        elif _BARE_KEY.fullmatch(token):
            path.append(token)
        else:
            return None, index
        index += 1
        if tokens[index : index + 1] != ["."]:
            return path, index
        index += 1


def _past_value(tokens: list[str], index: int) -> int:
    """The index past the value starting at ``tokens[index]`` and its line's end; -1
    when the text ends inside it."""
    depth = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token in ("[", "{"):
            depth += 1
        elif token in ("]", "}"):
            depth -= 1
        elif token == "\n" and depth <= 0:
            return index
    return index if depth == 0 else -1


def load_config(path: Path) -> Config:
    """The settings of the file at ``path``: its ``[tool.notation]`` table when it is a
    ``pyproject.toml``, else its top-level keys."""
    import tomllib
    from pathlib import Path

    shown = str(path)
    try:
        document = tomllib.loads(_text(path))
    except OSError as error:
        reason = why(error)
        if os.path.islink(path) and error.errno in (errno.ENOENT, errno.ELOOP):
            reason = f"it is a link that leads to no file ({reason})"
        raise ConfigError(f"{shown}: cannot read it: {reason}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{shown}: it is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{shown}: it is not valid TOML: {error}") from None
    except RecursionError:  # tomllib recurses once for each array or inline table open
        deep = "it is not TOML notation can read: its values nest too deeply"
        raise ConfigError(f"{shown}: {deep}") from None
    if path.name == PYPROJECT:
        table = "[tool.notation]"
        tool = document.get("tool", {})
        if not isinstance(tool, dict) or "notation" not in tool:
            raise ConfigError(f"{shown}: it has no [tool.notation] table")
        settings = tool["notation"]
        if not isinstance(settings, dict):
            raise ConfigError(f"{shown}: tool.notation is not a table")
    else:
        table, settings = "top level", document
    base = Path(os.path.abspath(path)).parent
    prefix = f"{shown}: {'tool.notation.' if table == '[tool.notation]' else ''}"
    values: dict[str, Any] = {}
    overrides: list[Override] = []
    for key, value in settings.items():
        if key == "overrides":
            overrides = _overrides(value, base, f"{prefix}overrides")
        elif key in KEYS:
            values[key] = _CHECKS[key](value, f"{prefix}{key}")
            if key == "cache-dir":
                values[key] = base / values[key]
            elif key == "db" and not values[key].startswith(("postgresql://", "postgres://")):
                if values[key] == "-":
                    # "-" names a standard stream everywhere else, never a file to make.
                    raise ConfigError(
                        f"{prefix}db: - is not an index: name an SQLite file or a postgresql:// URL"
                    )
                values[key] = str(base / values[key])
        else:
            known = ", ".join((*KEYS, "overrides"))
            raise ConfigError(f"{prefix}{key}: unknown key (known keys: {known})")
    return Config(path, table, values, tuple(overrides))


def _text(path: str | os.PathLike[str]) -> str:
    """The text of the configuration file ``path``: a regular file (a link to one is
    followed, as a user's own configuration often is one) of at most
    :data:`MAX_CONFIG_BYTES`, opened without waiting for a FIFO's writer and refused unread
    when it is anything else."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        os.close(fd)
        raise
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ConfigError(f"{path}: cannot read it: it is {kind_of(mode)}, not a file")
    with os.fdopen(fd, "rb") as file:
        data = file.read(MAX_CONFIG_BYTES + 1)
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(
            f"{path}: cannot read it: it is larger than {MAX_CONFIG_BYTES >> 20} MiB, "
            "which no configuration is"
        )
    if data.startswith(b"\xef\xbb\xbf"):
        raise ConfigError(
            f"{path}: it starts with a byte order mark, which TOML does not allow: save it "
            "as UTF-8 without one"
        )
    return data.decode("utf-8")


def _overrides(value: object, base: Path, where: str) -> list[Override]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ConfigError(f'{where}: not an array of tables ([[overrides]] with path = "GLOB")')
    made = []
    for number, table in enumerate(value, 1):
        here = f"{where}[{number}]"
        values: dict[str, Any] = {}
        for key, given in table.items():
            if key not in OVERRIDE_KEYS:
                known = ", ".join(OVERRIDE_KEYS)
                raise ConfigError(f"{here}.{key}: unknown key (known keys: {known})")
            if key != "path":
                values[key] = _CHECKS[key](given, f"{here}.{key}")
        if "path" not in table:
            raise ConfigError(f'{here}: no path = "GLOB" says which files it is for')
        glob = _string(table["path"], f"{here}.path")
        made.append(Override(glob, base, values, glob_pattern(glob)))
    return made


def glob_pattern(glob: str) -> re.Pattern[str]:
    """The regular expression of a path glob: ``**`` any folders (none included), ``*``
    and ``?`` within one name, ``[...]`` a class; a glob without ``/`` matches a file
    name in any folder."""
    import re

    if "/" not in glob:
        glob = "**/" + glob
    parts = []
    for token in re.findall(r"\*\*/|\*\*|\*|\?|\[[^\]/]*\]|[^*?\[]+|\[", glob):
        if token == "**/":
            parts.append("(?:.*/)?")
        elif token == "**":
            parts.append(".*")
        elif token == "*":
            parts.append("[^/]*")
        elif token == "?":
            parts.append("[^/]")
        elif token.startswith("[") and len(token) > 2:
            inner = token[1:-1]
            negated = inner.startswith("!")
            inner = re.sub(r"([\\\]^])", r"\\\1", inner[1:] if negated else inner)
            parts.append(f"[{'^' if negated else ''}{inner}]")
        else:
            parts.append(re.escape(token))
    return re.compile("".join(parts))


def _string(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{where}: {_shown(value)} is not a non-empty string")
    return value


def _path(value: object, where: str) -> str:
    text = _string(value, where)
    if "\0" in text:
        raise ConfigError(f"{where}: {_shown(value)} holds a NUL character, which no path can")
    return text


def _codes(value: object, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f'{where}: {_shown(value)} is not a list of codes (["BR2", "REC207"])')
    try:
        return code_prefixes(value)
    except ValueError as error:
        raise ConfigError(f"{where}: {error}") from None


def _fail_level(value: object, where: str) -> str:
    if not isinstance(value, str) or value not in FAIL_LEVELS:
        raise ConfigError(f"{where}: {_shown(value)} is not error or warning")
    return str(value)


def _game(value: object, where: str) -> str:
    if not isinstance(value, str) or value not in GAMES:
        raise ConfigError(f"{where}: {_shown(value)} is not one of {', '.join(GAMES)}")
    return str(value)


def _jobs(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_JOBS:
        raise ConfigError(f"{where}: {_shown(value)} is not a whole number from 0 to {MAX_JOBS}")
    return value


def _format(value: object, where: str) -> str:
    if not isinstance(value, str) or value not in FORMATS:
        raise ConfigError(f"{where}: {_shown(value)} is not one of {', '.join(FORMATS)}")
    return str(value)


def _dialects(value: object, where: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(
            f'{where}: {_shown(value)} is not a list of dialects (["short-captures"])'
        )
    try:
        return dialect_set(value)
    except ValueError as error:
        raise ConfigError(f"{where}: {error}") from None


def _shown(value: object) -> str:
    """``value`` as TOML writes it; a string's control characters escaped, so that none
    reaches the terminal."""
    import json

    if isinstance(value, bool):
        return "true" if value else "false"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else repr(value)


_CHECKS: dict[str, Callable[[object, str], Any]] = {
    "select": _codes,
    "ignore": _codes,
    "fail-level": _fail_level,
    "game": _game,
    "jobs": _jobs,
    "format": _format,
    "cache-dir": _path,
    "dialects": _dialects,
    "db": _path,
}
