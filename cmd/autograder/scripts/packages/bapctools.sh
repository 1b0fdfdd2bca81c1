#!/bin/sh
# bapctools.sh AUTOGRADER PROBLEMS [NAME...]: runs `AUTOGRADER cases verify
# --rubric` on each problem folder of PROBLEMS (BAPCtools' test/problems,
# or any folder of problem packages; NAME... picks some) and prints, per
# labelled submission, its label, the verdict it got and whether that is
# as labelled, then the total. Each problem's whole output is kept in
# $OUT (default: a new temporary folder), named in the last line.
# The figure in docs/performance.md was measured with it.
set -u
if [ $# -lt 2 ]; then
	echo "usage: $0 AUTOGRADER PROBLEMS [NAME...]" >&2
	exit 2
fi
ag=$1
dir=$2
shift 2
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
if [ $# -eq 0 ]; then
	for p in "$dir"/*/; do
		[ -f "$p/problem.yaml" ] && set -- "$@" "$(basename "$p")"
	done
fi
printf '%-22s %-52s %-20s %-14s %s\n' PROBLEM SUBMISSION LABEL GOT 'AS LABELLED'
for n in "$@"; do
	"$ag" cases verify --rubric "$dir/$n" >"$out/$n.txt" 2>&1
	echo "exit status $?" >>"$out/$n.txt"
	awk -v prob="$n" '
		# "NAME: as labelled (...)", "NAME: NOT as labelled (...)", "NAME: skipped: why"
		/^[^ ].*: (as labelled|NOT as labelled) \(/ {
			i = index($0, ": ")
			name = substr($0, 1, i - 1)
			ok[name] = ($0 ~ /: as labelled/) ? "yes" : "NO"
			order[++k] = name
		}
		/^[^ ].*: skipped: / {
			i = index($0, ": ")
			name = substr($0, 1, i - 1)
			ok[name] = "skipped"
			order[++k] = name
		}
		# the jury summary: "  NAME  VERDICT  slowest case ..."
		/^  [^ ]/ && /slowest case/ { got[$1] = $2 }
		/^autograder: / && k == 0 { printf "%-22s %s\n", prob, substr($0, 1, 150) }
		END {
			for (j = 1; j <= k; j++) {
				name = order[j]
				label = name
				sub(/\/.*/, "", label)
				g = (name in got) ? got[name] : "-"
				printf "%-22s %-52s %-20s %-14s %s\n", prob, name, label, g, ok[name]
			}
		}' "$out/$n.txt"
done | tee "$out/table.txt"
awk '$NF == "yes" { y++ } $NF == "yes" || $NF == "NO" { n++ } END { printf "%d of %d labelled submissions judged as labelled\n", y, n }' "$out/table.txt"
echo "outputs: $out"
