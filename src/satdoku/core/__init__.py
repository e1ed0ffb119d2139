"""The model at the bottom: claims and their variables, shapes, puzzles, axioms, the independent
checker, results, limits and errors. It imports nothing else of satdoku."""

__all__: list[str] = []
