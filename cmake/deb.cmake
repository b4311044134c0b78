# SPDX-License-Identifier: GPL-2.0-or-later
# The Debian package's own layout, run by cpack -G DEB as the last step of
# its install (CTXBENCH_DEB, set in cmake/cpack.cmake): the binary stripped
# as Debian's dh_strip does (no symbols, no .comment; the static one of
# the VM tools too), the manual page and
# the changelog compressed with gzip -9n, as Debian's policy asks (-n: no
# name or time inside, so that one tree gives one package); the copyright
# file (cmake/copyright) stands for LICENSE, whose text Debian keeps in
# /usr/share/common-licenses/GPL-2; lintian's overrides, each with its
# reason (cmake/lintian-overrides).  cmake --install leaves all as it is.
# Given: CTXBENCH_BINDIR, CTXBENCH_DOCDIR, CTXBENCH_MAN1DIR,
# CTXBENCH_DATADIR (relative to the prefix), CTXBENCH_SOURCE_DIR and
# from cpack CTXBENCH_DEB_VERSION, CTXBENCH_DEB_MAINTAINER, CTXBENCH_DEB_DATE.
if(NOT CTXBENCH_DEB)
  return()
endif()
set(root "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}")
set(doc "${root}/${CTXBENCH_DOCDIR}")
find_program(CTXBENCH_GZIP gzip REQUIRED)
find_program(CTXBENCH_STRIP strip REQUIRED)

function(gzip_9n file)
  file(REMOVE "${file}.gz")
  execute_process(COMMAND ${CTXBENCH_GZIP} -9n "${file}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gzip -9n ${file} failed: ${rc}")
  endif()
endfunction()

# The options of Debian's dh_strip for an executable: the binary and the
# static one the VM tools boot (where the build made one).
foreach(exe "${CTXBENCH_BINDIR}/ctxbench" lib/ctxbench/ctxbench-static)
  if(NOT EXISTS "${root}/${exe}")
    continue()
  endif()
  execute_process(COMMAND ${CTXBENCH_STRIP} --remove-section=.comment
    --remove-section=.note --strip-unneeded "${root}/${exe}"
    RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "strip ${root}/${exe} failed: ${rc}")
  endif()
endforeach()
gzip_9n("${root}/${CTXBENCH_MAN1DIR}/ctxbench.1")
file(REMOVE "${doc}/LICENSE")
# A native package's changelog (the version has no Debian revision): one
# entry, this build's, in the format dpkg-parsechangelog reads.
file(WRITE "${doc}/changelog"
  "ctxbench (${CTXBENCH_DEB_VERSION}) unstable; urgency=medium\n\n"
  "  * Packaged by cpack from the source tree at this version.\n\n"
  " -- ${CTXBENCH_DEB_MAINTAINER}  ${CTXBENCH_DEB_DATE}\n")
gzip_9n("${doc}/changelog")
file(MAKE_DIRECTORY "${root}/${CTXBENCH_DATADIR}/lintian/overrides")
file(COPY_FILE "${CTXBENCH_SOURCE_DIR}/cmake/lintian-overrides"
  "${root}/${CTXBENCH_DATADIR}/lintian/overrides/ctxbench")
