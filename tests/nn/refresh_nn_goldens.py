#!/usr/bin/python3
"""Regenerate the committed engine/nn reference fixtures and their manifests.

Usage: tests/nn/refresh_nn_goldens.py [--shared DIR] [NAME ...]
       (run from anywhere; needs Debian's python3-torch under /usr/bin/python3, and spm_train of
       Debian's sentencepiece for extra-real; NAME: fixtures, extra-comet, extra-real, default all)

Writes, replacing what was there:
  tests/data/nn/fixtures/      ../shared/tools/reference/make_fixtures.py OUTDIR (tiny random
                               checkpoints + golden.json, computed by the independent Python
                               reference, never by Gauntlet's C++ code)
  tests/data/nn/extra-comet/   tests/nn/make_nn_fixtures.py OUTDIR tests/data/nn/fixtures (the two
                               COMET-style checkpoints and their golden.json)
  tests/data/nn/extra-real/    the same with --xlmr-spm (a 600-piece SentencePiece Unigram model
                               spm_train makes from FLORES-200's English devtest) and --gpt2-dir
                               (GPT-2's byte-level BPE files), both from tests/data/shared-copy:
                               xlmr-real, xlmr-real-classifier and qwen2-gpt2 (tst_model_loading's
                               real-tokenizer folders; the comet-* folders and golden.json it also
                               writes are extra-comet's and left out). spm_train's model differs
                               from run to run in a byte or two, so a refresh changes these folders
                               and their recorded reference outputs (below).
When fixtures is not refreshed, make_nn_fixtures.py reads the committed tests/data/nn/fixtures.
In each folder it writes a GENERATOR.json: the sha256 of every generator input (the scripts, and for
extra-comet and extra-real the reference fixtures and the shared-copy files they read), keyed by path relative to the repository root
(../shared/... for the shared reference tools), the command, the torch version, and the sha256 of
every file written. The tests (tests/nn/nn_test_support.h) use these folders only while the
inputs' checksums still match and every file matches its own checksum; after editing a generator,
run this script and commit tests/data/nn. tst_nn_goldens (label `reference`) re-runs the
generators and checks the committed fixtures and extra-comet goldens still equal the reference's
output.
This script itself needs only the standard library; the generators need torch.

tests/data/nn/reference_forward.json (not written here) holds reference_forward.py's outputs for
the ids the nn tests score on the committed folders, with the checksums of the folder's weights
and of the reference implementation. After refreshing, delete it and record it anew, one test at a
time:
  rm tests/data/nn/reference_forward.json
  GAUNTLET_RECORD_REFERENCE=1 ctest --test-dir build -j1 -R 'tst_qwen2|tst_xlm_roberta|tst_model_loading'
(after refreshing extra-real alone, delete only its "extra-real/..." entries). tst_nn_goldens re-runs every recorded call against the reference.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(REPO, "tests", "support"))
from fixture_manifest import PYTHON, sha256  # noqa: E402
import fixture_manifest  # noqa: E402
REFERENCE_SCRIPTS = ("make_fixtures.py", "models.py", "st.py")
NAMES = ("fixtures", "extra-comet", "extra-real")
SHARED_COPY = "tests/data/shared-copy"
FLORES = SHARED_COPY + "/seeds/flores200/eng_Latn.devtest"
GPT2 = SHARED_COPY + "/vectors/tokenizers/gpt2-bpe"
SPM_ARGS = ["--vocab_size=600", "--model_type=unigram", "--character_coverage=1.0", "--minloglevel=2"]
# XLM-R's ids (fairseq's): the 600 SentencePiece pieces and <pad>, <mask> (engine/text/unigram_tokenizer.cpp)
XLMR_VOCAB = 600 + 2


def spm_version():
    return subprocess.run(["spm_train", "--version"], check=True, capture_output=True, text=True).stdout.strip()


def write_manifest(folder, note, command, inputs, extra=None):
    versions = {"torch": fixture_manifest.module_version("torch")}
    versions.update(extra or {})
    fixture_manifest.write_manifest(folder, "tests/nn/refresh_nn_goldens.py", note, command, inputs, versions)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared data folder (default: ../shared beside the checkout)")
    ap.add_argument("names", nargs="*", metavar="NAME", help="the folders to write: " + ", ".join(NAMES) + " (default: all)")
    a = ap.parse_args()
    unknown = [n for n in a.names if n not in NAMES]
    if unknown:
        ap.error("unknown folder " + ", ".join(unknown) + "; choose from " + ", ".join(NAMES))
    names = [n for n in NAMES if n in a.names] if a.names else list(NAMES)
    reference = os.path.join(a.shared, "tools", "reference")
    for s in REFERENCE_SCRIPTS:
        if not os.path.isfile(os.path.join(reference, s)):
            sys.exit(f"missing {os.path.join(reference, s)}")
    reference_inputs = {f"../shared/tools/reference/{s}": sha256(os.path.join(reference, s)) for s in REFERENCE_SCRIPTS}
    data = os.path.join(REPO, "tests", "data", "nn")
    os.makedirs(data, exist_ok=True)
    make_nn_fixtures = os.path.join(REPO, "tests", "nn", "make_nn_fixtures.py")
    env = dict(os.environ, GAUNTLET_REFERENCE_DIR=reference)

    with tempfile.TemporaryDirectory(dir=data, prefix=".refresh-") as tmp:
        fixtures = os.path.join(data, "fixtures")  # what make_nn_fixtures.py reads: the committed ones unless refreshed
        if "fixtures" in names:
            fixtures = os.path.join(tmp, "fixtures")
            subprocess.run([PYTHON, os.path.join(reference, "make_fixtures.py"), fixtures], check=True)
            write_manifest(fixtures, "tiny random checkpoints and golden outputs of the independent Python reference",
                           ["/usr/bin/python3", "../shared/tools/reference/make_fixtures.py", "OUTDIR"], reference_inputs)
        nn_inputs = dict(reference_inputs)
        nn_inputs["tests/nn/make_nn_fixtures.py"] = sha256(make_nn_fixtures)
        for f in ("golden.json", "sentinel/config.json", "sentinel/model.safetensors"):  # what make_nn_fixtures.py reads
            nn_inputs["tests/data/nn/fixtures/" + f] = sha256(os.path.join(fixtures, f))

        if "extra-comet" in names:
            comet = os.path.join(tmp, "extra-comet")
            subprocess.run([PYTHON, make_nn_fixtures, comet, fixtures], check=True, env=env)
            write_manifest(comet, "COMET-style checkpoints on the reference's sentinel weights and their golden scores "
                           "(make_nn_fixtures.py without --xlmr-spm / --gpt2-dir)",
                           ["/usr/bin/python3", "tests/nn/make_nn_fixtures.py", "OUTDIR", "tests/data/nn/fixtures"], nn_inputs)

        if "extra-real" in names:
            real = os.path.join(tmp, "extra-real")
            spm = os.path.join(tmp, "seed-unigram-600")
            subprocess.run(["spm_train", "--input=" + os.path.join(REPO, FLORES), "--model_prefix=" + spm] + SPM_ARGS, check=True)
            subprocess.run([PYTHON, make_nn_fixtures, real, fixtures, "--xlmr-spm", spm + ".model", "--xlmr-vocab", str(XLMR_VOCAB),
                            "--gpt2-dir", os.path.join(REPO, GPT2)], check=True, env=env)
            for extra in ("comet-softmax-avg", "comet-sparsemax-cls"):  # extra-comet's
                shutil.rmtree(os.path.join(real, extra))
            os.remove(os.path.join(real, "golden.json"))  # the comet-* folders' scores
            real_inputs = dict(nn_inputs)
            for f in (FLORES, GPT2 + "/encoder.json", GPT2 + "/vocab.bpe"):
                real_inputs[f] = sha256(os.path.join(REPO, f))
            write_manifest(real, "model folders with real vocabularies for tst_model_loading: xlmr-real (Sentinel layout) and "
                           "xlmr-real-classifier (XLMRobertaForSequenceClassification) with a 600-piece SentencePiece Unigram model "
                           "trained on FLORES-200's English devtest, qwen2-gpt2 with GPT-2's byte-level BPE; random weights "
                           "(make_fixtures.py's initialisation, seeds 11 and 13). Without the comet-* folders and golden.json "
                           "make_nn_fixtures.py also writes (extra-comet's)",
                           ["/usr/bin/python3", "tests/nn/make_nn_fixtures.py", "OUTDIR", "tests/data/nn/fixtures", "--xlmr-spm",
                            "SPM.model", "--xlmr-vocab", str(XLMR_VOCAB), "--gpt2-dir", GPT2], real_inputs,
                           {"spm_train": ["spm_train", "--input=" + FLORES, "--model_prefix=SPM"] + SPM_ARGS,
                            "sentencepiece": spm_version()})

        for name in names:
            fixture_manifest.install_folder(os.path.join(tmp, name), os.path.join(data, name), "tests/data/nn/" + name)


if __name__ == "__main__":
    main()
