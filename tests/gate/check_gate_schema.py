# SPDX-License-Identifier: BSD-3-Clause
"""The gate configuration schema is valid JSON Schema (draft 2020-12), the JSON example follows it,
and the TOML example has the same content. Usage: check_gate_schema.py SCHEMA JSON_EXAMPLE TOML_EXAMPLE"""
import json
import sys
import tomllib

from jsonschema import Draft202012Validator

schema, json_example, toml_example = sys.argv[1:4]
schema = json.load(open(schema))
Draft202012Validator.check_schema(schema)
document = json.load(open(json_example))
Draft202012Validator(schema).validate(document)
with open(toml_example, "rb") as toml_file:
    assert tomllib.load(toml_file) == document, "the TOML and JSON examples differ"
broken = dict(document, defaults={"alpha": 2})
assert not Draft202012Validator(schema).is_valid(broken), "alpha above 1 must be refused"
print("gate schema: valid; the examples follow it")
