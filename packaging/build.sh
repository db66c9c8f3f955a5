#!/usr/bin/env bash
# Build the desktop bundle: dist/dragondice/ (PyInstaller one-folder), started as
# dist/dragondice/dragondice. One command, from anywhere:
#
#     packaging/build.sh            # reuses build/packaging-venv when it is there
#     packaging/build.sh --fresh    # makes the build venv anew first
#
# It makes its own venv (build/packaging-venv, ignored by git; PYTHON=... picks the Python,
# 3.11+), installs the project from a clean copy of this tree (not editable: PyInstaller needs
# the installed layout, with resources/ as dragondice_desktop.resources) and the pinned
# PyInstaller (packaging/requirements-build.txt), then runs packaging/dragondice.spec.
# Re-runnable: each run reinstalls the project and rebuilds dist/dragondice from scratch.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
start=$(date +%s)

venv="$repo/build/packaging-venv"
if [ "${1:-}" = "--fresh" ]; then
    rm -rf "$venv"
fi
if [ ! -x "$venv/bin/python" ] && [ ! -x "$venv/Scripts/python.exe" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
if [ -x "$venv/bin/python" ]; then py="$venv/bin/python"; else py="$venv/Scripts/python.exe"; fi
"$py" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ needed")'

# A copy of the tree without build output, so setuptools' in-tree build/ folder cannot
# carry files deleted since an earlier build into the installed package.
src="$repo/build/packaging-src"
rm -rf "$src" && mkdir -p "$src"
tar -C "$repo" -cf - --exclude=./.git --exclude=./build --exclude=./dist --exclude=./.venv \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude=.pytest_cache \
    --exclude=.hypothesis . | tar -C "$src" -xf -

# pip always reinstalls a project given as a folder, so a re-run picks up every change.
"$py" -m pip install -q --disable-pip-version-check -r packaging/requirements-build.txt "$src"
rm -rf "$src"

"$py" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$repo/dist" --workpath "$repo/build/pyinstaller" packaging/dragondice.spec

exe="$repo/dist/dragondice/dragondice"
[ -e "$exe" ] || exe="$exe.exe"
[ -e "$exe" ] || { echo "build.sh: no executable in dist/dragondice" >&2; exit 1; }
echo "build.sh: built dist/dragondice ($(du -sh "$repo/dist/dragondice" | cut -f1)) in $(( $(date +%s) - start )) s"
