"""The package's version (``notation.__version__``), and the identity of the code that runs
(:func:`code_version`), by which the cache keys its entries."""

from __future__ import annotations

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
    digest = blake2b(digest_size=8)
    for folder, subfolders, files in os.walk(top):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        for name in sorted(files):
            path = os.path.join(folder, name)
            try:
                facts = os.lstat(path)
            except OSError:
                continue
            shown = os.path.relpath(path, top).replace(os.sep, "/")
            digest.update(f"{shown}\0{facts.st_size}\0{facts.st_mtime_ns}\n".encode())
    found = f"{__version__}+{digest.hexdigest()}"
    if root is None:
        _RUNNING = found
    return found


_RUNNING: str | None = None
"""The running code's version, once found (its files do not change under a run)."""
