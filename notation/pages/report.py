"""The HTML validation report: a summary, a table of problems to filter, and the games.

:class:`ReportPage` makes one self-contained page of a run as it goes: the counts (files,
games, errors, warnings and notices), every problem in a table that can be filtered by
severity, code and file, then each code met and the files read, and the viewer of
:mod:`notation.pages.html` holding each game that has a problem. Each problem with a game
links to its position in the viewer: the board before an illegal ply with the legal moves
drawn, the ply's position for other problems at a ply, the end of the main line otherwise.
The games come from the run itself: each report with a problem keeps its record and the
validator's replay of it (``trace``), made into its view as it arrives and then let go, so
nothing is read or replayed again and only the page's own data stays in memory.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from notation.archive.runs import plural
from notation.check.report import GameReport
from notation.diagnostics import CODES, Diagnostic, Severity
from notation.io.files import display_name
from notation.pages.html import Elements, GameView, page, page_data, report_view

_SEVERITIES = (Severity.ERROR, Severity.WARNING, Severity.NOTICE)


def _last_node(items: Sequence[Any]) -> int:
    """The node of the last ply of a move list that has one (0, the start, if none)."""
    for item in reversed(items):
        if isinstance(item, dict) and "node" in item:
            return int(item["node"])
    return 0


class ReportPage:
    """The report of a run, made as the run goes: :meth:`add` each game's report, then
    :meth:`page`."""

    def __init__(self) -> None:
        self.elements = Elements()
        self.views: list[GameView] = []
        self.where: dict[tuple[str, int], tuple[int, dict[tuple[int, int], int]]] = {}
        """The view of each game shown (by (file, game number)) and its plies' nodes."""

    def add(self, report: GameReport) -> None:
        """Show the game of ``report`` (its diagnostics filtered as reported) when it has a
        problem at a game and keeps its replay; the replay is let go."""
        key = (report.path, report.index)
        shown = report.replayed is not None and key not in self.where
        if shown and any(d.game is not None for d in report.diagnostics):
            view, places = report_view(report, self.elements)
            self.where[key] = (len(self.views), places)
            self.views.append(view)
        report.replayed = None

    def page(
        self,
        diagnostics: Sequence[Diagnostic],
        files: Sequence[tuple[str, int]],
        summary: Mapping[str, Any],
    ) -> str:
        """The page of a run: its ``diagnostics`` in order, its ``files`` (name, games)
        and its ``summary`` (as the JSON report writes it)."""
        rows = [_row(d, self.where, self.views) for d in diagnostics]
        heading = "Validation report"
        return page(
            f"{heading}: {_count(summary['games'], 'game')} in {_count(summary['files'], 'file')}",
            page_data(self.views, self.elements),
            report=_summary(summary)
            + _table(rows, diagnostics)
            + _codes(files, diagnostics)
            + REPORT_SCRIPT,
        )


def _row(
    diagnostic: Diagnostic,
    where: Mapping[tuple[str, int], tuple[int, dict[tuple[int, int], int]]],
    views: Sequence[GameView],
) -> tuple[int, int] | None:
    """The (game in the viewer, node) a problem links to, if its game is shown."""
    if diagnostic.game is None:
        return None
    found = where.get((diagnostic.path, diagnostic.game))
    if found is None or not views[found[0]].nodes:
        return None
    index, places = found
    node = places.get((diagnostic.line, diagnostic.column)) if diagnostic.ply else None
    if node is None:
        node = _last_node(views[index].moves)
    return index, node


def _e(text: object) -> str:
    return html.escape(display_name(str(text)))


def _summary(summary: Mapping[str, Any]) -> str:
    """The counts of the run: they stay short, so the problems follow them at once."""
    return "".join(
        [
            '<section id="summary" aria-labelledby="summary-title">',
            '<h2 id="summary-title">Summary</h2>',
            '<table class="report"><tbody>',
            f"<tr><th scope='row'>Files</th><td>{summary['files']}</td></tr>",
            f"<tr><th scope='row'>Games</th><td>{summary['games']} "
            f"({summary['valid_games']} without an error)</td></tr>",
            f"<tr><th scope='row'>Errors</th><td>{summary['errors']}</td></tr>",
            f"<tr><th scope='row'>Warnings</th><td>{summary['warnings']}</td></tr>",
            f"<tr><th scope='row'>Notices</th><td>{summary['notices']}</td></tr>",
            f"<tr><th scope='row'>Exit status</th><td>{summary['exit_status']}</td></tr>",
            "</tbody></table></section>",
        ]
    )


def _codes(files: Sequence[tuple[str, int]], diagnostics: Iterable[Diagnostic]) -> str:
    """Each code met, with its severity, count and meaning, and the files read: after the
    problems, which the page opens on."""
    by_code = Counter(d.code for d in diagnostics)
    parts = ['<section id="codes" aria-labelledby="codes-title">']
    if by_code:
        parts.append('<h2 id="codes-title">Problems by code</h2>')
        parts.append('<table class="report" aria-labelledby="codes-title"><thead><tr>')
        parts.append("<th scope='col'>code</th><th scope='col'>severity</th>")
        parts.append("<th scope='col'>count</th><th scope='col'>meaning</th></tr></thead><tbody>")
        for code, count in sorted(by_code.items()):
            known = CODES[code]
            parts.append(
                f"<tr><td>{_e(code)}</td><td class='sev sev-{known.severity}'>{known.severity}"
                f"</td><td>{count}</td><td>{_e(known.summary)}</td></tr>"
            )
        parts.append("</tbody></table>")
    parts.append(
        "<details class='no-print'><summary>Files</summary><ul>"
        + "".join(f"<li>{_e(name)}: {_count(games, 'game')}</li>" for name, games in files)
        + "</ul></details></section>"
    )
    return "".join(parts)


def _table(rows: Sequence[tuple[int, int] | None], diagnostics: Sequence[Diagnostic]) -> str:
    codes = sorted({d.code for d in diagnostics})
    paths = list(dict.fromkeys(d.path for d in diagnostics))

    def options(values: Iterable[str]) -> str:
        return "".join(f'<option value="{_e(v)}">{_e(v)}</option>' for v in values)

    parts = [
        '<section id="problems" aria-labelledby="problems-title">',
        f'<h2 id="problems-title">Problems ({len(diagnostics)})</h2>',
        '<div id="filters" role="search" aria-label="Filter the problems">',
        '<label>Severity <select id="f-severity"><option value="">all</option>',
        options(str(s) for s in _SEVERITIES),
        '</select></label><label>Code <select id="f-code"><option value="">all</option>',
        options(codes),
        '</select></label><label>File <select id="f-file"><option value="">all</option>',
        options(paths),
        '</select></label><span id="shown" aria-live="polite"></span></div>',
        '<table class="report" id="problem-table"><thead><tr>',
        "<th scope='col'>severity</th><th scope='col'>code</th><th scope='col'>where</th>",
        "<th scope='col'>message</th><th scope='col'>board</th></tr></thead><tbody>",
    ]
    for number, (diagnostic, row) in enumerate(zip(diagnostics, rows, strict=True)):
        where = f"{_e(diagnostic.path)}:{diagnostic.line}:{diagnostic.column}"
        if diagnostic.game is not None:
            where += f" game {diagnostic.game}"
        if diagnostic.ply is not None:
            where += f" ply {diagnostic.ply}"
        if row is None:
            board = "<td>no board</td>"
        else:
            game, node = row
            board = (
                f'<td><button type="button" class="show-board" data-g="{game}" '
                f'data-n="{node}" aria-expanded="false" aria-controls="b{number}">board</button> '
                f'<a href="#g={game + 1}&amp;n={node}">in the viewer</a>'
                f'<div class="problem-board" id="b{number}" hidden></div></td>'
            )
        parts.append(
            f'<tr data-severity="{diagnostic.severity}" data-code="{_e(diagnostic.code)}" '
            f'data-file="{_e(diagnostic.path)}"><td class="sev sev-{diagnostic.severity}">'
            f"{diagnostic.severity}</td><td>{_e(diagnostic.code)}</td><td>{where}</td>"
            f"<td>{_e(diagnostic.message)}</td>{board}</tr>"
        )
    parts.append("</tbody></table></section>")
    return "".join(parts)


REPORT_SCRIPT = """<script>
"use strict";
window.notationReport = function (data, viewer) {
  const rows = Array.from(document.querySelectorAll("#problem-table tbody tr"));
  const pick = (id) => document.getElementById(id);
  function filter() {
    const s = pick("f-severity").value, c = pick("f-code").value, f = pick("f-file").value;
    let shown = 0;
    for (const row of rows) {
      const keep = (!s || row.dataset.severity === s) && (!c || row.dataset.code === c) &&
        (!f || row.dataset.file === f);
      row.hidden = !keep;
      shown += keep;
    }
    pick("shown").textContent = "showing " + shown + " of " + rows.length;
  }
  for (const id of ["f-severity", "f-code", "f-file"]) {
    pick(id).addEventListener("change", filter);
  }
  filter();
  for (const b of document.querySelectorAll(".show-board")) {
    b.addEventListener("click", () => {
      const box = pick(b.getAttribute("aria-controls"));
      const open = b.getAttribute("aria-expanded") !== "true";
      if (open && !box.firstChild) {
        box.innerHTML = viewer.svgOf(Number(b.dataset.g), Number(b.dataset.n));
      }
      box.hidden = !open;
      b.setAttribute("aria-expanded", String(open));
    });
  }
};
</script>
"""


def _count(number: int, word: str) -> str:
    """``number`` and ``word`` (:func:`~notation.archive.runs.plural`)."""
    return f"{number} {plural(number, word)}"
