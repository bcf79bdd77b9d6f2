#!/usr/bin/python3
"""Regenerate the committed engine/ato model fixtures and their manifests.

Usage: tests/ato/refresh_ato_fixtures.py [--shared DIR]   (run from anywhere; needs spm_train and
                                                          Debian's python3-torch under /usr/bin/python3)

Writes, replacing what was there:
  tests/data/ato/spm/    seed-unigram-600.model and seed-unigram-400.model: SentencePiece Unigram
                         models trained by spm_train on the FLORES-200 English devtest
                         (../shared/data/seeds/flores200/eng_Latn.devtest), with the arguments in
                         SPM_TRAIN_ARGS below
  tests/data/ato/tiny/   tests/ato/make_ato_fixtures.py OUTDIR --spm spm/seed-unigram-600.model
                         with the default sizes (TINY below): tiny random model folders sentinel/,
                         cola/ and lm/ in the public layouts, built on ../shared/tools/reference
and in each a GENERATOR.json: the sha256 of every generator input (this script, which holds the
spm_train arguments and the sizes; make_ato_fixtures.py and the reference tools it imports; the
training text, the SentencePiece model and GPT-2's BPE files), keyed by path relative to the
repository root (../shared/... for the shared folder), the command, the torch version (tiny/) or
spm_train's (spm/), and the sha256 of every file written. The tests (tests/ato/ato_test_support.h)
use these folders only while the inputs' checksums still match and every file matches its own;
after editing a generator, run this script and commit tests/data/ato.
This script itself needs only the standard library; the generators need spm_train and torch.
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
PYTHON = "/usr/bin/python3"
SELF = "tests/ato/refresh_ato_fixtures.py"
GENERATOR = "tests/ato/make_ato_fixtures.py"
REFERENCE_SCRIPTS = ("make_fixtures.py", "models.py", "st.py")
SEEDS = "data/seeds/flores200/eng_Latn.devtest"
GPT2 = "data/vectors/tokenizers/gpt2-bpe"
GPT2_FILES = ("encoder.json", "vocab.bpe")
SPM_VOCABS = (600, 400)
# the arguments ato_test_support.h's spmModel() passed to spm_train when it trained these at test time
SPM_TRAIN_ARGS = ("--model_type=unigram", "--character_coverage=1.0", "--random_seed=42", "--minloglevel=2", "--num_threads=2")
# modelsDir()'s default arguments: name, SentencePiece vocabulary, hidden, layers, heads, intermediate
TINY = {"name": "tiny", "spm_vocab": 600, "hidden": 32, "layers": 2, "heads": 4, "intermediate": 64}
XLMR_EXTRA_IDS = 2  # XLM-R's id layout adds <pad> (id 1) and <mask> (last) to the model's pieces


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def files_under(folder):
    out = []
    for root, _, names in os.walk(folder):
        for n in names:
            out.append(os.path.relpath(os.path.join(root, n), folder).replace(os.sep, "/"))
    return sorted(out)


def torch_version():
    return subprocess.run([PYTHON, "-c", "import torch; print(torch.__version__)"], check=True, capture_output=True,
                          text=True).stdout.strip()


def spm_version():
    r = subprocess.run(["spm_train", "--version"], capture_output=True, text=True)
    return (r.stdout or r.stderr).strip() if r.returncode == 0 else "unknown"


def varint(data, pos):
    value, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        if not b & 0x80:
            return value, pos
        shift += 7


def piece_count(model):
    """The number of pieces in a SentencePiece ModelProto (field 1, repeated), read without protobuf."""
    with open(model, "rb") as f:
        data = f.read()
    pos, count = 0, 0
    while pos < len(data):
        key, pos = varint(data, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            _, pos = varint(data, pos)
        elif wire == 1:
            pos += 8
        elif wire == 2:
            length, pos = varint(data, pos)
            pos += length
        elif wire == 5:
            pos += 4
        else:
            sys.exit(f"{model}: unexpected protobuf wire type {wire}")
        if field == 1 and wire == 2:
            count += 1
    return count


def write_manifest(folder, note, command, tool_version, inputs):
    manifest = {"note": note,
                "refresh": SELF,
                "command": command,
                "inputs": inputs,
                "files": {f: sha256(os.path.join(folder, f)) for f in files_under(folder)}}
    manifest.update(tool_version)
    with open(os.path.join(folder, "GENERATOR.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared data folder (default: ../shared beside the checkout)")
    a = ap.parse_args()
    reference = os.path.join(a.shared, "tools", "reference")
    seeds = os.path.join(a.shared, SEEDS)
    gpt2 = os.path.join(a.shared, GPT2)
    for p in [os.path.join(reference, s) for s in REFERENCE_SCRIPTS] + [seeds] + [os.path.join(gpt2, f) for f in GPT2_FILES]:
        if not os.path.isfile(p):
            sys.exit(f"missing {p}")
    self_input = {SELF: sha256(os.path.join(REPO, SELF))}
    data = os.path.join(REPO, "tests", "data", "ato")
    os.makedirs(data, exist_ok=True)

    with tempfile.TemporaryDirectory(dir=data, prefix=".refresh-") as tmp:
        spm = os.path.join(tmp, "spm")
        os.makedirs(spm)
        for vocab in SPM_VOCABS:
            subprocess.run(["spm_train", "--input=" + seeds, "--model_prefix=" + os.path.join(spm, f"seed-unigram-{vocab}"),
                            f"--vocab_size={vocab}", *SPM_TRAIN_ARGS], check=True)
            os.remove(os.path.join(spm, f"seed-unigram-{vocab}.vocab"))  # the tests read only the .model
        spm_inputs = dict(self_input)
        spm_inputs["../shared/" + SEEDS] = sha256(seeds)
        write_manifest(spm, "SentencePiece Unigram models trained on the FLORES-200 English devtest",
                       ["spm_train", "--input=../shared/" + SEEDS, "--model_prefix=OUTDIR/seed-unigram-VOCAB",
                        "--vocab_size=VOCAB (%s)" % ", ".join(map(str, SPM_VOCABS)), *SPM_TRAIN_ARGS],
                       {"spm_train": spm_version()}, spm_inputs)

        tiny = os.path.join(tmp, TINY["name"])
        model = os.path.join(spm, f"seed-unigram-{TINY['spm_vocab']}.model")
        vocab = piece_count(model) + XLMR_EXTRA_IDS  # text::loadTokenizer(model, xlmrIds)->vocabSize()
        sizes = ["--hidden", str(TINY["hidden"]), "--layers", str(TINY["layers"]), "--heads", str(TINY["heads"]),
                 "--intermediate", str(TINY["intermediate"])]
        env = dict(os.environ, GAUNTLET_REFERENCE_DIR=reference)
        subprocess.run([PYTHON, os.path.join(REPO, GENERATOR), tiny, "--spm", model, "--vocab", str(vocab), "--gpt2-dir", gpt2,
                        *sizes], check=True, env=env)
        tiny_inputs = dict(self_input)
        tiny_inputs[GENERATOR] = sha256(os.path.join(REPO, GENERATOR))
        tiny_inputs.update({f"../shared/tools/reference/{s}": sha256(os.path.join(reference, s)) for s in REFERENCE_SCRIPTS})
        tiny_inputs.update({f"../shared/{GPT2}/{f}": sha256(os.path.join(gpt2, f)) for f in GPT2_FILES})
        tiny_inputs[f"tests/data/ato/spm/seed-unigram-{TINY['spm_vocab']}.model"] = sha256(model)
        write_manifest(tiny, "tiny random model folders (sentinel, cola, lm) in the public layouts, from the independent "
                       "Python reference's weight makers",
                       [PYTHON, GENERATOR, "OUTDIR", "--spm", f"tests/data/ato/spm/seed-unigram-{TINY['spm_vocab']}.model",
                        "--vocab", str(vocab), "--gpt2-dir", f"../shared/{GPT2}", *sizes],
                       {"torch": torch_version()}, tiny_inputs)

        for name in ("spm", TINY["name"]):
            dest = os.path.join(data, name)
            if os.path.exists(dest):
                shutil.rmtree(dest)
            os.rename(os.path.join(tmp, name), dest)
            size = sum(os.path.getsize(os.path.join(dest, f)) for f in files_under(dest))
            print(f"wrote tests/data/ato/{name}: {len(files_under(dest))} files, {size} bytes")


if __name__ == "__main__":
    main()
