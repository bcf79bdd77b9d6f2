"""Word-level edit distance between two texts (Levenshtein over whitespace-split words): the number of
word edits an augmentation made, as the ATO benchmark scripts count them (ato-guarded-benchmark.sh,
ato-mt-term-benchmark.sh import it with PYTHONPATH set to this folder)."""


def edits(a, b):
    a, b = a.split(), b.split()
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        prev, row[0] = row[0], i
        for j in range(1, len(b) + 1):
            cur = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] != b[j - 1]))
            prev, row[j] = row[j], cur
    return row[len(b)]
