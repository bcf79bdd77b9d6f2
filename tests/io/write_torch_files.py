#!/usr/bin/python3
"""Reference files for the engine/io tests, written by Debian's python3-torch.

Usage:
  /usr/bin/python3 write_torch_files.py write OUTDIR
      Writes checkpoints (torch.save zip and legacy formats, a Lightning-style dict), safetensors
      files (single and sharded, written by the shared reference writer st.py), pickles of plain
      values, and OUTDIR/manifest.json describing every tensor's expected dtype, shape and raw
      bytes (numpy .tobytes() of the contiguous tensor, stored in OUTDIR/raw/<sha>.bin).
  /usr/bin/python3 write_torch_files.py check FILE.safetensors EXPECTED.json
      Reads FILE with the reference reader st.py and compares every tensor's dtype, shape and
      bytes with EXPECTED.json ({name: {"dtype", "shape", "raw"}}); prints OK or the mismatches
      and exits non-zero.
  /usr/bin/python3 write_torch_files.py bench OUTDIR MEGABYTES
      Writes big.bin and big.safetensors for bench/io and prints Python's load times as JSON.
The shared reference tools folder is passed in the environment variable GAUNTLET_REFERENCE_DIR.
"""
import argparse
import collections
import hashlib
import json
import os
import pickle
import sys

import torch

sys.path.insert(0, os.environ.get("GAUNTLET_REFERENCE_DIR", ""))
import st  # noqa: E402  (the shared reference safetensors reader/writer)


def raw_bytes(t):
    t = t.detach().contiguous()
    if t.dtype == torch.bool:
        t = t.to(torch.uint8)
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)  # numpy has no bfloat16; the bytes are the same
    return t.numpy().tobytes()


def describe(outdir, tensors):
    """name -> {"dtype", "shape", "raw"}: what the C++ reader must produce."""
    os.makedirs(os.path.join(outdir, "raw"), exist_ok=True)
    out = {}
    for name, t in tensors.items():
        b = raw_bytes(t)
        h = hashlib.sha1(b).hexdigest()
        path = os.path.join("raw", h + ".bin")
        with open(os.path.join(outdir, path), "wb") as f:
            f.write(b)
        out[name] = {"dtype": st.NAMES[t.dtype], "shape": list(t.shape), "raw": path}
    return out


def state_dict():
    g = torch.Generator().manual_seed(1234)
    base = torch.randn(6, 5, generator=g)
    shared = torch.arange(24, dtype=torch.float32).reshape(4, 6)
    sd = collections.OrderedDict()
    sd["f32"] = torch.randn(3, 4, generator=g)
    sd["f64"] = torch.randn(2, 3, generator=g, dtype=torch.float64)
    sd["f16"] = torch.randn(5, generator=g).to(torch.float16)
    sd["bf16"] = torch.randn(2, 7, generator=g).to(torch.bfloat16)
    sd["i64"] = torch.tensor([[1, -2, 3], [2**40, -(2**62), 0]], dtype=torch.int64)
    sd["i32"] = torch.tensor([7, -8, 2**31 - 1], dtype=torch.int32)
    sd["i16"] = torch.tensor([-300, 300], dtype=torch.int16)
    sd["i8"] = torch.tensor([-128, 127, 0], dtype=torch.int8)
    sd["u8"] = torch.tensor([0, 255, 17], dtype=torch.uint8)
    sd["bool"] = torch.tensor([[True, False, True], [False, False, True]])
    sd["scalar"] = torch.tensor(3.5)
    sd["empty"] = torch.zeros(0, 3)
    sd["transposed"] = base.t()                      # non-contiguous, shares `base`
    sd["sliced"] = base[2:5, 1:4]                    # storage offset and row stride
    sd["base"] = base
    sd["shared.a"] = shared[1]                       # two views of one storage
    sd["shared.b"] = shared[:, ::2]
    sd["param.weight"] = torch.nn.Parameter(torch.randn(4, 2, generator=g))
    sd["f16.transposed"] = torch.randn(3, 2, generator=g).to(torch.float16).t()
    return sd


def plain_values():
    return {"none": None, "t": True, "f": False, "small": 7, "neg": -5, "int16": 40000, "int32": -2**31,
            "int64": 2**62 + 3, "float": 0.1, "nan_free": -1e-300, "text": "héllo ✓ 𝄞", "empty": "",
            "list": [1, [2, [3, "x"]], []], "tuple": (1, "a", (2.5,)), "nested": {"a": {"b": [None, True]}},
            "long_list": list(range(300)), "long_text": "x" * 70000}


def write(outdir):
    os.makedirs(outdir, exist_ok=True)
    manifest = {"checkpoints": {}, "safetensors": {}, "pickles": {}}
    sd = state_dict()
    expected = describe(outdir, sd)

    torch.save(sd, os.path.join(outdir, "plain.bin"))
    manifest["checkpoints"]["plain.bin"] = {"state_dict_key": "", "tensors": expected, "other": {}}
    torch.save(sd, os.path.join(outdir, "legacy.bin"), _use_new_zipfile_serialization=False)
    manifest["checkpoints"]["legacy.bin"] = {"state_dict_key": "", "tensors": expected, "other": {}}
    torch.save(sd, os.path.join(outdir, "protocol4.bin"), pickle_protocol=4)
    manifest["checkpoints"]["protocol4.bin"] = {"state_dict_key": "", "tensors": expected, "other": {}}

    hyper = {"class_identifier": "sentinel_regression_metric", "hidden_sizes": [1024, 512, 128],
             "activations": "Tanh", "final_activation": None, "learning_rate": 1.5e-05, "layerwise_decay": 0.95,
             "nested": {"lists": [[1, 2], [3, [4.5, "five"]]], "flag": True}, "load_pretrained_weights": False}
    exp_avg = torch.ones(3) * 0.25
    lightning = {"epoch": 3, "global_step": 1234, "pytorch-lightning_version": "2.2.0",
                 "state_dict": sd, "hyper_parameters": hyper,
                 "loops": {"fit_loop": {"state_dict": {}, "epoch_progress": {"total": {"ready": 4}}}},
                 "optimizer_states": [{"state": {0: {"step": 10, "exp_avg": exp_avg}},
                                       "param_groups": [{"lr": 1e-5, "params": [0]}]}],
                 "lr_schedulers": [], "versions": ("1.13.0", "2.2.0")}
    torch.save(lightning, os.path.join(outdir, "lightning.ckpt"))
    other = {"epoch": 3, "global_step": 1234, "pytorch-lightning_version": "2.2.0", "hyper_parameters": hyper,
             "loops": lightning["loops"],
             "optimizer_states": [{"state": {"0": {"step": 10, "exp_avg": {"__tensor__": {"dtype": "F32", "shape": [3]}}}},
                                   "param_groups": [{"lr": 1e-5, "params": [0]}]}],
             "lr_schedulers": [], "versions": ["1.13.0", "2.2.0"]}
    manifest["checkpoints"]["lightning.ckpt"] = {"state_dict_key": "state_dict", "tensors": expected, "other": other}

    # Lightning keeps hparams as argparse.Namespace in some versions: an object the loader must
    # record (class name and state), never construct.
    torch.save({"w": sd["f32"], "hparams": argparse.Namespace(lr=0.5, layers=[1, 2])},
               os.path.join(outdir, "namespace.ckpt"))
    manifest["checkpoints"]["namespace.ckpt"] = {
        "state_dict_key": "", "tensors": {"w": expected["f32"]},
        "other": {"hparams": {"__object__": "argparse.Namespace", "args": [], "state": {"lr": 0.5, "layers": [1, 2]}}}}

    # safetensors by the shared reference writer: one file with every dtype, and two shards.
    contiguous = {k: v.detach().contiguous() for k, v in sd.items()}
    st.save(contiguous, os.path.join(outdir, "all.safetensors"), {"format": "pt", "note": "reference"})
    manifest["safetensors"]["all.safetensors"] = {"tensors": expected, "metadata": {"format": "pt", "note": "reference"}}
    names = sorted(contiguous)
    half = len(names) // 2
    shards = {"model-00001-of-00002.safetensors": names[:half], "model-00002-of-00002.safetensors": names[half:]}
    os.makedirs(os.path.join(outdir, "sharded"), exist_ok=True)
    weight_map = {}
    for shard, keys in shards.items():
        st.save({k: contiguous[k] for k in keys}, os.path.join(outdir, "sharded", shard))
        weight_map.update({k: shard for k in keys})
    with open(os.path.join(outdir, "sharded", "model.safetensors.index.json"), "w") as f:
        json.dump({"metadata": {"total_size": 1}, "weight_map": weight_map}, f, indent=1)
    manifest["safetensors"]["sharded"] = {"tensors": expected, "metadata": {}}

    values = plain_values()
    for proto in (2, 3, 4, 5):
        name = "values_p%d.pkl" % proto
        with open(os.path.join(outdir, name), "wb") as f:
            pickle.dump(values, f, protocol=proto)
        manifest["pickles"][name] = json.loads(json.dumps(values))
    # Shared references: one list stored twice must come back as the same list twice.
    shared_list = [1, 2]
    with open(os.path.join(outdir, "shared_p2.pkl"), "wb") as f:
        pickle.dump({"a": shared_list, "b": shared_list}, f, protocol=2)
    manifest["pickles"]["shared_p2.pkl"] = {"a": [1, 2], "b": [1, 2]}

    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    print("wrote", outdir)


def check(path, expected_path):
    with open(expected_path) as f:
        expected = json.load(f)
    base = os.path.dirname(os.path.abspath(expected_path))
    got = st.load(path)
    problems = []
    if sorted(got) != sorted(expected):
        problems.append("names differ: got %s expected %s" % (sorted(got), sorted(expected)))
    for name, e in expected.items():
        if name not in got:
            continue
        t = got[name]
        if st.NAMES[t.dtype] != e["dtype"] or list(t.shape) != e["shape"]:
            problems.append("%s: got %s %s expected %s %s" % (name, st.NAMES[t.dtype], list(t.shape), e["dtype"], e["shape"]))
            continue
        with open(os.path.join(base, e["raw"]), "rb") as f:
            if raw_bytes(t) != f.read():
                problems.append("%s: bytes differ" % name)
    print("OK" if not problems else "\n".join(problems))
    sys.exit(1 if problems else 0)


def bench(outdir, megabytes):
    """Writes big.bin (torch.save) and big.safetensors (st.py) of about `megabytes` MB of float32
    weights in XLM-R-like shapes, then prints Python's best-of-3 load times as JSON."""
    import time
    os.makedirs(outdir, exist_ok=True)
    g = torch.Generator().manual_seed(7)
    sd = collections.OrderedDict()
    total, i = 0, 0
    while total < megabytes * 1e6:
        for name, shape in (("attention.self.query.weight", (768, 768)), ("attention.self.query.bias", (768,)),
                            ("intermediate.dense.weight", (3072, 768)), ("output.dense.weight", (768, 3072)),
                            ("output.LayerNorm.weight", (768,))):
            t = torch.randn(*shape, generator=g)
            sd["encoder.layer.%d.%s" % (i, name)] = t
            total += t.numel() * 4
        i += 1
    torch.save(sd, os.path.join(outdir, "big.bin"))
    st.save(sd, os.path.join(outdir, "big.safetensors"))
    times = {}
    for key, fn in (("torch_load", lambda: torch.load(os.path.join(outdir, "big.bin"))),
                    ("st_py_load", lambda: st.load(os.path.join(outdir, "big.safetensors")))):
        best = 1e9
        for _ in range(3):
            t0 = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - t0)
        times[key] = best
    times["bytes"] = total
    times["tensors"] = len(sd)
    print(json.dumps(times))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "bench":
        bench(sys.argv[2], float(sys.argv[3]))
    elif len(sys.argv) == 3 and sys.argv[1] == "write":
        write(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "check":
        check(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
