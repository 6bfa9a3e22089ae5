#!/usr/bin/env python3
"""Answers without building the whole graph: the searches from the initial state (--method brtdp
and maxprob) beside the full-graph engine on the same files, one run each (a benchmark, never a
test). Per run: the answer's bounds at the initial state, the states explored (or built), wall
time and peak memory (/usr/bin/time), and how it ended.

    tools/bench/partial_search.py [--full] [--qcomp DIR] [--cases DIR] [--only NAME]

The cases: QVBS triangle-tireworld with 9 and 441 locations (JANI, from ../shared/cases) and its
PPDDL first problem; with --qcomp DIR (a checkout of the QComp benchmark repository, whose
benchmarks/mdp/triangle-tireworld holds the 1,681 and 3,721 instances) those two as well; and open
robot-monster grids of 8x8 to 12x12 (tools/bench/models). The full engine runs on every case with
--full (slow: on the grids past 8x8 and on triangle-tireworld.441 it spends a minute and several
GiB before it meets --max-states); without --full only where it is quick.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SGPLAN = os.path.join(ROOT, "build", "sgplan")


def run(args):
    """One run under /usr/bin/time: (parsed JSON or None, seconds, peak MiB, exit code, stderr)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as timing:
        p = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", timing.name, SGPLAN] + args + ["--json", "--quiet"],
                           capture_output=True, text=True)
        seconds, kib = timing.read().split()[-2:]
    try:
        answer = json.loads(p.stdout)
    except json.JSONDecodeError:
        answer = None
    return answer, float(seconds), int(kib) / 1024.0, p.returncode, p.stderr.strip().splitlines()


def describe(answer, code, err):
    """The bounds, the states, and how it ended, from the JSON of solve (a model or its properties)."""
    if answer is None:
        return "-", "-", (err[-1] if err else "exit %d" % code)[:70]
    if "properties" in answer:
        answer = answer["properties"][0]
    lower, upper = answer.get("lower"), answer.get("upper")
    bounds = "[%.10g, %.10g]" % (lower, upper) if upper is not None else "%.10g" % lower
    # A search on a YAML model reports the states it expanded; on a property, the states it met
    # (expanded or on its frontier); the full engine its graph's states.
    if "expanded" in answer:
        states = "{:,} expanded".format(answer["expanded"])
    else:
        states = "{:,}".format(answer.get("states"))
    return bounds, states, answer.get("status", "")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--full", action="store_true", help="run the full engine on every case (slow)")
    parser.add_argument("--qcomp", help="a QComp benchmark checkout (triangle-tireworld 1681 and 3721)")
    parser.add_argument("--cases", default=os.environ.get("SGPLAN_CASES", os.path.join(ROOT, "..", "shared", "cases")))
    parser.add_argument("--only", help="run the cases whose name contains this")
    options = parser.parse_args()
    if not os.access(SGPLAN, os.X_OK):
        sys.exit("build sgplan first (tools/setup.sh sgplan)")

    tt = os.path.join(options.cases, "qvbs", "triangle-tireworld")
    models = os.path.join(ROOT, "tools", "bench", "models")
    # (name, arguments, whether the full engine is quick there)
    cases = []
    if os.path.isdir(tt):
        cases += [("triangle-tireworld.9 (JANI)", [os.path.join(tt, "triangle-tireworld.9.jani")], True),
                  ("triangle-tireworld.441 (JANI)", [os.path.join(tt, "triangle-tireworld.441.jani")], False),
                  ("triangle-tireworld p01 (PPDDL)",
                   [os.path.join(tt, "p01.pddl")], True)]
    else:
        print("(the shared QVBS cases are absent at %s: triangle-tireworld skipped)" % tt)
    if options.qcomp:
        big = os.path.join(options.qcomp, "benchmarks", "mdp", "triangle-tireworld")
        for n in (1681, 3721):
            f = os.path.join(big, "triangle-tireworld.%d.jani" % n)
            if os.path.exists(f):
                cases.append(("triangle-tireworld.%d (JANI)" % n, [f], False))
            else:
                print("(%s is absent)" % f)
    for name, quick in (("open8-near", True), ("open10-far", False), ("open10-near", False),
                        ("open12-near", False), ("open10-three", False)):
        cases.append(("robot-monster " + name, [os.path.join(models, "robot-monster-%s.yaml" % name)], quick))

    print("| case | method | bounds at the start | states | ended | time | peak memory |")
    print("|---|---|---|---:|---|---:|---:|")
    for name, args, quick in cases:
        if options.only and options.only not in name:
            continue
        methods = ["brtdp", "maxprob"] + (["interval"] if quick or options.full else [])
        for method in methods:
            extra = ["--method", method] if method != "interval" else []
            answer, seconds, mib, code, err = run(["solve"] + args + extra)
            bounds, states, status = describe(answer, code, err)
            label = method if method != "interval" else "full graph (interval)"
            print("| %s | %s | %s | %s | %s | %.2f s | %.0f MiB |" % (name, label, bounds, states, status, seconds, mib))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
