#!/usr/bin/env bash
# Check the desktop bundle: build it with packaging/build.sh unless dist/dragondice is there
# and newer than every source, then start it offscreen and prove it holds what it needs:
#   - the bundle self-test (DRAGONDICE_BUNDLE_SELFTEST=1, see packaging/dragondice_main.py):
#     every app module imports, including the pyqtgraph collection window, the resource
#     folders open through importlib.resources, the catalog loads, a pyqtgraph plot renders;
#   - every resource and catalog data file of the tree is in the bundle;
#   - `dragondice --version` and `dragondice catalog` (headless, console);
#   - `dragondice screenshot OUT.png --actions 10` writes a real 1400x900 picture.
# Prints the bundle size and the start times. Usage:
#
#     packaging/check_bundle.sh [--rebuild] [OUT.png]
#
# OUT.png defaults to a temporary file (kept, its path printed, so it can be looked at).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
bundle="$repo/dist/dragondice"
exe="$bundle/dragondice"
export QT_QPA_PLATFORM=offscreen

rebuild=0
out=""
for arg in "$@"; do
    case "$arg" in
        --rebuild) rebuild=1 ;;
        *) out="$arg" ;;
    esac
done
[ -n "$out" ] || out="$(mktemp -d)/bundle.png"

now() { date +%s.%N; }
secs() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.2f}')" "$1" "$2"; }

if [ "$rebuild" = 0 ] && [ -x "$exe" ]; then
    newer="$(find pyproject.toml dragondice_desktop resources packaging -newer "$exe" \
             -type f ! -name '*.pyc' -print -quit)"
    [ -z "$newer" ] || { echo "check_bundle: $newer is newer than the bundle: rebuilding"; rebuild=1; }
else
    rebuild=1
fi
if [ "$rebuild" = 1 ]; then
    t0=$(now)
    packaging/build.sh
    echo "check_bundle: build took $(secs "$t0" "$(now)") s"
fi

# Every data file of the tree must be in the bundle (the spec copies them from the tree).
internal="$bundle/_internal/dragondice_desktop"
missing=0
while IFS= read -r file; do
    rel="${file#resources/}"
    [ "$rel" != "$file" ] && dest="$internal/resources/$rel" || dest="$internal/${file#dragondice_desktop/}"
    [ -f "$dest" ] || { echo "check_bundle: the bundle lacks $file" >&2; missing=1; }
done < <(find resources dragondice_desktop/catalog/data -type f ! -name '*.py' ! -name '*.pyc' \
         ! -path '*/__pycache__/*' | sort)
[ "$missing" = 0 ]

t0=$(now)
DRAGONDICE_BUNDLE_SELFTEST=1 "$exe"
selftest_s=$(secs "$t0" "$(now)")

t0=$(now)
version="$("$exe" --version)"
version_s=$(secs "$t0" "$(now)")
"$exe" catalog > "$bundle.catalog.txt"
echo "check_bundle: $version; catalog: $(head -n 1 "$bundle.catalog.txt")"
rm -f "$bundle.catalog.txt"

rm -f "$out"
data_dir="$(mktemp -d)"
t0=$(now)
status=0
DRAGONDICE_DATA_DIR="$data_dir" "$exe" screenshot "$out" --actions 10 > "$data_dir/log" 2>&1 \
    || status=$?
shot_s=$(secs "$t0" "$(now)")
# (the offscreen platform's "does not support propagateSizeHints()" is noise)
grep -v 'does not support propagateSizeHints' "$data_dir/log" || true
rm -rf "$data_dir"
[ "$status" = 0 ] || { echo "check_bundle: screenshot exited $status" >&2; exit 1; }

# A real picture: a PNG of the window's size, and not a flat colour (a blank window
# compresses to a few kB; the demo board is hundreds).
python3 - "$out" <<'PY'
import struct, sys
path = sys.argv[1]
data = open(path, "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit(f"check_bundle: {path} is not a PNG")
width, height = struct.unpack(">II", data[16:24])
if (width, height) != (1400, 900) or len(data) < 50_000:
    sys.exit(f"check_bundle: {path} is {width}x{height}, {len(data)} bytes: not the board")
print(f"check_bundle: screenshot {path} ({width}x{height}, {len(data)} bytes)")
PY

echo "check_bundle: bundle size $(du -sh "$bundle" | cut -f1) ($(find "$bundle" -type f | wc -l) files)"
echo "check_bundle: start times: --version ${version_s} s, self-test ${selftest_s} s," \
     "screenshot with 10 demo actions ${shot_s} s"
