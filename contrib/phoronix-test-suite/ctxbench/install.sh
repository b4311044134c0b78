#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build ctxbench (CMake, nothing else) from the source tree named by
# CTXBENCH_SRC, and write the wrapper PTS runs, which sends ctxbench's
# flat output to $LOG_FILE.
if [ -z "$CTXBENCH_SRC" ] || [ ! -f "$CTXBENCH_SRC/CMakeLists.txt" ]; then
	echo "CTXBENCH_SRC must name a ctxbench source tree"
	echo 1 > ~/install-exit-status
	exit 1
fi
cmake -S "$CTXBENCH_SRC" -B ctxbench-build -DCMAKE_BUILD_TYPE=Release \
	-DBUILD_TESTING=OFF && cmake --build ctxbench-build -j "${NUM_CPU_CORES:-2}"
echo $? > ~/install-exit-status

echo "#!/bin/sh
./ctxbench-build/ctxbench -q --format kv \$@ > \$LOG_FILE 2>&1
echo \$? > ~/test-exit-status" > ctxbench
chmod +x ctxbench
