"""The stepper: rules 1 and 2 over the axioms, guessing and traces, human strategies, counting
search and rating, all in pure Python."""

__all__: list[str] = []
