"""The ratings of a fixed sample stay those recorded: faster climbing never changes a rating.

tests/data/technique_ratings.jsonl holds, per puzzle, the rating ``rate(puzzle)`` gave when the
file was made (tests/data/README.md says how): level, rung, tier, SE, hardest technique, the
count of each technique's steps, guesses and status.
"""

from __future__ import annotations

import json

import pytest

from data_files import DATA, puzzle_lines
from satdoku.io._line import parse_line
from satdoku.rules._rating import rate

RECORDS = [json.loads(line) for line in (DATA / "technique_ratings.jsonl").read_text().splitlines()]


def test_the_sample_is_the_files_lines() -> None:
    assert len(RECORDS) == 76 and {r["file"] for r in RECORDS} == {
        "magictour_top1465.txt",
        "forum_hardest_1905_11+.txt",
    }
    for r in RECORDS:
        assert puzzle_lines(DATA / r["file"])[r["line"]] == r["puzzle"]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: f"{r['file'][:5]}-{r['line']}")
def test_rating_is_the_recorded_one(record: dict[str, object]) -> None:
    r = rate(parse_line(str(record["puzzle"])))
    found = {
        "level": r.level.value,
        "rung": r.rung,
        "tier": r.tier,
        "se": r.se,
        "hardest": r.hardest,
        "counts": r.counts,
        "guesses": r.guesses,
        "status": r.status,
    }
    assert found == {key: record[key] for key in found}
