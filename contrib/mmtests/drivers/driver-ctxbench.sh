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
	# CTXBENCH_SHARED as LKP's shared: 1, yes, true or on; 0, no, false,
	# off or unset for private objects.  Anything else is a mistake, not no.
	case "${CTXBENCH_SHARED,,}" in
	1 | yes | true | on) EXTRA_PARAM="$EXTRA_PARAM --shared yes" ;;
	"" | 0 | no | false | off) ;;
	*)
		echo "ERROR: CTXBENCH_SHARED=$CTXBENCH_SHARED: give 1, yes, true or on to share the rings' objects, 0, no, false or off not to" >&2
		return 2
		;;
	esac
	[ -n "$CTXBENCH_POLICY" ] && EXTRA_PARAM="$EXTRA_PARAM --policy $CTXBENCH_POLICY"
	$SHELLPACK_INCLUDE/shellpack-bench-ctxbench $VERSION_PARAM	\
		--mechanisms	${CTXBENCH_MECHANISMS:-all}		\
		--placement	${CTXBENCH_PLACEMENT:-same}		\
		--time		${CTXBENCH_TIME:-3}			\
		--runs		${CTXBENCH_RUNS:-5}			\
		$EXTRA_PARAM
	return $?
}
