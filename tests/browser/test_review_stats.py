"""Review mode and the statistics panel in the page: buttons and arrow keys walk back
through the positions played without undoing them; the panel shows Aisleriot's figures."""

from __future__ import annotations

import pytest

from solitaire_widget import Game
from solitaire_widget.statistics import Statistics
from solitaire_widget.widget import SolitaireWidget

pytestmark = pytest.mark.browser


def played(lang: str = "en") -> SolitaireWidget:
    w = SolitaireWidget("saratoga", seed=7, lang=lang, statistics=Statistics())
    for _ in range(5):
        w.game.play(w.game.legal_moves[-1])
    return w


def shown_cards(h) -> list[str]:
    return sorted(
        h.page.locator(".sw-card").evaluate_all(
            "els => els.map(e => e.dataset.pile + ':' + e.dataset.index + ':' + e.dataset.card)"
        )
    )


def test_review_with_buttons_and_arrow_keys_leaves_the_game_as_it_is(make_harness):
    w = played()
    h = make_harness(w)
    h.sync()
    history, snap = list(w.game.history), w.game.snapshot()
    now = shown_cards(h)
    seq = h.seq()
    h.page.click(".sw-btn-review")
    h.wait_seq(seq)
    assert w.reviewing == 4
    assert h.page.inner_text(".sw-review-at") == "4 / 5"
    assert h.page.is_hidden(".sw-btn-undo") and h.page.is_visible(".sw-btn-review-exit")
    seq = h.seq()
    h.page.click(".sw-btn-review-first")
    h.wait_seq(seq)
    assert w.reviewing == 0
    deal = Game("saratoga", seed=7)
    assert h.page.locator('.sw-card[data-pile="s"]').count() >= 1
    assert int(h.page.inner_text(".sw-badge-s")) == deal.stock_left
    h.screenshot("saratoga-review")
    # the arrow keys step through the positions
    h.page.focus(".sw-table")
    for expect in (1, 2, 3):
        seq = h.seq()
        h.page.keyboard.press("ArrowRight")
        h.wait_seq(seq)
        assert w.reviewing == expect
    seq = h.seq()
    h.page.keyboard.press("ArrowLeft")
    h.wait_seq(seq)
    assert w.reviewing == 2
    # a click on the stock while looking back is not played, and not ignored: offered
    seq = h.seq()
    h.page.locator('.sw-slot[data-pile="s"]').click(force=True)
    h.wait_seq(seq)
    assert w.play_session.offer == "draw" and w.game.history == history
    assert "Play on from here?" in h.page.inner_text(".sw-root")
    assert "sw-main" in (h.page.get_attribute(".sw-btn-review-playon", "class") or "")
    # Esc returns to the game, exactly as it was
    seq = h.seq()
    h.page.keyboard.press("Escape")
    h.wait_seq(seq)
    assert w.reviewing is None and h.page.is_visible(".sw-btn-undo")
    assert w.game.history == history and w.game.snapshot() == snap
    assert shown_cards(h) == now
    # looking back again, "Play on from here" plays the stock from the position shown
    seq = h.seq()
    h.page.click(".sw-btn-review")
    h.wait_seq(seq)
    seq = h.seq()
    h.page.locator('.sw-slot[data-pile="s"]').click(force=True)
    h.wait_seq(seq)
    # the offer says what becomes of the later move: kept, one click away
    assert "the 1 move after it is kept as the other line" in h.notice()
    seq = h.seq()
    h.page.click(".sw-btn-review-playon")
    h.wait_seq(seq)
    assert w.reviewing is None and w.game.history == [*history[:4], "draw"]
    # ...and it is: "Other line" (and L) bring it back, and go back again (issue 36,
    # item 8: it used to be deleted, though the words said Redo would bring it back)
    assert h.page.is_visible(".sw-btn-line")
    assert "kept as the other line" in h.notice()
    seq = h.seq()
    h.page.click(".sw-btn-line")
    h.wait_seq(seq)
    assert w.game.history == history
    assert h.notice().startswith("Back on the other line: 1 move after move 4.")
    h.page.focus(".sw-table")
    seq = h.seq()
    h.page.keyboard.press("l")
    h.wait_seq(seq)
    assert w.game.history == [*history[:4], "draw"]
    # another deal: no other line
    seq = h.seq()
    h.page.click(".sw-btn-new")
    h.wait_seq(seq)
    assert h.page.is_hidden(".sw-btn-line")


def test_review_from_python_shows_in_the_page(make_harness):
    w = played(lang="el")
    h = make_harness(w)
    w.review(1)
    h.sync()
    h.page.wait_for_selector(".sw-root[data-review]")
    assert h.page.inner_text(".sw-review-at") == "1 / 5"
    assert h.page.inner_text(".sw-btn-review-exit") == "Στο παιχνίδι"
    assert h.notice().startswith("Αναδρομή: η θέση μετά από 1 από τις 5 κινήσεις")


def test_statistics_panel_shows_the_figures_of_the_game_on_the_table(make_harness):
    st = Statistics()
    st.record("saratoga", {"draw": 1, "redeals": 2}, won=True, seconds=125, score=52)
    st.record("saratoga", {"draw": 1, "redeals": 2}, won=False, seconds=30, score=17)
    w = SolitaireWidget("saratoga", seed=7, statistics=st)
    h = make_harness(w)
    h.page.click(".sw-btn-more")
    h.page.click(".sw-btn-stats")
    panel = h.page.locator(".sw-stats")
    assert panel.is_visible()
    figures = dict(
        zip(
            panel.locator("dt").all_inner_texts(),
            panel.locator("dd").all_inner_texts(),
            strict=True,
        )
    )
    assert figures == {
        "Played": "2",
        "Won": "1 (50%)",
        "Solved by the computer": "0",
        "Streak": "0",
        "Best streak": "1",
        "Best time": "2:05",
        "Best score": "52",
    }
    h.screenshot("saratoga-statistics")


def test_the_readme_picture_of_review_and_statistics(make_harness):
    """The README's picture of the new parts: a position looked back at, with the
    statistics panel open. SW_DOCS_IMAGES=1 writes it to docs/img as well."""
    import os
    import shutil

    from .harness import ROOT

    st = Statistics()
    opts = {"draw": 1, "redeals": 2}
    for won, seconds, score in [(True, 312, 52), (False, 200, 23), (True, 254, 52)]:
        st.record("saratoga", opts, won=won, seconds=seconds, score=score)
    w = SolitaireWidget("saratoga", seed=7, statistics=st)
    for _ in range(8):
        w.game.play(w.game.hints()[0] if w.game.hints() else w.game.legal_moves[0])
    h = make_harness(w, width=720)
    h.page.click(".sw-btn-more")
    h.page.click(".sw-btn-stats")
    h.page.click(".sw-btn-more")  # the More row closes again; the panel stays
    seq = h.seq()
    h.page.click(".sw-btn-review")
    h.wait_seq(seq)
    for _ in range(3):
        seq = h.seq()
        h.page.click(".sw-btn-review-back")
        h.wait_seq(seq)
    assert w.reviewing == 4 and h.page.is_visible(".sw-stats")
    path = h.screenshot("readme-review-statistics")
    if os.environ.get("SW_DOCS_IMAGES"):
        shutil.copy(path, ROOT / "docs" / "img" / "table-review.png")
