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

# The Debian package's own layout (cmake/deb.cmake, run at the end of the
# install cpack makes): its version, maintainer, and the date of the
# changelog's entry, the commit's (so that one tree gives one package),
# else SOURCE_DATE_EPOCH's or now.
if(CPACK_GENERATOR STREQUAL "DEB")
  # CPACK_CUSTOM_INSTALL_VARIABLES is 3.21's: before it, a package
  # unstripped, its page uncompressed, would be made without a word.
  if(CMAKE_VERSION VERSION_LESS 3.21)
    message(FATAL_ERROR "cpack -G DEB needs CMake 3.21 or later (this is ${CMAKE_VERSION})")
  endif()
  set(date)
  find_program(CTXBENCH_GIT git)
  if(CTXBENCH_GIT)
    execute_process(COMMAND ${CTXBENCH_GIT} -C "${CPACK_CTXBENCH_SOURCE_DIR}"
      log -1 "--date=format:%a, %d %b %Y %H:%M:%S %z" --format=%ad
      OUTPUT_VARIABLE date OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  endif()
  if(NOT date MATCHES "^[A-Z][a-z][a-z], [0-9][0-9] [A-Z][a-z][a-z] [0-9]+ [0-9:]+ [-+][0-9]+$")
    string(TIMESTAMP date "%a, %d %b %Y %H:%M:%S +0000" UTC)
  endif()
  set(CPACK_CUSTOM_INSTALL_VARIABLES "CTXBENCH_DEB=1"
    "CTXBENCH_DEB_VERSION=${deb}"
    "CTXBENCH_DEB_MAINTAINER=${CPACK_PACKAGE_CONTACT}"
    "CTXBENCH_DEB_DATE=${date}")
else()
  # One cpack run makes each generator's package in turn: the RPM keeps
  # the files as they are installed.
  unset(CPACK_CUSTOM_INSTALL_VARIABLES)
endif()
