#!/usr/bin/env python3
"""Paired differences for scripts/ato-mt-term-benchmark.sh (issue 21) and scripts/ato-guarded-benchmark.sh (issue 31).

Reads `gauntlet evaluate-augmented RESULTS --mt-pairs eng-cat,en-gl --format json` and prints, per
signal, the mean per-seed difference between two methods with a 95% percentile bootstrap interval
(1000 resamples of the seeds with replacement, Python's random.Random(12345)). Seeds are paired by
seed text; a seed missing a value in either method is left out (n says how many remain).
Usage: ato-mt-term-paired.py SUMMARY.json
"""
import json
import random
import sys

PAIRS = [("direct-mt", "direct"), ("direct-mt", "random-words-matched-mt"), ("direct", "random-words-matched"),
         ("random-words-matched-mt", "random-words-matched"),
         # the term in the beam (a separate search, paired with the others by seed), when present
         ("direct-mt-beam", "direct"), ("direct-mt-beam", "random-words-matched-mt-beam"),
         # issue 31's benchmark (scripts/ato-guarded-benchmark.sh): each search against its seeds and
         # against random words at its edit count under the same restrictions
         ("direct", "base"), ("two-phase", "base"), ("two-phase", "random-words-matched")]


def signals(row):
    out = {}
    mt = (row.get("judges") or {}).get("mt") or {}
    for pair, v in mt.items():
        out[f"round_trip_chrf[{pair}]"] = v.get("round_trip_chrf")
        out[f"mt_unknown_words[{pair}]"] = len(v.get("unknown_words", []))
    grammar = (row.get("judges") or {}).get("grammar")
    if grammar:
        out["null_links"] = grammar.get("null_links")
    if row.get("judges", {}).get("misspelled") is not None:
        out["misspelled_words"] = len(row["judges"]["misspelled"])
    out["difficulty"] = row.get("difficulty")
    out["perplexity"] = row.get("perplexity")
    return out


def main():
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    by = {}
    for r in data["rows"]:
        # "direct [B=16 ...]" -> "direct": the settings label is the same within one benchmark
        by.setdefault(r["method"].split(" [")[0], {})[r["seed_text"]] = signals(r)
    names = sorted({k for m in by.values() for s in m.values() for k in s})
    print("comparison\tsignal\tn\tmean_difference\tlower\tupper")
    for a, b in PAIRS:
        if a not in by or b not in by:
            continue
        for name in names:
            diffs = []
            for seed, va in by[a].items():
                vb = by[b].get(seed, {})
                x, y = va.get(name), vb.get(name)
                if x is not None and y is not None:
                    diffs.append(x - y)
            if not diffs:
                continue
            rng = random.Random(12345)
            means = sorted(sum(rng.choice(diffs) for _ in diffs) / len(diffs) for _ in range(1000))
            mean = sum(diffs) / len(diffs)
            print(f"{a} - {b}\t{name}\t{len(diffs)}\t{mean:.3f}\t{means[24]:.3f}\t{means[974]:.3f}")


main()
