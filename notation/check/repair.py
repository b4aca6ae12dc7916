"""Score-sheet repair: the move a player meant where the record has a slip.

The evidence is the record itself: a slip (a wrong digit, two digits exchanged, a step
written backwards, a ply left out or written twice, two moves of one side in the wrong
order) makes some ply illegal, and the move that was meant is one after which the rest of
the line replays. :func:`find_repairs` searches, for each line (the main line and every
variation) that stops at an illegal ply, the single changes at that ply and the
:data:`WINDOW` plies before it:

- a ply read as another legal move there; its kind says how the texts differ:
  ``character`` (one character wrong, missing or added), ``transposed`` (two neighbours
  exchanged, ``57`` for ``75``), ``reversed`` (the step written backwards), ``sign`` (``-``
  for ``x``), ``completed`` (a short form naming several moves, or a capture stopped after its
  first jump, made whole), ``rewritten``;
- ``left-out``: a legal move inserted before a ply;
- ``extra``: a ply deleted;
- ``exchanged``: two plies of one side (two plies apart) exchanged.

A change is a candidate only when every ply after it replays. Candidates are ranked by
:data:`COSTS` (how often a person makes that slip, then the edit distance between the
texts) and by nearness to the illegal ply. When no single change makes the line replay, a
change that explains part of the rest followed by one that explains all of it is a
candidate too (two slips). The best candidate is *chosen* only when it is clearly the most
plausible: :data:`MARGIN` cheaper than the next, at most :data:`MOST_CHOSEN`, and with at
least :data:`MIN_EVIDENCE` plies after it that replay. Otherwise the candidates are listed
and nothing is chosen. A line that replays is never changed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from notation.check.dialects import NO_DIALECTS
from notation.check.replay import (
    dialect_read,
    main_line_positions,
    record_notation,
    record_start,
)
from notation.diagnostics import CORRECTED, SEARCH_BOUND, Candidate, Change, Diagnostic
from notation.games.base import AnyGame, IllegalMove, Position, SetupError
from notation.lazy import compiled
from notation.record.model import MAX_DEPTH, Comment, Line, Ply, Record

WINDOW = 12
"""How many plies before the first illegal one a slip is looked for (a wrong but legal
move is often found out only some plies later, when a move needs the square it took)."""

COSTS = {
    "completed": 0.3,
    "sign": 0.5,
    "character": 1.0,
    "transposed": 1.0,
    "reversed": 1.0,
    "exchanged": 1.0,
    "left-out": 1.5,
    "extra": 1.5,
    "rewritten": 2.0,
}
"""What each kind of slip costs (lower: more often made). A ``rewritten`` move costs this
plus :data:`PER_EDIT` for each character edit beyond the second between the two texts."""

PER_EDIT = 0.5
"""The cost of each further character edit in a ``rewritten`` move."""

PER_PLY_BACK = 0.05
"""The cost of each ply between a change and the first illegal ply (nearer is likelier)."""

RESULT_COST = 1.0
"""The cost of a correction after which the rules decide another result than the record's."""

MARGIN = 0.75
"""How much cheaper than every other candidate the chosen one must be."""

MOST_CHOSEN = 3.0
"""The highest cost a chosen candidate may have: past it (two rewritten moves, say) the
record is too far from any game for one guess."""

MIN_EVIDENCE = 4
"""Fewest plies after a change that must replay for it to be chosen (with fewer, almost
any legal move would do)."""

MAX_CANDIDATES = 5
"""Most candidates kept for a line."""

PARTIAL = 6
"""How many changes that explain part of the rest are tried with a second change."""

BUDGET = 30_000
"""Most units of work in the search of one record, every round of it: a ply replayed, or
a move tried as a change (played, written, compared and costed), is one unit; a line to
search is one more. Counted, not timed, so that the result is the same on every machine;
on a 2-core machine of 2025 the bound is about a second of CPU time."""

ROUNDS = 4
"""Most rounds of search and correction in one record (a corrected main line gives its
later variations a position to start from)."""


WAS = "was:"
"""How the comment that keeps a repaired ply's text begins (``{was: 22-13}``)."""


@dataclass(slots=True)
class LineRepair:
    """What the search found for one line that stops at an illegal ply."""

    line: Line
    start: Position
    """The position before the line's first ply."""
    depth: int
    """0 for the main line, one more for each level of variation."""
    first_ply: int
    """The game ply number of the line's first ply."""
    illegal: int
    """The game ply number of the line's first illegal ply."""
    candidates: tuple[Candidate, ...]
    """The candidates found, the likeliest first."""
    chosen: Candidate | None
    """The candidate clear enough to apply, if one is."""


def repair_record(
    game: AnyGame, record: Record, path: str = "-", dialects: frozenset[str] = NO_DIALECTS
) -> list[Diagnostic]:
    """Apply to ``record`` every correction the search chooses, and say what was done:
    one REC230 notice per correction, at the ply it concerns. A record with a syntax error
    or an invalid setup is left as it is (``validate`` says why). ``dialects`` are the
    optional dialects read (:mod:`notation.check.dialects`)."""
    if record.has_syntax_errors:
        return []
    try:
        start = record_start(game, record)
    except SetupError:
        return []
    notation = record_notation(game, record)
    made: list[Diagnostic] = []
    budget = Budget()
    for _ in range(ROUNDS):
        found = find_repairs(game, record, start, notation, budget, dialects=dialects)
        chosen = [(r, r.chosen) for r in found if r.chosen]
        for repair, candidate in chosen:
            made.append(_corrected(record, repair, candidate, path))
            apply(game, repair, candidate)
        if not chosen or budget.spent:
            break
    if budget.spent:
        made.append(bound_reached(record, path))
    return made


def bound_reached(record: Record, path: str) -> Diagnostic:
    """The REC231 notice of a record whose search stopped at :data:`BUDGET`."""
    message = (
        f"the search for slips stopped at its bound ({BUDGET:,} units of work; game ",
        "): lines after that were not searched, and their illegal moves have no suggestion",
    )
    return Diagnostic.in_game(SEARCH_BOUND, message, *record.pos, path, record.index)


def _corrected(record: Record, found: LineRepair, candidate: Candidate, path: str) -> Diagnostic:
    """The notice of a correction about to be made (it names the plies as written)."""
    first = candidate.changes[0]
    ply = found.line.plies[min(first.ply - found.first_ply, len(found.line.plies) - 1)]
    said = ", and ".join(_clause(c, 0) + _KINDS.get(c.kind, "") for c in candidate.changes)
    where = "" if found.depth == 0 else " in a variation"
    message = (
        f"slip corrected{where}: {said}; the remaining {_plies(candidate.rest)} then replay (game ",
        f", ply {found.illegal} was illegal)",
    )
    return Diagnostic.in_game(
        CORRECTED,
        message,
        *ply.pos,
        path,
        record.index,
        found.illegal,
        ply.text,
        candidates=(candidate,),
        chosen=True,
    )


def changed_plies(found: LineRepair, candidate: Candidate) -> list[Ply]:
    """The plies of ``found``'s line, as written, that ``candidate`` replaces, moves or
    deletes (a ply it inserts is none of them)."""
    plies = found.line.plies
    shift = 0
    changed: list[Ply] = []
    for change in candidate.changes:
        at = change.ply - found.first_ply + shift
        steps = {"exchanged": (0, 2), "left-out": ()}.get(change.kind, (0,))
        changed.extend(plies[at + step] for step in steps if 0 <= at + step < len(plies))
        # A later change counts plies in the line as the earlier one left it.
        shift += len(change.was) - len(change.now)
    return changed


def find_repairs(
    game: AnyGame,
    record: Record,
    start: Position,
    notation: str | None = None,
    budget: Budget | None = None,
    *,
    dialects: frozenset[str] = NO_DIALECTS,
) -> list[LineRepair]:
    """The search's findings for every line of ``record`` (replayed from ``start``) that
    stops at an illegal ply: the main line first, then the variations as written (those
    of plies up to a line's first illegal one, which have a position to start from).
    ``notation`` is the record's: candidates are written in it where the ply's own text
    does not tell its notation; ``dialects`` are read as the replay reads them. The search
    stops when ``budget`` (a new one when ``None``) is spent; the line it was searching
    then, and those after it, are left out (see :attr:`Budget.spent`)."""
    walk = _Walk(game, record, notation, budget or Budget(), dialects)
    walk.line(record.moves, start, 1, 0)
    return walk.found


@dataclass(slots=True)
class Budget:
    """The units of work (:data:`BUDGET`) the search of one record may still do."""

    left: int = BUDGET

    @property
    def spent(self) -> bool:
        """Whether the search stopped for want of work left."""
        return self.left <= 0

    def take(self, units: int) -> bool:
        """Spend ``units``; whether any were left to spend."""
        had = self.left > 0
        self.left -= units
        return had


@dataclass(slots=True)
class _Walk:
    """The search over the lines of one record."""

    game: AnyGame
    record: Record
    notation: str | None
    budget: Budget
    dialects: frozenset[str]
    found: list[LineRepair] = field(default_factory=list)

    def line(self, line: Line, start: Position, first_ply: int, depth: int) -> None:
        """Search ``line`` if it stops at an illegal ply, then its variations."""
        game, record, budget = self.game, self.record, self.budget
        if not budget.take(1):
            return
        positions = main_line_positions(game, line, start, self.dialects)
        stop = len(positions) - 1
        if not budget.take(stop + 1):
            return
        if stop < len(line.plies):
            texts = [p.text for p in line.plies]
            claimed = (record.result or record.tag("Result")) if depth == 0 else None
            search = _Search(game, first_ply, self.notation, claimed, budget, self.dialects)
            candidates = search.run(texts, positions)
            if budget.spent:
                # Cut short: a likelier change may not have been tried.
                return
            illegal, chosen = first_ply + stop, _chosen(candidates)
            self.found.append(
                LineRepair(line, start, depth, first_ply, illegal, candidates, chosen)
            )
        if depth >= MAX_DEPTH:
            return
        for index, ply in enumerate(line.plies[: stop + 1]):
            for variation in ply.variations_view:
                self.line(variation, positions[index], first_ply + index, depth + 1)


def _chosen(candidates: Sequence[Candidate]) -> Candidate | None:
    if not candidates or candidates[0].rest < MIN_EVIDENCE or candidates[0].cost > MOST_CHOSEN:
        return None
    if len(candidates) > 1 and candidates[1].cost - candidates[0].cost < MARGIN:
        return None
    return candidates[0]


@dataclass(frozen=True, slots=True)
class _Tried:
    """One change tried: the texts it makes, how many of them replay, and the index of
    the last ply it changed (the ply before, for a deletion)."""

    change: Change
    texts: list[str]
    replayed: int
    end: int
    final: Position
    """The position the texts lead to, when they all replay."""

    @property
    def complete(self) -> bool:
        return self.replayed == len(self.texts)

    @property
    def rest(self) -> int:
        return self.replayed - self.end - 1


@dataclass(slots=True)
class _Search:
    """The search over one line of a record."""

    game: AnyGame
    first_ply: int
    notation: str | None
    claimed: str | None
    """The result the record gives, if any: a correction after which the rules decide
    another costs :data:`RESULT_COST` more."""
    budget: Budget
    dialects: frozenset[str]
    seen: set[tuple[str, ...]] = field(default_factory=set)
    reached: Position = None
    """The position the last replay reached."""

    def run(self, texts: list[str], positions: list[Position]) -> tuple[Candidate, ...]:
        """The candidates for a line of ``texts`` whose legal plies lead to ``positions``
        (the start first), likeliest first."""
        stop = len(positions) - 1
        self.seen.add(tuple(texts))
        complete: list[Candidate] = []
        partial: list[tuple[_Tried, float]] = []
        for tried in self._single(texts, positions, 0, stop):
            cost = self._cost(tried, stop)
            if tried.complete:
                complete.append(Candidate((tried.change,), cost, tried.rest))
            elif tried.replayed > stop + 2:
                partial.append((tried, cost))
        if not complete:
            partial.sort(key=lambda p: (-p[0].replayed, p[1]))
            for first, cost in partial[:PARTIAL]:
                again = main_line_positions(
                    self.game, _line(first.texts), positions[0], self.dialects
                )
                if not self.budget.take(len(again)):
                    break
                for second in self._single(first.texts, again, first.end + 1, first.replayed):
                    if second.complete:
                        both = cost + self._cost(second, first.replayed)
                        complete.append(Candidate((first.change, second.change), both, second.rest))
        complete.sort(key=lambda c: c.cost)
        return tuple(complete[:MAX_CANDIDATES])

    def _cost(self, tried: _Tried, stop: int) -> float:
        cost = slip_cost(tried.change) + PER_PLY_BACK * max(0, stop - tried.end)
        if tried.final is not None and self._contradicted(tried.final):
            cost += RESULT_COST
        return round(cost, 3)

    def _contradicted(self, end: Position) -> bool:
        """Whether the rules decide, in ``end``, another result than the record gives."""
        if self.claimed is None or self.claimed == "*":
            return False
        outcome = self.game.outcome(end)
        return outcome is not None and self.claimed not in self.game.result_for(outcome)

    def _single(
        self, texts: list[str], positions: list[Position], floor: int, stop: int
    ) -> Iterator[_Tried]:
        """Every single change not tried before, at index ``stop`` of ``texts`` (its first
        illegal ply) and the plies before it down to ``floor`` (at most :data:`WINDOW`)."""
        game = self.game
        for index in range(stop, max(floor, stop - WINDOW) - 1, -1):
            before = positions[index]
            written = texts[index]
            meant = None if index == stop else self._read(before, written)
            # A capture stopped after its first jump is completed by the capture it starts.
            whole = game.read_short_capture(before, written) if index == stop else None
            style = game.notation_of(written) or self.notation
            head, tail = texts[:index], texts[index + 1 :]
            ply = self.first_ply + index
            # Written as the record's messages write moves: a game that reads one notation
            # per record (Cheversi) writes its own, whatever notation the text tells.
            legal = game.legal_moves(before)
            for move, text in zip(legal, game.describe_moves(before, legal, style), strict=True):
                if not self.budget.take(1):
                    return
                after = game.play(before, move)
                if move != meant:
                    got = self._replay(after, tail)
                    kind = "completed" if move == whole else slip_kind(written, text)
                    change = Change(kind, ply, (written,), (text,))
                    yield from self._fresh(change, [*head, text, *tail], index + 1 + got, index)
                rest = texts[index:]
                got = self._replay(after, rest)
                change = Change("left-out", ply, (), (text,))
                yield from self._fresh(change, [*head, text, *rest], index + 1 + got, index)
            got = self._replay(before, tail)
            change = Change("extra", ply, (written,), ())
            yield from self._fresh(change, [*head, *tail], index + got, index - 1)
            if index + 2 < len(texts):
                a, b, c = texts[index : index + 3]
                swapped = [c, b, a, *texts[index + 3 :]]
                got = self._replay(before, swapped)
                change = Change("exchanged", ply, (a, c), (c, a))
                yield from self._fresh(change, [*head, *swapped], index + got, index + 2)

    def _fresh(self, change: Change, texts: list[str], replayed: int, end: int) -> Iterator[_Tried]:
        key = tuple(texts)
        if key not in self.seen:
            self.seen.add(key)
            final = self.reached if replayed == len(texts) else None
            yield _Tried(change, texts, replayed, end, final)

    def _read(self, position: Position, text: str) -> object:
        try:
            return self.game.parse_move(position, text)
        except IllegalMove:
            return None

    def _replay(self, position: Position, texts: Sequence[str]) -> int:
        """How many of ``texts`` replay from ``position`` (fewer once the budget is spent)."""
        game = self.game
        advance = game.advancer()
        budget = self.budget
        count = 0
        for text in texts:
            if not budget.take(1):
                break
            try:
                _, position = advance(position, text)
            except IllegalMove as error:
                try:
                    _, move = dialect_read(game, position, text, error, self.dialects)
                except IllegalMove:
                    break
                position = game.play(position, move)
            count += 1
        self.reached = position
        return count


def _line(texts: Sequence[str]) -> Line:
    return Line([Ply(text) for text in texts])


def slip_cost(change: Change) -> float:
    """What a change costs, before its distance from the illegal ply (see :data:`COSTS`)."""
    cost = COSTS[change.kind]
    if change.kind == "rewritten":
        cost += PER_EDIT * max(0, distance(change.was[0], change.now[0]) - 2)
    return cost


def slip_kind(written: str, meant: str) -> str:
    """How ``written`` differs from ``meant`` (another move's text, in the same notation)."""
    said, squares = _squares(written), _squares(meant)
    if said == squares:
        return "sign"
    if len(said) > 1 and said == squares[::-1]:
        return "reversed"
    if (
        1 < len(said) < len(squares)
        and said[0] == squares[0]
        and said[-1] == squares[-1]
        and _within(said, squares)
    ):
        return "completed"
    if distance(written, meant) == 1:
        if len(written) == len(meant) and written != meant and sorted(written) == sorted(meant):
            return "transposed"
        return "character"
    return "rewritten"


def _within(part: list[str], whole: list[str]) -> bool:
    """Whether ``part`` is ``whole`` with some items left out, in order."""
    items = iter(whole)
    return all(any(item == want for item in items) for want in part)


def _squares(text: str) -> list[str]:
    """The squares of a move text, with the piece before a square (``Kg4``, ``♔g4``): the
    runs between the signs that join them (``-``, ``x``, ``:``, ``/``)."""
    return [run for run in _SIGNS.split(text) if run]


_SIGNS = compiled(r"[-xX:/\s]+")
"""What joins the squares of a move (no square or piece name holds a Latin ``x``)."""


def distance(a: str, b: str) -> int:
    """The edit distance between two texts, an exchange of neighbours counting as one."""
    older: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        row = [i]
        for j, y in enumerate(b, 1):
            best = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                best = min(best, older[j - 2] + 1)
            row.append(best)
        older, previous = previous, row
    return previous[-1]


def apply(game: AnyGame, repair: LineRepair, candidate: Candidate) -> None:
    """Make ``candidate``'s changes in the line, in order, each faulty text kept in a
    comment on the ply it concerns (:func:`change_comment`); comments, NAGs and variations
    stay, and written move numbers follow on where plies came or went."""
    line = repair.line
    for change in candidate.changes:
        index = change.ply - repair.first_ply
        plies = line.plies
        note = Comment(change_comment(change))
        if change.kind == "left-out":
            plies.insert(index, Ply(change.now[0], comments=[note]))
        elif change.kind == "extra":
            gone = plies.pop(index)
            (plies[index - 1].comments if index else line.comments).append(note)
            if gone.variations_view and index < len(plies):
                plies[index].variations[:0] = gone.variations_view
        elif change.kind == "exchanged":
            first, second = plies[index], plies[index + 2]
            first.text, second.text = second.text, first.text
            first.comments.insert(0, note)
            second.comments.insert(0, Comment(f"{WAS} {change.was[1]}"))
        else:
            plies[index].text = change.now[0]
            plies[index].comments.insert(0, note)
    if any(c.kind in ("left-out", "extra") for c in candidate.changes):
        _renumber(game, line, repair.start)


def change_comment(change: Change) -> str:
    """The text of the comment a change leaves on its ply: ``was: 22-13`` for a replaced
    ply (the first of two exchanged), ``was: missing`` for one inserted, and ``was: 22-13,
    deleted`` (on the ply before) for one deleted."""
    if change.kind == "left-out":
        return f"{WAS} missing"
    if change.kind == "extra":
        return f"{WAS} {change.was[0]}, deleted"
    return f"{WAS} {change.was[0]}"


_MOST_DIGITS = 1000
"""The longest move number renumbered (Python reads no integer past 4,300 digits)."""


def _renumber(game: AnyGame, line: Line, start: Position) -> None:
    """Give the line's written move numbers again after plies came or went: the side that
    moved at the first ``N.`` starts each move; its plies get ``N.``, and the other side's
    plies get a number (``N...``) only where a comment or a variation comes before them."""
    positions = main_line_positions(game, line, start)
    plies = line.plies[: len(positions) - 1]
    sides = [game.turn(p) for p in positions[: len(plies)]]
    numbered = [
        (i, ply.number)
        for i, ply in enumerate(plies)
        if ply.number and not ply.number.endswith("..")
    ]
    if not numbered:
        return
    anchor, written = numbered[0]
    mover = sides[anchor]
    digits = written.rstrip(". ") or "0"
    if len(digits) > _MOST_DIGITS:
        # No game reaches such a move number: the record's numbers are left as written.
        return
    number = int(digits)
    number -= sum(1 for side in sides[1 : anchor + 1] if side is mover)
    for index, ply in enumerate(plies):
        if index and sides[index] is mover:
            number += 1
        if sides[index] is mover:
            ply.number = f"{number}."
        else:
            ply.number = f"{number}..." if _interrupted(line, index) else None


def _interrupted(line: Line, index: int) -> bool:
    """Whether something written comes between ply ``index`` and the ply before it."""
    if index == 0:
        return bool(line.comments)
    before = line.plies[index - 1]
    return bool(before.comments_view or before.variations_view)


def suggestion(repair: LineRepair) -> str:
    """What an illegal-move message adds about the search's findings: the chosen
    correction (``did you mean 22-17? then the remaining 38 plies replay``), the candidates
    when none is clearly likeliest, or nothing when none was found or too few plies follow
    for the rest to tell (the legal moves the message lists say as much)."""
    if repair.chosen is not None:
        said = ", and ".join(_clause(c, repair.illegal) for c in repair.chosen.changes)
        return f"; did you mean {said}? then the remaining {_plies(repair.chosen.rest)} replay"
    if not repair.candidates or repair.candidates[0].rest < MIN_EVIDENCE:
        return ""
    shown = repair.candidates[:3]
    said = "; or ".join(
        ", and ".join(_clause(c, repair.illegal) for c in candidate.changes) for candidate in shown
    )
    more = len(repair.candidates) - len(shown)
    said += f" (and {more} more)" if more > 0 else ""
    return f"; several corrections make the rest replay: {said}"


def _clause(change: Change, illegal: int) -> str:
    kind = change.kind
    if kind == "left-out":
        return f"{change.now[0]} before ply {change.ply} (a ply left out)"
    if kind == "extra":
        return f"no {change.was[0]} at ply {change.ply} (a ply too many)"
    if kind == "exchanged":
        first, second = change.was
        return (
            f"{second} at ply {change.ply} and {first} at ply {change.ply + 2} "
            "(a side's moves exchanged)"
        )
    if change.ply == illegal:
        return change.now[0]
    return f"{change.now[0]} for {change.was[0]} at ply {change.ply}"


_KINDS = {
    "character": " (one character)",
    "transposed": " (two characters exchanged)",
    "reversed": " (the step written backwards)",
    "sign": " (the sign)",
    "completed": " (the move written whole)",
    "rewritten": " (a move rewritten)",
}
"""How a correction notice names the kind of a replaced ply's slip."""


def _plies(count: int) -> str:
    return f"{count} ply" if count == 1 else f"{count} plies"
