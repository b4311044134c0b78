# SPDX-License-Identifier: GPL-2.0-or-later
# Read by cpack (CPACK_PROJECT_CONFIG_FILE): the package's version is the
# version of the tree as cpack builds it (cmake/version.cmake), in the form
# each packager orders: 0.1.0-97-g5aab4b1e2f3a-dirty is Debian's
# 0.1.0+97.g5aab4b1e2f3a.dirty (after 0.1.0, before 0.1.1), and RPM's
# version 0.1.0, release 97.g5aab4b1e2f3a.dirty.
include(${CPACK_CTXBENCH_SOURCE_DIR}/cmake/version.cmake)
ctxbench_version("${CPACK_CTXBENCH_SOURCE_DIR}" "${CPACK_CTXBENCH_BASE}" version)
# Not REGEX REPLACE: its "^" matches again after each replacement.
set(CPACK_RPM_PACKAGE_VERSION "${CPACK_CTXBENCH_BASE}")
set(CPACK_RPM_PACKAGE_RELEASE 1)
set(deb "${version}")
if(version MATCHES "^([0-9.]+)-(.*)$")
  string(REPLACE "-" "." release "${CMAKE_MATCH_2}")
  set(deb "${CMAKE_MATCH_1}+${release}")
  set(CPACK_RPM_PACKAGE_RELEASE "${release}")
endif()
set(CPACK_PACKAGE_VERSION "${deb}")
set(CPACK_DEBIAN_PACKAGE_VERSION "${deb}")
