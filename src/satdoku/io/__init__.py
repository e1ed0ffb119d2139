"""Text formats: one parse/format pair per syntax, and reading streams of puzzles from files.

From the bottom up: ``alphabet`` (which symbol is which digit) and ``shape_options`` (the shape a
puzzle read from text gets); ``symbols`` and ``tokens`` (a run of cells as symbols or as integers);
one module per syntax of a whole puzzle: ``line``, ``grid`` (with Markdown tables and printed
boards) and ``json_rows``; ``entries`` (one puzzle read, or why it could not be); ``reading`` (a
text of puzzles, its layout decided or forced, streamed as entries).
"""

__all__: list[str] = []
