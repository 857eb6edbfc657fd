"""Benchmark of the classroom site as a student meets it (prints figures;
not a test): seconds from a lesson's link to its first board, and the bytes
the browser fetched from the site, for a first visit and then a second
lesson in the same browser; and where the time goes.

    .venv/bin/python scripts/bench_site.py [SITE] [--first 02_roots] [--second 03_sprouting]
        [--against OLD_SITE] [--rounds N]

``--against OLD_SITE`` measures another build (the one before a change) in
turn with SITE in the same run, ``--rounds N`` times each: on a busy machine
compare the two only within one run.

SITE is a site built by scripts/build_site.sh (default: build/site). It is
served on 127.0.0.1 by a static web server that counts every byte it sends
(what came from the browser's caches is not counted), and the lessons are
opened in headless Chromium (Debian's, as the browser tests use), in one
fresh browser profile: the first visit starts with nothing cached. A lesson
is run as a student does (Run > Run All Cells once the kernel is ready);
its board is there when the lesson widget's canvas shows.

The parts, in the same run:
- in JupyterLab, from the link: the notebook shown, the kernel ready (Python
  started in the page with its packages), the install cell done, the board;
- in a bare page of the same site (no JupyterLab, no kernel): Pyodide's own
  start with no package (the baseline: what the machine gives now), loading
  the packages the site's kernel starts with, importing the kernel's
  IPython, importing the lessons, and making lesson 02's widget; and which
  modules the lessons import, with the bytes of each package.
The machine's load average is printed with the figures: compare a figure
with the baseline of the same run, not with another run's.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.dom import DomNotebook, serve_folder  # noqa: E402
from tests.browser.lab import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

#: the site's files that make up the runtime (Python, its packages, the wheels,
#: JupyterLab's scripts)
RUNTIME = ("/static/", "/pypi/", "/build/", "/extensions/")
KERNEL = "@jupyterlite/pyodide-kernel-extension:kernel"

#: the bare page: Pyodide from the site, then the parts one after the other
PARTS_PAGE = """<!doctype html><html><body><script>
window.parts = (async () => {
  const t = () => performance.now() / 1000;
  const out = {};
  let t0 = t();
  const script = document.createElement('script');
  script.src = 'static/pyodide/pyodide.js';
  await new Promise((ok, fail) => { script.onload = ok; script.onerror = fail;
                                    document.head.appendChild(script); });
  const options = OPTIONS;
  const start = {indexURL: new URL('static/pyodide/', location).href};
  if (options.lockFileURL) start.lockFileURL = new URL(options.lockFileURL, location).href;
  const py = await loadPyodide(start);
  out.boot = t() - t0;
  t0 = t(); py.runPython('sum(i * i for i in range(2_000_000))'); out.cpu = t() - t0;
  if (!options.packages) return out;   // a site whose kernel installs as it goes
  t0 = t(); await py.loadPackage(options.packages || []); out.packages = t() - t0;
  t0 = t(); py.runPython('import IPython, ipywidgets, ipycanvas'); out.ipython = t() - t0;
  py.runPython('import sys; _before = set(sys.modules)');
  t0 = t(); py.runPython('from dendria_widget import lessons'); out.import = t() - t0;
  t0 = t(); py.runPython('_w = lessons.LessonWidget("02_roots")'); out.widget = t() - t0;
  out.modules = py.runPython(
    'import json; json.dumps(sorted(set(sys.modules) - _before))');
  return out;
})().catch((e) => ({error: String(e)}));
</script></body></html>"""


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def cpu_seconds() -> float:
    """The CPU seconds (user and system) this process's descendants have
    used so far: the browser's processes (Linux /proc; 0 elsewhere)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    parents, used = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        used[pid] = sum(int(f) for f in fields[11:15]) / tick   # utime stime cutime cstime
    mine, total = {os.getpid()}, 0.0
    for pid in sorted(parents):
        chain, p = [], pid
        while p in parents and p not in mine and p > 1:
            chain.append(p)
            p = parents[p]
        if p in mine:
            mine.update(chain)
            total += sum(used[c] for c in chain if c != os.getpid())
    return total


def first_board(page: Any, url: str, lesson: str, timeout: float = 300.0
                ) -> dict[str, float]:
    """Open ``lesson``, run it as a student does; the seconds from the link
    to: the notebook shown, the kernel ready, the install cell done, the
    board drawn."""
    t0, c0 = time.monotonic(), cpu_seconds()
    page.goto(f"{url}/lab/index.html?path=tutorials/{lesson}.ipynb",
              wait_until="domcontentloaded")
    nb = DomNotebook(page, lesson)
    nb.wait_shown(timeout)
    times = {"shown": time.monotonic() - t0}
    nb.wait_idle(timeout)
    times["kernel"] = time.monotonic() - t0
    nb.menu("Run", "Run All Cells")
    canvas = page.locator(".jp-OutputArea-output canvas").first
    deadline = time.monotonic() + timeout
    while True:
        if "install" not in times:
            first = nb.cells()[0]
            if first["problems"]:
                raise RuntimeError(f"{lesson}: the install cell wrote {first['problems'][0]}")
            if first["prompt"] not in ("", "[ ]:", "[*]:"):
                times["install"] = time.monotonic() - t0
        if canvas.count() and canvas.is_visible():
            times["board"] = time.monotonic() - t0
            times["cpu"] = cpu_seconds() - c0
            times.setdefault("install", times["board"])
            return times
        if time.monotonic() > deadline:
            raise RuntimeError(f"{lesson}: no board within {timeout:.0f} s")
        time.sleep(0.1)


def parts(browser: Any, url: str, site: Path) -> dict[str, Any]:
    """The parts measured in a bare page of the site (see PARTS_PAGE)."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"].get(KERNEL, {})
    options = settings.get("loadPyodideOptions", {})
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.route(f"{url}/bench-parts.html", lambda route: route.fulfill(
            body=PARTS_PAGE.replace("OPTIONS", json.dumps(options)),
            content_type="text/html"))
        page.goto(f"{url}/bench-parts.html")
        result = page.evaluate("() => window.parts")
    finally:
        context.close()
    if "error" in result:
        raise RuntimeError(f"the bare page failed: {result['error']}")
    result["modules"] = json.loads(result.get("modules", "[]"))
    return result


def package_bytes(site: Path) -> dict[str, int]:
    """{package: bytes of its file} for the packages the site's kernel starts
    with (from the site's lock, when it has one)."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"].get(KERNEL, {})
    lock_url = settings.get("loadPyodideOptions", {}).get("lockFileURL")
    if not lock_url:
        return {}
    lock = json.loads((site / lock_url).read_text(encoding="utf-8"))
    base = (site / lock_url).parent
    return {entry["name"]: (base / entry["file_name"]).stat().st_size
            for entry in lock["packages"].values() if (base / entry["file_name"]).is_file()}


def visits(pw: Any, site: Path, first: str, second: str) -> list[tuple]:
    """A first visit (lesson ``first``) and a second lesson (``second``) of
    ``site`` in one fresh browser profile: one row each (label, lesson,
    times, bytes, files, runtime bytes, runtime files)."""
    served: list[tuple[str, int, int]] = []
    server, url = serve_folder(site, served)
    rows = []
    try:
        with tempfile.TemporaryDirectory() as profile:
            browser = pw.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True,
                viewport={"width": 1280, "height": 720})
            for label, lesson in (("first visit", first), ("second lesson", second)):
                page = browser.new_page()
                page.set_default_timeout(60_000)
                start = len(served)
                times = first_board(page, url, lesson)
                time.sleep(1.0)                     # the last answers of the page
                got = served[start:]
                runtime = [s for s in got if s[0].startswith(RUNTIME)]
                rows.append((label, lesson, times, sum(s[2] for s in got), len(got),
                             sum(s[2] for s in runtime), len(runtime)))
                page.close()
            browser.close()
    finally:
        server.shutdown()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "build" / "site"))
    parser.add_argument("--first", default="02_roots")
    parser.add_argument("--second", default="03_sprouting")
    parser.add_argument("--against", default=None, metavar="SITE",
                        help="another built site (the build before), measured in "
                             "turn with SITE, in the same run")
    parser.add_argument("--rounds", type=int, default=1,
                        help="visits of each site, in turn (default 1)")
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "jupyter-lite.json").is_file():
        print(f"error: {site} is not a built site (bash scripts/build_site.sh {site})",
              file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    against = Path(args.against) if args.against else None
    if against is not None and not (against / "jupyter-lite.json").is_file():
        print(f"error: {against} is not a built site", file=sys.stderr)
        return 1
    runs: list[tuple[Path, list, str]] = []    # (site, rows, load) of every visit
    loads = [_load()]
    with sync_playwright() as pw:
        for _round in range(args.rounds):
            for each in [site] + ([against] if against is not None else []):
                rows = visits(pw, each, args.first, args.second)
                loads.append(_load())
                runs.append((each, rows, loads[-1]))
        bare = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                  headless=True)
        server, url = serve_folder(site)
        try:
            found = parts(bare, url, site)
        finally:
            bare.close()
            server.shutdown()
        loads.append(_load())
    rows = [r for each, r, _ in runs if each == site][-1]
    if against is not None or args.rounds > 1:
        print("every visit, in the order run (a fresh browser profile each; seconds "
              "from the link to the board, and the browser's CPU seconds):")
        for each, r, load in runs:
            print(f"  {str(each):32} first visit {r[0][2]['board']:6.1f} s "
                  f"({r[0][2]['cpu']:5.1f} CPU)  second lesson {r[1][2]['board']:6.1f} s "
                  f"({r[1][2]['cpu']:5.1f} CPU)  load after {load}")
        print()
    print(f"site: {site} (served from 127.0.0.1; one fresh browser profile)")
    print(f"load average (1, 5, 15 min) before, between and after: {' | '.join(loads)} "
          f"on {os.cpu_count()} cores")
    print(f"{'':14} {'lesson':14} {'to the board':>13} {'fetched':>10} {'files':>6} "
          f"{'of which runtime':>17}")
    for label, lesson, times, size, files, rsize, rfiles in rows:
        print(f"{label:14} {lesson:14} {times['board']:11.1f} s {size / 1e6:7.2f} MB "
              f"{files:6d} {rsize / 1e6:9.2f} MB ({rfiles} files)")
    print("\nCPU seconds the browser used from the link to the board (what an idle "
          "machine gives it at once):")
    for label, lesson, times, *_ in rows:
        print(f"{label:14} {lesson:14} {times['cpu']:11.1f} s of CPU in "
              f"{times['board']:.1f} s")
    print("\nthe parts in JupyterLab (seconds from the link):")
    print(f"{'':14} {'notebook shown':>15} {'kernel ready':>13} {'install cell':>13} "
          f"{'board':>7}")
    for label, _lesson, times, *_ in rows:
        print(f"{label:14} {times['shown']:15.1f} {times['kernel']:13.1f} "
              f"{times['install']:13.1f} {times['board']:7.1f}")
    print("\nthe parts in a bare page of the site (seconds, one after the other):")
    print(f"  Pyodide's start, no package (baseline) {found['boot']:6.1f}")
    print(f"  a fixed Python loop (CPU reference)    {found['cpu']:6.1f}")
    if "packages" in found:
        print(f"  the kernel's packages, loaded          {found['packages']:6.1f}")
        print(f"  import IPython, ipywidgets, ipycanvas  {found['ipython']:6.1f}")
        print(f"  from dendria_widget import lessons     {found['import']:6.1f}")
        print(f"  lesson 02's widget made                {found['widget']:6.1f}")
    second = rows[1][2]["board"]
    print(f"\nsecond lesson / bare Pyodide start: {second / found['boot']:.1f}; "
          f"/ the fixed loop: {second / found['cpu']:.1f} (the same machine, the same run)")
    if "packages" not in found:
        print("(this site's kernel installs its packages as it goes: no more parts)")
        return 0
    ours = sorted(m for m in found["modules"] if m.split(".")[0] == "dendria_widget")
    others = sorted({m.split(".")[0] for m in found["modules"]} - {"dendria_widget"})
    print(f"\nwhat the lesson imports ({len(found['modules'])} modules):")
    print(f"  dendria_widget: {len(ours)} modules: "
          + ", ".join(m.removeprefix("dendria_widget.") for m in ours))
    print("  besides (top level): " + ", ".join(others))
    sizes = package_bytes(site)
    if sizes:
        print(f"\nthe packages the kernel starts with ({sum(sizes.values()) / 1e6:.2f} MB):")
        for name, size in sorted(sizes.items(), key=lambda x: -x[1]):
            print(f"  {name:22} {size / 1e6:6.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
