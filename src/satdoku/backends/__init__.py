"""Engines that solve a puzzle: PySAT (one solver pool), the compiled engine, the stepper, and
the limits and portfolios they run under."""

__all__: list[str] = []
