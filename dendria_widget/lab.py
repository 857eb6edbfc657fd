"""The variant lab: computer players play many games of rule variants, and
the lab reports what each variant does.

>>> from dendria_widget import lab
>>> result = lab.run([{"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4}},
...                   {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 4},
...                    "options": {"capture": "unprotected"}}],
...                  ["random", "greedy"], games=20, seed=1)      # doctest: +SKIP
>>> result.games          # one row per game (pandas DataFrame)       # doctest: +SKIP
>>> result.summary()      # one row per variant, with 95% intervals    # doctest: +SKIP
>>> result.plot()         # matplotlib figure, variants side by side   # doctest: +SKIP
>>> result.save("study")  # every game as a record, and the tables as CSV  # doctest: +SKIP

Every metric is defined in docs/lab.md. Games run in local processes
(``workers=``) or on any ``concurrent.futures.Executor`` (``executor=``),
e.g. a Dask cluster's ``distributed.Client(...).get_executor()``. Each game's
seed is derived from ``seed``, the variant's index and the game's index, so
the same seeds give the same ``games`` table whatever the executor and the
number of workers (with iteration budgets: a player with a time budget
thinks as far as the machine lets it).
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import json
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Protocol, Sequence, Union, cast

from .errors import DendriaError
from .game import Game, RulesSpec
from .notation import Step
from .players import SEATS, Player, player_from_name, play_game, seats
from .rules import resolve_rules
from .rules.options import Rules

if TYPE_CHECKING:  # for the type hints only
    import pandas as pd
    from matplotlib.figure import Figure

#: one lab game to play (what ``play_one`` takes): the rules as a dict, the
#: variant's index, the game's index, its seed, the two players (A, B),
#: their labels and the step cap
LabTask = tuple[dict[str, Any], int, int, int, Sequence[Player], Sequence[str], Union[int, None]]

Z95 = 1.959963984540054
DEFAULT_MAX_STEPS = 3000
GAME_COLUMNS = ["variant", "game", "seed", "first", "second", "dark", "light", "winner",
                "winner_seat", "score_dark", "score_light", "margin", "turns", "steps", "end",
                "player_a_seat", "coverage", "branching", "lead_changes", "decided_at"]
ENDS = ("passes", "move-limit", "no-placement", "step-cap")


# ------------------------------------------------------------- helpers
def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of a proportion; (nan, nan)
    when n is 0."""
    if n == 0:
        return (math.nan, math.nan)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def derive_seed(seed: int, *parts: object) -> int:
    """A 32-bit seed from a seed and labels (the same on every machine)."""
    text = "/".join(str(p) for p in (seed,) + parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "little")


def end_kind(game: Game, cut: bool) -> str:
    """How a game ended: passes, move-limit, no-placement (the value of its
    ``outcome.termination``) or step-cap (``cut``: stopped before its end)."""
    outcome = game.outcome
    if cut or outcome is None:
        return "step-cap"
    return outcome.termination.value


def variant_label(rules: RulesSpec) -> str:
    """A short name of a variant (a rules dict or Rules): ruleset, board and
    the changed options, e.g. 'dendria-classic side 5 superko=off'."""
    d = resolve_rules(rules).to_dict()
    board = d["board"]
    if board.get("shape") == "hexagon":
        where = f"side {board['size']}"
    else:
        where = f"{len(board.get('modules', ()))} modules"
    opts = " ".join(f"{k}={json.dumps(v) if not isinstance(v, str) else v}"
                    for k, v in sorted(d["options"].items()))
    return " ".join(x for x in (d["ruleset"], where, opts) if x)


def _rules_list(variants: RulesSpec | Iterable[RulesSpec]) -> list[Rules]:
    if isinstance(variants, (dict, str)) or hasattr(variants, "ruleset"):
        variants = [cast(RulesSpec, variants)]    # one variant
    try:
        variants = list(variants)
    except TypeError:
        raise DendriaError("variants are a rules dict or a list of them, like "
                           "[{'ruleset': 'dendria-classic', 'board': {'shape': 'hexagon', "
                           "'size': 5}}]") from None
    if not variants:
        raise DendriaError("give at least one variant to play")
    return [resolve_rules(v) for v in variants]


def _labels(players: Sequence[str | Player]) -> tuple[list[Player], list[str]]:
    if isinstance(players, (str, bytes)) or len(players) != 2:
        raise DendriaError("players are a pair, like ['random', 'mcts:0.2']")
    made = [player_from_name(p) for p in players]
    names = [p.name for p in made]
    if names[0] == names[1]:
        names = [f"{names[0]} (A)", f"{names[1]} (B)"]
    return made, names


# ------------------------------------------------------------ one game
def play_one(task: LabTask) -> dict[str, dict[str, Any]]:
    """Play one lab game; returns {"row": ..., "record": ...} (plain data).
    A top-level function so that any executor can run it."""
    rules_dict, v, g, game_seed, players, names, max_steps = task
    a_first = g % 2 == 0                         # seats alternate
    order = (0, 1) if a_first else (1, 0)
    first, second = (players[i].with_seed(derive_seed(game_seed, SEATS[k]))
                     for k, i in enumerate(order))
    game = Game(resolve_rules(rules_dict))
    colours = game.variant.colours
    covered: set[str] = set()
    leaders: list[int | None] = []
    branching = [len(game.legal_steps())]

    def on_turn(game: Game, turn: list[Step]) -> None:
        covered.update(game.pieces)
        lead = game.leader
        leaders.append(None if lead == "draw" else colours.index(lead))
        if not game.is_over:
            branching.append(len(game.legal_steps()))

    play_game(game, first, second, max_steps=max_steps, on_turn=on_turn)
    outcome = game.outcome
    cut = outcome is None
    held = seats(game)
    seat_of = {held[s]: s for s in SEATS}
    w = None if outcome is None else outcome.winner
    winner = None if w is None else ("draw" if w == "draw" else ("dark", "light")[colours.index(w)])
    score = game.score()
    sd, sl = (score[c]["total"] for c in colours)
    turns = len(game.history)
    decided = math.nan
    if winner in ("dark", "light"):
        wi = ("dark", "light").index(winner)
        lost = [k for k, who in enumerate(leaders) if who != wi]
        decided = (lost[-1] + 1 if lost else 0) / max(turns, 1)
    strict = [x for x in leaders if x is not None]
    changes = sum(1 for x, y in zip(strict, strict[1:]) if x != y)
    plots = game.board.n_plots
    row = {
        "variant": v, "game": g, "seed": game_seed,
        "first": names[order[0]], "second": names[order[1]],
        "dark": seat_of[colours[0]], "light": seat_of[colours[1]],
        "winner": winner,
        "winner_seat": None if w is None or w == "draw" else seat_of[w],
        "score_dark": sd, "score_light": sl, "margin": sd - sl,
        "turns": turns, "steps": game.step_count, "end": end_kind(game, cut),
        "player_a_seat": "first" if a_first else "second",
        "coverage": len(covered) / plots,
        "branching": sum(branching) / len(branching),
        "lead_changes": changes,
        "decided_at": decided,
    }
    game.comment(f"lab game {g} of variant {v} ({variant_label(game.rules)}): "
                 f"{row['first']} (first) against {row['second']} (second), seed {game_seed}", 0)
    return {"row": row, "record": game.to_record()}


# ------------------------------------------------------------------ run
def run(variants: RulesSpec | Iterable[RulesSpec], players: Sequence[str | Player],
        games: int = 10, seed: int = 0, executor: cf.Executor | None = None,
        workers: int | None = None, max_steps: int | None = DEFAULT_MAX_STEPS,
        progress: bool = True, backend: str | None = None) -> LabResult:
    """Play ``games`` games of every variant between two players, seats
    alternating (player A is first in even games), and return a
    :class:`LabResult`.

    ``variants``: a docs/notation.md rules dict or a list of them; ``players``:
    two Player objects or names (``"random"``, ``"greedy"``, ``"mcts:0.2"``,
    ``"mcts:i500"``). ``executor``: any ``concurrent.futures.Executor``;
    without one, ``workers`` local processes (default: the machine's cores;
    1 plays in this process). ``max_steps``: the step cap (a game still going
    then is cut and counted as a timeout). ``progress``: show a progress bar
    (tqdm; the notebook flavour in notebooks). ``backend``: the engine the
    players search with, ``"native"`` (the C++ kernel, dendria_widget/native.py)
    or ``"python"``; None: native where it is built and holds the game."""
    rules = _rules_list(variants)
    made, names = _labels(players)
    if backend is not None:
        made = [p.with_backend(backend) for p in made]
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise DendriaError(f"games is a whole number >= 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DendriaError(f"the seed is a whole number, not {seed!r}")
    if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int)
                                  or max_steps < 1):
        raise DendriaError(f"max_steps is a whole number >= 1 or None, not {max_steps!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise DendriaError(f"workers is a whole number >= 1, not {workers!r}")
    tasks = [(r.to_dict(), v, g, derive_seed(seed, v, g), made, names, max_steps)
             for v, r in enumerate(rules) for g in range(games)]
    bar = _bar(len(tasks), progress)
    out: list[dict[str, dict[str, Any]]] = []
    try:
        if executor is None and (workers or os.cpu_count() or 1) == 1:
            for task in tasks:
                out.append(play_one(task))
                bar.update(1)
        else:
            own = None
            if executor is None:
                own = executor = cf.ProcessPoolExecutor(max_workers=workers)
            try:
                futures = [executor.submit(play_one, task) for task in tasks]
                for fut in cf.as_completed(futures):
                    out.append(fut.result())
                    bar.update(1)
            finally:
                if own is not None:
                    own.shutdown(cancel_futures=True)
    finally:
        bar.close()
    out.sort(key=lambda r: (r["row"]["variant"], r["row"]["game"]))
    return LabResult([r.to_dict() for r in rules], names, [r["row"] for r in out],
                     [r["record"] for r in out],
                     {"games": games, "seed": seed, "max_steps": max_steps})


class _Progress(Protocol):
    """A progress bar: tqdm's, or none."""

    def update(self, n: int) -> object: ...

    def close(self) -> object: ...


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool) -> _Progress:
    if not progress:
        return _NoBar()
    from tqdm.auto import tqdm
    return tqdm(total=total, desc="lab games", unit="game")


# --------------------------------------------------------------- result
class LabResult:
    """What ``lab.run`` returns: plain data that pickles.

    ``variants`` (rules dicts), ``players`` (the two players' labels, A then
    B), ``games`` (a pandas DataFrame, one row per game), ``records`` (one
    game record per row, in the same order), ``settings``; ``summary()``,
    ``plot()``, ``save(dir)``, ``game(variant, index)``."""

    def __init__(self, variants: list[dict[str, Any]], players: Sequence[str],
                 rows: list[dict[str, Any]], records: list[dict[str, Any]],
                 settings: dict[str, Any]) -> None:
        import pandas as pd
        self.variants = variants
        self.players = list(players)
        self.games = pd.DataFrame(rows, columns=GAME_COLUMNS)
        self.records = records
        self.settings = dict(settings)

    def labels(self) -> list[str]:
        """A short name for every variant."""
        return [variant_label(v) for v in self.variants]

    def record(self, variant: int, index: int) -> dict[str, Any]:
        """The record of one game (a dict that ``Game.from_record`` and
        ``BoardWidget.from_record`` open)."""
        rows = self.games
        hit = rows.index[(rows["variant"] == variant) & (rows["game"] == index)]
        if not len(hit):
            raise DendriaError(f"there is no game {index} of variant {variant} in this result")
        return self.records[int(hit[0])]

    def game(self, variant: int, index: int) -> Game:
        """One game of the study, replayed (a Game)."""
        return Game.from_record(self.record(variant, index))

    def summary(self) -> pd.DataFrame:
        """One row per variant: the metrics of docs/lab.md with 95% Wilson
        intervals for the rates."""
        import pandas as pd
        rows = []
        labels = self.labels()
        for v, label in enumerate(labels):
            d = self.games[self.games["variant"] == v]
            rows.append(_summarize(d, v, label, self.players))
        return pd.DataFrame(rows).set_index("variant")

    def plot(self) -> Figure:
        """A matplotlib figure comparing the variants side by side: win
        rates with their 95% intervals (by colour, by seat, by player), the
        distribution of the games' lengths, and how the games ended."""
        return _plot(self)

    def save(self, directory: str | os.PathLike[str]) -> Path:
        """Write every game as a record (``records/v{variant}-g{game}.json``)
        and the tables as ``games.csv`` and ``summary.csv``; returns the
        directory as a Path."""
        path = Path(directory)
        (path / "records").mkdir(parents=True, exist_ok=True)
        for row, rec in zip(self.games.itertuples(index=False), self.records):
            name = f"v{row.variant}-g{row.game}.json"
            (path / "records" / name).write_text(json.dumps(rec, indent=1), encoding="utf-8")
        self.games.to_csv(path / "games.csv", index=False)
        self.summary().to_csv(path / "summary.csv")
        (path / "study.json").write_text(json.dumps(
            {"variants": self.variants, "players": self.players, "settings": self.settings},
            indent=1), encoding="utf-8")
        return path

    def __repr__(self) -> str:
        return (f"<LabResult: {len(self.variants)} variant(s), {len(self.games)} games, "
                f"{self.players[0]} against {self.players[1]}>")


def mean_interval(values: Iterable[float], z: float = Z95, low: float = 0.0,
                  high: float = math.inf) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` (NaNs left out) with its
    95% interval by the normal approximation, mean +- z * sd / sqrt(n),
    kept inside what the values can be [``low``, ``high``]; (nan, nan, nan)
    for no value, and the mean itself as both ends for one."""
    xs = [float(x) for x in values if x == x]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    half = z * sd / math.sqrt(n)
    return (m, max(low, m - half), min(high, m + half))


def balance_interval(dark: int, light: int, n: int,
                     z: float = Z95) -> tuple[float, float, float]:
    """(balance, low, high): balance = 1 - |dark - light| for ``dark`` and
    ``light`` wins in ``n`` games, its interval from the normal interval of
    the difference of the two shares (a multinomial's: var = (pd + pl -
    (pd - pl)^2) / n), kept inside [0, 1]."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    pd, pl = dark / n, light / n
    d = pd - pl
    half = z * math.sqrt(max(pd + pl - d * d, 0.0) / n)
    lo, hi = max(-1.0, d - half), min(1.0, d + half)
    far = max(abs(lo), abs(hi))
    near = 0.0 if lo <= 0.0 <= hi else min(abs(lo), abs(hi))
    return (1 - abs(d), 1 - far, 1 - near)


#: the summary's means, each with its 95% interval: (column, games column,
#: the largest value it can have)
MEANS = (("decisiveness", "decided_at", 1.0), ("turns_mean", "turns", math.inf),
         ("steps_mean", "steps", math.inf), ("board_coverage", "coverage", 1.0),
         ("branching_factor", "branching", math.inf),
         ("lead_changes", "lead_changes", math.inf), ("margin_abs_mean", None, math.inf))


def _rate(k: int, n: int) -> tuple[float, float, float]:
    low, high = wilson(k, n)
    return (k / n if n else math.nan), low, high


def _summarize(d: pd.DataFrame, v: int, label: str, players: Sequence[str]) -> dict[str, Any]:
    n = len(d)
    out: dict[str, Any] = {"variant": v, "label": label, "games": n}
    won = d["winner"]

    def put(prefix: str, k: int) -> None:
        out[prefix], out[prefix + "_low"], out[prefix + "_high"] = _rate(k, n)

    put("dark_win_rate", int((won == "dark").sum()))
    put("light_win_rate", int((won == "light").sum()))
    put("first_win_rate", int((d["winner_seat"] == "first").sum()))
    put("second_win_rate", int((d["winner_seat"] == "second").sum()))
    a_won = ((d["winner_seat"] == d["player_a_seat"]) & d["winner_seat"].notna())
    b_won = ((d["winner_seat"] != d["player_a_seat"]) & d["winner_seat"].notna())
    out["player_a"], out["player_b"] = players
    put("a_win_rate", int(a_won.sum()))
    put("b_win_rate", int(b_won.sum()))
    put("draw_rate", int((won == "draw").sum()))
    decided = int(won.isin(["dark", "light"]).sum())
    put("completion", decided)
    put("timeouts", int((d["end"] == "step-cap").sum()))
    out["balance"], out["balance_low"], out["balance_high"] = balance_interval(
        int((won == "dark").sum()), int((won == "light").sum()), n)
    out["advantage_first"] = out["first_win_rate"]
    out["advantage_first_low"] = out["first_win_rate_low"]
    out["advantage_first_high"] = out["first_win_rate_high"]
    for col, source, top in MEANS:
        values = d["margin"].abs() if source is None else d[source]
        out[col], out[col + "_low"], out[col + "_high"] = mean_interval(values, high=top)
    out["turns_std"] = float(d["turns"].std(ddof=1)) if n > 1 else math.nan
    out["lead_change"] = float((d["lead_changes"] / d["turns"].clip(lower=1)).mean())
    for kind in ENDS:
        out[f"end_{kind}"] = int((d["end"] == kind).sum())
    return out


def _plot(result: LabResult) -> Figure:
    import matplotlib
    from matplotlib.figure import Figure

    s = result.summary()
    labels = [f"{v}: {lab}" for v, lab in zip(s.index, s["label"])]
    fig = Figure(figsize=(12, 4 + 0.25 * len(labels)), layout="constrained")
    ax_win, ax_len, ax_end = fig.subplots(1, 3)
    groups = [("dark_win_rate", "dark wins"), ("light_win_rate", "light wins"),
              ("first_win_rate", "first seat wins"), ("a_win_rate", f"{result.players[0]} wins"),
              ("b_win_rate", f"{result.players[1]} wins"), ("draw_rate", "draws")]
    width = 0.8 / len(groups)
    tab10 = matplotlib.colormaps["tab10"]
    colours = [tab10(i) for i in range(tab10.N)]
    for k, (col, name) in enumerate(groups):
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(len(s))]
        vals = s[col].to_numpy()
        err = [(vals - s[col + "_low"].to_numpy()).clip(0),
               (s[col + "_high"].to_numpy() - vals).clip(0)]
        ax_win.bar(xs, vals, width, yerr=err, capsize=2, label=name, color=colours[k])
    ax_win.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax_win.set_ylim(0, 1)
    ax_win.set_xticks(range(len(s)), [str(v) for v in s.index])
    ax_win.set_xlabel("variant")
    ax_win.set_title("win rates (95% Wilson intervals)")
    ax_win.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=2)
    data = [result.games[result.games["variant"] == v]["turns"].to_numpy() for v in s.index]
    ax_len.boxplot(data)
    ax_len.set_xticks(range(1, len(s) + 1), [str(v) for v in s.index])
    ax_len.set_xlabel("variant")
    ax_len.set_title("game length (turns)")
    bottom = [0] * len(s)
    for k, kind in enumerate(ENDS):
        vals = (s[f"end_{kind}"] / s["games"]).to_numpy()
        ax_end.bar(range(len(s)), vals, bottom=bottom, label=kind, color=colours[k + 6])
        bottom = [b + x for b, x in zip(bottom, vals)]
    ax_end.set_xticks(range(len(s)), [str(v) for v in s.index])
    ax_end.set_ylim(0, 1)
    ax_end.set_xlabel("variant")
    ax_end.set_title("how the games ended")
    ax_end.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=2)
    fig.suptitle("; ".join(labels), fontsize=8)
    return fig


# ----------------------------------------------------------------- text
def summary_text(result: LabResult) -> str:

    """The summary as a plain-text table: one column per variant."""
    s = result.summary()
    lines = []
    lines.append(f"{result.players[0]} (A) against {result.players[1]} (B), "
                 f"{result.settings['games']} games per variant, seed {result.settings['seed']}")
    for v, lab in zip(s.index, s["label"]):
        lines.append(f"variant {v}: {lab}")
    rows = [("games", "games", "n")]
    for col, name in (("dark_win_rate", "dark wins"), ("light_win_rate", "light wins"),
                      ("first_win_rate", "first seat wins (advantage)"),
                      ("a_win_rate", f"A wins ({result.players[0]})"),
                      ("b_win_rate", f"B wins ({result.players[1]})"),
                      ("draw_rate", "draws (drawishness)"), ("completion", "completion"),
                      ("timeouts", "timeouts (step cap)")):
        rows.append((col, name, "rate"))
    rows += [("balance", "balance", "rate"), ("decisiveness", "decisiveness", "rate"),
             ("turns_mean", "turns, mean", "rate"), ("turns_std", "turns, spread (sd)", "f"),
             ("steps_mean", "steps, mean", "rate"), ("board_coverage", "board coverage", "rate"),
             ("branching_factor", "branching factor", "rate"),
             ("lead_changes", "lead changes per game", "rate"),
             ("margin_abs_mean", "score margin, mean", "rate")]
    rows += [(f"end_{k}", f"ended by {k}", "n") for k in ENDS]
    width = max(len(r[1]) for r in rows) + 2
    lines.append("".ljust(width) + "".join(f"variant {v}".rjust(24) for v in s.index))
    for col, name, kind in rows:
        cells = []
        for v in s.index:
            x = s.loc[v, col]
            if kind == "rate":
                lo, hi = s.loc[v, col + "_low"], s.loc[v, col + "_high"]
                cells.append("-" if x != x else f"{x:.2f} [{lo:.2f}, {hi:.2f}]")
            elif kind == "n":
                cells.append(f"{int(x)}")
            else:
                cells.append("-" if x != x else f"{x:.2f}")
        lines.append(name.ljust(width) + "".join(c.rjust(24) for c in cells))
    return "\n".join(lines)
