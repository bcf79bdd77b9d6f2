# Helpers shared by every layer's CMakeLists.txt.

# Warnings for our own code only (third-party headers come in as SYSTEM includes).
function(gauntlet_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra)
endfunction()

# libtorch's headers cost ~20 s per translation unit. One precompiled <torch/torch.h>, built once by
# gauntlet_torch_pch, is shared (REUSE_FROM) by every target that uses torch: one PCH build instead
# of one per target (each ~40 CPU-s and ~570 MB). The PCH target links what the users link (torch,
# Qt6::Core for its position-independent-code flags) so its flags match theirs; a mismatch would not
# break the build, GCC would just read the header as text.
function(gauntlet_torch_pch_target)
  if(TARGET gauntlet_torch_pch)
    return()
  endif()
  set(stub "${PROJECT_BINARY_DIR}/gauntlet_torch_pch.cpp")
  if(NOT EXISTS "${stub}")
    file(WRITE "${stub}" "// Builds the shared torch precompiled header (cmake/GauntletHelpers.cmake).\n")
  endif()
  add_library(gauntlet_torch_pch STATIC "${stub}")
  target_link_libraries(gauntlet_torch_pch PUBLIC torch Qt6::Core)
  target_include_directories(gauntlet_torch_pch SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})
  target_precompile_headers(gauntlet_torch_pch PRIVATE "${PROJECT_SOURCE_DIR}/engine/core/torch_pch.h")
endfunction()

function(gauntlet_use_torch target)
  gauntlet_torch_pch_target()
  target_link_libraries(${target} PUBLIC torch)
  # Debian's TorchConfig puts its include dirs on the imported target as non-SYSTEM;
  # mark them SYSTEM so -Wall -Wextra only covers our code.
  target_include_directories(${target} SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})
  target_precompile_headers(${target} REUSE_FROM gauntlet_torch_pch)
endfunction()

# An engine module: engine/<name>/ -> static library gauntlet_<name>, collected into gauntlet_engine.
# Usage: gauntlet_engine_module(NAME metrics SOURCES a.cpp b.cpp [TORCH] [LIBS ...])
function(gauntlet_engine_module)
  cmake_parse_arguments(M "TORCH" "NAME" "SOURCES;LIBS" ${ARGN})
  set(target gauntlet_${M_NAME})
  add_library(${target} STATIC ${M_SOURCES})
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_link_libraries(${target} PUBLIC ${M_LIBS})
  gauntlet_warnings(${target})
  if(M_TORCH)
    gauntlet_use_torch(${target})
  endif()
  set_property(GLOBAL APPEND PROPERTY GAUNTLET_ENGINE_MODULES ${target})
endfunction()

# A Qt Test executable registered with CTest, run headless.
# Usage: gauntlet_add_test(NAME tst_foo SOURCES tst_foo.cpp LIBS gauntlet_metrics [TORCH] [TIMEOUT s] [LABELS ...])
function(gauntlet_add_test)
  cmake_parse_arguments(T "TORCH" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  add_executable(${T_NAME} ${T_SOURCES})
  set_target_properties(${T_NAME} PROPERTIES AUTOMOC ON)
  target_link_libraries(${T_NAME} PRIVATE Qt6::Test ${T_LIBS})
  target_compile_definitions(${T_NAME} PRIVATE
    GAUNTLET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
    GAUNTLET_SHARED_DIR="${GAUNTLET_SHARED_DIR}"
    GAUNTLET_BINARY_DIR="${PROJECT_BINARY_DIR}")
  gauntlet_warnings(${T_NAME})
  if(T_TORCH)
    gauntlet_use_torch(${T_NAME})
  endif()
  add_test(NAME ${T_NAME} COMMAND ${T_NAME})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 300)
  endif()
  set_tests_properties(${T_NAME} PROPERTIES
    ENVIRONMENT "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false"
    TIMEOUT ${T_TIMEOUT}
    LABELS "${T_LABELS}")
  # Every QSKIP in the suite stands for a missing reference (a tool, ../shared, the network). CTest
  # shows a test whose functions all passed or skipped, with at least one skip, as skipped; with
  # GAUNTLET_REQUIRE_REFERENCES (CMake option or environment variable at configure time; .ci/run
  # sets it) a skip fails the test instead.
  if(GAUNTLET_REQUIRE_REFERENCES OR "$ENV{GAUNTLET_REQUIRE_REFERENCES}" STREQUAL "1")
    set_tests_properties(${T_NAME} PROPERTIES FAIL_REGULAR_EXPRESSION "SKIP   : ")
  else()
    set_tests_properties(${T_NAME} PROPERTIES SKIP_REGULAR_EXPRESSION "Totals: [0-9]+ passed, 0 failed, [1-9][0-9]* skipped")
  endif()
endfunction()
