"""Text formats: one parse/format pair per syntax, and reading streams of puzzles from files."""

__all__: list[str] = []
