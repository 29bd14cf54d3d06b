// libFuzzer entry point: see corpusbody.h and README "Fuzzing".
#include "corpusbody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::corpus(data, size);
}
