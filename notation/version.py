"""The package's version (``notation.__version__``), and the identity of the code that runs
(:func:`code_version`), by which the cache keys its entries."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    import os

__version__ = "0.1.0"


def code_version(root: str | None = None) -> str:
    """The version, then ``+`` and a digest of the package's files under ``root`` (by
    default the package's own folder): each file's path, size and modification time.

    Verdicts are a function of the code, not of its version number: a development checkout
    edited, a package installed again from another commit or another build installs other
    files under the same version, and an entry made by them must not be trusted. The
    running package's is found once a process."""
    global _RUNNING
    if root is None and _RUNNING is not None:
        return _RUNNING
    import os

    # The built-in BLAKE2 module: hashlib's blake2b, without hashlib loading OpenSSL.
    from _blake2 import blake2b

    top = root if root is not None else os.path.dirname(os.path.abspath(__file__))
    facts: list[str] = []
    _file_facts(top, "", facts)
    digest = blake2b("".join(facts).encode(), digest_size=8)
    found = f"{__version__}+{digest.hexdigest()}"
    if root is None:
        _RUNNING = found
    return found


def _file_facts(folder: str, shown: str, facts: list[str]) -> None:
    """Add a line to ``facts`` for each file under ``folder`` (whose path below the top is
    ``shown``), as ``os.walk`` from the top visits them: a folder's files by name, then
    its folders by name (not ``__pycache__``, nor a link to a folder)."""
    import os

    try:
        with os.scandir(folder) as listed:
            entries = sorted(listed, key=_name)
    except OSError:
        return
    folders = []
    for entry in entries:
        try:
            is_folder = entry.is_dir()
        except OSError:
            is_folder = False
        if is_folder:
            if entry.name != "__pycache__":
                folders.append(entry)
            continue
        try:
            found = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        facts.append(f"{shown}{entry.name}\0{found.st_size}\0{found.st_mtime_ns}\n")
    for entry in folders:
        if not entry.is_symlink():
            _file_facts(entry.path, f"{shown}{entry.name}/", facts)


def _name(entry: os.DirEntry[str]) -> str:
    return entry.name


_RUNNING: str | None = None
"""The running code's version, once found (its files do not change under a run)."""
