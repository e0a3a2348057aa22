#!/usr/bin/env bash
# Checks that every tracked C++ file is formatted as .clang-format says (clang-format
# --dry-run -Werror): lists the files that are not and exits 1, or says how many are clean.
# Usage: scripts/format_check.sh [FILE...]   (default: every tracked *.cpp, *.h, *.cxx, *.hpp)
# Fix a file with: clang-format -i FILE
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "format_check: clang-format is not installed" >&2; exit 2; }
if [ $# -gt 0 ]; then
    files=("$@")
else
    mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.cxx' '*.hpp')
fi
unformatted=()
for file in "${files[@]}"; do
    clang-format --dry-run -Werror "$file" >/dev/null 2>&1 || unformatted+=("$file")
done
if [ ${#unformatted[@]} -gt 0 ]; then
    echo "format_check: ${#unformatted[@]} of ${#files[@]} files are not clang-format clean ($(clang-format --version | head -1)):" >&2
    printf '  %s\n' "${unformatted[@]}" >&2
    exit 1
fi
echo "format_check: ${#files[@]} files, all clang-format clean"
