"""What the verdict comparisons of two commits share (`layouts.py`, `kk_verdicts.py`,
`knight_cheversi_verdicts.py`) and the index's comparisons (`index_*.py`): the record files
they validate, a commit's package extracted beside this checkout, one commit's answers,
and the options naming the interpreters that run each side. It imports no `notation`, so
that each commit's own package answers."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def records() -> list[str]:
    """Every record file of ``samples/`` and ``tests/``, as absolute paths."""
    return sorted(
        str(path)
        for folder in ("samples", "tests")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in (".pdn", ".pgn") and path.is_file()
    )


def run(script: Path, tree: Path, asked: Path, out: Path, files: list[str]) -> None:
    """Answer the inputs (``script --answer``) and validate ``files`` with the
    ``notation`` of ``tree``, appending both to ``out``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    subprocess.run(
        [sys.executable, str(script), "--answer", str(asked), str(out)], check=True, env=env
    )
    with tempfile.TemporaryDirectory() as folder:
        report = subprocess.run(
            [
                sys.executable,
                "-c",
                "import sys; from notation.cli.main import main; sys.exit(main())",
                "validate",
                "--format",
                "jsonl",
                "--no-cache",
                "--exit-zero",
                "--allow-empty",
                *files,
            ],
            env={**env, "HOME": folder},
            cwd=folder,
            capture_output=True,
            text=True,
            check=False,
        )
    with out.open("a", encoding="utf-8") as answers:
        answers.write(report.stdout)


def interpreter_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--python``, the interpreter of this checkout's runs (this one by default; a
    compiled build's environment), and ``--old-python``, that of an environment the old
    commit is installed in (a compiled install of it), run instead of its extracted
    package."""
    parser.add_argument(
        "--python", default=sys.executable, help="the interpreter of this checkout's runs"
    )
    parser.add_argument(
        "--old-python",
        help="the interpreter of an environment the old commit is installed in (a compiled "
        "install of it), run instead of its extracted package",
    )


def old_tree(commit: str, folder: Path) -> Path:
    """The ``notation`` package (its command line included) of ``commit``, in ``folder``."""
    archive = folder / "old.tar"
    subprocess.run(
        ["git", "-C", str(ROOT), "archive", "-o", str(archive), commit, "notation", "cli"],
        check=True,
    )
    with tarfile.open(archive) as tar:
        tar.extractall(folder / "old", filter="data")
    (folder / "old" / "notation" / "cli").unlink(missing_ok=True)
    (folder / "old" / "cli").rename(folder / "old" / "notation" / "cli")
    return folder / "old"


def compare(
    script: Path, commit: str, asked: Path, folder: Path, files: list[str], said: str
) -> None:
    """Answer ``asked`` and validate ``files`` with ``commit``'s package and with this
    checkout's (:func:`run`); print ``said`` with the number of answers of each, then
    ``identical``, or the first answer that differs and exit 1."""
    run(script, old_tree(commit, folder), asked, folder / "old.txt", files)
    run(script, ROOT, asked, folder / "new.txt", files)
    old_lines = (folder / "old.txt").read_text(encoding="utf-8").splitlines()
    new_lines = (folder / "new.txt").read_text(encoding="utf-8").splitlines()
    print(f"{said}; {len(old_lines):,} answers old, {len(new_lines):,} new")
    for number, (before, after) in enumerate(zip(old_lines, new_lines, strict=False)):
        if before != after:
            print(f"answer {number + 1} differs:\n  old {before}\n  new {after}")
            sys.exit(1)
    if len(old_lines) != len(new_lines):
        print("the answers differ in number")
        sys.exit(1)
    print("identical")
