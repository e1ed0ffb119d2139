"""The docs' hooks run under pytest's doctests only where the docs extra is installed."""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("griffe") else ["doctest_blocks.py"]
