"""Making puzzles: random grids, givens removed while the answer stays unique, killer cages drawn,
puzzles near a given one, and batches of them (:func:`satdoku.generate` is the front door)."""

__all__: list[str] = []
