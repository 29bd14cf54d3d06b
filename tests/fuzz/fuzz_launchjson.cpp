// libFuzzer entry point: see fuzzbodies.h and README "Fuzzing".
#include "fuzzbodies.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::launchJson(data, size);
}
