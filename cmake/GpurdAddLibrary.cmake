# gpurd_add_library(<name> <sources...> [LINK <libs...>]
#                   [LINK_COMPONENTS <LLVM components...>])
#
# One static library per component: lib/<Component> builds gpurd<Component>.
# LINK names the gpurd (and other) libraries it uses, LINK_COMPONENTS the
# LLVM components (Support, Core, ...). Debian's LLVM is one shared library
# (LLVM_LINK_LLVM_DYLIB), which llvm_config links for any component it holds;
# the list still says what each library depends on.
function(gpurd_add_library name)
  cmake_parse_arguments(ARG "" "" "LINK;LINK_COMPONENTS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK})
  if(ARG_LINK_COMPONENTS)
    llvm_config(${name} USE_SHARED ${ARG_LINK_COMPONENTS})
  endif()
endfunction()
