"""The tile reading's interactions: shallow trees added to danger.py's one-hot log-odds.
Measured, not kept: the bench's model (fit_trees.py fits and scores it, pair_strong.py's
`trees` variant plays it); danger.py reads the tiles without it.

danger.py's `WAIT_WEIGHTS` weighs each public fact on its own (a logistic model of one-hot
facts), so it cannot say that a fact means one thing in one situation and another in
another: that a tile another seat let go four discards back is safe when the opponent has
let go only the tiles they drew since (摸切: their hand has not changed since they passed
it), and far less so when they have just changed their hand (手切); that a suji tile is
safe early and less so late; that the copies live of a tile matter more when their melds
show a suit. Trees split on facts one after another and so read them together.

`residual` is the sum of `TREES`' leaves for a tile: gradient-boosted trees of depth 3
(logistic loss), fitted on the true hands as a residual on top of the committed reading's
log-odds (`WAIT_WEIGHTS` plus whole_hand.py's `shapes_log_odds`, so they start from it),
over `tile_features`' facts and the numbers `numbers` reads (tests/bench/fit_trees.py;
tests/bench/README.md, "The tile reading's interactions"). Each tree is the data of a
complete binary tree: seven tests in breadth-first order, then eight leaves. A test is a
fact's name (true when `tile_features` names it), a (number, threshold) pair (true when
the number is above the threshold) or None (false: a node the fit did not split).
"""

from __future__ import annotations

from server.engine.bots.danger import RECENT, Opponent

NUMBERS = (
    "z", "wall", "river", "sets", "drawn3", "run", "quiet", "fold", "live", "chose1",
    "last1", "suit_river", "ready", "fan", "flush",
)
"""The numbers a tree may split on (`numbers`)."""


def numbers(tile: int, opponent: Opponent, unseen: list[int], z: float) -> tuple[float, ...]:
    """By `NUMBERS`: the committed log-odds `z`; the wall; their discards; their sets down;
    how many of their last three discards were 摸切; how many 摸切 in a row since their
    last 手切 (`run`: the hand unchanged since); the tile's age in the others' latest
    discards (`Opponent.recent`) less that run (`quiet`: below zero, let go since the
    hand last changed, and not won on; `RECENT` when not among them);
    the tile's distance from the edge of its suit (5 for an honour); its copies unseen;
    its distance to their last tile let go from the hand and to their last discard (9:
    another suit, or none); how many tiles of its suit their river shows; their readiness
    as read; the fan their melds show; 1 when their melds show a flush in its suit, −1 in
    another, 0 when none."""
    river = opponent.discards
    drawn = opponent.from_draw if len(opponent.from_draw) == len(river) else ()
    run = 0
    for d in reversed(drawn):
        if not d:
            break
        run += 1
    age = opponent.recent[tile] if opponent.recent else RECENT
    if tile >= 27:
        fold, chose1, last1, suit_river = 5, 9, 9, 0
        flush = -1 if opponent.flush_suit is not None else 0
    else:
        suit, rank = divmod(tile, 9)
        fold = min(rank, 8 - rank)
        chosen = [k for k, d in zip(river, drawn, strict=True) if not d]
        chose1 = _distance(chosen[-1], suit, rank) if chosen else 9
        last1 = _distance(river[-1], suit, rank) if river else 9
        suit_river = sum(1 for k in river if k < 27 and k // 9 == suit)
        flush = 0 if opponent.flush_suit is None else 1 if opponent.flush_suit == suit else -1
    return (
        z,
        opponent.wall_left,
        len(river),
        opponent.sets_down,
        sum(drawn[-3:]),
        run,
        age - run if age < RECENT else RECENT,
        fold,
        unseen[tile],
        chose1,
        last1,
        suit_river,
        opponent.ready,
        opponent.points,
        flush,
    )


def _distance(k: int, suit: int, rank: int) -> int:
    return abs(k % 9 - rank) if k < 27 and k // 9 == suit else 9


Test = str | tuple[str, float] | None
Tree = tuple[tuple[Test, ...], tuple[float, ...]]
Compiled = tuple[list[tuple[str, int, float] | None], tuple[float, ...]]

DEPTH = 3


def residual(
    names: list[str], values: tuple[float, ...], trees: list[Compiled] | None = None
) -> float:
    """What `TREES` (or `trees`, `compile_trees`' reading of others) add to the committed
    log-odds of a tile with the facts `names` (`tile_features`) and the numbers `values`
    (`numbers`)."""
    present = set(names)
    total = 0.0
    for tests, leaves in _COMPILED if trees is None else trees:
        i = 0
        for _ in range(DEPTH):
            test = tests[i]
            if test is None:
                right = False
            elif test[1] < 0:
                right = test[0] in present
            else:
                right = values[test[1]] > test[2]
            i = 2 * i + 1 + right
        total += leaves[i - len(tests)]
    return total


def compile_trees(trees: tuple[Tree, ...]) -> list[Compiled]:
    """`trees` with each test read once: (name, −1, 0) for a fact, ("", index in `NUMBERS`,
    threshold) for a number, None for no split."""
    index = {name: i for i, name in enumerate(NUMBERS)}
    out = []
    for tests, leaves in trees:
        compiled: list[tuple[str, int, float] | None] = []
        for test in tests:
            if test is None:
                compiled.append(None)
            elif isinstance(test, str):
                compiled.append((test, -1, 0.0))
            else:
                compiled.append(("", index[test[0]], test[1]))
        out.append((compiled, leaves))
    return out


TREES: tuple[Tree, ...] = (
    (
        (('quiet', -1), None, None, None, None, None, None),
        (-0.944, 0.0, 0.0, 0.0, 0.0225, 0.0, 0.0, 0.0),
    ),
    (
        (('drawn3', 2), 'partner0', ('quiet', 1), ('quiet', 2), ('live', 1), ('wall', 48),
         'partner5'),
        (0.0189, -0.0083, -0.0071, 0.0323, -0.0393, -0.0003, 0.0097, 0.0262),
    ),
    (
        (('run', 1), ('quiet', 2), ('quiet', 1), 'kan0', 'partner0', 'around3', ('run', 4)),
        (0.0301, -0.0066, -0.0097, 0.0194, -0.0386, 0.0027, 0.0049, 0.0195),
    ),
    (
        (('run', 1), ('quiet', 2), ('quiet', 1), 'kan0', 'partner0', 'around3', ('run', 4)),
        (0.0275, -0.0065, -0.0088, 0.0178, -0.0371, 0.0026, 0.0044, 0.0175),
    ),
    (
        (('drawn3', 2), 'partner0', ('quiet', 1), ('quiet', 2), 'live3', 'wall4', 'partner5'),
        (0.0147, -0.0063, 0.0008, 0.0344, -0.0356, 0.0003, 0.0064, 0.0216),
    ),
    (
        (('run', 3), 'partner0', ('quiet', 1), ('flush', 0), 'live3', None, 'partner5'),
        (-0.0049, 0.0163, -0.0014, 0.0357, -0.0302, 0.0, 0.0074, 0.0268),
    ),
    (
        (('run', 1), ('quiet', 2), ('quiet', 1), ('run', 0), 'partner5', 'around3',
         'early_near'),
        (0.03, 0.0016, -0.0018, -0.0127, -0.0341, 0.0032, 0.0034, 0.0153),
    ),
    (
        (('chose1', 4), 'chose2d3', ('flush', 0), ('chose1', 2), 'shows_fan_r4', 'kan3',
         'live3'),
        (-0.0056, 0.0195, 0.0668, 0.0016, -0.0074, 0.002, -0.0073, 0.0479),
    ),
    (
        (('run', 0), ('quiet', 2), ('quiet', -1), 'passed', 'partner5', 'suit1len1',
         ('flush', 0)),
        (0.031, -0.0048, -0.0034, -0.0155, -0.0345, -0.0012, 0.0026, 0.0237),
    ),
    (
        (('chose1', 4), 'chose2d3', 'kan3', ('chose1', 2), 'shows_fan_r4', ('live', 2),
         'chose2d4'),
        (-0.005, 0.0174, 0.0614, 0.0016, -0.012, 0.0029, -0.0205, 0.0068),
    ),
    (
        (('run', 3), ('z', -1.0), ('quiet', 1), ('chose1', 4), ('fold', 2), 'suit1len1',
         'early_near'),
        (0.0058, -0.0036, -0.0359, -0.002, -0.0282, -0.0008, 0.0052, 0.0229),
    ),
    (
        ('side_best3', ('live', 2), ('flush', 0), ('z', -2.5), 'around2', ('live', 1),
         'suit0len1'),
        (-0.0172, 0.0067, 0.0366, 0.0032, 0.0108, -0.0063, 0.0293, -0.0136),
    ),
    (
        (('quiet', -1), 'suit1len1', ('run', 4), None, ('quiet', -2), 'partner0', 'early_near'),
        (-0.0327, 0.0, -0.0043, 0.0033, -0.0023, 0.0155, 0.0049, 0.0244),
    ),
    (
        (('quiet', -1), 'suit1len1', ('run', 1), None, ('quiet', -2), ('quiet', 2),
         ('flush', -1)),
        (-0.0318, 0.0, -0.0043, 0.0033, 0.0208, -0.0046, -0.0052, 0.0071),
    ),
    (
        (('quiet', -1), 'suit1len1', 'side_best3', None, ('quiet', -2), ('live', 2),
         ('z', -2.5)),
        (-0.0309, 0.0, -0.0043, 0.0032, -0.0015, 0.0143, 0.0093, -0.005),
    ),
    (
        (('chose1', 4), 'chose2d3', ('suit_river', 3), 'chose1d4', 'shows_fan_r4', ('flush', 0),
         'chose2d1'),
        (-0.0032, 0.0218, 0.0557, 0.0014, -0.0016, 0.0202, -0.0209, 0.0147),
    ),
    (
        (('ready', 0.4), ('live', 1), 'kan1', ('chose1', 4), 'meld01', 'suit1len1',
         ('chose1', 4)),
        (0.0306, -0.0027, 0.0, -0.0091, 0.0115, -0.0047, 0.0073, -0.0153),
    ),
    (
        (('quiet', -1), 'wall4', ('run', 3), None, ('suit_river', 1), ('z', -1.0), 'partner5'),
        (-0.0304, 0.0, 0.0025, -0.0041, -0.0005, -0.0198, 0.0031, 0.0215),
    ),
    (
        (('quiet', -1), 'suit1len1', ('run', 0), None, ('quiet', -2), ('quiet', 2),
         ('flush', 0)),
        (-0.0293, 0.0, -0.0042, 0.0033, 0.0251, -0.0065, 0.002, 0.0188),
    ),
    (
        (('quiet', -1), 'wall4', ('run', 4), None, ('suit_river', 1), ('ready', 0.3),
         'early_near'),
        (-0.0289, 0.0, 0.0026, -0.0039, -0.005, 0.0025, 0.0031, 0.0209),
    ),
    (
        (('quiet', -1), 'suit1len1', 'side_best3', None, ('quiet', -2), ('live', 2), 'live3'),
        (-0.0279, 0.0, -0.0041, 0.0034, -0.0017, 0.0128, 0.0029, -0.0065),
    ),
    (
        (('chose1', 4), 'chose2d3', 'kan3', 'chose1d4', 'shows_fan_r4', ('live', 2), 'chose2d4'),
        (-0.0033, 0.0194, 0.051, 0.0012, -0.0104, 0.0017, -0.0184, 0.0078),
    ),
    (
        (('quiet', -1), 'wall4', ('drawn3', 1), None, ('suit_river', 1), ('quiet', 2),
         ('chose1', 4)),
        (-0.0274, 0.0, 0.0027, -0.0037, 0.0213, -0.0055, 0.0104, -0.0001),
    ),
    (
        (('quiet', -1), 'wall4', ('run', 4), None, ('suit_river', 1), ('z', -1.0), 'partner5'),
        (-0.0267, 0.0, 0.0027, -0.0037, 0.0, -0.0176, 0.0033, 0.0214),
    ),
    (
        (('flush', 0), ('fan', 2), 'live3', 'side_best3', ('suit_river', 2), 'kan3',
         ('z', -2.0)),
        (0.0054, -0.0024, -0.0122, 0.0039, -0.0221, 0.0204, 0.0484, -0.0034),
    ),
    (
        (('quiet', -1), 'suit1len1', ('ready', 0.4), 'kan3', ('quiet', -2), ('live', 1), 'kan1'),
        (-0.0268, -0.0007, -0.0039, 0.0035, 0.0093, -0.0036, 0.0076, -0.0073),
    ),
    (
        (('quiet', -1), 'wall4', ('run', 0), None, ('quiet', -2), ('quiet', 2), ('flush', 0)),
        (-0.0255, 0.0, -0.0036, 0.0027, 0.0223, -0.0054, 0.0015, 0.0165),
    ),
    (
        ('r0o1', ('flush', 0), ('live', 1), 'side_best3', 'live3', ('fan', 2), 'suit0len1'),
        (0.0041, -0.0028, -0.0087, 0.0396, 0.0223, -0.0188, -0.0244, 0.0081),
    ),
    (
        (('quiet', -1), 'suit1len1', 'partner0', 'r3o0', 'wall4', ('run', 4), ('suit_river', 3)),
        (-0.0256, -0.0004, -0.0021, 0.0018, -0.0015, 0.0072, 0.0286, -0.0122),
    ),
    (
        (('quiet', -1), 'kan3', ('chose1', 4), 'suit1len1', 'suit_least', 'chose2d3',
         ('suit_river', 3)),
        (-0.0252, -0.0004, -0.0013, 0.001, 0.0011, 0.0442, 0.0004, -0.0141),
    ),
    (
        (('quiet', -1), 'wall4', ('ready', 0.4), 'kan3', ('quiet', -2), ('live', 1),
         ('chose1', 4)),
        (-0.0245, -0.0007, -0.0034, 0.0029, 0.0081, -0.0031, 0.0129, -0.0004),
    ),
    (
        (('quiet', -1), 'around3', ('z', -2.5), None, 'kan3', ('live', 2), 'early_near'),
        (-0.0236, 0.0, -0.0029, 0.0024, -0.0058, 0.0202, -0.0037, 0.0071),
    ),
    (
        ('kan3', 'shows_chows_r3', 'partner0', 'chose2d2', 'chose1d2', 'chose2d4', 'near1'),
        (-0.0055, 0.0192, 0.0155, -0.0267, -0.0181, 0.0044, 0.0402, -0.0021),
    ),
    (
        (('quiet', -1), 'wall4', ('drawn3', 1), 'kan3', ('quiet', -2), ('quiet', 2),
         ('chose1', 4)),
        (-0.0235, -0.0007, -0.0033, 0.003, 0.019, -0.0044, 0.0081, -0.0002),
    ),
    (
        (('flush', 0), ('fan', 4), 'live3', 'chose1d2', ('z', -1.5), 'kan3', ('z', -2.0)),
        (0.0015, -0.0112, -0.0151, 0.0076, -0.0207, 0.0195, 0.04, -0.0046),
    ),
    (
        ('r0o1', ('flush', 0), ('live', 1), 'side_best3', 'live3', ('fan', 2), 'suit0len1'),
        (0.0036, -0.0025, -0.007, 0.033, 0.0211, -0.0181, -0.0224, 0.008),
    ),
    (
        (('quiet', -1), 'suit1len1', ('drawn3', 2), 'r3o0', None, ('z', -1.0), 'chose1d2'),
        (-0.0233, 0.0, 0.0001, 0.0, -0.0003, -0.0186, 0.0055, -0.0148),
    ),
    (
        ('kan3', 'shows_chows_r3', 'live3', 'chose2d4', 'chose1d2', 'near0', 'shows_chows_r2'),
        (0.0071, -0.0062, 0.0136, -0.025, -0.0036, 0.0197, -0.0057, 0.022),
    ),
    (
        (('quiet', -1), 'wall4', ('chose1', 4), 'kan3', ('quiet', -2), 'chose2d3', 'chose2d3'),
        (-0.0226, -0.0006, -0.0033, 0.003, 0.0007, 0.04, -0.0002, -0.0227),
    ),
    (
        (('quiet', -1), 'around3', ('z', -2.5), None, ('quiet', -2), ('live', 2), 'early_near'),
        (-0.0217, 0.0, -0.0026, 0.0024, -0.0052, 0.0178, -0.0035, 0.0067),
    ),
    (
        ('kan3', ('chose1', 4), 'chose2d2', 'meld00', 'meld00', 'r3o1', 'shows_fan_r3'),
        (0.0112, -0.0113, -0.0073, 0.0042, 0.0071, -0.0105, -0.0304, 0.0106),
    ),
)
"""The trees (`residual`). Fitted 2026-12-02 by `python tests/bench/fit_trees.py fit
TRAIN… --trees 41 --first 1 --l2 100 --min-h 5 --rate 0.1` on read_tiles.py's collections
of seeds 101 and 102 against three normal and three greedy players (the committed player,
300 duplicate deals each: 177,570 (option, ready opponent) rows): the first a single
split at a full Newton step (the tile let go since the hand last changed, `quiet` ≤ −1:
−0.94), then forty of depth 3 shrunk by 0.1. On held-out seed 103 (9,772 positions, both
kinds) over the options: log-loss 0.2340 → 0.2321, AUC 0.742 → 0.749, the option read
safest a win 1.4 % either way. Almost all of the gain is the one interaction `quiet`: a
tile the table let go since the opponent's last 手切, 0.2 % a win where the one-hot
reading said 2 % (12,451 training rows, 25 wins, 245 expected); the other interactions
the trees found move the held-out log-loss by less than 0.0001 (tests/bench/README.md,
"The tile reading's interactions")."""
_COMPILED = compile_trees(TREES)
