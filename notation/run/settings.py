"""The settings of a validation run, made from a configuration file and given options.

:func:`settings_from` makes a :class:`Settings` the way the ``validate`` command does:
an option given wins over the file (:mod:`notation.run.config`), the file over the
defaults (:data:`DEFAULTS`); ``cache_dir`` and ``NOTATION_CACHE_DIR`` win over the file's
``cache-dir``, and ``no_cache`` or ``NOTATION_NO_CACHE`` turn the cache off. An option
that cannot be used is a :class:`SettingsError` naming it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping

from notation.io.files import joined, pure
from notation.plain import Frozen

# The command line reads this module's names to define its options: what making settings
# needs is imported when they are made.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from notation.games.base import AnyGame
    from notation.run.config import Config
    from notation.run.policy import Policy

DEFAULT_FOLDER = ".notation_cache"
"""The cache folder's name, beside the configuration file in force (without one, in the
current folder), unless another folder is chosen."""

FOLDER_VARIABLE = "NOTATION_CACHE_DIR"
"""The environment variable that moves the cache folder."""

NO_CACHE_VARIABLE = "NOTATION_NO_CACHE"
"""The environment variable that, set to 1 or true, turns the cache off (``--no-cache``)."""

DEFAULTS: dict[str, Any] = {
    "select": (),
    "ignore": (),
    "fail-level": "error",
    "game": None,
    "jobs": 1,
    "format": "text",
    "cache-dir": DEFAULT_FOLDER,
    "dialects": frozenset(),
    "db": "notation.sqlite",
}
"""What a run uses when neither an option nor a file gives a setting."""


def _no_config() -> Config:
    from notation.run.config import NO_CONFIG

    return NO_CONFIG


def _every_code() -> Policy:
    from notation.run.policy import Policy

    return Policy()


OPTIONS: dict[str, str] = {
    "game": "--game",
    "dialects": "--dialect",
    "format": "--format",
    "fail_level": "--fail-level",
    "select": "--select",
    "ignore": "--ignore",
    "exit_zero": "--exit-zero",
    "duplicates": "--duplicates",
    "encoding": "--encoding",
    "allow_empty": "--allow-empty",
    "jobs": "--jobs",
    "scheduler": "--scheduler",
    "scheduler_timeout": "--scheduler-timeout",
    "cache_dir": "--cache-dir",
    "no_cache": "--no-cache",
    "config": "--config",
    "variant": "--game",
    "result": "--result",
    "tags": "--tag",
    "plies": "--plies",
    "opening": "--opening",
    "position": "--position",
    "errors": "--errors",
    "code": "--code",
    "ply": "--ply",
    "comments": "--comments",
    "by": "--by",
    "seed": "--seed",
    "notation": "--notation",
    "to": "--to",
    "output": "--output",
    "in_place": "--in-place",
    "keep_broken": "--keep-broken",
    "rest": "--rest",
    "folder": "--dir",
    "force": "--force",
    "unique": "--unique",
    "results": "--results",
    "plycount": "--plycount",
    "fen": "--fen",
}
"""Each option of the settings functions by its parameter's name, as the command line
spells it: the one place that knows both names."""

LEAST_TIMEOUT = 0.1
"""The least ``scheduler_timeout`` (``--scheduler-timeout``), in seconds."""

_INFINITY = float("inf")
"""A timeout that never ends (math.inf, without importing math)."""


class SettingsError(ValueError):
    """An option that cannot be used. ``name`` is its parameter's name, and ``str(error)``
    says why as the library names options (``jobs: ...``); ``option`` and ``message``
    say it as the command line spells them (``--jobs``, by :data:`OPTIONS`, or as
    ``option`` is given). ``why`` names the options of ``mentions`` where it holds
    ``{}``."""

    def __init__(
        self, name: str, why: str, mentions: tuple[str, ...] = (), option: str | None = None
    ) -> None:
        self.name = name
        self.why = why
        self.mentions = mentions
        self.option = OPTIONS.get(name, name) if option is None else option
        self.message = self._said(lambda mentioned: OPTIONS.get(mentioned, mentioned))
        super().__init__(f"{name}: {self._said(str)}")

    def _said(self, spell: Callable[[str], str]) -> str:
        """``why``, the options it mentions spelled by ``spell``."""
        if not self.mentions:
            return self.why
        return self.why.format(*map(spell, self.mentions))

    def __reduce__(
        self,
    ) -> tuple[type[SettingsError], tuple[str, str, tuple[str, ...], str | None]]:
        # Pickled as made (ValueError's way calls the class with its message alone).
        return type(self), (self.name, self.why, self.mentions, self.option)


class Settings(Frozen):
    """Everything a validation run uses besides its inputs. The defaults are a run with no
    configuration file and no cache, in this process."""

    _fields = (
        "config",
        "game",
        "dialects",
        "encoding",
        "allow_empty",
        "format",
        "policy",
        "given",
        "cache",
        "jobs",
        "scheduler",
        "scheduler_timeout",
        "trace",
    )
    __slots__ = _fields

    config: Config
    """The configuration file in force (its per-path overrides choose each file's game,
    select and ignore)."""
    game: str | None
    """The game of records whose tags name none, for every input (``None``: the
    configuration's, file by file)."""
    dialects: frozenset[str]
    """The optional dialects read (:mod:`notation.check.dialects`)."""
    encoding: str | None
    """The codec of the inputs (``None``: detected)."""
    allow_empty: bool
    """Whether an input without a record is accepted (else PDN108)."""
    format: str
    """The report format (:data:`notation.run.names.FORMATS`)."""
    policy: Policy
    """What is reported and what fails the run."""
    given: frozenset[str]
    """Which of ``select`` and ``ignore`` were given as options: the configuration's
    per-path overrides do not change those."""
    cache: str | None
    """The cache folder (``None``: no cache), written as :mod:`pathlib` writes it."""
    jobs: int
    """The processes asked for (0: one per CPU); never more than the CPUs are used."""
    scheduler: str | None
    """The address of a Dask scheduler to validate on (``local``: a local cluster)."""
    scheduler_timeout: float
    """Seconds, in all, to reach the scheduler and a first worker."""
    trace: bool
    """Keep, in each report with a diagnostic, the record and its replay (for the HTML
    report); such a run is made in this process, without the cache."""

    def __init__(
        self,
        config: Config | None = None,
        game: str | None = None,
        dialects: frozenset[str] = frozenset(),
        encoding: str | None = None,
        allow_empty: bool = False,
        format: str = "text",
        policy: Policy | None = None,
        given: frozenset[str] = frozenset(),
        cache: str | os.PathLike[str] | None = None,
        jobs: int = 1,
        scheduler: str | None = None,
        scheduler_timeout: float = 10.0,
        trace: bool = False,
    ) -> None:
        object.__setattr__(self, "config", _no_config() if config is None else config)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "dialects", dialects)
        object.__setattr__(self, "encoding", encoding)
        object.__setattr__(self, "allow_empty", allow_empty)
        object.__setattr__(self, "format", format)
        object.__setattr__(self, "policy", _every_code() if policy is None else policy)
        object.__setattr__(self, "given", given)
        object.__setattr__(self, "cache", None if cache is None else pure(os.fspath(cache)))
        object.__setattr__(self, "jobs", jobs)
        object.__setattr__(self, "scheduler", scheduler)
        object.__setattr__(self, "scheduler_timeout", scheduler_timeout)
        object.__setattr__(self, "trace", trace)


class Games(Frozen):
    """The game of records whose tags name none, input by input, as ``validate`` chooses
    it: ``given`` (``--game``), else the configuration's for the input's file (its last
    matching override's ``game``, else its table's), else none."""

    _fields = ("given", "config")
    __slots__ = (*_fields, "_known")

    given: str | None
    config: Config
    _known: dict[str, AnyGame | None]
    """The answers of :meth:`of` so far, by input name (it is asked once a record)."""

    def __init__(self, given: str | None = None, config: Config | None = None) -> None:
        object.__setattr__(self, "given", given)
        object.__setattr__(self, "config", _no_config() if config is None else config)
        object.__setattr__(self, "_known", {})

    def __getstate__(self) -> dict[str, object]:
        return {"given": self.given, "config": self.config}

    def __setstate__(self, state: dict[str, object]) -> None:
        super().__setstate__({**state, "_known": {}})

    def name(self, path: str | None) -> str | None:
        """The game's name for the records of the file ``path`` (``None``: standard input)."""
        if self.given is not None:
            return self.given
        found = self.config.for_file(path, "game")
        return None if found is None else str(found)

    def of(self, input_name: str) -> AnyGame | None:
        """The game of the records of the input called ``input_name`` (``-``: standard
        input), if one is set."""
        known = self._known
        if input_name in known:
            return known[input_name]
        from notation.games.registry import get_game

        name = self.name(None if input_name == "-" else pure(input_name))
        game = known[input_name] = None if name is None else get_game(name)
        return game


def default_of(default: AnyGame | Games | None, input_name: str) -> AnyGame | None:
    """The game of records whose tags name none read from the input called
    ``input_name``: ``default``, or, when it is :class:`Games`, the one it gives there."""
    return default.of(input_name) if isinstance(default, Games) else default


def nearest_config(folder: str | os.PathLike[str] | None = None) -> Config:
    """The configuration ``notation validate`` reads when run in ``folder`` (default: the
    current folder): the nearest file the user may read (those passed over in its
    ``skipped``), else none. :class:`notation.run.config.ConfigError` for a file that
    cannot be used."""
    from notation.run.config import NO_CONFIG, find_config, load_config

    found, skipped = find_config(os.getcwd() if folder is None else folder)
    config = NO_CONFIG if found is None else load_config(found)
    return config.with_skipped(skipped)


class Shown(Frozen):
    """A setting ``validate`` uses: its key, its value (as TOML and JSON write it) and
    where it comes from (``default``, the file and its table, or an environment
    variable)."""

    _fields = ("key", "value", "source")
    __slots__ = _fields

    key: str
    value: Any
    source: str

    def __init__(
        self,
        key: str,
        value: Any,
        source: str,
    ) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "source", source)


def shown_settings(config: Config, environ: Mapping[str, str] = os.environ) -> list[Shown]:
    """Each setting of :data:`DEFAULTS` in force with ``config``, and where it comes from
    (``notation config``)."""
    where = "default" if config.file is None else f"{config.file} {config.table}"
    shown = []
    for key, default in DEFAULTS.items():
        value = config.values.get(key, default)
        source = where if key in config.values else "default"
        if key == "cache-dir" and environ.get(FOLDER_VARIABLE):
            value, source = pure(environ[FOLDER_VARIABLE]), f"environment {FOLDER_VARIABLE}"
        elif key == "cache-dir" and key not in config.values and config.file is not None:
            value, source = default_cache(config), f"default: beside {config.file}"
        if key == "db" and environ.get("NOTATION_DB"):
            value, source = environ["NOTATION_DB"], "environment NOTATION_DB"
        shown.append(Shown(key, plain(value), source))
    return shown


def shown_overrides(config: Config) -> list[dict[str, Any]]:
    """Each per-path override of ``config``: its ``path`` and the values it gives."""
    return [
        {"path": o.path, **{k: plain(v) for k, v in o.values.items()}} for o in config.overrides
    ]


def plain(value: Any) -> Any:
    """A setting as TOML and JSON write it."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return value


def setting(config: Config, key: str, given: Any) -> Any:
    """``given`` as an option, else the file's value of ``key``, else the default."""
    if given is not None:
        return given
    return config.values.get(key, DEFAULTS[key])


def cache_off(no_cache: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """``no_cache``, or ``NOTATION_NO_CACHE`` set to 1, true, yes or on (any case)."""
    value = environ.get(NO_CACHE_VARIABLE, "").strip().lower()
    return no_cache or value in {"1", "true", "yes", "on"}


def cache_folder(
    config: Config, given: str | os.PathLike[str] | None, environ: Mapping[str, str] = os.environ
) -> str:
    """``given``, else ``NOTATION_CACHE_DIR``, else the file's ``cache-dir``, else
    :func:`default_cache` (written as :mod:`pathlib` writes a path)."""
    chosen = given or environ.get(FOLDER_VARIABLE) or config.values.get("cache-dir")
    return pure(os.fspath(chosen)) if chosen else default_cache(config)


def default_cache(config: Config) -> str:
    """:data:`DEFAULT_FOLDER` beside the configuration file, so that one project keeps one
    cache wherever in it a command runs (as ruff keeps one at the project root); without a
    file, in the current folder."""
    if config.file is None:
        return DEFAULT_FOLDER
    return joined(os.path.dirname(os.path.abspath(config.file)), DEFAULT_FOLDER)


def settings_from(
    config: Config | None = None,
    *,
    game: str | None = None,
    dialects: str | Iterable[str] | None = None,
    format: str | None = None,
    fail_level: str | None = None,
    select: str | Iterable[str] | None = None,
    ignore: str | Iterable[str] | None = None,
    exit_zero: bool = False,
    duplicates: bool = False,
    encoding: str | None = None,
    allow_empty: bool = False,
    jobs: int | None = None,
    scheduler: str | None = None,
    scheduler_timeout: float = 10.0,
    cache_dir: str | os.PathLike[str] | None = None,
    no_cache: bool = False,
    environ: Mapping[str, str] = os.environ,
) -> Settings:
    """The settings of a run with ``config`` and the options given (``None``: not given);
    ``select`` and ``ignore`` are code prefixes, each item comma-separated, ``encoding``
    a codec name (``None`` or ``auto``: detected). :class:`SettingsError` naming the
    first option of a type or value that cannot be used, checked in the order the
    command line lists them: a run never starts to refuse one. Without ``config``, no
    configuration file is read."""
    from notation.run.config import MAX_JOBS, NO_CONFIG, Config
    from notation.run.formats import TRACED
    from notation.run.names import FAIL_LEVELS, FORMATS
    from notation.run.policy import Policy

    if config is not None and not isinstance(config, Config):
        raise SettingsError("config", f"{config!r} is not a configuration (Config) or None")
    config = NO_CONFIG if config is None else config

    chosen_format = setting(config, "format", text_option("format", format))
    level = setting(config, "fail-level", text_option("fail_level", fail_level))
    game = text_option("game", game)
    if game is not None:
        known_game(game)
    dialects = texts_option("dialects", dialects)
    read = setting(config, "dialects", dialects and known_dialects(dialects))
    if chosen_format not in FORMATS:
        raise SettingsError("format", "choose one of " + ", ".join(FORMATS))
    if level not in FAIL_LEVELS:
        raise SettingsError("fail_level", "choose error or warning")
    select = texts_option("select", select)
    ignore = texts_option("ignore", ignore)
    policy = Policy(
        select=setting(config, "select", select and _prefixes(select, "select")),
        ignore=setting(config, "ignore", ignore and _prefixes(ignore, "ignore")),
        fail_level=level,
        exit_zero=flag_option("exit_zero", exit_zero),
        duplicates=flag_option("duplicates", duplicates),
    )
    chosen_codec = known_codec(encoding)
    flag_option("allow_empty", allow_empty)
    if jobs is not None and (
        not isinstance(jobs, int) or isinstance(jobs, bool) or not 0 <= jobs <= MAX_JOBS
    ):
        message = f"{jobs!r} is not a number of processes from 0 to {MAX_JOBS}"
        raise SettingsError("jobs", message)
    scheduler = text_option("scheduler", scheduler)
    if scheduler is not None:
        problem = scheduler_problem(scheduler)
        if problem is not None:
            raise SettingsError("scheduler", problem)
    if (
        not isinstance(scheduler_timeout, int | float)
        or isinstance(scheduler_timeout, bool)
        or not LEAST_TIMEOUT <= scheduler_timeout < _INFINITY
    ):
        message = f"{scheduler_timeout!r} is not a number of seconds from {LEAST_TIMEOUT}"
        raise SettingsError("scheduler_timeout", message)
    if cache_dir is not None and not isinstance(cache_dir, str | os.PathLike):
        raise SettingsError("cache_dir", f"{cache_dir!r} is not a folder's name (str or a path)")
    flag_option("no_cache", no_cache)
    trace = chosen_format in TRACED
    return Settings(
        config=config,
        game=game,
        dialects=read,
        encoding=chosen_codec,
        allow_empty=allow_empty,
        format=chosen_format,
        policy=policy,
        given=frozenset(k for k, v in (("select", select), ("ignore", ignore)) if v is not None),
        cache=None if cache_off(no_cache, environ) or trace else cache_folder(config, cache_dir),
        jobs=setting(config, "jobs", jobs),
        scheduler=scheduler,
        scheduler_timeout=scheduler_timeout,
        trace=trace,
    )


SCHEDULER_ADDRESS = r"(?:tcp|tls)://[^\s/]+:[0-9]+"
"""A scheduler's address as ``dask scheduler`` prints it."""

INSTALL = "pip install 'notation[dask]'"
"""How to install what a cluster run needs."""

NO_DASK = f"a Dask cluster needs Dask, which is not installed: {INSTALL}"
"""Why a cluster cannot be used without Dask."""


def scheduler_problem(address: str) -> str | None:
    """Why ``address`` is not where a Dask scheduler can be (``local``: a local cluster),
    or Dask is not installed; ``None`` when a cluster there can be tried."""
    import importlib.util
    import re

    if address != "local" and re.fullmatch(SCHEDULER_ADDRESS, address) is None:
        return (
            f"{address!r} is not a scheduler address "
            "(tcp://host:port, as `dask scheduler` prints it, or local)"
        )
    if importlib.util.find_spec("distributed") is None:
        return NO_DASK
    return None


def text_option(name: str, value: object) -> str | None:
    """``value``, a str or ``None``; :class:`SettingsError` naming ``name`` otherwise."""
    if value is None or isinstance(value, str):
        return value
    raise SettingsError(name, f"{value!r} is not a str")


def texts_option(name: str, value: object) -> list[str] | None:
    """``value`` as a list of str (one str alone is the list of it), or ``None``;
    :class:`SettingsError` naming ``name`` for anything else."""
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable) and not isinstance(value, bytes | bytearray):
        items = list(value)
        if all(isinstance(item, str) for item in items):
            return items
    raise SettingsError(name, f"{value!r} is not a str or a list of str")


def flag_option(name: str, value: object, spelled: str | None = None) -> bool:
    """``value``, True or False; :class:`SettingsError` naming ``name`` (``spelled``: as
    the command line spells it, when :data:`OPTIONS` does not) otherwise."""
    if isinstance(value, bool):
        return value
    raise SettingsError(name, f"{value!r} is not True or False", option=spelled)


def path_option(name: str, value: object) -> Path | None:
    """``value`` (a str or a path) as a :class:`~pathlib.Path`, or ``None``;
    :class:`SettingsError` naming ``name`` for anything else."""
    from pathlib import Path

    if value is None:
        return None
    if isinstance(value, str | os.PathLike) and isinstance(os.fspath(value), str):
        return Path(value)
    raise SettingsError(name, f"{value!r} is not a file's name (str or a path)")


def whole_option(name: str, value: object, least: int) -> int | None:
    """``value``, a whole number from ``least``, or ``None``; :class:`SettingsError`
    naming ``name`` otherwise."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= least):
        return value
    raise SettingsError(name, f"{value!r} is not a whole number from {least}")


def known_game(name: str, option: str = "game", spelled: str | None = None) -> str:
    """``name``, the name of a game; :class:`SettingsError` naming ``option`` otherwise
    (``spelled``: as the command line spells it, when :data:`OPTIONS` does not)."""
    from notation.games.registry import get_game

    if not isinstance(name, str):
        raise SettingsError(option, f"{name!r} is not a str", option=spelled)
    try:
        get_game(name)
    except KeyError as error:
        raise SettingsError(option, str(error.args[0]), option=spelled) from None
    return name


def known_dialects(names: str | Iterable[str] | None) -> frozenset[str]:
    """The dialects ``names`` names (one name, or several: :mod:`notation.check.dialects`);
    :class:`SettingsError` naming ``dialects`` for an unknown one, or for what names
    none."""
    from notation.check.dialects import dialect_set

    try:
        return dialect_set(texts_option("dialects", names) or ())
    except ValueError as error:
        raise SettingsError("dialects", str(error)) from None


def known_codec(name: str | None) -> str | None:
    """The codec called ``name`` (``None`` or ``auto``: detected, ``None``);
    :class:`SettingsError` naming ``encoding`` for an unknown one, or what is no name."""
    name = text_option("encoding", name)
    if name is None or name == "auto":
        return None
    from notation.io.decode import codec

    try:
        return codec(name)
    except ValueError as error:
        raise SettingsError("encoding", str(error)) from None


def _prefixes(values: list[str], option: str) -> tuple[str, ...]:
    """The code prefixes given (comma-separated, repeatable); each must match a code."""
    from notation.run.names import code_prefixes

    try:
        return code_prefixes(values)
    except ValueError as error:
        raise SettingsError(option, str(error)) from None
