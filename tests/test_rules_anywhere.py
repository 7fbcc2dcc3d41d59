"""A game defined outside ``games/`` plays: a ``Rules`` subclass written here (a shipped
game with one rule changed, and a small game written from scratch) is taken by
``Game``, ``SolitaireWidget`` and the environment, registered by name at run time, saved
and read back, and worded with what every game shares where it gives no words itself.

No game is named here except through the registry: the changed game is the subclass of
whichever shipped game has a reserve that refills its columns and a column limit (found
by its traits), and the scratch game is this file's own.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import warnings

import numpy as np
import pytest

import solitaire_widget as sw
from solitaire_widget import Game, IllegalMove, Rules, rules_text
from solitaire_widget.games import GAMES, SHIPPED, catalog, is_registered, missing, variants
from solitaire_widget.games.base import F0, F3, Table
from solitaire_widget.moves import FIRST_TABLEAU, STOCK, Move


@pytest.fixture(autouse=True)
def registry():
    """Whatever a test registers is gone after it: the other tests see the shipped
    games only."""
    before = dict(GAMES)
    yield
    GAMES.clear()
    GAMES.update(before)


# ---- a small game written from scratch: its deal, its moves, its words --------------


class Scratch(Rules):
    """Four columns of one card; the stock deals one card a click, once through.
    Foundations build up in suit from the Ace; columns build down by one rank in any
    suit, one card at a time; an empty column takes any card."""

    name = "test-scratch"
    title = "Scratch Patience"
    n_tableau = 4
    texts = {  # noqa: RUF012
        "en": {
            "scratch_one": "Cards move one at a time in {game}.",
            "scratch_ace": "An empty foundation takes an Ace, and {card} is not one.",
            "scratch_up": "Foundations build up in suit: {target} takes {needed}, not {card}.",
            "scratch_down": "Columns build down by one rank: {target} takes a {needed_rank}.",
        }
    }

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        for i in range(self.n_tableau):
            piles[FIRST_TABLEAU + i] = [deck[i]]
        piles[STOCK] = deck[: self.n_tableau - 1 : -1]  # deck[4] on top
        return piles

    def pick_reason(self, t: Table, src: int, n: int) -> str | None:
        if F0 <= src <= F3:
            return "foundation_locked"
        return "scratch_one" if n > 1 else None

    def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
        card, pile = t.piles[src][-1], t.piles[dst]
        if dst <= F3:
            if not pile:
                return None if card % 13 == 0 else "scratch_ace"
            return None if card % 13 and card == pile[-1] + 1 else "scratch_up"
        if pile and card % 13 + 1 != pile[-1] % 13:
            return "scratch_down"
        return None


def changed_game() -> type[Rules]:
    """A shipped game whose columns are refilled from a reserve and hold a few cards at
    most, with that limit raised by one: the one rule changed by overriding a rule
    method (``drop_reason``), the fast move generator left as it is."""
    parent = next(c for c in GAMES.values() if c.refills_from_reserve and c.max_column is not None)
    limit = parent.max_column
    assert limit is not None

    class Roomier(parent):  # type: ignore[valid-type, misc]
        name = "test-roomier"
        title = f"{parent.title}, roomier"
        max_column = limit + 1  # the positions it reaches (Rules.check_position)

        def drop_reason(self, t: Table, src: int, n: int, dst: int) -> str | None:
            pile = t.piles[dst]
            if dst > F3 and len(pile) == limit and n == 1:
                # the full column's limit is one card higher: asked as if it had room
                scratch = t.copy()
                scratch.piles[dst] = pile[1:]
                return super().drop_reason(scratch, src, n, dst)
            return super().drop_reason(t, src, n, dst)

    return Roomier


def full_column_move(g: Game) -> Move | None:
    """A move onto a column holding the parent's limit that only the changed rule
    allows, found by playing the deal's own legal moves at random."""
    limit = type(g.rules).__mro__[1].max_column
    rng = np.random.default_rng(5)
    for _ in range(4000):
        t = g.table
        for src in (1, *t.tableau):
            if not t.piles[src]:
                continue
            for dst in t.tableau:
                if dst != src and len(t.piles[dst]) == limit:
                    m = Move(src, dst, 1)
                    if t.reason(m) is None:
                        return m
        legal = g.legal_moves
        if not legal or g.is_won:
            return None
        g.play(legal[int(rng.integers(len(legal)))])
    return None


# ---- Game ---------------------------------------------------------------------------


def test_a_scratch_game_plays_in_game_without_registering():
    g = Game(Scratch(), seed=11)
    assert g.name == "test-scratch" and g.n_tableau == 4 and not is_registered(g.rules)
    legal = g.legal_moves
    # the moves are those the rules define, asked of every pick and drop
    assert sorted(map(str, legal)) == sorted(map(str, g.rules.enumerate_moves(g.table)))
    assert "draw" in map(str, legal)
    start = g.snapshot()
    for m in legal:
        g.play(m)
        g.undo()
        assert g.snapshot() == start
    g.play("draw")
    assert g.table.piles[1] and g.history == ["draw"]
    g.undo()
    assert g.snapshot() == start


def test_a_scratch_game_words_its_refusals_and_falls_back_on_shared_words():
    state = Game(Scratch(), seed=11).snapshot()
    state["t"][0].append(state["s"].pop().upper())  # a column of two cards
    g = Game.from_snapshot(state, Scratch())
    # a group is refused by the game's own words, in both languages: the game has no
    # Greek words, so its own sentence is the English one
    group = Move(FIRST_TABLEAU, FIRST_TABLEAU + 1, 2)
    assert "Cards move one at a time in Scratch Patience." in g.explain(group)
    assert "Columns build down by one rank: Eight of spades takes a Seven." in g.explain("t0>t1")
    with pytest.raises(IllegalMove, match="one at a time in Scratch Patience") as err:
        g.play(group)
    assert err.value.text("el").startswith("Δεν επιτρέπεται")
    assert "one at a time in Scratch Patience" in err.value.text("el")
    # a reason every game shares is worded by the shared texts
    g2 = Game(Scratch(), seed=11)
    assert "Illegal:" in g2.explain("s>t0")
    # a legal move the game words nothing for is said to be what its rules allow
    legal = next(m for m in g.legal_moves if not m.is_draw)
    assert "The rules of Scratch Patience allow" in g.explain(legal)
    assert "Οι κανόνες του παιχνιδιού Scratch Patience" in g.explain(legal, lang="el")


def test_a_scratch_game_has_a_rules_text_a_layout_and_a_picture():
    assert "gives no rules text of its own" in rules_text(Scratch())
    greek = rules_text(Scratch(), "el")
    assert "δεν έχει δικό του κείμενο κανόνων" in greek
    layout = Scratch().layout()
    piles = {s.pile for s in layout.slots}
    assert piles == {"s", "w", "f0", "f1", "f2", "f3", "t0", "t1", "t2", "t3"}
    # no two slots share a place, and all lie on the table
    places = [(s.x, s.y) for s in layout.slots]
    assert len(set(places)) == len(places)
    assert all(0 <= s.x <= layout.cols - 1 for s in layout.slots)
    assert Game(Scratch(), seed=1).svg().startswith("<svg")


def test_greek_falls_back_on_english_and_says_so():
    class Worded(Scratch):
        name = "test-worded"
        rules_text = {"en": "## Worded\n\nOur own rules."}  # noqa: RUF012

    assert Worded.title_in("el") == Worded.title
    el = rules_text(Worded(), "el")
    assert "δεν έχει κείμενο κανόνων στα ελληνικά" in el and "Our own rules." in el
    assert rules_text(Worded(), "en") == "## Worded\n\nOur own rules."
    assert Worded.has_words_in("en") and not Worded.has_words_in("el")


def test_a_changed_game_plays_its_own_rule_not_its_parents():
    cls = changed_game()
    assert set(cls.rules_changed) == {"drop_reason", "max_column"}
    g = Game(cls(), seed=3)
    found = full_column_move(g)
    assert found is not None, "no deal reached a full column"
    # the move the changed rule allows is legal, and in the move list
    assert found in g.legal_moves
    assert sorted(map(str, g.legal_moves)) == sorted(map(str, g.rules.enumerate_moves(g.table)))
    parent = Game.from_snapshot(g.snapshot(), GAMES[cls.__mro__[1].name].name)
    assert found not in parent.legal_moves
    # why it is legal is said in words of these rules, not the parent's (which would
    # explain a move they refuse); a refusal the changed rule hands on to its parent
    # keeps the parent's words
    said = g.explain(found)
    assert said.startswith("Legal: The rules of " + cls.title + " allow "), said
    assert parent.explain(found).startswith("Illegal: ")
    g.play(found)
    g.undo()


def test_a_subclass_that_keeps_its_parents_name_is_never_taken_for_it():
    parent = next(iter(GAMES.values()))

    class Same(parent):  # type: ignore[valid-type, misc]
        title = f"{parent.title} (changed)"

    g = Game(Same(), seed=4)
    assert g.name == parent.name and not is_registered(g.rules)
    saved = g.to_json()
    assert json.loads(saved)["rules_class"].endswith("Same")
    with pytest.raises(ValueError, match="is not registered: register its class"):
        Game.from_json(saved)
    # a Greek title of the parent's is not the subclass's
    assert Same.title_in("el") == Same.title


def test_unknown_options_and_options_beside_rules_are_refused():
    with pytest.raises(TypeError, match="options go with a game's name"):
        Game(Scratch(), seed=1, redeals=2)
    with pytest.raises(TypeError, match="give the rules"):
        Game(Scratch, seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="has no option draw"):
        sw.register(Scratch)
        Game("test-scratch", draw=3)


# ---- registering --------------------------------------------------------------------


def test_register_offers_a_game_by_name_everywhere():
    assert sw.register(Scratch) is Scratch
    assert "test-scratch" in GAMES and is_registered(Scratch())
    assert any(e["name"] == "test-scratch" and e["groups"] == [] for e in catalog())
    entry = next(e for e in catalog() if e["name"] == "test-scratch")
    assert entry["title_el"] == "Scratch Patience"  # no Greek title: the English one
    g = Game("test-scratch", seed=9)
    assert type(g.rules) is Scratch
    g.play("draw")
    back = Game.from_json(g.to_json())
    assert back.history == ["draw"] and type(back.rules) is Scratch
    assert "rules_class" not in json.loads(g.to_json())
    # registering again is no change; a game registered at run time has no figures
    sw.register(Scratch)
    assert variants("test-scratch")[0].figures is False
    assert "test-scratch" not in {v.game for v in variants()}
    assert "test-scratch" not in SHIPPED


def test_a_saved_game_whose_class_is_unregistered_since_is_refused_clearly():
    sw.register(Scratch)
    saved = Game("test-scratch", seed=9).to_json()
    sw.unregister("test-scratch")
    with pytest.raises(ValueError, match=r"the game 'test-scratch' is not registered"):
        Game.from_json(saved)
    # forged: a class path that is not a string
    data = json.loads(saved)
    data["rules_class"] = 5
    sw.register(Scratch)
    with pytest.raises(ValueError, match="rules_class must be"):
        Game.from_json(json.dumps(data))


def test_a_taken_name_is_refused_unless_replaced():
    sw.register(Scratch)

    class Other(Scratch):
        pass

    with pytest.raises(ValueError, match=r"already called 'test-scratch'.*replace=True"):
        sw.register(Other)
    assert GAMES["test-scratch"] is Scratch
    sw.register(Other, replace=True)
    assert GAMES["test-scratch"] is Other
    shipped = GAMES[SHIPPED[0]]
    clash = type("Clash", (shipped,), {})
    with pytest.raises(ValueError, match="a game of this package"):
        sw.register(clash, replace=True)
    with pytest.raises(ValueError, match="a game of this package"):
        sw.unregister(SHIPPED[0])
    with pytest.raises(ValueError, match="no game called"):
        sw.unregister("test-nothing")


def test_a_class_that_is_no_game_yet_is_refused_naming_what_it_lacks():
    class Empty(Rules):
        name = "test-empty"

    with pytest.raises(TypeError) as err:
        sw.register(Empty)
    for lacking in ("title", "n_tableau", "deal()", "pick_reason()", "drop_reason()"):
        assert lacking in str(err.value)
    assert "name" not in missing(Empty)
    with pytest.raises(TypeError, match="lacks"):
        Game(Empty())
    with pytest.raises(TypeError, match="subclass of Rules"):
        sw.register(object)  # type: ignore[arg-type]
    bad = type("Wide", (Scratch,), {"name": "test-wide", "n_tableau": 99})
    with pytest.raises(TypeError, match="n_tableau of at most 20"):
        sw.register(bad)
    assert "test-empty" not in GAMES and "test-wide" not in GAMES


# ---- the widget (its Python side) ----------------------------------------------------

widget = pytest.importorskip("solitaire_widget.widget")


@pytest.fixture
def comms(monkeypatch):
    import ipywidgets.widgets.widget as wmod
    from test_widget_messages import RecordingComm

    monkeypatch.setattr(wmod.comm, "create_comm", lambda **kw: RecordingComm(**kw))


def send(w, content):
    from test_widget_messages import send as deliver

    return deliver(w, content)


def test_the_widget_plays_an_unregistered_scratch_game(comms):
    w = widget.SolitaireWidget(Scratch(), seed=11)
    assert w.setup["game"] == "test-scratch"
    assert {s["pile"] for s in w.setup["layout"]["slots"]} >= {"s", "w", "t3"}
    assert w.setup["chosen"] == []  # no option groups: nothing to choose
    assert any(e["name"] == "test-scratch" for e in w.catalog)
    assert "gives no rules text" in w.rules
    v = send(w, {"kind": "move", "action": "draw", "version": w.view["version"]})
    assert v is not None and w.game.history == ["draw"]
    # a refused move is worded by the game
    g = w.game
    bad = next(
        m
        for c in g.table.tableau
        for d in g.table.tableau
        if c != d and g.table.reason(m := Move(c, d, 1)) is not None
    )
    v = send(w, {"kind": "move", "action": str(bad), "version": w.view["version"]})
    assert v["notice"] and v["notice"]["text"]
    assert w.game.history == ["draw"]
    # "New game" on the table's game, with no options, deals it again: the same class
    send(w, {"kind": "select", "game": "test-scratch", "options": {}, "seed": 5})
    assert type(w.game.rules) is Scratch and w.game.seed == 5
    w.lang = "el"
    assert "δεν έχει δικό του κείμενο κανόνων" in w.rules
    # Solve on a game with no search of its own runs the generic search (the rules'
    # own moves, nothing pruned): no answer within a small budget says so and changes
    # nothing
    from solitaire_widget.scheduling import ManualScheduler

    w.scheduler = ManualScheduler()
    before = w.game.snapshot()
    w.lang = "en"
    w.solve_budget = 0.2
    w.solve()
    assert w.last_solve is not None and w.last_solve.search == "generic"
    assert w.last_solve.result == "unknown" and w.last_solve.nodes > 0
    assert w.view["notice"]["text"].startswith("No answer after ")
    assert w.game.snapshot() == before


def test_a_solve_of_a_subclass_goes_through_the_same_session(comms):
    # a game whose rules come from a shipped game and a detached copy of it for the
    # searches: the copy is of the same rules, not of the game registered by its name
    from solitaire_widget.proofs import detached

    cls = changed_game()
    g = Game(cls(), seed=3)
    assert type(detached(g).rules) is cls


def test_the_widget_offers_a_registered_game_and_switches_to_it(comms):
    sw.register(Scratch)
    w = widget.SolitaireWidget(SHIPPED[0], seed=2)
    assert any(e["name"] == "test-scratch" for e in w.catalog)
    send(w, {"kind": "select", "game": "test-scratch", "options": {}})
    assert type(w.game.rules) is Scratch
    # a name nobody registered is refused, and changes nothing
    before = w.game.snapshot()
    v = send(w, {"kind": "select", "game": "test-nothing", "options": {}})
    assert v["notice"]["level"] == "error" and w.game.snapshot() == before


def test_the_widget_keeps_a_changed_game_that_kept_its_parents_name(comms):
    parent = GAMES[SHIPPED[0]]
    changed = type("Kept", (parent,), {"title": f"{parent.title} (kept)"})
    w = widget.SolitaireWidget(changed(), seed=3)
    entry = next(e for e in w.catalog if e["name"] == parent.name)
    assert entry["title"] == f"{parent.title} (kept)"
    send(w, {"kind": "select", "game": parent.name, "options": {}, "seed": 4})
    assert type(w.game.rules) is changed and w.game.seed == 4
    assert w.stats is not None


# ---- the environment -----------------------------------------------------------------

env_module = pytest.importorskip("solitaire_widget.env")


@pytest.mark.parametrize("make", [Scratch, lambda: changed_game()()], ids=["scratch", "changed"])
def test_the_environment_plays_a_game_written_here(make):
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    # any registered id, its game given whole instead (gym.make's keyword arguments)
    made = gym.make(env_module.IDS[0], game=make(), render_mode="ansi", max_steps=60)
    env = made.unwrapped
    assert env.rules.name.startswith("test-")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)
    env.reset(seed=3)
    for _ in range(60):
        mask = env.action_masks()
        # Game.legal_moves as actions (a card's moves to several foundations are one)
        legal = sorted({env.action_of(m) for m in env.game.legal_moves})
        assert np.flatnonzero(mask).tolist() == legal
        if not legal:
            break
        action = int(np.flatnonzero(mask)[0])
        _obs, _r, done, truncated, _info = env.step(action)
        if done or truncated:
            break
    assert isinstance(env.render(), str)


def test_the_environment_refuses_a_game_of_other_rules():
    env = env_module.SolitaireEnv(Scratch())
    parent = GAMES[SHIPPED[0]]
    with pytest.raises(ValueError, match="this environment plays"):
        env.reset(options={"game": Game(parent.name, seed=1)})


# ---- a cell's class, in a process of its own ------------------------------------------


def test_a_class_from_a_fresh_module_registers_and_plays():
    # as a notebook cell does: the class lives in __main__, registered by decorator
    code = textwrap.dedent(
        """
        import solitaire_widget as sw
        from solitaire_widget.moves import FIRST_TABLEAU, STOCK

        @sw.register
        class Cell(sw.Rules):
            name = "cell-game"
            title = "Cell"
            n_tableau = 2
            def deal(self, deck):
                piles = self.empty_piles()
                piles[FIRST_TABLEAU], piles[FIRST_TABLEAU + 1] = [deck[0]], [deck[1]]
                piles[STOCK] = deck[:1:-1]
                return piles
            def pick_reason(self, t, src, n):
                return "single_stack" if n > 1 else None
            def drop_reason(self, t, src, n, dst):
                return None if t.piles[dst] == [] and dst > 6 else "drop_waste"

        g = sw.Game("cell-game", seed=1)
        g.play("draw")
        print(sw.Game.from_json(g.to_json()).history, [str(m) for m in g.legal_moves][:1])
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "['draw'] ['draw']"


@pytest.mark.parametrize(
    ("deal", "says"),
    [
        (lambda s, d: None, "must give 11 piles"),
        (lambda s, d: [[] for _ in s.empty_piles()], "dealt 0 cards, and left out 52"),
        (lambda s, d: [[d[0]] * 52, *([] for _ in s.empty_piles()[1:])], "more than once"),
        (lambda s, d: [["x"], *([] for _ in s.empty_piles()[1:])], "ints 0-51"),
        (lambda s, d: [[True], *([] for _ in s.empty_piles()[1:])], "ints 0-51"),
        (lambda s, d: [list(d), list(d), *([] for _ in s.empty_piles()[2:])], "104 cards"),
        (lambda s, d: [(1, 2), *([] for _ in s.empty_piles()[1:])], "a list of cards"),
    ],
)
def test_a_deal_that_is_no_deal_is_refused_naming_the_game(deal, says):
    class Broken(Scratch):
        name = "test-broken"
        title = "Broken Patience"

        def deal(self, deck: list[int]) -> list[list[int]]:
            return deal(self, deck)

    with pytest.raises(ValueError, match="Broken Patience's deal") as caught:
        Game(Broken(), seed=1)
    assert says in str(caught.value)


def test_a_column_count_below_one_is_no_game():
    class NoColumns(Scratch):
        name = "test-no-columns"
        n_tableau = -1

    assert "n_tableau (a positive int)" in " ".join(missing(NoColumns))
    with pytest.raises(TypeError, match="n_tableau"):
        sw.register(NoColumns)


# ---- a game with more columns than any shipped one ------------------------------------------


class Wide(Scratch):
    """Scratch Patience's rules on thirteen columns of four cards (no stock)."""

    name = "test-wide"
    title = "Wide Patience"
    n_tableau = 13

    def deal(self, deck: list[int]) -> list[list[int]]:
        piles = self.empty_piles()
        for i in range(self.n_tableau):
            piles[FIRST_TABLEAU + i] = deck[4 * i : 4 * i + 4]
        return piles


def test_a_game_with_up_to_twenty_columns_names_renders_and_plays_every_pile():
    # the registry has taken up to twenty columns since games could be written anywhere,
    # but the pile ids stopped at t7: a thirteenth column had no name, and its table no
    # picture (render.py asks pile_index for every slot of the layout)
    from solitaire_widget.env import SolitaireEnv
    from solitaire_widget.moves import MAX_TABLEAU, N_PILES, pile_id, pile_index
    from solitaire_widget.texts import text

    assert MAX_TABLEAU == 20 and pile_index("t19") == N_PILES - 1 == 26
    assert pile_id(pile_index("t12")) == "t12"
    with pytest.raises(ValueError, match=r"t0\.\.t19"):
        pile_index("x3")
    with pytest.raises(ValueError, match="more than 20 columns"):
        pile_index("t20")
    for lang in ("en", "el"):
        assert f" {N_PILES - 1}" in text("bad_move", lang, move="Move(99, 0, 1)")
    deck_seed = next(
        s
        for s in range(1, 200)
        if any(m.dst >= FIRST_TABLEAU + 8 for m in Game(Wide(), seed=s).legal_moves)
    )
    g = Game(Wide(), seed=deck_seed)
    far = next(m for m in g.legal_moves if m.dst >= FIRST_TABLEAU + 8)
    g.play(str(far))
    assert g.history == [str(far)] and g.explain(str(far)).strip()
    assert "<svg" in g._repr_svg_()
    w = sw.SolitaireWidget(Wide(), seed=deck_seed, live_solver=False)
    assert w.view["game"] == "test-wide"
    obs, _ = SolitaireEnv(Wide()).reset(seed=deck_seed)
    assert obs["pile_size"].shape == (MAX_TABLEAU,)
