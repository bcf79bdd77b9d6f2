#!/usr/bin/python3
"""Regenerate the committed engine/nn reference fixtures and their manifests.

Usage: tests/nn/refresh_nn_goldens.py [--shared DIR]      (run from anywhere; needs Debian's
                                                          python3-torch under /usr/bin/python3)

Writes, replacing what was there:
  tests/data/nn/fixtures/      ../shared/tools/reference/make_fixtures.py OUTDIR (tiny random
                               checkpoints + golden.json, computed by the independent Python
                               reference, never by Gauntlet's C++ code)
  tests/data/nn/extra-comet/   tests/nn/make_nn_fixtures.py OUTDIR tests/data/nn/fixtures (the two
                               COMET-style checkpoints and their golden.json)
and in each a GENERATOR.json: the sha256 of every generator input (the scripts, and for
extra-comet the reference fixtures it reads), keyed by path relative to the repository root
(../shared/... for the shared reference tools), the command, the torch version, and the sha256 of
every file written. The tests (tests/nn/nn_test_support.h) use these folders only while the
inputs' checksums still match and every file matches its own checksum; after editing a generator,
run this script and commit tests/data/nn. tst_nn_goldens (label `reference`) re-runs the
generators and checks the committed goldens still equal the reference's output.
This script itself needs only the standard library; the generators need torch.

tests/data/nn/reference_forward.json (not written here) holds reference_forward.py's outputs for
the ids the nn tests score on the committed fixtures, with the checksums of the fixture's weights
and of the reference implementation. After refreshing the fixtures, delete it and record it anew,
one test at a time:
  rm tests/data/nn/reference_forward.json
  GAUNTLET_RECORD_REFERENCE=1 ctest --test-dir build -j1 -R 'tst_qwen2|tst_xlm_roberta'
tst_nn_goldens re-runs every recorded call against the reference.
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
REFERENCE_SCRIPTS = ("make_fixtures.py", "models.py", "st.py")


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


def write_manifest(folder, note, command, inputs):
    manifest = {"note": note,
                "refresh": "tests/nn/refresh_nn_goldens.py",
                "command": command,
                "torch": torch_version(),
                "inputs": inputs,
                "files": {f: sha256(os.path.join(folder, f)) for f in files_under(folder)}}
    with open(os.path.join(folder, "GENERATOR.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared data folder (default: ../shared beside the checkout)")
    a = ap.parse_args()
    reference = os.path.join(a.shared, "tools", "reference")
    for s in REFERENCE_SCRIPTS:
        if not os.path.isfile(os.path.join(reference, s)):
            sys.exit(f"missing {os.path.join(reference, s)}")
    reference_inputs = {f"../shared/tools/reference/{s}": sha256(os.path.join(reference, s)) for s in REFERENCE_SCRIPTS}
    data = os.path.join(REPO, "tests", "data", "nn")
    os.makedirs(data, exist_ok=True)

    with tempfile.TemporaryDirectory(dir=data, prefix=".refresh-") as tmp:
        fixtures = os.path.join(tmp, "fixtures")
        subprocess.run([PYTHON, os.path.join(reference, "make_fixtures.py"), fixtures], check=True)
        write_manifest(fixtures, "tiny random checkpoints and golden outputs of the independent Python reference",
                       ["/usr/bin/python3", "../shared/tools/reference/make_fixtures.py", "OUTDIR"], reference_inputs)

        comet = os.path.join(tmp, "extra-comet")
        env = dict(os.environ, GAUNTLET_REFERENCE_DIR=reference)
        subprocess.run([PYTHON, os.path.join(REPO, "tests", "nn", "make_nn_fixtures.py"), comet, fixtures], check=True, env=env)
        comet_inputs = dict(reference_inputs)
        comet_inputs["tests/nn/make_nn_fixtures.py"] = sha256(os.path.join(REPO, "tests", "nn", "make_nn_fixtures.py"))
        for f in ("golden.json", "sentinel/config.json", "sentinel/model.safetensors"):  # what make_nn_fixtures.py reads
            comet_inputs["tests/data/nn/fixtures/" + f] = sha256(os.path.join(fixtures, f))
        write_manifest(comet, "COMET-style checkpoints on the reference's sentinel weights and their golden scores "
                       "(make_nn_fixtures.py without --xlmr-spm / --gpt2-dir)",
                       ["/usr/bin/python3", "tests/nn/make_nn_fixtures.py", "OUTDIR", "tests/data/nn/fixtures"], comet_inputs)

        for name in ("fixtures", "extra-comet"):
            dest = os.path.join(data, name)
            if os.path.exists(dest):
                shutil.rmtree(dest)
            os.rename(os.path.join(tmp, name), dest)
            size = sum(os.path.getsize(os.path.join(dest, f)) for f in files_under(dest))
            print(f"wrote tests/data/nn/{name}: {len(files_under(dest))} files, {size} bytes")


if __name__ == "__main__":
    main()
