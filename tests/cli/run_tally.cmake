# SPDX-License-Identifier: BSD-3-Clause
# Runs one command and checks its exit code exactly, then its output.
#   cmake -DEXPECT_EXIT=<code> [-DEXPECT_STDOUT=<exact text, one final newline implied>]
#         [-DEXPECT_STDOUT_MATCHES=<regex>] [-DEXPECT_STDERR_MATCHES=<regex>]
#         [-DJSON_CHECKER=<python>] -P run_tally.cmake -- <command> <arguments>...
# With JSON_CHECKER, stdout is also piped into `python -c json.load(sys.stdin)`, which must succeed.
set(command "")
set(after_separator FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(after_separator)
    list(APPEND command "${CMAKE_ARGV${i}}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(after_separator TRUE)
  endif()
endforeach()
if(NOT command OR NOT DEFINED EXPECT_EXIT)
  message(FATAL_ERROR "usage: cmake -DEXPECT_EXIT=<code> [...] -P run_tally.cmake -- <command>...")
endif()

execute_process(COMMAND ${command} RESULT_VARIABLE exit_code OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
set(shown "command: ${command}\nexit code: ${exit_code}\nstdout:\n${stdout}\nstderr:\n${stderr}")
if(NOT exit_code STREQUAL EXPECT_EXIT)
  message(FATAL_ERROR "expected exit code ${EXPECT_EXIT}\n${shown}")
endif()
if(DEFINED EXPECT_STDOUT AND NOT stdout STREQUAL "${EXPECT_STDOUT}\n")
  message(FATAL_ERROR "expected stdout to be exactly:\n${EXPECT_STDOUT}\n${shown}")
endif()
if(DEFINED EXPECT_STDOUT_MATCHES AND NOT stdout MATCHES "${EXPECT_STDOUT_MATCHES}")
  message(FATAL_ERROR "expected stdout to match:\n${EXPECT_STDOUT_MATCHES}\n${shown}")
endif()
if(DEFINED EXPECT_STDERR_MATCHES AND NOT stderr MATCHES "${EXPECT_STDERR_MATCHES}")
  message(FATAL_ERROR "expected stderr to match:\n${EXPECT_STDERR_MATCHES}\n${shown}")
endif()
if(DEFINED JSON_CHECKER)
  execute_process(COMMAND ${command} COMMAND ${JSON_CHECKER} -c "import json, sys; json.load(sys.stdin)"
                  RESULTS_VARIABLE results ERROR_VARIABLE json_error)
  if(NOT results STREQUAL "${EXPECT_EXIT};0")
    message(FATAL_ERROR "stdout is not JSON (exit codes ${results}):\n${json_error}\n${shown}")
  endif()
endif()
