"""One check for every budget and time a caller hands the library: seconds of search,
nodes, memory, delays, move limits.

A budget bounds a loop that otherwise runs until it decides, so a value that compares
oddly (NaN is never ">=" anything: a search given ``seconds=nan`` never stops), a bool
taken for 0 or 1, a string or a negative number must be refused where it enters, with
the parameter's name, before any work starts or any lock is taken. Every public
parameter of that kind goes through ``seconds`` or ``count`` here; the classes that
keep budgets as settings (the widget's ``solve_budget``...) hold them in ``Seconds`` and
``Count`` attributes, checked the same way whenever they are set.

None means "no bound" only where the caller says so (``optional=True``).
"""

from __future__ import annotations

import math
from typing import Any, Generic, Literal, TypeVar, overload


@overload
def seconds(value: object, name: str, *, optional: Literal[False]) -> float: ...
@overload
def seconds(value: object, name: str, *, optional: bool = True) -> float | None: ...
def seconds(value: object, name: str, *, optional: bool = True) -> float | None:
    """``value`` as a number of seconds: a finite int or float >= 0 (not a bool), or
    None where ``optional`` (no bound). TypeError for anything that is not a number,
    ValueError for NaN, infinities and negative numbers; both name ``name``."""
    return _number(value, name, "seconds", 0.0, None, optional)


#: the most memory a search's table may be given (the compiled core's own bound)
MAX_MEGABYTES = 1024.0 * 1024.0


@overload
def megabytes(value: object, name: str, *, optional: Literal[False]) -> float: ...
@overload
def megabytes(value: object, name: str, *, optional: bool = True) -> float | None: ...
def megabytes(value: object, name: str, *, optional: bool = True) -> float | None:
    """``value`` as a memory budget in MB: a finite number from 1 to ``MAX_MEGABYTES``
    (not a bool), or None where ``optional`` (the default budget)."""
    return _number(value, name, "MB", 1.0, MAX_MEGABYTES, optional)


def _number(
    value: object, name: str, unit: str, least: float, most: float | None, optional: bool
) -> float | None:
    what = f"a number of {unit}" if unit == "seconds" else f"a size in {unit}"
    if value is None:
        if optional:
            return None
        raise TypeError(f"{name} must be {what}, not None")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        bound = " or None" if optional else ""
        raise TypeError(f"{name} must be {what}{bound}, not {type(value).__name__} {shown(value)}")
    try:
        as_float = float(value)
    except OverflowError:  # an int past any float: no clock or memory reaches it
        raise ValueError(f"{name} must be a finite number of {unit}, not {shown(value)}") from None
    if not math.isfinite(as_float):
        bound = " (None: no bound)" if optional and unit == "seconds" else ""
        raise ValueError(f"{name} must be a finite number of {unit}{bound}, not {shown(value)}")
    if as_float < least:
        raise ValueError(f"{name} must be >= {least:g} {unit}, not {shown(value)}")
    if most is not None and as_float > most:
        raise ValueError(f"{name} must be at most {most:g} {unit}, not {shown(value)}")
    return as_float


@overload
def count(value: object, name: str, *, optional: Literal[False], least: int = 0) -> int: ...
@overload
def count(value: object, name: str, *, optional: bool = True, least: int = 0) -> int | None: ...
def count(value: object, name: str, *, optional: bool = True, least: int = 0) -> int | None:
    """``value`` as a whole count (nodes, moves, tries...): an int >= ``least`` (not a
    bool, not a float: a count has no fractions, and the compiled core takes ints
    only), or None where ``optional`` (no bound). ValueError for a float or a number
    below ``least``, TypeError for anything else; both name ``name``. Huge ints are
    counts like any other (the caller clamps what it passes on to a fixed-width int)."""
    if value is None:
        if optional:
            return None
        raise TypeError(f"{name} must be an int >= {least}, not None")
    if isinstance(value, float):  # a number, but no count (NaN and inf among them)
        raise ValueError(f"{name} must be a whole number >= {least}, not {shown(value)}")
    if isinstance(value, bool) or not isinstance(value, int):
        bound = " or None (no bound)" if optional else ""
        raise TypeError(
            f"{name} must be an int >= {least}{bound}, not {type(value).__name__} {shown(value)}"
        )
    if value < least:
        raise ValueError(f"{name} must be an int >= {least}, not {shown(value)}")
    return int(value)  # an int subclass (an IntEnum...) becomes a plain int


def shown(value: object) -> str:
    """``value`` as a message quotes it: its repr, cut short, and never one that
    cannot be made (Python refuses to print an int of more than 4,300 digits)."""
    if isinstance(value, int) and value.bit_length() > 200:
        return f"({'-' if value < 0 else ''}an int of {value.bit_length()} bits)"
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not replace the TypeError
        return "(unprintable)"
    return text if len(text) <= 60 else text[:57] + "..."


T = TypeVar("T")


class _Checked(Generic[T]):
    # A class attribute whose value is checked each time it is set on an instance (and
    # kept in the instance's __dict__); read on the class, it is the default.
    def __init__(self, default: T) -> None:
        self.default = default
        self.name = "budget"

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.default = self.check(self.default)  # a bad default fails at class creation

    def check(self, value: object) -> T:
        raise NotImplementedError

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> T: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> T: ...
    def __get__(self, obj: object, owner: type | None = None) -> T:
        if obj is None:
            return self.default
        found: T = obj.__dict__.get(self.name, self.default)
        return found

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self.name] = self.check(value)

    def __delete__(self, obj: object) -> None:
        obj.__dict__.pop(self.name, None)  # back to the default


class Seconds(_Checked[float]):
    """A setting in seconds (``solve_budget = Seconds(4.0)``): set on an instance, a
    value is checked by ``seconds`` (None refused) and kept as a float."""

    def check(self, value: object) -> float:
        return seconds(value, self.name, optional=False)


class Count(_Checked[int]):
    """A whole-number setting (``solve_node_limit = Count(3_000_000, least=1)``),
    checked by ``count`` (None refused)."""

    def __init__(self, default: int, *, least: int = 0) -> None:
        self.least = least
        super().__init__(default)

    def check(self, value: object) -> int:
        return count(value, self.name, optional=False, least=self.least)


__all__ = ["MAX_MEGABYTES", "Count", "Seconds", "count", "megabytes", "seconds", "shown"]
