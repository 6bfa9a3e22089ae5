#!/usr/bin/env python3
"""The JANI survey (not a test): the smallest instance of every MDP and DTMC benchmark of a QVBS
checkout (github.com/ahartmanns/qcomp, benchmarks/mdp/* and benchmarks/dtmc/*), solved by
`sgplan solve FILE.jani` (every property of the file), one line per benchmark: whether it loads
and answers (each answer checked against index.json's reference where it has one), and if not,
sgplan's first line of error (the feature outside the fragment).

  tools/bench/jani_survey.py QCOMP_DIR [--sgplan PATH] [--max-states N] [--timeout SECONDS]

The smallest instance is the (file, open-parameter values) with the lowest reference state count
in the benchmark's index.json (instances without a count come last); files not in the checkout
(Git LFS, or too large for the snapshot) are skipped. Open parameters are given with --const.
"""
import argparse
import json
import os
import re
import subprocess
import sys


def load_index(path):
    with open(path, encoding="utf-8-sig") as f:
        text = f.read()
    # Exact results of hundreds of digits: not needed here, and beyond some JSON readers.
    return json.loads(re.sub(r"\d{300,}", "0", text))


def value_text(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


def smallest_instance(folder, index):
    best = None
    for f in index.get("files", []):
        name = f.get("file", "")
        if not name.endswith(".jani") or not os.path.exists(os.path.join(folder, name)):
            continue
        opens = f.get("open-parameter-values") or [{}]
        for o in opens:
            counts = [s["number"] for s in o.get("states", []) if "number" in s]
            states = min(counts) if counts else None
            consts = ",".join(v["name"] + "=" + value_text(v["value"]) for v in o.get("values", []))
            key = (states is None, states or 0, name)
            if best is None or key < best[0]:
                best = (key, name, consts, states, o.get("results", []))
    return best


def reference(results, name):
    """index.json's reference for a property: a number, a truth value, or None."""
    for r in results:
        if r.get("property") != name:
            continue
        v = r.get("value")
        if isinstance(v, dict) and v.get("den"):
            return v["num"] / v["den"]
        if isinstance(v, (bool, int, float)):
            return v
    return None


def run(sgplan, path, consts, max_states, timeout, results):
    args = [sgplan, "solve", path, "--json", "--max-states", str(max_states)]
    if consts:
        args += ["--const", consts]
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", f"more than {timeout} s", ""
    first = p.stderr.strip().splitlines()[0] if p.stderr.strip() else ""
    if p.returncode == 0:
        props = json.loads(p.stdout)["properties"]
        answered = sum(1 for q in props if q["answered"])
        reasons = sorted({q["reason"] for q in props if not q["answered"]})
        # Each answer against index.json's reference, where it has one (within 1e-6, inside the bounds).
        checked, wrong = 0, []
        for q in props:
            ref = reference(results, q["name"]) if q["answered"] else None
            if ref is None:
                continue
            checked += 1
            if isinstance(ref, bool):
                ok = q["holds"] == ref
            else:
                upper = q["upper"] if q["upper"] is not None else q["lower"]
                ok = abs(q["value"] - ref) <= 1e-6 and q["lower"] <= ref + 1e-9 and upper >= ref - 1e-9
            if not ok:
                wrong.append(f"{q['name']}: {q['value']} (reference {ref})")
        detail = f"{answered}/{len(props)} properties, {checked} match a reference" if not wrong else \
            f"{answered}/{len(props)} properties, MISMATCH " + ", ".join(wrong)
        return ("answers" if not wrong else "wrong"), detail, "; ".join(reasons)
    if p.returncode == 3:
        return "limit", first.replace("sgplan: resource limit: ", ""), ""
    return "error", first.replace("sgplan: error: ", ""), ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("qcomp")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--sgplan", default=os.path.join(here, "..", "..", "build", "sgplan"))
    ap.add_argument("--max-states", type=int, default=5_000_000)
    ap.add_argument("--timeout", type=int, default=300)
    a = ap.parse_args()
    counts = {}
    for kind in ("mdp", "dtmc"):
        root = os.path.join(a.qcomp, "benchmarks", kind)
        if not os.path.isdir(root):
            sys.exit(f"jani_survey: no folder {root}")
        for bench in sorted(os.listdir(root)):
            folder = os.path.join(root, bench)
            index = os.path.join(folder, "index.json")
            if not os.path.exists(index):
                continue
            best = smallest_instance(folder, load_index(index))
            if best is None:
                print(f"{kind:4} {bench:28} -        no JANI file in the checkout")
                counts["absent"] = counts.get("absent", 0) + 1
                continue
            _, name, consts, states, results = best
            outcome, detail, note = run(a.sgplan, os.path.join(folder, name), consts, a.max_states, a.timeout,
                                        results)
            counts[outcome] = counts.get(outcome, 0) + 1
            instance = name + (f" {consts}" if consts else "")
            ref = f"{states:,}" if states is not None else "?"
            print(f"{kind:4} {bench:28} {outcome:7} {instance} ({ref} states): {detail}" + (f" [{note}]" if note else ""))
            sys.stdout.flush()
    print("; ".join(f"{k}: {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
