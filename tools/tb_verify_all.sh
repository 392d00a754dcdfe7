#!/bin/bash
# Verify every 4-man table in DIR once, resumably: a table with a line in
# DIR/verify.log is done. Usage: tools/tb_verify_all.sh DIR [HUMPTY]
# (docs/tablebases.md). Runs about 3 hours on 2 cores for all 132.
set -u
dir=${1:?usage: tb_verify_all.sh DIR [HUMPTY]}
humpty=${2:-humpty}
log="$dir/verify.log"
for f in "$dir"/*.htb; do
  n=$(basename "$f" .htb)
  [ ${#n} -eq 5 ] || continue
  grep -q "^$n: " "$log" 2>/dev/null && continue
  "$humpty" tb verify --dir "$dir" --material "$n" --threads 2 >> "$log" 2>> "$dir/verify.err"
done
echo "verified: $(grep -c ' 0 slips' "$log") tables without a slip; with slips: $(grep -vc ' 0 slips' "$log")"
