"""Objects kept per thread and set of options, so that repeated short calls reuse loaded solvers.

The module-level functions (:func:`satdoku.api._solve.solve`, :func:`satdoku.api._space.count` ...)
would otherwise load a shape's clauses into a new solver at every call (about 10 ms for 9x9).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Generic, Protocol, TypeVar

__all__ = ["Closable", "PerThread"]


class Closable(Protocol):
    """Anything that frees what it holds with ``close()`` (a backend, an explorer)."""

    def close(self) -> None:
        """Free what is held."""
        ...


T = TypeVar("T", bound=Closable)


class PerThread(Generic[T]):
    """Keep up to ``size`` objects per thread by key; the oldest is closed when one more comes.

    >>> class Box:
    ...     def close(self) -> None: print("closed")
    >>> kept = PerThread[Box](1)
    >>> kept.get("a", Box) is kept.get("a", Box)
    True
    >>> _ = kept.get("b", Box)
    closed
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._local = threading.local()

    def _items(self) -> dict[Hashable, T]:
        items: dict[Hashable, T] | None = getattr(self._local, "items", None)
        if items is None:
            items = self._local.items = {}
        return items

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """Return this thread's object for the key, made on first use."""
        items = self._items()
        item = items.get(key)
        if item is None:
            if len(items) >= self.size:
                items.pop(next(iter(items))).close()
            item = items[key] = make()
        return item

    def forget(self, item: T) -> None:
        """Close an object and drop it, so the next call for its key makes a new one."""
        items = self._items()
        for key, kept in list(items.items()):
            if kept is item:
                del items[key]
        item.close()

    @contextmanager
    def using(self, key: Hashable, make: Callable[[], T]) -> Iterator[T]:
        """Lend the key's object; drop it if the call fails (Ctrl-C may leave a solver
        half-way through a solve)."""
        item = self.get(key, make)
        try:
            yield item
        except BaseException:
            self.forget(item)
            raise
