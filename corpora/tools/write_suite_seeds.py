#!/usr/bin/env python3
"""Writes the seed corpora of the suite's own fuzz targets from the golden vectors (stdlib only):

  corpora/seeds/suite_json/      every vector file whole, and each vector's `input` and `expect`
                                 as a document of its own (<family>.<vector>.input.json, ….expect.json)
  corpora/seeds/suite_protocol/  the requests a run of each family's vectors through `tsconform serve`
                                 sends: `hello`, then one request per vector (under its first
                                 profile), a few lines per seed file (<family>.<nnn>)

Campaign inputs in those folders (ci/fuzz.sh merge, named by their SHA-1) are kept.

usage: write_suite_seeds.py [--out CORPORA_SEEDS_FOLDER]
"""
import argparse
import json
import pathlib
import re
import shutil

CORPORA = pathlib.Path(__file__).resolve().parent.parent
REQUESTS_PER_SEED = 6


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def vector_files():
    return sorted((CORPORA / "vectors").glob("*.json"))


# What a fuzzing campaign added (ci/fuzz.sh merge): files named by their SHA-1, kept on a rewrite.
CAMPAIGN_INPUT = re.compile(r"[0-9a-f]{40}")


def fresh(folder):
    """The folder with its vector seeds removed and its campaign inputs kept."""
    folder.mkdir(parents=True, exist_ok=True)
    for path in folder.iterdir():
        if not CAMPAIGN_INPUT.fullmatch(path.name):
            path.unlink()
    return folder


def vector_seeds(folder):
    return sum(not CAMPAIGN_INPUT.fullmatch(p.name) for p in folder.iterdir())


def write_json_seeds(out):
    folder = fresh(out / "suite_json")
    for path in vector_files():
        shutil.copyfile(path, folder / path.name)
        document = json.loads(path.read_text())
        for vector in document["vectors"]:
            for part in ("input", "expect"):
                name = f"{document['family']}.{vector['name']}.{part}.json"
                (folder / name).write_text(compact(vector[part]) + "\n")
    return vector_seeds(folder)


def request(family, vector):
    r = {"family": family, "op": vector["op"]}
    if vector.get("profiles"):
        r["profile"] = vector["profiles"][0]
    r["input"] = vector["input"]
    return compact(r)


def write_protocol_seeds(out):
    folder = fresh(out / "suite_protocol")
    hello = compact({"op": "hello"})
    for path in vector_files():
        document = json.loads(path.read_text())
        requests = [request(document["family"], v) for v in document["vectors"] if not v.get("outside_domain")]
        for i in range(0, len(requests), REQUESTS_PER_SEED):
            lines = ([hello] if i == 0 else []) + requests[i:i + REQUESTS_PER_SEED]
            (folder / f"{document['family']}.{i // REQUESTS_PER_SEED:03d}").write_text("\n".join(lines) + "\n")
    return vector_seeds(folder)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=CORPORA / "seeds")
    args = parser.parse_args()
    print(f"suite_json: {write_json_seeds(args.out)} seeds")
    print(f"suite_protocol: {write_protocol_seeds(args.out)} seeds")


if __name__ == "__main__":
    main()
