# SPDX-License-Identifier: GPL-2.0-or-later
# The version ctxbench is built from, as git describe writes it: the
# project's version, then in a git checkout the commits since tag
# v<version> (or since the first commit, when there is no such tag, as in a
# clone without tags) and the commit: "0.1.0-97-g5aab4b1e2f3a", with
# "-dirty" when tracked files have changes.  Without git or .git (a
# tarball): the project's version alone.
#
# Run at each build: cmake -DSRC=DIR -DBASE=VERSION -DOUT=FILE -P version.cmake
# writes FILE, a C source defining ctxbench_version[], only when the
# version changed, so that a build after no commit rebuilds nothing.
# Included, it only defines ctxbench_version() (for CPack's version).

# The version of the tree at @src whose project version is @base, in @var.
function(ctxbench_version src base var)
  set(v "${base}")
  find_program(CTXBENCH_GIT git)
  if(CTXBENCH_GIT)
    execute_process(COMMAND ${CTXBENCH_GIT} -C "${src}" rev-parse --show-toplevel
      OUTPUT_VARIABLE top RESULT_VARIABLE rc
      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    # A tarball unpacked inside another repository is not that repository.
    if(rc EQUAL 0)
      file(REAL_PATH "${top}" top)
      file(REAL_PATH "${src}" real_src)
    endif()
    if(rc EQUAL 0 AND top STREQUAL real_src)
      execute_process(COMMAND ${CTXBENCH_GIT} -C "${src}" describe --tags
        --match "v${base}" --long --abbrev=12
        OUTPUT_VARIABLE described RESULT_VARIABLE rc
        OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      if(rc EQUAL 0 AND described MATCHES "-([0-9]+)-g([0-9a-f]+)$")
        set(count ${CMAKE_MATCH_1})
        set(hash ${CMAKE_MATCH_2})
      else()
        execute_process(COMMAND ${CTXBENCH_GIT} -C "${src}" rev-list --count HEAD
          OUTPUT_VARIABLE count OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        execute_process(COMMAND ${CTXBENCH_GIT} -C "${src}" rev-parse --short=12 HEAD
          OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      endif()
      # git status refreshes the index first: a file only touched is clean.
      execute_process(COMMAND ${CTXBENCH_GIT} -C "${src}" status --porcelain
        --untracked-files=no
        OUTPUT_VARIABLE changes RESULT_VARIABLE rc ERROR_QUIET)
      if(count MATCHES "^[0-9]+$" AND hash MATCHES "^[0-9a-f]+$")
        # At the tag itself: the release's version.
        if(NOT count EQUAL 0)
          set(v "${base}-${count}-g${hash}")
        endif()
        if(NOT rc EQUAL 0 OR NOT changes STREQUAL "")
          set(v "${v}-dirty")
        endif()
      endif()
    endif()
  endif()
  set(${var} "${v}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  if(NOT SRC OR NOT BASE OR NOT OUT)
    message(FATAL_ERROR "usage: cmake -DSRC=DIR -DBASE=VERSION -DOUT=FILE -P version.cmake")
  endif()
  ctxbench_version("${SRC}" "${BASE}" version)
  set(text "/* Generated at build time by cmake/version.cmake: not to be edited. */
#include \"cli/plan.h\"

const char ctxbench_version[] = \"${version}\";

/* -V prints what a saved run holds: the whole version fits there. */
_Static_assert(sizeof(ctxbench_version) <=
		       sizeof(((struct results *)0)->version),
	       \"the version is longer than a saved run holds\");
")
  set(old "")
  if(EXISTS "${OUT}")
    file(READ "${OUT}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${OUT}" "${text}")
  endif()
endif()
