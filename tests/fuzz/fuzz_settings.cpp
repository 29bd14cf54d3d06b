// libFuzzer entry point: see settingsbody.h and README "Fuzzing".
#include "settingsbody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    return fuzz::settings(data, size);
}
