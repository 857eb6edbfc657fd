"""Glicko-2 ratings, from Mark Glickman's published description ("Example of
the Glicko-2 system", 2013), as lichess rates learners and puzzles: each
attempt is a game between the learner and the puzzle; solving it is the
learner's win.

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0),
...                                      (Rating(1550, 100), 0.0),
...                                      (Rating(1700, 300), 0.0)])
>>> round(r.rating, 2), round(r.rd, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper rounds as it goes and prints 1464.06, 151.52 and 0.05999.)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: the conversion between the Glicko and the Glicko-2 scale
SCALE = 173.7178
#: the system constant tau: how much the volatility may change
TAU = 0.5
#: the convergence tolerance of the volatility's iteration
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 to start),
    ``rd`` (the rating deviation: 350 to start) and ``volatility`` (0.06)."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (solves the puzzle)."""
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE,
              opponent.rd / SCALE)


def update(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``results``: pairs of
    (the opponent's rating before, the score: 1 win, 0.5 draw, 0 loss).
    With no results only the deviation grows (step 6 of the description)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    games = [((o.rating - 1500) / SCALE, o.rd / SCALE, s) for o, s in results]
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, 350.0), sigma)
    # step 3: the estimated variance v; step 4: the improvement delta
    v_inv = 0.0
    total = 0.0
    for mu_j, phi_j, s in games:
        e = _e(mu, mu_j, phi_j)
        g = _g(phi_j)
        v_inv += g * g * e * (1 - e)
        total += g * (s - e)
    v = 1.0 / v_inv
    delta = v * total
    # step 5: the new volatility (the Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    sigma_new = math.exp(big_a / 2)
    # steps 6 to 8: the new deviation and rating
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * total
    return Rating(SCALE * mu_new + 1500, SCALE * phi_new, sigma_new)


def attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt (each
    rated against the other's rating before it)."""
    s = 1.0 if solved else 0.0
    return update(learner, [(puzzle, s)]), update(puzzle, [(learner, 1.0 - s)])
