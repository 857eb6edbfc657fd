"""What the top-level conftest.py promises every test, so that tests can run
side by side (scripts/test.sh: pytest-xdist workers beside the browser
tests): a progress folder of each test's own, and notebook kernels that
write nothing into the clone."""

import json
import os
import pathlib

from dendria_widget import store

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _home_twice():
    return os.environ.get(store.HOME_VARIABLE), store.home()


FIRST: list = []


def test_each_test_has_a_fresh_progress_folder_of_its_own():
    folder, home = _home_twice()
    assert folder and home == pathlib.Path(folder)
    assert home.is_dir() and not any(home.iterdir())
    assert not home.is_relative_to(ROOT) and not home.is_relative_to(pathlib.Path.home())
    (home / "progress.json").write_text(json.dumps({"written": "by the first test"}))
    FIRST.append(home)


def test_the_next_test_does_not_see_what_the_first_saved():
    folder, home = _home_twice()
    assert home.is_dir() and not any(home.iterdir())
    if FIRST:   # (on another worker the first test ran elsewhere)
        assert home != FIRST[0] and (FIRST[0] / "progress.json").exists()


def test_a_notebook_kernel_starts_outside_the_clone():
    # nbval asks for the notebook's folder (tutorials/), as it does for
    # every notebook it runs; the conftest gives the kernel a folder of its own
    from nbval import plugin
    from nbval.kernel import CURRENT_ENV_KERNEL_NAME

    kernel = plugin.RunningKernel(CURRENT_ENV_KERNEL_NAME, cwd=str(ROOT / "tutorials"))
    try:
        sent = kernel.kc.execute("import os; print(os.getcwd())")
        out = ""
        while "\n" not in out:
            msg = kernel.kc.get_iopub_msg(timeout=60)
            if msg["parent_header"].get("msg_id") == sent and msg["msg_type"] == "stream":
                out += msg["content"]["text"]
    finally:
        kernel.stop()
    where = pathlib.Path(out.strip())
    assert where.is_dir() and not where.is_relative_to(ROOT), where
