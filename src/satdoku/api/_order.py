"""The order solutions come in: any (the solver's), or reading order (lexicographic)."""

from __future__ import annotations

from enum import Enum

from ..core._errors import InputError

__all__ = ["Order", "order_of"]


class Order(Enum):
    """The order solutions come in: any (the solver's), or reading order (lexicographic).

    >>> Order("reading")
    <Order.READING: 'reading'>
    """

    ANY = "any"
    READING = "reading"


def order_of(order: Order | str | None) -> Order:
    """Return the order a value is or names (None: any), or raise InputError listing them.

    >>> order_of("reading"), order_of(None)
    (<Order.READING: 'reading'>, <Order.ANY: 'any'>)
    """
    if order is None or isinstance(order, Order):
        return Order.ANY if order is None else order
    try:
        return Order(order)
    except ValueError:
        names = ", ".join(o.value for o in Order)
        raise InputError(f"order: expected one of {names}, got {order!r}") from None
