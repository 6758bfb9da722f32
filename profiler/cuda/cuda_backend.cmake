# The CUDA backend in libtally.so: no CUDA header, symbol or library. The device session and
# the host offload state join the core objects (tests drive them with fake CUPTI functions);
# the load hook and tally_cupti_attach, the one symbol libtally_cupti.so looks up, join the
# preload library.
target_sources(tally_profiler_core PRIVATE cuda/device_session.cpp cuda/host_offload.cpp)
target_sources(tally_preload PRIVATE cuda/cuda_backend.cpp)
target_compile_definitions(tally_preload PRIVATE TALLY_WITH_CUDA=1)
target_link_libraries(tally_preload PRIVATE ${CMAKE_DL_LIBS})
add_dependencies(tally_preload tally_cupti)
