"""The terminal player's keys (space, arrows, q: scripted, and in a real tmux session), its row
and column labels, the compact layout's claims made false, and colours readable on dark and on
light terminals."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import trace
from satdoku.rules._steps import Rule

rich_console = pytest.importorskip("rich.console")
rich_style = pytest.importorskip("rich.style")
terminal_player = pytest.importorskip("satdoku.views._terminal_player")
terminal_board = pytest.importorskip("satdoku.views._terminal_board")
terminal_layout = pytest.importorskip("satdoku.views._terminal_layout")
terminal_keys = pytest.importorskip("satdoku.views._terminal_keys")

Key = terminal_keys.Key
HARD = "................12..3.45........65.4.1.......7...8.......1...7...9...8...4...2..."
EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "examples"


def _console(width: int = 110, height: int = 50) -> Any:
    return rich_console.Console(
        file=io.StringIO(),
        width=width,
        height=height,
        force_terminal=True,
        color_system="truecolor",
        record=True,
    )


class Script:
    """Keys pressed one after another, each before the next step is due; then the time runs
    out at each wait (q when the player waits for a key for ever)."""

    def __init__(self, keys: list[Any]) -> None:
        self.keys = list(keys)
        self.waits: list[float | None] = []

    def read(self, timeout: float | None) -> Any:
        self.waits.append(timeout)
        if self.keys:
            return self.keys.pop(0)
        return None if timeout is not None else Key.QUIT


def _titles(text: str) -> list[str]:
    return re.findall(r"step \d+ / \d+[^\n]*", text)


def test_scripted_keys_pause_step_and_quit() -> None:
    t = trace(parse_line(HARD), search=True)
    total = len(t.steps)
    script = Script([Key.PAUSE, Key.RIGHT, Key.RIGHT, Key.RIGHT, Key.LEFT, Key.OTHER, Key.QUIT])
    console = _console()
    played = terminal_player.play(t, console, delay=5, keys=script)
    assert played == terminal_player.Played(2, total, False, quit=True)
    text = console.export_text()
    titles = _titles(text)
    steps = [int(re.match(r"step (\d+)", x).group(1)) for x in titles]  # type: ignore[union-attr]
    # start, paused at 0, three steps forward, one back (then the last frame left on screen)
    assert steps == [0, 0, 1, 2, 3, 2, 2]
    assert all("paused" in x for x in titles[1:])
    assert script.waits[0] is not None and script.waits[0] <= 5  # playing: a step is due
    assert script.waits[1:] == [None] * 6  # paused: wait for a key
    assert terminal_player.KEYS_HELP in text


def test_scripted_keys_resume_to_the_end() -> None:
    t = trace(parse_line("1..."))
    script = Script([Key.PAUSE, Key.PAUSE])
    played = terminal_player.play(t, _console(), delay=0, keys=script)
    assert played == terminal_player.Played(len(t.steps), len(t.steps), False)
    assert len(script.waits) == len(t.steps) + 2  # two keys, then one timed step each


EARLY_BACKTRACK = "..............6.2...2......14...43.."
"""A 6x6 puzzle whose search backtracks at step 40 (the 9x9 above only at step 202): as few
frames as possible to step through before going back over a backtrack."""


def test_arrows_rebuild_the_state_going_back() -> None:
    t = trace(parse_line(EARLY_BACKTRACK), search=True)
    back = next(k for k, s in enumerate(t.steps, 1) if s.rule is Rule.BACKTRACK)
    script = Script([Key.PAUSE] + [Key.RIGHT] * back + [Key.LEFT] * 3 + [Key.RIGHT] * 3)
    console = _console()
    terminal_player.play(t, console, delay=1, keys=script)
    frames = console.export_text().split("satdoku · ")[1:-1]  # the last is left on screen
    assert f"step {back} / " in frames[-1] and f"step {back - 3} / " in frames[-4]
    assert frames[-1] != frames[-4]
    assert frames[-1] == frames[-7]  # three back and three forward: the same frame again


# --- labels, the compact layout, colours --------------------------------------------------------


@pytest.mark.parametrize(("n", "layout"), [(9, 0), (9, 3), (16, 3), (25, 3)])
def test_rows_and_columns_are_numbered(n: int, layout: int) -> None:
    text = next(
        x for x in (EXAMPLES / f"sudoku{n}.txt").read_text().splitlines() if x[:1] not in "#"
    )
    alphabet = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXY") if n == 25 else Alphabet()
    puzzle = parse_line(text, alphabet=alphabet)
    t = trace(puzzle, max_steps=50)
    chosen = terminal_layout.LAYOUTS[layout]
    board = terminal_board.board_text(
        t.state(50), puzzle.shape, chosen, step=t.steps[-1], alphabet=alphabet, labels=True
    ).plain.splitlines()
    figures = len(str(n))
    cw = chosen.cell(n, 1)[0]
    heads = board[: 1 if figures <= cw else figures]
    assert all(re.fullmatch(r"[ \d]+", h) for h in heads)
    if len(heads) == 1:
        assert heads[0].split() == [str(c) for c in range(1, n + 1)]
    else:  # one figure a line: the tens above the units
        columns = ["".join(h[i] for h in heads).strip() for i in range(len(heads[0]))]
        assert [c for c in columns if c] == [str(c) for c in range(1, n + 1)]
    numbered = [re.match(r" *(\d+) [┃│]", x) for x in board]
    assert [int(m.group(1)) for m in numbered if m] == list(range(1, n + 1))
    assert terminal_layout.LAYOUTS[layout].size(puzzle.shape, alphabet, labels=True) == (
        max(len(x) for x in board),
        len(board),
    )


def test_the_compact_layout_names_the_claims_made_false() -> None:
    t = trace(parse_line(HARD), search=True)
    console = rich_console.Console(width=80, height=24, color_system=None)
    layout = terminal_layout.choose_layout(t.puzzle.shape, 80, 24)
    assert layout.name == "values"
    k, step = next(
        (k, s)
        for k, s in enumerate(t.steps, 1)
        if s.rule is Rule.ONE and s.axiom is not None and s.axiom.is_cell
    )
    with console.capture() as cap:
        console.print(terminal_player.frame(t, k, t.state(k), console=console))
    out = cap.get()
    line = next(x for x in out.splitlines() if x.startswith("made false: "))
    assert line == "made false: " + ", ".join(c.label() for c in step.claims)
    assert len(out.splitlines()) <= 24 and "(elimination)" in out


def _luminance(triplet: Any) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = triplet
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: Any, b: Any) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


BLACK, WHITE = (0, 0, 0), (255, 255, 255)


@pytest.mark.parametrize(
    "name",
    [
        "GIVEN_STYLE",
        "DOT_STYLE",
        "TRUE_STYLE",
        "FALSE_STYLE",
        "BECAUSE_STYLE",
        "DERIVED_STYLE",
        "TENTATIVE_STYLE",
        "LABEL_STYLE",
    ],
)
def test_marks_read_on_dark_and_light_terminals(name: str) -> None:
    """A mark with its own background has contrast with it; one without, with black and white."""
    style = rich_style.Style.parse(getattr(terminal_board, name))
    if style.color is not None:  # else the terminal's own colour: readable on its own background
        fg = style.color.get_truecolor()
        if style.bgcolor is not None:
            assert _contrast(fg, style.bgcolor.get_truecolor()) >= 4.5
        else:
            assert min(_contrast(fg, BLACK), _contrast(fg, WHITE)) >= 3.0
    for shade, least in ((terminal_board.AXIOM_STYLE, 3.0), (terminal_board.AXIOM_BAD_STYLE, 2.5)):
        over = rich_style.Style.parse(f"{shade} {getattr(terminal_board, name)}")  # as drawn
        assert over.color is not None and over.bgcolor is not None
        assert _contrast(over.color.get_truecolor(), over.bgcolor.get_truecolor()) >= least


# --- the keys in a real terminal: tmux ---------------------------------------------------------


def _tmux(*args: str) -> str:
    return subprocess.run(
        ["tmux", "-L", "satdoku-test", *args], capture_output=True, text=True, timeout=30
    ).stdout


def _screen_step(deadline: float, want: Any = None) -> tuple[int, str]:
    """Return the step number on the screen (and the screen), waiting for ``want`` if given."""
    while True:
        screen = _tmux("capture-pane", "-p", "-t", "play")
        m = re.search(r"step (\d+) / 372", screen)
        whole = "q quit" in screen  # a frame drawn to its last line
        if m and whole and (want is None or want(int(m.group(1)), screen)):
            time.sleep(0.05)
            if _tmux("capture-pane", "-p", "-t", "play") == screen:  # not in mid-redraw
                return int(m.group(1)), screen
        if time.monotonic() > deadline:
            raise AssertionError(f"the screen never showed what was wanted:\n{screen}")
        time.sleep(0.1)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux (apt-get install tmux)")
def test_play_keys_in_tmux(tmp_path: Path) -> None:
    """``satdoku step --play`` in tmux: space pauses, → and ← step, space resumes, q quits (0)."""
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(HARD + "\n")
    done = tmp_path / "status"
    command = (  # the size is the window's (tmux passes on the COLUMNS pytest may have set)
        f"env -u COLUMNS -u LINES {sys.executable} -m satdoku step {puzzle} --search --play "
        "--delay 0.15; "
        f"echo $? > {done}; sleep 30"
    )
    _tmux("kill-server")
    _tmux("new-session", "-d", "-s", "play", "-x", "110", "-y", "50", command)
    try:
        deadline = time.monotonic() + 60
        _screen_step(deadline, lambda k, s: k >= 5)
        _tmux("send-keys", "-t", "play", "Space")
        paused, screen = _screen_step(deadline, lambda k, s: "paused" in s)
        time.sleep(1.0)  # paused: no step for a second (the play makes about 6 a second)
        still, _ = _screen_step(deadline)
        assert still == paused
        _tmux("send-keys", "-t", "play", "Right")
        _screen_step(deadline, lambda k, s: k == paused + 1)
        _tmux("send-keys", "-t", "play", "Right")
        _screen_step(deadline, lambda k, s: k == paused + 2)
        _tmux("send-keys", "-t", "play", "Left")
        at, screen = _screen_step(deadline, lambda k, s: k == paused + 1)
        assert "paused" in screen and terminal_player.KEYS_HELP in screen
        assert re.search(r"^1 ┃", screen, re.M) and re.search(r"^9 ┃", screen, re.M)
        assert re.search(r"^ +1 +2 +3 +4 +5 +6 +7 +8 +9$", screen, re.M)
        _tmux("send-keys", "-t", "play", "Space")  # resume
        _screen_step(deadline, lambda k, s: k >= at + 3 and "paused" not in s)
        _tmux("send-keys", "-t", "play", "q")
        while not done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert done.read_text().strip() == "0"
        assert "Traceback" not in _tmux("capture-pane", "-p", "-t", "play")
    finally:
        _tmux("kill-server")
