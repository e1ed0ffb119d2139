"""Errors for bad user input: one exception type with a precise, located message."""

from __future__ import annotations

__all__ = ["InputError", "InternalError"]


class InputError(ValueError):
    """Bad user input, with where it was found (source, line, column) when known.

    >>> str(InputError("unknown symbol 'x'", source="p.txt", line=3, column=7))
    "p.txt:3:7: unknown symbol 'x'"
    """

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(self.located())

    def located(self) -> str:
        """Return the message prefixed with ``source:line:column:`` as far as known."""
        where = [str(p) for p in (self.source, self.line, self.column) if p is not None]
        return ":".join(where) + ": " + self.message if where else self.message

    def at(
        self, *, source: str | None = None, line: int | None = None, column: int | None = None
    ) -> InputError:
        """Return a copy that knows more about where the error is."""
        return InputError(
            self.message,
            source=source if source is not None else self.source,
            line=line if line is not None else self.line,
            column=column if column is not None else self.column,
        )


class InternalError(RuntimeError):
    """A bug in satdoku: a solver answer failed the independent checker."""
