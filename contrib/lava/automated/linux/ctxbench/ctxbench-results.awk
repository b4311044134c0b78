# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench's flat output (docs/keys.md) as test-definitions' result.txt:
# a test case per row, "ROW pass|fail|skip", then "ROW.METRIC pass VALUE
# UNITS" for each figure but the run-by-run ones, which stay in the log.
# Whether other work disturbed the row is a test case of its own,
# "ROW.disturbed pass|fail": fail when some of its runs were disturbed, so
# that a loaded device is not read as a slower kernel; in a report of
# several labels, "ROW.judged pass|skip" and its "ROW.not_judged_WHY skip"
# say whether the change was judged.
/^[A-Za-z0-9_.+\/-]+: -?[0-9]+(\.[0-9]+)?$/ {
	key = substr($1, 1, length($1) - 1)
	metric = key
	sub(/.*\./, "", metric)
	row = substr(key, 1, length(key) - length(metric) - 1)
	if (metric == "ok") {
		print row " pass"
	} else if (metric == "failed" || metric == "hung" ||
		   metric == "interrupted") {
		print row " fail"
	} else if (metric == "skipped") {
		print row " skip"
	} else if (metric == "disturbed") {
		print key ($2 == 0 ? " pass" : " fail")
	} else if (metric == "judged" || metric == "step_judged") {
		print key ($2 == 1 ? " pass" : " skip")
	} else if (metric ~ /^(step_)?not_judged_/) {
		print key " skip"
	} else if (metric !~ /_run[0-9]+$/) {
		units = ""
		if (metric ~ /^loops_per_sec/)
			units = "loops/s"
		else if (metric ~ /_ns(_per_loop)?$/)
			units = "ns"
		else if (metric ~ /_pct$/)
			units = "%"
		else if (metric ~ /_cs_per_loop$/)
			units = "switches"
		else if (metric ~ /_cpus$/)
			units = "CPUs"
		print key " pass " $2 (units == "" ? "" : " " units)
	}
}
