"""Region maps: a grid of symbols, each naming an irregular region (jigsaw) of a shape."""

from __future__ import annotations

from ..core._errors import InputError

__all__ = ["REGION_MAP_BYTES", "read_region_map"]

REGION_MAP_BYTES = 4 * 2**20
"""The longest region map read (a 256x256 map of 3-digit names and spaces is about 260 KB)."""


def read_region_map(path: str) -> tuple[int, ...]:
    """Read a region map: a grid of symbols, each naming a region (numbered as they appear).

    >>> import os, tempfile
    >>> with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
    ...     _ = f.write("aab\\nabb\\nccc\\n")
    >>> read_region_map(f.name)
    (0, 0, 1, 0, 1, 1, 2, 2, 2)
    >>> os.unlink(f.name)
    """
    try:
        with open(path, "rb") as stream:
            data = stream.read(REGION_MAP_BYTES + 1)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError(f"cannot read region map: {err}", source=path) from None
    if len(data) > REGION_MAP_BYTES:
        raise InputError(
            f"region map is over {REGION_MAP_BYTES:,} bytes: no grid's map is that long",
            source=path,
        )
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        tokens = stripped.split() if len(stripped.split()) > 1 else list(stripped)
        rows.append((number, tokens))
    if not rows:
        raise InputError("region map is empty", source=path)
    n = len(rows)
    names: dict[str, int] = {}
    regions = []
    for number, tokens in rows:
        if len(tokens) != n:
            raise InputError(
                f"region map row has {len(tokens)} cells, expected {n}", source=path, line=number
            )
        for token in tokens:
            regions.append(names.setdefault(token, len(names)))
    if len(names) != n:
        raise InputError(f"region map names {len(names)} regions, expected {n}", source=path)
    return tuple(regions)
