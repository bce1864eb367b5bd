#!/usr/bin/env bash
# Records what the engine reads in each receipt fixture (TestImages/receipts/NAME.png or
# .jpg) as NAME.lines.json, the input of the fast extractor tests (no Tesseract needed).
# Re-run after changing the engine side (Data); rules and extractor changes need no
# re-recording. Usage: bash Scripts/record-receipt-lines.sh [NAME ...]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product ocr >/dev/null
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
    for expected in TestImages/receipts/*.expected.json; do names+=("$(basename "$expected" .expected.json)"); done
fi
for name in "${names[@]}"; do
    image=TestImages/receipts/$name.png
    [ -f "$image" ] || image=TestImages/receipts/$name.jpg
    .build/release/ocr scan "$image" --raw --format json > "TestImages/receipts/$name.lines.json"
    echo "recorded TestImages/receipts/$name.lines.json"
done
