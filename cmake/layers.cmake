# The layers the build enforces (docs/DESIGN.md, "Layers"): each library compiles with the include
# roots of the libraries it may use and no others, so `#include "models/nim/nim.hpp"` in mdp/ does not
# build. A library's roots are symbolic links in build/layers/<target>/ to the source folders it
# may see (a quoted include is looked up beside the including file first, then in these roots;
# every include in the project is written from the source root, so it only resolves through them).
# yaml-cpp's headers live in a system folder that every compile can see; a library that must not
# read YAML gets, ahead of it, a header of the same name for each of yaml-cpp's that stops the
# build with the reason. Tests, benchmarks and the CLI see the whole source tree.

set(SGPLAN_LAYER_DIR ${PROJECT_BINARY_DIR}/layers)

# Every yaml-cpp header, relative to its include folder (yaml-cpp/yaml.h, yaml-cpp/node/node.h...).
get_target_property(_sgplan_yaml_includes yaml-cpp INTERFACE_INCLUDE_DIRECTORIES)
if(NOT _sgplan_yaml_includes)
  set(_sgplan_yaml_includes /usr/include)
endif()
set(SGPLAN_YAML_HEADERS "")
foreach(_dir ${_sgplan_yaml_includes})
  file(GLOB_RECURSE _headers RELATIVE ${_dir} ${_dir}/yaml-cpp/*.h)
  list(APPEND SGPLAN_YAML_HEADERS ${_headers})
endforeach()
if(NOT SGPLAN_YAML_HEADERS)
  set(SGPLAN_YAML_HEADERS yaml-cpp/yaml.h)
endif()

# sgplan_layer(TARGET ROOTS folder... [NO_YAML]): TARGET compiles with exactly these source folders
# (relative to the source root, e.g. core search/lambda) as its include roots.
function(sgplan_layer target)
  cmake_parse_arguments(LAYER "NO_YAML" "" "ROOTS" ${ARGN})
  set(dir ${SGPLAN_LAYER_DIR}/${target})
  file(REMOVE_RECURSE ${dir}/roots)  # links only: the files they lead to keep their times
  foreach(root ${LAYER_ROOTS})
    if(NOT IS_DIRECTORY ${PROJECT_SOURCE_DIR}/${root})
      message(FATAL_ERROR "sgplan_layer(${target}): no source folder ${root}")
    endif()
    get_filename_component(parent ${dir}/roots/${root} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${root} ${dir}/roots/${root} SYMBOLIC)
  endforeach()
  set(includes ${dir}/roots)
  if(LAYER_NO_YAML)
    foreach(header ${SGPLAN_YAML_HEADERS})
      file(CONFIGURE OUTPUT ${dir}/no-yaml/${header} @ONLY
           CONTENT "#error \"${target} must not use yaml-cpp: files are read in models/ (docs/DESIGN.md, Layers)\"\n")
    endforeach()
    list(APPEND includes ${dir}/no-yaml)
  endif()
  target_include_directories(${target} PRIVATE ${includes})
endfunction()
