"""The command line: `python -m dendria_widget analyze|bench`, malformed
input, FILE and standard input, exit statuses, never a traceback."""

import io
import json
import os
import subprocess
import sys

import pytest

from dendria_widget.__main__ import main
from dendria_widget.analyze import analyze

R3 = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}}


@pytest.fixture
def cli(monkeypatch, capsys):
    """main(argv) in-process with `stdin` text; returns (status, stdout, stderr)."""
    def _cli(argv, stdin=""):
        data = stdin.encode() if isinstance(stdin, str) else stdin
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
        status = main(argv)
        out = capsys.readouterr()
        assert "Traceback" not in out.out + out.err
        return status, out.out, out.err
    return _cli


def error_of(cli, data):
    """The error reason of a malformed input (exit 1, {"error": {"reason"}})."""
    text = data if isinstance(data, (str, bytes)) else json.dumps(data)
    status, out, err = cli(["analyze"], text)
    assert status == 1, out
    assert err == ""
    obj = json.loads(out)
    assert list(obj) == ["error"] and list(obj["error"]) == ["reason"], obj
    reason = obj["error"]["reason"]
    assert reason and not reason.startswith("internal error"), reason
    return reason


# ------------------------------------------------------- malformed input
@pytest.mark.parametrize("text, words", [
    ("", ["empty"]),
    ("   \n", ["empty"]),
    ("{", ["not valid JSON"]),
    ('{"play": ["pass"]} trailing', ["not valid JSON"]),
    ("[1, 2]", ["input", "object", "a list"]),
    ('"hello"', ["object", "a string"]),
    ("null", ["object", "null"]),
    ('{"komi": 3}', ["unknown key", "'komi'"]),
    ('{"play": [], "play": ["pass"]}', ["'play'", "twice"]),
    ('{"position": {"komi": NaN}}', ["NaN"]),
    ('{"position": {"komi": Infinity}}', ["Infinity"]),
    (b'\xff\xfe{}', ["UTF-8"]),
])
def test_bad_text(cli, text, words):
    reason = error_of(cli, text)
    for w in words:
        assert w in reason, reason


@pytest.mark.parametrize("data, words", [
    # rules
    ({"rules": "dendria-classic"}, ["'rules'", "object", "a string"]),
    ({"rules": {"ruleset": "chess"}}, ["unknown ruleset", "chess"]),
    ({"rules": {"ruleset": 7}}, ["ruleset", "string"]),
    ({"rules": {"ruleset": {"ruleset": "hedu"}}}, ["ruleset", "string", "an object"]),
    ({"rules": {"board": {"shape": "hexagon", "size": 3}}}, ["ruleset"]),
    ({"rules": {"ruleset": "dendria-classic", "size": 7}}, ["unknown key", "'size'"]),
    ({"rules": dict(R3, options={"superko": "situational"})}, ["superko", "situational"]),
    ({"rules": dict(R3, options={"superk": "off"})}, ["unknown option", "superk"]),
    ({"rules": dict(R3, options={"end_on_double_pass": True})},
     ["unknown option", "end_on_double_pass"]),
    ({"rules": dict(R3, options={"power_rule": "yes"})}, ["power_rule", "true or false"]),
    ({"rules": dict(R3, options={"dendrid_move_limit": 0})}, ["dendrid_move_limit"]),
    ({"rules": dict(R3, options={"dendrid_move_limit": 2.5})}, ["dendrid_move_limit"]),
    ({"rules": dict(R3, options={"komi_max": -1})}, ["komi_max"]),
    ({"rules": dict(R3, options=["superko"])}, ["options", "object", "a list"]),
    ({"rules": dict(R3, options=None)}, ["options", "object", "null"]),
    ({"rules": dict(R3, board={"shape": "hexagon", "size": 1})}, ["size", "at least 2"]),
    ({"rules": dict(R3, board={"shape": "hexagon", "size": "7"})}, ["size", "whole number"]),
    ({"rules": dict(R3, board={"shape": "hexagon", "size": [7]})}, ["size", "whole number"]),
    ({"rules": dict(R3, board={"shape": "hexagon", "size": 7.0})}, ["size", "whole number"]),
    ({"rules": dict(R3, board={"shape": "hexagon", "size": True})}, ["size", "whole number"]),
    ({"rules": dict(R3, board={"shape": "circle"})}, ["shape", "circle"]),
    ({"rules": dict(R3, board={"size": 7})}, ["shape"]),
    ({"rules": dict(R3, board={"shape": "hexagon", "size": 3, "x": 1})},
     ["unknown key", "'x'"]),
    ({"rules": dict(R3, board=7)}, ["board", "object", "a number"]),
    ({"rules": dict(R3, board={"shape": "modular", "modules": [[0, 0]]})}, ["7 to 19"]),
    ({"rules": dict(R3, board={"shape": "modular", "modules": [[0.5, 0]] * 7})},
     ["modules[0]", "whole numbers"]),
    ({"rules": dict(R3, board={"shape": "modular", "modules": [[0, 0, 0]] * 7})},
     ["modules[0]"]),
    ({"rules": dict(R3, board={"shape": "modular", "modules": "0,0"})}, ["modules"]),
    # position
    ({"position": []}, ["'position'", "object", "a list"]),
    ({"position": {"pieces": {}, "rules": R3}}, ["unknown key", "'rules'"]),
    ({"position": {"turn": "dark"}}, ["unknown key", "'turn'"]),
    ({"position": {"to_move": "black"}}, ["to_move", "black"]),
    ({"position": {"to_move": 0}}, ["to_move", "a number"]),
    ({"position": {"pieces": ["g7"]}}, ["pieces", "object"]),
    ({"position": {"pieces": {"z9": "dark seed"}}}, ["z9"]),
    ({"position": {"pieces": {"g14": "dark seed"}}}, ["g14"]),
    ({"position": {"pieces": {"g7": "dark pawn"}}}, ["dark pawn"]),
    ({"position": {"pieces": {"g7": "black 1"}}}, ["black 1"]),
    ({"position": {"pieces": {"g7": 3}}}, ["g7", "string"]),
    ({"position": {"pieces": {"g7": "dark seed", " G7": "light seed"}}}, ["g7", "twice"]),
    ({"position": {"komi": "3"}}, ["komi", "number"]),
    ({"position": {"komi": True}}, ["komi", "number"]),
    ({"position": {"prisoners": {"black": 0, "white": 0}}}, ["prisoners", "Hedu"]),
    ({"position": {"prisoners": {"red": 0}}}, ["unknown key", "red"]),
    ({"position": {"prisoners": {"black": 1.5}}}, ["prisoners", "whole number"]),
    # play
    ({"play": "plant g7"}, ["'play'", "list", "a string"]),
    ({"play": ["plant g7", 3]}, ["play[1]", "string"]),
    ({"play": [["plant", "g7"]]}, ["play[0]", "a list"]),
    ({"play": [None]}, ["play[0]", "null"]),
])
def test_malformed_input(cli, data, words):
    reason = error_of(cli, data)
    for w in words:
        assert w in reason, reason


def test_malformed_input_is_found_before_playing(cli):
    # an illegal first step and a non-string later one: the input is
    # malformed, so no step is played and no index is given
    reason = error_of(cli, {"play": ["end", 5]})
    assert "play[1]" in reason


def test_hedu_prisoner_checks(cli):
    hedu = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}}
    reason = error_of(cli, {"rules": hedu, "position": {"prisoners": {"black": -1}}})
    assert "prisoners" in reason
    reason = error_of(cli, {"rules": hedu, "position": {"to_move": "dark"}})
    assert "dark" in reason
    reason = error_of(cli, {"rules": dict(hedu, options={"sowing": "any"})})
    assert "unknown option" in reason and "sowing" in reason


# ------------------------------------------------------------ the output
def test_output_is_one_json_line_or_pretty(cli):
    status, out, _ = cli(["analyze"], json.dumps({"rules": R3}))
    assert status == 0 and out.count("\n") == 1
    compact = json.loads(out)
    status, out, _ = cli(["analyze", "--pretty"], json.dumps({"rules": R3}))
    assert status == 0 and out.count("\n") > 10
    assert json.loads(out) == compact


def test_file_input(cli, tmp_path):
    path = tmp_path / "in.json"
    path.write_text(json.dumps({"rules": R3, "play": ["plant c3", "end"]}))
    status, out, err = cli(["analyze", str(path)], stdin="not read")
    assert status == 0 and err == ""
    obj = json.loads(out)
    assert obj["phase"] == "swap" and obj["position"]["pieces"] == {"c3": "dark seed"}
    # '-' is standard input
    status, out, _ = cli(["analyze", "-"], stdin=json.dumps({"rules": R3}))
    assert status == 0 and json.loads(out)["phase"] == "opening"


def test_missing_file(cli, tmp_path):
    status, out, err = cli(["analyze", str(tmp_path / "nope.json")])
    assert status == 1 and err == ""
    reason = json.loads(out)["error"]["reason"]
    assert "nope.json" in reason and "no such file" in reason


def test_a_directory_is_not_a_file(cli, tmp_path):
    status, out, _ = cli(["analyze", str(tmp_path)])
    assert status == 1 and "cannot read" in json.loads(out)["error"]["reason"]


def test_unexpected_exception_still_gives_json(cli, monkeypatch):
    def boom(game):
        raise KeyError("oops")
    monkeypatch.setattr("dendria_widget.explain.dendria.dendria_analysis", boom)
    status, out, err = cli(["analyze"], "{}")
    assert status == 1 and err == ""
    reason = json.loads(out)["error"]["reason"]
    assert reason.startswith("internal error") and "KeyError" in reason


def test_analyze_function_never_raises():
    for text in ("", "{", "[]", '{"play": [1]}', '{"rules": {"ruleset": []}}', b"\x80"):
        out, status = analyze(text)
        assert status == 1 and set(out) == {"error"}
    out, status = analyze('{"play": ["plant g7", "end"]}')
    assert status == 0 and out["phase"] == "swap"


# ------------------------------------------------------------ help, usage
def test_help(cli):
    status, out, _ = cli(["--help"])
    assert status == 0 and "analyze" in out and "bench" in out
    status, out, _ = cli(["analyze", "--help"])
    assert status == 0
    assert "dendria-classic" in out and "side 7" in out  # the default rules
    assert "FILE" in out and "standard input" in out
    status, out, _ = cli(["bench", "--help"])
    assert status == 0 and "--quick" in out


def test_usage_errors(cli):
    status, out, err = cli([])
    assert status == 2 and "analyze" in out
    status, out, err = cli(["frobnicate"])
    assert status == 2 and "invalid choice" in err
    status, out, err = cli(["analyze", "a.json", "b.json"])
    assert status == 2 and "unrecognized arguments" in err


# ------------------------------------------------------------ subprocess
def _python_m(args, stdin=None, **env_vars):
    env = dict(os.environ, **env_vars)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "dendria_widget", *args], input=stdin,
                          capture_output=True, timeout=120, env=env)


def test_subprocess_stdin_ok():
    proc = _python_m(["analyze"], json.dumps({"rules": R3, "play": ["plant c3", "end"]}).encode())
    assert proc.returncode == 0 and proc.stderr == b""
    obj = json.loads(proc.stdout)
    assert obj["to_move"] == "light" and obj["phase"] == "swap"


def test_subprocess_errors_and_file(tmp_path):
    proc = _python_m(["analyze"], b'{"play": ["plant g7", "end", "plant g7"]}')
    assert proc.returncode == 1 and b"Traceback" not in proc.stdout + proc.stderr
    err = json.loads(proc.stdout)["error"]
    assert err["index"] == 2 and err["step"] == "plant g7" and "not empty" in err["reason"]
    proc = _python_m(["analyze"], b"{not json")
    assert proc.returncode == 1 and b"Traceback" not in proc.stdout + proc.stderr
    assert "not valid JSON" in json.loads(proc.stdout)["error"]["reason"]
    path = tmp_path / "x.json"
    path.write_text('{"rules": {"ruleset": "dendria-sprites"}}')
    proc = _python_m(["analyze", str(path)])
    assert proc.returncode == 0 and json.loads(proc.stdout)["phase"] == "komi"


# ------------------------------------------------------------------ bench
def test_bench_playouts_finish():
    from dendria_widget.bench import run_playouts
    from dendria_widget.rules import resolve_rules
    r = run_playouts(resolve_rules("dendria-classic", size=3), 3, seed=5)
    assert r["games"] == 3 and r["steps"] > 0
    assert sum(r["ends"].values()) == 3 and not any("cut" in k for k in r["ends"])
    # seeded: the same games again
    assert run_playouts(resolve_rules("dendria-classic", size=3), 3, seed=5)["steps"] == r["steps"]


def test_bench_times_another_checkout_through_its_own_api():
    import pathlib

    from dendria_widget.bench import load_baseline, run_playouts
    root = pathlib.Path(__file__).resolve().parents[1]
    other = load_baseline(str(root), name="dendria_widget_bench_test_copy")
    assert other.Game is not __import__("dendria_widget").Game
    r = run_playouts(None, 2, seed=5, make=lambda: other.Game("dendria-classic", size=3))
    mine = run_playouts(None, 2, seed=5, make=lambda: __import__("dendria_widget").Game(
        "dendria-classic", size=3))
    assert r["steps"] == mine["steps"] and r["ended"] == 2   # the same code, the same games
    from dendria_widget.bench import same_games
    assert same_games(mine, r)[0] == 2                        # compared game for game
    other_seed = run_playouts(None, 2, seed=6, make=lambda: other.Game("dendria-classic", size=3))
    assert same_games(mine, other_seed)[0] < 2                # other seeds, other games
    with pytest.raises(FileNotFoundError):
        load_baseline(str(root / "nowhere"))


def test_version_says_which_engine_runs():
    from dendria_widget import __version__, accel
    proc = _python_m(["--version"])
    out = " ".join(proc.stdout.decode().split())
    assert proc.returncode == 0
    assert out.startswith(f"dendria-widget {__version__}; engine: ")
    assert out.endswith(" ".join(accel.describe().split()))
    proc = _python_m(["--version"], **{accel.PURE_ENV: "1"})
    assert "engine: the Python source" in " ".join(proc.stdout.decode().split())
