"""Proof that the browser harness works: pixels and a real mouse click on an
ipycanvas Canvas, checked in the page and in the kernel.
(Deliberately does not import dendria_widget.)"""

import time

import pytest

pytestmark = pytest.mark.browser

CELLS = [
    # cell 0: the canvas, shown as the cell's output
    "from ipycanvas import Canvas\n"
    "canvas = Canvas(width=200, height=100)\n"
    "canvas",
    # cell 1: draw, and record clicks
    "canvas.fill_style = 'red'\n"
    "canvas.fill_rect(0, 0, 100, 100)\n"
    "clicks = []\n"
    "canvas.on_mouse_down(lambda x, y: clicks.append((x, y)))",
]


def is_red(px):
    r, g, b = px
    return r > 200 and g < 60 and b < 60


def test_canvas_pixels_and_click(lab, page):
    t0 = time.monotonic()
    lab.open_notebook(page, "harness_canvas.ipynb", source_cells=CELLS)

    img = lab.wait_for_canvas(page, 0, lambda im: is_red(im.getpixel((50, 50))))
    assert img.size == (200, 100)
    for x, y in [(0, 0), (50, 50), (99, 99)]:
        assert is_red(img.getpixel((x, y))), (x, y, img.getpixel((x, y)))
    for x, y in [(100, 0), (150, 50), (199, 99)]:
        assert not is_red(img.getpixel((x, y))), (x, y, img.getpixel((x, y)))

    lab.click_canvas(page, 0, 150, 40)
    lab.wait_for_kernel(page, "len(clicks) >= 1")
    clicks = lab.kernel_literal(page, "clicks")
    assert len(clicks) == 1
    (x, y), = clicks
    assert abs(x - 150) <= 2 and abs(y - 40) <= 2, clicks
    print(f"harness test took {time.monotonic() - t0:.1f} s after the server was up")


def test_errors_fail_fast(lab, page):
    from .lab import LabError

    # The error is reported as soon as it shows, not after the timeout nor
    # after the next cell's long sleep: both are far longer than a busy
    # machine needs to start the kernel and run the first cell.
    t0 = time.monotonic()
    with pytest.raises(LabError, match="ZeroDivisionError"):
        lab.open_notebook(page, "harness_error.ipynb",
                          source_cells=["1/0", "import time; time.sleep(900)"], timeout=600)
    took = time.monotonic() - t0
    print(f"the error was reported after {took:.1f} s")
    assert took < 300
    # Run-all usually skips the cells after an error, but the kernel may
    # have taken the sleeping cell already: interrupt it before asking more.
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:interrupt-kernel')")
    with pytest.raises(LabError, match="NameError"):
        lab.kernel_eval(page, "undefined_name")
