"""In IPython, this package's errors read as one sentence, not a traceback,
and the cell still fails (so nbval and "run all" stop on it)."""

from IPython.testing.globalipapp import start_ipython
from IPython.utils.capture import capture_output

from dendria_widget import IllegalStep, notebook


def run(ip, code):
    with capture_output() as out:
        result = ip.run_cell(code)
    return result, out.stdout + out.stderr


def test_refused_step_is_one_sentence_and_the_cell_fails():
    ip = start_ipython()
    notebook.install(ip)
    try:
        result, text = run(ip, "from dendria_widget import Game\n"
                               "g = Game('dendria-classic', size=5)\n"
                               "g.play('plant c3', 'end')\n"
                               "g.play('plant c3')")
        assert not result.success
        assert isinstance(result.error_in_exec, IllegalStep)
        assert "IllegalStep: plant c3: c3 is not empty: a dark seed stands there" in text
        assert "Traceback" not in text and "File " not in text and "---->" not in text
        # the refused step left the game as it was
        assert ip.user_ns["g"].pieces == {"c3": "dark seed"}
        # other errors keep IPython's full traceback
        result, text = run(ip, "1 / 0")
        assert isinstance(result.error_in_exec, ZeroDivisionError)
        assert "Traceback" in text or "---->" in text
    finally:
        notebook.uninstall(ip)
    result, text = run(ip, "Game('chess')")
    assert "Traceback" in text or "---->" in text
