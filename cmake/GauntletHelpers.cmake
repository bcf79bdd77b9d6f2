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

# Sources whose includes reach libtorch's headers: the shared torch PCH is applied to these only
# (every other translation unit of a torch target would pay ~7 s to load it for nothing). A source
# that includes torch through a header missing here still compiles, just without the PCH.
set(GAUNTLET_TORCH_INCLUDE_REGEX
  "#include [<\"](torch/|engine/nn/(layers|weights|xlm_roberta|qwen2|scorer|encoder_heads|encoder_scorers|perplexity_scorer|model_folder)\\.h|engine/io/(safetensors|torch_checkpoint|convert)\\.h|engine/ato/(search|beam_step|objective)\\.h|engine/train/(trainers|model_init|training_loop)\\.h|engine/sampling_nn/|io_test_support\\.h|nn_test_support\\.h|tests/nn/nn_test_support\\.h)"
  CACHE INTERNAL "")

# Marks the .cpp sources of `target` that do not include torch SKIP_PRECOMPILE_HEADERS.
function(gauntlet_torch_pch_only_where_used target)
  get_target_property(sources ${target} SOURCES)
  get_target_property(dir ${target} SOURCE_DIR)
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cpp$")
      continue()
    endif()
    if(IS_ABSOLUTE "${source}")
      set(path "${source}")
    else()
      set(path "${dir}/${source}")
    endif()
    file(STRINGS "${path}" torch_lines REGEX "${GAUNTLET_TORCH_INCLUDE_REGEX}")
    if(NOT torch_lines)
      set_source_files_properties("${path}" TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()

function(gauntlet_use_torch target)
  gauntlet_torch_pch_target()
  target_link_libraries(${target} PUBLIC torch)
  # Debian's TorchConfig puts its include dirs on the imported target as non-SYSTEM;
  # mark them SYSTEM so -Wall -Wextra only covers our code.
  target_include_directories(${target} SYSTEM PRIVATE ${TORCH_INCLUDE_DIRS})
  target_precompile_headers(${target} REUSE_FROM gauntlet_torch_pch)
  gauntlet_torch_pch_only_where_used(${target})
endfunction()

# An engine module: engine/<folder>/ -> static library gauntlet_<name>. LIBS are what its public
# headers need (PUBLIC), PRIVATE_LIBS what only its sources need; TORCH links libtorch (PUBLIC: the
# module's headers name tensors) and reuses the shared torch PCH. engine/CMakeLists.txt lists the
# modules in dependency order; there is no aggregate library.
# Usage: gauntlet_engine_module(NAME metrics SOURCES a.cpp b.cpp [TORCH] [LIBS ...] [PRIVATE_LIBS ...])
function(gauntlet_engine_module)
  cmake_parse_arguments(M "TORCH" "NAME" "SOURCES;LIBS;PRIVATE_LIBS" ${ARGN})
  set(target gauntlet_${M_NAME})
  add_library(${target} STATIC ${M_SOURCES})
  target_include_directories(${target} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_link_libraries(${target} PUBLIC ${M_LIBS} PRIVATE ${M_PRIVATE_LIBS})
  # Every engine module may end up in the compute plugin (engine/compute), a shared library.
  set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  gauntlet_warnings(${target})
  if(M_TORCH)
    gauntlet_use_torch(${target})
  endif()
endfunction()

# One test executable per test folder: tests/<folder>/ -> tests_<folder>, built from the folder's
# tst_*.cpp files and the shared main (tests/support/test_main.cpp), and one CTest entry per test
# class, named after its source (tst_foo), which runs `tests_<folder> TestFoo`. Labels: the folder,
# torch (TORCH: the test runs libtorch code), gui (a QApplication test), fast (not slow) and any
# given: reference (compares against a tool or data outside the repository: ../shared, spm_encode,
# link-parser, python3-torch, apertium), slow (measured at GAUNTLET_SLOW_TEST_SECONDS or more, warm:
# tests/test-times.tsv).
# Usage: gauntlet_add_test(NAME tst_foo [SOURCES tst_foo.cpp ...] [LIBS ...] [TORCH] [TIMEOUT s] [LABELS ...])
function(gauntlet_add_test)
  cmake_parse_arguments(T "TORCH" "NAME;TIMEOUT" "SOURCES;LIBS;LABELS" ${ARGN})
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  set(exe tests_${folder})
  if(NOT TARGET ${exe})
    add_executable(${exe} "${PROJECT_SOURCE_DIR}/tests/support/test_main.cpp" "${PROJECT_SOURCE_DIR}/tests/support/test_main.h")
    set_target_properties(${exe} PROPERTIES AUTOMOC ON)
    target_link_libraries(${exe} PRIVATE Qt6::Test Qt6::Widgets)
    target_include_directories(${exe} PRIVATE "${PROJECT_SOURCE_DIR}")
    target_compile_definitions(${exe} PRIVATE
      GAUNTLET_SOURCE_DIR="${PROJECT_SOURCE_DIR}"
      GAUNTLET_SHARED_DIR="${GAUNTLET_SHARED_DIR}"
      GAUNTLET_BINARY_DIR="${PROJECT_BINARY_DIR}")
    gauntlet_warnings(${exe})
    set_property(GLOBAL APPEND PROPERTY GAUNTLET_TEST_EXECUTABLES ${exe})
  endif()
  if(NOT T_SOURCES)
    set(T_SOURCES ${T_NAME}.cpp)
  endif()
  target_sources(${exe} PRIVATE ${T_SOURCES})
  target_link_libraries(${exe} PRIVATE ${T_LIBS})
  set(labels ${folder} ${T_LABELS})
  if(T_TORCH)
    set_property(TARGET ${exe} PROPERTY GAUNTLET_TORCH ON)
  endif()
  # The class the source registers (GAUNTLET_TEST_MAIN / GAUNTLET_GUI_TEST_MAIN / GAUNTLET_TEST_REGISTER).
  list(GET T_SOURCES 0 first)
  file(STRINGS "${CMAKE_CURRENT_SOURCE_DIR}/${first}" registration REGEX "^GAUNTLET_(GUI_)?TEST_(MAIN|REGISTER)\\(")
  if(NOT registration MATCHES "^GAUNTLET_(GUI_)?TEST_(MAIN|REGISTER)\\(([A-Za-z0-9_]+)")
    message(FATAL_ERROR "${first}: no GAUNTLET_TEST_MAIN(Class) or GAUNTLET_GUI_TEST_MAIN(Class) line")
  endif()
  set(class ${CMAKE_MATCH_3})
  if(registration MATCHES "^GAUNTLET_GUI_TEST_MAIN|AppKind::Gui")
    list(APPEND labels gui)
  endif()
  if(T_TORCH)
    list(APPEND labels torch)
  endif()
  # fast / slow from the measured time (tests/test-times.tsv, scripts/measure-test-times.sh): slow
  # from GAUNTLET_SLOW_TEST_SECONDS up; a test not measured yet keeps the label it was given (slow)
  # or is fast.
  if(DEFINED GAUNTLET_TEST_SECONDS_${T_NAME})
    list(REMOVE_ITEM labels slow fast)
    if(GAUNTLET_TEST_SECONDS_${T_NAME} GREATER_EQUAL GAUNTLET_SLOW_TEST_SECONDS)
      list(APPEND labels slow)
    endif()
  endif()
  if(NOT "slow" IN_LIST labels)
    list(APPEND labels fast)
  endif()
  add_test(NAME ${T_NAME} COMMAND ${exe} ${class})
  # OMP_WAIT_POLICY=PASSIVE as the product sets it before loading torch (engine/compute/compute.cpp):
  # libgomp's busy-waiting threads otherwise fight over the cores when CTest runs tests in parallel.
  # Without TIMEOUT: every such test ran in under 5 s warm on a 2-core machine (CTestCostData);
  # the tests that write fixtures on their first run or train models set their own.
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  set(environment "QT_QPA_PLATFORM=offscreen;QT_LOGGING_RULES=qt.qpa.*=false;OMP_WAIT_POLICY=PASSIVE")
  if(GAUNTLET_SANITIZE)
    # Under -DGAUNTLET_SANITIZE=ON (issue 39): a UBSan report fails the test (halt_on_error); ASan's
    # container-overflow check is off because libtorch and Qt are not instrumented (their inlined
    # std::vector code gives false reports), and leak detection is off because Qt's and libtorch's
    # process-lifetime singletons are reported as leaks at exit.
    list(APPEND environment "ASAN_OPTIONS=detect_leaks=0:detect_container_overflow=0:abort_on_error=1"
                            "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  endif()
  set_tests_properties(${T_NAME} PROPERTIES
    ENVIRONMENT "${environment}"
    TIMEOUT ${T_TIMEOUT}
    LABELS "${labels}")
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

# After every tests/<folder>/ is added: torch for the executables that need it (the PCH only on the
# sources that include torch) and the torch label on their tests.
function(gauntlet_finish_tests)
  get_property(executables GLOBAL PROPERTY GAUNTLET_TEST_EXECUTABLES)
  foreach(exe IN LISTS executables)
    get_target_property(uses_torch ${exe} GAUNTLET_TORCH)
    if(uses_torch)
      gauntlet_use_torch(${exe})
    endif()
  endforeach()
endfunction()
