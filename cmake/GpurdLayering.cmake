# Layer boundaries (docs/architecture.md): nothing in Trace or Model includes
# a Clang header, and nothing in Model includes an isl header, directly or
# through another header.
#
#   gpurd_forbid_includes(<target> [CLANG] [ISL])
#
# puts a directory of stand-ins first on <target>'s include path: one file
# for every header of Clang (or isl), each an #error. A forbidden include,
# however deep in the include chain, then stops the build at that line with
# a message that says why.
set(GPURD_LAYERING_DIR ${CMAKE_BINARY_DIR}/layering)

# Writes the stand-ins of every file under <root>/<subdir> to <out>/<subdir>.
function(gpurd_write_stand_ins out root subdir what)
  # The stamp names the version of the stand-ins' text.
  if(EXISTS ${out}/${subdir}.v2.stamp)
    return()
  endif()
  file(GLOB_RECURSE headers RELATIVE ${root} ${root}/${subdir}/*)
  foreach(header ${headers})
    file(WRITE ${out}/${header}
      "#error \"${header}: a ${what} header, included (directly or through another header) by a gpurd library below the layers that may include it (docs/architecture.md, Layering)\"\n")
  endforeach()
  file(WRITE ${out}/${subdir}.v2.stamp "")
endfunction()

list(GET CLANG_INCLUDE_DIRS 0 GPURD_CLANG_HEADERS)
gpurd_write_stand_ins(${GPURD_LAYERING_DIR}/no-clang ${GPURD_CLANG_HEADERS}
  clang Clang)
gpurd_write_stand_ins(${GPURD_LAYERING_DIR}/no-clang ${GPURD_CLANG_HEADERS}
  clang-c Clang)
find_path(GPURD_ISL_HEADERS isl/ctx.h HINTS ${ISL_INCLUDE_DIRS} REQUIRED)
gpurd_write_stand_ins(${GPURD_LAYERING_DIR}/no-isl ${GPURD_ISL_HEADERS}
  isl isl)

function(gpurd_forbid_includes target)
  cmake_parse_arguments(ARG "CLANG;ISL" "" "" ${ARGN})
  if(ARG_CLANG)
    target_include_directories(${target} BEFORE PRIVATE
      ${GPURD_LAYERING_DIR}/no-clang)
  endif()
  if(ARG_ISL)
    target_include_directories(${target} BEFORE PRIVATE
      ${GPURD_LAYERING_DIR}/no-isl)
  endif()
endfunction()
