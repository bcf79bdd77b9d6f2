#!/usr/bin/python3
"""Writes tests/data/metrics/sacrebleu_golden.json: golden values from sacrebleu 2.6.0 and numpy
for tests/metrics/tst_sacrebleu_significance.cpp and tst_sacrebleu_cli.cpp.

Needs sacrebleu 2.6.0's source (github.com/mjpost/sacrebleu, tag v2.6.0, commit
f615c7286d4d813370efb824d94fc2bfcd3a6b94, with sacrebleu/version.py holding
__version__ = "2.6.0") and Debian 12's python3-numpy (1.24.2), python3-regex, python3-tabulate,
python3-portalocker, python3-colorama and python3-lxml (scripts/debian-packages.txt); see
bench/README.md for setting it up. Input: the WMT21 TED en-de corpus in ../shared/data.

Usage: /usr/bin/python3 tests/metrics/make_sacrebleu_golden.py SACREBLEU_SOURCE_DIR [SHARED_DIR]
"""
import json
import os
import subprocess
import sys
import tempfile

sacrebleu_dir = os.path.abspath(sys.argv[1])
shared = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                         os.path.join(os.path.dirname(__file__), '..', '..', '..', 'shared'))
sys.path.insert(0, sacrebleu_dir)

import numpy as np  # noqa: E402
import sacrebleu  # noqa: E402
from sacrebleu.metrics import BLEU, CHRF, TER  # noqa: E402
from sacrebleu.significance import PairedTest  # noqa: E402

assert sacrebleu.__version__ == '2.6.0', sacrebleu.__version__

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'data', 'metrics', 'sacrebleu_golden.json')
TSV = os.path.join(shared, 'data', 'corpora', 'wmt21-ted-mqm-ende', 'ted_ende_segments.tsv')

# The corpus: one hypothesis stream per system in file order; the reference is the reference
# column of the first system's rows (the same for every system).
systems, reference = {}, []
with open(TSV, encoding='utf-8') as f:
    next(f)
    for line in f:
        c = line.rstrip('\n').split('\t')
        systems.setdefault(c[3], []).append(c[5])
        if c[3] == 'Facebook-AI':
            reference.append(c[6])
for name, hyps in systems.items():
    assert len(hyps) == len(reference) == 529, name

golden = {
    'generator': 'tests/metrics/make_sacrebleu_golden.py',
    'sacrebleu': sacrebleu.__version__,
    'numpy': np.__version__,
    'corpus': 'wmt21-ted-mqm-ende/ted_ende_segments.tsv: SYSTEM.txt = the mt column of SYSTEM\'s rows, '
              'ref.txt = the reference column of Facebook-AI\'s rows, ref2.txt = Online-W\'s mt column '
              '(a second reference), refs2.tsv = ref.txt and ref2.txt joined by a tab, sys2.tsv = Facebook-AI.txt '
              'and Nemo.txt joined by a tab (two systems on standard input)',
}

# 1. numpy's default_rng draws.
draws = []
for seed in (12345, 0, 1, 7, 2**33 + 5):
    rng = np.random.default_rng(seed)
    choice = rng.choice(529, size=(3, 529), replace=True).ravel().tolist()
    bools = rng.integers(2, size=(2, 77), dtype=bool).ravel().astype(int).tolist()
    big = rng.integers(0, 3000000000, size=9).tolist()
    one = rng.choice(1, size=(2, 3)).ravel().tolist()
    after = rng.choice(10, size=5).tolist()
    doubles = rng.random(3).tolist()
    draws.append({'seed': seed, 'choice529_first40': choice[:40], 'choice529_last5': choice[-5:],
                  'choice529_sum': int(sum(choice)), 'bools_2x77': bools, 'integers_below_3e9': big,
                  'choice1': one, 'choice10': after, 'random3': doubles})
golden['numpy_draws'] = draws

# 2. The two means, on rng.random(n) * 100 for seed 42.
import statistics  # noqa: E402
means = []
for n in (1, 7, 8, 9, 127, 128, 129, 255, 1000, 4001):
    v = np.random.default_rng(42).random(n) * 100
    means.append({'n': n, 'numpy_mean': float(v.mean()), 'statistics_mean': statistics.mean(v.tolist())})
golden['means_of_random_times_100_seed42'] = means


def metric(kind, **kw):
    return {'bleu': BLEU, 'chrf': CHRF, 'ter': TER}[kind](**kw)


# 3. --confidence: Metric.corpus_score(n_bootstrap) under SACREBLEU_SEED.
configs = [
    ('bleu', {}), ('chrf', {}), ('chrf', {'word_order': 2}), ('ter', {}),
    ('bleu', {'smooth_method': 'add-k', 'smooth_value': 0.1}), ('chrf', {'eps_smoothing': True}),
]
confidence = []
for system in ('Facebook-AI', 'metricsystem5'):
    for seed, n in ((12345, 1000), (7, 300)):
        os.environ['SACREBLEU_SEED'] = str(seed)
        for kind, kw in configs:
            m = metric(kind, **kw)
            s = m.corpus_score(systems[system], [reference], n_bootstrap=n)
            confidence.append({'system': system, 'metric': kind, 'kwargs': kw, 'seed': seed, 'samples': n,
                               'score': s.score, 'mean': s._mean, 'ci': s._ci})
os.environ.pop('SACREBLEU_SEED')
golden['confidence'] = confidence

# 4. Paired tests: baseline Online-W against three systems.
paired = []
named = [(n, systems[n]) for n in ('Online-W', 'Facebook-AI', 'metricsystem5', 'UEdin')]
for test_type, n, seed in (('bs', 1000, 12345), ('ar', 2000, 12345), ('bs', 300, 3)):
    os.environ['SACREBLEU_SEED'] = str(seed)
    metrics = {'BLEU': BLEU(references=[reference]), 'CHRF': CHRF(references=[reference]),
               'TER': TER(references=[reference])}
    _, scores = PairedTest(named, metrics, references=None, test_type=test_type, n_samples=n)()
    rows = {k: [v if isinstance(v, str) else v.__dict__ for v in vals] for k, vals in scores.items()}
    paired.append({'test': test_type, 'samples': n, 'seed': seed, 'results': rows})
os.environ.pop('SACREBLEU_SEED')
golden['paired'] = paired

# 5. Command lines: sacrebleu's output for each, run in a folder holding the files.
cases = [
    ('defaults', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'json', '-w', '17'], {}),
    ('lowercase intl', ['ref.txt', '-i', 'HuaweiTSC.txt', '-m', 'bleu', 'chrf', '-lc', '-tok', 'intl', '-f', 'json', '-w', '17'], {}),
    ('zh', ['ref.txt', '-i', 'Nemo.txt', '-m', 'bleu', '-tok', 'zh', '-f', 'json', '-w', '17'], {}),
    ('char', ['ref.txt', '-i', 'Nemo.txt', '-m', 'bleu', '--tokenize', 'char', '-f', 'json', '-w', '17'], {}),
    ('none floor', ['ref.txt', '-i', 'UEdin.txt', '-m', 'bleu', '-tok', 'none', '-s', 'floor', '--smooth-value', '0.2', '-f', 'json', '-w', '17'], {}),
    ('add-k', ['ref.txt', '-i', 'UEdin.txt', '-m', 'bleu', '--smooth-method', 'add-k', '-f', 'json', '-w', '17'], {}),
    ('no smoothing', ['ref.txt', '-i', 'UEdin.txt', '-m', 'bleu', '-s', 'none', '-f', 'json', '-w', '17'], {}),
    ('chrf options', ['ref.txt', '-i', 'eTranslation.txt', '-m', 'chrf', '-cc', '4', '-cw', '2', '--chrf-beta', '1',
                      '--chrf-whitespace', '--chrf-lowercase', '-f', 'json', '-w', '17'], {}),
    ('chrf eps', ['ref.txt', '-i', 'eTranslation.txt', '-m', 'chrf', '--chrf-word-order', '1', '--chrf-eps-smoothing',
                  '--chrf-char-order', '5', '-f', 'json', '-w', '17'], {}),
    ('ter case punct', ['ref.txt', '-i', 'VolcTrans-AT.txt', '-m', 'ter', '--ter-case-sensitive', '--ter-no-punct', '-f', 'json', '-w', '17'], {}),
    ('ter normalized asian', ['ref.txt', '-i', 'VolcTrans-AT.txt', '-m', 'ter', '--ter-normalized', '--ter-asian-support', '-f', 'json', '-w', '17'], {}),
    ('confidence', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '--confidence', '-f', 'json', '-w', '17'], {}),
    ('confidence seed 7 add-k', ['ref.txt', '-i', 'metricsystem2.txt', '-m', 'bleu', 'chrf', '-ci', '-cin', '300',
                                 '-s', 'add-k', '-sv', '0.1', '-f', 'json', '-w', '17'], {'SACREBLEU_SEED': '7'}),
    ('two references', ['ref.txt', 'ref2.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'json', '-w', '17'], {}),
    ('num-refs', ['refs2.tsv', '-nr', '2', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'json', '-w', '17'], {}),
    ('three systems', ['ref.txt', '-i', 'Facebook-AI.txt', 'Nemo.txt', 'metricsystem1.txt', '-m', 'bleu', 'chrf', 'ter',
                       '-f', 'json', '-w', '3'], {}),
    ('paired-bs', ['ref.txt', '-i', 'Online-W.txt', 'Facebook-AI.txt', 'metricsystem5.txt', '-m', 'bleu', 'chrf', 'ter',
                   '--paired-bs', '-f', 'json', '-w', '2'], {}),
    ('paired-ar seed 3', ['ref.txt', '-i', 'Online-W.txt', 'UEdin.txt', '-m', 'bleu', 'chrf', 'ter', '--paired-ar',
                          '--paired-ar-n', '1000', '-f', 'json', '-w', '2'], {'SACREBLEU_SEED': '3'}),
    ('sentence bleu', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', '-sl', '-w', '2'], {}),
    ('sentence bleu intl lc', ['ref.txt', '-i', 'HuaweiTSC.txt', '-m', 'bleu', '--sentence-level', '-tok', 'intl', '-lc', '-w', '4'], {}),
    ('sentence chrf', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'chrf', '-sl', '-w', '4'], {}),
    ('sentence ter score only', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'ter', '-sl', '-b', '-w', '3'], {}),
    # sacrebleu's defaults and its text layouts (issue 33, point 9): the printed bytes are compared.
    ('sacrebleu defaults', ['ref.txt', '-i', 'Facebook-AI.txt'], {}),
    ('text one metric', ['ref.txt', '-i', 'Facebook-AI.txt', '-f', 'text'], {}),
    ('text three metrics aligned', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'text'], {}),
    ('text chrf++ ter width 3', ['ref.txt', '-i', 'Nemo.txt', '-m', 'ter', 'chrf', '-cw', '2', '-f', 'text', '-w', '3'], {}),
    ('text short', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'text', '-sh'], {}),
    ('json ignores short', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'ter', '--short'], {}),
    ('text score only', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'text', '-b'], {}),
    ('text confidence', ['ref.txt', '-i', 'UEdin.txt', '-m', 'bleu', 'chrf', '--confidence', '-cin', '200', '-f', 'text'], {}),
    ('json score only', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', '-b'], {}),
    ('json confidence width 2', ['ref.txt', '-i', 'UEdin.txt', '-m', 'ter', '-ci', '-cin', '100', '-w', '2'], {}),
    ('detail', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', '-d'], {}),
    ('latex one system', ['ref.txt', '-i', 'Facebook-AI.txt', '-m', 'bleu', 'chrf', '-f', 'latex'], {}),
    ('format from environment', ['ref.txt', '-i', 'Nemo.txt', '-m', 'bleu', 'chrf'], {'SACREBLEU_FORMAT': 'text'}),
    ('metric order', ['ref.txt', '-i', 'Nemo.txt', '-m', 'ter', 'bleu', '-f', 'text'], {}),
    ('repeated -m', ['ref.txt', '-i', 'Nemo.txt', '-m', 'bleu', '-m', 'ter', '-f', 'text'], {}),
    ('repeated -i', ['ref.txt', '-i', 'Facebook-AI.txt', '-i', 'Nemo.txt', '-m', 'bleu', '-f', 'text'], {}),
    ('stdin one system', ['ref.txt', '-m', 'bleu', 'chrf', '-f', 'text'], {}, 'Facebook-AI.txt'),
    ('stdin one system json', ['ref.txt', '-m', 'chrf', 'bleu'], {}, 'UEdin.txt'),
    ('stdin two systems', ['ref.txt', '-m', 'bleu'], {}, 'sys2.tsv'),
    ('stdin two systems table', ['ref.txt', '-m', 'bleu', 'chrf', 'ter', '-f', 'text'], {}, 'sys2.tsv'),
    ('stdin paired-bs', ['ref.txt', '-m', 'bleu', '--paired-bs', '-pbsn', '100', '-f', 'text'], {}, 'sys2.tsv'),
    ('table text', ['ref.txt', '-i', 'Facebook-AI.txt', 'Nemo.txt', 'metricsystem1.txt', '-m', 'bleu', 'chrf', 'ter',
                    '-f', 'text'], {}),
    ('table text short width 0', ['ref.txt', '-i', 'Facebook-AI.txt', 'Nemo.txt', '-m', 'bleu', 'ter', '-f', 'text',
                                  '-sh', '-w', '0'], {}),
    ('table latex', ['ref.txt', '-i', 'Facebook-AI.txt', 'Nemo.txt', 'metricsystem1.txt', '-m', 'bleu', 'chrf', 'ter',
                     '-f', 'latex'], {}),
    ('table json defaults', ['ref.txt', '-i', 'Facebook-AI.txt', 'Nemo.txt'], {}),
    ('table detail ignored', ['ref.txt', '-i', 'Facebook-AI.txt', 'Nemo.txt', '-m', 'chrf', '-d', '-f', 'text'], {}),
    ('table paired-bs text', ['ref.txt', '-i', 'Online-W.txt', 'Facebook-AI.txt', 'metricsystem5.txt', '-m', 'bleu', 'chrf',
                              '--paired-bs', '-pbsn', '200', '-f', 'text'], {}),
    ('table paired-ar text', ['ref.txt', '-i', 'Online-W.txt', 'UEdin.txt', 'Nemo.txt', '-m', 'ter', 'bleu', '--paired-ar',
                              '-parn', '500', '-f', 'text', '-w', '2'], {}),
    ('table paired-bs latex', ['ref.txt', '-i', 'Online-W.txt', 'UEdin.txt', '-m', 'bleu', '--paired-bs', '-pbsn', '100',
                               '-f', 'latex'], {}),
    ('table paired-ar json', ['ref.txt', '-i', 'Online-W.txt', 'UEdin.txt', '-m', 'chrf', 'bleu', '--paired-ar',
                              '-parn', '300'], {}),
    ('paired baseline given twice', ['ref.txt', '-i', 'Online-W.txt', 'Online-W.txt', 'UEdin.txt', '-m', 'bleu',
                                     '--paired-ar', '-parn', '200', '-f', 'text'], {}),
    ('language pair to zh', ['ref.txt', '-i', 'Nemo.txt', '-l', 'en-zh', '-f', 'text'], {}),
    ('sentence chrf++', ['ref.txt', '-i', 'Nemo.txt', '-m', 'chrf', '-cw', '2', '-sl'], {}),
    ('sentence short', ['ref.txt', '-i', 'Nemo.txt', '-m', 'bleu', '-sl', '-sh', '-w', '3'], {}),
]
with tempfile.TemporaryDirectory() as tmp:
    for name, hyps in systems.items():
        with open(os.path.join(tmp, name + '.txt'), 'w', encoding='utf-8') as f:
            f.write(''.join(h + '\n' for h in hyps))
    with open(os.path.join(tmp, 'ref.txt'), 'w', encoding='utf-8') as f:
        f.write(''.join(r + '\n' for r in reference))
    with open(os.path.join(tmp, 'ref2.txt'), 'w', encoding='utf-8') as f:
        f.write(''.join(r + '\n' for r in systems['Online-W']))
    with open(os.path.join(tmp, 'refs2.tsv'), 'w', encoding='utf-8') as f:
        f.write(''.join(a + '\t' + b + '\n' for a, b in zip(reference, systems['Online-W'])))
    with open(os.path.join(tmp, 'sys2.tsv'), 'w', encoding='utf-8') as f:
        f.write(''.join(a + '\t' + b + '\n' for a, b in zip(systems['Facebook-AI'], systems['Nemo'])))
    cli = []
    for name, args, env, *stdin in cases:
        run_env = dict(os.environ, PYTHONPATH=sacrebleu_dir, NO_COLOR='1')
        run_env.pop('SACREBLEU_FORMAT', None)
        run_env.update(env)
        if 'SACREBLEU_SEED' not in env:
            run_env.pop('SACREBLEU_SEED', None)
        with open(os.path.join(tmp, stdin[0]) if stdin else os.devnull, 'rb') as fin:
            out = subprocess.run([sys.executable, '-m', 'sacrebleu', *args, '-q'], cwd=tmp, env=run_env, check=True,
                                 stdin=fin, capture_output=True, text=True).stdout
        case = {'name': name, 'args': args, 'env': env, 'stdout': out}
        if stdin:
            case['stdin'] = stdin[0]
        cli.append(case)
        print(name, file=sys.stderr)
golden['cli'] = cli

os.makedirs(os.path.dirname(OUT), exist_ok=True)
with open(OUT, 'w', encoding='utf-8') as f:
    json.dump(golden, f, indent=1, ensure_ascii=False)
    f.write('\n')
