"""Score sheets with slips, for the tests of ``repair`` and of the reports."""

from __future__ import annotations

GAME = (
    '[Event "Brazilian Championship 2024, annotated games"]\n'
    '[Site "Sao Paulo BRA"]\n'
    '[Date "2024.11.03"]\n'
    '[Round "1"]\n'
    '[White "Esteves, Tiago"]\n'
    '[Black "Junqueira, Sofia"]\n'
    '[Result "1-1"]\n'
    '[Annotator "Andrade, Lucas"]\n'
    '[GameType "26,W,8,8,N2,0"]\n'
    "\n"
    "% Annotated games with variations\n"
    "{Annotated by Andrade, Lucas.} 1. 23-18 10-14 2. 27-23 7-10 3. 32-27 3-7 4.\n"
    "24-20! {The main line keeps the centre.} ( 4. 18-15 {A quieter try.} 4... 11x18\n"
    "5. 22x15 10x19 6. 24x15 12-16 ) 4... 10-15 5. 21-17 14x21 6. 27-24 15-19 7.\n"
    "24x15 12-16 8. 31-27 7-10 9. 22-17 10x19 10. 17-14 2-7 11. 27-24 9-13 12. 24x15\n"
    "13-17 13. 23-19 16x23 14. 26x19 17x10 15. 28-24 5-9 16. 25-22 10-14 17. 19-16\n"
    "14x23 18. 22-17 11x18 19. 17-13 8-11 20. 24-19 23-27 21. 29-25 9-14 22. 19-15\n"
    "18-22 23. 25x2 $1 {A 3-piece shot.} 23... 11x18 24. 2x22 27-32 25. 22-29 32-27\n"
    "26. 30-26 27-31 27. 29-22 1-6 28. 16-11 6-10 29. 22-15 31x22 1-1\n"
)
"""A Brazilian game with a comment before its moves, a ``%`` line, a move mark, comments,
a variation and a NAG, as the writer writes it."""

SLIPPED = GAME.replace("16. 25-22", "16. 25-21")
"""GAME with ply 31 (``16. 25-22``) written ``25-21``: one digit wrong, 27 plies after it."""

REPAIRED = (
    '[Event "Brazilian Championship 2024, annotated games"]\n'
    '[Site "Sao Paulo BRA"]\n'
    '[Date "2024.11.03"]\n'
    '[Round "1"]\n'
    '[White "Esteves, Tiago"]\n'
    '[Black "Junqueira, Sofia"]\n'
    '[Result "1-1"]\n'
    '[Annotator "Andrade, Lucas"]\n'
    '[GameType "26,W,8,8,N2,0"]\n'
    "\n"
    "% Annotated games with variations\n"
    "{Annotated by Andrade, Lucas.} 1. 23-18 10-14 2. 27-23 7-10 3. 32-27 3-7 4.\n"
    "24-20! {The main line keeps the centre.} ( 4. 18-15 {A quieter try.} 4... 11x18\n"
    "5. 22x15 10x19 6. 24x15 12-16 ) 4... 10-15 5. 21-17 14x21 6. 27-24 15-19 7.\n"
    "24x15 12-16 8. 31-27 7-10 9. 22-17 10x19 10. 17-14 2-7 11. 27-24 9-13 12. 24x15\n"
    "13-17 13. 23-19 16x23 14. 26x19 17x10 15. 28-24 5-9 16. 25-22 {was: 25-21}\n"
    "10-14 17. 19-16 14x23 18. 22-17 11x18 19. 17-13 8-11 20. 24-19 23-27 21. 29-25\n"
    "9-14 22. 19-15 18-22 23. 25x2 $1 {A 3-piece shot.} 23... 11x18 24. 2x22 27-32\n"
    "25. 22-29 32-27 26. 30-26 27-31 27. 29-22 1-6 28. 16-11 6-10 29. 22-15 31x22\n"
    "1-1\n"
)
"""SLIPPED repaired: ply 31 made ``25-22``, its text as written kept in a comment."""

AMBIGUOUS = (
    '[Event "Club evening"]\n'
    '[White "Esteves, Tiago"]\n'
    '[Black "Junqueira, Sofia"]\n'
    '[Result "1-1"]\n'
    '[GameType "26"]\n'
    "\n"
    "1. 23-18   10-15\n"
    "2. 27-23   7-10\n"
    "3. 32-27   3-7\n"
    "4. 24-20   10-15  {a transposed pair?}\n"
    "5. 21-17   14x21\n"
    "6. 27-24   15-19\n"
    "7. 24x15   12-16\n"
    "8. 31-27   7-10\n"
    "9. 22-17   10x19\n"
    "10. 17-14  2-7\n"
    "11. 27-24  9-13\n"
    "12. 24x15  13-17\n"
    "13. 23-19  16x23\n"
    "14. 26x19  17x10\n"
    "15. 28-24  5-9\n"
    "16. 25-22  10-14\n"
    "17. 19-16  14x23\n"
    "18. 22-17  11x18\n"
    "19. 17-13  8-11\n"
    "20. 24-19  23-27\n"
    "21. 29-25  9-14\n"
    "22. 19-15  18-22\n"
    "23. 25x2   11x18\n"
    "24. 2x22   27-32\n"
    "25. 22-29  32-27\n"
    "26. 30-26  27-31\n"
    "27. 29-22  1-6\n"
    "28. 16-11  6-10\n"
    "29. 22-15  31x22  1-1\n"
)
"""GAME without its comments and variation, in a layout of its own, ply 2 (``10-14``)
written ``10-15``: ply 8 is then illegal, and two corrections make the rest replay (ply 2
or ply 8 made ``10-14`` lead to the same position)."""
