"""Benchmark of the board widget (prints figures; not a test).

    python -m dendria_widget.bench_widget            # side 9, every overlay on
    python -m dendria_widget.bench_widget --browser  # and click-to-pixels in Chromium

Measures, on the Python side (no browser needed):

- a full redraw of a side-9 board in mid-game with every overlay on: the
  scene build (``render.scene.build_scene``, which asks ``explain``) and the
  drawing commands (``render.canvas.draw_layer`` on the four layers, inside
  one ``hold_canvas``);
- the comm messages one click sends: canvas messages (ipycanvas batches
  every drawing command of a ``hold_canvas`` into one message of its canvas
  manager) and widget state updates (status line, header, move list,
  buttons...), counted by wrapping ``ipywidgets.Widget._send`` and the
  creation of new widget models (comm opens).

Targets (issue 5): a redraw under 20 ms, one canvas message per click.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time
from typing import TYPE_CHECKING, Any, Iterator, Sequence, cast

if TYPE_CHECKING:  # for the type hints only
    from .game import Game


@contextlib.contextmanager
def count_messages() -> Iterator[dict[str, int]]:
    """Count comm messages while the block runs: ``{"canvas": n, "state": n,
    "open": n}`` (canvas: ipycanvas draw batches; state: widget updates and
    custom messages of other widgets; open: new widget models)."""
    import ipywidgets
    from ipycanvas import canvas as ipc

    counts = {"canvas": 0, "state": 0, "open": 0}
    orig_send = ipywidgets.Widget._send
    orig_open = ipywidgets.Widget.open

    def _send(self: Any, msg: Any, buffers: Any = None) -> Any:
        if self is ipc._CANVAS_MANAGER:
            counts["canvas"] += 1
        else:
            counts["state"] += 1
        return orig_send(self, msg, buffers=buffers)

    def _open(self: Any) -> Any:
        counts["open"] += 1
        return orig_open(self)

    ipywidgets.Widget._send = _send
    ipywidgets.Widget.open = _open
    try:
        yield counts
    finally:
        ipywidgets.Widget._send = orig_send
        ipywidgets.Widget.open = orig_open


def midgame(size: int = 9, turns: int = 40, seed: int = 1,
            ruleset: str = "dendria-classic") -> Game:
    """A seeded mid-game: ``turns`` turns of random legal steps (a turn's
    conversions taken when offered, so that forests and dendrids appear)."""
    from .game import Game

    rng = random.Random(seed)
    game = Game(ruleset, size=size)
    done = 0
    while done < turns and not game.is_over:
        legal = game.legal_steps()
        if not game.turn_under_way and game.phase != "opening":   # between turns
            moves = [s for s in legal if s.verb == "move"]
            plants = [s for s in legal if s.verb == "plant"]
            pool = moves if moves and rng.random() < 0.4 else plants or legal
            step = rng.choice([s for s in pool if s.verb != "pass"] or pool)
        else:
            conv = [s for s in legal if s.verb in ("sprout", "grow", "capture")]
            slides = [s for s in legal if s.verb == "slide"]
            ends = [s for s in legal if s.verb == "end"]
            if conv:
                step = rng.choice(conv)
            elif slides and (not ends or rng.random() < 0.5):
                step = rng.choice(slides)
            else:
                step = (ends or legal)[0]
        game.play(step)
        if step.verb in ("end", "pass", "swap", "komi", "side"):
            done += 1
    while game.turn_under_way:
        ends = [s for s in game.legal_steps() if s.verb == "end"]
        game.play(ends[0] if ends else game.legal_steps()[0])
    return game


def bench_widget(size: int = 9, repeat: int = 15, turns: int = 40, seed: int = 1,
                 quiet: bool = False) -> dict[str, Any]:
    """Run the benchmark; print and return the figures (milliseconds and
    message counts)."""
    from .render.overlays import offered_names
    from .widget import BoardWidget

    game = midgame(size, turns, seed)
    overlays = set(offered_names(game.variant)) | {"annotations"}
    w = BoardWidget(game, overlays=overlays)
    centre = game.board.name(game.board.plots[len(game.board.plots) // 2])
    w.set_hover(centre)
    game.set_annotations({"marks": {centre: "A"},
                          "arrows": [[game.board.name(game.board.plots[0]), centre]]})

    def full_redraw() -> float:
        t0 = time.perf_counter()
        w.board_canvas.drawn = {}
        w.redraw(force=True)
        return (time.perf_counter() - t0) * 1000

    def scene_only() -> float:
        from .render.scene import build_scene
        t0 = time.perf_counter()
        build_scene(game, **w.scene_kwargs())
        return (time.perf_counter() - t0) * 1000

    full_redraw()  # warm caches (board geometry)
    redraws = [full_redraw() for _ in range(repeat)]
    scenes = [scene_only() for _ in range(repeat)]
    with count_messages() as one:
        w.redraw(force=True)

    # a click: plant on an empty legal cell (the engine's first placement)
    legal = game.legal_steps()
    plant = next((s for s in legal if s.verb == "plant"), None)
    click: dict[str, int] = {}
    if plant is not None:
        with count_messages() as click:
            t0 = time.perf_counter()
            w.click_cell(cast(str, plant.arg))   # a plant names its cell
            click_ms = (time.perf_counter() - t0) * 1000
        w.undo()
    other = game.board.name(game.board.plots[len(game.board.plots) // 3])
    with count_messages() as hover:
        t0 = time.perf_counter()
        w.set_hover(other)
        hover_ms = (time.perf_counter() - t0) * 1000

    out: dict[str, Any] = {
        "board": f"hexagon side {size}, {len(game.pieces)} pieces after {turns} turns",
        "overlays": sorted(overlays),
        "redraw_ms_median": statistics.median(redraws),
        "redraw_ms_max": max(redraws),
        "scene_ms_median": statistics.median(scenes),
        "redraw_messages": dict(one),
        "click_step": str(plant) if plant else None,
        "click_ms": click_ms if plant else None,
        "click_messages": dict(click),
        "hover_ms": hover_ms,
        "hover_messages": dict(hover),
    }
    if not quiet:
        print(f"board: {out['board']}")
        print(f"overlays on: {', '.join(out['overlays'])}")
        print(f"full redraw (scene + drawing commands of 4 layers): "
              f"median {out['redraw_ms_median']:.1f} ms, max {out['redraw_ms_max']:.1f} ms "
              f"(scene alone {out['scene_ms_median']:.1f} ms)")
        print(f"messages of one full redraw: {one['canvas']} canvas, {one['state']} state")
        if plant:
            print(f"one click ({plant}): {click_ms:.1f} ms in Python (engine, panels, redraw); "
                  f"messages: {click['canvas']} canvas, {click['state']} widget state "
                  f"updates, {click['open']} new widgets")
        print(f"one hover move: {hover_ms:.1f} ms; messages: {hover['canvas']} canvas, "
              f"{hover['state']} widget state updates")
    return out


def browser_click_to_pixels() -> str | None:
    """The click-to-redraw time in a real JupyterLab in headless Chromium:
    runs the browser test that measures it (a source checkout with the test
    extras: ``tests/browser``), prints and returns its line (None when the
    tests are not there)."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    test = root / "tests" / "browser" / "test_board_teaches.py"
    if not test.exists():
        print("click to changed canvas pixels: needs a source checkout (tests/browser)")
        return None
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider",
                          f"{test}::test_click_to_redraw_time"],
                         cwd=root, capture_output=True, text=True, timeout=600)
    line = next((ln for ln in run.stdout.splitlines()
                 if "click to changed canvas pixels" in ln), None)
    line = line.lstrip(".") if line else (
        f"click to changed canvas pixels: the browser test failed\n{run.stdout[-2000:]}")
    print(line)
    return line


def main(argv: Sequence[str] | None = None) -> None:

    """``python -m dendria_widget.bench_widget [--browser]``: the Python-side
    figures; ``--browser`` adds the click-to-pixels time in Chromium (about
    a minute: it starts JupyterLab)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return
    unknown = [a for a in args if a != "--browser"]
    if unknown:
        print(f"bench_widget: unknown argument {unknown[0]!r} (see --help)", file=sys.stderr)
        raise SystemExit(2)
    bench_widget()
    if "--browser" in args:
        browser_click_to_pixels()


if __name__ == "__main__":
    main()
