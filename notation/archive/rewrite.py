"""Commands that write records (``convert``, ``annotate``, ``repair``): one policy, one
safe output.

:func:`rewrite` reads every input through :func:`notation.read.sources.read_all`, hands each
record to an edit (convert its notation, annotate it, repair it), and writes the records
through :mod:`notation.io.output`: to standard output, to one file (``output``), or back
over each input (``in_place``). What is written is committed only when it is whole:

- a record that could not be read whole (a syntax error) or edited (an illegal move)
  makes the run fail with status 1, and nothing is written, unless ``keep_broken``: then
  such a record is written with everything it had (the text from a syntax error on is
  kept verbatim in ``;`` comments, the moves from an illegal move on are kept as written,
  each marked by a comment saying why) and the run still ends with status 1;
- an input that cannot be read makes the run fail with status 2 and nothing is written;
- an edit may leave a record as it was (:class:`Edited` with ``changed`` false): its
  original text is written verbatim, so nothing is lost and an error in it (the status
  is still 1) does not stop the output being written; an edit may also say a record it
  changed is whole though an error is left in it (``whole``: ``fix``, which changes
  tags and results only and keeps an illegal move as written), and it is written too;
- a record whose reading is a guess (:attr:`notation.read.sources.Found.guessed`: one
  header that names a tag twice, read as two games, the first of tags alone, PDN119) is
  not rewritten as if the guess were the truth: like a record with a syntax error it makes
  the run fail with status 1 and nothing is written, unless ``keep_broken``: then it is
  written as its original text, the second game of the header joined to the first as it
  was (in JSON, the games of the header as one record, each tag named again kept with
  the rest of its line in comments, as a malformed tag line is), and the run still ends
  with status 1;
- with ``in_place`` each file is rewritten on its own, only when everything read from it
  succeeded; a file whose bytes would not change, or whose records were all left as they
  were, is not rewritten.

A game past the reader's limits (a line or a game too long, PDN109/PDN110) has no text to
keep: ``keep_broken`` writes it with its tags and a comment saying its movetext was not read.
"""

from __future__ import annotations

import codecs
import contextlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from notation import diagnostics as codes
from notation.archive.runs import Reading
from notation.diagnostics import Diagnostic, Severity
from notation.io.files import Input, Missing, input_paths, names_a_descriptor, reads_standard_input
from notation.io.output import (
    OutputError,
    Sink,
    Stage,
    atomic_output,
    check_target,
    display,
    file_hash,
    file_output,
    spooled_stdout,
)
from notation.read.sources import Found, one_game, read_all
from notation.record.jsonform import FORMAT, VERSION, record_to_dict
from notation.record.lexicon import KEPT_MARKS
from notation.record.model import NOWHERE, RESULTS, Comment, Line, Record, SourcePos, Tag
from notation.record.writer import write_record
from notation.run.settings import SettingsError, flag_option, path_option

KEPT_MARK = KEPT_MARKS[0].removesuffix(": ")
"""How the comment that marks a part kept as it was written begins."""

FORMS = ("pdn", "json")
"""The output formats records are written in."""


@dataclass(frozen=True, slots=True)
class Edited:
    """What an edit made of a record: its problems, and whether it changed the record."""

    problems: list[Diagnostic]
    """Those found reading the record (``record.diagnostics``) and those found editing it."""
    changed: bool = True
    """``False``: the record is as it was read and is written as its original text
    (``record.text``, when the reader kept it); an error in it fails the run (status 1)
    but does not stop the output being written."""
    whole: bool = False
    """``True``: the record, changed, is written whole though an error is left in it (an
    illegal move or a result the rules contradict, kept as written): the error fails the
    run (status 1) but does not stop the output being written."""


Edit = Callable[[Found], list[Diagnostic] | Edited]
"""Changes a record read (in place); its problems (a list: the record was changed), or
:class:`Edited`."""


class RewriteError(Exception):
    """A run that cannot start (a usage error): the message says why; status 2."""


@dataclass(frozen=True, slots=True)
class Options:
    """How the records are written."""

    output: Path | None = None
    """One file for every record (``None``: standard output, unless ``in_place``)."""
    in_place: bool = False
    """Write each input's records back over it."""
    form: str = "pdn"
    """``pdn`` or ``json``."""
    keep_broken: bool = False
    """Write records with errors too, keeping their text (see the module's doc)."""
    encoding: str | None = None
    """The encoding of the inputs (``None``: detected)."""
    allow_empty: bool = False
    """An input with no record is not an error."""
    stage: Stage | None = None
    """The stage ``output`` joins, if any: it replaces its file only when the stage
    commits (:func:`notation.io.output.staged_outputs`), with the stage's other files."""

    def staged(self, stage: Stage | None) -> Options:
        """These options, ``output`` joining ``stage`` (``None``: written at the end)."""
        return replace(self, stage=stage)


@dataclass(frozen=True, slots=True, kw_only=True)
class Writing(Reading):
    """The settings of a command that writes records (``convert``, ``annotate``,
    ``fix``, ``repair``): how it reads them and where it writes them."""

    output: Path | None = None
    """One file for every record (``None``: standard output, unless ``in_place``)."""
    in_place: bool = False
    """Write each input's records back over it."""
    form: str = "pdn"
    """``pdn`` or ``json``."""
    keep_broken: bool = False
    """Write records with errors too, keeping their text (see the module's doc)."""

    def __post_init__(self) -> None:
        Reading.__post_init__(self)
        object.__setattr__(self, "output", path_option("output", self.output))
        flag_option("in_place", self.in_place)
        flag_option("keep_broken", self.keep_broken)
        problem = writing_problem(self.output, self.in_place, self.form)
        if problem is not None:
            raise problem

    @property
    def options(self) -> Options:
        """How :func:`rewrite` writes the records."""
        return Options(
            output=self.output,
            in_place=self.in_place,
            form=self.form,
            keep_broken=self.keep_broken,
            encoding=self.encoding,
            allow_empty=self.allow_empty,
        )


@dataclass(frozen=True, slots=True)
class Rewritten:
    """What a command that writes records did."""

    status: int
    """The exit status: 0, 1 (a record with an error) or 2 (an input not read)."""


def rewrite(
    inputs: list[Input | Missing],
    edit: Edit,
    options: Options,
    say: Callable[[str], None],
    tell: Callable[[Diagnostic], None] | None = None,
    unwritten: Callable[[str | None], None] | None = None,
) -> int:
    """Read, edit and write every record; the exit status (0, 1 or 2).

    ``say`` is told what was or was not written, and each diagnostic (formatted) unless
    ``tell`` is given: then ``tell`` is given each diagnostic. ``unwritten`` is told the
    name of each input not rewritten in place, or ``None`` when the one output is not
    written. Raises :class:`RewriteError` before reading anything when the options cannot
    work.
    """
    _check(inputs, options)
    run = _Run(edit, options, say, tell, unwritten)
    with contextlib.ExitStack() as stack:
        if not options.in_place:
            if options.output is None:
                sink = stack.enter_context(spooled_stdout())
            else:
                sink = stack.enter_context(file_output(options.output, options.stage))
            run.writer = _Writer(sink, options.form)
        run.read(inputs)
        if run.writer is not None:
            if run.writable():
                run.writer.finish()
            else:
                if run.writer.count or run.writer.held or run.writer.pieces:
                    where = display(options.output) if options.output else "standard output"
                    say(f"nothing written to {where}: " + run.why_not(run.broken, run.guesses))
                run.unwritten(None)
                run.writer.sink.abandon()
    return run.status


def _ignore(_: str | None) -> None:
    pass


def writing_problem(output: Path | None, in_place: bool, form: str) -> SettingsError | None:
    """Why records cannot be written to ``output``, or ``in_place``, in ``form``
    (``to``, for ``convert``), whatever the inputs; ``None`` when they can."""
    if form not in FORMS:
        return SettingsError("to", f"unknown format {form!r}; choose {' or '.join(FORMS)}")
    if in_place and output is not None:
        return SettingsError("in_place", "give either {} or {}, not both", ("output", "in_place"))
    if in_place and form != "pdn":
        why = "{} rewrites PDN files; write JSON with {}"
        return SettingsError("in_place", why, ("in_place", "output"))
    return None


def _check(inputs: list[Input | Missing], options: Options) -> None:
    problem = writing_problem(options.output, options.in_place, options.form)
    if problem is not None:
        raise RewriteError(str(problem))
    if options.in_place:
        if reads_standard_input(inputs):
            raise RewriteError("standard input cannot be rewritten in place")
        for path in input_paths(inputs):
            if names_a_descriptor(path):
                raise RewriteError(
                    f"{display(path)} names a stream of this process, not a file: it cannot "
                    "be rewritten in place"
                )
            if not Path(path).is_file():
                raise RewriteError(
                    f"{display(path)} is not a regular file: it cannot be rewritten in place"
                )
        return
    if options.output is not None:
        try:
            check_target(options.output, input_paths(inputs), stdin=reads_standard_input(inputs))
        except OutputError as error:
            raise RewriteError(str(error)) from None


class _Run:
    """The state of one rewrite run."""

    def __init__(
        self,
        edit: Edit,
        options: Options,
        say: Callable[[str], None],
        tell: Callable[[Diagnostic], None] | None,
        unwritten: Callable[[str | None], None] | None,
    ) -> None:
        self.edit = edit
        self.options = options
        self.say = say
        self.tell = tell
        self.unwritten = unwritten or _ignore
        self.status = 0
        self.broken = 0
        """Records not written whole: with an error, or read as a guess."""
        self.guesses = 0
        """Records read as a guess (counted in ``broken`` too)."""
        self.writer: _Writer | None = None

    def writable(self) -> bool:
        """Whether what was made may be written: no unread input, no error unless kept."""
        return self.status < 2 and (self.broken == 0 or self.options.keep_broken)

    def why_not(self, broken: int, guesses: int = 0) -> str:
        """Why output was not written, when ``broken`` games could not be written whole,
        ``guesses`` of them because their reading is a guess."""
        if not broken:
            return "an input could not be read"
        why = []
        if broken > guesses:
            why.append(
                f"{_games(broken - guesses)} could not be written whole "
                "(--keep-broken writes them with their text kept in comments)"
            )
        if guesses:
            why.append(
                f"{_games(guesses)} {'are' if guesses != 1 else 'is'} read from a header "
                "that names a tag twice (PDN119), and where one game ends is a guess "
                "(--keep-broken writes them as they were written)"
            )
        return "; ".join(why)

    def report(self, diagnostic: Diagnostic) -> None:
        if self.tell is None:
            self.say(diagnostic.format())
        else:
            self.tell(diagnostic)
        if diagnostic.code in (codes.UNREADABLE, codes.NO_RECORD):
            self.status = 2
        elif diagnostic.severity is Severity.ERROR:
            self.status = max(self.status, 1)

    def read(self, inputs: Iterable[Input | Missing]) -> None:
        found = read_all(
            inputs, self.options.encoding, allow_empty=self.options.allow_empty, keep_text=True
        )
        here: _InPlace | None = None
        for item in found:
            if isinstance(item, Found):
                if self.options.in_place and (here is None or here.name != item.input.name):
                    here = _InPlace(self, item)
                if here is not None:
                    here.follow()
                self.record(item, here)
            elif isinstance(item, Diagnostic):
                self.report(item)
            elif here is not None and here.name == item.path:
                here.close()
                here = None

    def record(self, found: Found, here: _InPlace | None) -> None:
        """Edit and write one record."""
        record = found.record
        guessed = found.guessed
        edited = self.edit(found)
        if isinstance(edited, list):
            edited = Edited(edited)
        for problem in edited.problems:
            self.report(problem)
        writer = self.writer if here is None else here.writer
        assert writer is not None
        if guessed:
            self.guessed(found, writer)
            return
        if (
            edited.changed
            and not edited.whole
            and any(p.severity is Severity.ERROR for p in edited.problems)
        ):
            self.broken += 1
            if not self.options.keep_broken:
                # Its output is abandoned: the record is not written (it may have no text
                # to write, a junk token being all it held).
                writer.held += 1
                return
            _keep_text(record)
        writer.record(record, verbatim=not edited.changed)
        if here is not None:
            here.lossy = here.lossy or "\ufffd" in (record.text or "")
            here.changed = here.changed or edited.changed

    def guessed(self, found: Found, writer: _Writer) -> None:
        """Write a record read as a guess as it was read, with ``keep_broken`` (saying so
        at the first of its header's games), else hold it back; either way the run
        fails."""
        self.broken += 1
        self.guesses += 1
        self.status = max(self.status, 1)
        if not self.options.keep_broken:
            writer.held += 1
            return
        record = found.record
        if not found.cut:
            how = (
                "as they were read"
                if writer.form == "pdn"
                else "as one record, the text from the tag named again to the end of its "
                "line kept in a comment"
            )
            self.say(
                f"{found.input.name}: games {record.index} and {record.index + 1} written "
                f"{how}: their header names a tag twice (PDN119), and where one game ends "
                "is a guess"
            )
        writer.piece(record, joined=found.cut)


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


class _InPlace:
    """Rewriting one input file over itself: opened at its first record, committed at its
    end only when everything read from it succeeded and its bytes change."""

    def __init__(self, run: _Run, first: Found) -> None:
        self.run = run
        self.name = first.input.name
        self.status = run.status
        self.broken = run.broken
        self.guesses = run.guesses
        self.lossy = False
        self.changed = False
        """Whether an edit changed a record of the file."""
        assert first.input.path is not None
        path = Path(first.input.path)
        self.path = path
        source = self.source = first.source
        self.refused = (
            f"{self.name}: not rewritten: it is compressed (write it with --output)"
            if source.compressed
            else None
        )
        encoding, mark = _written_encoding(source.encoding, source.bom)
        self.encoding = encoding
        """The encoding the file is written in."""
        self.stack = contextlib.ExitStack()
        sink = self.stack.enter_context(atomic_output(path, encoding=encoding, hashed=True))
        if mark:
            sink.write("\ufeff")
        self.writer = _Writer(sink, "pdn")

    def follow(self) -> None:
        """Write on in the encoding the file turned out to be in: the reader learns a legacy
        encoding where the first bytes that are not UTF-8 come, after text all ASCII, so
        what was written before reads the same in it, unless an edit wrote more than ASCII
        (then the file is not rewritten)."""
        encoding, _ = _written_encoding(self.source.encoding, self.source.bom)
        if encoding == self.encoding or self.refused is not None:
            return
        if self.writer.ascii:
            self.writer.sink.reencode(encoding)
            self.encoding = encoding
        else:
            self.refused = (
                f"{self.name}: not rewritten: it was found to be {encoding} only part way, "
                f"after text written in {self.encoding} (give --encoding {encoding})"
            )

    def close(self) -> None:
        """End the file: commit it or leave the original as it was."""
        self.follow()
        run = self.run
        failed = run.status > max(self.status, 1) or (
            run.broken > self.broken and not run.options.keep_broken
        )
        if not failed and not self.changed:
            self.writer.sink.abandon()
            self.stack.close()
            return
        if failed:
            refused: str | None = f"{self.name}: not rewritten: " + run.why_not(
                run.broken - self.broken, run.guesses - self.guesses
            )
        elif self.lossy:
            refused = f"{self.name}: not rewritten: it holds bytes that could not be decoded"
        else:
            refused = self.refused
        if refused is not None:
            run.say(refused)
            run.unwritten(self.name)
            if not failed:
                run.status = 2
        else:
            self.writer.finish()
        sink = self.writer.sink
        unchanged = sink.hash is not None and sink.hash.digest() == file_hash(self.path)
        if refused is not None or unchanged:
            sink.abandon()
        self.stack.close()


def _written_encoding(encoding: str, bom: bytes) -> tuple[str, bool]:
    """The encoding to write a file back in, and whether to start with a byte order mark:
    the file's own, its mark included."""
    if bom == codecs.BOM_UTF8:
        return "utf-8-sig", False
    if bom:
        endian = "le" if bom in (codecs.BOM_UTF16_LE, codecs.BOM_UTF32_LE) else "be"
        width = "32" if len(bom) == 4 else "16"
        return f"utf-{width}-{endian}", True
    return encoding, False


class _Writer:
    """Writes records to a sink as PDN (a blank line between records) or as the JSON
    document of :func:`notation.record.jsonform.dumps` (``indent=1``), one at a time."""

    def __init__(self, sink: Sink, form: str) -> None:
        self.sink = sink
        self.form = form
        self.count = 0
        self.ascii = True
        """Whether all text written so far is ASCII."""
        self.held = 0
        """The records not written because the output will be abandoned (games with an
        error, not kept)."""
        self.pieces: list[Record] = []
        """The records read so far from a header that names a tag twice, written in JSON as
        one once the next record is not joined to them."""
        self.unended = False
        """Whether the last text written is a record's own that ends inside its last line
        (a header cut where a tag is named again on it): its newline is owed unless the
        next record is joined to it."""

    def record(self, record: Record, verbatim: bool = False, joined: bool = False) -> None:
        """Write ``record``; with ``verbatim`` (PDN only), its original text when it has one,
        and with ``joined`` too, right after the record before it (no blank line, nor a
        newline where the record before ends inside its last line)."""
        self._flush()
        if verbatim and self.form == "pdn" and record.text is not None:
            text = record.text
        else:
            joined = False
            try:
                text = write_record(record)
            except ValueError as error:
                raise OutputError(f"game {record.index} cannot be written: {error}") from None
        self.ascii = self.ascii and text.isascii()
        if self.form == "pdn":
            if not joined:
                text = ("\n" if self.unended else "") + ("\n" if self.count else "") + text
            self.unended = not text.endswith("\n")
            self.sink.write(text)
        else:
            body = json.dumps(record_to_dict(record), ensure_ascii=False, indent=1)
            head = _JSON_HEAD if not self.count else ",\n"
            self.sink.write(head + "\n".join("  " + line for line in body.split("\n")))
        self.count += 1

    def piece(self, record: Record, joined: bool) -> None:
        """Write a record read from a header that names a tag twice as it was read: in PDN
        its text, right after the record before when ``joined``; in JSON the records of the
        header as one (:func:`notation.read.sources.one_game`, :func:`_named_once`), with
        its text kept as a record with an error is (:func:`_keep_text`)."""
        if self.form == "pdn":
            self.record(record, verbatim=True, joined=joined)
            return
        if not joined:
            self._flush()
        self.pieces.append(record)

    def _flush(self) -> None:
        if self.pieces:
            record = _named_once(one_game(self.pieces))
            self.pieces = []
            _keep_text(record)
            self.record(record)

    def finish(self) -> None:
        self._flush()
        if self.unended:
            self.sink.write("\n")
        if self.form == "json":
            self.sink.write(_JSON_TAIL if self.count else _JSON_EMPTY)


_JSON_EMPTY = json.dumps({"format": FORMAT, "version": VERSION, "records": []}, indent=1) + "\n"
_JSON_HEAD = _JSON_EMPTY.removesuffix("]\n}\n") + "\n"
_JSON_TAIL = "\n ]\n}\n"


def _keep_text(record: Record) -> None:
    """Make a record that could not be read whole writable with nothing lost: each malformed
    tag line, and the text from the first other syntax error on, kept verbatim in ``;``
    comments (before the moves, and after what was read), each after a ``;`` comment that
    says why (line comments hold braces and brackets as they are). Reading such a comment
    is a PDN118 error, in PDN and in the JSON form, so that what is written is never judged
    better than what was read; the marks of a record kept before are kept as they are."""
    kept = codes.KEPT_BROKEN
    record.diagnostics[:] = [d for d in record.diagnostics if d.code != kept]
    errors = sorted(
        (d for d in record.diagnostics if d.severity is Severity.ERROR),
        key=lambda d: (d.line, d.column),
    )
    if not errors:
        return
    if record.text is None:
        first = errors[0]
        note = f" {KEPT_MARKS[1]}{first.code} {first.message}"
        record.moves.comments.append(Comment(note, "line"))
        record.result = record.result or record.tag("Result") or "*"
        record.diagnostics.clear()
        return
    lines = record.text.split("\n")
    first_line = record.pos.line
    head: list[Comment] = []
    for error in (d for d in errors if d.code == codes.BAD_TAG):
        head.append(Comment(f" {KEPT_MARKS[0]}{error.code} {error.message}", "line"))
        head.append(Comment(" " + lines[error.line - first_line].strip(), "line"))
    record.moves.comments[:0] = head
    rest = [d for d in errors if d.code != codes.BAD_TAG]
    if rest:
        first = rest[0]
        _cut_from(record.moves, SourcePos(first.line, first.column))
        tail = _text_from(lines, first.line - first_line, first.column)
        result = _final_result(tail)
        if result is not None:
            tail = tail[: tail.rstrip().rfind(result)]
        plies = record.moves.plies
        target = plies[-1].comments if plies else record.moves.comments
        target.append(Comment(f" {KEPT_MARKS[0]}{first.code} {first.message}", "line"))
        target.extend(Comment(" " + line, "line") for line in tail.rstrip().split("\n") if line)
        record.result = result or record.result or record.tag("Result") or "*"
    record.diagnostics.clear()


def _named_once(record: Record) -> Record:
    """``record`` naming each tag once: from each tag that names a tag again (the first on
    its line), the text to the end of its line is kept verbatim in a ``;`` comment before
    the moves, after one that says why (its PDN119 warning, which the record no longer
    holds), and the tags written there are dropped. Reading such a comment is a PDN118
    error, as for :func:`_keep_text`."""
    said = {(d.line, d.column): d for d in record.diagnostics if d.code == codes.TAG_NAMED_AGAIN}
    named: set[str] = set()
    cuts: dict[int, Tag] = {}
    """The first tag named again on each line where one is."""
    for tag in record.tags:
        if tag.name in named:
            cuts.setdefault(tag.pos.line, tag)
        named.add(tag.name)
    if not cuts:
        return record

    def dropped(tag: Tag) -> bool:
        cut = cuts.get(tag.pos.line)
        return cut is not None and tag.pos.column >= cut.pos.column

    lines = None if record.text is None else record.text.split("\n")
    head: list[Comment] = []
    for line, cut in cuts.items():
        d = said.get((line, cut.pos.column))
        why = (
            f"{d.code} {d.message}"
            if d is not None
            else f"{codes.TAG_NAMED_AGAIN} {cut.name} is named again: a game names each tag once"
        )
        if lines is None:
            text = " ".join(
                write_record(Record(tags=[t])).rstrip()
                for t in record.tags
                if t.pos.line == line and dropped(t)
            )
        else:
            start = record.pos.column if line == record.pos.line else 1
            text = lines[line - record.pos.line][cut.pos.column - start :].rstrip()
        head.append(Comment(f" {KEPT_MARKS[0]}{why}", "line"))
        head.append(Comment(f" {text}", "line"))
    record.tags = [tag for tag in record.tags if not dropped(tag)]
    record.diagnostics = [d for d in record.diagnostics if d.code != codes.TAG_NAMED_AGAIN]
    record.moves.comments[:0] = head
    return record


def _cut_from(line: Line, at: SourcePos) -> None:
    """Drop what the reader read of ``line`` at ``at`` or after it (a variation it closed
    itself at the end of the game, when the ``(`` was never closed): that text is kept
    verbatim in comments, so it must not be written a second time as read."""

    def after(pos: SourcePos) -> bool:
        return pos != NOWHERE and pos >= at

    line.plies[:] = [ply for ply in line.plies if not after(ply.pos)]
    line.comments[:] = [c for c in line.comments if not after(c.pos)]
    for ply in line.plies:
        if ply.comments_view:
            ply.comments[:] = [c for c in ply.comments if not after(c.pos)]
        if ply.variations_view:
            ply.variations[:] = [v for v in ply.variations if not after(v.pos)]
            for variation in ply.variations:
                _cut_from(variation, at)


def _text_from(lines: list[str], at: int, column: int) -> str:
    """The text from line ``at`` (0-based), column ``column`` (1-based), to the end."""
    if not 0 <= at < len(lines):
        return ""
    return "\n".join([lines[at][column - 1 :], *lines[at + 1 :]])


def _final_result(tail: str) -> str | None:
    """The result token that ends ``tail``, if one does."""
    words = tail.split()
    return words[-1] if words and words[-1] in RESULTS else None


def copied_unchanged(found: str, record: Record, path: str) -> Diagnostic:
    """What ``validate`` says of a record of a game the toolkit does not replay (``found``
    names it), and that the record was copied unchanged."""
    from notation.check.validator import unsupported_game

    said = unsupported_game(record, found, path)
    return said.replace(text=f"{said.text}; it was copied unchanged")
