"""The page's protocol, declared once on each side and held equal here.

Out of the page: js/intents.js has one sender per kind of intent; Python reads each kind
into a record (solitaire_widget.intent_records) and carries it out with a handler
(solitaire_widget.intents). Every kind the page sends has a record and a handler, every
handler a sender, and each kind's fields are the same on both sides.

Into the page: the ``view``, ``setup``, ``stats`` and ``catalog`` traits are TypedDicts in
solitaire_widget.view (the layout's in solitaire_widget.layouts); the page reads them
through JSDoc typedefs of the same names (js/view.js, js/layout.js). Each pair has the
same fields, the same optional ones, and the same types. And what Python really sends
is what its TypedDicts say: every message of a session that meets each part of the view
is checked against them, field for field.

Each comparison is also tried on a copy with a kind or a field added on one side only,
which it must report (a comparison that saw nothing would pass anything).
"""

from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from pathlib import Path
from typing import Any, Literal, TypedDict, Union

import pytest

from solitaire_widget import intent_records, intents, layouts, view
from solitaire_widget.games import GAMES, variants
from solitaire_widget.games.records import FANS, KINDS

JS = Path(__file__).resolve().parents[1] / "js"


# ---------------------------------------------------------------------- the senders

SENDER = re.compile(
    r"^\s*(?P<name>\w+): \((?P<args>[^)]*)\) => "
    r'send\("(?P<kind>\w+)"(?:, \{ (?P<fields>[^}]*) \})?\),$'
)


def senders(source: str) -> dict[str, list[str]]:
    """The senders of js/intents.js: kind -> the fields its message carries. Every
    ``send("`` of the file must be a sender in the form the module's comment gives, so
    a sender written otherwise fails here rather than going unseen."""
    out: dict[str, list[str]] = {}
    for line in source.splitlines():
        m = SENDER.match(line)
        if not m:
            continue
        assert m["name"] == m["kind"], f"the sender {m['name']} sends {m['kind']}"
        assert m["kind"] not in out, f"two senders of {m['kind']}"
        fields = [f.split(":")[0].strip() for f in (m["fields"] or "").split(",") if f.strip()]
        out[m["kind"]] = fields
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)
    assert len(out) == code.count('send("'), "a sender not in the form the test reads"
    return out


def record_fields(records: dict[str, type]) -> dict[str, list[str]]:
    return {kind: [f.name for f in dataclasses.fields(cls)] for kind, cls in records.items()}


def intent_differences(
    js: dict[str, list[str]], records: dict[str, list[str]], handlers: set[str]
) -> list[str]:
    """What differs between the page's senders, Python's records and its handlers."""
    out = [f"the page sends {k!r}, which Python has no record of" for k in js.keys() - records]
    out += [f"Python reads {k!r}, which the page never sends" for k in records.keys() - js]
    out += [f"no handler carries out {k!r}" for k in records.keys() - handlers]
    out += [f"a handler of {k!r}, which has no record" for k in handlers - records.keys()]
    for kind in sorted(js.keys() & records.keys()):
        if set(js[kind]) != set(records[kind]):
            out.append(f"{kind}: the page sends {js[kind]}, Python reads {records[kind]}")
    return out


def test_every_kind_the_page_sends_has_a_handler_and_every_handler_a_sender():
    js = senders((JS / "intents.js").read_text(encoding="utf-8"))
    assert len(js) >= 20
    records = record_fields(intent_records.RECORDS)
    assert intent_differences(js, records, set(intents.HANDLERS)) == []


def test_the_kinds_that_play_or_take_over_are_kinds():
    for group in (intents.PLAYS, intents.OFFERED, intents.TAKES_OVER):
        assert group <= intent_records.RECORDS.keys()


def test_a_kind_or_a_field_on_one_side_only_is_seen():
    source = (JS / "intents.js").read_text(encoding="utf-8")
    records = record_fields(intent_records.RECORDS)
    handlers = set(intents.HANDLERS)
    before = intent_differences(senders(source), records, handlers)

    def new(js: str, recs: dict[str, list[str]], hands: set[str]) -> list[str]:
        """What the comparison finds besides what it finds on the files as they are."""
        return [d for d in intent_differences(senders(js), recs, hands) if d not in before]

    # a new sender on the page
    more = source.replace(
        '    sync: () => send("sync"),\n',
        '    sync: () => send("sync"),\n    shuffle: () => send("shuffle"),\n',
    )
    assert new(more, records, handlers) == [
        "the page sends 'shuffle', which Python has no record of"
    ]
    # a new record and handler in Python
    assert new(source, {**records, "shuffle": []}, handlers | {"shuffle"}) == [
        "Python reads 'shuffle', which the page never sends"
    ]
    # a record without a handler
    assert new(source, records, handlers - {"line"}) == ["no handler carries out 'line'"]
    # a field the page sends and Python does not read, and the other way round
    wider = source.replace('send("lang", { lang })', 'send("lang", { lang, region })')
    assert new(wider, records, handlers) == [
        "lang: the page sends ['lang', 'region'], Python reads ['lang']"
    ]
    assert new(source, {**records, "draw": ["count"]}, handlers) == [
        "draw: the page sends [], Python reads ['count']"
    ]
    # a sender written in another form is not skipped
    odd = source.replace('draw: () => send("draw"),', 'draw() { send("draw"); },')
    with pytest.raises(AssertionError, match="not in the form"):
        senders(odd)


# ---------------------------------------------------------------------- the JSDoc types

TOKEN = re.compile(r'\s*(import\("[^"]*"\)\.\w+|"[^"]*"|\w+(?:\.\w+)*|\[\]|[|()<>,{}:?;])')


class _Parser:
    """A JSDoc type of the subset the page's typedefs use, in one canonical spelling:
    unions sorted, ``Array<T>`` as ``T[]``, ``Object<K, V>`` as ``Record<K,V>``, an
    ``import("./x.js").Name`` as ``Name``, and a named alias (``SlotKind``) spelled out.
    An inline object comes back as a dict of its fields."""

    def __init__(self, text: str, aliases: dict[str, str]) -> None:
        self.tokens: list[str] = []
        pos = 0
        text = text.strip()
        while pos < len(text):
            m = TOKEN.match(text, pos)
            assert m, f"cannot read the type {text[pos:]!r}"
            self.tokens.append(m.group(1))
            pos = m.end()
        self.i = 0
        self.aliases = aliases

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, want: str | None = None) -> str:
        tok = self.tokens[self.i]
        assert want is None or tok == want, (want, tok, self.tokens)
        self.i += 1
        return tok

    def union(self) -> Any:
        members = [self.term()]
        while self.peek() == "|":
            self.take()
            members.append(self.term())
        if len(members) == 1:
            return members[0]
        assert all(isinstance(m, str) for m in members), "an inline object in a union"
        flat = set()
        for m in members:
            flat |= set(_split_union(m))
        return "|".join(sorted(flat))

    def term(self) -> Any:
        t = self.primary()
        while self.peek() == "[]":
            self.take()
            assert isinstance(t, str), "an array of an inline object"
            t = f"({t})[]" if "|" in _top(t) else f"{t}[]"
        return t

    def primary(self) -> Any:
        tok = self.take()
        if tok == "(":
            t = self.union()
            self.take(")")
            return t
        if tok == "{":
            return self.object_fields()
        if tok.startswith('"'):
            return tok
        name = tok.split(".")[-1] if tok.startswith("import(") else tok
        if self.peek() == "<":
            self.take()
            args = [self.union()]
            while self.peek() == ",":
                self.take()
                args.append(self.union())
            self.take(">")
            if name in ("Record", "Object"):
                return f"Record<{args[0]},{args[1]}>"
            if name == "Array":
                return f"({args[0]})[]" if "|" in _top(args[0]) else f"{args[0]}[]"
            return f"{name}<{','.join(args)}>"
        if name in self.aliases:
            return _Parser(self.aliases[name], self.aliases).whole()
        return name

    def object_fields(self) -> dict[str, tuple[Any, bool]]:
        fields: dict[str, tuple[Any, bool]] = {}
        while self.peek() != "}":
            name = self.take()
            optional = self.peek() == "?"
            if optional:
                self.take()
            self.take(":")
            fields[name] = (self.union(), optional)
            if self.peek() in (",", ";"):
                self.take()
        self.take("}")
        return fields

    def whole(self) -> Any:
        t = self.union()
        assert self.peek() is None, f"left over: {self.tokens[self.i :]}"
        return t


def _top(t: str) -> str:
    """``t`` with what is inside brackets left out (to find its own ``|``)."""
    depth, out = 0, []
    for ch in t:
        depth += ch in "(<"
        depth -= ch in ")>"
        out.append(ch if depth == 0 else " ")
    return "".join(out)


def _split_union(t: str) -> list[str]:
    top = _top(t)
    cuts = [i for i, ch in enumerate(top) if ch == "|"]
    parts, start = [], 0
    for c in cuts:
        parts.append(t[start:c])
        start = c + 1
    parts.append(t[start:])
    return parts


def typedefs(sources: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The ``@typedef {type} Name`` of the sources: (objects, aliases), each name to its
    type's text. A typedef that only names another module's (``import("./v.js").Name``
    under its own name) is that one, not a second."""
    objects: dict[str, str] = {}
    aliases: dict[str, str] = {}
    for name, source in sources.items():
        for comment in re.findall(r"/\*\*(.*?)\*/", source, re.S):
            text = "\n".join(re.sub(r"^\s*\*\s?", "", ln) for ln in comment.splitlines())
            for m in re.finditer(r"@typedef\s*\{", text):
                depth, i = 0, m.end() - 1
                while True:
                    depth += text[i] == "{"
                    depth -= text[i] == "}"
                    if depth == 0:
                        break
                    i += 1
                body = text[m.end() : i].strip()
                ident = re.match(r"\s*(\w+)", text[i + 1 :])
                assert ident, f"{name}: a typedef without a name"
                typedef = ident.group(1)
                if re.fullmatch(rf'import\("[^"]*"\)\.{typedef}', body):
                    continue
                kind = objects if body.startswith("{") else aliases
                assert typedef not in objects and typedef not in aliases, (name, typedef)
                kind[typedef] = body
    return objects, aliases


# where the page's typedefs of what Python sends live (the other modules import them)
TYPEDEFS = ("view.js", "layout.js")


def page_types() -> tuple[dict[str, str], dict[str, str]]:
    return typedefs({name: (JS / name).read_text(encoding="utf-8") for name in TYPEDEFS})


# ---------------------------------------------------------------------- Python's types


def py_type(t: Any, named: list[type]) -> str:
    """A Python annotation in the JSDoc spelling of _Parser; each TypedDict met is named
    and added to ``named``."""
    if t is type(None) or t is None:
        return "null"
    if t is str:
        return "string"
    if t in (int, float):
        return "number"
    if t is bool:
        return "boolean"
    if t is Any:
        return "any"
    if typing.is_typeddict(t):
        named.append(t)
        return t.__name__
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin in (Union, types.UnionType):
        return "|".join(sorted({py_type(a, named) for a in args}))
    if origin is Literal:
        return "|".join(sorted(json.dumps(a) for a in args))
    if origin is list:
        inner = py_type(args[0], named)
        return f"({inner})[]" if "|" in _top(inner) else f"{inner}[]"
    if origin is dict:
        return f"Record<{py_type(args[0], named)},{py_type(args[1], named)}>"
    raise AssertionError(f"no JSDoc spelling for {t!r}")


def shape_differences(roots: list[type], objects: dict[str, str], aliases: dict[str, str]):
    """What differs between the TypedDicts reached from ``roots`` and the page's
    typedefs of the same names."""
    out: list[str] = []
    todo, seen = list(roots), set()
    while todo:
        td = todo.pop()
        name = td.__name__
        if name in seen:
            continue
        seen.add(name)
        if name not in objects:
            out.append(f"{name}: no typedef of that name on the page")
            continue
        js = _Parser(objects[name], aliases).whole()
        hints = typing.get_type_hints(td)
        for key in sorted(hints.keys() - js.keys()):
            out.append(f"{name}.{key}: sent by Python, not in the page's typedef")
        for key in sorted(js.keys() - hints.keys()):
            out.append(f"{name}.{key}: in the page's typedef, never sent by Python")
        for key in sorted(hints.keys() & js.keys()):
            py = py_type(hints[key], todo)
            page, optional = js[key]
            if py != page:
                out.append(f"{name}.{key}: Python {py}, the page {page}")
            if optional != (key in td.__optional_keys__):
                out.append(f"{name}.{key}: optional on one side only")
    return out


ROOTS = [view.View, view.Setup, view.StatsRow, view.CatalogEntry]


def test_the_page_reads_the_shapes_python_sends():
    objects, aliases = page_types()
    assert shape_differences(ROOTS, objects, aliases) == []


def test_no_module_writes_its_own_copy_of_a_shape():
    # the modules import the shapes from view.js and layout.js; a copy of one would not
    # be held equal to Python's
    objects, _ = page_types()
    for path in sorted(JS.glob("*.js")):
        if path.name not in TYPEDEFS:
            mine, _ = typedefs({path.name: path.read_text(encoding="utf-8")})
            assert not mine.keys() & objects.keys(), path.name


def test_the_layouts_kinds_and_fans_are_the_games_records():
    assert typing.get_args(layouts.SlotKind) == KINDS
    assert typing.get_args(layouts.Fan) == FANS


def test_a_field_on_one_side_only_is_seen():
    objects, aliases = page_types()

    def new(roots: list[type], page: dict[str, str], real: list[type] | None = None) -> list[str]:
        """What the comparison finds besides what it finds on the files as they are (the
        ``real`` records: ``roots`` when not given)."""
        before = shape_differences(roots if real is None else real, objects, aliases)
        return [d for d in shape_differences(roots, page, aliases) if d not in before]

    # a field the page's typedef has and Python never sends
    timer = objects["Timer"].replace("elapsed: number", "elapsed: number, paused: boolean")
    assert new([view.View], {**objects, "Timer": timer}) == [
        "Timer.paused: in the page's typedef, never sent by Python"
    ]
    # a field Python sends and the page's typedef lacks
    Timer = TypedDict("Timer", {"running": bool, "elapsed": float, "paused": bool})  # noqa: UP013
    assert new([Timer], objects, [view.Timer]) == [
        "Timer.paused: sent by Python, not in the page's typedef"
    ]
    # the same field, another type or optional on one side only
    other = {**objects, "Notice": objects["Notice"].replace("level: string", "level: number")}
    assert new([view.Notice], other) == ["Notice.level: Python string, the page number"]
    optional = {**objects, "Fatal": objects["Fatal"].replace("move: string", "move?: string")}
    assert new([view.Fatal], optional) == ["Fatal.move: optional on one side only"]
    # a record reached through another (Setup -> TableSpec -> SlotSpec) is compared too
    slots = {**objects, "SlotSpec": objects["SlotSpec"].replace("x: number", "x: string")}
    assert new([view.Setup], slots) == ["SlotSpec.x: Python number, the page string"]
    # a new record of Python's that the page has no typedef of
    Extra = TypedDict("Extra", {"a": int})  # noqa: UP013
    assert new([Extra], objects, []) == ["Extra: no typedef of that name on the page"]


# ---------------------------------------------------------------------- what is sent


def conforms(value: Any, t: Any, where: str = "") -> list[str]:
    """Where ``value`` is not of the annotation ``t`` (a TypedDict: exactly its keys)."""
    if t is Any:
        return []
    if t is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if t is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not a bool"]
    if t is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not an int"]
    if t is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if t is str:
        return [] if isinstance(value, str) else [f"{where}: {value!r} is not a str"]
    if typing.is_typeddict(t):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a {t.__name__}"]
        hints = typing.get_type_hints(t)
        out = [f"{where}.{k}: not in {t.__name__}" for k in value.keys() - hints.keys()]
        out += [f"{where}.{k}: missing" for k in t.__required_keys__ - value.keys()]
        for k in hints.keys() & value.keys():
            out += conforms(value[k], hints[k], f"{where}.{k}")
        return out
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin in (Union, types.UnionType):
        tries = [conforms(value, a, where) for a in args]
        return [] if any(not e for e in tries) else [f"{where}: {value!r} is none of {t}"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [e for i, v in enumerate(value) for e in conforms(v, args[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not a dict"]
        return [e for k, v in value.items() for e in conforms(v, args[1], f"{where}[{k!r}]")]
    raise AssertionError(f"cannot check {t!r}")


def test_the_check_of_what_is_sent_sees_a_field_too_many_or_missing():
    ok = {"at": 3, "move": "t0>f0"}
    assert conforms(ok, view.Fatal) == []
    assert conforms({**ok, "why": "x"}, view.Fatal) == [".why: not in Fatal"]
    assert conforms({"at": 3}, view.Fatal) == [".move: missing"]
    assert conforms({"at": True, "move": "x"}, view.Fatal) == [".at: True is not an int"]


pytest.importorskip("anywidget")


def _session_messages() -> list[dict[str, Any]]:
    """Every state message a widget sends through a session that meets each part of the
    view: a move, a refusal, the fatal-move warning held, review with a move offered, the
    other line, Solve's replay, the live answer, winnable deals, Greek, every game and a
    view that could not be built."""
    import ipywidgets.widgets.widget as wmod
    from comm.base_comm import BaseComm

    from solitaire_widget.scheduling import ManualScheduler
    from solitaire_widget.statistics import Statistics
    from solitaire_widget.widget import SolitaireWidget

    sent: list[dict[str, Any]] = []

    class RecordingComm(BaseComm):
        def publish_msg(self, msg_type: str, data: Any = None, *a: Any, **k: Any) -> None:
            data = json.loads(json.dumps(data or {}, allow_nan=False))
            if data.get("method") == "update":
                sent.append(data["state"])

    old = wmod.comm.create_comm
    wmod.comm.create_comm = lambda **kw: RecordingComm(**kw)
    try:
        # the position of tests/test_table_hardening.py where the fatal-move warning holds
        # a move back
        w = SolitaireWidget(
            "eagle-wing", seed=5, statistics=Statistics(), warn_fatal=True, thoughtful=True
        )
        w.scheduler = sched = ManualScheduler()
        w.fatal_budget, w.solve_budget = 2.0, 2.0

        def send(msg: dict[str, Any]) -> None:
            w.comm.handle_msg(
                {"content": {"data": {"method": "custom", "content": msg}}, "buffers": []}
            )

        def move(action: str) -> None:
            send({"kind": "move", "action": action, "version": w.view["version"]})
            sched.run_all(limit=400)

        send({"kind": "setting", "name": "warn_unwinnable", "value": True})
        move("t5>f1")
        move("t6>t5")  # held back: pending
        held = w.view["pending"]
        send({"kind": "fatal", "confirm": True, "action": held["move"], "version": held["version"]})
        sched.run_all(limit=400)  # the live answer: lost, and the move that lost it
        move("t0>t0")  # refused
        send({"kind": "undo"})
        send({"kind": "undo"})
        move(str(w.game.legal_moves[-1]))  # the moves on Redo become the other line
        send({"kind": "review", "at": 1})
        move(w.view["legal"][0])  # offered to be played on from there
        send({"kind": "review", "step": 1})
        send({"kind": "review", "at": None})
        send({"kind": "lang", "lang": "el"})
        send({"kind": "hint"})
        send({"kind": "solve"})
        sched.run_all(limit=20)
        send({"kind": "stop"})
        send({"kind": "setting", "name": "winnable_only", "value": True})
        send({"kind": "new", "seed": None})
        sched.run_all(limit=400)
        for name in GAMES:
            send({"kind": "select", "game": name, "options": {}})
            for _ in range(3):
                move(str(w.game.legal_moves[-1]))
        w._send_error()
        w.close()
        return sent
    finally:
        wmod.comm.create_comm = old


@pytest.fixture(scope="module")
def messages() -> list[dict[str, Any]]:
    return _session_messages()


SHAPES = {"view": view.View, "setup": view.Setup, "stats": view.StatsRow}


def test_what_python_sends_is_what_its_records_say(messages):
    checked = {k: 0 for k in SHAPES}
    for state in messages:
        for trait, shape in SHAPES.items():
            if trait in state:
                assert conforms(state[trait], shape, trait) == []
                checked[trait] += 1
    assert all(checked.values()), checked
    views = [s["view"] for s in messages if "view" in s]
    # every part that may be None was met with a value too
    for key in ("notice", "line", "review", "offer", "hint", "fatal", "pending", "warning"):
        assert any(v.get(key) is not None for v in views), key


def test_the_catalog_and_every_layout_are_what_their_records_say():
    assert conforms(view.catalog(), list[view.CatalogEntry], "catalog") == []
    from solitaire_widget import Game

    for v in variants():
        g = Game(v.game, seed=1, **v.options)
        assert conforms(view.setup(g), view.Setup, v.slug) == []


def test_the_page_may_set_none_of_the_traits_it_draws():
    # SolitaireWidget.set_state refuses the page's updates of the traits in _OURS and
    # sends them back as Python holds them (tests/test_table_hardening.py forges each):
    # a synced trait left out of _OURS could be set from the page
    import anywidget

    from solitaire_widget.widget import _OURS, SolitaireWidget

    synced = set(SolitaireWidget.class_trait_names(sync=True))
    own = synced - set(anywidget.AnyWidget.class_trait_names(sync=True))
    assert own == _OURS


def test_the_grades_the_page_offers_are_the_ones_python_takes():
    # the difficulty selector sends "" or one of dealing.js's GRADES (a "setting" intent)
    source = (JS / "dealing.js").read_text(encoding="utf-8")
    m = re.search(r"export const GRADES = (\[[^\]]*\]);", source)
    assert m
    assert ("", *json.loads(m.group(1))) == intent_records.DIFFICULTIES
