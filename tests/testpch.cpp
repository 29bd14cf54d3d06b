// The translation unit of the precompiled-header targets of tests/CMakeLists.txt
// (shardscope_test_pch): nothing of its own; CMake makes each folder's .gch beside it.
