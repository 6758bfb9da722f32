# Tests of reading and writing run documents.
