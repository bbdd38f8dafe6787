# gpurd_embed_files(OUTPUT <header> NAMESPACE <ns> [BASE <dir>] FILES <file>...)
#
# Generates a header that defines, in namespace <ns>, an array
#   inline constexpr EmbeddedFile EmbeddedFiles[] = {{"name", "contents"}, ...};
# so data files (CUDA prelude, arch presets) ship inside the binary; a file is
# named by its path relative to BASE (its base name without BASE). The
# contents are written as hex bytes, so any file content is safe.
set(GPURD_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/GpurdEmbedScript.cmake)
function(gpurd_embed_files)
  cmake_parse_arguments(ARG "" "OUTPUT;NAMESPACE;BASE" "FILES" ${ARGN})
  add_custom_command(
    OUTPUT ${ARG_OUTPUT}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${ARG_OUTPUT} -DNAMESPACE=${ARG_NAMESPACE}
            -DBASE=${ARG_BASE}
            "-DFILES=${ARG_FILES}" -P ${GPURD_EMBED_SCRIPT}
    DEPENDS ${ARG_FILES} ${GPURD_EMBED_SCRIPT}
    COMMENT "Embedding ${ARG_NAMESPACE} files"
    VERBATIM)
endfunction()
