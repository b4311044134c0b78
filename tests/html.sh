#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Tests of --format html: a comparison of two kernels (real release labels,
# two invocations each, four mechanisms, -j 1,2) and a run sweeping ring
# sizes and working sets.  "page" checks the page as written: one file
# that needs nothing beside it, a chart per mechanism and kind, the text
# report's figures in its tables.  "browser" loads it in headless
# Chromium: no console message, the same figures in the DOM, a screenshot
# that is not blank.  "layout" loads a page of every mechanism in frames
# 1200 and 400 pixels wide: the overview on the first screen, nothing
# clipped or wider than the window.  "hostile" and "hostile-browser" do
# the same as "page" and "browser" to the page of saved runs whose every
# string is markup: it runs nothing and has no element or attribute that
# the same page of benign strings lacks.
# usage: html.sh page|browser|layout|hostile|hostile-browser BIN
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh): Chromium is skipped, with the
# reason, where there is none or it cannot start.
tests=(
	"html-page page @BIN@ | timeout=300"
	"html-browser browser @BIN@ | timeout=300 labels=long cost=25"
	"html-layout layout @BIN@ | timeout=600 labels=long cost=20"
	"html-hostile hostile @BIN@ | timeout=300"
	"html-hostile-browser hostile-browser @BIN@ | timeout=300 labels=long cost=10"
)
list_tests "$@"
isolate "$@"

here=$(cd "${0%/*}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

A=6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty
B=6.13.0-rc1-00043-g0123456789ab
MECHS="pipe futex sysv-sem unix"

# Two kernels, taking turns, two invocations each; their report as text
# and as a page.
compared() {
	local bin=$1

	for rep in 1 2; do
		for label in "$A" "$B"; do
			"$bin" -q -b pipe,futex,sysv-sem,unix -j 1,2 -t 0.02 -r 2 \
				-n "$label" -o "$tmp/$label-$rep.json" >/dev/null 2>"$tmp/run.err" ||
				fail "the run of $label failed: exit $?: $(<"$tmp/run.err")"
		done
	done
	undisturbed "$tmp"/*.json
	"$bin" report "$tmp"/6.13*.json >"$tmp/r.txt" 2>"$tmp/r.err" ||
		fail "report failed: exit $?: $(<"$tmp/r.err")"
	"$bin" report --format html "$tmp"/6.13*.json >"$tmp/r.html" 2>"$tmp/r.err"
	rc=$?
	[ $rc -eq 0 ] && pass "not: report --format html failed" ||
		fail "report --format html failed: exit $rc: $(<"$tmp/r.err")"
}

# The page needs nothing beside it and runs nothing.
self_contained() {
	local page=$1

	head -c 15 "$page" | grep -q '^<!DOCTYPE html>' && pass "$page: a doctype" ||
		fail "$page: no doctype"
	grep -qiE '<script|<link|<img|<iframe|<object|@import|url\(' "$page" &&
		fail "$page: loads or runs something: $(grep -oiE '<script|<link|<img|<iframe|<object|@import|url\(' "$page" | head -3)" ||
		pass "$page: loads and runs nothing"
	grep -oE '(href|src)="[^"#][^"]*"' "$page" | head -3 | grep -q . &&
		fail "$page: a link out: $(grep -oE '(href|src)="[^"#][^"]*"' "$page" | head -3)" ||
		pass "$page: no link out"
	# No coordinate a browser refuses.
	grep -qiE '="[^"]*(nan|inf)[^"]*"' <(grep -oE '<(circle|line|path|rect|text|svg)[^>]*>' "$page") &&
		fail "$page: NaN or infinite in an attribute" || pass "$page: no NaN or infinite attribute"
	# Every chart stands alone: its namespace, size and title.
	local n t
	n=$(grep -c '<svg ' "$page")
	t=$(grep -c '<svg xmlns="http://www.w3.org/2000/svg" [^>]*viewBox="0 0 [0-9]* [0-9]*"' "$page")
	[ "$n" -gt 0 ] && [ "$n" -eq "$t" ] && pass "$page: every chart with namespace and viewBox" ||
		fail "$page: $n charts, $t with namespace and viewBox"
	t=$(grep -A1 '<svg ' "$page" | grep -c '^<title>')
	[ "$n" -eq "$t" ] && pass "$page: every chart with a title" || fail "$page: $n charts, $t with a title"
}

page() {
	local bin=$1 m

	compared "$bin"
	self_contained "$tmp/r.html"
	for m in $MECHS; do
		for kind in loops rtt rings; do
			grep -q "<svg [^>]*id=\"$kind-$m\"" "$tmp/r.html" && pass "not: no $kind chart of $m" ||
				fail "no $kind chart of $m"
		done
		grep -q "<table class=\"figures\" data-table=\"loops\" data-mech=\"$m\"" "$tmp/r.html" &&
			pass "not: no loops/sec table of $m" || fail "no loops/sec table of $m"
	done
	# Each label whole, in the charts too, however long.
	for label in "$A" "$B"; do
		grep -q "<text [^>]*>$label</text>" "$tmp/r.html" && pass "not: no chart names $label whole" ||
			fail "no chart names $label whole"
	done
	perl "$here/html.pl" figures "$tmp/r.txt" "$tmp/r.html" >"$tmp/fig" &&
		pass "the page's figures are not the text report's" || fail "the page's figures are not the text report's: $(<"$tmp/fig")"
	perl "$here/html.pl" summary "$tmp/r.txt" "$tmp/r.html" >"$tmp/fig" &&
		pass "the page's summary is not the text report's" || fail "the page's summary is not the text report's: $(<"$tmp/fig")"
	# The overview first: the forest plot, then the summary, then the
	# details; higher is better where loops/sec are.
	grep -n -m1 -e '<svg [^>]*id="forest"' -e '<table class="summary"' \
		-e '<section class="mech"' "$tmp/r.html" | grep -q 'id="forest"' &&
		grep -n -m1 -e '<table class="summary"' -e '<section class="mech"' \
			"$tmp/r.html" | grep -q 'class="summary"' && pass "not: the page does not open with the overview, then the summary" ||
		fail "the page does not open with the overview, then the summary"
	n=$(grep -c '<svg [^>]*id="loops-' "$tmp/r.html")
	t=$(grep -c 'loops/sec, log scale: higher is better' "$tmp/r.html")
	[ "$n" -gt 0 ] && [ "$t" -ge "$n" ] && pass "not: $t of $n loops/sec charts say higher is better" ||
		fail "$t of $n loops/sec charts say higher is better"
	# The verdict of each row, as the text report's legend explains it.
	grep -q '<p class="legend">change: the average against the baseline' "$tmp/r.html" &&
		grep -q '<details id="judged" class="legend"><summary>How it was judged</summary>' "$tmp/r.html" &&
		pass "not: no legend" || fail "no legend"
	grep -qE '<td class="fig">baseline</td>' "$tmp/r.html" && pass "not: no baseline row" ||
		fail "no baseline row"
	# The Run information: every fact the text report names.
	for fact in $(awk '/^Run: ALL/ { on = 1; next } on && /^$/ { exit }
		      on && /^  [A-Za-z_]+ / { print $1 }' "$tmp/r.txt"); do
		grep -q "<th scope=\"row\">$fact</th>" "$tmp/r.html" ||
			fail "the page has no fact $fact"
	done
	pass "the page has every fact"
	grep -q 'data-table="info-differ"' "$tmp/r.html" && pass "not: no table of the facts that differ (the dates do)" ||
		fail "no table of the facts that differ (the dates do)"

	# Emulated runs say so, in the page and in each chart.
	sed 's/"emulated": "[^"]*"/"emulated": "yes (qemu TCG: the CPU is emulated)"/' \
		"$tmp/$A-1.json" >"$tmp/emulated.json"
	"$bin" report --format html "$tmp/emulated.json" >"$tmp/e.html" 2>"$tmp/e.err" ||
		fail "the page of an emulated run failed: exit $?: $(<"$tmp/e.err")"
	grep -q '<p class="warn">Emulated:' "$tmp/e.html" && pass "not: the page of an emulated run does not say so" ||
		fail "the page of an emulated run does not say so"
	n=$(grep -c '<svg ' "$tmp/e.html")
	t=$(grep -c '>Emulated CPU (qemu TCG)' "$tmp/e.html")
	[ "$n" -gt 0 ] && [ "$n" -eq "$t" ] && pass "not: $t of $n charts of an emulated run say so" ||
		fail "$t of $n charts of an emulated run say so"
	grep -q '<p class="warn">Emulated:' "$tmp/r.html" &&
		fail "a run not emulated is said to be" || pass "not: a run not emulated is said to be"

	# A run's own page: ring sizes and working sets give lat_ctx's curves;
	# -o still saves the JSON.
	"$bin" -q -b pipe -p 2,4 -s 0,16 -t 0.05 -r 2 -n sweep --format html \
		-o "$tmp/sweep.json" >"$tmp/sweep.html" 2>"$tmp/sweep.err"
	rc=$?
	[ $rc -eq 0 ] && pass "not: a run with --format html failed" ||
		fail "a run with --format html failed: exit $rc: $(<"$tmp/sweep.err")"
	self_contained "$tmp/sweep.html"
	grep -q '<svg [^>]*id="latctx-pipe-0"' "$tmp/sweep.html" && pass "not: no lat_ctx chart of a sweep" ||
		fail "no lat_ctx chart of a sweep"
	grep -q '"schema_version"' "$tmp/sweep.json" && pass "not: -o beside --format html saved no run" ||
		fail "-o beside --format html saved no run"
	"$bin" report "$tmp/sweep.json" >"$tmp/sweep.txt"
	perl "$here/html.pl" figures "$tmp/sweep.txt" "$tmp/sweep.html" >"$tmp/fig" &&
		pass "the sweep's figures" || fail "the sweep's figures: $(<"$tmp/fig")"
	"$bin" --format htm -t 0.05 >/dev/null 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q 'html' "$tmp/err" && pass "a bad --format does not name html" ||
		fail "a bad --format does not name html: $(<"$tmp/err")"
	summary
}

# Headless Chromium, or why not.  Sets $chromium.
find_chromium() {
	local c

	for c in chromium chromium-browser google-chrome; do
		command -v "$c" >/dev/null && chromium=$c && return 0
	done
	skip "no Chromium (apt-get install chromium) to load the page in"
}

# Chromium on $2, writing what it logs to $1.err; the rest of the options
# after.  Its own profile in $tmp, no sandbox (root in a container has
# none to give), no GPU.
chrome() {
	local out=$1
	shift
	HOME=$tmp timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
		--no-first-run --user-data-dir="$tmp/profile" \
		--enable-logging=stderr --v=0 "$@" >"$out" 2>"$out.err"
}

# Chromium that starts and loads a page, or skip saying why; the page's
# screenshot, of nothing drawn, in $tmp/blank.png.
chromium_ready() {
	long_wanted
	find_chromium
	echo '<!DOCTYPE html><title>t</title><p>ok' >"$tmp/t.html"
	if ! chrome "$tmp/t.dom" --dump-dom --hide-scrollbars --window-size=1000,1600 \
		--screenshot="$tmp/blank.png" "file://$tmp/t.html" ||
		! grep -q '<p>ok' "$tmp/t.dom"; then
		skip "$chromium does not start here: $(grep -v dbus "$tmp/t.dom.err" | tail -3)"
	fi
}

browser() {
	local bin=$1

	chromium_ready
	compared "$bin"
	# One load for the DOM and the screenshot.
	chrome "$tmp/r.dom" --dump-dom --hide-scrollbars --window-size=1000,1600 \
		--screenshot="$tmp/shot.png" "file://$tmp/r.html"
	[ $? -eq 0 ] && pass "not: $chromium could not load the page" || fail "$chromium could not load the page"
	grep -q ':CONSOLE' "$tmp/r.dom.err" &&
		fail "console messages: $(grep ':CONSOLE' "$tmp/r.dom.err" | head -5)" ||
		pass "no console message"
	# What the browser made of the page holds the charts and the figures.
	for m in $MECHS; do
		grep -q "<svg [^>]*id=\"loops-$m\"" "$tmp/r.dom" && pass "not: the DOM has no loops/sec chart of $m" ||
			fail "the DOM has no loops/sec chart of $m"
	done
	perl "$here/html.pl" figures "$tmp/r.txt" "$tmp/r.dom" >"$tmp/fig" &&
		pass "the DOM's figures are not the text report's" || fail "the DOM's figures are not the text report's: $(<"$tmp/fig")"
	# Drawn: the screenshot has ink in the labels' colours.  A page of
	# nothing (chromium_ready's) is told apart first, or the check proves
	# nothing here.
	perl "$here/html.pl" png "$tmp/blank.png" >"$tmp/png" &&
		fail "a blank page passes as drawn: $(<"$tmp/png")" || pass "a blank page fails as blank"
	perl "$here/html.pl" png "$tmp/shot.png" >"$tmp/png" && pass "the screenshot is blank" ||
		fail "the screenshot is blank: $(<"$tmp/png")"
	cat "$tmp/png"
	# A narrow window: the page still fits it, the charts scroll inside.
	chrome "$tmp/narrow.out" --hide-scrollbars --window-size=400,1600 \
		--screenshot="$tmp/narrow.png" "file://$tmp/r.html"
	perl "$here/html.pl" png "$tmp/narrow.png" >"$tmp/png" && pass "the narrow screenshot is blank" ||
		fail "the narrow screenshot is blank: $(<"$tmp/png")"
	[ -n "${CTXBENCH_TEST_KEEP:-}" ] &&
		cp "$tmp/r.html" "$tmp/shot.png" "$tmp/narrow.png" "$CTXBENCH_TEST_KEEP/"
	summary
}

# A page of the test's own that holds the page twice, in a frame 1200
# pixels wide and 900 high (the first screen of a 1200 pixel window) and
# in one 400 wide, and whose script measures them (the page itself runs
# none): a line "ok WHAT" or "not ok WHAT: why" a check, into its <pre>.
frames() {
	cat <<'HTML'
<!DOCTYPE html><html><head><meta charset="utf-8"><title>layout</title>
<style>body{margin:0}iframe{border:0;display:block}</style></head><body>
<iframe id="wide" src="r.html" width="1200" height="900"></iframe>
<iframe id="narrow" src="r.html" width="400" height="900"></iframe>
<pre id="out"></pre>
<script>
"use strict";
// The nearest ancestor of el that scrolls or clips what overflows it.
function scroller(el, win) {
	for (let p = el.parentElement; p; p = p.parentElement) {
		const o = win.getComputedStyle(p).overflowX;
		if (o === "auto" || o === "scroll" || o === "hidden")
			return p;
	}
	return null;
}
function name(el) {
	const cls = el.getAttribute("class"), t = el.getAttribute("data-table");
	return el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
		(cls ? "." + cls.split(" ").join(".") : "") + (t ? "[" + t + "]" : "");
}
function line(ok, what, why) {
	return (ok ? "ok " : "not ok ") + what + (ok ? "" : ": " + why);
}
function list(a) {
	return a.length + " (" + a.slice(0, 6).join(", ") + ")";
}
// What overflows the frame's width outside a scroll container, and
// which scroll containers hold more than they show.
function measure(id) {
	const doc = document.getElementById(id).contentDocument;
	const win = document.getElementById(id).contentWindow;
	const m = { over: [], clipped: [], doc: doc, win: win };

	if (!doc || !doc.body)
		return null;
	m.vw = doc.documentElement.clientWidth;
	m.vh = win.innerHeight;
	for (const el of doc.body.getElementsByTagName("*")) {
		const r = el.getBoundingClientRect();
		const o = win.getComputedStyle(el).overflowX;

		if (!r.width && !r.height)
			continue;
		if ((o === "auto" || o === "scroll") && el.scrollWidth > el.clientWidth + 1)
			m.clipped.push(name(el) + " " + el.scrollWidth + " in " + el.clientWidth);
		if ((r.right > m.vw + 0.5 || r.left < -0.5) && !scroller(el, win))
			m.over.push(name(el) + " " + Math.round(r.left) + " to " + Math.round(r.right));
	}
	m.sw = doc.documentElement.scrollWidth;
	return m;
}
window.addEventListener("load", function () {
	const wide = measure("wide"), narrow = measure("narrow"), out = [];

	if (!wide || !narrow) {
		document.getElementById("out").textContent = "not ok frames: the page cannot be read";
		return;
	}
	const f = wide.doc.getElementById("forest");
	const r = f ? f.getBoundingClientRect() : null;
	const at = r ? "svg#forest at " + Math.round(r.left) + "," + Math.round(r.top) +
		" to " + Math.round(r.right) + "," + Math.round(r.bottom) +
		" of " + wide.vw + "x" + wide.vh : "no svg#forest";
	out.push(line(r && r.height > 0 && r.top >= 0 && r.left >= 0 &&
		      r.bottom <= wide.vh && r.right <= wide.vw,
		      "wide: the overview on the first screen", at));
	out.push("# " + at);
	out.push(line(!wide.clipped.length, "wide: nothing clipped", list(wide.clipped)));
	out.push(line(!wide.over.length, "wide: nothing overflows", list(wide.over)));
	out.push(line(wide.sw <= wide.vw, "wide: the page's width", wide.sw + " in " + wide.vw));
	out.push(line(!narrow.over.length,
		      "narrow: nothing overflows outside a scroll container",
		      list(narrow.over)));
	out.push(line(narrow.sw <= narrow.vw, "narrow: the page's width",
		      narrow.sw + " in " + narrow.vw));
	out.push("# narrow: " + narrow.clipped.length + " containers scroll");
	document.getElementById("out").textContent = out.join("\n");
});
</script>
</body></html>
HTML
}

# The page of every mechanism in Chromium at 1200 and 400 pixels: the
# overview on the first screen, no table clipped, nothing wider than the
# window but inside a container that scrolls.  The frames' page reads the page's (same
# directory, file://) with --allow-file-access-from-files.
layout() {
	local bin=$1 ln n=0 rep label rc

	chromium_ready
	# Two kernels of every mechanism, four invocations each, taking turns:
	# a column each in the facts that differ, a link each in the nav.
	for rep in 1 2 3 4; do
		for label in "$A" "$B"; do
			# A spinner's ring HUNG beside load (exit 1) still
			# has its row: the page is the same.
			"$bin" -q -t 0.02 -r 2 -n "$label" -o "$tmp/$label-$rep.json" \
				>/dev/null 2>"$tmp/run.err"
			rc=$?
			[ "$rc" -le 1 ] && [ -s "$tmp/$label-$rep.json" ] ||
				fail "the run of $label failed: exit $rc: $(<"$tmp/run.err")"
			[ "$rc" -eq 0 ] || echo "note: the run of $label: exit 1: $(<"$tmp/run.err")"
		done
	done
	"$bin" report --format html "$tmp"/6.13*.json >"$tmp/r.html" 2>"$tmp/r.err"
	rc=$?
	[ "$rc" -eq 0 ] && pass "not: report --format html failed" ||
		fail "report --format html failed: exit $rc: $(<"$tmp/r.err")"
	frames >"$tmp/layout.html"
	chrome "$tmp/layout.dom" --dump-dom --hide-scrollbars \
		--allow-file-access-from-files --window-size=1600,1000 \
		"file://$tmp/layout.html"
	[ $? -eq 0 ] && pass "not: $chromium could not load the frames" || fail "$chromium could not load the frames"
	sed -n '/<pre id="out">/,/<\/pre>/p' "$tmp/layout.dom" |
		sed -e 's/.*<pre id="out">//' -e 's/<\/pre>.*//' -e 's/&gt;/>/g' \
			-e 's/&lt;/</g' -e 's/&amp;/\&/g' >"$tmp/layout.out"
	cat "$tmp/layout.out"
	while IFS= read -r ln; do
		case $ln in
		"ok "*) pass "layout: ${ln#ok }" ;;
		"not ok "*) fail "${ln#not ok }" ;;
		*) continue ;;
		esac
		n=$((n + 1))
	done <"$tmp/layout.out"
	[ "$n" -eq 6 ] && pass "not: $n checks of the frames' 6 ran" || fail "$n checks of the frames' 6 ran"
	[ -n "${CTXBENCH_TEST_KEEP:-}" ] &&
		cp "$tmp/layout.html" "$tmp/r.html" "$CTXBENCH_TEST_KEEP/"
	summary
}

# Saved runs of two labels, two invocations each, swept (-p 2,4) and at
# -j 1,2, with every string but the mechanisms' hostile (tests/html.pl
# hostile: markup, quotes, handlers, scripts in every label, note, fact,
# command line, row title, placement, class, reason, note of a run), and
# the same runs with their benign twins: the two pages in $tmp/hostile.html
# and $tmp/benign.html.
hostile_pages() {
	local bin=$1 rep label kind

	for rep in 1 2; do
		for label in A B; do
			"$bin" -q -b pipe,futex -p 2,4 -j 1,2 -t 0.02 -r 2 -n "$label" \
				--note "$label" -o "$tmp/$label-$rep.json" >/dev/null 2>"$tmp/run.err" ||
				fail "the run of $label failed: exit $?: $(<"$tmp/run.err")"
		done
	done
	perl "$here/html.pl" hostile "$tmp" "$tmp"/[AB]-[12].json ||
		fail "tests/html.pl hostile failed"
	for kind in hostile benign; do
		"$bin" report --format html "$tmp/$kind"/*.json >"$tmp/$kind.html" \
			2>"$tmp/$kind.err"
		[ $? -eq 0 ] && pass "the page of $kind strings" ||
			fail "the page of $kind strings: $(<"$tmp/$kind.err")"
	done
}

# A saved run whose first row's mechanism is $2, from run $1, into $3.
with_mech() {
	M=$2 perl -pe 'BEGIN { ($m = $ENV{M}) =~ s/(["\\])/\\$1/g }
		$done ||= s/"mech": "[^"]*"/"mech": "$m"/' "$1" >"$3"
}

# The page of hostile strings as written: they are its text, nothing else.
hostile() {
	local bin=$1 mech fmt rc

	hostile_pages "$bin"
	self_contained "$tmp/hostile.html"
	perl "$here/html.pl" safe "$tmp/hostile.html" "$tmp/benign.html" \
		>"$tmp/safe" && pass "hostile strings: no script, no element or attribute added" || fail "$(<"$tmp/safe")"
	grep -qF '&lt;/style&gt;&lt;script&gt;console.log(3)&lt;/script&gt;' \
		"$tmp/hostile.html" && grep -qF 'x&quot; onload=&quot;' "$tmp/hostile.html" &&
		pass "not: the hostile strings are not the page's text" || fail "the hostile strings are not the page's text"
	# Merged by report --json, they stay strings: the same page.
	"$bin" report --json "$tmp/hostile"/*.json >"$tmp/merged.json" &&
		"$bin" report --format html "$tmp/merged.json" >"$tmp/merged.html" &&
		cmp -s "$tmp/merged.html" "$tmp/hostile.html" && pass "not: the page of the merged file differs" ||
		fail "the page of the merged file differs"

	# A mechanism's name that is not a name is refused, as a page and
	# merged: one line, exit 2, nothing written.
	while IFS= read -r mech; do
		with_mech "$tmp/A-1.json" "$mech" "$tmp/mech.json"
		for fmt in "--format html" --json; do
			# shellcheck disable=SC2086
			"$bin" report $fmt "$tmp/mech.json" >"$tmp/out" 2>"$tmp/err"
			rc=$?
			[ "$rc" -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] &&
				grep -q "^ctxbench: $tmp/mech.json: line [0-9]*: \"mech\" must be a name" "$tmp/err" &&
				pass "mech '$mech', $fmt" || fail "mech '$mech', $fmt: exit $rc, $(wc -c <"$tmp/out") bytes out: $(<"$tmp/err")"
		done
	done <<'MECHS'
x" onload="document.title=1
"><script>alert(1)</script>
a b
Pipe
-pipe
pipe.same
MECHS
	# One this ctxbench does not know, of a later version, is shown.
	with_mech "$tmp/A-1.json" seqpacket "$tmp/mech.json"
	"$bin" report --format html "$tmp/mech.json" >"$tmp/mech.html" 2>"$tmp/err" &&
		grep -q '<svg [^>]*id="loops-seqpacket"' "$tmp/mech.html" &&
		grep -q '<a href="#mech-seqpacket">' "$tmp/mech.html" && pass "an unknown mechanism's page" ||
		fail "an unknown mechanism's page: $(<"$tmp/err")"
	summary
}

# The page of hostile strings in headless Chromium: no script ran (its
# title is the one written, nothing on the console) and the DOM has the
# elements and attributes of the benign page's, no more.  First the
# checks are shown to see a script: the benign page with one added.
hostile_browser() {
	local bin=$1 kind

	chromium_ready
	hostile_pages "$bin"
	sed 's|</body>|<b onclick="f()">b</b><script>document.title="ran";console.log("ran")</script></body>|' \
		"$tmp/benign.html" >"$tmp/control.html"
	for kind in hostile benign control; do
		chrome "$tmp/$kind.dom" --dump-dom "file://$tmp/$kind.html"
		[ $? -eq 0 ] && grep -q '</html>' "$tmp/$kind.dom" && pass "not: $chromium could not load the $kind page" ||
			fail "$chromium could not load the $kind page"
	done
	grep -q ':CONSOLE' "$tmp/control.dom.err" && pass "not: a script's console message goes unseen" ||
		fail "a script's console message goes unseen"
	[ "$(perl "$here/html.pl" title "$tmp/control.dom")" = ran ] && pass "not: a script's title goes unseen" ||
		fail "a script's title goes unseen"
	perl "$here/html.pl" safe "$tmp/control.dom" "$tmp/benign.dom" >/dev/null &&
		fail "an element added goes unseen" || pass "not: an element added goes unseen"

	grep -q ':CONSOLE' "$tmp/hostile.dom.err" &&
		fail "console messages: $(grep ':CONSOLE' "$tmp/hostile.dom.err" | head -5)" ||
		pass "hostile page: no console message"
	local written shown
	written=$(perl "$here/html.pl" title "$tmp/hostile.html")
	shown=$(perl "$here/html.pl" title "$tmp/hostile.dom")
	[ -n "$written" ] && [ "$shown" = "$written" ] && pass "not: the page's title is '$shown', written '$written'" ||
		fail "the page's title is '$shown', written '$written'"
	perl "$here/html.pl" safe "$tmp/hostile.dom" "$tmp/benign.dom" >"$tmp/safe" &&
		pass "the DOM" || fail "the DOM: $(<"$tmp/safe")"
	summary
}

case "${1:-}" in
page | browser | layout | hostile) "$1" "$2" ;;
hostile-browser) hostile_browser "$2" ;;
*)
	echo "usage: $0 page|browser|layout|hostile|hostile-browser BIN" >&2
	exit 2
	;;
esac
