# SPDX-License-Identifier: BSD-3-Clause
# Warnings and sanitizers, applied to every target of the project through one interface target.
add_library(tally_build_flags INTERFACE)
target_compile_options(tally_build_flags INTERFACE
  $<$<COMPILE_LANGUAGE:C,CXX>:-Wall -Wextra -Wpedantic -Wshadow>)

if(TALLY_SANITIZE)
  target_compile_options(tally_build_flags INTERFACE -fsanitize=${TALLY_SANITIZE} -fno-omit-frame-pointer
                                                     -fno-sanitize-recover=all)
  target_link_options(tally_build_flags INTERFACE -fsanitize=${TALLY_SANITIZE})
endif()
