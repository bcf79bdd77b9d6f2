#!/usr/bin/env python3
"""The centroid classifier's confidence threshold, measured against gold labels (issue 33 item 5).

WMT21 TED (../shared/data/corpora/wmt21-ted-mqm-ende) carries MQM error categories per segment. The
talks are split in two: the first half's gold-labelled segments are the centroid classifier's
examples (category<TAB>source), the second half is classified with a taxonomy made of the gold
categories, every classifier label kept (--min-confidence 0). For each threshold the labels at or
above it are scored against the second half's gold categories: precision, recall and F1 over
(segment, category) pairs, and labels per segment. The threshold with the best F1 is the default
(`classify --min-confidence`).

    python3 bench/sampling/centroid_threshold.py [build/app/gauntlet] [--work /tmp/centroid-threshold]
"""
import csv, os, sqlite3, subprocess, sys, collections

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
gauntlet = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith('--') else os.path.join(root, 'build/app/gauntlet')
work = sys.argv[sys.argv.index('--work') + 1] if '--work' in sys.argv else '/tmp/centroid-threshold'
ted = os.path.join(root, '..', 'shared', 'data', 'corpora', 'wmt21-ted-mqm-ende', 'ted_ende_segments.tsv')
os.makedirs(work, exist_ok=True)
project = os.path.join(work, 'p.gauntlet')
for suffix in ('', '-wal', '-shm'):
    if os.path.exists(project + suffix):
        os.remove(project + suffix)

csv.field_size_limit(10**8)
rows = list(csv.DictReader(open(ted, encoding='utf-8'), delimiter='\t', quoting=csv.QUOTE_NONE))
talks = sorted({r['doc'] for r in rows}, key=lambda t: int(t.split('.')[1]))
train_talks = set(talks[: len(talks) // 2])
fields = list(rows[0].keys())

def categories(r):
    out = set()
    for e in r['mqm_errors'].split(';'):
        c = e.split('|')[0].strip()
        if c and c != 'No-error':
            out.add(c)
    return out

# gold per (doc, seg_id) over every system's MT, as the corpus import unites them
gold = collections.defaultdict(set)
for r in rows:
    gold[(r['doc'], r['seg_id'])] |= categories(r)
test_file = os.path.join(work, 'test.tsv')
with open(test_file, 'w', encoding='utf-8', newline='') as f:
    w = csv.DictWriter(f, fieldnames=fields, delimiter='\t', quoting=csv.QUOTE_NONE, escapechar='\\', lineterminator='\n')
    w.writeheader()
    for r in rows:
        if r['doc'] not in train_talks:
            w.writerow(r)
examples = os.path.join(work, 'examples.tsv')
seen = set()
with open(examples, 'w', encoding='utf-8') as f:
    for r in rows:
        if r['doc'] in train_talks:
            for c in gold[(r['doc'], r['seg_id'])]:
                if (c, r['source']) not in seen:
                    seen.add((c, r['source']))
                    f.write(f"{c}\t{r['source']}\n")

def run(*args):
    p = subprocess.run([gauntlet, '--project', project, *args], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"gauntlet {' '.join(args)}: {p.stderr.strip()}")
    return p.stdout

run('corpus', 'import', test_file, '--name', 'ted-test', '--labels-column', 'mqm_errors')
run('classify', 'ted-test', '--gold')  # makes the taxonomy of the gold categories
db = sqlite3.connect(project)
taxonomy = db.execute("SELECT t.name FROM taxonomies t JOIN corpus_labellings l ON l.taxonomy_id = t.id").fetchone()[0]
run('classify', 'ted-test', '--taxonomy', taxonomy, '--classifier', 'centroid', '--examples', examples, '--max-semantic', '3',
    '--min-confidence', '0')
db = sqlite3.connect(project)
labelling = db.execute("SELECT id FROM corpus_labellings ORDER BY id DESC LIMIT 1").fetchone()[0]
segs = {sid: (doc, key) for sid, doc, key in db.execute(
    "SELECT s.id, s.document_id, s.segment_key FROM corpus_segments s JOIN corpora c ON c.id = s.corpus_id WHERE c.name = 'ted-test'")}
labels = collections.defaultdict(list)
for sid, cat, conf, origin in db.execute("SELECT segment_id, category, confidence, origin FROM segment_labels WHERE labelling_id = ?", (labelling,)):
    if origin == 'classifier':
        labels[sid].append((cat, conf))
gold_pairs = {(sid, c) for sid, (doc, key) in segs.items() for c in gold.get((doc, key), set())}
print(f"{len(segs)} test segments ({len(talks) - len(train_talks)} talks), {len(seen)} examples from {len(train_talks)} talks, "
      f"{len(gold_pairs)} gold (segment, category) pairs")
print(f"{'threshold':>9} {'labels/seg':>10} {'precision':>9} {'recall':>7} {'F1':>6}")
best = None
for t in [0.0, 0.002, 0.01, 0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7]:
    pred = {(sid, c) for sid, ls in labels.items() for c, conf in ls if conf >= t}
    tp = len(pred & gold_pairs)
    p = tp / len(pred) if pred else 0.0
    r = tp / len(gold_pairs) if gold_pairs else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    print(f"{t:>9.3f} {len(pred) / len(segs):>10.2f} {p:>9.3f} {r:>7.3f} {f1:>6.3f}")
    if best is None or f1 > best[1]:
        best = (t, f1)
print(f"best F1 {best[1]:.3f} at threshold {best[0]}")
# The baseline: the k most frequent gold categories of the training talks for every test segment.
freq = collections.Counter(c for (doc, key), cs in gold.items() if doc in train_talks for c in cs)
for k in (1, 2, 3):
    top = [c for c, _ in freq.most_common(k)]
    pred = {(sid, c) for sid in segs for c in top}
    tp = len(pred & gold_pairs)
    p = tp / len(pred)
    r = tp / len(gold_pairs)
    print(f"baseline: the {k} most frequent categories for every segment: precision {p:.3f} recall {r:.3f} F1 {2 * p * r / (p + r) if p + r else 0:.3f}")
