# SPDX-License-Identifier: BSD-3-Clause
# Writes broken variants of an example run document for the `tally validate` tests.
#   cmake -DEXAMPLE=<example.json> -DOUTPUT_DIR=<folder> -P make_broken_documents.cmake
file(READ "${EXAMPLE}" document)
file(MAKE_DIRECTORY "${OUTPUT_DIR}")

string(JSON missing_useful_ns REMOVE "${document}" regions 2 raw useful_ns)
file(WRITE "${OUTPUT_DIR}/missing_useful_ns.json" "${missing_useful_ns}")

string(JSON newer_schema SET "${document}" schema "\"tally.run/9\"")
file(WRITE "${OUTPUT_DIR}/newer_schema.json" "${newer_schema}")
