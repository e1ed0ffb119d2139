"""Hypothesis settings profiles: a developer's run shrinks a failing example, a CI run does not.

Shrinking a failing property can take Hypothesis minutes (it stops only after five), which a
CI run under a time limit cannot spend; a developer's run keeps it, as a small counterexample is
what one debugs from. ``SATDOKU_HYPOTHESIS_PROFILE`` names the profile (``dev`` unless set;
``.ci/run`` sets ``ci``). Each test's own ``@settings(...)`` keeps the profile's other choices.

>>> from hypothesis import Phase
>>> profile_name({}), profile_name({PROFILE_VARIABLE: "ci"})
('dev', 'ci')
>>> Phase.shrink in settings.get_profile("ci").phases
False
"""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import Phase, settings

__all__ = ["PROFILE_VARIABLE", "PROFILES", "profile_name", "load_profile"]

PROFILE_VARIABLE = "SATDOKU_HYPOTHESIS_PROFILE"
"""The environment variable naming the profile to load."""

PROFILES = {
    "dev": settings(),
    "ci": settings(
        phases=[phase for phase in Phase if phase not in (Phase.shrink, Phase.explain)],
        print_blob=True,  # the failure's @reproduce_failure line: shrink it on a developer's run
    ),
}
"""The profiles by name: ``dev`` is Hypothesis' defaults; ``ci`` reports the first failing
example found, unshrunk."""

for _name, _profile in PROFILES.items():
    settings.register_profile(_name, _profile)


def profile_name(environ: Mapping[str, str]) -> str:
    """Return the profile an environment asks for (``dev`` when it names none).

    >>> profile_name({PROFILE_VARIABLE: "dev"})
    'dev'
    """
    name = environ.get(PROFILE_VARIABLE, "dev")
    if name not in PROFILES:
        raise SystemExit(f"{PROFILE_VARIABLE}={name!r}: expected one of {', '.join(PROFILES)}")
    return name


def load_profile(environ: Mapping[str, str]) -> None:
    """Make the profile an environment asks for the default of every test's settings.

    >>> import os
    >>> load_profile(os.environ)  # as tests/conftest.py does
    """
    settings.load_profile(profile_name(environ))
