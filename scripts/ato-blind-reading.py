#!/usr/bin/env python3
"""Blind naturalness reading of ATO outputs (issue 31 item 6). Not a test.

  prepare RESULTS.jsonl [RESULTS.jsonl ...] --out DIR [--seed S]
      Every distinct text (each seed, each method's output) once, shuffled with seed S, without
      labels: DIR/items.tsv (id, text) is all a reader sees; DIR/key.tsv (id, method, seed_text)
      says which methods produced each text (a text two methods produced counts for both).
      The method is the results file's name without .jsonl and .part (direct.part.jsonl -> direct).

  report DIR READER.tsv [READER.tsv ...] [--gauntlet build/app/gauntlet]
      READER.tsv: id, naturalness (1-5), usable (yes/no), one row per item, with a header line.
      Prints per method (and per method over its texts that differ from the seeds): texts, mean naturalness, the share rated 4-5, the share usable unedited in
      a news test set, the share rated 1-2, each with a 95% bootstrap interval (1000 resamples of the
      method's texts, each text's rating the mean over readers; shares of reader ratings); then the
      readers' agreement: Krippendorff's alpha (ordinal naturalness, nominal usable) from `gauntlet
      agreement`, and the share of items on which the readers agree exactly / within 1 point.
      Writes DIR/report.tsv and DIR/ratings-long.tsv.

The readers are told only what README_FOR_READERS says (below): nothing about methods or goals.
"""
import argparse
import csv
import json
import os
import random
import subprocess
import sys

README_FOR_READERS = """You will read English sentences, one per line, in items.tsv (id, text).
For each sentence give
  naturalness: 1-5, how natural and fluent it reads as English written by a competent writer
               (5 = completely natural, 4 = natural with a small oddity, 3 = understandable but
               clearly odd, 2 = hard to make sense of, 1 = word salad);
  usable: yes or no, could this sentence be used unedited as a source sentence in a news
          translation test set?
Judge each sentence on its own. Write ratings.tsv with the header: id<TAB>naturalness<TAB>usable
"""


def method_of(path):
    name = os.path.basename(path)
    for suffix in (".jsonl", ".part"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    return name


def prepare(args):
    os.makedirs(args.out, exist_ok=True)
    texts = {}  # text -> set of (method, seed)
    for path in args.results:
        method = method_of(path)
        for line in open(path, encoding="utf-8"):
            r = json.loads(line)
            texts.setdefault(r["seed_text"], set()).add(("seed", r["seed_text"]))
            texts.setdefault(r["output_text"], set()).add((method, r["seed_text"]))
    order = sorted(texts)
    random.Random(args.seed).shuffle(order)
    with open(os.path.join(args.out, "items.tsv"), "w", encoding="utf-8") as f:
        f.write("id\ttext\n")
        for i, t in enumerate(order, 1):
            f.write(f"{i}\t{t}\n")
    with open(os.path.join(args.out, "key.tsv"), "w", encoding="utf-8") as f:
        f.write("id\tmethod\tseed_text\n")
        for i, t in enumerate(order, 1):
            for method, seed in sorted(texts[t]):
                f.write(f"{i}\t{method}\t{seed}\n")
    with open(os.path.join(args.out, "README_FOR_READERS.txt"), "w", encoding="utf-8") as f:
        f.write(README_FOR_READERS)
    print(f"{len(order)} texts from {len(args.results)} result files -> {args.out}/items.tsv", file=sys.stderr)


def read_ratings(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        rows = list(csv.reader(f, delimiter="\t"))
    for row in rows[1:]:
        if len(row) < 3 or not row[0].strip():
            continue
        n = int(row[1])
        if not 1 <= n <= 5:
            sys.exit(f"{path}: naturalness {n} for item {row[0]} is outside 1-5")
        usable = row[2].strip().lower()
        if usable not in ("yes", "no"):
            sys.exit(f"{path}: usable '{row[2]}' for item {row[0]} is not yes or no")
        out[int(row[0])] = (n, usable == "yes")
    return out


def bootstrap(values, stat, n=1000, seed=12345):
    rng = random.Random(seed)
    point = stat(values)
    if len(values) < 2:
        return point, point, point
    draws = sorted(stat([values[rng.randrange(len(values))] for _ in values]) for _ in range(n))
    return point, draws[int(0.025 * n)], draws[int(0.975 * n) - 1]


def report(args):
    key = {}
    with open(os.path.join(args.dir, "key.tsv"), encoding="utf-8") as f:
        for row in list(csv.reader(f, delimiter="\t"))[1:]:
            key.setdefault(int(row[0]), []).append(row[1])
    readers = [read_ratings(p) for p in args.readers]
    ids = sorted(key)
    for p, r in zip(args.readers, readers):
        missing = [i for i in ids if i not in r]
        if missing:
            sys.exit(f"{p}: no rating for {len(missing)} items (first: {missing[:5]})")
    methods = sorted({m for ms in key.values() for m in ms}, key=lambda m: (m != "seed", m))
    mean = lambda v: sum(v) / len(v)
    lines = ["method\ttexts\tmean_naturalness\tshare_4_5\tshare_usable\tshare_1_2"]
    # Each method over all its texts, then over those that differ from every seed (an output that
    # is its seed unchanged reads as well as the seed).
    rows = [(m, [i for i in ids if m in key[i]]) for m in methods]
    rows += [(m + " (changed)", [i for i in ids if m in key[i] and "seed" not in key[i]]) for m in methods if m != "seed"]
    for m, items in rows:
        if not items:
            continue
        # per text: the readers' ratings (the unit of resampling is the text)
        per = [[r[i] for r in readers] for i in items]
        stats = [
            lambda v: mean([mean([n for n, _ in x]) for x in v]),
            lambda v: mean([n >= 4 for x in v for n, _ in x]),
            lambda v: mean([u for x in v for _, u in x]),
            lambda v: mean([n <= 2 for x in v for n, _ in x]),
        ]
        cells = []
        for k, s in enumerate(stats):
            p, lo, hi = bootstrap(per, s)
            cells.append(f"{p:.2f} [{lo:.2f}, {hi:.2f}]" if k == 0 else f"{100 * p:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]")
        lines.append(f"{m}\t{len(items)}\t" + "\t".join(cells))
    # Agreement between the readers
    long_path = os.path.join(args.dir, "ratings-long.tsv")
    with open(long_path, "w", encoding="utf-8") as f:
        f.write("item\treader\tnaturalness\tusable\n")
        for k, r in enumerate(readers, 1):
            for i in ids:
                f.write(f"{i}\treader{k}\t{r[i][0]}\t{'yes' if r[i][1] else 'no'}\n")
    lines.append("")
    # `gauntlet agreement` reads (item, rater, score) rows: the scores as numbers (usable: 1/0), no header.
    plain = os.path.join(args.dir, ".agreement-input.tsv")
    for level, k in (("ordinal", 0), ("interval", 0), ("nominal", 1)):
        with open(plain, "w", encoding="utf-8") as f:
            for n, r in enumerate(readers, 1):
                for i in ids:
                    f.write(f"{i}\treader{n}\t{int(r[i][k])}\n")
        out = subprocess.run([args.gauntlet, "agreement", plain, "--level", level], capture_output=True, text=True)
        column = "naturalness" if k == 0 else "usable"
        lines.append(f"Krippendorff's alpha ({level}, {column}): " + (out.stdout.strip().replace("\n", "; ") or out.stderr.strip()))
    os.remove(plain)
    if len(readers) >= 2:
        exact = mean([len({r[i][0] for r in readers}) == 1 for i in ids])
        within1 = mean([max(r[i][0] for r in readers) - min(r[i][0] for r in readers) <= 1 for i in ids])
        usable = mean([len({r[i][1] for r in readers}) == 1 for i in ids])
        lines.append(f"readers agree: naturalness exactly {100 * exact:.0f}%, within 1 point {100 * within1:.0f}%, usable {100 * usable:.0f}% "
                     f"({len(ids)} items, {len(readers)} readers)")
    text = "\n".join(lines) + "\n"
    open(os.path.join(args.dir, "report.tsv"), "w", encoding="utf-8").write(text)
    print(text, end="")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("results", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=31)
    p.set_defaults(run=prepare)
    r = sub.add_parser("report")
    r.add_argument("dir")
    r.add_argument("readers", nargs="+")
    r.add_argument("--gauntlet", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build", "app", "gauntlet"))
    r.set_defaults(run=report)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
