"""Hostile Python objects fed to the compiled engine, run under AddressSanitizer.

``python tests/support/native_asan_cases.py ENGINE.so RUNS SEED`` loads an engine built with
``-fsanitize=address`` (the process needs ``LD_PRELOAD`` of libasan) and runs the known attack
cases (reentrant ``__index__`` and ``__len__`` that mutate the lists being read or re-initialise
the engine, a failed re-``__init__``, ``Engine.__new__`` without ``__init__``), then RUNS random
ones. Python exceptions are expected and ignored; a memory error makes AddressSanitizer abort the
process, which is what the test looks for. Prints ``done N`` at the end.
"""

from __future__ import annotations

import contextlib
import importlib.util
import random
import sys
from typing import Any


def load(path: str) -> Any:
    """Import the engine module from a path (its init function is PyInit__native)."""
    spec = importlib.util.spec_from_file_location("_native", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sudoku_axioms(n: int, box: tuple[int, int] | None) -> list[tuple[int, ...]]:
    """Return the exactly-one axioms (claim variables) of an n x n Sudoku or Latin square."""

    def var(r: int, c: int, d: int) -> int:
        return r * n * n + c * n + d

    rows = [tuple(var(r, c, d) for d in range(1, n + 1)) for r in range(n) for c in range(n)]
    rows += [tuple(var(r, c, d) for c in range(n)) for r in range(n) for d in range(1, n + 1)]
    rows += [tuple(var(r, c, d) for r in range(n)) for c in range(n) for d in range(1, n + 1)]
    if box is not None:
        br, bc = box
        for b in range(n):
            r0, c0 = b // (n // bc) * br, b % (n // bc) * bc
            for d in range(1, n + 1):
                rows.append(tuple(var(r0 + i, c0 + j, d) for i in range(br) for j in range(bc)))
    return rows


class Rogue:
    """A value whose ``__index__`` runs an action first."""

    def __init__(self, value: int, action: Any) -> None:
        self.value, self.action = value, action

    def __index__(self) -> int:
        self.action()
        return self.value


class Liar:
    """A sequence whose length lies about what iterating it gives."""

    def __init__(self, items: Any, length: int) -> None:
        self.items, self.length = items, length

    def __len__(self) -> int:
        return self.length

    def __iter__(self) -> Any:
        return iter(self.items)

    def __getitem__(self, i: int) -> Any:
        return self.items[i]


def attempt(call: Any) -> None:
    """Call, ignoring the Python exceptions hostile input is expected to raise."""
    with contextlib.suppress(
        ValueError, TypeError, RuntimeError, IndexError, KeyError, OverflowError, MemoryError
    ):
        call()


def known_cases(Engine: Any) -> None:
    """The cases the attack run found (use-after-free, NULL dereference, heap overflow)."""
    ax4, ax9 = sudoku_axioms(4, (2, 2)), sudoku_axioms(9, (3, 3))
    attempt(lambda: Engine.__new__(Engine).solve([0] * 16, 10))  # no __init__: no tables
    attempt(lambda: Engine.__new__(Engine).count([0] * 16, 5, 10))
    engine = Engine(9, ax9)
    cells: list[Any] = [0] * 81
    cells[5] = Rogue(0, cells.clear)
    attempt(lambda: engine.solve(cells, 10**6))
    cells = [0] * 81

    def grow() -> None:
        cells.extend([0] * 100_000)
        del cells[81:]

    cells[7] = Rogue(0, grow)
    attempt(lambda: engine.solve(cells, 10**6))
    rows: list[Any] = list(ax4)
    rows[0] = Liar(ax4[0], 1)
    rows[1] = [Rogue(v, rows.clear) for v in ax4[1]]
    attempt(lambda: Engine(4, rows))
    small = Engine(4, ax4)
    for call_back in (
        lambda: small.solve([0] * 16, 10),
        lambda: small.count([0] * 16, 5, 10),
        lambda: small.__init__(2, sudoku_axioms(2, None)),
    ):
        attempt(lambda cb=call_back: small.solve([Rogue(0, cb)] + [0] * 15, 10))
    for bad in (
        [*ax9, (0,)],
        [*ax9[:50], ()],
        [*ax9[:50], 7],
        [*ax9[:200], (1, Rogue(2, lambda: 1 / 0))],
    ):
        with contextlib.suppress(ValueError, TypeError, ZeroDivisionError):
            engine.__init__(9, bad)
        attempt(lambda: engine.solve([0] * 81, 100))
        attempt(lambda: engine.count([0] * 81, 3, 100))


def random_case(Engine: Any, rng: random.Random) -> None:
    """One random hostile call: odd sizes, odd axioms, odd cells, callbacks that mutate."""
    n = rng.choice([1, 2, 3, 4, 6, 9, 0, -1, 65, 2**31])
    box = {4: (2, 2), 6: (2, 3), 9: (3, 3)}.get(n)
    try:
        axioms: list[Any] = sudoku_axioms(n, box) if 0 < n <= 9 else [(1,)]
    except Exception:  # noqa: BLE001
        axioms = [(1,)]
    for _ in range(rng.randint(0, 3)):
        i = rng.randrange(len(axioms))
        choice = rng.randrange(6)
        if choice == 0:
            axioms[i] = ()
        elif choice == 1:
            axioms[i] = (rng.choice([0, -1, 2**40, n**3 + 1]),)
        elif choice == 2:
            axioms[i] = Liar(axioms[i], rng.choice([0, 1, 1000]))
        elif choice == 3:
            axioms[i] = [Rogue(v, axioms.clear) for v in axioms[i]]
        elif choice == 4:
            axioms[i] = tuple(axioms[i]) * 70  # more than 64 claims
        else:
            axioms.append(axioms[i])
    try:
        engine = Engine(n, axioms)
    except (ValueError, TypeError, RuntimeError, OverflowError, MemoryError, IndexError):
        return
    size = max(n, 0) ** 2 if n < 100 else 4
    cells: list[Any] = [
        rng.choice([0, 0, 0, 1, 2, 3]) for _ in range(size + rng.choice([0, 0, -1, 1]))
    ]
    if cells and rng.random() < 0.5:
        action = rng.choice(
            [
                cells.clear,
                lambda: cells.extend([0] * 5000),
                lambda: engine.__init__(2, sudoku_axioms(2, None)),
                lambda: engine.solve([0] * 4, 5),
                lambda: engine.walk([0] * 4, 5),
                lambda: 1 / 0,
            ]
        )
        cells[rng.randrange(len(cells))] = Rogue(rng.choice([0, 1, -1, 99]), action)
    roll = rng.random()
    if roll < 0.4:
        attempt(
            lambda: engine.solve(cells, rng.choice([0, 1, 100, 10**6]), rng.choice([0, 1, 2**63]))
        )
    elif roll < 0.6:
        attempt(
            lambda: engine.walk(
                cells,
                rng.choice([0, 1, 100, 10**5, -1]),
                rng.choice([1, 2**63, 0]),
                rng.choice([20.0, 1.0, 0.5, float("nan"), 1e308]),
            )
        )
    else:
        attempt(
            lambda: engine.count(cells, rng.choice([0, 1, 100, -1]), rng.choice([0, 100, 10**5]))
        )
    attempt(lambda: engine.solve([0] * size, 100))  # the engine is usable (or refuses) after


def ladder_cases(module: Any, rng: random.Random, runs: int) -> None:
    """Engine.climb with the families of satdoku's set logic, odd tables and hostile cells."""
    from satdoku.backends._ladder import family_tables
    from satdoku.core._shape import Shape

    tables = family_tables(Shape.sudoku(4))
    axioms = sudoku_axioms(4, (2, 2))
    engine = module.Engine(4, axioms)
    good = module.Families(64, len(axioms), *tables)
    assert engine.climb([0] * 16, good, 4) == (0, 0, 64)  # an empty grid: nothing applies
    for _ in range(runs):
        odd = [list(t) for t in tables]
        for _ in range(rng.randint(1, 3)):
            t = odd[rng.randrange(11)]
            if t:
                t[rng.randrange(len(t))] = rng.choice([0, 1, 63, 64, 2**63, -1, 10**6])
        attempt(lambda odd=odd: engine.climb([0] * 16, module.Families(64, len(axioms), *odd), 4))
        cells: list[Any] = [rng.choice([0, 0, 1, 2, 3, 4]) for _ in range(16)]
        action = rng.choice([cells.clear, lambda: engine.__init__(2, sudoku_axioms(2, None))])
        cells[rng.randrange(16)] = Rogue(rng.choice([0, 1]), action)
        attempt(lambda cells=cells: engine.climb(cells, good, rng.randrange(6)))
        attempt(lambda: engine.climb([rng.choice([0, 1, 2]) for _ in range(16)], good, 4))


def main() -> None:
    module = load(sys.argv[1])
    runs, seed = int(sys.argv[2]), int(sys.argv[3])
    known_cases(module.Engine)
    rng = random.Random(seed)
    for _ in range(runs):
        with contextlib.suppress(ZeroDivisionError):
            random_case(module.Engine, rng)
    ladder_cases(module, rng, max(1, runs // 10))
    print(f"done {runs}")


if __name__ == "__main__":
    main()
