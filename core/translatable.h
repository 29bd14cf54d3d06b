#pragma once

// A sentence the core writes in English and the GUI translates (core/issues.cpp's message
// table). To the compiler it is the English text; lupdate reads it as QT_TRANSLATE_NOOP
// (app/CMakeLists.txt: -tr-function-alias), so the catalogue has the very same string and the
// core needs no Qt.
#define SHARDSCOPE_TRANSLATE_NOOP(context, text) text
