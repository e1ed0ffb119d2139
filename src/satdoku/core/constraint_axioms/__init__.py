"""Axioms over literals that encode constraints beyond houses (cages, signs, outside clues)."""

__all__: list[str] = []
