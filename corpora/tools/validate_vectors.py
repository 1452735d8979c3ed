#!/usr/bin/env python3
"""Validates golden-vector files against corpora/schema/: each file against its family's schema
(<family>.schema.json) when there is one, else against the shared envelope (vectors.schema.json).
Every error names the file, the vector (by name) and the path inside it. Exit status 1 on any error.

usage: validate_vectors.py FILE...
"""
import json
import pathlib
import sys

import jsonschema

SCHEMAS = pathlib.Path(__file__).resolve().parent.parent / "schema"


def schema_store():
    schemas = (json.loads(path.read_text()) for path in SCHEMAS.glob("*.schema.json"))
    return {schema["$id"]: schema for schema in schemas}


def vector_name(document, error):
    path = list(error.absolute_path)
    if len(path) >= 2 and path[0] == "vectors" and isinstance(path[1], int):
        vectors = document.get("vectors", [])
        if path[1] < len(vectors) and isinstance(vectors[path[1]], dict):
            return vectors[path[1]].get("name", "?")
    return None


def errors_of(path, store):
    try:
        document = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        return [f"{path}: not JSON: {e}"]
    family = document.get("family") if isinstance(document, dict) else None
    own = f"http://tsconform/schema/{family}.schema.json"
    schema_id = own if (SCHEMAS / f"{family}.schema.json").exists() else "http://tsconform/schema/vectors.schema.json"
    schema = store[schema_id]
    resolver = jsonschema.RefResolver(schema_id, schema, store=store)
    validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
    found = []
    for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
        # oneOf failures are reported by their most relevant cause
        best = jsonschema.exceptions.best_match([error])
        name = vector_name(document, best)
        where = "/".join(str(p) for p in best.absolute_path) or "(document)"
        found.append(f"{path}: {'vector ' + repr(name) + ': ' if name else ''}at {where}: {best.message}")
    return found


def main(paths):
    store = schema_store()
    errors = [e for p in paths for e in errors_of(pathlib.Path(p), store)]
    for e in errors:
        print(e)
    print(f"validate_vectors: {len(paths)} files, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
