#pragma once

#include <string_view>
#include <vector>

#include "core/accuracy/corpus.h"
#include "core/issues.h"

namespace core {

/// A corpus file read: its rows with their scenarios loaded through the scenario reader (so a
/// row's keys are checked as a scenario file's are), each row marked usable or not, with why.
struct CorpusLoad
{
    bool ok = false;          ///< false: the file itself is malformed (issues say why)
    Corpus corpus;
    std::vector<Issue> issues;
};

/// Parses a corpus (resources/corpus/*.json; the format is docs/corpus/README.md's).
CorpusLoad loadCorpus(std::string_view jsonText);

/// The built-in corpus of `kind` (compiled in from resources/corpus/), parsed once. Empty when
/// the build has none of that kind.
const Corpus& builtInCorpus(CorpusKind kind);

/// The built-in file's text (for tests and the window's Accuracy page).
std::string_view builtInCorpusJson(CorpusKind kind);

} // namespace core
