"""Benchmark: ``select`` by tags (no replay) and by position, and ``duplicates --position``,
against full validation.

Run by hand (not a test)::

    python bench/selection.py --games 5000

Over the seeded Brazilian archive of ``bench/brazilian.py``, in one process and over the
same games, it times: reading each game (text kept, as ``select`` reads) and matching a
``--tag`` filter; the same with a ``--position`` filter (the position after the first
game's fourth ply, so the main line of every game is replayed); indexing each game's final
position as ``duplicates --position`` does (:class:`~notation.check.identity.Positions`);
and full validation (``validate_file``). The works take turns, timed lap by lap, each
lap's best time kept (bench/README.md's method). It prints each time and the ratios that
matter: validation to tag selection (how much replay costs), and position selection and
``duplicates --position`` to validation (aim: at most 1.2, issue 29).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from benchkit import arguments, best_seconds, build_archive, clock, machine, validate

from notation.archive.select import Filters, Selector
from notation.check.identity import Positions
from notation.games.registry import get_game
from notation.record.reader import read_records


def select(path: Path, filters: Filters) -> Iterator[object]:
    """Read each game of ``path`` (its text kept) and match it, yielding each verdict."""
    selector = Selector(filters)
    for record in read_records(path, keep_text=True):
        yield selector.matches(record, str(path))


def transpositions(path: Path) -> Iterator[object]:
    """Read each game of ``path`` and index the position it ends in, as ``duplicates
    --position`` does, yielding after each; the groups are listed at the end."""
    index = Positions()
    for record in read_records(path):
        index.add(record, None, path=str(path))
        yield record
    index.groups()


def position_after(path: Path, plies: int) -> str:
    """The FEN after the first ``plies`` plies of the first game of ``path``."""
    game = get_game("brazilian")
    record = next(read_records(path))
    position = game.start(record.tag_dict())
    for ply in record.moves.plies[:plies]:
        position = game.play(position, game.parse_move(position, ply.text))
    return game.setup_tags(position)["FEN"]


def main() -> None:
    args = arguments(__doc__.split("\n")[0], 5_000).parse_args()
    args.out.mkdir(exist_ok=True)
    archive = args.out / f"brazilian-{args.games}-{args.seed}.pdn"
    games, plies = build_archive(archive, args.games, args.seed)
    print(machine())
    print(f"archive: {games} games, {plies} plies ({plies / games:.1f} per game)")
    by_tag = Filters(tags=(("White", "Player 1*"),))
    by_position = Filters(position=position_after(archive, 4))
    works = {
        "select --tag": (lambda: select(archive, by_tag), args.lap, args.rounds),
        "select --position": (lambda: select(archive, by_position), args.lap, args.rounds),
        "duplicates --position": (lambda: transpositions(archive), args.lap, args.rounds),
        "full validation": (lambda: validate(archive), args.lap, args.rounds),
    }
    best = best_seconds(works, clock(args.cpu))
    kind = "CPU time" if args.cpu else "time"
    print(f"best {kind} of each {args.lap}-game lap over {args.rounds} rounds")
    for label, seconds in best.items():
        print(f"{label:<22} {seconds:7.2f} s  {games / seconds:9,.0f} games/s")
    tag, position, transposed, full = (best[k] for k in works)
    print(f"full validation / select --tag: {full / tag:.2f}x")
    print(f"select --position / full validation: {position / full:.2f}x")
    print(f"duplicates --position / full validation: {transposed / full:.2f}x")
    print(f"load average: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
