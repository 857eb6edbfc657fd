"""Benchmark of the classroom site as a student meets it (prints figures;
not a test): seconds from a lesson's link to its first board, and the bytes
the browser fetched from the site, for a first visit and then a second
lesson in the same browser.

    .venv/bin/python scripts/bench_site.py [SITE] [--first 02_roots] [--second 03_sprouting]

SITE is a site built by scripts/build_site.sh (default: build/site). It is
served on 127.0.0.1 by a static web server that counts every byte it sends
(what came from the browser's caches is not counted), and the lessons are
opened in headless Chromium (Debian's, as the browser tests use), in one
fresh browser profile: the first visit starts with nothing cached. A lesson
is run as a student does (Run > Run All Cells once the kernel is ready);
its board is there when the lesson widget's canvas shows.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.dom import DomNotebook, serve_folder  # noqa: E402
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

#: the site's files that make up the runtime (Python, its packages, the wheels,
#: JupyterLab's scripts)
RUNTIME = ("/static/", "/pypi/", "/build/", "/extensions/")


def first_board(page: object, url: str, lesson: str, timeout: float = 300.0) -> float:
    """Open ``lesson``, run it as a student does, and return the seconds
    from the link to its first board drawn."""
    t0 = time.monotonic()
    page.goto(f"{url}/lab/index.html?path=tutorials/{lesson}.ipynb",  # type: ignore[attr-defined]
              wait_until="domcontentloaded")
    nb = DomNotebook(page, lesson)
    nb.wait_shown(timeout)
    nb.wait_idle(timeout)
    nb.menu("Run", "Run All Cells")
    page.locator(".jp-OutputArea-output .dendria-lesson canvas, "  # type: ignore[attr-defined]
                 ".jp-OutputArea-output canvas").first.wait_for(
        state="visible", timeout=timeout * 1000)
    return time.monotonic() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "build" / "site"))
    parser.add_argument("--first", default="02_roots")
    parser.add_argument("--second", default="03_sprouting")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "jupyter-lite.json").is_file():
        print(f"error: {site} is not a built site (bash scripts/build_site.sh {site})",
              file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    served: list[tuple[str, int, int]] = []
    server, url = serve_folder(site, served)
    rows = []
    try:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            browser = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                viewport={"width": 1280, "height": 720})
            for label, lesson in (("first visit", args.first), ("second lesson", args.second)):
                page = browser.new_page()
                page.set_default_timeout(60_000)
                start = len(served)
                seconds = first_board(page, url, lesson)
                time.sleep(1.0)                     # the last answers of the page
                got = served[start:]
                runtime = [s for s in got if s[0].startswith(RUNTIME)]
                rows.append((label, lesson, seconds, sum(s[2] for s in got), len(got),
                             sum(s[2] for s in runtime), len(runtime)))
                page.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"site: {site} (served from 127.0.0.1; one fresh browser profile)")
    print(f"{'':14} {'lesson':14} {'to the board':>13} {'fetched':>10} {'files':>6} "
          f"{'of which runtime':>17}")
    for label, lesson, seconds, size, files, rsize, rfiles in rows:
        print(f"{label:14} {lesson:14} {seconds:11.1f} s {size / 1e6:7.2f} MB {files:6d} "
              f"{rsize / 1e6:9.2f} MB ({rfiles} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
