"""The version of satdoku, stated once (the package metadata and DIMACS headers read it)."""

__all__ = ["__version__"]

__version__ = "0.1.0"
