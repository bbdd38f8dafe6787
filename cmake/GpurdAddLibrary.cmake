# gpurd_add_library(<name> <sources...> [LINK <libs...>]
#                   [LINK_COMPONENTS <LLVM components...>])
#
# One static library per component: lib/<Component> builds gpurd<Component>.
# LINK names the gpurd (and other) libraries it uses, LINK_COMPONENTS the
# LLVM components (Support, Core, ...). Debian's LLVM is one shared library
# (LLVM_LINK_LLVM_DYLIB), which llvm_config links for any component it holds;
# the list still says what each library depends on.
#
# Every library is installed (lib/, headers under include/gpurd) into the
# export set gpurdTargets, so that another project's find_package(gpurd)
# gets it as gpurd::<name> with its headers and LLVM's and Clang's on its
# include path (cmake/gpurdConfig.cmake.in finds LLVM, Clang and the other
# libraries the targets name).
function(gpurd_add_library name)
  cmake_parse_arguments(ARG "" "" "LINK;LINK_COMPONENTS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK})
  if(ARG_LINK_COMPONENTS)
    llvm_config(${name} USE_SHARED ${ARG_LINK_COMPONENTS})
  endif()
  target_include_directories(${name} INTERFACE
    $<INSTALL_INTERFACE:include>)
  target_include_directories(${name} SYSTEM INTERFACE
    $<INSTALL_INTERFACE:${LLVM_INCLUDE_DIRS}>
    $<INSTALL_INTERFACE:${CLANG_INCLUDE_DIRS}>)
  install(TARGETS ${name} EXPORT gpurdTargets ARCHIVE DESTINATION lib)
endfunction()
