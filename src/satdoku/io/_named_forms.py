"""The formats a reader may be told its text is in, by name (``--input-format``).

>>> FORMS
('fpuzzles', 'sudokupad', 'variant')
"""

__all__ = ["FORMS"]

FORMS = ("fpuzzles", "sudokupad", "variant")
"""The formats a reader may be told a text is in (else each puzzle's evident form is read)."""
