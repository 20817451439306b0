#!/usr/bin/env bash
# Renders a report.html (from `reuse-detector report`) to a PNG with headless Chromium, to look at it as a person
# would. Needs Debian's chromium package (apt-get install chromium).
# usage: scripts/render-report.sh REPORT_DIR [OUT.png] [WIDTHxHEIGHT]
set -euo pipefail
dir=${1:?usage: render-report.sh REPORT_DIR [OUT.png] [WIDTHxHEIGHT]}
out=${2:-$dir/report.png}
size=${3:-1400x2600}
html=$(cd "$dir" && pwd)/report.html
[ -f "$html" ] || { echo "no report.html in $dir" >&2; exit 1; }
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="${size/x/,}" \
    --screenshot="$out" "file://$html" 2>/dev/null
echo "$out"
