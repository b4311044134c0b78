# SPDX-License-Identifier: GPL-2.0-or-later
# mmtests: the configuration's CTXBENCH_* variables as ctxbench-bench's
# options.

run_bench() {
	VERSION_PARAM=
	if [ "$CTXBENCH_VERSION" != "" ]; then
		VERSION_PARAM="-v $CTXBENCH_VERSION"
	fi
	# Only what the configuration sets: -j, --shared, --policy.
	EXTRA_PARAM=
	[ -n "$CTXBENCH_PARALLEL" ] && EXTRA_PARAM="--parallel $CTXBENCH_PARALLEL"
	[ -n "$CTXBENCH_SHARED" ] && EXTRA_PARAM="$EXTRA_PARAM --shared $CTXBENCH_SHARED"
	[ -n "$CTXBENCH_POLICY" ] && EXTRA_PARAM="$EXTRA_PARAM --policy $CTXBENCH_POLICY"
	$SHELLPACK_INCLUDE/shellpack-bench-ctxbench $VERSION_PARAM	\
		--mechanisms	${CTXBENCH_MECHANISMS:-all}		\
		--placement	${CTXBENCH_PLACEMENT:-same}		\
		--time		${CTXBENCH_TIME:-3}			\
		--runs		${CTXBENCH_RUNS:-5}			\
		$EXTRA_PARAM
	return $?
}
