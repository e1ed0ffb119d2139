"""The library's front doors: solve, the solution space (count, uniqueness, every solution),
explanations, batches, predicates and generated puzzles."""

__all__: list[str] = []
