# gpurd_add_library(<name> <sources...> [LINK <libs...>])
# One static library per component: lib/<Component> builds gpurd<Component>.
function(gpurd_add_library name)
  cmake_parse_arguments(ARG "" "" "LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK})
endfunction()
