# GpurdAdvise.cmake: gpurd's advice as a target of a user's CMake project.
#
#   find_package(gpurd)              # or include(/path/to/GpurdAdvise.cmake)
#   gpurd_advise(TARGET gpurd
#                [COMPILE_COMMANDS <dir>]   # default: CMAKE_BINARY_DIR
#                [FORMAT text|json|sarif]   # default: sarif
#                [OUTPUT <file>]            # default: <binary dir>/gpurd.<format>
#                [JOBS <n>]                 # default: the machine's cores
#                [ARGS <gpurd-advise options>...])
#
# adds a target that runs `gpurd-advise -p <dir> --all` on every CUDA file of
# the project's compile_commands.json (CMake writes it with
# CMAKE_EXPORT_COMPILE_COMMANDS ON) and writes the findings to OUTPUT. The
# project's .gpurd file (docs/configuration.md) applies as on the command
# line. GPURD_ADVISE_EXECUTABLE names the tool; find_package(gpurd) sets it
# to the installed one, else it is searched on the PATH.

if(NOT GPURD_ADVISE_EXECUTABLE)
  find_program(GPURD_ADVISE_EXECUTABLE gpurd-advise)
endif()

function(gpurd_advise)
  cmake_parse_arguments(ARG "" "TARGET;COMPILE_COMMANDS;FORMAT;OUTPUT;JOBS" "ARGS"
    ${ARGN})
  if(NOT ARG_TARGET)
    message(FATAL_ERROR "gpurd_advise: give TARGET <name>")
  endif()
  if(NOT GPURD_ADVISE_EXECUTABLE)
    message(FATAL_ERROR "gpurd_advise: gpurd-advise not found; install gpurd "
      "or set GPURD_ADVISE_EXECUTABLE")
  endif()
  if(NOT ARG_COMPILE_COMMANDS)
    set(ARG_COMPILE_COMMANDS ${CMAKE_BINARY_DIR})
  endif()
  if(NOT ARG_FORMAT)
    set(ARG_FORMAT sarif)
  endif()
  if(NOT ARG_FORMAT MATCHES "^(text|json|sarif)$")
    message(FATAL_ERROR "gpurd_advise: FORMAT is text, json or sarif, not "
      "'${ARG_FORMAT}'")
  endif()
  if(NOT ARG_OUTPUT)
    set(ARG_OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/gpurd.${ARG_FORMAT})
  endif()
  if(NOT ARG_JOBS)
    cmake_host_system_information(RESULT ARG_JOBS QUERY NUMBER_OF_LOGICAL_CORES)
  endif()
  if(NOT EXISTS ${ARG_COMPILE_COMMANDS}/compile_commands.json AND
     NOT CMAKE_EXPORT_COMPILE_COMMANDS)
    message(WARNING "gpurd_advise: ${ARG_COMPILE_COMMANDS} has no "
      "compile_commands.json; set CMAKE_EXPORT_COMPILE_COMMANDS ON")
  endif()
  # The shell writes OUTPUT, so that the findings are kept whatever the exit
  # status (2: findings that fail the run, as --fail-on or WarningsAsErrors
  # say), which fails the target.
  add_custom_target(${ARG_TARGET}
    COMMAND ${GPURD_ADVISE_EXECUTABLE} -p ${ARG_COMPILE_COMMANDS} --all
      -j ${ARG_JOBS} --format=${ARG_FORMAT} ${ARG_ARGS} > ${ARG_OUTPUT}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    COMMENT "gpurd: advising on the CUDA files of ${ARG_COMPILE_COMMANDS}"
    VERBATIM)
endfunction()
