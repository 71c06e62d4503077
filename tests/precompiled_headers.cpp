// The owner of the tests' precompiled headers (tests/CMakeLists.txt, partlab_test_pch): CMake
// builds a target's PCH with its first compile, so the target needs one source, this empty one.
