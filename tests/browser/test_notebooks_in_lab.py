"""Every notebook in a real JupyterLab, driven through Chromium: run all cells, see no error and
every widget rendered, then click each game's main board and see both the picture and the
Python-side state change; in each game's notebook, run a variant comparison to its verdicts, with
no control clipped at 1280 px.

Also: no caption or legend of any picture cut off by it, no picture wider than its output (issue #52: the
spiral editor's legend was 1,065 px in an 848 px output), no figure drawn twice; Negen played at the
Rules the report plays and the game saved as a page that opens from disk with the network off; a FEN
turn undone; a Polymer seat played to the end of its table, its end pictures whole, and its saved game
numbering each move once.

Run with ``make browser-test``. Screenshots go to ``reports/browser/`` (ignored by git);
``make browser-test DOCS=1`` also refreshes the README's board pictures in ``docs/img/``.
"""

from __future__ import annotations

import os
import re
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from layout_checks import CUT_PICTURES_JS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
RUN_TIMEOUT = float(os.environ.get("NEGENLAB_BROWSER_TIMEOUT", 900))

# notebook -> (game, the kind of target its main board is clicked on)
MAIN_BOARDS = {
    "01_negen.ipynb": ("negen", "cell"),
    "02_fen.ipynb": ("fen", "edge"),
    "03_polymer.ipynb": ("polymer", "card"),
    "04_necklace.ipynb": ("necklace", "point"),
    "05_negen_balance.ipynb": ("negen-play", "hand"),
}

_NOTEBOOK_JS = "window.jupyterapp.shell.currentWidget"

_STATE_JS = """() => {
  const panel = NOTEBOOK;
  if (!panel || !panel.content || !panel.sessionContext) return null;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const errors = [];
  for (const c of cells) {
    for (const o of c.model.outputs.toJSON()) {
      if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
    }
  }
  return {
    kernel: kernel ? kernel.status : 'none',
    cells: cells.length,
    done: cells.filter(c => c.model.executionCount !== null).length,
    running: Array.from(panel.node.querySelectorAll('.jp-InputPrompt')).filter(n => n.textContent.includes('*')).length,
    errors: errors,
  };
}""".replace("NOTEBOOK", _NOTEBOOK_JS)


def _open(page, lab, name):
    page.goto(f"{lab}/lab/tree/notebooks/{name}?reset")  # ?reset: no tabs restored from an earlier page
    page.wait_for_function(
        "() => window.jupyterapp && window.jupyterapp.shell.currentWidget && "
        f"{_NOTEBOOK_JS}.context && {_NOTEBOOK_JS}.context.isReady && "
        f"{_NOTEBOOK_JS}.context.path === 'notebooks/{name}'",
        timeout=120_000,
    )
    page.wait_for_function(
        f"() => {_NOTEBOOK_JS}.sessionContext.session && "
        f"{_NOTEBOOK_JS}.sessionContext.session.kernel && "
        f"{_NOTEBOOK_JS}.sessionContext.session.kernel.status === 'idle'",
        timeout=120_000,
    )


def _run_all(page, name):
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    deadline = time.time() + RUN_TIMEOUT
    state = None
    while time.time() < deadline:
        state = page.evaluate(_STATE_JS)
        if state["errors"]:
            pytest.fail(f"{name}: error output: {state['errors']}")
        if state["done"] == state["cells"] and state["running"] == 0 and state["kernel"] == "idle":
            return state
        time.sleep(1)
    pytest.fail(f"{name}: cells still running after {RUN_TIMEOUT:.0f} s: {state}")


def _check_widgets_rendered(page, name):
    """No 'Error displaying widget', and every widget view (boards included) has rendered."""
    deadline = time.time() + 60
    while True:
        text = page.inner_text(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook")
        broken = page.evaluate("""() => Array.from(document.querySelectorAll(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]'))
            .filter(n => n.children.length === 0).length""")
        boards_pending = page.evaluate(
            "() => Array.from(document.querySelectorAll('.nl-board')).filter(n => n.dataset.ready !== '1').length"
        )
        loading = "Loading widget" in text
        if "Error displaying widget" in text:
            pytest.fail(f"{name}: 'Error displaying widget' in the notebook")
        if not broken and not boards_pending and not loading:
            return
        if time.time() > deadline:
            pytest.fail(
                f"{name}: widgets never rendered ({broken} empty views, {boards_pending} boards, "
                f"loading text: {loading})"
            )
        time.sleep(0.5)


def _main_board(page, kind):
    boards = page.locator(".nl-board").filter(has=page.locator(f'.nl-legal[data-target^="{kind}:"]'))
    assert boards.count() >= 1, f"no board with a clickable {kind!r} target"
    return boards.first


def _click_and_see_change(page, board, kind, name):
    stage_before = board.locator(".nl-stage").inner_html()
    status_before = board.locator(".nl-status").inner_text()
    legal = board.locator(f'.nl-legal[data-target^="{kind}:"]')
    chosen = legal.first.get_attribute("data-target")
    legal.first.scroll_into_view_if_needed()
    legal.first.click(force=True)
    try:
        page.wait_for_function(
            """([el, stage, status]) => el.querySelector('.nl-stage').innerHTML !== stage &&
                 el.querySelector('.nl-status').innerText !== status""",
            arg=[board.element_handle(), stage_before, status_before],
            timeout=120_000,
        )
    except Exception:  # playwright's TimeoutError; report what the board shows
        pytest.fail(
            f"{name}: clicking {chosen} did not change both picture and status; "
            f"status {board.locator('.nl-status').inner_text()!r}, "
            f"error {board.locator('.nl-error').inner_text()!r}"
        )
    error = board.locator(".nl-error").inner_text()
    assert not error.strip(), f"{name}: clicking {chosen} showed the error {error!r}"
    return chosen, status_before, board.locator(".nl-status").inner_text()


def _targets_do_not_overlap(page, board):
    """Every target is the topmost element at the centre of its own box: nothing covers it."""
    hidden = board.evaluate("""(el) => {
      const out = [];
      for (const n of el.querySelectorAll('.nl-stage [data-target]')) {
        const r = n.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        let hit = document.elementFromPoint(x, y);
        while (hit && hit !== el && !(hit.dataset && hit.dataset.target)) hit = hit.parentNode;
        if (!hit || hit.dataset.target !== n.dataset.target) out.push(n.dataset.target + ' under ' +
            (hit && hit.dataset ? hit.dataset.target : 'nothing'));
      }
      return out;
    }""")
    assert not hidden, f"targets covered by other targets at their centres: {hidden[:10]}"


_CLIPPED_TEXT_JS = """(root) => {
  const out = [];
  for (const svg of root.querySelectorAll('.nl-board .nl-stage svg, .nl-board .nl-gallery svg')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) continue;
    for (const t of svg.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > box.right + 1 || r.left < box.left - 1 || r.bottom > box.bottom + 1)
        out.push(t.textContent.trim().slice(0, 60));
    }
  }
  return out;
}"""

_TWICE_JS = """() => {
  const out = [];
  const cells = NOTEBOOK.content.widgets.filter(c => c.model.type === 'code');
  cells.forEach((c, i) => {
    const pictures = c.model.outputs.toJSON().map(o => (o.data || {})['image/png']).filter(Boolean);
    if (new Set(pictures).size < pictures.length) out.push(i);
  });
  return out;
}""".replace("NOTEBOOK", _NOTEBOOK_JS)


def _cut_pictures(page, root=None):
    """Pictures in the notebook's outputs (boards, legends, widgets' HTML) wider than their output, or with
    text cut by the picture (:data:`layout_checks.CUT_PICTURES_JS`)."""
    root = root or page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").element_handle()
    return page.evaluate(CUT_PICTURES_JS, [root, ".jp-OutputArea-output"])


def _no_clipped_captions_nor_figures_twice(page, name):
    """Every caption and legend of a board lies inside its picture; no picture of an output is wider than the
    output or cuts its text; no code cell shows one figure twice."""
    clipped = page.evaluate(_CLIPPED_TEXT_JS, page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)").element_handle())
    assert not clipped, f"{name}: board captions cut by their picture: {clipped[:5]}"
    cut = _cut_pictures(page)
    assert not cut, f"{name}: pictures cut or wider than their output at 1280 px: {cut[:5]}"
    twice = page.evaluate(_TWICE_JS)
    assert not twice, f"{name}: code cells (counted among code cells from 0) drawing one figure twice: {twice}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(page, lab, shots, name):
    _open(page, lab, name)
    state = _run_all(page, name)
    assert state["cells"] > 0
    _check_widgets_rendered(page, name)
    _no_clipped_captions_nor_figures_twice(page, name)
    page.screenshot(path=str(shots / f"{name}.png"), full_page=False)
    if name not in MAIN_BOARDS:
        return
    game, kind = MAIN_BOARDS[name]
    board = _main_board(page, kind)
    board.scroll_into_view_if_needed()
    if game == "fen":
        _targets_do_not_overlap(page, board)
    chosen, before, after = _click_and_see_change(page, board, kind, name)
    print(f"{name}: clicked {chosen}; status {before!r} -> {after!r}")
    if game == "necklace":  # the MCTS answered: the line under its move says why, points counted from 1
        why = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .nl-why").first
        why.wait_for(state="visible")
        assert re.search(r"played row [1-9]\d*, col [1-9]\d* after \d+ simulations", why.inner_text()), why.inner_text()
    board.screenshot(path=str(shots / f"board-{game}.png"))
    if os.environ.get("NEGENLAB_DOCS_SHOTS"):
        (ROOT / "docs" / "img").mkdir(parents=True, exist_ok=True)
        board.screenshot(path=str(ROOT / "docs" / "img" / f"board-{game}.png"))


# notebook -> what its variant widget is run with (fast agents where the default's are slow)
VARIANTS = {
    "02_fen.ipynb": {"pie_rule": "false"},
    "03_polymer.ipynb": {"players": "6", "agents": "no_trade"},
    "04_necklace.ipynb": {"size": "5", "agents": "random"},
    "05_negen_balance.ipynb": {"target_score": "3"},
}


def _clipped_controls(page):
    """Buttons, toggle buttons and legends whose text does not fit their box, or that reach past
    the right edge of the page (at 1280 px)."""
    return page.evaluate("""() => {
      const out = [];
      const width = document.documentElement.clientWidth;
      for (const n of document.querySelectorAll(
          '.jp-NotebookPanel:not(.lm-mod-hidden) .jupyter-widgets button, ' +
          '.jp-NotebookPanel:not(.lm-mod-hidden) .nl-board .nl-legend')) {
        const r = n.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;  // not shown
        if (n.scrollWidth > n.clientWidth + 1 || r.right > width + 1)
          out.push((n.innerText || n.className).trim().slice(0, 40));
      }
      return out;
    }""")


def _field(page, widget, field):
    labelled = page.locator(f"label:text-is('{field}')")
    choice = widget.locator(".widget-dropdown").filter(has=labelled)
    if choice.count():  # fixed choices are dropdowns
        return choice.locator("select")
    return widget.locator(".widget-text").filter(has=labelled).locator("input")


def _field_value(page, widget, field):
    box = _field(page, widget, field)
    if box.evaluate("(el) => el.tagName") == "SELECT":
        return box.evaluate("(el) => el.options[el.selectedIndex].text")
    return box.input_value()


def _set_field(page, widget, field, value):
    """Type or pick ``value`` (None: anything else than now); returns the value set."""
    box = _field(page, widget, field)
    if box.evaluate("(el) => el.tagName") == "SELECT":
        options = box.evaluate("(el) => Array.from(el.options).map(o => o.text)")
        value = value if value is not None else next(o for o in options if o != _field_value(page, widget, field))
        box.select_option(label=value)
    else:
        value = value if value is not None else _field_value(page, widget, field) + "9"
        box.fill(value)
        box.press("Enter")
    return value


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_widget_reaches_a_verdict(page, lab, shots, name, tmp_path):
    _open(page, lab, name)
    _run_all(page, name)
    _check_widgets_rendered(page, name)
    clipped = _clipped_controls(page)
    assert not clipped, f"{name}: controls clipped or past the page's edge at 1280 px: {clipped}"
    widget = page.locator(".nl-variant").first
    widget.scroll_into_view_if_needed()
    for field, value in VARIANTS[name].items():
        _set_field(page, widget, field, value)
    widget.get_by_role("button", name="Save variant").click()  # keep it, spoil it, load it back
    widget.locator("code").filter(has_text=".json").first.wait_for(timeout=30_000)
    spoiled = dict.fromkeys((f for f in VARIANTS[name] if f != "agents"), None)
    for field in spoiled:
        spoiled[field] = _set_field(page, widget, field, None)
    widget.get_by_role("button", name="Load variant").click()
    page.wait_for_function("(el) => /loaded the variant/.test(el.innerText)", arg=widget.element_handle())
    for field, value in VARIANTS[name].items():
        assert _field_value(page, widget, field) == value, f"{name}: Load variant left {field} at {spoiled.get(field)}"
    widget.get_by_role("button", name="Run", exact=True).click()
    verdicts = widget.locator(".nl-variant-verdicts")
    page.wait_for_function(
        "(el) => /holds|fails|undecided|depends|quick screen|not asked/.test(el.innerText)",
        arg=verdicts.element_handle(),
        timeout=600_000,
    )
    first = verdicts.locator("li").first.inner_text().replace("\n", " | ")
    print(f"{name}: variant {VARIANTS[name]} -> {first[:120]!r}")
    heading = verdicts.locator("strong").first.inner_text()
    assert heading == "What your change touches", f"{name}: the verdicts open with {heading!r}, not the touched claims"
    assert "Error" not in widget.inner_text(), f"{name}: the variant widget shows an error: {widget.inner_text()[:300]}"
    widget.screenshot(path=str(shots / f"variant-{name}.png"))
    text, _ = _saved_file_opens_offline(page, lab, widget, name, "Save page", "code:text-matches('[.]html$')", tmp_path)
    lines = ("holds", "fails", "undecided", "depends", "quick screen", "not asked")  # a variant run is a quick screen
    assert "erdicts" in text and any(v in text for v in lines), text[:300]


# the PlayRound cell of notebook 05 (the Rules the report plays), rebuilt here to know which clicks make a legal turn
PLAY_ROUND = {"opponents": ("closer", "closer"), "seed": 1}


def _clicks_to_a_legal_turn(builder, depth=2):
    """Board-die and cell clicks [(hand index, cell), ...] after which the draft is a legal end."""
    for j, v in enumerate(sorted(builder.hand)):
        for cell in sorted(builder.frontier()):
            trial = builder.copy().add(v, cell)
            p = trial.progress()
            if p.legal_now:
                return [(j, cell)]
            if depth > 1 and p.can_end_legal:
                rest = _clicks_to_a_legal_turn(trial, depth - 1)
                if rest:
                    return [(j, cell), *rest]
    return None


def _press(page, board, target):
    """Click ``target`` and wait for its answer: the picture and the status line (sent last) both changed."""
    before = board.locator(".nl-stage").inner_html()
    status = board.locator(".nl-status").inner_text()
    board.locator(f'.nl-legal[data-target="{target}"]').first.click(force=True)
    page.wait_for_function(
        "([el, s, t]) => el.querySelector('.nl-stage').innerHTML !== s && el.querySelector('.nl-status').innerText !== t",
        arg=[board.element_handle(), before, status],
        timeout=60_000,
    )
    error = board.locator(".nl-error").inner_text().strip()
    assert not error, f"clicking {target} showed {error!r}"


def _saved_file_opens_offline(page, lab, widget, name, button, status_css, folder, moves=None):
    """``button`` writes one HTML file beside the notebook (the status names it in ``status_css``); fetched from
    the lab's copy of ``notebooks/`` into ``folder`` and opened from disk in a browser with the network off, it
    shows whole: nothing asked of the network, nothing wider than 1280 px, no picture cutting its text.
    Returns the page's text and its number of pictures; ``moves`` (a list) gets the texts of its move list's
    items."""
    widget.get_by_role("button", name=button).click()
    status = widget.locator(status_css).first
    status.wait_for(timeout=60_000)
    named = status.inner_text().strip()
    url = f"{lab}/files/notebooks/{urllib.parse.quote(named)}"
    with urllib.request.urlopen(url, timeout=30) as response:  # the file the kernel wrote, beside the notebook
        saved = folder / Path(named).name
        saved.write_bytes(response.read())
    context = page.context.browser.new_context(offline=True, viewport={"width": 1280, "height": 900})
    try:
        offline = context.new_page()
        failed = []
        offline.on("requestfailed", lambda r: failed.append(r.url))
        offline.goto(saved.as_uri())
        offline.wait_for_load_state("load")
        text = offline.inner_text("body")
        assert not failed, f"{name}: the saved file asks the network for {failed[:3]}"
        wide = offline.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 1280, f"{name}: the saved file is {wide} px wide at 1280 px"
        cut = offline.evaluate(CUT_PICTURES_JS, [offline.locator("body").element_handle(), "body"])
        assert not cut, f"{name}: the saved file's pictures are cut: {cut[:5]}"
        if moves is not None:
            moves.extend(offline.locator("ol.moves > li").all_inner_texts())
        svgs = offline.locator("svg").count()
        print(f"{name}: {button} wrote {saved.name}, opened offline ({len(text)} characters, {svgs} pictures)")
        return text, svgs
    finally:
        context.close()


def test_negen_turn_built_by_hand_then_refused_and_rerolled(page, lab, shots, tmp_path):
    from negenlab.negen import Rules
    from negenlab.negen.widgets import PlayRound

    name = "05_negen_balance.ipynb"
    _open(page, lab, name)
    _run_all(page, name)
    _check_widgets_rendered(page, name)
    mirror = PlayRound(Rules(), PLAY_ROUND["opponents"], seed=PLAY_ROUND["seed"])  # target 2, a pool of 60
    clicks = _clicks_to_a_legal_turn(mirror.builder)
    assert clicks, "no legal turn of one or two dice to build in the notebook's first position"
    first = _main_board(page, "hand").element_handle()
    index = page.locator(".nl-board").evaluate_all("(els, el) => els.indexOf(el)", first)
    board = page.locator(".nl-board").nth(index)  # the same board whatever it offers later
    play = (  # the play widget: the innermost container of its buttons
        page.locator(".jupyter-widgets")
        .filter(has=page.get_by_role("button", name="End turn"))
        .filter(has=page.get_by_role("button", name="new game"))
        .last
    )
    board.scroll_into_view_if_needed()
    opening = board.locator(".nl-status").inner_text()
    assert f"pool {mirror.state.pool} dice left" in opening and mirror.state.pool > 40, (
        opening
    )  # not the toy pool of 22
    for j, (r, c) in clicks:
        _press(page, board, f"hand:{j}")
        _press(page, board, f"cell:{r}:{c}")
    status = board.locator(".nl-status").inner_text()
    assert "legal now: End turn" in status, status
    board.screenshot(path=str(shots / "negen-built-turn.png"))
    if os.environ.get("NEGENLAB_DOCS_SHOTS"):
        board.screenshot(path=str(ROOT / "docs" / "img" / "board-negen-built-turn.png"))
    before = board.locator(".nl-stage").inner_html()
    play.get_by_role("button", name="End turn").click()
    page.wait_for_function(
        "([el, s]) => el.querySelector('.nl-stage').innerHTML !== s && "
        "/turn [0-9]+ · your move|game over/.test(el.querySelector('.nl-status').innerText)",
        arg=[board.element_handle(), before],
        timeout=120_000,
    )
    after = board.locator(".nl-status").inner_text()
    assert not board.locator(".nl-error").inner_text().strip()
    print(
        f"{name}: built a turn by hand ({len(clicks)} dice: "
        f"{', '.join(f'hand:{j} -> cell:{r}:{c}' for j, (r, c) in clicks)}) and ended it; status now {after[:90]!r}"
    )
    text, svgs = _saved_file_opens_offline(page, lab, play, name, "Save game", ".nl-saved code", tmp_path)
    assert "round 1, turn 1" in text and "seed" in text and svgs >= 1, text[:300]
    if "game over" in after:
        play.get_by_role("button", name="new game").click()
        page.wait_for_function(
            "(el) => /your move/.test(el.querySelector('.nl-status').innerText)",
            arg=board.element_handle(),
            timeout=120_000,
        )
    play.get_by_role("button", name="Refuse").click()
    page.wait_for_function(
        "(el) => /you refused/.test(el.querySelector('.nl-status').innerText)",
        arg=board.element_handle(),
        timeout=120_000,
    )
    _press(page, board, "reroll:0")
    marked = board.locator(".nl-status").inner_text()
    assert "marked: none" not in marked, marked
    play.get_by_role("button", name="re-roll").click()
    page.wait_for_function(
        "(el) => /your move|game over/.test(el.querySelector('.nl-status').innerText)",
        arg=board.element_handle(),
        timeout=120_000,
    )
    assert not board.locator(".nl-error").inner_text().strip()
    print(
        f"{name}: refused, marked the first board die, re-rolled; status now "
        f"{board.locator('.nl-status').inner_text()[:90]!r}"
    )


# the play_board cell of notebook 02 with "triangle:3" picked from its board menu, rebuilt here to know which
# clicks lead to a capture
FEN_PLAY = {"board": "triangle:3", "agent": "greedy", "seed": 0}
# the FEN board's marks: faces you can capture (dashed green), the opponent's (hatched), captured ones
_FEN_MARKS_JS = (
    "(el) => ({mine: el.querySelectorAll('.nl-stage polygon[stroke=\"#2a2\"]').length, "
    "theirs: el.querySelectorAll('.nl-stage polygon[fill^=\"url(#fen-hatch\"]').length, "
    "captured: Array.from(el.querySelectorAll('.nl-stage title')).filter("
    "t => t.textContent.startsWith('captured by')).length})"
)


def _clicks_to_a_capture(pb, seed=4):
    """Clicks (board targets) after which the human (red) may capture at the start of its turn, each
    with the status the board shows after it."""
    import numpy as np

    rng = np.random.default_rng(seed)
    b = pb.game.board
    clicks = []
    while not pb.state.is_terminal():
        s = pb.state
        if s.current_player == 0 and s.phase == 0 and s.eligible_faces(0):
            return clicks
        legal = [a for a in s.legal_actions() if a < b.FACE0]
        action = legal[int(rng.integers(len(legal)))]
        pb.click(action)
        clicks.append((pb.target_of(action), pb.view.status))
    return None


def test_fen_capture_marks_change_after_a_capture(page, lab, shots):
    from negenlab.fen.widgets import PLAY_BOARDS, PlayableBoard

    name = "02_fen.ipynb"
    _open(page, lab, name)
    _run_all(page, name)
    _check_widgets_rendered(page, name)
    mirror = PlayableBoard(FEN_PLAY["board"], agent=FEN_PLAY["agent"], seed=FEN_PLAY["seed"])
    clicks = _clicks_to_a_capture(mirror)
    assert clicks is not None, "the scripted game never let red capture"
    first = _main_board(page, "edge").element_handle()
    index = page.locator(".nl-board").evaluate_all("(els, el) => els.indexOf(el)", first)
    board = page.locator(".nl-board").nth(index)
    board.evaluate(  # the play widget around this board: the closest container holding its seed controls
        """(el) => { let n = el.parentElement;
             while (n && !Array.from(n.querySelectorAll('button')).some(b => b.innerText.trim() === 'replay seed'))
               n = n.parentElement;
             if (n) n.dataset.nlPlay = 'fen'; }"""
    )
    play = page.locator('[data-nl-play="fen"]')
    play.scroll_into_view_if_needed()
    assert board.locator('[data-target="face:48"]').count() == 1  # the 49 triangles of the standard board
    before = board.locator(".nl-stage").inner_html()
    play.locator("select").first.select_option(label=PLAY_BOARDS[FEN_PLAY["board"]])
    page.wait_for_function(
        "([el, s]) => el.querySelector('.nl-stage').innerHTML !== s",
        arg=[board.element_handle(), before],
        timeout=60_000,
    )
    board.scroll_into_view_if_needed()
    for target, status in clicks:
        board.locator(f'.nl-legal[data-target="{target}"]').first.click(force=True)
        page.wait_for_function(
            "([el, s]) => el.querySelector('.nl-status').innerText === s",
            arg=[board.element_handle(), status],
            timeout=60_000,
        )
    marks = board.evaluate(_FEN_MARKS_JS)
    assert marks["mine"] >= 1, marks
    face = mirror.state.eligible_faces(0)[0]
    board.screenshot(path=str(shots / "fen-before-capture.png"))
    before = board.locator(".nl-stage").inner_html()
    board.locator(f'.nl-legal[data-target="face:{face}"]').first.click(force=True)
    page.wait_for_function(
        "([el, s]) => el.querySelector('.nl-stage').innerHTML !== s",
        arg=[board.element_handle(), before],
        timeout=60_000,
    )
    after = board.evaluate(_FEN_MARKS_JS)
    assert not board.locator(".nl-error").inner_text().strip()
    assert after["captured"] > marks["captured"] and after != marks, (marks, after)
    board.screenshot(path=str(shots / "fen-after-capture.png"))
    before = board.locator(".nl-stage").inner_html()
    play.get_by_role("button", name="undo", exact=True).click()  # back to the start of this turn: no capture
    page.wait_for_function(
        "([el, s]) => el.querySelector('.nl-stage').innerHTML !== s",
        arg=[board.element_handle(), before],
        timeout=60_000,
    )
    undone = board.evaluate(_FEN_MARKS_JS)
    assert undone == marks and not board.locator(".nl-error").inner_text().strip(), (marks, undone)
    print(f"{name}: undo took the capture back; marks {after} -> {undone}")
    if os.environ.get("NEGENLAB_DOCS_SHOTS"):
        board.screenshot(path=str(ROOT / "docs" / "img" / "board-fen-capture.png"))
    print(
        f"{name}: after {len(clicks)} scripted clicks red captured a face; marks (yours dashed, theirs hatched, "
        f"captured) {marks['mine']}, {marks['theirs']}, {marks['captured']} -> "
        f"{after['mine']}, {after['theirs']}, {after['captured']}"
    )


def test_polymer_seat_widget_plays_a_trade(page, lab, shots, tmp_path):
    import sys

    from negenlab.polymer.cards import Card
    from negenlab.polymer.widgets import SeatTable

    sys.path.insert(0, str(ROOT / "tests" / "polymer"))
    from test_widgets import _accepted_ask  # the same search the unit test uses

    name = "03_polymer.ipynb"
    _open(page, lab, name)
    _run_all(page, name)
    _check_widgets_rendered(page, name)
    mirror = SeatTable(seed=3)  # the notebook's seat_table(seed=3)
    i, route, t = _accepted_ask(mirror)
    first = page.locator(".nl-board").filter(has_text="your longest polymer").first.element_handle()
    index = page.locator(".nl-board").evaluate_all("(els, el) => els.indexOf(el)", first)
    board = page.locator(".nl-board").nth(index)
    seat = (  # the seat widget: the innermost container of its controls and board
        page.locator(".jupyter-widgets")
        .filter(has=page.get_by_role("button", name="ask", exact=True))
        .filter(has=page.locator(".nl-board"))
        .last
    )

    board.scroll_into_view_if_needed()
    _press(page, board, f"card:{i}")
    seat.locator("select").nth(0).select_option(label=mirror._route_name(*route))
    seat.locator("select").nth(1).select_option(label=Card.from_index(t).pretty)
    seat.get_by_role("button", name="ask", exact=True).click()
    page.wait_for_function(
        "(el) => /seat 1 \\(first\\) and seat \\d+ swap/.test(el.innerText)", arg=seat.element_handle(), timeout=60_000
    )
    assert not board.locator(".nl-error").inner_text().strip()
    seat.screenshot(path=str(shots / "polymer-seat.png"))
    if os.environ.get("NEGENLAB_DOCS_SHOTS"):
        board.screenshot(path=str(ROOT / "docs" / "img" / "board-polymer-seat.png"))
    line = next(x for x in seat.inner_text().splitlines() if "seat 1 (first) and" in x)
    print(f"{name}: seat 1 gave card {i} for a {Card.from_index(t).pretty} from {mirror._route_name(*route)}: {line!r}")
    _saved_moves_numbered_once(page, lab, seat, name, tmp_path)
    turns = _play_seat_to_the_end(page, seat, board)
    end = seat.locator(".nl-end")
    end.scroll_into_view_if_needed()
    assert end.locator("svg").count() >= 2, "the end of the table lays out no polymer"
    cut = _cut_pictures(page, seat.element_handle())
    assert not cut, f"{name}: the end of the table cuts its pictures (legends past their polymer): {cut[:5]}"
    seat.screenshot(path=str(shots / "polymer-seat-end.png"))
    print(f"{name}: played to the end of the table in {turns} clicks; {end.locator('svg').count()} end pictures whole")
    _saved_moves_numbered_once(page, lab, seat, name, tmp_path)


def _saved_moves_numbered_once(page, lab, seat, name, folder):
    """The seat's Save game writes a page whose move list numbers each move once (the list's own numbers; the
    issue's saved game read '1. 1. seat 2 says ...')."""
    moves: list[str] = []
    text, _ = _saved_file_opens_offline(page, lab, seat, name, "Save game", ".nl-saved code", folder, moves=moves)
    assert moves, f"{name}: the saved game lists no moves: {text[:300]}"
    twice = [m for m in moves if re.match(r"\s*\d+\.\s", m)]
    assert not twice, f"{name}: the saved game numbers moves twice: {twice[:3]}"
    print(f"{name}: the saved game lists {len(moves)} moves, each numbered once; the first {moves[0]!r}")


def _play_seat_to_the_end(page, seat, board, limit: int = 400) -> int:
    """Pass and refuse (returning the first card asked when a loan is called in) until trading is over;
    return the clicks made."""
    for clicks in range(limit):
        if board.locator(".nl-status").inner_text().startswith("trading over"):
            return clicks
        before = seat.inner_text()
        for button in ("reject", "pass"):
            control = seat.get_by_role("button", name=button, exact=True)
            if control.is_enabled():
                control.click()
                break
        else:  # a loan called in: click a card to return
            board.locator('.nl-legal[data-target^="card:"]').first.click(force=True)
        page.wait_for_function(  # changed, and the agents done ("the agents are trading…" gone)
            "([el, t]) => el.innerText !== t && !el.querySelector('.nl-busy').innerText.trim()",
            arg=[seat.element_handle(), before],
            timeout=60_000,
        )
        error = board.locator(".nl-error").inner_text().strip()
        assert not error, f"playing the seat to the end showed {error!r}"
    pytest.fail(f"the table was not over after {limit} clicks: {board.locator('.nl-status').inner_text()!r}")
