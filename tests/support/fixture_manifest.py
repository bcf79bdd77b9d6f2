"""The GENERATOR.json manifests of the committed test data (tests/support/committed_fixtures.h reads
them), written the same way by tests/nn/refresh_nn_goldens.py and tests/io/refresh_io_fixtures.py.
Standard library only."""
import hashlib
import json
import os
import shutil
import subprocess

PYTHON = "/usr/bin/python3"


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def files_under(folder):
    """Every file below `folder`, relative to it with '/' separators, sorted."""
    out = []
    for root, _, names in os.walk(folder):
        for n in names:
            out.append(os.path.relpath(os.path.join(root, n), folder).replace(os.sep, "/"))
    return sorted(out)


def module_version(module):
    """`module.__version__` as Debian's /usr/bin/python3 imports it (torch, numpy)."""
    return subprocess.run([PYTHON, "-c", f"import {module}; print({module}.__version__)"], check=True, capture_output=True,
                          text=True).stdout.strip()


def write_manifest(folder, refresh, note, command, inputs, versions):
    """Writes folder/GENERATOR.json: what wrote it (`refresh`, `command`, the tools' `versions`),
    the sha256 of every input (`inputs`: path -> sha256) and of every file now in `folder`."""
    manifest = {"note": note, "refresh": refresh, "command": command, "inputs": inputs,
                "files": {f: sha256(os.path.join(folder, f)) for f in files_under(folder)}}
    manifest.update(versions)
    with open(os.path.join(folder, "GENERATOR.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.write("\n")


def install_folder(staging, dest, label):
    """Replaces `dest` with the folder `staging` (same file system) and prints what was written."""
    if os.path.exists(dest):
        shutil.rmtree(dest)
    os.rename(staging, dest)
    files = files_under(dest)
    size = sum(os.path.getsize(os.path.join(dest, f)) for f in files)
    print(f"wrote {label}: {len(files)} files, {size} bytes")
