"""Clauses: encodings of the axioms as CNF, DIMACS files, and what external SAT solvers answer."""

__all__: list[str] = []
