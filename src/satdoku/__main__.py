"""Run the command line: ``python -m satdoku``."""

import sys

from .cli import main

sys.exit(main())
