"""Classes of named values, written by hand instead of made by :mod:`dataclasses`.

A class made by ``@dataclass`` compiles its methods when it is created, in every process
(about half a millisecond a class); the classes that a one-game ``notation validate``
imports are written as plain classes with ``__slots__`` and their own ``__init__``, on
these bases, which give them what a dataclass of ``slots=True`` has: equality and
``repr`` over their fields (``_fields``, in order), and for :class:`Frozen` ones, no
assignment, a hash and pickling.

The same modules declare their named tuples, protocols and generic classes on this module's
:class:`NamedTuple`, :class:`Protocol` and :class:`Generic` (their type variables with
:func:`TypeVar`, their casts with :func:`cast`): to the type checker these are
:mod:`typing`'s, and at run time stand-ins that cost no import of :mod:`typing` (about
3 ms of every command's start-up). A class on ``NamedTuple`` behaves as the
:func:`collections.namedtuple` :mod:`typing` would make, but is made without compiling
source; a protocol or a generic class is a plain class, subscripted as itself. (mypyc
compiles the classes of its modules from the type checker's view: a compiled named tuple is
:mod:`typing`'s.)
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing
if TYPE_CHECKING:
    from typing import Any, ClassVar
    from typing import Generic as Generic
    from typing import NamedTuple as NamedTuple
    from typing import Protocol as Protocol
    from typing import TypeVar as TypeVar
    from typing import cast as cast
else:
    from _collections import _tuplegetter

    def _itself(cls: type, parameters: object) -> type:
        return cls

    class Generic:
        """A generic class's base at run time: the class subscripted is the class."""

        __slots__ = ()
        __class_getitem__ = classmethod(_itself)

    class Protocol(Generic):
        """A protocol's base at run time: a plain class (protocols are not checked at
        run time)."""

        __slots__ = ()

    def TypeVar(name: str, *constraints: object, **options: object) -> str:
        """A type variable at run time: its name."""
        return name

    def cast(kind: object, value: object) -> object:
        """``typing.cast`` at run time: ``value``."""
        return value

    _tuple_new = tuple.__new__

    import sys

    # What a named tuple's _replace raises for a field it lacks, as collections' does:
    # ValueError up to Python 3.12, TypeError from 3.13.
    _NO_SUCH_FIELD = TypeError if sys.version_info >= (3, 13) else ValueError

    # A named tuple's __new__ by its number of fields, its parameters renamed to the
    # fields: collections.namedtuple compiles each class's own with eval (about 50 us).
    _NEW = (
        lambda _cls: _tuple_new(_cls, ()),
        lambda _cls, a: _tuple_new(_cls, (a,)),
        lambda _cls, a, b: _tuple_new(_cls, (a, b)),
        lambda _cls, a, b, c: _tuple_new(_cls, (a, b, c)),
        lambda _cls, a, b, c, d: _tuple_new(_cls, (a, b, c, d)),
        lambda _cls, a, b, c, d, e: _tuple_new(_cls, (a, b, c, d, e)),
        lambda _cls, a, b, c, d, e, f: _tuple_new(_cls, (a, b, c, d, e, f)),
        lambda _cls, a, b, c, d, e, f, g: _tuple_new(_cls, (a, b, c, d, e, f, g)),
        lambda _cls, a, b, c, d, e, f, g, h: _tuple_new(_cls, (a, b, c, d, e, f, g, h)),
        lambda _cls, a, b, c, d, e, f, g, h, i: _tuple_new(_cls, (a, b, c, d, e, f, g, h, i)),
        lambda _cls, a, b, c, d, e, f, g, h, i, j: _tuple_new(_cls, (a, b, c, d, e, f, g, h, i, j)),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k: _tuple_new(
            _cls, (a, b, c, d, e, f, g, h, i, j, k)
        ),
        lambda _cls, a, b, c, d, e, f, g, h, i, j, k, m: _tuple_new(
            _cls, (a, b, c, d, e, f, g, h, i, j, k, m)
        ),
    )

    class _Tuple(tuple):  # type: ignore[type-arg]
        """The methods :func:`collections.namedtuple` gives each class, shared."""

        __slots__ = ()
        _fields: tuple[str, ...] = ()

        @classmethod
        def _make(cls, iterable: Any) -> Any:
            made = _tuple_new(cls, iterable)
            if len(made) != len(cls._fields):
                raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(made)}")
            return made

        def _replace(self, /, **values: Any) -> Any:
            made = self._make(map(values.pop, self._fields, self))
            if values:
                raise _NO_SUCH_FIELD(f"Got unexpected field names: {list(values)!r}")
            return made

        __replace__ = _replace

        def __repr__(self) -> str:
            shown = ", ".join(
                f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True)
            )
            return f"{self.__class__.__name__}({shown})"

        def _asdict(self) -> dict[str, Any]:
            return dict(zip(self._fields, self, strict=True))

        def __getnewargs__(self) -> tuple[Any, ...]:
            return tuple(self)

    def _named_tuple(
        name: str, fields: tuple[str, ...], defaults: tuple[Any, ...]
    ) -> dict[str, Any]:
        """The names a class of ``fields`` needs beside :class:`_Tuple`'s: what
        :func:`collections.namedtuple` makes, but for the methods ``_Tuple`` shares."""
        if len(fields) >= len(_NEW):
            raise TypeError(f"{name}: at most {len(_NEW) - 1} fields")
        code = _NEW[len(fields)].__code__
        new = type(_itself)(
            code.replace(
                co_varnames=("_cls", *fields),
                co_name="__new__",
                co_qualname=f"{name}.__new__",
            ),
            globals(),
            "__new__",
            defaults or None,
        )
        new.__doc__ = f"Create new instance of {name}({', '.join(fields)})"
        space: dict[str, Any] = {
            "__doc__": f"{name}({', '.join(fields)})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": dict(
                zip(fields[len(fields) - len(defaults) :], defaults, strict=True)
            ),
            "__match_args__": fields,
            "__new__": new,
        }
        for index, field in enumerate(fields):
            space[field] = _tuplegetter(index, f"Alias for field number {index}")
        return space

    class _NamedTupleMeta(type):
        def __new__(cls, name: str, bases: tuple[type, ...], space: dict[str, Any]) -> type:
            # As typing.NamedTuple: the fields are the annotated names, in order, those
            # given a value taking it as their default; the class's other names are kept.
            annotations = space.get("__annotations__", {})
            fields = tuple(annotations)
            defaults = tuple(space[field] for field in fields if field in space)
            if any(field not in space for field in fields[len(fields) - len(defaults) :]):
                raise TypeError(f"{name}: a field without a default follows one with a default")
            names = _named_tuple(name, fields, defaults)
            for key, value in space.items():
                if key not in ("__name__", "__annotations__") and key not in fields:
                    names[key] = value
            names["__annotations__"] = names["__new__"].__annotations__ = annotations
            if Generic in bases:
                names["__class_getitem__"] = classmethod(_itself)
            return type(name, (_Tuple,), names)

    NamedTuple = type.__new__(_NamedTupleMeta, "NamedTuple", (), {})


class _Fields:
    """Equality (same class, equal fields) and a dataclass's ``repr``."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]]
    """The fields compared and shown, in order (each class's ``__slots__`` holds them)."""

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Fields)
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"


class Plain(_Fields):
    """Fields that may be assigned; not hashable (as a dataclass with ``eq``)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]


class Frozen(_Fields):
    """Fields that cannot be assigned once made (its ``__init__`` sets them with
    ``object.__setattr__``), hashed by its compared fields, and pickled."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self._values())

    def __getstate__(self) -> dict[str, object]:
        slots: tuple[str, ...] = type(self).__slots__
        return {name: getattr(self, name) for name in slots}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
