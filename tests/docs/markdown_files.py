# SPDX-License-Identifier: BSD-3-Clause
"""The project's Markdown files, for the docs checks: every *.md under a root, build folders (those
with a CMakeCache.txt), hidden folders and node_modules left out, in a stable order."""
import os


def markdown_files(root):
    for folder, folders, files in os.walk(root):
        if "CMakeCache.txt" in files:
            folders[:] = []
            continue
        folders[:] = sorted(name for name in folders if not name.startswith(".") and name != "node_modules")
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)
