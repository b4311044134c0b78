# SPDX-License-Identifier: GPL-2.0-or-later
# mmtests: the configuration's CTXBENCH_* variables as ctxbench-bench's
# options.

run_bench() {
	VERSION_PARAM=
	if [ "$CTXBENCH_VERSION" != "" ]; then
		VERSION_PARAM="-v $CTXBENCH_VERSION"
	fi
	$SHELLPACK_INCLUDE/shellpack-bench-ctxbench $VERSION_PARAM	\
		--mechanisms	${CTXBENCH_MECHANISMS:-all}		\
		--placement	${CTXBENCH_PLACEMENT:-same}		\
		--time		${CTXBENCH_TIME:-3}			\
		--runs		${CTXBENCH_RUNS:-5}
	return $?
}
