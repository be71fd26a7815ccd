#!/usr/bin/env python3
"""The layout benchmark's reference: kiwisolver (a C++ Cassowary, from PyPI) building and
solving the layout animator-bench's `layout` suite builds, and re-solving after one
constant changes (the constraint removed and added again with the new constant, as
kiwisolver has no constant edit). Prints the medians in milliseconds and a few solved
values, one line:

    build+solve MS edit MS values l999 w500 h500

    kiwi_layout.py VIEWS ROUNDS

The layout, per view i of VIEWS (three variables, four constraints):
    w >= 20                                      required
    w == 50 + 10 (i mod 7)                       priority 500
    l == 0 (i = 0), else l(i-1) + w(i-1) + 4     required
    h == 0.5 w + (i mod 3)                       required
The edit makes view VIEWS/2's preferred width 120.
"""
import statistics, sys, time
import kiwisolver as kiwi

views = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5


def build():
    solver = kiwi.Solver()
    l = [kiwi.Variable(f'l{i}') for i in range(views)]
    w = [kiwi.Variable(f'w{i}') for i in range(views)]
    h = [kiwi.Variable(f'h{i}') for i in range(views)]
    preferred = []
    for i in range(views):
        solver.addConstraint(w[i] >= 20)
        c = (w[i] == 50 + 10 * (i % 7)) | 500
        solver.addConstraint(c)
        preferred.append(c)
        solver.addConstraint(l[i] == 0 if i == 0 else l[i] == l[i - 1] + w[i - 1] + 4)
        solver.addConstraint(h[i] == 0.5 * w[i] + (i % 3))
    solver.updateVariables()
    return solver, l, w, h, preferred


builds, edits = [], []
for _ in range(rounds):
    start = time.perf_counter()
    solver, l, w, h, preferred = build()
    builds.append((time.perf_counter() - start) * 1000)
    middle = views // 2
    start = time.perf_counter()
    solver.removeConstraint(preferred[middle])
    solver.addConstraint((w[middle] == 120) | 500)
    solver.updateVariables()
    edits.append((time.perf_counter() - start) * 1000)
print('build+solve %.3f edit %.3f values %.6f %.6f %.6f' % (
    statistics.median(builds), statistics.median(edits), l[-1].value(), w[views // 2].value(), h[views // 2].value()))
