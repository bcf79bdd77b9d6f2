#!/usr/bin/python3
"""Regenerate the committed engine/io reference files and their manifests.

Usage: tests/io/refresh_io_fixtures.py [--shared DIR]      (run from anywhere; needs Debian's
                                                          python3-torch and numpy under /usr/bin/python3)

Writes, replacing what was there:
  tests/data/io/torch-files/      tests/io/write_torch_files.py write OUTDIR, with
                                  GAUNTLET_REFERENCE_DIR=../shared/tools/reference: torch.save zip
                                  and legacy checkpoints, Lightning-style dicts, safetensors (single
                                  and sharded, by the shared reference writer st.py), pickles of
                                  plain values, manifest.json and raw/*.bin (the bytes each tensor
                                  must have)
  tests/data/io/gguf-small/       tests/io/write_gguf.py OUTDIR/small.gguf OUTDIR/expected.json (a
                                  GGUF v3 file of every metadata type and tensor type, and the values
                                  a reader must find; numpy only)
  tests/data/io/stories260K-gguf/ tests/nn/write_llama2c_gguf.py stories260K.bin tok512.bin
                                  OUTDIR/stories260K.gguf (Karpathy's stories260K as llama.cpp's
                                  llama2.c converter writes it; the checkpoint and tokenizer are the
                                  committed copies in tests/data/shared-copy/models/stories260K;
                                  numpy only)
and in each a GENERATOR.json: the sha256 of every generator input (the scripts and the data they
read), keyed by path relative to the repository root (../shared/... for the shared reference
tools), the command, the torch (or numpy) version, and the sha256 of every file written. The io
tests (tests/io/io_test_support.h) use these folders only while the inputs' checksums still match
and every file matches its own; after editing a generator, run this script and commit
tests/data/io. make_fixtures.py's checkpoints, which the io tests read too, are the committed
tests/data/nn/fixtures (tests/nn/refresh_nn_goldens.py).
This script itself needs only the standard library; write_torch_files.py needs torch.
"""
import argparse
import os
import subprocess
import sys
import tempfile

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
STORIES = "tests/data/shared-copy/models/stories260K"

sys.path.insert(0, os.path.join(REPO, "tests", "support"))
from fixture_manifest import PYTHON, sha256  # noqa: E402
import fixture_manifest  # noqa: E402


def repo_inputs(paths):
    return {p: sha256(os.path.join(REPO, p)) for p in paths}


def write_manifest(folder, note, command, inputs, module):
    fixture_manifest.write_manifest(folder, "tests/io/refresh_io_fixtures.py", note, command, inputs,
                                    {module: fixture_manifest.module_version(module)})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shared", default=os.path.join(REPO, "..", "shared"),
                    help="the shared data folder (default: ../shared beside the checkout)")
    a = ap.parse_args()
    reference = os.path.join(a.shared, "tools", "reference")
    if not os.path.isfile(os.path.join(reference, "st.py")):
        sys.exit(f"missing {os.path.join(reference, 'st.py')}")
    data = os.path.join(REPO, "tests", "data", "io")
    os.makedirs(data, exist_ok=True)

    with tempfile.TemporaryDirectory(dir=data, prefix=".refresh-") as tmp:
        torch_files = os.path.join(tmp, "torch-files")
        env = dict(os.environ, GAUNTLET_REFERENCE_DIR=reference)
        subprocess.run([PYTHON, os.path.join(REPO, "tests", "io", "write_torch_files.py"), "write", torch_files], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        inputs = repo_inputs(["tests/io/write_torch_files.py"])
        inputs["../shared/tools/reference/st.py"] = sha256(os.path.join(reference, "st.py"))
        write_manifest(torch_files, "torch.save checkpoints, safetensors and pickles written by python3-torch and the shared "
                       "reference writer st.py, with manifest.json and raw/*.bin: the dtype, shape and bytes every tensor must have",
                       ["GAUNTLET_REFERENCE_DIR=../shared/tools/reference", "/usr/bin/python3", "tests/io/write_torch_files.py",
                        "write", "OUTDIR"], inputs, "torch")

        gguf = os.path.join(tmp, "gguf-small")
        os.makedirs(gguf)
        subprocess.run([PYTHON, os.path.join(REPO, "tests", "io", "write_gguf.py"), os.path.join(gguf, "small.gguf"),
                        os.path.join(gguf, "expected.json")], check=True)
        write_manifest(gguf, "a small GGUF v3 file (every metadata type; F32, F16, BF16, Q8_0 and Q4_0 tensors) and the "
                       "values a reader must find in it",
                       ["/usr/bin/python3", "tests/io/write_gguf.py", "OUTDIR/small.gguf", "OUTDIR/expected.json"],
                       repo_inputs(["tests/io/write_gguf.py"]), "numpy")

        stories = os.path.join(tmp, "stories260K-gguf")
        os.makedirs(stories)
        subprocess.run([PYTHON, os.path.join(REPO, "tests", "nn", "write_llama2c_gguf.py"), os.path.join(REPO, STORIES, "stories260K.bin"),
                        os.path.join(REPO, STORIES, "tok512.bin"), os.path.join(stories, "stories260K.gguf")], check=True)
        write_manifest(stories, "Karpathy's stories260K llama2.c checkpoint and tokenizer as a GGUF language model, the way "
                       "llama.cpp's llama2.c converter writes it",
                       ["/usr/bin/python3", "tests/nn/write_llama2c_gguf.py", STORIES + "/stories260K.bin", STORIES + "/tok512.bin",
                        "OUTDIR/stories260K.gguf"],
                       repo_inputs(["tests/nn/write_llama2c_gguf.py", "tests/nn/gguf_fixture.py", STORIES + "/stories260K.bin",
                                    STORIES + "/tok512.bin"]), "numpy")

        for name in ("torch-files", "gguf-small", "stories260K-gguf"):
            fixture_manifest.install_folder(os.path.join(tmp, name), os.path.join(data, name), "tests/data/io/" + name)


if __name__ == "__main__":
    main()
