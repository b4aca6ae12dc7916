"""How the toolkit's own modules are loaded: from the bytecode the interpreter keeps for
them, as its own loader does, with less work per module.

A command imports some fifty of the toolkit's modules, and the interpreter's import system
spends about 0.09 ms on each beyond running it (finding it among its folder's files and
checking its bytecode file, in Python code): 4 to 5 ms of a one-game validate's 40.
:func:`install` puts a finder first on ``sys.meta_path`` for the modules and subpackages of
one package (not a module compiled to an extension module: the import system finds those).
Its loader is the interpreter's own source loader, whose ``get_code`` reads the bytecode
file the interpreter would read (where the interpreter put the package's, under the same
tag) when its header says that this interpreter made it from the source as it is now (its
size and modification time, as the interpreter checks them); for anything else (no such
file, a stale one, one checked by hash) it defers to the interpreter's own ``get_code``,
which compiles the source and writes the file as always.
"""

from __future__ import annotations

import _imp
import marshal
import os
import sys
import types

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from importlib.machinery import ModuleSpec, SourceFileLoader
    from types import CodeType, ModuleType
    from typing import TypeAlias

    Folder: TypeAlias = tuple[str, dict[str, int], str, str]
    Loader: TypeAlias = Callable[[str, str, str], SourceFileLoader]


def install(package: ModuleType) -> bool:
    """Load the modules and subpackages of ``package`` (each a ``.py`` file or a folder
    with an ``__init__.py`` in its package's folder) through :class:`_Finder`; ``False``,
    nothing done, when the package was not loaded from a source file by the interpreter's
    source loader (from a zip file, a frozen or compiled build)."""
    spec = package.__spec__
    base = type(spec.loader) if spec is not None else None
    magic = getattr(sys.modules.get(getattr(base, "__module__", "")), "MAGIC_NUMBER", None)
    if (
        spec is None
        or base is None
        or base.__name__ != "SourceFileLoader"
        or not isinstance(magic, bytes)
        or not isinstance(getattr(package, "__cached__", None), str)
    ):
        return False
    prefix = f"{package.__name__}."
    if any(isinstance(finder, _Finder) and finder.prefix == prefix for finder in sys.meta_path):
        return True  # the package imported again (importlib.reload)
    loader = _loader(base, magic)  # type: ignore[arg-type]
    sys.meta_path.insert(0, _Finder(package.__name__, type(spec), loader))
    return True


def _loader(base: type[SourceFileLoader], magic: bytes) -> Loader:
    """The interpreter's source loader ``base``, its ``get_code`` reading a bytecode file
    made by this interpreter (``magic``) from the source as it is now without more ado."""

    class Fresh(base):  # type: ignore[misc, valid-type]
        """The interpreter's source loader, reading fresh bytecode with less work."""

        def __init__(self, fullname: str, path: str, cached: str) -> None:
            super().__init__(fullname, path)
            self.cached = cached
            """The bytecode file the interpreter keeps for this module."""

        def get_code(self, fullname: str) -> CodeType | None:
            """The module's code: from its bytecode file when the file's header says it
            is this interpreter's, timestamped (not checked by hash), of the source's
            size and modification time; else as the interpreter's loader gets it."""
            try:
                facts = os.stat(self.path)
                with open(self.cached, "rb") as file:
                    data = file.read()
            except OSError:
                return super().get_code(fullname)  # type: ignore[no-any-return]
            stamp = (int(facts.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little")
            size = (facts.st_size & 0xFFFFFFFF).to_bytes(4, "little")
            if data[:16] != magic + bytes(4) + stamp + size:
                return super().get_code(fullname)  # type: ignore[no-any-return]
            try:
                code = marshal.loads(memoryview(data)[16:])
            except (EOFError, ValueError, TypeError):
                return super().get_code(fullname)  # type: ignore[no-any-return]
            if not isinstance(code, types.CodeType):
                return super().get_code(fullname)  # type: ignore[no-any-return]
            # The file names of the code are the source's where it is now (a moved tree's
            # bytecode names where it was compiled), as the interpreter's loader has them.
            _imp._fix_co_filename(code, self.path)  # type: ignore[attr-defined, unused-ignore]  # noqa: SLF001
            return code

    made: Loader = Fresh
    return made


_MODULE, _FOLDER, _EITHER, _OTHER = 1, 2, 3, 4
"""What a name in a package's folder is the stem of: a ``.py`` file, a folder (maybe a
package), both (the folder is the module when it holds an ``__init__.py``, as the import
system has it), or an extension module (with or without the others)."""

_COMPILED = ("so", ".so", "pyd", ".pyd")
"""How the name of an extension module ends (``.so``, ``.cpython-311-x86_64-linux-gnu.so``,
``.pyd`` on Windows)."""


class _Finder:
    """Finds the modules and subpackages of one package, each in its package's folder, with
    :func:`_loader`'s loader."""

    __slots__ = ("folders", "loader", "prefix", "spec")

    def __init__(self, package: str, spec: type[ModuleSpec], loader: Loader) -> None:
        self.prefix = f"{package}."
        self.spec = spec
        self.loader = loader
        self.folders: dict[str, Folder | None] = {}
        """Each package's folder, by name: the folder, what each name there is the stem of
        (:data:`_MODULE` ...), the folder of its bytecode files and the end of their names
        (``.cpython-311.pyc``); ``None`` for a package whose folder cannot be read, or not
        loaded from a source file."""

    def invalidate_caches(self) -> None:
        """Forget the folders listed (``importlib.invalidate_caches``)."""
        self.folders.clear()

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: object = None
    ) -> ModuleSpec | None:
        """The spec of ``name``, a module (a ``.py`` file and nothing else of its name) or
        a package (a folder with an ``__init__.py``) in the folder of the package that
        holds it; ``None`` (the import system looks for it) for any other name."""
        if not path or not name.startswith(self.prefix):
            return None
        package, _, leaf = name.rpartition(".")
        if package not in self.folders:
            self.folders[package] = _folder(sys.modules.get(package))
        folder = self.folders[package]
        if folder is None or path[0] != folder[0]:
            return None
        where, kinds, cache, tail = folder
        kind = kinds.get(leaf)
        if kind == _EITHER:
            kind = (
                _FOLDER if os.path.isfile(f"{where}{os.sep}{leaf}{os.sep}__init__.py") else _MODULE
            )
        if kind == _MODULE:
            origin = f"{where}{os.sep}{leaf}.py"
            cached = f"{cache}{os.sep}{leaf}{tail}"
            places = None
        elif kind == _FOLDER:
            inside = f"{where}{os.sep}{leaf}"
            origin = f"{inside}{os.sep}__init__.py"
            if cache == f"{where}{os.sep}__pycache__":
                below = f"{inside}{os.sep}__pycache__"
            elif cache.endswith(where):  # under a pycache_prefix, which mirrors the folders
                below = f"{cache}{os.sep}{leaf}"
            else:
                return None
            if not os.path.isfile(origin):
                return None
            cached = f"{below}{os.sep}__init__{tail}"
            places = [inside]
        else:
            return None
        spec = self.spec(
            name, self.loader(name, origin, cached), origin=origin, is_package=bool(places)
        )
        spec.has_location = True
        spec.cached = cached
        if places:
            spec.submodule_search_locations = places
        return spec


def _folder(package: ModuleType | None) -> Folder | None:
    """``package``'s folder as :class:`_Finder` keeps it, learnt from where the
    interpreter put the package's own bytecode file; ``None`` when it cannot be."""
    source = getattr(package, "__file__", None)
    cached = getattr(package, "__cached__", None)
    if not isinstance(source, str) or not isinstance(cached, str):
        return None
    where, name = os.path.split(source)
    cache, cached_name = os.path.split(cached)
    if name != "__init__.py" or not cached_name.startswith("__init__."):
        return None
    try:
        names = os.listdir(where)
    except OSError:
        return None
    kinds: dict[str, int] = {}
    for entry in names:
        stem, dot, rest = entry.partition(".")
        if not dot:
            kind = _FOLDER
        elif rest == "py":
            kind = _MODULE
        elif rest.endswith(_COMPILED):
            kind = _OTHER
        else:
            continue  # a file of data, a stub
        known = kinds.get(stem, kind)
        kinds[stem] = kind if known == kind else _OTHER if _OTHER in (known, kind) else _EITHER
    return where, kinds, cache, cached_name[len("__init__") :]
