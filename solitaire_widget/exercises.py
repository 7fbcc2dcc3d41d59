"""Students' exercises with a real referee: a student writes one rule of a game as a
plain function, and Aisleriot's own traces judge it.

::

    from solitaire_widget.exercises import exercise, exercises
    [ex.key for ex in exercises()]   # the exercises the games set
    ex = exercise(key)               # shows the task in a notebook; ex.template to fill in
    result = ex.check(my_function)
    result                           # passed, or the first disagreement in words
    result.table()                   # the table at that step, the move pointed out

A game sets its exercises on its rules (``Rules.exercises``, ``ExerciseRecord``): the
question, the header and docstring of the function, the rule method the function
stands in for and what that method's question becomes as the function's arguments,
and the trace files that judge it. ``Exercise.check`` builds the game's rules with the
function in that method's place (a subclass, as one written in a cell would be), walks
each trace from its seed under the game's own rules, and at every step compares the
whole set of legal moves Aisleriot recorded there with the set the student's rules give
(``Rules.enumerate_moves``, the definition the traces were recorded by): moves Aisleriot
allowed that the function forbids, and moves it allows that Aisleriot forbade. The
first step where the two differ, or where the function raises or answers something
other than True or False, is the finding, with where it is (trace file, seed, step and
the position), the move, Aisleriot's answer in the words of ``Game.explain`` and the
function's. Nothing the function does crashes the check; a function that cannot take
the exercise's arguments is refused (TypeError) before any replay.

This module names no game: the exercises come from the registry.
"""

from __future__ import annotations

import ast
import inspect
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape
from typing import Any

from .budgets import shown
from .cards import card_name, parse_code
from .game import Game
from .games import GAMES, ExerciseRecord, Rules, Table, exercise_records
from .moves import DRAW, Move
from .render import table_svg
from .texts import move_words
from .trace_files import read_traces

# the reason key a student's rule gives when it answers False
REFUSED = "exercise_refused"


class RuleFailed(Exception):
    """A student's function raised, or answered something other than True or False,
    when the rules asked it about a move (``where``: ``src, n, dst``). ``check``
    reports it as a Finding; a ``Game`` playing by ``Exercise.rules(fn)`` raises it
    from the call that asked (its text says the call and what went wrong)."""

    def __init__(self, call: str, where: tuple[int, int, int], kind: str, answer: str, error: Any):
        what = "raised" if kind == "raised" else "returned"
        tail = "" if kind == "raised" else ": it must return True or False"
        super().__init__(f"{call} {what} {answer}{tail}")
        self.call, self.where, self.kind, self.answer, self.error = call, where, kind, answer, error


def _is_bool(value: object) -> bool:
    # True and False, and NumPy's booleans (a comparison of NumPy values gives one)
    kind = type(value)
    return kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool"))


def _call_text(name: str, args: tuple[Any, ...]) -> str:
    return f"{name}({', '.join(repr(a) for a in args)})"


def _short(text: str, most: int = 200) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _where_raised(error: BaseException) -> str:
    """``" (line 3 of may_build)"``: the innermost frame of the student's code."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" (line {last.lineno} of {last.name})" if last.name != "<module>" else ""


def _header(signature: str) -> ast.FunctionDef:
    tree = ast.parse(f"def {signature}:\n    pass\n")
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    return node


@dataclass(frozen=True)
class Verdict:
    """One move judged both ways at a step: legal by Aisleriot, legal by the student's
    rule (None: the function failed before it answered), the call the rules made of the
    function (None where the game's own rule decides that move), and Aisleriot's
    reason in words (``Game.explain`` under the game's own rules)."""

    move: str
    aisleriot: bool
    student: bool | None
    call: str | None
    because: str


@dataclass(frozen=True)
class Finding:
    """The first place a check found the student's rule wanting.

    ``kind``: ``"disagrees"`` (the legal moves differ), ``"raised"`` (the function
    raised an exception) or ``"returned"`` (it answered something other than True or
    False). Where: ``trace`` (file), ``seed``, ``step`` (0: right after the deal),
    ``history`` (the trace's actions before it) and ``state`` (the position, in the
    traces' format). What: ``verdicts``, every move the two disagree on at that step
    (the first is the one reported), or the move being judged when the function
    failed; ``answer`` what the function gave back (a repr, or the exception).
    """

    kind: str
    trace: str
    seed: int
    step: int
    history: tuple[str, ...]
    state: dict[str, Any] = field(repr=False)
    verdicts: tuple[Verdict, ...]
    answer: str = ""
    error: BaseException | None = field(default=None, repr=False, compare=False)

    @property
    def move(self) -> str:
        """The move reported (the first of ``verdicts``)."""
        return self.verdicts[0].move


def _card_words(codes: list[str]) -> str:
    names = [card_name(parse_code(c)[0]) for c in codes]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _pile(state: dict[str, Any], pile: str) -> list[str]:
    """Pile ``pile`` ("w", "f2", "t5") of a position in the traces' format."""
    if (pile[0] in "fr" and len(pile) > 1) or pile[0] == "t":
        return list(state[pile[0]][int(pile[1:])])
    return list(state.get(pile, []))


class CheckResult:
    """What ``Exercise.check`` found: ``passed``; ``steps``, the steps at which the
    student's rule gave exactly Aisleriot's legal moves; ``traces``, the traces walked
    (the last one perhaps in part); ``first``, the Finding that stopped the check (None
    when it passed). ``table()`` shows the position of the finding on a card table."""

    def __init__(
        self,
        exercise: Exercise,
        function: str,
        steps: int,
        traces: int,
        seeds: tuple[int, ...],
        first: Finding | None,
    ) -> None:
        self.exercise = exercise
        self.function = function
        self.steps = steps
        self.traces = traces
        self.seeds = seeds
        self.first = first

    @property
    def passed(self) -> bool:
        return self.first is None

    def game(self) -> Game:
        """The game at the finding's step, replayed from its seed under the game's own
        rules (undo goes back along the trace). ValueError when the check passed."""
        first = self._first()
        game = Game(self.exercise.game, seed=first.seed, **self.exercise.options)
        for action in first.history:
            game.play(action)
        return game

    def table(self, lang: str = "en") -> Any:
        """A ``SolitaireWidget`` at the finding's step with its move pointed out (its
        cards and target marked, as a hint is) and the verdicts as the notice. It plays
        by the game's own rules: play on from there. Needs the widget extra."""
        from .widget import SolitaireWidget

        first = self._first()
        widget = SolitaireWidget(self.game(), lang=lang)
        widget.play_session.point_out(first.move, self._headline())
        return widget

    def _first(self) -> Finding:
        if self.first is None:
            raise ValueError(f"{self.function} passed: there is no disagreement to show")
        return self.first

    # ---- in words ---------------------------------------------------------------------
    def _where(self) -> str:
        first = self._first()
        return f"{first.trace}, seed {first.seed}, step {first.step}"

    def _headline(self) -> str:
        first = self._first()
        v = first.verdicts[0]
        if first.kind == "disagrees":
            said = "legal" if v.aisleriot else "illegal"
            yours = "legal" if v.student else "illegal"
            return f"{v.move}: Aisleriot says {said}, your rule says {yours}."
        return f"{v.move}: your function {first.kind} {first.answer}."

    def _move_words(self, verdict: Verdict) -> str:
        move = Move.parse(verdict.move)
        if move == DRAW:
            return move_words(verdict.move)
        state = self._first().state
        cards = _pile(state, move.source)[-move.count :]
        target = _pile(state, move.target)
        if target:
            onto = f"onto the {card_name(parse_code(target[-1])[0])}"
        else:
            onto = "into the empty column" if move.target[0] == "t" else "onto the empty foundation"
        return f"{move_words(verdict.move)}: the {_card_words(cards)} {onto}"

    def lines(self) -> list[str]:
        """The report, line by line (``str`` joins them)."""
        title = self.exercise.title
        steps = f"{self.steps:,} step{'s' if self.steps != 1 else ''}"
        traces = f"{self.traces} trace{'s' if self.traces != 1 else ''}"
        if self.first is None:
            seeds = f"seeds {self.seeds[0]}-{self.seeds[-1]}" if self.seeds else "no seeds"
            return [
                f"Passed: {title}",
                f"{self.function} agrees with Aisleriot at every one of {steps} of "
                f"{traces} ({seeds}): the same legal moves at every step.",
            ]
        first = self.first
        v = first.verdicts[0]
        out = [f"Not yet: {title}"]
        out.append(
            f"{self.function} agreed with Aisleriot at {steps} ({traces}); then, at "
            f"{self._where()} (after {len(first.history)} moves):"
        )
        out.append(f"The move {v.move}, {self._move_words(v)}.")
        if first.kind == "disagrees":
            out.append(f"Aisleriot: {v.because}")
            asked = f"{v.call} returned {v.student}" if v.call else "(not asked)"
            out.append(f"Your rule: {'legal' if v.student else 'illegal'}: {asked}.")
            others = first.verdicts[1:]
            if others:
                more = ", ".join(
                    f"{o.move} (Aisleriot {'legal' if o.aisleriot else 'illegal'})" for o in others
                )
                out.append(f"At the same step they also disagree on {more}.")
        else:
            out.append(f"Aisleriot: {v.because}")
            what = "raised" if first.kind == "raised" else "returned"
            out.append(f"Your function {what} {first.answer} when asked {v.call}.")
            if first.kind == "returned":
                out.append("It must return True or False.")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        if self.first is None:
            return f"<CheckResult {self.exercise.key}: passed, {self.steps} steps>"
        return f"<CheckResult {self.exercise.key}: {self.first.kind} at {self._where()}>"

    def _repr_html_(self) -> str:
        lines = self.lines()
        colour = "#1b7a3a" if self.passed else "#b3261e"
        head = f'<p style="color:{colour};font-weight:600">{escape(lines[0])}</p>'
        body = "".join(f"<p>{escape(line)}</p>" for line in lines[1:])
        picture = ""
        if self.first is not None:
            game = self.game()
            picture = table_svg(game, mark=Move.parse(self.first.move))
        return f"<div>{head}{body}{picture}</div>"


class Exercise:
    """One exercise: a rule of a game to write as a function, and its referee.

    ``title``, ``question`` (Markdown), ``signature`` and ``docstring`` are what the
    student is shown (``template`` is the function to fill in); ``game`` and
    ``options`` the rules it is judged under; ``traces`` the Aisleriot trace files.
    """

    def __init__(self, record: ExerciseRecord) -> None:
        if not record.game or record.game not in GAMES:
            raise ValueError(f"exercise {record.key!r} names no registered game")
        self.record = record
        header = _header(record.signature)
        self.function_name = header.name
        self.parameters = tuple(a.arg for a in header.args.args)

    key = property(lambda self: self.record.key)
    title = property(lambda self: self.record.title)
    question = property(lambda self: self.record.question)
    signature = property(lambda self: self.record.signature)
    docstring = property(lambda self: self.record.docstring)
    game = property(lambda self: self.record.game)
    traces = property(lambda self: self.record.traces)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.record.options)

    @property
    def template(self) -> str:
        """The function to write, its body left to the student."""
        doc = self.docstring.replace("\n", "\n    ")
        return f'def {self.signature}:\n    """{doc}\n    """\n    ...\n'

    def __repr__(self) -> str:
        return f"<Exercise {self.key}: {self.title}>"

    def _repr_markdown_(self) -> str:
        return (
            f"### {self.title}\n\n{self.question}\n\n```python\n{self.template}```\n\n"
            f"*Judged by Aisleriot's traces: {', '.join(self.traces)}.*\n"
        )

    # ---- the student's function in the rules -------------------------------------------
    def _checked_function(self, fn: object) -> Callable[..., Any]:
        """``fn`` if it can be called with the exercise's arguments; TypeError naming
        what is wrong otherwise (before any replay)."""
        wanted = f"{self.function_name}({', '.join(self.parameters)})"
        if not callable(fn):
            raise TypeError(f"check() takes your function, like {wanted}, not {shown(fn)}")
        if inspect.iscoroutinefunction(fn) or inspect.isgeneratorfunction(fn):
            raise TypeError(
                f"{getattr(fn, '__name__', fn)} must answer True or False at once; write it "
                "with a plain def and return (no async, no yield)"
            )
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):
            return fn  # a callable whose signature Python cannot read: it may still fit
        try:
            sig.bind(*self.parameters)
        except TypeError:
            name = getattr(fn, "__name__", type(fn).__name__)
            raise TypeError(
                f"your function must take {len(self.parameters)} arguments, as "
                f"{wanted} does; {name}{sig} cannot be called so"
            ) from None
        return fn

    def rules(self, fn: Callable[..., Any]) -> Rules:
        """The game's rules with ``fn`` standing in for the rule the exercise asks
        about: ``Game(exercise.rules(fn), seed=...)`` plays by the student's rule (a
        move it refuses says "your rule says no"). An exception of ``fn`` or an answer
        other than True or False raises RuleFailed from the call that asked (a move
        played, the legal moves listed)."""
        return self._rules_class(self._checked_function(fn))(**self.options)

    def _rules_class(self, fn: Callable[..., Any]) -> type[Rules]:
        base = GAMES[self.game]
        asks = self.record.asks
        name = getattr(fn, "__name__", self.function_name)
        own = base.drop_reason

        def drop_reason(rules: Rules, t: Table, src: int, n: int, dst: int) -> str | None:
            where = (src, n, dst)
            args = asks(rules, t, *where)
            if args is None:
                return own(rules, t, *where)  # the part of the rule the exercise leaves
            # the arguments are new lists and strings each call: a function that
            # changes them changes nothing of the game
            try:
                answer = fn(*args)
            except Exception as err:
                said = f"{type(err).__name__}: {_short(str(err))}{_where_raised(err)}"
                call = _call_text(name, asks(rules, t, *where) or ())
                raise RuleFailed(call, where, "raised", said, err) from err
            if not _is_bool(answer):
                said = f"{shown(answer)} (a {type(answer).__name__})"
                call = _call_text(name, asks(rules, t, *where) or ())
                raise RuleFailed(call, where, "returned", said, None)
            return None if answer else REFUSED

        texts = {
            "en": {REFUSED: f"Your rule ({name}) says no."},
            "el": {REFUSED: f"Ο κανόνας σας ({name}) λέει όχι."},
        }
        # The class is the student's rules, so it is told as a class written outside
        # the package is (its module: the student's function's): Rules.__init_subclass__
        # then notes the rule method as changed and gives way the game's fast move
        # generators, so that Game and the searches play by the student's rule.
        module = getattr(fn, "__module__", None)
        if not isinstance(module, str) or module.split(".")[0] == __name__.split(".")[0]:
            module = "__main__"
        return type(
            f"{base.__name__}WithYourRule",
            (base,),
            {
                "__module__": module,
                "__doc__": f"{base.title} with {name} as its rule: {self.title}",
                "drop_reason": drop_reason,
                "title": f"{base.title}, your rule",
                "title_el": f"{base.title_in('el')}, ο κανόνας σας",
                "texts": texts,
            },
        )

    # ---- the referee ----------------------------------------------------------------------
    def _walks(self, limit: int | None) -> Iterator[tuple[str, dict[str, Any]]]:
        wanted = GAMES[self.game](**self.options).options
        count = 0
        for name in self.traces:
            for trace in sorted(read_traces(name), key=lambda t: t["seed"]):
                if (
                    trace.get("game") != self.game
                    or GAMES[self.game](**trace["options"]).options != wanted
                ):
                    raise ValueError(
                        f"{name} holds a trace of {trace.get('game')!r} {trace['options']}, "
                        f"not of this exercise's game and options"
                    )
                if limit is not None and count >= limit:
                    return
                count += 1
                yield name, trace

    def check(self, fn: Callable[..., Any], traces: int | None = None) -> CheckResult:
        """Judge ``fn`` by the exercise's traces (the first ``traces`` of them, by seed;
        None: all), stopping at the first step where its rule and Aisleriot's differ or
        where it fails. TypeError at once for a function that cannot take the
        exercise's arguments."""
        fn = self._checked_function(fn)
        if traces is not None and (
            isinstance(traces, bool) or not isinstance(traces, int) or traces < 1
        ):
            raise ValueError(f"traces must be a count >= 1 or None (all), not {shown(traces)}")
        name = getattr(fn, "__name__", self.function_name)
        rules = self._rules_class(fn)(**self.options)
        steps = walked = 0
        seeds: list[int] = []
        for file, trace in self._walks(traces):
            walked += 1
            seeds.append(trace["seed"])
            game = Game(self.game, seed=trace["seed"], **self.options)
            if game.deck != trace["deck"]:
                raise ValueError(f"{file}, seed {trace['seed']}: the engine deals another deck")
            for index, step in enumerate(trace["steps"]):
                finding = self._judge(rules, name, game, file, trace, index, step)
                if finding is not None:
                    return CheckResult(self, name, steps, walked, tuple(seeds), finding)
                steps += 1
                if step["action"] is not None:
                    game.play(step["action"])
        return CheckResult(self, name, steps, walked, tuple(seeds), None)

    def _judge(
        self,
        rules: Rules,
        name: str,
        game: Game,
        file: str,
        trace: dict[str, Any],
        index: int,
        step: dict[str, Any],
    ) -> Finding | None:
        if game.snapshot() != step["state"]:
            raise ValueError(
                f"{file}, seed {trace['seed']}, step {index}: the engine's position is not "
                "the trace's"
            )
        real = game.table
        # the student's rules on the same position (its piles are only read)
        table = Table(rules, real.piles, real.redeals_used, real.base, real.hidden)
        where = dict(
            trace=file,
            seed=trace["seed"],
            step=index,
            history=tuple(game.history),
            state=step["state"],
        )
        aisleriot = set(step["legal"])
        try:
            student = {str(m) for m in rules.enumerate_moves(table)}
        except RuleFailed as failed:
            src, n, dst = failed.where
            move = str(Move(src, dst, n))
            verdict = Verdict(move, move in aisleriot, None, failed.call, game.explain(move))
            return Finding(
                failed.kind, **where, verdicts=(verdict,), answer=failed.answer, error=failed.error
            )
        if student == aisleriot:
            return None
        verdicts = []
        for move in sorted(aisleriot ^ student):
            parsed = Move.parse(move)
            args = (
                None
                if parsed == DRAW
                else self.record.asks(rules, table, parsed.src, parsed.count, parsed.dst)
            )
            verdicts.append(
                Verdict(
                    move,
                    move in aisleriot,
                    move in student,
                    None if args is None else _call_text(name, args),
                    game.explain(move),
                )
            )
        return Finding("disagrees", **where, verdicts=tuple(verdicts))


def exercises() -> list[Exercise]:
    """Every exercise the games set, in the registry's order of games."""
    return [Exercise(record) for record in exercise_records().values()]


def exercise(key: str) -> Exercise:
    """The exercise called ``key`` (``exercises()`` lists them); ValueError naming the
    keys for an unknown one."""
    records = exercise_records()
    if not isinstance(key, str) or key not in records:
        raise ValueError(f"no exercise is called {shown(key)}; choose one of {', '.join(records)}")
    return Exercise(records[key])


__all__ = ["CheckResult", "Exercise", "Finding", "RuleFailed", "Verdict", "exercise", "exercises"]
